//! The multi-tile metric against an exhaustive search written here, apart from the
//! library: a breadth-first search over every board of a small size (or every board
//! within some moves of the goal of a larger one) where a move is a jump of the blank
//! along its line, the canonical answer read off its distances (at each step the first
//! jump in the move order, shortest first, that is one move nearer) and the number of
//! optimal move sequences summed over them.

use std::collections::HashMap;
use std::sync::OnceLock;

use proptest::prelude::*;

use npuzzle::{
    solve, Algorithm, Board, EstimateChoice, HeuristicKind, Metric, Move, MoveOrder, Size,
    SolveOptions, Status,
};

/// Every board of `size` that reaches the standard goal (within some moves of it), with
/// its multi-tile distance.
struct Exhaustive {
    width: usize,
    height: usize,
    distance: HashMap<Vec<u8>, u32>,
}

impl Exhaustive {
    fn new(width: usize, height: usize) -> Exhaustive {
        Exhaustive::within(width, height, u32::MAX)
    }

    /// The boards at most `moves` moves from the goal: their distances are exact, and
    /// so is the canonical answer of each (it passes only nearer boards).
    fn within(width: usize, height: usize, moves: u32) -> Exhaustive {
        let cells = width * height;
        let goal: Vec<u8> = (1..cells as u8).chain([0]).collect();
        let mut distance = HashMap::from([(goal.clone(), 0)]);
        let mut layer = vec![goal];
        let mut depth = 0;
        let me = Exhaustive {
            width,
            height,
            distance: HashMap::new(),
        };
        while !layer.is_empty() && depth < moves {
            depth += 1;
            let mut next = Vec::new();
            for board in &layer {
                for (_, _, after) in me.jumps(board, MoveOrder::DEFAULT) {
                    if !distance.contains_key(&after) {
                        distance.insert(after.clone(), depth);
                        next.push(after);
                    }
                }
            }
            layer = next;
        }
        Exhaustive { distance, ..me }
    }

    /// Every move from `board`: direction, cells jumped, board after; in `order`, shorter
    /// jumps first.
    fn jumps(&self, board: &[u8], order: MoveOrder) -> Vec<(Move, usize, Vec<u8>)> {
        let blank = board.iter().position(|&t| t == 0).unwrap();
        let (row, col) = ((blank / self.width) as isize, (blank % self.width) as isize);
        let mut out = Vec::new();
        for mv in order {
            let (dr, dc) = match mv {
                Move::Up => (-1, 0),
                Move::Down => (1, 0),
                Move::Left => (0, -1),
                Move::Right => (0, 1),
            };
            let mut after = board.to_vec();
            let (mut r, mut c, mut at) = (row, col, blank);
            for k in 1.. {
                (r, c) = (r + dr, c + dc);
                if r < 0 || c < 0 || r >= self.height as isize || c >= self.width as isize {
                    break;
                }
                let next = r as usize * self.width + c as usize;
                after.swap(at, next);
                at = next;
                out.push((mv, k, after.clone()));
            }
        }
        out
    }

    /// The canonical optimal answer from `board` as the blank's single steps.
    fn canonical(&self, board: &[u8], order: MoveOrder) -> Vec<Move> {
        let mut here = board.to_vec();
        let mut steps = Vec::new();
        while self.distance[&here] > 0 {
            let d = self.distance[&here];
            let (mv, k, after) = self
                .jumps(&here, order)
                .into_iter()
                .find(|(_, _, after)| self.distance.get(after) == Some(&(d - 1)))
                .expect("a board off the goal has a nearer neighbour");
            steps.extend(std::iter::repeat_n(mv, k));
            here = after;
        }
        steps
    }

    /// The number of distinct optimal move sequences from `board`.
    fn count(&self, board: &[u8], memo: &mut HashMap<Vec<u8>, u128>) -> u128 {
        let d = self.distance[board];
        if d == 0 {
            return 1;
        }
        if let Some(&n) = memo.get(board) {
            return n;
        }
        let n = self
            .jumps(board, MoveOrder::DEFAULT)
            .into_iter()
            .filter(|(_, _, after)| self.distance[after] + 1 == d)
            .map(|(_, _, after)| self.count(&after, memo))
            .sum();
        memo.insert(board.to_vec(), n);
        n
    }

