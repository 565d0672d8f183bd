//! Search algorithms, generic over the problem in the style of the `pathfinding` crate:
//! each is a free function taking the start node and closures for the successors, the
//! heuristic and the goal test, and each is instrumented: it reports nodes expanded,
//! nodes generated, the most nodes held at once, and the time taken, and it gives up
//! cleanly when a [`Limits`] budget runs out.
//!
//! ```
//! use npuzzle::search::{astar, Limits, Outcome};
//!
//! // Shortest path on a number line from 0 to 7, steps of +1, +2 or -1.
//! let search = astar(
//!     &0i32,
//!     |&n| vec![(n + 1, 1), (n + 2, 1), (n - 1, 1)],
//!     |&n| ((7 - n).max(0) as u32).div_ceil(2),
//!     |&n| n == 7,
//!     &Limits::NONE,
//! );
//! let Outcome::Found { path, cost } = search.outcome else { panic!() };
//! assert_eq!((cost, path.first(), path.last()), (4, Some(&0), Some(&7)));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! | function | optimal | memory | notes |
//! |---|---|---|---|
//! | [`bfs`] | yes (unit costs) | all visited nodes | first parent kept: canonical path |
//! | [`bfs_bidirectional`] | yes (unit costs) | both visited sets | needs predecessors |
//! | [`astar`] | yes (admissible heuristic) | visited (closed + open) | re-opens cheaper paths |
//! | [`idastar`] | yes (admissible heuristic) | the current path | re-expands nodes |
//! | [`iddfs`] | yes (unit costs) | the current path | IDA* without a heuristic |
//! | [`all_paths`] | every path of some lengths | the path (and a memo) | lists, does not find |
//!
//! Each `*_with` twin also takes an [`Observer`] told every expansion, iteration, meeting
//! and goal ([`observer`]); the plain functions pass [`Unobserved`], at no cost. The
//! plain BFS, bidirectional BFS and A* keep their visited sets in a [`ShardedMap`].
//!
//! **Limits hold to the clock.** Every search reads the clock (and the [cancel
//! token](crate::util::cancel)) every [`CLOCK_EVERY`] expansions, microseconds of work, and
//! nothing between two reads takes long: the visited sets grow a 256th at a time
//! ([`ShardedMap`]). So a search stops within milliseconds of its time limit, at any size.

mod all_paths;
mod astar;
mod bfs;
mod bidirectional;
mod branching_factor;
mod idastar;
mod node_map;
pub mod observer;
mod sharded_map;

pub use all_paths::all_paths;
pub use astar::{astar, astar_with};
pub use bfs::{bfs, bfs_with};
pub use bidirectional::{bfs_bidirectional, bfs_bidirectional_with};
pub use branching_factor::{effective_branching_factor, effective_branching_factor_of};
pub use idastar::{idastar, idastar_pruned_with, idastar_with, iddfs, iddfs_with};
pub use node_map::{FastHashMap, IndexedMap, NodeMap};
pub use observer::{Event, Expansion, Observer, Side, Unobserved};
pub use sharded_map::{ShardedMap, SHARDS};

use std::fmt;
use std::time::{Duration, Instant};

use crate::util::cancel::CancelToken;
use crate::util::plural::counted;
use crate::util::progress::SharedProgress;

/// Bounds on one search, and where it reports. A search that reaches a bound returns
/// [`Outcome::GaveUp`].
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// Most nodes to expand.
    pub max_expanded: Option<u64>,
    /// Most nodes to hold in memory at once, counted as [`Stats::peak_nodes`] counts
    /// them (visited sets, or the path of a depth-first search).
    pub max_held: Option<u64>,
    /// Most bytes the search's data may take: its maps (at their real capacity, and
    /// with the growth the next insertion would cause), queues and open lists, and the
    /// heap each stored node owns ([`Limits::heap_per_node`]).
    pub max_bytes: Option<u64>,
    /// Longest time to run.
    pub max_time: Option<Duration>,
    /// The heap bytes each stored copy of a node owns beyond its own size (0 for plain
    /// values such as packed boards): how the searches count what they cannot see.
    pub heap_per_node: usize,
    /// Told every second or so, during long searches, what they hold and how fast they
    /// go.
    pub progress: Option<SharedProgress>,
    /// Stops the search from outside once set (see [`crate::util::cancel`]); read as often as
    /// the clock.
    pub cancel: Option<CancelToken>,
}

