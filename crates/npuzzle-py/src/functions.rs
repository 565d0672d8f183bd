//! The module's functions. Each reads its arguments into the library's types, runs the
//! work with the GIL released where Ctrl-C stops it ([`interruptible`]), and hands back
//! Python objects.

#![expect(
    clippy::needless_pass_by_value,
    reason = "the arguments PyO3 hands over are the owned values their from_py_with readers made"
)]

use std::path::PathBuf;

use pyo3::prelude::*;
use rand::rngs::StdRng;
use rand::SeedableRng;

use npuzzle::answer::options::SOLVE_LIMITS;
use npuzzle::puzzle::lazy_walk::LazyWalk;
use npuzzle::puzzle::notation::Notation;
use npuzzle::puzzle::random::{random_board as uniform, random_walk};
use npuzzle::search::Limits;
use npuzzle::services::compare::{compare as compare_all, COMPARE_LIMITS};
use npuzzle::services::verdict::check as check_moves;
use npuzzle::solving::report::SolveReport;
use npuzzle::tables::cache::Cache;
use npuzzle::tables::distance_table;
use npuzzle::util::cancel::CancelToken;
use npuzzle::util::memory::default_budget;
use npuzzle::util::progress::Silent;
use npuzzle::{Board, Metric, MoveOrder, Size, SolveError, Status};

use npuzzle::answer::request::LimitRequest;
use npuzzle::{SolveRequest, Visited};

use crate::arguments::{self, cache, moves as read_moves, OptionsBuilder, TILES_BY_ARGUMENT};
use crate::board::{self, start_and_goal, BoardArgument, PyBoard};
use crate::errors::{bad_input, refused, table_refused, SearchLimit};
use crate::interruptible::{interruptible, interruptible_ticking};
use crate::progress::Callback;
use crate::results::{PySolveResult, PyVerdict};
use crate::values;