    fn board(&self, cells: &[u8]) -> Board {
        let size = Size::new(self.width, self.height).unwrap();
        Board::new(size, cells.iter().map(|&t| u32::from(t)).collect()).unwrap()
    }

    /// Every board, in a fixed order.
    fn boards(&self) -> Vec<Vec<u8>> {
        let mut boards: Vec<Vec<u8>> = self.distance.keys().cloned().collect();
        boards.sort();
        boards
    }
}

fn multi_tile(algorithm: Algorithm, order: MoveOrder) -> SolveOptions {
    SolveOptions {
        algorithm,
        metric: Metric::MultiTile,
        order,
        ..SolveOptions::default()
    }
}

#[test]
fn every_small_board_has_its_exhaustive_distance_and_canonical_answer() {
    for (width, height) in [(3, 3), (2, 3), (3, 2), (2, 4), (4, 2)] {
        let exhaustive = Exhaustive::new(width, height);
        let goal = Board::goal(Size::new(width, height).unwrap());
        let options = multi_tile(Algorithm::Auto, MoveOrder::DEFAULT);
        for cells in exhaustive.boards() {
            let start = exhaustive.board(&cells);
            let solution = solve(&start, &goal, &options).unwrap();
            assert_eq!(solution.algorithm, Algorithm::Table);
            assert_eq!(
                solution.length(),
                Some(exhaustive.distance[&cells] as usize),
                "{start}"
            );
            assert_eq!(
                solution.moves,
                exhaustive.canonical(&cells, MoveOrder::DEFAULT),
                "{start}"
            );
        }
    }
    // The 8-puzzle's diameter in the multi-tile metric is 24.
    assert_eq!(Exhaustive::new(3, 3).distance.values().max(), Some(&24));
}

#[test]
fn every_algorithm_gives_the_canonical_answer_under_any_order() {
    let exhaustive = Exhaustive::new(3, 3);
    let goal = Board::goal(Size::square(3).unwrap());
    let boards = exhaustive.boards();
    let orders = MoveOrder::all();
    for (i, cells) in boards.iter().enumerate().step_by(1_009) {
        let order = orders[i % orders.len()];
        let start = exhaustive.board(cells);
        let expected = exhaustive.canonical(cells, order);
        let distance = exhaustive.distance[cells];
        // As in the single-tile metric, A* and bidirectional BFS promise an optimal
        // answer, not the canonical one.
        let mut algorithms = vec![
            (Algorithm::Table, true),
            (Algorithm::Bfs, true),
            (Algorithm::FastIdastar, true),
            (Algorithm::Bidirectional, false),
            (Algorithm::Astar, false),
        ];
        // The generic IDA* and IDDFS search a tree that grows some four times a move
        // (IDDFS with no estimate at all): the deepest boards take them seconds each.
        if distance <= 14 {
            algorithms.push((Algorithm::Idastar, true));
        }
        if distance <= 9 {
            algorithms.push((Algorithm::Iddfs, true));
        }
        let check = |options: &SolveOptions, canonical: bool| {
            let solution = solve(&start, &goal, options).unwrap();
            let what = format!("{} on {start} under {order:?}", options.algorithm);
            assert_eq!(solution.status, Status::Solved, "{what}");
            assert_eq!(solution.metric, Metric::MultiTile);
            assert!(solution.optimal);
            assert_eq!(solution.length(), Some(distance as usize), "{what}");
            let mut reached = start.clone();
            reached.apply_all(&solution.moves).unwrap();
            assert_eq!(reached, goal, "{what}");
            if canonical {
                assert_eq!(solution.moves, expected, "{what}");
            }
        };
        for (algorithm, canonical) in algorithms {
            check(&multi_tile(algorithm, order), canonical);
        }
        // Threads share the multi-tile IDA*'s iterations and give the same answer.
        let shared = SolveOptions {
            threads: 2,
            ..multi_tile(Algorithm::FastIdastar, order)
        };
        check(&shared, true);
        // A named single-tile heuristic is scaled to the metric, so it stays optimal.
        for kind in HeuristicKind::ALL.into_iter().filter(|_| distance <= 14) {
            let options = SolveOptions {
                estimate: EstimateChoice::Heuristic(kind),
                ..multi_tile(Algorithm::Idastar, order)
            };
            check(&options, true);
        }
    }
}

