//! IDA* in the multi-tile metric for boards of at most 16 cells with sides of at most 6:
//! one move is the blank jumping one or more cells along its row or column.
//!
//! ```
//! use npuzzle::fast_idastar::multi_tile::search;
//! use npuzzle::tables::walking_distance::WalkingDistance;
//! use npuzzle::{parse_board, parse_moves, Board, Metric, RunSettings};
//!
//! let start = parse_board("0 1 2/4 5 3/7 8 6", None)?;
//! let goal = Board::goal(start.size());
//! let walking = WalkingDistance::new(&goal).expect("sides of at most 6");
//! let (moves, _stats) = search(&start, &goal, &walking, &RunSettings::default());
//! let moves = moves.expect("no limits were set");
//! assert_eq!(moves, parse_moves("rrdd")?);
//! assert_eq!(Metric::MultiTile.length(&moves), 2);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! The answer is the canonical one of the metric ([`crate::puzzle::metric`]): moves are
//! tried in the order of [`RunSettings::order`], each direction's jumps shortest first,
//! and two moves along one axis in a row are never tried (an optimal answer has none:
//! they make one move or none), so the first path found within the optimal bound is the
//! smallest optimal one, on any number of threads. The estimate is updated tile by tile
//! as a jump slides them ([`JumpEstimate`]).

mod count;
mod estimates;
mod jump_pruner;
mod list;
mod parallel;

pub use count::count_optimal;
pub use estimates::{ColouredEstimate, ColouredNode, MAX_COLOURED_DATABASES};
pub use list::list_optimal;

use std::sync::Arc;
use std::time::Instant;

use crate::fast_idastar::RunSettings;
use crate::puzzle::board::{Board, Move};
use crate::puzzle::metric::Metric;
use crate::puzzle::move_order::MoveOrder;
use crate::search::{Budget, GiveUp, Limits, Outcome, Stats};
use crate::tables::walking_distance::{WalkingDistance, WalkingState};

use jump_pruner::{pruned_jump_length, JumpPruner};

/// The most cells a board may have.
pub const MAX_JUMP_CELLS: usize = 16;
/// The longest side a board may have: the walking distance's
/// ([`crate::tables::walking_distance::MAX_WALKING_SIDE`]).
pub const MAX_JUMP_SIDE: usize = crate::tables::walking_distance::MAX_WALKING_SIDE;

/// An admissible estimate of the multi-tile distance, updated tile by tile.
pub trait JumpEstimate: Sync {
    /// What a node carries so that the next estimate is cheap.
    type Node: Copy + Send + Sync;
    /// The node of the board whose tiles are `cells` (row-major, `0` the blank).
    fn init(&self, cells: &[u8]) -> Self::Node;
    /// The node after `tile` slid one cell from `from` to `to`, where the blank was.
    fn slid(&self, node: &Self::Node, tile: u8, from: usize, to: usize) -> Self::Node;
    /// A lower bound on the multi-tile moves left.
    fn value(&self, node: &Self::Node) -> u32;
    /// The estimate, or any number above `limit` when it is above it (an estimate that
    /// is a maximum may stop reading its parts there).
    #[inline]
    fn value_within(&self, node: &Self::Node, limit: u32) -> u32 {
        let _ = limit;
        self.value(node)
    }
    /// [`JumpEstimate::value_within`] of several nodes into `values`: an estimate that
    /// reads large tables reads them for all the nodes at once, so that their cache
    /// misses overlap.
    #[inline]
    fn values_within(&self, nodes: &[Self::Node], limit: u32, values: &mut [u32]) {
        for (node, value) in nodes.iter().zip(values) {
            *value = self.value_within(node, limit);
        }
    }
    /// What this estimate is called in reports.
    fn name(&self) -> String;
}

impl JumpEstimate for WalkingDistance {
    type Node = WalkingState;
    fn init(&self, cells: &[u8]) -> WalkingState {
        self.state(cells)
    }
    #[inline]
    fn slid(&self, node: &WalkingState, tile: u8, from: usize, to: usize) -> WalkingState {
        WalkingDistance::slid(self, *node, tile, from, to)
    }
    #[inline]
    fn value(&self, node: &WalkingState) -> u32 {
        WalkingDistance::value(self, *node)
    }
    fn name(&self) -> String {
        "walking-distance".into()
    }
}

