//! Every one of the 181,440 states reachable from a 3x3 goal, solved by every optimal
//! algorithm and compared with the exact breadth-first distance.

use crate::common::all_distances;

use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

use npuzzle::search::{bfs_bidirectional_with, FastHashMap, Limits, NodeMap, Outcome, Unobserved};
use npuzzle::{
    parse_board, solve, Algorithm, Board, HeuristicKind, Move, SolveOptions, Status, Visited,
};

/// The lexicographically smallest shortest path in blank order l r d u: from each state
/// the first move that lowers the exact distance.
fn canonical_moves(start: &Board, distance: &HashMap<Board, u32>) -> Vec<Move> {
    let mut board = start.clone();
    let mut moves = Vec::new();
    while distance[&board] > 0 {
        let d = distance[&board];
        let mv = Move::ALL
            .into_iter()
            .find(|&m| board.moved(m).is_some_and(|b| distance[&b] == d - 1))
            .expect("some move lowers the distance");
        board.apply(mv);
        moves.push(mv);
    }
    moves
}

fn digits(board: &Board) -> String {
    board.to_digits().unwrap()
}

#[test]
fn distance_distribution_of_both_classic_goals() {
    for (goal, max, count_at_max, mean) in
        [("123456780", 31, 2, 21.97), ("123804765", 30, 148, 21.50)]
    {
        let distance = all_distances(&parse_board(goal, None).unwrap());
        assert_eq!(distance.len(), 181_440);
        let observed_max = *distance.values().max().unwrap();
        let hardest: Vec<String> = {
            let mut h: Vec<String> = distance
                .iter()
                .filter(|(_, &d)| d == observed_max)
                .map(|(b, _)| digits(b))
                .collect();
            h.sort();
            h
        };
        let observed_mean =
            distance.values().map(|&d| f64::from(d)).sum::<f64>() / distance.len() as f64;
        assert_eq!(observed_max, max, "goal {goal}");
        assert_eq!(hardest.len(), count_at_max, "goal {goal}");
        assert!(
            (observed_mean - mean).abs() < 0.005,
            "goal {goal}: mean {observed_mean}"
        );
        if goal == "123456780" {
            assert_eq!(hardest, vec!["647850321", "867254301"]);
        }
    }
}

/// Solves every state (or every `stride`-th one) with `options` and checks length,
/// legality, and (where promised) the canonical path.
fn check_all(options: &SolveOptions, stride: usize, canonical: bool, max_distance: u32) {
    let goal = parse_board("123456780", None).unwrap();
    let distance = all_distances(&goal);
    let mut states: Vec<(&Board, &u32)> = distance
        .iter()
        .filter(|(_, &d)| d <= max_distance)
        .collect();
    states.sort_by_key(|(b, _)| digits(b));
    let mut checked = 0;
    for (start, &d) in states.into_iter().step_by(stride) {
        let s = solve(start, &goal, options).unwrap();
        assert_eq!(s.status, Status::Solved, "{start}");
        assert_eq!(
            s.moves.len() as u32,
            d,
            "{} {:?} from {}",
            options.algorithm,
            options.estimate,
            digits(start)
        );
        let mut b = start.clone();
        b.apply_all(&s.moves).expect("legal moves");
        assert_eq!(b, goal);
        assert!(s.optimal);
        if canonical {
            assert_eq!(
                s.moves,
                canonical_moves(start, &distance),
                "canonical path from {}",
                digits(start)
            );
        }
        checked += 1;
    }
    assert!(checked > 0);
}

fn options(algorithm: Algorithm, heuristic: Option<HeuristicKind>) -> SolveOptions {
    SolveOptions {
        algorithm,
        estimate: heuristic.into(),
        ..SolveOptions::default()
    }
}

#[test]
fn idastar_linear_conflict_every_state_canonical() {
    check_all(
        &options(Algorithm::Idastar, Some(HeuristicKind::LinearConflict)),
        1,
        true,
        31,
    );
}

#[test]
fn idastar_manhattan_sampled_canonical() {
    check_all(
        &options(Algorithm::Idastar, Some(HeuristicKind::Manhattan)),
        5,
        true,
        31,
    );
}

