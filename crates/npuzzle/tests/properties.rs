//! Property tests on boards larger than the 8-puzzle: every move list returned is legal
//! and reaches the goal, lengths agree across optimal algorithms, and unreachable pairs
//! are detected.

use npuzzle::puzzle::random::{random_board, random_walk};
use npuzzle::search::Limits;
use npuzzle::{
    is_solvable, solve, Algorithm, Board, HeuristicKind, Size, SolveOptions, Status, Visited,
};
use proptest::prelude::*;
use rand::rngs::StdRng;
use rand::SeedableRng;

fn options(algorithm: Algorithm, heuristic: Option<HeuristicKind>) -> SolveOptions {
    SolveOptions {
        algorithm,
        estimate: heuristic.into(),
        limits: Limits {
            max_expanded: Some(5_000_000),
            ..Limits::NONE
        },
        ..SolveOptions::default()
    }
}

/// Solves and checks the answer is a legal path to the goal; returns its length.
fn solved_length(start: &Board, goal: &Board, options: &SolveOptions) -> usize {
    let s = solve(start, goal, options).unwrap();
    assert_eq!(
        s.status,
        Status::Solved,
        "{start} -> {goal} with {:?}",
        options.algorithm
    );
    let mut b = start.clone();
    b.apply_all(&s.moves)
        .expect("every move stays on the board");
    assert_eq!(&b, goal);
    s.moves.len()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// 2x3: all algorithms, any goal.
    #[test]
    fn two_by_three_any_goal(seed in any::<u64>()) {
        let size = Size::new(3, 2).unwrap();
        let mut rng = StdRng::seed_from_u64(seed);
        let goal = random_board(&Board::goal(size), &mut rng);
        let start = random_board(&goal, &mut rng);
        let reference = solved_length(&start, &goal, &options(Algorithm::Bfs, None));
        for algorithm in [Algorithm::Bidirectional, Algorithm::Iddfs] {
            prop_assert_eq!(solved_length(&start, &goal, &options(algorithm, None)), reference);
        }
        for h in HeuristicKind::ALL {
            for algorithm in [Algorithm::Astar, Algorithm::Idastar] {
                prop_assert_eq!(solved_length(&start, &goal, &options(algorithm, Some(h))), reference);
            }
        }
    }

    /// 3x4: BFS (ranked visited set), bidirectional, A* and IDA* agree.
    #[test]
    fn three_by_four_random_walks(seed in any::<u64>(), steps in 0usize..30) {
        let size = Size::new(3, 4).unwrap();
        let goal = Board::goal(size);
        let start = random_walk(&goal, steps, &mut StdRng::seed_from_u64(seed));
        let reference = solved_length(&start, &goal, &options(Algorithm::Idastar, Some(HeuristicKind::LinearConflict)));
        prop_assert!(reference <= steps);
        prop_assert_eq!(solved_length(&start, &goal, &options(Algorithm::Bidirectional, None)), reference);
        prop_assert_eq!(solved_length(&start, &goal, &options(Algorithm::Astar, Some(HeuristicKind::Manhattan))), reference);
        if reference <= 14 {
            prop_assert_eq!(solved_length(&start, &goal, &options(Algorithm::Bfs, None)), reference);
            let ranked = SolveOptions { visited: Visited::Ranked, ..options(Algorithm::Bfs, None) };
            prop_assert_eq!(solved_length(&start, &goal, &ranked), reference);
        }
    }

    /// 4x4: random walks, IDA* and A* with linear conflict agree with bidirectional BFS.
    #[test]
    fn four_by_four_random_walks(seed in any::<u64>(), steps in 0usize..40) {
        let size = Size::square(4).unwrap();
        let goal = Board::goal(size);
        let start = random_walk(&goal, steps, &mut StdRng::seed_from_u64(seed));
        let reference = solved_length(&start, &goal, &options(Algorithm::Idastar, Some(HeuristicKind::LinearConflict)));
        prop_assert!(reference <= steps);
        prop_assert_eq!(solved_length(&start, &goal, &options(Algorithm::Astar, Some(HeuristicKind::LinearConflict))), reference);
        if reference <= 24 {
            prop_assert_eq!(solved_length(&start, &goal, &options(Algorithm::Bidirectional, None)), reference);
        }
    }

    /// Unreachable pairs are detected at once, on every size and for every algorithm.
    #[test]
    fn unreachable_pairs_are_detected(seed in any::<u64>(), w in 2usize..6, h in 2usize..6) {
        let size = Size::new(w, h).unwrap();
        let mut rng = StdRng::seed_from_u64(seed);
        let goal = random_board(&Board::goal(size), &mut rng);
        let start = npuzzle::puzzle::solvability::swap_parity(&random_board(&goal, &mut rng));
        prop_assert!(!is_solvable(&start, &goal));
        for algorithm in Algorithm::CLASSIC {
            let s = solve(&start, &goal, &options(algorithm, None)).unwrap();
            prop_assert_eq!(s.status, Status::Unsolvable);
            prop_assert_eq!(s.stats.expanded, 0);
        }
    }
}
