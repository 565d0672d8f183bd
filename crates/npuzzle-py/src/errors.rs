//! The library's errors as Python exceptions, by whose fault they are, as the library says
//! ([`npuzzle::util::fault`]): a bad request is a `ValueError` whose message names the argument
//! or token at fault and carries the library's reason (a value of the wrong type is a
//! `TypeError`, see [`crate::values`]); a good request the machine failed (a table cache
//! that cannot be read or written) is an `OSError`, of the subclass its errno makes
//! (`NotADirectoryError`, `PermissionError`, …); a search stopped by a limit is a
//! [`SearchLimit`] carrying the partial result.

use std::error::Error;
use std::io;

use pyo3::create_exception;
use pyo3::exceptions::{PyOSError, PyRuntimeError, PyValueError};
use pyo3::prelude::*;

use npuzzle::answer::solve_error::TablesCause;
use npuzzle::pdb::PdbError;
use npuzzle::tables::distance_table::TableError;
use npuzzle::util::fault::Fault;
use npuzzle::SolveError;

create_exception!(
    npuzzle,
    SearchLimit,
    PyRuntimeError,
    "A search stopped at a limit (max_nodes, max_seconds or max_memory) before it \
     found an answer. `.result` holds the partial result (status \"gave-up\", what the \
     search cost); the message says which limit, and after a memory limit what could \
     finish."
);

/// A `ValueError` saying `what` was wrong with `error`.
pub fn bad_input(what: &str, error: impl std::fmt::Display) -> PyErr {
    PyValueError::new_err(format!("{what}: {error}"))
}

/// `error`'s message, then the message of each of its causes: the library's reason is
/// in the causes (which file, which partition, what the system said).
fn with_causes(error: &dyn Error) -> String {
    let mut text = error.to_string();
    let mut cause = error.source();
    while let Some(error) = cause {
        text = format!("{text}: {error}");
        cause = error.source();
    }
    text
}

/// `error` as the exception its fault makes: a `ValueError` naming `argument` (when one
/// is at fault) for the request's, an `OSError` for the machine's.
fn by_fault(fault: Fault, argument: Option<&str>, error: &(dyn Error + 'static)) -> PyErr {
    let message = with_causes(error);
    match fault {
        Fault::Request => match argument {
            Some(argument) => bad_input(argument, message),
            None => PyValueError::new_err(message),
        },
        Fault::Environment => {
            let mut cause: Option<&(dyn Error + 'static)> = Some(error);
            while let Some(error) = cause {
                if let Some(errno) = error
                    .downcast_ref::<io::Error>()
                    .and_then(io::Error::raw_os_error)
                {
                    // OSError(errno, message) is made the subclass of its errno.
                    return PyOSError::new_err((errno, message));
                }
                cause = error.source();
            }
            PyOSError::new_err(message)
        }
    }
}

/// A solve the library refused (see the module documentation). The argument named is
/// the one the error is about, in the functions' names for them.
#[expect(
    clippy::needless_pass_by_value,
    reason = "the adapter of map_err(refused)"
)]
pub fn refused(error: SolveError) -> PyErr {
    let argument = match &error {
        SolveError::SizeMismatch { .. } => Some("goal"),
        SolveError::BadWeight(_) | SolveError::WeightNotTaken(_) => Some("weight"),
        SolveError::TooLarge { .. } | SolveError::SideTooLong { .. } => Some("board"),
        SolveError::EstimateNotTaken(_) | SolveError::HeuristicNotTaken { .. } => Some("heuristic"),
        SolveError::DatabaseNotTaken(_) => Some("pdb"),
        SolveError::BadTimeLimit { .. } => Some("max_seconds"),
        SolveError::TooManyThreads { .. } => Some("threads"),
        SolveError::Tables { source, .. } => match source {
            TablesCause::Database(PdbError::OverBudget { .. })
            | TablesCause::Distance(TableError::OverBudget { .. }) => Some("max_memory"),
            TablesCause::Database(_) | TablesCause::Catalogue(_) => Some("pdb"),
            TablesCause::Distance(_) => Some("board"),
            TablesCause::MultiTile(_) => Some("metric"),
        },
        SolveError::CountNotOptimal(_) => Some("count_optimal"),
        // What counts single-tile moves, asked for in the multi-tile metric.
        SolveError::NotMultiTile { .. } => Some("metric"),
        SolveError::NotBuilt(_)
        | SolveError::VisitedNotTaken(_)
        | SolveError::ClusterDisagrees(_) => None,
    };
    by_fault(error.fault(), argument, &error)
}

/// A distance the library could not look up (see the module documentation).
#[expect(
    clippy::needless_pass_by_value,
    reason = "the adapter of map_err(table_refused)"
)]
pub fn table_refused(error: TableError) -> PyErr {
    let argument = match &error {
        TableError::TooLarge { .. } => Some("board"),
        TableError::SizeMismatch { .. } | TableError::BlankOffBoard { .. } => Some("goal"),
        TableError::OverBudget { .. }
        | TableError::Cache(_)
        | TableError::Corrupt(_)
        | TableError::Interrupted(_) => None,
    };
    by_fault(error.fault(), argument, &error)
}
