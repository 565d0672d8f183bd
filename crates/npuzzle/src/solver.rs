//! Solving a board: picks the state representation, checks reachability, runs the chosen
//! search over the puzzle's moves, and turns the path found into blank moves.

use std::fmt;
use std::sync::Arc;
use std::time::Instant;

use crate::board::{Board, Move, Size};
use crate::cache::Cache;
use crate::distance_table::{self, DistanceTable, Layout, Need, MAX_TABLE_CELLS};
use crate::error::SolveError;
use crate::fast_idastar::RunSettings;
use crate::heuristic::{Heuristic, HeuristicKind};
use crate::progress::SharedProgress;
use crate::rank::factorial;
use crate::search::{self, GiveUp, IndexedMap, Limits, Outcome, Stats};
use crate::solvability::is_solvable;
use crate::state::{Packed, SearchState, Wide, MAX_SEARCH_CELLS, PACKED_CELLS};

/// Boards of at most this many cells can use the permutation rank as a perfect hash for
/// visited sets ([`Visited::Ranked`]); larger ones always use a hash map.
pub const RANKED_CELLS: usize = 12;

/// How BFS, bidirectional BFS and A* keep their visited sets.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum Visited {
    /// A hash map keyed by the packed board (FxHash). The default: measured 2-5x faster
    /// than ranking on the 8-puzzle (docs/BENCHMARKS.md), because a packed board is already
    /// a collision-free key that hashes in one multiply, while ranking costs a pass over
    /// the tiles and the indexed pages scatter memory.
    #[default]
    Hash,
    /// An array indexed by the board's Lehmer rank, a perfect hash (boards of at most
    /// [`RANKED_CELLS`] cells; larger boards fall back to [`Visited::Hash`]).
    Ranked,
}

impl Visited {
    /// The name used on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Visited::Hash => "hash",
            Visited::Ranked => "ranked",
        }
    }
}

impl std::str::FromStr for Visited {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        [Visited::Hash, Visited::Ranked]
            .into_iter()
            .find(|v| v.name() == s)
            .ok_or_else(|| format!("unknown visited set '{s}' (hash, ranked)"))
    }
}

/// A search algorithm.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum Algorithm {
    /// The best method available for the board.
    Auto,
    /// Breadth-first search.
    Bfs,
    /// Bidirectional breadth-first search.
    Bidirectional,
    /// A* with a heuristic.
    Astar,
    /// Iterative-deepening A* with a heuristic.
    Idastar,
    /// Iterative-deepening depth-first search.
    Iddfs,
    /// Row-by-row, column-by-column construction: fast on any size, not optimal.
    Constructive,
    /// A lookup in a complete distance table (boards of at most 12 cells; see
    /// [`crate::distance_table`]), built if needed.
    Table,
    /// The puzzle-specific IDA* ([`crate::fast_idastar`]): in-place moves, incremental
    /// estimates, optionally pattern databases.
    FastIdastar,
}

impl Algorithm {
    /// The concrete algorithms, each runnable by itself.
    pub const CLASSIC: [Algorithm; 5] = [
        Algorithm::Bfs,
        Algorithm::Bidirectional,
        Algorithm::Astar,
        Algorithm::Idastar,
        Algorithm::Iddfs,
    ];

    /// The name used on the command line and in JSON.
    pub fn name(self) -> &'static str {
        match self {
            Algorithm::Auto => "auto",
            Algorithm::Bfs => "bfs",
            Algorithm::Bidirectional => "bidirectional",
            Algorithm::Astar => "astar",
            Algorithm::Idastar => "idastar",
            Algorithm::Iddfs => "iddfs",
            Algorithm::Constructive => "constructive",
            Algorithm::Table => "table",
            Algorithm::FastIdastar => "fast-idastar",
        }
    }

    /// Whether the algorithm is guided by a heuristic.
    pub fn uses_heuristic(self) -> bool {
        matches!(
            self,
            Algorithm::Astar | Algorithm::Idastar | Algorithm::FastIdastar
        )
    }

    /// Every (algorithm, heuristic) pair worth comparing on one board, uninformed searches
    /// first: what `npuzzle compare` and the web page's comparison panel both run.
    pub fn comparison_pairs() -> Vec<(Algorithm, Option<HeuristicKind>)> {
        let mut pairs = Vec::new();
        for algorithm in Algorithm::CLASSIC {
            if algorithm.uses_heuristic() {
                pairs.extend(HeuristicKind::ALL.map(|h| (algorithm, Some(h))));
            } else {
                pairs.push((algorithm, None));
            }
        }
        pairs
    }
}

