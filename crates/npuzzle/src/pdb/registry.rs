//! Pattern databases kept for the whole process: loaded (checksums verified, files
//! mapped) once per cache directory, goal and partition set, then shared by every solve,
//! so a batch of a million boards or a server's requests pay for a load once.
//!
//! ```
//! use npuzzle::pdb::{parse_groups, registry, PartitionSet};
//! use npuzzle::{tables::cache::Cache, util::progress::Silent, Board, Size};
//!
//! let dir = tempfile::tempdir()?;
//! let cache = Cache::new(dir.path());
//! let goal = Board::goal(Size::square(3)?);
//! assert!(registry::cached(&cache, &goal, &[], &Silent).is_none());
//! let set = PartitionSet::classic(parse_groups("4-4", &goal)?);
//! let built = registry::shared(&cache, &goal, &set, &npuzzle::search::Limits::NONE, &Silent)?;
//! assert!(built.origin.contains("built"));
//! // Found in the cache from now on, and the same tables handed out again.
//! let found = registry::cached(&cache, &goal, &[], &Silent).expect("cached");
//! assert!(std::sync::Arc::ptr_eq(&found.db, &built.db));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::collections::HashMap;
use std::hash::Hash;
use std::path::PathBuf;
use std::sync::{Arc, Mutex, OnceLock};
use std::time::{Instant, SystemTime};

use crate::puzzle::board::{Board, Size};
use crate::search::Limits;
use crate::tables::cache::Cache;
use crate::util::per_process::{get_or_try_make, PerProcess};
use crate::util::progress::Progress;

use super::database::PatternDatabase;
use super::files::{cached_goals, cached_groups, find_cached};
use super::naming::describe_origins;
use super::{build_peak_bytes, check_buildable, PartitionSet, PdbError, TableKind};
use crate::tables::partition::group_text;

/// A database as the registry hands it out.
#[derive(Clone)]
pub struct SharedDatabase {
    /// The tables.
    pub db: Arc<PatternDatabase>,
    /// How this process had them: each group loaded, built or rebuilt.
    pub origin: String,
    /// Seconds this call spent loading or building them (0 once they are kept).
    pub seconds: f64,
}

/// Databases by (cache directory, goal, set), with how each was had.
static DATABASES: PerProcess<(PathBuf, String, PartitionSet), (Arc<PatternDatabase>, String)> =
    PerProcess::new();

/// What was read off a cache directory's listing, by key, with the directory's
/// modification time then: kept while that time stays the same. A new file renamed into
/// the directory changes it, so tables built by another process are seen.
struct Listings<K, V>(OnceLock<Mutex<HashMap<K, Stamped<V>>>>);

/// A value read off a directory, with the directory's modification time then.
type Stamped<V> = (Option<SystemTime>, V);

impl<K: Eq + Hash, V: Clone> Listings<K, V> {
    const fn new() -> Self {
        Listings(OnceLock::new())
    }

    /// What was read for `key` off `cache`'s directory, read with `read` again when the
    /// directory changed since (or cannot say when it did).
    fn read(&self, cache: &Cache, key: K, read: impl FnOnce() -> V) -> V {
        let stamp = std::fs::metadata(cache.dir())
            .and_then(|m| m.modified())
            .ok();
        let mut kept = self
            .0
            .get_or_init(Mutex::default)
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        match kept.get(&key) {
            Some((seen, value)) if *seen == stamp && stamp.is_some() => value.clone(),
            _ => {
                let value = read();
                kept.insert(key, (stamp, value.clone()));
                value
            }
        }
    }
}

