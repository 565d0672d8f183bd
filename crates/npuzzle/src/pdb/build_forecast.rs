//! What building a database will cost, said before it starts: how many of its tables
//! are missing from the cache, the disk they take, the memory the largest build needs,
//! and about how long they take on this machine's cores.
//!
//! ```
//! use npuzzle::pdb::{build_forecast::forecast, parse_groups, PartitionSet};
//! use npuzzle::{tables::cache::Cache, Board, Size};
//!
//! let dir = tempfile::tempdir()?;
//! let goal = Board::goal(Size::square(4)?);
//! let set = PartitionSet::classic(parse_groups("5-5-5", &goal)?);
//! let cost = forecast(&Cache::new(dir.path()), &goal, &set);
//! assert_eq!((cost.missing, cost.tables), (3, 3));
//! // Three tables of 16!/11! = 524,160 placements at four bits each.
//! assert_eq!(cost.disk_bytes, 3 * 262_080);
//! assert!(cost.seconds(2) < 5.0);
//! assert!(cost.describe(2).starts_with("building 3 of 3 tables (767.8 KiB on disk, at most "));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::puzzle::board::Board;
use crate::puzzle::rank::PartialRank;
use crate::tables::cache::Cache;
use crate::util::memory::shown;

use super::files::cached_groups;
use super::region_rank::RegionRank;
use super::{build_bytes, PartitionSet, TableKind};

/// (Placement, blank region) states a build visits per second on one core: measured
/// here on the 24-puzzle's 6-6-6-6 (four classic 6-tile tables, 724 million states, 51.7
/// s of CPU) and the 15-puzzle's 7-7-1 (10.3 s); kept below both so that the forecast
/// errs long.
pub const STATES_PER_CORE_SECOND: f64 = 10.0e6;

/// What building the missing tables of a database costs.
#[derive(Clone, Debug, PartialEq)]
pub struct BuildForecast {
    /// Tables of the database.
    pub tables: usize,
    /// Those not in the cache, which a build makes.
    pub missing: usize,
    /// The states the missing tables' builds visit.
    pub states: u64,
    /// Bytes the missing tables take on disk (their entries; a header adds a few
    /// hundred bytes a file).
    pub disk_bytes: u64,
    /// The most memory one build takes (the groups are built one after another).
    pub peak_bytes: u64,
}

impl BuildForecast {
    /// About how long the builds take on `cores` cores, in seconds.
    pub fn seconds(&self, cores: usize) -> f64 {
        self.states as f64 / STATES_PER_CORE_SECOND / cores.max(1) as f64
    }

    /// The forecast in one line, as said before a build starts.
    pub fn describe(&self, cores: usize) -> String {
        let seconds = self.seconds(cores).ceil() as u64;
        let time = if seconds < 120 {
            crate::util::plural::counted(seconds.max(1), "second", "seconds")
        } else {
            format!("{} minutes", seconds.div_ceil(60))
        };
        format!(
            "building {} of {} ({} on disk, at most {} of memory): about {time} on {}",
            self.missing,
            crate::util::plural::counted(self.tables as u64, "table", "tables"),
            shown(self.disk_bytes),
            shown(self.peak_bytes),
            crate::util::plural::counted(cores as u64, "core", "cores"),
        )
    }
}

/// What building the tables of `set` for `goal` that `cache` does not hold costs (the
/// files' headers are read, not checked: a damaged file is rebuilt all the same, and
/// counted as there).
///
/// # Panics
/// When the set cannot have tables on this board: check with
/// [`super::check_buildable`] first.
pub fn forecast(cache: &Cache, goal: &Board, set: &PartitionSet) -> BuildForecast {
    let cached = cached_groups(cache, goal, set.kind());
    let groups = set.groups();
    let missing: Vec<Vec<u8>> = groups
        .iter()
        .filter(|g| !cached.contains(g))
        .cloned()
        .collect();
    BuildForecast {
        tables: groups.len(),
        ..of_groups(goal, set.kind(), &missing)
    }
}

/// What building the tables of `kind` of `groups` for `goal` costs, none of them there.
///
/// # Panics
/// When a group cannot have a table on this board: check with
/// [`super::check_buildable`] first.
pub fn of_groups(goal: &Board, kind: TableKind, groups: &[Vec<u8>]) -> BuildForecast {
    let size = goal.size();
    let mut forecast = BuildForecast {
        tables: groups.len(),
        missing: groups.len(),
        states: 0,
        disk_bytes: 0,
        peak_bytes: 0,
    };
    for group in groups {
        let states = RegionRank::shared(size, group.len()).count;
        let placements = PartialRank::new(size.cells(), group.len()).count;
        forecast.states += states;
        // The groups are built one after another: the largest build is the peak.
        forecast.peak_bytes = forecast
            .peak_bytes
            .max(build_bytes(size, group.len(), kind));
        forecast.disk_bytes += match kind {
            // Four bits a placement; one bit a (placement, blank region) state.
            TableKind::Classic => placements.div_ceil(2),
            TableKind::ZeroAware => states.div_ceil(8),
        };
    }
    forecast
}
