//! The fast IDA* on several threads: every core searches one instance.
//!
//! ```
//! use npuzzle::fast_idastar::{search, LinearConflict, RunSettings};
//! use npuzzle::{parse_board, Board, Size};
//!
//! let goal = Board::goal(Size::square(4)?);
//! let start = parse_board("5 1 3 4/9 2 7 8/6 10 11 12/13 14 15 0", None)?;
//! let estimate = LinearConflict::new(&goal);
//! let (one, _) = search(&start, &estimate, &RunSettings::default());
//! let (three, _) = search(&start, &estimate, &RunSettings { threads: 3, ..RunSettings::default() });
//! assert_eq!(one, three); // the serial search's path, move for move
//! assert!(one.is_ok());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Each iteration (one bound) is cut into work items: the nodes a few levels below the
//! root that are within the bound, listed in the order the serial search reaches them
//! (the *frontier*). Threads take items in that order from a shared counter and search
//! each one's subtree with the serial depth-first code.
//!
//! **Same answer as the serial search.** The serial search returns the first goal it
//! meets, which lies in the first item, in order, whose subtree holds a goal. When a
//! thread finds a goal in item `i`, the items after `i` are no longer needed: the cutoff
//! drops to `i + 1` and threads busy with later items stop at their next node. Items
//! before `i` still run to the end, since one of them may hold an earlier path; the
//! answer is the goal of the lowest item that found one. So the path, not only its
//! length, is the serial one: the smallest shortest path in the move order.
//!
//! **When any optimal path will do** ([`super::RunSettings::any_optimal`]) the items are
//! handed out least `f` first, each searched with its children by estimate, and the
//! first goal found stops every item: the path is optimal, but which one depends on
//! which thread meets one first.
//!
//! **The next bound** is the least `f` over every child cut off in the iteration, by the
//! frontier or by any thread: exactly the serial search's, because an iteration that
//! finds no goal cancels nothing.
//!
//! **Balance.** Subtrees differ in size by orders of magnitude, so the frontier is made
//! deep enough for [`ITEMS_PER_THREAD`] items per thread: the large subtrees are then
//! spread over the threads, and an iteration's last items are small, so the threads
//! finish it together (docs/BENCHMARKS.md, "Threads (parallel IDA*)").
//!
//! **On a cluster** (a [`crate::fast_idastar::cluster_link::ClusterLink`] in the settings) every process lists
//! the same frontier, sized for the threads of the whole cluster; threads
//! [claim](crate::fast_idastar::cluster_link::ClusterLink::claim) items from the link instead of the shared
//! counter, a goal's cutoff is announced to the other processes and read from them, and
//! each iteration ends with every process's counts, next bound and lowest goal gathered,
//! from which all decide the same thing.
//!
//! **Limits** are global: expansions are pooled across threads (every
//! [`FLUSH_EVERY`] nodes, so a node limit may be passed by at most that many nodes per
//! thread) and the clock and the [cancel token](crate::util::cancel) are read as often; the
//! first thread to reach a limit stops all.

use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering::Relaxed};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use super::runner::Runner;
use super::shared_iteration::SharedIteration;
use super::{first_bound, Estimate, FastBoard, MovePruner, MoveTable, Reports, RunSettings};
use crate::fast_idastar::cluster_link::{ClusterLink, RoundShare};
use crate::puzzle::board::{Board, Move};
use crate::search::{Budget, GiveUp, Limits, Stats};

/// Work items per thread the frontier is deepened to reach.
pub const ITEMS_PER_THREAD: usize = 256;

/// An iteration that follows one of fewer expansions than this runs on the calling thread
/// alone: iterations grow by a factor of about 3 to 10, so the next one is too small for
/// starting threads and listing a frontier to pay (docs/BENCHMARKS.md, "Threads (parallel IDA*)").
pub const SERIAL_BELOW: u64 = 5_000;

pub use super::shared_iteration::FLUSH_EVERY;

/// One subtree to search: a frontier node and the moves that reach it.
struct Item<N> {
    moves: Vec<Move>,
    board: FastBoard,
    blank: usize,
    node: N,
    /// The move pruner's state after `moves`.
    state: u32,
}