/// Solves `board` towards `goal` (default: tiles in order, blank last) and returns a
/// `SolveResult` with the fields of `npuzzle solve --json`.
///
/// `algorithm` is `"auto"` (the library picks: a distance-table lookup up to 12 cells,
/// the puzzle-specific IDA* with pattern databases where cached up to 25, constructive
/// beyond), `"table"`, `"bfs"`, `"bidirectional"`, `"astar"`, `"idastar"`, `"iddfs"`,
/// `"fast-idastar"` or `"constructive"`. `heuristic` is `"misplaced"`, `"manhattan"` or
/// `"linear-conflict"`; `pdb` a pattern-database partition such as `"7-8"`, `catalogue`
/// the zero-aware pattern databases of a catalogue (a name such as `"small"`, or
/// partitions separated by `;`), both built and cached when missing, and
/// `reflection=False` drops their mirrored lookup; `visited` is `"hash"` or `"ranked"`,
/// as `--visited`. `max_nodes`, `max_seconds`, `max_memory_nodes` and `max_memory`
/// (bytes, or text such as `"4G"`; default half the memory available) bound the search
/// (`max_nodes` every search of a bounded answer together): reaching one
/// raises `SearchLimit`, whose `.result` holds what the search cost; when a time or node
/// limit stopped the optimal search, `.result` is a bounded answer (`status ==
/// "bounded"`): the best `moves` found, their `length`, a proven `lower_bound` and the
/// `gap` between them (docs/GUIDE.md, "Bounded answers"). `threads` is the
/// number of threads the puzzle-specific IDA* uses (default 1; 0 for one per core).
/// `order` is the order the blank's moves are tried in, `"lrdu"` by default: of several
/// optimal solutions, the answer is the smallest in it (from the tables, BFS, IDA*,
/// IDDFS and the puzzle-specific IDA*), unless `any_optimal=True` asks for the first
/// optimal path found (`any_optimal` on the result), often found far sooner, as
/// `npuzzle solve --any-optimal` does. `metric` is how moves count, `"stm"` (one tile
/// one cell, the default) or `"mtm"` (the multi-tile metric: sliding any number of tiles
/// of a row or column at once is one move); `length` counts in it, `moves` are still the
/// blank's single steps. `count_optimal=True` also counts every distinct
/// optimal move sequence (`optimal_solutions`, exact; `count_gave_up` says why a count is
/// missing), as `npuzzle solve --count-optimal` does. `all_optimal=True` also lists
/// them (`solutions`, move strings: the answer first, then the others in the move order;
/// `solutions_complete` says whether that is all), up to `limit` (default 5000; the count
/// stays exact), and with `within=K` those of up to K moves over the optimum that pass
/// no board twice, as `npuzzle solve --all-optimal` does. An unsolvable board is an answer
/// (`status == "unsolvable"`), not an error. The GIL is released while searching.
/// `progress`, a callable, is called from time to time (at most every 0.2 s, when the
/// search or a table build has reported something new) with a dict: `message` (what the
/// library reports), `nodes` expanded and the iteration's `bound` where the search says
/// them (else None), `done` and `total` (units of work, `total` 0 when unknown) and
/// `seconds` since the call began; an exception it raises stops the search and is raised
/// by `solve`.
#[pyfunction]
#[pyo3(signature = (
    board, goal=None, algorithm="auto", heuristic=None, pdb=None, max_nodes=None,
    max_seconds=None, threads=None, *, size=None, reflection=true, weight=1.0,
    max_memory=None, cache_dir=None, order=None, count_optimal=false, progress=None,
    metric=Metric::SingleTile, all_optimal=false, within=None, limit=None, catalogue=None,
    visited=Visited::Hash, max_memory_nodes=None, any_optimal=false,
))]
#[expect(
    clippy::too_many_arguments,
    clippy::fn_params_excessive_bools,
    reason = "Python keyword arguments"
)]
pub fn solve(
    py: Python<'_>,
    #[pyo3(from_py_with = board::board)] board: BoardArgument,
    #[pyo3(from_py_with = board::goal)] goal: Option<BoardArgument>,
    #[pyo3(from_py_with = values::algorithm)] algorithm: &str,
    #[pyo3(from_py_with = values::heuristic)] heuristic: Option<String>,
    #[pyo3(from_py_with = values::pdb)] pdb: Option<String>,
    #[pyo3(from_py_with = values::max_nodes)] max_nodes: Option<u64>,
    #[pyo3(from_py_with = values::max_seconds)] max_seconds: Option<f64>,
    #[pyo3(from_py_with = values::threads)] threads: Option<u64>,
    #[pyo3(from_py_with = board::size)] size: Option<Size>,
    #[pyo3(from_py_with = values::reflection)] reflection: bool,
    #[pyo3(from_py_with = values::weight)] weight: f64,
    #[pyo3(from_py_with = arguments::max_memory)] max_memory: Option<u64>,
    #[pyo3(from_py_with = values::cache_dir)] cache_dir: Option<PathBuf>,
    #[pyo3(from_py_with = values::order)] order: Option<MoveOrder>,
    #[pyo3(from_py_with = values::count_optimal)] count_optimal: bool,
    #[pyo3(from_py_with = Callback::read)] progress: Option<Callback>,
    #[pyo3(from_py_with = values::metric)] metric: Metric,
    #[pyo3(from_py_with = values::all_optimal)] all_optimal: bool,
    #[pyo3(from_py_with = values::within)] within: Option<u64>,
    #[pyo3(from_py_with = values::limit)] limit: Option<u64>,
    #[pyo3(from_py_with = values::catalogue)] catalogue: Option<String>,
    #[pyo3(from_py_with = values::visited)] visited: Visited,
    #[pyo3(from_py_with = values::max_memory_nodes)] max_memory_nodes: Option<u64>,
    #[pyo3(from_py_with = values::any_optimal)] any_optimal: bool,
) -> PyResult<PySolveResult> {
    let (start, goal) = start_and_goal(board, goal, size)?;
    let mut request = SolveRequest {
        algorithm: arguments::algorithm(algorithm)?,
        weight,
        visited,
        threads: arguments::threads(threads),
        order: order.unwrap_or_default(),
        any_optimal,
        metric,
        count_optimal,
        limits: LimitRequest {
            max_memory_nodes,
            ..arguments::limits(max_nodes, max_seconds, max_memory)
        },
        ..SolveRequest::default()
    };
    arguments::estimate(
        &mut request,
        heuristic.as_deref(),
        pdb.as_deref(),
        catalogue.as_deref(),
        reflection,
    )?;
    arguments::list(&mut request, all_optimal, within, limit);
    let (mut options, cancel) = OptionsBuilder::asked(&request, SOLVE_LIMITS)?
        .cache(cache_dir)
        .bounded()
        .stoppable();
    let solution = match progress {
        Some(mut callback) => {
            options.progress = Some(callback.receiver());
            interruptible_ticking(
                py,
                &cancel,
                |py| callback.tick(py),
                || npuzzle::solve(&start, &goal, &options),
            )
        }
        None => interruptible(py, &cancel, || npuzzle::solve(&start, &goal, &options)),
    }?
    .map_err(|error| match error {
        // The list asked for the count: name the argument the caller gave.
        SolveError::CountNotOptimal(_) if all_optimal && !count_optimal => {
            bad_input("all_optimal", error)
        }
        other => refused(other),
    })?;
    let result = PySolveResult(SolveReport::new(&start, &goal, &solution));
    if let Status::GaveUp(why) | Status::Bounded(why) = &solution.status {
        // The limit's message, and after a memory limit the library's hint.
        let message = match solution.hint() {
            Some(hint) => format!("{why}; hint: {hint}"),
            None => why.to_string(),
        };
        let error = SearchLimit::new_err(message);
        error.value(py).setattr("result", Py::new(py, result)?)?;
        return Err(error);
    }
    Ok(result)
}

