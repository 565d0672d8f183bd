//! Checked against a breadth-first search of whole boards written here, not the library's.

use super::*;
use crate::puzzle::board::Size;
use crate::puzzle::move_order::MoveOrder;
use crate::tables::multi_tile_database::{Colouring, MultiTileDatabase};
use crate::util::progress::Silent;
use rand::{Rng, SeedableRng};
use std::collections::{HashMap, VecDeque};
use std::sync::Arc;

type Cells = Vec<u8>;

/// Every multi-tile move from `cells` in `order`, shortest jump first: the move's steps
/// and the board after it.
fn jumps(size: Size, cells: &Cells, order: MoveOrder) -> Vec<(Vec<Move>, Cells)> {
    let blank = cells.iter().position(|&t| t == 0).unwrap();
    let mut out = Vec::new();
    for mv in order {
        let mut next = cells.clone();
        let mut hole = blank;
        let mut steps = Vec::new();
        while let Some(cell) = size.step(hole, mv) {
            next.swap(hole, cell);
            hole = cell;
            steps.push(mv);
            out.push((steps.clone(), next.clone()));
        }
    }
    out
}

/// Multi-tile distances to `goal` of every board at most `depth` moves from it.
fn distances(size: Size, goal: &Cells, depth: u32) -> HashMap<Cells, u32> {
    let mut distance = HashMap::from([(goal.clone(), 0)]);
    let mut queue = VecDeque::from([goal.clone()]);
    while let Some(cells) = queue.pop_front() {
        let d = distance[&cells];
        if d == depth {
            continue;
        }
        for (_, next) in jumps(size, &cells, MoveOrder::DEFAULT) {
            if !distance.contains_key(&next) {
                distance.insert(next.clone(), d + 1);
                queue.push_back(next);
            }
        }
    }
    distance
}

/// The smallest optimal answer in `order`: at each step the first move that gets closer.
fn canonical(
    size: Size,
    start: &Cells,
    distance: &HashMap<Cells, u32>,
    order: MoveOrder,
) -> Vec<Move> {
    let mut cells = start.clone();
    let mut steps = Vec::new();
    while distance[&cells] > 0 {
        let (jump, next) = jumps(size, &cells, order)
            .into_iter()
            .find(|(_, next)| distance.get(next) == Some(&(distance[&cells] - 1)))
            .unwrap();
        steps.extend(jump);
        cells = next;
    }
    steps
}

/// The number of optimal answers, by layers of the distances.
fn path_counts(size: Size, distance: &HashMap<Cells, u32>) -> HashMap<Cells, u128> {
    let mut by_depth: Vec<&Cells> = distance.keys().collect();
    by_depth.sort_by_key(|c| distance[*c]);
    let mut counts: HashMap<Cells, u128> = HashMap::new();
    for cells in by_depth {
        let d = distance[cells];
        let count = if d == 0 {
            1
        } else {
            jumps(size, cells, MoveOrder::DEFAULT)
                .iter()
                .filter(|(_, next)| distance.get(next) == Some(&(d - 1)))
                .map(|(_, next)| counts[next])
                .sum()
        };
        counts.insert(cells.clone(), count);
    }
    counts
}

fn board(size: Size, cells: &Cells) -> Board {
    Board::new(size, cells.iter().map(|&t| u32::from(t)).collect()).unwrap()
}

fn cells_of(board: &Board) -> Cells {
    board.cells().iter().map(|&t| t as u8).collect()
}

const ORDERS: [MoveOrder; 2] = [
    MoveOrder::DEFAULT,
    MoveOrder::new([Move::Up, Move::Down, Move::Right, Move::Left]).expect("each move once"),
];

/// Move pruning by words of up to 8 and 9 jumps, from a search's first node.
const PRUNE_8: fn(u64) -> Option<usize> = |_| Some(8);
const PRUNE_9: fn(u64) -> Option<usize> = |_| Some(9);

