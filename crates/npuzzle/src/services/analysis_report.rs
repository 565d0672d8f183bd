//! The record programs read of an analysed solve: the object `npuzzle analyse --json`
//! prints, `/api/analyse` answers and Python's `analyse()` returns. One shape for all
//! three, its moves written in the notation the solve was given in.
//!
//! ```
//! use npuzzle::services::analysis::analyse;
//! use npuzzle::services::analysis_report::AnalysisReport;
//! use npuzzle::{parse_board, Board, Notation, SolveOptions};
//!
//! let start = parse_board("1 2 3/4 5 6/0 7 8", None)?;
//! let goal = Board::goal(start.size());
//! let moves = Notation::Tiles.parse("DULL")?;
//! let analysis = analyse(&start, &goal, &moves, &SolveOptions::default())?;
//! let report = AnalysisReport::new(&analysis, Notation::Tiles);
//! assert_eq!(report.steps[0].moved, "D");
//! assert_eq!(report.steps[0].better, ["L"]);
//! assert_eq!((report.lost, report.first_mistake), (2, Some(1)));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::puzzle::board::Move;
use crate::puzzle::notation::Notation;
use crate::services::analysis::Analysis;

/// One move of an analysed solve as programs read it.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct AnalysedMoveReport {
    /// The move, in the solve's notation (a run of equal blank moves in the multi-tile
    /// metric).
    #[cfg_attr(feature = "serde", serde(rename = "move"))]
    pub moved: String,
    /// The fewest moves left after it.
    pub remaining: usize,
    /// The moves it lost (0: it kept the optimum).
    pub lost: usize,
    /// Where it lost some, each first move that would have kept the optimum.
    pub better: Vec<String>,
    /// Whether `remaining` is proven (false: a bounded answer's length).
    pub exact: bool,
}

/// An analysed solve as programs read it.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct AnalysisReport {
    /// `stm` or `mtm`.
    pub metric: &'static str,
    /// The fewest moves from the start.
    pub optimum: usize,
    /// One record a move.
    pub steps: Vec<AnalysedMoveReport>,
    /// Moves lost in all.
    pub lost: usize,
    /// The number (from 1) of the first move that lost moves.
    pub first_mistake: Option<usize>,
    /// An optimal finish from the board of the first mistake (or from the last board).
    pub finish: String,
    /// Whether the moves ended on the goal.
    pub reached_goal: bool,
    /// Whether every length is proven optimal.
    pub exact: bool,
    /// The searches the analysis ran: each board met again was read, not searched again.
    pub searches: usize,
    /// Why the analysis stopped before the last move (`gave up: interrupted`), when it
    /// did; absent when every move was analysed.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub gave_up: Option<String>,
}

impl AnalysisReport {
    /// The record of `analysis`, its moves written in `notation`.
    pub fn new(analysis: &Analysis, notation: Notation) -> AnalysisReport {
        AnalysisReport {
            metric: analysis.metric.name(),
            optimum: analysis.optimum,
            steps: analysis
                .steps
                .iter()
                .map(|step| AnalysedMoveReport {
                    moved: notation.write(&step.steps),
                    remaining: step.remaining,
                    lost: step.lost,
                    better: step.better.iter().map(|m| notation.write(m)).collect(),
                    exact: step.exact,
                })
                .collect(),
            lost: analysis.lost,
            first_mistake: analysis.first_mistake.map(|i| i + 1),
            finish: notation.write(&analysis.finish),
            reached_goal: analysis.reached_goal(),
            exact: analysis.exact,
            searches: analysis.searches,
            gave_up: analysis.gave_up.as_ref().map(ToString::to_string),
        }
    }
}

/// One first move of a board as programs read it.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct FirstMoveReport {
    /// The move, in the asked notation.
    #[cfg_attr(feature = "serde", serde(rename = "move"))]
    pub moved: String,
    /// The fewest moves left after it.
    pub remaining: usize,
    /// Whether it keeps the optimum.
    pub good: bool,
}

/// A board's first moves, each with what it leaves ([`crate::services::analysis::good_moves`]).
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct GoodMovesReport {
    /// `stm` or `mtm`.
    pub metric: &'static str,
    /// The fewest moves from the board (0 on the goal).
    pub optimum: usize,
    /// Every first move, in the move order in force.
    pub moves: Vec<FirstMoveReport>,
}

impl GoodMovesReport {
    /// The record of `moves` (each first move and the fewest it leaves) from a board that
    /// `on_goal` says is or is not the goal, in `metric`, written in `notation`.
    pub fn new(
        moves: &[(Vec<Move>, usize)],
        on_goal: bool,
        metric: crate::puzzle::metric::Metric,
        notation: Notation,
    ) -> GoodMovesReport {
        // A board's optimum is one more than its best first move leaves.
        let optimum = if on_goal {
            0
        } else {
            moves.iter().map(|(_, left)| left + 1).min().unwrap_or(0)
        };
        GoodMovesReport {
            metric: metric.name(),
            optimum,
            moves: moves
                .iter()
                .map(|(steps, left)| FirstMoveReport {
                    moved: notation.write(steps),
                    remaining: *left,
                    good: left + 1 == optimum,
                })
                .collect(),
        }
    }
}
