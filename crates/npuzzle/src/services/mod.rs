//! What front ends call beside solving: checking a given solution,
//! every algorithm on one board, the event-by-event trace of a classic search and the
//! record programs read of each event, the textbook's table of search cost by depth, and
//! the distribution of a size's optimal distances with the chance of a range of them.
//!
//! ```
//! use npuzzle::services::verdict::check;
//! use npuzzle::{parse_board, parse_moves, Board, Notation, SolveOptions};
//!
//! let start = parse_board("1 2 3/4 5 6/7 0 8", None)?;
//! let goal = Board::goal(start.size());
//! let moves = parse_moves("r")?;
//! let verdict = check(&start, &goal, &moves, Notation::Blank, &SolveOptions::default())?;
//! assert!(verdict.valid);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub mod analysis;
pub mod analysis_report;
pub mod bench_config;
pub mod compare;
pub mod cost_by_depth;
pub mod distance_stats;
pub mod trace;
pub mod trace_report;
pub mod verdict;
