//! Bounded answers: when an optimal search stops at its time or node limit, the best
//! solution found beside it and the lower bound it proved, so that the answer says how
//! far from optimal it can be ([`Status::Bounded`], [`Solution::lower_bound`],
//! [`Solution::gap`]). Asked for with [`SolveOptions::bounded`]; given only when a time or
//! node limit is set, so a solve without one never pays for it.
//!
//! ```
//! use npuzzle::search::Limits;
//! use npuzzle::{parse_board, solve, Algorithm, Board, Size, SolveOptions, Status};
//!
//! let goal = Board::blank_first_goal(Size::square(4)?);
//! let start = parse_board("14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3", None)?; // 57 moves
//! let options = SolveOptions {
//!     algorithm: Algorithm::FastIdastar,
//!     limits: Limits { max_expanded: Some(20_000), ..Limits::NONE },
//!     bounded: true,
//!     ..SolveOptions::default()
//! };
//! let answer = solve(&start, &goal, &options)?;
//! assert!(matches!(answer.status, Status::Bounded(_)));
//! let (length, lower) = (answer.length().unwrap(), answer.lower_bound.unwrap());
//! assert!(lower <= 57 && 57 <= length && answer.gap() == Some(length - lower));
//! let mut board = start.clone();
//! board.apply_all(&answer.moves).unwrap();
//! assert_eq!(board, goal);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! **The two ends.** An upper bound comes at once from the constructive method (shortened),
//! before the optimal search starts. The optimal search then runs as planned, with all
//! its threads, for [`OPTIMAL_SHARE`] of the time limit (its node limit unchanged),
//! raising the lower bound with each iteration it completes: an IDA* iteration of bound
//! `t` that finds nothing proves no solution is shorter than the next bound, the least `f`
//! it cut off, which is the bound the next iteration starts with and the one recorded
//! ([`ProvenBound`]); before any, the admissible estimate of the start. If it finishes,
//! its optimal answer is the answer. If the limit stops it, the rest of the time (and a
//! third of the node limit again) goes to the upper bound: weighted IDA* (the plan's
//! estimate times [`WEIGHTS`], decreasing, one weight per thread at a time) on boards the
//! fast IDA* takes, each answer kept when shorter. The answer's path is replayed before
//! it is given. Sequential ends keep a search that finishes within the share exactly as
//! fast as without a limit.

use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering::Relaxed};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use crate::answer::options::{RunSettings, SolveOptions};
use crate::answer::solution::{Algorithm, Solution, SolveError, Status};
use crate::fast_idastar::{self, LinearConflict, Weighted, MAX_FAST_CELLS, MAX_LINE};
use crate::puzzle::board::{Board, Move};
use crate::puzzle::heuristic::{Heuristic, HeuristicKind};
use crate::search::{GiveUp, Limits, Stats};
use crate::solving::constructive;
use crate::solving::plan::{Guide, Plan};
use crate::util::progress::{Progress, SharedProgress};
use crate::util::proven_bound::ProvenBound;

/// The share of a time limit the optimal search has before the upper bound gets the rest.
pub const OPTIMAL_SHARE: f64 = 0.75;

/// The weights the upper bound is searched with, in turn: large ones answer in
/// milliseconds, the small ones come close to the optimum when time allows.
pub const WEIGHTS: [f64; 16] = [
    3.0, 2.0, 1.6, 1.4, 1.3, 1.25, 1.2, 1.15, 1.12, 1.1, 1.08, 1.06, 1.05, 1.04, 1.03, 1.02,
];

/// Whether a solve under `options` planned as `plan` gives a bounded answer when its
/// limit stops it: asked for, a time or node limit set, an optimal search planned (not
/// a table walk, the constructive method, or a weighted search), and not on a cluster
/// (whose processes must search alike).
pub fn applies(plan: &Plan, options: &SolveOptions) -> bool {
    let limits = &options.limits;
    options.bounded
        && options.cluster.is_none()
        && options.weight <= 1.0
        && !matches!(plan.algorithm, Algorithm::Constructive | Algorithm::Table)
        && (limits.max_time.is_some() || limits.max_expanded.is_some())
}