#[test]
fn astar_linear_conflict_every_state() {
    check_all(
        &options(Algorithm::Astar, Some(HeuristicKind::LinearConflict)),
        1,
        false,
        31,
    );
}

#[test]
fn astar_manhattan_sampled() {
    check_all(
        &options(Algorithm::Astar, Some(HeuristicKind::Manhattan)),
        5,
        false,
        31,
    );
}

/// Every heuristic is a lower bound on every state, for two goals, and consistent: one
/// move changes it by exactly one (see the proof for linear conflict in heuristic.rs).
#[test]
fn heuristics_are_admissible_and_consistent_everywhere() {
    for goal in ["123456780", "123804765"] {
        let goal = parse_board(goal, None).unwrap();
        let distance = all_distances(&goal);
        for kind in HeuristicKind::ALL {
            let h = npuzzle::Heuristic::new(kind, &goal);
            for (board, &d) in &distance {
                let here = h.estimate_board(board);
                assert!(here <= d, "{kind} overestimates {board}: {here} > {d}");
                assert_eq!(here == 0, d == 0, "{kind} is zero off the goal at {board}");
                for mv in Move::ALL {
                    if let Some(next) = board.moved(mv) {
                        let step = here.abs_diff(h.estimate_board(&next));
                        assert!(step <= 1, "{kind} jumps by {step} from {board} moving {mv}");
                    }
                }
            }
        }
    }
}

#[test]
fn bidirectional_every_state() {
    check_all(&options(Algorithm::Bidirectional, None), 1, false, 31);
}

#[test]
fn auto_every_state_canonical() {
    check_all(&SolveOptions::default(), 1, true, 31);
}

#[test]
fn bfs_sampled_canonical() {
    check_all(&options(Algorithm::Bfs, None), 997, true, 31);
}

#[test]
fn rank_indexed_visited_sets_sampled() {
    for (algorithm, stride) in [
        (Algorithm::Bfs, 1999),
        (Algorithm::Bidirectional, 97),
        (Algorithm::Astar, 97),
    ] {
        let heuristic = algorithm
            .uses_heuristic()
            .then_some(HeuristicKind::Manhattan);
        let options = SolveOptions {
            visited: Visited::Ranked,
            ..options(algorithm, heuristic)
        };
        check_all(&options, stride, algorithm == Algorithm::Bfs, 31);
    }
}

#[test]
fn misplaced_tiles_sampled() {
    check_all(
        &options(Algorithm::Astar, Some(HeuristicKind::Misplaced)),
        499,
        false,
        31,
    );
    check_all(
        &options(Algorithm::Idastar, Some(HeuristicKind::Misplaced)),
        1999,
        true,
        31,
    );
}

#[test]
fn iddfs_every_state_within_twelve_moves_canonical() {
    check_all(&options(Algorithm::Iddfs, None), 1, true, 12);
}

/// One side's visited set for the library's bidirectional search, noting where the two
/// sides first meet: the first node stored on one side that the other already holds.
struct Noting {
    side: usize,
    map: FastHashMap<Board, (Option<Board>, u32)>,
    seen: Rc<RefCell<Meetings>>,
}

/// What both sides of one search have stored (node and depth), and their first meeting's
/// total length.
#[derive(Default)]
struct Meetings {
    depths: [FastHashMap<Board, u32>; 2],
    first: Option<u32>,
}

impl NodeMap<Board, (Option<Board>, u32)> for Noting {
    fn get(&self, node: &Board) -> Option<&(Option<Board>, u32)> {
        self.map.get(node)
    }
    fn get_mut(&mut self, node: &Board) -> Option<&mut (Option<Board>, u32)> {
        self.map.get_mut(node)
    }
    fn insert(&mut self, node: Board, value: (Option<Board>, u32)) {
        let mut seen = self.seen.borrow_mut();
        if seen.first.is_none() {
            if let Some(&there) = seen.depths[1 - self.side].get(&node) {
                seen.first = Some(value.1 + there);
            }
        }
        seen.depths[self.side].insert(node.clone(), value.1);
        self.map.insert(node, value);
    }
    fn len(&self) -> usize {
        self.map.len()
    }
    fn bytes(&self) -> usize {
        0
    }
}

