//! The table of search cost against solution depth, as Russell & Norvig print it for the
//! 8-puzzle: for each depth, random boards at exactly that optimal distance (drawn
//! uniformly among all such boards from the exact distance table), solved by each
//! configuration; per configuration and depth the mean nodes generated and expanded, and
//! the effective branching factor b*, solved per instance from the nodes counted
//! ([`Counting`]) by the [`Equation`] chosen and then averaged, as the book does (b* of
//! the mean differs).
//!
//! ```
//! use npuzzle::services::cost_by_depth::{depth_table, Conventions, Counting, DepthConfig, Equation};
//! use npuzzle::{Algorithm, Board, EstimateChoice, HeuristicKind, Size, SolveOptions};
//!
//! let goal = Board::goal(Size::square(3)?);
//! let astar = |h| DepthConfig {
//!     label: format!("astar:{}", HeuristicKind::name(h)),
//!     options: SolveOptions {
//!         algorithm: Algorithm::Astar,
//!         estimate: EstimateChoice::Heuristic(h),
//!         ..SolveOptions::default()
//!     },
//! };
//! let configs = [astar(HeuristicKind::Misplaced), astar(HeuristicKind::Manhattan)];
//! let book = Conventions {
//!     counting: Counting::Generated,
//!     equation: Equation::NodesPlusOne,
//!     iddfs_parent_pruning: true,
//! };
//! let rows = depth_table(&goal, &[2, 8], 20, 1, &configs, book)?;
//! assert_eq!(rows.len(), 4); // a row per configuration and depth
//! // Manhattan distance never needs more nodes on average than misplaced tiles here.
//! assert!(rows[3].mean_generated <= rows[2].mean_generated);
//! assert!(rows.iter().all(|r| r.instances == 20 && r.effective_branching_factor > 1.0));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod layers;
mod published;
mod report;
mod sampling;
mod unpruned_iddfs;

use rand::rngs::StdRng;
use rand::SeedableRng;
use thiserror::Error;

use crate::answer::algorithm::Algorithm;
use crate::answer::options::{EstimateChoice, SolveOptions};
use crate::answer::solution::Status;
use crate::answer::solve_error::SolveError;
use crate::puzzle::board::{Board, Size};
use crate::puzzle::metric::Metric;
use crate::search::{effective_branching_factor_of, GiveUp, Outcome};
use crate::solving::solver::solve;
use crate::util::fault::Fault;

pub use published::{aima, BookColumn, BookFigure, BOOK_CONFIGS};
pub use report::{DepthRowReport, PublishedCell};
pub use sampling::{boards_at_depth, sample_bytes};

/// Which nodes a search's cost counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Counting {
    /// Successors generated, those already seen included: the book's convention.
    Generated,
    /// Nodes expanded (their successors generated).
    Expanded,
}

impl Counting {
    /// Both, in the order offered.
    pub const ALL: [Counting; 2] = [Counting::Generated, Counting::Expanded];

    /// The name used on the command line and in reports.
    pub fn name(self) -> &'static str {
        match self {
            Counting::Generated => "generated",
            Counting::Expanded => "expanded",
        }
    }
}

/// Which equation b* solves, given the counted nodes N and the depth d.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Equation {
    /// `N + 1 = 1 + b* + … + b*^d`: the book's text (52 nodes at depth 5 give 1.92); the
    /// root is not among the N nodes.
    NodesPlusOne,
    /// `N = 1 + b* + … + b*^d`: the root among the N nodes. The book's table comes out
    /// this way at depth 2 (6 nodes a board give its 1.79; the text's equation gives 2).
    Nodes,
}

impl Equation {
    /// Both, in the order offered.
    pub const ALL: [Equation; 2] = [Equation::NodesPlusOne, Equation::Nodes];

