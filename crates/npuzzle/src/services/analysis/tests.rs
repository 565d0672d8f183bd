//! The analysis's tests: against exhaustive distances, and what a wandering solve costs.

use super::*;
use crate::puzzle::board::Size;
use crate::puzzle::move_order::MoveOrder;
use crate::puzzle::oracle::{bfs_distances, bfs_multi_tile_distances};
use crate::puzzle::random::random_walk;
use rand::{Rng, SeedableRng};

#[test]
fn every_step_of_random_solves_matches_the_exhaustive_distances() {
    for metric in Metric::ALL {
        let goal = Board::goal(Size::square(3).unwrap());
        let distance = match metric {
            Metric::SingleTile => bfs_distances(&goal),
            Metric::MultiTile => bfs_multi_tile_distances(&goal),
        };
        let options = SolveOptions {
            metric,
            ..SolveOptions::default()
        };
        let mut rng = rand::rngs::StdRng::seed_from_u64(7);
        for _ in 0..40 {
            let start = random_walk(&goal, 30, &mut rng);
            let mut board = start.clone();
            let mut moves = Vec::new();
            for _ in 0..rng.gen_range(0..12) {
                let mv = Move::ALL[rng.gen_range(0..4)];
                if board.apply(mv) {
                    moves.push(mv);
                }
            }
            let analysis = analyse(&start, &goal, &moves, &options).unwrap();
            assert!(analysis.exact);
            assert_eq!(analysis.optimum, distance[&start]);
            let mut here = start.clone();
            let mut lost = 0;
            for step in &analysis.steps {
                let need = distance[&here];
                // The better moves: every jump from here that leaves one fewer.
                let mut better = Vec::new();
                for mv in MoveOrder::DEFAULT {
                    let mut jumped = here.clone();
                    let mut steps = Vec::new();
                    while jumped.apply(mv) && steps.len() < metric.longest_jump(here.size()) {
                        steps.push(mv);
                        if distance[&jumped] + 1 == need && step.lost > 0 {
                            better.push(steps.clone());
                        }
                    }
                }
                assert_eq!(step.better, better, "{here} {metric}");
                here.apply_all(&step.steps).unwrap();
                assert_eq!(step.remaining, distance[&here], "{start} {metric}");
                assert_eq!(step.lost, distance[&here] + 1 - need);
                lost += step.lost;
            }
            assert_eq!(analysis.lost, lost);
            assert_eq!(metric.length(&moves), analysis.steps.len());
        }
    }
}

/// Checks the analysis of `moves` from `start` step by step against full solves of
/// every board (the remaining length, the better moves, the finish); returns how many
/// mistakes it checked.
fn matches_full_solves(start: &Board, moves: &[Move], options: &SolveOptions) -> usize {
    let goal = Board::goal(start.size());
    let analysis = analyse(start, &goal, moves, options).unwrap();
    assert!(analysis.exact);
    let mut here = start.clone();
    let mut mistakes = 0;
    for (index, step) in analysis.steps.iter().enumerate() {
        if analysis.first_mistake == Some(index) {
            let answer = solve(&here, &goal, options).unwrap();
            assert_eq!(analysis.finish, answer.moves, "{here}");
        }
        if step.lost > 0 {
            mistakes += 1;
            let need = step.remaining + 1 - step.lost;
            let solved: Vec<Vec<Move>> = good_moves(&here, &goal, options)
                .unwrap()
                .into_iter()
                .filter(|(_, left)| left + 1 == need)
                .map(|(steps, _)| steps)
                .collect();
            assert_eq!(step.better, solved, "{here}");
        }
        here.apply_all(&step.steps).unwrap();
        let answer = solve(&here, &goal, options).unwrap();
        assert_eq!(step.remaining, answer.length().unwrap(), "{here}");
        assert!(step.exact);
    }
    mistakes
}

