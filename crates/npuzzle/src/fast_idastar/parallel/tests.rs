//! The parallel search's tests: the serial path on any threads, order and cluster
//! shape, limits kept, and any optimal path when one will do.

use super::*;
use crate::fast_idastar::tests::{solve, solve_with};
use crate::fast_idastar::{LinearConflict, RunSettings};
use crate::puzzle::heuristic::HeuristicKind;
use crate::puzzle::move_order::MoveOrder;
use crate::puzzle::random::{random_board, random_walk};
use crate::Size;
use crate::{Solution, Status};
use proptest::prelude::*;
use rand::SeedableRng;

fn settings(threads: usize, order: MoveOrder) -> RunSettings {
    RunSettings {
        order,
        threads,
        ..RunSettings::default()
    }
}

/// Korf's instance 1, 57 moves from the blank-first goal: long enough for many
/// iterations and frontiers of hundreds of items.
const KORF_1: &str = "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3";

#[test]
fn same_path_as_the_serial_search_on_the_15_puzzle() {
    let goal = Board::blank_first_goal(Size::square(4).unwrap());
    let mut rng = rand::rngs::StdRng::seed_from_u64(21);
    let mut starts = vec![crate::parse_board(KORF_1, None).unwrap()];
    starts.extend((0..6).map(|_| random_walk(&goal, 60, &mut rng)));
    let kind = HeuristicKind::LinearConflict;
    for start in &starts {
        let serial = solve(start, &goal, kind, &settings(1, MoveOrder::DEFAULT));
        for threads in [2, 3, 5] {
            let parallel = solve(start, &goal, kind, &settings(threads, MoveOrder::DEFAULT));
            assert_eq!(parallel.status, Status::Solved);
            assert_eq!(parallel.moves, serial.moves, "{start}, {threads} threads");
            assert!(parallel.optimal);
        }
    }
}

#[test]
fn node_counts_match_the_serial_search_until_the_last_iteration() {
    // Every iteration but the last searches the same tree, whoever searches it; the
    // last one may stop early or late. So the parallel count lies between the serial
    // count of the earlier iterations and the serial total plus one last iteration.
    let goal = Board::blank_first_goal(Size::square(4).unwrap());
    let start = crate::parse_board(KORF_1, None).unwrap();
    let estimate = LinearConflict::new(&goal);
    let serial = super::super::search(&start, &estimate, &settings(1, MoveOrder::DEFAULT)).1;
    let parallel = super::super::search(&start, &estimate, &settings(2, MoveOrder::DEFAULT)).1;
    let frontier_slack = serial.expanded / 10;
    assert!(
        parallel.expanded + frontier_slack >= serial.expanded / 2,
        "{parallel:?} vs {serial:?}"
    );
    assert!(
        parallel.expanded <= 2 * serial.expanded + frontier_slack,
        "{parallel:?} vs {serial:?}"
    );
    assert_eq!(parallel.peak_nodes, serial.peak_nodes);
}

#[test]
fn limits_stop_every_thread() {
    let goal = Board::blank_first_goal(Size::square(4).unwrap());
    let start = crate::parse_board(KORF_1, None).unwrap();
    let estimate = LinearConflict::manhattan_only(&goal);
    let by_nodes = RunSettings {
        limits: Limits {
            max_expanded: Some(200_000),
            ..Limits::NONE
        },
        ..settings(2, MoveOrder::DEFAULT)
    };
    let (outcome, stats) = super::super::search(&start, &estimate, &by_nodes);
    assert_eq!(outcome, Err(GiveUp::Expanded(200_000)));
    // Pooled every FLUSH_EVERY nodes per thread, plus the frontier of one iteration.
    assert!(
        stats.expanded <= 200_000 + 2 * FLUSH_EVERY + 2_000,
        "{stats:?}"
    );
    let by_time = RunSettings {
        limits: Limits {
            max_time: Some(Duration::from_millis(100)),
            ..Limits::NONE
        },
        ..settings(2, MoveOrder::DEFAULT)
    };
    let started = Instant::now();
    let (outcome, _) = super::super::search(&start, &estimate, &by_time);
    assert_eq!(outcome, Err(GiveUp::Time(Duration::from_millis(100))));
    assert!(started.elapsed() < Duration::from_secs(5));
}

