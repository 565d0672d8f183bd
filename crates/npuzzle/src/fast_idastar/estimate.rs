//! The estimates the fast IDA* updates move by move.

#![expect(
    clippy::inline_always,
    reason = "called for every generated node of the search: inlining is not left to the cost model"
)]

use super::FastBoard;

/// An admissible estimate that the fast search updates move by move.
pub trait Estimate: Sync {
    /// What a node carries so that the next estimate is cheap (small and `Copy`: it lives
    /// in the search's stack frames, which is where "undo" comes from).
    type Node: Copy + Send + Sync;
    /// What [`Estimate::look_ahead`] finds of a child before the search steps to it.
    type Ahead: Copy + Default;
    /// Whether [`Estimate::look_ahead`] finds anything: the search looks ahead only then.
    const LOOKS_AHEAD: bool = false;
    /// The node data of a whole board.
    fn init(&self, board: &FastBoard) -> Self::Node;
    /// The node data after `tile` slid from `from` to `to`; `board` is already updated.
    fn step(
        &self,
        node: &Self::Node,
        board: &FastBoard,
        tile: u8,
        from: usize,
        to: usize,
    ) -> Self::Node;
    /// [`Estimate::step`] for a child the search keeps only if its estimate is at most
    /// `limit`; returns the node and its estimate. An estimate that is a maximum of
    /// several may stop once one part exceeds `limit` (the node, then discarded, need not
    /// be complete).
    #[inline(always)]
    fn step_within(
        &self,
        node: &Self::Node,
        board: &FastBoard,
        tile: u8,
        from: usize,
        to: usize,
        limit: u32,
    ) -> (Self::Node, u32) {
        let _ = limit;
        let next = self.step(node, board, tile, from, to);
        let value = self.value(&next);
        (next, value)
    }
    /// [`Estimate::step_within`] with what [`Estimate::look_ahead`] found for this
    /// child.
    #[inline(always)]
    #[expect(
        clippy::too_many_arguments,
        reason = "step_within's, and what was found ahead"
    )]
    fn step_ahead(
        &self,
        node: &Self::Node,
        board: &FastBoard,
        tile: u8,
        from: usize,
        to: usize,
        limit: u32,
        ahead: Self::Ahead,
    ) -> (Self::Node, u32) {
        let _ = ahead;
        self.step_within(node, board, tile, from, to, limit)
    }
    /// What a child's lookup needs of its board alone (`tile` slid, `board` already
    /// updated), with the memory it will read asked for: the search looks ahead at every
    /// child of a node before it steps to the first, so that their cache misses overlap,
    /// and gives each its own back in [`Estimate::step_ahead`]. An estimate that reads no
    /// large table finds nothing.
    #[inline(always)]
    fn look_ahead(&self, board: &FastBoard, tile: u8) -> Self::Ahead {
        let _ = (board, tile);
        Self::Ahead::default()
    }
    /// The estimate of the node: a lower bound on the moves left.
    fn value(&self, node: &Self::Node) -> u32;
    /// What a beam orders a layer's boards by, least first: the estimate itself, unless
    /// the estimate carries a ranking of its own (a learned one, which need not be a
    /// bound: the beam bounds by [`Estimate::value`] still).
    #[inline(always)]
    fn rank(&self, node: &Self::Node) -> u32 {
        self.value(node)
    }
    /// Whether the node is the goal (every tile home).
    fn is_goal(&self, node: &Self::Node) -> bool;
    /// What this estimate is called in reports.
    fn name(&self) -> String;
}
