//! Traces: what a classic search did, event by event, so that a student can watch it and
//! diff their own search against it. The events are those of [`crate::search::observer`]
//! with boards for nodes, numbered as they come, and the trace stops at a limit.
//!
//! ```
//! use npuzzle::services::trace::{trace, TraceKind};
//! use npuzzle::{parse_board, Algorithm, SolveOptions};
//!
//! let start = parse_board("283104765", None)?;
//! let goal = parse_board("123804765", None)?;
//! let options = SolveOptions { algorithm: Algorithm::Bfs, ..SolveOptions::default() };
//! let t = trace(&start, &goal, &options, 10_000)?;
//! assert_eq!(t.events[0].kind, TraceKind::Expand);
//! assert_eq!(t.events[0].board.as_ref(), Some(&start)); // the start is expanded first
//! let last = t.events.last().unwrap();
//! assert_eq!((last.kind, last.board.as_ref(), last.g), (TraceKind::Goal, Some(&goal), 4));
//! assert!(!t.truncated);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! ## The order of events
//! Children are tried in the move order of the options (the blank's moves, default
//! l, r, d, u), and:
//! - BFS: nodes are expanded in queue order (first in, first out), the start first, each
//!   board once; a board is queued when first generated, and the goal event comes when the
//!   goal is generated (it is never expanded).
//! - Bidirectional BFS: the side with the smaller frontier (the forward one on a tie)
//!   expands one whole layer, in the order that layer was generated; once a layer finds
//!   boards seen by the other side, the layer is finished, a meet event names the board
//!   on the shortest path through both (the first generated among equals), and the goal
//!   event follows. `g` is the distance from the side's own end.
//! - A*: boards are expanded as they leave the open list, lowest `f` first, then highest
//!   `g`, then the oldest entry; a board reached again more cheaply is queued again; the
//!   goal event comes when the goal leaves the open list.
//! - IDA* and IDDFS: an iteration event opens each depth-first pass with its bound (the
//!   start's estimate first, then the smallest `f` that passed the last bound; for IDDFS
//!   `h` is 0, so the bound is the depth limit 0, 1, 2, …); in a pass, boards are expanded
//!   depth first, children in move order, never stepping straight back to the parent;
//!   children whose `f` passes the bound are not expanded. Boards are expanded again in
//!   each pass, and may be more than once in a pass.

use std::fmt;
use std::ops::ControlFlow;

use crate::answer::algorithm::Algorithm;
use crate::answer::options::SolveOptions;
use crate::answer::solution::{Solution, Status};
use crate::answer::solve_error::SolveError;
use crate::puzzle::board::{Board, Move, Size};
use crate::puzzle::metric::Metric;
use crate::puzzle::solvability::is_solvable;
use crate::search::{Event, GiveUp, Side};
use crate::solving::plan::plan;
use crate::solving::problem;
use crate::solving::report::SolveReport;
use crate::util::cancel::CancelToken;
use crate::util::memory::heap_block;
use crate::util::plural::counted;

/// Most events a trace may be asked to keep: ten million events take about a gigabyte.
pub const MAX_TRACE_EVENTS: usize = 10_000_000;

/// The searches a trace follows: the classic ones, whose steps are worth watching.
pub const TRACED: [Algorithm; 5] = [
    Algorithm::Bfs,
    Algorithm::Bidirectional,
    Algorithm::Astar,
    Algorithm::Idastar,
    Algorithm::Iddfs,
];

/// What kind of event.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TraceKind {
    /// A board expanded.
    Expand,
    /// A new pass of IDA* or IDDFS, under [`TraceEvent::bound`].
    Iteration,
    /// The frontiers of bidirectional BFS met at [`TraceEvent::board`].
    Meet,
    /// The goal reached.
    Goal,
}

impl TraceKind {
    /// `expand`, `iteration`, `meet` or `goal`.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            TraceKind::Expand => "expand",
            TraceKind::Iteration => "iteration",
            TraceKind::Meet => "meet",
            TraceKind::Goal => "goal",
        }
    }
}

