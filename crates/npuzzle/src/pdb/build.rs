//! Building one group's table: a breadth-first search backwards from the goal over
//! (placement of the group's tiles, region of the blank).
//!
//! Only the group's tiles are tracked; every other cell is empty as far as the table is
//! concerned, so the blank roams its connected region of empty cells for free. A state is
//! therefore the placement plus *which* region holds the blank, named by the region's
//! lowest cell; its successors are the moves of a group tile into an adjacent cell of that
//! region, each costing one. That makes the 0-1 search (free blank moves, paid tile moves)
//! a plain breadth-first search with unit edges. A placement's entry is the depth at which
//! it is first reached in any region: the fewest group-tile moves that bring the group
//! home, whatever the other tiles do, which is why the groups' entries add up admissibly.
//!
//! Memory plan (8 tiles on 16 cells: 518,918,400 placements): three bitsets over
//! placement × blank region (visited, this layer, next layer) at one bit per
//! (placement, cell) — 1.04 GB each — plus a byte per placement for the depth (0.52 GB),
//! about 3.6 GB at the peak; then the depths are packed into the stored entries. For a
//! 24-puzzle group of 6 tiles (127,512,000 placements × 25 cells = 3.19·10⁹ states, where
//! a state-per-entry search would need tens of GB) the bitsets are 398 MB each and the
//! build peaks at 1.4 GiB (measured, docs/BENCHMARKS.md). Both
//! cores expand the layer in parallel (rayon); bits are set with atomic `fetch_or`, and a
//! placement's depth with a compare-and-swap from "unset", so every state and placement is
//! claimed exactly once.

use std::sync::atomic::{AtomicU64, AtomicU8, Ordering::Relaxed};

use rayon::prelude::*;

use super::cell_masks::CellMasks;
use crate::board::Size;
use crate::progress::Progress;
use crate::rank::PartialRank;

const UNSET: u8 = u8::MAX;
/// Bitset words per parallel work item: big enough to amortise scheduling, small enough to
/// balance the two cores on sparse layers.
const CHUNK_WORDS: usize = 1 << 12;

