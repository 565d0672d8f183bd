//! Plans in the multi-tile metric ([`crate::puzzle::metric`]): which algorithm answers
//! when a jump of the blank along its line counts as one move.
//!
//! ```
//! use npuzzle::solving::plan::plan;
//! use npuzzle::{Algorithm, Board, Metric, SolveOptions, Size};
//!
//! let options = SolveOptions { metric: Metric::MultiTile, ..SolveOptions::default() };
//! let eight = plan(&Board::goal(Size::square(3)?), &options)?;
//! assert_eq!(eight.algorithm, Algorithm::Table); // a multi-tile table, built at once
//! assert_eq!(eight.tables.as_deref(), Some("multi-tile distance table of 3x3"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! ## What `auto` chooses
//! 1. A complete multi-tile distance table where one is at hand: every board of at most
//!    10 cells (built in memory in well under a second), 12-cell boards once their table
//!    is cached (`--algorithm table` builds it).
//! 2. Other boards of at most [`MAX_MULTI_TILE_SEARCH_CELLS`] cells with sides of at
//!    most 6 (4x4, 4x3, 5x3, 6x2 and their transposes): the multi-tile IDA*
//!    ([`crate::fast_idastar::multi_tile`]), guided on the 15-puzzle and the 5x3 board
//!    (goal blank in the last cell) by two coloured multi-tile databases, a small one
//!    read first and a large one ([`Colouring::fifteen_small`], [`Colouring::fifteen`];
//!    [`Colouring::five_by_three_small`], [`Colouring::five_by_three`], with the walking
//!    distance beside them) — loaded from the cache, or built there first (about 10 s
//!    for the 15-puzzle's, 3 s for the 5x3 board's, once) where building is allowed —
//!    and by the walking distance elsewhere. On the 15-puzzle three more, the
//!    five-colour [`Colouring::fifteen_fine`], [`Colouring::fifteen_blocks`] and
//!    [`Colouring::fifteen_ells`], are read after them once each is cached (2.7 GB
//!    each: only `npuzzle pdb build --metric mtm best` builds them; see
//!    [`coloured_tables`]).
//! 3. Other boards of at most 16 cells (7x2, 8x2 and their transposes): IDA*.
//! 4. Larger boards: the constructive method, its answer counted in the multi-tile
//!    metric and not optimal, with the advice that a time limit would shorten it; with
//!    one (and a bounded answer asked for), the classic IDA* bounded: a shorter answer
//!    and a proven lower bound ([`crate::solving::bounded`]).
//!
//! A heuristic named with `auto` is searched with by IDA*. The classic searches take the
//! single-tile heuristics counted in multi-tile moves axis by axis
//! ([`crate::puzzle::heuristic::Heuristic::multi_tile_estimate`]); pattern databases, which count
//! single-tile moves, and the cluster, whose processes share single-tile iterations,
//! are refused in words.

use std::sync::Arc;
use std::time::Instant;

use crate::answer::algorithm::Algorithm;
use crate::answer::options::{EstimateChoice, SolveOptions};
use crate::answer::solution::Advice;
use crate::answer::solve_error::SolveError;
use crate::fast_idastar::multi_tile::{ColouredEstimate, MAX_JUMP_CELLS, MAX_JUMP_SIDE};
use crate::puzzle::board::{Board, Size};
use crate::puzzle::state::MAX_SEARCH_CELLS;
use crate::tables::cache::Origin;
use crate::tables::distance_table::{Need, MAX_TABLE_CELLS};
use crate::tables::multi_tile_database::{self, Colouring, MultiTileDatabase};
use crate::tables::walking_distance::WalkingDistance;

use super::auto::{asked_table, classic, classic_guide, table};
use super::validate::{no_estimate, table_request, tables_error, too_large, unweighted};
use super::Plan;
use crate::solving::guide::{ConstructionGuide, JumpGuide};

/// Whether the multi-tile IDA* takes boards of `size`: at most [`MAX_JUMP_CELLS`] cells,
/// sides of at most [`MAX_JUMP_SIDE`] (the walking distance's reach).
fn fits_jumps(size: Size) -> bool {
    jumps_refusal(size, "").is_none()
}

/// Why `algorithm` (the multi-tile IDA*, or what it counts for) does not take boards
/// of `size`, naming the limit they pass: too many cells, or a side too long (a 7x2
/// board has few enough cells, and its side is the reason).
fn jumps_refusal(size: Size, algorithm: &str) -> Option<SolveError> {
    let longer = size.width().max(size.height());
    if size.cells() > MAX_JUMP_CELLS {
        Some(SolveError::TooLarge {
            algorithm: algorithm.to_string(),
            size,
            cells: size.cells(),
            max: MAX_JUMP_CELLS,
        })
    } else if longer > MAX_JUMP_SIDE {
        Some(SolveError::SideTooLong {
            algorithm: algorithm.to_string(),
            size,
            side: longer,
            max: MAX_JUMP_SIDE,
        })
    } else {
        None
    }
}

