//! `bench_by_depth`: the table of search cost against solution depth (Russell & Norvig's),
//! the rows of `npuzzle bench --depths --json`'s `by_depth` array as dicts. The library
//! draws the boards and measures ([`npuzzle::services::cost_by_depth`]) and writes each row
//! ([`DepthRowReport`]); the configurations are read as `--configs` reads them
//! ([`BenchConfig`]).

#![expect(
    clippy::needless_pass_by_value,
    reason = "the arguments PyO3 hands over are the owned values their from_py_with readers made"
)]

use std::path::PathBuf;

use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;
use pyo3::types::PyString;

use npuzzle::answer::options::BENCH_LIMITS;
use npuzzle::services::bench_config::BenchConfig;
use npuzzle::services::cost_by_depth::{
    depth_table, sample_bytes, Conventions, Counting, DepthConfig, DepthRowReport, DepthTableError,
    Equation, BOOK_CONFIGS,
};
use npuzzle::solving::plan::validate;
use npuzzle::util::fault::Fault;
use npuzzle::util::memory::shown;
use npuzzle::{Board, Size};

use npuzzle::SolveRequest;

use crate::arguments::{self, OptionsBuilder};
use crate::board::{self, BoardArgument};
use crate::errors::{bad_input, refused};
use crate::interruptible::interruptible;
use crate::results::to_python;
use crate::values::{self, optional, text, whole, wrong_type};

