//! One module per subcommand; each turns parsed flags into library calls.

mod batch;
mod bench;
mod bench_file;
mod check;
mod compare;
mod judge;
mod pdb;
mod random;
mod serve;
mod solve;
mod stats;

use std::io::Read;
use std::process::ExitCode;

use anyhow::Context;
use npuzzle::{parse_board, Board, Size};

use crate::args::{BoardArgs, Cli, Command};

/// Runs the chosen subcommand.
pub fn run(cli: Cli) -> anyhow::Result<ExitCode> {
    match cli.command {
        Command::Solve(args) => solve::run(args),
        Command::Compare(args) => compare::run(args),
        Command::Check(args) => check::run(args),
        Command::Random(args) => random::run(args),
        Command::Batch(args) => batch::run(args),
        Command::Bench(args) => bench::run(args),
        Command::Judge(format) => judge::run(format),
        Command::Stats(args) => stats::run(args),
        Command::Serve(args) => serve::run(args),
        Command::Pdb(command) => pdb::run(command),
        Command::BenchFile(args) => bench_file::run(args),
    }
}

/// Reads the start board (`-` for stdin) and the goal they name.
pub fn read_boards(board: &str, args: &BoardArgs) -> anyhow::Result<(Board, Board)> {
    let text = if board == "-" {
        let mut text = String::new();
        std::io::stdin()
            .read_to_string(&mut text)
            .context("reading the board from stdin")?;
        text
    } else {
        board.to_string()
    };
    let start =
        parse_board(&text, args.size).with_context(|| format!("board '{}'", text.trim()))?;
    let goal = read_goal(args.goal.as_deref(), start.size())?;
    Ok((start, goal))
}

/// The goal named by `--goal`, or the standard goal of `size`.
pub fn read_goal(goal: Option<&str>, size: Size) -> anyhow::Result<Board> {
    match goal {
        None => Ok(Board::goal(size)),
        Some(text) => {
            let goal = parse_board(text, Some(size)).with_context(|| format!("goal '{text}'"))?;
            Ok(goal)
        }
    }
}

/// The goal of a command with no board to take a size from: `--goal` when given (square
/// goals name their own size; `size` shapes one that is not square), else the standard
/// goal of `size`, else of `default`.
pub fn goal_or_standard(
    goal: Option<&str>,
    size: Option<Size>,
    default: Size,
) -> anyhow::Result<Board> {
    match goal {
        Some(text) => parse_board(text, size).with_context(|| format!("goal '{text}'")),
        None => Ok(Board::goal(size.unwrap_or(default))),
    }
}

/// The board drawn as a grid, columns aligned.
pub fn grid(board: &Board) -> String {
    let width = board
        .cells()
        .iter()
        .max()
        .map_or(1, |m| m.to_string().len());
    let mut out = String::new();
    for row in board.cells().chunks(board.size().width) {
        let cells: Vec<String> = row
            .iter()
            .map(|&t| {
                if t == 0 {
                    format!("{:>width$}", "_")
                } else {
                    format!("{t:>width$}")
                }
            })
            .collect();
        out.push_str(&cells.join(" "));
        out.push('\n');
    }
    out
}