impl fmt::Display for TraceKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One event of a trace.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TraceEvent {
    /// What happened.
    pub kind: TraceKind,
    /// The board (none for an iteration).
    pub board: Option<Board>,
    /// The cost of reaching the board: from the start, or for bidirectional BFS from the
    /// side's end (for a meeting: from the start).
    pub g: u32,
    /// The estimate of the cost left (0 for blind searches and the goal; for a meeting,
    /// the exact distance to the goal).
    pub h: u32,
    /// Moves from the start (or the side's end) along the search's path to the board.
    pub depth: u32,
    /// The current bound (IDA*, IDDFS).
    pub bound: Option<u32>,
    /// The side expanding (bidirectional BFS).
    pub side: Option<Side>,
    /// The blank's move from the parent to this board (none for the start, either end of
    /// a bidirectional search, a meeting and an iteration). On the backward side of
    /// bidirectional BFS it is the move from the parent (nearer the goal) to the board.
    pub moved: Option<Move>,
    /// The cells the blank crossed with [`TraceEvent::moved`]: 1 in the single-tile
    /// metric, up to the longer side less one in the multi-tile one (0 with no move).
    pub jumped: usize,
    /// Boards waiting to be expanded (see [`crate::search::Expansion::frontier`]); none
    /// for events other than expansions.
    pub frontier: Option<usize>,
    /// Boards expanded so far, this one included.
    pub expanded: u64,
}

impl TraceEvent {
    /// The blank's move from the parent as its letters, one a cell crossed (`r`, or `rr`
    /// for a jump of two cells in the multi-tile metric); `None` where there is no move.
    pub fn move_letters(&self) -> Option<String> {
        self.moved
            .map(|mv| mv.letter().to_string().repeat(self.jumped.max(1)))
    }

    /// `g + h`.
    #[must_use]
    pub fn f(&self) -> u32 {
        self.g.saturating_add(self.h)
    }
}

/// A traced search: its events, and how it ended.
#[derive(Clone, Debug)]
pub struct Trace {
    /// The events, in order, at most the limit asked for: all of them from [`trace`],
    /// none from [`trace_with`], which gives them to its sink instead.
    pub events: Vec<TraceEvent>,
    /// How many events the search made and the trace told (kept, or given to the sink).
    pub count: usize,
    /// Whether the limit cut the trace short (events were left out, or the search was
    /// stopped at the limit's count of expansions).
    pub truncated: bool,
    /// How the search ended and what it cost.
    pub solution: Solution,
    /// The most events the trace was asked to keep.
    pub limit: usize,
}

impl Trace {
    /// Why the search ended without an answer, if it did: the trace's own limit
    /// ("stopped at the limit of 50 events") when that stopped it, else the search's
    /// limit that did (as [`GiveUp`] says it).
    pub fn gave_up(&self) -> Option<String> {
        match &self.solution.status {
            Status::GaveUp(GiveUp::Expanded(n)) if self.truncated && *n == self.limit as u64 => {
                Some(format!(
                    "stopped at the limit of {}",
                    counted(self.limit as u64, "event", "events")
                ))
            }
            Status::GaveUp(why) | Status::Bounded(why) => Some(why.to_string()),
            Status::Solved | Status::Unsolvable => None,
        }
    }

    /// How the search ended, in a few words: "goal reached in 4 moves", why it gave up
    /// ([`Trace::gave_up`]), or that the goal cannot be reached.
    pub fn ending(&self) -> String {
        match &self.solution.status {
            Status::Solved => {
                let metric = self.solution.metric;
                let moves = counted(metric.length(&self.solution.moves) as u64, "move", "moves");
                format!("goal reached in {moves}{}", metric.qualifier())
            }
            Status::Unsolvable => "the goal cannot be reached (parity), nothing searched".into(),
            Status::GaveUp(why) | Status::Bounded(why) => {
                self.gave_up().unwrap_or_else(|| why.to_string())
            }
        }
    }

