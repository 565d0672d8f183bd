//! The solve report: one object describing a solve, shared by every output that programs
//! read (`solve --json`, batch results, the web API). Fields are added, never renamed.
//!
//! ```
//! use npuzzle::solving::report::SolveReport;
//! use npuzzle::{parse_board, solve, SolveOptions};
//!
//! let start = parse_board("283104765", None)?;
//! let goal = parse_board("123804765", None)?;
//! let solution = solve(&start, &goal, &SolveOptions::default())?;
//! let report = SolveReport::new(&start, &goal, &solution);
//! assert_eq!((report.status.as_str(), report.moves.as_str()), ("solved", "uldr"));
//! assert_eq!(report.algorithm, "table");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::answer::solution::{Solution, Status};
use crate::answer::solution_list::SolutionList;
use crate::puzzle::board::{moves_to_string, Board};
use crate::puzzle::notation::Notation;
use crate::search::Stats;

/// A solve as programs see it.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct SolveReport {
    /// The start board, rows separated by `/`.
    pub board: String,
    /// The goal board, rows separated by `/`.
    pub goal: String,
    /// The board size, `WxH`.
    pub size: String,
    /// Whether the goal can be reached at all.
    pub solvable: bool,
    /// `solved`, `unsolvable`, `gave-up`, or `bounded` (a limit stopped the optimal
    /// search, and the best solution found comes with a proven lower bound: see
    /// [`crate::solving::bounded`]).
    pub status: String,
    /// Why the search gave up (or, bounded, why the optimal search stopped), when it did.
    pub gave_up: Option<String>,
    /// How `length` counts: `stm` (a tile one cell is a move) or `mtm` (a run of tiles
    /// along a line is a move; see [`crate::puzzle::metric::Metric`]).
    #[cfg_attr(feature = "serde", serde(default = "single_tile"))]
    pub metric: String,
    /// Number of moves in `metric`, when solved or bounded.
    pub length: Option<usize>,
    /// The blank's moves, `u d l r` (empty unless solved).
    pub moves: String,
    /// The same moves in tile notation (see [`Notation::Tiles`]): `R2U2L…`.
    #[cfg_attr(feature = "serde", serde(default))]
    pub tile_moves: String,
    /// The algorithm that ran.
    pub algorithm: String,
    /// The estimate that guided it, if any.
    pub heuristic: Option<String>,
    /// Whether `length` is proven minimal.
    pub optimal: bool,
    /// `true` when the moves are an optimal path the search stopped at first, not the
    /// smallest in the move order ([`Solution::any_optimal`]: asked for, or a limit
    /// ended the search for the smallest after the optimum was proven); absent
    /// otherwise.
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "std::ops::Not::not")
    )]
    pub any_optimal: bool,
    /// What the search cost (with the count of optimal solutions, when asked).
    pub stats: Stats,
    /// The number of distinct optimal move sequences, when asked for and counted
    /// ([`Solution::optimal_solutions`]): absent when not asked. JSON writes it as a
    /// number up to 2^64 − 1 and as a string of digits beyond (no JSON reader keeps
    /// larger numbers exact).
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "Option::is_none", with = "whole_count")
    )]
    pub optimal_solutions: Option<u128>,
    /// Why the count of optimal solutions asked for was not had (a limit stopped it);
    /// absent otherwise.
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "Option::is_none")
    )]
    pub count_gave_up: Option<String>,
    /// The solutions listed, when asked for ([`Solution::solutions`]), as `u d l r`
    /// strings: shortest first, then in the move order, the answer first. Absent when
    /// not asked.
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "Option::is_none")
    )]
    pub solutions: Option<Vec<String>>,
    /// Whether `solutions` holds every solution asked for; absent when not asked.
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "Option::is_none")
    )]
    pub solutions_complete: Option<bool>,
    /// Why `solutions` stops short (the limit, a limit of the solve), in words; absent
    /// when it does not.
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "Option::is_none")
    )]
    pub solutions_cut_short: Option<String>,
    /// With a bounded answer: a proven lower bound on the optimal length (absent
    /// otherwise).
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "Option::is_none")
    )]
    pub lower_bound: Option<usize>,
    /// With a bounded answer: `length` less `lower_bound`, the most moves it may be over
    /// the optimum (absent otherwise).
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "Option::is_none")
    )]
    pub gap: Option<usize>,
}

