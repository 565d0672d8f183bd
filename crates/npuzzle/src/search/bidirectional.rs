//! Bidirectional breadth-first search.

use std::hash::Hash;

use super::{
    vec_bytes, walk_back, Budget, Event, Expansion, Limits, NodeMap, Observer, Outcome, Search,
    ShardedMap, Side, Unobserved,
};

/// Breadth-first search from both ends at once, meeting in the middle.
///
/// - `start`, `end`: the two ends.
/// - `successors`: the neighbours of a node, going forward.
/// - `predecessors`: the nodes that have a node as a successor (for an undirected graph,
///   the same function).
/// - `limits`: when to give up.
///
/// The path returned comprises both `start` and `end` and is a shortest one (every edge
/// costs 1). Each step expands one whole layer of the side with the smaller frontier, and
/// a node generated there that the other side holds is a meeting. The first meeting is
/// already on a shortest path: if the forward side holds every node within `k` and the
/// backward side every node within `m` and no node is in both, the shortest path is
/// longer than `k + m` (its node at step `k` would be in both); a meeting found while
/// expanding forward layer `k` is a node at `k + 1` that the backward side holds at some
/// `j <= m`, a path of `k + 1 + j <= k + m + 1` moves, so of exactly the shortest length
/// (and the same backwards). The rest of the layer is expanded all the same and the
/// cheapest meeting kept, which costs expansions and never changes the length; it is
/// what the stats and traces have always shown. The first meeting can be too long
/// elsewhere: with edge costs other than 1, or when the sides take turns node by node
/// on a graph with an odd cycle (`tests` has one).
///
/// ```
/// use npuzzle::search::{bfs_bidirectional, Limits, Outcome};
/// let next = |&n: &i32| vec![n - 1, n + 1];
/// let r = bfs_bidirectional(&0, &5, next, next, &Limits::NONE);
/// assert_eq!(r.outcome, Outcome::Found { path: vec![0, 1, 2, 3, 4, 5], cost: 5 });
/// ```
pub fn bfs_bidirectional<N, FS, FP, IS, IP>(
    start: &N,
    end: &N,
    successors: FS,
    predecessors: FP,
    limits: &Limits,
) -> Search<N>
where
    N: Eq + Hash + Clone,
    FS: FnMut(&N) -> IS,
    FP: FnMut(&N) -> IP,
    IS: IntoIterator<Item = N>,
    IP: IntoIterator<Item = N>,
{
    bfs_bidirectional_with(
        start,
        end,
        successors,
        predecessors,
        limits,
        ShardedMap::default,
        &mut Unobserved,
    )
}