    /// The report of the traced search, as `npuzzle solve --json` writes one, its
    /// `gave_up` saying which limit stopped it ([`Trace::gave_up`]).
    pub fn report(&self, start: &Board, goal: &Board) -> SolveReport {
        SolveReport {
            gave_up: self.gave_up(),
            ..SolveReport::new(start, goal, &self.solution)
        }
    }
}

/// A trace that cannot be made.
#[derive(Debug, thiserror::Error)]
pub enum TraceError {
    /// An algorithm with no generic search to trace.
    #[error(
        "{0} cannot be traced: traces follow the classic searches bfs, bidirectional, \
         astar, idastar and iddfs"
    )]
    NotTraced(Algorithm),
    /// A limit of no events, or of more than [`MAX_TRACE_EVENTS`].
    #[error("a trace limit of {0} events is not allowed: it must be 1 to {MAX_TRACE_EVENTS}")]
    BadLimit(usize),
    /// Options the solver refuses as well.
    #[error(transparent)]
    Solve(#[from] SolveError),
}

impl TraceError {
    /// Whose fault it is: the request's, but for the solver's errors, which say
    /// ([`SolveError::fault`]).
    pub fn fault(&self) -> crate::util::fault::Fault {
        match self {
            TraceError::NotTraced(_) | TraceError::BadLimit(_) => {
                crate::util::fault::Fault::Request
            }
            TraceError::Solve(error) => error.fault(),
        }
    }
}

/// Traces the search `options.algorithm` (one of the classic searches) makes from `start`
/// towards `goal`, keeping at most `limit` events; the search is stopped after `limit`
/// expansions at the latest. The estimate is the one [`crate::solving::plan`] gives the algorithm.
/// An unsolvable board gives no events (the parity test decides it without search).
///
/// The events kept count against the memory budget ([`crate::search::Limits::max_bytes`])
/// with the search: each may take half of it (the search counts its own half as it
/// always does), and a trace whose events would pass theirs stops with
/// [`GiveUp::Memory`], as the search would. To hold no events at all, give them to a sink
/// as they come with [`trace_with`].
///
/// # Errors
/// When the algorithm is not a classic search, the limit is 0 or too large, or the
/// options are refused (see [`crate::solving::plan::validate`]).
pub fn trace(
    start: &Board,
    goal: &Board,
    options: &SolveOptions,
    limit: usize,
) -> Result<Trace, TraceError> {
    let budget = options.limits.max_bytes;
    let mut searched = options.clone();
    // Half for the events, half for the search: neither can tell the other what it holds
    // while the search runs, and fixed shares keep the sum under the budget.
    searched.limits.max_bytes = budget.map(|b| b - b / 2);
    let events_budget = budget.map(|b| b / 2);
    let per_board = heap_block(start.size().cells() * std::mem::size_of::<u32>()) as u64;
    let mut events: Vec<TraceEvent> = Vec::new();
    let mut over = false;
    let mut traced = trace_with(start, goal, &searched, limit, &mut |event: &TraceEvent| {
        if events.len() == events.capacity() {
            // Counted as the search counts its maps: with the growth this push causes.
            let capacity = events.capacity().max(2) * 2;
            let bytes = (capacity * std::mem::size_of::<TraceEvent>()) as u64
                + (events.len() as u64 + 1) * per_board;
            if events_budget.is_some_and(|b| bytes > b) {
                over = true;
                return ControlFlow::Break(());
            }
            events.reserve_exact(capacity - events.len());
        }
        events.push(event.clone());
        ControlFlow::Continue(())
    })?;
    if over {
        traced.solution.status = Status::GaveUp(GiveUp::Memory {
            budget: budget.unwrap_or_default(),
            held: traced.solution.stats.peak_nodes,
        });
        traced.truncated = false;
    }
    // The event that found the budget spent was told but not kept.
    traced.count = events.len();
    traced.events = events;
    Ok(traced)
}

