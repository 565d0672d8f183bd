//! Whether a request can be taken: the algorithm, the estimate, the weight and the board size agree.

use crate::answer::algorithm::Algorithm;
use crate::answer::options::{
    checked_threads, EstimateChoice, SolveOptions, Visited, RANKED_CELLS,
};
use crate::answer::solve_error::{SolveError, TablesCause};
use crate::fast_idastar::{MAX_FAST_CELLS, MAX_LINE};
use crate::pdb::{PartitionSet, PdbError};
use crate::puzzle::board::{Board, Size};
use crate::tables::distance_table::MAX_TABLE_CELLS;

use super::AUTO_OPTIMAL_CELLS;

/// The checks of every request, whatever its metric: the weight, the threads, and the
/// visited set against the algorithm and the board.
///
/// # Errors
/// As [`super::validate`].
pub(super) fn common(goal: &Board, options: &SolveOptions) -> Result<(), SolveError> {
    if !(options.weight.is_finite() && options.weight >= 1.0) {
        return Err(SolveError::BadWeight(options.weight));
    }
    checked_threads(options.threads)?;
    let size = goal.size();
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
    Ok(())
}

/// Fails when optimal solutions are to be counted but the answer would not be optimal,
/// or the board is one no counter takes: boards past a distance table's 12 cells are
/// counted by the fast IDA*'s depth-first count ([`crate::solving::count`]).
pub(super) fn counting(size: Size, options: &SolveOptions) -> Result<(), SolveError> {
    let weight = options.weight;
    let why = if weight > 1.0 {
        Some(format!(
            "a weight of {weight} answers with up to {weight} times the fewest moves"
        ))
    } else if options.algorithm == Algorithm::Constructive {
        Some("the constructive algorithm does not find the fewest moves".to_string())
    } else if options.algorithm == Algorithm::Auto
        && options.estimate == EstimateChoice::Auto
        && size.cells() > AUTO_OPTIMAL_CELLS
    {
        Some(format!(
            "auto solves boards of more than {AUTO_OPTIMAL_CELLS} cells with the constructive \
             algorithm, which does not find the fewest moves"
        ))
    } else {
        None
    };
    if let Some(why) = why {
        return Err(SolveError::CountNotOptimal(why));
    }
    if size.cells() > MAX_TABLE_CELLS {
        fits_fast_idastar(Algorithm::FastIdastar, size).map_err(|_| SolveError::TooLarge {
            algorithm: "counting optimal solutions".to_string(),
            size,
            cells: size.cells(),
            max: MAX_FAST_CELLS,
        })?;
    }
    Ok(())
}

/// Fails unless the fast IDA* takes boards of `size`.
pub(super) fn fits_fast_idastar(algorithm: Algorithm, size: Size) -> Result<(), SolveError> {
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

/// Fails unless a distance table can answer boards of `size` under `options`: no
/// estimate, no weight, at most [`MAX_TABLE_CELLS`] cells (either metric).
pub(super) fn table_request(size: Size, options: &SolveOptions) -> Result<(), SolveError> {
    no_estimate(Algorithm::Table, &options.estimate)?;
    unweighted(Algorithm::Table, options.weight > 1.0)?;
    if size.cells() > MAX_TABLE_CELLS {
        return Err(too_large(Algorithm::Table, size, MAX_TABLE_CELLS));
    }
    Ok(())
}

/// Fails when an estimate is named for an algorithm that takes none.
pub(super) fn no_estimate(
    algorithm: Algorithm,
    estimate: &EstimateChoice,
) -> Result<(), SolveError> {
    match estimate {
        EstimateChoice::Auto => Ok(()),
        EstimateChoice::PatternDatabase { .. } | EstimateChoice::Catalogue { .. } => {
            Err(SolveError::DatabaseNotTaken(algorithm))
        }
        EstimateChoice::Heuristic(_) => Err(SolveError::EstimateNotTaken(algorithm)),
    }
}

/// Fails when a weight is given to an algorithm that does not weigh.
pub(super) fn unweighted(algorithm: Algorithm, weighted: bool) -> Result<(), SolveError> {
    if weighted {
        Err(SolveError::WeightNotTaken(algorithm))
    } else {
        Ok(())
    }
}

pub(super) fn too_large(algorithm: Algorithm, size: Size, max: usize) -> SolveError {
    SolveError::TooLarge {
        algorithm: algorithm.name().to_string(),
        size,
        cells: size.cells(),
        max,
    }
}

/// The pattern databases `estimate` names for `goal`, with whether to reflect: a
/// partition's classic tables, or a catalogue's zero-aware ones.
pub(super) fn database_set(
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

/// The error of tables that could not be had, `what` naming them.
pub(super) fn tables_error<E: Into<TablesCause>>(
    what: impl std::fmt::Display,
) -> impl FnOnce(E) -> SolveError {
    move |source| SolveError::Tables {
        what: what.to_string(),
        source: source.into(),
    }
}

/// The name of the pattern databases of `set`, in [`SolveError::Tables`].
pub(super) fn databases(set: &PartitionSet) -> String {
    format!("the pattern databases {}", set.describe())
}
