//! The two ends of a bounded answer, shared by both schedules: the best solution found so
//! far (the upper bound, offered by every search that finds one), the optimal search's
//! options that raise the proven lower bound and show both ends, and the answer made of
//! them.

use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};
use std::sync::{Arc, Mutex};

use crate::answer::options::SolveOptions;
use crate::answer::solution::{Solution, Status};
use crate::puzzle::board::{Board, Move};
use crate::puzzle::metric::Metric;
use crate::search::{GiveUp, Limits};
use crate::util::progress::{Progress, SharedProgress};
use crate::util::proven_bound::ProvenBound;

/// The options of the optimal search, under `limits`, that raises `proven` and shows its
/// progress beside the upper bound.
pub(super) fn raising(
    options: &SolveOptions,
    limits: Limits,
    upper: &Upper,
    proven: &ProvenBound,
) -> SolveOptions {
    SolveOptions {
        limits,
        proven: Some(proven.clone()),
        progress: options.progress.as_ref().map(|_| {
            SharedProgress::new(Beside {
                upper: upper.clone(),
                proven: proven.clone(),
            })
        }),
        ..options.clone()
    }
}

/// The bounded answer: the best path found (replayed first) beside the proven bound; the
/// status given up for `why` where no path was found at all.
pub(super) fn bounded_answer(
    mut solution: Solution,
    start: &Board,
    goal: &Board,
    upper: &Upper,
    proven: &ProvenBound,
    why: GiveUp,
) -> Solution {
    let Some(moves) = upper.best().filter(|moves| reaches(start, goal, moves)) else {
        solution.status = Status::GaveUp(why);
        return solution;
    };
    let length = upper.metric.length(&moves);
    let lower = (proven.get() as usize).min(length);
    debug_assert_eq!(lower, proven.get() as usize, "a proven bound above a path");
    solution.optimal = lower == length;
    solution.lower_bound = Some(lower);
    solution.moves = moves;
    solution.status = Status::Bounded(why);
    solution
}

/// Whether `moves` take `start` to `goal`: a bounded answer is replayed before it is given.
pub(crate) fn reaches(start: &Board, goal: &Board, moves: &[Move]) -> bool {
    let mut board = start.clone();
    board.apply_all(moves).is_ok() && board == *goal
}

/// The best solution found so far, shared by the threads that look for shorter ones.
/// Lengths count in the metric solved in: the searches offering paths count single
/// steps, and a path short in them may be long in multi-tile moves, or the other way.
#[derive(Clone)]
pub(super) struct Upper {
    best: Arc<Mutex<Option<Vec<Move>>>>,
    length: Arc<AtomicUsize>,
    progress: Option<SharedProgress>,
    metric: Metric,
}

impl Upper {
    pub(super) fn new(progress: Option<SharedProgress>, metric: Metric) -> Upper {
        Upper {
            best: Arc::default(),
            length: Arc::new(AtomicUsize::new(usize::MAX)),
            progress,
            metric,
        }
    }

    /// Keeps `moves` if shorter than the best so far, counted in the metric.
    pub(super) fn offer(&self, moves: Vec<Move>) {
        let length = self.metric.length(&moves);
        let mut best = self
            .best
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if best.as_ref().is_none_or(|b| length < self.metric.length(b)) {
            self.length.store(length, Relaxed);
            *best = Some(moves);
        }
    }

    pub(super) fn best(&self) -> Option<Vec<Move>> {
        self.best
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .clone()
    }

    pub(super) fn length(&self) -> Option<usize> {
        Some(self.length.load(Relaxed)).filter(|&l| l != usize::MAX)
    }

    /// Both ends on the progress line, then what runs.
    pub(super) fn show(&self, what: &str, proven: &ProvenBound) {
        if let Some(progress) = &self.progress {
            progress.0.finish();
            progress
                .0
                .start(&format!("{}; {what}", self.ends(proven)), 0);
        }
    }

    /// `optimum 48 to 60 moves`: the two bounds in words.
    fn ends(&self, proven: &ProvenBound) -> String {
        match self.length() {
            Some(length) => format!("optimum {} to {length} moves", proven.get()),
            None => format!("optimum at least {} moves", proven.get()),
        }
    }
}

/// The optimal search's progress, with the upper bound beside it.
pub(super) struct Beside {
    upper: Upper,
    proven: ProvenBound,
}

impl Progress for Beside {
    fn start(&self, what: &str, total: u64) {
        if let Some(progress) = &self.upper.progress {
            progress
                .0
                .start(&format!("{what}; {}", self.upper.ends(&self.proven)), total);
        }
    }

    fn advance(&self, units: u64) {
        if let Some(progress) = &self.upper.progress {
            progress.0.advance(units);
        }
    }

    fn finish(&self) {
        if let Some(progress) = &self.upper.progress {
            progress.0.finish();
        }
    }

    fn searched(&self, expanded: u64, bound: Option<u32>) {
        if let Some(progress) = &self.upper.progress {
            progress.0.searched(expanded, bound);
        }
    }

    fn notice(&self, line: &str) {
        if let Some(progress) = &self.upper.progress {
            progress.0.notice(line);
        }
    }
}
