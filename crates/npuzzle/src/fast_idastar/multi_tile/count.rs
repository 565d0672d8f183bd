//! Counting every optimal answer in the multi-tile metric.

use crate::puzzle::board::Board;
use crate::puzzle::move_order::MoveOrder;
use crate::search::{GiveUp, Limits, Outcome, Stats};

use super::{JumpEstimate, Place, Walk};

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
    let mut walk = Walk::new(start, goal, estimate, limits, MoveOrder::DEFAULT);
    let count = walk.count(0, length, Place::of(start, estimate));
    let outcome = match walk.stopped.take() {
        Some(why) => Err(why),
        None => Ok(count),
    };
    (outcome, walk.budget.finish(Outcome::<()>::Exhausted).stats)
}

impl<E: JumpEstimate> Walk<'_, E> {
    /// The paths of exactly `bound - g` more moves from `place` to the goal. No optimal
    /// path passes the goal early, and none makes two moves along one axis in a row.
    fn count(&mut self, g: u32, bound: u32, place: Place<E::Node>) -> u128 {
        if g == bound {
            return u128::from(place.board == self.goal);
        }
        if let Err(why) = self.budget.expand() {
            self.stopped = Some(why);
            return 0;
        }
        self.expand(g, &place, bound - g - 1);
        let depth = g as usize;
        let mut total = 0;
        for i in 0..self.frames[depth].count {
            self.budget.generate();
            let children = &self.frames[depth];
            if g + 1 + children.values[i] <= bound {
                let child = children.place(i, self.expander.order);
                total += self.count(g + 1, bound, child);
                if self.stopped.is_some() {
                    return 0;
                }
            }
        }
        total
    }
}
