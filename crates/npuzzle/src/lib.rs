//! # npuzzle
//!
//! Exact and fast solving of sliding-tile puzzles (the 8-, 15- and 24-puzzle, and any
//! `w x h` board): boards and moves, permutation ranking, the parity test for
//! solvability, admissible heuristics, generic instrumented searches, distance tables,
//! pattern databases, and the classic judges' input and output formats.
//!
//! ```
//! use npuzzle::{parse_board, solve, Algorithm, EstimateChoice, HeuristicKind, SolveOptions};
//!
//! let start = parse_board("8 6 7/2 5 4/3 0 1", None)?;
//! let goal = npuzzle::Board::goal(start.size());
//! let options = SolveOptions {
//!     algorithm: Algorithm::Idastar,
//!     estimate: EstimateChoice::Heuristic(HeuristicKind::LinearConflict),
//!     ..SolveOptions::default()
//! };
//! let solution = solve(&start, &goal, &options)?;
//! assert_eq!(solution.length(), Some(31)); // one of the two hardest 8-puzzle positions
//! assert!(solution.optimal);
//! assert_eq!(solution.estimate.as_deref(), Some("linear-conflict"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! ## One way in
//! [`solve`] is the door every front end uses (the command line, batches, benchmarks,
//! the web API, the Python package): it asks [`plan`] which algorithm, estimate and
//! tables answer the board under the [`SolveOptions`], runs that, and returns a
//! [`Solution`] that says which algorithm and estimate answered and what it cost.
//!
//! ## Layout, from the bottom up
//! Each module uses only modules listed before it.
//! - [`fault`]: whose fault an error is, the request's or the machine's.
//!   [`plural`]: counts written with nouns that agree. [`board`]: sizes, boards, blank
//!   moves. [`rank`]: every permutation ranking.
//!   [`cache`]: verified table files, memory-mapped. [`progress`]: progress callbacks.
//!   [`cancel`]: stopping work from outside.
//!   [`search`]: generic BFS, bidirectional BFS, A*, IDA*, IDDFS, with statistics and
//!   limits, in the style of the `pathfinding` crate.
//! - [`notation`]: reading and writing boards and moves (the blank's `u d l r`, or tile
//!   notation `R2U2L`). [`partition`]: tile groups of pattern databases. [`catalogue`]:
//!   several partitions over shared tables. [`cluster`]: searching with other processes
//!   (engine-free). [`solvability`]: the parity test. [`state`]:
//!   packed search states.
//! - [`heuristic`]: misplaced tiles, Manhattan, linear conflict. [`random`]: reproducible
//!   scrambles. [`distance_table`]: complete distance tables of boards up to 12 cells.
//! - [`solution`]: the answer types. [`judge`]: the judges' formats.
//! - [`options`]: how to solve. [`report`]: the solve report programs read.
//! - [`problem`]: the puzzle as a search problem for the generic searches.
//!   [`puzzle_idastar`]: the puzzle-specific IDA* (in-place moves, incremental
//!   estimates, every core).
//! - [`pdb`]: additive pattern databases for it. [`constructive`]: big boards.
//! - [`plan`]: what answers a board. [`solver`]: [`solve`]. [`trace`]: what a classic
//!   search did, event by event.
//! - [`compare`]: every algorithm on one board. [`verdict`]: checking a given solution.
//!
//! ## Features
//! - `serde` (default): `Serialize`/`Deserialize` for the answer and report types
//!   ([`report::SolveReport`], [`verdict::Verdict`], [`search::Stats`], ...). Without it
//!   the library depends on no serialization crate.
//!
//! ## Conventions
//! Moves are named for the blank's motion (`u d l r`); the default order of trying them
//! is l, r, d, u, and where several shortest solutions exist the canonical one is the
//! smallest in that order. Cells are numbered row-major from 0; the blank is tile 0.
//!
//! Names: a function `foo` that can fail on bad input returns a `Result` and says so
//! under `# Errors`; one that panics instead (on a broken invariant the caller
//! guarantees) says so under `# Panics`; `try_foo` is the `Result` twin of a panicking
//! `foo`. Each module owns its error type, and messages name what was wrong and where,
//! never a command-line flag.

#![forbid(missing_docs)]
#![deny(unsafe_code)]

pub mod board;
pub mod cache;
pub mod cancel;
pub mod catalogue;
pub mod cluster;
pub mod compare;
pub mod constructive;
pub mod distance_table;
pub mod fault;
pub mod heuristic;
pub mod judge;
pub mod memory;
pub mod notation;
pub mod options;
pub mod partition;
pub mod pdb;
mod pdb_error;
mod per_process;
pub mod plan;
pub mod plural;
pub mod problem;
pub mod progress;
pub mod puzzle_idastar;
pub mod random;
pub mod rank;
pub mod report;
pub mod search;
pub mod solution;
pub mod solvability;
pub mod solver;
pub mod state;
mod table_kind;
mod table_stamp;
pub mod trace;
pub mod verdict;

pub use board::BoardError;
pub use board::{moves_to_string, Board, Move, Size};
pub use heuristic::{Heuristic, HeuristicKind};
pub use notation::ParseError;
pub use notation::{parse_board, parse_moves, Notation};
pub use options::{EstimateChoice, RunSettings, SolveOptions, Visited};
pub use solution::{Advice, Algorithm, Solution, SolveError, Status};
pub use solvability::is_solvable;
pub use solver::solve;

/// The README's example, run as a doctest so the package page cannot go stale.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeExample;