/// The frontier of one iteration, and what listing it cost.
struct Frontier<N> {
    items: Vec<Item<N>>,
    next_bound: u32,
    expanded: u64,
    generated: u64,
}

impl<N: Copy> Frontier<N> {
    /// Expands the root level by level, keeping the children within `bound` in the serial
    /// search's order, until there are `target` items (or none left to expand). A level
    /// replaces each item by its children in move order, so the items stay in depth-first
    /// order; goals are kept as they are, since the search stops at them.
    fn grow<E: Estimate<Node = N>>(
        estimate: &E,
        table: &MoveTable,
        root: Item<N>,
        bound: u32,
        target: usize,
    ) -> Frontier<N> {
        let mut frontier = Frontier {
            items: vec![root],
            next_bound: u32::MAX,
            expanded: 0,
            generated: 0,
        };
        while frontier.items.len() < target {
            let mut grew = false;
            let mut next = Vec::with_capacity(frontier.items.len() * 3);
            for mut item in std::mem::take(&mut frontier.items) {
                if estimate.is_goal(&item.node) {
                    next.push(item);
                    continue;
                }
                grew = true;
                frontier.expanded += 1;
                let g = item.moves.len() as u32;
                let blank = item.blank;
                for &(mv, to) in table.moves[blank].iter().flatten() {
                    let Some(state) = table.pruner.step(item.state, mv) else {
                        continue;
                    };
                    frontier.generated += 1;
                    let to = to as usize;
                    let tile = item.board.slide(blank, to);
                    let (child, h) = estimate.step_within(
                        &item.node,
                        &item.board,
                        tile,
                        to,
                        blank,
                        bound - g - 1,
                    );
                    let f = g + 1 + h;
                    if f <= bound {
                        let mut moves = item.moves.clone();
                        moves.push(mv);
                        next.push(Item {
                            moves,
                            board: item.board.clone(),
                            blank: to,
                            node: child,
                            state,
                        });
                    } else {
                        frontier.next_bound = frontier.next_bound.min(f);
                    }
                    item.board.unslide(blank, to, tile);
                }
            }
            frontier.items = next;
            if !grew {
                break;
            }
        }
        frontier
    }
}

impl<N> Frontier<N> {
    /// Puts the items likeliest to hold a shortest path first when any will do: the
    /// least `f` (the estimate fell most on the way), ties in the move order.
    fn least_f_first<E: Estimate<Node = N>>(&mut self, estimate: &E) {
        self.items
            .sort_by_key(|item| item.moves.len() as u32 + estimate.value(&item.node));
    }
}

/// The searches of one iteration's `items` on `workers` threads (this one alone for one),
/// what each found.
fn search_items<E: Estimate>(
    estimate: &E,
    table: &MoveTable,
    items: &[Item<E::Node>],
    bound: u32,
    watch: &SharedIteration,
    workers: usize,
    any_optimal: bool,
) -> Vec<Finding> {
    let one = || work(estimate, table, items, bound, watch, any_optimal);
    if workers == 1 {
        return vec![one()];
    }
    std::thread::scope(|scope| {
        let handles: Vec<_> = (0..workers).map(|_| scope.spawn(one)).collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("a search thread does not panic"))
            .collect()
    })
}

/// This process's share of a round: its threads' `findings` pooled (counts summed, the
/// least next bound, the goal of the lowest item) beside the frontier's next bound and
/// the first limit reached.
fn share_of(findings: Vec<Finding>, frontier_bound: u32, gave_up: Option<GiveUp>) -> RoundShare {
    let mut share = RoundShare {
        next_bound: frontier_bound,
        gave_up,
        ..RoundShare::default()
    };
    for finding in findings {
        share.expanded += finding.stats.expanded;
        share.generated += finding.stats.generated;
        share.next_bound = share.next_bound.min(finding.next_bound);
        if let Some((i, path)) = finding.goal {
            if share.goal.as_ref().is_none_or(|(b, _)| i < *b) {
                share.goal = Some((i, path));
            }
        }
    }
    share
}

/// What one thread found in one iteration.
struct Finding {
    /// The first item (in order) where this thread found a goal, with the whole path.
    goal: Option<(usize, Vec<Move>)>,
    next_bound: u32,
    stats: Stats,
}