#[test]
fn optimal_solutions_are_counted_as_the_exhaustive_search_counts_them() {
    let exhaustive = Exhaustive::new(3, 3);
    let goal = Board::goal(Size::square(3).unwrap());
    let mut memo = HashMap::new();
    let options = SolveOptions {
        count_optimal: true,
        ..multi_tile(Algorithm::Auto, MoveOrder::DEFAULT)
    };
    let mut many = 0;
    for cells in exhaustive.boards().iter().step_by(97) {
        let start = exhaustive.board(cells);
        let expected = exhaustive.count(cells, &mut memo);
        many += usize::from(expected > 1);
        let solution = solve(&start, &goal, &options).unwrap();
        assert_eq!(solution.optimal_solutions, Some(Ok(expected)), "{start}");
        // The multi-tile IDA* counts with its own depth-first pass.
        let fast = SolveOptions {
            algorithm: Algorithm::FastIdastar,
            ..options.clone()
        };
        let solution = solve(&start, &goal, &fast).unwrap();
        assert_eq!(solution.optimal_solutions, Some(Ok(expected)), "{start}");
    }
    assert!(many > 100, "most boards have several optimal answers");
}

#[test]
fn what_counts_single_tile_moves_is_refused_in_words() {
    let goal = Board::goal(Size::square(4).unwrap());
    let fast = SolveOptions {
        estimate: EstimateChoice::Heuristic(HeuristicKind::Manhattan),
        ..multi_tile(Algorithm::FastIdastar, MoveOrder::DEFAULT)
    };
    let error = solve(&goal, &goal, &fast).unwrap_err().to_string();
    assert!(error.contains("multi-tile metric"), "{error}");
    let five = Board::goal(Size::square(5).unwrap());
    let error = solve(
        &five,
        &five,
        &multi_tile(Algorithm::FastIdastar, MoveOrder::DEFAULT),
    )
    .unwrap_err()
    .to_string();
    assert!(error.contains("(25 cells; at most 16)"), "{error}");
    // Few enough cells: the side is the reason, and the message says so (#48).
    let long = Board::goal(Size::new(7, 2).unwrap());
    let error = solve(
        &long,
        &long,
        &multi_tile(Algorithm::FastIdastar, MoveOrder::DEFAULT),
    )
    .unwrap_err()
    .to_string();
    assert!(
        error.contains("7x2 board (a side of 7 cells; at most 6)"),
        "{error}"
    );
    let database = SolveOptions {
        estimate: EstimateChoice::PatternDatabase {
            partition: "5-5-5".parse().unwrap(),
            reflection: true,
        },
        ..multi_tile(Algorithm::Auto, MoveOrder::DEFAULT)
    };
    let error = solve(&goal, &goal, &database).unwrap_err().to_string();
    assert!(error.contains("pattern databases"), "{error}");
}

#[test]
fn a_trace_follows_the_jumps_and_counts_them() {
    let start = npuzzle::parse_board("1 2 3/4 5 6/0 7 8", None).unwrap();
    let goal = Board::goal(start.size());
    for algorithm in [Algorithm::Bfs, Algorithm::Idastar] {
        let options = multi_tile(algorithm, MoveOrder::DEFAULT);
        let trace = npuzzle::services::trace::trace(&start, &goal, &options, 100).unwrap();
        assert_eq!(trace.solution.length(), Some(1), "{algorithm}");
        assert_eq!(npuzzle::moves_to_string(&trace.solution.moves), "rr");
        let report = trace.report(&start, &goal);
        assert_eq!((report.metric.as_str(), report.length), ("mtm", Some(1)));
    }
}

