//! The plan of a solve, decided here for every front end: which algorithm answers, guided
//! by which estimate, reading which tables. `npuzzle solve`, `batch`, `bench`, `compare`,
//! the web API and the Python package all reach a board through [`crate::solve`], which
//! asks [`plan`] first, so the same board and options get the same plan from any door.
//!
//! ```
//! use npuzzle::plan::{plan, Guide};
//! use npuzzle::{Algorithm, Board, SolveOptions, Size};
//!
//! // A 3x3 board under `auto` is a lookup in the embedded distance table.
//! let goal = Board::goal(Size::square(3)?);
//! let eight = plan(&goal, &SolveOptions::default())?;
//! assert_eq!(eight.algorithm, Algorithm::Table);
//! assert!(matches!(eight.guide, Guide::Table(_)));
//!
//! // A 100x100 board is built constructively.
//! let big = plan(&Board::goal(Size::square(100)?), &SolveOptions::default())?;
//! assert_eq!(big.algorithm, Algorithm::Constructive);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! ## What `auto` chooses
//! 1. Boards of more than [`AUTO_OPTIMAL_CELLS`] cells: the constructive method (optimal
//!    search there takes longer than anyone waits).
//! 2. A complete distance table where one is at hand: every board of at most 10 cells,
//!    12-cell boards once their table is cached (see [`crate::tables::distance_table`]).
//! 3. A weighted request: IDA* with the weighted estimate (the fast IDA* does
//!    not weigh).
//! 4. Boards of more than [`FAST_AUTO_CELLS`] cells with sides of at most 8: the
//!    fast IDA*, guided by the pattern databases cached for the goal if there
//!    are any (the fastest first, [`preferred_sets`]); otherwise by linear conflict, with
//!    an [`Upgrade`]: a search still running after about as many expansions as building a
//!    small database costs builds that database, caches it, and starts again with it (so
//!    an easy board never pays for a build, and a hard one pays at most about twice what
//!    it would with the database already there).
//! 5. Anything else: IDA* with linear conflict.
//!
//! A heuristic or partition named in the options is used as named: `auto` then only
//! chooses the algorithm that takes it.

use std::sync::Arc;
use std::time::Instant;

use crate::answer::options::{
    checked_threads, EstimateChoice, SolveOptions, Visited, RANKED_CELLS,
};
use crate::answer::solution::{Advice, Algorithm, SolveError, TablesCause};
use crate::fast_idastar::{Estimate, MAX_FAST_CELLS, MAX_LINE};
use crate::pdb::registry::{self, SharedDatabase};
use crate::pdb::{self, PartitionSet, PatternDatabase, PdbError};
use crate::puzzle::board::{moves_to_string, Board, Size};
use crate::puzzle::heuristic::HeuristicKind;
use crate::puzzle::rank::PartialRank;
use crate::puzzle::state::MAX_SEARCH_CELLS;
use crate::tables::cache::Cache;
use crate::tables::catalogue::{Catalogue, NamedCatalogue};
use crate::tables::distance_table::{self, DistanceTable, Layout, Need, MAX_TABLE_CELLS};
use crate::tables::partition::{Groups, Partition};

/// Boards with more cells than this are solved constructively by `auto`: optimal search
/// beyond the 24-puzzle takes longer than anyone waits.
pub const AUTO_OPTIMAL_CELLS: usize = 25;

/// Boards of more cells than this are solved by `auto` with the fast IDA*
/// (see [`crate::fast_idastar`]); smaller ones that have no table at hand with the
/// generic IDA*.
pub const FAST_AUTO_CELLS: usize = 12;

/// The estimate a plan searches with.
#[derive(Clone)]
pub enum Guide {
    /// None: an uninformed search, or the constructive method.
    Blind,
    /// A heuristic computed from the board.
    Heuristic(HeuristicKind),
    /// A complete distance table: the answer is a walk down it.
    Table(Arc<DistanceTable>),
    /// Additive pattern databases guiding the fast IDA*.
    PatternDatabase(Arc<PatternDatabase>),
}

impl Guide {
    /// The estimate's name in reports, if the plan has one.
    pub fn name(&self) -> Option<String> {
        match self {
            Guide::Blind | Guide::Table(_) => None,
            Guide::Heuristic(kind) => Some(kind.name().to_string()),
            Guide::PatternDatabase(db) => Some(db.name()),
        }
    }
}

impl std::fmt::Debug for Guide {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Guide::Table(table) => write!(f, "Table({:?})", table.layout()),
            other => f.write_str(&other.name().unwrap_or_else(|| "Blind".to_string())),
        }
    }
}

/// A stronger estimate a long search switches to (see the module documentation).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Upgrade {
    /// Expansions after which the search stops to build the database.
    pub after_expanded: u64,
    /// The partition built.
    pub partition: Partition,
    /// Its groups on the goal.
    pub groups: Groups,
}

