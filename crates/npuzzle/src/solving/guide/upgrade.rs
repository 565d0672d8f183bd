//! The database a long linear-conflict search builds and switches to ([`Upgrade`]), and
//! the search that does it ([`upgrading`]): cut short after a number of expansions, the
//! database built (or read) and the search run again with it, the phases' costs summed.
//! The plan decides when ([`crate::solving::plan`]); the [`super::LinearConflictGuide`]
//! runs it.

use std::time::Instant;

use crate::answer::options::SolveOptions;
use crate::answer::solve_error::SolveError;
use crate::fast_idastar::cluster_link as cluster;
use crate::fast_idastar::{self, LinearConflict};
use crate::pdb::{self, build_forecast, TableKind};
use crate::puzzle::board::{Board, Move};
use crate::search::{GiveUp, Limits, Stats};
use crate::tables::cache::Cache;
use crate::tables::partition::{Groups, Partition};
use crate::util::cancel::CancelToken;

/// A stronger estimate a long search switches to (see [`crate::solving::plan`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Upgrade {
    /// Expansions after which the search stops to build the database.
    pub after_expanded: u64,
    /// The partition built.
    pub partition: Partition,
    /// Its groups on the goal.
    pub groups: Groups,
}

impl Upgrade {
    /// The line said before the solver builds this upgrade's tables on its own, with their
    /// size and about how long the build takes ([`build_forecast`]): a search that goes
    /// quiet for half a minute, even under `--quiet`, needs a reason. `None` when the
    /// cache holds every table (they are loaded, in moments).
    pub fn build_notice(&self, goal: &Board, cache: &Cache) -> Option<String> {
        let missing: Vec<Vec<u8>> = self
            .groups
            .iter()
            .filter(|g| {
                !cache
                    .path(&pdb::file_name(goal, g, TableKind::Classic))
                    .exists()
            })
            .cloned()
            .collect();
        if missing.is_empty() {
            return None;
        }
        let cost = build_forecast::of_groups(goal, TableKind::Classic, &missing);
        Some(format!(
            "building the pattern database {} of {} ({:.1} MB, about {} s on two cores, once) \
             into {}: the search is long, and the tables shorten it",
            self.partition,
            goal.size(),
            cost.disk_bytes as f64 / 1e6,
            cost.seconds(2).ceil(),
            cache.dir().display()
        ))
    }
}

/// What an upgrading search found: its answer (a limit named as the caller set it), what
/// its phases cost together (the build as setup), and the database it went on with, if
/// one was built or found.
pub(crate) struct Upgraded {
    pub(crate) outcome: Result<Vec<Move>, GiveUp>,
    pub(crate) stats: Stats,
    pub(crate) database: Option<pdb::registry::SharedDatabase>,
}

