//! A* search.

use std::cmp::Ordering;
use std::collections::BinaryHeap;
use std::hash::Hash;

use super::{
    links_back, vec_bytes, walk_back, Budget, Event, Expansion, Limits, NodeMap, Observer, Outcome,
    Search, ShardedMap, Unobserved,
};

/// Open lists of more entries than this are freed on a thread of their own.
const FREED_APART: usize = 1 << 16;

/// An open-list entry. The heap pops the lowest `f`; among equal `f` the deepest (largest
/// `g`, closest to a goal), then the oldest, which keeps runs repeatable.
struct Open<N> {
    f: u32,
    g: u32,
    order: u64,
    node: N,
}

impl<N> PartialEq for Open<N> {
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}
impl<N> Eq for Open<N> {}
impl<N> PartialOrd for Open<N> {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}
impl<N> Ord for Open<N> {
    fn cmp(&self, other: &Self) -> Ordering {
        other
            .f
            .cmp(&self.f)
            .then(self.g.cmp(&other.g))
            .then(other.order.cmp(&self.order))
    }
}

/// A* search from `start` to the first node satisfying `success`.
///
/// - `start`: the first node.
/// - `successors`: the neighbours of a node with the cost of reaching each.
/// - `heuristic`: an estimate of the cost left from a node; it must never exceed the
///   true cost (admissible) for the result to be optimal.
/// - `success`: whether a node is a goal.
/// - `limits`: when to give up.
///
/// The path returned comprises both the start and the goal node, and is a cheapest one
/// when the heuristic is admissible, even if it is not consistent: the search stops when
/// a goal is *expanded* (taken off the open list), not when it is generated, and a node
/// reached again more cheaply is re-opened, even if it was already expanded. Entries made
/// stale by a cheaper path stay in the heap and are skipped when popped.
///
/// ```
/// use npuzzle::search::{astar, Limits, Outcome};
/// let r = astar(&0i32, |&n| vec![(n + 1, 1), (n + 3, 2)], |&n| ((7 - n).max(0) as u32) / 2,
///               |&n| n == 7, &Limits::NONE);
/// assert!(matches!(r.outcome, Outcome::Found { cost: 5, .. }));
/// ```
pub fn astar<N, FN, IN, FH, FS>(
    start: &N,
    successors: FN,
    heuristic: FH,
    success: FS,
    limits: &Limits,
) -> Search<N>
where
    N: Eq + Hash + Clone + Send + 'static,
    FN: FnMut(&N) -> IN,
    IN: IntoIterator<Item = (N, u32)>,
    FH: FnMut(&N) -> u32,
    FS: FnMut(&N) -> bool,
{
    astar_with(
        start,
        successors,
        heuristic,
        success,
        limits,
        ShardedMap::default(),
        &mut Unobserved,
    )
}