/// [`bfs_bidirectional`] with visited sets of the caller's choice, made by `new_map`
/// (called twice, once per side), and an `observer` told each node as it is expanded
/// (with its side and its distance from that side's end as `g`; `h` 0), the meeting of
/// the frontiers once the layer that found it is finished, then the goal (`end`).
///
/// # Panics
/// Never, for maps that keep what they are given.
#[expect(
    clippy::too_many_lines,
    reason = "one loop of layers, sides alternating; split, it would pass both sides' state around"
)]
pub fn bfs_bidirectional_with<N, FS, FP, IS, IP, M, O>(
    start: &N,
    end: &N,
    mut successors: FS,
    mut predecessors: FP,
    limits: &Limits,
    mut new_map: impl FnMut() -> M,
    observer: &mut O,
) -> Search<N>
where
    N: Eq + Clone,
    FS: FnMut(&N) -> IS,
    FP: FnMut(&N) -> IP,
    IS: IntoIterator<Item = N>,
    IP: IntoIterator<Item = N>,
    M: NodeMap<N, (Option<N>, u32)>,
    O: Observer<N>,
{
    let mut budget = Budget::new(limits);
    if start == end {
        if O::ACTIVE {
            observer.event(&Event::Goal {
                node: start,
                parent: None,
                g: 0,
            });
        }
        let _ = budget.hold(1);
        return budget.finish(Outcome::Found {
            path: vec![start.clone()],
            cost: 0,
        });
    }
    // Each side maps a node to (parent on that side, distance from that side's end).
    let mut forward = new_map();
    let mut backward = new_map();
    forward.insert(start.clone(), (None, 0));
    backward.insert(end.clone(), (None, 0));
    let mut forward_frontier = vec![start.clone()];
    let mut backward_frontier = vec![end.clone()];
    // The sides' completed depths (forward, backward): each holds every node within its
    // own, none in common, so a path of their sum would pass through a node both hold.
    let mut completed = [0u32; 2];
    loop {
        budget.prove(completed[0] + completed[1] + 1);
        if forward_frontier.is_empty() || backward_frontier.is_empty() {
            return budget.finish(Outcome::Exhausted);
        }
        let go_forward = forward_frontier.len() <= backward_frontier.len();
        let waiting = if go_forward {
            &backward_frontier
        } else {
            &forward_frontier
        };
        let waiting_bytes = vec_bytes::<N>(waiting.len(), waiting.capacity())
            + waiting.len() * budget.heap_per_node();
        let waiting_len = waiting.len();
        let (frontier, this, other) = if go_forward {
            (&mut forward_frontier, &mut forward, &backward)
        } else {
            (&mut backward_frontier, &mut backward, &forward)
        };
        // What the frontiers take while this layer expands: the one drained (as it was),
        // the other side's, and the next one as it fills.
        let frontiers = vec_bytes::<N>(frontier.len(), frontier.capacity())
            + frontier.len() * budget.heap_per_node()
            + waiting_bytes;
        let mut next_frontier = Vec::new();
        let mut best: Option<(u32, N)> = None;
        let mut layer = frontier.drain(..);
        while let Some(node) = layer.next() {
            if let Err(why) = budget.expand() {
                return budget.finish(Outcome::GaveUp(why));
            }
            let (parent, at) = this.get(&node).expect("frontier nodes are visited");
            if O::ACTIVE {
                observer.event(&Event::Expand(Expansion {
                    node: &node,
                    parent: parent.as_ref(),
                    g: *at,
                    h: 0,
                    depth: *at,
                    bound: None,
                    side: Some([Side::Backward, Side::Forward][usize::from(go_forward)]),
                    frontier: layer.len() + next_frontier.len() + waiting_len,
                }));
            }
            let depth = at + 1;
            let neighbours: Vec<N> = if go_forward {
                successors(&node).into_iter().collect()
            } else {
                predecessors(&node).into_iter().collect()
            };
            for next in neighbours {
                budget.generate();
                if this.get(&next).is_some() {
                    continue;
                }
                this.insert(next.clone(), (Some(node.clone()), depth));
                if let Some(&(_, other_depth)) = other.get(&next) {
                    let total = depth + other_depth;
                    if best.as_ref().is_none_or(|(b, _)| total < *b) {
                        best = Some((total, next.clone()));
                    }
                }
                next_frontier.push(next);
            }
            let copies = 2 * (this.len() + other.len()) + next_frontier.len();
            let bytes = this.bytes()
                + other.bytes()
                + frontiers
                + vec_bytes::<N>(next_frontier.len(), next_frontier.capacity())
                + copies * budget.heap_per_node();
            if let Err(why) = budget.hold_bytes(this.len() + other.len(), bytes) {
                return budget.finish(Outcome::GaveUp(why));
            }
        }
        drop(layer);
        *frontier = next_frontier;
        completed[usize::from(!go_forward)] += 1;
        if let Some((cost, meeting)) = best {
            let path = joined(&forward, &backward, meeting, cost, observer);
            return budget.finish(Outcome::Found { path, cost });
        }
    }
}

