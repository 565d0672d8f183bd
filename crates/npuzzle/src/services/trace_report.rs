//! The record programs read of one trace event: a line of `npuzzle trace --json`, an
//! event of `/api/trace`, a dict of Python's `trace()`. One shape for all three, so that
//! a student's diff against any of them compares the same fields.
//!
//! ```
//! use npuzzle::services::trace::trace;
//! use npuzzle::services::trace_report::TraceEventReport;
//! use npuzzle::{parse_board, Algorithm, SolveOptions};
//!
//! let start = parse_board("283104765", None)?;
//! let goal = parse_board("123804765", None)?;
//! let options = SolveOptions { algorithm: Algorithm::Bfs, ..SolveOptions::default() };
//! let first = TraceEventReport::new(&trace(&start, &goal, &options, 10)?.events[0]);
//! assert_eq!((first.event, first.board.as_deref()), ("expand", Some("2 8 3/1 0 4/7 6 5")));
//! assert_eq!(first.moved, Some(None)); // the start has no parent: `"move": null`
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::services::trace::{TraceEvent, TraceKind};

/// One event as programs read it: fields that do not apply to the event are left out,
/// except `move`, which is `null` where an expansion or the goal has no parent.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct TraceEventReport {
    /// `expand`, `iteration`, `meet` or `goal`.
    pub event: &'static str,
    /// The board, rows separated by `/` (none for an iteration).
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub board: Option<String>,
    /// [`TraceEvent::g`], where there is a board.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub g: Option<u32>,
    /// [`TraceEvent::h`], where there is a board.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub h: Option<u32>,
    /// `g + h`, where there is a board.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub f: Option<u32>,
    /// [`TraceEvent::depth`], where there is a board.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub depth: Option<u32>,
    /// The blank's move from the parent, as its letter, for expansions and the goal
    /// (`Some(None)`, written `null`, where there is no parent); left out for the rest.
    #[cfg_attr(
        feature = "serde",
        serde(rename = "move", skip_serializing_if = "Option::is_none")
    )]
    pub moved: Option<Option<String>>,
    /// [`TraceEvent::bound`].
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub bound: Option<u32>,
    /// The side expanding (`forward` or `backward`).
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub side: Option<&'static str>,
    /// [`TraceEvent::frontier`].
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub frontier: Option<usize>,
    /// Boards expanded so far.
    pub expanded: u64,
}

impl TraceEventReport {
    /// The record of `event`.
    #[must_use]
    pub fn new(event: &TraceEvent) -> TraceEventReport {
        let on_board = event.board.is_some();
        let has_move = matches!(event.kind, TraceKind::Expand | TraceKind::Goal);
        TraceEventReport {
            event: event.kind.name(),
            board: event.board.as_ref().map(ToString::to_string),
            g: on_board.then_some(event.g),
            h: on_board.then_some(event.h),
            f: on_board.then_some(event.f()),
            depth: on_board.then_some(event.depth),
            moved: has_move.then(|| event.move_letters()),
            bound: event.bound,
            side: event.side.map(crate::search::Side::name),
            frontier: event.frontier,
            expanded: event.expanded,
        }
    }
}
