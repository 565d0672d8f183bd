//! The sliding puzzle as a search problem for the generic searches of [`crate::search`]:
//! successors in the move order, the estimate (optionally weighted), the goal test and
//! the visited set, over one state representation; and the run of one classic algorithm
//! on it, or the listing of its solutions.
//!
//! ```
//! use npuzzle::{parse_board, solving::problem, Algorithm, HeuristicKind, SolveOptions};
//!
//! let start = parse_board("283104765", None)?;
//! let goal = parse_board("123804765", None)?;
//! let (outcome, stats) = problem::search(
//!     &start,
//!     &goal,
//!     Algorithm::Astar,
//!     Some(HeuristicKind::Manhattan),
//!     None,
//!     &SolveOptions::default(),
//! );
//! assert_eq!(outcome.unwrap().len(), 4);
//! assert!(stats.expanded >= 4);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::ops::{ControlFlow, RangeInclusive};

use crate::answer::algorithm::Algorithm;
use crate::answer::options::{SolveOptions, Visited, RANKED_CELLS};
use crate::puzzle::board::{Board, Move, Size};
use crate::puzzle::heuristic::{Heuristic, HeuristicKind};
use crate::puzzle::metric::Metric;
use crate::puzzle::move_order::MoveOrder;
use crate::puzzle::rank::factorial;
use crate::puzzle::state::{Packed, SearchState, Wide, PACKED_CELLS};
use crate::search::{
    self, Event, Expansion, GiveUp, IndexedMap, Limits, Observer, Outcome, Stats, Unobserved,
};
use crate::tables::walking_distance::WalkingDistance;

/// The puzzle as a search problem over one state representation.
struct Problem<'a, S> {
    size: Size,
    visited: Visited,
    order: MoveOrder,
    metric: Metric,
    goal: S,
    heuristic: Option<&'a Heuristic>,
    /// Beside the heuristic in the multi-tile metric: the larger of the two is taken.
    walking: Option<&'a WalkingDistance>,
    weight: f64,
}

impl<'a, S: SearchState> Problem<'a, S> {
    fn new(
        goal: &Board,
        options: &SolveOptions,
        heuristic: Option<&'a Heuristic>,
        walking: Option<&'a WalkingDistance>,
    ) -> Problem<'a, S> {
        Problem {
            size: goal.size(),
            visited: options.visited,
            order: options.order,
            metric: options.metric,
            goal: S::from_board(goal),
            heuristic,
            walking,
            weight: options.weight,
        }
    }

    fn cells(&self) -> usize {
        self.size.cells()
    }

    fn successors(&self, state: &S) -> Successors<'_, S> {
        Successors {
            size: self.size,
            longest: self.metric.longest_jump(self.size),
            moves: self.order.as_slice().iter(),
            blank: state.blank(self.cells()),
            root: state.clone(),
            jump: None,
        }
    }

    fn estimate(&self, state: &S) -> u32 {
        let h = self.heuristic.map_or(0, |h| match self.walking {
            // The walking distance, where the plan puts it beside the heuristic (in the
            // multi-tile metric), raises it; the single-tile search reads the heuristic
            // alone, its hot path unchanged.
            None => state.with_cells(self.cells(), |c| h.estimate_in(self.metric, c)),
            Some(walking) => state.with_cells(self.cells(), |c| {
                h.estimate_in(self.metric, c).max(walking.estimate(c))
            }),
        });
        // Rounding down keeps w*h below w times the true distance, so the bound holds.
        if self.weight <= 1.0 {
            h
        } else {
            (self.weight * f64::from(h)).floor() as u32
        }
    }

    /// Whether a depth-first search need not go from `parent` through `node` to `child`:
    /// back to the parent, or in the multi-tile metric along the line of the move just
    /// made (a jump back, or on, that one move from the parent makes). On a random 3x4
    /// board (seed 1) IDA* guided by linear conflict and the walking distance had
    /// expanded 4.4 million nodes by bound 21 without it; with it, 242,079 in all to the
    /// answer of 22 moves.
    fn pruned(&self, parent: &S, node: &S, child: &S) -> bool {
        match self.metric {
            Metric::SingleTile => parent == child,
            Metric::MultiTile => {
                let cells = self.cells();
                let [a, b, c] = [parent, node, child].map(|s| self.size.row_col(s.blank(cells)));
                (a.0 == b.0 && b.0 == c.0) || (a.1 == b.1 && b.1 == c.1)
            }
        }
    }

    fn ranked_map<V>(&self) -> Option<IndexedMap<S, V, impl Fn(&S) -> usize>> {
        let cells = self.cells();
        (self.visited == Visited::Ranked && cells <= RANKED_CELLS).then(|| {
            IndexedMap::new(factorial(cells) as usize, move |s: &S| {
                s.rank(cells) as usize
            })
        })
    }

    fn moves(&self, path: &[S]) -> Vec<Move> {
        path.windows(2)
            .flat_map(|w| {
                let (mv, cells) = Metric::jump(
                    self.size,
                    w[0].blank(self.cells()),
                    w[1].blank(self.cells()),
                )
                .expect("consecutive states differ by one move");
                std::iter::repeat_n(mv, cells)
            })
            .collect()
    }
}

