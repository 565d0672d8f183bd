//! Listing solutions ([`crate::SolveOptions::list`]): every optimal move sequence of a
//! board, or every one within some moves of the optimum that passes no board twice, in
//! the solve's metric, shortest first and those of one length in the move order in force
//! (so the first is the solve's own answer), up to a limit. A complete listing counts the
//! optimal solutions too ([`crate::Solution::optimal_solutions`]); one cut short leaves
//! them to the count ([`count`]).
//!
//! ```
//! use npuzzle::answer::solution_list::ListRequest;
//! use npuzzle::{parse_board, solve, Board, SolveOptions};
//!
//! // One way in 10 moves; detours of 14, 16, 18 and 20 that pass no board twice.
//! let start = parse_board("5 1 3/4 0 6/7 2 8", None)?;
//! let request = ListRequest { within: 10, limit: 100 };
//! let options = SolveOptions { list: Some(request), ..SolveOptions::default() };
//! let solution = solve(&start, &Board::goal(start.size()), &options)?;
//! let listed = solution.solutions.expect("asked for");
//! let lengths: Vec<usize> = listed.solutions.iter().map(Vec::len).collect();
//! assert_eq!(lengths[..4], [10, 14, 16, 16]); // shortest first
//! assert_eq!(listed.written()[0], "dluurdldrr");
//! assert_eq!(lengths.len(), 18);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! The lister is [`crate::search::all_paths`] over the puzzle ([`problem::list`]),
//! pruned by the best estimate the solve has at hand, as the count of optimal solutions
//! chooses it ([`count`]): the exact distance of a distance table (so the listing walks
//! only the boards on a listed path), else the pattern databases the search used, the
//! multi-tile estimate that guided it, or linear conflict. The optimal solutions of a
//! multi-tile IDA* are listed by its own walk instead
//! ([`crate::fast_idastar::multi_tile::list_optimal`]), which updates its databases move
//! by move. The listing runs after the search, under the solve's limits again; its cost
//! is added to the solution's statistics.

use std::ops::ControlFlow;

use crate::answer::options::SolveOptions;
use crate::answer::solution::{Solution, Status};
use crate::answer::solution_list::{ListEnd, ListRequest, SolutionList};
use crate::puzzle::board::{Board, Move};
use crate::puzzle::heuristic::{Heuristic, HeuristicKind};
use crate::solving::guide::BoardEstimate;
use crate::solving::plan::Plan;
use crate::solving::{count, problem};

/// Lists the solutions `request` asks for into `solution` (the answer of `plan` under
/// `options`, from `start` towards `goal`).
pub fn list_into(
    solution: &mut Solution,
    start: &Board,
    goal: &Board,
    plan: &Plan,
    options: &SolveOptions,
    request: ListRequest,
) {
    let listed = |solutions, ended| {
        Some(SolutionList {
            solutions,
            ended,
            request,
        })
    };
    let length = match (&solution.status, solution.length()) {
        (Status::Unsolvable, _) => {
            solution.solutions = listed(Vec::new(), ListEnd::Complete);
            return;
        }
        (Status::Solved, Some(length)) if solution.optimal => length as u32,
        _ => {
            solution.solutions = listed(Vec::new(), ListEnd::Unproven);
            return;
        }
    };
    // With a sink, each solution goes there and none is kept: a stream of millions
    // takes no memory.
    let mut solutions: Vec<Vec<Move>> = Vec::new();
    let (mut told, mut optimal) = (0usize, 0u128);
    let mut keep = |moves: Vec<Move>| {
        if told == request.limit {
            // One more than the limit exists: say so, and stop.
            return ControlFlow::Break(());
        }
        told += 1;
        if options.metric.length(&moves) == length as usize {
            optimal += 1;
        }
        match &options.solution_sink {
            Some(sink) => (sink.0)(&moves),
            None => solutions.push(moves),
        }
        ControlFlow::Continue(())
    };
    let limits = &options.limits;
    // The optimal ones by the guide's own walk where it has one (the multi-tile search's).
    let walked = (request.within == 0)
        .then(|| {
            plan.guide
                .list_optimal(start, goal, length, limits, options.order, &mut keep)
        })
        .flatten();
    let (outcome, stats) = if let Some(walked) = walked {
        walked
    } else {
        let (start, goal, estimate) = estimate_at_hand(start, goal, plan, options);
        let lengths = length..=length.saturating_add(request.within);
        problem::list(&start, &goal, &estimate, lengths, options, &mut keep)
    };
    let ended = match outcome {
        Ok(ControlFlow::Continue(())) => {
            // Every solution of the optimal length is among them: their count is had.
            solution.optimal_solutions = Some(Ok(optimal));
            ListEnd::Complete
        }
        Ok(ControlFlow::Break(())) => ListEnd::AtLimit,
        Err(why) => ListEnd::GaveUp(why),
    };
    solution.solutions = listed(solutions, ended);
    solution.stats = solution.stats.plus(stats);
}

