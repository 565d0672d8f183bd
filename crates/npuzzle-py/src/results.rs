//! What the functions answer, as Python objects: a solve's result with the fields of
//! `npuzzle solve --json`, its search statistics, and the checker's verdict. Each has
//! `to_dict()`, made from the same serialization the command line prints, so the two
//! cannot drift apart; each is rebuilt from that dict (`SolveResult(result.to_dict())`),
//! which is how it pickles, so results cross process boundaries
//! (`multiprocessing.Pool().map(npuzzle.solve, boards)`) and copy.

use pyo3::prelude::*;
use pyo3::types::{PyAny, PyDict, PyType};
use serde::de::DeserializeOwned;
use serde::Serialize;

use npuzzle::search::Stats;
use npuzzle::services::verdict::Verdict;
use npuzzle::solving::report::SolveReport;

use crate::errors::bad_input;
use crate::html::{flag, optional, table, Row};
use crate::values::wrong_type;

/// `value` as Python data (dicts, lists, str, int, float, bool, None), through JSON.
pub fn to_python<'py>(py: Python<'py>, value: &impl Serialize) -> PyResult<Bound<'py, PyAny>> {
    let text = serde_json::to_string(value).expect("reports are plain data");
    py.import("json")?.call_method1("loads", (text,))
}

/// `fields`, a dict such as `to_dict()` gives, read back as a `T` through JSON (floats
/// exactly: `serde_json`'s `float_roundtrip`).
fn from_python<T: DeserializeOwned>(fields: &Bound<'_, PyAny>) -> PyResult<T> {
    if !fields.is_instance_of::<PyDict>() {
        return Err(wrong_type("fields", "a dict, as to_dict() gives", fields));
    }
    let text: String = fields
        .py()
        .import("json")?
        .call_method1("dumps", (fields,))
        .map_err(|e| bad_input("fields", e))?
        .extract()?;
    serde_json::from_str(&text).map_err(|e| bad_input("fields", e))
}

