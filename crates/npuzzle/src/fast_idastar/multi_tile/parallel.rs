//! One iteration of the multi-tile IDA* on several threads, with the answer one thread
//! would give.
//!
//! The iteration's tree is cut [`SPLIT`] moves below the root into subtrees, listed in
//! the canonical order; threads take them in that order. Every subtree before the first
//! that holds a solution is searched to the end, and a subtree's first solution is its
//! smallest, so the smallest solution of the lowest subtree that has one is the one the
//! serial search finds first. Subtrees after one known to hold a solution are skipped.

use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};
use std::sync::Mutex;

use crate::puzzle::board::Move;
use crate::search::{Budget, GiveUp, Limits, Outcome, Stats};

use super::{Expander, JumpEstimate, Place, Walk};

/// Moves from the root to the subtrees: 3 multi-tile moves make some 30 subtrees on the
/// 15-puzzle, enough for two threads to share, few enough to list at once.
pub(super) const SPLIT: u32 = 3;

/// Where a subtree starts: the place three moves down and the moves there.
struct Seed<N> {
    place: Place<N>,
    jumps: Vec<(u8, u8)>,
}

/// What one iteration found: the answer, or the next bound, or the limit that stopped it.
pub(super) enum Iteration {
    Found(Vec<Move>),
    Exceeded(u32),
    Stopped(GiveUp),
}

/// Runs the iteration of `bound` from `root` with `walk`'s settings on `threads` threads
/// under `limits`; returns what it found and what it cost. `bound` is more than
/// [`SPLIT`], so no solution lies above the cut.
pub(super) fn iteration<E: JumpEstimate>(
    walk: &mut Walk<'_, E>,
    root: Place<E::Node>,
    bound: u32,
    threads: usize,
    limits: &Limits,
) -> (Iteration, Stats) {
    let mut seeds = Vec::new();
    let mut next_bound = u32::MAX;
    list(walk, 0, bound, root, &mut seeds, &mut next_bound);
    let taken = AtomicUsize::new(0);
    let first_found = AtomicUsize::new(usize::MAX);
    let found: Mutex<Vec<(usize, Vec<Move>)>> = Mutex::new(Vec::new());
    let stopped: Mutex<Option<GiveUp>> = Mutex::new(None);
    let results: Vec<(u32, Stats)> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|_| {
                let mut worker = walk.fork(limits);
                let (seeds, taken, first_found, found, stopped) =
                    (&seeds, &taken, &first_found, &found, &stopped);
                scope.spawn(move || {
                    loop {
                        let index = taken.fetch_add(1, Relaxed);
                        if index >= seeds.len() || index > first_found.load(Relaxed) {
                            break;
                        }
                        if stopped.lock().is_ok_and(|s| s.is_some()) {
                            break;
                        }
                        let seed = &seeds[index];
                        worker.jumps.clear();
                        worker.jumps.extend_from_slice(&seed.jumps);
                        if worker.dfs(SPLIT, bound, seed.place) {
                            first_found.fetch_min(index, Relaxed);
                            if let Ok(mut found) = found.lock() {
                                found.push((index, worker.path()));
                            }
                        } else if let Some(why) = worker.stopped.take() {
                            if let Ok(mut stopped) = stopped.lock() {
                                stopped.get_or_insert(why);
                            }
                            break;
                        }
                    }
                    let stats = worker.budget.finish(Outcome::<()>::Exhausted).stats;
                    (worker.next_bound, stats)
                })
            })
            .collect();
        workers
            .into_iter()
            .map(|w| w.join().expect("a search thread does not panic"))
            .collect()
    });
    let mut stats = Stats::default();
    for (bound, worker) in results {
        next_bound = next_bound.min(bound);
        stats = stats.plus(worker);
        // The threads ran side by side: their time is the longest, not the sum.
        stats.seconds = stats.seconds.max(worker.seconds);
    }
    let found = found.into_inner().unwrap_or_default();
    let outcome = if let Some((_, path)) = found.into_iter().min_by_key(|(index, _)| *index) {
        Iteration::Found(path)
    } else if let Some(why) = stopped.into_inner().ok().flatten() {
        Iteration::Stopped(why)
    } else {
        Iteration::Exceeded(next_bound)
    };
    (outcome, stats)
}

/// Lists, in the canonical order, the places [`SPLIT`] moves below `place` within
/// `bound` (`g` moves made), raising `next_bound` past the others.
fn list<E: JumpEstimate>(
    walk: &mut Walk<'_, E>,
    g: u32,
    bound: u32,
    place: Place<E::Node>,
    seeds: &mut Vec<Seed<E::Node>>,
    next_bound: &mut u32,
) {
    if g == SPLIT {
        seeds.push(Seed {
            place,
            jumps: walk.jumps.clone(),
        });
        return;
    }
    walk.expand(g, &place, bound - g - 1);
    let depth = g as usize;
    for i in 0..walk.frames[depth].count {
        let children = &walk.frames[depth];
        let total = g + 1 + children.values[i];
        if total > bound {
            *next_bound = (*next_bound).min(total);
            continue;
        }
        let child = children.place(i, walk.expander.order);
        walk.jumps.push(children.jumps[i]);
        list(walk, g + 1, bound, child, seeds, next_bound);
        walk.jumps.pop();
    }
}

impl<'a, E: JumpEstimate> Walk<'a, E> {
    /// A walk from the same root with a budget of its own under `limits`.
    fn fork(&self, limits: &Limits) -> Walk<'a, E> {
        Walk {
            expander: Expander {
                estimate: self.expander.estimate,
                order: self.expander.order,
                rays: self.expander.rays.clone(),
                pruner: self.expander.pruner.clone(),
            },
            goal: self.goal,
            budget: Budget::new(limits),
            jumps: Vec::with_capacity(128),
            frames: Vec::with_capacity(128),
            next_bound: u32::MAX,
            stopped: None,
        }
    }
}
