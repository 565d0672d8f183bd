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
//! it is given. Sequential ends keep a search that finishes within the share as fast as
//! without a limit: only the constructive answer comes first (about half a millisecond a
//! 4x4 board: 40 random ones in a batch, 0.62 s against 0.60 s without a limit).

use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering::Relaxed};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use crate::answer::options::{RunSettings, SolveOptions};
use crate::answer::solution::{Algorithm, Solution, SolveError, Status};
use crate::fast_idastar::{self, Estimate, LinearConflict, Weighted, MAX_FAST_CELLS, MAX_LINE};
use crate::puzzle::board::{Board, Move, Size};
use crate::puzzle::heuristic::{Heuristic, HeuristicKind};
use crate::puzzle::metric::Metric;
use crate::search::{GiveUp, Limits, Stats};
use crate::solving::beam::{self, Beam};
use crate::solving::constructive;
use crate::solving::plan::AUTO_OPTIMAL_CELLS;
use crate::solving::plan::{Guide, Plan};
use crate::util::cancel::CancelToken;
use crate::util::progress::{Progress, SharedProgress};
use crate::util::proven_bound::ProvenBound;

/// The share of a time limit the optimal search has before the upper bound gets the rest.
pub const OPTIMAL_SHARE: f64 = 0.75;

/// The weights the upper bound is searched with, in turn: large ones answer in
/// milliseconds, the small ones come close to the optimum when time allows.
pub const WEIGHTS: [f64; 16] = [
    3.0, 2.0, 1.6, 1.4, 1.3, 1.25, 1.2, 1.15, 1.12, 1.1, 1.08, 1.06, 1.05, 1.04, 1.03, 1.02,
];

/// Whether boards of `size` are big: past any optimal search, answered constructively at
/// once, or searched for shorter answers when a time limit is given.
pub fn is_big(size: Size) -> bool {
    size.cells() > AUTO_OPTIMAL_CELLS
}

/// Whether a solve under `options` planned as `plan` gives a bounded answer when its
/// limit stops it: asked for, a time or node limit set, an optimal search planned (not
/// a table walk, the constructive method, or a weighted search), and not on a cluster
/// (whose processes must search alike).
///
/// On a board of more than [`AUTO_OPTIMAL_CELLS`] cells a time limit alone gives the
/// schedule of big boards ([`solve`] says which), the constructive plan included.
pub fn applies(plan: &Plan, options: &SolveOptions, size: Size) -> bool {
    let limits = &options.limits;
    let searched = !matches!(plan.algorithm, Algorithm::Constructive | Algorithm::Table);
    let big = is_big(size)
        && limits.max_time.is_some()
        && matches!(
            plan.algorithm,
            Algorithm::Constructive | Algorithm::FastIdastar
        );
    options.bounded
        // Its upper bounds come from single-tile searches.
        && options.metric == Metric::SingleTile
        && options.cluster.is_none()
        && options.weight <= 1.0
        && ((searched && (limits.max_time.is_some() || limits.max_expanded.is_some())) || big)
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
    if is_big(start.size()) && options.limits.max_time.is_some() {
        return solve_big(start, goal, plan, options, optimal);
    }
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
    let first = Limits {
        max_time: share,
        ..limits.clone()
    };
    let mut solution = optimal(&raising(options, first, &upper, &proven))?;
    let why = match &solution.status {
        // Named as the caller set it, not as the share the optimal search had.
        Status::GaveUp(GiveUp::Time(share)) => GiveUp::Time(limits.max_time.unwrap_or(*share)),
        Status::GaveUp(why @ GiveUp::Expanded(_)) => *why,
        _ => return Ok(solution),
    };
    let deadline = limits.max_time.and_then(|whole| started.checked_add(whole));
    let stats = improve(start, goal, plan, options, &upper, &proven, deadline);
    solution.stats = solution.stats.plus(stats);
    Ok(bounded_answer(solution, start, goal, &upper, &proven, why))
}