/// What `__reduce__` gives: the object's class and its dict, to be called back with.
type Reduced<'py> = (Bound<'py, PyType>, (Bound<'py, PyAny>,));

/// The result of a solve: the fields `npuzzle solve --json` prints, as attributes.
///
/// `status` is `"solved"`, `"unsolvable"` or `"gave-up"`; `moves` names the blank's
/// moves (`u d l r`) and `tile_moves` the same path in tile notation (`R2U2L…`);
/// `length` is None unless solved; `optimal` says whether the length is proven minimal.
#[pyclass(frozen, name = "SolveResult", module = "npuzzle")]
pub struct PySolveResult(pub SolveReport);

#[pymethods]
impl PySolveResult {
    /// A result rebuilt from the dict `to_dict()` gave (what unpickling does).
    #[new]
    fn new(fields: &Bound<'_, PyAny>) -> PyResult<PySolveResult> {
        Ok(PySolveResult(from_python(fields)?))
    }

    /// Pickles as its dict, so results cross process boundaries.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Reduced<'py>> {
        Ok((slf.get_type(), (to_python(slf.py(), &slf.get().0)?,)))
    }

    /// The start board, rows separated by `/`.
    #[getter]
    fn board(&self) -> &str {
        &self.0.board
    }

    /// The goal board, rows separated by `/`.
    #[getter]
    fn goal(&self) -> &str {
        &self.0.goal
    }

    /// The board size, `"WxH"`.
    #[getter]
    fn size(&self) -> &str {
        &self.0.size
    }

    /// Whether the goal can be reached at all.
    #[getter]
    fn solvable(&self) -> bool {
        self.0.solvable
    }

    /// `"solved"`, `"unsolvable"`, `"gave-up"` or `"bounded"` (the result of a
    /// `SearchLimit` whose optimal search stopped at its limit, with the best answer found).
    #[getter]
    fn status(&self) -> &str {
        &self.0.status
    }

    /// Why the search gave up, when it did.
    #[getter]
    fn gave_up(&self) -> Option<&str> {
        self.0.gave_up.as_deref()
    }

    /// How `length` counts: `"stm"` (a tile one cell is a move) or `"mtm"` (a run of
    /// tiles along a line is a move).
    #[getter]
    fn metric(&self) -> &str {
        &self.0.metric
    }

    /// Number of moves in `metric`, when solved.
    #[getter]
    fn length(&self) -> Option<usize> {
        self.0.length
    }

    /// The blank's moves, `u d l r` (empty unless solved).
    #[getter]
    fn moves(&self) -> &str {
        &self.0.moves
    }

    /// The same moves in tile notation: each letter names the way a tile slides, runs
    /// counted (`R2U2L`).
    #[getter]
    fn tile_moves(&self) -> &str {
        &self.0.tile_moves
    }

    /// The algorithm that ran (never `"auto"`).
    #[getter]
    fn algorithm(&self) -> &str {
        &self.0.algorithm
    }

    /// The estimate that guided it, if any (`"linear-conflict"`, `"pdb 7-8 + reflection"`).
    #[getter]
    fn heuristic(&self) -> Option<&str> {
        self.0.heuristic.as_deref()
    }

    /// Whether `length` is proven minimal.
    #[getter]
    fn optimal(&self) -> bool {
        self.0.optimal
    }

    /// Whether the moves are an optimal path the search stopped at first, not the
    /// smallest in the move order: asked with `any_optimal=True`, or a time or node limit
    /// ended the search for the smallest after the optimum was proven.
    #[getter]
    fn any_optimal(&self) -> bool {
        self.0.any_optimal
    }

    /// What the search cost.
    #[getter]
    fn stats(&self) -> PySearchStats {
        PySearchStats(self.0.stats)
    }

    /// How many distinct optimal move sequences there are, when `count_optimal=True`
    /// was asked and the count finished (exact, however large).
    #[getter]
    fn optimal_solutions(&self) -> Option<u128> {
        self.0.optimal_solutions
    }

    /// Why a count asked for is missing (a limit reached), else `None`.
    #[getter]
    fn count_gave_up(&self) -> Option<&str> {
        self.0.count_gave_up.as_deref()
    }

    /// The solutions listed when `all_optimal=True` was asked, as move strings: shortest
    /// first, then in the move order (the answer first); else `None`.
    #[getter]
    fn solutions(&self) -> Option<Vec<String>> {
        self.0.solutions.clone()
    }

    /// Whether `solutions` holds every solution asked for (`None` when none were asked);
    /// `solutions_cut_short` says why not.
    #[getter]
    fn solutions_complete(&self) -> Option<bool> {
        self.0.solutions_complete
    }

    /// Why `solutions` stops short (the limit, a limit of the solve), else `None`.
    #[getter]
    fn solutions_cut_short(&self) -> Option<&str> {
        self.0.solutions_cut_short.as_deref()
    }

    /// With a bounded answer, a proven lower bound on the optimal length, else `None`.
    #[getter]
    fn lower_bound(&self) -> Option<usize> {
        self.0.lower_bound
    }

    /// With a bounded answer, `length - lower_bound`: the most moves it may be over the
    /// optimum, else `None`.
    #[getter]
    fn gap(&self) -> Option<usize> {
        self.0.gap
    }

    /// The result as a dict: exactly the object `npuzzle solve --json` prints.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_python(py, &self.0)
    }

    /// The strip of boards along the path as SVG, as Jupyter shows a result: every board
    /// of a path of up to 12 boards (11 moves), each with its step number; a longer one
    /// shows its first 6 boards, an ellipsis and its last 5. Just the start when nothing
    /// was solved; a line above says how the solve ended.
    fn _repr_svg_(&self) -> String {
        crate::svg::path(&self.0)
    }

    /// Names the heuristic too, so that the runs of `compare` on one algorithm are told
    /// apart.
    fn __repr__(&self) -> String {
        let length = self.0.length.map_or("None".to_string(), |n| n.to_string());
        let heuristic = self
            .0
            .heuristic
            .as_ref()
            .map_or("None".to_string(), |h| format!("'{h}'"));
        format!(
            "SolveResult(status='{}', length={length}, moves='{}', algorithm='{}', \
             heuristic={heuristic}, optimal={})",
            self.0.status,
            self.0.moves,
            self.0.algorithm,
            flag(self.0.optimal)
        )
    }
}

/// The columns of a table of results, one a run (`compare`'s in a notebook).
pub const RUN_COLUMNS: [&str; 9] = [
    "algorithm",
    "heuristic",
    "status",
    "length",
    "optimal",
    "expanded",
    "generated",
    "peak nodes",
    "seconds",
];

/// `report` as a row under [`RUN_COLUMNS`].
pub fn run_row(report: &SolveReport) -> Row {
    Row::Cells(vec![
        report.algorithm.clone(),
        report.heuristic.clone().unwrap_or_default(),
        report.status.clone(),
        optional(report.length),
        flag(report.optimal),
        report.stats.expanded.to_string(),
        report.stats.generated.to_string(),
        report.stats.peak_nodes.to_string(),
        format!("{:.6}", report.stats.seconds),
    ])
}

/// What a search cost: nodes expanded and generated, the most held at once (nodes, and
/// bytes), seconds searching, and seconds loading or building tables first.
#[pyclass(frozen, name = "SearchStats", module = "npuzzle")]
pub struct PySearchStats(pub Stats);

#[pymethods]
impl PySearchStats {
    /// Statistics rebuilt from the dict `to_dict()` gave (what unpickling does).
    #[new]
    fn new(fields: &Bound<'_, PyAny>) -> PyResult<PySearchStats> {
        Ok(PySearchStats(from_python(fields)?))
    }

