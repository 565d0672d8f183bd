//! Additive pattern databases (Korf & Felner 2002), zero-aware ones and catalogues of
//! them (Clausecker & Reinefeld 2019), for the fast IDA*.
//!
//! ```
//! use npuzzle::pdb::{PartitionSet, PatternDatabase, TableKind};
//! use npuzzle::util::progress::Silent;
//! use npuzzle::{Board, Size};
//!
//! // Two partitions of the 8-puzzle's tiles, zero-aware tables, built in memory.
//! let goal = Board::goal(Size::square(3)?);
//! let set = PartitionSet::new(
//!     vec![vec![vec![1, 2, 3, 4], vec![5, 6, 7, 8]], vec![vec![1, 4, 7], vec![2, 3, 5, 6, 8]]],
//!     TableKind::ZeroAware,
//!     None,
//! );
//! npuzzle::pdb::check_buildable(&goal, &set)?;
//! let db = PatternDatabase::build(&goal, &set, &Silent);
//! let board = npuzzle::parse_board("8 6 7/2 5 4/3 0 1", None)?;
//! assert!(db.estimate_board(&board) <= 31); // 31 moves away: a lower bound
//! assert_eq!(db.groups().len(), 4);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! ```
//! use npuzzle::fast_idastar::{Estimate, RunSettings};
//! use npuzzle::pdb::{parse_groups, PartitionSet, PatternDatabase};
//! use npuzzle::{parse_board, util::progress::Silent, Board, Size};
//!
//! // One partition of classic tables (Korf & Felner's kind), searching from a board.
//! let goal = Board::goal(Size::square(3)?);
//! let groups = parse_groups("4-4", &goal)?; // tiles 1-4 and 5-8
//! let db = PatternDatabase::build(&goal, &PartitionSet::classic(groups), &Silent);
//! let start = parse_board("8 6 7/2 5 4/3 0 1", None)?;
//! assert!(db.estimate_board(&start) <= 31);
//! let (moves, _stats) = db.search(&start, &RunSettings::default());
//! assert_eq!(moves.map(|m| m.len()), Ok(31));
//! assert_eq!(db.name(), "pdb 4-4 + reflection");
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
//! **Zero-aware tables** ([`TableKind::ZeroAware`]) hold an entry per placement *and*
//! connected region of free cells the blank is in: where the group's tiles wall off part
//! of the board, which side the blank is on changes how cheaply they can move. The
//! entries still add up (the same argument), and are at least the classic ones.
//!
//! **Catalogues.** A [`PartitionSet`] may hold several partitions; a group in more than
//! one is one table, and the estimate is the largest partition sum (each sum is a lower
//! bound, so their maximum is too). Any groups with disjoint tiles add up, whichever
//! partitions they come from and on the board or its mirror image: the estimate also
//! takes the largest sum of these other families (`families.rs`).
//!
//! **Storage.** An entry is stored as `(table value − the group's Manhattan sum) / 2`: the
//! difference is always even (each paid move changes one tile's Manhattan term by one) and
//! small, so a 4×4 group of 7 or 8 tiles fits four bits an entry (measured: largest entry
//! 9 for 8 tiles: docs/BENCHMARKS.md, "Pattern-database builds"); a group whose largest entry exceeds 15 falls
//! back to a byte. The search then adds `manhattan + 2 × Σ entries`, with the Manhattan
//! total kept incrementally anyway. A classic table's entries are indexed by the rank of
//! the group's partial permutation (`k` of `n` cells: `n!/(n−k)!` entries; 8 of 16 cells
//! is 518,918,400 entries in 259 MB), a zero-aware table's by the rank of the placement
//! and region (see `region_rank`: 181,006,560 entries in 90.5 MB for 6 tiles on 5×5).
//!
//! **Reflection.** On a square board whose goal has the blank on the main diagonal,
//! mirroring a board about that diagonal and renaming each tile to the goal's tile at the
//! mirror of its goal cell maps the goal to itself (the blank keeps its name) and is an
//! isomorphism of the puzzle: the mirrored board is as far from the goal as the board. So
//! the same tables, looked up on the mirrored board, give a second admissible estimate;
//! the search takes the larger. This holds for `0 1 2 … 15` (blank top-left) and equally
//! for `1 2 … 15 0` (blank bottom-right, also on the diagonal).
//!
//! **Files.** One [`Cache`](crate::tables::cache::Cache) file per group and kind, named for the
//! board, the goal and the tiles, with an identity string naming all four, so a partition
//! reuses the tables of any other partition sharing a group.

mod build;
pub mod build_forecast;
mod cell_masks;
mod classic_estimate;
mod database;
mod families;
mod files;
mod group_table;
mod lookup;
mod naming;
mod partition_set;
mod pdb_error;
mod reflection;
mod region_rank;
pub mod registry;
mod search;
mod table_kind;