impl Limits {
    /// No limits at all.
    pub const NONE: Limits = Limits {
        max_expanded: None,
        max_held: None,
        max_bytes: None,
        max_time: None,
        heap_per_node: 0,
        progress: None,
        cancel: None,
    };

    /// Whether [`Limits::cancel`] is set: the work these limits bound should stop.
    #[inline]
    pub fn cancelled(&self) -> bool {
        CancelToken::is_set(self.cancel.as_ref())
    }
}

/// What one search cost.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Stats {
    /// Nodes whose successors were generated.
    pub expanded: u64,
    /// Successors generated (including ones already seen).
    pub generated: u64,
    /// Most nodes held in memory at one time, the same measure for every search: the
    /// distinct nodes it has stored. For the searches that remember what they have seen
    /// (BFS, A*, bidirectional BFS) that is its visited set: every node reached, expanded
    /// (closed) or still waiting (open, queued), each once however many open-list entries
    /// point at it; bidirectional BFS adds its two sides' sets. For the depth-first ones
    /// (IDA*, IDDFS) it is the longest path held, start included, the successor being
    /// tried included. Where an answer combines searches, the largest of theirs. The
    /// bytes behind the nodes, copies and open-list entries included, are
    /// [`Stats::peak_bytes`].
    pub peak_nodes: u64,
    /// Most bytes the search's data took at one time, as it counts them against
    /// [`Limits::max_bytes`] (0 for searches that hold no more than a path).
    #[cfg_attr(feature = "serde", serde(default))]
    pub peak_bytes: u64,
    /// Wall-clock seconds.
    pub seconds: f64,
    /// Seconds spent loading or building the tables the search uses (pattern databases,
    /// the fast IDA*'s move pruners); not part of `seconds`. Zero when there were none.
    #[cfg_attr(feature = "serde", serde(default))]
    pub setup_seconds: f64,
}

impl Stats {
    /// The cost of this work and then `later`: counts and seconds added, peaks the
    /// larger.
    #[must_use]
    pub fn plus(self, later: Stats) -> Stats {
        Stats {
            expanded: self.expanded + later.expanded,
            generated: self.generated + later.generated,
            peak_nodes: self.peak_nodes.max(later.peak_nodes),
            peak_bytes: self.peak_bytes.max(later.peak_bytes),
            seconds: self.seconds + later.seconds,
            setup_seconds: self.setup_seconds + later.setup_seconds,
        }
    }
}

/// Which limit stopped a search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GiveUp {
    /// [`Limits::max_expanded`] reached.
    Expanded(u64),
    /// [`Limits::max_held`] reached.
    Held(u64),
    /// [`Limits::max_time`] reached.
    Time(Duration),
    /// [`Limits::max_bytes`] reached (or a table's build would pass it).
    Memory {
        /// The budget, in bytes.
        budget: u64,
        /// Nodes held when it was reached (0 for a table that was not built).
        held: u64,
    },
    /// [`Limits::cancel`] set: stopped from outside (Ctrl-C, a caller that gave up).
    Interrupted,
}

impl fmt::Display for GiveUp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GiveUp::Expanded(n) => write!(
                f,
                "gave up: node limit of {} reached",
                counted(*n, "expanded node", "expanded nodes")
            ),
            GiveUp::Held(n) => write!(
                f,
                "gave up: memory limit of {} reached",
                counted(*n, "held node", "held nodes")
            ),
            GiveUp::Time(t) => write!(f, "gave up: time limit of {:.3} s reached", t.as_secs_f64()),
            GiveUp::Memory { budget, held } => write!(
                f,
                "gave up: memory budget of {} reached after {} held",
                crate::util::memory::shown(*budget),
                counted(*held, "node", "nodes")
            ),
            GiveUp::Interrupted => write!(f, "gave up: interrupted"),
        }
    }
}

