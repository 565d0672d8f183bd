//! `npuzzle check`: a solution checker, usable as a special judge. Exit code 0 when the
//! moves solve the board optimally, 1 when they do not (or not optimally).

use std::io::{self, Write};
use std::process::ExitCode;

use npuzzle::{parse_moves, solve, SolveOptions, Status};
use serde::Serialize;

use super::read_boards;
use crate::args::CheckArgs;

/// What the checker found, as JSON.
#[derive(Serialize)]
struct Verdict {
    /// Whether the moves are legal and end on the goal.
    valid: bool,
    /// Whether they are also as few as possible (null when that could not be decided).
    optimal: Option<bool>,
    /// Number of moves given.
    length: usize,
    /// The fewest moves possible (null when unknown or unreachable).
    minimum: Option<usize>,
    /// A sentence saying what was found.
    message: String,
}

pub fn run(args: CheckArgs) -> anyhow::Result<ExitCode> {
    let (start, goal) = read_boards(&args.board, &args.boards)?;
    let moves = parse_moves(&args.moves).map_err(|e| anyhow::anyhow!("moves: {e}"))?;
    let mut board = start.clone();
    let mut verdict = Verdict {
        valid: false,
        optimal: None,
        length: moves.len(),
        minimum: None,
        message: String::new(),
    };
    if let Err(index) = board.apply_all(&moves) {
        verdict.message = format!(
            "invalid: move {} ('{}') takes the blank off the board",
            index + 1,
            moves[index]
        );
    } else if board != goal {
        verdict.message = format!("invalid: the moves end on {board}, not on the goal {goal}");
    } else {
        verdict.valid = true;
    }
    if verdict.valid {
        let options = SolveOptions {
            limits: args.limits.limits()?,
            cache: args.cache_dir.clone().map(npuzzle::cache::Cache::new),
            ..SolveOptions::default()
        };
        let best = solve(&start, &goal, &options)?;
        match best.status {
            Status::Solved => {
                let minimum = best.moves.len();
                verdict.minimum = Some(minimum);
                verdict.optimal = Some(moves.len() == minimum);
                verdict.message = if moves.len() == minimum {
                    format!(
                        "valid and optimal: {} moves reach the goal, the fewest possible",
                        moves.len()
                    )
                } else {
                    format!(
                        "valid but not optimal: {} moves reach the goal; the fewest is {minimum}",
                        moves.len()
                    )
                };
            }
            Status::GaveUp(why) => {
                verdict.message = format!(
                    "valid: {} moves reach the goal; optimality unknown ({why})",
                    moves.len()
                );
            }
            Status::Unsolvable => unreachable!("the moves reached the goal"),
        }
    }
    let mut out = io::stdout().lock();
    if args.json {
        serde_json::to_writer(&mut out, &verdict)?;
        writeln!(out)?;
    } else {
        writeln!(out, "{}", verdict.message)?;
    }
    Ok(if verdict.valid && verdict.optimal != Some(false) {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}
