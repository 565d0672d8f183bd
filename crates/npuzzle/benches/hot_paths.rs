//! Criterion benchmarks of the hot paths: move generation, heuristic evaluation and
//! incremental update, ranking, table lookup, and whole 8-puzzle solves. `cargo bench -p npuzzle --bench hot_paths`

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion};
use npuzzle::puzzle::random::random_board;
use npuzzle::puzzle::rank::{rank, unrank};
use npuzzle::puzzle::state::{Packed, SearchState};
use npuzzle::{
    solve, Algorithm, Board, EstimateChoice, Heuristic, HeuristicKind, Move, MoveOrder, Size,
    SolveOptions,
};
use rand::SeedableRng;

fn boards(size: Size, count: usize) -> Vec<Board> {
    let goal = Board::goal(size);
    let mut rng = rand::rngs::StdRng::seed_from_u64(7);
    (0..count).map(|_| random_board(&goal, &mut rng)).collect()
}

fn move_generation(c: &mut Criterion) {
    let size = Size::square(4).unwrap();
    let states: Vec<Packed> = boards(size, 256).iter().map(Packed::from_board).collect();
    c.bench_function("packed 4x4: all successors of 256 states", |b| {
        b.iter(|| {
            let mut sum = 0u64;
            for s in &states {
                let blank = s.blank(16);
                for mv in Move::ALL {
                    if let Some(from) = size.step(blank, mv) {
                        sum ^= s.slide(blank, from).0;
                    }
                }
            }
            black_box(sum)
        });
    });
}

fn heuristics(c: &mut Criterion) {
    let size = Size::square(4).unwrap();
    let cells: Vec<Vec<u8>> = boards(size, 256)
        .iter()
        .map(|b| b.cells().iter().map(|&t| t as u8).collect())
        .collect();
    let goal = Board::goal(size);
    for kind in HeuristicKind::ALL {
        let h = Heuristic::new(kind, &goal);
        c.bench_function(&format!("{kind} on 256 4x4 boards"), |b| {
            b.iter(|| cells.iter().map(|c| h.estimate(black_box(c))).sum::<u32>());
        });
    }
}

fn incremental_update(c: &mut Criterion) {
    use npuzzle::fast_idastar::{Estimate, FastBoard, LinearConflict};
    let size = Size::square(4).unwrap();
    let goal = Board::goal(size);
    let estimate = LinearConflict::new(&goal);
    // Each board with the blank's first legal move already made, ready to update.
    let prepared: Vec<(FastBoard, _, u8, usize, usize)> = boards(size, 256)
        .iter()
        .map(|b| {
            let node = estimate.init(&FastBoard::new(b));
            let blank = b.blank();
            let from = Move::ALL.iter().find_map(|&m| size.step(blank, m)).unwrap();
            let mut moved = b.clone();
            moved.apply(Move::between(size, blank, from).unwrap());
            let tile = b.tile_at(from) as u8;
            (FastBoard::new(&moved), node, tile, from, blank)
        })
        .collect();
    c.bench_function("linear-conflict incremental update, 256 4x4 moves", |b| {
        b.iter(|| {
            prepared
                .iter()
                .map(|(board, node, tile, from, to)| {
                    estimate.value(&estimate.step(node, board, *tile, *from, *to))
                })
                .sum::<u32>()
        });
    });
}

fn table_lookup(c: &mut Criterion) {
    use npuzzle::tables::distance_table::{DistanceTable, Layout};
    let size = Size::square(3).unwrap();
    let table =
        DistanceTable::embedded(Layout::new(size, 8).unwrap()).expect("3x3 tables are embedded");
    let starts = boards(size, 256);
    c.bench_function("3x3 table: distance of 256 boards", |b| {
        b.iter(|| {
            starts
                .iter()
                .map(|s| table.distance(black_box(s)).unwrap())
                .sum::<usize>()
        });
    });
    c.bench_function("3x3 table: canonical path of 256 boards", |b| {
        b.iter(|| {
            starts
                .iter()
                .map(|s| table.path(black_box(s), MoveOrder::DEFAULT).unwrap().len())
                .sum::<usize>()
        });
    });
}

fn ranking(c: &mut Criterion) {
    let perms: Vec<Vec<u8>> = boards(Size::new(4, 3).unwrap(), 256)
        .iter()
        .map(|b| b.cells().iter().map(|&t| t as u8).collect())
        .collect();
    c.bench_function("rank 256 permutations of 12", |b| {
        b.iter(|| {
            perms
                .iter()
                .map(|p| rank(black_box(p)))
                .fold(0, u64::wrapping_add)
        });
    });
    c.bench_function("unrank 256 permutations of 12", |b| {
        b.iter(|| {
            (0..256u64)
                .map(|i| unrank(black_box(i * 1_000_003), 12)[0])
                .sum::<u8>()
        });
    });
}

fn eight_puzzle_solves(c: &mut Criterion) {
    let size = Size::square(3).unwrap();
    let goal = Board::goal(size);
    let starts = boards(size, 32);
    for (algorithm, heuristic) in [
        (Algorithm::Idastar, HeuristicKind::LinearConflict),
        (Algorithm::Astar, HeuristicKind::Manhattan),
    ] {
        let options = SolveOptions {
            algorithm,
            estimate: EstimateChoice::Heuristic(heuristic),
            ..SolveOptions::default()
        };
        c.bench_function(
            &format!("{algorithm}:{heuristic} on 32 random 8-puzzles"),
            |b| {
                b.iter(|| {
                    starts
                        .iter()
                        .map(|s| solve(s, &goal, &options).unwrap().moves.len())
                        .sum::<usize>()
                });
            },
        );
    }
}

criterion_group!(
    benches,
    move_generation,
    heuristics,
    incremental_update,
    ranking,
    table_lookup,
    eight_puzzle_solves
);
criterion_main!(benches);
