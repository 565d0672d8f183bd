//! Every algorithm and heuristic on one board, side by side: what `npuzzle compare`, the
//! web page's comparison panel and the Python package's `compare` all run, through
//! [`crate::solve`].
//!
//! ```
//! use npuzzle::services::compare::{compare, COMPARE_LIMITS};
//! use npuzzle::{parse_board, SolveOptions};
//!
//! let start = parse_board("283104765", None)?;
//! let goal = parse_board("123804765", None)?;
//! let options = SolveOptions { limits: COMPARE_LIMITS, ..SolveOptions::default() };
//! let runs = compare(&start, &goal, &options)?;
//! assert_eq!(runs.len(), npuzzle::Algorithm::comparison_pairs().len());
//! assert!(runs.iter().all(|run| run.length() == Some(4)));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::time::Duration;

use crate::answer::algorithm::Algorithm;
use crate::answer::options::{EstimateChoice, SolveOptions};
use crate::answer::solution::Solution;
use crate::answer::solve_error::SolveError;
use crate::puzzle::board::Board;
use crate::search::{GiveUp, Limits};
use crate::solving::solver::solve;

/// Limits of each run where the caller sets none: enough for every algorithm on an
/// 8-puzzle, short enough that the uninformed searches of big boards stop.
pub const COMPARE_LIMITS: Limits = Limits {
    max_expanded: Some(20_000_000),
    max_held: Some(80_000_000),
    max_time: Some(Duration::from_secs(20)),
    ..Limits::NONE
};

/// Solves `start` towards `goal` with every pair of [`Algorithm::comparison_pairs`], in
/// that order, each under `options` with its algorithm and estimate put in. A run that
/// reaches a limit is an answer that gave up, not an error. The limits are each run's:
/// with a time limit of 2 s the nine runs take at most about 18 s, each stopping within
/// milliseconds of its 2 s (a caller that wants one budget for all, as the web API does,
/// divides it first). A set [`Limits::cancel`] token stops the run under way, and the
/// ones after it at once.
///
/// # Errors
/// As [`solve`]: start and goal of different sizes, or a board too large for the
/// uninformed searches.
pub fn compare(
    start: &Board,
    goal: &Board,
    options: &SolveOptions,
) -> Result<Vec<Solution>, SolveError> {
    let mut runs = Vec::new();
    for (algorithm, heuristic) in Algorithm::comparison_pairs() {
        if !runs.is_empty() && options.limits.cancelled() {
            // Not started at all: a run started now would give up at its first check,
            // yet could first wait seconds on the memory the last run's visited set is
            // giving back on another thread (2.2 s after a 5x5 BFS of 4 million nodes).
            let mut run = Solution::new(algorithm, heuristic.map(|h| h.name().to_string()));
            run.metric = options.metric;
            run.conclude(Err(GiveUp::Interrupted));
            runs.push(run);
            continue;
        }
        let run = SolveOptions {
            algorithm,
            estimate: EstimateChoice::from(heuristic),
            ..options.clone()
        };
        runs.push(solve(start, goal, &run)?);
    }
    Ok(runs)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::answer::solution::Status;
    use crate::search::GiveUp;
    use crate::util::cancel::CancelToken;

    #[test]
    fn a_set_token_stops_every_run() {
        // The hardest 8-puzzle positions would take the uninformed searches a while.
        let start = crate::parse_board("8 6 7/2 5 4/3 0 1", None).unwrap();
        let goal = Board::goal(start.size());
        let token = CancelToken::new();
        token.cancel();
        let options = SolveOptions {
            limits: Limits {
                cancel: Some(token),
                ..COMPARE_LIMITS
            },
            ..SolveOptions::default()
        };
        let runs = compare(&start, &goal, &options).unwrap();
        assert_eq!(runs.len(), Algorithm::comparison_pairs().len());
        for run in runs {
            assert_eq!(
                run.status,
                Status::GaveUp(GiveUp::Interrupted),
                "{}",
                run.algorithm
            );
        }
    }
}
