//! Checking a given solution: is it legal, does it reach the goal, and is it as short as
//! possible? The checker behind `npuzzle check` (usable as a special judge) and the
//! Python package's `check`.
//!
//! Optimality is claimed only when it is proven: by an optimal search, or by the answer's
//! length meeting a lower bound (Manhattan distance plus linear conflicts, or what an
//! optimal search proved before its limit stopped it). A shorter answer found by any
//! method proves the given one is not optimal. Otherwise the verdict is "optimality
//! unknown" (`optimal: None`), and says how far over optimal the moves can be when a
//! search proved a bound: "valid, at most K moves over optimal" (with
//! [`SolveOptions::bounded`]: [`crate::solving::bounded`]).
//!
//! Moves count in [`SolveOptions::metric`]: in the multi-tile metric a run of equal
//! blank moves is one move, the lower bound is the single-tile one scaled
//! ([`Metric::scaled_estimate`]), and the verdict's words name the metric.
//!
//! ```
//! use npuzzle::puzzle::notation::Notation;
//! use npuzzle::services::verdict::check;
//! use npuzzle::{parse_board, SolveOptions};
//!
//! let start = parse_board("283104765", None)?;
//! let goal = parse_board("123804765", None)?;
//! let options = SolveOptions::default();
//! let moves = Notation::Blank.parse("uldr")?;
//! let verdict = check(&start, &goal, &moves, Notation::Blank, &options)?;
//! assert!(verdict.valid);
//! assert_eq!(verdict.optimal, Some(true));
//! let longer = Notation::Tiles.parse("DRULRL")?;
//! let verdict = check(&start, &goal, &longer, Notation::Tiles, &options)?;
//! assert_eq!((verdict.optimal, verdict.minimum), (Some(false), Some(4)));
//! let off = Notation::Tiles.parse("DD")?;
//! let verdict = check(&start, &goal, &off, Notation::Tiles, &options)?;
//! assert_eq!(verdict.message, "invalid: move 2 ('D') takes the blank off the board");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::time::Duration;

use crate::answer::algorithm::Algorithm;
use crate::answer::options::SolveOptions;
use crate::answer::solution::{Solution, Status};
use crate::answer::solve_error::SolveError;
use crate::fast_idastar::MAX_LINE;
use crate::puzzle::board::{Board, Move};
use crate::puzzle::heuristic::{Heuristic, HeuristicKind};
use crate::puzzle::metric::Metric;
#[cfg(feature = "serde")]
use crate::puzzle::move_order::MoveOrder;
use crate::puzzle::notation::Notation;
use crate::puzzle::solvability::is_solvable;
use crate::solving::solver::solve;

/// How long the optimal search of a board past `auto`'s optimal reach may take when the
/// options set no time limit.
pub const BIG_BOARD_SECONDS: f64 = 10.0;

/// What the checker found.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Verdict {
    /// Whether the moves are legal and end on the goal.
    pub valid: bool,
    /// Whether they are also as few as possible (`None` when that could not be decided).
    pub optimal: Option<bool>,
    /// The metric moves are counted in ([`SolveOptions::metric`]): in the multi-tile
    /// one, a run of equal blank moves is one move.
    #[cfg_attr(feature = "serde", serde(default))]
    pub metric: Metric,
    /// Number of moves given, in [`Verdict::metric`].
    pub length: usize,
    /// The fewest moves possible, in [`Verdict::metric`] (`None` when unknown or
    /// unreachable).
    pub minimum: Option<usize>,
    /// A proven lower bound on the fewest moves (`None` when the moves are invalid).
    pub lower_bound: Option<usize>,
    /// A sentence saying what was found.
    pub message: String,
    /// Whether the moves are the canonical solution: of the optimal ones, the
    /// lexicographically smallest in [`Verdict::order`] (`false` for moves that do not
    /// solve the board). `None` when no search that finds the canonical solution
    /// finished.
    #[cfg_attr(feature = "serde", serde(default))]
    pub canonical: Option<bool>,
    /// The move order `canonical` is judged in ([`SolveOptions::order`]), as letters:
    /// `lrdu` unless asked otherwise.
    #[cfg_attr(feature = "serde", serde(default = "default_order"))]
    pub order: String,
}