impl fmt::Display for Algorithm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for Algorithm {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        [Algorithm::Auto, Algorithm::Table, Algorithm::Constructive]
            .into_iter()
            .chain(Algorithm::CLASSIC)
            .chain([Algorithm::FastIdastar])
            .find(|a| a.name() == s)
            .ok_or_else(|| {
                format!(
                    "unknown algorithm '{s}' (auto, table, bfs, bidirectional, astar, idastar, iddfs, fast-idastar, constructive)"
                )
            })
    }
}

/// How to solve.
#[derive(Clone, Debug, PartialEq)]
pub struct SolveOptions {
    /// Which search.
    pub algorithm: Algorithm,
    /// Which estimate guides A* and IDA* (default: linear conflict).
    pub heuristic: Option<HeuristicKind>,
    /// The order moves are tried in; ties between shortest paths go to the first.
    pub order: [Move; 4],
    /// When to give up.
    pub limits: Limits,
    /// How visited sets are kept.
    pub visited: Visited,
    /// Weight on the heuristic for A* and IDA* (at least 1): with weight `w` the search
    /// ranks nodes by `g + w*h`, and the solution is at most `w` times the optimum.
    pub weight: f64,
    /// Where distance tables are cached (default: [`Cache::from_env`]).
    pub cache: Option<Cache>,
    /// Threads the fast IDA* searches with (default 1; 0 means one per core): see
    /// [`crate::fast_idastar::parallel`]. The other algorithms run on one thread.
    pub threads: usize,
    /// Told of each iteration of the fast IDA* (see [`RunSettings::progress`]).
    pub progress: Option<SharedProgress>,
}

impl SolveOptions {
    /// The settings of a fast IDA* run under these options.
    pub fn run_settings(&self) -> RunSettings {
        RunSettings {
            order: self.order,
            limits: self.limits,
            threads: self.threads,
            progress: self.progress.clone(),
        }
    }
}

impl Default for SolveOptions {
    fn default() -> Self {
        SolveOptions {
            algorithm: Algorithm::Auto,
            heuristic: None,
            order: Move::DEFAULT_ORDER,
            limits: Limits::NONE,
            visited: Visited::Hash,
            weight: 1.0,
            cache: None,
            threads: 1,
            progress: None,
        }
    }
}

/// How a solve ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Status {
    /// A solution was found (see [`Solution::moves`]).
    Solved,
    /// The goal cannot be reached from the start: decided by parity, without search.
    Unsolvable,
    /// A limit ended the search first.
    GaveUp(GiveUp),
}

/// The answer to one solve, with what it cost.
#[derive(Clone, Debug)]
pub struct Solution {
    /// How it ended.
    pub status: Status,
    /// The blank's moves from start to goal (empty unless solved).
    pub moves: Vec<Move>,
    /// Whether the length is proven minimal.
    pub optimal: bool,
    /// The algorithm that ran (never `Auto`).
    pub algorithm: Algorithm,
    /// The estimate that guided it, if any.
    pub heuristic: Option<HeuristicKind>,
    /// What the search cost.
    pub stats: Stats,
}

impl Solution {
    /// Number of moves, when solved.
    pub fn length(&self) -> Option<usize> {
        (self.status == Status::Solved).then_some(self.moves.len())
    }
}

