//! Why a pattern database cannot be had, and how many tables one may read: re-exported
//! as [`crate::pdb::PdbError`] and [`crate::pdb::MAX_TABLES`].

use thiserror::Error;

use crate::puzzle::board::Size;
use crate::puzzle::state::MAX_FAST_CELLS;
use crate::tables::cache::CacheError;
use crate::tables::catalogue::MAX_PARTITIONS;
use crate::tables::partition::PartitionError;
use crate::util::fault::Fault;

use super::table_kind::TableKind;

/// The most distinct tables a database may read (every node of a search carries an entry
/// of each, twice with reflection: a small node is copied fast).
pub const MAX_TABLES: usize = 16;

/// Why a pattern database could not be made or used.
#[derive(Debug, Error)]
pub enum PdbError {
    /// The partition is not valid for this board.
    #[error(transparent)]
    Partition(#[from] PartitionError),
    /// A group whose table would need too much memory to build.
    #[error("the {} table of group {group} ({placements} placements on a {size} board) would need about {gib:.1} GiB to build; the limit is {limit} GiB: use smaller groups", kind.name())]
    TooLarge {
        /// The group's tiles.
        group: String,
        /// The board's size.
        size: Size,
        /// The table's kind.
        kind: TableKind,
        /// Placements of the group.
        placements: u64,
        /// Memory the build would need.
        gib: f64,
        /// The limit, GiB.
        limit: u64,
    },
    /// More distinct groups or partitions than a database reads.
    #[error("{groups} distinct groups in {partitions} partitions: a pattern database reads at most {MAX_TABLES} tables and sums at most {MAX_PARTITIONS} partitions")]
    TooManyTables {
        /// Distinct groups.
        groups: usize,
        /// Partitions.
        partitions: usize,
    },
    /// A build that would pass the memory budget.
    #[error("building the table of group {group} needs about {}; the memory budget is {}", crate::util::memory::shown(*need), crate::util::memory::shown(*budget))]
    OverBudget {
        /// The group's tiles.
        group: String,
        /// Bytes the build needs.
        need: u64,
        /// The budget.
        budget: u64,
    },
    /// The board is too large for the fast search.
    #[error("pattern databases need a board of at most {MAX_FAST_CELLS} cells with sides of at most 8; {0} is too large")]
    BoardTooLarge(Size),
    /// Reading or writing a table file failed.
    #[error(transparent)]
    Cache(#[from] CacheError),
    /// A build was stopped from outside (see [`crate::util::cancel`]); the tables finished
    /// before it are stored, its own is not.
    #[error("the build of the table of group {group} was interrupted")]
    Interrupted {
        /// The group's tiles.
        group: String,
    },
}

impl PdbError {
    /// Whose fault it is: the request's for a partition or set of tables the board or
    /// the limits do not allow (a larger memory budget, or smaller groups, would do); the
    /// cache's ([`CacheError::fault`]) when a table file cannot be had. A build the
    /// caller stopped is the caller's doing: the request's.
    pub fn fault(&self) -> Fault {
        match self {
            PdbError::Partition(_)
            | PdbError::TooLarge { .. }
            | PdbError::TooManyTables { .. }
            | PdbError::OverBudget { .. }
            | PdbError::BoardTooLarge(_)
            | PdbError::Interrupted { .. } => Fault::Request,
            PdbError::Cache(error) => error.fault(),
        }
    }
}