/// The database of `set` for `goal`, from `cache` (built and stored there when a table
/// is missing or damaged, with `progress`), kept for the rest of the process. Of
/// `limits`, a build reads the memory budget (`max_bytes`: a build that would pass it is
/// refused) and the token (`cancel`: a build stops once it is set).
///
/// # Errors
/// When the set cannot have tables on this board, the cache cannot be written, or the
/// build was interrupted.
///
/// # Panics
/// Never: every load or build gives a database or an error.
pub fn shared(
    cache: &Cache,
    goal: &Board,
    set: &PartitionSet,
    limits: &Limits,
    progress: &dyn Progress,
) -> Result<SharedDatabase, PdbError> {
    check_buildable(goal, set)?;
    let key = (cache.dir().to_path_buf(), goal.to_string(), set.clone());
    // Two threads wanting the same tables wait for one load, and a build is never run
    // twice; other databases (and the distance tables) are not held up meanwhile.
    let mut seconds = 0.0;
    let kept = get_or_try_make(&DATABASES, key, || {
        let started = Instant::now();
        let (db, origin) = if let Ok(db) = PatternDatabase::load(cache, goal, set) {
            (db, loaded(&set.groups()))
        } else {
            // Something must be built: only within the budget.
            let (need, group) = build_peak_bytes(goal, set);
            if let Some(budget) = limits.max_bytes.filter(|&b| need > b) {
                return Err(PdbError::OverBudget {
                    group: group_text(&group),
                    need,
                    budget,
                });
            }
            let (db, origins) =
                PatternDatabase::load_or_build(cache, goal, set, progress, limits.cancel.as_ref())?;
            (db, describe_origins(&origins))
        };
        seconds = started.elapsed().as_secs_f64();
        Ok(Some((Arc::new(db), origin)))
    })?
    .expect("the make above always gives a database or an error");
    Ok(SharedDatabase {
        db: Arc::clone(&kept.0),
        origin: kept.1.clone(),
        seconds,
    })
}

/// The strongest database cached for `goal`, kept for the rest of the process: the first
/// of `preferred` (strongest first) whose every table the cache holds, else the classic
/// partition the cached tables make ([`find_cached`]). `None` when the cache holds
/// neither (or the files cannot be read: a damaged cache is never a reason to fail a
/// solve that can go without it).
pub fn cached(
    cache: &Cache,
    goal: &Board,
    preferred: &[PartitionSet],
    progress: &dyn Progress,
) -> Option<SharedDatabase> {
    static FOUND: Listings<(PathBuf, String), Option<PartitionSet>> = Listings::new();
    let key = (cache.dir().to_path_buf(), goal.to_string());
    let set = FOUND.read(cache, key, || strongest_cached(cache, goal, preferred))?;
    shared(cache, goal, &set, &Limits::NONE, progress).ok()
}

/// The first of `preferred` whose tables are all in `cache`, else the classic partition
/// the cached tables make.
fn strongest_cached(
    cache: &Cache,
    goal: &Board,
    preferred: &[PartitionSet],
) -> Option<PartitionSet> {
    let mut listed: HashMap<TableKind, Vec<Vec<u8>>> = HashMap::new();
    for set in preferred {
        let have = listed
            .entry(set.kind())
            .or_insert_with(|| cached_groups(cache, goal, set.kind()));
        if set.groups().iter().all(|g| have.contains(g)) {
            return Some(set.clone());
        }
    }
    find_cached(cache, goal).map(PartitionSet::classic)
}

/// The goals of `size` whose tables `cache` holds ([`cached_goals`]), listed once for
/// the process until the directory changes (as [`cached`] is), so that a batch of boards
/// towards a goal without tables does not read the directory for every board.
pub fn goals_with_tables(cache: &Cache, size: Size) -> Vec<Board> {
    static GOALS: Listings<(PathBuf, Size), Vec<Board>> = Listings::new();
    let key = (cache.dir().to_path_buf(), size);
    GOALS.read(cache, key, || cached_goals(cache, size))
}

/// How a database loaded whole from the cache is described.
fn loaded(groups: &[Vec<u8>]) -> String {
    let each: Vec<String> = groups
        .iter()
        .map(|g| format!("{} loaded", group_text(g)))
        .collect();
    each.join("; ")
}
