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
mod tests;