/// How a search ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome<N> {
    /// A path from the start (first) to a goal (last), and its cost.
    Found {
        /// The nodes of the path, start and goal included.
        path: Vec<N>,
        /// The sum of the edge costs along it.
        cost: u32,
    },
    /// The whole reachable space was searched: no goal can be reached.
    Exhausted,
    /// A limit stopped the search first.
    GaveUp(GiveUp),
}

/// A search's outcome with what it cost.
#[derive(Clone, Debug)]
pub struct Search<N> {
    /// How it ended.
    pub outcome: Outcome<N>,
    /// What it cost.
    pub stats: Stats,
    /// The least cost a goal can have, as far as the work the search completed proves it
    /// (with an admissible heuristic, for A* and IDA*): the cost found, when found; when
    /// a limit stopped it, for IDA* and IDDFS the bound of the pass it was in (the pass
    /// before found nothing within its bound), for A* the least `f` it took from its
    /// open list, for BFS the depth it had completed plus 1, for bidirectional BFS the
    /// two sides' completed depths plus 1. A bounded answer reports it, so a search
    /// stopped early still says how far from optimal the best path known may be.
    pub lower_bound: u32,
}

/// Counts the work of one search against its limits, and reports it.
pub(crate) struct Budget {
    limits: Limits,
    started: Instant,
    stats: Stats,
    /// When progress was last reported, and the expansions then.
    reported: Option<(Instant, u64)>,
    /// What the search has proven of a goal's cost ([`Search::lower_bound`]).
    proven: u32,
}

/// How often (in expansions) the clock is read: reading it every node would cost more
/// than the nodes.
pub const CLOCK_EVERY: u64 = 1024;

/// How often a long search reports its progress.
const REPORT_EVERY: Duration = Duration::from_secs(1);

impl Budget {
    pub(crate) fn new(limits: &Limits) -> Budget {
        Budget {
            limits: limits.clone(),
            started: Instant::now(),
            stats: Stats::default(),
            reported: None,
            proven: 0,
        }
    }

    /// Records that no goal costs less than `bound`.
    #[inline]
    pub(crate) fn prove(&mut self, bound: u32) {
        self.proven = self.proven.max(bound);
    }

    /// The heap bytes each stored copy of a node owns.
    #[inline]
    pub(crate) fn heap_per_node(&self) -> usize {
        self.limits.heap_per_node
    }

    /// Records one expansion; fails once a node or time limit is reached.
    #[inline]
    pub(crate) fn expand(&mut self) -> Result<(), GiveUp> {
        // Checked before counting: a search stopped at the limit reports exactly the
        // limit's expansions, not one more.
        if let Some(max) = self.limits.max_expanded {
            if self.stats.expanded >= max {
                return Err(GiveUp::Expanded(max));
            }
        }
        self.stats.expanded += 1;
        if self.stats.expanded % CLOCK_EVERY == 0 {
            if let Some(why) = self.stopped() {
                return Err(why);
            }
            if self.limits.progress.is_some() {
                self.report();
            }
        }
        Ok(())
    }

    /// Whether the search must stop now, not counting nodes: the token set, or the time
    /// up. What [`Budget::expand`] checks every [`CLOCK_EVERY`] nodes, for the work
    /// between expansions that can take long.
    #[cold]
    pub(crate) fn stopped(&self) -> Option<GiveUp> {
        if self.limits.cancelled() {
            return Some(GiveUp::Interrupted);
        }
        let max = self.limits.max_time?;
        (self.started.elapsed() >= max).then_some(GiveUp::Time(max))
    }