/// The states one move from a root, in the move order; in the multi-tile metric each
/// direction's jumps shortest first, the canonical order ([`Metric`]). A struct rather
/// than a chain of adapters: IDA* keeps one per level of its path, and in the
/// single-tile metric this one is as small and makes no more copies than a plain step.
struct Successors<'a, S> {
    size: Size,
    longest: usize,
    moves: std::slice::Iter<'a, Move>,
    blank: usize,
    root: S,
    /// The jump under way: its direction, the blank's cell, the state there, and the
    /// cells jumped so far.
    jump: Option<(Move, usize, S, usize)>,
}

impl<S: SearchState> Iterator for Successors<'_, S> {
    type Item = S;

    fn next(&mut self) -> Option<S> {
        if let Some((mv, at, state, jumped)) = &mut self.jump {
            if *jumped < self.longest {
                if let Some(to) = self.size.step(*at, *mv) {
                    *state = state.slide(*at, to);
                    *at = to;
                    *jumped += 1;
                    return Some(state.clone());
                }
            }
            self.jump = None;
        }
        loop {
            let &mv = self.moves.next()?;
            let Some(to) = self.size.step(self.blank, mv) else {
                continue;
            };
            let next = self.root.slide(self.blank, to);
            if self.longest > 1 {
                self.jump = Some((mv, to, next.clone(), 1));
            }
            return Some(next);
        }
    }
}

/// Tells a watcher of boards what a search over states `S` does.
struct Boards<'w, W> {
    size: Size,
    watch: &'w mut W,
}

impl<W> Boards<'_, W> {
    fn board<S: SearchState>(&self, state: &S) -> Board {
        state.with_cells(self.size.cells(), |cells| {
            Board::new(self.size, cells.iter().map(|&t| u32::from(t)).collect())
                .expect("a search state is a board of its size")
        })
    }
}

