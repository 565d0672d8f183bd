//! Building one group's table: a breadth-first search backwards from the goal over
//! (placement of the group's tiles, region of the blank), the states of
//! [`RegionRank`].
//!
//! Only the group's tiles are tracked; every other cell is empty as far as the table is
//! concerned, so the blank roams its connected region of empty cells for free. A state's
//! successors are the moves of a group tile into an adjacent cell of the blank's region,
//! each costing one, after which the blank is in the region of the cell the tile left.
//! That makes the 0-1 search (free blank moves, paid tile moves) a plain breadth-first
//! search with unit edges over the region states. A state's depth is the fewest moves of
//! the group's tiles that bring the group home from that placement with the blank in that
//! region, whatever the other tiles do: the entry of a zero-aware table. Its least value
//! over the regions is the entry of a classic table (the blank anywhere). Either way, a
//! move moves one tile and is paid in one group only, which is why groups add up
//! admissibly.
//!
//! **Memory**: one byte per state during the search, eight to an atomic word (181 MB for 6 tiles on 5×5,
//! where a bitset over placement × blank cell, the first version, peaked at 1.4 GiB;
//! 1.43 GB for 8 tiles on 4×4, against 3.6 GB). Each layer is a sweep over all states
//! that expands those at the current depth: both cores sweep (rayon, by maps), and a
//! child's depth is set with a compare-and-swap from "unset", so every state is claimed
//! exactly once.

use std::sync::atomic::{AtomicU64, AtomicU8, Ordering::Relaxed};

use rayon::prelude::*;

use super::cell_masks::CellMasks;
use super::region_rank::{RegionRank, MAX_REGION_TILES};
use crate::puzzle::board::Size;
use crate::puzzle::rank::PartialRank;
use crate::util::cancel::CancelToken;
use crate::util::progress::Progress;

/// The depth of a state never reached (only when the group holds every tile, where
/// parity splits the space).
const UNSET: u8 = u8::MAX;

/// Maps per parallel work item: enough to amortise scheduling, few enough to balance
/// the two cores.
const MAPS_PER_ITEM: usize = 64;

/// The exact depth of every (placement, region) state of the tiles whose goal cells are
/// `goal_cells` (the blank's goal cell `goal_blank`), indexed by `rank`; [`u8::MAX`] for
/// states never reached. `None` once `cancel` is set: every work item of a sweep reads
/// it first (an item is [`MAPS_PER_ITEM`] maps, milliseconds of work), so a build told
/// to stop does within milliseconds, not at the end of a sweep of seconds.
pub(super) fn region_depths(
    size: Size,
    rank: &RegionRank,
    goal_cells: &[u8],
    goal_blank: u8,
    progress: &dyn Progress,
    what: &str,
    cancel: Option<&CancelToken>,
) -> Option<Vec<u8>> {
    let k = goal_cells.len();
    let masks = CellMasks::new(size);
    let depth = Depths::new(rank.count as usize);
    progress.start(what, rank.count);
    depth.claim(rank.rank(goal_cells, goal_blank) as usize, 0);
    progress.advance(1);
    let orders = rank.orders() as usize;
    let n = size.cells();
    for d in 0u8.. {
        let found: u64 = (0..rank.maps().div_ceil(MAPS_PER_ITEM))
            .into_par_iter()
            .map(|item| {
                let mut found = 0u64;
                if CancelToken::is_set(cancel) {
                    return found;
                }
                let mut cells = [0u8; MAX_REGION_TILES];
                // A state has at most four moves per group tile.
                let mut children = [0usize; 4 * MAX_REGION_TILES];
                let mut seen = [0u8; 4 * MAX_REGION_TILES];
                for m in item * MAPS_PER_ITEM..rank.maps().min((item + 1) * MAPS_PER_ITEM) {
                    let map = rank.map(m);
                    for r in 0..rank.regions(m) {
                        let base = rank.base(m, r) as usize;
                        if !depth.any(base, base + orders, d) {
                            continue;
                        }
                        let region = (0..n)
                            .filter(|&c| usize::from(rank.label(m, c)) == r)
                            .fold(0u64, |acc, c| acc | 1 << c);
                        for order in 0..orders {
                            if depth.get(base + order) != d {
                                continue;
                            }
                            rank.place(map, order as u64, &mut cells[..k]);
                            // Children first, then their depths in one sweep: the loads
                            // are independent, so the cache misses of a state's children
                            // overlap instead of queueing.
                            let mut count = 0;
                            for i in 0..k {
                                let from = cells[i];
                                let mut targets = masks.neighbours[from as usize] & region;
                                while targets != 0 {
                                    cells[i] = targets.trailing_zeros() as u8;
                                    targets &= targets - 1;
                                    children[count] = rank.rank(&cells[..k], from) as usize;
                                    count += 1;
                                }
                                cells[i] = from;
                            }
                            for (seen, &child) in seen.iter_mut().zip(&children[..count]) {
                                *seen = depth.get(child);
                            }
                            for (&seen, &child) in seen.iter().zip(&children[..count]) {
                                if seen == UNSET && depth.claim(child, d + 1) {
                                    found += 1;
                                }
                            }
                        }
                    }
                }
                progress.advance(found);
                found
            })
            .sum();
        if CancelToken::is_set(cancel) {
            progress.finish();
            return None;
        }
        if found == 0 {
            break;
        }
        assert!(d < UNSET - 1, "pattern depths fit in a byte");
    }
    progress.finish();
    Some(depth.into_bytes())
}

