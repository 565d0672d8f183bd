//! How to solve: the algorithm, the estimate, the move order, the limits, the visited
//! set, where tables are cached, threads and progress. Front ends fill these in; the
//! library decides everything else.
//!
//! ```
//! use npuzzle::search::Limits;
//! use npuzzle::{parse_board, solve, Algorithm, EstimateChoice, HeuristicKind, SolveOptions, Status};
//!
//! let start = parse_board("8 6 7/2 5 4/3 0 1", None)?;
//! let goal = npuzzle::Board::goal(start.size());
//! let options = SolveOptions {
//!     algorithm: Algorithm::Astar,
//!     estimate: EstimateChoice::Heuristic(HeuristicKind::Manhattan),
//!     limits: Limits { max_expanded: Some(10), ..Limits::NONE },
//!     ..SolveOptions::default()
//! };
//! let solution = solve(&start, &goal, &options)?;
//! assert!(matches!(solution.status, Status::GaveUp(_)));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::time::Duration;

use crate::answer::algorithm::Algorithm;
use crate::answer::solution_list::{ListRequest, SolutionSink};
use crate::answer::solve_error::SolveError;
use crate::fast_idastar::cluster_link::SharedLink;
use crate::fast_idastar::{RunSettings, MAX_THREADS};
use crate::puzzle::heuristic::HeuristicKind;
use crate::puzzle::metric::Metric;
use crate::puzzle::move_order::MoveOrder;
use crate::puzzle::notation::{parse_name, UnknownName};
use crate::search::Limits;
use crate::tables::cache::Cache;
use crate::tables::catalogue::Catalogue;
use crate::tables::partition::Partition;
use crate::util::progress::{Progress, SharedProgress, Silent};
use crate::util::proven_bound::ProvenBound;

/// Boards of at most this many cells can use the permutation rank as a perfect hash for
/// visited sets ([`Visited::Ranked`]); larger ones always use a hash map.
pub const RANKED_CELLS: usize = 12;

/// How BFS, bidirectional BFS and A* keep their visited sets.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum Visited {
    /// A hash map keyed by the packed board (`FxHash`), cut into small ones
    /// ([`crate::search::ShardedMap`]: no growth stalls a search past its time limit). The
    /// default: measured 2-5x faster than ranking on the 8-puzzle (docs/BENCHMARKS.md, "The classic algorithms on the 8-puzzle"),
    /// because a packed board is already a collision-free key that hashes in one multiply,
    /// while ranking costs a pass over the tiles and the indexed pages scatter memory.
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
    type Err = UnknownName;
    fn from_str(s: &str) -> Result<Self, UnknownName> {
        parse_name(
            "visited set",
            s,
            &[Visited::Hash, Visited::Ranked],
            Visited::name,
        )
    }
}

/// The estimate a solve asks for.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum EstimateChoice {
    /// The library's choice: for `auto`, a complete distance table where one is at hand,
    /// else the pattern databases cached for the goal, else linear conflict (and, when a
    /// search runs long, a small pattern database built on the way); for the other
    /// informed searches, linear conflict.
    #[default]
    Auto,
    /// This heuristic, computed from the board.
    Heuristic(HeuristicKind),
    /// Additive pattern databases of this partition (loaded from the cache, built and
    /// stored there when missing), guiding the fast IDA*.
    PatternDatabase {
        /// The groups of tiles.
        partition: Partition,
        /// Whether the mirrored board is looked up too, where the goal allows it.
        reflection: bool,
    },
    /// Zero-aware pattern databases of every partition of this catalogue (loaded from
    /// the cache, built and stored there when missing), the largest sum guiding the
    /// fast IDA*.
    Catalogue {
        /// The partitions.
        catalogue: Catalogue,
        /// Whether the mirrored board is looked up too, where the goal allows it.
        reflection: bool,
    },
}

impl EstimateChoice {
    /// The heuristic asked for, if one is.
    pub fn heuristic(&self) -> Option<HeuristicKind> {
        match self {
            EstimateChoice::Heuristic(kind) => Some(*kind),
            _ => None,
        }
    }

