//! One depth-first pass of the fast IDA*: make a move in place, update the
//! estimate, recurse, unmake.

use crate::puzzle::board::Move;
use crate::search::Budget;

use super::shared_iteration::{SharedIteration, Stop};
use super::{Estimate, FastBoard, MoveTable};

/// One depth-first search: the board it edits in place and what it has found.
pub(super) struct Runner<'a, E: Estimate> {
    pub(super) estimate: &'a E,
    pub(super) table: &'a MoveTable,
    pub(super) board: FastBoard,
    pub(super) blank: usize,
    pub(super) path: Vec<Move>,
    pub(super) budget: Budget,
    pub(super) stopped: Option<Stop>,
    pub(super) next_bound: u32,
    /// In a parallel search: the shared state and the index of the work item searched.
    pub(super) watch: Option<(&'a SharedIteration<'a>, usize)>,
}

impl<'a, E: Estimate> Runner<'a, E> {
    pub(super) fn new(
        estimate: &'a E,
        table: &'a MoveTable,
        board: FastBoard,
        blank: usize,
        budget: Budget,
    ) -> Runner<'a, E> {
        Runner {
            estimate,
            table,
            board,
            blank,
            // Optimal 8×8 solutions are a few hundred moves: enough that pushes never
            // allocate.
            path: Vec::with_capacity(1024),
            budget,
            stopped: None,
            next_bound: u32::MAX,
            watch: None,
        }
    }

    /// Depth-first below `node` (already within the bound); `true` once the goal is found,
    /// leaving its moves in `path`.
    pub(super) fn dfs(&mut self, g: u32, bound: u32, node: E::Node, state: u32) -> bool {
        if self.estimate.is_goal(&node) {
            return true;
        }
        if let Err(why) = self.budget.expand() {
            self.stopped = Some(Stop::GaveUp(why));
            return false;
        }
        if let Some((watch, item)) = self.watch {
            if let Err(stop) = watch.check(item, self.budget.expanded()) {
                self.stopped = Some(stop);
                return false;
            }
        }
        let blank = self.blank;
        let table = self.table;
        let mut ahead = [E::Ahead::default(); 4];
        for (&(mv, to), ahead) in table.moves[blank].iter().flatten().zip(&mut ahead) {
            if E::LOOKS_AHEAD && table.pruner.step(state, mv).is_some() {
                let to = to as usize;
                let tile = self.board.slide(blank, to);
                *ahead = self.estimate.look_ahead(&self.board, tile);
                self.board.unslide(blank, to, tile);
            }
        }
        for (&(mv, to), &ahead) in table.moves[blank].iter().flatten().zip(&ahead) {
            let Some(next_state) = table.pruner.step(state, mv) else {
                continue;
            };
            self.budget.generate();
            let to = to as usize;
            let tile = self.board.slide(blank, to);
            self.blank = to;
            let (child, h) =
                self.estimate
                    .step_ahead(&node, &self.board, tile, to, blank, bound - g - 1, ahead);
            let f = g + 1 + h;
            if f <= bound {
                self.path.push(mv);
                if self.dfs(g + 1, bound, child, next_state) {
                    return true;
                }
                self.path.pop();
            } else if f < self.next_bound {
                self.next_bound = f;
            }
            self.board.unslide(blank, to, tile);
            self.blank = blank;
            if self.stopped.is_some() {
                return false;
            }
        }
        false
    }
}
