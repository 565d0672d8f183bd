//! `trace`: what a classic search did, event by event, as `npuzzle trace --json` prints
//! it: the library's trace ([`npuzzle::services::trace`]) with each event as its record
//! ([`npuzzle::services::trace_report`]), made into a dict.

#![expect(
    clippy::needless_pass_by_value,
    reason = "the arguments PyO3 hands over are the owned values their from_py_with readers made"
)]

use pyo3::exceptions::PyIndexError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

use npuzzle::answer::options::SOLVE_LIMITS;
use npuzzle::search::GiveUp;
use npuzzle::services::trace::{trace as traced_search, TraceError, TraceEvent};
use npuzzle::services::trace_report::TraceEventReport;
use npuzzle::{Metric, MoveOrder, Size, Status};

use npuzzle::SolveRequest;

use crate::arguments::{self, OptionsBuilder};
use crate::board::{self, start_and_goal, BoardArgument};
use crate::errors::{bad_input, refused, SearchLimit};
use crate::html::{table, Row};
use crate::interruptible::interruptible;
use crate::results::PySolveResult;
use crate::values::{self, whole};

/// The events of a traced search, in order, each a dict equal to a line of `npuzzle trace
/// --json` (fields that do not apply to an event are left out; `"move"` is None where an
/// expansion or the goal has no parent). Iterating yields the events; `len()` counts
/// them and `trace[i]` is one; `result` is the traced search's `SolveResult` (`status ==
/// "gave-up"` when the limit stopped it) and `truncated` says whether the limit cut the
/// trace short. The events are held in the library's compact form (about a tenth of
/// their dicts) and made into dicts as they are read, so a long trace fits its memory
/// budget; `events` makes a new list of them at each call.
#[pyclass(frozen, name = "Trace", module = "npuzzle")]
pub struct PyTrace {
    events: Vec<TraceEvent>,
    result: Py<PySolveResult>,
    truncated: bool,
    limit: usize,
}

/// The iterator over a trace's events, made into dicts one at a time.
#[pyclass(name = "TraceIterator", module = "npuzzle")]
pub struct PyTraceIterator {
    trace: Py<PyTrace>,
    next: usize,
}

#[pymethods]
impl PyTraceIterator {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__<'py>(&mut self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyDict>>> {
        let Some(event) = self.trace.get().events.get(self.next) else {
            return Ok(None);
        };
        self.next += 1;
        event_dict(py, event).map(Some)
    }
}