    /// The name used on the command line and in reports.
    pub fn name(self) -> &'static str {
        match self {
            Equation::NodesPlusOne => "n-plus-one",
            Equation::Nodes => "n",
        }
    }

    /// The equation as written.
    pub fn written(self) -> &'static str {
        match self {
            Equation::NodesPlusOne => "N + 1 = 1 + b* + ... + b*^d",
            Equation::Nodes => "N = 1 + b* + ... + b*^d",
        }
    }

    /// b* of `nodes` at `depth` under this equation (`None` at depth 0).
    pub fn solve(self, nodes: u64, depth: u32) -> Option<f64> {
        self.solve_mean(nodes as f64, depth)
    }

    /// b* of a count of nodes that need not be whole (a mean over searches) at `depth`
    /// under this equation; `None` at depth 0 and for a count that is negative or not
    /// finite.
    pub fn solve_mean(self, nodes: f64, depth: u32) -> Option<f64> {
        match self {
            Equation::NodesPlusOne => effective_branching_factor_of(nodes, depth),
            // N = 1 + b* + … is the text's equation for N − 1 nodes (none below 0, as a
            // search counts its root at least).
            Equation::Nodes if nodes.is_finite() && nodes >= 0.0 => {
                effective_branching_factor_of((nodes - 1.0).max(0.0), depth)
            }
            Equation::Nodes => None,
        }
    }
}

/// How the cost of a search is counted: which nodes, which equation gives b*, and
/// whether IDDFS prunes the parent.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Conventions {
    /// Which nodes count.
    pub counting: Counting,
    /// Which equation b* solves.
    pub equation: Equation,
    /// Whether IDDFS configurations never step straight back to the board they came from,
    /// as the library's IDDFS does (`true`), or may, as the book's IDS does (`false`).
    pub iddfs_parent_pruning: bool,
}

/// A configuration measured: its label in reports and the options every solve gets.
#[derive(Clone, Debug)]
pub struct DepthConfig {
    /// How reports name it.
    pub label: String,
    /// How each board is solved.
    pub options: SolveOptions,
}

/// One configuration at one depth.
#[derive(Clone, Debug, PartialEq)]
pub struct DepthRow {
    /// The configuration's label.
    pub config: String,
    /// The optimal distance of every board.
    pub depth: usize,
    /// Boards solved (those that gave up at a limit are left out of the means).
    pub instances: usize,
    /// Boards whose search gave up at a limit.
    pub gave_up: usize,
    /// Mean nodes generated.
    pub mean_generated: f64,
    /// Mean nodes expanded.
    pub mean_expanded: f64,
    /// The mean over boards of each board's b*, under the [`Conventions`].
    pub effective_branching_factor: f64,
    /// The book's column this configuration answers to (3x3 boards only).
    pub book: Option<BookColumn>,
}

/// Why a depth table cannot be made.
#[derive(Debug, Error)]
pub enum DepthTableError {
    /// The board size has neither an exact distance table nor layers small enough to list.
    #[error(
        "boards at an exact depth are drawn from an exact distance table (up to 10 cells) or \
         from every board listed layer by layer from the goal (up to 16 cells): {size} has \
         {cells} cells"
    )]
    NoExactTable {
        /// The board size.
        size: Size,
        /// Its cells.
        cells: usize,
    },
    /// No board is that far from the goal.
    #[error("no board is {depth} moves from the goal: the farthest are {max}")]
    NoBoards {
        /// The depth asked for.
        depth: usize,
        /// The largest distance of the size.
        max: usize,
    },
    /// Listing the boards at the depth would hold too many boards at once.
    #[error(
        "the boards {depth} moves from the goal number more than {cap} (listed layer by \
         layer from the goal, 8 bytes each): ask for smaller depths"
    )]
    LayerTooLarge {
        /// The first depth whose layer passed the cap.
        depth: usize,
        /// The most boards a layer may hold.
        cap: usize,
    },
    /// The boards at the depth are more than can be listed: refused before any layer is
    /// made (listing them took seconds and gigabytes before the refusal).
    #[error(
        "boards {depth} moves from the goal of {size} cannot be drawn: they are listed layer \
         by layer from the goal, and past depth {deepest} a layer holds more than {cap} \
         boards (8 bytes each, three layers at once); depths 1 to {deepest} can be drawn \
         towards this goal"
    )]
    TooDeep {
        /// The depth asked for.
        depth: usize,
        /// The board size.
        size: Size,
        /// The deepest depth that can be listed towards the goal.
        deepest: usize,
        /// The most boards a layer may hold.
        cap: usize,
    },
    /// Configurations that solve in different metrics: the boards of a depth are drawn
    /// in one.
    #[error(
        "the configurations must count moves alike: the first in the {first} metric, {label} \
         in the {other} metric"
    )]
    MixedMetrics {
        /// The first configuration's metric.
        first: Metric,
        /// The label of one in another metric.
        label: String,
        /// Its metric.
        other: Metric,
    },
    /// Depth 0 is the goal alone, where b* means nothing.
    #[error("depth 0 is the goal itself: depths start at 1")]
    ZeroDepth,
    /// The work was stopped through its cancel token (the options' limits): nothing is
    /// left to report.
    #[error("interrupted")]
    Interrupted,
    /// A solve was refused.
    #[error("{config} at depth {depth}")]
    Solve {
        /// The configuration.
        config: String,
        /// The depth.
        depth: usize,
        /// Why.
        #[source]
        source: Box<SolveError>,
    },
}