/// Boards of more cells than this are solved constructively by `auto` in the
/// multi-tile metric: the 15-puzzle is the largest board its optimal search finishes.
pub const MAX_MULTI_TILE_SEARCH_CELLS: usize = 16;

/// The checks of a request in the multi-tile metric, after the common ones.
///
/// # Errors
/// [`SolveError::NotMultiTile`] for what counts single-tile moves (pattern databases, a
/// cluster, the single-tile fast IDA*), and the errors of the single-tile checks for
/// the algorithm, the estimate and the board size.
pub(super) fn validate(goal: &Board, options: &SolveOptions) -> Result<(), SolveError> {
    let size = goal.size();
    let refuse = |what: &str, why: &str| {
        Err(SolveError::NotMultiTile {
            what: what.to_string(),
            why: why.to_string(),
        })
    };
    if options.cluster.is_some() {
        return refuse(
            "a cluster search",
            "its processes share single-tile iterations; solve on one machine",
        );
    }
    if matches!(
        options.estimate,
        EstimateChoice::PatternDatabase { .. } | EstimateChoice::Catalogue { .. }
    ) {
        return refuse(
            "pattern databases",
            "their entries count single-tile moves; leave the estimate to the library",
        );
    }
    if options.counts() {
        counting(goal, options)?;
    }
    let weighted = options.weight > 1.0;
    match options.algorithm {
        Algorithm::Auto => Ok(()),
        Algorithm::Table => table_request(size, options),
        Algorithm::FastIdastar => {
            unweighted(Algorithm::FastIdastar, weighted)?;
            if let Some(refusal) = jumps_refusal(size, "fast-idastar in the multi-tile metric") {
                return Err(refusal);
            }
            if options.estimate.heuristic().is_some() {
                return refuse(
                    "a named heuristic with fast-idastar",
                    "it is guided by multi-tile estimates of its own; leave the estimate to \
                     the library",
                );
            }
            Ok(())
        }
        Algorithm::Constructive => {
            unweighted(Algorithm::Constructive, weighted)?;
            no_estimate(Algorithm::Constructive, &options.estimate)
        }
        classic => {
            if size.cells() > MAX_SEARCH_CELLS {
                return Err(too_large(classic, size, MAX_SEARCH_CELLS));
            }
            if !classic.uses_heuristic() {
                unweighted(classic, weighted)?;
                return no_estimate(classic, &options.estimate);
            }
            Ok(())
        }
    }
}

/// Fails when optimal solutions are to be counted where the answer would not be
/// optimal, or where no counter in this metric takes the board: a multi-tile distance
/// table counts them (boards of at most [`MAX_TABLE_CELLS`] cells), the multi-tile
/// IDA*'s depth-first pass the others it takes.
fn counting(goal: &Board, options: &SolveOptions) -> Result<(), SolveError> {
    let size = goal.size();
    if options.weight > 1.0 {
        return Err(SolveError::CountNotOptimal(format!(
            "a weight of {} answers with up to {} times the fewest moves",
            options.weight, options.weight
        )));
    }
    if options.algorithm == Algorithm::Constructive {
        return Err(SolveError::CountNotOptimal(
            "the constructive algorithm does not find the fewest moves".to_string(),
        ));
    }
    if size.cells() > MAX_TABLE_CELLS {
        let counting = "counting optimal solutions in the multi-tile metric";
        if let Some(refusal) = jumps_refusal(size, counting) {
            return Err(refusal);
        }
    }
    Ok(())
}

/// The plan of a validated request in the multi-tile metric.
///
/// # Errors
/// When a table asked for cannot be had.
pub(super) fn plan(goal: &Board, options: &SolveOptions) -> Result<Plan, SolveError> {
    let size = goal.size();
    Ok(match options.algorithm {
        Algorithm::Auto if options.estimate.heuristic().is_some() => {
            classic(Algorithm::Idastar, options)
        }
        Algorithm::Auto => {
            if let Some(plan) = table(goal, options, Need::IfCheap)? {
                plan
            } else if fits_jumps(size) {
                jumps(goal, options)?
            } else if size.cells() <= MAX_MULTI_TILE_SEARCH_CELLS {
                classic(Algorithm::Idastar, options)
            } else {
                past_the_search(goal, options)
            }
        }
        Algorithm::Table => asked_table(goal, options)?,
        Algorithm::FastIdastar => jumps(goal, options)?,
        Algorithm::Constructive => Plan::new(ConstructionGuide),
        Algorithm::Idastar => with_walking(goal, options, Algorithm::Idastar),
        other => classic(other, options),
    })
}

