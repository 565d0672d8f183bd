//! Permutation ranks and the effective branching factor: `rank`, `unrank` and
//! `effective_branching_factor`, the library's, translated.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use npuzzle::rank::{unrank_board, BoardRank};
use npuzzle::search::effective_branching_factor as branching;
use npuzzle::Size;

use crate::board::{self, BoardArgument, PyBoard};
use crate::errors::bad_input;
use crate::values::{integer, whole};

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
/// (Russell & Norvig; 52 nodes at depth 5 give 1.92). `depth` 0 raises `ValueError`.
#[pyfunction]
pub fn effective_branching_factor(
    #[pyo3(from_py_with = nodes_argument)] nodes: u64,
    #[pyo3(from_py_with = depth_argument)] depth: u64,
) -> PyResult<f64> {
    let depth = u32::try_from(depth).map_err(|_| {
        PyValueError::new_err(format!("depth must be at most {}, not {depth}", u32::MAX))
    })?;
    branching(nodes, depth).ok_or_else(|| {
        PyValueError::new_err(
            "depth must be at least 1: no tree of depth 0 holds nodes below its root",
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

fn nodes_argument(value: &Bound<'_, PyAny>) -> PyResult<u64> {
    whole(value, "nodes")
}

fn depth_argument(value: &Bound<'_, PyAny>) -> PyResult<u64> {
    whole(value, "depth")
}
