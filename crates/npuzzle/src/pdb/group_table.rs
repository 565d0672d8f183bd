//! One group's table: which kind it is, how its entries are indexed and packed, where its
//! bytes live, and the payload of its file.

#![expect(
    clippy::inline_always,
    reason = "called for every generated node of the search: inlining is not left to the cost model"
)]

use std::sync::Arc;

use super::TableKind;
use crate::puzzle::board::{Board, Size};
use crate::puzzle::rank::PartialRank;
use crate::tables::cache::Table;
use crate::tables::partition::group_text;
use crate::util::cancel::CancelToken;
use crate::util::progress::Progress;

use super::build;
use super::cell_masks::CellMasks;
use super::region_rank::{RegionRank, MAX_REGION_TILES};

/// Bytes before the entries in a payload: the entry width, then padding.
pub(super) const PAYLOAD_HEADER: usize = 64;

/// What the kinds of table cost (the kinds are defined below the solver's errors, which
/// name them).
impl TableKind {
    /// The number of entries of a `tiles`-tile group's table on `size`.
    pub fn entries(self, size: Size, tiles: usize) -> u64 {
        match self {
            TableKind::Classic => PartialRank::new(size.cells(), tiles).count,
            TableKind::ZeroAware => RegionRank::shared(size, tiles).count,
        }
    }
}

/// Where a table's bytes live: mapped from its cache file, or built in memory.
pub(super) enum Storage {
    Mapped(Table),
    Owned(Vec<u8>),
}

impl Storage {
    pub(super) fn bytes(&self) -> &[u8] {
        match self {
            Storage::Mapped(t) => t,
            Storage::Owned(v) => v,
        }
    }

    /// The xxh3-64 checksum of the bytes: a mapped file's verified one, or computed.
    pub(super) fn checksum(&self) -> u64 {
        match self {
            Storage::Mapped(t) => t.checksum(),
            Storage::Owned(v) => xxhash_rust::xxh3::xxh3_64(v),
        }
    }
}

/// How a table's entries are indexed.
#[expect(
    clippy::large_enum_variant,
    reason = "one per table, read on every lookup of the search: the ranker stays inline, not behind a pointer"
)]
pub(super) enum TableIndex {
    /// By placement.
    Placement(PartialRank),
    /// By placement and region of the blank.
    Region(Arc<RegionRank>),
}

/// Where the walk down a zero-aware table ends, and what it needs on the way.
struct Walk {
    /// The goal cells of the group's tiles.
    goal_cells: Vec<u8>,
    /// The index of the goal state (depth 0).
    goal_index: u64,
    masks: CellMasks,
    size: Size,
}

/// One group's table.
pub(super) struct GroupTable {
    pub(super) tiles: Vec<u8>,
    pub(super) index: TableIndex,
    /// Bits per entry: 1 (zero-aware), 4 or 8 (classic).
    pub(super) bits: u8,
    pub(super) storage: Storage,
    /// For a zero-aware table, how to read a state's exact depth.
    walk: Option<Walk>,
}

impl GroupTable {
    /// The table of `tiles` for `goal` from its payload, checked for shape.
    pub(super) fn from_payload(
        tiles: &[u8],
        goal: &Board,
        kind: TableKind,
        storage: Storage,
    ) -> Result<GroupTable, String> {
        let size = goal.size();
        let bytes = storage.bytes();
        let bits = *bytes.first().ok_or("empty payload")?;
        let entries = kind.entries(size, tiles.len()) as usize;
        let expected = match (kind, bits) {
            (TableKind::ZeroAware, 1) => entries.div_ceil(8),
            (TableKind::Classic, 4) => entries.div_ceil(2),
            (TableKind::Classic, 8) => entries,
            _ => {
                return Err(format!(
                    "unknown entry width {bits} for a {} table",
                    kind.name()
                ))
            }
        };
        if bytes.len() != PAYLOAD_HEADER + expected {
            return Err(format!(
                "payload of {} bytes, expected {}",
                bytes.len(),
                PAYLOAD_HEADER + expected
            ));
        }
        let (index, walk) = match kind {
            TableKind::Classic => (
                TableIndex::Placement(PartialRank::new(size.cells(), tiles.len())),
                None,
            ),
            TableKind::ZeroAware => {
                let rank = RegionRank::shared(size, tiles.len());
                let goal_pos = goal.positions();
                let goal_cells: Vec<u8> = tiles
                    .iter()
                    .map(|&t| goal_pos[usize::from(t)] as u8)
                    .collect();
                let walk = Walk {
                    goal_index: rank.rank(&goal_cells, goal.blank() as u8),
                    goal_cells,
                    masks: CellMasks::new(size),
                    size,
                };
                (TableIndex::Region(rank), Some(walk))
            }
        };
        Ok(GroupTable {
            tiles: tiles.to_vec(),
            index,
            bits,
            storage,
            walk,
        })
    }

    /// The entry of the group's tiles on `cells` (tile `i` of the group on `cells[i]`)
    /// with the blank on `blank`: for a classic table `(moves − manhattan) / 2`, for a
    /// zero-aware one the bit `⌊moves / 2⌋ mod 2` (see [`GroupTable::depth`]).
    #[inline(always)]
    pub(super) fn lookup(&self, cells: &[u8], blank: u8) -> u8 {
        let map = cells.iter().fold(0u64, |m, &c| m | 1 << c);
        self.entry(self.index_of(cells, map, blank))
    }

    /// The index of the entry [`GroupTable::lookup`] reads, `map` being the cells the
    /// tiles occupy.
    #[inline(always)]
    pub(super) fn index_of(&self, cells: &[u8], map: u64, blank: u8) -> u64 {
        match &self.index {
            TableIndex::Placement(ranker) => ranker.rank(cells.iter().copied()),
            TableIndex::Region(rank) => rank.rank_on(cells, map, blank),
        }
    }

