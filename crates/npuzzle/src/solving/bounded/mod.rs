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
//! its threads, for [`OPTIMAL_SHARE`] of the time limit and of the node limit,
//! raising the lower bound with each iteration it completes: an IDA* iteration of bound
//! `t` that finds nothing proves no solution is shorter than the next bound, the least `f`
//! it cut off, which is the bound the next iteration starts with and the one recorded
//! ([`ProvenBound`]); before any, the admissible estimate of the start. The classic
//! searches record what they proved when they stop ([`crate::search::Search::lower_bound`]:
//! IDA* and IDDFS the bound of their last pass, A* the least `f` on its open list, BFS and
//! bidirectional BFS the depths they completed, plus 1). If it finishes, its optimal answer
//! is the answer. If the limit stops it, the rest of the time (and the nodes it left of
//! the node limit) goes to the upper bound: weighted IDA* (the plan's
//! estimate times [`WEIGHTS`], decreasing, one weight per thread at a time) on boards the
//! fast IDA* takes, each answer kept when shorter. The answer's path is replayed before
//! it is given. Sequential ends keep a search that finishes within the share as fast as
//! without a limit: only the constructive answer comes first (about half a millisecond a
//! 4x4 board: 40 random ones in a batch, 0.62 s against 0.60 s without a limit).
//!
//! **In the multi-tile metric** the same schedule runs, every length counted in multi-tile
//! moves: the constructive and weighted answers, found in single steps, are compared by
//! their runs of equal steps ([`Metric::length`]), and the lower bound starts from linear
//! conflict counted in multi-tile moves ([`Heuristic::multi_tile_estimate`]: one move
//! slides at most a line's length less one tiles one cell each), which the multi-tile IDA* then
//! raises to its own estimate and to each iteration's bound. The big-board schedule is
//! the single-tile metric's only: its beam and block searches count single steps.

use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering::Relaxed};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use crate::answer::algorithm::Algorithm;
use crate::answer::options::SolveOptions;
use crate::answer::solution::{Solution, Status};
use crate::answer::solve_error::SolveError;
use crate::fast_idastar::{RunSettings, MAX_FAST_CELLS, MAX_LINE};
use crate::puzzle::board::{Board, Size};
use crate::puzzle::heuristic::{Heuristic, HeuristicKind};
use crate::puzzle::metric::Metric;
use crate::search::{GiveUp, Limits, Stats};
use crate::solving::constructive;
use crate::solving::plan::Plan;
use crate::solving::plan::AUTO_OPTIMAL_CELLS;
use crate::util::proven_bound::ProvenBound;

mod big_board;
mod ends;

use big_board::solve_big;
pub use big_board::{BEAM_SHARE, FIRST_WIDTH};
#[cfg(test)]
pub(crate) use ends::reaches;
use ends::{bounded_answer, raising, Upper};

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
    // A big board's construction is searched past when `auto` chose it, not when the
    // caller asked for the constructive method by name.
    let big = big_schedule(options, size) && (searched || options.algorithm == Algorithm::Auto);
    options.bounded
        && options.cluster.is_none()
        && options.weight <= 1.0
        && ((searched && (limits.max_time.is_some() || limits.max_expanded.is_some())) || big)
}

/// Whether a solve under `options` takes the schedule of big boards: a time limit on a
/// board past [`AUTO_OPTIMAL_CELLS`] cells in the single-tile metric. Its beam searches
/// and block solves count single steps; in the multi-tile metric no optimal search is
/// planned that far, and a named one is bounded by the common schedule.
fn big_schedule(options: &SolveOptions, size: Size) -> bool {
    options.metric == Metric::SingleTile && is_big(size) && options.limits.max_time.is_some()
}

