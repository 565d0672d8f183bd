//! The JSON of a trace's events, as `npuzzle trace --json` prints them and `/api/trace`
//! returns them.

use npuzzle::trace::{TraceEvent, TraceKind};
use serde::Serialize;

/// One event as JSON: fields that do not apply to the event are left out, except `move`,
/// which is `null` where an expansion or the goal has no parent.
#[derive(Serialize)]
pub struct EventJson {
    /// `expand`, `iteration`, `meet` or `goal`.
    event: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    board: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    g: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    h: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    f: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    depth: Option<u32>,
    #[serde(rename = "move", skip_serializing_if = "Option::is_none")]
    moved: Option<serde_json::Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    bound: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    side: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    frontier: Option<usize>,
    expanded: u64,
}

impl EventJson {
    /// The JSON of `event`.
    pub fn new(event: &TraceEvent) -> EventJson {
        let on_board = event.board.is_some();
        let has_move = matches!(event.kind, TraceKind::Expand | TraceKind::Goal);
        EventJson {
            event: event.kind.name(),
            board: event.board.as_ref().map(ToString::to_string),
            g: on_board.then_some(event.g),
            h: on_board.then_some(event.h),
            f: on_board.then_some(event.f()),
            depth: on_board.then_some(event.depth),
            moved: has_move.then(|| {
                event
                    .moved
                    .map_or(serde_json::Value::Null, |m| m.letter().to_string().into())
            }),
            bound: event.bound,
            side: event.side.map(npuzzle::search::Side::name),
            frontier: event.frontier,
            expanded: event.expanded,
        }
    }
}