impl DepthTableError {
    /// Whose fault the error is: a refused solve says; the rest are the request's.
    pub fn fault(&self) -> Fault {
        match self {
            DepthTableError::Solve { source, .. } => source.as_ref().fault(),
            _ => Fault::Request,
        }
    }
}

/// The table: for each depth in `depths`, `count` boards drawn uniformly at that exact
/// distance from `goal` (seeded by `seed`; every configuration solves the same boards),
/// solved by each of `configs`; a row per depth and configuration, depth by depth.
/// Depths count moves in the metric the configurations solve in (they share one): the
/// multi-tile metric's boards are drawn at multi-tile distances.
///
/// # Errors
/// See [`DepthTableError`]: a depth of 0 or beyond the farthest board, a size without an
/// exact table (checked before any solve), a solve refused, or the work cancelled.
///
/// # Panics
/// Never: 3x3 is a size.
pub fn depth_table(
    goal: &Board,
    depths: &[usize],
    count: usize,
    seed: u64,
    configs: &[DepthConfig],
    conventions: Conventions,
) -> Result<Vec<DepthRow>, DepthTableError> {
    // The depths count moves in the metric the configurations solve in.
    let metric = configs
        .first()
        .map_or(Metric::SingleTile, |c| c.options.metric);
    if let Some(other) = configs.iter().find(|c| c.options.metric != metric) {
        return Err(DepthTableError::MixedMetrics {
            first: metric,
            label: other.label.clone(),
            other: other.options.metric,
        });
    }
    // Every depth checked before any board is drawn: a depth that cannot be is refused
    // at once, not after the depths before it.
    for &depth in depths {
        if depth == 0 {
            return Err(DepthTableError::ZeroDepth);
        }
        layers::check_depth(goal, metric, depth)?;
    }
    let mut rng = StdRng::seed_from_u64(seed);
    let mut samples = Vec::with_capacity(depths.len());
    for &depth in depths {
        samples.push((
            depth,
            boards_at_depth(goal, metric, depth, count, &mut rng)?,
        ));
    }
    // The book's figures are of single-tile moves on the 8-puzzle.
    let eight_puzzle =
        goal.size() == Size::square(3).expect("3x3 is a size") && metric == Metric::SingleTile;
    let mut rows = Vec::new();
    for (depth, boards) in &samples {
        for config in configs {
            let mut row = measure(goal, *depth, boards, config, conventions)?;
            if eight_puzzle {
                row.book = BookColumn::of(config.options.algorithm, heuristic_of(&config.options));
            }
            rows.push(row);
        }
    }
    Ok(rows)
}