/// The tutorial's chapter 3 says that on this puzzle the first meeting of the two sides
/// is already on a shortest path (the graph is bipartite and every move costs 1), so the
/// rest of the layer the search finishes never shortens the answer. Checked on every
/// fortieth 3x3 board in digit order and every board within 8 moves of the goal or 30 and
/// more from it (`bidirectional_every_state` checks the answers' lengths on all): the
/// first meeting's length is the exact distance.
#[test]
fn bidirectional_first_meeting_is_shortest_sampled() {
    let goal = parse_board("123456780", None).unwrap();
    let distance = all_distances(&goal);
    let next =
        |b: &Board| -> Vec<Board> { Move::ALL.into_iter().filter_map(|m| b.moved(m)).collect() };
    let mut states: Vec<(&Board, &u32)> = distance.iter().collect();
    states.sort_by_key(|(b, _)| digits(b));
    let mut met = 0;
    let mut depths = std::collections::BTreeSet::new();
    // The depths with few boards are taken whole, so that every depth is tried.
    let sampled = states
        .into_iter()
        .enumerate()
        .filter(|&(i, (_, &d))| i % 40 == 0 || d <= 8 || d >= 30)
        .map(|(_, state)| state);
    for (start, &d) in sampled {
        depths.insert(d);
        let seen = Rc::new(RefCell::new(Meetings::default()));
        let mut sides = 0;
        let new_map = || {
            sides += 1;
            Noting {
                side: sides - 1,
                map: FastHashMap::default(),
                seen: Rc::clone(&seen),
            }
        };
        let search = bfs_bidirectional_with(
            start,
            &goal,
            next,
            next,
            &Limits::NONE,
            new_map,
            &mut Unobserved,
        );
        let Outcome::Found { cost, .. } = search.outcome else {
            panic!("{start}: {:?}", search.outcome);
        };
        assert_eq!(cost, d, "{start}");
        let first = seen.borrow().first;
        if d > 0 {
            assert_eq!(
                first,
                Some(d),
                "{start}: the first meeting is {first:?} moves long"
            );
            met += 1;
        }
    }
    assert!(met > 181_440 / 40, "{met} boards");
    assert_eq!(depths.len(), 32, "every depth 0..=31 sampled: {depths:?}");
}

/// The tutorial's chapter 4: linear conflict is consistent although its conflict term
/// moves by 2. On every 3x3 board, for both classic goals, every move changes Manhattan
/// distance by exactly 1 and the conflict term (linear conflict minus Manhattan) by 0 or
/// 2 the other way, so the estimate moves by exactly 1; and the term does move by 2 on
/// some moves, in both directions.
#[test]
fn linear_conflict_moves_by_exactly_one_on_every_move() {
    for goal in ["123456780", "123804765"] {
        let goal = parse_board(goal, None).unwrap();
        let manhattan = npuzzle::Heuristic::new(HeuristicKind::Manhattan, &goal);
        let conflict = npuzzle::Heuristic::new(HeuristicKind::LinearConflict, &goal);
        let parts = |b: &Board| {
            let m = i64::from(manhattan.estimate_board(b));
            (m, i64::from(conflict.estimate_board(b)) - m)
        };
        let (mut term_up, mut term_down, mut moves) = (0, 0, 0);
        for board in all_distances(&goal).keys() {
            let (m, c) = parts(board);
            for mv in Move::ALL {
                let Some(next) = board.moved(mv) else {
                    continue;
                };
                let (m2, c2) = parts(&next);
                let (dm, dc) = (m2 - m, c2 - c);
                assert_eq!(dm.abs(), 1, "Manhattan from {board} moving {mv}");
                assert!(
                    dc == 0 || dc == -2 * dm,
                    "conflicts {dc:+} with Manhattan {dm:+} from {board} moving {mv}"
                );
                assert_eq!((dm + dc).abs(), 1, "from {board} moving {mv}");
                term_up += usize::from(dc == 2);
                term_down += usize::from(dc == -2);
                moves += 1;
            }
        }
        assert!(
            term_up > 0 && term_down > 0 && moves > 0,
            "{term_up} {term_down} {moves}"
        );
        eprintln!("goal {goal}: {moves} moves, conflict term +2 on {term_up}, -2 on {term_down}");
    }
}