/// Runs every algorithm and heuristic on one board, side by side, as `npuzzle compare`
/// does, and returns their results in order (uninformed searches first) as a
/// `Comparison`, a list a notebook shows as a table. Each run is bounded (by default 20
/// million nodes and 20 seconds); a run that reaches a bound is reported with `status ==
/// "gave-up"`, not raised. With `metric="mtm"` every run minimises multi-tile moves (the
/// heuristics divided by the longest jump); `order` is the order the blank's moves are
/// tried in (`"lrdu"` by default), which picks the answer among several optimal ones
/// where a search does.
#[pyfunction]
#[pyo3(signature = (
    board, goal=None, *, size=None, max_nodes=None, max_seconds=None, max_memory=None,
    cache_dir=None, metric=Metric::SingleTile, order=None,
))]
#[expect(clippy::too_many_arguments, reason = "Python keyword arguments")]
pub fn compare(
    py: Python<'_>,
    #[pyo3(from_py_with = board::board)] board: BoardArgument,
    #[pyo3(from_py_with = board::goal)] goal: Option<BoardArgument>,
    #[pyo3(from_py_with = board::size)] size: Option<Size>,
    #[pyo3(from_py_with = values::max_nodes)] max_nodes: Option<u64>,
    #[pyo3(from_py_with = values::max_seconds)] max_seconds: Option<f64>,
    #[pyo3(from_py_with = arguments::max_memory)] max_memory: Option<u64>,
    #[pyo3(from_py_with = values::cache_dir)] cache_dir: Option<PathBuf>,
    #[pyo3(from_py_with = values::metric)] metric: Metric,
    #[pyo3(from_py_with = values::order)] order: Option<MoveOrder>,
) -> PyResult<Bound<'_, PyAny>> {
    let (start, goal) = start_and_goal(board, goal, size)?;
    let request = SolveRequest {
        order: order.unwrap_or_default(),
        metric,
        limits: arguments::limits(max_nodes, max_seconds, max_memory),
        ..SolveRequest::default()
    };
    let (options, cancel) = OptionsBuilder::asked(&request, COMPARE_LIMITS)?
        .cache(cache_dir)
        .stoppable();
    let solutions =
        interruptible(py, &cancel, || compare_all(&start, &goal, &options))?.map_err(refused)?;
    let results = solutions
        .iter()
        .map(|solution| PySolveResult(SolveReport::new(&start, &goal, solution)))
        .collect();
    crate::comparison::comparison(py, results)
}

/// Checks `moves` on `board`: do they reach `goal`, and are they as few as possible?
/// `moves` name the blank's moves (`"uldr"`) or, with `notation="tiles"`, the tiles'
/// (`"R2U2L"`). Returns a `Verdict`; moves that leave the board or miss the goal give
/// `valid == False`, while text that is not a move list raises `ValueError`. The
/// verdict's `canonical` says whether the moves are the smallest optimal solution in
/// `order` (default `"lrdu"`). With `metric="mtm"` the moves are counted in the
/// multi-tile metric (a run of equal blank moves, `"uuu"` or `"D3"`, is one move) and
/// compared with the fewest multi-tile moves.
#[pyfunction]
#[pyo3(signature = (
    board, moves, goal=None, *, notation="blank", size=None, max_nodes=None,
    max_seconds=None, max_memory=None, cache_dir=None, order=None, metric=Metric::SingleTile,
))]
#[expect(clippy::too_many_arguments, reason = "Python keyword arguments")]
pub fn check(
    py: Python<'_>,
    #[pyo3(from_py_with = board::board)] board: BoardArgument,
    #[pyo3(from_py_with = values::moves)] moves: String,
    #[pyo3(from_py_with = board::goal)] goal: Option<BoardArgument>,
    #[pyo3(from_py_with = values::notation)] notation: &str,
    #[pyo3(from_py_with = board::size)] size: Option<Size>,
    #[pyo3(from_py_with = values::max_nodes)] max_nodes: Option<u64>,
    #[pyo3(from_py_with = values::max_seconds)] max_seconds: Option<f64>,
    #[pyo3(from_py_with = arguments::max_memory)] max_memory: Option<u64>,
    #[pyo3(from_py_with = values::cache_dir)] cache_dir: Option<PathBuf>,
    #[pyo3(from_py_with = values::order)] order: Option<MoveOrder>,
    #[pyo3(from_py_with = values::metric)] metric: Metric,
) -> PyResult<PyVerdict> {
    let (start, goal) = start_and_goal(board, goal, size)?;
    let (notation, moves) = read_moves(notation, &moves, TILES_BY_ARGUMENT)?;
    let request = SolveRequest {
        order: order.unwrap_or_default(),
        metric,
        limits: arguments::limits(max_nodes, max_seconds, max_memory),
        ..SolveRequest::default()
    };
    let (options, cancel) = OptionsBuilder::asked(&request, SOLVE_LIMITS)?
        .cache(cache_dir)
        .bounded()
        .stoppable();
    let verdict = interruptible(py, &cancel, || {
        check_moves(&start, &goal, &moves, notation, &options)
    })?
    .map_err(refused)?;
    Ok(PyVerdict(verdict))
}

