//! Every path to a goal, not only the first: depth-first passes at each length of a
//! range, shortest first, each in the order of the successors, pruned by an admissible
//! heuristic (as [`super::idastar`] prunes its last pass).
//!
//! A listed path is *simple* (no node twice) and ends at its first goal: a path through
//! a node twice, or past a goal, only pads a shorter one. `pruned(parent, node, child)`
//! cuts more of them (a move back, a move on along the line just moved).
//!
//! At the shortest length a memo makes the pass cheap whatever the number of paths: a
//! node `k` steps along a shortest path is `k` steps from the start on every shortest path
//! through it, so a node reached again at more steps lies on none, and one found once
//! to lead nowhere at `k` steps leads nowhere again. The memo stops growing at the
//! limits' node and byte budgets; the pass goes on without it, correct but slower. Longer
//! lengths have no such shortcut and no memo: the heuristic alone prunes them.

use std::collections::HashSet;
use std::hash::{BuildHasherDefault, Hash};
use std::ops::{ControlFlow, RangeInclusive};

use super::{Budget, FastHashMap, GiveUp, Limits, NodeMap, Outcome, Stats};

/// Calls `visit` with every simple path of unit-cost steps from `start` to a goal whose
/// length lies in `lengths`: shorter ones first, those of one length in the order of
/// `successors` (so the first is the one [`super::idastar`] finds with the same closures).
///
/// - `successors`: the neighbours of a node, in the order paths should be listed.
/// - `heuristic`: a lower bound on the steps from a node to a goal (admissible); a
///   consistent one is not needed.
/// - `success`: whether a node is a goal.
/// - `pruned(parent, node, child)`: whether a path need not go on from `node` to `child`
///   having come from `parent`. It must cut no shortest path.
/// - `lengths`: the lengths listed. Its start must not exceed the shortest path's length
///   (the memo of the shortest pass relies on it; 0 is always safe, at the cost of
///   passes that find nothing).
/// - `visit`: told each path, start first; [`ControlFlow::Break`] stops the listing.
///
/// Returns whether every path was listed ([`ControlFlow::Continue`]) or `visit` stopped
/// it, or why a limit did; and what the passes cost.
///
/// ```
/// use npuzzle::search::{all_paths, Limits};
/// use std::ops::ControlFlow;
///
/// // Paths on a number line from 0 to 3, steps of +1 or +2: 3 of two steps, 1 of three.
/// let mut paths = Vec::new();
/// let (outcome, _) = all_paths(
///     &0u32,
///     |&n| [n + 1, n + 2],
///     |&n| (3u32.saturating_sub(n)).div_ceil(2),
///     |&n| n == 3,
///     |_, _, _| false,
///     2..=3,
///     &Limits::NONE,
///     |path| {
///         paths.push(path.to_vec());
///         ControlFlow::Continue(())
///     },
/// );
/// assert_eq!(outcome, Ok(ControlFlow::Continue(())));
/// assert_eq!(paths, [vec![0, 1, 3], vec![0, 2, 3], vec![0, 1, 2, 3]]);
/// ```
#[allow(clippy::too_many_arguments)]
pub fn all_paths<N, FN, IN, FH, FS, FP, FV>(
    start: &N,
    successors: FN,
    heuristic: FH,
    success: FS,
    pruned: FP,
    lengths: RangeInclusive<u32>,
    limits: &Limits,
    visit: FV,
) -> (Result<ControlFlow<()>, GiveUp>, Stats)
where
    N: Eq + Hash + Clone,
    FN: FnMut(&N) -> IN,
    IN: IntoIterator<Item = N>,
    FH: FnMut(&N) -> u32,
    FS: FnMut(&N) -> bool,
    FP: FnMut(&N, &N, &N) -> bool,
    FV: FnMut(&[N]) -> ControlFlow<()>,
{
    let mut lister = Lister {
        successors,
        heuristic,
        success,
        pruned,
        visit,
        path: vec![start.clone()],
        on_path: FastHashSet::default(),
        memo: None,
        budget: Budget::new(limits),
        length: 0,
    };
    lister.on_path.insert(start.clone());
    let outcome = lister.list(lengths);
    let stats = lister.budget.finish(Outcome::<()>::Exhausted).stats;
    (outcome, stats)
}

/// A set with the fast hasher of [`FastHashMap`].
type FastHashSet<N> = HashSet<N, BuildHasherDefault<rustc_hash::FxHasher>>;

/// What a pass stopped for, when it did not run to its end.
enum Stop {
    Visit,
    Limit(GiveUp),
}

/// One listing: the closures, the path walked, and the shortest pass's memo.
struct Lister<N, FN, FH, FS, FP, FV> {
    successors: FN,
    heuristic: FH,
    success: FS,
    pruned: FP,
    visit: FV,
    path: Vec<N>,
    /// The nodes of `path`, for the test that a path stays simple.
    on_path: FastHashSet<N>,
    /// In the shortest pass: each node met, with the fewest steps it was met at and
    /// whether it was found to lead to no goal from there.
    memo: Option<FastHashMap<N, (u32, bool)>>,
    budget: Budget,
    /// The length of this pass's paths.
    length: u32,
}