/// [`trace`], handing each event to `sink` as the search makes it instead of keeping it:
/// the trace holds no events (its [`Trace::events`] is empty, [`Trace::count`] says how
/// many were told), so a trace of any length takes no more memory than its search, and a
/// front end shows each event at once. `sink` returns [`ControlFlow::Break`] to stop the
/// search (a reader gone, a budget of its own spent): the search then ends as
/// interrupted ([`GiveUp::Interrupted`]).
///
/// ```
/// use std::ops::ControlFlow;
/// use npuzzle::services::trace::{trace_with, TraceKind};
/// use npuzzle::{parse_board, Algorithm, SolveOptions};
///
/// let start = parse_board("283104765", None)?;
/// let goal = parse_board("123804765", None)?;
/// let options = SolveOptions { algorithm: Algorithm::Bfs, ..SolveOptions::default() };
/// let mut kinds = Vec::new();
/// let t = trace_with(&start, &goal, &options, 10_000, &mut |event| {
///     kinds.push(event.kind);
///     ControlFlow::Continue(())
/// })?;
/// assert_eq!((kinds.len(), t.count, t.events.len()), (21, 21, 0));
/// assert_eq!(kinds.last(), Some(&TraceKind::Goal));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// As [`trace`].
pub fn trace_with(
    start: &Board,
    goal: &Board,
    options: &SolveOptions,
    limit: usize,
    sink: &mut dyn FnMut(&TraceEvent) -> ControlFlow<()>,
) -> Result<Trace, TraceError> {
    if !(1..=MAX_TRACE_EVENTS).contains(&limit) {
        return Err(TraceError::BadLimit(limit));
    }
    let algorithm = options.algorithm;
    if !TRACED.contains(&algorithm) {
        return Err(TraceError::NotTraced(algorithm));
    }
    if start.size() != goal.size() {
        return Err(SolveError::SizeMismatch {
            start: start.size(),
            goal: goal.size(),
        }
        .into());
    }
    // The trace searches as the solve would: a heuristic, and the walking distance beside
    // it where the plan has one.
    let guide = plan(goal, options)?.guide;
    let (heuristic, walking) = guide.classic().unzip();
    let walking = walking.flatten();
    let mut solution = Solution::new(algorithm, guide.name());
    // The classic searches take either metric (their moves jump in the multi-tile one).
    solution.metric = options.metric;
    if !is_solvable(start, goal) {
        return Ok(Trace {
            events: Vec::new(),
            count: 0,
            truncated: false,
            solution,
            limit,
        });
    }
    let cap = limit as u64;
    let mut capped = options.clone();
    capped.limits.max_expanded = Some(options.limits.max_expanded.map_or(cap, |m| m.min(cap)));
    // The search stops only on its limits or its token: a token of the trace's own lets
    // the sink stop it, and the caller's token is passed on to it at every event (there
    // is one at least every expansion, so none is missed for long).
    let outer = options.limits.cancel.clone();
    let stop = CancelToken::new();
    capped.limits.cancel = Some(stop.clone());
    let mut dropped = false;
    let mut told = 0usize;
    let mut expanded = 0u64;
    let size = start.size();
    let (outcome, stats) = problem::search_watched(
        start,
        goal,
        algorithm,
        heuristic,
        walking,
        &capped,
        &mut |event: &Event<'_, Board>| {
            if matches!(event, Event::Expand(_)) {
                expanded += 1;
            }
            if CancelToken::is_set(outer.as_ref()) {
                stop.cancel();
            }
            if told >= limit || stop.is_cancelled() {
                dropped |= told >= limit;
                return;
            }
            told += 1;
            if sink(&record(event, size, expanded)).is_break() {
                stop.cancel();
            }
        },
    );
    let stopped_by_cap = matches!(outcome, Err(GiveUp::Expanded(n)) if n == cap)
        && options.limits.max_expanded.is_none_or(|m| m > cap);
    solution.stats = stats;
    solution.conclude(outcome);
    if options.weight > 1.0 {
        solution.optimal = false;
    }
    debug_assert!(solution.status != Status::Unsolvable);
    Ok(Trace {
        events: Vec::new(),
        count: told,
        truncated: dropped || stopped_by_cap,
        solution,
        limit,
    })
}

