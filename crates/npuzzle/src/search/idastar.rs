//! Iterative-deepening A* and iterative-deepening depth-first search.

use super::{
    vec_bytes, Budget, Event, Expansion, GiveUp, Limits, Observer, Outcome, Search, Unobserved,
};

/// What one depth-first pass under a bound found.
enum Pass {
    Found,
    /// No goal under the bound; the smallest `f` that exceeded it (`u32::MAX`: none did).
    Exceeded(u32),
    Stopped(GiveUp),
}

/// Iterative-deepening A*: depth-first passes with a growing bound on `g + h`.
///
/// - `start`: the first node.
/// - `successors`: the neighbours of a node with the cost of reaching each, in the order
///   they should be tried.
/// - `heuristic`: an admissible estimate of the cost left.
/// - `success`: whether a node is a goal.
/// - `limits`: when to give up.
///
/// The path returned comprises both the start and the goal node and is a cheapest one.
/// The node just left (the parent) is never re-entered, which removes the cheapest
/// cycles; longer cycles are cut by the bound. With unit costs the last pass tries paths
/// in the order of `successors`, so the path found is the smallest shortest path in that
/// order. Memory is the current path alone: `peak_nodes` is its longest length.
///
/// ```
/// use npuzzle::search::{idastar, Limits, Outcome};
/// let r = idastar(&0i32, |&n| vec![(n + 1, 1), (n - 1, 1)], |&n| (9 - n).unsigned_abs(),
///                 |&n| n == 9, &Limits::NONE);
/// assert!(matches!(r.outcome, Outcome::Found { cost: 9, .. }));
/// ```
pub fn idastar<N, FN, IN, FH, FS>(
    start: &N,
    successors: FN,
    heuristic: FH,
    success: FS,
    limits: &Limits,
) -> Search<N>
where
    N: Eq + Clone,
    FN: FnMut(&N) -> IN,
    IN: IntoIterator<Item = (N, u32)>,
    FH: FnMut(&N) -> u32,
    FS: FnMut(&N) -> bool,
{
    idastar_with(
        start,
        successors,
        heuristic,
        success,
        limits,
        &mut Unobserved,
    )
}

/// [`idastar`] with an `observer` told each new pass (its bound: the start's estimate
/// first, then the smallest `f` that passed the last bound), each node as it is expanded
/// (depth first, successors in their order, the node just left never re-entered; nodes
/// whose `f` passes the bound are generated but not expanded), and the goal.
pub fn idastar_with<N, FN, IN, FH, FS, O>(
    start: &N,
    successors: FN,
    heuristic: FH,
    success: FS,
    limits: &Limits,
    observer: &mut O,
) -> Search<N>
where
    N: Eq + Clone,
    FN: FnMut(&N) -> IN,
    IN: IntoIterator<Item = (N, u32)>,
    FH: FnMut(&N) -> u32,
    FS: FnMut(&N) -> bool,
    O: Observer<N>,
{
    idastar_pruned_with(
        start,
        successors,
        heuristic,
        success,
        |parent: &N, _: &N, child: &N| parent == child,
        limits,
        observer,
    )
}

/// [`idastar_with`] where `pruned(parent, node, child)` says which children of `node`,
/// reached from `parent`, are generated but never entered, in place of the parent
/// alone. The caller promises that no cheapest path goes from `parent` through `node` to
/// such a child: in the multi-tile metric, a move along the line of the move just made
/// is the way back or a longer jump that one move makes, so it is never on a shortest
/// path. What is found is then what [`idastar_with`] finds, from a smaller tree.
///
/// ```
/// use npuzzle::search::{idastar_pruned_with, Limits, Outcome, Unobserved};
/// // A rook on a 3x3 board: a move along the line of the one before is never needed.
/// let moves = |&(r, c): &(u8, u8)| {
///     let row = (0..3).filter(|&x| x != c).map(|x| ((r, x), 1));
///     let col = (0..3).filter(|&y| y != r).map(|y| ((y, c), 1));
///     row.chain(col).collect::<Vec<_>>()
/// };
/// let same_line = |a: &(u8, u8), b: &(u8, u8), c: &(u8, u8)| {
///     (a.0 == b.0 && b.0 == c.0) || (a.1 == b.1 && b.1 == c.1)
/// };
/// let goal = |&p: &(u8, u8)| p == (2, 2);
/// let r = idastar_pruned_with(&(0, 0), moves, |_| 0, goal, same_line, &Limits::NONE, &mut Unobserved);
/// let path = vec![(0, 0), (0, 2), (2, 2)];
/// assert_eq!(r.outcome, Outcome::Found { path, cost: 2 });
/// ```
pub fn idastar_pruned_with<N, FN, IN, FH, FS, FP, O>(
    start: &N,
    mut successors: FN,
    mut heuristic: FH,
    mut success: FS,
    mut pruned: FP,
    limits: &Limits,
    observer: &mut O,
) -> Search<N>
where
    N: Eq + Clone,
    FN: FnMut(&N) -> IN,
    IN: IntoIterator<Item = (N, u32)>,
    FH: FnMut(&N) -> u32,
    FS: FnMut(&N) -> bool,
    FP: FnMut(&N, &N, &N) -> bool,
    O: Observer<N>,
{
    let mut budget = Budget::new(limits);
    let mut bound = heuristic(start);
    let mut path = vec![start.clone()];
    loop {
        // The last pass found nothing within its bound: no goal is cheaper than this one.
        budget.prove(bound);
        if O::ACTIVE {
            observer.event(&Event::Iteration { bound });
        }
        match pass(
            &mut path,
            bound,
            &mut successors,
            &mut heuristic,
            &mut success,
            &mut pruned,
            &mut budget,
            observer,
        ) {
            Pass::Found => {
                let cost = found_cost(&path, &mut successors);
                return budget.finish(Outcome::Found { path, cost });
            }
            Pass::Exceeded(u32::MAX) => return budget.finish(Outcome::Exhausted),
            Pass::Exceeded(next) => bound = next,
            Pass::Stopped(why) => return budget.finish(Outcome::GaveUp(why)),
        }
    }
}

