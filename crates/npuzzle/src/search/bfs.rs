//! Breadth-first search.

use std::collections::VecDeque;
use std::hash::Hash;

use super::{
    links_back, vec_bytes, walk_back, Budget, Event, Expansion, Limits, NodeMap, Observer, Outcome,
    Search, ShardedMap, Unobserved,
};

/// Queues of more nodes than this are freed on a thread of their own.
const FREED_APART: usize = 1 << 16;

/// Breadth-first search from `start` to the first node satisfying `success`.
///
/// - `start`: the first node.
/// - `successors`: the neighbours of a node, in the order they should be tried.
/// - `success`: whether a node is a goal.
/// - `limits`: when to give up.
///
/// The path returned comprises both the start and the goal node. Every edge costs 1.
/// The queue is first-in first-out and each node keeps the first parent that reached it,
/// so among all shortest paths the one returned is the smallest in the order of
/// `successors` (compared move by move from the start).
///
/// ```
/// use npuzzle::search::{bfs, Limits, Outcome};
/// let r = bfs(&1u32, |&n| vec![n + 1, n * 2], |&n| n == 10, &Limits::NONE);
/// assert_eq!(r.outcome, Outcome::Found { path: vec![1, 2, 4, 5, 10], cost: 4 });
/// ```
pub fn bfs<N, FN, IN, FS>(start: &N, successors: FN, success: FS, limits: &Limits) -> Search<N>
where
    N: Eq + Hash + Clone + Send + 'static,
    FN: FnMut(&N) -> IN,
    IN: IntoIterator<Item = N>,
    FS: FnMut(&N) -> bool,
{
    bfs_with(
        start,
        successors,
        success,
        limits,
        ShardedMap::default(),
        &mut Unobserved,
    )
}

/// [`bfs`] with a visited set of the caller's choice (such as an [`super::IndexedMap`]
/// addressed by a perfect hash), `visited`, which must be empty, and an `observer` told
/// what the search does: each node as it is expanded (taken from the queue; the start
/// first, each node once, `h` 0), then the goal when it is generated.
pub fn bfs_with<N, FN, IN, FS, M, O>(
    start: &N,
    mut successors: FN,
    mut success: FS,
    limits: &Limits,
    mut visited: M,
    observer: &mut O,
) -> Search<N>
where
    // Sent: a large queue is freed on a thread of its own.
    N: Clone + Send + 'static,
    FN: FnMut(&N) -> IN,
    IN: IntoIterator<Item = N>,
    FS: FnMut(&N) -> bool,
    M: NodeMap<N, Option<N>>,
    O: Observer<N>,
{
    let mut budget = Budget::new(limits);
    if success(start) {
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
    budget.prove(1);
    visited.insert(start.clone(), None);
    let mut queue = VecDeque::from([start.clone()]);
    let search = 'search: {
        while let Some(node) = queue.pop_front() {
            if let Err(why) = budget.expand() {
                // Every node up to this one's depth has been generated, and goals are
                // tested as they are: a goal lies deeper. Walked back once, at the end.
                budget.prove(links_back(&visited, &node, Option::as_ref) + 1);
                break 'search budget.finish(Outcome::GaveUp(why));
            }
            if O::ACTIVE {
                let depth = links_back(&visited, &node, Option::as_ref);
                observer.event(&Event::Expand(Expansion {
                    node: &node,
                    parent: visited.get(&node).and_then(Option::as_ref),
                    g: depth,
                    h: 0,
                    depth,
                    bound: None,
                    side: None,
                    frontier: queue.len(),
                }));
            }
            for next in successors(&node) {
                budget.generate();
                if visited.get(&next).is_some() {
                    continue;
                }
                visited.insert(next.clone(), Some(node.clone()));
                // With unit costs the first time a goal is generated is along a shortest path.
                if success(&next) {
                    // Counted now: the goal may come before the first count at the end of
                    // an expansion.
                    let _ = budget.hold(visited.len());
                    let path = walk_back(&visited, next, Option::as_ref);
                    let cost = (path.len() - 1) as u32;
                    if O::ACTIVE {
                        observer.event(&Event::Goal {
                            node: &path[path.len() - 1],
                            parent: Some(&node),
                            g: cost,
                        });
                    }
                    break 'search budget.finish(Outcome::Found { path, cost });
                }
                queue.push_back(next);
            }
            // Each visited node is stored twice (as a key, and as its children's parent) and
            // once more while it waits in the queue.
            let copies = 2 * visited.len() + queue.len();
            let bytes = visited.bytes()
                + vec_bytes::<N>(queue.len(), queue.capacity())
                + copies * budget.heap_per_node();
            if let Err(why) = budget.hold_bytes(visited.len(), bytes) {
                break 'search budget.finish(Outcome::GaveUp(why));
            }
        }
        budget.finish(Outcome::Exhausted)
    };
    // A queue of millions of nodes takes a while to free, node by node: on a thread of
    // its own, so that an answer (or a stop from outside) is not held up.
    if queue.len() > FREED_APART {
        crate::util::freeing::free_apart(queue);
    }
    search
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::test_graphs::*;
    use crate::search::GiveUp;

    #[test]
    fn goes_around_walls() {
        let r = bfs(
            &(0, 0),
            grid_successors(5, 4, WALLS),
            |&p| p == (4, 0),
            &Limits::NONE,
        );
        match r.outcome {
            Outcome::Found { path, cost } => {
                assert_eq!(cost, 10);
                assert_eq!(path.first(), Some(&(0, 0)));
                assert_eq!(path.last(), Some(&(4, 0)));
            }
            other => panic!("{other:?}"),
        }
        assert!(r.stats.expanded > 0 && r.stats.generated >= r.stats.expanded);
    }

    #[test]
    fn exhausts_and_gives_up() {
        let r = bfs(
            &(0, 0),
            grid_successors(5, 4, WALLS),
            |&p| p == (9, 9),
            &Limits::NONE,
        );
        assert_eq!(r.outcome, Outcome::Exhausted);
        assert_eq!(r.stats.peak_nodes, 17);
        let limits = Limits {
            max_expanded: Some(3),
            ..Limits::NONE
        };
        let r = bfs(
            &(0, 0),
            grid_successors(5, 4, WALLS),
            |&p| p == (4, 0),
            &limits,
        );
        assert_eq!(r.outcome, Outcome::GaveUp(GiveUp::Expanded(3)));
    }

    #[test]
    fn start_is_goal() {
        let r = bfs(&7, |_| Vec::<i32>::new(), |&n| n == 7, &Limits::NONE);
        assert_eq!(
            r.outcome,
            Outcome::Found {
                path: vec![7],
                cost: 0
            }
        );
    }
}