impl<S: SearchState, W: FnMut(&Event<'_, Board>)> Observer<S> for Boards<'_, W> {
    fn event(&mut self, event: &Event<'_, S>) {
        let parent_board = |parent: Option<&S>| parent.map(|p| self.board(p));
        match *event {
            Event::Expand(e) => {
                let (node, parent) = (self.board(e.node), parent_board(e.parent));
                (self.watch)(&Event::Expand(Expansion {
                    node: &node,
                    parent: parent.as_ref(),
                    g: e.g,
                    h: e.h,
                    depth: e.depth,
                    bound: e.bound,
                    side: e.side,
                    frontier: e.frontier,
                }));
            }
            Event::Iteration { bound } => (self.watch)(&Event::Iteration { bound }),
            Event::Meet {
                node,
                forward,
                backward,
            } => {
                let node = self.board(node);
                (self.watch)(&Event::Meet {
                    node: &node,
                    forward,
                    backward,
                });
            }
            Event::Goal { node, parent, g } => {
                let (node, parent) = (self.board(node), parent_board(parent));
                (self.watch)(&Event::Goal {
                    node: &node,
                    parent: parent.as_ref(),
                    g,
                });
            }
        }
    }
}

fn run<S: SearchState + Send + 'static, O: Observer<S>>(
    start: &Board,
    goal: &Board,
    algorithm: Algorithm,
    guide: Option<(HeuristicKind, Option<&WalkingDistance>)>,
    options: &SolveOptions,
    observer: &mut O,
) -> (Result<Vec<Move>, GiveUp>, Stats) {
    let estimate = guide.map(|(kind, _)| Heuristic::new(kind, goal));
    let walking = guide.and_then(|(_, walking)| walking);
    let problem = Problem::new(goal, options, estimate.as_ref(), walking);
    let p = &problem;
    let from = S::from_board(start);
    let limits = &Limits {
        heap_per_node: S::heap_bytes(start.size().cells()),
        progress: options.limits.progress.clone().or(options.progress.clone()),
        ..options.limits.clone()
    };
    let successors = |s: &S| p.successors(s);
    let weighted = |s: &S| p.successors(s).map(|n| (n, 1));
    let estimate = |s: &S| p.estimate(s);
    let is_goal = |s: &S| *s == p.goal;
    let pruned = |parent: &S, node: &S, child: &S| p.pruned(parent, node, child);
    // Each visited set outlives its search, to be freed off the answer's way.
    let search = match algorithm {
        Algorithm::Bfs => {
            if let Some(mut map) = p.ranked_map() {
                let found =
                    search::bfs_with(&from, successors, is_goal, limits, &mut map, observer);
                free_later(map, &found);
                found
            } else {
                let mut map = search::ShardedMap::default();
                let found =
                    search::bfs_with(&from, successors, is_goal, limits, &mut map, observer);
                free_later(map, &found);
                found
            }
        }
        Algorithm::Bidirectional => {
            if p.ranked_map::<()>().is_some() {
                let mut sides = [(); 2].map(|()| p.ranked_map().expect("ranked above"));
                let mut maps = sides.iter_mut();
                let found = search::bfs_bidirectional_with(
                    &from,
                    &p.goal,
                    successors,
                    successors,
                    limits,
                    || maps.next().expect("two sides"),
                    observer,
                );
                free_later(sides, &found);
                found
            } else {
                let mut sides = [(); 2].map(|()| search::ShardedMap::default());
                let mut maps = sides.iter_mut();
                let found = search::bfs_bidirectional_with(
                    &from,
                    &p.goal,
                    successors,
                    successors,
                    limits,
                    || maps.next().expect("two sides"),
                    observer,
                );
                free_later(sides, &found);
                found
            }
        }
        Algorithm::Astar => {
            if let Some(mut map) = p.ranked_map() {
                let found = search::astar_with(
                    &from, weighted, estimate, is_goal, limits, &mut map, observer,
                );
                free_later(map, &found);
                found
            } else {
                let mut map = search::ShardedMap::default();
                let found = search::astar_with(
                    &from, weighted, estimate, is_goal, limits, &mut map, observer,
                );
                free_later(map, &found);
                found
            }
        }
        Algorithm::Idastar | Algorithm::Iddfs => {
            // IDDFS is IDA* without an estimate, pruned the same way.
            let blind = algorithm == Algorithm::Iddfs;
            let estimate = |s: &S| if blind { 0 } else { estimate(s) };
            search::idastar_pruned_with(
                &from, weighted, estimate, is_goal, pruned, limits, observer,
            )
        }
        Algorithm::Auto | Algorithm::Constructive | Algorithm::Table | Algorithm::FastIdastar => {
            unreachable!("resolved before the search")
        }
    };
    if let Some(proven) = options.proven.as_ref().filter(|_| options.weight <= 1.0) {
        // Every estimate here is admissible unless weighted, so what the search completed
        // bounds the optimum: a bounded answer reports it rather than the start's estimate.
        proven.raise(search.lower_bound);
    }
    let result = match search.outcome {
        Outcome::Found { path, .. } => Ok(p.moves(&path)),
        Outcome::GaveUp(why) => Err(why),
        Outcome::Exhausted => unreachable!("a solvable board always reaches its goal"),
    };
    (result, search.stats)
}

/// Visited sets of more nodes than this are freed on a thread of their own.
const FREED_APART: u64 = 1 << 16;