/// One configuration on the boards of one depth.
fn measure(
    goal: &Board,
    depth: usize,
    boards: &[Board],
    config: &DepthConfig,
    conventions: Conventions,
) -> Result<DepthRow, DepthTableError> {
    let (mut generated, mut expanded, mut branching) = (Vec::new(), Vec::new(), Vec::new());
    let mut gave_up = 0;
    let unpruned =
        config.options.algorithm == Algorithm::Iddfs && !conventions.iddfs_parent_pruning;
    for board in boards {
        let (length, stats) = if unpruned {
            let search = unpruned_iddfs::unpruned_iddfs(board, goal, &config.options);
            match search.outcome {
                Outcome::Found { cost, .. } => (Some(cost as usize), search.stats),
                Outcome::GaveUp(GiveUp::Interrupted) => return Err(DepthTableError::Interrupted),
                Outcome::GaveUp(_) | Outcome::Exhausted => (None, search.stats),
            }
        } else {
            let solution =
                solve(board, goal, &config.options).map_err(|source| DepthTableError::Solve {
                    config: config.label.clone(),
                    depth,
                    source: Box::new(source),
                })?;
            let length = match solution.status {
                // Every solve after would stop at once too: stop now, not board by board.
                Status::GaveUp(GiveUp::Interrupted) => return Err(DepthTableError::Interrupted),
                Status::GaveUp(_) => None,
                // A suboptimal configuration's own solution depth is the tree it searched.
                _ => Some(solution.length().unwrap_or(depth)),
            };
            (length, solution.stats)
        };
        let Some(found) = length else {
            gave_up += 1;
            continue;
        };
        let found = found.max(1);
        let nodes = match conventions.counting {
            Counting::Generated => stats.generated,
            Counting::Expanded => stats.expanded,
        };
        generated.push(stats.generated as f64);
        expanded.push(stats.expanded as f64);
        branching.push(
            conventions
                .equation
                .solve(nodes, found as u32)
                .expect("a depth of at least 1"),
        );
    }
    Ok(DepthRow {
        config: config.label.clone(),
        depth,
        instances: generated.len(),
        gave_up,
        mean_generated: mean(&generated),
        mean_expanded: mean(&expanded),
        effective_branching_factor: mean(&branching),
        book: None,
    })
}

fn heuristic_of(options: &SolveOptions) -> Option<crate::puzzle::heuristic::HeuristicKind> {
    match options.estimate {
        EstimateChoice::Heuristic(h) => Some(h),
        _ => None,
    }
}