/// One byte per state, packed eight to an atomic word: a word is tested for a depth in a
/// few instructions, where a byte at a time made the sweeps of the sparse first and last
/// layers a large part of a build.
struct Depths {
    words: Vec<AtomicU64>,
    len: usize,
}

/// `0x01` in every byte.
const ONES: u64 = 0x0101_0101_0101_0101;
/// `0x80` in every byte.
const HIGHS: u64 = 0x8080_8080_8080_8080;

impl Depths {
    fn new(len: usize) -> Depths {
        Depths {
            words: (0..len.div_ceil(8))
                .map(|_| AtomicU64::new(u64::MAX))
                .collect(),
            len,
        }
    }

    fn get(&self, i: usize) -> u8 {
        (self.words[i / 8].load(Relaxed) >> (8 * (i % 8))) as u8
    }

    /// Sets state `i` to `depth` if it is unset; whether it was.
    fn claim(&self, i: usize, depth: u8) -> bool {
        let word = &self.words[i / 8];
        let shift = 8 * (i % 8);
        let mut current = word.load(Relaxed);
        loop {
            if (current >> shift) as u8 != UNSET {
                return false;
            }
            let wanted = current & !(0xFF << shift) | u64::from(depth) << shift;
            match word.compare_exchange_weak(current, wanted, Relaxed, Relaxed) {
                Ok(_) => return true,
                Err(now) => current = now,
            }
        }
    }

    /// Whether a state in `start..end` has depth `depth`.
    fn any(&self, start: usize, end: usize, depth: u8) -> bool {
        let pattern = ONES * u64::from(depth);
        let (first, last) = (start / 8, (end - 1) / 8);
        (first..=last).any(|w| {
            let mut x = self.words[w].load(Relaxed) ^ pattern;
            // Bytes outside the range are made non-zero before the zero-byte test.
            if w == first {
                x |= (1u64 << (8 * (start % 8))) - 1;
            }
            if w == last && end % 8 != 0 {
                x |= !0u64 << (8 * (end % 8));
            }
            x.wrapping_sub(ONES) & !x & HIGHS != 0
        })
    }

    fn into_bytes(self) -> Vec<u8> {
        let mut out: Vec<u8> = self
            .words
            .into_iter()
            .flat_map(|w| w.into_inner().to_le_bytes())
            .collect();
        out.truncate(self.len);
        out
    }
}

/// Each group tile's Manhattan distance from every cell.
fn tile_distances(size: Size, goal_cells: &[u8]) -> Vec<Vec<u8>> {
    goal_cells
        .iter()
        .map(|&g| {
            (0..size.cells())
                .map(|c| size.cell_distance(c, g as usize) as u8)
                .collect()
        })
        .collect()
}

/// The group's Manhattan sum with its tiles on `cells`.
fn manhattan(distance: &[Vec<u8>], cells: &[u8]) -> u32 {
    cells
        .iter()
        .zip(distance)
        .map(|(&c, d)| u32::from(d[c as usize]))
        .sum()
}