/// The exact depth of every placement of `tiles` (goal cells `goal_cells`, blank's goal
/// cell `goal_blank`): `depths[rank]`, `u8::MAX` for placements never reached (only when
/// the group holds every tile, where parity splits the space).
pub(super) fn depths(
    size: Size,
    goal_cells: &[u8],
    goal_blank: u8,
    progress: &dyn Progress,
    what: &str,
) -> Vec<u8> {
    let n = size.cells();
    let masks = CellMasks::new(size);
    let ranker = PartialRank::new(n, goal_cells.len());
    let placements = ranker.count as usize;
    let states = placements * n;
    let words = states.div_ceil(64);
    let bitset = || -> Vec<AtomicU64> { (0..words).map(|_| AtomicU64::new(0)).collect() };
    let visited = bitset();
    let mut layer = bitset();
    let mut next = bitset();
    let depth: Vec<AtomicU8> = (0..placements).map(|_| AtomicU8::new(UNSET)).collect();

    progress.start(what, placements as u64);
    let start_rank = ranker.rank(goal_cells.iter().copied()) as usize;
    let occupied = goal_cells.iter().fold(0u64, |m, &c| m | 1 << c);
    let region = masks.flood(goal_blank as usize, masks.full & !occupied);
    let first = start_rank * n + region.trailing_zeros() as usize;
    for set in [&visited, &layer] {
        set[first / 64].fetch_or(1 << (first % 64), Relaxed);
    }
    depth[start_rank].store(0, Relaxed);
    progress.advance(1);

    let k = goal_cells.len();
    for d in 0u8.. {
        let new_states = layer
            .par_chunks(CHUNK_WORDS)
            .enumerate()
            .map(|(chunk_index, chunk)| {
                let mut found = 0u64;
                let mut placed = 0u64;
                let mut cells = [0u8; 64];
                // A state has at most four moves per group tile.
                let mut children = [0usize; 4 * 64];
                let mut seen = [0u64; 4 * 64];
                let mut last_placement = usize::MAX;
                for (w, word) in chunk.iter().enumerate() {
                    let mut bits = word.load(Relaxed);
                    while bits != 0 {
                        let index =
                            (chunk_index * CHUNK_WORDS + w) * 64 + bits.trailing_zeros() as usize;
                        bits &= bits - 1;
                        let (placement, blank) = (index / n, index % n);
                        // A placement's states (one per blank region) are neighbours in
                        // the bitset: unrank once for all of them.
                        if placement != last_placement {
                            ranker.unrank(placement as u64, &mut cells[..k]);
                            last_placement = placement;
                        }
                        let occupied = cells[..k].iter().fold(0u64, |m, &c| m | 1 << c);
                        let region = masks.flood(blank, masks.full & !occupied);
                        // Children first, then their visited words in one branch-free
                        // sweep: the loads are independent, so the cache misses of a
                        // state's children overlap instead of queueing.
                        let mut count = 0;
                        for i in 0..k {
                            let from = cells[i] as usize;
                            let mut targets = masks.neighbours[from] & region;
                            while targets != 0 {
                                let to = targets.trailing_zeros() as usize;
                                targets &= targets - 1;
                                let now = occupied ^ (1 << from) ^ (1 << to);
                                // The vacated cell joins (or links) the blank's region.
                                let low = masks.lowest_cell(from, masks.full & !now);
                                cells[i] = to as u8;
                                let rank = ranker.rank(cells[..k].iter().copied()) as usize;
                                cells[i] = from as u8;
                                children[count] = rank * n + low;
                                count += 1;
                            }
                        }
                        for (seen, &child) in seen.iter_mut().zip(&children[..count]) {
                            *seen = visited[child / 64].load(Relaxed);
                        }
                        for (&seen, &child) in seen.iter().zip(&children[..count]) {
                            let (word, bit) = (child / 64, 1u64 << (child % 64));
                            if seen & bit != 0 || visited[word].fetch_or(bit, Relaxed) & bit != 0 {
                                continue;
                            }
                            next[word].fetch_or(bit, Relaxed);
                            found += 1;
                            let rank = child / n;
                            if depth[rank]
                                .compare_exchange(UNSET, d + 1, Relaxed, Relaxed)
                                .is_ok()
                            {
                                placed += 1;
                            }
                        }
                    }
                }
                progress.advance(placed);
                found
            })
            .sum::<u64>();
        if new_states == 0 {
            break;
        }
        assert!(d < UNSET - 1, "pattern depths fit in a byte");
        std::mem::swap(&mut layer, &mut next);
        next.par_iter().for_each(|w| w.store(0, Relaxed));
    }
    progress.finish();
    drop((visited, layer, next));
    depth.into_iter().map(AtomicU8::into_inner).collect()
}

/// The stored entries: `(depth - manhattan of the group) / 2` per placement, which is
/// exact because each group-tile move changes that tile's Manhattan term by one, so depth
/// and Manhattan have the same parity. Returns the entries and the largest one.
pub(super) fn extras(size: Size, goal_cells: &[u8], depths: &[u8]) -> (Vec<u8>, u8) {
    let n = size.cells();
    let k = goal_cells.len();
    let ranker = PartialRank::new(n, k);
    // Each group tile's Manhattan distance from every cell, looked up instead of divided out.
    let distance: Vec<Vec<u8>> = goal_cells
        .iter()
        .map(|&g| {
            (0..n)
                .map(|c| size.cell_distance(c, g as usize) as u8)
                .collect()
        })
        .collect();
    let mut out = vec![0u8; depths.len()];
    let max = out
        .par_chunks_mut(1 << 16)
        .enumerate()
        .map(|(chunk_index, chunk)| {
            let mut cells = [0u8; 64];
            let mut max = 0u8;
            for (i, slot) in chunk.iter_mut().enumerate() {
                let rank = chunk_index * (1 << 16) + i;
                let d = depths[rank];
                if d == UNSET {
                    continue; // unreachable placement: never looked up, 0 is a bound anyway
                }
                ranker.unrank(rank as u64, &mut cells[..k]);
                let md: u32 = cells[..k]
                    .iter()
                    .zip(&distance)
                    .map(|(&c, d)| u32::from(d[c as usize]))
                    .sum();
                let extra = (u32::from(d) - md) / 2;
                debug_assert_eq!((u32::from(d) - md) % 2, 0);
                *slot = extra as u8;
                max = max.max(*slot);
            }
            max
        })
        .max()
        .unwrap_or(0);
    (out, max)
}
