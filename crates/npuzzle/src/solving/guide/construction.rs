//! The guide of the constructive method: no estimate, rows and columns placed in turn.

use super::{Guide, Searched};
use crate::answer::algorithm::Algorithm;
use crate::answer::options::SolveOptions;
use crate::answer::solution::{Solution, Status};
use crate::answer::solve_error::SolveError;
use crate::puzzle::board::Board;
use crate::solving::constructive;

/// The constructive method ([`crate::solving::constructive`]): an answer on any board,
/// shortened where it is small, optimal only when it is empty.
#[derive(Clone, Copy, Debug, Default)]
pub struct ConstructionGuide;

impl Guide for ConstructionGuide {
    fn algorithm(&self) -> Algorithm {
        Algorithm::Constructive
    }

    fn name(&self) -> Option<String> {
        None
    }

    fn search(
        &self,
        start: &Board,
        goal: &Board,
        options: &SolveOptions,
        solution: &mut Solution,
    ) -> Result<Searched, SolveError> {
        let built = constructive::solve(start, goal, &options.limits);
        solution.optimal = built.optimal;
        // The solver answers a board that cannot reach its goal before any search.
        let outcome = match built.status {
            Status::GaveUp(why) => Err(why),
            Status::Solved | Status::Bounded(_) | Status::Unsolvable => Ok(built.moves),
        };
        Ok((outcome, built.stats))
    }
}