/// The trace's record of `event`, the `expanded`-th expansion or after it.
fn record(event: &Event<'_, Board>, size: Size, expanded: u64) -> TraceEvent {
    // A move of the blank, or a jump of several cells in the multi-tile metric.
    let moved = |parent: Option<&Board>, board: &Board| {
        parent
            .and_then(|p| Metric::jump(size, p.blank(), board.blank()))
            .map_or((None, 0), |(mv, cells)| (Some(mv), cells))
    };
    let blank = TraceEvent {
        kind: TraceKind::Iteration,
        board: None,
        g: 0,
        h: 0,
        depth: 0,
        bound: None,
        side: None,
        moved: None,
        jumped: 0,
        frontier: None,
        expanded,
    };
    match *event {
        Event::Expand(e) => TraceEvent {
            kind: TraceKind::Expand,
            board: Some(e.node.clone()),
            g: e.g,
            h: e.h,
            depth: e.depth,
            bound: e.bound,
            side: e.side,
            moved: moved(e.parent, e.node).0,
            jumped: moved(e.parent, e.node).1,
            frontier: Some(e.frontier),
            expanded,
        },
        Event::Iteration { bound } => TraceEvent {
            bound: Some(bound),
            ..blank
        },
        Event::Meet {
            node,
            forward,
            backward,
        } => TraceEvent {
            kind: TraceKind::Meet,
            board: Some(node.clone()),
            g: forward,
            h: backward,
            depth: forward,
            ..blank
        },
        Event::Goal { node, parent, g } => TraceEvent {
            kind: TraceKind::Goal,
            board: Some(node.clone()),
            g,
            depth: g,
            moved: moved(parent, node).0,
            jumped: moved(parent, node).1,
            ..blank
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::notation::parse_board;

    fn options(algorithm: Algorithm) -> SolveOptions {
        SolveOptions {
            algorithm,
            ..SolveOptions::default()
        }
    }

    #[test]
    fn every_classic_search_ends_with_the_goal_at_the_optimal_cost() {
        let start = parse_board("8 6 7/2 5 4/3 0 1", None).unwrap();
        let goal = Board::goal(start.size());
        for algorithm in [
            Algorithm::Bfs,
            Algorithm::Bidirectional,
            Algorithm::Astar,
            Algorithm::Idastar,
        ] {
            let t = trace(&start, &goal, &options(algorithm), MAX_TRACE_EVENTS).unwrap();
            let last = t.events.last().unwrap();
            assert_eq!(last.kind, TraceKind::Goal, "{algorithm}");
            assert_eq!(
                (last.g, last.board.as_ref()),
                (31, Some(&goal)),
                "{algorithm}"
            );
            assert_eq!(t.solution.length(), Some(31));
            let expansions = t.events.iter().filter(|e| e.kind == TraceKind::Expand);
            assert_eq!(
                expansions.count() as u64,
                t.solution.stats.expanded,
                "{algorithm}"
            );
            assert!(!t.truncated);
        }
    }

    #[test]
    fn idastar_bounds_rise_and_bidirectional_meets() {
        let start = parse_board("283104765", None).unwrap();
        let goal = parse_board("123804765", None).unwrap();
        let t = trace(&start, &goal, &options(Algorithm::Iddfs), 1000).unwrap();
        let bounds: Vec<u32> = t
            .events
            .iter()
            .filter(|e| e.kind == TraceKind::Iteration)
            .filter_map(|e| e.bound)
            .collect();
        assert_eq!(bounds, [0, 1, 2, 3, 4]);
        let t = trace(&start, &goal, &options(Algorithm::Bidirectional), 1000).unwrap();
        let kinds: Vec<TraceKind> = t.events.iter().rev().take(2).map(|e| e.kind).collect();
        assert_eq!(kinds, [TraceKind::Goal, TraceKind::Meet]);
        let meet = &t.events[t.events.len() - 2];
        assert_eq!(meet.g + meet.h, 4);
    }

    #[test]
    fn the_limit_cuts_and_refusals_are_errors() {
        let start = parse_board("8 6 7/2 5 4/3 0 1", None).unwrap();
        let goal = Board::goal(start.size());
        let t = trace(&start, &goal, &options(Algorithm::Bfs), 50).unwrap();
        assert_eq!(t.events.len(), 50);
        assert!(t.truncated);
        assert!(matches!(t.solution.status, Status::GaveUp(_)));
        assert!(matches!(
            trace(&start, &goal, &options(Algorithm::Bfs), 0),
            Err(TraceError::BadLimit(0))
        ));
        assert!(matches!(
            trace(&start, &goal, &options(Algorithm::Table), 10),
            Err(TraceError::NotTraced(Algorithm::Table))
        ));
        let unsolvable = parse_board("6 8 7/2 5 4/3 0 1", None).unwrap();
        let t = trace(&unsolvable, &goal, &options(Algorithm::Bfs), 10).unwrap();
        assert!(t.events.is_empty() && t.solution.status == Status::Unsolvable);
    }

    /// The trace's own limit is named as such, never as a node limit nobody set; a limit
    /// the options set is named as the search says it.
    #[test]
    fn a_trace_stopped_by_its_limit_says_so() {
        let start = parse_board("8 6 7/2 5 4/3 0 1", None).unwrap();
        let goal = Board::goal(start.size());
        for (algorithm, limit) in [(Algorithm::Bfs, 50), (Algorithm::Idastar, 1)] {
            let t = trace(&start, &goal, &options(algorithm), limit).unwrap();
            let said = format!(
                "stopped at the limit of {limit} event{}",
                if limit == 1 { "" } else { "s" }
            );
            assert_eq!(t.gave_up().as_deref(), Some(said.as_str()), "{algorithm}");
            assert_eq!(t.ending(), said);
            let report = t.report(&start, &goal);
            assert_eq!(report.gave_up.as_deref(), Some(said.as_str()));
            assert_eq!(report.status, "gave-up");
        }
        let mut limited = options(Algorithm::Bfs);
        limited.limits.max_expanded = Some(20);
        let t = trace(&start, &goal, &limited, 50).unwrap();
        assert_eq!(
            t.gave_up().as_deref(),
            Some("gave up: node limit of 20 expanded nodes reached")
        );
        let near = parse_board("1 2 3/4 5 6/7 0 8", None).unwrap();
        let t = trace(&near, &goal, &options(Algorithm::Bfs), 50).unwrap();
        assert_eq!(
            (t.gave_up(), t.ending()),
            (None, "goal reached in 1 move".into())
        );
        assert_eq!(t.report(&near, &goal).gave_up, None);
    }

    /// The events kept count against the memory budget: past their half, the trace
    /// gives up as a search past its budget does, holding no more than that half.
    #[test]
    fn kept_events_keep_to_the_memory_budget() {
        let start = parse_board("0 11 9 13 12 15 10 14 3 7 6 2 4 8 5 1", None).unwrap();
        let goal = Board::goal(start.size());
        let mut limited = options(Algorithm::Idastar);
        let budget = 4 << 20;
        limited.limits.max_bytes = Some(budget);
        let t = trace(&start, &goal, &limited, MAX_TRACE_EVENTS).unwrap();
        assert_eq!(
            t.solution.status,
            Status::GaveUp(GiveUp::Memory {
                budget,
                held: t.solution.stats.peak_nodes
            })
        );
        assert!(!t.truncated && t.count == t.events.len() && t.count > 1000);
        let held = t.events.capacity() * std::mem::size_of::<TraceEvent>();
        assert!(held as u64 <= budget / 2, "{held} bytes held");
        // Streamed, nothing is held: the same search runs on to the event limit.
        let streamed = trace_with(&start, &goal, &limited, 100_000, &mut |_| {
            ControlFlow::Continue(())
        })
        .unwrap();
        assert!(streamed.truncated && streamed.count == 100_000);
    }
}
