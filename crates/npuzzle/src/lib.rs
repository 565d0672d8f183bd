//! # npuzzle
//!
//! Exact and fast solving of sliding-tile puzzles (the 8-, 15- and 24-puzzle, and any
//! `w x h` board): boards and moves, permutation ranking, the parity test for
//! solvability, admissible heuristics, generic instrumented searches, distance tables,
//! and pattern databases. The online judges' formats are the `npuzzle-judges` crate's,
//! over this one.
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
//! the web API, the Python package): it asks [`plan`](solving::plan) which algorithm, estimate and
//! tables answer the board under the [`SolveOptions`], runs that, and returns a
//! [`Solution`] that says which algorithm and estimate answered and what it cost.
//!
//! ## Layout, from the bottom up
//! The modules are grouped into bands, each a folder; a module uses only its own band's
//! and those listed before it (`tests/layers.rs` fails otherwise). The map, with what
//! each module holds, is docs/ARCHITECTURE.md.
//! - [`util`]: stopping work, whose fault an error is, memory budgets, progress.
//! - [`search`]: generic BFS, bidirectional BFS, A*, IDA*, IDDFS over any problem, with
//!   statistics and limits, in the style of the `pathfinding` crate.
//! - [`puzzle`]: boards and moves, notation, parity, random boards, states, heuristics,
//!   ranks.
//! - [`tables`]: verified table files, partitions and catalogues, distance tables.
//! - [`fast_idastar`]: the fast IDA* (in-place moves, incremental estimates,
//!   move pruning, every core, a cluster of processes) and how it runs ([`RunSettings`]).
//! - [`pdb`]: additive pattern databases for it.
//! - [`answer`]: what a solve is asked ([`SolveOptions`]) and answers ([`Solution`],
//!   [`SolveError`]).
//! - [`solving`]: the plan (what answers a board), the constructive method, [`solve`].
//! - [`services`]: checking a solution, comparing every algorithm, tracing a classic
//!   search, analysing a solve, the tables of cost and distance by depth.
//!
//! ## Features
//! - `serde` (default): `Serialize`/`Deserialize` for the answer and report types
//!   ([`solving::report::SolveReport`], [`services::verdict::Verdict`], [`search::Stats`], ...). Without it
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

pub mod answer;
pub mod fast_idastar;
pub mod pdb;
pub mod puzzle;
pub mod search;
pub mod services;
pub mod solving;
pub mod tables;
pub mod util;

pub use answer::algorithm::Algorithm;
pub use answer::options::{EstimateChoice, SolveOptions, Visited};
pub use answer::request::SolveRequest;
pub use answer::solution::{Advice, Solution, Status};
pub use answer::solve_error::SolveError;
pub use fast_idastar::RunSettings;
pub use puzzle::board::BoardError;
pub use puzzle::board::{moves_to_string, Board, Move, Size};
pub use puzzle::heuristic::{Heuristic, HeuristicKind};
pub use puzzle::metric::Metric;
pub use puzzle::move_order::MoveOrder;
pub use puzzle::notation::ParseError;
pub use puzzle::notation::{parse_board, parse_moves, Notation};
pub use puzzle::solvability::is_solvable;
pub use solving::solver::solve;

/// The README's example, run as a doctest so the package page cannot go stale.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeExample;