/// Solves `start` towards `goal`.
///
/// ```
/// use npuzzle::{parse_board, solve, SolveOptions, Status};
/// let start = parse_board("283104765", None).unwrap();
/// let goal = parse_board("123804765", None).unwrap();
/// let s = solve(&start, &goal, &SolveOptions::default()).unwrap();
/// assert_eq!(s.status, Status::Solved);
/// assert_eq!(s.length(), Some(4));
/// assert!(s.optimal);
/// ```
pub fn solve(start: &Board, goal: &Board, options: &SolveOptions) -> Result<Solution, SolveError> {
    if start.size() != goal.size() {
        return Err(SolveError::SizeMismatch {
            start: start.size(),
            goal: goal.size(),
        });
    }
    if !(options.weight.is_finite() && options.weight >= 1.0) {
        return Err(SolveError::BadWeight(options.weight));
    }
    let started = Instant::now();
    let (algorithm, heuristic, table) = resolve(options, goal)?;
    if algorithm == Algorithm::Constructive {
        return Ok(solve_constructively(start, goal));
    }
    if algorithm == Algorithm::FastIdastar {
        if options.weight != 1.0 {
            return Err(SolveError::Unsupported(format!(
                "{algorithm} does not take a weight; use idastar or astar with --weight"
            )));
        }
        let kind = heuristic.unwrap_or(HeuristicKind::LinearConflict);
        return crate::fast_idastar::solve(start, goal, kind, &options.run_settings());
    }
    let cells = start.size().cells();
    if auto_is_fast(options, start.size()) {
        let kind = heuristic.unwrap_or(HeuristicKind::LinearConflict);
        return crate::fast_idastar::solve(start, goal, kind, &options.run_settings());
    }
    if cells > MAX_SEARCH_CELLS {
        return Err(SolveError::TooLarge {
            algorithm: algorithm.name().to_string(),
            size: start.size(),
            cells,
            max: MAX_SEARCH_CELLS,
        });
    }
    let mut solution = Solution {
        status: Status::Unsolvable,
        moves: Vec::new(),
        optimal: true,
        algorithm,
        heuristic,
        stats: Stats::default(),
    };
    if !is_solvable(start, goal) {
        return Ok(solution);
    }
    if let Some(table) = table {
        solution.status = Status::Solved;
        solution.moves = table
            .solve(start, goal, &options.order)
            .expect("a solvable board of the table's size and goal blank");
        // The walk reads up to four neighbours for each state it passes through.
        solution.stats = Stats {
            expanded: solution.moves.len() as u64,
            generated: 4 * solution.moves.len() as u64,
            peak_nodes: 0,
            seconds: started.elapsed().as_secs_f64(),
            ..Stats::default()
        };
        return Ok(solution);
    }
    let (outcome, stats) = if cells <= PACKED_CELLS {
        run::<Packed>(start, goal, algorithm, heuristic, options)
    } else {
        run::<Wide>(start, goal, algorithm, heuristic, options)
    };
    solution.stats = stats;
    match outcome {
        Ok(moves) => {
            solution.status = Status::Solved;
            solution.moves = moves;
            solution.optimal = !(algorithm.uses_heuristic() && options.weight > 1.0);
        }
        Err(why) => {
            solution.status = Status::GaveUp(why);
            solution.optimal = false;
        }
    }
    Ok(solution)
}

/// Constructive answers up to this many moves are shortened by re-solving windows.
const WINDOW_SHORTENING_MOVES: usize = 1_000_000;

fn solve_constructively(start: &Board, goal: &Board) -> Solution {
    let started = std::time::Instant::now();
    let built = crate::constructive::construct(start, goal);
    let stats = Stats {
        seconds: started.elapsed().as_secs_f64(),
        ..Stats::default()
    };
    let (status, moves) = match built {
        // Window re-solving saves about 1% for three times the construction's time
        // (docs/BENCHMARKS.md), so it is spent only where the answer stays small.
        Some(built) if built.moves.len() <= WINDOW_SHORTENING_MOVES => (
            Status::Solved,
            crate::constructive::shorten_by_windows(start, &built.moves, 24, 12),
        ),
        Some(built) => (Status::Solved, built.moves),
        None => (Status::Unsolvable, Vec::new()),
    };
    Solution {
        optimal: moves.is_empty() && status == Status::Solved,
        status,
        moves,
        algorithm: Algorithm::Constructive,
        heuristic: None,
        stats,
    }
}

/// Boards with more cells than this are solved constructively by `auto`: optimal search
/// beyond the 24-puzzle takes longer than anyone waits.
pub const AUTO_OPTIMAL_CELLS: usize = 25;

/// Boards of more cells than this are solved by `auto` with the fast IDA* (see
/// [`crate::fast_idastar`]); pattern databases, when cached, are chosen by the caller.
pub const FAST_AUTO_CELLS: usize = 12;

/// Whether `auto` takes the fast IDA* for this size: boards past the tables' reach that
/// the fast search holds (sides of at most 8).
fn auto_is_fast(options: &SolveOptions, size: Size) -> bool {
    // The fast search does not weigh its estimate: weighted requests go to IDA*.
    options.algorithm == Algorithm::Auto
        && options.weight == 1.0
        && options.heuristic != Some(HeuristicKind::Misplaced)
        && size.cells() > FAST_AUTO_CELLS
        && size.width <= 8
        && size.height <= 8
}

/// What [`resolve`] decided: the algorithm, its heuristic, and the table it reads.
type Resolved = (Algorithm, Option<HeuristicKind>, Option<Arc<DistanceTable>>);

