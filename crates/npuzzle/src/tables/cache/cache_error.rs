//! Why a table file could not be used, or written.

use std::io;
use std::path::{Path, PathBuf};

use thiserror::Error;

use crate::util::fault::Fault;

/// Why a table file could not be used.
#[derive(Debug, Error)]
pub enum CacheError {
    /// The file does not exist.
    #[error("{0} does not exist")]
    Missing(PathBuf),
    /// The file exists but is not a valid table of what was asked for.
    #[error("{path} is not usable: {why}")]
    Invalid {
        /// The file.
        path: PathBuf,
        /// What is wrong with it.
        why: String,
    },
    /// A table would be built for nothing: the directory cannot take its file (checked
    /// before building, which can take minutes; the cause is the error's source).
    #[error("{dir} cannot hold table files")]
    Unwritable {
        /// The cache directory.
        dir: PathBuf,
        /// Why not.
        source: io::Error,
    },
    /// Reading or writing failed (the cause is the error's source).
    #[error("{path}")]
    Io {
        /// The file or directory.
        path: PathBuf,
        /// The failure.
        source: io::Error,
    },
}

impl CacheError {
    /// Whose fault it is: always the environment's (a file that is missing, damaged or
    /// cannot be read or written; a directory that cannot take files).
    pub fn fault(&self) -> Fault {
        match self {
            CacheError::Missing(_)
            | CacheError::Invalid { .. }
            | CacheError::Unwritable { .. }
            | CacheError::Io { .. } => Fault::Environment,
        }
    }
}

/// The error of a failed read or write of `path`.
pub(super) fn io_error(path: &Path) -> impl FnOnce(io::Error) -> CacheError + '_ {
    move |source| CacheError::Io {
        path: path.to_path_buf(),
        source,
    }
}
