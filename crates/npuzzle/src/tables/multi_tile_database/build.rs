//! The breadth-first search that fills a coloured database, layer by layer on every core.

use std::sync::atomic::{AtomicU64, AtomicU8, Ordering::Relaxed};

use rayon::prelude::*;

use crate::puzzle::board::{Move, Size};
use crate::util::cancel::CancelToken;
use crate::util::progress::Progress;

use super::colour_rank::{ColourRank, Packed};

/// Not reached yet.
const UNSEEN: u8 = u8::MAX;
/// States handed to a thread at a time.
const CHUNK: usize = 1 << 16;

/// Every arrangement one multi-tile move from `arrangement` (the blank jumping any
/// number of cells along its row or column), told to `visit`.
#[inline]
pub(super) fn jumps(size: Size, arrangement: Packed, mut visit: impl FnMut(Packed)) {
    let start = (0..size.cells())
        .find(|&cell| (arrangement >> (4 * cell)).trailing_zeros() >= 4)
        .expect("a blank");
    for mv in Move::ALL {
        let mut next = arrangement;
        let mut blank = start;
        while let Some(cell) = size.step(blank, mv) {
            let digit = (next >> (4 * cell)) & 0xF;
            next ^= (digit << (4 * cell)) | (digit << (4 * blank));
            blank = cell;
            visit(next);
        }
    }
}

/// The multi-tile distance of every arrangement to `goal`, or `None` once `cancel` is
/// set. Jumps are reversible, so distances from the goal are distances to it.
pub(super) fn distances(
    size: Size,
    rank: &ColourRank,
    goal: Packed,
    progress: &dyn Progress,
    cancel: Option<&CancelToken>,
) -> Option<Vec<u8>> {
    let total = usize::try_from(rank.total()).expect("a table that fits in memory");
    let table: Vec<AtomicU8> = (0..total).map(|_| AtomicU8::new(UNSEEN)).collect();
    table[rank.rank(goal) as usize].store(0, Relaxed);
    progress.start(
        &format!("building the multi-tile database of {size} ({total} states)"),
        total as u64,
    );
    progress.advance(1);
    for depth in 0..UNSEEN - 1 {
        let found = AtomicU64::new(0);
        table
            .par_chunks(CHUNK)
            .enumerate()
            .for_each(|(chunk, entries)| {
                if CancelToken::is_set(cancel) {
                    return;
                }
                let mut fresh = 0;
                for (offset, entry) in entries.iter().enumerate() {
                    if entry.load(Relaxed) != depth {
                        continue;
                    }
                    let arrangement = rank.unrank((chunk * CHUNK + offset) as u64);
                    jumps(size, arrangement, |next| {
                        let slot = &table[rank.rank(next) as usize];
                        if slot.load(Relaxed) == UNSEEN
                            && slot
                                .compare_exchange(UNSEEN, depth + 1, Relaxed, Relaxed)
                                .is_ok()
                        {
                            fresh += 1;
                        }
                    });
                }
                found.fetch_add(fresh, Relaxed);
                progress.advance(fresh);
            });
        if CancelToken::is_set(cancel) {
            progress.finish();
            return None;
        }
        if found.load(Relaxed) == 0 {
            break;
        }
    }
    progress.finish();
    Some(table.into_iter().map(AtomicU8::into_inner).collect())
}
