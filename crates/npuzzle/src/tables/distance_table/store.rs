//! The distance tables of this process: each layout's table kept once had, built or
//! loaded as the caller's need allows, and the distances read from them.

use std::path::PathBuf;
use std::sync::Arc;

use crate::puzzle::board::{Board, Size};
use crate::puzzle::metric::Metric;
use crate::search::Limits;
use crate::tables::cache::{Cache, CacheError};
use crate::util::per_process::{get_or_try_make, PerProcess};
use crate::util::progress::{Progress, Silent};

use super::{DistanceTable, Layout, TableError, IN_MEMORY_STATES};

/// Whether a caller will wait for a table to be built.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Need {
    /// Build it if it is not cached, however long that takes.
    Always,
    /// Use it if it is cheap: in memory, small enough to build at once, or cached.
    IfCheap,
}

/// Where a table this process has came from: none for the tables had without a cache
/// (embedded, or built in memory at once), else the cache directory that holds it, so
/// that a process reading two caches (a test's own, Python calls naming `cache_dir`)
/// keeps each cache's tables apart: a table asked of a cache that lacks it is loaded or
/// built there, never answered from another cache's.
type Source = Option<PathBuf>;

/// The tables this process has, by source, size, goal blank and metric.
static TABLES: PerProcess<(Source, Size, usize, Metric), DistanceTable> = PerProcess::new();

/// The table of `layout`, kept for the rest of the process once had (see the module
/// documentation for when it is built). `Ok(None)` when `need` is [`Need::IfCheap`] and
/// the table is large and not cached, or its file is not a valid table. Of `limits`, a build
/// reads the memory budget (`max_bytes`: a build that would pass it is refused) and the
/// token (`cancel`: a build stops once it is set).
///
/// # Errors
/// When a table that `need` asks for cannot be loaded, built or stored, and whatever the
/// `need`, when the cache cannot be read ([`CacheError::Io`]).
pub fn shared(
    layout: Layout,
    cache: &Cache,
    need: Need,
    limits: &Limits,
    progress: &dyn Progress,
) -> Result<Option<Arc<DistanceTable>>, TableError> {
    if let Some(table) = without_cache(layout, progress) {
        return Ok(Some(table));
    }
    remembered(Some(cache.dir().to_path_buf()), layout, || {
        Ok(Some(match need {
            Need::Always => {
                if let Ok(table) = DistanceTable::load(layout, cache) {
                    table
                } else {
                    let need = build_peak_bytes(&layout);
                    if let Some(budget) = limits.max_bytes.filter(|&b| need > b) {
                        return Err(TableError::OverBudget {
                            size: layout.size(),
                            need,
                            budget,
                        });
                    }
                    DistanceTable::load_or_build(layout, cache, progress, limits.cancel.as_ref())?.0
                }
            }
            Need::IfCheap => match DistanceTable::load(layout, cache) {
                Ok(table) => table,
                // Not built (or not usable: a build would replace it), so not at hand.
                Err(
                    TableError::Cache(CacheError::Missing(_) | CacheError::Invalid { .. })
                    | TableError::Corrupt(_),
                ) => return Ok(None),
                // A cache that cannot be read is the machine's failure, said as such
                // rather than as a table that is not there.
                Err(other) => return Err(other),
            },
        }))
    })
}

/// The table of `layout` where no cache is needed: embedded, or built in memory in
/// milliseconds (at most [`IN_MEMORY_STATES`] states), kept for the rest of the process
/// as [`shared`] keeps it. `None` for a larger layout, whose table a cache holds.
///
/// ```
/// use npuzzle::tables::distance_table::{in_memory, Layout};
/// use npuzzle::{Board, Size};
///
/// let two_by_three = Layout::for_goal(&Board::goal(Size::new(3, 2)?))?;
/// assert_eq!(*in_memory(two_by_three).expect("360 states").layout(), two_by_three);
/// let four_by_three = Layout::for_goal(&Board::goal(Size::new(4, 3)?))?;
/// assert!(in_memory(four_by_three).is_none());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn in_memory(layout: Layout) -> Option<Arc<DistanceTable>> {
    without_cache(layout, &Silent)
}

