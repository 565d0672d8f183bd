//! Constructive solving on big random boards: moves against Parberry's bounds, and what
//! each shortening pass saves.
//! `cargo run --release -p npuzzle --example constructive_report [SIDE...]`

use std::time::Instant;

use npuzzle::puzzle::random::random_board;
use npuzzle::solving::constructive::{construct, shorten_by_windows};
use npuzzle::{Board, Size};
use rand::SeedableRng;

fn main() {
    let sides: Vec<usize> = std::env::args()
        .skip(1)
        .map(|a| a.parse().expect("a side length"))
        .collect();
    let sides = if sides.is_empty() {
        vec![10, 30, 100]
    } else {
        sides
    };
    println!("| n | construct s | raw moves | after cancelling | windows s | after windows | moves / n³ | 5n³ |");
    println!("|---|---|---|---|---|---|---|---|");
    for n in sides {
        let goal = Board::goal(Size::square(n).expect("side"));
        let start = random_board(&goal, &mut rand::rngs::StdRng::seed_from_u64(1));
        let t = Instant::now();
        let built = construct(&start, &goal).expect("solvable");
        let construct_s = t.elapsed().as_secs_f64();
        let t = Instant::now();
        let shorter = shorten_by_windows(&start, &built.moves, 24, 12);
        let windows_s = t.elapsed().as_secs_f64();
        let cube = (n * n * n) as f64;
        println!(
            "| {n} | {construct_s:.3} | {} | {} | {windows_s:.3} | {} | {:.2} | {} |",
            built.raw_length,
            built.moves.len(),
            shorter.len(),
            shorter.len() as f64 / cube,
            5 * n * n * n
        );
    }
}