/// Solves every `every`-th board of `distance` (all with 1) under both orders, and
/// counts the optimal answers of every `count_every`-th.
fn check<E: JumpEstimate>(
    goal: &Board,
    estimate: &E,
    distance: &HashMap<Cells, u32>,
    every: usize,
    count_every: usize,
) {
    let size = goal.size();
    let counts = path_counts(size, distance);
    let mut boards: Vec<&Cells> = distance.keys().collect();
    boards.sort();
    for (i, cells) in boards
        .into_iter()
        .enumerate()
        .filter(|(i, _)| i % every == 0)
    {
        let start = board(size, cells);
        for order in ORDERS {
            let settings = RunSettings {
                order,
                ..RunSettings::default()
            };
            let (moves, _) = search(&start, goal, estimate, &settings);
            let moves = moves.unwrap();
            assert_eq!(
                moves,
                canonical(size, cells, distance, order),
                "{start} {order:?}"
            );
            // Move pruning from the first node, with each length a search takes.
            for pruning in [PRUNE_8, PRUNE_9] {
                let (pruned, _) = search_pruned(&start, goal, estimate, &settings, pruning);
                assert_eq!(pruned.unwrap(), moves, "{start} {order:?}, pruned");
            }
            assert_eq!(
                crate::puzzle::metric::Metric::MultiTile.length(&moves) as u32,
                distance[cells]
            );
        }
        if i % count_every == 0 {
            let (count, _) = count_optimal(&start, goal, estimate, distance[cells], &Limits::NONE);
            assert_eq!(count.unwrap(), counts[cells], "{start}");
        }
    }
}

#[test]
fn walking_distance_search_gives_the_canonical_answer_and_the_counts() {
    for (width, height, every, count_every) in [(3, 2, 1, 1), (2, 3, 1, 1), (3, 3, 23, 97)] {
        let size = Size::new(width, height).unwrap();
        for goal in [Board::goal(size), Board::blank_first_goal(size)] {
            let walking = WalkingDistance::new(&goal).unwrap();
            let distance = distances(size, &cells_of(&goal), u32::MAX);
            check(&goal, &walking, &distance, every, count_every);
        }
    }
}

#[test]
fn the_coloured_database_is_admissible_and_its_search_canonical_for_any_goal_with_the_blank_last() {
    let size = Size::square(3).unwrap();
    let colouring = Colouring::new(size, &[vec![1, 2, 4], vec![3, 5, 6], vec![7, 8]]).unwrap();
    let database = Arc::new(MultiTileDatabase::build(colouring, &Silent, None).unwrap());
    let other = Colouring::new(size, &[vec![1, 2, 3], vec![4, 7], vec![5, 6, 8]]).unwrap();
    let other = Arc::new(MultiTileDatabase::build(other, &Silent, None).unwrap());
    // A goal whose tiles are shuffled, the blank last: read through the renaming.
    let goal = board(size, &vec![4, 1, 7, 2, 8, 3, 6, 5, 0]);
    let distance = distances(size, &cells_of(&goal), u32::MAX);
    // Five colours: the 15-puzzle's fine table has five, read third.
    let five = Colouring::new(
        size,
        &[vec![1, 5], vec![2, 6], vec![3, 7], vec![4], vec![8]],
    );
    let five = Arc::new(MultiTileDatabase::build(five.unwrap(), &Silent, None).unwrap());
    assert_eq!(five.entries(), 9 * 8 * 7 * 6 * 5 * 4 * 3 * 2 / 8);
    // And a second five-colour one, read fourth as the 15-puzzle's blocks are.
    let blocks = Colouring::new(
        size,
        &[vec![1, 4], vec![2, 3], vec![5, 8], vec![6], vec![7]],
    );
    let blocks = Arc::new(MultiTileDatabase::build(blocks.unwrap(), &Silent, None).unwrap());
    // And a third, read fifth as the 15-puzzle's L-shapes are.
    let ells = Colouring::new(
        size,
        &[vec![1, 2], vec![3, 6], vec![4, 7], vec![5], vec![8]],
    );
    let ells = Arc::new(MultiTileDatabase::build(ells.unwrap(), &Silent, None).unwrap());
    let one = vec![Arc::clone(&database)];
    let two = vec![Arc::clone(&other), Arc::clone(&database)];
    let three = vec![Arc::clone(&other), Arc::clone(&database), Arc::clone(&five)];
    let four = vec![
        Arc::clone(&other),
        Arc::clone(&database),
        Arc::clone(&five),
        Arc::clone(&blocks),
    ];
    let with_ells = vec![
        Arc::clone(&other),
        Arc::clone(&database),
        Arc::clone(&five),
        Arc::clone(&blocks),
        Arc::clone(&ells),
    ];
    let cases = [
        (&one, false),
        (&one, true),
        (&two, false),
        (&three, false),
        (&four, false),
        (&with_ells, false),
    ];
    for (databases, walking) in cases {
        let estimate = ColouredEstimate::new(databases, &goal, walking).unwrap();
        let mut informative = 0;
        for (cells, &d) in &distance {
            let h = estimate.value(&estimate.init(cells));
            assert!(h <= d, "{cells:?}: {h} > {d}");
            informative += u64::from(h);
        }
        assert!(informative * 2 > distance.values().map(|&d| u64::from(d)).sum::<u64>());
        check(&goal, &estimate, &distance, 29, 211);
    }
    // Databases together are the largest of each alone, and above the others somewhere.
    let [five_of_them, every, all, both, first, second, third, fourth, fifth] = [
        with_ells,
        four,
        three,
        two.clone(),
        vec![other],
        one.clone(),
        vec![Arc::clone(&five)],
        vec![Arc::clone(&blocks)],
        vec![Arc::clone(&ells)],
    ]
    .map(|databases| ColouredEstimate::new(&databases, &goal, false).unwrap());
    let (mut above, mut third_above, mut fourth_above, mut fifth_above) = (0, 0, 0, 0);
    for cells in distance.keys() {
        let value = |estimate: &ColouredEstimate| estimate.value(&estimate.init(cells));
        let (h, h1, h2, h3) = (value(&both), value(&first), value(&second), value(&third));
        let (h4, h5) = (value(&fourth), value(&fifth));
        assert_eq!(h, h1.max(h2), "{cells:?}");
        assert_eq!(value(&all), h.max(h3), "{cells:?}");
        assert_eq!(value(&every), h.max(h3).max(h4), "{cells:?}");
        assert_eq!(value(&five_of_them), h.max(h3).max(h4).max(h5), "{cells:?}");
        above += u32::from(h > h2);
        third_above += u32::from(h3 > h);
        fourth_above += u32::from(h4 > h.max(h3));
        fifth_above += u32::from(h5 > h.max(h3).max(h4));
    }
    assert!(above > 0 && third_above > 0 && fourth_above > 0 && fifth_above > 0);
    let blank_first = Board::blank_first_goal(size);
    assert!(ColouredEstimate::new(&one, &blank_first, false).is_none());
    assert!(ColouredEstimate::new(&[], &goal, false).is_none());
    let six = [
        Arc::clone(&database),
        Arc::clone(&database),
        five,
        blocks,
        ells,
        database,
    ];
    assert!(ColouredEstimate::new(&six, &goal, false).is_none());
}

