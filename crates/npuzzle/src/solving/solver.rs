//! Solving a board: the one entry point every front end calls. It asks [`crate::solving::plan`]
//! what to do, checks reachability, runs the plan, and answers with a [`Solution`] that
//! says which algorithm and estimate answered and what it cost.
//!
//! ```
//! use npuzzle::{parse_board, solve, Algorithm, Board, SolveOptions, Size};
//!
//! let goal = Board::goal(Size::square(4)?);
//! let start = parse_board("1 2 3 4/5 6 7 8/9 10 0 11/13 14 15 12", None)?;
//! let solution = solve(&start, &goal, &SolveOptions::default())?;
//! assert_eq!(solution.algorithm, Algorithm::FastIdastar); // the plan for a 15-puzzle
//! assert_eq!(npuzzle::moves_to_string(&solution.moves), "rd");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::sync::Arc;

use crate::answer::options::SolveOptions;
use crate::answer::solution::Solution;
use crate::answer::solution_list::{ListEnd, SolutionList, SolutionSink};
use crate::answer::solve_error::SolveError;
use crate::fast_idastar::cluster_link as cluster;
use crate::puzzle::board::{Board, Move};
use crate::puzzle::solvability::is_solvable;
use crate::solving::goal_frame::GoalFrame;
use crate::solving::plan::{self, plan, Plan};
use crate::solving::{bounded, count, listing};

/// Solves `start` towards `goal`. A board already on its goal, or one that cannot reach
/// it, is answered at once: no table is built for it (see [`plan::without_building`]).
///
/// ```
/// use npuzzle::{parse_board, solve, SolveOptions, Status};
/// let start = parse_board("283104765", None).unwrap();
/// let goal = parse_board("123804765", None).unwrap();
/// let s = solve(&start, &goal, &SolveOptions::default()).unwrap();
/// assert_eq!(s.status, Status::Solved);
/// assert_eq!(s.length(), Some(4));
/// assert!(s.optimal);
/// ```
///
/// # Errors
/// When start and goal differ in size, or the options cannot be planned (see
/// [`crate::solving::plan::plan`]). An unsolvable board is an answer, not an error.
pub fn solve(start: &Board, goal: &Board, options: &SolveOptions) -> Result<Solution, SolveError> {
    if start.size() != goal.size() {
        return Err(SolveError::SizeMismatch {
            start: start.size(),
            goal: goal.size(),
        });
    }
    // Made only on a cluster: a batch of small boards would pay for the text otherwise.
    let shared = || vec![("board", start.to_string()), ("goal", goal.to_string())];
    if start == goal || !is_solvable(start, goal) {
        if let Some(link) = &options.cluster {
            // Peers with this board answer at once too; one with another board differs in
            // the board, and hears so rather than waiting for this process.
            cluster::agree(link.0.as_ref(), &shared())?;
        }
        return without_search(start, goal, options);
    }
    solve_planned(start, goal, options)
}

/// [`solve`] of a board that has a search ahead of it: planned, and run as planned,
/// in the plan's goal frame where it has one.
fn solve_planned(
    start: &Board,
    goal: &Board,
    options: &SolveOptions,
) -> Result<Solution, SolveError> {
    let shared = || vec![("board", start.to_string()), ("goal", goal.to_string())];
    let plan = plan(goal, options)?;
    if let Some(link) = &options.cluster {
        let mut identity = shared();
        identity.extend(plan.identity(options));
        cluster::agree(link.0.as_ref(), &identity)?;
    }
    match &plan.frame {
        None => run(start, goal, &plan, options),
        Some(frame) => run_in_frame(start, frame, &plan, options),
    }
}

/// [`run`] towards the framed goal, whose tables serve the goal asked for: the board, the
/// move order and the sink mapped there, the answer's moves and the solutions listed
/// mapped back.
fn run_in_frame(
    start: &Board,
    frame: &GoalFrame,
    plan: &Plan,
    options: &SolveOptions,
) -> Result<Solution, SolveError> {
    let solution_sink = options.solution_sink.as_ref().map(|sink| {
        let (told, frame) = (sink.0.clone(), frame.clone());
        SolutionSink(Arc::new(move |moves: &[Move]| {
            told(&frame.moves_back(moves));
        }))
    });
    let framed = SolveOptions {
        order: frame.order(options.order),
        solution_sink,
        ..options.clone()
    };
    let mut solution = run(&frame.board(start), frame.goal(), plan, &framed)?;
    solution.moves = frame.moves_back(&solution.moves);
    if let Some(listed) = &mut solution.solutions {
        for moves in &mut listed.solutions {
            *moves = frame.moves_back(moves);
        }
    }
    solution.tables = Some(match solution.tables {
        Some(tables) => format!("{tables} ({})", frame.describe()),
        None => frame.describe(),
    });
    Ok(solution)
}