/// `auto` past [`MAX_MULTI_TILE_SEARCH_CELLS`] cells, where no optimal multi-tile search
/// finishes. Without a time limit, the constructive answer at once, with the advice that
/// a limit would shorten it. With one (and a bounded answer asked for), the classic
/// IDA*, bounded ([`crate::solving::bounded`]): its completed iterations prove the lower
/// bound (linear conflict in multi-tile moves, with the walking distance where it takes
/// the board) while the shortened construction answers. A random 5x5 board (seed 1) at
/// 5 s: 71 moves over a bound of 29, where the construction alone answered 183.
fn past_the_search(goal: &Board, options: &SolveOptions) -> Plan {
    let limited = options.limits.max_time.is_some() || options.limits.max_expanded.is_some();
    if options.bounded && limited && goal.size().cells() <= MAX_SEARCH_CELLS {
        return with_walking(goal, options, Algorithm::Idastar);
    }
    let mut plan = Plan::new(ConstructionGuide);
    if goal.size().cells() <= MAX_SEARCH_CELLS {
        plan.advice = Some(Advice::TimeLimit);
    }
    plan
}

/// The classic IDA*'s `plan` with the walking distance beside its heuristic, when the
/// estimate was left to the library and the walking distance takes the board: counted
/// axis by axis, linear conflict divides each tile's steps by the longest jump, where
/// the walking distance follows the tiles' lines. On a random 3x4 board (seed 1, 22
/// moves) IDA* with linear conflict alone had expanded 13.1 million nodes when its bound
/// reached 20; with the walking distance beside it, 4.4 million by bound 21 (both before
/// the pruning of moves along one line). A named heuristic is searched with as
/// named (`compare` and `trace` show each heuristic's own cost), and A* keeps its own:
/// it promises an optimal answer, not the canonical one, and a stronger estimate would
/// change which of its ties it takes.
fn with_walking(goal: &Board, options: &SolveOptions, algorithm: Algorithm) -> Plan {
    let mut guide = classic_guide(algorithm, options);
    if guide.heuristic.is_some() && options.estimate.heuristic().is_none() {
        guide.walking = WalkingDistance::new(goal).map(Arc::new);
    }
    Plan::new(guide)
}

/// The multi-tile IDA*'s plan towards `goal`: the coloured databases where they fit
/// the goal and are at hand (cached, or built when the options allow), else the walking
/// distance.
///
/// # Errors
/// When a database cannot be read, built or stored.
fn jumps(goal: &Board, options: &SolveOptions) -> Result<Plan, SolveError> {
    let started = Instant::now();
    // The small table first: it is read first, and built in a second.
    let mut had = Vec::new();
    for table in coloured_tables(goal) {
        let may_build = options.build_tables && table.built_by_solve;
        if let Some((database, origin)) = coloured_database(&table, may_build, options)? {
            had.push((database, format!("{} {origin}", table.name)));
        }
    }
    let (guide, tables) = if had.is_empty() {
        let walking = WalkingDistance::new(goal).expect("the size was checked");
        (JumpGuide::Walking(Arc::new(walking)), None)
    } else {
        let databases: Vec<_> = had
            .iter()
            .map(|(database, _)| Arc::clone(database))
            .collect();
        // No walking distance beside the 15-puzzle's: it was above both tables for 0.2 %
        // of the nodes on 25 random boards, less than its own updates cost. The 5x3
        // board's tables are weaker beside it.
        let walking = goal.size() != Colouring::fifteen().size();
        let estimate = ColouredEstimate::new(&databases, goal, walking)
            .expect("a goal of the tables' size with the blank in the last cell");
        let how: Vec<String> = had.into_iter().map(|(_, how)| how).collect();
        (
            JumpGuide::Coloured(Arc::new(estimate)),
            Some(how.join(", ")),
        )
    };
    let mut plan = Plan::new(guide);
    plan.tables = tables;
    plan.setup_seconds = started.elapsed().as_secs_f64();
    Ok(plan)
}

/// A coloured database the multi-tile IDA* reads, with how reports name it.
#[derive(Clone, Debug)]
pub struct ColouredTable {
    /// Its colouring.
    pub colouring: Colouring,
    /// How reports name it (`small multi-tile database`).
    pub name: &'static str,
    /// Whether a solve that may build tables builds it when it is missing. The
    /// 15-puzzle's five-colour tables (2.7 GB each, minutes to build) are read only once
    /// cached: `npuzzle pdb build --metric mtm best` builds them.
    pub built_by_solve: bool,
}