/// Iterative-deepening depth-first search: depth-first passes to depth 0, 1, 2, …
///
/// - `start`: the first node.
/// - `successors`: the neighbours of a node, in the order they should be tried.
/// - `success`: whether a node is a goal.
/// - `limits`: when to give up (the work grows exponentially with depth: set some).
///
/// This is [`idastar`] with unit costs and a zero heuristic, so it shares its guarantees:
/// the path returned is a shortest one, and the smallest such in the order of `successors`.
///
/// ```
/// use npuzzle::search::{iddfs, Limits, Outcome};
/// let r = iddfs(&1u32, |&n| vec![n + 1, n * 2], |&n| n == 10, &Limits::NONE);
/// assert_eq!(r.outcome, Outcome::Found { path: vec![1, 2, 4, 5, 10], cost: 4 });
/// ```
pub fn iddfs<N, FN, IN, FS>(start: &N, successors: FN, success: FS, limits: &Limits) -> Search<N>
where
    N: Eq + Clone,
    FN: FnMut(&N) -> IN,
    IN: IntoIterator<Item = N>,
    FS: FnMut(&N) -> bool,
{
    iddfs_with(start, successors, success, limits, &mut Unobserved)
}

/// [`iddfs`] with an `observer`, told what [`idastar_with`] tells (the bound is the
/// depth limit, 0 first, and `h` is 0).
pub fn iddfs_with<N, FN, IN, FS, O>(
    start: &N,
    mut successors: FN,
    success: FS,
    limits: &Limits,
    observer: &mut O,
) -> Search<N>
where
    N: Eq + Clone,
    FN: FnMut(&N) -> IN,
    IN: IntoIterator<Item = N>,
    FS: FnMut(&N) -> bool,
    O: Observer<N>,
{
    idastar_with(
        start,
        |n| successors(n).into_iter().map(|m| (m, 1)),
        |_| 0,
        success,
        limits,
        observer,
    )
}