    /// The entry at `index`.
    #[inline(always)]
    pub(super) fn entry(&self, index: u64) -> u8 {
        let data = &self.storage.bytes()[PAYLOAD_HEADER..];
        match self.bits {
            1 => (data[(index >> 3) as usize] >> (index & 7)) & 1,
            4 => (data[(index >> 1) as usize] >> ((index & 1) * 4)) & 15,
            _ => data[index as usize],
        }
    }

    /// The exact depth (fewest group-tile moves home) of a state of a zero-aware table,
    /// from its bits: a state's depth `d` has the parity of the group's Manhattan sum, and
    /// its bit gives `⌊d/2⌋ mod 2`, so `d mod 4` is known; every neighbour is at `d − 1`
    /// or `d + 1`, which differ in their bit, so a neighbour one step closer is found
    /// among them, and the walk down to the goal state counts `d`. A search needs this
    /// at its root only: after a move, the bit alone tells `d − 1` from `d + 1`.
    ///
    /// A table whose bits lead nowhere (a file that passed its checksum but was not
    /// written by this program) gives the group's Manhattan sum, a lower bound, rather
    /// than a panic or an endless walk.
    ///
    /// # Panics
    /// On a classic table.
    pub(super) fn depth(&self, cells: &[u8], blank: u8) -> u8 {
        let walk = self.walk.as_ref().expect("a zero-aware table");
        let TableIndex::Region(rank) = &self.index else {
            unreachable!("a zero-aware table is ranked by region")
        };
        let k = cells.len();
        let mut cells_now = [0u8; MAX_REGION_TILES];
        cells_now[..k].copy_from_slice(cells);
        let mut blank = blank;
        let md: usize = cells
            .iter()
            .zip(&walk.goal_cells)
            .map(|(&c, &g)| walk.size.cell_distance(usize::from(c), usize::from(g)))
            .sum();
        let mut index = rank.rank(cells, blank);
        let mut modulo = (self.entry(index) << 1) | (md & 1) as u8;
        let mut depth = 0u8;
        while index != walk.goal_index {
            let closer = ((modulo + 3) & 3) >> 1;
            let occupied = cells_now[..k].iter().fold(0u64, |m, &c| m | 1 << c);
            let region = walk
                .masks
                .flood(usize::from(blank), walk.masks.full & !occupied);
            let step = (0..k).find_map(|i| {
                let from = cells_now[i];
                let mut targets = walk.masks.neighbours[usize::from(from)] & region;
                while targets != 0 {
                    let to = targets.trailing_zeros() as u8;
                    targets &= targets - 1;
                    let mut next = cells_now;
                    next[i] = to;
                    let child = rank.rank(&next[..k], from);
                    if self.entry(child) == closer {
                        return Some((i, to, from, child));
                    }
                }
                None
            });
            let Some((i, to, from, child)) = step.filter(|_| depth < u8::MAX) else {
                // Bits that lead nowhere: not a table this program wrote.
                return md as u8;
            };
            cells_now[i] = to;
            blank = from;
            index = child;
            modulo = (modulo + 3) & 3;
            depth += 1;
        }
        depth
    }

    /// The largest entry `(moves − manhattan) / 2` (for reports): written in the payload
    /// of a zero-aware table, read off a classic one.
    pub(super) fn max_entry(&self) -> u8 {
        let bytes = self.storage.bytes();
        if self.bits == 1 {
            return bytes[1];
        }
        bytes[PAYLOAD_HEADER..]
            .iter()
            .map(|&b| {
                if self.bits == 4 {
                    (b & 15).max(b >> 4)
                } else {
                    b
                }
            })
            .max()
            .unwrap_or(0)
    }
}

/// The payload of a group's file: the entry width (bits), the largest entry, padding,
/// then the entries. A classic table stores `(moves − manhattan)/2` four bits each when
/// the largest fits, else a byte each; a zero-aware table one bit per state,
/// `⌊moves/2⌋ mod 2` (see [`GroupTable::depth`]). `None` when `cancel` was set before
/// the build was done.
pub(super) fn payload(
    size: Size,
    goal: &Board,
    tiles: &[u8],
    kind: TableKind,
    progress: &dyn Progress,
    cancel: Option<&CancelToken>,
) -> Option<Vec<u8>> {
    let goal_pos = goal.positions();
    let goal_cells: Vec<u8> = tiles.iter().map(|&t| goal_pos[t as usize] as u8).collect();
    let what = format!(
        "{} pattern database {size} tiles {}",
        kind.name(),
        group_text(tiles)
    );
    let rank = RegionRank::shared(size, tiles.len());
    let depths = build::region_depths(
        size,
        &rank,
        &goal_cells,
        goal.blank() as u8,
        progress,
        &what,
        cancel,
    )?;
    let mut out = vec![0u8; PAYLOAD_HEADER];
    if kind == TableKind::ZeroAware {
        let (bits, max) = build::region_bits(size, &rank, &goal_cells, &depths, cancel)?;
        out[0] = 1;
        out[1] = max;
        out.extend_from_slice(&bits);
        return Some(out);
    }
    let (extras, max) = build::placement_extras(size, &rank, &goal_cells, &depths, cancel)?;
    drop(depths);
    if max <= 15 {
        out[0] = 4;
        out.extend(
            extras
                .chunks(2)
                .map(|pair| pair[0] | pair.get(1).map_or(0, |hi| hi << 4)),
        );
    } else {
        out[0] = 8;
        out.extend_from_slice(&extras);
    }
    Some(out)
}
