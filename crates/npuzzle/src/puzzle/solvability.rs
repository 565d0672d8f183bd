//! Deciding, without search, whether one board can reach another.
//!
//! ```
//! use npuzzle::puzzle::solvability::{is_solvable, swap_parity};
//! use npuzzle::{parse_board, Board};
//!
//! let goal = Board::goal(npuzzle::Size::square(4)?);
//! let start = parse_board("1 2 3 4/5 6 7 8/9 10 11 12/13 15 14 0", None)?;
//! assert!(!is_solvable(&start, &goal)); // Sam Loyd's 14-15 puzzle
//! assert!(is_solvable(&swap_parity(&start), &goal));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! The permutation taking the goal to the start (over all cells, blank included) must
//! have the same parity as the blank's Manhattan distance between the two boards: each
//! move is one transposition and moves the blank one step, so both parities flip together,
//! and on a connected board every arrangement of that parity is reachable. This covers
//! odd and even widths and any goal. Exactly half of all arrangements are reachable.

use crate::puzzle::board::Board;

/// Parity of the permutation mapping each tile's goal cell to its start cell
/// (`true` for odd), computed by counting cycles.
fn permutation_is_odd(start: &Board, goal: &Board) -> bool {
    let n = start.cells().len();
    let start_pos = start.positions();
    let mut visited = vec![false; n];
    let mut transpositions = 0;
    for cell in 0..n {
        if visited[cell] {
            continue;
        }
        let mut length = 0;
        let mut c = cell;
        while !visited[c] {
            visited[c] = true;
            c = start_pos[goal.tile_at(c) as usize];
            length += 1;
        }
        transpositions += length - 1;
    }
    transpositions % 2 == 1
}

/// Whether `start` can be moved to `goal`. Both must have the same size.
///
/// ```
/// use npuzzle::{is_solvable, parse_board};
/// let goal = parse_board("123456780", None).unwrap();
/// assert!(is_solvable(&parse_board("123456708", None).unwrap(), &goal));
/// assert!(!is_solvable(&parse_board("213456780", None).unwrap(), &goal));
/// ```
///
/// # Panics
/// When the boards differ in size.
pub fn is_solvable(start: &Board, goal: &Board) -> bool {
    assert_eq!(start.size(), goal.size(), "start and goal sizes differ");
    let blank_distance = start.size().cell_distance(start.blank(), goal.blank());
    permutation_is_odd(start, goal) == (blank_distance % 2 == 1)
}

/// Makes an unreachable board reachable (and vice versa) by swapping two tiles that are
/// not the blank: a bijection between the two halves, so it keeps uniform samples uniform.
///
/// # Panics
/// Never: swapping two tiles of a board leaves a valid board.
pub fn swap_parity(board: &Board) -> Board {
    let mut cells = board.cells().to_vec();
    let (a, b) = match board.blank() {
        0 => (1, 2),
        1 => (0, 2),
        _ => (0, 1),
    };
    cells.swap(a, b);
    Board::new(board.size(), cells).expect("a swap keeps a permutation")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::board::{Move, Size};

    #[test]
    fn exactly_half_of_2x3_is_reachable_and_matches_bfs() {
        // Reachable set from the goal by exhaustive search, compared with the rule.
        let size = Size::new(3, 2).unwrap();
        let goal = Board::goal(size);
        let mut seen = std::collections::HashSet::new();
        let mut queue = vec![goal.clone()];
        seen.insert(goal.clone());
        while let Some(b) = queue.pop() {
            for mv in Move::ALL {
                if let Some(n) = b.moved(mv) {
                    if seen.insert(n.clone()) {
                        queue.push(n);
                    }
                }
            }
        }
        assert_eq!(seen.len(), 360);
        for index in 0..720 {
            let cells: Vec<u32> = crate::puzzle::rank::unrank(index, 6)
                .into_iter()
                .map(u32::from)
                .collect();
            let b = Board::new(size, cells).unwrap();
            assert_eq!(is_solvable(&b, &goal), seen.contains(&b), "{b}");
            assert_ne!(is_solvable(&swap_parity(&b), &goal), is_solvable(&b, &goal));
        }
    }
}