pub use classic_estimate::ClassicNode;
pub use database::PatternDatabase;
pub use files::{
    cached_goals, cached_groups, file_name, find_cached, identity, parse_identity, TableIdentity,
};
pub use lookup::PdbNode;
pub use naming::{describe_origins, estimate_name, GroupOrigin};
pub use partition_set::PartitionSet;
pub use pdb_error::{PdbError, MAX_TABLES};
pub use table_kind::TableKind;

use crate::fast_idastar::MAX_FAST_CELLS;
use crate::puzzle::board::{Board, Size};
use crate::puzzle::rank::PartialRank;
use crate::tables::partition::{group_text, Groups, Partition};
use region_rank::{RegionRank, MAX_REGION_TILES};

/// The most memory a table build may use (estimated before starting), in bytes.
pub const MAX_BUILD_BYTES: u64 = 8 << 30;
/// The most partitions a database may sum.
pub const MAX_PARTITIONS: usize = crate::tables::catalogue::MAX_PARTITIONS;
/// The most sets of occupied cells a group's build may rank (each costs a byte per cell
/// of region labels): 8,388,608 (`C(25, 8)` is 1,081,575).
const MAX_MAPS: u128 = 1 << 23;

/// The groups of the partition written `spec` for `goal`, checked for a classic database:
/// the partition read ([`Partition`]), resolved on the goal's tiles, each group's table
/// within the build limits ([`check_buildable`]).
///
/// # Errors
/// What is wrong with the partition for this board.
pub fn parse_groups(spec: &str, goal: &Board) -> Result<Groups, PdbError> {
    let groups = spec.parse::<Partition>()?.groups(goal)?;
    check_buildable(goal, &PartitionSet::classic(groups.clone()))?;
    Ok(groups)
}

/// Checks that the tables of `set` can be had on `goal`'s board: a board the
/// fast IDA* takes, at most [`MAX_TABLES`] groups and [`MAX_PARTITIONS`]
/// partitions, and each group's build within [`MAX_BUILD_BYTES`].
///
/// # Errors
/// [`PdbError::BoardTooLarge`], [`PdbError::TooManyTables`] or [`PdbError::TooLarge`].
pub fn check_buildable(goal: &Board, set: &PartitionSet) -> Result<(), PdbError> {
    let size = goal.size();
    let n = size.cells();
    if n > MAX_FAST_CELLS || size.width() > 8 || size.height() > 8 {
        return Err(PdbError::BoardTooLarge(size));
    }
    let groups = set.groups();
    let partitions = set.partitions().len();
    if groups.len() > MAX_TABLES || partitions > MAX_PARTITIONS {
        return Err(PdbError::TooManyTables {
            groups: groups.len(),
            partitions,
        });
    }
    for group in &groups {
        let placements = PartialRank::new(n, group.len()).count;
        let bytes = build_bytes(size, group.len(), set.kind());
        if bytes > MAX_BUILD_BYTES {
            return Err(PdbError::TooLarge {
                group: group_text(group),
                size,
                kind: set.kind(),
                placements,
                gib: bytes as f64 / f64::from(1u32 << 30),
                limit: MAX_BUILD_BYTES >> 30,
            });
        }
    }
    Ok(())
}

/// The most memory building the tables of `set` on `goal`'s board takes at once (the
/// groups are built one after another), and the group that takes it.
pub fn build_peak_bytes(goal: &Board, set: &PartitionSet) -> (u64, Vec<u8>) {
    let size = goal.size();
    set.groups()
        .into_iter()
        .map(|g| (build_bytes(size, g.len(), set.kind()), g))
        .max()
        .unwrap_or_default()
}

/// Memory the build of a `tiles`-tile group's table needs: a byte per (placement, blank
/// region) state for the search, the per-map region labels, then the entries (a byte per
/// placement or state, before packing). Groups too large to rank are
/// [`u64::MAX`] without ranking them.
fn build_bytes(size: Size, tiles: usize, kind: TableKind) -> u64 {
    let n = size.cells();
    let placements = PartialRank::new(n, tiles).count;
    let maps = (0..tiles).fold(1u128, |c, i| c * (n - i) as u128 / (i as u128 + 1));
    if tiles > MAX_REGION_TILES || tiles >= n || maps > MAX_MAPS || placements > MAX_BUILD_BYTES {
        return u64::MAX;
    }
    let states = RegionRank::shared(size, tiles).count;
    let entries = match kind {
        TableKind::Classic => placements,
        TableKind::ZeroAware => states,
    };
    let labels = maps as u64 * (n as u64 + 4);
    states + entries + labels
}