/// [`astar`] with a visited set of the caller's choice, `visited`, which must be empty,
/// and an `observer` told each node as it is expanded (taken off the open list: lowest
/// `f` first, then highest `g`, then the oldest entry; stale entries are skipped
/// silently) and the goal when it is taken off the open list.
///
/// # Panics
/// Never, for a `map` that keeps what it is given.
pub fn astar_with<N, FN, IN, FH, FS, M, O>(
    start: &N,
    mut successors: FN,
    mut heuristic: FH,
    mut success: FS,
    limits: &Limits,
    mut visited: M,
    observer: &mut O,
) -> Search<N>
where
    // Sent: a large open list is freed on a thread of its own.
    N: Clone + Send + 'static,
    FN: FnMut(&N) -> IN,
    IN: IntoIterator<Item = (N, u32)>,
    FH: FnMut(&N) -> u32,
    FS: FnMut(&N) -> bool,
    M: NodeMap<N, (Option<N>, u32)>,
    O: Observer<N>,
{
    let mut budget = Budget::new(limits);
    let mut open = BinaryHeap::new();
    let mut order = 0u64;
    visited.insert(start.clone(), (None, 0));
    open.push(Open {
        f: heuristic(start),
        g: 0,
        order,
        node: start.clone(),
    });
    let search = 'search: {
        while let Some(Open { f, g, node, .. }) = open.pop() {
            let best_g = visited.get(&node).expect("open nodes are visited").1;
            if g > best_g {
                continue; // stale: a cheaper path to this node was found after this entry
            }
            if success(&node) {
                let _ = budget.hold(visited.len());
                let path = walk_back(&visited, node, |v| v.0.as_ref());
                if O::ACTIVE {
                    observer.event(&Event::Goal {
                        node: &path[path.len() - 1],
                        parent: path.len().checked_sub(2).map(|i| &path[i]),
                        g,
                    });
                }
                break 'search budget.finish(Outcome::Found { path, cost: g });
            }
            // The least `f` on the open list: some node of a cheapest path waits there with
            // its true cost, and an admissible estimate keeps its `f` within the optimum.
            budget.prove(f);
            if let Err(why) = budget.expand() {
                break 'search budget.finish(Outcome::GaveUp(why));
            }
            if O::ACTIVE {
                observer.event(&Event::Expand(Expansion {
                    node: &node,
                    parent: visited.get(&node).and_then(|v| v.0.as_ref()),
                    g,
                    h: f - g,
                    depth: links_back(&visited, &node, |v| v.0.as_ref()),
                    bound: None,
                    side: None,
                    frontier: open.len(),
                }));
            }
            for (next, step) in successors(&node) {
                budget.generate();
                let next_g = g + step;
                match visited.get_mut(&next) {
                    Some(known) if known.1 <= next_g => continue,
                    Some(known) => *known = (Some(node.clone()), next_g),
                    None => visited.insert(next.clone(), (Some(node.clone()), next_g)),
                }
                order += 1;
                open.push(Open {
                    f: next_g + heuristic(&next),
                    g: next_g,
                    order,
                    node: next,
                });
            }
            // A visited node is stored as a key and as its children's parent; an open entry
            // holds one more copy.
            let copies = 2 * visited.len() + open.len();
            let bytes = visited.bytes()
                + vec_bytes::<Open<N>>(open.len(), open.capacity())
                + copies * budget.heap_per_node();
            // The nodes held are the distinct boards stored, closed and open alike: every open
            // one is in `visited` too, and a stale heap entry is a second copy of a stored board,
            // not another board (its bytes are counted above).
            if let Err(why) = budget.hold_bytes(visited.len(), bytes) {
                break 'search budget.finish(Outcome::GaveUp(why));
            }
        }
        budget.finish(Outcome::Exhausted)
    };
    // An open list of millions of nodes takes a second or more to free, node by node:
    // on a thread of its own, so that an answer (or a stop from outside) is not held up.
    if open.len() > FREED_APART {
        crate::util::freeing::free_apart(open);
    }
    search
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::test_graphs::*;

    #[test]
    fn finds_the_cheapest_path_around_walls() {
        let next = grid_successors(5, 4, WALLS);
        let r = astar(
            &(0, 0),
            |p| next(p).into_iter().map(|q| (q, 1)),
            to_goal,
            |&p| p == (4, 0),
            &Limits::NONE,
        );
        assert!(
            matches!(r.outcome, Outcome::Found { cost: 10, .. }),
            "{:?}",
            r.outcome
        );
    }

    #[test]
    fn reopens_a_closed_node_under_an_inconsistent_heuristic() {
        // s -> a (1), s -> b (4), a -> b (1), b -> g (5). h(a) is admissible but large,
        // so b is first expanded via s->b (g=4) and must be re-opened via a (g=2).
        let edges = |&n: &char| -> Vec<(char, u32)> {
            match n {
                's' => vec![('a', 1), ('b', 4)],
                'a' => vec![('b', 1)],
                'b' => vec![('g', 5)],
                _ => vec![],
            }
        };
        let h = |&n: &char| match n {
            'a' => 6,
            _ => 0,
        };
        let r = astar(&'s', edges, h, |&n| n == 'g', &Limits::NONE);
        assert_eq!(
            r.outcome,
            Outcome::Found {
                path: vec!['s', 'a', 'b', 'g'],
                cost: 7
            }
        );
    }
}