impl SolveReport {
    /// The report of `solution`, a solve of `start` towards `goal`.
    pub fn new(start: &Board, goal: &Board, solution: &Solution) -> SolveReport {
        let (status, gave_up) = match &solution.status {
            Status::Solved => ("solved", None),
            Status::Unsolvable => ("unsolvable", None),
            Status::GaveUp(why) => ("gave-up", Some(why.to_string())),
            Status::Bounded(why) => ("bounded", Some(why.to_string())),
        };
        SolveReport {
            board: start.to_string(),
            goal: goal.to_string(),
            size: start.size().to_string(),
            solvable: solution.status != Status::Unsolvable,
            status: status.to_string(),
            gave_up,
            metric: solution.metric.name().to_string(),
            length: solution.length(),
            moves: moves_to_string(&solution.moves),
            tile_moves: Notation::Tiles.write(&solution.moves),
            algorithm: solution.algorithm.name().to_string(),
            heuristic: solution.estimate.clone(),
            optimal: solution.optimal && solution.length().is_some(),
            any_optimal: solution.any_optimal,
            stats: solution.stats,
            optimal_solutions: solution.optimal_solutions.and_then(Result::ok),
            count_gave_up: solution
                .optimal_solutions
                .and_then(Result::err)
                .map(|why| why.to_string()),
            solutions: solution.solutions.as_ref().map(SolutionList::written),
            solutions_complete: solution.solutions.as_ref().map(SolutionList::is_complete),
            solutions_cut_short: solution
                .solutions
                .as_ref()
                .and_then(SolutionList::cut_short),
            lower_bound: solution.gap().and(solution.lower_bound),
            gap: solution.gap(),
        }
    }
}

/// The metric of a report written before reports named one.
#[cfg(feature = "serde")]
fn single_tile() -> String {
    crate::puzzle::metric::Metric::SingleTile.name().to_string()
}

/// A count of up to 128 bits in JSON: a number where every reader keeps it exact enough
/// to compare (64 bits), else its digits in a string.
#[cfg(feature = "serde")]
mod whole_count {
    use serde::{Deserialize, Deserializer, Serializer};

    #[expect(
        clippy::ref_option,
        reason = "serde's `with` hands the field by reference"
    )]
    pub fn serialize<S: Serializer>(count: &Option<u128>, out: S) -> Result<S::Ok, S::Error> {
        match count.map(u64::try_from) {
            Some(Ok(small)) => out.serialize_u64(small),
            Some(Err(_)) => out.collect_str(&count.expect("a count")),
            None => out.serialize_none(),
        }
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(input: D) -> Result<Option<u128>, D::Error> {
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Written {
            Number(u64),
            Digits(String),
        }
        match Option::<Written>::deserialize(input)? {
            None => Ok(None),
            Some(Written::Number(n)) => Ok(Some(u128::from(n))),
            Some(Written::Digits(digits)) => digits
                .parse()
                .map(Some)
                .map_err(|_| serde::de::Error::custom(format!("not a count: {digits:?}"))),
        }
    }
}

#[cfg(test)]
mod tests {
    #[cfg(feature = "serde")]
    #[test]
    fn counts_are_written_whole_and_only_when_asked() {
        use super::*;
        use crate::{parse_board, solve, SolveOptions};

        let start = parse_board("1 2 3/4 5 6/7 0 8", None).unwrap();
        let goal = Board::goal(start.size());
        let plain = solve(&start, &goal, &SolveOptions::default()).unwrap();
        let text = serde_json::to_string(&SolveReport::new(&start, &goal, &plain)).unwrap();
        assert!(!text.contains("optimal_solutions") && !text.contains("count_gave_up"));
        let mut counted = plain.clone();
        for (count, written) in [
            (1, "1".to_string()),
            (u128::from(u64::MAX), u64::MAX.to_string()),
            (
                u128::from(u64::MAX) + 1,
                format!("\"{}\"", u128::from(u64::MAX) + 1),
            ),
            (u128::MAX, format!("\"{}\"", u128::MAX)),
        ] {
            counted.optimal_solutions = Some(Ok(count));
            let report = SolveReport::new(&start, &goal, &counted);
            let text = serde_json::to_string(&report).unwrap();
            assert!(
                text.contains(&format!("\"optimal_solutions\":{written}")),
                "{text}"
            );
            let back: SolveReport = serde_json::from_str(&text).unwrap();
            assert_eq!(back, report);
        }
        counted.optimal_solutions = Some(Err(crate::fast_idastar::Uncounted::TooMany));
        let report = SolveReport::new(&start, &goal, &counted);
        assert_eq!(report.optimal_solutions, None);
        assert!(report.count_gave_up.unwrap().contains("2^128"));
    }
}