/// The admissible estimate of `start` towards `goal` in `metric` the lower bound starts
/// from: linear conflict, counted in multi-tile moves axis by axis in that metric
/// ([`Heuristic::multi_tile_estimate`]; a multi-tile IDA* raises it to its own estimate
/// at its first iteration).
fn first_bound(start: &Board, goal: &Board, metric: Metric) -> u32 {
    Heuristic::new(HeuristicKind::LinearConflict, goal).estimate_in(metric, start.cells())
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
    optimal: impl Fn(&SolveOptions) -> Result<Solution, SolveError>,
) -> Result<Solution, SolveError> {
    if big_schedule(options, start.size()) {
        return solve_big(start, goal, plan, options, optimal);
    }
    let started = Instant::now();
    let limits = &options.limits;
    let upper = Upper::new(options.progress.clone(), options.metric);
    let built = constructive::solve(start, goal, limits);
    if built.status == Status::Solved {
        upper.offer(built.moves);
    }
    let proven = ProvenBound::new();
    proven.raise(first_bound(start, goal, options.metric));
    let share = limits.max_time.map(|whole| whole.mul_f64(OPTIMAL_SHARE));
    let first = Limits {
        max_time: share,
        max_expanded: limits.max_expanded.map(optimal_nodes),
        ..limits.clone()
    };
    // The optimum is proven by the first optimal path met, not the smallest: the last
    // iteration meets one sooner, often by half.
    let proving = SolveOptions {
        any_optimal: true,
        ..raising(options, first, &upper, &proven)
    };
    let mut solution = optimal(&proving)?;
    let why = match &solution.status {
        Status::Solved if solution.any_optimal && !options.any_optimal => {
            return smallest(
                start, goal, &solution, options, started, &upper, &proven, optimal,
            );
        }
        Status::GaveUp(stop @ (GiveUp::Time(_) | GiveUp::Expanded(_))) => as_set(stop, limits),
        _ => return Ok(solution),
    };
    let deadline = limits.max_time.and_then(|whole| started.checked_add(whole));
    // Whatever the optimal search left of the node limit, its overshoot taken off: the
    // phases together keep to the number the caller gave.
    let nodes_left = limits
        .max_expanded
        .map(|m| m.saturating_sub(solution.stats.expanded));
    let stats = improve(
        start, goal, plan, options, &upper, &proven, deadline, nodes_left,
    );
    solution.stats = solution.stats.plus(stats);
    Ok(bounded_answer(solution, start, goal, &upper, &proven, why))
}

/// `stop`, a limit that stopped a phase, named as the caller set it rather than as the
/// share the phase had.
fn as_set(stop: &GiveUp, limits: &Limits) -> GiveUp {
    match stop {
        GiveUp::Time(share) => GiveUp::Time(limits.max_time.unwrap_or(*share)),
        GiveUp::Expanded(share) => GiveUp::Expanded(limits.max_expanded.unwrap_or(*share)),
        other => *other,
    }
}

/// The answer once `found`, an optimal path the search stopped at first, has proven the
/// optimum: the smallest optimal path in the move order, searched for with what is left
/// of the limits from the proven length on (only the last iteration again); where a
/// limit or a stop from outside ends that search, `found` itself, a bounded answer with
/// no gap.
///
/// # Errors
/// What `optimal` returns.
#[allow(clippy::too_many_arguments)]
fn smallest(
    start: &Board,
    goal: &Board,
    found: &Solution,
    options: &SolveOptions,
    started: Instant,
    upper: &Upper,
    proven: &ProvenBound,
    optimal: impl Fn(&SolveOptions) -> Result<Solution, SolveError>,
) -> Result<Solution, SolveError> {
    let length = found.length().expect("a solved answer has a length");
    proven.raise(length as u32);
    upper.offer(found.moves.clone());
    let limits = &options.limits;
    let left = Limits {
        max_time: limits
            .max_time
            .map(|whole| whole.saturating_sub(started.elapsed())),
        max_expanded: limits
            .max_expanded
            .map(|max| max.saturating_sub(found.stats.expanded)),
        ..limits.clone()
    };
    let searching = SolveOptions {
        any_optimal: false,
        ..raising(options, left, upper, proven)
    };
    let mut canonical = optimal(&searching)?;
    canonical.stats = found.stats.plus(canonical.stats);
    let Status::GaveUp(stop) = &canonical.status else {
        return Ok(canonical);
    };
    let why = as_set(stop, limits);
    let mut answer = bounded_answer(canonical, start, goal, upper, proven, why);
    answer.any_optimal = answer.optimal;
    Ok(answer)
}

/// The optimal search's share of a node limit of `max`: [`OPTIMAL_SHARE`] of it, as of
/// the time, so that the upper bound has the rest and the two keep to `max` together.
fn optimal_nodes(max: u64) -> u64 {
    (max as f64 * OPTIMAL_SHARE) as u64
}