/// A random board that can reach `goal` (default: the standard goal of `size`, 3x3 when
/// neither is given): drawn uniformly from all such boards, or, with `walk=k`, `k` random
/// moves from the goal (at most 100,000,000), or, with `lazy_walk=k` or `"a..b"`, a lazy
/// random walk back from the goal as DeepCubeA made its test states. The same `seed` gives
/// the same board here and from `npuzzle random --seed`.
#[pyfunction]
#[pyo3(signature = (size=None, seed=None, walk=None, goal=None, lazy_walk=None))]
pub fn random_board(
    py: Python<'_>,
    #[pyo3(from_py_with = board::size)] size: Option<Size>,
    #[pyo3(from_py_with = values::seed)] seed: Option<u64>,
    #[pyo3(from_py_with = values::walk)] walk: Option<u64>,
    #[pyo3(from_py_with = board::goal)] goal: Option<BoardArgument>,
    #[pyo3(from_py_with = values::lazy_walk)] lazy_walk: Option<LazyWalk>,
) -> PyResult<PyBoard> {
    if walk.is_some() && lazy_walk.is_some() {
        return Err(bad_input(
            "lazy_walk",
            "give walk or lazy_walk, not both: they draw different walks",
        ));
    }
    let goal = match (goal, size) {
        // A goal names its own size when square; `size` shapes one that is not.
        (Some(goal), size) => goal.board(size, "goal")?,
        (None, Some(size)) => Board::goal(size),
        (None, None) => Board::goal(Size::square(3).expect("3x3 is a size")),
    };
    let mut rng = match seed {
        Some(seed) => StdRng::seed_from_u64(seed),
        None => StdRng::from_entropy(),
    };
    let walk = walk
        .map(|steps| npuzzle::puzzle::random::walk_length(steps).map_err(|e| bad_input("walk", e)))
        .transpose()?;
    let board = py.detach(|| match (walk, lazy_walk) {
        (Some(steps), _) => random_walk(&goal, steps, &mut rng),
        (None, Some(walk)) => walk.draw(&goal, &mut rng),
        (None, None) => uniform(&goal, &mut rng),
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
    #[pyo3(from_py_with = board::board)] board: BoardArgument,
    #[pyo3(from_py_with = board::goal)] goal: Option<BoardArgument>,
    #[pyo3(from_py_with = board::size)] size: Option<Size>,
    #[pyo3(from_py_with = values::cache_dir)] cache_dir: Option<PathBuf>,
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
    .map_err(table_refused)
}

/// The blank's moves (`"uldr"`) written in tile notation (`"DRUL"`): each letter names
/// the way the moved tile slides, the opposite of the blank, and a run of one letter is
/// written once with its count (`"R2U2L"`; a run past 999, the largest count, is written
/// as several). Capitals raise `ValueError`: they are tile notation already.
#[pyfunction]
pub fn to_tiles(#[pyo3(from_py_with = values::moves)] moves: String) -> PyResult<String> {
    let (_, moves) = read_moves(Notation::Blank.name(), &moves, "is read by from_tiles")?;
    Ok(Notation::Tiles.write(&moves))
}

/// Tile notation (`"R2U2L"`) read back as the blank's moves (`"llddr"`).
#[pyfunction]
pub fn from_tiles(#[pyo3(from_py_with = values::moves)] moves: String) -> PyResult<String> {
    let moves = Notation::Tiles
        .parse(&moves)
        .map_err(|e| bad_input("moves", e))?;
    Ok(Notation::Blank.write(&moves))
}
