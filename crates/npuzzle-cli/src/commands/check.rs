//! `npuzzle check`: a solution checker, usable as a special judge. The verdict is the
//! library's ([`npuzzle::services::verdict`]): optimality is claimed only when it is proven.
//! Exit codes: 0 valid and optimal; 1 invalid, or valid but not optimal; 3 valid,
//! optimality unknown (a limit stopped the search, or no optimal search is run for the
//! size).

use std::io::{self, Write};
use std::process::ExitCode;

use anyhow::anyhow;
use npuzzle::answer::options::SOLVE_LIMITS;
use npuzzle::services::verdict::{check, Verdict};
use npuzzle::Notation;
use serde_json::Value;

use super::GAVE_UP;
use npuzzle::SolveRequest;

use crate::args::CheckArgs;
use crate::input::{argument_or_stdin, start_and_goal, ANY_BOARD};
use crate::options::OptionsBuilder;
use crate::output::{self, Format, Render};

/// The checker's answer as printed.
struct Checked {
    verdict: Verdict,
    /// Whether the text says if the moves are the canonical solution: when an order was
    /// asked for (the JSON always says).
    canonical_line: bool,
}

impl Checked {
    fn exit_code(&self) -> ExitCode {
        match (self.verdict.valid, self.verdict.optimal) {
            (true, Some(true)) => ExitCode::SUCCESS,
            (true, None) => ExitCode::from(GAVE_UP),
            _ => ExitCode::from(1),
        }
    }
}

impl Render for Checked {
    fn text(&self, out: &mut dyn Write) -> io::Result<()> {
        writeln!(out, "{}", self.verdict.message)?;
        if self.canonical_line {
            writeln!(out, "{}", self.verdict.canonical_message())?;
        }
        Ok(())
    }

    fn json(&self) -> Value {
        serde_json::to_value(&self.verdict).expect("a verdict is plain data")
    }
}

pub fn run(args: &CheckArgs) -> anyhow::Result<ExitCode> {
    let text = argument_or_stdin(&args.board, ANY_BOARD, args.limits.max_memory)?;
    let (start, goal) = start_and_goal(&text, args.goal.goal.as_deref(), args.goal.size)?;
    let moves = args.notation.parse(&args.moves).map_err(|e| {
        // Tile notation given without the flag is the likely mistake: say so.
        let hint = if args.notation == Notation::Blank && Notation::Tiles.parse(&args.moves).is_ok()
        {
            " (tile notation such as R2U2L needs --notation tiles)"
        } else {
            ""
        };
        anyhow!("moves: {e}{hint}")
    })?;
    let request = SolveRequest {
        order: args.order.unwrap_or_default(),
        metric: args.metric.metric,
        limits: args.limits.request(),
        ..SolveRequest::default()
    };
    let options = OptionsBuilder::asked(&request, SOLVE_LIMITS)?
        .stopped_by(crate::interrupt::stop_token()?)
        .cache(args.cache.cache())
        .progress(args.cache.progress())
        .bounded(true)
        .checked(&goal)?;
    let verdict = Checked {
        verdict: check(&start, &goal, &moves, args.notation, &options)?,
        canonical_line: args.order.is_some(),
    };
    output::print(&verdict, Format::json_or(args.json, Format::Text))?;
    Ok(verdict.exit_code())
}
