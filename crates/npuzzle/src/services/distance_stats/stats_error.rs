//! Why a distribution or a probability could not be had, and whose fault that is.

use thiserror::Error;

use crate::answer::solve_error::SolveError;
use crate::puzzle::board::{Board, Size};
use crate::puzzle::metric::Metric;
use crate::search::GiveUp;
use crate::tables::distance_table::{TableError, MAX_TABLE_CELLS};
use crate::util::fault::Fault;

/// Why `npuzzle stats` could not answer.
#[derive(Debug, Error)]
pub enum StatsError {
    /// No exact distribution of the size is at hand: too many cells for a table, and
    /// none published is shipped.
    #[error(
        "no exact distribution of {size} boards in {}: distance tables cover \
         boards of at most {MAX_TABLE_CELLS} cells, and of larger boards the published \
         counts of 4x4, 5x3, 7x2 and 8x2 (either way round) are shipped (a probability can \
         be sampled)",
        metric.in_words()
    )]
    NoDistribution {
        /// The board size.
        size: Size,
        /// The metric asked for.
        metric: Metric,
    },
    /// The distance table could not be had.
    #[error(transparent)]
    Table(#[from] TableError),
    /// A sampled board could not be solved: the request was refused.
    #[error(transparent)]
    Solve(#[from] SolveError),
    /// Sampling asked for no boards.
    #[error("no boards to sample: ask for at least one")]
    NoSamples,
    /// A sampled board was answered, but not optimally (boards too large to solve
    /// optimally are answered by construction).
    #[error("{size} boards are not solved optimally here, so their optimum cannot be sampled")]
    NotOptimal {
        /// The board size.
        size: Size,
    },
    /// A sampled board's search stopped at a limit other than the time budget.
    #[error("the sampled board {board} was not solved: {reason}")]
    GaveUp {
        /// The board.
        board: Board,
        /// The limit that stopped it.
        reason: GiveUp,
    },
    /// The time budget ended before the first board was solved.
    #[error("the time budget of {seconds} s ended before the first sampled board was solved")]
    OutOfTime {
        /// The budget, in seconds.
        seconds: f64,
    },
}

impl StatsError {
    /// Whose fault it is: the request's for a size or limits that cannot be answered,
    /// the environment's where the table cache or the machine failed.
    pub fn fault(&self) -> Fault {
        match self {
            StatsError::Table(error) => error.fault(),
            StatsError::Solve(error) => error.fault(),
            StatsError::NoDistribution { .. }
            | StatsError::NoSamples
            | StatsError::NotOptimal { .. }
            | StatsError::GaveUp { .. }
            | StatsError::OutOfTime { .. } => Fault::Request,
        }
    }
}