#[test]
fn what_is_walked_on_4x4_in_mtm_is_what_full_solves_find() {
    // 4x4 in the multi-tile metric: the boards after moves and the better moves are
    // walked, not solved; each step is checked against full solves.
    let goal = Board::goal(Size::square(4).unwrap());
    let options = SolveOptions {
        metric: Metric::MultiTile,
        cache: Some(crate::tables::cache::scratch()),
        ..SolveOptions::default()
    };
    assert!(plan(&goal, &options).unwrap().guide.walks_optimal());
    let mut rng = rand::rngs::StdRng::seed_from_u64(45);
    let mut mistakes = 0;
    for _ in 0..6 {
        let start = random_walk(&goal, 24, &mut rng);
        let mut board = start.clone();
        let mut moves = Vec::new();
        for _ in 0..10 {
            let mv = Move::ALL[rng.gen_range(0..4)];
            if board.apply(mv) {
                moves.push(mv);
            }
        }
        mistakes += matches_full_solves(&start, &moves, &options);
    }
    assert!(mistakes >= 10, "{mistakes} mistakes checked");
    // A solve that wanders back and forth meets its boards again: what was walked
    // for them the first time is read the second, and must still be right.
    for _ in 0..2 {
        let start = random_walk(&goal, 30, &mut rng);
        let legal: Vec<Move> = Move::ALL
            .into_iter()
            .filter(|&mv| start.moved(mv).is_some())
            .collect();
        let (a, b) = (legal[0], legal[1]);
        let moves = [
            a,
            a.inverse(),
            b,
            b.inverse(),
            a,
            a.inverse(),
            b,
            b.inverse(),
        ];
        assert!(matches_full_solves(&start, &moves, &options) > 0);
    }
    // From the goal, and through it: nothing needs fewer than none.
    let near = crate::puzzle::notation::parse_board("1 2 3 4/5 6 7 8/9 10 11 12/13 14 0 15", None)
        .unwrap();
    for (start, moves) in [
        (&goal, "ul"),
        (&goal, "lllr"),
        (&near, "rul"),
        (&near, "rlr"),
    ] {
        let moves = crate::puzzle::notation::parse_moves(moves).unwrap();
        assert!(matches_full_solves(start, &moves, &options) > 0);
    }
}

/// The boards `moves` reach from `start` (the start too) and every board one move
/// from any of them in `metric`: the boards an analysis of `moves` may search.
fn boards_around(start: &Board, moves: &[Move], options: &SolveOptions) -> usize {
    let mut path = vec![start.clone()];
    let mut board = start.clone();
    for &mv in moves {
        board.apply(mv);
        path.push(board.clone());
    }
    let mut around: std::collections::HashSet<Board> = path.iter().cloned().collect();
    for board in &path {
        around.extend(
            moves_from(board, options)
                .into_iter()
                .map(|(_, after)| after),
        );
    }
    around.len()
}

/// `moves` and then `back_and_forth` times a move and its inverse from where they end
/// (not the last move again, which the multi-tile metric would join to it).
fn wandering(start: &Board, moves: &[Move], back_and_forth: usize) -> Vec<Move> {
    let mut end = start.clone();
    end.apply_all(moves).unwrap();
    let there = Move::ALL
        .into_iter()
        .find(|&mv| end.moved(mv).is_some() && moves.last() != Some(&mv))
        .unwrap();
    let mut all = moves.to_vec();
    for _ in 0..back_and_forth {
        all.extend([there, there.inverse()]);
    }
    all
}

#[test]
fn a_board_met_again_is_not_searched_again() {
    let goal = Board::goal(Size::square(3).unwrap());
    let mut rng = rand::rngs::StdRng::seed_from_u64(64);
    for metric in Metric::ALL {
        let options = SolveOptions {
            metric,
            ..SolveOptions::default()
        };
        for _ in 0..30 {
            let start = random_walk(&goal, 30, &mut rng);
            let mut board = start.clone();
            let mut moves = Vec::new();
            for _ in 0..rng.gen_range(0..10) {
                let mv = Move::ALL[rng.gen_range(0..4)];
                if board.apply(mv) {
                    moves.push(mv);
                }
            }
            let once = wandering(&start, &moves, 1);
            let often = wandering(&start, &moves, 6);
            let first = analyse(&start, &goal, &once, &options).unwrap();
            let again = analyse(&start, &goal, &often, &options).unwrap();
            assert!(first.searches <= boards_around(&start, &once, &options));
            assert!(first.searches > 0 && first.gave_up.is_none());
            // The wandering meets only boards already searched.
            assert_eq!(again.searches, first.searches, "{start} {metric}");
            assert_eq!(again.steps[..first.steps.len()], first.steps[..], "{start}");
        }
    }
}