/// The coloured databases the multi-tile IDA* reads towards `goal`, in the order it
/// reads them (the small one first: it stays in the processor's cache), for a goal
/// with the blank last (others are read through [`Board::relabeled`]): on the
/// 15-puzzle [`Colouring::fifteen_small`], [`Colouring::fifteen`] and, once cached,
/// [`Colouring::fifteen_fine`], [`Colouring::fifteen_blocks`] and
/// [`Colouring::fifteen_ells`]; on the 5x3 board
/// [`Colouring::five_by_three_small`] and [`Colouring::five_by_three`]. Empty for other
/// goals, which the walking distance guides.
///
/// ```
/// use npuzzle::solving::plan::coloured_tables;
/// use npuzzle::{Board, Size};
///
/// let fifteen = coloured_tables(&Board::goal(Size::square(4)?));
/// assert_eq!(fifteen.len(), 5);
/// // the five-colour tables: built when asked
/// assert!(fifteen[2..].iter().all(|table| !table.built_by_solve));
/// assert!(coloured_tables(&Board::goal(Size::new(6, 2)?)).is_empty());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn coloured_tables(goal: &Board) -> Vec<ColouredTable> {
    let size = goal.size();
    if goal.blank() + 1 != size.cells() {
        return Vec::new();
    }
    let table = |colouring, name, built_by_solve| ColouredTable {
        colouring,
        name,
        built_by_solve,
    };
    let sets = [
        vec![
            table(
                Colouring::fifteen_small(),
                "small multi-tile database",
                true,
            ),
            table(Colouring::fifteen(), "multi-tile database", true),
            table(
                Colouring::fifteen_fine(),
                "five-colour multi-tile database",
                false,
            ),
            table(
                Colouring::fifteen_blocks(),
                "five-block multi-tile database",
                false,
            ),
            table(
                Colouring::fifteen_ells(),
                "five-L multi-tile database",
                false,
            ),
        ],
        vec![
            table(
                Colouring::five_by_three_small(),
                "small multi-tile database",
                true,
            ),
            table(Colouring::five_by_three(), "multi-tile database", true),
        ],
    ];
    sets.into_iter()
        .find(|set| set[0].colouring.size() == size)
        .unwrap_or_default()
}

/// The coloured multi-tile database of `table` ([`multi_tile_database::shared`]), with how
/// it was had: `None` when it is not cached and `may_build` is not set.
///
/// # Errors
/// When the cache cannot be read or written, or the build is stopped.
fn coloured_database(
    table: &ColouredTable,
    may_build: bool,
    options: &SolveOptions,
) -> Result<Option<(Arc<MultiTileDatabase>, Origin)>, SolveError> {
    multi_tile_database::shared(
        table.colouring.clone(),
        &options.cache(),
        may_build,
        options.progress(),
        options.limits.cancel.as_ref(),
    )
    .map_err(tables_error(if table.built_by_solve {
        format!("the {}", table.name)
    } else {
        format!(
            "the {}, which only `npuzzle pdb build --metric mtm best` builds,",
            table.name
        )
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tables::cache::Cache;

    #[test]
    fn a_table_solve_does_not_build_is_read_only_when_valid_and_never_rebuilt() {
        let dir = tempfile::tempdir().unwrap();
        let options = SolveOptions {
            cache: Some(Cache::new(dir.path())),
            ..SolveOptions::default()
        };
        let fine = coloured_tables(&Board::goal(Size::square(4).unwrap())).remove(2);
        assert_eq!(fine.colouring, Colouring::fifteen_fine());
        // Not cached: not at hand, and nothing written.
        assert!(coloured_database(&fine, false, &options).unwrap().is_none());
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
        // A file that is not the table: an error naming the table, the file and the way
        // out, not a build of minutes.
        let path = dir
            .path()
            .join(MultiTileDatabase::file_name(&fine.colouring));
        std::fs::write(&path, b"not a table").unwrap();
        let error = coloured_database(&fine, false, &options).expect_err("an error");
        let mut text = error.to_string();
        let mut cause = std::error::Error::source(&error);
        while let Some(inner) = cause {
            text = format!("{text}: {inner}");
            cause = inner.source();
        }
        for part in [
            "five-colour",
            "pdb build --metric mtm best",
            "not an npuzzle table",
        ] {
            assert!(text.contains(part), "{text}");
        }
        assert!(text.contains(&path.display().to_string()), "{text}");
        assert_eq!(std::fs::read(&path).unwrap(), b"not a table");
    }
}
