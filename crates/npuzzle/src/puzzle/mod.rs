//! The puzzle itself: sizes, boards and blank moves, their notation, move orders, the
//! parity test, random boards, packed search states, the classic heuristics, every
//! permutation ranking, the board's mirrors and turns, and the sliding puzzle on any graph.
//!
//! ```
//! use npuzzle::puzzle::{board::Board, notation::parse_board, solvability::is_solvable};
//!
//! let start = parse_board("1 2 3/4 5 6/8 7 0", None)?;
//! assert!(!is_solvable(&start, &Board::goal(start.size())));
//! # Ok::<(), npuzzle::ParseError>(())
//! ```

pub mod board;
pub mod graph_puzzle;
pub mod heuristic;
pub mod lazy_walk;
pub mod metric;
pub mod move_order;
pub mod notation;
#[cfg(test)]
pub(crate) mod oracle;
pub mod random;
pub mod rank;
pub mod solvability;
pub mod state;
pub mod swap_game;
pub mod symmetry;