    /// Tells the progress receiver, once a [`REPORT_EVERY`], what the search holds.
    #[cold]
    fn report(&mut self) {
        let now = Instant::now();
        let (since, before) = self.reported.unwrap_or((self.started, 0));
        if now.duration_since(since) < REPORT_EVERY {
            return;
        }
        let Some(progress) = &self.limits.progress else {
            return;
        };
        let rate = (self.stats.expanded - before) as f64 / now.duration_since(since).as_secs_f64();
        progress.0.finish();
        progress.0.start(
            &format!(
                "{} nodes expanded, {} held, {}, {:.1} M nodes/s",
                self.stats.expanded,
                self.stats.peak_nodes,
                crate::util::memory::shown(self.stats.peak_bytes),
                rate / 1e6
            ),
            0,
        );
        progress.0.searched(self.stats.expanded, None);
        self.reported = Some((now, self.stats.expanded));
    }

    /// Nodes expanded so far.
    #[inline]
    pub(crate) fn expanded(&self) -> u64 {
        self.stats.expanded
    }

    /// Records one generated successor.
    #[inline]
    pub(crate) fn generate(&mut self) {
        self.stats.generated += 1;
    }

    /// Records how many nodes are held now; fails once the node limit is passed.
    #[inline]
    pub(crate) fn hold(&mut self, held: usize) -> Result<(), GiveUp> {
        let held = held as u64;
        if held > self.stats.peak_nodes {
            self.stats.peak_nodes = held;
            if let Some(max) = self.limits.max_held {
                if held > max {
                    return Err(GiveUp::Held(max));
                }
            }
        }
        Ok(())
    }

    /// Records the nodes held and the bytes their data takes (`bytes` may include what
    /// the next step will allocate, so the search stops before passing the budget); fails
    /// once either limit would be passed.
    #[inline]
    pub(crate) fn hold_bytes(&mut self, held: usize, bytes: usize) -> Result<(), GiveUp> {
        self.hold(held)?;
        let bytes = bytes as u64;
        if let Some(budget) = self.limits.max_bytes {
            if bytes > budget {
                return Err(GiveUp::Memory {
                    budget,
                    held: held as u64,
                });
            }
        }
        self.stats.peak_bytes = self.stats.peak_bytes.max(bytes);
        Ok(())
    }

    pub(crate) fn finish<N>(mut self, outcome: Outcome<N>) -> Search<N> {
        if self.reported.is_some() {
            if let Some(progress) = &self.limits.progress {
                progress.0.finish();
            }
        }
        self.stats.seconds = self.started.elapsed().as_secs_f64();
        let lower_bound = match &outcome {
            Outcome::Found { cost, .. } => *cost,
            _ => self.proven,
        };
        Search {
            outcome,
            stats: self.stats,
            lower_bound,
        }
    }
}

/// How many more entries a map or list is counted as about to take: a search checks its
/// budget once an expansion, and an expansion stores up to this many nodes (a sliding
/// puzzle's node has at most four successors). A structure this close to full is counted
/// with the larger allocation its growth makes beside it.
pub const GROWTH_SLACK: usize = 8;

/// The bytes `capacity` slots of `T` take in a vector (or deque, or heap), and what its
/// growth would allocate beside them when it is within [`GROWTH_SLACK`] of full.
pub(crate) fn vec_bytes<T>(len: usize, capacity: usize) -> usize {
    let slot = std::mem::size_of::<T>();
    let growth = if len + GROWTH_SLACK > capacity {
        (capacity + GROWTH_SLACK).max(4) * 2 * slot
    } else {
        0
    };
    capacity * slot + growth
}

/// Follows parent links from `last` back to the node without a parent; start first.
pub(crate) fn walk_back<N: Clone, V>(
    map: &impl NodeMap<N, V>,
    last: N,
    parent: impl Fn(&V) -> Option<&N>,
) -> Vec<N> {
    let mut path = vec![last];
    while let Some(p) = map.get(path.last().unwrap()).and_then(&parent) {
        path.push(p.clone());
    }
    path.reverse();
    path
}