#[test]
fn a_set_token_stops_the_search_on_any_number_of_threads() {
    let goal = Board::blank_first_goal(Size::square(4).unwrap());
    let start = crate::parse_board(KORF_1, None).unwrap();
    // Manhattan alone: hundreds of millions of nodes, far more than the test waits.
    let estimate = LinearConflict::manhattan_only(&goal);
    for threads in [1, 2, 3] {
        for wait in [Duration::ZERO, Duration::from_millis(50)] {
            let token = crate::util::cancel::CancelToken::new();
            let settings = RunSettings {
                limits: Limits {
                    cancel: Some(token.clone()),
                    // Only should the token be missed: the outcome then says so.
                    max_time: Some(Duration::from_secs(120)),
                    ..Limits::NONE
                },
                ..settings(threads, MoveOrder::DEFAULT)
            };
            let started = Instant::now();
            let (outcome, _) = std::thread::scope(|scope| {
                scope.spawn(|| {
                    std::thread::sleep(wait);
                    token.cancel();
                });
                super::super::search(&start, &estimate, &settings)
            });
            assert_eq!(outcome, Err(GiveUp::Interrupted), "{threads} threads");
            assert!(started.elapsed() < Duration::from_secs(60));
        }
    }
}

#[test]
fn unsolvable_and_solved_boards_need_no_search() {
    let goal = Board::goal(Size::square(4).unwrap());
    let swapped = crate::puzzle::solvability::swap_parity(&goal);
    let kind = HeuristicKind::LinearConflict;
    let s = solve(&swapped, &goal, kind, &settings(2, MoveOrder::DEFAULT));
    assert_eq!(s.status, Status::Unsolvable);
    let s = solve(&goal, &goal, kind, &settings(2, MoveOrder::DEFAULT));
    assert_eq!((s.status, s.moves.len()), (Status::Solved, 0));
}

/// Keeps the messages it is given.
#[derive(Default)]
struct Recorder(Mutex<Vec<String>>);

impl crate::util::progress::Progress for Recorder {
    fn start(&self, what: &str, _total: u64) {
        self.0.lock().unwrap().push(what.to_string());
    }
    fn advance(&self, _units: u64) {}
    fn finish(&self) {}
}

/// Settings for `threads` threads whose progress messages the recorder keeps.
fn recorded(threads: usize) -> (std::sync::Arc<Recorder>, RunSettings) {
    let recorder = std::sync::Arc::new(Recorder::default());
    let settings = RunSettings {
        progress: Some(crate::util::progress::SharedProgress(recorder.clone())),
        ..settings(threads, MoveOrder::DEFAULT)
    };
    (recorder, settings)
}

#[test]
fn every_iteration_is_reported_with_its_bound() {
    let goal = Board::blank_first_goal(Size::square(4).unwrap());
    let start = crate::parse_board(KORF_1, None).unwrap();
    for threads in [1, 2] {
        let (recorder, settings) = recorded(threads);
        let s = solve(&start, &goal, HeuristicKind::LinearConflict, &settings);
        let bounds: Vec<usize> = recorder
            .0
            .lock()
            .unwrap()
            .iter()
            .filter_map(|m| {
                let rest = m.strip_prefix("fast IDA*: bound ")?;
                rest.split(',').next()?.parse().ok()
            })
            .collect();
        // Bounds rise by two (parity) from the first estimate to the optimum, 57.
        assert_eq!(bounds.last(), Some(&57), "{threads} threads");
        assert_eq!(
            Some(bounds.len()),
            s.length().map(|_| (57 - bounds[0]) / 2 + 1)
        );
        assert!(bounds.windows(2).all(|w| w[1] == w[0] + 2), "{bounds:?}");
    }
}

#[test]
fn a_search_grown_long_lengthens_its_words_and_keeps_the_path() {
    // Korf's #6: Manhattan alone expands some 3.8 million nodes, linear conflict half
    // a million, fewer than the search expands before it finds longer words.
    let goal = Board::blank_first_goal(Size::square(4).unwrap());
    let start = crate::parse_board("14 7 1 9 12 3 6 15 8 11 2 5 10 0 4 13", None).unwrap();
    let (recorder, reference_settings) = recorded(1);
    let reference = solve(
        &start,
        &goal,
        HeuristicKind::LinearConflict,
        &reference_settings,
    );
    assert_eq!(reference.length(), Some(52));
    let lengthening = |messages: &[String]| {
        messages
            .iter()
            .position(|m| m.contains("duplicate paths of up to 12 moves"))
    };
    assert_eq!(lengthening(&recorder.0.lock().unwrap()), None);
    for threads in [1, 2] {
        let (recorder, settings) = recorded(threads);
        let long = solve(&start, &goal, HeuristicKind::Manhattan, &settings);
        assert_eq!(long.moves, reference.moves, "{threads} threads");
        let messages = recorder.0.lock().unwrap();
        let at = lengthening(&messages).expect("words lengthened to 12 moves");
        // Between iterations, after some: one was reported before, one after.
        assert!(messages[..at]
            .iter()
            .any(|m| m.starts_with("fast IDA*: bound ")));
        assert!(messages[at..]
            .iter()
            .any(|m| m.starts_with("fast IDA*: bound ")));
    }
}