/// The linear-conflict search, cut short after [`Upgrade::after_expanded`] expansions to
/// build the upgrade's database and search again with it. On a cluster every process
/// builds, each within its own memory budget, and the processes then compare what they
/// built: one that could not, or built other tables, would search differently. The
/// limits run from `started`.
///
/// # Errors
/// On a cluster, when the processes built different tables (or some none).
pub(crate) fn upgrading(
    start: &Board,
    goal: &Board,
    estimate: &LinearConflict,
    upgrade: &Upgrade,
    options: &SolveOptions,
    started: Instant,
) -> Result<Upgraded, SolveError> {
    let limits = options.limits.clone();
    let first_cap = limits
        .max_expanded
        .map_or(upgrade.after_expanded, |m| m.min(upgrade.after_expanded));
    let mut settings = options.run_settings();
    settings.limits.max_expanded = Some(first_cap);
    let (outcome, first) = fast_idastar::search(start, estimate, &settings);
    let cut_short = outcome == Err(GiveUp::Expanded(first_cap))
        && limits.max_expanded.is_none_or(|m| m > first_cap);
    if !cut_short {
        return Ok(Upgraded {
            outcome: outcome.map_err(|why| restore(why, &limits)),
            stats: first,
            database: None,
        });
    }
    // The build counts against the time limit like the searches: it stops at the
    // deadline (or when the token is set), and the search after it has what is left.
    // Not on a cluster: there every process must build, or none, and each reads its own
    // clock; the search after the build then gives up at once, and all hear so.
    let deadline = limits
        .max_time
        .and_then(|t| started.checked_add(t))
        .filter(|_| options.cluster.is_none());
    if let Some(line) = upgrade.build_notice(goal, &options.cache()) {
        options.progress().notice(&line);
    }
    let building = Instant::now();
    let set = pdb::PartitionSet::classic(upgrade.groups.clone());
    let built = CancelToken::until(limits.cancel.as_ref(), deadline, |cancel| {
        let build_limits = Limits {
            cancel: cancel.cloned(),
            ..limits.clone()
        };
        pdb::registry::shared(
            &options.cache(),
            goal,
            &set,
            &build_limits,
            options.progress(),
        )
    });
    let setup = building.elapsed().as_secs_f64();
    if let Some(link) = &options.cluster {
        let tables = match &built {
            Ok(found) => format!("{:016x}", found.db.checksum()),
            Err(error) => format!("none ({error})"),
        };
        cluster::agree(link.0.as_ref(), &[("tables built on the way", tables)])?;
    }
    let mut settings = options.run_settings();
    settings.limits = Limits {
        max_expanded: limits.max_expanded.map(|m| m - first.expanded),
        max_time: limits.max_time.map(|t| t.saturating_sub(started.elapsed())),
        ..limits.clone()
    };
    let (outcome, mut stats, database) = match built {
        Ok(found) => {
            let (outcome, second) = found.db.search(start, &settings);
            (outcome, first.plus(second), Some(found))
        }
        Err(pdb::PdbError::Interrupted { .. }) => {
            // Stopped from outside, or the time ran out, while building.
            let why = match limits.max_time {
                Some(max) if !limits.cancelled() => GiveUp::Time(max),
                _ => GiveUp::Interrupted,
            };
            (Err(why), first, None)
        }
        Err(_) => {
            // No database (a cache that cannot be written): go on without one, within
            // what is left of the limits.
            let (outcome, second) = fast_idastar::search(start, estimate, &settings);
            (outcome, first.plus(second), None)
        }
    };
    stats.setup_seconds += setup;
    Ok(Upgraded {
        outcome: outcome.map_err(|why| restore(why, &limits)),
        stats,
        database,
    })
}