/// Solves `start` towards `goal` (reachable, not the goal) with both ends: `optimal` runs
/// the plan under the options it is handed (the time limit cut to [`OPTIMAL_SHARE`], a
/// [`ProvenBound`] to raise); a time or node limit that stops it gives a bounded answer.
///
/// # Errors
/// What `optimal` returns.
pub fn solve(
    start: &Board,
    goal: &Board,
    plan: &Plan,
    options: &SolveOptions,
    optimal: impl FnOnce(&SolveOptions) -> Result<Solution, SolveError>,
) -> Result<Solution, SolveError> {
    let started = Instant::now();
    let limits = &options.limits;
    let upper = Upper::new(options.progress.clone());
    let built = constructive::solve(start, goal, limits);
    if built.status == Status::Solved {
        upper.offer(built.moves);
    }
    let proven = ProvenBound::new();
    let admissible = Heuristic::new(HeuristicKind::LinearConflict, goal).estimate_board(start);
    proven.raise(admissible);
    let share = limits.max_time.map(|whole| whole.mul_f64(OPTIMAL_SHARE));
    let first = SolveOptions {
        limits: Limits {
            max_time: share,
            ..limits.clone()
        },
        proven: Some(proven.clone()),
        progress: options.progress.as_ref().map(|_| {
            SharedProgress::new(Beside {
                upper: upper.clone(),
                proven: proven.clone(),
            })
        }),
        ..options.clone()
    };
    let mut solution = optimal(&first)?;
    let why = match &solution.status {
        Status::GaveUp(GiveUp::Time(_)) => GiveUp::Time(limits.max_time.expect("a time limit")),
        Status::GaveUp(why @ GiveUp::Expanded(_)) => why.clone(),
        _ => return Ok(solution),
    };
    let deadline = limits.max_time.and_then(|whole| started.checked_add(whole));
    let stats = improve(start, goal, plan, options, &upper, &proven, deadline);
    solution.stats = solution.stats.plus(stats);
    let Some(moves) = upper.best().filter(|moves| reaches(start, goal, moves)) else {
        solution.status = Status::GaveUp(why);
        return Ok(solution);
    };
    let lower = (proven.get() as usize).min(moves.len());
    debug_assert_eq!(lower, proven.get() as usize, "a proven bound above a path");
    solution.optimal = lower == moves.len();
    solution.lower_bound = Some(lower);
    solution.moves = moves;
    solution.status = Status::Bounded(why);
    Ok(solution)
}

/// Whether `moves` take `start` to `goal`: a bounded answer is replayed before it is given.
fn reaches(start: &Board, goal: &Board, moves: &[Move]) -> bool {
    let mut board = start.clone();
    board.apply_all(moves).is_ok() && board == *goal
}

/// The upper-bound phase: weighted fast IDA* with [`WEIGHTS`] in turn until the deadline,
/// the node budget (a third of the node limit), or a stop from outside; on every thread
/// when the time bounds it, on one when only nodes do. Returns what it cost.
fn improve(
    start: &Board,
    goal: &Board,
    plan: &Plan,
    options: &SolveOptions,
    upper: &Upper,
    proven: &ProvenBound,
    deadline: Option<Instant>,
) -> Stats {
    let size = start.size();
    if size.cells() > MAX_FAST_CELLS || size.width() > MAX_LINE || size.height() > MAX_LINE {
        return Stats::default();
    }
    let nodes = options.limits.max_expanded.map(|m| AtomicU64::new(m / 3));
    let threads = if deadline.is_some() {
        RunSettings {
            threads: options.threads,
            ..RunSettings::default()
        }
        .thread_count()
    } else {
        1
    };
    let next = AtomicUsize::new(0);
    let total = Mutex::new(Stats::default());
    let linear_conflict = LinearConflict::new(goal);
    let worker = || loop {
        let Some(&weight) = WEIGHTS.get(next.fetch_add(1, Relaxed)) else {
            return;
        };
        let now = Instant::now();
        let left = deadline.map(|at| at.saturating_duration_since(now));
        let budget = nodes.as_ref().map(|n| n.load(Relaxed));
        let done = upper.length().is_some_and(|l| l <= proven.get() as usize);
        if done || left == Some(Duration::ZERO) || budget == Some(0) {
            return;
        }
        upper.show(&format!("weighted IDA*, weight {weight}"), proven);
        let settings = RunSettings {
            order: options.order,
            limits: Limits {
                max_time: left,
                max_expanded: budget,
                cancel: options.limits.cancel.clone(),
                ..Limits::NONE
            },
            ..RunSettings::default()
        };
        let (outcome, stats) = match &plan.guide {
            Guide::PatternDatabase(db) => db.search_weighted(start, weight, &settings),
            _ => fast_idastar::search(start, &Weighted::new(&linear_conflict, weight), &settings),
        };
        if let Some(n) = &nodes {
            n.fetch_sub(stats.expanded.min(n.load(Relaxed)), Relaxed);
        }
        {
            let mut total = total
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner);
            *total = total.plus(stats);
        }
        match outcome {
            Ok(moves) => upper.offer(moves),
            // A smaller weight would take longer still.
            Err(_) => return,
        }
    };
    std::thread::scope(|scope| {
        for _ in 1..threads {
            scope.spawn(worker);
        }
        worker();
    });
    if let Some(progress) = &options.progress {
        progress.0.finish();
    }
    total
        .into_inner()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// The best solution found so far, shared by the threads that look for shorter ones.
#[derive(Clone)]
struct Upper {
    best: Arc<Mutex<Option<Vec<Move>>>>,
    length: Arc<AtomicUsize>,
    progress: Option<SharedProgress>,
}

impl Upper {
    fn new(progress: Option<SharedProgress>) -> Upper {
        Upper {
            best: Arc::default(),
            length: Arc::new(AtomicUsize::new(usize::MAX)),
            progress,
        }
    }

    /// Keeps `moves` if shorter than the best so far.
    fn offer(&self, moves: Vec<Move>) {
        let mut best = self
            .best
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if best.as_ref().is_none_or(|b| moves.len() < b.len()) {
            self.length.store(moves.len(), Relaxed);
            *best = Some(moves);
        }
    }

    fn best(&self) -> Option<Vec<Move>> {
        self.best
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .clone()
    }

    fn length(&self) -> Option<usize> {
        Some(self.length.load(Relaxed)).filter(|&l| l != usize::MAX)
    }

    /// Both ends on the progress line, then what runs.
    fn show(&self, what: &str, proven: &ProvenBound) {
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
struct Beside {
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
}