/// What a solve will do.
#[derive(Clone, Debug)]
pub struct Plan {
    /// The algorithm that answers (never [`Algorithm::Auto`]).
    pub algorithm: Algorithm,
    /// What guides it.
    pub guide: Guide,
    /// How its tables were had, if it reads any.
    pub tables: Option<String>,
    /// Seconds spent loading or building them.
    pub setup_seconds: f64,
    /// A database to build and switch to if the search runs long.
    pub upgrade: Option<Upgrade>,
    /// A stronger setup worth suggesting.
    pub advice: Option<Advice>,
}

impl Plan {
    fn new(algorithm: Algorithm, guide: Guide) -> Plan {
        Plan {
            algorithm,
            guide,
            tables: None,
            setup_seconds: 0.0,
            upgrade: None,
            advice: None,
        }
    }

    /// An xxh3 checksum of the pattern databases the plan searches with, if any: two
    /// machines with the same checksum search with the same tables.
    pub fn tables_checksum(&self) -> Option<u64> {
        match &self.guide {
            Guide::PatternDatabase(db) => Some(db.checksum()),
            _ => None,
        }
    }

    /// What processes sharing work under this plan and `options` must have in common
    /// (name, value in words): the program's version, the move order, every limit that
    /// can change the answer ([`limit_identity`]), the algorithm, the estimate and the
    /// tables' checksum. Compared by [`crate::answer::cluster::agree`], with the board and goal
    /// where those are shared too.
    pub fn identity(&self, options: &SolveOptions) -> Vec<(&'static str, String)> {
        let tables = self
            .tables_checksum()
            .map_or_else(|| "none".to_string(), |sum| format!("{sum:016x}"));
        let mut fields = vec![
            ("npuzzle version", env!("CARGO_PKG_VERSION").to_string()),
            ("move order", moves_to_string(&options.order)),
        ];
        fields.extend(limit_identity(options, Some(self)));
        fields.extend([
            ("algorithm", self.algorithm.to_string()),
            (
                "estimate",
                self.guide.name().unwrap_or_else(|| "none".into()),
            ),
            ("tables checksum", tables),
        ]);
        fields
    }
}

/// The limits of `options` that can change the answer of a search under `plan` (of any
/// plan, when `None`), as (name, value in words): what processes sharing work must agree
/// on, so that none stops where another would not, and none reports a limit another
/// reached but it was never given.
///
/// - The node limit, the time limit and the weight, always (on a cluster the node count
///   is the cluster's, and each process reads its own clock against the same limit).
/// - The limit on nodes held and the visited set, where the search counts what it holds
///   against them: BFS, bidirectional BFS, A*, IDA* and IDDFS.
///
/// Not the memory budget: it defaults to each machine's own (half its available memory),
/// so no two processes would agree by default. The searches that run whole on every
/// process of a cluster answer with process 0's own search; the shared one, the
/// fast IDA*, holds a path alone, and the tables it reads are compared by
/// checksum (after a build on the way too). A cluster batch, whose boards are answered
/// by whichever process solves them, agrees on the least budget instead
/// ([`crate::answer::cluster::least`]).
///
/// ```
/// use npuzzle::plan::limit_identity;
/// use npuzzle::search::Limits;
/// use npuzzle::SolveOptions;
///
/// let options = SolveOptions {
///     limits: Limits { max_time: Some(std::time::Duration::from_secs(3)), ..Limits::NONE },
///     ..SolveOptions::default()
/// };
/// let fields = limit_identity(&options, None);
/// assert!(fields.contains(&("time limit", "3 s".to_string())));
/// assert!(fields.contains(&("node limit", "none".to_string())));
/// ```
pub fn limit_identity(options: &SolveOptions, plan: Option<&Plan>) -> Vec<(&'static str, String)> {
    let limits = &options.limits;
    let or_none = |value: Option<String>| value.unwrap_or_else(|| "none".to_string());
    let mut fields = vec![
        (
            "node limit",
            or_none(limits.max_expanded.map(|n| format!("{n} expanded nodes"))),
        ),
        (
            "time limit",
            or_none(limits.max_time.map(|t| format!("{} s", t.as_secs_f64()))),
        ),
        ("weight", options.weight.to_string()),
    ];
    let holds = plan.is_none_or(|p| {
        matches!(
            p.algorithm,
            Algorithm::Bfs
                | Algorithm::Bidirectional
                | Algorithm::Astar
                | Algorithm::Idastar
                | Algorithm::Iddfs
        )
    });
    if holds {
        fields.push((
            "limit on nodes held",
            or_none(limits.max_held.map(|n| format!("{n} nodes"))),
        ));
        fields.push(("visited set", options.visited.name().to_string()));
    }
    fields
}

