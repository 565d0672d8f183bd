//! What an analysis's multi-tile walks found, kept for the rest of the analysis: a solve
//! wanders back and forth and meets its boards again.

use std::collections::HashMap;

use crate::puzzle::board::{Board, Move};

/// What the walks of an analysis found: the first solution of a board at a length, and
/// the lengths a board has none within. The analysis only asks a board for at most the
/// moves it needs (a neighbour needs at most one fewer), so a board with no solution
/// within `n` moves has none at any length asked up to `n`.
#[derive(Default)]
pub(super) struct Walked {
    /// (board, length) → the first solution of that length.
    found: HashMap<(Board, usize), Vec<Move>>,
    /// board → the most moves it was walked at and has no solution within.
    none_within: HashMap<Board, usize>,
}

impl Walked {
    /// What is known of `board` at `length`, or `None` when it was not walked there.
    pub(super) fn get(&self, board: &Board, length: usize) -> Option<WalkOutcome> {
        if self.none_within.get(board).is_some_and(|&n| n >= length) {
            return Some(WalkOutcome::NoSolution);
        }
        let found = self.found.get(&(board.clone(), length))?;
        Some(WalkOutcome::Solution(found.clone()))
    }

    /// Keeps what a walk of `board` at `length` that ran to its end found.
    pub(super) fn keep(&mut self, board: &Board, length: usize, found: Option<&Vec<Move>>) {
        if let Some(path) = found {
            self.found.insert((board.clone(), length), path.clone());
        } else {
            let within = self.none_within.entry(board.clone()).or_default();
            *within = (*within).max(length);
        }
    }
}

/// What a walk of a board at a length showed.
pub(super) enum WalkOutcome {
    /// The first solution of that length.
    Solution(Vec<Move>),
    /// None within that length.
    NoSolution,
}

#[cfg(test)]
mod tests {
    use super::{WalkOutcome, Walked};
    use crate::puzzle::board::{Board, Move, Size};

    #[test]
    fn a_board_with_none_within_n_has_none_at_fewer_and_a_solution_only_at_its_length() {
        let board = Board::goal(Size::square(3).unwrap())
            .moved(Move::Up)
            .unwrap();
        let mut walked = Walked::default();
        assert!(walked.get(&board, 1).is_none());
        walked.keep(&board, 0, None);
        walked.keep(&board, 1, Some(&vec![Move::Down]));
        assert!(matches!(
            walked.get(&board, 0),
            Some(WalkOutcome::NoSolution)
        ));
        assert!(
            matches!(walked.get(&board, 1), Some(WalkOutcome::Solution(path)) if path == [Move::Down])
        );
        assert!(walked.get(&board, 2).is_none());
        // A later walk that found none within more moves raises what is known, and an
        // earlier one at fewer does not lower it.
        walked.keep(&board, 3, None);
        walked.keep(&board, 2, None);
        assert!(matches!(
            walked.get(&board, 3),
            Some(WalkOutcome::NoSolution)
        ));
        assert!(matches!(
            walked.get(&board, 2),
            Some(WalkOutcome::NoSolution)
        ));
    }
}