/// How many parent links lead from `node` back to the node without a parent.
pub(crate) fn links_back<N, V>(
    map: &impl NodeMap<N, V>,
    node: &N,
    parent: impl Fn(&V) -> Option<&N>,
) -> u32 {
    let mut links = 0;
    let mut at = map.get(node).and_then(&parent);
    while let Some(p) = at {
        links += 1;
        at = map.get(p).and_then(&parent);
    }
    links
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    /// An endless graph: the searches below never finish on their own.
    #[expect(
        clippy::trivially_copy_pass_by_ref,
        reason = "the searches hand successors their node by reference"
    )]
    fn endless(n: &u64) -> [u64; 2] {
        let twice = n.wrapping_mul(2);
        [twice.wrapping_add(1), twice.wrapping_add(2)]
    }

    const SEARCHES: [&str; 5] = ["bfs", "bidirectional", "astar", "idastar", "iddfs"];

    /// The search named `name`, run on the endless graph until `limits` stop it.
    fn run(name: &str, limits: &Limits) -> Outcome<u64> {
        let never = |_: &u64| false;
        let weighted = |n: &u64| endless(n).map(|m| (m, 1));
        match name {
            "bfs" => bfs(&0, endless, never, limits).outcome,
            // The other end walks down from the top, one node a layer: the two sides
            // would meet after some 2^63 nodes.
            "bidirectional" => {
                let down = |n: &u64| [n.wrapping_sub(1)];
                bfs_bidirectional(&0, &u64::MAX, endless, down, limits).outcome
            }
            "astar" => astar(&0, weighted, |_| 0, never, limits).outcome,
            "idastar" => idastar(&0, weighted, |_| 0, never, limits).outcome,
            _ => iddfs(&0, endless, never, limits).outcome,
        }
    }

    #[test]
    fn every_search_stops_once_its_token_is_set() {
        for name in SEARCHES {
            // Set before: it stops at its first look.
            let token = CancelToken::new();
            token.cancel();
            let limits = Limits {
                cancel: Some(token),
                ..Limits::NONE
            };
            assert_eq!(
                run(name, &limits),
                Outcome::GaveUp(GiveUp::Interrupted),
                "{name}"
            );
            // Set while it runs, from another thread: it stops (a generous bound only:
            // should the token be missed, the time limit ends the search, and the test
            // fails on the outcome).
            let token = CancelToken::new();
            let limits = Limits {
                cancel: Some(token.clone()),
                max_time: Some(Duration::from_secs(60)),
                ..Limits::NONE
            };
            let started = Instant::now();
            let outcome = std::thread::scope(|scope| {
                scope.spawn(|| {
                    std::thread::sleep(Duration::from_millis(50));
                    token.cancel();
                });
                run(name, &limits)
            });
            assert_eq!(outcome, Outcome::GaveUp(GiveUp::Interrupted), "{name}");
            assert!(started.elapsed() < Duration::from_secs(30), "{name}");
        }
    }
}

#[cfg(test)]
pub(crate) mod test_graphs {
    //! Small graphs with known answers, shared by the algorithms' tests.

    /// A 2-D grid of `w x h` points with walls, 4-neighbour moves of cost 1.
    pub fn grid_successors(
        w: i32,
        h: i32,
        walls: &'static [(i32, i32)],
    ) -> impl Fn(&(i32, i32)) -> Vec<(i32, i32)> {
        move |&(x, y)| {
            [(x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)]
                .into_iter()
                .filter(|&(a, b)| a >= 0 && b >= 0 && a < w && b < h && !walls.contains(&(a, b)))
                .collect()
        }
    }

    /// Walls that make the straight route a dead end: the shortest path from (0,0) to (4,0)
    /// must go around through row 3.
    pub const WALLS: &[(i32, i32)] = &[(2, 0), (2, 1), (2, 2)];

