//! The fast IDA* as a solve: [`solve_with`] runs
//! [`fast_idastar::search`](crate::fast_idastar::search()) with an estimate of the caller's
//! own and answers a [`Solution`], as [`crate::solve`] does with the estimates it plans.
//!
//! ```
//! use npuzzle::fast_idastar::LinearConflict;
//! use npuzzle::solving::fast_solve::solve_with;
//! use npuzzle::{parse_board, Board, RunSettings, Size};
//!
//! let goal = Board::blank_first_goal(Size::square(4)?);
//! let start = parse_board("14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3", None)?; // Korf's #1
//! let settings = RunSettings { threads: 2, ..RunSettings::default() };
//! let solution = solve_with(&start, &goal, &LinearConflict::new(&goal), &settings)?;
//! assert_eq!(solution.length(), Some(57));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::answer::algorithm::Algorithm;
use crate::answer::solution::{Solution, Status};
use crate::answer::solve_error::SolveError;
use crate::fast_idastar::{search, Estimate, RunSettings, MAX_FAST_CELLS, MAX_LINE};
use crate::puzzle::board::Board;
use crate::puzzle::solvability::is_solvable;

/// Solves `start` towards `goal` with the fast IDA* guided by `estimate`,
/// which must have been made for `goal`: for estimates of your own ([`crate::solve`]
/// plans the library's). The solution's algorithm is [`Algorithm::FastIdastar`].
///
/// # Errors
/// When start and goal differ in size, or the board is past the search's reach (more
/// than [`MAX_FAST_CELLS`] cells or a side longer than [`MAX_LINE`]).
pub fn solve_with<E: Estimate>(
    start: &Board,
    goal: &Board,
    estimate: &E,
    settings: &RunSettings,
) -> Result<Solution, SolveError> {
    let size = start.size();
    if size != goal.size() {
        return Err(SolveError::SizeMismatch {
            start: size,
            goal: goal.size(),
        });
    }
    if size.cells() > MAX_FAST_CELLS || size.width() > MAX_LINE || size.height() > MAX_LINE {
        return Err(SolveError::TooLarge {
            algorithm: Algorithm::FastIdastar.name().to_string(),
            size,
            cells: size.cells(),
            max: MAX_FAST_CELLS,
        });
    }
    let mut solution = Solution::new(Algorithm::FastIdastar, Some(estimate.name()));
    if !is_solvable(start, goal) {
        return Ok(solution);
    }
    let (outcome, stats) = search(start, estimate, settings);
    solution.stats = stats;
    solution.conclude(outcome);
    solution.any_optimal = settings.any_optimal && solution.status == Status::Solved;
    Ok(solution)
}