#[pymethods]
impl PyTrace {
    /// The events, a new list of dicts (a `pandas.DataFrame(trace.events)` is a table).
    #[getter]
    fn events<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let dicts = self
            .events
            .iter()
            .map(|event| event_dict(py, event))
            .collect::<PyResult<Vec<_>>>()?;
        PyList::new(py, dicts)
    }

    /// The traced search's result: how it ended and what it cost.
    #[getter]
    fn result(&self, py: Python<'_>) -> Py<PySolveResult> {
        self.result.clone_ref(py)
    }

    /// Whether the limit cut the trace short (events left out, or the search stopped at
    /// the limit's count of expansions).
    #[getter]
    fn truncated(&self) -> bool {
        self.truncated
    }

    /// The most events the trace was asked to keep.
    #[getter]
    fn limit(&self) -> usize {
        self.limit
    }

    fn __len__(&self) -> usize {
        self.events.len()
    }

    fn __getitem__<'py>(&self, py: Python<'py>, index: isize) -> PyResult<Bound<'py, PyDict>> {
        let count = self.events.len();
        let at = if index < 0 {
            count.checked_sub(index.unsigned_abs())
        } else {
            Some(index.unsigned_abs()).filter(|&i| i < count)
        };
        match at {
            Some(at) => event_dict(py, &self.events[at]),
            None => Err(PyIndexError::new_err("trace index out of range")),
        }
    }

    fn __iter__(slf: Py<Self>) -> PyTraceIterator {
        PyTraceIterator {
            trace: slf,
            next: 0,
        }
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        Ok(format!(
            "Trace(events={}, truncated={}, result={})",
            self.events.len(),
            if self.truncated { "True" } else { "False" },
            self.result.bind(py).repr()?
        ))
    }

    /// The events as an HTML table, a column a field, under a line saying how the
    /// search ended; a trace of more than 100 events shows its first and last 50, with
    /// a row saying how many are left out (`events` holds them all).
    fn _repr_html_(&self, py: Python<'_>) -> PyResult<String> {
        let count = self.events.len();
        let shown: Vec<usize> = if count > SHOWN_EVENTS {
            (0..SHOWN_EVENTS / 2)
                .chain(count - SHOWN_EVENTS / 2..count)
                .collect()
        } else {
            (0..count).collect()
        };
        let events: Vec<Bound<'_, PyDict>> = shown
            .iter()
            .map(|&index| event_dict(py, &self.events[index]))
            .collect::<PyResult<_>>()?;
        // The fields of the events shown, in the order of `npuzzle trace --json`.
        let mut columns: Vec<&str> = Vec::new();
        for field in EVENT_FIELDS {
            if events
                .iter()
                .any(|event| event.contains(field).unwrap_or(false))
            {
                columns.push(field);
            }
        }
        let mut rows = Vec::with_capacity(events.len() + 1);
        for (&index, event) in shown.iter().zip(&events) {
            if index == count - SHOWN_EVENTS / 2 && count > SHOWN_EVENTS {
                rows.push(Row::Note(format!(
                    "… {} events left out (trace.events holds them all)",
                    count - SHOWN_EVENTS
                )));
            }
            let cells = columns
                .iter()
                .map(|field| match event.get_item(field)? {
                    Some(value) if !value.is_none() => Ok(value.str()?.to_string()),
                    _ => Ok(String::new()),
                })
                .collect::<PyResult<Vec<String>>>()?;
            rows.push(Row::Cells(cells));
        }
        let result = self.result.bind(py).get();
        let caption = format!(
            "{}{}: {} events{}, {}",
            result.0.algorithm,
            result
                .0
                .heuristic
                .as_ref()
                .map(|h| format!(" ({h})"))
                .unwrap_or_default(),
            count,
            if self.truncated {
                ", cut by the limit"
            } else {
                ""
            },
            match result.0.length {
                Some(length) => format!("solved in {length} moves"),
                None => result.0.status.clone(),
            }
        );
        Ok(table(Some(&caption), &columns, rows))
    }
}

/// The most events a trace's table shows.
const SHOWN_EVENTS: usize = 100;

/// An event's fields, in the order `npuzzle trace --json` writes them.
const EVENT_FIELDS: [&str; 11] = [
    "event", "board", "g", "h", "f", "depth", "move", "bound", "side", "frontier", "expanded",
];