/// The order of a verdict that names none (one written before orders were asked for).
#[cfg(feature = "serde")]
fn default_order() -> String {
    MoveOrder::DEFAULT.to_string()
}

impl Verdict {
    /// Whether the moves are the canonical solution, in words: `canonical: the smallest
    /// optimal solution in the order dlru`, `not canonical: …`, or `canonical: unknown …`.
    pub fn canonical_message(&self) -> String {
        let order = &self.order;
        match (self.canonical, self.valid, self.optimal) {
            (Some(true), _, _) => {
                format!("canonical: the smallest optimal solution in the order {order}")
            }
            (Some(false), false, _) => "not canonical: the moves do not solve the board".into(),
            (Some(false), true, Some(false)) => "not canonical: the moves are not optimal".into(),
            (Some(false), true, _) => {
                format!("not canonical: another optimal solution comes first in the order {order}")
            }
            (None, _, _) => format!(
                "canonical: unknown (no search that finds the smallest optimal solution in \
                 the order {order} finished)"
            ),
        }
    }
}

/// The verdict on moves from `start` that end on `end`, not on `goal`.
fn missed(end: &Board, start: &Board, goal: &Board) -> String {
    let mut message = format!("invalid: the moves end on {end}, not on the goal {goal}");
    if !is_solvable(start, goal) {
        message.push_str(" (no moves can: the goal cannot be reached from this board)");
    }
    message
}

/// Checks `moves` (the blank's) from `start` towards `goal`, searching under `options`
/// for the fewest moves. Moves are counted in `options.metric`: in the multi-tile metric
/// a run of equal blank moves (`uuu`, tile notation `D3`) is one move, and the verdict
/// compares that count with the fewest multi-tile moves. A move the message names is
/// written in `notation`, the one the moves were given in.
///
/// # Errors
/// As [`solve`]: start and goal of different sizes, or options the library refuses.
pub fn check(
    start: &Board,
    goal: &Board,
    moves: &[Move],
    notation: Notation,
    options: &SolveOptions,
) -> Result<Verdict, SolveError> {
    let mut verdict = Verdict {
        valid: false,
        optimal: None,
        metric: options.metric,
        length: options.metric.length(moves),
        minimum: None,
        lower_bound: None,
        message: String::new(),
        canonical: None,
        order: options.order.to_string(),
    };
    if start.size() != goal.size() {
        return Err(SolveError::SizeMismatch {
            start: start.size(),
            goal: goal.size(),
        });
    }
    let mut board = start.clone();
    if let Err(index) = board.apply_all(moves) {
        verdict.message = format!(
            "invalid: move {} ('{}') takes the blank off the board",
            index + 1,
            notation.write(&moves[index..=index])
        );
        verdict.canonical = Some(false);
        return Ok(verdict);
    }
    if board != *goal {
        verdict.message = missed(&board, start, goal);
        verdict.canonical = Some(false);
        return Ok(verdict);
    }
    verdict.valid = true;
    let given = verdict.length;
    let estimate = lower_bound(start, goal, options.metric);
    let best = fewest(start, goal, (given, estimate), options)?;
    // The fewest moves found, counted in the metric the search answered in.
    let found = best.metric.length(&best.moves);
    let in_metric = options.metric.qualifier();
    // A bounded answer's search proved more than the estimate.
    let bound = best
        .lower_bound
        .map_or(estimate, |proven| proven.max(estimate));
    verdict.lower_bound = Some(bound);
    match (&best.status, best.optimal) {
        (Status::Solved, true) => {
            let minimum = found;
            verdict.minimum = Some(minimum);
            verdict.optimal = Some(given == minimum);
            verdict.message = if given == minimum {
                format!(
                    "valid and optimal{in_metric}: {} the goal, the fewest possible",
                    moves_reach(given)
                )
            } else {
                format!(
                    "valid but not optimal{in_metric}: {} the goal; the fewest is {minimum}",
                    moves_reach(given)
                )
            };
        }
        _ if given == bound => {
            verdict.minimum = Some(given);
            verdict.optimal = Some(true);
            verdict.message = format!(
                "valid and optimal{in_metric}: {} the goal, the lower bound",
                moves_reach(given)
            );
        }
        (Status::Solved | Status::Bounded(_), _) if found < given => {
            verdict.optimal = Some(false);
            verdict.message = format!(
                "valid but not optimal{in_metric}: {} the goal; {} too",
                moves_reach(given),
                match found {
                    1 => "1 does".to_string(),
                    n => format!("{n} do"),
                }
            );
        }
        (status, _) => {
            verdict.message = undecided(status, (given, bound), start, &in_metric);
        }
    }
    verdict.canonical = match verdict.optimal {
        Some(false) => Some(false),
        // Only a search that finds the canonical solution knows which it is.
        _ if best.status == Status::Solved && best.optimal && best.algorithm.finds_canonical() => {
            Some(moves == best.moves.as_slice())
        }
        _ => None,
    };
    Ok(verdict)
}

