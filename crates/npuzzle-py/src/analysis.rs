//! `analyse()`: a recorded solve move by move, the same object `npuzzle analyse --json`
//! prints ([`npuzzle::services::analysis_report`]), as a dict.

use std::path::PathBuf;

use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;

use npuzzle::answer::options::SOLVE_LIMITS;
use npuzzle::puzzle::notation::Notation;
use npuzzle::services::analysis::{analyse as analyse_moves, good_moves, AnalysisError};
use npuzzle::services::analysis_report::{AnalysisReport, GoodMovesReport};
use npuzzle::{Metric, Size};

use npuzzle::SolveRequest;

use crate::arguments::{self, moves as read_moves, OptionsBuilder, TILES_BY_ARGUMENT};
use crate::board::{self, start_and_goal, BoardArgument};
use crate::errors::{bad_input, refused};
use crate::interruptible::interruptible;
use crate::results::to_python;
use crate::values;

/// `error` as Python's exception: a `ValueError` naming the moves or the board for bad
/// input, a `RuntimeError` when a search gave up with no answer.
fn raised(error: AnalysisError, notation: Notation) -> PyErr {
    match error {
        AnalysisError::OffBoard { .. } => bad_input("moves", error.written_in(notation)),
        AnalysisError::Unreachable => bad_input("board", &error),
        AnalysisError::GaveUp { .. } => PyRuntimeError::new_err(error.to_string()),
        AnalysisError::Solve(e) => refused(e),
    }
}

/// Analyses a recorded solve of `board` move by move and returns a dict, exactly the
/// object `npuzzle analyse --json` prints: `"steps"` (one dict a move: `"move"`,
/// `"remaining"` after it, `"lost"`, `"better"` moves where it lost some, `"exact"`),
/// `"lost"` in total, `"first_mistake"` (the move's number from 1, or None),
/// `"finish"` (an optimal finish from the board of the first mistake), `"optimum"`,
/// `"reached_goal"`. `moves` are the blank's (`"uldr"`) or, with `notation="tiles"`, the
/// tiles' (`"R2U2L"`); with `metric="mtm"` a run of equal blank moves is one move.
/// Without `moves`, the dict lists each first move (`"moves"`: `"move"`,
/// `"remaining"`, `"good"`) and the board's `"optimum"`. A move off the board raises
/// `ValueError` naming it and its place.
#[pyfunction]
#[pyo3(signature = (
    board, moves=None, goal=None, *, notation="blank", size=None, max_nodes=None,
    max_seconds=None, max_memory=None, cache_dir=None, metric=Metric::SingleTile,
))]
#[expect(clippy::too_many_arguments, reason = "Python keyword arguments")]
pub fn analyse<'py>(
    py: Python<'py>,
    #[pyo3(from_py_with = board::board)] board: BoardArgument,
    #[pyo3(from_py_with = values::optional_moves)] moves: Option<String>,
    #[pyo3(from_py_with = board::goal)] goal: Option<BoardArgument>,
    #[pyo3(from_py_with = values::notation)] notation: &str,
    #[pyo3(from_py_with = board::size)] size: Option<Size>,
    #[pyo3(from_py_with = values::max_nodes)] max_nodes: Option<u64>,
    #[pyo3(from_py_with = values::max_seconds)] max_seconds: Option<f64>,
    #[pyo3(from_py_with = crate::arguments::max_memory)] max_memory: Option<u64>,
    #[pyo3(from_py_with = values::cache_dir)] cache_dir: Option<PathBuf>,
    #[pyo3(from_py_with = values::metric)] metric: Metric,
) -> PyResult<Bound<'py, PyAny>> {
    let (start, goal) = start_and_goal(board, goal, size)?;
    let request = SolveRequest {
        metric,
        limits: arguments::limits(max_nodes, max_seconds, max_memory),
        ..SolveRequest::default()
    };
    let (options, cancel) = OptionsBuilder::asked(&request, SOLVE_LIMITS)?
        .cache(cache_dir)
        .bounded()
        .stoppable();
    let (notation, moves) = match moves {
        Some(text) => {
            let (notation, moves) = read_moves(notation, &text, TILES_BY_ARGUMENT)?;
            (notation, Some(moves))
        }
        None => (read_moves(notation, "", TILES_BY_ARGUMENT)?.0, None),
    };
    if let Some(moves) = moves {
        let analysis = interruptible(py, &cancel, || {
            analyse_moves(&start, &goal, &moves, &options)
        })?
        .map_err(|e| raised(e, notation))?;
        return to_python(py, &AnalysisReport::new(&analysis, notation));
    }
    let first = interruptible(py, &cancel, || good_moves(&start, &goal, &options))?
        .map_err(|e| raised(e, notation))?;
    to_python(
        py,
        &GoodMovesReport::new(&first, start == goal, metric, notation),
    )
}
