//! Keyword arguments shared by the functions, turned into the library's options: the
//! algorithm, the estimate, the limits, the cache, the move order and the metric, and
//! the arguments of `solve` alone, each read by one step of an [`OptionsBuilder`]. Each
//! is checked here, so a bad value is a `ValueError` (or, of the wrong type, a
//! `TypeError`) naming the argument before any work starts.

use std::path::PathBuf;

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyString;

use npuzzle::answer::options::time_limit;
use npuzzle::answer::solution_list::ListRequest;
use npuzzle::puzzle::notation::Notation;
use npuzzle::search::Limits;
use npuzzle::tables::cache::Cache;
use npuzzle::tables::partition::Partition;
use npuzzle::util::cancel::CancelToken;
use npuzzle::util::memory::{budget, default_budget, parse_bytes};
use npuzzle::{EstimateChoice, HeuristicKind, Metric, Move, MoveOrder, SolveOptions};

use crate::errors::bad_input;
use crate::values::{optional, whole_as};

/// The notation named `notation` and the moves `text` written in it, or a `ValueError`
/// naming the character at fault; blank moves that read as tile notation (capitals,
/// counts) get the hint `hint` names the way to read them with.
pub fn moves(notation: &str, text: &str, hint: &str) -> PyResult<(Notation, Vec<Move>)> {
    let notation: Notation = notation.parse().map_err(|e| bad_input("notation", e))?;
    let moves = notation.parse(text).map_err(|e| {
        if notation == Notation::Blank && Notation::Tiles.parse(text).is_ok() {
            bad_input("moves", format!("{e} (tile notation such as R2U2L {hint})"))
        } else {
            bad_input("moves", e)
        }
    })?;
    Ok((notation, moves))
}

/// The notation argument's hint: tile notation is read with `notation="tiles"`.
pub const TILES_BY_ARGUMENT: &str = "needs notation=\"tiles\"";

/// The `max_memory` argument: bytes (an int), or text the library reads (`"4G"`,
/// `"1.5 GiB"`, `"512m"`); at least the smallest budget the library allows
/// ([`npuzzle::util::memory::budget`]), as on the command line.
pub fn max_memory(value: &Bound<'_, PyAny>) -> PyResult<Option<u64>> {
    optional(value, "max_memory", |value, what| {
        let bytes = if value.is_instance_of::<PyString>() {
            parse_bytes(&value.extract::<String>()?).map_err(|e| bad_input(what, e))?
        } else {
            whole_as(value, what, "a number of bytes (int) or text such as '4G'")?
        };
        budget(bytes).map_err(|e| bad_input(what, e))
    })
}

/// The cache named by `cache_dir`, else the library's default.
pub fn cache(cache_dir: Option<PathBuf>) -> Option<Cache> {
    cache_dir.map(Cache::new)
}

/// The options of a function's work, read from its keyword arguments a step at a time
/// (the library's defaults where a function takes no such argument), and the token that
/// stops the work.
#[must_use]
#[derive(Default)]
pub struct OptionsBuilder {
    options: SolveOptions,
}

impl OptionsBuilder {
    /// The search `algorithm` names.
    pub fn algorithm(mut self, algorithm: &str) -> PyResult<Self> {
        self.options.algorithm = algorithm.parse().map_err(|e| bad_input("algorithm", e))?;
        Ok(self)
    }

    /// The estimate named by `heuristic` or `pdb` (at most one of them).
    pub fn estimate(
        mut self,
        heuristic: Option<&str>,
        pdb: Option<&str>,
        reflection: bool,
    ) -> PyResult<Self> {
        self.options.estimate = match (heuristic, pdb) {
            (Some(_), Some(_)) => {
                return Err(PyValueError::new_err(
                    "heuristic and pdb both name an estimate: give one (pdb guides the \
                     puzzle-specific IDA* with pattern databases)",
                ))
            }
            (Some(name), None) => {
                let kind: HeuristicKind = name.parse().map_err(|e| bad_input("heuristic", e))?;
                EstimateChoice::Heuristic(kind)
            }
            (None, Some(text)) => {
                let partition: Partition = text.parse().map_err(|e| bad_input("pdb", e))?;
                EstimateChoice::PatternDatabase {
                    partition,
                    reflection,
                }
            }
            (None, None) => EstimateChoice::Auto,
        };
        Ok(self)
    }

    /// The limits `defaults` with those the caller gave (`max_nodes`, `max_seconds`) in
    /// their place; the memory budget is `max_memory`, else half the memory available now.
    pub fn limits(
        mut self,
        defaults: Limits,
        max_nodes: Option<u64>,
        max_seconds: Option<f64>,
        max_memory: Option<u64>,
    ) -> PyResult<Self> {
        let limits = &mut self.options.limits;
        *limits = defaults;
        limits.max_bytes = max_memory.or_else(default_budget);
        if let Some(nodes) = max_nodes {
            limits.max_expanded = Some(nodes);
        }
        if let Some(seconds) = max_seconds {
            limits.max_time = Some(time_limit(seconds).map_err(|e| bad_input("max_seconds", e))?);
        }
        Ok(self)
    }

    /// Tables cached in `cache_dir`, else where the library keeps them.
    pub fn cache(mut self, cache_dir: Option<PathBuf>) -> Self {
        self.options.cache = cache(cache_dir);
        self
    }

    /// Moves tried in `order`, else in l, r, d, u.
    pub fn order(mut self, order: Option<MoveOrder>) -> Self {
        self.options.order = order.unwrap_or_default();
        self
    }

    /// Moves counted in `metric`.
    pub fn metric(mut self, metric: Metric) -> Self {
        self.options.metric = metric;
        self
    }

    /// `solve`'s own arguments: the `weight` on the estimate, the `threads` searching (1
    /// when not given, a count past any machine's capped), and whether to count every
    /// optimal solution.
    pub fn solving(mut self, weight: f64, threads: Option<u64>, count_optimal: bool) -> Self {
        self.options.weight = weight;
        if let Some(threads) = threads {
            self.options.threads = usize::try_from(threads).unwrap_or(usize::MAX);
        }
        self.options.count_optimal = count_optimal;
        self
    }

    /// The solutions listed beside the answer, if any (`all_optimal`, `within`, `limit`).
    pub fn list(mut self, request: Option<ListRequest>) -> Self {
        self.options.list = request;
        self
    }

    /// An optimal search stopped by a time or node limit answers with what it found and
    /// a proven lower bound (a bounded answer), as `solve` and `check` do.
    pub fn bounded(mut self) -> Self {
        self.options.bounded = true;
        self
    }

    /// The options, with a token in their limits that stops the work once set.
    pub fn stoppable(mut self) -> (SolveOptions, CancelToken) {
        let cancel = CancelToken::new();
        self.options.limits.cancel = Some(cancel.clone());
        (self.options, cancel)
    }
}