/// Traces the classic search `algorithm` (`"bfs"`, `"bidirectional"`, `"astar"`,
/// `"idastar"` or `"iddfs"`) from `board` towards `goal`, as `npuzzle trace --json`
/// does, keeping at most `limit` events (1 to 10,000,000; default 10,000): the search is
/// stopped after `limit` expansions at the latest. `heuristic` guides A* and IDA*
/// (default linear conflict); `order` is the order the blank's moves are tried in
/// (`"lrdu"` by default); with `metric="mtm"` the search minimises multi-tile moves and
/// its `g`, `h` and `f` count them, as `npuzzle trace --metric mtm`. The search runs with
/// the GIL released and stops on Ctrl-C.
/// Returns a `Trace`: iterate it for the events, each a dict. An unsolvable board gives
/// no events (the parity test decides it without search). The events held count against
/// `max_memory` with the search (half each, see the library's `trace`); past it the call
/// raises `SearchLimit`, as `solve` does, instead of growing.
#[pyfunction]
#[pyo3(signature = (
    board, goal=None, algorithm="bfs", heuristic=None, limit=10_000, *, size=None,
    order=None, max_nodes=None, max_seconds=None, max_memory=None, metric=Metric::SingleTile,
))]
#[expect(clippy::too_many_arguments, reason = "Python keyword arguments")]
pub fn trace(
    py: Python<'_>,
    #[pyo3(from_py_with = board::board)] board: BoardArgument,
    #[pyo3(from_py_with = board::goal)] goal: Option<BoardArgument>,
    #[pyo3(from_py_with = values::algorithm)] algorithm: &str,
    #[pyo3(from_py_with = values::heuristic)] heuristic: Option<String>,
    #[pyo3(from_py_with = limit_argument)] limit: usize,
    #[pyo3(from_py_with = board::size)] size: Option<Size>,
    #[pyo3(from_py_with = values::order)] order: Option<MoveOrder>,
    #[pyo3(from_py_with = values::max_nodes)] max_nodes: Option<u64>,
    #[pyo3(from_py_with = values::max_seconds)] max_seconds: Option<f64>,
    #[pyo3(from_py_with = arguments::max_memory)] max_memory: Option<u64>,
    #[pyo3(from_py_with = values::metric)] metric: Metric,
) -> PyResult<PyTrace> {
    let (start, goal) = start_and_goal(board, goal, size)?;
    let mut request = SolveRequest {
        algorithm: arguments::algorithm(algorithm)?,
        order: order.unwrap_or_default(),
        metric,
        limits: arguments::limits(max_nodes, max_seconds, max_memory),
        ..SolveRequest::default()
    };
    arguments::estimate(&mut request, heuristic.as_deref(), None, None, true)?;
    let (options, cancel) = OptionsBuilder::asked(&request, SOLVE_LIMITS)?.stoppable();
    let traced = interruptible(py, &cancel, || {
        traced_search(&start, &goal, &options, limit)
    })?
    .map_err(|e| match e {
        TraceError::NotTraced(_) => bad_input("algorithm", e),
        TraceError::BadLimit(_) => bad_input("limit", e),
        TraceError::Solve(e) => refused(e),
    })?;
    let result = PySolveResult(traced.report(&start, &goal));
    // Past the memory budget the trace is not whole (the events of the rest of the search
    // were never made): raised as `solve` raises it, not returned as a shorter trace.
    if let Status::GaveUp(why @ (GiveUp::Memory { .. } | GiveUp::Held(_))) = &traced.solution.status
    {
        let message = match traced.solution.hint() {
            Some(hint) => format!("{why}; hint: {hint}"),
            None => why.to_string(),
        };
        let error = SearchLimit::new_err(message);
        error.value(py).setattr("result", Py::new(py, result)?)?;
        return Err(error);
    }
    Ok(PyTrace {
        events: traced.events,
        result: Py::new(py, result)?,
        truncated: traced.truncated,
        limit,
    })
}

/// The `limit` argument: a whole number of events (its range is the library's to check).
fn limit_argument(value: &Bound<'_, PyAny>) -> PyResult<usize> {
    let limit = whole(value, "limit")?;
    Ok(usize::try_from(limit).unwrap_or(usize::MAX))
}

/// `event` as a dict equal to its line of `npuzzle trace --json`, its fields in that order.
fn event_dict<'py>(py: Python<'py>, event: &TraceEvent) -> PyResult<Bound<'py, PyDict>> {
    let report = TraceEventReport::new(event);
    let dict = PyDict::new(py);
    dict.set_item("event", report.event)?;
    if let Some(board) = report.board {
        dict.set_item("board", board)?;
    }
    for (field, value) in [
        ("g", report.g),
        ("h", report.h),
        ("f", report.f),
        ("depth", report.depth),
    ] {
        if let Some(value) = value {
            dict.set_item(field, value)?;
        }
    }
    if let Some(moved) = report.moved {
        dict.set_item("move", moved)?;
    }
    if let Some(bound) = report.bound {
        dict.set_item("bound", bound)?;
    }
    if let Some(side) = report.side {
        dict.set_item("side", side)?;
    }
    if let Some(frontier) = report.frontier {
        dict.set_item("frontier", frontier)?;
    }
    dict.set_item("expanded", report.expanded)?;
    Ok(dict)
}