/// [`in_memory`], a build told to `progress`.
fn without_cache(layout: Layout, progress: &dyn Progress) -> Option<Arc<DistanceTable>> {
    if layout.states() > IN_MEMORY_STATES {
        return None;
    }
    remembered(None, layout, || {
        Ok(Some(
            DistanceTable::embedded(layout)
                .unwrap_or_else(|| DistanceTable::build(layout, progress)),
        ))
    })
    .ok()
    .flatten()
}

/// The fewest moves from `start` to `goal`, read from the complete table of their size
/// and the goal's blank cell ([`shared`] with [`Need::Always`]: a 12-cell table is
/// built and cached the first time, about a minute on two cores, unless that would
/// pass `limits.max_bytes`, and until `limits.cancel` is set); `None` when the goal
/// cannot be reached.
///
/// ```
/// use npuzzle::tables::cache::Cache;
/// use npuzzle::tables::distance_table::distance;
/// use npuzzle::parse_board;
/// use npuzzle::util::progress::Silent;
///
/// let goal = parse_board("1 2 3/8 0 4/7 6 5", None)?;
/// let cache = Cache::from_env();
/// let limits = npuzzle::search::Limits::NONE;
/// assert_eq!(distance(&parse_board("283104765", None)?, &goal, &cache, &limits, &Silent)?, Some(4));
/// assert_eq!(distance(&parse_board("213804765", None)?, &goal, &cache, &limits, &Silent)?, None);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// [`TableError::TooLarge`] for boards of more than [`super::MAX_TABLE_CELLS`] cells,
/// [`TableError::SizeMismatch`] when start and goal differ in size, and the errors of
/// [`shared`].
///
/// # Panics
/// Never: [`shared`] with [`Need::Always`] gives a table or an error.
pub fn distance(
    start: &Board,
    goal: &Board,
    cache: &Cache,
    limits: &Limits,
    progress: &dyn Progress,
) -> Result<Option<usize>, TableError> {
    if start.size() != goal.size() {
        return Err(TableError::SizeMismatch {
            start: start.size(),
            goal: goal.size(),
        });
    }
    let layout = Layout::for_goal(goal)?;
    let table = shared(layout, cache, Need::Always, limits, progress)?
        .expect("a table is had when it is needed");
    Ok(table.distance(&start.relabeled(goal, &layout.goal())))
}

/// The most memory building the cached table of `layout` takes: measured 850 MB for
/// the 239,500,800 states of a 12-cell board (docs/BENCHMARKS.md, "Distance tables"), about 3.6 bytes a
/// state (a distance byte, the packed boards of the widest layers, the packed file).
pub fn build_peak_bytes(layout: &Layout) -> u64 {
    layout.states() * 18 / 5
}

/// The table kept for `layout`, else the one `make` gives, kept from then on. A build of
/// one layout holds up only callers asking for that layout ([`get_or_try_make`]).
fn remembered(
    source: Source,
    layout: Layout,
    make: impl FnOnce() -> Result<Option<DistanceTable>, TableError>,
) -> Result<Option<Arc<DistanceTable>>, TableError> {
    get_or_try_make(
        &TABLES,
        (source, layout.size(), layout.goal_blank(), layout.metric()),
        make,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_cache_keeps_its_own_tables() {
        let (one, other) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
        // A layout no cache would hold, so that no other test keeps it under these keys.
        let layout = Layout::new(Size::new(3, 2).unwrap(), 0).unwrap();
        let source = |dir: &tempfile::TempDir| Some(dir.path().to_path_buf());
        let had = remembered(source(&one), layout, || {
            Ok(Some(DistanceTable::build(layout, &Silent)))
        })
        .unwrap();
        assert!(had.is_some());
        // Kept for the first cache: not made again.
        let again = remembered(source(&one), layout, || panic!("kept, not made again")).unwrap();
        assert!(Arc::ptr_eq(had.as_ref().unwrap(), again.as_ref().unwrap()));
        // Another cache that lacks it is asked, not answered from the first one's.
        let elsewhere = remembered(source(&other), layout, || Ok(None)).unwrap();
        assert!(elsewhere.is_none());
    }
}