/// One depth-first pass under `bound` from the start (`path` holds only the start), with
/// an explicit stack rather than recursion: a weighted or badly estimated search can go
/// thousands of levels deep, and its depth must not be bounded by the thread's stack.
/// The order of tries and the counts are those of the recursive formulation.
#[allow(clippy::too_many_arguments)] // the search's parts, each a closure of its own
fn pass<N, FN, IN, FH, FS, FP, O>(
    path: &mut Vec<N>,
    bound: u32,
    successors: &mut FN,
    heuristic: &mut FH,
    success: &mut FS,
    pruned: &mut FP,
    budget: &mut Budget,
    observer: &mut O,
) -> Pass
where
    N: Eq + Clone,
    FN: FnMut(&N) -> IN,
    IN: IntoIterator<Item = (N, u32)>,
    FH: FnMut(&N) -> u32,
    FS: FnMut(&N) -> bool,
    FP: FnMut(&N, &N, &N) -> bool,
    O: Observer<N>,
{
    /// Where the pass stands at one level: the successors left to try and the cost of
    /// reaching the level's node.
    struct Level<I> {
        untried: I,
        g: u32,
    }
    let root = path.last().expect("the path holds the start").clone();
    let f = heuristic(&root);
    if f > bound {
        return Pass::Exceeded(f);
    }
    if success(&root) {
        if O::ACTIVE {
            observer.event(&Event::Goal {
                node: &root,
                parent: None,
                g: 0,
            });
        }
        return Pass::Found;
    }
    if let Err(why) = budget.expand() {
        return Pass::Stopped(why);
    }
    if O::ACTIVE {
        observer.event(&Event::Expand(Expansion {
            node: &root,
            parent: None,
            g: 0,
            h: f,
            depth: 0,
            bound: Some(bound),
            side: None,
            frontier: 1,
        }));
    }
    let mut smallest_excess = u32::MAX;
    let mut levels = vec![Level {
        untried: successors(&root).into_iter(),
        g: 0,
    }];
    while let Some(level) = levels.last_mut() {
        let Some((next, step)) = level.untried.next() else {
            // Every successor tried: back up one level.
            levels.pop();
            if !levels.is_empty() {
                path.pop();
            }
            continue;
        };
        let g = level.g + step;
        budget.generate();
        if path.len() >= 2 && pruned(&path[path.len() - 2], &path[path.len() - 1], &next) {
            continue;
        }
        path.push(next);
        let bytes = vec_bytes::<N>(path.len(), path.capacity())
            + path.len() * budget.heap_per_node()
            + vec_bytes::<Level<IN::IntoIter>>(levels.len(), levels.capacity());
        if let Err(why) = budget.hold_bytes(path.len(), bytes) {
            return Pass::Stopped(why);
        }
        let node = path.last().expect("just pushed");
        let h = heuristic(node);
        let f = g.saturating_add(h);
        if f > bound {
            smallest_excess = smallest_excess.min(f);
            path.pop();
            continue;
        }
        // Only a watched search looks up the parent.
        let parent = || path.len().checked_sub(2).map(|i| &path[i]);
        if success(node) {
            if O::ACTIVE {
                observer.event(&Event::Goal {
                    node,
                    parent: parent(),
                    g,
                });
            }
            return Pass::Found;
        }
        if let Err(why) = budget.expand() {
            return Pass::Stopped(why);
        }
        if O::ACTIVE {
            observer.event(&Event::Expand(Expansion {
                node,
                parent: parent(),
                g,
                h,
                depth: (path.len() - 1) as u32,
                bound: Some(bound),
                side: None,
                frontier: path.len(),
            }));
        }
        let untried = successors(node).into_iter();
        levels.push(Level { untried, g });
    }
    Pass::Exceeded(smallest_excess)
}

/// The cost of a found path, summed from the edge costs the successors report.
fn found_cost<N, FN, IN>(path: &[N], successors: &mut FN) -> u32
where
    N: Eq,
    FN: FnMut(&N) -> IN,
    IN: IntoIterator<Item = (N, u32)>,
{
    path.windows(2)
        .map(|w| {
            successors(&w[0])
                .into_iter()
                .filter(|(n, _)| *n == w[1])
                .map(|(_, c)| c)
                .min()
                .expect("consecutive path nodes are linked")
        })
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::test_graphs::*;

    #[test]
    fn agrees_with_bfs_around_walls() {
        let next = grid_successors(5, 4, WALLS);
        let r = idastar(
            &(0, 0),
            |p| next(p).into_iter().map(|q| (q, 1)),
            to_goal,
            |&p| p == (4, 0),
            &Limits::NONE,
        );
        assert!(matches!(r.outcome, Outcome::Found { cost: 10, .. }));
        let d = iddfs(&(0, 0), &next, |&p| p == (4, 0), &Limits::NONE);
        let b = crate::search::bfs(&(0, 0), &next, |&p| p == (4, 0), &Limits::NONE);
        assert_eq!(
            d.outcome, b.outcome,
            "iddfs and bfs both return the first shortest path"
        );
    }

    #[test]
    fn reports_exhaustion_and_limits() {
        let next = grid_successors(5, 4, WALLS);
        let r = iddfs(
            &(0, 0),
            &next,
            |&p| p == (9, 9),
            &Limits {
                max_expanded: Some(10_000),
                ..Limits::NONE
            },
        );
        assert!(matches!(
            r.outcome,
            Outcome::GaveUp(GiveUp::Expanded(10_000))
        ));
        // A finite tree without cycles: exhausted.
        let r = iddfs(
            &0u32,
            |&n| {
                if n < 20 {
                    vec![2 * n + 1, 2 * n + 2]
                } else {
                    vec![]
                }
            },
            |_| false,
            &Limits::NONE,
        );
        assert_eq!(r.outcome, Outcome::Exhausted);
    }
}
