//! The plan of a solve, decided here for every front end: which algorithm answers, guided
//! by which estimate, reading which tables. `npuzzle solve`, `batch`, `bench`, `compare`,
//! the web API and the Python package all reach a board through [`crate::solve`], which
//! asks [`plan`] first, so the same board and options get the same plan from any door.
//!
//! ```
//! use npuzzle::solving::plan::plan;
//! use npuzzle::{Algorithm, Board, SolveOptions, Size};
//!
//! // A 3x3 board under `auto` is a lookup in the embedded distance table.
//! let goal = Board::goal(Size::square(3)?);
//! let eight = plan(&goal, &SolveOptions::default())?;
//! assert_eq!(eight.algorithm, Algorithm::Table);
//! assert!(eight.guide.table().is_some());
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
//!    are any (the fastest first, [`preferred_sets`]), else by those of a goal a
//!    symmetry and a renaming of the tiles take it to (the plan's [`GoalFrame`]);
//!    otherwise by linear conflict, with
//!    an [`Upgrade`](crate::solving::guide::Upgrade): a search still running after about as many expansions as building a
//!    small database costs builds that database, caches it, and starts again with it (so
//!    an easy board never pays for a build, and a hard one pays at most about twice what
//!    it would with the database already there).
//! 5. Anything else: IDA* with linear conflict.
//!
//! A heuristic or partition named in the options is used as named: `auto` then only
//! chooses the algorithm that takes it.

mod advice;
mod auto;
mod frame;
mod multi_tile;
mod preferred;
mod single_tile;
mod upgrade;
mod validate;

use std::sync::Arc;

use crate::answer::algorithm::Algorithm;
use crate::answer::options::SolveOptions;
use crate::answer::solution::{Advice, Solution};
use crate::answer::solve_error::SolveError;
use crate::pdb;
use crate::puzzle::board::Board;
use crate::puzzle::metric::Metric;
use crate::solving::goal_frame::GoalFrame;
use crate::solving::guide::Guide;
pub use multi_tile::{coloured_tables, ColouredTable, MAX_MULTI_TILE_SEARCH_CELLS};
pub use preferred::{best_set, preferred_sets};
use validate::database_set;

/// Boards with more cells than this are solved constructively by `auto`: optimal search
/// beyond the 24-puzzle takes longer than anyone waits.
pub const AUTO_OPTIMAL_CELLS: usize = 25;

/// Boards of more cells than this are solved by `auto` with the fast IDA*
/// (see [`crate::fast_idastar`]); smaller ones that have no table at hand with the
/// generic IDA*.
pub const FAST_AUTO_CELLS: usize = 12;

/// Checks that `options` can be planned for boards towards `goal`, without loading or
/// building anything: what [`plan`] refuses, refused at once, so a front end can reject
/// bad flags before any work starts.
///
/// # Errors
/// As [`plan`], but for tables that cannot be had.
pub fn validate(goal: &Board, options: &SolveOptions) -> Result<(), SolveError> {
    validate::common(goal, options)?;
    match options.metric {
        Metric::SingleTile => single_tile::validate(goal, options),
        Metric::MultiTile => multi_tile::validate(goal, options),
    }
}

/// What a solve will do.
#[derive(Clone, Debug)]
pub struct Plan {
    /// The algorithm that answers (never [`Algorithm::Auto`]): the guide's.
    pub algorithm: Algorithm,
    /// What guides it, and runs it.
    pub guide: Arc<dyn Guide>,
    /// How its tables were had, if it reads any.
    pub tables: Option<String>,
    /// Seconds spent loading or building them.
    pub setup_seconds: f64,
    /// A stronger setup worth suggesting.
    pub advice: Option<Advice>,
    /// The goal whose tables answer, where they are another goal's: the board is
    /// searched in that frame, and the answer mapped back.
    pub frame: Option<GoalFrame>,
}

impl Plan {
    fn new(guide: impl Guide + 'static) -> Plan {
        Plan {
            algorithm: guide.algorithm(),
            guide: Arc::new(guide),
            tables: None,
            setup_seconds: 0.0,
            advice: None,
            frame: None,
        }
    }

    /// An xxh3 checksum of the pattern databases the plan searches with, if any: two
    /// machines with the same checksum search with the same tables.
    pub fn tables_checksum(&self) -> Option<u64> {
        self.guide.database().map(|db| db.checksum())
    }

