//! Plans in the multi-tile metric ([`crate::puzzle::metric`]): which algorithm answers
//! when a jump of the blank along its line counts as one move.
//!
//! ```
//! use npuzzle::plan::{plan, Guide};
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
//! 2. Other boards of at most [`MAX_MULTI_TILE_SEARCH_CELLS`] cells: IDA*.
//! 3. Larger boards: the constructive method, its answer counted in the multi-tile
//!    metric and not optimal.
//!
//! A heuristic named with `auto` is searched with by IDA*. The classic searches take the
//! single-tile heuristics made multi-tile ones by
//! [`crate::puzzle::metric::Metric::scaled_estimate`]; pattern databases, which count
//! single-tile moves, and the cluster, whose processes share single-tile iterations,
//! are refused in words.

use crate::answer::options::{EstimateChoice, SolveOptions};
use crate::answer::solution::{Algorithm, SolveError};
use crate::puzzle::board::Board;
use crate::puzzle::state::MAX_SEARCH_CELLS;
use crate::tables::distance_table::{Need, MAX_TABLE_CELLS};

use super::auto::{asked_table, classic, table};
use super::validate::{no_estimate, too_large, unweighted};
use super::{Guide, Plan};

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
    if options.count_optimal {
        counting(goal, options)?;
    }
    let weighted = options.weight > 1.0;
    match options.algorithm {
        Algorithm::Auto => Ok(()),
        Algorithm::Table => {
            no_estimate(Algorithm::Table, &options.estimate)?;
            unweighted(Algorithm::Table, weighted)?;
            if size.cells() > MAX_TABLE_CELLS {
                return Err(too_large(Algorithm::Table, size, MAX_TABLE_CELLS));
            }
            Ok(())
        }
        Algorithm::FastIdastar => refuse(
            "fast-idastar",
            "its estimates count single-tile moves; use auto, table, idastar or astar",
        ),
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
/// table counts them (boards of at most [`MAX_TABLE_CELLS`] cells).
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
        return Err(SolveError::TooLarge {
            algorithm: "counting optimal solutions in the multi-tile metric".to_string(),
            size,
            cells: size.cells(),
            max: MAX_TABLE_CELLS,
        });
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
            } else if size.cells() <= MAX_MULTI_TILE_SEARCH_CELLS {
                classic(Algorithm::Idastar, options)
            } else {
                Plan::new(Algorithm::Constructive, Guide::Blind)
            }
        }
        Algorithm::Table => asked_table(goal, options)?,
        Algorithm::Constructive => Plan::new(Algorithm::Constructive, Guide::Blind),
        other => classic(other, options),
    })
}