/// The table of search cost by solution depth, as `npuzzle bench --depths ... --json`
/// makes it: for each of `depths`, `count` boards drawn uniformly among all boards at
/// exactly that distance from `goal` (default: the standard 3x3 goal; boards of at most
/// 16 cells), seeded by `seed` (the command line's seed gives the same boards), solved by
/// each of `configs` (`"astar:misplaced"`, `"idastar:manhattan"`, `"iddfs"`,
/// `"astar:linear-conflict:w=1.5"`, … as a list or one comma-separated text; default the
/// book's A* columns, `"astar:misplaced,astar:manhattan"`).
///
/// Returns a list of dicts, a row per configuration and depth (depth by depth), ready for
/// `pandas.DataFrame(rows)`: `config`, `depth`, `instances` (boards solved), `gave_up`,
/// `mean_generated`, `mean_expanded` and `effective_branching_factor` (b* solved per board
/// and then averaged, as the book does; None where every search gave up). `counting`
/// says which nodes b* counts (`"generated"`, the book's, or `"expanded"`), `bstar` which
/// equation it solves (`"n-plus-one"`: N + 1 = 1 + b* + ... + b*^d, or `"n"`);
/// `published="aima"` adds the book's figures to each row it prints (`published`: its
/// `column`, `nodes`, `ratio` and `effective_branching_factor`). `max_nodes`,
/// `max_seconds` (default 60) and `max_memory` bound each solve; a search that reaches
/// one is counted in `gave_up`, not raised. `iddfs_parent_pruning=False` lets `"iddfs"`
/// step straight back to the board it came from, as the book's IDS does (its column is
/// then the nodes expanded). Ctrl-C stops it.
#[pyfunction]
#[pyo3(signature = (
    depths, count=100, configs=None, seed=1, *, goal=None, size=None, counting="generated",
    bstar="n-plus-one", published=None, max_nodes=None, max_seconds=None, max_memory=None,
    cache_dir=None, iddfs_parent_pruning=true,
))]
#[expect(clippy::too_many_arguments, reason = "Python keyword arguments")]
pub fn bench_by_depth(
    py: Python<'_>,
    #[pyo3(from_py_with = depths_argument)] depths: Vec<usize>,
    #[pyo3(from_py_with = count_argument)] count: usize,
    #[pyo3(from_py_with = configs_argument)] configs: Option<Vec<BenchConfig>>,
    #[pyo3(from_py_with = seed_argument)] seed: u64,
    #[pyo3(from_py_with = board::goal)] goal: Option<BoardArgument>,
    #[pyo3(from_py_with = board::size)] size: Option<Size>,
    #[pyo3(from_py_with = counting_argument)] counting: &str,
    #[pyo3(from_py_with = bstar_argument)] bstar: &str,
    #[pyo3(from_py_with = published_argument)] published: Option<&str>,
    #[pyo3(from_py_with = values::max_nodes)] max_nodes: Option<u64>,
    #[pyo3(from_py_with = values::max_seconds)] max_seconds: Option<f64>,
    #[pyo3(from_py_with = arguments::max_memory)] max_memory: Option<u64>,
    #[pyo3(from_py_with = values::cache_dir)] cache_dir: Option<PathBuf>,
    #[pyo3(from_py_with = iddfs_parent_pruning_argument)] iddfs_parent_pruning: bool,
) -> PyResult<Vec<Py<PyAny>>> {
    let goal = match (goal, size) {
        (Some(goal), size) => goal.board(size, "goal")?,
        (None, Some(size)) => Board::goal(size),
        (None, None) => Board::goal(Size::square(3).expect("3x3 is a size")),
    };
    let configs = match configs {
        Some(configs) => configs,
        None => read_configs(BOOK_CONFIGS)?,
    };
    let counting = named(Counting::ALL, Counting::name, counting);
    let equation = named(Equation::ALL, Equation::name, bstar);
    let request = SolveRequest {
        limits: arguments::limits(max_nodes, max_seconds, max_memory),
        ..SolveRequest::default()
    };
    let (shared, cancel) = OptionsBuilder::asked(&request, BENCH_LIMITS)?
        .cache(cache_dir)
        .stoppable();
    // The boards drawn are held at once: a count past the memory is refused, not a crash.
    let need = sample_bytes(&goal, count, depths.len());
    if let Some(budget) = shared.limits.max_bytes.filter(|&budget| need > budget) {
        return Err(bad_input(
            "count",
            format!(
                "{count} boards at {} depths take {}, more than the memory budget ({}; \
                 max_memory sets it)",
                depths.len(),
                shown(need),
                shown(budget)
            ),
        ));
    }
    let mut measured = Vec::with_capacity(configs.len());
    for config in &configs {
        let options = config.options(&shared);
        validate(&goal, &options).map_err(|e| match e.fault() {
            Fault::Request => bad_input("configs", format!("{config}: {e}")),
            Fault::Environment => refused(e),
        })?;
        measured.push(DepthConfig {
            label: config.to_string(),
            options,
        });
    }
    let conventions = Conventions {
        counting,
        equation,
        iddfs_parent_pruning,
    };
    let rows = interruptible(py, &cancel, || {
        depth_table(&goal, &depths, count, seed, &measured, conventions)
    })?
    .map_err(refused_table)?;
    rows.iter()
        .map(|row| {
            let report = DepthRowReport::new(row, counting, published.is_some());
            Ok(to_python(py, &report)?.unbind())
        })
        .collect()
}

/// The `iddfs_parent_pruning` argument.
fn iddfs_parent_pruning_argument(value: &Bound<'_, PyAny>) -> PyResult<bool> {
    values::flag(value, "iddfs_parent_pruning")
}

/// A table the library could not make, as the exception its fault makes, naming the
/// argument at fault.
fn refused_table(error: DepthTableError) -> PyErr {
    match error {
        DepthTableError::Solve { source, .. } if source.fault() == Fault::Environment => {
            refused(*source)
        }
        DepthTableError::Solve {
            config,
            depth,
            source,
        } => bad_input("configs", format!("{config} at depth {depth}: {source}")),
        DepthTableError::NoExactTable { .. } => bad_input("goal", error),
        DepthTableError::MixedMetrics { .. } => bad_input("configs", error),
        // Only Ctrl-C cancels, and its KeyboardInterrupt is what the caller gets.
        DepthTableError::Interrupted => PyRuntimeError::new_err(error.to_string()),
        DepthTableError::NoBoards { .. }
        | DepthTableError::ZeroDepth
        | DepthTableError::TooDeep { .. }
        | DepthTableError::LayerTooLarge { .. } => bad_input("depths", error),
    }
}

