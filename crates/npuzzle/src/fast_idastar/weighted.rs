//! An estimate times a weight: the fast IDA* with it is weighted IDA* (nodes ranked by
//! g + w·h), which finds a path of at most w times the optimum, far sooner. The search
//! itself is unchanged: only the estimate it is given is inflated, so the optimal search's
//! hot path pays nothing for it.
//!
//! ```
//! use npuzzle::fast_idastar::{search, LinearConflict, Weighted};
//! use npuzzle::{parse_board, Board, RunSettings, Size};
//!
//! let goal = Board::blank_first_goal(Size::square(4)?);
//! let start = parse_board("14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3", None)?; // Korf's #1: 57
//! let estimate = LinearConflict::new(&goal);
//! let weighted = Weighted::new(&estimate, 1.5);
//! let (moves, _) = search(&start, &weighted, &RunSettings::default());
//! let moves = moves.unwrap();
//! assert!(moves.len() >= 57 && moves.len() as f64 <= 1.5 * 57.0);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use super::{Estimate, FastBoard};

/// Weights are kept in hundredths, so that a node's estimate stays a whole number.
const SCALE: u32 = 100;

/// `inner`'s estimate times a weight of at least 1 (in hundredths, rounded down): no
/// longer admissible, so an answer found with it is not proven optimal.
#[derive(Clone, Debug)]
pub struct Weighted<'a, E> {
    inner: &'a E,
    hundredths: u32,
}

impl<'a, E: Estimate> Weighted<'a, E> {
    /// `inner` times `weight` (taken to the hundredth, at least 1).
    pub fn new(inner: &'a E, weight: f64) -> Weighted<'a, E> {
        // Clamped first, so the cast never wraps.
        let hundredths = (weight.clamp(1.0, 1000.0) * f64::from(SCALE)).round() as u32;
        Weighted { inner, hundredths }
    }

    /// The weight, as given to the hundredth.
    pub fn weight(&self) -> f64 {
        f64::from(self.hundredths) / f64::from(SCALE)
    }

    fn scaled(&self, value: u32) -> u32 {
        let scaled = u64::from(value) * u64::from(self.hundredths) / u64::from(SCALE);
        u32::try_from(scaled).unwrap_or(u32::MAX / 2)
    }
}

impl<E: Estimate> Estimate for Weighted<'_, E> {
    type Node = E::Node;
    type Ahead = E::Ahead;
    const LOOKS_AHEAD: bool = E::LOOKS_AHEAD;

    fn init(&self, board: &FastBoard) -> E::Node {
        self.inner.init(board)
    }

    fn step(&self, node: &E::Node, board: &FastBoard, tile: u8, from: usize, to: usize) -> E::Node {
        self.inner.step(node, board, tile, from, to)
    }

    fn step_within(
        &self,
        node: &E::Node,
        board: &FastBoard,
        tile: u8,
        from: usize,
        to: usize,
        limit: u32,
    ) -> (E::Node, u32) {
        self.step_ahead(node, board, tile, from, to, limit, E::Ahead::default())
    }

    fn step_ahead(
        &self,
        node: &E::Node,
        board: &FastBoard,
        tile: u8,
        from: usize,
        to: usize,
        limit: u32,
        ahead: E::Ahead,
    ) -> (E::Node, u32) {
        // The inner estimate may stop early past its own limit, leaving the node
        // incomplete: such a child must be cut off, whatever its rounded weight.
        let inner_limit =
            u32::try_from(u64::from(limit) * u64::from(SCALE) / u64::from(self.hundredths))
                .unwrap_or(u32::MAX);
        let (next, value) = self
            .inner
            .step_ahead(node, board, tile, from, to, inner_limit, ahead);
        if value > inner_limit {
            (next, self.scaled(value).max(limit.saturating_add(1)))
        } else {
            (next, self.scaled(value))
        }
    }

    fn look_ahead(&self, board: &FastBoard, tile: u8) -> E::Ahead {
        self.inner.look_ahead(board, tile)
    }

    fn value(&self, node: &E::Node) -> u32 {
        self.scaled(self.inner.value(node))
    }

    fn is_goal(&self, node: &E::Node) -> bool {
        self.inner.is_goal(node)
    }

    fn name(&self) -> String {
        format!("{} × {}", self.inner.name(), self.weight())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fast_idastar::{search, LinearConflict, RunSettings};
    use crate::puzzle::board::{Board, Size};
    use crate::puzzle::oracle::bfs_distances;
    use crate::puzzle::random::random_board;
    use rand::SeedableRng;

    #[test]
    fn weighted_answers_are_valid_and_within_the_weight() {
        let goal = Board::goal(Size::square(3).unwrap());
        let far = bfs_distances(&goal);
        let mut rng = rand::rngs::StdRng::seed_from_u64(38);
        for _ in 0..40 {
            let start = random_board(&goal, &mut rng);
            let plain = LinearConflict::new(&goal);
            for (weight, admissible) in [(1.0, true), (1.3, false), (2.0, false), (5.0, false)] {
                let estimate = Weighted::new(&plain, weight);
                let (moves, _) = search(&start, &estimate, &RunSettings::default());
                let moves = moves.unwrap();
                let mut board = start.clone();
                board.apply_all(&moves).unwrap();
                assert_eq!(board, goal);
                let optimum = far[&start];
                assert!(moves.len() >= optimum);
                assert!(
                    moves.len() as f64 <= weight * optimum as f64,
                    "{start} w={weight}"
                );
                if admissible {
                    assert_eq!(moves.len(), optimum);
                }
            }
        }
    }
}
