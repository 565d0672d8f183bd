//! Counting every optimal answer in the multi-tile metric.

use crate::puzzle::board::{Board, Move};
use crate::search::{GiveUp, Limits, Outcome, Stats};

use super::{axis, JumpEstimate, Walk, NO_AXIS};

/// The number of optimal answers from `start` to `goal` in the multi-tile metric, as
/// sequences of multi-tile moves, given their `length` (the optimal length, from
/// [`super::search`]); or why the count gave up.
///
/// # Panics
/// As [`super::search`].
pub fn count_optimal<E: JumpEstimate>(
    start: &Board,
    goal: &Board,
    estimate: &E,
    length: u32,
    limits: &Limits,
) -> (Result<u128, GiveUp>, Stats) {
    let mut walk = Walk::new(start, goal, estimate, limits, Move::DEFAULT_ORDER);
    let root = estimate.init(&walk.cells[..walk.size.cells()]);
    let count = walk.count(0, length, root, NO_AXIS);
    let outcome = match walk.stopped.take() {
        Some(why) => Err(why),
        None => Ok(count),
    };
    (outcome, walk.budget.finish(Outcome::<()>::Exhausted).stats)
}

impl<E: JumpEstimate> Walk<'_, E> {
    /// The paths of exactly `bound - g` more moves from here to the goal. No optimal
    /// path passes the goal early, and none makes two moves along one axis in a row.
    fn count(&mut self, g: u32, bound: u32, node: E::Node, last_axis: u8) -> u128 {
        if g == bound {
            return u128::from(self.cells == self.goal);
        }
        if let Err(why) = self.budget.expand() {
            self.stopped = Some(why);
            return 0;
        }
        let blank = self.blank;
        let mut total = 0;
        for i in 0..4 {
            let mv = self.order[i];
            if axis(mv) == last_axis {
                continue;
            }
            let (ray, len) = self.rays[blank][i];
            let saved = self.cells;
            let mut child = node;
            let mut hole = blank;
            for &cell in &ray[..usize::from(len)] {
                let cell = usize::from(cell);
                let tile = self.cells[cell];
                self.cells[hole] = tile;
                self.cells[cell] = 0;
                child = self.estimate.slid(&child, tile, cell, hole);
                hole = cell;
                self.budget.generate();
                if g + 1 + self.estimate.value_within(&child, bound - g - 1) <= bound {
                    self.blank = cell;
                    total += self.count(g + 1, bound, child, axis(mv));
                    self.blank = blank;
                    if self.stopped.is_some() {
                        self.cells = saved;
                        return 0;
                    }
                }
            }
            self.cells = saved;
        }
        total
    }
}