/// The concrete algorithm and heuristic a request stands for, with the distance table
/// when that is the answer. `auto` takes a table wherever [`distance_table::shared`]
/// has one cheaply (every board up to 10 cells; 12-cell boards once cached), builds
/// boards above [`AUTO_OPTIMAL_CELLS`] constructively, and otherwise runs IDA*.
fn resolve(options: &SolveOptions, goal: &Board) -> Result<Resolved, SolveError> {
    let table = |need| -> Result<Option<Arc<DistanceTable>>, SolveError> {
        let Ok(layout) = Layout::for_goal(goal) else {
            return Ok(None);
        };
        let cache = options.cache.clone().unwrap_or_else(Cache::from_env);
        distance_table::shared(layout, &cache, need, &crate::progress::Silent)
            .map_err(|e| SolveError::Table(e.to_string()))
    };
    let (algorithm, table) = match options.algorithm {
        Algorithm::Auto if goal.size().cells() > AUTO_OPTIMAL_CELLS => {
            (Algorithm::Constructive, None)
        }
        Algorithm::Auto => match table(Need::IfCheap).ok().flatten() {
            Some(t) => (Algorithm::Table, Some(t)),
            None if auto_is_fast(options, goal.size()) => (Algorithm::FastIdastar, None),
            None => (Algorithm::Idastar, None),
        },
        Algorithm::Table => {
            let cells = goal.size().cells();
            if cells > MAX_TABLE_CELLS {
                return Err(SolveError::TooLarge {
                    algorithm: Algorithm::Table.name().to_string(),
                    size: goal.size(),
                    cells,
                    max: MAX_TABLE_CELLS,
                });
            }
            (Algorithm::Table, table(Need::Always)?)
        }
        other => (other, None),
    };
    let heuristic = algorithm
        .uses_heuristic()
        .then(|| options.heuristic.unwrap_or(HeuristicKind::LinearConflict));
    Ok((algorithm, heuristic, table))
}

/// The puzzle as a search problem over one state representation.
struct Problem<'a, S> {
    size: Size,
    visited: Visited,
    order: [Move; 4],
    goal: S,
    heuristic: Option<&'a Heuristic>,
    weight: f64,
}

impl<S: SearchState> Problem<'_, S> {
    fn cells(&self) -> usize {
        self.size.cells()
    }

    fn successors(&self, state: &S) -> impl Iterator<Item = S> + '_ {
        let blank = state.blank(self.cells());
        let state = state.clone();
        self.order.iter().filter_map(move |&mv| {
            self.size
                .step(blank, mv)
                .map(|from| state.slide(blank, from))
        })
    }

    fn estimate(&self, state: &S) -> u32 {
        let h = self
            .heuristic
            .map_or(0, |h| state.with_cells(self.cells(), |c| h.estimate(c)));
        // Rounding down keeps w*h below w times the true distance, so the bound holds.
        if self.weight == 1.0 {
            h
        } else {
            (self.weight * f64::from(h)).floor() as u32
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
            .map(|w| {
                Move::between(
                    self.size,
                    w[0].blank(self.cells()),
                    w[1].blank(self.cells()),
                )
                .expect("consecutive states differ by one move")
            })
            .collect()
    }
}