    /// The choice in words, as a user named it: `auto`, `linear-conflict`, `pdb 7-8`,
    /// `catalogue small without reflection`.
    pub fn describe(&self) -> String {
        let reflected = |reflection: bool| {
            if reflection {
                ""
            } else {
                " without reflection"
            }
        };
        match self {
            EstimateChoice::Auto => "auto".to_string(),
            EstimateChoice::Heuristic(kind) => kind.name().to_string(),
            EstimateChoice::PatternDatabase {
                partition,
                reflection,
            } => format!("pdb {partition}{}", reflected(*reflection)),
            EstimateChoice::Catalogue {
                catalogue,
                reflection,
            } => format!("catalogue {catalogue}{}", reflected(*reflection)),
        }
    }
}

impl From<Option<HeuristicKind>> for EstimateChoice {
    /// A heuristic if one is given, else the library's choice.
    fn from(kind: Option<HeuristicKind>) -> EstimateChoice {
        kind.map_or(EstimateChoice::Auto, EstimateChoice::Heuristic)
    }
}

/// How to solve.
#[derive(Clone, Debug, PartialEq)]
#[expect(
    clippy::struct_excessive_bools,
    reason = "independent switches, each set by name and documented"
)]
pub struct SolveOptions {
    /// Which search.
    pub algorithm: Algorithm,
    /// Which estimate guides the informed searches.
    pub estimate: EstimateChoice,
    /// The order moves are tried in; ties between shortest paths go to the first.
    pub order: MoveOrder,
    /// Whether any optimal path will do, not only the smallest in
    /// [`SolveOptions::order`]: the fast IDA* in the single-tile metric then tries each
    /// node's children by their estimate, least first, and stops at the first optimal
    /// path it meets, often long before the smallest
    /// ([`crate::Solution::any_optimal`] says when an answer was had so). The other
    /// searches answer as they always do. A bounded solve ([`SolveOptions::bounded`])
    /// proves its optimum this way whatever this says, then looks for the smallest path.
    pub any_optimal: bool,
    /// How moves are counted: what "optimal" minimises (see [`Metric`]).
    pub metric: Metric,
    /// When to give up.
    pub limits: Limits,
    /// How visited sets are kept.
    pub visited: Visited,
    /// Weight on the heuristic for A* and IDA* (at least 1): with weight `w` the search
    /// ranks nodes by `g + w*h`, and the solution is at most `w` times the optimum.
    pub weight: f64,
    /// Where distance tables and pattern databases are cached (default:
    /// [`Cache::from_env`]).
    pub cache: Option<Cache>,
    /// Threads the fast IDA* searches with (default 1; 0 means one per core): see
    /// [`crate::fast_idastar::parallel`]. The other algorithms run on one thread.
    pub threads: usize,
    /// Whether tables that are not cached may be built: a distance table asked for with
    /// [`Algorithm::Table`], pattern databases named, or built on the way by `auto`.
    /// A service turns this off: a build takes minutes on every core, which no search
    /// limit bounds. Small tables (at most 10 cells) are always had.
    pub build_tables: bool,
    /// Told of long work: table and database builds, and each iteration of the
    /// fast IDA* (see [`RunSettings::progress`]).
    pub progress: Option<SharedProgress>,
    /// The other processes this one searches with, if any (see [`crate::fast_idastar::cluster_link`]):
    /// every process runs the same solve with its own link.
    pub cluster: Option<SharedLink>,
    /// Whether to count every optimal solution, not only find one
    /// ([`crate::solving::count`]; [`Solution::optimal_solutions`]). Only optimal
    /// searches take it.
    ///
    /// [`Solution::optimal_solutions`]: crate::answer::solution::Solution::optimal_solutions
    pub count_optimal: bool,
    /// Which solutions to list beside the answer, if any ([`crate::solving::listing`];
    /// [`crate::Solution::solutions`]): the optimal ones, or those within some moves of
    /// the optimum. Asking implies [`SolveOptions::count_optimal`]; only optimal
    /// searches take it.
    pub list: Option<ListRequest>,
    /// Told each solution listed ([`SolveOptions::list`]) as it is found, before the
    /// solve returns: what streams them. The solutions told to it are not also kept in
    /// [`crate::Solution::solutions`] (whose `ended` still says how the listing ended), so
    /// a stream of millions takes no memory.
    pub solution_sink: Option<SolutionSink>,
    /// Whether an optimal search that stops at its time or node limit answers with the
    /// best solution found and a proven lower bound ([`crate::solving::bounded`]: a
    /// bounded answer, [`crate::answer::solution::Status::Bounded`]) rather than none.
    /// Off by default: services that measure a search (comparisons, benchmarks) want its
    /// limit as it is; the front ends' `solve` and `check` turn it on.
    pub bounded: bool,
    /// Told each lower bound the optimal search proves (see [`RunSettings::proven`]).
    pub proven: Option<ProvenBound>,
}

