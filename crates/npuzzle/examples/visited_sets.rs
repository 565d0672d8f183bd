//! Measures hash-map against rank-indexed visited sets, side by side on the same random
//! 8-puzzles: `cargo run --release -p npuzzle --example visited_sets [COUNT]`.

use std::time::Instant;

use npuzzle::puzzle::random::random_board;
use npuzzle::{
    solve, Algorithm, Board, EstimateChoice, HeuristicKind, Size, SolveOptions, Visited,
};
use rand::SeedableRng;

fn main() {
    let count: usize = std::env::args()
        .nth(1)
        .map_or(1000, |c| c.parse().expect("COUNT is a number"));
    let goal = Board::goal(Size::square(3).expect("3x3"));
    let mut rng = rand::rngs::StdRng::seed_from_u64(1);
    let boards: Vec<Board> = (0..count).map(|_| random_board(&goal, &mut rng)).collect();
    println!("{count} random 8-puzzles");
    println!(
        "{:<14} {:<7} {:>12} {:>10} {:>14}",
        "algorithm", "visited", "expanded", "seconds", "ns/expansion"
    );
    for algorithm in [Algorithm::Bfs, Algorithm::Bidirectional, Algorithm::Astar] {
        for visited in [Visited::Hash, Visited::Ranked] {
            let options = SolveOptions {
                algorithm,
                estimate: EstimateChoice::Heuristic(HeuristicKind::Manhattan),
                visited,
                ..SolveOptions::default()
            };
            let started = Instant::now();
            let expanded: u64 = boards
                .iter()
                .map(|b| solve(b, &goal, &options).expect("same size").stats.expanded)
                .sum();
            let seconds = started.elapsed().as_secs_f64();
            println!(
                "{:<14} {:<7} {:>12} {:>10.3} {:>14.0}",
                algorithm.name(),
                visited.name(),
                expanded,
                seconds,
                seconds * 1e9 / expanded as f64
            );
        }
    }
}
