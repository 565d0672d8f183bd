//! The single-tile metric's side of the plan: what it refuses and what it plans, beside
//! [`super::multi_tile`]'s for the multi-tile metric. [`super::validate`] and
//! [`super::plan`] choose between the two by the metric, and nothing else in the plan
//! asks which metric is in force.

use crate::answer::algorithm::Algorithm;
use crate::answer::options::{EstimateChoice, SolveOptions};
use crate::answer::solve_error::SolveError;
use crate::pdb;
use crate::puzzle::board::Board;
use crate::puzzle::heuristic::HeuristicKind;
use crate::puzzle::state::MAX_SEARCH_CELLS;
use crate::solving::guide::ConstructionGuide;

use super::auto::{asked_table, auto, classic, fast_idastar_plan};
use super::validate::{
    counting, database_set, databases, fits_fast_idastar, no_estimate, table_request, tables_error,
    too_large, unweighted,
};
use super::{Plan, FAST_AUTO_CELLS};

/// The checks of a request in the single-tile metric, after the common ones
/// ([`super::validate`]).
///
/// # Errors
/// As [`super::validate`].
pub(super) fn validate(goal: &Board, options: &SolveOptions) -> Result<(), SolveError> {
    let size = goal.size();
    if options.counts() {
        counting(size, options)?;
    }
    let weighted = options.weight > 1.0;
    let estimate = &options.estimate;
    if let Some((set, _)) = database_set(goal, estimate)? {
        pdb::check_buildable(goal, &set).map_err(tables_error(databases(&set)))?;
    }
    match options.algorithm {
        Algorithm::Auto => match estimate {
            EstimateChoice::PatternDatabase { .. } | EstimateChoice::Catalogue { .. } => {
                unweighted(Algorithm::FastIdastar, weighted)?;
                fits_fast_idastar(Algorithm::FastIdastar, size)
            }
            EstimateChoice::Heuristic(kind) => {
                let fast = !weighted
                    && *kind != HeuristicKind::Misplaced
                    && fits_fast_idastar(Algorithm::FastIdastar, size).is_ok();
                if !fast && size.cells() > MAX_SEARCH_CELLS {
                    return Err(too_large(Algorithm::Idastar, size, MAX_SEARCH_CELLS));
                }
                Ok(())
            }
            EstimateChoice::Auto => Ok(()),
        },
        Algorithm::Table => table_request(size, options),
        Algorithm::FastIdastar => {
            unweighted(Algorithm::FastIdastar, weighted)?;
            fits_fast_idastar(Algorithm::FastIdastar, size)?;
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

/// The plan of a request in the single-tile metric, once validated.
///
/// # Errors
/// As [`super::plan`].
pub(super) fn plan(goal: &Board, options: &SolveOptions) -> Result<Plan, SolveError> {
    let size = goal.size();
    let plan = match options.algorithm {
        Algorithm::Auto => match &options.estimate {
            EstimateChoice::PatternDatabase { .. } | EstimateChoice::Catalogue { .. } => {
                fast_idastar_plan(goal, options)?
            }
            EstimateChoice::Heuristic(kind) => {
                if options.weight <= 1.0
                    && fits_fast_idastar(Algorithm::FastIdastar, size).is_ok()
                    && size.cells() > FAST_AUTO_CELLS
                    && *kind != HeuristicKind::Misplaced
                {
                    fast_idastar_plan(goal, options)?
                } else {
                    classic(Algorithm::Idastar, options)
                }
            }
            EstimateChoice::Auto => auto(goal, options)?,
        },
        Algorithm::Table => asked_table(goal, options)?,
        Algorithm::FastIdastar => fast_idastar_plan(goal, options)?,
        Algorithm::Constructive => Plan::new(ConstructionGuide),
        other => classic(other, options),
    };
    Ok(plan)
}