/// The `depths` argument: whole numbers (a list, a range, any iterable), at least one.
fn depths_argument(value: &Bound<'_, PyAny>) -> PyResult<Vec<usize>> {
    const TAKES: &str = "whole numbers (a list of int, or a range)";
    if value.is_instance_of::<PyString>() {
        return Err(wrong_type("depths", TAKES, value));
    }
    let depths = value
        .try_iter()
        .map_err(|_| wrong_type("depths", TAKES, value))?
        .map(|depth| {
            let depth = whole(&depth?, "depths")?;
            Ok(usize::try_from(depth).unwrap_or(usize::MAX))
        })
        .collect::<PyResult<Vec<usize>>>()?;
    if depths.is_empty() {
        return Err(bad_input("depths", "no depth given: name at least one"));
    }
    Ok(depths)
}

/// The `count` argument: boards a depth.
fn count_argument(value: &Bound<'_, PyAny>) -> PyResult<usize> {
    let count = whole(value, "count")?;
    Ok(usize::try_from(count).unwrap_or(usize::MAX))
}

/// The `seed` argument.
fn seed_argument(value: &Bound<'_, PyAny>) -> PyResult<u64> {
    whole(value, "seed")
}

/// The `configs` argument: a list of configurations, or one text of them separated by
/// commas, as `--configs` takes them; `None` for the book's.
fn configs_argument(value: &Bound<'_, PyAny>) -> PyResult<Option<Vec<BenchConfig>>> {
    const TAKES: &str = "text such as 'astar:manhattan,iddfs' or a list of such";
    if value.is_none() {
        return Ok(None);
    }
    let text = if value.is_instance_of::<PyString>() {
        value.extract::<String>()?
    } else {
        value
            .try_iter()
            .map_err(|_| wrong_type("configs", TAKES, value))?
            .map(|item| {
                let item = item?;
                item.extract::<String>()
                    .map_err(|_| wrong_type("configs", TAKES, &item))
            })
            .collect::<PyResult<Vec<String>>>()?
            .join(",")
    };
    read_configs(&text).map(Some)
}

/// Configurations separated by commas, as `--configs` reads them.
fn read_configs(text: &str) -> PyResult<Vec<BenchConfig>> {
    text.split(',')
        .map(|text| {
            text.parse::<BenchConfig>()
                .map_err(|e| bad_input("configs", e))
        })
        .collect()
}

/// The one of `all` whose `name` is `name` (checked by the argument's reader).
pub fn named<T: Copy, const N: usize>(
    all: [T; N],
    name: impl Fn(T) -> &'static str,
    given: &str,
) -> T {
    all.into_iter()
        .find(|&t| name(t) == given)
        .expect("the argument's reader checked the name")
}

/// The name of the one of `all` named `value` (the argument `what`), or a `ValueError`
/// listing the names.
fn one_of<T: Copy, const N: usize>(
    value: &Bound<'_, PyAny>,
    what: &str,
    all: [T; N],
    name: impl Fn(T) -> &'static str,
) -> PyResult<&'static str> {
    let given = text(value, what)?;
    all.into_iter()
        .map(&name)
        .find(|n| *n == given)
        .ok_or_else(|| {
            let names: Vec<&str> = all.into_iter().map(&name).collect();
            bad_input(
                what,
                format!("'{given}' is not one of: {}", names.join(", ")),
            )
        })
}

/// The `counting` argument, by the library's names for it.
fn counting_argument(value: &Bound<'_, PyAny>) -> PyResult<&'static str> {
    one_of(value, "counting", Counting::ALL, Counting::name)
}

/// The `bstar` argument, by the library's names for the equations.
pub fn bstar_argument(value: &Bound<'_, PyAny>) -> PyResult<&'static str> {
    one_of(value, "bstar", Equation::ALL, Equation::name)
}

/// The `published` argument: `None`, or `"aima"`, the one table the library holds.
fn published_argument(value: &Bound<'_, PyAny>) -> PyResult<Option<&'static str>> {
    optional(value, "published", |value, what| {
        let name = text(value, what)?;
        if name == "aima" {
            Ok("aima")
        } else {
            Err(bad_input(
                what,
                format!("'{name}' is not a published table: aima is"),
            ))
        }
    })
}