/// Runs IDA* in the multi-tile metric from `start` to `goal`, which `estimate` must
/// have been made for. Returns the blank's steps of the canonical optimal answer (a jump
/// of `k` cells is `k` equal steps), or why it gave up. With more than one thread
/// ([`RunSettings::thread_count`]) and no node limit, each iteration deeper than three
/// moves is shared by the threads, which take the subtrees three moves down in the
/// canonical order; the answer is the same. The start must be solvable, or only a limit stops the search.
///
/// # Panics
/// When the board has more than [`MAX_JUMP_CELLS`] cells or a side longer than
/// [`MAX_JUMP_SIDE`], or the goal has another size.
pub fn search<E: JumpEstimate>(
    start: &Board,
    goal: &Board,
    estimate: &E,
    settings: &RunSettings,
) -> (Result<Vec<Move>, GiveUp>, Stats) {
    search_pruned(start, goal, estimate, settings, pruned_jump_length)
}

/// [`search`] with the move pruning's words as long as `pruning` says, given the nodes
/// expanded so far (none: no pruning); the tests prune from the first node.
fn search_pruned<E: JumpEstimate>(
    start: &Board,
    goal: &Board,
    estimate: &E,
    settings: &RunSettings,
    pruning: fn(u64) -> Option<usize>,
) -> (Result<Vec<Move>, GiveUp>, Stats) {
    let began = Instant::now();
    let mut walk = Walk::new(start, goal, estimate, &settings.limits, settings.order);
    let mut pruned_length = None;
    let root = Place::of(start, estimate);
    let mut bound = estimate.value(&root.node);
    // A node limit is one count, which threads would each keep: it runs serially.
    let threads = settings.thread_count();
    let parallel = threads > 1 && settings.limits.max_expanded.is_none();
    let mut shared = Stats::default();
    let outcome = loop {
        if let Some(proven) = &settings.proven {
            proven.raise(bound);
        }
        if let Some(progress) = &settings.progress {
            let expanded = walk.budget.expanded() + shared.expanded;
            progress.0.finish();
            progress.0.start(
                &format!("multi-tile IDA*: bound {bound}, {expanded} nodes expanded so far"),
                0,
            );
            progress.0.searched(expanded, Some(bound));
        }
        walk.next_bound = u32::MAX;
        let length = pruning(walk.budget.expanded() + shared.expanded);
        if length != pruned_length {
            pruned_length = length;
            walk.expander.pruner =
                length.map(|length| JumpPruner::shared(settings.order, length, start.size()));
        }
        if parallel && bound > parallel::SPLIT {
            let (found, stats) =
                parallel::iteration(&mut walk, root, bound, threads, &settings.limits);
            shared = shared.plus(stats);
            match found {
                parallel::Iteration::Found(path) => {
                    // The path held its moves and the start, as the serial search's does.
                    let moves = Metric::MultiTile.length(&path);
                    let _ = walk.budget.hold(moves + 1);
                    break Ok(path);
                }
                parallel::Iteration::Stopped(why) => break Err(why),
                parallel::Iteration::Exceeded(u32::MAX) => {
                    break Err(GiveUp::Expanded(walk.budget.expanded() + shared.expanded))
                }
                parallel::Iteration::Exceeded(next) => {
                    bound = next;
                    continue;
                }
            }
        }
        if walk.dfs(0, bound, root) {
            let _ = walk.budget.hold(walk.jumps.len() + 1);
            break Ok(walk.path());
        }
        if let Some(why) = walk.stopped.take() {
            break Err(why);
        }
        if walk.next_bound == u32::MAX {
            // Nothing left beyond the bound: the goal is out of reach.
            break Err(GiveUp::Expanded(walk.budget.expanded()));
        }
        bound = walk.next_bound;
    };
    if let Some(progress) = &settings.progress {
        progress.0.finish();
    }
    let mut stats = walk
        .budget
        .finish(Outcome::<()>::Exhausted)
        .stats
        .plus(shared);
    stats.seconds = began.elapsed().as_secs_f64();
    (outcome, stats)
}

/// The most children a node has: the blank jumps to any other cell of its row or column,
/// and on a board of at most 16 cells with sides of at most 6 (4x4, 5x3, 6x2) those are
/// at most 6.
const MAX_CHILDREN: usize = 6;

