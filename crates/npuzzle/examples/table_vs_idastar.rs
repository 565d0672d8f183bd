//! Benchmark: optimal solutions from a distance table against IDA* with linear conflict
//! on the same seeded random boards. Run in release mode:
//!
//! ```sh
//! NPUZZLE_CACHE_DIR=/path/to/cache cargo run --release --example table_vs_idastar -- 3x4 1000 20
//! ```
//!
//! Arguments: board size, boards answered from the table, boards of those also solved
//! by IDA* (the slow side). A 12-cell table is built first if it is not cached.

use npuzzle::MoveOrder;
use std::time::Instant;

use npuzzle::puzzle::random::random_board;
use npuzzle::tables::cache::Cache;
use npuzzle::tables::distance_table::{shared, Layout, Need};
use npuzzle::util::progress::Silent;
use npuzzle::{solve, Algorithm, Board, EstimateChoice, HeuristicKind, Size, SolveOptions};
use rand::SeedableRng;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().collect();
    let size: Size = args.get(1).map_or("3x4", String::as_str).parse()?;
    let lookups: usize = args.get(2).map_or(Ok(1000), |a| a.parse())?;
    let searches: usize = args.get(3).map_or(Ok(20), |a| a.parse())?;
    let goal = Board::goal(size);

    let started = Instant::now();
    let table = shared(
        Layout::for_goal(&goal)?,
        &Cache::from_env(),
        Need::Always,
        &npuzzle::search::Limits::NONE,
        &Silent,
    )?
    .expect("built when needed");
    println!(
        "{size}: table ready in {:.3} s",
        started.elapsed().as_secs_f64()
    );

    let mut rng = rand::rngs::StdRng::seed_from_u64(1);
    let boards: Vec<Board> = (0..lookups)
        .map(|_| random_board(&goal, &mut rng))
        .collect();
    let started = Instant::now();
    let mut total_moves = 0;
    let mut paths = Vec::with_capacity(boards.len());
    for board in &boards {
        let path = table.path(board, MoveOrder::DEFAULT).expect("solvable");
        total_moves += path.len();
        paths.push(path);
    }
    let table_seconds = started.elapsed().as_secs_f64() / lookups as f64;
    println!(
        "table:  {lookups} boards, mean length {:.2}, {:.2} us per optimal path",
        total_moves as f64 / lookups as f64,
        table_seconds * 1e6
    );

    let options = SolveOptions {
        algorithm: Algorithm::Idastar,
        estimate: EstimateChoice::Heuristic(HeuristicKind::LinearConflict),
        ..SolveOptions::default()
    };
    let started = Instant::now();
    let mut expanded = 0;
    for (board, path) in boards.iter().zip(&paths).take(searches) {
        let solution = solve(board, &goal, &options)?;
        assert_eq!(
            &solution.moves, path,
            "IDA* and the table disagree on {board}"
        );
        expanded += solution.stats.expanded;
    }
    let searches = searches.min(lookups);
    if searches > 0 {
        let idastar_seconds = started.elapsed().as_secs_f64() / searches as f64;
        println!(
            "IDA* (linear conflict): {searches} of the same boards, same paths, {:.2} ms and \
             {} expanded nodes per board",
            idastar_seconds * 1e3,
            expanded / searches as u64
        );
        println!(
            "ratio: the table is {:.0}x faster",
            idastar_seconds / table_seconds
        );
    }
    Ok(())
}
