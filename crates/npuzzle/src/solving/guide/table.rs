//! The guide of a complete distance table: the answer is a walk down it.

use std::sync::Arc;

use super::{Guide, Searched};
use crate::answer::algorithm::Algorithm;
use crate::answer::options::SolveOptions;
use crate::answer::solution::Solution;
use crate::answer::solve_error::SolveError;
use crate::puzzle::board::Board;
use crate::search::Stats;
use crate::tables::distance_table::DistanceTable;

/// A complete distance table, read board by board down to the goal.
#[derive(Clone)]
pub struct TableGuide(pub Arc<DistanceTable>);

impl Guide for TableGuide {
    fn algorithm(&self) -> Algorithm {
        Algorithm::Table
    }

    fn name(&self) -> Option<String> {
        None
    }

    /// The canonical path read off the table, with what the walk cost: it reads up to
    /// four neighbours of each board it passes through.
    ///
    /// # Panics
    /// Never for a plan's table: it was had for boards of the goal's layout.
    fn search(
        &self,
        start: &Board,
        goal: &Board,
        options: &SolveOptions,
        _solution: &mut Solution,
    ) -> Result<Searched, SolveError> {
        let moves = self
            .0
            .solve(start, goal, options.order)
            .expect("a solvable board of the table's size and goal blank");
        let stats = Stats {
            expanded: moves.len() as u64,
            generated: 4 * moves.len() as u64,
            peak_nodes: 0,
            ..Stats::default()
        };
        Ok((Ok(moves), stats))
    }

    fn table(&self) -> Option<Arc<DistanceTable>> {
        Some(self.0.clone())
    }
}
