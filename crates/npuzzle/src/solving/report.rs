//! The solve report: one object describing a solve, shared by every output that programs
//! read (`solve --json`, batch results, the web API). Fields are added, never renamed.
//!
//! ```
//! use npuzzle::report::SolveReport;
//! use npuzzle::{parse_board, solve, SolveOptions};
//!
//! let start = parse_board("283104765", None)?;
//! let goal = parse_board("123804765", None)?;
//! let solution = solve(&start, &goal, &SolveOptions::default())?;
//! let report = SolveReport::new(&start, &goal, &solution);
//! assert_eq!((report.status.as_str(), report.moves.as_str()), ("solved", "uldr"));
//! assert_eq!(report.algorithm, "table");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::answer::solution::{Solution, Status};
use crate::puzzle::board::{moves_to_string, Board};
use crate::puzzle::notation::Notation;
use crate::search::Stats;

/// A solve as programs see it.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct SolveReport {
    /// The start board, rows separated by `/`.
    pub board: String,
    /// The goal board, rows separated by `/`.
    pub goal: String,
    /// The board size, `WxH`.
    pub size: String,
    /// Whether the goal can be reached at all.
    pub solvable: bool,
    /// `solved`, `unsolvable` or `gave-up`.
    pub status: String,
    /// Why the search gave up, when it did.
    pub gave_up: Option<String>,
    /// Number of moves, when solved.
    pub length: Option<usize>,
    /// The blank's moves, `u d l r` (empty unless solved).
    pub moves: String,
    /// The same moves in tile notation (see [`Notation::Tiles`]): `R2U2L…`.
    #[cfg_attr(feature = "serde", serde(default))]
    pub tile_moves: String,
    /// The algorithm that ran.
    pub algorithm: String,
    /// The estimate that guided it, if any.
    pub heuristic: Option<String>,
    /// Whether `length` is proven minimal.
    pub optimal: bool,
    /// What the search cost.
    pub stats: Stats,
}

impl SolveReport {
    /// The report of `solution`, a solve of `start` towards `goal`.
    pub fn new(start: &Board, goal: &Board, solution: &Solution) -> SolveReport {
        let (status, gave_up) = match &solution.status {
            Status::Solved => ("solved", None),
            Status::Unsolvable => ("unsolvable", None),
            Status::GaveUp(why) => ("gave-up", Some(why.to_string())),
        };
        SolveReport {
            board: start.to_string(),
            goal: goal.to_string(),
            size: start.size().to_string(),
            solvable: solution.status != Status::Unsolvable,
            status: status.to_string(),
            gave_up,
            length: solution.length(),
            moves: moves_to_string(&solution.moves),
            tile_moves: Notation::Tiles.write(&solution.moves),
            algorithm: solution.algorithm.name().to_string(),
            heuristic: solution.estimate.clone(),
            optimal: solution.optimal && solution.status == Status::Solved,
            stats: solution.stats,
        }
    }
}
