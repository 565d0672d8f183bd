//! Python values read as Rust ones, each error naming the argument at fault: a value of
//! the wrong type is a `TypeError` saying what the argument takes (`max_seconds must be a
//! number of seconds (int or float), not bool`), never `PyO3`'s account of the types it
//! tried. A `bool` is never read as a number, though Python counts it as an int.
//!
//! The functions named after an argument read that argument, for `#[pyo3(from_py_with =
//! ...)]`; given `None` (passed as such), an optional one reads as `None`.

use std::path::PathBuf;

use pyo3::exceptions::{PyOverflowError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyInt};

use npuzzle::puzzle::lazy_walk::LazyWalk;
use npuzzle::{Algorithm, Metric, MoveOrder, Notation, Visited};

use crate::errors::bad_input;

/// The name of `value`'s type, as Python writes it (`int`, `bytes`, `Board`).
pub fn type_name(value: &Bound<'_, PyAny>) -> String {
    value
        .get_type()
        .name()
        .map_or_else(|_| "an unknown type".to_string(), |name| name.to_string())
}

/// A `TypeError`: `what` takes `takes`, not a value of `value`'s type.
pub fn wrong_type(what: &str, takes: &str, value: &Bound<'_, PyAny>) -> PyErr {
    PyTypeError::new_err(format!("{what} must be {takes}, not {}", type_name(value)))
}

/// `value` as a Python int: an `int`, or anything with `__index__`, but not a `bool`.
pub fn integer<'py>(
    value: &Bound<'py, PyAny>,
    what: &str,
    takes: &str,
) -> PyResult<Bound<'py, PyInt>> {
    if value.is_instance_of::<PyBool>() {
        return Err(wrong_type(what, takes, value));
    }
    let index = value
        .py()
        .import("operator")?
        .call_method1("index", (value,))
        .map_err(|_| wrong_type(what, takes, value))?;
    Ok(index.cast_into::<PyInt>()?)
}

/// `value` as a whole number of at least 0 that fits 64 bits.
pub fn whole(value: &Bound<'_, PyAny>, what: &str) -> PyResult<u64> {
    whole_as(value, what, "a whole number (int)")
}

/// [`whole`], where a value of the wrong type is told the argument takes `takes`.
pub fn whole_as(value: &Bound<'_, PyAny>, what: &str, takes: &str) -> PyResult<u64> {
    let number = integer(value, what, takes)?;
    number.extract::<u64>().map_err(|_| {
        PyValueError::new_err(format!(
            "{what} must be a whole number from 0 to {}, not {number}",
            u64::MAX
        ))
    })
}

/// `value` as a number (an `int` or a `float`, or anything with `__float__` such as a
/// numpy float, but not a `bool`), described as `takes`.
pub fn number(value: &Bound<'_, PyAny>, what: &str, takes: &str) -> PyResult<f64> {
    if value.is_instance_of::<PyBool>() {
        return Err(wrong_type(what, takes, value));
    }
    value.extract::<f64>().or_else(|error| {
        if value.is_instance_of::<PyInt>() && error.is_instance_of::<PyOverflowError>(value.py()) {
            // An int past any float is infinite, which the library refuses in its words.
            Ok(if value.lt(0)? {
                f64::NEG_INFINITY
            } else {
                f64::INFINITY
            })
        } else {
            Err(wrong_type(what, takes, value))
        }
    })
}

/// `value` as text (a `str`).
pub fn text(value: &Bound<'_, PyAny>, what: &str) -> PyResult<String> {
    value
        .extract::<String>()
        .map_err(|_| wrong_type(what, "text (str)", value))
}

/// `value` as `True` or `False`.
pub fn flag(value: &Bound<'_, PyAny>, what: &str) -> PyResult<bool> {
    if !value.is_instance_of::<PyBool>() {
        return Err(wrong_type(what, "True or False", value));
    }
    value.extract::<bool>()
}

/// `value` read by `read`, or `None` for Python's `None`.
pub fn optional<'py, T>(
    value: &Bound<'py, PyAny>,
    what: &str,
    read: impl FnOnce(&Bound<'py, PyAny>, &str) -> PyResult<T>,
) -> PyResult<Option<T>> {
    if value.is_none() {
        Ok(None)
    } else {
        read(value, what).map(Some)
    }
}