/// Runs the same solve on every member of an in-process cluster of `shape`, for the
/// smallest optimal path or, with `any_optimal`, any.
fn on_cluster(
    start: &Board,
    goal: &Board,
    shape: &[usize],
    limits: &Limits,
    any_optimal: bool,
) -> Vec<Solution> {
    let links = crate::fast_idastar::in_process_cluster::InProcessCluster::new(shape);
    std::thread::scope(|scope| {
        let handles: Vec<_> = links
            .into_iter()
            .map(|link| {
                let options = crate::SolveOptions {
                    threads: link.threads()[link.process()],
                    cluster: Some(crate::fast_idastar::cluster_link::SharedLink(
                        std::sync::Arc::new(link),
                    )),
                    limits: limits.clone(),
                    any_optimal,
                    estimate: crate::EstimateChoice::Heuristic(HeuristicKind::LinearConflict),
                    algorithm: crate::Algorithm::FastIdastar,
                    ..crate::SolveOptions::default()
                };
                scope.spawn(move || crate::solve(start, goal, &options).unwrap())
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    })
}

#[test]
fn a_cluster_finds_the_serial_path_and_agrees_on_its_cost() {
    let goal = Board::blank_first_goal(Size::square(4).unwrap());
    let start = crate::parse_board(KORF_1, None).unwrap();
    let serial = solve(
        &start,
        &goal,
        HeuristicKind::LinearConflict,
        &settings(1, MoveOrder::DEFAULT),
    );
    for shape in [&[1, 1][..], &[2, 1], &[1, 1, 1]] {
        let answers = on_cluster(&start, &goal, shape, &Limits::NONE, false);
        for answer in &answers {
            assert_eq!(answer.moves, serial.moves, "{shape:?}");
            assert!(answer.optimal);
            // Every process reports the cluster's count, the same everywhere.
            assert_eq!(answer.stats.expanded, answers[0].stats.expanded);
        }
    }
}

#[test]
fn a_limit_reached_anywhere_stops_the_whole_cluster() {
    let goal = Board::blank_first_goal(Size::square(4).unwrap());
    let start = crate::parse_board(KORF_1, None).unwrap();
    let limits = Limits {
        max_expanded: Some(300_000),
        ..Limits::NONE
    };
    for answer in on_cluster(&start, &goal, &[1, 2], &limits, false) {
        assert_eq!(answer.status, Status::GaveUp(GiveUp::Expanded(300_000)));
        // Each process pools its count with the others' as it goes.
        assert!(
            answer.stats.expanded < 300_000 + 3 * 4 * FLUSH_EVERY + 10_000,
            "{:?}",
            answer.stats
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]
    #[test]
    fn any_cluster_shape_gives_the_serial_path(
        seed in any::<u64>(),
        shape in prop::collection::vec(1usize..3, 1..4),
        (w, h) in prop_oneof![Just((3, 3)), Just((4, 3)), Just((4, 4))],
    ) {
        let goal = Board::goal(Size::new(w, h).unwrap());
        let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
        let start = if w * h == 16 { random_walk(&goal, 45, &mut rng) } else { random_board(&goal, &mut rng) };
        let serial = solve(&start, &goal, HeuristicKind::LinearConflict, &settings(1, MoveOrder::DEFAULT));
        for answer in on_cluster(&start, &goal, &shape, &Limits::NONE, false) {
            prop_assert_eq!(&answer.status, &serial.status);
            prop_assert_eq!(&answer.moves, &serial.moves);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]
    #[test]
    fn any_order_and_thread_count_gives_the_serial_path(
        seed in any::<u64>(),
        order_index in 0usize..24,
        threads in 2usize..6,
        (w, h) in prop_oneof![Just((3, 3)), Just((4, 3)), Just((3, 4))],
    ) {
        let goal = Board::goal(Size::new(w, h).unwrap());
        let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
        let start = random_board(&goal, &mut rng);
        let order = MoveOrder::all()[order_index];
        let estimate = LinearConflict::new(&goal);
        let serial = solve_with(&start, &goal, &estimate, &settings(1, order));
        let parallel =
            solve_with(&start, &goal, &estimate, &settings(threads, order));
        prop_assert_eq!(&parallel.status, &serial.status);
        prop_assert_eq!(&parallel.moves, &serial.moves);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]
    #[test]
    fn any_optimal_answers_are_optimal_on_any_threads_and_order(
        seed in any::<u64>(),
        order_index in 0usize..24,
        threads in 1usize..5,
        (w, h) in prop_oneof![Just((3, 3)), Just((4, 3)), Just((3, 4)), Just((4, 4))],
    ) {
        let goal = Board::goal(Size::new(w, h).unwrap());
        let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
        let start = if w * h == 16 { random_walk(&goal, 50, &mut rng) } else { random_board(&goal, &mut rng) };
        let order = MoveOrder::all()[order_index];
        let estimate = LinearConflict::new(&goal);
        let smallest = solve_with(&start, &goal, &estimate, &settings(1, order));
        let any = RunSettings { any_optimal: true, ..settings(threads, order) };
        let answer = solve_with(&start, &goal, &estimate, &any);
        prop_assert_eq!(&answer.status, &smallest.status);
        prop_assert_eq!(answer.moves.len(), smallest.moves.len());
        let boards = start.boards_along(&answer.moves).unwrap();
        prop_assert_eq!(boards.last(), Some(&goal));
    }

    #[test]
    fn a_cluster_agrees_on_one_optimal_path_when_any_will_do(
        seed in any::<u64>(),
        shape in prop::collection::vec(1usize..3, 1..4),
    ) {
        let goal = Board::goal(Size::square(4).unwrap());
        let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
        let start = random_walk(&goal, 50, &mut rng);
        let smallest = solve(&start, &goal, HeuristicKind::LinearConflict, &settings(1, MoveOrder::DEFAULT));
        let answers = on_cluster(&start, &goal, &shape, &Limits::NONE, true);
        for answer in &answers {
            prop_assert_eq!(&answer.moves, &answers[0].moves);
            prop_assert_eq!(answer.moves.len(), smallest.moves.len());
            prop_assert!(answer.any_optimal);
        }
    }
}

#[test]
fn a_search_from_a_proven_bound_finds_the_same_path_sooner() {
    // Korf's instance 1, 57 moves: with 57 proven, only the last iteration runs.
    let goal = Board::blank_first_goal(Size::square(4).unwrap());
    let start = crate::parse_board(KORF_1, None).unwrap();
    let estimate = LinearConflict::new(&goal);
    for threads in [1, 2] {
        let whole = solve_with(
            &start,
            &goal,
            &estimate,
            &settings(threads, MoveOrder::DEFAULT),
        );
        let proven = crate::util::proven_bound::ProvenBound::new();
        proven.raise(57);
        let from_57 = RunSettings {
            proven: Some(proven),
            ..settings(threads, MoveOrder::DEFAULT)
        };
        let last = solve_with(&start, &goal, &estimate, &from_57);
        assert_eq!(last.moves, whole.moves, "{threads} threads");
        assert!(
            last.stats.expanded < whole.stats.expanded,
            "{threads} threads: {:?} against {:?}",
            last.stats,
            whole.stats
        );
    }
}

#[test]
fn meeting_an_optimal_path_by_estimate_costs_fewer_nodes() {
    // On Korf's instance 1 the smallest path lies late in its last iteration.
    let goal = Board::blank_first_goal(Size::square(4).unwrap());
    let start = crate::parse_board(KORF_1, None).unwrap();
    let estimate = LinearConflict::new(&goal);
    let smallest = solve_with(&start, &goal, &estimate, &settings(1, MoveOrder::DEFAULT));
    let any = RunSettings {
        any_optimal: true,
        ..settings(1, MoveOrder::DEFAULT)
    };
    let first = solve_with(&start, &goal, &estimate, &any);
    assert_eq!(first.moves.len(), 57);
    assert!(
        first.stats.expanded < smallest.stats.expanded,
        "{:?} against {:?}",
        first.stats,
        smallest.stats
    );
}
