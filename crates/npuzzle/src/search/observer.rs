//! What a search did, told as it happens: the hook through which every generic search
//! reports its expansions, its new iterations, the meeting of two frontiers and the goal.
//!
//! A search takes an [`Observer`] as a generic parameter; the plain entry points
//! ([`super::bfs`], [`super::astar`], …) pass [`Unobserved`], whose methods do nothing
//! and whose [`Observer::ACTIVE`] is `false`, so the compiler removes every report and
//! the work of preparing it: a search nobody watches runs as fast as before the hook.
//!
//! ```
//! use npuzzle::search::{bfs_with, Event, FastHashMap, Limits, Observer};
//!
//! /// Keeps the nodes in the order they were expanded.
//! struct Order(Vec<u32>);
//! impl Observer<u32> for Order {
//!     fn event(&mut self, event: &Event<'_, u32>) {
//!         if let Event::Expand(e) = event {
//!             self.0.push(*e.node);
//!         }
//!     }
//! }
//! let mut order = Order(Vec::new());
//! let next = |&n: &u32| vec![n + 1, n * 2];
//! bfs_with(&1, next, |&n| n == 6, &Limits::NONE, FastHashMap::default(), &mut order);
//! assert_eq!(order.0, [1, 2, 3]); // 6 is generated from 3: 4 is never expanded
//! ```

/// Which end a bidirectional search is expanding from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    /// From the start, along successors.
    Forward,
    /// From the goal, along predecessors.
    Backward,
}

impl Side {
    /// `forward` or `backward`.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Side::Forward => "forward",
            Side::Backward => "backward",
        }
    }
}

/// One node taken up to have its successors generated.
#[derive(Debug)]
pub struct Expansion<'a, N> {
    /// The node.
    pub node: &'a N,
    /// The node it was reached from (`None` for the start, or a bidirectional search's
    /// two ends).
    pub parent: Option<&'a N>,
    /// The cost of reaching it (from its side's end, for a bidirectional search).
    pub g: u32,
    /// The estimate of the cost left (0 for searches without one).
    pub h: u32,
    /// Its depth in the search: moves from the start (or its side's end).
    pub depth: u32,
    /// The bound of the current iteration (IDA*, IDDFS); `None` for the others.
    pub bound: Option<u32>,
    /// The side expanding, for a bidirectional search.
    pub side: Option<Side>,
    /// Nodes waiting to be expanded when this one was taken: the queue (BFS), the two
    /// frontiers (bidirectional BFS), the open list with its stale entries (A*), the
    /// current path (IDA*, IDDFS).
    pub frontier: usize,
}

// By hand: derived, they would ask `N: Copy`, and only references to nodes are held.
impl<N> Clone for Expansion<'_, N> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<N> Copy for Expansion<'_, N> {}

impl<N> Expansion<'_, N> {
    /// `g + h`.
    #[must_use]
    pub fn f(&self) -> u32 {
        self.g.saturating_add(self.h)
    }
}

/// Something a search did.
#[derive(Debug)]
pub enum Event<'a, N> {
    /// A node expanded.
    Expand(Expansion<'a, N>),
    /// A new depth-first pass of IDA* or IDDFS, under this bound on `f` (the depth, for
    /// IDDFS).
    Iteration {
        /// The pass's bound.
        bound: u32,
    },
    /// The two frontiers of a bidirectional search met, at the node of the shortest path
    /// through both.
    Meet {
        /// The node seen by both sides.
        node: &'a N,
        /// Its distance from the start.
        forward: u32,
        /// Its distance from the goal.
        backward: u32,
    },
    /// A goal reached: the search ends with a path to it.
    Goal {
        /// The goal node.
        node: &'a N,
        /// The node it was reached from (`None` when the start is the goal).
        parent: Option<&'a N>,
        /// The cost of the path.
        g: u32,
    },
}

impl<N> Clone for Event<'_, N> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<N> Copy for Event<'_, N> {}

/// Told of each [`Event`] of a search, in the order they happen.
pub trait Observer<N> {
    /// Whether anyone listens: when `false`, searches skip preparing the events (such as
    /// walking parent links back to count a depth).
    const ACTIVE: bool = true;

    /// Told one event.
    fn event(&mut self, event: &Event<'_, N>);
}

/// The observer of a search nobody watches.
#[derive(Clone, Copy, Debug, Default)]
pub struct Unobserved;

impl<N> Observer<N> for Unobserved {
    const ACTIVE: bool = false;

    #[inline(always)]
    fn event(&mut self, _event: &Event<'_, N>) {}
}