/// A limit reached in a phase of an upgrading search, named as the caller set it.
fn restore(why: GiveUp, limits: &Limits) -> GiveUp {
    match (why, limits) {
        (
            GiveUp::Expanded(_),
            Limits {
                max_expanded: Some(max),
                ..
            },
        ) => GiveUp::Expanded(*max),
        (
            GiveUp::Time(_),
            Limits {
                max_time: Some(max),
                ..
            },
        ) => GiveUp::Time(*max),
        (other, _) => other,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::answer::algorithm::Algorithm;
    use crate::fast_idastar::Estimate;
    use crate::puzzle::board::Size;
    use crate::puzzle::notation::parse_board;
    use crate::solving::solver::solve;

    #[test]
    fn a_long_search_builds_its_upgrade_and_finishes_with_it() {
        let dir = tempfile::tempdir().unwrap();
        let goal = Board::blank_first_goal(Size::square(4).unwrap());
        // Korf's first instance: 57 moves, far more than 1000 expansions of linear conflict.
        let start = parse_board("14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3", None).unwrap();
        let partition: crate::tables::partition::Partition = "3-3-3-3-3".parse().unwrap();
        let upgrade = Upgrade {
            after_expanded: 1000,
            groups: partition.groups(&goal).unwrap(),
            partition,
        };
        let options = SolveOptions {
            cache: Some(crate::tables::cache::Cache::new(dir.path())),
            ..SolveOptions::default()
        };
        let estimate = LinearConflict::new(&goal);
        let upgraded =
            upgrading(&start, &goal, &estimate, &upgrade, &options, Instant::now()).unwrap();
        let database = upgraded.database.as_ref().unwrap();
        assert_eq!(database.db.name(), "pdb 3-3-3-3-3 + reflection");
        assert!(database.origin.contains("built"));
        assert!(upgraded.stats.expanded > 1000, "both phases are counted");
        // The canonical path, as the plain linear-conflict search finds it.
        let plain = solve(
            &start,
            &goal,
            &SolveOptions {
                algorithm: Algorithm::FastIdastar,
                ..SolveOptions::default()
            },
        )
        .unwrap();
        assert_eq!(upgraded.outcome.unwrap(), plain.moves);
        assert_eq!(plain.length(), Some(57));
        // The tables are in the cache now: `auto` plans with them from the start.
        let planned = crate::solving::plan::plan(&goal, &options).unwrap();
        assert_eq!(
            planned.guide.name().as_deref(),
            Some("pdb 3-3-3-3-3 + reflection")
        );
        // A limit below the switch is the caller's, and is reported as such.
        let limited = SolveOptions {
            limits: Limits {
                max_expanded: Some(500),
                ..Limits::NONE
            },
            ..options
        };
        let stopped =
            upgrading(&start, &goal, &estimate, &upgrade, &limited, Instant::now()).unwrap();
        assert_eq!(stopped.outcome, Err(GiveUp::Expanded(500)));
    }

    #[test]
    fn the_build_on_the_way_stops_at_the_time_limit() {
        let dir = tempfile::tempdir().unwrap();
        let goal = Board::blank_first_goal(Size::square(4).unwrap());
        let start = parse_board("14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3", None).unwrap();
        // 7-7-1: a minute's build here, far past the half second allowed.
        let partition: crate::tables::partition::Partition = "7-7-1".parse().unwrap();
        let upgrade = Upgrade {
            after_expanded: 1000,
            groups: partition.groups(&goal).unwrap(),
            partition,
        };
        let limit = std::time::Duration::from_millis(500);
        let options = SolveOptions {
            cache: Some(crate::tables::cache::Cache::new(dir.path())),
            limits: Limits {
                max_time: Some(limit),
                ..Limits::NONE
            },
            ..SolveOptions::default()
        };
        let estimate = LinearConflict::new(&goal);
        let started = Instant::now();
        let stopped = upgrading(&start, &goal, &estimate, &upgrade, &options, started).unwrap();
        assert_eq!(stopped.outcome, Err(GiveUp::Time(limit)));
        assert!(started.elapsed() < std::time::Duration::from_secs(30));
        assert_eq!(
            std::fs::read_dir(dir.path()).unwrap().count(),
            0,
            "nothing stored"
        );
        // Stopped from outside instead: interrupted, not out of time.
        let token = crate::util::cancel::CancelToken::new();
        token.cancel();
        let interrupted = SolveOptions {
            limits: Limits {
                cancel: Some(token),
                ..Limits::NONE
            },
            ..options
        };
        let stopped = upgrading(
            &start,
            &goal,
            &estimate,
            &upgrade,
            &interrupted,
            Instant::now(),
        )
        .unwrap();
        assert_eq!(stopped.outcome, Err(GiveUp::Interrupted));
    }

    #[test]
    fn a_cluster_compares_the_tables_it_built_on_the_way() {
        let goal = Board::blank_first_goal(Size::square(4).unwrap());
        let start = parse_board("14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3", None).unwrap();
        let partition: crate::tables::partition::Partition = "3-3-3-3-3".parse().unwrap();
        let upgrade = Upgrade {
            after_expanded: 1000,
            groups: partition.groups(&goal).unwrap(),
            partition,
        };
        let run = |budgets: [Option<u64>; 2]| -> Vec<Result<Upgraded, String>> {
            let dirs = [tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap()];
            let links = crate::fast_idastar::in_process_cluster::InProcessCluster::new(&[1, 1]);
            std::thread::scope(|scope| {
                let handles: Vec<_> = links
                    .into_iter()
                    .zip(&dirs)
                    .zip(budgets)
                    .map(|((link, dir), budget)| {
                        let options = SolveOptions {
                            cache: Some(crate::tables::cache::Cache::new(dir.path())),
                            limits: Limits {
                                max_bytes: budget,
                                ..Limits::NONE
                            },
                            cluster: Some(crate::fast_idastar::cluster_link::SharedLink(
                                std::sync::Arc::new(link),
                            )),
                            ..SolveOptions::default()
                        };
                        let (start, goal, upgrade) = (&start, &goal, &upgrade);
                        scope.spawn(move || {
                            let estimate = LinearConflict::new(goal);
                            upgrading(start, goal, &estimate, upgrade, &options, Instant::now())
                                .map_err(|e| e.to_string())
                        })
                    })
                    .collect();
                handles.into_iter().map(|h| h.join().unwrap()).collect()
            })
        };
        // Both built the same tables: they search on together, to the serial path.
        let both = run([None, None]);
        for answer in &both {
            let answer = answer.as_ref().unwrap().outcome.as_ref().unwrap();
            assert_eq!(answer.len(), 57);
            assert_eq!(answer, both[0].as_ref().unwrap().outcome.as_ref().unwrap());
        }
        // One could not build them (its budget is too small): both refuse, saying so.
        for answer in run([None, Some(1)]) {
            let Err(error) = answer else {
                panic!("a process that could not build refuses")
            };
            assert!(
                error.contains("its tables built on the way is none ("),
                "{error}"
            );
        }
    }
}
