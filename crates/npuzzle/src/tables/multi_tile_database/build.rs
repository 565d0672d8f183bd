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
    jumps_until(size, arrangement, |next| {
        visit(next);
        false
    });
}

/// [`jumps`] until `visit` returns true.
#[inline]
fn jumps_until(size: Size, arrangement: Packed, mut visit: impl FnMut(Packed) -> bool) {
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
            if visit(next) {
                return;
            }
        }
    }
}

/// How one layer of the breadth-first search is found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Sweep {
    /// From each arrangement of the last layer, mark its unseen neighbours.
    Forward,
    /// Each unseen arrangement with a neighbour in the last layer is in the next: cheaper
    /// once fewer arrangements are unseen than were found last, since its search stops
    /// at the first such neighbour and the last layer is never expanded.
    Backward,
}

/// The sweep that finds the layer after one of `frontier` arrangements with `unseen`
/// left: backward once the unseen are fewer.
fn sweep_for(frontier: u64, unseen: u64) -> Sweep {
    if unseen < frontier {
        Sweep::Backward
    } else {
        Sweep::Forward
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
    distances_sweeping(size, rank, goal, progress, cancel, sweep_for)
}

/// [`distances`], each layer found by the sweep `choose` names for the last layer's
/// size and the arrangements not seen yet.
fn distances_sweeping(
    size: Size,
    rank: &ColourRank,
    goal: Packed,
    progress: &dyn Progress,
    cancel: Option<&CancelToken>,
    choose: impl Fn(u64, u64) -> Sweep,
) -> Option<Vec<u8>> {
    let total = usize::try_from(rank.total()).expect("a table that fits in memory");
    let table: Vec<AtomicU8> = (0..total).map(|_| AtomicU8::new(UNSEEN)).collect();
    table[rank.rank(goal) as usize].store(0, Relaxed);
    progress.start(
        &format!("building the multi-tile database of {size} ({total} states)"),
        total as u64,
    );
    progress.advance(1);
    let mut frontier = 1u64;
    let mut unseen = total as u64 - 1;
    for depth in 0..UNSEEN - 1 {
        let sweep = choose(frontier, unseen);
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
                    let arrangement = || rank.unrank((chunk * CHUNK + offset) as u64);
                    match sweep {
                        Sweep::Forward => {
                            if entry.load(Relaxed) != depth {
                                continue;
                            }
                            jumps(size, arrangement(), |next| {
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
                        Sweep::Backward => {
                            if entry.load(Relaxed) != UNSEEN {
                                continue;
                            }
                            // Only this thread writes this entry, and never `depth`,
                            // which the other threads look for.
                            let mut reached = false;
                            jumps_until(size, arrangement(), |next| {
                                reached = table[rank.rank(next) as usize].load(Relaxed) == depth;
                                reached
                            });
                            if reached {
                                entry.store(depth + 1, Relaxed);
                                fresh += 1;
                            }
                        }
                    }
                }
                found.fetch_add(fresh, Relaxed);
                progress.advance(fresh);
            });
        if CancelToken::is_set(cancel) {
            progress.finish();
            return None;
        }
        frontier = found.load(Relaxed);
        unseen -= frontier;
        if frontier == 0 {
            break;
        }
    }
    progress.finish();
    Some(table.into_iter().map(AtomicU8::into_inner).collect())
}

#[cfg(test)]
mod tests {
    use std::collections::VecDeque;

    use super::*;
    use crate::util::progress::Silent;

    /// A rule choosing each layer's sweep.
    type Choice = fn(u64, u64) -> Sweep;

    /// The distances by a plain breadth-first search with a queue, one thread.
    fn reference(size: Size, rank: &ColourRank, goal: Packed) -> Vec<u8> {
        let mut table = vec![UNSEEN; rank.total() as usize];
        table[rank.rank(goal) as usize] = 0;
        let mut queue = VecDeque::from([goal]);
        while let Some(arrangement) = queue.pop_front() {
            let depth = table[rank.rank(arrangement) as usize];
            jumps(size, arrangement, |next| {
                let slot = &mut table[rank.rank(next) as usize];
                if *slot == UNSEEN {
                    *slot = depth + 1;
                    queue.push_back(next);
                }
            });
        }
        table
    }

    #[test]
    fn every_sweep_finds_the_distances_of_a_plain_breadth_first_search() {
        // 4x3 with four colours (12!/(1!3!4!3!1!) = 277,200 arrangements) and 3x3 with
        // two (whose colours keep no parity either).
        let boards = [
            (Size::new(4, 3).unwrap(), vec![3u8, 4, 3, 1]),
            (Size::square(3).unwrap(), vec![4, 4]),
        ];
        for (size, counts) in boards {
            let rank = ColourRank::new(size.cells(), &counts);
            // The goal: colour 1 on the first tiles, and so on, the blank (0) last.
            let mut goal: Packed = 0;
            let mut cell = 0;
            for (c, &count) in counts.iter().enumerate() {
                for _ in 0..count {
                    goal |= ((c + 1) as Packed) << (4 * cell);
                    cell += 1;
                }
            }
            let expected = reference(size, &rank, goal);
            let choices: [(&str, Choice); 3] = [
                ("forward", |_, _| Sweep::Forward),
                ("backward after the first", |frontier, _| {
                    if frontier > 1 {
                        Sweep::Backward
                    } else {
                        Sweep::Forward
                    }
                }),
                ("the build's", sweep_for),
            ];
            for (name, choose) in choices {
                let built = distances_sweeping(size, &rank, goal, &Silent, None, choose).unwrap();
                assert!(built == expected, "{size} {counts:?}: {name}");
            }
            assert!(expected.iter().any(|&d| d > 5));
        }
    }
}