/// Checks that `options` can be planned for boards towards `goal`, without loading or
/// building anything: what [`plan`] refuses, refused at once, so a front end can reject
/// bad flags before any work starts.
///
/// # Errors
/// As [`plan`], but for tables that cannot be had.
pub fn validate(goal: &Board, options: &SolveOptions) -> Result<(), SolveError> {
    if !(options.weight.is_finite() && options.weight >= 1.0) {
        return Err(SolveError::BadWeight(options.weight));
    }
    checked_threads(options.threads)?;
    let size = goal.size();
    let weighted = options.weight > 1.0;
    let estimate = &options.estimate;
    if options.visited == Visited::Ranked {
        let keeps = matches!(
            options.algorithm,
            Algorithm::Bfs | Algorithm::Bidirectional | Algorithm::Astar
        );
        if !keeps {
            return Err(SolveError::VisitedNotTaken(options.algorithm));
        }
        if size.cells() > RANKED_CELLS {
            return Err(SolveError::TooLarge {
                algorithm: format!("{} with a ranked visited set", options.algorithm),
                size,
                cells: size.cells(),
                max: RANKED_CELLS,
            });
        }
    }
    if let Some((set, _)) = database_set(goal, estimate)? {
        pdb::check_buildable(goal, &set).map_err(tables_error(databases(&set)))?;
    }
    match options.algorithm {
        Algorithm::Auto => match estimate {
            EstimateChoice::PatternDatabase { .. } | EstimateChoice::Catalogue { .. } => {
                unweighted(Algorithm::FastIdastar, weighted)?;
                fits_puzzle_idastar(Algorithm::FastIdastar, size)
            }
            EstimateChoice::Heuristic(kind) => {
                let fast = !weighted
                    && *kind != HeuristicKind::Misplaced
                    && fits_puzzle_idastar(Algorithm::FastIdastar, size).is_ok();
                if !fast && size.cells() > MAX_SEARCH_CELLS {
                    return Err(too_large(Algorithm::Idastar, size, MAX_SEARCH_CELLS));
                }
                Ok(())
            }
            EstimateChoice::Auto => Ok(()),
        },
        Algorithm::Table => {
            no_estimate(Algorithm::Table, estimate)?;
            unweighted(Algorithm::Table, weighted)?;
            if size.cells() > MAX_TABLE_CELLS {
                return Err(too_large(Algorithm::Table, size, MAX_TABLE_CELLS));
            }
            Ok(())
        }
        Algorithm::FastIdastar => {
            unweighted(Algorithm::FastIdastar, weighted)?;
            fits_puzzle_idastar(Algorithm::FastIdastar, size)?;
            match estimate {
                EstimateChoice::Heuristic(HeuristicKind::Misplaced) => {
                    Err(SolveError::HeuristicNotTaken {
                        algorithm: Algorithm::FastIdastar,
                        heuristic: HeuristicKind::Misplaced,
                    })
                }
                _ => Ok(()),
            }
        }
        Algorithm::Constructive => {
            unweighted(Algorithm::Constructive, weighted)?;
            no_estimate(Algorithm::Constructive, estimate)
        }
        classic => {
            if size.cells() > MAX_SEARCH_CELLS {
                return Err(too_large(classic, size, MAX_SEARCH_CELLS));
            }
            if !classic.uses_heuristic() {
                unweighted(classic, weighted)?;
                return no_estimate(classic, estimate);
            }
            match estimate {
                EstimateChoice::PatternDatabase { .. } | EstimateChoice::Catalogue { .. } => {
                    Err(SolveError::DatabaseNotTaken(classic))
                }
                _ => Ok(()),
            }
        }
    }
}

/// The plan for boards towards `goal` under `options`, with its tables loaded (and
/// built, where the options ask for tables that are not cached).
///
/// # Errors
/// When the options ask for something the board does not allow (see [`validate`]), or
/// for tables that cannot be had.
///
/// # Panics
/// Never: a table asked for with [`Need::Always`] is always had.
pub fn plan(goal: &Board, options: &SolveOptions) -> Result<Plan, SolveError> {
    validate(goal, options)?;
    let size = goal.size();
    let plan = match options.algorithm {
        Algorithm::Auto => match &options.estimate {
            EstimateChoice::PatternDatabase { .. } | EstimateChoice::Catalogue { .. } => {
                puzzle_idastar(goal, options)?
            }
            EstimateChoice::Heuristic(kind) => {
                if options.weight <= 1.0
                    && fits_puzzle_idastar(Algorithm::FastIdastar, size).is_ok()
                    && size.cells() > FAST_AUTO_CELLS
                    && *kind != HeuristicKind::Misplaced
                {
                    puzzle_idastar(goal, options)?
                } else {
                    classic(Algorithm::Idastar, options)
                }
            }
            EstimateChoice::Auto => auto(goal, options)?,
        },
        Algorithm::Table => {
            let need = if options.build_tables {
                Need::Always
            } else {
                Need::IfCheap
            };
            table(goal, options, need)?.ok_or_else(|| {
                SolveError::NotBuilt(format!("the distance table of {} boards", goal.size()))
            })?
        }
        Algorithm::FastIdastar => puzzle_idastar(goal, options)?,
        Algorithm::Constructive => Plan::new(Algorithm::Constructive, Guide::Blind),
        other => classic(other, options),
    };
    Ok(plan)
}

