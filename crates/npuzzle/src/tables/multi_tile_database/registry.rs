//! The coloured multi-tile databases this process holds, each loaded (or built) once and
//! shared, by the file's whole path: two solves of one process may name two caches.
//!
//! ```
//! use npuzzle::tables::cache::Cache;
//! use npuzzle::tables::multi_tile_database::{shared, Colouring};
//! use npuzzle::util::progress::Silent;
//!
//! let dir = tempfile::tempdir()?;
//! let cache = Cache::new(dir.path());
//! // Not cached, and not to be built: not at hand, and nothing written.
//! assert!(shared(Colouring::fifteen_fine(), &cache, false, &Silent, None)?.is_none());
//! assert_eq!(std::fs::read_dir(dir.path())?.count(), 0);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::path::Path;
use std::sync::Arc;

use crate::tables::cache::{Cache, Origin};
use crate::util::cancel::CancelToken;
use crate::util::per_process::{get_or_try_make, PerProcess};
use crate::util::progress::Progress;

use super::{Colouring, MultiTileDatabase, MultiTileDatabaseError};

/// Entries a second the coloured databases build at on two cores, rounded down: the
/// 151 MB one took 7.9 s on the shared machine with nothing else running (19 million a
/// second), a 2.7 GB one 186 s beside another process's two threads (14 million).
const BUILT_PER_SECOND: u64 = 12_000_000;

/// The line said before `colouring`'s database is built into `path`: its size and about
/// how long it takes, so that a minute's wait has a reason even under `--quiet`.
pub fn build_notice(colouring: &Colouring, path: &Path) -> String {
    let entries = colouring.entries();
    let seconds = entries.div_ceil(BUILT_PER_SECOND);
    format!(
        "building the multi-tile database of {} ({:.1} MB, about {seconds} s on two cores, once) \
         into {}",
        colouring.size(),
        entries as f64 / 1e6,
        path.display()
    )
}

/// The coloured multi-tile database of `colouring` in `cache`, kept for the rest of the
/// process once had, with how it was had: `None` when it is not cached and `may_build` is
/// not set. A build is announced to `progress` first ([`build_notice`]) and stops when
/// `cancel` is set.
///
/// # Errors
/// When the cache cannot be read or written, a file is not a valid table and may not be
/// rebuilt, or the build is stopped.
pub fn shared(
    colouring: Colouring,
    cache: &Cache,
    may_build: bool,
    progress: &dyn Progress,
    cancel: Option<&CancelToken>,
) -> Result<Option<(Arc<MultiTileDatabase>, Origin)>, MultiTileDatabaseError> {
    static DATABASES: PerProcess<String, MultiTileDatabase> = PerProcess::new();
    let path = cache.path(&MultiTileDatabase::file_name(&colouring));
    if !may_build && !path.exists() {
        return Ok(None);
    }
    // Kept from an earlier solve of this process unless the make below runs.
    let mut origin = Origin::Loaded;
    let had = get_or_try_make(&DATABASES, path.display().to_string(), || {
        if !may_build {
            // A file that is not a valid table is an error here, not a build of minutes
            // nobody asked for.
            return MultiTileDatabase::load(colouring, cache).map(Some);
        }
        if !path.exists() {
            // Told only of a build that can end with a file: a directory that cannot
            // hold one is the error, with no notice of a build before it.
            cache.check_writable()?;
            progress.notice(&build_notice(&colouring, &path));
        }
        let (database, how) = MultiTileDatabase::load_or_build(colouring, cache, progress, cancel)?;
        origin = how;
        Ok(Some(database))
    })?;
    Ok(had.map(|database| (database, origin)))
}