/// Searches items from the shared counter until none is left or needed.
fn work<E: Estimate>(
    estimate: &E,
    table: &MoveTable,
    items: &[Item<E::Node>],
    bound: u32,
    watch: &SharedIteration,
    any_optimal: bool,
) -> Finding {
    let mut goal = None;
    let Some(first) = items.first() else {
        return Finding {
            goal,
            next_bound: u32::MAX,
            stats: Stats::default(),
        };
    };
    let mut runner = Runner::new(
        estimate,
        table,
        first.board.clone(),
        first.blank,
        Budget::new(&Limits::NONE),
    );
    runner.by_estimate = any_optimal;
    while let Some(i) = watch.claim(items.len()) {
        if i >= watch.cutoff.load(Relaxed) {
            break;
        }
        let item = &items[i];
        runner.board.clone_from(&item.board);
        runner.blank = item.blank;
        runner.path.clear();
        runner.watch = Some((watch, i));
        let g = item.moves.len() as u32;
        if runner.pass(g, bound, item.node, item.state) {
            // The smallest path may lie in an earlier item, which must finish; any
            // optimal one is this one, and every other item can stop.
            let cutoff = if any_optimal { 0 } else { i + 1 };
            watch.cutoff.fetch_min(cutoff, Relaxed);
            if let Some((link, _)) = &watch.link {
                link.announce_cutoff(cutoff);
            }
            let mut path = item.moves.clone();
            path.extend_from_slice(&runner.path);
            goal = Some((i, path));
            // This thread's later items would all come after `i`.
            break;
        }
        if runner.stopped.take().is_some() {
            break;
        }
    }
    Finding {
        goal,
        next_bound: runner.next_bound,
        stats: runner
            .budget
            .finish(crate::search::Outcome::<()>::Exhausted)
            .stats,
    }
}

/// The parallel search on `threads` threads (see the [module](self) documentation); the
/// same contract and answer as [`super::search`]. With a `link`, the items of each
/// iteration are shared with the cluster's other processes (see [`crate::fast_idastar::cluster_link`]), and
/// the answer and counts returned are the cluster's, the same on every process.
pub(super) fn search<E: Estimate>(
    start: &Board,
    estimate: &E,
    table: &mut MoveTable,
    settings: &RunSettings,
    threads: usize,
    link: Option<&dyn ClusterLink>,
    report: &Reports,
) -> (Result<Vec<Move>, GiveUp>, Stats) {
    let started = Instant::now();
    let limits = &settings.limits;
    let board = FastBoard::new(start);
    let root = estimate.init(&board);
    let mut bound = first_bound(estimate.value(&root), settings);
    let mut stats = Stats::default();
    let slots = link.map_or(threads, |l| l.threads().iter().sum());
    // Alone, a search also stops between iterations (a longer move pruner takes
    // seconds to make); on a cluster only inside a round, where every process hears of it.
    let stop = || stopped(limits, started);
    let alone = link
        .is_none()
        .then_some(&stop as &dyn Fn() -> Option<GiveUp>);
    // A search started at a bound already proven skips the small iterations: its first
    // is worth every thread.
    let mut previous = if bound > estimate.value(&root) {
        SERIAL_BELOW
    } else {
        0
    };
    loop {
        let lengthened = table.lengthen_for(stats.expanded, report.pruning, alone);
        if let Some(why) = lengthened.err().or_else(|| alone.and_then(|stop| stop())) {
            return (Err(why), stats);
        }
        (report.iteration)(bound, stats.expanded);
        stats.peak_nodes = stats.peak_nodes.max(u64::from(bound) + 1);
        let root_item = Item {
            moves: Vec::new(),
            board: board.clone(),
            blank: start.blank(),
            node: root,
            state: MovePruner::START,
        };
        let (workers, target) = if previous < SERIAL_BELOW {
            (1, 1)
        } else {
            (threads, ITEMS_PER_THREAD * slots)
        };
        let mut frontier = Frontier::grow(estimate, table, root_item, bound, target);
        if settings.any_optimal {
            frontier.least_f_first(estimate);
        }
        stats.expanded += frontier.expanded;
        stats.generated += frontier.generated;
        let pooled = stats.expanded;
        if let Some(link) = link {
            link.begin_round(frontier.items.len());
        }
        let watch = SharedIteration {
            next: AtomicUsize::new(0),
            cutoff: AtomicUsize::new(usize::MAX),
            expanded: AtomicU64::new(pooled),
            max_expanded: limits.max_expanded,
            deadline: deadline(limits, started),
            cancel: limits.cancel.clone(),
            gave_up: Mutex::new(None),
            link: link.map(|l| (l, AtomicU64::new(0))),
        };
        let over_limit = limits.max_expanded.filter(|&max| pooled > max);
        let findings = if over_limit.is_some() {
            Vec::new()
        } else {
            let any = settings.any_optimal;
            search_items(
                estimate,
                table,
                &frontier.items,
                bound,
                &watch,
                workers,
                any,
            )
        };
        let gave_up = over_limit
            .map(GiveUp::Expanded)
            .or(watch.gave_up.into_inner().expect("no thread panicked"));
        let share = share_of(findings, frontier.next_bound, gave_up);
        let round = match link {
            None => share,
            Some(link) => combine(&link.gather(share.encode())),
        };
        stats.expanded += round.expanded;
        stats.generated += round.generated;
        if let Some(why) = round.gave_up {
            return (Err(why), stats);
        }
        if let Some((_, path)) = round.goal {
            stats.peak_nodes = stats.peak_nodes.max(path.len() as u64 + 1);
            return (Ok(path), stats);
        }
        previous = round.expanded + frontier.expanded;
        // A solvable board always has a path, so the bound always grows to meet it.
        bound = round.next_bound;
    }
}

