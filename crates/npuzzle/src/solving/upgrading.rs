//! The linear-conflict search that builds a pattern database on the way: cut short
//! after a number of expansions, the database built (or read) and the search run again
//! with it, the phases' costs summed ([`upgrading`]). The plan decides when
//! ([`crate::solving::plan::Upgrade`]); the solver runs it.

use std::time::Instant;

use crate::answer::options::SolveOptions;
use crate::answer::solve_error::SolveError;
use crate::fast_idastar::cluster_link as cluster;
use crate::fast_idastar::{self, LinearConflict};
use crate::pdb;
use crate::puzzle::board::{Board, Move};
use crate::search::{GiveUp, Limits, Stats};
use crate::solving::plan::Upgrade;
use crate::util::cancel::CancelToken;

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
