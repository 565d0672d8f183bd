//! The module's functions. Each reads its arguments into the library's types, runs the
//! work with the GIL released where Ctrl-C stops it ([`interruptible`]), and hands back
//! Python objects.

use std::path::PathBuf;

use pyo3::exceptions::PyOSError;
use pyo3::prelude::*;
use rand::rngs::StdRng;
use rand::SeedableRng;

use npuzzle::cache::Cache;
use npuzzle::cancel::CancelToken;
use npuzzle::compare::{compare as compare_all, COMPARE_LIMITS};
use npuzzle::distance_table;
use npuzzle::distance_table::TableError;
use npuzzle::memory::default_budget;
use npuzzle::notation::Notation;
use npuzzle::options::SOLVE_LIMITS;
use npuzzle::progress::Silent;
use npuzzle::random::{random_board as uniform, random_walk};
use npuzzle::report::SolveReport;
use npuzzle::search::Limits;
use npuzzle::verdict::check as check_moves;
use npuzzle::{Algorithm, Board, Size, SolveOptions, Status};

use crate::arguments::{cache, count, estimate, limits, MemoryArgument};
use crate::board::{start_and_goal, BoardArgument, PyBoard, SizeArgument};
use crate::errors::{bad_input, refused, SearchLimit};
use crate::interruptible::interruptible;
use crate::results::{PySolveResult, PyVerdict};

/// Solves `board` towards `goal` (default: tiles in order, blank last) and returns a
/// `SolveResult` with the fields of `npuzzle solve --json`.
///
/// `algorithm` is `"auto"` (the library picks: a distance-table lookup up to 12 cells,
/// the puzzle-specific IDA* with pattern databases where cached up to 25, constructive
/// beyond), `"table"`, `"bfs"`, `"bidirectional"`, `"astar"`, `"idastar"`, `"iddfs"`,
/// `"fast-idastar"` or `"constructive"`. `heuristic` is `"misplaced"`, `"manhattan"` or
/// `"linear-conflict"`; `pdb` a pattern-database partition such as `"7-8"` (built and
/// cached when missing). `max_nodes`, `max_seconds` and `max_memory` (bytes, or text
/// such as `"4G"`; default half the memory available) bound the search: reaching one
/// raises `SearchLimit`, whose `.result` holds what the search cost. `threads` is the
/// number of threads the puzzle-specific IDA* uses (default 1; 0 for one per core).
/// An unsolvable board is an answer (`status == "unsolvable"`), not an error. The GIL is
/// released while searching.
#[pyfunction]
#[pyo3(signature = (
    board, goal=None, algorithm="auto", heuristic=None, pdb=None, max_nodes=None,
    max_seconds=None, threads=None, *, size=None, reflection=true, weight=1.0,
    max_memory=None, cache_dir=None,
))]
#[expect(clippy::too_many_arguments, reason = "Python keyword arguments")]
pub fn solve(
    py: Python<'_>,
    board: BoardArgument,
    goal: Option<BoardArgument>,
    algorithm: &str,
    heuristic: Option<&str>,
    pdb: Option<&str>,
    max_nodes: Option<i128>,
    max_seconds: Option<f64>,
    threads: Option<i128>,
    size: Option<SizeArgument>,
    reflection: bool,
    weight: f64,
    max_memory: Option<MemoryArgument>,
    cache_dir: Option<PathBuf>,
) -> PyResult<PySolveResult> {
    let (start, goal) = start_and_goal(board, goal, size)?;
    let algorithm: Algorithm = algorithm.parse().map_err(|e| bad_input("algorithm", e))?;
    let defaults = SolveOptions::default();
    let mut options = SolveOptions {
        algorithm,
        estimate: estimate(heuristic, pdb, reflection)?,
        limits: limits(SOLVE_LIMITS, max_nodes, max_seconds, max_memory)?,
        weight,
        cache: cache(cache_dir),
        threads: match threads {
            Some(n) => usize::try_from(count("threads", n)?).unwrap_or(usize::MAX),
            None => defaults.threads,
        },
        ..defaults
    };
    let cancel = stoppable(&mut options);
    let solution =
        interruptible(py, &cancel, || npuzzle::solve(&start, &goal, &options))?.map_err(refused)?;
    let result = PySolveResult(SolveReport::new(&start, &goal, &solution));
    if let Status::GaveUp(why) = &solution.status {
        let error = SearchLimit::new_err(why.to_string());
        error.value(py).setattr("result", Py::new(py, result)?)?;
        return Err(error);
    }
    Ok(result)
}