#[test]
fn boards_near_the_fifteen_puzzle_goal_and_a_four_by_three_database() {
    let mut rng = rand::rngs::StdRng::seed_from_u64(38);
    let fifteen = Size::square(4).unwrap();
    let four_three = Size::new(4, 3).unwrap();
    let colouring = Colouring::new(
        four_three,
        &[vec![1, 2, 5], vec![3, 4, 7, 8], vec![6, 9, 10], vec![11]],
    )
    .unwrap();
    let database = Arc::new(MultiTileDatabase::build(colouring, &Silent, None).unwrap());
    // The 15-puzzle's small database (base-4 numbering, 16 cells), built in a second.
    let small =
        Arc::new(MultiTileDatabase::build(Colouring::fifteen_small(), &Silent, None).unwrap());
    for size in [fifteen, four_three] {
        let goal = Board::goal(size);
        let depth = 6;
        let distance = distances(size, &cells_of(&goal), depth);
        let walking = WalkingDistance::new(&goal).unwrap();
        let fits = if size == fifteen { &small } else { &database };
        let coloured = ColouredEstimate::new(&[Arc::clone(fits)], &goal, false);
        assert!(coloured.is_some());
        for _ in 0..30 {
            let mut cells = cells_of(&goal);
            for _ in 0..rng.gen_range(1..=depth) {
                let options = jumps(size, &cells, MoveOrder::DEFAULT);
                cells = options[rng.gen_range(0..options.len())].1.clone();
            }
            let start = board(size, &cells);
            let want = canonical(size, &cells, &distance, MoveOrder::DEFAULT);
            let (moves, _) = search(&start, &goal, &walking, &RunSettings::default());
            assert_eq!(moves.unwrap(), want, "{start}");
            if let Some(coloured) = &coloured {
                for threads in [1, 2] {
                    let settings = RunSettings {
                        threads,
                        ..RunSettings::default()
                    };
                    let (moves, _) = search(&start, &goal, coloured, &settings);
                    assert_eq!(moves.unwrap(), want, "{start} on {threads} threads");
                }
            }
        }
    }
}