/// The plan for a board that needs no search (one on its goal, or one that cannot reach
/// it): what [`plan`] would answer with, but with tables only where they are at hand.
/// Nothing is built, so the answer does not wait minutes for tables it would not read;
/// where the options name tables that are not built, the plan has no guide to search with
/// ([`Guide::Blind`]) and the second field names the estimate they would make.
///
/// # Errors
/// As [`plan`], but never for tables that are not built.
pub fn without_building(
    goal: &Board,
    options: &SolveOptions,
) -> Result<(Plan, Option<String>), SolveError> {
    let at_hand = SolveOptions {
        build_tables: false,
        ..options.clone()
    };
    match plan(goal, &at_hand) {
        Ok(plan) => {
            let name = plan.guide.name();
            Ok((plan, name))
        }
        Err(SolveError::NotBuilt(_)) => Ok(match database_set(goal, &options.estimate)? {
            Some((set, reflection)) => (
                Plan::new(Algorithm::FastIdastar, Guide::Blind),
                Some(pdb::estimate_name(goal, &set, reflection)),
            ),
            // Only a distance table asked for by name is refused when not built.
            None => (Plan::new(options.algorithm, Guide::Blind), None),
        }),
        Err(other) => Err(other),
    }
}

/// `auto` with no estimate named (see the module documentation).
fn auto(goal: &Board, options: &SolveOptions) -> Result<Plan, SolveError> {
    let size = goal.size();
    if size.cells() > AUTO_OPTIMAL_CELLS {
        return Ok(Plan::new(Algorithm::Constructive, Guide::Blind));
    }
    if let Ok(Some(plan)) = table(goal, options, Need::IfCheap) {
        return Ok(plan);
    }
    if options.weight > 1.0
        || size.cells() <= FAST_AUTO_CELLS
        || fits_puzzle_idastar(Algorithm::FastIdastar, size).is_err()
    {
        if size.cells() > MAX_SEARCH_CELLS {
            return Err(too_large(Algorithm::Idastar, size, MAX_SEARCH_CELLS));
        }
        return Ok(classic(Algorithm::Idastar, options));
    }
    let cache = options.cache();
    if let Some(found) = registry::cached(&cache, goal, &preferred_sets(goal), options.progress()) {
        let mut plan = with_database(found);
        plan.advice = advice(goal, &plan.guide, &cache);
        return Ok(plan);
    }
    let mut plan = Plan::new(
        Algorithm::FastIdastar,
        Guide::Heuristic(HeuristicKind::LinearConflict),
    );
    plan.upgrade = starter_partition(goal)
        // A build that is not allowed, or would pass the memory budget, is not started.
        .filter(|_| options.build_tables)
        .filter(|(_, groups)| {
            let (need, _) = pdb::build_peak_bytes(goal, &PartitionSet::classic(groups.clone()));
            options.limits.max_bytes.is_none_or(|budget| need <= budget)
        })
        .map(|(partition, groups)| Upgrade {
            after_expanded: build_cost(goal, &groups),
            partition,
            groups,
        });
    Ok(plan)
}

/// The fast IDA* with the estimate the options name.
fn puzzle_idastar(goal: &Board, options: &SolveOptions) -> Result<Plan, SolveError> {
    match &options.estimate {
        EstimateChoice::Auto => Ok(Plan::new(
            Algorithm::FastIdastar,
            Guide::Heuristic(HeuristicKind::LinearConflict),
        )),
        EstimateChoice::Heuristic(kind) => {
            Ok(Plan::new(Algorithm::FastIdastar, Guide::Heuristic(*kind)))
        }
        EstimateChoice::PatternDatabase { reflection, .. }
        | EstimateChoice::Catalogue { reflection, .. } => {
            let (set, _) = database_set(goal, &options.estimate)?.expect("a database is named");
            if !options.build_tables && PatternDatabase::load(&options.cache(), goal, &set).is_err()
            {
                let named = match &options.estimate {
                    EstimateChoice::Catalogue { catalogue, .. } => format!("catalogue {catalogue}"),
                    EstimateChoice::PatternDatabase { partition, .. } => partition.to_string(),
                    EstimateChoice::Auto | EstimateChoice::Heuristic(_) => set.describe(),
                };
                return Err(SolveError::NotBuilt(format!(
                    "the {named} pattern database for goal {goal}"
                )));
            }
            let found = registry::shared(
                &options.cache(),
                goal,
                &set,
                &options.limits,
                options.progress(),
            )
            .map_err(tables_error(databases(&set)))?;
            let mut plan = with_database(found);
            if !reflection {
                if let Guide::PatternDatabase(db) = &plan.guide {
                    plan.guide = Guide::PatternDatabase(Arc::new(db.without_reflection()));
                }
            }
            Ok(plan)
        }
    }
}

