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
//! exactly once. Groups of up to 8 tiles are expanded a block (one map and region, all
//! orders) at a time, children found by moved-order tables rather than ranked one by
//! one ([`expand_blocks`]: the 7-7-1 build took 73 s of CPU by states, 12 s by blocks).

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
    let shifted = rank.shifted_orders();
    let search = Search {
        size,
        rank,
        goal_cells,
        goal_blank,
        shifted: shifted.as_deref(),
    };
    search.depths(progress, what, cancel)
}

/// What [`region_depths`] searches: the group, and the moved orders when listed (the
/// search then goes a block at a time, else a state at a time).
struct Search<'a> {
    size: Size,
    rank: &'a RegionRank,
    goal_cells: &'a [u8],
    goal_blank: u8,
    shifted: Option<&'a [u16]>,
}

impl Search<'_> {
    fn depths(
        &self,
        progress: &dyn Progress,
        what: &str,
        cancel: Option<&CancelToken>,
    ) -> Option<Vec<u8>> {
        let Search {
            size,
            rank,
            goal_cells,
            goal_blank,
            shifted,
        } = *self;
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
                    let maps = item * MAPS_PER_ITEM..rank.maps().min((item + 1) * MAPS_PER_ITEM);
                    if let Some(shifted) = shifted {
                        found = expand_blocks(rank, &masks, n, shifted, &depth, maps, d);
                        progress.advance(found);
                        return found;
                    }
                    let mut cells = [0u8; MAX_REGION_TILES];
                    // A state has at most four moves per group tile.
                    let mut children = [0usize; 4 * MAX_REGION_TILES];
                    let mut seen = [0u8; 4 * MAX_REGION_TILES];
                    for m in maps {
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
}

/// Expands the states at depth `d` of maps `maps` a block at a time (the orders of one
/// map and region), for groups whose moved orders are listed (`shifted`, see
/// [`RegionRank::shifted_orders`]); returns the states it claimed at `d + 1`.
///
/// A move of the tile at position `p` among the occupied cells to a free cell of the
/// blank's region leads every order of the block into one block (the new map, and the
/// region of the cell the tile left), each order to its listed shifted order. So the
/// child block is found once per move, not ranked per child (the per-state search
/// spent most of a 7-7-1 build ranking children), and its 5,040 states (7 tiles) stay
/// in the first-level cache while a block's states are claimed into it. Depths are the
/// same: a state's depth is the layer that first reaches it, whoever claims it.
fn expand_blocks(
    rank: &RegionRank,
    masks: &CellMasks,
    n: usize,
    shifted: &[u16],
    depth: &Depths,
    maps: std::ops::Range<usize>,
    d: u8,
) -> u64 {
    let k = rank.tiles();
    let orders = rank.orders() as usize;
    let mut found = 0u64;
    let mut at_depth: Vec<u16> = Vec::with_capacity(orders);
    for m in maps {
        let map = rank.map(m);
        for r in 0..rank.regions(m) {
            let base = rank.base(m, r) as usize;
            if !depth.any(base, base + orders, d) {
                continue;
            }
            at_depth.clear();
            depth.each_at(base, base + orders, d, |i| at_depth.push((i - base) as u16));
            let region = (0..n)
                .filter(|&c| usize::from(rank.label(m, c)) == r)
                .fold(0u64, |acc, c| acc | 1 << c);
            let mut occupied = map;
            for p in 0..k {
                let from = occupied.trailing_zeros() as usize;
                occupied &= occupied - 1;
                let mut targets = masks.neighbours[from] & region;
                while targets != 0 {
                    let to = targets.trailing_zeros() as usize;
                    targets &= targets - 1;
                    let child_map = map & !(1 << from) | 1 << to;
                    let q = (child_map & ((1u64 << to) - 1)).count_ones() as usize;
                    let child_m = rank.map_number(child_map);
                    let child_base =
                        rank.base(child_m, usize::from(rank.label(child_m, from))) as usize;
                    let table = &shifted[(p * k + q) * orders..][..orders];
                    for &order in &at_depth {
                        let child = child_base + usize::from(table[usize::from(order)]);
                        if depth.get(child) == UNSET && depth.claim(child, d + 1) {
                            found += 1;
                        }
                    }
                }
            }
        }
    }
    found
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

    /// Calls `found` with every state in `start..end` of depth `depth`, in order: a
    /// word's bytes are tested at once (a block's sweep, a byte at a time, was most of a
    /// search by blocks).
    fn each_at(&self, start: usize, end: usize, depth: u8, mut found: impl FnMut(usize)) {
        const LOWS: u64 = 0x7F7F_7F7F_7F7F_7F7F;
        let pattern = ONES * u64::from(depth);
        for w in start / 8..end.div_ceil(8) {
            let x = self.words[w].load(Relaxed) ^ pattern;
            // The high bit of each byte that is zero, exactly (no borrow between bytes).
            let mut zero = !(((x & LOWS) + LOWS) | x | LOWS);
            while zero != 0 {
                let i = w * 8 + zero.trailing_zeros() as usize / 8;
                zero &= zero - 1;
                if (start..end).contains(&i) {
                    found(i);
                }
            }
        }
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::util::progress::Silent;

    /// Both searches of `tiles` (goal cells `0..tiles`, blank in the last cell).
    fn both(size: Size, tiles: usize) -> (Vec<u8>, Vec<u8>) {
        let rank = RegionRank::new(size, tiles);
        let goal_cells: Vec<u8> = (0..tiles as u8).collect();
        let shifted = rank.shifted_orders().expect("listed for small groups");
        let mut search = Search {
            size,
            rank: &rank,
            goal_cells: &goal_cells,
            goal_blank: size.cells() as u8 - 1,
            shifted: Some(&shifted),
        };
        let by_blocks = search.depths(&Silent, "", None).unwrap();
        search.shifted = None;
        let by_states = search.depths(&Silent, "", None).unwrap();
        (by_blocks, by_states)
    }

    #[test]
    fn the_search_by_blocks_finds_the_depths_of_the_search_by_states() {
        for (w, h, tiles) in [
            (3, 3, 3),
            (3, 3, 5),
            (4, 4, 3),
            (4, 4, 4),
            (2, 4, 3),
            (5, 3, 3),
        ] {
            let (by_blocks, by_states) = both(Size::new(w, h).unwrap(), tiles);
            assert!(
                by_blocks.iter().any(|&d| d > 5),
                "{w}x{h}: deep enough to mean something"
            );
            assert!(by_blocks == by_states, "{w}x{h}, {tiles} tiles");
        }
    }
}
