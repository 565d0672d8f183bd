//! One beam search of a fixed width on each board read from standard input (a board a
//! line; anything after a `|` is ignored, as in `data/deepcubea/`), towards the standard
//! goal: prints each answer's length and moves (`none` where the beam lost its way), then
//! the mean length and time. How two rankings are set side by side at the same width,
//! which the time limit of `solve` would make differ.
//!
//! ```sh
//! cargo run --release --example beam_paths -- 16384 linear < data/deepcubea/deepcubea35-dev.txt
//! cargo run --release --example beam_paths -- 16384 network < data/deepcubea/deepcubea35-dev.txt
//! cargo run --release --example beam_paths -- 16384 new.net < boards.txt   # weights of davi_train
//! ```

use std::io::BufRead;
use std::time::Instant;

use npuzzle::fast_idastar::{Estimate, LinearConflict};
use npuzzle::solving::beam::{beam_search, Beam};
use npuzzle::solving::network_ranking::{NetworkRanking, NetworkWeights};
use npuzzle::{parse_board, Board, Move};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [width, ranking] = args.as_slice() else {
        return Err("usage: beam_paths WIDTH linear|network|WEIGHTS-FILE < boards".into());
    };
    let width: usize = width.parse()?;
    let (mut total, mut count, began) = (0usize, 0usize, Instant::now());
    for line in std::io::stdin().lock().lines() {
        let line = line?;
        let text = line.split('|').next().unwrap_or("").trim();
        if text.is_empty() || text.starts_with('#') {
            continue;
        }
        let start = parse_board(text, None)?;
        if !npuzzle::solving::beam::fits(start.size()) {
            return Err(format!(
                "{}: the beam takes at most 64 cells and 8 a side",
                start.size()
            )
            .into());
        }
        let goal = Board::goal(start.size());
        let beam = Beam {
            width,
            threads: 2,
            ..Beam::default()
        };
        let moves = match ranking.as_str() {
            "linear" => run(&start, &LinearConflict::new(&goal), &beam),
            "network" => {
                let network =
                    NetworkRanking::built_in(&goal).ok_or("no weights ship for this board")??;
                run(&start, &network, &beam)
            }
            file => {
                let weights = NetworkWeights::parse(&std::fs::read(file)?, start.size())?;
                run(&start, &NetworkRanking::new(&goal, weights), &beam)
            }
        };
        match moves {
            Some(moves) => {
                let text: String = moves.iter().map(ToString::to_string).collect();
                println!("{} {text}", moves.len());
                total += moves.len();
                count += 1;
            }
            None => println!("none"),
        }
    }
    eprintln!(
        "{count} answered, mean length {:.2}, {:.2} s a board",
        total as f64 / count.max(1) as f64,
        began.elapsed().as_secs_f64() / count.max(1) as f64
    );
    Ok(())
}

fn run<E: Estimate>(start: &Board, estimate: &E, beam: &Beam) -> Option<Vec<Move>> {
    beam_search(start, estimate, beam, &|| false).moves
}
