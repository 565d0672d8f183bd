//! # npuzzle
//!
//! Exact and fast solving of sliding-tile puzzles (the 8-, 15- and 24-puzzle, and any
//! `w x h` board): boards and moves, permutation ranking, the parity test for
//! solvability, admissible heuristics, generic instrumented searches, and the classic
//! judges' input and output formats.
//!
//! ```
//! use npuzzle::{parse_board, solve, Algorithm, HeuristicKind, SolveOptions};
//!
//! let start = parse_board("8 6 7/2 5 4/3 0 1", None)?;
//! let goal = npuzzle::Board::goal(start.size());
//! let options = SolveOptions {
//!     algorithm: Algorithm::Idastar,
//!     heuristic: Some(HeuristicKind::LinearConflict),
//!     ..SolveOptions::default()
//! };
//! let solution = solve(&start, &goal, &options)?;
//! assert_eq!(solution.length(), Some(31)); // one of the two hardest 8-puzzle positions
//! assert!(solution.optimal);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! ## Layout
//! - [`board`]: sizes, boards, blank moves. [`notation`]: reading boards and moves.
//! - [`rank`]: Lehmer-code ranking. [`solvability`]: the parity test.
//! - [`heuristic`]: misplaced tiles, Manhattan, linear conflict.
//! - [`search`]: generic BFS, bidirectional BFS, A*, IDA*, IDDFS with statistics and limits.
//! - [`state`]: packed search states. [`solver`]: the puzzle as a search problem.
//! - [`cache`]: verified table files, memory-mapped. [`progress`]: progress callbacks.
//! - [`distance_table`]: complete distance tables of boards up to 12 cells.
//! - [`fast_idastar`]: the puzzle-specific IDA* (boards up to 8×8), on one thread or,
//!   [`fast_idastar::parallel`], on every core. [`pdb`]: additive pattern databases for
//!   it.
//! - [`report`]: the solve report programs read.
//! - [`judge`]: the judges' input/output formats. [`random`]: reproducible scrambles.
//!
//! Moves are named for the blank's motion (`u d l r`); the default order of trying them
//! is l, r, d, u, and where several shortest solutions exist the canonical one is the
//! smallest in that order.

#![forbid(missing_docs)]
#![deny(unsafe_code)]

pub mod board;
pub mod cache;
pub mod constructive;
pub mod distance_table;
pub mod error;
pub mod fast_idastar;
pub mod heuristic;
pub mod judge;
pub mod notation;
pub mod pdb;
pub mod progress;
pub mod random;
pub mod rank;
pub mod report;
pub mod search;
pub mod solvability;
pub mod solver;
pub mod state;

pub use board::{moves_to_string, Board, Move, Size};
pub use error::{BoardError, ParseError, SolveError};
pub use heuristic::{Heuristic, HeuristicKind};
pub use notation::{parse_board, parse_moves};
pub use solvability::is_solvable;
pub use solver::{solve, Algorithm, Solution, SolveOptions, Status, Visited};
