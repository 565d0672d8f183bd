//! Counting optimal solutions: how many distinct move sequences of the fewest moves solve
//! a board ([`crate::SolveOptions::count_optimal`]), counted after the search has found
//! one and its length, in the solve's metric ([`crate::puzzle::metric`]).
//!
//! ```
//! use npuzzle::{parse_board, solve, Board, SolveOptions};
//!
//! let options = SolveOptions { count_optimal: true, ..SolveOptions::default() };
//! let start = parse_board("1 2 3/4 5 6/7 0 8", None)?;
//! let solution = solve(&start, &Board::goal(start.size()), &options)?;
//! assert_eq!(solution.optimal_solutions, Some(Ok(1))); // one move away: one way
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Who counts:
//! - In the multi-tile metric, the multi-tile IDA*'s depth-first pass where it answered
//!   ([`crate::fast_idastar::multi_tile::count_optimal`]), else the board's multi-tile
//!   distance table (built when it is not cached: about a minute for 12 cells), the same
//!   way as below.
//! - A board with a complete distance table at hand (at most 12 cells; every one of at
//!   most 10): the table, exactly and fast: a board's count is the sum of those of its
//!   neighbours one move nearer ([`DistanceTable::count_paths`]).
//! - Any other: a depth-first pass at the optimal length with the best estimate at hand
//!   (the pattern databases the search used, else linear conflict), counting goal hits,
//!   with only the undoing move pruned and a memo of the boards passed
//!   ([`fast_idastar::count_paths`]).
//!
//! Counts are `u128`: a shortest path never undoes a move, so a board `L` moves away has
//! at most 4·3^(L−1) of them, under 2^128 up to 80 moves — every board of at most 12
//! cells and every 4x4 board. Longer ones are summed with a check, and a count past
//! 2^128 − 1 is reported as such ([`Uncounted::TooMany`]). The count runs under the
//! solve's limits again, on its own; its cost is added to the solution's statistics.

use crate::answer::options::SolveOptions;
use crate::answer::solution::{Solution, Status};
use crate::fast_idastar::{self, LinearConflict, Uncounted};
use crate::puzzle::board::Board;
use crate::puzzle::metric::Metric;
use crate::search::Limits;
use crate::solving::plan::Plan;
use crate::tables::distance_table::{self, DistanceTable, Layout, Need};
use crate::util::progress::Silent;

/// Counts the optimal solutions of `start` into `solution` (the answer of `plan` under
/// `options`): 0 when it cannot reach `goal`, none when the search gave up.
///
/// # Panics
/// Never for the answer of `plan`: a distance table's plan answers boards of its layout.
pub fn count_into(
    solution: &mut Solution,
    start: &Board,
    goal: &Board,
    plan: &Plan,
    options: &SolveOptions,
) {
    let length = match (&solution.status, solution.length()) {
        (Status::Unsolvable, _) => {
            solution.optimal_solutions = Some(Ok(0));
            return;
        }
        (Status::Solved, Some(length)) if solution.optimal => length as u32,
        _ => {
            solution.optimal_solutions = Some(Err(Uncounted::Unproven));
            return;
        }
    };
    let limits = &options.limits;
    if let Some((outcome, stats)) = plan.guide.count_optimal(start, goal, length, limits) {
        solution.optimal_solutions = Some(outcome.map_err(Uncounted::GaveUp));
        solution.stats = solution.stats.plus(stats);
        return;
    }
    let table = table_at_hand(goal, plan, options);
    if table.is_none() && options.metric == Metric::MultiTile {
        // Not built here, and building is not allowed.
        solution.optimal_solutions = Some(Err(Uncounted::NoTable));
        return;
    }
    let (outcome, stats) = if let Some(table) = table {
        let relabeled = start.relabeled(goal, &table.layout().goal());
        let (outcome, stats) = table
            .count_paths(&relabeled, limits)
            .expect("a solvable board of the table's layout");
        (outcome.map_err(Uncounted::GaveUp), stats)
    } else if let Some(db) = plan.guide.database() {
        db.count_paths(start, length, limits)
    } else {
        let estimate = LinearConflict::new(goal);
        fast_idastar::count_paths(start, &estimate, length, limits)
    };
    solution.optimal_solutions = Some(outcome);
    solution.stats = solution.stats.plus(stats);
}

