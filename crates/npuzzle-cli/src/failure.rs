//! The exit code of a command that failed, by whose fault it was: 2 when the request was
//! bad (flags, input, options the library refuses, a file named that is not there or
//! cannot be opened), 1 when the machine failed a good request (the table cache, a disk
//! that fills or fails). The library says whose fault its errors are
//! ([`npuzzle::util::fault`]); this only reads it from the chain.

use std::io;
use std::process::ExitCode;

use npuzzle::answer::solve_error::TablesCause;
use npuzzle::pdb::PdbError;
use npuzzle::services::cost_by_depth::DepthTableError;
use npuzzle::services::distance_stats::StatsError;
use npuzzle::services::trace::TraceError;
use npuzzle::tables::cache::CacheError;
use npuzzle::tables::distance_table::TableError;
use npuzzle::util::fault::Fault;
use npuzzle::SolveError;

/// Exit code of a bad request.
pub const BAD_REQUEST: u8 = 2;
/// Exit code of a good request the machine failed.
pub const MACHINE_FAILED: u8 = 1;

/// Whose fault `error` is: the first of the library's errors in its chain says; failing
/// that, an I/O error is the machine's unless it says the path named was wrong (see
/// [`names_a_wrong_path`]), and anything else (flags, input) is the request's.
pub fn fault(error: &anyhow::Error) -> Fault {
    let mut io_failed = false;
    for cause in error.chain() {
        let said = if let Some(e) = cause.downcast_ref::<SolveError>() {
            Some(e.fault())
        } else if let Some(e) = cause.downcast_ref::<DepthTableError>() {
            Some(e.fault())
        } else if let Some(e) = cause.downcast_ref::<StatsError>() {
            Some(e.fault())
        } else if let Some(e) = cause.downcast_ref::<TraceError>() {
            Some(e.fault())
        } else if let Some(e) = cause.downcast_ref::<TablesCause>() {
            Some(e.fault())
        } else if let Some(e) = cause.downcast_ref::<PdbError>() {
            Some(e.fault())
        } else if let Some(e) = cause.downcast_ref::<TableError>() {
            Some(e.fault())
        } else {
            cause.downcast_ref::<CacheError>().map(CacheError::fault)
        };
        if let Some(fault) = said {
            return fault;
        }
        if let Some(e) = cause.downcast_ref::<io::Error>() {
            if names_a_wrong_path(e) {
                return Fault::Request;
            }
            io_failed = true;
        }
    }
    if io_failed {
        Fault::Environment
    } else {
        Fault::Request
    }
}

/// Whether `error` says the path it is about was the wrong one to name (not there, not
/// allowed, a directory for a file or the reverse): the user can fix that by naming
/// another, as with any bad argument, so it stays the exit code it always was (2). A
/// full disk or a failing device is the machine's.
fn names_a_wrong_path(error: &io::Error) -> bool {
    use io::ErrorKind as K;
    matches!(
        error.kind(),
        K::NotFound | K::PermissionDenied | K::IsADirectory | K::NotADirectory
    )
}

/// The exit code of a command that failed with `error`.
pub fn code(error: &anyhow::Error) -> u8 {
    match fault(error) {
        Fault::Request => BAD_REQUEST,
        Fault::Environment => MACHINE_FAILED,
    }
}

/// [`code`] as the process's exit code.
pub fn exit_code(error: &anyhow::Error) -> ExitCode {
    ExitCode::from(code(error))
}

#[cfg(test)]
mod tests {
    use super::*;
    use anyhow::Context;

    #[test]
    fn the_library_says_whose_fault_and_io_is_the_machines() {
        let request = anyhow::Error::new(SolveError::BadWeight(0.5)).context("--weight 0.5");
        assert_eq!(fault(&request), Fault::Request);
        let cache = CacheError::Unwritable {
            dir: "/proc".into(),
            source: io::Error::from(io::ErrorKind::PermissionDenied),
        };
        let machine = anyhow::Error::new(PdbError::Cache(cache)).context("building 7-8");
        assert_eq!(fault(&machine), Fault::Environment);
        let write: anyhow::Result<()> = Err(io::Error::from(io::ErrorKind::StorageFull).into());
        let write = write.context("writing results.jsonl").unwrap_err();
        assert_eq!(fault(&write), Fault::Environment);
        assert_eq!(
            fault(&anyhow::anyhow!("--pdb and --catalogue: give one")),
            Fault::Request
        );
        let missing: anyhow::Result<()> = Err(io::Error::from(io::ErrorKind::NotFound).into());
        let missing = missing.context("reading boards.txt").unwrap_err();
        assert_eq!(
            fault(&missing),
            Fault::Request,
            "a file named that is not there"
        );
    }
}