/// The `algorithm` argument, as the library names it (so that its default can be
/// written as text in the signature).
pub fn algorithm(value: &Bound<'_, PyAny>) -> PyResult<&'static str> {
    let name = text(value, "algorithm")?;
    name.parse::<Algorithm>()
        .map(Algorithm::name)
        .map_err(|e| bad_input("algorithm", e))
}

/// The `heuristic` argument.
pub fn heuristic(value: &Bound<'_, PyAny>) -> PyResult<Option<String>> {
    optional(value, "heuristic", text)
}

/// The `pdb` argument.
pub fn pdb(value: &Bound<'_, PyAny>) -> PyResult<Option<String>> {
    optional(value, "pdb", text)
}

/// The `catalogue` argument: a catalogue's name, or partitions separated by `;` or
/// written a line each.
pub fn catalogue(value: &Bound<'_, PyAny>) -> PyResult<Option<String>> {
    optional(value, "catalogue", text)
}

/// The `visited` argument: `"hash"` (default; also None) or `"ranked"`.
pub fn visited(value: &Bound<'_, PyAny>) -> PyResult<Visited> {
    optional(value, "visited", text)?
        .map(|text| text.parse::<Visited>())
        .transpose()
        .map(Option::unwrap_or_default)
        .map_err(|e| bad_input("visited", e))
}

/// The `max_memory_nodes` argument.
pub fn max_memory_nodes(value: &Bound<'_, PyAny>) -> PyResult<Option<u64>> {
    optional(value, "max_memory_nodes", whole)
}

/// The `notation` argument, as the library names it (see [`algorithm`]).
pub fn notation(value: &Bound<'_, PyAny>) -> PyResult<&'static str> {
    let name = text(value, "notation")?;
    name.parse::<Notation>()
        .map(Notation::name)
        .map_err(|e| bad_input("notation", e))
}

/// The `order` argument: the blank's moves `l r d u` in the order they are tried, a
/// `ValueError` naming the letter at fault.
pub fn order(value: &Bound<'_, PyAny>) -> PyResult<Option<MoveOrder>> {
    optional(value, "order", text)?
        .map(|text| text.parse::<MoveOrder>())
        .transpose()
        .map_err(|e| bad_input("order", e))
}

/// The `metric` argument: `"stm"` (default; also None) or `"mtm"`, a `ValueError`
/// naming any other value.
pub fn metric(value: &Bound<'_, PyAny>) -> PyResult<Metric> {
    optional(value, "metric", text)?
        .map(|text| text.parse::<Metric>())
        .transpose()
        .map(Option::unwrap_or_default)
        .map_err(|e| bad_input("metric", e))
}

/// The `moves` argument.
pub fn moves(value: &Bound<'_, PyAny>) -> PyResult<String> {
    text(value, "moves")
}

/// The `moves` argument where it may be left out (`None`).
pub fn optional_moves(value: &Bound<'_, PyAny>) -> PyResult<Option<String>> {
    optional(value, "moves", text)
}

/// The `reflection` argument.
pub fn reflection(value: &Bound<'_, PyAny>) -> PyResult<bool> {
    flag(value, "reflection")
}

/// The `count_optimal` argument.
pub fn count_optimal(value: &Bound<'_, PyAny>) -> PyResult<bool> {
    flag(value, "count_optimal")
}

/// The `weight` argument.
pub fn weight(value: &Bound<'_, PyAny>) -> PyResult<f64> {
    number(value, "weight", "a number (int or float)")
}

/// The `max_seconds` argument.
pub fn max_seconds(value: &Bound<'_, PyAny>) -> PyResult<Option<f64>> {
    optional(value, "max_seconds", |v, what| {
        number(v, what, "a number of seconds (int or float)")
    })
}

/// The `max_nodes` argument.
pub fn max_nodes(value: &Bound<'_, PyAny>) -> PyResult<Option<u64>> {
    optional(value, "max_nodes", whole)
}

/// The `any_optimal` argument.
pub fn any_optimal(value: &Bound<'_, PyAny>) -> PyResult<bool> {
    flag(value, "any_optimal")
}

/// The `all_optimal` argument.
pub fn all_optimal(value: &Bound<'_, PyAny>) -> PyResult<bool> {
    flag(value, "all_optimal")
}

/// The `within` argument.
pub fn within(value: &Bound<'_, PyAny>) -> PyResult<Option<u64>> {
    optional(value, "within", whole)
}

/// The `limit` argument.
pub fn limit(value: &Bound<'_, PyAny>) -> PyResult<Option<u64>> {
    optional(value, "limit", whole)
}

/// The `threads` argument.
pub fn threads(value: &Bound<'_, PyAny>) -> PyResult<Option<u64>> {
    optional(value, "threads", whole)
}

/// The `seed` argument.
pub fn seed(value: &Bound<'_, PyAny>) -> PyResult<Option<u64>> {
    optional(value, "seed", whole)
}

/// The `walk` argument.
pub fn walk(value: &Bound<'_, PyAny>) -> PyResult<Option<u64>> {
    optional(value, "walk", whole)
}

/// The `lazy_walk` argument: a number of steps (`int`) or a range of them (`"A..B"`).
pub fn lazy_walk(value: &Bound<'_, PyAny>) -> PyResult<Option<LazyWalk>> {
    optional(value, "lazy_walk", |v, what| {
        let text = match v.extract::<String>() {
            Ok(text) => text,
            Err(_) => whole_as(
                v,
                what,
                "a number of steps (int) or a range of them (str, 'A..B')",
            )?
            .to_string(),
        };
        text.parse().map_err(|e| bad_input(what, e))
    })
}

/// The `cache_dir` argument: a path, as `str`, `bytes` or `os.PathLike`.
pub fn cache_dir(value: &Bound<'_, PyAny>) -> PyResult<Option<PathBuf>> {
    optional(value, "cache_dir", |v, what| {
        v.extract::<PathBuf>()
            .map_err(|_| wrong_type(what, "a path (str or os.PathLike)", v))
    })
}