/// Runs `plan` from `start` towards `goal`: its guide's search (bounded where a limit
/// asks for it), then the listing and the count asked for.
fn run(
    start: &Board,
    goal: &Board,
    plan: &Plan,
    options: &SolveOptions,
) -> Result<Solution, SolveError> {
    let mut solution = if bounded::applies(plan, options, start.size()) {
        bounded::solve(start, goal, plan, options, |options| {
            plan.guide.solve(start, goal, options)
        })?
    } else {
        plan.guide.solve(start, goal, options)?
    };
    solution.metric = options.metric;
    if let Some(request) = options.list {
        listing::list_into(&mut solution, start, goal, plan, options, request);
    }
    // A complete listing has counted the optimal solutions on the way.
    if options.counts() && solution.optimal_solutions.is_none() {
        count::count_into(&mut solution, start, goal, plan, options);
    }
    solution.tables = solution.tables.or_else(|| plan.tables.clone());
    solution.advice = solution.advice.or_else(|| plan.advice.clone());
    solution.stats.setup_seconds += plan.setup_seconds;
    Ok(solution)
}

/// The answer for a board that cannot reach `goal`, or is on it, given before any table
/// is built: it names the algorithm and estimate the options plan for (see
/// [`plan::without_building`]).
fn without_search(
    start: &Board,
    goal: &Board,
    options: &SolveOptions,
) -> Result<Solution, SolveError> {
    let mut solution = plan::without_building(goal, options)?;
    solution.metric = options.metric;
    if start == goal {
        solution.conclude(Ok(Vec::new()));
    }
    if options.counts() {
        // The empty sequence on the goal; none where the goal cannot be reached.
        solution.optimal_solutions = Some(Ok(u128::from(start == goal)));
    }
    if let Some(request) = options.list {
        // A listed path ends at its first goal: from the goal, the empty one alone (told
        // to the sink where there is one, as listing does).
        let mut solutions = Vec::new();
        if start == goal {
            match &options.solution_sink {
                Some(sink) => (sink.0)(&[]),
                None => solutions.push(Vec::new()),
            }
        }
        solution.solutions = Some(SolutionList {
            solutions,
            ended: ListEnd::Complete,
            request,
        });
    }
    Ok(solution)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::answer::algorithm::Algorithm;
    use crate::answer::options::EstimateChoice;
    use crate::answer::solution::Status;
    use crate::puzzle::board::Size;
    use crate::puzzle::heuristic::HeuristicKind;
    use crate::puzzle::notation::parse_board;
    use crate::search::GiveUp;
    use crate::search::Limits;

    #[test]
    fn every_algorithm_solves_the_sample() {
        let start = parse_board("283104765", None).unwrap();
        let goal = parse_board("123804765", None).unwrap();
        for algorithm in Algorithm::CLASSIC {
            let options = SolveOptions {
                algorithm,
                ..SolveOptions::default()
            };
            let s = solve(&start, &goal, &options).unwrap();
            assert_eq!(s.length(), Some(4), "{algorithm}");
            let mut b = start.clone();
            b.apply_all(&s.moves).unwrap();
            assert_eq!(b, goal, "{algorithm}");
            assert!(s.stats.expanded > 0, "{algorithm}");
        }
    }

    #[test]
    fn unsolvable_is_an_answer() {
        let start = parse_board("213456780", None).unwrap();
        let goal = Board::goal(start.size());
        let s = solve(&start, &goal, &SolveOptions::default()).unwrap();
        assert_eq!(s.status, Status::Unsolvable);
        assert_eq!(s.length(), None);
    }

    #[test]
    fn limits_give_up() {
        let start = parse_board("8 6 7/2 5 4/3 0 1", None).unwrap();
        let goal = Board::goal(start.size());
        let options = SolveOptions {
            algorithm: Algorithm::Iddfs,
            limits: Limits {
                max_expanded: Some(1000),
                ..Limits::NONE
            },
            ..SolveOptions::default()
        };
        let s = solve(&start, &goal, &options).unwrap();
        assert_eq!(s.status, Status::GaveUp(GiveUp::Expanded(1000)));
        assert!(!s.optimal);
    }

    #[test]
    fn weighted_search_is_bounded_and_not_called_optimal() {
        let start = parse_board("8 6 7/2 5 4/3 0 1", None).unwrap();
        let goal = Board::goal(start.size());
        for algorithm in [Algorithm::Astar, Algorithm::Idastar] {
            for weight in [1.5, 2.0, 3.0] {
                let options = SolveOptions {
                    algorithm,
                    weight,
                    ..SolveOptions::default()
                };
                let s = solve(&start, &goal, &options).unwrap();
                let length = s.length().unwrap() as f64;
                assert!(length <= 31.0 * weight, "{algorithm} w={weight}: {length}");
                assert!(!s.optimal);
                let mut b = start.clone();
                b.apply_all(&s.moves).unwrap();
                assert_eq!(b, goal);
            }
        }
        let bad = SolveOptions {
            weight: 0.5,
            ..SolveOptions::default()
        };
        assert!(matches!(
            solve(&start, &goal, &bad).unwrap_err(),
            SolveError::BadWeight(w) if w.to_bits() == 0.5f64.to_bits()
        ));
    }

    #[test]
    fn auto_takes_the_fast_search_past_twelve_cells() {
        let goal = Board::blank_first_goal(Size::square(4).unwrap());
        let start = parse_board("4 1 2 3/0 5 6 7/8 9 10 11/12 13 14 15", None).unwrap();
        let s = solve(&start, &goal, &SolveOptions::default()).unwrap();
        assert_eq!(s.algorithm, Algorithm::FastIdastar);
        assert_eq!(s.length(), Some(1));
        let misplaced = SolveOptions {
            estimate: EstimateChoice::Heuristic(HeuristicKind::Misplaced),
            ..SolveOptions::default()
        };
        assert_eq!(
            solve(&start, &goal, &misplaced).unwrap().algorithm,
            Algorithm::Idastar
        );
        assert_eq!(
            "fast-idastar".parse::<Algorithm>(),
            Ok(Algorithm::FastIdastar)
        );
    }

    #[test]
    fn boards_that_need_no_search_are_answered_before_any_table_is_built() {
        let files = |dir: &tempfile::TempDir| std::fs::read_dir(dir.path()).unwrap().count();
        let dir = tempfile::tempdir().unwrap();
        let goal = Board::goal(Size::square(3).unwrap());
        let unsolvable = parse_board("2 1 3/4 5 6/7 8 0", None).unwrap();
        let solvable = parse_board("1 2 3/4 5 6/7 0 8", None).unwrap();
        let named = SolveOptions {
            estimate: EstimateChoice::PatternDatabase {
                partition: "4-4".parse().unwrap(),
                reflection: true,
            },
            cache: Some(crate::tables::cache::Cache::new(dir.path())),
            ..SolveOptions::default()
        };
        let answer = solve(&unsolvable, &goal, &named).unwrap();
        assert_eq!(answer.status, Status::Unsolvable);
        assert_eq!(files(&dir), 0, "no table built for an unsolvable board");
        assert_eq!(answer.tables, None);
        let there = solve(&goal, &goal, &named).unwrap();
        assert_eq!((&there.status, there.length()), (&Status::Solved, Some(0)));
        assert!(there.optimal);
        assert_eq!(files(&dir), 0, "no table built for a board on its goal");
        // It names what a solvable board is searched with, and the tables once they are had.
        let solved = solve(&solvable, &goal, &named).unwrap();
        assert_eq!(solved.length(), Some(1));
        assert!(files(&dir) > 0, "the solvable board built its tables");
        for answer in [answer, solve(&unsolvable, &goal, &named).unwrap()] {
            assert_eq!(answer.algorithm, solved.algorithm);
            assert_eq!(answer.estimate, solved.estimate);
            assert_eq!(answer.estimate.as_deref(), Some("pdb 4-4 + reflection"));
        }
        let again = solve(&unsolvable, &goal, &named).unwrap();
        assert_eq!(again.status, Status::Unsolvable);
        assert!(again.tables.is_some(), "tables at hand are reported");
        // A 12-cell distance table asked for by name (a minute to build) is not built either.
        let dir = tempfile::tempdir().unwrap();
        let goal = Board::goal(Size::new(6, 2).unwrap());
        let unsolvable = parse_board("2 1 3 4 5 6/7 8 9 10 11 0", Some(goal.size())).unwrap();
        let table = SolveOptions {
            algorithm: Algorithm::Table,
            cache: Some(crate::tables::cache::Cache::new(dir.path())),
            ..SolveOptions::default()
        };
        let answer = solve(&unsolvable, &goal, &table).unwrap();
        assert_eq!(answer.status, Status::Unsolvable);
        assert_eq!(answer.algorithm, Algorithm::Table);
        assert_eq!(files(&dir), 0, "no table built for an unsolvable board");
    }

    /// The error (or none) each member of an in-process cluster gets solving `start`
    /// with its own options.
    fn on_cluster(start: &Board, goal: &Board, options: &[SolveOptions]) -> Vec<Option<String>> {
        let links =
            crate::fast_idastar::in_process_cluster::InProcessCluster::new(&vec![1; options.len()]);
        std::thread::scope(|scope| {
            let handles: Vec<_> = links
                .into_iter()
                .zip(options)
                .map(|(link, options)| {
                    let options = SolveOptions {
                        cluster: Some(crate::fast_idastar::cluster_link::SharedLink(
                            std::sync::Arc::new(link),
                        )),
                        ..options.clone()
                    };
                    scope.spawn(move || solve(start, goal, &options).err().map(|e| e.to_string()))
                })
                .collect();
            handles.into_iter().map(|h| h.join().unwrap()).collect()
        })
    }

    #[test]
    fn processes_with_other_limits_refuse_in_words() {
        let goal = Board::goal(Size::square(4).unwrap());
        let start = parse_board("1 2 3 4/5 6 7 8/9 10 0 11/13 14 15 12", None).unwrap();
        let base = SolveOptions {
            algorithm: Algorithm::FastIdastar,
            ..SolveOptions::default()
        };
        let with = |limits: Limits| SolveOptions {
            limits,
            ..base.clone()
        };
        let three_seconds = with(Limits {
            max_time: Some(std::time::Duration::from_secs(3)),
            ..Limits::NONE
        });
        let thousand_nodes = with(Limits {
            max_expanded: Some(1000),
            ..Limits::NONE
        });
        for (options, message) in [
            (
                [base.clone(), three_seconds.clone()],
                "process 1 would search differently: its time limit is 3 s, process 0's is none",
            ),
            (
                [thousand_nodes, base.clone()],
                "process 1 would search differently: its node limit is none, process 0's is \
                 1000 expanded nodes",
            ),
        ] {
            for error in on_cluster(&start, &goal, &options) {
                assert_eq!(error.as_deref(), Some(message));
            }
        }
        // The same limits on every process: they search together, and all answer.
        let agreed = [three_seconds.clone(), three_seconds];
        assert_eq!(on_cluster(&start, &goal, &agreed), [None, None]);
        // The weight and the limit on nodes held, for a search that reads them.
        let astar = SolveOptions {
            algorithm: Algorithm::Astar,
            ..base
        };
        let weighted = SolveOptions {
            weight: 1.5,
            ..astar.clone()
        };
        let held = SolveOptions {
            limits: Limits {
                max_held: Some(10),
                ..Limits::NONE
            },
            ..astar.clone()
        };
        for (other, message) in [
            (weighted, "its weight is 1.5, process 0's is 1"),
            (
                held,
                "its limit on nodes held is 10 nodes, process 0's is none",
            ),
        ] {
            for error in on_cluster(&start, &goal, &[astar.clone(), other]) {
                assert!(
                    error.as_deref().is_some_and(|e| e.ends_with(message)),
                    "{error:?}"
                );
            }
        }
    }

    #[test]
    fn endless_time_limits_and_huge_weights_do_not_crash() {
        let goal = Board::goal(Size::square(4).unwrap());
        let start = parse_board("1 2 3 4/5 6 7 8/9 10 0 11/13 14 15 12", None).unwrap();
        let forever = Limits {
            max_time: Some(std::time::Duration::MAX),
            ..Limits::NONE
        };
        for (algorithm, threads) in [
            (Algorithm::FastIdastar, 1),
            (Algorithm::FastIdastar, 2),
            (Algorithm::Idastar, 1),
            (Algorithm::Astar, 1),
            (Algorithm::Constructive, 1),
        ] {
            let options = SolveOptions {
                algorithm,
                threads,
                limits: forever.clone(),
                ..SolveOptions::default()
            };
            assert_eq!(solve(&start, &goal, &options).unwrap().length(), Some(2));
        }
        // The weighted IDA* may go thousands of levels deep: no recursion to overflow.
        let far = parse_board("8 6 7/2 5 4/3 0 1", None).unwrap();
        let options = SolveOptions {
            algorithm: Algorithm::Idastar,
            weight: 10_000.0,
            ..SolveOptions::default()
        };
        let s = solve(&far, &Board::goal(far.size()), &options).unwrap();
        assert_eq!(s.status, Status::Solved);
    }

    #[test]
    fn wrong_sizes_are_an_error() {
        let a = Board::goal(Size::square(3).unwrap());
        let b = Board::goal(Size::square(4).unwrap());
        assert!(solve(&a, &b, &SolveOptions::default()).is_err());
    }
}
