//! IDA* in the multi-tile metric for boards of at most 16 cells: one move is the blank
//! jumping one or more cells along its row or column.
//!
//! ```
//! use npuzzle::fast_idastar::multi_tile::search;
//! use npuzzle::tables::walking_distance::WalkingDistance;
//! use npuzzle::{parse_board, parse_moves, Board, Metric, RunSettings};
//!
//! let start = parse_board("0 1 2/4 5 3/7 8 6", None)?;
//! let goal = Board::goal(start.size());
//! let walking = WalkingDistance::new(&goal).expect("sides of at most 4");
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
mod parallel;

pub use count::count_optimal;
pub use estimates::{ColouredEstimate, ColouredNode};

use std::time::Instant;

use crate::answer::options::RunSettings;
use crate::puzzle::board::{Board, Move, Size};
use crate::search::{Budget, GiveUp, Limits, Outcome, Stats};
use crate::tables::walking_distance::{WalkingDistance, WalkingState};

/// The most cells a board may have.
pub const MAX_JUMP_CELLS: usize = 16;

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
/// When the board has more than [`MAX_JUMP_CELLS`] cells or the goal another size.
pub fn search<E: JumpEstimate>(
    start: &Board,
    goal: &Board,
    estimate: &E,
    settings: &RunSettings,
) -> (Result<Vec<Move>, GiveUp>, Stats) {
    let began = Instant::now();
    let mut walk = Walk::new(start, goal, estimate, &settings.limits, settings.order);
    let root = estimate.init(&walk.cells[..walk.size.cells()]);
    let mut bound = estimate.value(&root);
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
        if parallel && bound > parallel::SPLIT {
            let h = estimate.value(&root);
            let (found, stats) =
                parallel::iteration(&mut walk, root, h, bound, threads, &settings.limits);
            shared = shared.plus(stats);
            match found {
                parallel::Iteration::Found(path) => break Ok(path),
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
        if walk.dfs(0, bound, root, estimate.value(&root), NO_AXIS) {
            let _ = walk.budget.hold(walk.path.len() + 1);
            break Ok(std::mem::take(&mut walk.path));
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

/// No move made yet: either axis may come next.
const NO_AXIS: u8 = 2;

fn axis(mv: Move) -> u8 {
    u8::from(matches!(mv, Move::Up | Move::Down))
}

/// One depth-first search: the board it edits in place and what it has found.
pub(super) struct Walk<'a, E: JumpEstimate> {
    estimate: &'a E,
    size: Size,
    cells: [u8; MAX_JUMP_CELLS],
    goal: [u8; MAX_JUMP_CELLS],
    blank: usize,
    order: [Move; 4],
    /// `rays[cell][i]`: the cells the blank passes going `order[i]` from `cell`, nearest
    /// first, and how many there are.
    rays: Vec<[([u8; 3], u8); 4]>,
    budget: Budget,
    path: Vec<Move>,
    next_bound: u32,
    stopped: Option<GiveUp>,
}

impl<'a, E: JumpEstimate> Walk<'a, E> {
    fn new(
        start: &Board,
        goal: &Board,
        estimate: &'a E,
        limits: &Limits,
        order: [Move; 4],
    ) -> Walk<'a, E> {
        let size = start.size();
        assert!(size.cells() <= MAX_JUMP_CELLS, "at most 16 cells");
        assert_eq!(goal.size(), size, "the goal has the start's size");
        let pack = |board: &Board| {
            let mut cells = [0u8; MAX_JUMP_CELLS];
            for (cell, &tile) in board.cells().iter().enumerate() {
                cells[cell] = tile as u8;
            }
            cells
        };
        let rays = (0..size.cells())
            .map(|cell| {
                order.map(|mv| {
                    let mut ray = ([0u8; 3], 0u8);
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
            estimate,
            size,
            cells: pack(start),
            goal: pack(goal),
            blank: start.blank(),
            order,
            rays,
            budget: Budget::new(limits),
            path: Vec::with_capacity(256),
            next_bound: u32::MAX,
            stopped: None,
        }
    }

    /// Every child of `node` (the blank in `self.blank`; the last move along
    /// `last_axis`) in the canonical order, with their estimates read at once, those
    /// above `limit` possibly only as "above".
    /// Filled into `children`, a local of the caller: returned by value, the twelve
    /// nodes were copied once more a node, measured a fifth slower.
    #[inline]
    fn children(&self, node: E::Node, last_axis: u8, limit: u32, children: &mut Children<E::Node>) {
        let blank = self.blank;
        for i in 0..4 {
            if axis(self.order[i]) == last_axis {
                continue;
            }
            let (ray, len) = self.rays[blank][i];
            let mut cells = self.cells;
            let mut child = node;
            let mut hole = blank;
            for (k, &cell) in ray[..usize::from(len)].iter().enumerate() {
                let cell = usize::from(cell);
                let tile = cells[cell];
                cells[hole] = tile;
                cells[cell] = 0;
                child = self.estimate.slid(&child, tile, cell, hole);
                hole = cell;
                children.nodes[children.count] = child;
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

    /// Jumps the blank `length` cells along `order[direction]`, the path extended;
    /// returns what [`Walk::take_back`] needs to undo it.
    #[inline]
    fn jump(&mut self, direction: u8, length: u8) -> ([u8; MAX_JUMP_CELLS], usize, usize) {
        let undo = (self.cells, self.blank, self.path.len());
        let mv = self.order[usize::from(direction)];
        let mut hole = self.blank;
        for &cell in &self.rays[hole][usize::from(direction)].0[..usize::from(length)] {
            let cell = usize::from(cell);
            self.cells[hole] = self.cells[cell];
            self.cells[cell] = 0;
            hole = cell;
        }
        self.path
            .extend(std::iter::repeat_n(mv, usize::from(length)));
        self.blank = hole;
        undo
    }

    /// Undoes a [`Walk::jump`].
    #[inline]
    fn take_back(&mut self, (cells, blank, depth): ([u8; MAX_JUMP_CELLS], usize, usize)) {
        self.cells = cells;
        self.blank = blank;
        self.path.truncate(depth);
    }

    /// Depth-first below `node` (estimate `h`, within the bound, `g` moves made, the last
    /// along `last_axis`); `true` once the goal is found, leaving its steps in `path`.
    fn dfs(&mut self, g: u32, bound: u32, node: E::Node, h: u32, last_axis: u8) -> bool {
        if h == 0 && self.cells == self.goal {
            return true;
        }
        if let Err(why) = self.budget.expand() {
            self.stopped = Some(why);
            return false;
        }
        let mut children = Children::of(node);
        self.children(node, last_axis, bound - g - 1, &mut children);
        for i in 0..children.count {
            self.budget.generate();
            let (estimate, (direction, length)) = (children.values[i], children.jumps[i]);
            let total = g + 1 + estimate;
            if total > bound {
                self.next_bound = self.next_bound.min(total);
                continue;
            }
            let undo = self.jump(direction, length);
            let mv = self.order[usize::from(direction)];
            if self.dfs(g + 1, bound, children.nodes[i], estimate, axis(mv)) {
                return true;
            }
            self.take_back(undo);
            if self.stopped.is_some() {
                return false;
            }
        }
        false
    }
}

/// The children of one node: their estimate nodes, jumps (direction index in the order,
/// cells) and estimates; the first `count` are set.
struct Children<N> {
    nodes: [N; 12],
    jumps: [(u8, u8); 12],
    values: [u32; 12],
    count: usize,
}

impl<N: Copy> Children<N> {
    /// None yet, below `node`.
    #[inline]
    fn of(node: N) -> Children<N> {
        Children {
            nodes: [node; 12],
            jumps: [(0, 0); 12],
            values: [0; 12],
            count: 0,
        }
    }
}

#[cfg(test)]
mod tests;
