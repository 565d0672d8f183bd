//! The guide of additive pattern databases: the fast IDA* reading them.

use std::sync::Arc;

use super::{Guide, Searched};
use crate::answer::algorithm::Algorithm;
use crate::answer::options::SolveOptions;
use crate::answer::solution::Solution;
use crate::answer::solve_error::SolveError;
use crate::fast_idastar::{Estimate, RunSettings};
use crate::pdb::PatternDatabase;
use crate::puzzle::board::Board;

/// Additive pattern databases guiding the fast IDA*.
#[derive(Clone)]
pub struct DatabaseGuide(pub Arc<PatternDatabase>);

impl Guide for DatabaseGuide {
    fn algorithm(&self) -> Algorithm {
        Algorithm::FastIdastar
    }

    fn takes_any_optimal(&self) -> bool {
        true
    }

    fn name(&self) -> Option<String> {
        Some(self.0.name())
    }

    fn search(
        &self,
        start: &Board,
        _goal: &Board,
        options: &SolveOptions,
        _solution: &mut Solution,
    ) -> Result<Searched, SolveError> {
        Ok(self.0.search(start, &options.run_settings()))
    }

    fn search_weighted(
        &self,
        start: &Board,
        _goal: &Board,
        weight: f64,
        settings: &RunSettings,
    ) -> Searched {
        self.0.search_weighted(start, weight, settings)
    }

    fn database(&self) -> Option<Arc<PatternDatabase>> {
        Some(self.0.clone())
    }
}
