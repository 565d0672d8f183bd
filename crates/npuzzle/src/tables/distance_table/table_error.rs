//! Why a distance table could not be had, and whose fault that is.

use thiserror::Error;

use crate::puzzle::board::Size;
use crate::tables::cache::CacheError;
use crate::util::fault::Fault;

use super::MAX_TABLE_CELLS;

/// Why a table cannot be had.
#[derive(Debug, Error)]
pub enum TableError {
    /// The board has too many cells for a complete table.
    #[error("distance tables cover boards of at most {MAX_TABLE_CELLS} cells; {size} has {cells}")]
    TooLarge {
        /// The board size.
        size: Size,
        /// Its cells.
        cells: usize,
    },
    /// A start and a goal of different sizes.
    #[error("the start is {start} but the goal is {goal}")]
    SizeMismatch {
        /// The start's size.
        start: Size,
        /// The goal's size.
        goal: Size,
    },
    /// A goal blank cell outside the board.
    #[error("cell {cell} is not on a {size} board")]
    BlankOffBoard {
        /// The board size.
        size: Size,
        /// The cell given.
        cell: usize,
    },
    /// The cache could not be read or written.
    #[error(transparent)]
    Cache(#[from] CacheError),
    /// A build that would pass the memory budget.
    #[error("building the distance table of {size} boards needs about {}; the memory budget is {}", crate::util::memory::shown(*need), crate::util::memory::shown(*budget))]
    OverBudget {
        /// The board size.
        size: Size,
        /// Bytes the build needs.
        need: u64,
        /// The budget.
        budget: u64,
    },
    /// A verified file whose contents still do not make a table.
    #[error("{0}")]
    Corrupt(String),
    /// The build was stopped from outside (see [`crate::util::cancel`]); nothing was stored.
    #[error("the build of the distance table of {0} boards was interrupted")]
    Interrupted(Size),
}

impl TableError {
    /// Whose fault it is: the request's for a board the tables do not cover or a build
    /// the memory budget does not allow; the environment's for a table file that cannot
    /// be had ([`CacheError::fault`]) or does not make a table.
    pub fn fault(&self) -> Fault {
        match self {
            TableError::TooLarge { .. }
            | TableError::SizeMismatch { .. }
            | TableError::BlankOffBoard { .. }
            | TableError::OverBudget { .. }
            | TableError::Interrupted(_) => Fault::Request,
            TableError::Cache(error) => error.fault(),
            TableError::Corrupt(_) => Fault::Environment,
        }
    }
}