    /// Pickles as its dict.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Reduced<'py>> {
        Ok((slf.get_type(), (to_python(slf.py(), &slf.get().0)?,)))
    }

    /// Nodes whose successors were generated.
    #[getter]
    fn expanded(&self) -> u64 {
        self.0.expanded
    }

    /// Successors generated (including ones already seen).
    #[getter]
    fn generated(&self) -> u64 {
        self.0.generated
    }

    /// Most nodes held in memory at one time.
    #[getter]
    fn peak_nodes(&self) -> u64 {
        self.0.peak_nodes
    }

    /// Most bytes the search's data took at one time, as counted against `max_memory`
    /// (0 for searches that hold no more than a path).
    #[getter]
    fn peak_bytes(&self) -> u64 {
        self.0.peak_bytes
    }

    /// Wall-clock seconds of the search.
    #[getter]
    fn seconds(&self) -> f64 {
        self.0.seconds
    }

    /// Seconds spent loading or building tables before the search.
    #[getter]
    fn setup_seconds(&self) -> f64 {
        self.0.setup_seconds
    }

    /// The statistics as a dict, as in `npuzzle solve --json`.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_python(py, &self.0)
    }

    fn __repr__(&self) -> String {
        let s = &self.0;
        format!(
            "SearchStats(expanded={}, generated={}, peak_nodes={}, peak_bytes={}, seconds={}, \
             setup_seconds={})",
            s.expanded, s.generated, s.peak_nodes, s.peak_bytes, s.seconds, s.setup_seconds
        )
    }

    /// The statistics as an HTML table, as a notebook shows them.
    fn _repr_html_(&self) -> String {
        let s = &self.0;
        table(
            None,
            &[
                "expanded",
                "generated",
                "peak nodes",
                "peak bytes",
                "seconds",
                "setup seconds",
            ],
            [Row::Cells(vec![
                s.expanded.to_string(),
                s.generated.to_string(),
                s.peak_nodes.to_string(),
                s.peak_bytes.to_string(),
                format!("{:.6}", s.seconds),
                format!("{:.6}", s.setup_seconds),
            ])],
        )
    }
}

/// What the checker found: whether the moves solve the board, and whether they are as
/// few as possible (`optimal` is None when that could not be decided).
#[pyclass(frozen, name = "Verdict", module = "npuzzle")]
pub struct PyVerdict(pub Verdict);

#[pymethods]
impl PyVerdict {
    /// A verdict rebuilt from the dict `to_dict()` gave (what unpickling does).
    #[new]
    fn new(fields: &Bound<'_, PyAny>) -> PyResult<PyVerdict> {
        Ok(PyVerdict(from_python(fields)?))
    }

    /// Pickles as its dict.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Reduced<'py>> {
        Ok((slf.get_type(), (to_python(slf.py(), &slf.get().0)?,)))
    }

    /// Whether the moves are legal and end on the goal.
    #[getter]
    fn valid(&self) -> bool {
        self.0.valid
    }

    /// Whether they are also as few as possible; None when that could not be decided.
    #[getter]
    fn optimal(&self) -> Option<bool> {
        self.0.optimal
    }

    /// How `length` and `minimum` count: `"stm"` or `"mtm"` (a run of equal blank moves
    /// is one move).
    #[getter]
    fn metric(&self) -> &str {
        self.0.metric.name()
    }

    /// Number of moves given, in `metric`.
    #[getter]
    fn length(&self) -> usize {
        self.0.length
    }

    /// The fewest moves possible, when known.
    #[getter]
    fn minimum(&self) -> Option<usize> {
        self.0.minimum
    }

    /// A proven lower bound on the fewest moves (None when the moves are invalid).
    #[getter]
    fn lower_bound(&self) -> Option<usize> {
        self.0.lower_bound
    }

    /// A sentence saying what was found.
    #[getter]
    fn message(&self) -> &str {
        &self.0.message
    }

    /// Whether the moves are the canonical solution: of the optimal ones, the smallest
    /// in `order`; None when that could not be decided.
    #[getter]
    fn canonical(&self) -> Option<bool> {
        self.0.canonical
    }

    /// The move order `canonical` is judged in (`"lrdu"` unless asked otherwise).
    #[getter]
    fn order(&self) -> &str {
        &self.0.order
    }

    /// The verdict as a dict: exactly the object `npuzzle check --json` prints.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_python(py, &self.0)
    }

    fn __repr__(&self) -> String {
        format!("Verdict('{}')", self.0.message)
    }

    /// The verdict as an HTML table under its message, as a notebook shows it.
    fn _repr_html_(&self) -> String {
        let v = &self.0;
        table(
            Some(&v.message),
            &[
                "valid",
                "optimal",
                "metric",
                "length",
                "minimum",
                "lower bound",
                "canonical",
                "order",
            ],
            [Row::Cells(vec![
                flag(v.valid),
                optional(v.optimal.map(flag)),
                v.metric.name().to_string(),
                v.length.to_string(),
                optional(v.minimum),
                optional(v.lower_bound),
                optional(v.canonical.map(flag)),
                v.order.clone(),
            ])],
        )
    }
}