/// The instant a search begun at `started` reaches its time limit, with the limit; a
/// span past what the clock can hold is no deadline at all.
fn deadline(limits: &Limits, started: Instant) -> Option<(Instant, Duration)> {
    limits
        .max_time
        .and_then(|max| Some((started.checked_add(max)?, max)))
}

/// Why a search begun at `started` must stop now, its token set or its time up; `None`
/// to go on.
fn stopped(limits: &Limits, started: Instant) -> Option<GiveUp> {
    if limits.cancelled() {
        return Some(GiveUp::Interrupted);
    }
    let (at, max) = deadline(limits, started)?;
    (Instant::now() >= at).then_some(GiveUp::Time(max))
}

/// The cluster's round from every process's share: counts summed, the least next bound,
/// the goal of the lowest item, the first limit reached in process order.
fn combine(shares: &[String]) -> RoundShare {
    let mut round = RoundShare {
        next_bound: u32::MAX,
        ..RoundShare::default()
    };
    for text in shares {
        let share = RoundShare::decode(text).expect("every process runs this same program");
        round.expanded += share.expanded;
        round.generated += share.generated;
        round.next_bound = round.next_bound.min(share.next_bound);
        if let Some((i, path)) = share.goal {
            if round.goal.as_ref().is_none_or(|(b, _)| i < *b) {
                round.goal = Some((i, path));
            }
        }
        round.gave_up = round.gave_up.or(share.gave_up);
    }
    round
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fast_idastar::tests::{solve, solve_with};
    use crate::fast_idastar::{LinearConflict, RunSettings};
    use crate::puzzle::heuristic::HeuristicKind;
    use crate::puzzle::move_order::MoveOrder;
    use crate::puzzle::random::{random_board, random_walk};
    use crate::Size;
    use crate::{Solution, Status};
    use proptest::prelude::*;
    use rand::SeedableRng;

    fn settings(threads: usize, order: MoveOrder) -> RunSettings {
        RunSettings {
            order,
            threads,
            ..RunSettings::default()
        }
    }

    /// Korf's instance 1, 57 moves from the blank-first goal: long enough for many
    /// iterations and frontiers of hundreds of items.
    const KORF_1: &str = "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3";

    #[test]
    fn same_path_as_the_serial_search_on_the_15_puzzle() {
        let goal = Board::blank_first_goal(Size::square(4).unwrap());
        let mut rng = rand::rngs::StdRng::seed_from_u64(21);
        let mut starts = vec![crate::parse_board(KORF_1, None).unwrap()];
        starts.extend((0..6).map(|_| random_walk(&goal, 60, &mut rng)));
        let kind = HeuristicKind::LinearConflict;
        for start in &starts {
            let serial = solve(start, &goal, kind, &settings(1, MoveOrder::DEFAULT));
            for threads in [2, 3, 5] {
                let parallel = solve(start, &goal, kind, &settings(threads, MoveOrder::DEFAULT));
                assert_eq!(parallel.status, Status::Solved);
                assert_eq!(parallel.moves, serial.moves, "{start}, {threads} threads");
                assert!(parallel.optimal);
            }
        }
    }

    #[test]
    fn node_counts_match_the_serial_search_until_the_last_iteration() {
        // Every iteration but the last searches the same tree, whoever searches it; the
        // last one may stop early or late. So the parallel count lies between the serial
        // count of the earlier iterations and the serial total plus one last iteration.
        let goal = Board::blank_first_goal(Size::square(4).unwrap());
        let start = crate::parse_board(KORF_1, None).unwrap();
        let estimate = LinearConflict::new(&goal);
        let serial = super::super::search(&start, &estimate, &settings(1, MoveOrder::DEFAULT)).1;
        let parallel = super::super::search(&start, &estimate, &settings(2, MoveOrder::DEFAULT)).1;
        let frontier_slack = serial.expanded / 10;
        assert!(
            parallel.expanded + frontier_slack >= serial.expanded / 2,
            "{parallel:?} vs {serial:?}"
        );
        assert!(
            parallel.expanded <= 2 * serial.expanded + frontier_slack,
            "{parallel:?} vs {serial:?}"
        );
        assert_eq!(parallel.peak_nodes, serial.peak_nodes);
    }

    #[test]
    fn limits_stop_every_thread() {
        let goal = Board::blank_first_goal(Size::square(4).unwrap());
        let start = crate::parse_board(KORF_1, None).unwrap();
        let estimate = LinearConflict::manhattan_only(&goal);
        let by_nodes = RunSettings {
            limits: Limits {
                max_expanded: Some(200_000),
                ..Limits::NONE
            },
            ..settings(2, MoveOrder::DEFAULT)
        };
        let (outcome, stats) = super::super::search(&start, &estimate, &by_nodes);
        assert_eq!(outcome, Err(GiveUp::Expanded(200_000)));
        // Pooled every FLUSH_EVERY nodes per thread, plus the frontier of one iteration.
        assert!(
            stats.expanded <= 200_000 + 2 * FLUSH_EVERY + 2_000,
            "{stats:?}"
        );
        let by_time = RunSettings {
            limits: Limits {
                max_time: Some(Duration::from_millis(100)),
                ..Limits::NONE
            },
            ..settings(2, MoveOrder::DEFAULT)
        };
        let started = Instant::now();
        let (outcome, _) = super::super::search(&start, &estimate, &by_time);
        assert_eq!(outcome, Err(GiveUp::Time(Duration::from_millis(100))));
        assert!(started.elapsed() < Duration::from_secs(5));
    }

    #[test]
    fn a_set_token_stops_the_search_on_any_number_of_threads() {
        let goal = Board::blank_first_goal(Size::square(4).unwrap());
        let start = crate::parse_board(KORF_1, None).unwrap();
        // Manhattan alone: hundreds of millions of nodes, far more than the test waits.
        let estimate = LinearConflict::manhattan_only(&goal);
        for threads in [1, 2, 3] {
            for wait in [Duration::ZERO, Duration::from_millis(50)] {
                let token = crate::util::cancel::CancelToken::new();
                let settings = RunSettings {
                    limits: Limits {
                        cancel: Some(token.clone()),
                        // Only should the token be missed: the outcome then says so.
                        max_time: Some(Duration::from_secs(120)),
                        ..Limits::NONE
                    },
                    ..settings(threads, MoveOrder::DEFAULT)
                };
                let started = Instant::now();
                let (outcome, _) = std::thread::scope(|scope| {
                    scope.spawn(|| {
                        std::thread::sleep(wait);
                        token.cancel();
                    });
                    super::super::search(&start, &estimate, &settings)
                });
                assert_eq!(outcome, Err(GiveUp::Interrupted), "{threads} threads");
                assert!(started.elapsed() < Duration::from_secs(60));
            }
        }
    }

    #[test]
    fn unsolvable_and_solved_boards_need_no_search() {
        let goal = Board::goal(Size::square(4).unwrap());
        let swapped = crate::puzzle::solvability::swap_parity(&goal);
        let kind = HeuristicKind::LinearConflict;
        let s = solve(&swapped, &goal, kind, &settings(2, MoveOrder::DEFAULT));
        assert_eq!(s.status, Status::Unsolvable);
        let s = solve(&goal, &goal, kind, &settings(2, MoveOrder::DEFAULT));
        assert_eq!((s.status, s.moves.len()), (Status::Solved, 0));
    }

    /// Keeps the messages it is given.
    #[derive(Default)]
    struct Recorder(Mutex<Vec<String>>);

    impl crate::util::progress::Progress for Recorder {
        fn start(&self, what: &str, _total: u64) {
            self.0.lock().unwrap().push(what.to_string());
        }
        fn advance(&self, _units: u64) {}
        fn finish(&self) {}
    }

    /// Settings for `threads` threads whose progress messages the recorder keeps.
    fn recorded(threads: usize) -> (std::sync::Arc<Recorder>, RunSettings) {
        let recorder = std::sync::Arc::new(Recorder::default());
        let settings = RunSettings {
            progress: Some(crate::util::progress::SharedProgress(recorder.clone())),
            ..settings(threads, MoveOrder::DEFAULT)
        };
        (recorder, settings)
    }

    #[test]
    fn every_iteration_is_reported_with_its_bound() {
        let goal = Board::blank_first_goal(Size::square(4).unwrap());
        let start = crate::parse_board(KORF_1, None).unwrap();
        for threads in [1, 2] {
            let (recorder, settings) = recorded(threads);
            let s = solve(&start, &goal, HeuristicKind::LinearConflict, &settings);
            let bounds: Vec<usize> = recorder
                .0
                .lock()
                .unwrap()
                .iter()
                .filter_map(|m| {
                    let rest = m.strip_prefix("fast IDA*: bound ")?;
                    rest.split(',').next()?.parse().ok()
                })
                .collect();
            // Bounds rise by two (parity) from the first estimate to the optimum, 57.
            assert_eq!(bounds.last(), Some(&57), "{threads} threads");
            assert_eq!(
                Some(bounds.len()),
                s.length().map(|_| (57 - bounds[0]) / 2 + 1)
            );
            assert!(bounds.windows(2).all(|w| w[1] == w[0] + 2), "{bounds:?}");
        }
    }

    #[test]
    fn a_search_grown_long_lengthens_its_words_and_keeps_the_path() {
        // Korf's #6: Manhattan alone expands some 3.8 million nodes, linear conflict half
        // a million, fewer than the search expands before it finds longer words.
        let goal = Board::blank_first_goal(Size::square(4).unwrap());
        let start = crate::parse_board("14 7 1 9 12 3 6 15 8 11 2 5 10 0 4 13", None).unwrap();
        let (recorder, reference_settings) = recorded(1);
        let reference = solve(
            &start,
            &goal,
            HeuristicKind::LinearConflict,
            &reference_settings,
        );
        assert_eq!(reference.length(), Some(52));
        let lengthening = |messages: &[String]| {
            messages
                .iter()
                .position(|m| m.contains("duplicate paths of up to 12 moves"))
        };
        assert_eq!(lengthening(&recorder.0.lock().unwrap()), None);
        for threads in [1, 2] {
            let (recorder, settings) = recorded(threads);
            let long = solve(&start, &goal, HeuristicKind::Manhattan, &settings);
            assert_eq!(long.moves, reference.moves, "{threads} threads");
            let messages = recorder.0.lock().unwrap();
            let at = lengthening(&messages).expect("words lengthened to 12 moves");
            // Between iterations, after some: one was reported before, one after.
            assert!(messages[..at]
                .iter()
                .any(|m| m.starts_with("fast IDA*: bound ")));
            assert!(messages[at..]
                .iter()
                .any(|m| m.starts_with("fast IDA*: bound ")));
        }
    }

    /// Runs the same solve on every member of an in-process cluster of `shape`, for the
    /// smallest optimal path or, with `any_optimal`, any.
    fn on_cluster(
        start: &Board,
        goal: &Board,
        shape: &[usize],
        limits: &Limits,
        any_optimal: bool,
    ) -> Vec<Solution> {
        let links = crate::fast_idastar::in_process_cluster::InProcessCluster::new(shape);
        std::thread::scope(|scope| {
            let handles: Vec<_> = links
                .into_iter()
                .map(|link| {
                    let options = crate::SolveOptions {
                        threads: link.threads()[link.process()],
                        cluster: Some(crate::fast_idastar::cluster_link::SharedLink(
                            std::sync::Arc::new(link),
                        )),
                        limits: limits.clone(),
                        any_optimal,
                        estimate: crate::EstimateChoice::Heuristic(HeuristicKind::LinearConflict),
                        algorithm: crate::Algorithm::FastIdastar,
                        ..crate::SolveOptions::default()
                    };
                    scope.spawn(move || crate::solve(start, goal, &options).unwrap())
                })
                .collect();
            handles.into_iter().map(|h| h.join().unwrap()).collect()
        })
    }

    #[test]
    fn a_cluster_finds_the_serial_path_and_agrees_on_its_cost() {
        let goal = Board::blank_first_goal(Size::square(4).unwrap());
        let start = crate::parse_board(KORF_1, None).unwrap();
        let serial = solve(
            &start,
            &goal,
            HeuristicKind::LinearConflict,
            &settings(1, MoveOrder::DEFAULT),
        );
        for shape in [&[1, 1][..], &[2, 1], &[1, 1, 1]] {
            let answers = on_cluster(&start, &goal, shape, &Limits::NONE, false);
            for answer in &answers {
                assert_eq!(answer.moves, serial.moves, "{shape:?}");
                assert!(answer.optimal);
                // Every process reports the cluster's count, the same everywhere.
                assert_eq!(answer.stats.expanded, answers[0].stats.expanded);
            }
        }
    }

    #[test]
    fn a_limit_reached_anywhere_stops_the_whole_cluster() {
        let goal = Board::blank_first_goal(Size::square(4).unwrap());
        let start = crate::parse_board(KORF_1, None).unwrap();
        let limits = Limits {
            max_expanded: Some(300_000),
            ..Limits::NONE
        };
        for answer in on_cluster(&start, &goal, &[1, 2], &limits, false) {
            assert_eq!(answer.status, Status::GaveUp(GiveUp::Expanded(300_000)));
            // Each process pools its count with the others' as it goes.
            assert!(
                answer.stats.expanded < 300_000 + 3 * 4 * FLUSH_EVERY + 10_000,
                "{:?}",
                answer.stats
            );
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(24))]
        #[test]
        fn any_cluster_shape_gives_the_serial_path(
            seed in any::<u64>(),
            shape in prop::collection::vec(1usize..3, 1..4),
            (w, h) in prop_oneof![Just((3, 3)), Just((4, 3)), Just((4, 4))],
        ) {
            let goal = Board::goal(Size::new(w, h).unwrap());
            let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
            let start = if w * h == 16 { random_walk(&goal, 45, &mut rng) } else { random_board(&goal, &mut rng) };
            let serial = solve(&start, &goal, HeuristicKind::LinearConflict, &settings(1, MoveOrder::DEFAULT));
            for answer in on_cluster(&start, &goal, &shape, &Limits::NONE, false) {
                prop_assert_eq!(&answer.status, &serial.status);
                prop_assert_eq!(&answer.moves, &serial.moves);
            }
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(48))]
        #[test]
        fn any_order_and_thread_count_gives_the_serial_path(
            seed in any::<u64>(),
            order_index in 0usize..24,
            threads in 2usize..6,
            (w, h) in prop_oneof![Just((3, 3)), Just((4, 3)), Just((3, 4))],
        ) {
            let goal = Board::goal(Size::new(w, h).unwrap());
            let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
            let start = random_board(&goal, &mut rng);
            let order = MoveOrder::all()[order_index];
            let estimate = LinearConflict::new(&goal);
            let serial = solve_with(&start, &goal, &estimate, &settings(1, order));
            let parallel =
                solve_with(&start, &goal, &estimate, &settings(threads, order));
            prop_assert_eq!(&parallel.status, &serial.status);
            prop_assert_eq!(&parallel.moves, &serial.moves);
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(48))]
        #[test]
        fn any_optimal_answers_are_optimal_on_any_threads_and_order(
            seed in any::<u64>(),
            order_index in 0usize..24,
            threads in 1usize..5,
            (w, h) in prop_oneof![Just((3, 3)), Just((4, 3)), Just((3, 4)), Just((4, 4))],
        ) {
            let goal = Board::goal(Size::new(w, h).unwrap());
            let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
            let start = if w * h == 16 { random_walk(&goal, 50, &mut rng) } else { random_board(&goal, &mut rng) };
            let order = MoveOrder::all()[order_index];
            let estimate = LinearConflict::new(&goal);
            let smallest = solve_with(&start, &goal, &estimate, &settings(1, order));
            let any = RunSettings { any_optimal: true, ..settings(threads, order) };
            let answer = solve_with(&start, &goal, &estimate, &any);
            prop_assert_eq!(&answer.status, &smallest.status);
            prop_assert_eq!(answer.moves.len(), smallest.moves.len());
            let boards = start.boards_along(&answer.moves).unwrap();
            prop_assert_eq!(boards.last(), Some(&goal));
        }

        #[test]
        fn a_cluster_agrees_on_one_optimal_path_when_any_will_do(
            seed in any::<u64>(),
            shape in prop::collection::vec(1usize..3, 1..4),
        ) {
            let goal = Board::goal(Size::square(4).unwrap());
            let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
            let start = random_walk(&goal, 50, &mut rng);
            let smallest = solve(&start, &goal, HeuristicKind::LinearConflict, &settings(1, MoveOrder::DEFAULT));
            let answers = on_cluster(&start, &goal, &shape, &Limits::NONE, true);
            for answer in &answers {
                prop_assert_eq!(&answer.moves, &answers[0].moves);
                prop_assert_eq!(answer.moves.len(), smallest.moves.len());
                prop_assert!(answer.any_optimal);
            }
        }
    }

    #[test]
    fn a_search_from_a_proven_bound_finds_the_same_path_sooner() {
        // Korf's instance 1, 57 moves: with 57 proven, only the last iteration runs.
        let goal = Board::blank_first_goal(Size::square(4).unwrap());
        let start = crate::parse_board(KORF_1, None).unwrap();
        let estimate = LinearConflict::new(&goal);
        for threads in [1, 2] {
            let whole = solve_with(
                &start,
                &goal,
                &estimate,
                &settings(threads, MoveOrder::DEFAULT),
            );
            let proven = crate::util::proven_bound::ProvenBound::new();
            proven.raise(57);
            let from_57 = RunSettings {
                proven: Some(proven),
                ..settings(threads, MoveOrder::DEFAULT)
            };
            let last = solve_with(&start, &goal, &estimate, &from_57);
            assert_eq!(last.moves, whole.moves, "{threads} threads");
            assert!(
                last.stats.expanded < whole.stats.expanded,
                "{threads} threads: {:?} against {:?}",
                last.stats,
                whole.stats
            );
        }
    }

    #[test]
    fn meeting_an_optimal_path_by_estimate_costs_fewer_nodes() {
        // On Korf's instance 1 the smallest path lies late in its last iteration.
        let goal = Board::blank_first_goal(Size::square(4).unwrap());
        let start = crate::parse_board(KORF_1, None).unwrap();
        let estimate = LinearConflict::new(&goal);
        let smallest = solve_with(&start, &goal, &estimate, &settings(1, MoveOrder::DEFAULT));
        let any = RunSettings {
            any_optimal: true,
            ..settings(1, MoveOrder::DEFAULT)
        };
        let first = solve_with(&start, &goal, &estimate, &any);
        assert_eq!(first.moves.len(), 57);
        assert!(
            first.stats.expanded < smallest.stats.expanded,
            "{:?} against {:?}",
            first.stats,
            smallest.stats
        );
    }
}