impl SolveOptions {
    /// Whether the optimal solutions are counted: asked for, or implied by a listing.
    pub fn counts(&self) -> bool {
        self.count_optimal || self.list.is_some()
    }

    /// The cache these options name: [`SolveOptions::cache`], else [`Cache::from_env`].
    pub fn cache(&self) -> Cache {
        self.cache.clone().unwrap_or_else(Cache::from_env)
    }

    /// Where long work reports: [`SolveOptions::progress`], else nowhere.
    pub fn progress(&self) -> &dyn Progress {
        match &self.progress {
            Some(shared) => shared.0.as_ref(),
            None => &Silent,
        }
    }

    /// The settings of a fast IDA* run under these options.
    pub fn run_settings(&self) -> RunSettings {
        RunSettings {
            order: self.order,
            any_optimal: self.any_optimal,
            limits: self.limits.clone(),
            threads: self.threads,
            progress: self.progress.clone(),
            cluster: self.cluster.clone(),
            proven: self.proven.clone(),
        }
    }
}

impl Default for SolveOptions {
    fn default() -> Self {
        SolveOptions {
            algorithm: Algorithm::Auto,
            estimate: EstimateChoice::Auto,
            order: MoveOrder::DEFAULT,
            any_optimal: false,
            metric: Metric::SingleTile,
            limits: Limits::NONE,
            visited: Visited::Hash,
            weight: 1.0,
            cache: None,
            build_tables: true,
            threads: 1,
            progress: None,
            cluster: None,
            count_optimal: false,
            list: None,
            solution_sink: None,
            bounded: false,
            proven: None,
        }
    }
}

/// `threads` when a search may run on that many (0 means one per core).
///
/// # Errors
/// [`SolveError::TooManyThreads`] above [`MAX_THREADS`].
pub fn checked_threads(threads: usize) -> Result<usize, SolveError> {
    if threads > MAX_THREADS {
        return Err(SolveError::TooManyThreads {
            threads,
            max: MAX_THREADS,
        });
    }
    Ok(threads)
}

/// The longest time limit taken, in seconds: a year. Longer is no limit in practice,
/// and a clock reading plus an unbounded span can overflow.
pub const MAX_SECONDS: f64 = 365.0 * 24.0 * 3600.0;

/// A time limit of `seconds`.
///
/// ```
/// use std::time::Duration;
/// use npuzzle::answer::options::time_limit;
/// assert_eq!(time_limit(1.5).unwrap(), Duration::from_millis(1500));
/// assert!(time_limit(0.0).is_err() && time_limit(-1.0).is_err() && time_limit(f64::NAN).is_err());
/// ```
///
/// # Errors
/// [`SolveError::BadTimeLimit`] unless `seconds` is positive, finite and at most
/// [`MAX_SECONDS`].
pub fn time_limit(seconds: f64) -> Result<Duration, SolveError> {
    if !(seconds.is_finite() && seconds > 0.0 && seconds <= MAX_SECONDS) {
        return Err(SolveError::BadTimeLimit {
            seconds,
            max: MAX_SECONDS,
        });
    }
    Ok(Duration::from_secs_f64(seconds))
}

/// The limits of a solve where its caller sets none: no node or time limit, at most 100
/// million nodes held at once; front ends add the memory budget
/// ([`crate::util::memory::default_budget`] unless the user gives one).
pub const SOLVE_LIMITS: Limits = Limits {
    max_held: Some(100_000_000),
    ..Limits::NONE
};

/// The limits of each run of a benchmark (`npuzzle bench`, Python's `bench_by_depth`)
/// where its caller sets none: a minute, at most 200 million nodes held at once, so that
/// one hard board cannot hold up a table of hundreds.
pub const BENCH_LIMITS: Limits = Limits {
    max_expanded: None,
    max_held: Some(200_000_000),
    max_time: Some(std::time::Duration::from_secs(60)),
    ..Limits::NONE
};
