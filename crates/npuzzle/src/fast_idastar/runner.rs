//! One depth-first pass of the fast IDA*: make a move in place, update the
//! estimate, recurse, unmake. Children are tried in the move order, so the first path
//! met is the smallest in it; or, when any optimal path will do, by their estimate,
//! least first, which meets one sooner.

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
    /// Children tried by their estimate, least first ([`super::RunSettings::any_optimal`]).
    pub(super) by_estimate: bool,
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
            by_estimate: false,
        }
    }

    /// Depth-first below `node` (already within the bound), children in the order
    /// [`Runner::by_estimate`] says; `true` once the goal is found, leaving its moves in
    /// `path`.
    pub(super) fn pass(&mut self, g: u32, bound: u32, node: E::Node, state: u32) -> bool {
        if self.by_estimate {
            self.dfs_by_estimate(g, bound, node, state)
        } else {
            self.dfs(g, bound, node, state)
        }
    }

    /// What every expansion checks first: `Err(true)` at the goal, `Err(false)` when a
    /// limit or another thread stops the pass, `Ok` to go on below the node.
    #[expect(
        clippy::inline_always,
        reason = "called for every expanded node: inlining is not left to the cost model"
    )]
    #[inline(always)]
    fn enter(&mut self, node: &E::Node) -> Result<(), bool> {
        if self.estimate.is_goal(node) {
            return Err(true);
        }
        if let Err(why) = self.budget.expand() {
            self.stopped = Some(Stop::GaveUp(why));
            return Err(false);
        }
        if let Some((watch, item)) = self.watch {
            if let Err(stop) = watch.check(item, self.budget.expanded()) {
                self.stopped = Some(stop);
                return Err(false);
            }
        }
        Ok(())
    }

    /// What the estimate finds ahead of each child the pruner lets through (its memory
    /// asked for before the first child is stepped to, so that the misses overlap).
    #[expect(
        clippy::inline_always,
        reason = "called for every expanded node: inlining is not left to the cost model"
    )]
    #[inline(always)]
    fn look_ahead(&mut self, state: u32) -> [E::Ahead; 4] {
        let (blank, table) = (self.blank, self.table);
        let mut ahead = [E::Ahead::default(); 4];
        for (&(mv, to), ahead) in table.moves[blank].iter().flatten().zip(&mut ahead) {
            if E::LOOKS_AHEAD && table.pruner.step(state, mv).is_some() {
                let to = to as usize;
                let tile = self.board.slide(blank, to);
                *ahead = self.estimate.look_ahead(&self.board, tile);
                self.board.unslide(blank, to, tile);
            }
        }
        ahead
    }

    /// [`Runner::pass`] in the move order: the first path met is the smallest.
    fn dfs(&mut self, g: u32, bound: u32, node: E::Node, state: u32) -> bool {
        if let Err(found) = self.enter(&node) {
            return found;
        }
        let blank = self.blank;
        let table = self.table;
        let ahead = self.look_ahead(state);
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

    /// [`Runner::pass`] with the children within the bound tried by their estimate,
    /// least first (ties in the move order): the child whose estimate fell is most often
    /// on a shortest path, so the last iteration meets one sooner. Every child within
    /// the bound is still searched unless a path is found, so an iteration that finds
    /// none searches the same nodes as [`Runner::dfs`] and proves the same bound.
    fn dfs_by_estimate(&mut self, g: u32, bound: u32, node: E::Node, state: u32) -> bool {
        if let Err(found) = self.enter(&node) {
            return found;
        }
        let blank = self.blank;
        let table = self.table;
        let ahead = self.look_ahead(state);
        // The children within the bound, sorted by estimate as they come (at most four).
        let mut within: [(u32, E::Node, Move, usize, u32); 4] = [(0, node, Move::Left, 0, 0); 4];
        let mut count = 0;
        for (&(mv, to), &ahead) in table.moves[blank].iter().flatten().zip(&ahead) {
            let Some(next_state) = table.pruner.step(state, mv) else {
                continue;
            };
            self.budget.generate();
            let to = to as usize;
            let tile = self.board.slide(blank, to);
            let (child, h) =
                self.estimate
                    .step_ahead(&node, &self.board, tile, to, blank, bound - g - 1, ahead);
            self.board.unslide(blank, to, tile);
            let f = g + 1 + h;
            if f <= bound {
                let mut at = count;
                while at > 0 && within[at - 1].0 > h {
                    within[at] = within[at - 1];
                    at -= 1;
                }
                within[at] = (h, child, mv, to, next_state);
                count += 1;
            } else if f < self.next_bound {
                self.next_bound = f;
            }
        }
        for &(_, child, mv, to, next_state) in &within[..count] {
            let tile = self.board.slide(blank, to);
            self.blank = to;
            self.path.push(mv);
            if self.dfs_by_estimate(g + 1, bound, child, next_state) {
                return true;
            }
            self.path.pop();
            self.board.unslide(blank, to, tile);
            self.blank = blank;
            if self.stopped.is_some() {
                return false;
            }
        }
        false
    }
}