fn run<S: SearchState>(
    start: &Board,
    goal: &Board,
    algorithm: Algorithm,
    heuristic: Option<HeuristicKind>,
    options: &SolveOptions,
) -> (Result<Vec<Move>, GiveUp>, Stats) {
    let estimate = heuristic.map(|kind| Heuristic::new(kind, goal));
    let problem = Problem {
        size: start.size(),
        visited: options.visited,
        order: options.order,
        goal: S::from_board(goal),
        heuristic: estimate.as_ref(),
        weight: options.weight,
    };
    let p = &problem;
    let from = S::from_board(start);
    let limits = &options.limits;
    let successors = |s: &S| p.successors(s);
    let weighted = |s: &S| p.successors(s).map(|n| (n, 1));
    let estimate = |s: &S| p.estimate(s);
    let is_goal = |s: &S| *s == p.goal;
    let search = match algorithm {
        Algorithm::Bfs => match p.ranked_map() {
            Some(map) => search::bfs_with(&from, successors, is_goal, limits, map),
            None => search::bfs(&from, successors, is_goal, limits),
        },
        Algorithm::Bidirectional => match p.ranked_map::<()>() {
            Some(_) => search::bfs_bidirectional_with(
                &from,
                &p.goal,
                successors,
                successors,
                limits,
                || p.ranked_map().expect("ranked above"),
            ),
            None => search::bfs_bidirectional(&from, &p.goal, successors, successors, limits),
        },
        Algorithm::Astar => match p.ranked_map() {
            Some(map) => search::astar_with(&from, weighted, estimate, is_goal, limits, map),
            None => search::astar(&from, weighted, estimate, is_goal, limits),
        },
        Algorithm::Idastar => search::idastar(&from, weighted, estimate, is_goal, limits),
        Algorithm::Iddfs => search::iddfs(&from, successors, is_goal, limits),
        Algorithm::Auto | Algorithm::Constructive | Algorithm::Table | Algorithm::FastIdastar => {
            unreachable!("resolved before the search")
        }
    };
    let result = match search.outcome {
        Outcome::Found { path, .. } => Ok(p.moves(&path)),
        Outcome::GaveUp(why) => Err(why),
        Outcome::Exhausted => unreachable!("a solvable board always reaches its goal"),
    };
    (result, search.stats)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::parse_board;

    #[test]
    fn every_algorithm_solves_the_sample() {
        let start = parse_board("283104765", None).unwrap();
        let goal = parse_board("123804765", None).unwrap();
        for algorithm in Algorithm::CLASSIC {
            let options = SolveOptions {
                algorithm,
                ..SolveOptions::default()
            };
            let s = solve(&start, &goal, &options).unwrap();
            assert_eq!(s.length(), Some(4), "{algorithm}");
            let mut b = start.clone();
            b.apply_all(&s.moves).unwrap();
            assert_eq!(b, goal, "{algorithm}");
            assert!(s.stats.expanded > 0, "{algorithm}");
        }
    }

    #[test]
    fn unsolvable_is_an_answer() {
        let start = parse_board("213456780", None).unwrap();
        let goal = Board::goal(start.size());
        let s = solve(&start, &goal, &SolveOptions::default()).unwrap();
        assert_eq!(s.status, Status::Unsolvable);
        assert_eq!(s.length(), None);
    }

    #[test]
    fn limits_give_up() {
        let start = parse_board("8 6 7/2 5 4/3 0 1", None).unwrap();
        let goal = Board::goal(start.size());
        let options = SolveOptions {
            algorithm: Algorithm::Iddfs,
            limits: Limits {
                max_expanded: Some(1000),
                ..Limits::NONE
            },
            ..SolveOptions::default()
        };
        let s = solve(&start, &goal, &options).unwrap();
        assert_eq!(s.status, Status::GaveUp(GiveUp::Expanded(1000)));
        assert!(!s.optimal);
    }

    #[test]
    fn weighted_search_is_bounded_and_not_called_optimal() {
        let start = parse_board("8 6 7/2 5 4/3 0 1", None).unwrap();
        let goal = Board::goal(start.size());
        for algorithm in [Algorithm::Astar, Algorithm::Idastar] {
            for weight in [1.5, 2.0, 3.0] {
                let options = SolveOptions {
                    algorithm,
                    weight,
                    ..SolveOptions::default()
                };
                let s = solve(&start, &goal, &options).unwrap();
                let length = s.length().unwrap() as f64;
                assert!(length <= 31.0 * weight, "{algorithm} w={weight}: {length}");
                assert!(!s.optimal);
                let mut b = start.clone();
                b.apply_all(&s.moves).unwrap();
                assert_eq!(b, goal);
            }
        }
        let bad = SolveOptions {
            weight: 0.5,
            ..SolveOptions::default()
        };
        assert_eq!(
            solve(&start, &goal, &bad).unwrap_err(),
            SolveError::BadWeight(0.5)
        );
    }

    #[test]
    fn auto_takes_the_fast_search_past_twelve_cells() {
        let goal = Board::blank_first_goal(Size::square(4).unwrap());
        let start = parse_board("4 1 2 3/0 5 6 7/8 9 10 11/12 13 14 15", None).unwrap();
        let s = solve(&start, &goal, &SolveOptions::default()).unwrap();
        assert_eq!(s.algorithm, Algorithm::FastIdastar);
        assert_eq!(s.length(), Some(1));
        let misplaced = SolveOptions {
            heuristic: Some(HeuristicKind::Misplaced),
            ..SolveOptions::default()
        };
        assert_eq!(
            solve(&start, &goal, &misplaced).unwrap().algorithm,
            Algorithm::Idastar
        );
        assert_eq!(
            "fast-idastar".parse::<Algorithm>(),
            Ok(Algorithm::FastIdastar)
        );
    }

    #[test]
    fn wrong_sizes_are_an_error() {
        let a = Board::goal(Size::square(3).unwrap());
        let b = Board::goal(Size::square(4).unwrap());
        assert!(solve(&a, &b, &SolveOptions::default()).is_err());
    }
}