/// The upper-bound phase: weighted fast IDA* with [`WEIGHTS`] in turn until the deadline,
/// `nodes` expansions (what the optimal search left of the node limit), or a stop from
/// outside; on every thread when the time bounds it, on one when only nodes do. Returns
/// what it cost (its seconds the phase's wall time).
#[allow(clippy::too_many_arguments)]
fn improve(
    start: &Board,
    goal: &Board,
    plan: &Plan,
    options: &SolveOptions,
    upper: &Upper,
    proven: &ProvenBound,
    deadline: Option<Instant>,
    nodes: Option<u64>,
) -> Stats {
    let size = start.size();
    if size.cells() > MAX_FAST_CELLS || size.width() > MAX_LINE || size.height() > MAX_LINE {
        return Stats::default();
    }
    let nodes = nodes.map(AtomicU64::new);
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
        let (outcome, stats) = plan.guide.search_weighted(start, goal, weight, &settings);
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::board::Size;
    use crate::puzzle::oracle::{bfs_distances, bfs_multi_tile_distances};
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
    fn every_classic_search_bounds_8_puzzles_by_what_it_proved() {
        let goal = Board::goal(Size::square(3).unwrap());
        let far = bfs_distances(&goal);
        let estimate = Heuristic::new(HeuristicKind::LinearConflict, &goal);
        let mut rng = rand::rngs::StdRng::seed_from_u64(48);
        let mut raised = [0usize; 5];
        for _ in 0..40 {
            let start = random_board(&goal, &mut rng);
            if start == goal {
                continue;
            }
            let admissible = estimate.estimate_board(&start) as usize;
            for (i, algorithm) in [
                Algorithm::Idastar,
                Algorithm::Iddfs,
                Algorithm::Astar,
                Algorithm::Bfs,
                Algorithm::Bidirectional,
            ]
            .into_iter()
            .enumerate()
            {
                for nodes in [10, 300, 3_000, 30_000] {
                    let answer = solve_board(&start, &goal, &limited(algorithm, nodes, 1)).unwrap();
                    holds(&start, &goal, &answer, far[&start]);
                    assert!(answer.stats.expanded <= nodes, "{algorithm:?}: {nodes}");
                    if matches!(answer.status, Status::Bounded(_)) {
                        let lower = answer.lower_bound.unwrap();
                        assert!(lower >= admissible, "{start} {algorithm:?}");
                        raised[i] += usize::from(lower > admissible);
                    }
                }
            }
        }
        // Each proves more than the start's estimate on some boards (the blind ones when
        // their depth passes it).
        assert!(raised.iter().all(|&r| r > 5), "raised: {raised:?}");
    }

    #[test]
    fn a_stopped_classic_idastar_search_proves_the_bound_of_its_pass() {
        // The pass under way proves its bound: the one before found nothing within its own.
        let goal = Board::goal(Size::square(3).unwrap());
        let far = bfs_distances(&goal);
        let mut rng = rand::rngs::StdRng::seed_from_u64(5);
        let mut checked = 0;
        for _ in 0..30 {
            let start = random_board(&goal, &mut rng);
            for algorithm in [Algorithm::Idastar, Algorithm::Iddfs] {
                let mut options = limited(algorithm, 2_000, 1);
                let proven = ProvenBound::new();
                options.proven = Some(proven.clone());
                let mut bounds = Vec::new();
                let kind =
                    (algorithm == Algorithm::Idastar).then_some(HeuristicKind::LinearConflict);
                let (outcome, _) = crate::solving::problem::search_watched(
                    &start,
                    &goal,
                    algorithm,
                    kind,
                    None,
                    &options,
                    &mut |event| {
                        if let crate::search::Event::Iteration { bound } = event {
                            bounds.push(*bound);
                        }
                    },
                );
                let last = *bounds.last().unwrap();
                assert!(proven.get() as usize <= far[&start], "{start}");
                if let Ok(moves) = outcome {
                    assert_eq!(proven.get() as usize, moves.len());
                } else {
                    assert_eq!(proven.get(), last, "{start} {algorithm:?}");
                    if bounds.len() > 1 {
                        assert!(proven.get() > bounds[0]);
                        checked += 1;
                    }
                }
            }
        }
        assert!(checked > 20, "only {checked} stopped after a pass");
    }

    #[test]
    fn classic_idastar_on_korf_1_proves_the_passes_it_completed() {
        // Reported 43, the start's estimate, while the passes up to 53 had completed.
        let goal = Board::blank_first_goal(Size::square(4).unwrap());
        let start = crate::parse_board("14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3", None).unwrap();
        let answer =
            solve_board(&start, &goal, &limited(Algorithm::Idastar, 3_000_000, 1)).unwrap();
        holds(&start, &goal, &answer, 57);
        assert!(
            answer.lower_bound.unwrap() >= 55,
            "{:?}",
            answer.lower_bound
        );
    }

    #[test]
    fn the_node_limit_bounds_every_phase_together() {
        let goal = Board::blank_first_goal(Size::square(4).unwrap());
        let start = crate::parse_board("14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3", None).unwrap();
        for algorithm in [Algorithm::FastIdastar, Algorithm::Idastar, Algorithm::Astar] {
            for (nodes, threads) in [(1_000, 1), (200_000, 2), (1_000_000, 1)] {
                let options = limited(algorithm, nodes, threads);
                let answer = solve_board(&start, &goal, &options).unwrap();
                assert_eq!(
                    answer.status,
                    Status::Bounded(GiveUp::Expanded(nodes)),
                    "{algorithm:?}"
                );
                // The upper bound had what the optimal search left, so both ran.
                assert!(
                    answer.stats.expanded <= nodes && answer.stats.expanded > nodes * 3 / 4,
                    "{algorithm:?} {nodes}: {} expanded",
                    answer.stats.expanded
                );
            }
        }
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
    fn a_limit_that_stops_the_search_for_the_smallest_path_answers_the_proven_optimum() {
        let goal = Board::goal(Size::square(4).unwrap());
        let mut rng = rand::rngs::StdRng::seed_from_u64(62);
        let linear_conflict = crate::EstimateChoice::Heuristic(HeuristicKind::LinearConflict);
        let mut proven_first = 0;
        for _ in 0..12 {
            let start = random_walk(&goal, 60, &mut rng);
            let plain = SolveOptions {
                algorithm: Algorithm::FastIdastar,
                estimate: linear_conflict.clone(),
                ..SolveOptions::default()
            };
            let smallest = solve_board(&start, &goal, &plain).unwrap();
            let optimum = smallest.length().unwrap();
            let any = SolveOptions {
                any_optimal: true,
                ..plain.clone()
            };
            let first = solve_board(&start, &goal, &any).unwrap();
            assert_eq!(first.length(), Some(optimum));
            // Just enough for the optimal search's share to prove the optimum.
            let enough = (first.stats.expanded as f64 / OPTIMAL_SHARE).ceil() as u64 + 1;
            for nodes in [1_000, 10_000, 100_000, enough, enough + enough / 8] {
                let options = SolveOptions {
                    estimate: linear_conflict.clone(),
                    ..limited(Algorithm::FastIdastar, nodes, 1)
                };
                let answer = solve_board(&start, &goal, &options).unwrap();
                holds(&start, &goal, &answer, optimum);
                assert!(
                    answer.stats.expanded <= nodes,
                    "{start}: {:?}",
                    answer.stats
                );
                match answer.status {
                    // Finished within the limit: the smallest path, as without one.
                    Status::Solved => {
                        assert_eq!(answer.moves, smallest.moves, "{start}");
                        assert!(!answer.any_optimal);
                    }
                    Status::Bounded(_) if answer.any_optimal => {
                        assert_eq!(answer.gap(), Some(0), "{start}");
                        assert!(answer.optimal);
                        proven_first += 1;
                    }
                    _ => assert!(!answer.optimal || answer.gap() == Some(0)),
                }
            }
        }
        assert!(
            proven_first > 2,
            "{proven_first} answers proven before the smallest"
        );
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

    #[test]
    fn the_first_multi_tile_bound_is_never_above_the_optimum() {
        for size in [Size::square(3).unwrap(), Size::new(4, 2).unwrap()] {
            let goal = Board::goal(size);
            let conflicts = Heuristic::new(HeuristicKind::LinearConflict, &goal);
            let mut above_scaled = 0;
            for (start, optimum) in bfs_multi_tile_distances(&goal) {
                let bound = first_bound(&start, &goal, Metric::MultiTile);
                assert!(
                    bound as usize <= optimum,
                    "{start}: {bound} above {optimum}"
                );
                let scaled =
                    Metric::MultiTile.scaled_estimate(size, conflicts.estimate_board(&start));
                assert!(bound >= scaled, "{start}: {bound} below {scaled}");
                above_scaled += usize::from(bound > scaled);
            }
            // Counted axis by axis, a 4x2 board's vertical steps are not divided by 3.
            assert!(above_scaled > 1000, "{size}: {above_scaled} above");
        }
    }

    #[test]
    fn limited_multi_tile_answers_are_bounded_by_the_true_optimum() {
        let mut bounded = 0;
        for size in [Size::square(3).unwrap(), Size::new(4, 2).unwrap()] {
            let goal = Board::goal(size);
            let far = bfs_multi_tile_distances(&goal);
            let mut rng = rand::rngs::StdRng::seed_from_u64(48);
            for _ in 0..25 {
                let start = random_board(&goal, &mut rng);
                if start == goal {
                    continue;
                }
                for algorithm in [Algorithm::FastIdastar, Algorithm::Idastar] {
                    for nodes in [1, 10, 100, 1000] {
                        let options = SolveOptions {
                            metric: Metric::MultiTile,
                            ..limited(algorithm, nodes, 1)
                        };
                        let answer = solve_board(&start, &goal, &options).unwrap();
                        assert_eq!(answer.metric, Metric::MultiTile);
                        holds(&start, &goal, &answer, far[&start]);
                        bounded += usize::from(matches!(answer.status, Status::Bounded(_)));
                    }
                }
            }
        }
        assert!(bounded > 150, "only {bounded} bounded answers");
    }

    #[test]
    fn auto_past_16_cells_in_the_multi_tile_metric_spends_a_limit_on_a_bound() {
        let goal = Board::goal(Size::square(5).unwrap());
        let mut rng = rand::rngs::StdRng::seed_from_u64(1);
        for _ in 0..2 {
            let start = random_board(&goal, &mut rng);
            let mtm = SolveOptions {
                metric: Metric::MultiTile,
                bounded: true,
                ..SolveOptions::default()
            };
            // Without a limit: the construction at once, and the advice.
            let constructed = solve_board(&start, &goal, &mtm).unwrap();
            assert_eq!(constructed.algorithm, Algorithm::Constructive);
            assert_eq!(
                constructed.advice,
                Some(crate::answer::solution::Advice::TimeLimit)
            );
            // With one: a bounded answer no longer than the construction, its bound
            // below it, its path valid.
            let limited = SolveOptions {
                limits: Limits {
                    max_expanded: Some(300_000),
                    ..Limits::NONE
                },
                ..mtm
            };
            let answer = solve_board(&start, &goal, &limited).unwrap();
            assert!(
                matches!(answer.status, Status::Bounded(_)),
                "{:?}",
                answer.status
            );
            let length = answer.length().unwrap();
            assert!(reaches(&start, &goal, &answer.moves));
            assert!(length <= constructed.length().unwrap());
            let lower = answer.lower_bound.unwrap();
            assert!(lower >= first_bound(&start, &goal, Metric::MultiTile) as usize);
            assert!(lower < length, "{lower} {length}");
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(24))]
        #[test]
        fn limited_15_puzzles_are_bounded_by_their_optimum(
            seed in any::<u64>(), steps in 20usize..60, nodes in 1u64..20_000, threads in 1usize..3,
            algorithm in prop::sample::select(vec![
                Algorithm::FastIdastar, Algorithm::Idastar, Algorithm::Iddfs,
                Algorithm::Astar, Algorithm::Bfs, Algorithm::Bidirectional,
            ])
        ) {
            let goal = Board::goal(Size::square(4).unwrap());
            let start = random_walk(&goal, steps, &mut rand::rngs::StdRng::seed_from_u64(seed));
            prop_assume!(start != goal);
            let optimum = solve_board(&start, &goal, &SolveOptions::default()).unwrap();
            let optimum = optimum.length().unwrap();
            let answer =
                solve_board(&start, &goal, &limited(algorithm, nodes, threads)).unwrap();
            holds(&start, &goal, &answer, optimum);
            prop_assert!(answer.stats.expanded <= nodes, "{} expanded of {nodes}", answer.stats.expanded);
        }
    }
}