/// Runs every algorithm and heuristic on one board, side by side, as `npuzzle compare`
/// does, and returns their results in order (uninformed searches first). Each run is
/// bounded (by default 20 million nodes and 20 seconds); a run that reaches a bound is
/// reported with `status == "gave-up"`, not raised.
#[pyfunction]
#[pyo3(signature = (
    board, goal=None, *, size=None, max_nodes=None, max_seconds=None, max_memory=None,
    cache_dir=None,
))]
#[expect(clippy::too_many_arguments, reason = "Python keyword arguments")]
pub fn compare(
    py: Python<'_>,
    board: BoardArgument,
    goal: Option<BoardArgument>,
    size: Option<SizeArgument>,
    max_nodes: Option<i128>,
    max_seconds: Option<f64>,
    max_memory: Option<MemoryArgument>,
    cache_dir: Option<PathBuf>,
) -> PyResult<Vec<PySolveResult>> {
    let (start, goal) = start_and_goal(board, goal, size)?;
    let mut options = SolveOptions {
        limits: limits(COMPARE_LIMITS, max_nodes, max_seconds, max_memory)?,
        cache: cache(cache_dir),
        ..SolveOptions::default()
    };
    let cancel = stoppable(&mut options);
    let solutions =
        interruptible(py, &cancel, || compare_all(&start, &goal, &options))?.map_err(refused)?;
    Ok(solutions
        .iter()
        .map(|solution| PySolveResult(SolveReport::new(&start, &goal, solution)))
        .collect())
}

/// Checks `moves` on `board`: do they reach `goal`, and are they as few as possible?
/// `moves` name the blank's moves (`"uldr"`) or, with `notation="tiles"`, the tiles'
/// (`"R2U2L"`). Returns a `Verdict`; moves that leave the board or miss the goal give
/// `valid == False`, while text that is not a move list raises `ValueError`.
#[pyfunction]
#[pyo3(signature = (
    board, moves, goal=None, *, notation="blank", size=None, max_nodes=None,
    max_seconds=None, max_memory=None, cache_dir=None,
))]
#[expect(clippy::too_many_arguments, reason = "Python keyword arguments")]
pub fn check(
    py: Python<'_>,
    board: BoardArgument,
    moves: &str,
    goal: Option<BoardArgument>,
    notation: &str,
    size: Option<SizeArgument>,
    max_nodes: Option<i128>,
    max_seconds: Option<f64>,
    max_memory: Option<MemoryArgument>,
    cache_dir: Option<PathBuf>,
) -> PyResult<PyVerdict> {
    let (start, goal) = start_and_goal(board, goal, size)?;
    let notation: Notation = notation.parse().map_err(|e| bad_input("notation", e))?;
    let moves = notation.parse(moves).map_err(|e| bad_input("moves", e))?;
    let mut options = SolveOptions {
        limits: limits(SOLVE_LIMITS, max_nodes, max_seconds, max_memory)?,
        cache: cache(cache_dir),
        ..SolveOptions::default()
    };
    let cancel = stoppable(&mut options);
    let verdict = interruptible(py, &cancel, || {
        check_moves(&start, &goal, &moves, notation, &options)
    })?
    .map_err(refused)?;
    Ok(PyVerdict(verdict))
}

