//! `compare`'s answer, `npuzzle.Comparison`: a `list` of the runs' `SolveResult`s, so
//! that whatever takes a list takes it (indexing, `len`, JSON of its dicts, pickling),
//! which a notebook shows as a table of the runs.
//!
//! A subclass of `list` cannot be a `#[pyclass]` under the stable ABI (abi3), so the class
//! is made by Python from the few lines of [`SOURCE`], its `_repr_html_` calling back
//! into [`table_of`].

use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyDict, PyList, PyType};

use crate::html::table;
use crate::results::{run_row, PySolveResult, RUN_COLUMNS};

/// The class, made once when the module is imported.
static COMPARISON: PyOnceLock<Py<PyType>> = PyOnceLock::new();

/// The class's Python source: `_table` is [`table_of`].
const SOURCE: &std::ffi::CStr = cr#"
class Comparison(list):
    """The runs of compare(), one SolveResult a run in order (uninformed searches
    first): a list, which a notebook shows as a table of the runs."""

    def _repr_html_(self):
        """The runs as an HTML table: algorithm, heuristic, status, length, whether
        optimal, and what each cost; None (the repr is shown) once the list holds
        anything but results."""
        return _table(self)
"#;

/// Makes the class and adds it to `module` as `Comparison`.
pub fn add(module: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = module.py();
    let class = COMPARISON.get_or_try_init(py, || -> PyResult<Py<PyType>> {
        let namespace = PyDict::new(py);
        // The class's `__module__` is read from `__name__`: pickle finds it there.
        namespace.set_item("__name__", "npuzzle")?;
        namespace.set_item("_table", wrap_pyfunction!(table_of, module)?)?;
        py.run(SOURCE, Some(&namespace), None)?;
        Ok(namespace
            .get_item("Comparison")?
            .expect("the source defines Comparison")
            .cast_into::<PyType>()?
            .unbind())
    })?;
    module.add("Comparison", class.bind(py))
}

/// `results` as a `Comparison`.
pub fn comparison(py: Python<'_>, results: Vec<PySolveResult>) -> PyResult<Bound<'_, PyAny>> {
    let class = COMPARISON
        .get(py)
        .expect("the module made the class when imported");
    let runs = results
        .into_iter()
        .map(|result| Py::new(py, result))
        .collect::<PyResult<Vec<_>>>()?;
    class.bind(py).call1((PyList::new(py, runs)?,))
}

/// The runs as an HTML table under the board and goal they solved, or None when the list
/// holds anything but results (a notebook then shows its repr).
#[pyfunction]
fn table_of(runs: &Bound<'_, PyList>) -> Option<String> {
    let runs: Vec<Bound<'_, PySolveResult>> = runs
        .iter()
        .map(|run| run.cast_into::<PySolveResult>().ok())
        .collect::<Option<_>>()?;
    let caption = runs.first().map(|first| {
        let report = &first.get().0;
        format!(
            "board {}, goal {}, metric {}",
            report.board, report.goal, report.metric
        )
    });
    Some(table(
        caption.as_deref(),
        &RUN_COLUMNS,
        runs.iter().map(|run| run_row(&run.get().0)),
    ))
}
