//! `npuzzle random`: uniformly random solvable boards, or random walks from the goal (plain or
//! lazy, DeepCubeA's).

use std::io::{self, Write};
use std::process::ExitCode;

use npuzzle::puzzle::random::{random_board, random_walk};
use npuzzle::Size;
use rand::rngs::StdRng;
use rand::SeedableRng;

use crate::args::RandomArgs;
use crate::input::goal_alone;

pub fn run(args: &RandomArgs) -> anyhow::Result<ExitCode> {
    let three = Size::square(3).expect("3x3 is a size");
    let goal = goal_alone(args.goal.goal.as_deref(), args.goal.size, three)?;
    let mut rng = match args.seed {
        Some(seed) => StdRng::seed_from_u64(seed),
        None => StdRng::from_entropy(),
    };
    let mut out = io::BufWriter::new(io::stdout().lock());
    for _ in 0..args.count {
        let board = match (args.walk, args.lazy_walk) {
            (Some(steps), _) => random_walk(&goal, steps, &mut rng),
            (None, Some(walk)) => walk.draw(&goal, &mut rng),
            (None, None) => random_board(&goal, &mut rng),
        };
        if args.flat {
            let cells: Vec<String> = board.cells().iter().map(u32::to_string).collect();
            writeln!(out, "{}", cells.join(" "))?;
        } else {
            writeln!(out, "{board}")?;
        }
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}