/// No move made yet: either axis may come next.
const NO_AXIS: u8 = 2;

fn axis(mv: Move) -> u8 {
    u8::from(matches!(mv, Move::Up | Move::Down))
}

/// A board packed four bits a cell (cell 0 lowest): what the search passes down by value,
/// so that no move has to be taken back.
type Packed = u64;

fn pack(board: &Board) -> Packed {
    board
        .cells()
        .iter()
        .enumerate()
        .fold(0, |packed, (cell, &tile)| {
            packed | (Packed::from(tile) << (4 * cell))
        })
}

/// Where the search stands: the board, its blank, the estimate's node, the estimate,
/// the axis of the last move and the move pruner's state.
#[derive(Clone, Copy)]
pub(super) struct Place<N> {
    board: Packed,
    blank: u8,
    node: N,
    h: u32,
    last_axis: u8,
    pruned: u16,
}

impl<N: Copy> Place<N> {
    /// The start of a search, before any move.
    fn of<E: JumpEstimate<Node = N>>(start: &Board, estimate: &E) -> Place<N> {
        let cells: Vec<u8> = start.cells().iter().map(|&t| t as u8).collect();
        let node = estimate.init(&cells);
        Place {
            board: pack(start),
            blank: start.blank() as u8,
            node,
            h: estimate.value(&node),
            last_axis: NO_AXIS,
            pruned: JumpPruner::START,
        }
    }
}

/// What a search makes children with: the estimate, the move order and the blank's
/// rays.
pub(super) struct Expander<'a, E: JumpEstimate> {
    estimate: &'a E,
    order: MoveOrder,
    /// `rays[cell][i]`: the cells the blank passes going `order[i]` from `cell`, nearest
    /// first, and how many there are.
    rays: Vec<[([u8; MAX_JUMP_SIDE - 1], u8); 4]>,
    /// The move pruning of a search for one answer; none where every optimal answer is
    /// wanted (counting, listing).
    pruner: Option<Arc<JumpPruner>>,
}

/// One depth-first search: what it searches with and what it has found.
pub(super) struct Walk<'a, E: JumpEstimate> {
    expander: Expander<'a, E>,
    goal: Packed,
    budget: Budget,
    /// The moves made, as (index in the order, cells jumped).
    jumps: Vec<(u8, u8)>,
    /// `frames[g]`: the children of the node `g` moves deep on the current path, kept
    /// from node to node: made afresh in each, their copies cost a tenth of the search.
    frames: Vec<Children<E::Node>>,
    next_bound: u32,
    stopped: Option<GiveUp>,
}

impl<'a, E: JumpEstimate> Walk<'a, E> {
    fn new(
        start: &Board,
        goal: &Board,
        estimate: &'a E,
        limits: &Limits,
        order: MoveOrder,
    ) -> Walk<'a, E> {
        let size = start.size();
        assert!(
            size.width() <= MAX_JUMP_SIDE
                && size.height() <= MAX_JUMP_SIDE
                && size.cells() <= MAX_JUMP_CELLS,
            "at most 16 cells, sides of at most 6"
        );
        assert_eq!(goal.size(), size, "the goal has the start's size");
        let rays = (0..size.cells())
            .map(|cell| {
                order.moves().map(|mv| {
                    let mut ray = ([0u8; MAX_JUMP_SIDE - 1], 0u8);
                    let mut at = cell;
                    while let Some(next) = size.step(at, mv) {
                        ray.0[usize::from(ray.1)] = next as u8;
                        ray.1 += 1;
                        at = next;
                    }
                    ray
                })
            })
            .collect();
        Walk {
            expander: Expander {
                estimate,
                order,
                rays,
                pruner: None,
            },
            goal: pack(goal),
            budget: Budget::new(limits),
            jumps: Vec::with_capacity(128),
            frames: Vec::with_capacity(128),
            next_bound: u32::MAX,
            stopped: None,
        }
    }

    /// The blank's steps of the moves made.
    fn path(&self) -> Vec<Move> {
        self.jumps
            .iter()
            .flat_map(|&(direction, length)| {
                let mv = self.expander.order[usize::from(direction)];
                std::iter::repeat_n(mv, usize::from(length))
            })
            .collect()
    }

    /// Fills `frames[g]` with the children of `place`, `g` moves deep (see
    /// [`Expander::children`]), making the frame the first time the search is that deep.
    #[inline]
    fn expand(&mut self, g: u32, place: &Place<E::Node>, limit: u32) {
        let depth = g as usize;
        while self.frames.len() <= depth {
            self.frames.push(Children::of(place.node));
        }
        self.expander
            .children(place, limit, &mut self.frames[depth]);
    }

    /// Depth-first below `place` (within the bound, `g` moves made); `true` once the goal
    /// is found, leaving its moves in `jumps`.
    fn dfs(&mut self, g: u32, bound: u32, place: Place<E::Node>) -> bool {
        if place.h == 0 && place.board == self.goal {
            return true;
        }
        if let Err(why) = self.budget.expand() {
            self.stopped = Some(why);
            return false;
        }
        self.expand(g, &place, bound - g - 1);
        let depth = g as usize;
        for i in 0..self.frames[depth].count {
            self.budget.generate();
            let children = &self.frames[depth];
            let total = g + 1 + children.values[i];
            if total > bound {
                self.next_bound = self.next_bound.min(total);
                continue;
            }
            let child = children.place(i, self.expander.order);
            self.jumps.push(children.jumps[i]);
            if self.dfs(g + 1, bound, child) {
                return true;
            }
            self.jumps.pop();
            if self.stopped.is_some() {
                return false;
            }
        }
        false
    }
}