/// The plan's distance table, else one of the goal's that is cheap to have (every board
/// of at most 10 cells, cached 12-cell ones).
pub(crate) fn table_at_hand(
    goal: &Board,
    plan: &Plan,
    options: &SolveOptions,
) -> Option<std::sync::Arc<DistanceTable>> {
    if let Some(table) = plan.guide.table() {
        return Some(table);
    }
    let layout = Layout::for_goal(goal).ok()?.in_metric(options.metric);
    // The single-tile fallbacks below count single-tile moves: a multi-tile count needs
    // its table.
    let need = match options.metric {
        Metric::MultiTile if options.build_tables => Need::Always,
        _ => Need::IfCheap,
    };
    distance_table::shared(layout, &options.cache(), need, &Limits::NONE, &Silent)
        .ok()
        .flatten()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::answer::algorithm::Algorithm;
    use crate::answer::options::EstimateChoice;
    use crate::answer::solve_error::SolveError;
    use crate::pdb::{self, PartitionSet};
    use crate::puzzle::board::{Move, Size};
    use crate::puzzle::random::{random_board, random_walk};
    use crate::search::GiveUp;
    use crate::solve;
    use crate::tables::cache::Cache;
    use rand::SeedableRng;
    use std::collections::HashMap;

    /// Every board's number of shortest paths to `goal`, by a breadth-first search over
    /// boards from the goal and a sum over each layer, sharing nothing with the library
    /// but [`Board`]: a board's paths are those of its neighbours one layer nearer.
    fn reference_counts(goal: &Board) -> HashMap<Board, (usize, u128)> {
        let mut known = HashMap::from([(goal.clone(), (0, 1u128))]);
        let mut layer = vec![goal.clone()];
        for distance in 1.. {
            let mut next = Vec::new();
            for board in &layer {
                for mv in Move::ALL {
                    if let Some(b) = board.moved(mv) {
                        if !known.contains_key(&b) {
                            known.insert(b.clone(), (distance, 0));
                            next.push(b);
                        }
                    }
                }
            }
            if next.is_empty() {
                break;
            }
            for board in &next {
                let paths: u128 = Move::ALL
                    .into_iter()
                    .filter_map(|mv| board.moved(mv))
                    .filter_map(|b| known.get(&b).filter(|(d, _)| d + 1 == distance))
                    .map(|&(_, paths)| paths)
                    .sum();
                known.get_mut(board).expect("just stored").1 = paths;
            }
            layer = next;
        }
        known
    }

    fn counting(options: SolveOptions) -> SolveOptions {
        SolveOptions {
            count_optimal: true,
            ..options
        }
    }

    fn counted(start: &Board, goal: &Board, options: &SolveOptions) -> (usize, u128) {
        let solution = solve(start, goal, options).unwrap();
        let paths = solution.optimal_solutions.expect("asked for").unwrap();
        (solution.length().unwrap(), paths)
    }

    #[test]
    fn every_3x3_board_has_the_count_of_a_breadth_first_reference() {
        // Both goals: blank in the corner and, as the judges want, in the centre.
        for goal in ["1 2 3/4 5 6/7 8 0", "1 2 3/8 0 4/7 6 5"] {
            let goal = crate::parse_board(goal, None).unwrap();
            let expected = reference_counts(&goal);
            assert_eq!(expected.len(), 181_440);
            let options = counting(SolveOptions::default());
            let mut most = 0;
            for (board, &(distance, paths)) in &expected {
                assert_eq!(
                    counted(board, &goal, &options),
                    (distance, paths),
                    "{board}"
                );
                most = most.max(paths);
            }
            assert!(
                most > 1,
                "some boards have several optimal solutions: {most}"
            );
        }
    }

    #[test]
    fn the_depth_first_count_agrees_with_the_reference_on_3x3() {
        // The count boards past 12 cells get, tried where the reference knows every
        // board: the hardest boards and random ones, with linear conflict and with
        // pattern databases, and with a memo bounded to almost nothing.
        let goal = Board::goal(Size::square(3).unwrap());
        let expected = reference_counts(&goal);
        let max = expected.values().map(|&(d, _)| d).max().unwrap();
        let mut rng = rand::rngs::StdRng::seed_from_u64(38);
        let mut boards: Vec<&Board> = expected
            .iter()
            .filter(|(_, &(d, _))| d == max)
            .map(|(b, _)| b)
            .collect();
        let sample: Vec<Board> = (0..300).map(|_| random_board(&goal, &mut rng)).collect();
        boards.extend(&sample);
        let estimate = LinearConflict::new(&goal);
        let tiny = Limits {
            max_bytes: Some(4096),
            ..Limits::NONE
        };
        let dir = tempfile::tempdir().unwrap();
        let cache = Cache::new(dir.path());
        let set = PartitionSet::classic(crate::pdb::parse_groups("4-4", &goal).unwrap());
        let db = pdb::registry::shared(&cache, &goal, &set, &Limits::NONE, &Silent)
            .unwrap()
            .db;
        let mut memo_used = 0;
        for board in boards {
            let (distance, paths) = expected[board];
            let length = distance as u32;
            for limits in [&Limits::NONE, &tiny] {
                let (count, stats) = fast_idastar::count_paths(board, &estimate, length, limits);
                assert_eq!(count, Ok(paths), "{board}");
                assert!(stats.peak_bytes <= 4096 || limits.max_bytes.is_none());
                memo_used += usize::from(limits.max_bytes.is_none() && stats.peak_bytes > 0);
            }
            assert_eq!(db.count_paths(board, length, &Limits::NONE).0, Ok(paths));
        }
        // The memo keeps only boards far from the goal with large subtrees: the
        // hardest boards have some, so both ways of counting were checked.
        assert!(memo_used >= 2, "the memo was used on {memo_used} boards");
    }

    /// The number of move sequences of exactly `length` moves from `board` to `goal`, by
    /// brute force: every sequence of blank moves, cut only where the tiles' own
    /// Manhattan distance (computed here from scratch) cannot be made up.
    fn brute_force(board: &mut [u8; 16], blank: usize, goal: &[u8; 16], length: u32) -> u128 {
        let manhattan: u32 = (0..16)
            .filter(|&cell| board[cell] != 0)
            .map(|cell| {
                let home = goal.iter().position(|&t| t == board[cell]).unwrap();
                ((cell % 4).abs_diff(home % 4) + (cell / 4).abs_diff(home / 4)) as u32
            })
            .sum();
        if manhattan > length {
            return 0;
        }
        if length == 0 {
            return u128::from(board == goal);
        }
        let (row, col) = (blank / 4, blank % 4);
        let mut total = 0;
        for (ok, to) in [
            (col > 0, blank.wrapping_sub(1)),
            (col < 3, blank + 1),
            (row > 0, blank.wrapping_sub(4)),
            (row < 3, blank + 4),
        ] {
            if ok {
                board.swap(blank, to);
                total += brute_force(board, to, goal, length - 1);
                board.swap(blank, to);
            }
        }
        total
    }

    #[test]
    fn short_4x4_boards_have_the_count_of_brute_force() {
        let goal = Board::goal(Size::square(4).unwrap());
        let tiles = |b: &Board| -> [u8; 16] { std::array::from_fn(|c| b.tile_at(c) as u8) };
        let mut rng = rand::rngs::StdRng::seed_from_u64(4);
        let dir = tempfile::tempdir().unwrap();
        let options = counting(SolveOptions {
            cache: Some(Cache::new(dir.path())),
            ..SolveOptions::default()
        });
        let mut most = 0;
        for steps in (2..=16).chain([14, 14, 16, 16]) {
            let start = random_walk(&goal, steps, &mut rng);
            let (length, paths) = counted(&start, &goal, &options);
            // The fewest moves too, from brute force: the first length with a sequence.
            let mut board = tiles(&start);
            // A walk of `steps` moves is at most `steps` away.
            let (fewest, expected) = (0..=steps as u32)
                .map(|l| (l, brute_force(&mut board, start.blank(), &tiles(&goal), l)))
                .find(|&(_, n)| n > 0)
                .expect("within the walk's length");
            assert_eq!((length, paths), (fewest as usize, expected), "{start}");
            most = most.max(paths);
        }
        assert!(most > 1, "some walk has several optimal solutions");
    }

    #[test]
    fn known_counts() {
        let goal = Board::goal(Size::square(4).unwrap());
        let options = counting(SolveOptions::default());
        let one = crate::parse_board("1 2 3 4/5 6 7 8/9 10 11 12/13 14 0 15", None).unwrap();
        assert_eq!(counted(&one, &goal, &options), (1, 1));
        assert_eq!(counted(&goal, &goal, &options), (0, 1));
        let unsolvable = crate::puzzle::solvability::swap_parity(&one);
        let answer = solve(&unsolvable, &goal, &options).unwrap();
        assert_eq!(answer.optimal_solutions, Some(Ok(0)));
        // Not asked: not counted.
        let plain = solve(&one, &goal, &SolveOptions::default()).unwrap();
        assert_eq!(plain.optimal_solutions, None);
    }

    #[test]
    fn answers_that_are_not_optimal_are_refused_with_the_reason() {
        let goal = Board::goal(Size::square(3).unwrap());
        let start = crate::parse_board("8 6 7/2 5 4/3 0 1", None).unwrap();
        for (options, reason) in [
            (
                SolveOptions {
                    algorithm: Algorithm::Constructive,
                    ..SolveOptions::default()
                },
                "the constructive algorithm does not find the fewest moves",
            ),
            (
                SolveOptions {
                    algorithm: Algorithm::Astar,
                    weight: 2.0,
                    ..SolveOptions::default()
                },
                "a weight of 2 answers with up to 2 times the fewest moves",
            ),
        ] {
            let error = solve(&start, &goal, &counting(options)).unwrap_err();
            assert!(matches!(error, SolveError::CountNotOptimal(_)));
            assert!(error.to_string().ends_with(reason), "{error}");
        }
        let big = Board::goal(Size::square(6).unwrap());
        let error = solve(&big, &big, &counting(SolveOptions::default())).unwrap_err();
        assert!(error
            .to_string()
            .contains("auto solves boards of more than 25 cells"));
        // Named estimates make auto search optimally there; past the fast IDA*'s 8x8,
        // nothing counts.
        let named = counting(SolveOptions {
            estimate: EstimateChoice::Heuristic(crate::HeuristicKind::Manhattan),
            ..SolveOptions::default()
        });
        assert!(solve(&big, &big, &named).is_ok());
        let huge = Board::goal(Size::square(9).unwrap());
        let error = solve(&huge, &huge, &named).unwrap_err();
        assert!(error
            .to_string()
            .starts_with("counting optimal solutions cannot"));
    }

    #[test]
    fn a_count_stopped_by_a_limit_says_so() {
        let goal = Board::goal(Size::square(4).unwrap());
        let mut rng = rand::rngs::StdRng::seed_from_u64(9);
        let start = random_walk(&goal, 30, &mut rng);
        let estimate = LinearConflict::new(&goal);
        let length = solve(&start, &goal, &SolveOptions::default())
            .unwrap()
            .length()
            .unwrap() as u32;
        let limits = Limits {
            max_expanded: Some(3),
            ..Limits::NONE
        };
        let (count, stats) = fast_idastar::count_paths(&start, &estimate, length, &limits);
        assert_eq!(count, Err(Uncounted::GaveUp(GiveUp::Expanded(3))));
        assert_eq!(stats.expanded, 3);
    }

    #[test]
    fn every_answer_asked_to_count_has_a_count_or_the_reason() {
        // A solve a limit stops before the optimum (bounded, or given up) has nothing to
        // count: it says so rather than leaving both fields out.
        let goal = Board::goal(Size::square(4).unwrap());
        let mut rng = rand::rngs::StdRng::seed_from_u64(4);
        let mut unproven = 0;
        for (walk, max_expanded) in [(60, 1_000), (60, 20), (8, 1_000_000), (0, 10)] {
            let start = random_walk(&goal, walk, &mut rng);
            let mut options = counting(SolveOptions::default());
            options.limits.max_expanded = Some(max_expanded);
            let solution = solve(&start, &goal, &options).unwrap();
            let count = solution.optimal_solutions.expect("a count or its reason");
            if solution.status == Status::Solved && solution.optimal {
                assert!(count.is_ok_and(|n| n >= 1) || count.is_err(), "{start}");
            } else {
                assert_eq!(
                    count,
                    Err(Uncounted::Unproven),
                    "{start}: {:?}",
                    solution.status
                );
                unproven += 1;
            }
        }
        assert!(unproven >= 1, "no solve was stopped");
    }
}