/// A proven lower bound on the fewest moves from `start` to `goal` in `metric`: the
/// Manhattan distance plus linear conflicts, scaled to the metric.
fn lower_bound(start: &Board, goal: &Board, metric: Metric) -> usize {
    let single_tile = Heuristic::new(HeuristicKind::LinearConflict, goal).estimate_board(start);
    metric.scaled_estimate(start.size(), single_tile) as usize
}

/// The fewest moves from `start` to `goal` as `solve` finds them under `options`. When
/// `auto` answered without proof (a big board, built constructively) and the `given`
/// moves pass the lower `bound`, an optimal search runs too, for a bounded time, before
/// optimality is said to be unknown.
fn fewest(
    start: &Board,
    goal: &Board,
    (given, bound): (usize, usize),
    options: &SolveOptions,
) -> Result<Solution, SolveError> {
    let best = solve(start, goal, options)?;
    // The fast IDA* counts single-tile moves: no optimal search past `auto`'s reach in
    // the multi-tile metric.
    let fast_fits = start.size().width() <= MAX_LINE
        && start.size().height() <= MAX_LINE
        && options.metric == Metric::SingleTile;
    if best.status != Status::Solved || best.optimal || given <= bound || !fast_fits {
        return Ok(best);
    }
    let mut limits = options.limits.clone();
    limits.max_time = limits
        .max_time
        .or(Some(Duration::from_secs_f64(BIG_BOARD_SECONDS)));
    let exact = SolveOptions {
        algorithm: Algorithm::FastIdastar,
        limits,
        ..options.clone()
    };
    let searched = solve(start, goal, &exact)?;
    if searched.status == Status::Solved || best.length().is_none_or(|l| l >= given) {
        return Ok(searched);
    }
    Ok(best)
}

/// The verdict on valid moves whose optimality no search decided: how far over optimal
/// the `given` count can be when a bounded answer proved a `bound`, else why it is
/// unknown; `in_metric` names the metric unless it is the default.
fn undecided(
    status: &Status,
    (given, bound): (usize, usize),
    start: &Board,
    in_metric: &str,
) -> String {
    let why = match status {
        Status::Bounded(why) => {
            return format!(
                "valid, at most {} over optimal{in_metric}: {} the goal; the fewest is at \
                 least {bound} ({why})",
                crate::util::plural::counted(given.saturating_sub(bound) as u64, "move", "moves"),
                moves_reach(given)
            );
        }
        Status::GaveUp(why) => why.to_string(),
        _ => format!(
            "no optimal search finished for a {} board; at least {} needed",
            start.size(),
            crate::util::plural::counted(bound as u64, "move is", "moves are")
        ),
    };
    format!(
        "valid{in_metric}: {} the goal; optimality unknown ({why})",
        moves_reach(given)
    )
}

