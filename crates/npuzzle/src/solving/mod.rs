//! Deciding how a board is solved and solving it: the plan (which algorithm, estimate and
//! tables answer), the puzzle as a problem of the generic searches, the constructive method
//! for big boards, goals served by a symmetric goal's tables, the solver, the fast IDA*
//! with an estimate of the caller's own, counting optimal solutions and listing them, bounded answers where
//! a limit stops the optimal search, and the report programs read.
//!
//! ```
//! use npuzzle::solving::solver::solve;
//! use npuzzle::{parse_board, Board, SolveOptions};
//!
//! let start = parse_board("1 2 3/4 5 6/7 0 8", None)?;
//! let solution = solve(&start, &Board::goal(start.size()), &SolveOptions::default())?;
//! assert_eq!(solution.length(), Some(1));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub mod beam;
pub mod bounded;
pub mod constructive;
pub mod count;
pub mod fast_solve;
pub mod goal_frame;
pub mod guide;
pub mod listing;
pub mod network_ranking;
pub mod plan;
pub mod problem;
pub mod report;
pub mod solver;