#[test]
fn boards_near_the_five_by_three_goal_and_its_small_database_beside_the_walking_distance() {
    // The 5x3 board's small database (its rows: 3,783,780 entries), built in a second,
    // with the walking distance beside it as the plan reads them.
    let size = Size::new(5, 3).unwrap();
    let small = Arc::new(
        MultiTileDatabase::build(Colouring::five_by_three_small(), &Silent, None).unwrap(),
    );
    let goal = Board::goal(size);
    let coloured = ColouredEstimate::new(&[small], &goal, true).unwrap();
    let depth = 7;
    let distance = distances(size, &cells_of(&goal), depth);
    // Admissible on every board within reach; at least the walking distance.
    let walking = WalkingDistance::new(&goal).unwrap();
    for (cells, &moves) in &distance {
        let start = board(size, cells);
        let estimate = coloured.value(&coloured.init(cells));
        assert!(estimate <= moves, "{start}: {estimate} > {moves}");
        assert!(estimate >= walking.estimate_board(&start), "{start}");
    }
    let mut rng = rand::rngs::StdRng::seed_from_u64(53);
    let mut cells_all: Vec<&Cells> = distance.keys().collect();
    cells_all.sort();
    for _ in 0..40 {
        let cells = cells_all[rng.gen_range(0..cells_all.len())];
        let start = board(size, cells);
        for order in [
            MoveOrder::DEFAULT,
            MoveOrder::new([Move::Up, Move::Right, Move::Down, Move::Left]).unwrap(),
        ] {
            let want = canonical(size, cells, &distance, order);
            for threads in [1, 2] {
                let settings = RunSettings {
                    order,
                    threads,
                    ..RunSettings::default()
                };
                let (moves, _) = search(&start, &goal, &coloured, &settings);
                assert_eq!(moves.unwrap(), want, "{start} on {threads} threads");
            }
        }
    }
}

#[test]
fn limits_stop_the_search() {
    let start = board(
        Size::square(4).unwrap(),
        &vec![15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 1, 2, 0],
    );
    let goal = Board::goal(start.size());
    let walking = WalkingDistance::new(&goal).unwrap();
    let settings = RunSettings {
        limits: Limits {
            max_expanded: Some(1_000),
            ..Limits::NONE
        },
        ..RunSettings::default()
    };
    let (moves, stats) = search(&start, &goal, &walking, &settings);
    assert_eq!(moves, Err(GiveUp::Expanded(1_000)));
    assert_eq!(stats.expanded, 1_000);
    let cancel = crate::util::cancel::CancelToken::new();
    cancel.cancel();
    let settings = RunSettings {
        limits: Limits {
            cancel: Some(cancel),
            ..Limits::NONE
        },
        ..RunSettings::default()
    };
    let (moves, _) = search(&start, &goal, &walking, &settings);
    assert_eq!(moves, Err(GiveUp::Interrupted));
}

#[test]
fn boards_with_a_side_of_five_or_six_get_the_canonical_answer_and_the_counts() {
    // Too many boards to list them all: every board within a few moves of the goal
    // (more moves where rows are few and boards fewer), on one thread and two.
    for (width, height, depth) in [(5, 3, 6), (3, 5, 6), (6, 2, 9), (2, 6, 9), (5, 2, 9)] {
        let size = Size::new(width, height).unwrap();
        for goal in [Board::goal(size), Board::blank_first_goal(size)] {
            let walking = WalkingDistance::new(&goal).unwrap();
            let distance = distances(size, &cells_of(&goal), depth);
            check(&goal, &walking, &distance, 53, 7);
            let mut far: Vec<&Cells> = distance.keys().filter(|c| distance[*c] == depth).collect();
            far.sort();
            for cells in far.into_iter().step_by(101) {
                let start = board(size, cells);
                let settings = RunSettings {
                    threads: 2,
                    ..RunSettings::default()
                };
                let (moves, _) = search(&start, &goal, &walking, &settings);
                let want = canonical(size, cells, &distance, MoveOrder::DEFAULT);
                assert_eq!(moves.unwrap(), want, "{start} on two threads");
                let (pruned, _) = search_pruned(&start, &goal, &walking, &settings, PRUNE_9);
                assert_eq!(pruned.unwrap(), want, "{start} on two threads, pruned");
            }
        }
    }
}
