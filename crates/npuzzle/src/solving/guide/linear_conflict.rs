//! The guide of the fast IDA* without tables: linear conflict (or Manhattan distance
//! alone), which may build pattern databases on the way and go on with them.

use std::sync::{Arc, OnceLock};
use std::time::Instant;

use super::upgrade::{upgrading, Upgrade};
use super::{Guide, Searched};
use crate::answer::algorithm::Algorithm;
use crate::answer::options::SolveOptions;
use crate::answer::solution::Solution;
use crate::answer::solve_error::SolveError;
use crate::fast_idastar::{self, Estimate, LinearConflict};
use crate::pdb::PatternDatabase;
use crate::puzzle::board::Board;
use crate::puzzle::heuristic::HeuristicKind;

/// The fast IDA* by linear conflict, or by Manhattan distance alone; with an
/// [`Upgrade`], a search still running after its expansions builds the database and
/// goes on with it, which the count and the listing of answers then read too.
pub struct LinearConflictGuide {
    heuristic: HeuristicKind,
    upgrade: Option<Upgrade>,
    upgraded: OnceLock<Arc<PatternDatabase>>,
}

impl LinearConflictGuide {
    /// The fast IDA* by `heuristic` (Manhattan distance, else linear conflict), upgrading
    /// as `upgrade` says.
    pub fn new(heuristic: HeuristicKind, upgrade: Option<Upgrade>) -> LinearConflictGuide {
        LinearConflictGuide {
            heuristic,
            upgrade,
            upgraded: OnceLock::new(),
        }
    }
}

impl Guide for LinearConflictGuide {
    fn algorithm(&self) -> Algorithm {
        Algorithm::FastIdastar
    }

    fn takes_any_optimal(&self) -> bool {
        true
    }

    fn name(&self) -> Option<String> {
        Some(self.heuristic.name().to_string())
    }

    fn search(
        &self,
        start: &Board,
        goal: &Board,
        options: &SolveOptions,
        solution: &mut Solution,
    ) -> Result<Searched, SolveError> {
        let estimate = match self.heuristic {
            HeuristicKind::Manhattan => LinearConflict::manhattan_only(goal),
            _ => LinearConflict::new(goal),
        };
        let Some(upgrade) = &self.upgrade else {
            return Ok(fast_idastar::search(
                start,
                &estimate,
                &options.run_settings(),
            ));
        };
        let upgraded = upgrading(start, goal, &estimate, upgrade, options, Instant::now())?;
        if let Some(found) = upgraded.database {
            solution.estimate = Some(found.db.name());
            solution.tables = Some(found.origin);
            // A second search of one plan finds the same database: the first is kept.
            let _ = self.upgraded.set(found.db);
        }
        Ok((upgraded.outcome, upgraded.stats))
    }

    fn database(&self) -> Option<Arc<PatternDatabase>> {
        self.upgraded.get().cloned()
    }

    fn upgrade(&self) -> Option<&Upgrade> {
        self.upgrade.as_ref()
    }
}
