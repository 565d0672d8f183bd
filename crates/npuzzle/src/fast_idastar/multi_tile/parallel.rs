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

use super::{axis, JumpEstimate, Walk, MAX_JUMP_CELLS};

/// Moves from the root to the subtrees: 3 multi-tile moves make some 30 subtrees on the
/// 15-puzzle, enough for two threads to share, few enough to list at once.
pub(super) const SPLIT: u32 = 3;

/// Where a subtree starts.
struct Seed<N> {
    cells: [u8; MAX_JUMP_CELLS],
    blank: usize,
    path: Vec<Move>,
    node: N,
    h: u32,
    last_axis: u8,
}

/// What one iteration found: the answer, or the next bound, or the limit that stopped it.
pub(super) enum Iteration {
    Found(Vec<Move>),
    Exceeded(u32),
    Stopped(GiveUp),
}

/// Runs the iteration of `bound` from `root` (the state of `walk`, estimate node `node`,
/// its estimate `h`) on `threads` threads under `limits`; returns what it found and
/// what it cost. `bound` is more than [`SPLIT`], so no solution lies above the cut.
pub(super) fn iteration<E: JumpEstimate>(
    walk: &mut Walk<'_, E>,
    node: E::Node,
    h: u32,
    bound: u32,
    threads: usize,
    limits: &Limits,
) -> (Iteration, Stats) {
    let mut seeds = Vec::new();
    let mut next_bound = u32::MAX;
    list(walk, 0, bound, node, h, 2, &mut seeds, &mut next_bound);
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
                        worker.cells = seed.cells;
                        worker.blank = seed.blank;
                        worker.path.clear();
                        worker.path.extend_from_slice(&seed.path);
                        if worker.dfs(SPLIT, bound, seed.node, seed.h, seed.last_axis) {
                            first_found.fetch_min(index, Relaxed);
                            if let Ok(mut found) = found.lock() {
                                found.push((index, std::mem::take(&mut worker.path)));
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

/// Lists, in the canonical order, the nodes [`SPLIT`] moves below `node` within `bound`
/// (`g` moves made, the last along `last_axis`), raising `next_bound` past the others.
#[allow(clippy::too_many_arguments)]
fn list<E: JumpEstimate>(
    walk: &mut Walk<'_, E>,
    g: u32,
    bound: u32,
    node: E::Node,
    h: u32,
    last_axis: u8,
    seeds: &mut Vec<Seed<E::Node>>,
    next_bound: &mut u32,
) {
    if g == SPLIT {
        seeds.push(Seed {
            cells: walk.cells,
            blank: walk.blank,
            path: walk.path.clone(),
            node,
            h,
            last_axis,
        });
        return;
    }
    let mut children = super::Children::of(node);
    walk.children(node, last_axis, bound - g - 1, &mut children);
    for i in 0..children.count {
        let (estimate, (direction, length)) = (children.values[i], children.jumps[i]);
        let total = g + 1 + estimate;
        if total > bound {
            *next_bound = (*next_bound).min(total);
            continue;
        }
        let undo = walk.jump(direction, length);
        let mv = walk.order[usize::from(direction)];
        list(
            walk,
            g + 1,
            bound,
            children.nodes[i],
            estimate,
            axis(mv),
            seeds,
            next_bound,
        );
        walk.take_back(undo);
    }
}

impl<'a, E: JumpEstimate> Walk<'a, E> {
    /// A walk from the same root with a budget of its own under `limits`.
    fn fork(&self, limits: &Limits) -> Walk<'a, E> {
        Walk {
            estimate: self.estimate,
            size: self.size,
            cells: self.cells,
            goal: self.goal,
            blank: self.blank,
            order: self.order,
            rays: self.rays.clone(),
            budget: Budget::new(limits),
            path: Vec::with_capacity(256),
            next_bound: u32::MAX,
            stopped: None,
        }
    }
}