/// A stored entry: `(depth − manhattan) / 2`, exact because each group-tile move changes
/// the depth by one and one tile's Manhattan term by one, so the two have the same
/// parity. An unreached state (never looked up) stores 0, a bound anyway.
fn extra(depth: u8, md: u32) -> u8 {
    if depth == UNSET {
        return 0;
    }
    debug_assert_eq!((u32::from(depth) - md) % 2, 0);
    ((u32::from(depth) - md) / 2) as u8
}

/// The entries of a zero-aware table, one bit per state by [`RegionRank`] index (eight
/// to a byte, low bit first): `⌊depth / 2⌋ mod 2`. Returns them and the largest
/// `(depth − manhattan) / 2`, for reports; `None` once `cancel` is set (read by every
/// work item, as in [`region_depths`]).
pub(super) fn region_bits(
    size: Size,
    rank: &RegionRank,
    goal_cells: &[u8],
    depths: &[u8],
    cancel: Option<&CancelToken>,
) -> Option<(Vec<u8>, u8)> {
    let k = goal_cells.len();
    let distance = tile_distances(size, goal_cells);
    let orders = rank.orders() as usize;
    let bits: Vec<u8> = depths
        .par_chunks(8)
        .map(|eight| {
            eight.iter().enumerate().fold(0u8, |byte, (i, &d)| {
                byte | ((d >> 1) & 1 & u8::from(d != UNSET)) << i
            })
        })
        .collect();
    let max = (0..rank.maps())
        .into_par_iter()
        .with_min_len(MAPS_PER_ITEM)
        .map(|m| {
            let mut cells = [0u8; MAX_REGION_TILES];
            let base = rank.base(m, 0) as usize;
            let mut max = 0u8;
            if CancelToken::is_set(cancel) {
                return max;
            }
            for order in 0..orders {
                rank.place(rank.map(m), order as u64, &mut cells[..k]);
                let md = manhattan(&distance, &cells[..k]);
                for r in 0..rank.regions(m) {
                    max = max.max(extra(depths[base + r * orders + order], md));
                }
            }
            max
        })
        .max()
        .unwrap_or(0);
    (!CancelToken::is_set(cancel)).then_some((bits, max))
}

/// The entries of a classic table, by [`PartialRank`] of the placement: from each
/// placement's least depth over the blank's regions. Returns them and the largest;
/// `None` once `cancel` is set (read by every work item, as in [`region_depths`]).
pub(super) fn placement_extras(
    size: Size,
    rank: &RegionRank,
    goal_cells: &[u8],
    depths: &[u8],
    cancel: Option<&CancelToken>,
) -> Option<(Vec<u8>, u8)> {
    let k = goal_cells.len();
    let ranker = PartialRank::new(size.cells(), k);
    let distance = tile_distances(size, goal_cells);
    let out: Vec<AtomicU8> = (0..ranker.count).map(|_| AtomicU8::new(0)).collect();
    let orders = rank.orders() as usize;
    let max = (0..rank.maps().div_ceil(MAPS_PER_ITEM))
        .into_par_iter()
        .map(|item| {
            let mut cells = [0u8; MAX_REGION_TILES];
            let mut max = 0u8;
            if CancelToken::is_set(cancel) {
                return max;
            }
            for m in item * MAPS_PER_ITEM..rank.maps().min((item + 1) * MAPS_PER_ITEM) {
                let base = rank.base(m, 0) as usize;
                for order in 0..orders {
                    let least = (0..rank.regions(m))
                        .map(|r| depths[base + r * orders + order])
                        .min()
                        .unwrap_or(UNSET);
                    rank.place(rank.map(m), order as u64, &mut cells[..k]);
                    let e = extra(least, manhattan(&distance, &cells[..k]));
                    let p = ranker.rank(cells[..k].iter().copied()) as usize;
                    out[p].store(e, Relaxed);
                    max = max.max(e);
                }
            }
            max
        })
        .max()
        .unwrap_or(0);
    if CancelToken::is_set(cancel) {
        return None;
    }
    Some((out.into_iter().map(AtomicU8::into_inner).collect(), max))
}