/// The pattern databases `estimate` names for `goal`, with whether to reflect: a
/// partition's classic tables, or a catalogue's zero-aware ones.
fn database_set(
    goal: &Board,
    estimate: &EstimateChoice,
) -> Result<Option<(PartitionSet, bool)>, SolveError> {
    Ok(match estimate {
        EstimateChoice::PatternDatabase {
            partition,
            reflection,
        } => {
            let groups = partition.groups(goal).map_err(|e| {
                tables_error(format!("the pattern databases {partition}"))(PdbError::from(e))
            })?;
            Some((PartitionSet::classic(groups), *reflection))
        }
        EstimateChoice::Catalogue {
            catalogue,
            reflection,
        } => Some((
            PartitionSet::of_catalogue(catalogue, goal).map_err(tables_error(format!(
                "the pattern databases of catalogue {catalogue}"
            )))?,
            *reflection,
        )),
        EstimateChoice::Auto | EstimateChoice::Heuristic(_) => None,
    })
}

/// The pattern databases `auto` uses when they are cached, fastest first: on the 24-puzzle,
/// for a goal with the blank in a corner, Clausecker & Reinefeld's small catalogue with
/// zero-aware tables, then Korf & Felner's 6-6-6-6 (for any goal). Classic partitions the
/// cached tables make come after these (see [`registry::cached`]).
///
/// Fastest, not fewest nodes: measured side by side on eleven of Korf's 24-puzzles
/// (docs/BENCHMARKS.md, "Which database `auto` prefers"), the catalogue
/// generates 2.9–18× fewer nodes than 6-6-6-6, each costing 5–6× more (a move reads
/// three or four of its 14 one-bit tables per orientation), and took 0.93× as long over
/// the eleven; the median board takes both the same time (1.01×), and the catalogue wins
/// most where a search is long (Korf's #1 3.3×, #29 1.34×).
pub fn preferred_sets(goal: &Board) -> Vec<PartitionSet> {
    let korf_felner = (Size::square(5).ok() == Some(goal.size()))
        .then(|| "6-6-6-6".parse::<Partition>().ok()?.groups(goal).ok())
        .flatten()
        .map(PartitionSet::classic);
    [Catalogue::Named(NamedCatalogue::Small)]
        .iter()
        .filter_map(|catalogue| PartitionSet::of_catalogue(catalogue, goal).ok())
        .chain(korf_felner)
        .collect()
}

/// The pattern databases `npuzzle pdb build best` builds for `goal`: the first `auto`
/// prefers ([`preferred_sets`]); on the 15-puzzle the classic 7-8 partition; elsewhere the
/// partition `auto` builds by itself on a long search. `None` for a board too large for
/// tables.
pub fn best_set(goal: &Board) -> Option<PartitionSet> {
    if let Some(best) = preferred_sets(goal).into_iter().next() {
        return Some(best);
    }
    if goal.size() == Size::square(4).ok()? {
        let groups = "7-8".parse::<Partition>().ok()?.groups(goal).ok()?;
        return Some(PartitionSet::classic(groups));
    }
    starter_partition(goal).map(|(_, groups)| PartitionSet::classic(groups))
}

/// The plan of a database the registry handed out.
fn with_database(found: SharedDatabase) -> Plan {
    let mut plan = Plan::new(Algorithm::FastIdastar, Guide::PatternDatabase(found.db));
    plan.tables = Some(found.origin);
    plan.setup_seconds = found.seconds;
    plan
}

/// A classic search, with the heuristic it takes (validated before).
fn classic(algorithm: Algorithm, options: &SolveOptions) -> Plan {
    let guide = if algorithm.uses_heuristic() {
        Guide::Heuristic(
            options
                .estimate
                .heuristic()
                .unwrap_or(HeuristicKind::LinearConflict),
        )
    } else {
        Guide::Blind
    };
    Plan::new(algorithm, guide)
}

/// The distance table of `goal`'s layout when `need` allows (see
/// [`distance_table::shared`]); `None` when the board has none or it is not at hand.
fn table(goal: &Board, options: &SolveOptions, need: Need) -> Result<Option<Plan>, SolveError> {
    let Ok(layout) = Layout::for_goal(goal) else {
        return Ok(None);
    };
    let started = Instant::now();
    let found = distance_table::shared(
        layout,
        &options.cache(),
        need,
        &options.limits,
        options.progress(),
    )
    .map_err(tables_error(format!(
        "the distance table of {} boards",
        goal.size()
    )))?;
    Ok(found.map(|table| {
        let mut plan = Plan::new(Algorithm::Table, Guide::Table(table));
        plan.tables = Some(format!("distance table of {}", goal.size()));
        plan.setup_seconds = started.elapsed().as_secs_f64();
        plan
    }))
}