    /// Manhattan distance to (4, 0).
    #[expect(
        clippy::trivially_copy_pass_by_ref,
        reason = "the searches hand a heuristic its node by reference"
    )]
    pub fn to_goal(&(x, y): &(i32, i32)) -> u32 {
        ((4 - x).abs() + y.abs()) as u32
    }
}

#[cfg(test)]
mod lower_bound_tests {
    use super::test_graphs::{grid_successors, to_goal, WALLS};
    use super::*;

    /// Every search, stopped after `n` expansions, from (0, 0) to (4, 0) around the walls.
    fn stopped_after(n: u64) -> [(&'static str, Search<(i32, i32)>); 5] {
        let limits = Limits {
            max_expanded: Some(n),
            ..Limits::NONE
        };
        let next = grid_successors(5, 4, WALLS);
        let weighted = |p: &(i32, i32)| next(p).into_iter().map(|q| (q, 1));
        let goal = |p: &(i32, i32)| *p == (4, 0);
        [
            ("bfs", bfs(&(0, 0), &next, goal, &limits)),
            (
                "bidirectional",
                bfs_bidirectional(&(0, 0), &(4, 0), &next, &next, &limits),
            ),
            ("astar", astar(&(0, 0), weighted, to_goal, goal, &limits)),
            (
                "idastar",
                idastar(&(0, 0), weighted, to_goal, goal, &limits),
            ),
            ("iddfs", iddfs(&(0, 0), &next, goal, &limits)),
        ]
    }

    #[test]
    fn every_search_proves_no_more_than_the_true_cost_and_more_as_it_searches() {
        // The walls make the cheapest path 10 long, against an estimate of 4.
        let mut last = [0u32; 5];
        for n in 0..2_000 {
            for (i, (name, search)) in stopped_after(n).into_iter().enumerate() {
                let lower = search.lower_bound;
                assert!(lower <= 10, "{name} after {n}: {lower}");
                if let Outcome::Found { cost, .. } = search.outcome {
                    assert_eq!((cost, lower), (10, 10), "{name} after {n}");
                }
                // A node limit stops each search at the same place whatever came after,
                // so more nodes never prove less.
                assert!(lower >= last[i], "{name} after {n}: {lower} < {}", last[i]);
                last[i] = lower;
            }
        }
        assert_eq!(last, [10; 5]);
    }

    #[test]
    fn stopped_searches_prove_what_they_completed() {
        let line = |&n: &u32| [n + 1];
        let limits = |n| Limits {
            max_expanded: Some(n),
            ..Limits::NONE
        };
        // Nodes 0, 1 and 2 expanded: every node within 3 moves generated, none the goal.
        assert_eq!(bfs(&0, line, |&n| n == 50, &limits(3)).lower_bound, 4);
        // Four layers of one expansion each (the sides are alike: all forward) meet nothing.
        let back = |&n: &u32| [n.saturating_sub(1)];
        let two_sided = bfs_bidirectional(&0, &50, line, back, &limits(4));
        assert_eq!(two_sided.lower_bound, 5);
        // IDDFS's passes to depths 0, 1 and 2 cost 1, 2 and 3 expansions: the fourth pass
        // (depth 3) is under way after 6.
        assert_eq!(iddfs(&0, line, |&n| n == 50, &limits(7)).lower_bound, 3);
        let weighted = |&n: &u32| [(n + 1, 2)];
        // A* takes 0, 1, 2 (f = 2n + estimate): the next it would expand has f = 6 + 20.
        let a = astar(&0, weighted, |&n| 50 - n, |&n| n == 50, &limits(3));
        assert_eq!(a.lower_bound, 6 + 47);
        // IDA*'s pass of bound 50 + k expands k + 1 nodes: 3 complete two, the third
        // (bound 52) is under way.
        let i = idastar(&0, weighted, |&n| 50 - n, |&n| n == 50, &limits(3));
        assert_eq!(i.lower_bound, 52);
    }
}