/// The options of the optimal search, under `limits`, that raises `proven` and shows its
/// progress beside the upper bound.
fn raising(
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
fn bounded_answer(
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
    let lower = (proven.get() as usize).min(moves.len());
    debug_assert_eq!(lower, proven.get() as usize, "a proven bound above a path");
    solution.optimal = lower == moves.len();
    solution.lower_bound = Some(lower);
    solution.moves = moves;
    solution.status = Status::Bounded(why);
    solution
}

/// The schedule of big boards (more than [`AUTO_OPTIMAL_CELLS`] cells, a time limit):
/// the upper bound first, since no optimal search will finish and a stop from outside
/// should find the shortest answer there can be, then the lower bound.
///
/// 1. The constructive answer, at once.
/// 2. Beams of doubling width ([`widen`]) for [`BEAM_SHARE`] of the time, each cut off at
///    the best length so far, on boards the beam takes.
/// 3. The plan's optimal search for the rest of the time (its node limit a third), which
///    raises the lower bound with each iteration it completes (before any, the start's
///    linear-conflict estimate); if it finishes, its answer is optimal and is the answer.
///
/// A stop from outside (Ctrl-C, a dropped request) answers the best so far, bounded.
fn solve_big(
    start: &Board,
    goal: &Board,
    plan: &Plan,
    options: &SolveOptions,
    optimal: impl FnOnce(&SolveOptions) -> Result<Solution, SolveError>,
) -> Result<Solution, SolveError> {
    let started = Instant::now();
    let limits = &options.limits;
    let whole = limits.max_time.expect("a time limit");
    let deadline = started.checked_add(whole);
    let upper = Upper::new(options.progress.clone());
    let built = constructive::solve(start, goal, limits);
    if built.status == Status::Solved {
        upper.offer(built.moves);
    }
    let proven = ProvenBound::new();
    proven.raise(first_bound(start, goal));
    let beams_until = started.checked_add(whole.mul_f64(BEAM_SHARE));
    let mut stats = widen(start, goal, plan, options, &upper, &proven, beams_until);
    let mut solution = Solution::new(plan.algorithm, plan.guide.name());
    let left = deadline.map_or(Duration::ZERO, |at| {
        at.saturating_duration_since(Instant::now())
    });
    if plan.algorithm != Algorithm::Constructive && !left.is_zero() && !stopped(options) {
        let lower = Limits {
            max_time: Some(left),
            max_expanded: limits.max_expanded.map(|m| m / 3),
            ..limits.clone()
        };
        let searched = optimal(&raising(options, lower, &upper, &proven))?;
        if searched.status == Status::Solved {
            let mut searched = searched;
            searched.stats = searched.stats.plus(stats);
            return Ok(searched);
        }
        stats = stats.plus(searched.stats);
        solution = searched;
    }
    if let Some(progress) = &options.progress {
        progress.0.finish();
    }
    solution.stats = stats;
    let why = if stopped(options) {
        GiveUp::Interrupted
    } else {
        GiveUp::Time(whole)
    };
    Ok(bounded_answer(solution, start, goal, &upper, &proven, why))
}

/// Boards of up to this many cells are bounded at first by linear conflicts (whose
/// table of distances has a byte per pair of cells), larger ones by Manhattan distance.
const CONFLICT_TABLE_CELLS: usize = 1024;

/// The admissible estimate a big board's lower bound starts from.
fn first_bound(start: &Board, goal: &Board) -> u32 {
    let size = start.size();
    if size.cells() <= CONFLICT_TABLE_CELLS {
        return Heuristic::new(HeuristicKind::LinearConflict, goal).estimate_board(start);
    }
    let mut home = vec![0; size.cells()];
    for (cell, &tile) in goal.cells().iter().enumerate() {
        home[tile as usize] = cell;
    }
    let tiles = start
        .cells()
        .iter()
        .enumerate()
        .filter(|&(_, &tile)| tile != 0);
    tiles
        .map(|(cell, &tile)| size.cell_distance(cell, home[tile as usize]) as u32)
        .sum()
}

/// Whether the caller's token has stopped the solve.
fn stopped(options: &SolveOptions) -> bool {
    CancelToken::is_set(options.limits.cancel.as_ref())
}

/// The share of a big board's time limit the beams have before the lower bound gets the
/// rest.
pub const BEAM_SHARE: f64 = 0.85;

/// The first beam's width: answers in milliseconds on any board the beam takes.
pub const FIRST_WIDTH: usize = 256;

/// Beams of doubling width, from [`FIRST_WIDTH`], each cut off at the best answer so far,
/// until `until` passes, a stop from outside, the node limit (two thirds of it), or the
/// memory limit would be passed; a round that would not end in time is not started (the
/// next width's time is foretold from the last one's, twice as long). Each answer is kept
/// when shorter. Guided by the plan's pattern databases when it has them, else by linear
/// conflicts. Returns what the beams cost.
fn widen(
    start: &Board,
    goal: &Board,
    plan: &Plan,
    options: &SolveOptions,
    upper: &Upper,
    proven: &ProvenBound,
    until: Option<Instant>,
) -> Stats {
    if !beam::fits(start.size()) {
        return widen_reduced(start, goal, options, upper, until);
    }
    match &plan.guide {
        Guide::PatternDatabase(db) => widen_with(db.as_ref(), start, options, upper, proven, until),
        _ => widen_with(
            &LinearConflict::new(goal),
            start,
            options,
            upper,
            proven,
            until,
        ),
    }
}

/// [`widen`] on a board the beam does not take: the construction places rows and
/// columns until the unsolved block has sides of at most 8, beams of doubling width
/// finish the block (towards its goal, by linear conflicts), and the shortest whole
/// answer is kept.
fn widen_reduced(
    start: &Board,
    goal: &Board,
    options: &SolveOptions,
    upper: &Upper,
    until: Option<Instant>,
) -> Stats {
    let limits = Limits {
        max_time: until.map(|at| at.saturating_duration_since(Instant::now())),
        ..options.limits.clone()
    };
    let Ok(Some(reduced)) = constructive::reduce_within(start, goal, MAX_LINE, &limits) else {
        return Stats::default();
    };
    // The block's own construction bounds its beams' depth: a narrow beam that wanders
    // stops there.
    let block = Upper::new(None);
    if let Some(built) = constructive::construct(&reduced.block_start, &reduced.block_goal) {
        block.offer(built.moves);
    }
    let estimate = LinearConflict::new(&reduced.block_goal);
    let stats = widen_with(
        &estimate,
        &reduced.block_start,
        options,
        &block,
        &ProvenBound::new(),
        until,
    );
    if let Some(finish) = block.best() {
        let mut moves = reduced.moves;
        moves.extend(finish);
        moves.extend(reduced.walk_back);
        upper.offer(constructive::cancel_inverse_pairs(moves));
    }
    stats
}

/// [`widen`] with `estimate`.
fn widen_with<E: Estimate>(
    estimate: &E,
    start: &Board,
    options: &SolveOptions,
    upper: &Upper,
    proven: &ProvenBound,
    until: Option<Instant>,
) -> Stats {
    let began = Instant::now();
    let mut stats = Stats::default();
    let mut nodes_left = options.limits.max_expanded.map(|m| m - m / 3);
    let threads = RunSettings {
        threads: options.threads,
        ..RunSettings::default()
    }
    .thread_count();
    let mut width = FIRST_WIDTH;
    let mut last_seconds = 0.0f64;
    loop {
        let now = Instant::now();
        let left = until.map(|at| at.saturating_duration_since(now).as_secs_f64());
        let done = upper.length().is_some_and(|l| l <= proven.get() as usize);
        if done || left.is_some_and(|l| l < 2.0 * last_seconds) || stopped(options) {
            break;
        }
        let cutoff = upper.length().unwrap_or(usize::MAX);
        let round = Beam {
            width,
            cutoff,
            threads,
            order: options.order,
        };
        let depth = cutoff.min(16 * start.size().cells());
        let too_big = options
            .limits
            .max_bytes
            .is_some_and(|budget| round.bytes::<E>(depth) > budget);
        if too_big || nodes_left == Some(0) {
            break;
        }
        upper.show(&format!("beam search, width {width}"), proven);
        let stop = || until.is_some_and(|at| Instant::now() >= at) || stopped(options);
        let found = beam::beam_search(start, estimate, &round, &stop);
        stats.expanded += found.expanded;
        stats.generated += found.generated;
        stats.peak_nodes = stats.peak_nodes.max(width as u64);
        stats.peak_bytes = stats.peak_bytes.max(round.bytes::<E>(depth));
        if let Some(n) = &mut nodes_left {
            *n = n.saturating_sub(found.expanded);
        }
        if let Some(moves) = found.moves {
            upper.offer(moves);
        }
        if found.stopped {
            break;
        }
        last_seconds = now.elapsed().as_secs_f64();
        width *= 2;
    }
    stats.seconds = began.elapsed().as_secs_f64();
    stats
}

/// Whether `moves` take `start` to `goal`: a bounded answer is replayed before it is given.
pub(crate) fn reaches(start: &Board, goal: &Board, moves: &[Move]) -> bool {
    let mut board = start.clone();
    board.apply_all(moves).is_ok() && board == *goal
}

/// The upper-bound phase: weighted fast IDA* with [`WEIGHTS`] in turn until the deadline,
/// the node budget (a third of the node limit), or a stop from outside; on every thread
/// when the time bounds it, on one when only nodes do. Returns what it cost (its seconds
/// the phase's wall time).
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
    let began = Instant::now();
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
    let mut total = total
        .into_inner()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    // The phase's wall time: its threads' seconds overlap.
    total.seconds = (began.elapsed().as_secs_f64() - total.setup_seconds).max(0.0);
    total
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

    fn searched(&self, expanded: u64, bound: Option<u32>) {
        if let Some(progress) = &self.upper.progress {
            progress.0.searched(expanded, bound);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::board::Size;
    use crate::puzzle::oracle::bfs_distances;
    use crate::puzzle::random::{random_board, random_walk};
    use crate::solving::solver::solve as solve_board;
    use crate::util::cancel::CancelToken;
    use proptest::prelude::*;
    use rand::SeedableRng;

    fn limited(algorithm: Algorithm, nodes: u64, threads: usize) -> SolveOptions {
        SolveOptions {
            algorithm,
            threads,
            limits: Limits {
                max_expanded: Some(nodes),
                ..Limits::NONE
            },
            bounded: true,
            ..SolveOptions::default()
        }
    }

    /// What every answer must be against the `optimum`: a bounded one a valid path, its
    /// bound proven, its gap the difference; a finished one the optimum.
    fn holds(start: &Board, goal: &Board, answer: &Solution, optimum: usize) {
        let length = answer.length().expect("an answer with moves");
        assert!(reaches(start, goal, &answer.moves), "{start}: not a path");
        match answer.status {
            Status::Solved => assert_eq!(length, optimum, "{start}"),
            Status::Bounded(_) => {
                let lower = answer.lower_bound.unwrap();
                assert!(
                    lower <= optimum && optimum <= length,
                    "{start}: {lower} {optimum} {length}"
                );
                assert_eq!(answer.gap(), Some(length - lower));
                assert_eq!(answer.optimal, lower == length);
            }
            ref other => panic!("{start}: {other:?}"),
        }
    }

    #[test]
    fn every_limited_8_puzzle_answer_is_bounded_by_the_true_optimum() {
        let goal = Board::goal(Size::square(3).unwrap());
        let far = bfs_distances(&goal);
        let mut rng = rand::rngs::StdRng::seed_from_u64(38);
        let mut bounded = 0;
        for _ in 0..60 {
            let start = random_board(&goal, &mut rng);
            if start == goal {
                continue;
            }
            for algorithm in [Algorithm::FastIdastar, Algorithm::Idastar, Algorithm::Astar] {
                for nodes in [1, 10, 100, 1000] {
                    let answer = solve_board(&start, &goal, &limited(algorithm, nodes, 1)).unwrap();
                    holds(&start, &goal, &answer, far[&start]);
                    bounded += usize::from(matches!(answer.status, Status::Bounded(_)));
                }
            }
        }
        assert!(bounded > 300, "only {bounded} bounded answers");
    }

    #[test]
    fn the_proven_bound_climbs_with_the_node_limit() {
        // Korf's #1, 57 moves: more nodes prove more, never past the optimum.
        let goal = Board::blank_first_goal(Size::square(4).unwrap());
        let start = crate::parse_board("14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3", None).unwrap();
        let mut last = 0;
        for nodes in [1_000, 100_000, 3_000_000] {
            for threads in [1, 2] {
                let answer = solve_board(
                    &start,
                    &goal,
                    &limited(Algorithm::FastIdastar, nodes, threads),
                )
                .unwrap();
                holds(&start, &goal, &answer, 57);
                let lower = answer.lower_bound.unwrap();
                assert!(
                    lower >= last,
                    "{nodes} nodes on {threads}: {lower} after {last}"
                );
                last = lower;
            }
        }
        assert!(last >= 55, "3 million nodes prove at least 55, not {last}");
    }

    #[test]
    fn without_a_limit_hit_the_answer_is_the_optimal_one() {
        let goal = Board::goal(Size::square(4).unwrap());
        let start = crate::parse_board("5 1 2 4/9 6 3 8/13 10 7 11/0 14 15 12", None).unwrap();
        let plain = solve_board(&start, &goal, &SolveOptions::default()).unwrap();
        let options = SolveOptions {
            limits: Limits {
                max_time: Some(Duration::from_secs(60)),
                max_expanded: Some(10_000_000),
                ..Limits::NONE
            },
            bounded: true,
            ..SolveOptions::default()
        };
        let answer = solve_board(&start, &goal, &options).unwrap();
        assert_eq!(answer.status, Status::Solved);
        assert_eq!((answer.moves, answer.lower_bound), (plain.moves, None));
    }

    #[test]
    fn other_stops_are_not_bounded() {
        let goal = Board::blank_first_goal(Size::square(4).unwrap());
        let start = crate::parse_board("14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3", None).unwrap();
        let token = CancelToken::new();
        token.cancel();
        let mut options = limited(Algorithm::FastIdastar, 1_000, 1);
        options.limits = Limits {
            max_time: Some(Duration::from_secs(10)),
            cancel: Some(token),
            ..Limits::NONE
        };
        let answer = solve_board(&start, &goal, &options).unwrap();
        assert_eq!(answer.status, Status::GaveUp(GiveUp::Interrupted));
        // Not asked for: the limit as it was.
        let mut options = limited(Algorithm::FastIdastar, 1_000, 1);
        options.bounded = false;
        let answer = solve_board(&start, &goal, &options).unwrap();
        assert_eq!(answer.status, Status::GaveUp(GiveUp::Expanded(1_000)));
        assert_eq!(answer.length(), None);
    }

    #[test]
    fn a_time_limit_is_kept_and_named_whole() {
        let goal = Board::goal(Size::square(6).unwrap());
        let start = random_board(&goal, &mut rand::rngs::StdRng::seed_from_u64(6));
        let options = SolveOptions {
            algorithm: Algorithm::FastIdastar,
            threads: 2,
            limits: Limits {
                max_time: Some(Duration::from_secs(1)),
                ..Limits::NONE
            },
            bounded: true,
            ..SolveOptions::default()
        };
        let began = Instant::now();
        let answer = solve_board(&start, &goal, &options).unwrap();
        assert!(
            began.elapsed() < Duration::from_secs(3),
            "{:?}",
            began.elapsed()
        );
        assert_eq!(
            answer.status,
            Status::Bounded(GiveUp::Time(Duration::from_secs(1)))
        );
        assert!(reaches(&start, &goal, &answer.moves));
        let admissible =
            Heuristic::new(HeuristicKind::LinearConflict, &goal).estimate_board(&start);
        assert!(answer.lower_bound.unwrap() >= admissible as usize);
    }

    /// A big board under a time limit: what every answer must be, and the best length.
    fn big(start: &Board, goal: &Board, seconds: f64) -> Solution {
        let options = SolveOptions {
            threads: 2,
            limits: Limits {
                max_time: Some(Duration::from_secs_f64(seconds)),
                ..Limits::NONE
            },
            bounded: true,
            ..SolveOptions::default()
        };
        let began = Instant::now();
        let answer = solve_board(start, goal, &options).unwrap();
        let spent = began.elapsed().as_secs_f64();
        assert!(spent < seconds * 1.05 + 0.2, "{spent} s for {seconds}");
        assert!(reaches(start, goal, &answer.moves), "{start}: not a path");
        let lower = answer.lower_bound.expect("a lower bound");
        let admissible = Heuristic::new(HeuristicKind::LinearConflict, goal).estimate_board(start);
        assert!(lower >= admissible as usize && lower <= answer.moves.len());
        answer
    }

    #[test]
    fn big_boards_under_a_time_limit_get_shorter_answers_never_longer_with_more_time() {
        let goal = Board::goal(Size::square(6).unwrap());
        let start = random_board(&goal, &mut rand::rngs::StdRng::seed_from_u64(44));
        let built = constructive::solve(&start, &goal, &Limits::NONE)
            .moves
            .len();
        let mut last = built;
        for seconds in [0.3, 1.0, 3.0] {
            let answer = big(&start, &goal, seconds);
            assert!(matches!(answer.status, Status::Bounded(GiveUp::Time(_))));
            assert!(
                answer.moves.len() <= last,
                "{seconds} s: {} after {last}",
                answer.moves.len()
            );
            last = answer.moves.len();
        }
        assert!(
            last * 3 < built * 2,
            "{last} moves against the constructive {built}"
        );
    }

    #[test]
    fn boards_past_the_beam_are_reduced_to_a_block_it_takes_and_bounded_by_their_estimate() {
        let goal = Board::goal(Size::square(10).unwrap());
        let start = random_board(&goal, &mut rand::rngs::StdRng::seed_from_u64(10));
        let answer = big(&start, &goal, 3.0);
        assert!(matches!(answer.status, Status::Bounded(_)));
        assert_eq!(answer.algorithm, Algorithm::Constructive);
        // The last 8x8 block finished by beams: shorter than the construction alone.
        let built = constructive::solve(&start, &goal, &Limits::NONE)
            .moves
            .len();
        assert!(
            answer.moves.len() < built,
            "{} against {built}",
            answer.moves.len()
        );
    }

    #[test]
    fn a_stop_from_outside_answers_the_best_so_far() {
        let goal = Board::goal(Size::square(7).unwrap());
        let start = random_board(&goal, &mut rand::rngs::StdRng::seed_from_u64(4));
        let token = CancelToken::new();
        let options = SolveOptions {
            limits: Limits {
                max_time: Some(Duration::from_secs(100)),
                cancel: Some(token.clone()),
                ..Limits::NONE
            },
            bounded: true,
            ..SolveOptions::default()
        };
        let stopper = std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(500));
            token.cancel();
        });
        let began = Instant::now();
        let answer = solve_board(&start, &goal, &options).unwrap();
        stopper.join().unwrap();
        assert!(began.elapsed() < Duration::from_secs(5));
        assert_eq!(answer.status, Status::Bounded(GiveUp::Interrupted));
        assert!(reaches(&start, &goal, &answer.moves));
    }

    #[test]
    fn without_a_time_limit_a_big_board_is_constructed_and_told_a_limit_would_shorten_it() {
        let goal = Board::goal(Size::square(6).unwrap());
        let start = random_board(&goal, &mut rand::rngs::StdRng::seed_from_u64(5));
        let answer = solve_board(
            &start,
            &goal,
            &SolveOptions {
                bounded: true,
                ..SolveOptions::default()
            },
        )
        .unwrap();
        assert_eq!(
            (answer.algorithm, answer.status.clone()),
            (Algorithm::Constructive, Status::Solved)
        );
        assert_eq!(
            answer.advice,
            Some(crate::answer::solution::Advice::TimeLimit)
        );
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(24))]
        #[test]
        fn limited_15_puzzles_are_bounded_by_their_optimum(
            seed in any::<u64>(), steps in 20usize..60, nodes in 1u64..20_000, threads in 1usize..3
        ) {
            let goal = Board::goal(Size::square(4).unwrap());
            let start = random_walk(&goal, steps, &mut rand::rngs::StdRng::seed_from_u64(seed));
            prop_assume!(start != goal);
            let optimum = solve_board(&start, &goal, &SolveOptions::default()).unwrap();
            let optimum = optimum.length().unwrap();
            let answer =
                solve_board(&start, &goal, &limited(Algorithm::FastIdastar, nodes, threads)).unwrap();
            holds(&start, &goal, &answer, optimum);
        }
    }
}