impl<N, FN, IN, FH, FS, FP, FV> Lister<N, FN, FH, FS, FP, FV>
where
    N: Eq + Hash + Clone,
    FN: FnMut(&N) -> IN,
    IN: IntoIterator<Item = N>,
    FH: FnMut(&N) -> u32,
    FS: FnMut(&N) -> bool,
    FP: FnMut(&N, &N, &N) -> bool,
    FV: FnMut(&[N]) -> ControlFlow<()>,
{
    fn list(&mut self, lengths: RangeInclusive<u32>) -> Result<ControlFlow<()>, GiveUp> {
        let mut shortest_found = false;
        for length in lengths {
            self.length = length;
            // Until a pass finds a path, this one is at most the shortest length.
            self.memo = (!shortest_found).then(FastHashMap::default);
            let found = self.pass(0);
            self.memo = None;
            match found {
                Ok(found) => shortest_found |= found,
                Err(Stop::Visit) => return Ok(ControlFlow::Break(())),
                Err(Stop::Limit(why)) => return Err(why),
            }
        }
        Ok(ControlFlow::Continue(()))
    }

    /// Lists the paths on from the end of `self.path`, `g` steps from the start; whether
    /// there was one.
    fn pass(&mut self, g: u32) -> Result<bool, Stop> {
        let node = self.path.last().expect("the path holds the start").clone();
        if (self.success)(&node) {
            // A path ends at its first goal.
            if g < self.length {
                return Ok(false);
            }
            return match (self.visit)(&self.path) {
                ControlFlow::Continue(()) => Ok(true),
                ControlFlow::Break(()) => Err(Stop::Visit),
            };
        }
        if g == self.length {
            return Ok(false);
        }
        if let Some(memo) = &self.memo {
            match memo.get(&node) {
                Some(&(first, _)) if first < g => return Ok(false),
                Some(&(first, true)) if first == g => return Ok(false),
                _ => {}
            }
        }
        self.budget.expand().map_err(Stop::Limit)?;
        // The parent stays at its place in the path while the children come and go.
        let parent = self.path.len().checked_sub(2);
        let mut found = false;
        for child in (self.successors)(&node) {
            self.budget.generate();
            if self.on_path.contains(&child)
                || parent.is_some_and(|i| (self.pruned)(&self.path[i], &node, &child))
                || g + 1 + (self.heuristic)(&child) > self.length
            {
                continue;
            }
            self.on_path.insert(child.clone());
            self.path.push(child);
            let below = self.pass(g + 1);
            let child = self.path.pop().expect("pushed above");
            self.on_path.remove(&child);
            found |= below?;
        }
        self.remember(node, g, !found);
        Ok(found)
    }

    /// Stores what the shortest pass learnt of `node`, while the memo fits the budgets
    /// (counting the nodes' heap and any growth the insertion makes).
    fn remember(&mut self, node: N, g: u32, dead: bool) {
        let Some(memo) = &mut self.memo else {
            return;
        };
        let held = memo.len() + 1;
        let bytes = NodeMap::bytes(memo) + held * self.budget.heap_per_node();
        let limits = &self.budget.limits;
        if limits.max_held.is_none_or(|max| held as u64 <= max)
            && limits.max_bytes.is_none_or(|max| bytes as u64 <= max)
        {
            memo.insert(node, (g, dead));
            // Within both bounds, checked just above: this records the peak only.
            let _ = self.budget.hold_bytes(held, bytes);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Every simple path of at most `max` steps from `start` to `goal` on the graph,
    /// ending at its first goal, by brute force: shorter first, then in successor order.
    fn brute_force(edges: &[Vec<usize>], start: usize, goal: usize, max: u32) -> Vec<Vec<usize>> {
        let mut all = Vec::new();
        for length in 0..=max {
            let mut stack = vec![vec![start]];
            while let Some(path) = stack.pop() {
                let last = *path.last().unwrap();
                if path.len() as u32 - 1 == length {
                    if last == goal {
                        all.push(path);
                    }
                    continue;
                }
                if last == goal {
                    continue;
                }
                for &next in edges[last].iter().rev() {
                    if !path.contains(&next) {
                        let mut longer = path.clone();
                        longer.push(next);
                        stack.push(longer);
                    }
                }
            }
        }
        all
    }

    fn listed(
        edges: &[Vec<usize>],
        start: usize,
        goal: usize,
        lengths: RangeInclusive<u32>,
        heuristic: impl Fn(usize) -> u32,
        limits: &Limits,
    ) -> (Result<ControlFlow<()>, GiveUp>, Vec<Vec<usize>>) {
        let mut paths = Vec::new();
        let (outcome, _) = all_paths(
            &start,
            |&n| edges[n].clone(),
            |&n| heuristic(n),
            |&n| n == goal,
            |_, _, _| false,
            lengths,
            limits,
            |path| {
                paths.push(path.to_vec());
                ControlFlow::Continue(())
            },
        );
        (outcome, paths)
    }

    /// Distances to `goal` over the graph's edges, by breadth-first search backwards.
    fn distances_to(edges: &[Vec<usize>], goal: usize) -> Vec<u32> {
        let mut distance = vec![u32::MAX; edges.len()];
        distance[goal] = 0;
        let mut layer = vec![goal];
        let mut d = 0;
        while !layer.is_empty() {
            d += 1;
            let mut next = Vec::new();
            for (from, tos) in edges.iter().enumerate() {
                if distance[from] == u32::MAX && tos.iter().any(|to| layer.contains(to)) {
                    distance[from] = d;
                    next.push(from);
                }
            }
            layer = next;
        }
        distance
    }

    fn graph() -> impl Strategy<Value = Vec<Vec<usize>>> {
        (3usize..9).prop_flat_map(|n| {
            proptest::collection::vec(proptest::collection::vec(0..n, 0..4), n).prop_map(
                |mut edges| {
                    for (from, tos) in edges.iter_mut().enumerate() {
                        tos.retain(|&to| to != from);
                        tos.dedup();
                    }
                    edges
                },
            )
        })
    }

    proptest! {
        /// On small random directed graphs the listing is exactly the brute force's, in
        /// its order, with no heuristic, with the exact distance, and with half of it.
        #[test]
        fn every_simple_path_in_order(edges in graph(), extra in 0u32..4) {
            let (start, goal) = (0, edges.len() - 1);
            let distance = distances_to(&edges, goal);
            let shortest = distance[start];
            let max = if shortest == u32::MAX { 6 } else { shortest + extra };
            let expected = brute_force(&edges, start, goal, max);
            let exact = |n: usize| if distance[n] == u32::MAX { 99 } else { distance[n] };
            let blind = |_: usize| 0u32;
            let half = |n: usize| exact(n) / 2;
            let heuristics: [&dyn Fn(usize) -> u32; 3] = [&blind, &exact, &half];
            for heuristic in heuristics {
                let (outcome, paths) =
                    listed(&edges, start, goal, 0..=max, heuristic, &Limits::NONE);
                prop_assert_eq!(outcome, Ok(ControlFlow::Continue(())));
                prop_assert_eq!(&paths, &expected);
            }
        }
    }

    #[test]
    fn the_shortest_pass_counts_paths_through_shared_nodes_once_each() {
        // A ladder of diamonds: 2^10 shortest paths through 21 nodes.
        let rungs = 10;
        let mut edges = vec![Vec::new(); 3 * rungs + 1];
        for r in 0..rungs {
            let (at, next) = (3 * r, 3 * (r + 1));
            edges[at] = vec![at + 1, at + 2];
            edges[at + 1] = vec![next];
            edges[at + 2] = vec![next];
        }
        let goal = 3 * rungs;
        let (outcome, paths) = listed(&edges, 0, goal, 0..=20, |_| 0, &Limits::NONE);
        assert_eq!(outcome, Ok(ControlFlow::Continue(())));
        assert_eq!(paths.len(), 1 << rungs);
        assert!(paths.iter().all(|p| p.len() == 21));
    }

    #[test]
    fn a_visit_that_breaks_stops_the_listing() {
        let edges = [vec![1, 2], vec![3], vec![3], vec![]];
        let mut seen = 0;
        let (outcome, _) = all_paths(
            &0usize,
            |&n| edges[n].clone(),
            |_| 0,
            |&n| n == 3,
            |_, _, _| false,
            0..=5,
            &Limits::NONE,
            |_| {
                seen += 1;
                ControlFlow::Break(())
            },
        );
        assert_eq!((outcome, seen), (Ok(ControlFlow::Break(())), 1));
    }

    #[test]
    fn a_node_limit_gives_up() {
        // A complete graph on 8 nodes: many simple paths, and a budget of 50 expansions.
        let edges: Vec<Vec<usize>> = (0..8)
            .map(|n| (0..8).filter(|&m| m != n).collect())
            .collect();
        let limits = Limits {
            max_expanded: Some(50),
            ..Limits::NONE
        };
        let (outcome, _) = listed(&edges, 0, 7, 0..=7, |_| 0, &limits);
        assert_eq!(outcome, Err(GiveUp::Expanded(50)));
    }

    #[test]
    fn pruned_steps_are_not_taken() {
        // 0 → 1 → 2 → 3 and 0 → 2 → 3: pruning "1 then 2" leaves one path.
        let edges = [vec![1, 2], vec![2], vec![3], vec![]];
        let mut paths = Vec::new();
        let _ = all_paths(
            &0usize,
            |&n| edges[n].clone(),
            |_| 0,
            |&n| n == 3,
            |&a, &b, &c| (a, b, c) == (0, 1, 2),
            0..=3,
            &Limits::NONE,
            |path| {
                paths.push(path.to_vec());
                ControlFlow::Continue(())
            },
        );
        assert_eq!(paths, [vec![0, 2, 3]]);
    }
}
