//! Keyword arguments shared by the functions, mapped into the library's one
//! [`SolveRequest`] (the algorithm, the estimate, the limits, the solutions listed,
//! threads), which the library turns into options ([`OptionsBuilder::asked`], its
//! refusals written in the arguments by [`Keywords`]); the cache and bounded answers are
//! added beside it. A bad value is a `ValueError` (or, of the wrong type, a `TypeError`)
//! naming the argument before any work starts.

use std::path::PathBuf;

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyString;

use npuzzle::answer::request::{LimitRequest, RequestField, Spelling};
use npuzzle::puzzle::notation::Notation;
use npuzzle::search::Limits;
use npuzzle::tables::cache::Cache;
use npuzzle::tables::catalogue::Catalogue;
use npuzzle::tables::partition::Partition;
use npuzzle::util::cancel::CancelToken;
use npuzzle::util::memory::parse_bytes;
use npuzzle::{Algorithm, HeuristicKind, Move, SolveOptions, SolveRequest};

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
/// `"1.5 GiB"`, `"512m"`); the library refuses a budget below the smallest it allows
/// ([`npuzzle::util::memory::budget`]), as on the command line.
pub fn max_memory(value: &Bound<'_, PyAny>) -> PyResult<Option<u64>> {
    optional(value, "max_memory", |value, what| {
        if value.is_instance_of::<PyString>() {
            parse_bytes(&value.extract::<String>()?).map_err(|e| bad_input(what, e))
        } else {
            whole_as(value, what, "a number of bytes (int) or text such as '4G'")
        }
    })
}

/// The cache named by `cache_dir`, else the library's default.
pub fn cache(cache_dir: Option<PathBuf>) -> Option<Cache> {
    cache_dir.map(Cache::new)
}

/// How Python writes a request's fields: as keyword arguments (`pdb`,
/// `all_optimal=True`, `reflection=False`), so that the library's refusal of a request
/// reads in them.
pub struct Keywords;

impl Spelling for Keywords {
    fn name(&self, field: RequestField) -> String {
        field.plain_name().to_string()
    }

    fn switched_on(&self, field: RequestField) -> String {
        format!("{}=True", field.plain_name())
    }

    fn switched_off(&self, field: RequestField) -> String {
        format!("{}=False", field.plain_name())
    }
}

/// The search the `algorithm` argument names.
pub fn algorithm(name: &str) -> PyResult<Algorithm> {
    name.parse().map_err(|e| bad_input("algorithm", e))
}

/// The estimate the `heuristic`, `pdb`, `catalogue` and `reflection` arguments name,
/// written into `request` (the rules between them are the request's).
pub fn estimate(
    request: &mut SolveRequest,
    heuristic: Option<&str>,
    pdb: Option<&str>,
    catalogue: Option<&str>,
    reflection: bool,
) -> PyResult<()> {
    request.heuristic = heuristic
        .map(str::parse::<HeuristicKind>)
        .transpose()
        .map_err(|e| bad_input("heuristic", e))?;
    request.pdb = pdb
        .map(str::parse::<Partition>)
        .transpose()
        .map_err(|e| bad_input("pdb", e))?;
    request.catalogue = catalogue
        .map(str::parse::<Catalogue>)
        .transpose()
        .map_err(|e| bad_input("catalogue", e))?;
    request.reflection = (!reflection).then_some(false);
    Ok(())
}

/// The limits the `max_nodes`, `max_seconds` and `max_memory` arguments ask for.
pub fn limits(
    max_nodes: Option<u64>,
    max_seconds: Option<f64>,
    max_memory: Option<u64>,
) -> LimitRequest {
    LimitRequest {
        max_nodes,
        max_seconds,
        max_memory,
        ..LimitRequest::default()
    }
}

/// The solutions the `all_optimal`, `within` and `limit` arguments ask to list, written
/// into `request`; a count past what the library holds is the most it holds.
pub fn list(
    request: &mut SolveRequest,
    all_optimal: bool,
    within: Option<u64>,
    limit: Option<u64>,
) {
    request.all_optimal = all_optimal;
    request.within = within.map(|k| u32::try_from(k).unwrap_or(u32::MAX));
    request.limit = limit.map(|n| usize::try_from(n).unwrap_or(usize::MAX));
}

/// The `threads` argument: 1 when not given, a count past any machine's the most a
/// machine has.
pub fn threads(threads: Option<u64>) -> usize {
    threads.map_or(1, |threads| usize::try_from(threads).unwrap_or(usize::MAX))
}

/// The options of a function's work: the library's conversion of the caller's
/// [`SolveRequest`], then what the function adds beside it (the cache, bounded answers),
/// and the token that stops the work.
#[must_use]
pub struct OptionsBuilder {
    options: SolveOptions,
}

impl OptionsBuilder {
    /// The options `request` asks for, `defaults` (the function's) filling the limits
    /// it leaves unset.
    ///
    /// # Errors
    /// The rule between arguments the request breaks, a `ValueError` in the arguments'
    /// words.
    pub fn asked(request: &SolveRequest, defaults: Limits) -> PyResult<Self> {
        let options = request
            .options(defaults)
            .map_err(|error| PyValueError::new_err(error.message(&Keywords)))?;
        Ok(OptionsBuilder { options })
    }

    /// Tables cached in `cache_dir`, else where the library keeps them.
    pub fn cache(mut self, cache_dir: Option<PathBuf>) -> Self {
        self.options.cache = cache(cache_dir);
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
