//! Additive disjoint pattern databases (Korf & Felner 2002) for the fast IDA*.
//!
//! ```
//! use npuzzle::pdb::{parse_groups, PatternDatabase};
//! use npuzzle::puzzle_idastar::solve_with;
//! use npuzzle::{parse_board, progress::Silent, Board, RunSettings, Size};
//!
//! let goal = Board::goal(Size::square(3)?);
//! let groups = parse_groups("4-4", &goal)?; // tiles 1-4 and 5-8
//! let db = PatternDatabase::build(&goal, &groups, &Silent);
//! let start = parse_board("8 6 7/2 5 4/3 0 1", None)?;
//! assert!(db.estimate_board(&start) <= 31);
//! let solution = solve_with(&start, &goal, &db, &RunSettings::default())?;
//! assert_eq!(solution.length(), Some(31));
//! assert_eq!(solution.estimate.as_deref(), Some("pdb 4-4 + reflection"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! The tiles are split into disjoint groups. Each group's table holds, for every placement
//! of the group's tiles, the fewest moves *of those tiles* that bring them to their goal
//! cells, other tiles being free to move at no cost (see [`build`](self) for the search
//! that computes it). A move moves one tile, so it is paid for in one group's table only:
//! the sum over the groups is a lower bound on the moves left. Tiles in no group add their
//! Manhattan distance, which is also a count of their own moves only.
//!
//! **Storage.** An entry is stored as `(table value − the group's Manhattan sum) / 2`: the
//! difference is always even (each paid move changes one tile's Manhattan term by one) and
//! small, so a 4×4 group of 7 or 8 tiles fits four bits an entry (measured: largest entry
//! 9 for 8 tiles, see docs/BENCHMARKS.md); a group whose largest entry exceeds 15 falls
//! back to a byte. The search then adds `manhattan + 2 × Σ entries`, with the Manhattan
//! total kept incrementally anyway. Entries are indexed by the rank of the group's partial
//! permutation (`k` of `n` cells: `n!/(n−k)!` entries; 8 of 16 cells is 518,918,400 entries
//! in 259 MB).
//!
//! **Reflection.** On a square board whose goal has the blank on the main diagonal,
//! mirroring a board about that diagonal and renaming each tile to the goal's tile at the
//! mirror of its goal cell maps the goal to itself (the blank keeps its name) and is an
//! isomorphism of the puzzle: the mirrored board is as far from the goal as the board. So
//! the same tables, looked up on the mirrored board, give a second admissible estimate;
//! the search takes the larger. This holds for `0 1 2 … 15` (blank top-left) and equally
//! for `1 2 … 15 0` (blank bottom-right, also on the diagonal).
//!
//! **Files.** One [`Cache`](crate::cache::Cache) file per group, named for the board, the goal and the tiles,
//! with an identity string naming all three, so a partition reuses the tables of any other
//! partition sharing a group.

mod build;
mod cell_masks;
mod database;
mod files;
mod group_table;
mod reflection;
pub mod registry;

pub use database::{describe_origins, GroupOrigin, PatternDatabase, PdbNode};
pub use files::{file_name, find_cached, identity, parse_identity};

use thiserror::Error;

use crate::board::{Board, Size};
use crate::cache::CacheError;
use crate::partition::{group_text, Groups, Partition, PartitionError};
use crate::puzzle_idastar::MAX_FAST_CELLS;
use crate::rank::PartialRank;

/// The most memory a table build may use (estimated before starting), in bytes.
pub const MAX_BUILD_BYTES: u64 = 8 << 30;
/// The group of a tile in no group.
const NO_GROUP: u8 = u8::MAX;

/// Why a pattern database could not be made or used.
#[derive(Debug, Error)]
pub enum PdbError {
    /// The partition is not valid for this board.
    #[error(transparent)]
    Partition(#[from] PartitionError),
    /// A group whose table would need too much memory to build.
    #[error("the table of group {group} ({placements} placements on a {size} board) would need about {gib:.1} GiB to build; the limit is {limit} GiB: use smaller groups")]
    TooLarge {
        /// The group's tiles.
        group: String,
        /// The board's size.
        size: Size,
        /// Entries in its table.
        placements: u64,
        /// Memory the build would need.
        gib: f64,
        /// The limit, GiB.
        limit: u64,
    },
    /// A build that would pass the memory budget.
    #[error("building the table of group {group} needs about {}; the memory budget is {}", crate::memory::shown(*need), crate::memory::shown(*budget))]
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
}

/// The groups of the partition written `spec` for `goal`, checked for a database: the
/// partition read ([`Partition`]), resolved on the goal's tiles, each group's table
/// within the build limits ([`check_buildable`]).
///
/// # Errors
/// What is wrong with the partition for this board.
pub fn parse_groups(spec: &str, goal: &Board) -> Result<Groups, PdbError> {
    let groups = spec.parse::<Partition>()?.groups(goal)?;
    check_buildable(goal, &groups)?;
    Ok(groups)
}

/// Checks that `groups` (from [`crate::partition::Partition::groups`]) can have tables
/// on `goal`'s board: a board the puzzle-specific IDA* takes, each group's build within
/// [`MAX_BUILD_BYTES`].
///
/// # Errors
/// [`PdbError::BoardTooLarge`] or [`PdbError::TooLarge`].
pub fn check_buildable(goal: &Board, groups: &[Vec<u8>]) -> Result<(), PdbError> {
    let size = goal.size();
    let n = size.cells();
    if n > MAX_FAST_CELLS || size.width() > 8 || size.height() > 8 {
        return Err(PdbError::BoardTooLarge(size));
    }
    for group in groups {
        let placements = PartialRank::new(n, group.len()).count;
        let bytes = build_bytes(n, placements);
        if bytes > MAX_BUILD_BYTES {
            return Err(PdbError::TooLarge {
                group: group_text(group),
                size,
                placements,
                gib: bytes as f64 / f64::from(1u32 << 30),
                limit: MAX_BUILD_BYTES >> 30,
            });
        }
    }
    Ok(())
}

/// The most memory building the tables of `groups` on `goal`'s board takes at once (the
/// groups are built one after another), and the group that takes it.
pub fn build_peak_bytes(goal: &Board, groups: &[Vec<u8>]) -> (u64, Vec<u8>) {
    let n = goal.size().cells();
    groups
        .iter()
        .map(|g| {
            (
                build_bytes(n, PartialRank::new(n, g.len()).count),
                g.clone(),
            )
        })
        .max()
        .unwrap_or_default()
}

/// Memory a build needs: three bitsets of placements × cells, and a byte per placement
/// twice (depths, then entries).
fn build_bytes(cells: usize, placements: u64) -> u64 {
    let bitset = (placements.saturating_mul(cells as u64)).div_ceil(64) * 8;
    bitset
        .saturating_mul(3)
        .saturating_add(placements.saturating_mul(2))
}
