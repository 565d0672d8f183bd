//! Permutation ranks and the effective branching factor: `rank`, `unrank` and
//! `effective_branching_factor`, the library's, translated.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use npuzzle::puzzle::rank::{unrank_board, BoardRank};
use npuzzle::services::cost_by_depth::Equation;
use npuzzle::Size;

use crate::board::{self, BoardArgument, PyBoard};
use crate::depths::{bstar_argument, named};
use crate::errors::bad_input;
use crate::values::{integer, number};

/// The lexicographic rank of `board` among all arrangements of its cells (read row by
/// row, the blank as 0), from 0: its Lehmer code, the Cantor expansion; textbooks' 1-based
/// value is one more. Boards of up to 34 cells; larger ones raise `ValueError`. As
/// `npuzzle rank`.
#[pyfunction]
#[pyo3(signature = (board, *, size=None))]
pub fn rank(
    #[pyo3(from_py_with = board::board)] board: BoardArgument,
    #[pyo3(from_py_with = board::size)] size: Option<Size>,
) -> PyResult<u128> {
    let board = board.board(size, "board")?;
    let working = BoardRank::of(&board).map_err(|e| bad_input("board", e))?;
    Ok(working.rank)
}

/// The board of `size` whose rank (from 0) is `rank`: `rank(unrank(r, size)) == r`. A
/// rank not below cells! or a size past 34 cells raises `ValueError`. As `npuzzle
/// unrank`.
#[pyfunction]
pub fn unrank(
    #[pyo3(from_py_with = rank_argument)] rank: u128,
    #[pyo3(from_py_with = board::given_size)] size: Size,
) -> PyResult<PyBoard> {
    let board = unrank_board(rank, size).map_err(|e| bad_input("rank", e))?;
    Ok(PyBoard(board))
}

/// The effective branching factor b* of a search that generated `nodes` nodes to find a
/// solution at `depth`: the root of `nodes + 1 = 1 + b* + b*^2 + ... + b*^depth`
/// (Russell & Norvig; 52 nodes at depth 5 give 1.92), or with `bstar="n"` of `nodes = 1 +
/// b* + ... + b*^depth` (the root among the nodes), the two equations `bench_by_depth`
/// offers. `nodes` may be a mean over many searches (a float, at least 0); `depth` is a
/// whole number from 1 to 4,294,967,295, anything else raises `ValueError`.
#[pyfunction]
#[pyo3(signature = (nodes, depth, *, bstar="n-plus-one"))]
pub fn effective_branching_factor(
    #[pyo3(from_py_with = nodes_argument)] nodes: f64,
    #[pyo3(from_py_with = depth_argument)] depth: u32,
    #[pyo3(from_py_with = bstar_argument)] bstar: &str,
) -> PyResult<f64> {
    let equation = named(Equation::ALL, Equation::name, bstar);
    equation.solve_mean(nodes, depth).ok_or_else(|| {
        bad_input(
            "nodes",
            format!("no b* solves {} for {nodes} nodes", equation.written()),
        )
    })
}

/// The `rank` argument: a whole number from 0 below 2^128.
fn rank_argument(value: &Bound<'_, PyAny>) -> PyResult<u128> {
    let number = integer(value, "rank", "a whole number (int)")?;
    number.extract::<u128>().map_err(|_| {
        PyValueError::new_err(format!(
            "rank must be a whole number from 0 (below 34!, the ranks of 34 cells), not {number}"
        ))
    })
}

/// The `nodes` argument: a count, or a mean of counts, of at least 0.
fn nodes_argument(value: &Bound<'_, PyAny>) -> PyResult<f64> {
    let nodes = number(value, "nodes", "a number of nodes (int or float)")?;
    if nodes.is_finite() && nodes >= 0.0 {
        Ok(nodes)
    } else {
        Err(PyValueError::new_err(format!(
            "nodes must be a number of nodes from 0 (a mean may be a float), not {nodes}"
        )))
    }
}

/// The `depth` argument: the solution's depth, from 1 (no tree of depth 0 holds nodes
/// below its root) to the most the library takes.
fn depth_argument(value: &Bound<'_, PyAny>) -> PyResult<u32> {
    let depth = integer(value, "depth", "a whole number (int)")?;
    match depth.extract::<u32>() {
        Ok(depth) if depth >= 1 => Ok(depth),
        Ok(_) => Err(PyValueError::new_err(format!(
            "depth must be a whole number from 1 to {}, not 0: no tree of depth 0 holds \
             nodes below its root",
            u32::MAX
        ))),
        Err(_) => Err(PyValueError::new_err(format!(
            "depth must be a whole number from 1 to {}, not {depth}",
            u32::MAX
        ))),
    }
}
