//! The library's errors as Python exceptions: bad input is a `ValueError` whose message
//! names the token or field at fault; a search stopped by a limit is a [`SearchLimit`]
//! carrying the partial result; tables that cannot be had are an `OSError`.

use pyo3::create_exception;
use pyo3::exceptions::{PyOSError, PyRuntimeError, PyValueError};
use pyo3::prelude::*;

use npuzzle::SolveError;

create_exception!(
    npuzzle,
    SearchLimit,
    PyRuntimeError,
    "A search stopped at a limit (max_nodes, max_seconds or max_memory) before it \
     found an answer. `.result` holds the partial result (status \"gave-up\", what the \
     search cost); the message says which limit."
);

/// A `ValueError` saying `what` was wrong with `error`.
pub fn bad_input(what: &str, error: impl std::fmt::Display) -> PyErr {
    PyValueError::new_err(format!("{what}: {error}"))
}

/// A solve the library refused: tables it could not have are an `OSError`, everything
/// else is a request it cannot take, a `ValueError`.
pub fn refused(error: SolveError) -> PyErr {
    match error {
        SolveError::Tables { .. } => PyOSError::new_err(error.to_string()),
        other => PyValueError::new_err(other.to_string()),
    }
}