/// The start and goal to list between, and the best estimate at hand towards that goal:
/// a distance table's (with the boards relabelled to its goal: the moves are the same),
/// the multi-tile search's, the pattern databases', else linear conflict.
fn estimate_at_hand<'a>(
    start: &Board,
    goal: &Board,
    plan: &'a Plan,
    options: &SolveOptions,
) -> (Board, Board, BoardEstimate<'a>) {
    let size = goal.size();
    let board = move |cells: &[u8]| {
        Board::new(size, cells.iter().map(|&t| u32::from(t)).collect())
            .expect("a search state is a board of its size")
    };
    if let Some(table) = count::table_at_hand(goal, plan, options) {
        let table_goal = table.layout().goal();
        let start = start.relabeled(goal, &table_goal);
        // A board the table does not reach is pruned at once.
        let estimate = move |cells: &[u8]| {
            table
                .distance(&board(cells))
                .map_or(u32::MAX / 2, |d| d as u32)
        };
        return (start, table_goal, Box::new(estimate));
    }
    let (start, goal) = (start.clone(), goal.clone());
    if let Some(estimate) = plan.guide.board_estimate() {
        return (start, goal, estimate);
    }
    let heuristic = Heuristic::new(HeuristicKind::LinearConflict, &goal);
    let metric = options.metric;
    let estimate: BoardEstimate = Box::new(move |cells| heuristic.estimate_in(metric, cells));
    (start, goal, estimate)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::answer::algorithm::Algorithm;
    use crate::puzzle::board::Size;
    use crate::puzzle::metric::Metric;
    use crate::puzzle::move_order::MoveOrder;
    use crate::puzzle::random::random_walk;
    use crate::solve;
    use proptest::prelude::*;
    use rand::SeedableRng;
    use std::collections::HashMap;

    /// Each move from `board` in `metric` and `order` (each direction's jumps shortest
    /// first), as (the steps, the board after), sharing nothing with the library's
    /// search but [`Board`].
    fn moves(board: &Board, metric: Metric, order: MoveOrder) -> Vec<(Vec<Move>, Board)> {
        let longest = metric.longest_jump(board.size());
        let mut all = Vec::new();
        for mv in order {
            let (mut after, mut steps) = (board.clone(), Vec::new());
            while steps.len() < longest && after.apply(mv) {
                steps.push(mv);
                all.push((steps.clone(), after.clone()));
            }
        }
        all
    }

    /// Every board's distance to `goal` in `metric`, breadth first from the goal (moves
    /// are reversible, each metric's alike).
    fn distances(goal: &Board, metric: Metric) -> HashMap<Board, u32> {
        let mut known = HashMap::from([(goal.clone(), 0)]);
        let mut layer = vec![goal.clone()];
        for d in 1.. {
            let mut next = Vec::new();
            for board in &layer {
                for (_, b) in moves(board, metric, MoveOrder::DEFAULT) {
                    if !known.contains_key(&b) {
                        known.insert(b.clone(), d);
                        next.push(b);
                    }
                }
            }
            if next.is_empty() {
                return known;
            }
            layer = next;
        }
        unreachable!()
    }

    /// Every solution of at most `max` moves from `board` passing no board twice, in the
    /// multi-tile metric never moving twice along one line in a row: shorter first, then
    /// in the order of the moves; by brute force, pruned by the exact distances.
    fn reference(
        board: &Board,
        distance: &HashMap<Board, u32>,
        metric: Metric,
        order: MoveOrder,
        max: u32,
    ) -> Vec<String> {
        fn walk(
            path: &mut Vec<(Board, Vec<Move>)>,
            left: u32,
            distance: &HashMap<Board, u32>,
            metric: Metric,
            order: MoveOrder,
            out: &mut Vec<String>,
        ) {
            let (here, _) = path.last().unwrap().clone();
            if distance[&here] == 0 {
                if left == 0 {
                    out.push(
                        path.iter()
                            .flat_map(|(_, s)| s.clone())
                            .map(Move::letter)
                            .collect(),
                    );
                }
                return;
            }
            for (steps, next) in moves(&here, metric, order) {
                let last = path.last().unwrap().1.last().copied();
                let same_line = last.is_some_and(|l| metric.continues_line(l, steps[0]));
                if distance[&next] < left && !same_line && path.iter().all(|(b, _)| *b != next) {
                    path.push((next, steps));
                    walk(path, left - 1, distance, metric, order, out);
                    path.pop();
                }
            }
        }
        let mut out = Vec::new();
        for length in distance[board]..=max {
            walk(
                &mut vec![(board.clone(), Vec::new())],
                length,
                distance,
                metric,
                order,
                &mut out,
            );
        }
        out
    }

    fn listed(start: &Board, goal: &Board, options: &SolveOptions) -> Solution {
        solve(start, goal, options).unwrap()
    }

    fn listing(metric: Metric, within: u32, limit: usize) -> SolveOptions {
        SolveOptions {
            metric,
            list: Some(ListRequest { within, limit }),
            cache: Some(crate::tables::cache::scratch()),
            ..SolveOptions::default()
        }
    }

    #[test]
    fn sampled_3x3_boards_list_what_brute_force_lists_in_both_metrics() {
        let goal = Board::goal(Size::square(3).unwrap());
        let order = MoveOrder::new([Move::Up, Move::Right, Move::Left, Move::Down]).unwrap();
        for metric in [Metric::SingleTile, Metric::MultiTile] {
            let distance = distances(&goal, metric);
            assert_eq!(distance.len(), 181_440);
            let max = *distance.values().max().unwrap();
            let mut boards: Vec<&Board> = distance.keys().step_by(997).collect();
            boards.extend(distance.iter().filter(|(_, &d)| d == max).map(|(b, _)| b));
            for (i, board) in boards.into_iter().enumerate() {
                // The optimal ones on every board; detours on the nearer ones.
                let within = if distance[board] <= 12 { 2 } else { 0 };
                let mut options = listing(metric, within, usize::MAX);
                if i % 2 == 1 {
                    options.order = order;
                }
                let solution = listed(board, &goal, &options);
                let list = solution.solutions.clone().unwrap();
                let expected = reference(
                    board,
                    &distance,
                    metric,
                    options.order,
                    distance[board] + within,
                );
                assert_eq!(list.written(), expected, "{board} {metric}");
                assert_eq!(list.ended, ListEnd::Complete);
                assert_eq!(list.solutions[0], solution.moves, "the answer comes first");
                let optimal = list
                    .solutions
                    .iter()
                    .filter(|s| metric.length(s) == solution.length().unwrap())
                    .count();
                assert_eq!(solution.optimal_solutions, Some(Ok(optimal as u128)));
            }
        }
    }

    #[test]
    fn a_limit_lists_the_first_ones_and_says_there_are_more() {
        let goal = Board::goal(Size::square(3).unwrap());
        let start = crate::parse_board("8 6 7/2 5 4/3 0 1", None).unwrap();
        let all = listed(&start, &goal, &listing(Metric::SingleTile, 0, usize::MAX));
        let all = all.solutions.unwrap();
        let count = all.solutions.len();
        assert!(count > 3, "{count}");
        let three = listed(&start, &goal, &listing(Metric::SingleTile, 0, 3));
        let three = three.solutions.unwrap();
        assert_eq!(
            (three.ended, &three.solutions[..]),
            (ListEnd::AtLimit, &all.solutions[..3])
        );
        let exact = listed(&start, &goal, &listing(Metric::SingleTile, 0, count));
        assert_eq!(exact.solutions.unwrap().ended, ListEnd::Complete);
    }

    #[test]
    fn a_sink_is_told_what_the_list_would_hold_and_the_list_keeps_none() {
        use crate::answer::solution_list::SolutionSink;
        use std::sync::{Arc, Mutex};
        let goal = Board::goal(Size::square(3).unwrap());
        let start = crate::parse_board("8 6 7/2 5 4/3 0 1", None).unwrap();
        for metric in [Metric::SingleTile, Metric::MultiTile] {
            for (within, limit) in [(0, usize::MAX), (2, usize::MAX), (0, 7)] {
                let kept = listed(&start, &goal, &listing(metric, within, limit));
                let kept = (kept.solutions.unwrap(), kept.optimal_solutions);
                let told = Arc::new(Mutex::new(Vec::new()));
                let mut options = listing(metric, within, limit);
                let into = Arc::clone(&told);
                options.solution_sink = Some(SolutionSink::new(move |moves| {
                    into.lock().unwrap().push(moves.to_vec());
                }));
                let streamed = listed(&start, &goal, &options);
                let list = streamed.solutions.unwrap();
                assert!(list.solutions.is_empty(), "{metric} {within} {limit}");
                assert_eq!(list.ended, kept.0.ended);
                assert_eq!(*told.lock().unwrap(), kept.0.solutions);
                assert_eq!(streamed.optimal_solutions, kept.1);
            }
        }
        // The goal's one empty solution goes to the sink too.
        let told = Arc::new(Mutex::new(Vec::new()));
        let mut options = listing(Metric::SingleTile, 0, 10);
        let into = Arc::clone(&told);
        options.solution_sink = Some(SolutionSink::new(move |moves| {
            into.lock().unwrap().push(moves.to_vec());
        }));
        let on_goal = listed(&goal, &goal, &options);
        assert!(on_goal.solutions.unwrap().solutions.is_empty());
        assert_eq!(*told.lock().unwrap(), [Vec::<Move>::new()]);
    }

    #[test]
    fn the_goal_lists_the_empty_solution_and_an_unsolvable_board_none() {
        let goal = Board::goal(Size::square(3).unwrap());
        let on_goal = listed(&goal, &goal, &listing(Metric::SingleTile, 4, 10));
        assert_eq!(on_goal.solutions.unwrap().solutions, [Vec::<Move>::new()]);
        let swapped = crate::parse_board("1 2 3/4 5 6/8 7 0", None).unwrap();
        let none = listed(&swapped, &goal, &listing(Metric::SingleTile, 4, 10));
        let none = none.solutions.unwrap();
        assert!(none.solutions.is_empty() && none.is_complete());
    }

    #[test]
    fn a_limit_of_the_solve_stops_the_listing_and_says_so() {
        // The table's walk answers in a few expansions; the detours take thousands.
        let goal = Board::goal(Size::square(3).unwrap());
        let start = crate::parse_board("8 6 7/2 5 4/3 0 1", None).unwrap();
        let mut options = listing(Metric::SingleTile, 8, usize::MAX);
        options.algorithm = Algorithm::Table;
        options.limits.max_expanded = Some(500);
        let solution = listed(&start, &goal, &options);
        assert_eq!(solution.status, Status::Solved);
        let list = solution.solutions.unwrap();
        assert_eq!(
            list.ended,
            ListEnd::GaveUp(crate::search::GiveUp::Expanded(500))
        );
        assert!(!list.solutions.is_empty(), "the first ones are kept");
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(24))]
        /// On 4x4 walks every listed solution replays to the goal in the optimal number of
        /// moves, none twice, in the order of the moves, and there are as many as counted.
        #[test]
        fn walks_on_4x4_list_as_many_as_counted(seed: u64, steps in 4usize..30, mtm: bool) {
            let goal = Board::goal(Size::square(4).unwrap());
            let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
            let start = random_walk(&goal, steps, &mut rng);
            let metric = if mtm { Metric::MultiTile } else { Metric::SingleTile };
            let solution = listed(&start, &goal, &listing(metric, 0, 20_000));
            let list = solution.solutions.clone().unwrap();
            let length = solution.length().unwrap();
            prop_assert_eq!(&list.solutions[0], &solution.moves);
            for moves in &list.solutions {
                let mut board = start.clone();
                prop_assert_eq!(board.apply_all(moves), Ok(()));
                prop_assert_eq!(&board, &goal);
                prop_assert_eq!(metric.length(moves), length);
            }
            let written = list.written();
            let rank = |s: &String| s.chars().map(|c| {
                MoveOrder::DEFAULT.moves().iter().position(|m| m.letter() == c).unwrap()
            }).collect::<Vec<_>>();
            prop_assert!(written.windows(2).all(|w| rank(&w[0]) < rank(&w[1])) || mtm);
            if list.is_complete() {
                prop_assert_eq!(solution.optimal_solutions, Some(Ok(written.len() as u128)));
            }
            if mtm && list.is_complete() {
                // The multi-tile search's own walk lists what the generic lister does,
                // in its order: the generic one lists the optimal ones first with a detour
                // allowed.
                let wider = listed(&start, &goal, &listing(metric, 1, 20_000));
                let wider = wider.solutions.unwrap();
                if wider.is_complete() {
                    prop_assert_eq!(&wider.solutions[..list.solutions.len()], &list.solutions[..]);
                    prop_assert!(wider.solutions[list.solutions.len()..]
                        .iter()
                        .all(|s| metric.length(s) == length + 1));
                }
            }
        }
    }
}