/// The mean, `NaN` of nothing (a depth where every search gave up).
fn mean(values: &[f64]) -> f64 {
    values.iter().sum::<f64>() / values.len() as f64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_two_equations() {
        let near = |b: Option<f64>, printed: f64| (b.unwrap() - printed).abs() < 0.005;
        assert!(near(Equation::NodesPlusOne.solve(52, 5), 1.92));
        assert!(near(Equation::NodesPlusOne.solve(6, 2), 2.0));
        assert!(near(Equation::Nodes.solve(6, 2), 1.79));
        for n in 2..500 {
            for d in 1..30 {
                assert!(Equation::Nodes.solve(n, d) < Equation::NodesPlusOne.solve(n, d));
            }
        }
    }

    /// What the report says: the boards are drawn with replacement (only 4 boards lie 2
    /// moves from the goal, so 100 draws repeat them), and A* does not expand the goal:
    /// at depth 2 it expands the start and the board between, 2 a board, and the goal is
    /// among the nodes generated.
    #[test]
    fn depth_two_repeats_its_boards_and_a_star_leaves_the_goal_unexpanded() {
        use crate::puzzle::board::Move;
        use crate::puzzle::heuristic::HeuristicKind;
        let goal = Board::goal(Size::square(3).unwrap());
        let two_away: std::collections::HashSet<Board> = Move::ALL
            .into_iter()
            .filter_map(|m| goal.moved(m))
            .flat_map(|one| Move::ALL.map(|m| one.moved(m)))
            .flatten()
            .filter(|b| *b != goal)
            .collect();
        let mut rng = StdRng::seed_from_u64(1);
        let drawn = boards_at_depth(&goal, Metric::SingleTile, 2, 100, &mut rng).unwrap();
        let distinct: std::collections::HashSet<Board> = drawn.iter().cloned().collect();
        assert!(drawn.iter().all(|b| two_away.contains(b)));
        assert_eq!(distinct, two_away, "100 draws meet every board at depth 2");
        let astar = |h| DepthConfig {
            label: format!("astar:{h}"),
            options: SolveOptions {
                algorithm: Algorithm::Astar,
                estimate: EstimateChoice::Heuristic(h),
                ..SolveOptions::default()
            },
        };
        let configs = [
            astar(HeuristicKind::Misplaced),
            astar(HeuristicKind::Manhattan),
        ];
        let generated = Conventions {
            counting: Counting::Generated,
            equation: Equation::NodesPlusOne,
            iddfs_parent_pruning: true,
        };
        for row in depth_table(&goal, &[2], 100, 1, &configs, generated).unwrap() {
            assert!(
                (row.mean_expanded - 2.0).abs() < 1e-9,
                "{}: {}",
                row.config,
                row.mean_expanded
            );
            assert!(row.mean_generated > row.mean_expanded, "{}", row.config);
        }
    }

    #[test]
    fn every_solution_is_as_long_as_its_depth_and_bfs_rows_have_the_books_shape() {
        let goal = Board::goal(Size::square(3).unwrap());
        let bfs = DepthConfig {
            label: "bfs".into(),
            options: SolveOptions {
                algorithm: Algorithm::Bfs,
                ..SolveOptions::default()
            },
        };
        let expanded = Conventions {
            counting: Counting::Expanded,
            equation: Equation::NodesPlusOne,
            iddfs_parent_pruning: true,
        };
        let rows = depth_table(&goal, &[1, 3, 6], 15, 9, &[bfs], expanded).unwrap();
        assert_eq!(
            rows.iter().map(|r| r.depth).collect::<Vec<_>>(),
            vec![1, 3, 6]
        );
        for pair in rows.windows(2) {
            assert!(pair[0].mean_expanded < pair[1].mean_expanded);
        }
        assert!(rows.iter().all(|r| r.book.is_none() && r.gave_up == 0));
        assert!(matches!(
            depth_table(&goal, &[0], 1, 1, &[], expanded),
            Err(DepthTableError::ZeroDepth)
        ));
    }

    #[test]
    fn multi_tile_depths_draw_boards_at_their_multi_tile_distance() {
        let goal = Board::goal(Size::square(3).unwrap());
        let mtm = |algorithm: Algorithm| DepthConfig {
            label: algorithm.to_string(),
            options: SolveOptions {
                algorithm,
                metric: Metric::MultiTile,
                ..SolveOptions::default()
            },
        };
        let conventions = Conventions {
            counting: Counting::Generated,
            equation: Equation::NodesPlusOne,
            iddfs_parent_pruning: false,
        };
        let configs = [mtm(Algorithm::Bfs), mtm(Algorithm::Iddfs)];
        let rows = depth_table(&goal, &[3, 7], 10, 5, &configs, conventions).unwrap();
        assert_eq!(rows.len(), 4);
        for row in &rows {
            assert_eq!((row.instances, row.gave_up), (10, 0), "{}", row.config);
            assert!(row.book.is_none(), "the book counts single-tile moves");
        }
        let mut rng = StdRng::seed_from_u64(5);
        for board in boards_at_depth(&goal, Metric::MultiTile, 7, 20, &mut rng).unwrap() {
            let solution = solve(&board, &goal, &configs[0].options).unwrap();
            assert_eq!(solution.length(), Some(7), "{board}");
        }
        let mixed = [
            mtm(Algorithm::Bfs),
            DepthConfig {
                label: "stm".to_string(),
                options: SolveOptions::default(),
            },
        ];
        let error = depth_table(&goal, &[3], 1, 1, &mixed, conventions).unwrap_err();
        assert!(
            matches!(error, DepthTableError::MixedMetrics { .. }),
            "{error}"
        );
    }
}