#[test]
fn a_bounded_board_met_again_reads_the_length_its_search_answered() {
    // A node limit stops every optimal search of a 5x5 board: the lengths are the
    // bounded answers', which another search could answer otherwise; a board met
    // again reads its first.
    let goal = Board::goal(Size::square(5).unwrap());
    let start = random_walk(&goal, 200, &mut rand::rngs::StdRng::seed_from_u64(4));
    let options = SolveOptions {
        limits: Limits {
            max_expanded: Some(3_000),
            ..Limits::NONE
        },
        threads: 1,
        bounded: true,
        ..SolveOptions::default()
    };
    let moves = wandering(&start, &[], 8);
    let analysis = analyse(&start, &goal, &moves, &options).unwrap();
    assert!(!analysis.exact, "a limit stopped the searches");
    assert!(
        analysis.searches <= boards_around(&start, &moves[..2], &options),
        "{} searches",
        analysis.searches
    );
    let remaining: Vec<usize> = analysis.steps.iter().map(|s| s.remaining).collect();
    for pair in remaining.chunks(2) {
        assert_eq!(pair, &remaining[..2], "{remaining:?}");
    }
    assert_eq!(remaining[1], analysis.optimum, "back on the start");
}

#[test]
fn a_stop_from_outside_ends_the_analysis_at_the_move_reached() {
    let start = crate::puzzle::notation::parse_board("8 6 7/2 5 4/3 0 1", None).unwrap();
    let goal = Board::goal(start.size());
    let token = CancelToken::new();
    token.cancel();
    let options = SolveOptions {
        limits: Limits {
            cancel: Some(token),
            ..Limits::NONE
        },
        ..SolveOptions::default()
    };
    let moves = crate::puzzle::notation::parse_moves("lrlr").unwrap();
    let analysis = analyse(&start, &goal, &moves, &options).unwrap();
    assert_eq!(analysis.gave_up, Some(GiveUp::Interrupted));
    assert!(analysis.steps.is_empty());
}

#[test]
fn a_mistake_names_the_better_moves_and_the_finish_from_its_board() {
    let start = crate::puzzle::notation::parse_board("1 2 3/4 5 6/0 7 8", None).unwrap();
    let goal = Board::goal(start.size());
    let analysis = analyse(
        &start,
        &goal,
        &crate::puzzle::notation::parse_moves("udrr").unwrap(),
        &SolveOptions::default(),
    )
    .unwrap();
    assert_eq!(analysis.steps[0].better, vec![vec![Move::Right]]);
    assert!(analysis.steps[1].better.is_empty());
    assert_eq!(analysis.finish, [Move::Right, Move::Right]);
    assert!(analysis.reached_goal());
}

#[test]
fn a_move_off_the_board_is_named_and_nothing_is_analysed() {
    let start = crate::puzzle::notation::parse_board("1 2 3/4 5 6/0 7 8", None).unwrap();
    let goal = Board::goal(start.size());
    let moves = crate::puzzle::notation::parse_moves("rll").unwrap();
    let error = analyse(&start, &goal, &moves, &SolveOptions::default()).unwrap_err();
    assert_eq!(
        error.to_string(),
        "move 3 ('l') takes the blank off the board"
    );
}

#[test]
fn an_unreachable_goal_is_said() {
    let start = crate::puzzle::notation::parse_board("2 1 3/4 5 6/7 8 0", None).unwrap();
    let goal = Board::goal(start.size());
    assert!(matches!(
        analyse(&start, &goal, &[], &SolveOptions::default()),
        Err(AnalysisError::Unreachable)
    ));
}