/// Frees `maps` (visited sets) on another thread when they are big: freeing millions of
/// nodes one by one takes seconds (2.3 s for the 1.8 million of a 7x5 board's BFS), which
/// would come after the time limit, before the answer.
fn free_later<T: Send + 'static, N>(maps: T, search: &search::Search<N>) {
    if search.stats.peak_nodes > FREED_APART {
        crate::util::freeing::free_apart(maps);
    }
}

/// Runs the classic `algorithm` (BFS, bidirectional BFS, A*, IDA* or IDDFS, guided by
/// `heuristic` where it takes one, and in the multi-tile metric by the larger of it and
/// `walking` when given) from `start`, which must be able to reach `goal`, over the state
/// representation that fits the board. Returns the moves or why it gave up, and what the
/// search cost.
pub fn search(
    start: &Board,
    goal: &Board,
    algorithm: Algorithm,
    heuristic: Option<HeuristicKind>,
    walking: Option<&WalkingDistance>,
    options: &SolveOptions,
) -> (Result<Vec<Move>, GiveUp>, Stats) {
    let guide = heuristic.map(|kind| (kind, walking));
    if start.size().cells() <= PACKED_CELLS {
        run::<Packed, _>(start, goal, algorithm, guide, options, &mut Unobserved)
    } else {
        run::<Wide, _>(start, goal, algorithm, guide, options, &mut Unobserved)
    }
}

/// [`search()`], telling `watch` every event of the search (see [`crate::search::observer`])
/// with its nodes as boards.
pub fn search_watched(
    start: &Board,
    goal: &Board,
    algorithm: Algorithm,
    heuristic: Option<HeuristicKind>,
    walking: Option<&WalkingDistance>,
    options: &SolveOptions,
    watch: &mut impl FnMut(&Event<'_, Board>),
) -> (Result<Vec<Move>, GiveUp>, Stats) {
    let mut boards = Boards {
        size: start.size(),
        watch,
    };
    let guide = heuristic.map(|kind| (kind, walking));
    if start.size().cells() <= PACKED_CELLS {
        run::<Packed, _>(start, goal, algorithm, guide, options, &mut boards)
    } else {
        run::<Wide, _>(start, goal, algorithm, guide, options, &mut boards)
    }
}

/// Every solution from `start` to `goal` whose length (in the metric of `options`) lies
/// in `lengths`, told to `visit` as the blank's single steps: shorter first, those of one
/// length in the move order of `options` ([`search::all_paths`]), none passing a board
/// twice, in the multi-tile metric none moving twice along one line in a row. `estimate`
/// prunes: a lower bound on the moves from a board (its tiles, row-major) to `goal`.
/// `lengths` must start at most at the optimum. Runs under the limits of `options`.
pub fn list(
    start: &Board,
    goal: &Board,
    estimate: &dyn Fn(&[u8]) -> u32,
    lengths: RangeInclusive<u32>,
    options: &SolveOptions,
    visit: &mut dyn FnMut(Vec<Move>) -> ControlFlow<()>,
) -> (Result<ControlFlow<()>, GiveUp>, Stats) {
    if start.size().cells() <= PACKED_CELLS {
        list_over::<Packed>(start, goal, estimate, lengths, options, visit)
    } else {
        list_over::<Wide>(start, goal, estimate, lengths, options, visit)
    }
}

fn list_over<S: SearchState + std::hash::Hash>(
    start: &Board,
    goal: &Board,
    estimate: &dyn Fn(&[u8]) -> u32,
    lengths: RangeInclusive<u32>,
    options: &SolveOptions,
    visit: &mut dyn FnMut(Vec<Move>) -> ControlFlow<()>,
) -> (Result<ControlFlow<()>, GiveUp>, Stats) {
    let problem = Problem::<S>::new(goal, options, None, None);
    let p = &problem;
    let cells = p.cells();
    let limits = &Limits {
        heap_per_node: S::heap_bytes(cells),
        ..options.limits.clone()
    };
    search::all_paths(
        &S::from_board(start),
        |s: &S| p.successors(s),
        |s: &S| s.with_cells(cells, estimate),
        |s: &S| *s == p.goal,
        |parent: &S, node: &S, child: &S| p.pruned(parent, node, child),
        lengths,
        limits,
        |path: &[S]| visit(p.moves(path)),
    )
}