    /// What processes sharing work under this plan and `options` must have in common
    /// (name, value in words): the program's version, the move order, every limit that
    /// can change the answer ([`limit_identity`]), the algorithm, the estimate and the
    /// tables' checksum. Compared by [`crate::fast_idastar::cluster_link::agree`], with the board and goal
    /// where those are shared too.
    pub fn identity(&self, options: &SolveOptions) -> Vec<(&'static str, String)> {
        let tables = self
            .tables_checksum()
            .map_or_else(|| "none".to_string(), |sum| format!("{sum:016x}"));
        let mut fields = vec![
            ("npuzzle version", env!("CARGO_PKG_VERSION").to_string()),
            ("move order", options.order.to_string()),
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
/// ([`crate::fast_idastar::cluster_link::least`]).
///
/// ```
/// use npuzzle::solving::plan::limit_identity;
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

/// The plan for boards towards `goal` under `options`, with its tables loaded (and
/// built, where the options ask for tables that are not cached).
///
/// # Errors
/// When the options ask for something the board does not allow (see [`validate`]), or
/// for tables that cannot be had.
///
/// # Panics
/// Never: a table asked for with
/// [`Need::Always`](crate::tables::distance_table::Need::Always) is always had.
pub fn plan(goal: &Board, options: &SolveOptions) -> Result<Plan, SolveError> {
    validate(goal, options)?;
    match options.metric {
        Metric::SingleTile => single_tile::plan(goal, options),
        Metric::MultiTile => multi_tile::plan(goal, options),
    }
}

/// The answer a board that needs no search (one on its goal, or one that cannot reach
/// it) starts from: the algorithm, estimate, tables, advice and setup time [`plan`] would
/// answer with, but with tables only where they are at hand. Nothing is built, so the
/// answer does not wait minutes for tables it would not read; where the options name
/// tables that are not built, the answer names the estimate they would make.
///
/// # Errors
/// As [`plan`], but never for tables that are not built.
pub fn without_building(goal: &Board, options: &SolveOptions) -> Result<Solution, SolveError> {
    let at_hand = SolveOptions {
        build_tables: false,
        ..options.clone()
    };
    match plan(goal, &at_hand) {
        Ok(plan) => {
            let mut solution = Solution::new(plan.algorithm, plan.guide.name());
            solution.tables = plan.tables;
            solution.advice = plan.advice;
            solution.stats.setup_seconds = plan.setup_seconds;
            Ok(solution)
        }
        Err(SolveError::NotBuilt(_)) => Ok(match database_set(goal, &options.estimate)? {
            Some((set, reflection)) => Solution::new(
                Algorithm::FastIdastar,
                Some(pdb::estimate_name(goal, &set, reflection)),
            ),
            // Only a distance table asked for by name is refused when not built.
            None => Solution::new(options.algorithm, None),
        }),
        Err(other) => Err(other),
    }
}

#[cfg(test)]
mod tests {
    use super::advice::advice;
    use super::upgrade::starter_partition;
    use super::*;
    use crate::answer::options::EstimateChoice;
    use crate::pdb::{PartitionSet, PatternDatabase};
    use crate::puzzle::board::Size;
    use crate::puzzle::heuristic::HeuristicKind;
    use crate::solving::guide::{DatabaseGuide, LinearConflictGuide};
    use crate::tables::cache::Cache;
    use crate::tables::catalogue::{Catalogue, NamedCatalogue};
    use crate::tables::partition::Partition;

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
        let upgrade = fifteen
            .guide
            .upgrade()
            .expect("a 15-puzzle search may build 7-7-1");
        assert_eq!(upgrade.partition.to_string(), "7-7-1");
        // Named estimates are used as named: no upgrade.
        let named = SolveOptions {
            estimate: EstimateChoice::Heuristic(HeuristicKind::LinearConflict),
            ..options.clone()
        };
        assert!(plan(&Board::goal(Size::square(4).unwrap()), &named)
            .unwrap()
            .guide
            .upgrade()
            .is_none());
        let eight = plan(&Board::goal(Size::square(3).unwrap()), &options).unwrap();
        assert_eq!(eight.algorithm, Algorithm::Table);
        assert!(eight.guide.upgrade().is_none());
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
            DatabaseGuide(Arc::new(db))
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
        let heuristic = LinearConflictGuide::new(HeuristicKind::LinearConflict, None);
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