/// `1 move reaches`, `2 moves reach`: the subject and verb of a verdict.
fn moves_reach(moves: usize) -> String {
    if moves == 1 {
        "1 move reaches".to_string()
    } else {
        format!("{moves} moves reach")
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use rand::SeedableRng;

    use super::*;
    use crate::puzzle::board::Size;
    use crate::puzzle::move_order::MoveOrder;
    use crate::puzzle::oracle::bfs_distances;
    use crate::puzzle::random::random_board;

    /// The first two optimal paths from `start` in `order`, lexicographically.
    fn first_two(start: &Board, order: [Move; 4], far: &HashMap<Board, usize>) -> Vec<Vec<Move>> {
        fn walk(
            board: &Board,
            order: [Move; 4],
            far: &HashMap<Board, usize>,
            path: &mut Vec<Move>,
            out: &mut Vec<Vec<Move>>,
        ) {
            if out.len() == 2 {
                return;
            }
            if far[board] == 0 {
                out.push(path.clone());
                return;
            }
            for mv in order {
                if let Some(next) = board.moved(mv).filter(|n| far[n] + 1 == far[board]) {
                    path.push(mv);
                    walk(&next, order, far, path, out);
                    path.pop();
                }
            }
        }
        let mut out = Vec::new();
        walk(start, order, far, &mut Vec::new(), &mut out);
        out
    }

    #[test]
    fn the_canonical_solution_is_the_smallest_optimal_one_in_the_order_asked() {
        let goal = Board::goal(Size::square(3).unwrap());
        let far = bfs_distances(&goal);
        let mut rng = rand::rngs::StdRng::seed_from_u64(36);
        let mut told_apart = 0;
        for _ in 0..12 {
            let start = random_board(&goal, &mut rng);
            for order in MoveOrder::all() {
                let options = SolveOptions {
                    order,
                    ..SolveOptions::default()
                };
                let paths = first_two(&start, order.moves(), &far);
                let verdict = check(&start, &goal, &paths[0], Notation::Blank, &options).unwrap();
                assert_eq!(verdict.canonical, Some(true), "{start} {order}");
                assert_eq!(verdict.order, order.to_string());
                if let Some(second) = paths.get(1) {
                    told_apart += 1;
                    let verdict = check(&start, &goal, second, Notation::Blank, &options).unwrap();
                    assert_eq!(
                        (verdict.optimal, verdict.canonical),
                        (Some(true), Some(false)),
                        "{start} {order}"
                    );
                    assert!(verdict
                        .canonical_message()
                        .contains("another optimal solution comes first"));
                }
            }
        }
        // Half of random 8-puzzles have one optimal solution only: these have two.
        assert!(
            told_apart >= 4 * 24,
            "only {told_apart} boards with two optimal paths"
        );
    }

    /// Every 3x3 board's distance to `goal` in the multi-tile metric, by a plain
    /// breadth-first search whose moves are the blank's jumps along a line.
    fn multi_tile_distances(goal: &Board) -> HashMap<Board, usize> {
        let mut far = HashMap::from([(goal.clone(), 0)]);
        let mut queue = std::collections::VecDeque::from([goal.clone()]);
        while let Some(board) = queue.pop_front() {
            let d = far[&board];
            for mv in Move::ALL {
                let mut next = board.clone();
                while let Some(further) = next.moved(mv) {
                    next = further;
                    far.entry(next.clone()).or_insert_with(|| {
                        queue.push_back(next.clone());
                        d + 1
                    });
                }
            }
        }
        far
    }

    /// An optimal path in the multi-tile metric, as the blank's single steps.
    fn multi_tile_path(start: &Board, far: &HashMap<Board, usize>) -> Vec<Move> {
        let (mut board, mut path) = (start.clone(), Vec::new());
        while far[&board] > 0 {
            let step = Move::ALL
                .into_iter()
                .find_map(|mv| {
                    let mut next = board.clone();
                    let mut run = Vec::new();
                    while let Some(further) = next.moved(mv) {
                        next = further;
                        run.push(mv);
                        if far[&next] + 1 == far[&board] {
                            return Some((next, run));
                        }
                    }
                    None
                })
                .expect("a board off the goal has a move nearer");
            board = step.0;
            path.extend(step.1);
        }
        path
    }

    #[test]
    fn in_the_multi_tile_metric_runs_count_once_against_the_fewest_multi_tile_moves() {
        let goal = Board::goal(Size::square(3).unwrap());
        let far = multi_tile_distances(&goal);
        let options = SolveOptions {
            metric: Metric::MultiTile,
            ..SolveOptions::default()
        };
        let mut rng = rand::rngs::StdRng::seed_from_u64(38);
        let mut longer = 0;
        for _ in 0..20 {
            let start = random_board(&goal, &mut rng);
            let path = multi_tile_path(&start, &far);
            let verdict = check(&start, &goal, &path, Notation::Blank, &options).unwrap();
            assert_eq!(verdict.metric, Metric::MultiTile);
            assert_eq!(verdict.length, far[&start], "{start}");
            assert_eq!(verdict.minimum, Some(far[&start]), "{start}");
            assert_eq!(verdict.optimal, Some(true), "{start}: {}", verdict.message);
            assert!(verdict.message.contains("in the multi-tile metric"));
            // One step off first, then the fewest from there: optimal only when that
            // step was itself a move of an optimal path.
            for mv in Move::ALL {
                let Some(next) = start.moved(mv) else {
                    continue;
                };
                let detour = [vec![mv], multi_tile_path(&next, &far)].concat();
                let verdict = check(&start, &goal, &detour, Notation::Blank, &options).unwrap();
                let counted = Metric::MultiTile.length(&detour);
                assert_eq!(verdict.length, counted);
                assert_eq!(
                    verdict.optimal,
                    Some(counted == far[&start]),
                    "{start} {mv:?}"
                );
                longer += usize::from(counted > far[&start]);
            }
        }
        assert!(longer >= 20, "only {longer} longer answers checked");
    }

    #[test]
    fn a_run_of_equal_blank_moves_is_one_multi_tile_move() {
        let start = crate::parse_board("1 2 3/4 5 6/0 7 8", None).unwrap();
        let goal = Board::goal(Size::square(3).unwrap());
        let moves = Notation::Blank.parse("rr").unwrap();
        for (metric, length) in [(Metric::SingleTile, 2), (Metric::MultiTile, 1)] {
            let options = SolveOptions {
                metric,
                ..SolveOptions::default()
            };
            let verdict = check(&start, &goal, &moves, Notation::Blank, &options).unwrap();
            assert_eq!((verdict.length, verdict.minimum), (length, Some(length)));
            assert_eq!(verdict.optimal, Some(true), "{metric}: {}", verdict.message);
        }
    }

    #[test]
    fn moves_that_do_not_solve_or_are_long_are_not_canonical() {
        let start = crate::parse_board("283104765", None).unwrap();
        let goal = crate::parse_board("123804765", None).unwrap();
        let options = SolveOptions::default();
        for (moves, words) in [
            ("uu", "do not solve"),
            ("ul", "do not solve"),
            ("uldrlr", "not optimal"),
        ] {
            let moves = Notation::Blank.parse(moves).unwrap();
            let verdict = check(&start, &goal, &moves, Notation::Blank, &options).unwrap();
            assert_eq!(verdict.canonical, Some(false));
            assert!(verdict.canonical_message().contains(words), "{verdict:?}");
        }
    }
}
