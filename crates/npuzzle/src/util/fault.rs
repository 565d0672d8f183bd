//! Whose fault an error is: the request's, or the machine's. The library decides, once,
//! for every error that can be either ([`crate::SolveError::fault`],
//! [`crate::tables::cache::CacheError::fault`], [`crate::tables::distance_table::TableError::fault`],
//! [`crate::pdb::PdbError::fault`], [`crate::services::trace::TraceError::fault`]), so that each front
//! end maps it once and no front end guesses: the web API answers 4xx or 5xx, Python
//! raises `ValueError` or `OSError`, the command line exits 2 or 1. The library's other
//! errors (a board, a move list, a partition or a size that cannot be read) are always
//! the request's.
//!
//! ```
//! use npuzzle::tables::cache::Cache;
//! use npuzzle::util::fault::Fault;
//! use npuzzle::{parse_board, solve, EstimateChoice, SolveOptions};
//!
//! let start = parse_board("8 6 7/2 5 4/3 0 1", None)?;
//! let goal = npuzzle::Board::goal(start.size());
//! // A partition the board cannot take: the request is at fault.
//! let options = SolveOptions {
//!     estimate: EstimateChoice::PatternDatabase { partition: "9-9".parse()?, reflection: true },
//!     ..SolveOptions::default()
//! };
//! assert_eq!(solve(&start, &goal, &options).unwrap_err().fault(), Fault::Request);
//! // The same request for a partition it can take, with a cache under a file: the machine.
//! let dir = tempfile::tempdir()?;
//! std::fs::write(dir.path().join("file"), "not a directory")?;
//! let options = SolveOptions {
//!     estimate: EstimateChoice::PatternDatabase { partition: "4-4".parse()?, reflection: true },
//!     cache: Some(Cache::new(dir.path().join("file"))),
//!     ..SolveOptions::default()
//! };
//! assert_eq!(solve(&start, &goal, &options).unwrap_err().fault(), Fault::Environment);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

/// Whose fault an error is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Fault {
    /// The request's: input or options the library refuses. Asked again the same way, it
    /// fails the same way; the caller must change the request.
    Request,
    /// The environment's: the request was fine, but the machine failed it (a table file
    /// or cache directory that cannot be read or written, a corrupt table). The operator
    /// must change the machine; the request may succeed elsewhere or later.
    Environment,
}