/// Fails unless the fast IDA* takes boards of `size`.
fn fits_puzzle_idastar(algorithm: Algorithm, size: Size) -> Result<(), SolveError> {
    if size.cells() <= MAX_FAST_CELLS && size.width() <= MAX_LINE && size.height() <= MAX_LINE {
        Ok(())
    } else {
        Err(SolveError::TooLarge {
            algorithm: algorithm.name().to_string(),
            size,
            cells: size.cells(),
            max: MAX_FAST_CELLS,
        })
    }
}

/// Fails when an estimate is named for an algorithm that takes none.
fn no_estimate(algorithm: Algorithm, estimate: &EstimateChoice) -> Result<(), SolveError> {
    match estimate {
        EstimateChoice::Auto => Ok(()),
        EstimateChoice::PatternDatabase { .. } | EstimateChoice::Catalogue { .. } => {
            Err(SolveError::DatabaseNotTaken(algorithm))
        }
        EstimateChoice::Heuristic(_) => Err(SolveError::EstimateNotTaken(algorithm)),
    }
}

/// Fails when a weight is given to an algorithm that does not weigh.
fn unweighted(algorithm: Algorithm, weighted: bool) -> Result<(), SolveError> {
    if weighted {
        Err(SolveError::WeightNotTaken(algorithm))
    } else {
        Ok(())
    }
}

fn too_large(algorithm: Algorithm, size: Size, max: usize) -> SolveError {
    SolveError::TooLarge {
        algorithm: algorithm.name().to_string(),
        size,
        cells: size.cells(),
        max,
    }
}

/// The error of tables that could not be had, `what` naming them.
fn tables_error<E: Into<TablesCause>>(
    what: impl std::fmt::Display,
) -> impl FnOnce(E) -> SolveError {
    move |source| SolveError::Tables {
        what: what.to_string(),
        source: source.into(),
    }
}

/// The name of the pattern databases of `set`, in [`SolveError::Tables`].
fn databases(set: &PartitionSet) -> String {
    format!("the pattern databases {}", set.describe())
}

/// The most placements a group of the database `auto` builds by itself may have: its
/// build then takes seconds to a few minutes and at most about 1.5 GB.
const STARTER_PLACEMENTS: u64 = 130_000_000;

/// The database `auto` builds on the way for `goal`'s board (see [`Upgrade`]): on the
/// 24-puzzle Korf & Felner's 6-6-6-6; on the 15-puzzle 7-7-1; elsewhere groups as large as
/// [`STARTER_PLACEMENTS`] allows, in goal order.
fn starter_partition(goal: &Board) -> Option<(Partition, Groups)> {
    let size = goal.size();
    let n = size.cells();
    let tiles = n - 1;
    let largest = (1..=tiles)
        .take_while(|&k| PartialRank::new(n, k).count <= STARTER_PLACEMENTS)
        .last()?;
    let mut sizes = vec![largest; tiles / largest];
    if tiles % largest != 0 {
        sizes.push(tiles % largest);
    }
    let partition = Partition::Sizes(sizes);
    let groups = partition.groups(goal).ok()?;
    pdb::check_buildable(goal, &PartitionSet::classic(groups.clone())).ok()?;
    Some((partition, groups))
}

/// Expansions of the linear-conflict search after which `auto` builds the tables of
/// `groups` on `goal`'s board: a sixteenth of the (placement, blank region) states the
/// build visits. Measured here, a build visits states about as fast as the two-thread
/// search expands nodes, so the search first spends about a sixteenth of the build's
/// time: boards that linear conflict solves in a second or two never pay for a build, and
/// a hard board pays about a sixteenth more than the build (docs/BENCHMARKS.md, "`auto`
/// from an empty cache").
fn build_cost(goal: &Board, groups: &Groups) -> u64 {
    let n = goal.size().cells() as u64;
    groups
        .iter()
        .map(|g| {
            PartialRank::new(n as usize, g.len())
                .count
                .saturating_mul(n)
                / 16
        })
        .sum()
}