impl<E: JumpEstimate> Expander<'_, E> {
    /// Every child of `place` in the canonical order, with their estimates read at once,
    /// those above `limit` possibly only as "above".
    #[inline]
    fn children(&self, place: &Place<E::Node>, limit: u32, children: &mut Children<E::Node>) {
        let blank = usize::from(place.blank);
        children.count = 0;
        for i in 0..4 {
            let mv_axis = axis(self.order[i]);
            if mv_axis == place.last_axis {
                continue;
            }
            let (ray, len) = self.rays[blank][i];
            let mut board = place.board;
            let mut node = place.node;
            let mut hole = blank;
            for (k, &cell) in ray[..usize::from(len)].iter().enumerate() {
                let cell = usize::from(cell);
                let tile = ((board >> (4 * cell)) & 0xF) as u8;
                board ^= (Packed::from(tile) << (4 * cell)) | (Packed::from(tile) << (4 * hole));
                node = self.estimate.slid(&node, tile, cell, hole);
                hole = cell;
                let pruned = match &self.pruner {
                    Some(pruner) => match pruner.step(place.pruned, i, k + 1) {
                        Some(state) => state,
                        None => continue,
                    },
                    None => 0,
                };
                children.pruned[children.count] = pruned;
                children.nodes[children.count] = node;
                children.boards[children.count] = (board, cell as u8);
                children.jumps[children.count] = (i as u8, k as u8 + 1);
                children.count += 1;
            }
        }
        self.estimate.values_within(
            &children.nodes[..children.count],
            limit,
            &mut children.values[..children.count],
        );
    }
}

/// The children of one node: their estimate nodes, boards and blanks, jumps (direction
/// index in the order, cells) and estimates; the first `count` are set.
struct Children<N> {
    nodes: [N; MAX_CHILDREN],
    pruned: [u16; MAX_CHILDREN],
    boards: [(Packed, u8); MAX_CHILDREN],
    jumps: [(u8, u8); MAX_CHILDREN],
    values: [u32; MAX_CHILDREN],
    count: usize,
}

impl<N: Copy> Children<N> {
    /// None yet, below a node whose estimate node is `node`.
    #[inline]
    fn of(node: N) -> Children<N> {
        Children {
            nodes: [node; MAX_CHILDREN],
            pruned: [0; MAX_CHILDREN],
            boards: [(0, 0); MAX_CHILDREN],
            jumps: [(0, 0); MAX_CHILDREN],
            values: [0; MAX_CHILDREN],
            count: 0,
        }
    }

    /// Where child `i` stands, the moves tried in `order`.
    #[inline]
    fn place(&self, i: usize, order: MoveOrder) -> Place<N> {
        let (board, blank) = self.boards[i];
        Place {
            board,
            blank,
            node: self.nodes[i],
            h: self.values[i],
            last_axis: axis(order[usize::from(self.jumps[i].0)]),
            pruned: self.pruned[i],
        }
    }
}

#[cfg(test)]
mod tests;
