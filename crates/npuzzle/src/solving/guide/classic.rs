//! The guide of the classic searches (BFS, bidirectional BFS, A*, IDA*, IDDFS): a
//! heuristic computed from the board, or none.

use std::sync::Arc;

use super::{Guide, Searched};
use crate::answer::algorithm::Algorithm;
use crate::answer::options::SolveOptions;
use crate::answer::solution::Solution;
use crate::answer::solve_error::SolveError;
use crate::fast_idastar::multi_tile::JumpEstimate;
use crate::puzzle::board::Board;
use crate::puzzle::heuristic::HeuristicKind;
use crate::solving::problem;
use crate::tables::walking_distance::WalkingDistance;

/// A classic search, guided by a heuristic where it takes one, and in the multi-tile
/// metric by the larger of it and the walking distance where the plan puts one beside it.
#[derive(Clone)]
pub struct ClassicGuide {
    /// The search.
    pub algorithm: Algorithm,
    /// Its heuristic; `None` for an uninformed search.
    pub heuristic: Option<HeuristicKind>,
    /// The walking distance beside the heuristic.
    pub walking: Option<Arc<WalkingDistance>>,
}

impl ClassicGuide {
    /// `algorithm` guided by `heuristic` alone.
    pub fn new(algorithm: Algorithm, heuristic: Option<HeuristicKind>) -> ClassicGuide {
        ClassicGuide {
            algorithm,
            heuristic,
            walking: None,
        }
    }
}

impl Guide for ClassicGuide {
    fn algorithm(&self) -> Algorithm {
        self.algorithm
    }

    fn name(&self) -> Option<String> {
        let kind = self.heuristic?;
        Some(match &self.walking {
            Some(walking) => format!("{} + {}", kind.name(), walking.name()),
            None => kind.name().to_string(),
        })
    }

    fn search(
        &self,
        start: &Board,
        goal: &Board,
        options: &SolveOptions,
        solution: &mut Solution,
    ) -> Result<Searched, SolveError> {
        // A weighted estimate may overestimate: the answer is bounded, not optimal.
        if self.heuristic.is_some() && options.weight > 1.0 {
            solution.optimal = false;
        }
        let walking = self.walking.as_deref();
        Ok(problem::search(
            start,
            goal,
            self.algorithm,
            self.heuristic,
            walking,
            options,
        ))
    }

    fn classic(&self) -> Option<(HeuristicKind, Option<&WalkingDistance>)> {
        Some((self.heuristic?, self.walking.as_deref()))
    }
}