/// The stronger tables worth suggesting while they are not cached: the 15-puzzle's 7-8,
/// and the 24-puzzle's small catalogue where it applies (`auto` would have taken it, being
/// first in [`preferred_sets`], had it been cached).
fn advice(goal: &Board, guide: &Guide, cache: &Cache) -> Option<Advice> {
    let Guide::PatternDatabase(db) = guide else {
        return None;
    };
    if goal.size() == Size::square(5).ok()? {
        let small = Catalogue::Named(NamedCatalogue::Small);
        let set = PartitionSet::of_catalogue(&small, goal).ok()?;
        return (db.set() != &set).then_some(Advice::BuildCatalogue(small));
    }
    let big: Partition = "7-8".parse().ok()?;
    let groups = big.groups(goal).ok()?;
    let small = goal.size() == Size::square(4).ok()? && db.groups() != groups;
    let cached = pdb::find_cached(cache, goal).is_some_and(|found| found == groups);
    (small && !cached).then_some(Advice::BuildDatabase(big))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn starter(side_w: usize, side_h: usize) -> Option<String> {
        let goal = Board::goal(Size::new(side_w, side_h).unwrap());
        starter_partition(&goal).map(|(partition, _)| partition.to_string())
    }

    #[test]
    fn starters_are_the_largest_groups_that_build_in_minutes() {
        assert_eq!(starter(4, 4).as_deref(), Some("7-7-1"));
        assert_eq!(starter(5, 5).as_deref(), Some("6-6-6-6"));
        assert_eq!(starter(5, 3).as_deref(), Some("7-7"));
        assert_eq!(starter(5, 4).as_deref(), Some("6-6-6-1"));
        // Korf & Felner's blocks on the 24-puzzle, not rows.
        let goal = Board::blank_first_goal(Size::square(5).unwrap());
        let (_, groups) = starter_partition(&goal).unwrap();
        assert_eq!(groups[0], vec![1, 2, 5, 6, 7, 12]);
    }

    #[test]
    fn auto_upgrades_only_where_the_fast_search_runs_without_tables() {
        let dir = tempfile::tempdir().unwrap();
        let options = SolveOptions {
            cache: Some(Cache::new(dir.path())),
            ..SolveOptions::default()
        };
        let fifteen = plan(&Board::goal(Size::square(4).unwrap()), &options).unwrap();
        assert_eq!(fifteen.algorithm, Algorithm::FastIdastar);
        assert_eq!(fifteen.guide.name().as_deref(), Some("linear-conflict"));
        let upgrade = fifteen.upgrade.expect("a 15-puzzle search may build 7-7-1");
        assert_eq!(upgrade.partition.to_string(), "7-7-1");
        // Named estimates are used as named: no upgrade.
        let named = SolveOptions {
            estimate: EstimateChoice::Heuristic(HeuristicKind::LinearConflict),
            ..options.clone()
        };
        assert!(plan(&Board::goal(Size::square(4).unwrap()), &named)
            .unwrap()
            .upgrade
            .is_none());
        let eight = plan(&Board::goal(Size::square(3).unwrap()), &options).unwrap();
        assert_eq!(eight.algorithm, Algorithm::Table);
        assert!(eight.upgrade.is_none());
    }

    #[test]
    fn auto_prefers_the_fastest_cached_tables_on_the_24_puzzle() {
        let goal = Board::blank_first_goal(Size::square(5).unwrap());
        let sets = preferred_sets(&goal);
        let names: Vec<String> = sets.iter().map(PartitionSet::describe).collect();
        assert_eq!(sets.len(), 2, "{names:?}");
        // The small catalogue first: measured faster than Korf & Felner's 6-6-6-6.
        assert_eq!(sets[0].kind(), crate::pdb::TableKind::ZeroAware);
        assert_eq!(sets[0].partitions().len(), 7);
        assert_eq!(sets[1].kind(), crate::pdb::TableKind::Classic);
        assert_eq!(
            sets[1].groups(),
            vec![
                vec![1, 2, 5, 6, 7, 12],
                vec![3, 4, 8, 9, 13, 14],
                vec![10, 11, 15, 16, 20, 21],
                vec![17, 18, 19, 22, 23, 24],
            ]
        );
        assert_eq!(best_set(&goal).as_ref(), Some(&sets[0]));
        // The catalogue needs the blank in a corner; 6-6-6-6 does not; the 15-puzzle has
        // neither.
        let mut cells: Vec<u32> = (1..25).collect();
        cells.insert(12, 0);
        let centre = Board::new(Size::square(5).unwrap(), cells).unwrap();
        assert_eq!(preferred_sets(&centre).len(), 1);
        assert!(preferred_sets(&Board::goal(Size::square(4).unwrap())).is_empty());
    }

    #[test]
    fn the_catalogue_is_advised_on_the_24_puzzle_where_it_applies() {
        let dir = tempfile::tempdir().unwrap();
        let cache = Cache::new(dir.path());
        let size = Size::square(5).unwrap();
        let guide_for = |goal: &Board| {
            let groups = "3-3-3-3-3-3-3-3"
                .parse::<Partition>()
                .unwrap()
                .groups(goal)
                .unwrap();
            let db = PatternDatabase::build(
                goal,
                &PartitionSet::classic(groups),
                &crate::util::progress::Silent,
            );
            Guide::PatternDatabase(Arc::new(db))
        };
        let corner = Board::blank_first_goal(size);
        assert!(matches!(
            advice(&corner, &guide_for(&corner), &cache),
            Some(Advice::BuildCatalogue(Catalogue::Named(
                NamedCatalogue::Small
            )))
        ));
        // The blank in the middle: the catalogue does not apply, nothing to advise.
        let mut cells: Vec<u32> = (1..25).collect();
        cells.insert(12, 0);
        let centre = Board::new(size, cells).unwrap();
        assert!(advice(&centre, &guide_for(&centre), &cache).is_none());
        // Linear conflict is not a database: nothing either.
        let heuristic = Guide::Heuristic(HeuristicKind::LinearConflict);
        assert!(advice(&corner, &heuristic, &cache).is_none());
    }

    #[test]
    fn validation_refuses_what_planning_would() {
        let goal = Board::goal(Size::square(3).unwrap());
        let refused = [
            (
                Algorithm::Bfs,
                EstimateChoice::Heuristic(HeuristicKind::Manhattan),
                1.0,
            ),
            (
                Algorithm::Table,
                EstimateChoice::Heuristic(HeuristicKind::Manhattan),
                1.0,
            ),
            (
                Algorithm::FastIdastar,
                EstimateChoice::Heuristic(HeuristicKind::Misplaced),
                1.0,
            ),
            (Algorithm::FastIdastar, EstimateChoice::Auto, 2.0),
            (Algorithm::Constructive, EstimateChoice::Auto, 1.5),
            (Algorithm::Astar, EstimateChoice::Auto, 0.5),
            (
                Algorithm::Idastar,
                EstimateChoice::PatternDatabase {
                    partition: "4-4".parse().unwrap(),
                    reflection: true,
                },
                1.0,
            ),
        ];
        for (algorithm, estimate, weight) in refused {
            let options = SolveOptions {
                algorithm,
                estimate: estimate.clone(),
                weight,
                ..SolveOptions::default()
            };
            assert!(
                validate(&goal, &options).is_err(),
                "{algorithm} {estimate:?} {weight}"
            );
            assert!(
                plan(&goal, &options).is_err(),
                "{algorithm} {estimate:?} {weight}"
            );
        }
        let big = Board::goal(Size::square(17).unwrap());
        let bfs = SolveOptions {
            algorithm: Algorithm::Bfs,
            ..SolveOptions::default()
        };
        assert!(matches!(
            validate(&big, &bfs),
            Err(SolveError::TooLarge { .. })
        ));
    }

    /// `text`, then the message of each source below it, as a front end shows an error.
    fn with_sources(error: &dyn std::error::Error) -> String {
        let mut text = error.to_string();
        let mut source = error.source();
        while let Some(cause) = source {
            text = format!("{text}: {cause}");
            source = cause.source();
        }
        text
    }

    #[test]
    fn every_refusal_says_whose_fault_it_is() {
        use crate::util::fault::Fault;
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("file");
        std::fs::write(&file, b"not a directory").unwrap();
        let under_a_file = Some(Cache::new(&file));
        let empty = Some(Cache::new(dir.path().join("empty")));
        let pdb = |spec: &str| EstimateChoice::PatternDatabase {
            partition: spec.parse().unwrap(),
            reflection: true,
        };
        let eight = Board::goal(Size::square(3).unwrap());
        let fifteen = Board::goal(Size::square(4).unwrap());
        let twelve = Board::goal(Size::new(4, 3).unwrap());
        let cases = [
            // A partition the board cannot take, at once, whatever the cache.
            (
                &eight,
                SolveOptions {
                    estimate: pdb("9-9"),
                    cache: under_a_file.clone(),
                    ..SolveOptions::default()
                },
                Fault::Request,
                &["the pattern databases 9-9 could not be had: partition '9-9'"][..],
            ),
            // A build the memory budget does not allow.
            (
                &fifteen,
                SolveOptions {
                    estimate: pdb("7-8"),
                    cache: empty.clone(),
                    limits: crate::search::Limits {
                        max_bytes: Some(1 << 20),
                        ..crate::search::Limits::NONE
                    },
                    ..SolveOptions::default()
                },
                Fault::Request,
                &["the memory budget is 1 MiB"],
            ),
            // Tables not built where building is not allowed.
            (
                &twelve,
                SolveOptions {
                    algorithm: Algorithm::Table,
                    cache: empty.clone(),
                    build_tables: false,
                    ..SolveOptions::default()
                },
                Fault::Request,
                &["is not built here"],
            ),
            // The same, with a cache that cannot be read: the machine, not a missing table.
            (
                &twelve,
                SolveOptions {
                    algorithm: Algorithm::Table,
                    cache: under_a_file.clone(),
                    build_tables: false,
                    ..SolveOptions::default()
                },
                Fault::Environment,
                &[
                    "the distance table of 4x3 boards could not be had: ",
                    "Not a directory",
                ],
            ),
            // Pattern databases to be built into a cache that cannot take them.
            (
                &eight,
                SolveOptions {
                    estimate: pdb("4-4"),
                    cache: under_a_file.clone(),
                    ..SolveOptions::default()
                },
                Fault::Environment,
                &[
                    "the pattern databases 4-4 could not be had: ",
                    "Not a directory",
                ],
            ),
        ];
        for (goal, options, fault, words) in cases {
            let Err(error) = plan(goal, &options) else {
                panic!("{words:?}: not refused");
            };
            let text = with_sources(&error);
            assert_eq!(error.fault(), fault, "{text}");
            for words in words {
                assert!(text.contains(words), "'{text}' lacks '{words}'");
            }
        }
    }
}