#[test]
fn threads_give_the_answer_one_thread_gives_on_the_fifteen_puzzle() {
    // The walking distance alone guides these (no database is built in an empty cache
    // that may not be written): boards a few dozen random steps from the goal.
    let dir = std::env::temp_dir().join(format!("npuzzle-mtm-{}", std::process::id()));
    let goal = Board::goal(Size::square(4).unwrap());
    let mut seed: u64 = 38;
    for board in 0..12 {
        let mut start = goal.clone();
        for _ in 0..30 + 2 * board {
            seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
            let mv = Move::ALL[(seed >> 33) as usize % 4];
            start.apply(mv);
        }
        let options = |threads| SolveOptions {
            threads,
            build_tables: false,
            cache: Some(npuzzle::tables::cache::Cache::new(&dir)),
            ..multi_tile(Algorithm::Auto, MoveOrder::DEFAULT)
        };
        let one = solve(&start, &goal, &options(1)).unwrap();
        assert_eq!(one.estimate.as_deref(), Some("walking-distance"));
        for threads in [2, 3] {
            let many = solve(&start, &goal, &options(threads)).unwrap();
            assert_eq!(many.moves, one.moves, "{start} on {threads} threads");
            assert_eq!(many.length(), one.length());
            // The path held: its moves and the start.
            let held = one.length().unwrap() as u64 + 1;
            assert_eq!((one.stats.peak_nodes, many.stats.peak_nodes), (held, held));
        }
    }
}

/// Boards near the goal of the sizes the multi-tile searches answer (sides of 5 and 6,
/// and 3x4), made once for every case.
fn near(which: usize) -> &'static Exhaustive {
    const SIZES: [(usize, usize, u32); 5] =
        [(5, 3, 9), (3, 5, 9), (6, 2, 12), (2, 6, 12), (3, 4, 9)];
    static NEAR: [OnceLock<Exhaustive>; 5] = [const { OnceLock::new() }; 5];
    let (width, height, moves) = SIZES[which];
    NEAR[which].get_or_init(|| Exhaustive::within(width, height, moves))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    /// `auto` (the multi-tile IDA* guided by the walking distance), the classic IDA*
    /// (with the walking distance beside linear conflict, moves along one line in a
    /// row pruned) and the multi-tile IDA* on two threads answer a random walk from the
    /// goal with the canonical answer of the exhaustive search, under any move order.
    #[test]
    fn answers_on_random_walks_are_optimal_and_canonical(
        which in 0usize..5,
        walk in proptest::collection::vec(any::<u8>(), 0..13),
        order in 0usize..24,
    ) {
        let exhaustive = near(which);
        let moves_in_reach = *exhaustive.distance.values().max().unwrap() as usize;
        let order = MoveOrder::all()[order];
        let mut cells: Vec<u8> = (1..(exhaustive.width * exhaustive.height) as u8).chain([0]).collect();
        for pick in walk.into_iter().take(moves_in_reach) {
            let jumps = exhaustive.jumps(&cells, order);
            cells = jumps[usize::from(pick) % jumps.len()].2.clone();
        }
        let start = exhaustive.board(&cells);
        let goal = Board::goal(start.size());
        let expected = exhaustive.canonical(&cells, order);
        let options = |algorithm, threads| SolveOptions {
            threads,
            build_tables: false,
            ..multi_tile(algorithm, order)
        };
        for (algorithm, threads) in [(Algorithm::Auto, 1), (Algorithm::Idastar, 1), (Algorithm::FastIdastar, 2)] {
            let solution = solve(&start, &goal, &options(algorithm, threads)).unwrap();
            prop_assert!(solution.optimal);
            prop_assert_eq!(solution.length(), Some(exhaustive.distance[&cells] as usize));
            prop_assert_eq!(&solution.moves, &expected, "{} on {}", algorithm, start);
        }
    }
}