/// The path through `meeting`, the node where the two sides met, told to `observer` (the
/// meeting, then the goal).
fn joined<N: Clone, M: NodeMap<N, (Option<N>, u32)>, O: Observer<N>>(
    forward: &M,
    backward: &M,
    meeting: N,
    cost: u32,
    observer: &mut O,
) -> Vec<N> {
    if O::ACTIVE {
        let depth = |map: &M| map.get(&meeting).map_or(0, |v| v.1);
        observer.event(&Event::Meet {
            node: &meeting,
            forward: depth(forward),
            backward: depth(backward),
        });
    }
    let mut path = walk_back(forward, meeting.clone(), |v| v.0.as_ref());
    let mut tail = walk_back(backward, meeting, |v| v.0.as_ref());
    tail.reverse();
    path.extend(tail.into_iter().skip(1));
    if O::ACTIVE {
        observer.event(&Event::Goal {
            node: &path[path.len() - 1],
            parent: path.len().checked_sub(2).map(|i| &path[i]),
            g: cost,
        });
    }
    path
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::test_graphs::*;

    #[test]
    fn agrees_with_bfs_on_a_grid() {
        let next = grid_successors(5, 4, WALLS);
        for target in [(4, 0), (1, 0), (0, 1), (3, 3), (2, 3)] {
            let bi = bfs_bidirectional(&(0, 0), &target, &next, &next, &Limits::NONE);
            let one = crate::search::bfs(&(0, 0), &next, |&p| p == target, &Limits::NONE);
            match (bi.outcome, one.outcome) {
                (Outcome::Found { path, cost }, Outcome::Found { cost: c2, .. }) => {
                    assert_eq!(cost, c2, "to {target:?}");
                    assert_eq!(path.len() as u32, cost + 1);
                    assert!(path.windows(2).all(|w| next(&w[0]).contains(&w[1])));
                    assert_eq!((path[0], *path.last().unwrap()), ((0, 0), target));
                }
                other => panic!("{other:?}"),
            }
        }
        let unreachable = bfs_bidirectional(&(0, 0), &(9, 9), &next, &next, &Limits::NONE);
        assert_eq!(unreachable.outcome, Outcome::Exhausted);
    }

    /// Bidirectional BFS that takes turns node by node (one expansion a side) and stops
    /// at the first node generated that the other side holds: the search the tutorial's
    /// chapter 3 warns about.
    fn node_by_node_first_meeting(
        start: char,
        end: char,
        next: impl Fn(char) -> Vec<char>,
    ) -> Option<u32> {
        use std::collections::{HashMap, VecDeque};
        let mut seen = [HashMap::from([(start, 0)]), HashMap::from([(end, 0)])];
        let mut queues = [VecDeque::from([start]), VecDeque::from([end])];
        loop {
            for side in 0..2 {
                let node = queues[side].pop_front()?;
                let depth = seen[side][&node] + 1;
                for n in next(node) {
                    if seen[side].contains_key(&n) {
                        continue;
                    }
                    if let Some(&there) = seen[1 - side].get(&n) {
                        return Some(depth + there);
                    }
                    seen[side].insert(n, depth);
                    queues[side].push_back(n);
                }
            }
        }
    }

    /// The tutorial's example: s-a-A-g is 3 moves, s-b-c-B-g 4, and together they make a
    /// cycle of 7, odd. Taking turns node by node, the sides first meet at c (2 + 2); a
    /// whole layer at a time, at A (2 + 1), as they do here.
    #[test]
    fn first_meeting_too_long_node_by_node_on_an_odd_cycle() {
        let next = |n: char| -> Vec<char> {
            match n {
                's' => vec!['b', 'a'],
                'g' => vec!['B', 'A'],
                'b' => vec!['s', 'c'],
                'B' => vec!['c', 'g'],
                'a' => vec!['s', 'A'],
                'A' => vec!['g', 'a'],
                'c' => vec!['b', 'B'],
                _ => vec![],
            }
        };
        assert_eq!(node_by_node_first_meeting('s', 'g', next), Some(4));
        let r = bfs_bidirectional(&'s', &'g', |&n| next(n), |&n| next(n), &Limits::NONE);
        assert_eq!(
            r.outcome,
            Outcome::Found {
                path: vec!['s', 'a', 'A', 'g'],
                cost: 3
            }
        );
    }

    #[test]
    fn distance_one_is_found() {
        let next = |&n: &i32| vec![n - 1, n + 1];
        let r = bfs_bidirectional(&0, &1, next, next, &Limits::NONE);
        assert_eq!(
            r.outcome,
            Outcome::Found {
                path: vec![0, 1],
                cost: 1
            }
        );
    }
}