/// A random board that can reach `goal` (default: the standard goal of `size`, 3x3 when
/// neither is given): drawn uniformly from all such boards, or, with `walk=k`, `k` random
/// moves from the goal (at most 100,000,000). The same `seed` gives the same board here and from
/// `npuzzle random --seed`.
#[pyfunction]
#[pyo3(signature = (size=None, seed=None, walk=None, goal=None))]
pub fn random_board(
    py: Python<'_>,
    size: Option<SizeArgument>,
    seed: Option<i128>,
    walk: Option<i128>,
    goal: Option<BoardArgument>,
) -> PyResult<PyBoard> {
    let size = size.map(SizeArgument::size).transpose()?;
    let goal = match (goal, size) {
        // A goal names its own size when square; `size` shapes one that is not.
        (Some(goal), size) => goal.board(size, "goal")?,
        (None, Some(size)) => Board::goal(size),
        (None, None) => Board::goal(Size::square(3).expect("3x3 is a size")),
    };
    let mut rng = match seed {
        Some(seed) => StdRng::seed_from_u64(count("seed", seed)?),
        None => StdRng::from_entropy(),
    };
    let walk = walk
        .map(|steps| {
            let steps = count("walk", steps)?;
            npuzzle::random::walk_length(steps).map_err(|e| bad_input("walk", e))
        })
        .transpose()?;
    let board = py.detach(|| match walk {
        Some(steps) => random_walk(&goal, steps, &mut rng),
        None => uniform(&goal, &mut rng),
    });
    Ok(PyBoard(board))
}

/// The fewest moves from `board` to `goal`, read from a complete distance table (boards
/// of at most 12 cells), or None when the goal cannot be reached. A 12-cell table is
/// built and cached the first time (about a minute); smaller ones take well under a
/// second.
#[pyfunction]
#[pyo3(signature = (board, goal=None, *, size=None, cache_dir=None))]
pub fn distance(
    py: Python<'_>,
    board: BoardArgument,
    goal: Option<BoardArgument>,
    size: Option<SizeArgument>,
    cache_dir: Option<PathBuf>,
) -> PyResult<Option<usize>> {
    let (start, goal) = start_and_goal(board, goal, size)?;
    let cache = cache(cache_dir).unwrap_or_else(Cache::from_env);
    let cancel = CancelToken::new();
    let limits = Limits {
        max_bytes: default_budget(),
        cancel: Some(cancel.clone()),
        ..Limits::NONE
    };
    interruptible(py, &cancel, || {
        distance_table::distance(&start, &goal, &cache, &limits, &Silent)
    })?
    .map_err(|e| match e {
        TableError::TooLarge { .. } | TableError::SizeMismatch { .. } => bad_input("board", e),
        other => PyOSError::new_err(other.to_string()),
    })
}

/// The blank's moves (`"uldr"`) written in tile notation (`"DRUL"`): each letter names
/// the way the moved tile slides, the opposite of the blank, and a run of one letter is
/// written once with its count (`"R2U2L"`).
#[pyfunction]
pub fn to_tiles(moves: &str) -> PyResult<String> {
    let moves = Notation::Blank
        .parse(moves)
        .map_err(|e| bad_input("moves", e))?;
    Ok(Notation::Tiles.write(&moves))
}

/// Tile notation (`"R2U2L"`) read back as the blank's moves (`"llddr"`).
#[pyfunction]
pub fn from_tiles(moves: &str) -> PyResult<String> {
    let moves = Notation::Tiles
        .parse(moves)
        .map_err(|e| bad_input("moves", e))?;
    Ok(Notation::Blank.write(&moves))
}

/// A token for `options`' work, put in its limits: the work stops once it is set.
fn stoppable(options: &mut SolveOptions) -> CancelToken {
    let cancel = CancelToken::new();
    options.limits.cancel = Some(cancel.clone());
    cancel
}
