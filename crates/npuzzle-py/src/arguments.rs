//! Keyword arguments shared by the functions, turned into the library's options: the
//! estimate, the limits, threads and the cache. Each is checked here, so a bad value is
//! a `ValueError` naming the argument before any work starts.

use std::path::PathBuf;

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use npuzzle::cache::Cache;
use npuzzle::memory::{default_budget, parse_bytes};
use npuzzle::notation::Notation;
use npuzzle::options::time_limit;
use npuzzle::partition::Partition;
use npuzzle::search::Limits;
use npuzzle::{EstimateChoice, HeuristicKind, Move};

use crate::errors::bad_input;

/// A whole number of at least 0 that fits 64 bits, or a `ValueError` naming `what`.
pub fn count(what: &str, value: i128) -> PyResult<u64> {
    u64::try_from(value).map_err(|_| {
        PyValueError::new_err(format!(
            "{what} must be a whole number from 0 to {}, not {value}",
            u64::MAX
        ))
    })
}

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

/// The estimate named by `heuristic` or `pdb` (at most one of them).
pub fn estimate(
    heuristic: Option<&str>,
    pdb: Option<&str>,
    reflection: bool,
) -> PyResult<EstimateChoice> {
    match (heuristic, pdb) {
        (Some(_), Some(_)) => Err(PyValueError::new_err(
            "heuristic and pdb both name an estimate: give one (pdb guides the \
             puzzle-specific IDA* with pattern databases)",
        )),
        (Some(name), None) => {
            let kind: HeuristicKind = name.parse().map_err(|e| bad_input("heuristic", e))?;
            Ok(EstimateChoice::Heuristic(kind))
        }
        (None, Some(text)) => {
            let partition: Partition = text.parse().map_err(|e| bad_input("pdb", e))?;
            Ok(EstimateChoice::PatternDatabase {
                partition,
                reflection,
            })
        }
        (None, None) => Ok(EstimateChoice::Auto),
    }
}

/// A memory budget as Python code gives it: bytes, or text such as `"4G"` or `"512M"`.
#[derive(FromPyObject)]
pub enum MemoryArgument {
    /// A number of bytes.
    Bytes(i128),
    /// Text the library reads (`4G`, `1.5 GiB`, `512m`).
    Text(String),
}

/// `defaults` with the limits the caller gave put in their place; the memory budget is
/// `max_memory`, else half the memory available now.
pub fn limits(
    defaults: Limits,
    max_nodes: Option<i128>,
    max_seconds: Option<f64>,
    max_memory: Option<MemoryArgument>,
) -> PyResult<Limits> {
    let mut limits = defaults;
    limits.max_bytes = match max_memory {
        Some(MemoryArgument::Bytes(bytes)) => Some(count("max_memory", bytes)?),
        Some(MemoryArgument::Text(text)) => {
            Some(parse_bytes(&text).map_err(|e| bad_input("max_memory", e))?)
        }
        None => default_budget(),
    };
    if let Some(nodes) = max_nodes {
        limits.max_expanded = Some(count("max_nodes", nodes)?);
    }
    if let Some(seconds) = max_seconds {
        limits.max_time = Some(time_limit(seconds).map_err(|e| bad_input("max_seconds", e))?);
    }
    Ok(limits)
}

/// The cache named by `cache_dir`, else the library's default.
pub fn cache(cache_dir: Option<PathBuf>) -> Option<Cache> {
    cache_dir.map(Cache::new)
}
