//! `npuzzle check`: a solution checker, usable as a special judge.
//!
//! Optimality is claimed only when it is proven: by an optimal search, or by the answer's
//! length meeting a lower bound (Manhattan distance plus linear conflicts). A shorter
//! answer found by any method proves the given one is not optimal. Otherwise the verdict
//! is "optimality unknown". Exit codes: 0 valid and optimal; 1 invalid, or valid but not
//! optimal; 3 valid, optimality unknown (a limit stopped the search, or no optimal search
//! is run for the size).

use std::io::{self, Write};
use std::process::ExitCode;
use std::time::Duration;

use npuzzle::heuristic::{Heuristic, HeuristicKind};
use npuzzle::{parse_moves, solve, Algorithm, Board, Move, SolveOptions, Status};
use serde::Serialize;
use serde_json::Value;

use super::{LimitDefaults, GAVE_UP};
use crate::args::CheckArgs;
use crate::input::{argument_or_stdin, start_and_goal};
use crate::output::{self, Format, Render};

/// How long the optimal search of a board past `auto`'s optimal reach may take unless
/// `--max-seconds` says otherwise.
const BIG_BOARD_SECONDS: f64 = 10.0;

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
    /// A proven lower bound on the fewest moves (null when the moves are invalid).
    lower_bound: Option<usize>,
    /// A sentence saying what was found.
    message: String,
}

impl Verdict {
    fn exit_code(&self) -> ExitCode {
        match (self.valid, self.optimal) {
            (true, Some(true)) => ExitCode::SUCCESS,
            (true, None) => ExitCode::from(GAVE_UP),
            _ => ExitCode::from(1),
        }
    }
}

impl Render for Verdict {
    fn text(&self, out: &mut dyn Write) -> io::Result<()> {
        writeln!(out, "{}", self.message)
    }

    fn json(&self) -> Value {
        serde_json::to_value(self).expect("a verdict is plain data")
    }
}

pub fn run(args: &CheckArgs) -> anyhow::Result<ExitCode> {
    let text = argument_or_stdin(&args.board)?;
    let (start, goal) = start_and_goal(&text, args.goal.goal.as_deref(), args.goal.size)?;
    let moves = parse_moves(&args.moves).map_err(|e| anyhow::anyhow!("moves: {e}"))?;
    let options = SolveOptions {
        limits: args.limits.limits(LimitDefaults::SOLVE, 1),
        cache: Some(args.cache.cache()),
        progress: Some(args.cache.progress()),
        ..SolveOptions::default()
    };
    let verdict = check(&start, &goal, &moves, &options)?;
    output::print(&verdict, Format::json_or(args.json, Format::Text))?;
    Ok(verdict.exit_code())
}

fn check(
    start: &Board,
    goal: &Board,
    moves: &[Move],
    options: &SolveOptions,
) -> anyhow::Result<Verdict> {
    let mut verdict = Verdict {
        valid: false,
        optimal: None,
        length: moves.len(),
        minimum: None,
        lower_bound: None,
        message: String::new(),
    };
    let mut board = start.clone();
    if let Err(index) = board.apply_all(moves) {
        verdict.message = format!(
            "invalid: move {} ('{}') takes the blank off the board",
            index + 1,
            moves[index]
        );
        return Ok(verdict);
    }
    if board != *goal {
        verdict.message = format!("invalid: the moves end on {board}, not on the goal {goal}");
        return Ok(verdict);
    }
    verdict.valid = true;
    let given = moves.len();
    let bound = Heuristic::new(HeuristicKind::LinearConflict, goal).estimate_board(start) as usize;
    verdict.lower_bound = Some(bound);
    let mut best = solve(start, goal, options)?;
    let fast_fits = start.size().width() <= 8 && start.size().height() <= 8;
    if best.status == Status::Solved && !best.optimal && given > bound && fast_fits {
        // `auto` answered without proof (a big board, built constructively): search
        // optimally, for a bounded time, before saying optimality is unknown.
        let mut limits = options.limits.clone();
        limits.max_time = limits
            .max_time
            .or(Some(Duration::from_secs_f64(BIG_BOARD_SECONDS)));
        let exact = SolveOptions {
            algorithm: Algorithm::FastIdastar,
            limits,
            ..options.clone()
        };
        let searched = solve(start, goal, &exact)?;
        if searched.status == Status::Solved || best.length().is_none_or(|l| l >= given) {
            best = searched;
        }
    }
    let plural = |n: usize| if n == 1 { "move" } else { "moves" };
    match (&best.status, best.optimal) {
        (Status::Solved, true) => {
            let minimum = best.moves.len();
            verdict.minimum = Some(minimum);
            verdict.optimal = Some(given == minimum);
            verdict.message = if given == minimum {
                format!(
                    "valid and optimal: {given} {} reach the goal, the fewest possible",
                    plural(given)
                )
            } else {
                format!(
                    "valid but not optimal: {given} {} reach the goal; the fewest is {minimum}",
                    plural(given)
                )
            };
        }
        _ if given == bound => {
            verdict.minimum = Some(given);
            verdict.optimal = Some(true);
            verdict.message = format!(
                "valid and optimal: {given} {} reach the goal, the lower bound",
                plural(given)
            );
        }
        (Status::Solved, false) if best.moves.len() < given => {
            verdict.optimal = Some(false);
            verdict.message = format!(
                "valid but not optimal: {given} {} reach the goal; {} do too",
                plural(given),
                best.moves.len()
            );
        }
        (status, _) => {
            let why = match status {
                Status::GaveUp(why) => why.to_string(),
                _ => format!(
                    "no optimal search finished for a {} board; at least {bound} moves are needed",
                    start.size()
                ),
            };
            verdict.message = format!(
                "valid: {given} {} reach the goal; optimality unknown ({why})",
                plural(given)
            );
        }
    }
    Ok(verdict)
}
