//! Listing every optimal answer in the multi-tile metric: the count's walk
//! ([`super::count_optimal`]) at the optimal length, telling each answer it reaches
//! instead of adding it up: the estimate updated move by move, where the generic lister
//! ([`crate::search::all_paths`]) reads it afresh from every board.

use std::ops::ControlFlow;

use crate::puzzle::board::{Board, Move};
use crate::puzzle::move_order::MoveOrder;
use crate::search::{GiveUp, Limits, Outcome, Stats};

use super::{JumpEstimate, Place, Walk};

/// Calls `visit` with every optimal answer from `start` to `goal` in the multi-tile
/// metric, as the blank's single steps, given their `length` (the optimal length, from
/// [`super::search`]): in the canonical order under `order` (each direction's jumps
/// shortest first), so the first is the search's answer. [`ControlFlow::Break`] from
/// `visit` stops the listing. Returns whether it listed every one, or why a limit
/// stopped it; and what it cost.
///
/// # Panics
/// As [`super::search`].
pub fn list_optimal<E: JumpEstimate>(
    start: &Board,
    goal: &Board,
    estimate: &E,
    length: u32,
    limits: &Limits,
    order: MoveOrder,
    visit: &mut dyn FnMut(Vec<Move>) -> ControlFlow<()>,
) -> (Result<ControlFlow<()>, GiveUp>, Stats) {
    let mut walk = Walk::new(start, goal, estimate, limits, order);
    let flow = walk.list(0, length, Place::of(start, estimate), visit);
    let outcome = match walk.stopped.take() {
        Some(why) => Err(why),
        None => Ok(flow),
    };
    (outcome, walk.budget.finish(Outcome::<()>::Exhausted).stats)
}

impl<E: JumpEstimate> Walk<'_, E> {
    /// Tells `visit` each path of exactly `bound - g` more moves from `place` to the
    /// goal, the moves so far in `jumps`; breaks when `visit` does or a limit stops it.
    fn list(
        &mut self,
        g: u32,
        bound: u32,
        place: Place<E::Node>,
        visit: &mut dyn FnMut(Vec<Move>) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        if g == bound {
            return if place.board == self.goal {
                visit(self.path())
            } else {
                ControlFlow::Continue(())
            };
        }
        if let Err(why) = self.budget.expand() {
            self.stopped = Some(why);
            return ControlFlow::Break(());
        }
        self.expand(g, &place, bound - g - 1);
        let depth = g as usize;
        for i in 0..self.frames[depth].count {
            self.budget.generate();
            let children = &self.frames[depth];
            if g + 1 + children.values[i] > bound {
                continue;
            }
            let child = children.place(i, self.expander.order);
            self.jumps.push(children.jumps[i]);
            let flow = self.list(g + 1, bound, child, visit);
            self.jumps.pop();
            flow?;
        }
        ControlFlow::Continue(())
    }
}
