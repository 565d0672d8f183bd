//! The guide of the multi-tile IDA* ([`crate::fast_idastar::multi_tile`]): the walking
//! distance or the coloured multi-tile databases, counted in multi-tile moves. Its own
//! depth-first walk counts and lists the optimal answers.

use std::ops::ControlFlow;
use std::sync::Arc;

use super::{BoardEstimate, Guide, Searched};
use crate::answer::algorithm::Algorithm;
use crate::answer::options::SolveOptions;
use crate::answer::solution::Solution;
use crate::answer::solve_error::SolveError;
use crate::fast_idastar::multi_tile::{self, ColouredEstimate, JumpEstimate};
use crate::puzzle::board::{Board, Move};
use crate::puzzle::move_order::MoveOrder;
use crate::search::{GiveUp, Limits, Stats};
use crate::tables::walking_distance::WalkingDistance;

/// The estimate guiding the multi-tile IDA*.
#[derive(Clone, Debug)]
pub enum JumpGuide {
    /// The walking distance counted in multi-tile moves.
    Walking(Arc<WalkingDistance>),
    /// The coloured multi-tile databases.
    Coloured(Arc<ColouredEstimate>),
}

impl JumpGuide {
    /// The estimate of a board (its tiles, row-major, towards the goal the estimate was
    /// made for).
    pub fn estimate(&self, cells: &[u8]) -> u32 {
        match self {
            JumpGuide::Walking(walking) => jump_estimate(walking.as_ref(), cells),
            JumpGuide::Coloured(coloured) => jump_estimate(coloured.as_ref(), cells),
        }
    }
}

impl Guide for JumpGuide {
    fn algorithm(&self) -> Algorithm {
        Algorithm::FastIdastar
    }

    /// The estimate's name in reports ([`JumpEstimate::name`]).
    fn name(&self) -> Option<String> {
        Some(match self {
            JumpGuide::Walking(walking) => walking.name(),
            JumpGuide::Coloured(coloured) => coloured.name(),
        })
    }

    /// The multi-tile IDA* from `start` to `goal` ([`multi_tile::search`]).
    fn search(
        &self,
        start: &Board,
        goal: &Board,
        options: &SolveOptions,
        _solution: &mut Solution,
    ) -> Result<Searched, SolveError> {
        let settings = options.run_settings();
        Ok(match self {
            JumpGuide::Walking(walking) => {
                multi_tile::search(start, goal, walking.as_ref(), &settings)
            }
            JumpGuide::Coloured(coloured) => {
                multi_tile::search(start, goal, coloured.as_ref(), &settings)
            }
        })
    }

    fn board_estimate(&self) -> Option<BoardEstimate<'_>> {
        Some(Box::new(move |cells: &[u8]| self.estimate(cells)))
    }

    fn walks_optimal(&self) -> bool {
        true
    }

    /// [`multi_tile::count_optimal`] under this estimate.
    fn count_optimal(
        &self,
        start: &Board,
        goal: &Board,
        length: u32,
        limits: &Limits,
    ) -> Option<(Result<u128, GiveUp>, Stats)> {
        Some(match self {
            JumpGuide::Walking(walking) => {
                multi_tile::count_optimal(start, goal, walking.as_ref(), length, limits)
            }
            JumpGuide::Coloured(coloured) => {
                multi_tile::count_optimal(start, goal, coloured.as_ref(), length, limits)
            }
        })
    }

    /// [`multi_tile::list_optimal`] under this estimate.
    fn list_optimal(
        &self,
        start: &Board,
        goal: &Board,
        length: u32,
        limits: &Limits,
        order: MoveOrder,
        visit: &mut dyn FnMut(Vec<Move>) -> ControlFlow<()>,
    ) -> Option<(Result<ControlFlow<()>, GiveUp>, Stats)> {
        Some(match self {
            JumpGuide::Walking(walking) => multi_tile::list_optimal(
                start,
                goal,
                walking.as_ref(),
                length,
                limits,
                order,
                visit,
            ),
            JumpGuide::Coloured(coloured) => multi_tile::list_optimal(
                start,
                goal,
                coloured.as_ref(),
                length,
                limits,
                order,
                visit,
            ),
        })
    }
}

/// The value of `estimate` on the board of `cells`.
fn jump_estimate<E: JumpEstimate>(estimate: &E, cells: &[u8]) -> u32 {
    JumpEstimate::value(estimate, &JumpEstimate::init(estimate, cells))
}
