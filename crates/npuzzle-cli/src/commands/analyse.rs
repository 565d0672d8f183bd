//! `npuzzle analyse`: a recorded solve, move by move ([`npuzzle::services::analysis`]),
//! as a table a person reads at a glance (mistakes marked) or one JSON object
//! ([`npuzzle::services::analysis_report`]); without moves, each first move and what it
//! leaves. Exit codes: 0 analysed; 2 bad input (a move off the board names the move and
//! its place, and nothing is analysed; a goal out of reach); 3 a search gave up with no
//! answer.

use std::io::{self, Write};
use std::process::ExitCode;

use anyhow::anyhow;
use npuzzle::answer::options::SOLVE_LIMITS;
use npuzzle::search::GiveUp;
use npuzzle::services::analysis::{analyse, good_moves, AnalysisError};
use npuzzle::services::analysis_report::{AnalysisReport, GoodMovesReport};
use npuzzle::{Metric, Notation};
use serde_json::Value;

use super::GAVE_UP;
use npuzzle::SolveRequest;

use crate::args::AnalyseArgs;
use crate::input::{argument_or_stdin, start_and_goal, ANY_BOARD};
use crate::options::OptionsBuilder;
use crate::output::{self, Format, Render};

/// `N move(s)`, naming the metric when it is the multi-tile one.
fn moves_in(count: usize, metric: &str) -> String {
    let unit = if count == 1 { "move" } else { "moves" };
    if metric == Metric::MultiTile.name() {
        format!("{count} {unit} in {}", Metric::MultiTile.in_words())
    } else {
        format!("{count} {unit}")
    }
}

impl Render for AnalysisReport {
    fn text(&self, out: &mut dyn Write) -> io::Result<()> {
        let inexact = if self.exact {
            ""
        } else {
            " (~: a bounded answer, not proven optimal)"
        };
        writeln!(
            out,
            "optimum {}; {} played, {} lost{inexact}",
            moves_in(self.optimum, self.metric),
            self.steps.len(),
            self.lost
        )?;
        writeln!(out, "{:>4}  {:<6} {:>5} {:>5}", "#", "move", "left", "lost")?;
        for (i, step) in self.steps.iter().enumerate() {
            let approx = if step.exact { "" } else { "~" };
            let lost = if step.lost > 0 {
                format!("+{}", step.lost)
            } else {
                String::new()
            };
            let better = if step.better.is_empty() {
                String::new()
            } else {
                format!("  <- better: {}", step.better.join(" "))
            };
            let line = format!(
                "{:>4}  {:<6} {:>5} {:>5}{better}",
                i + 1,
                step.moved,
                format!("{approx}{}", step.remaining),
                lost
            );
            writeln!(out, "{}", line.trim_end())?;
        }
        if let Some(why) = &self.gave_up {
            writeln!(
                out,
                "stopped after {} ({why}): the moves after it were not analysed",
                moves_in(self.steps.len(), self.metric)
            )?;
        }
        if !self.reached_goal {
            let (left, exact) = self
                .steps
                .last()
                .map_or((self.optimum, self.exact), |s| (s.remaining, s.exact));
            let at_most = if exact { "" } else { "at most " };
            writeln!(
                out,
                "unfinished: {at_most}{} from the goal",
                moves_in(left, self.metric)
            )?;
        }
        let close = match self.first_mistake {
            Some(n) if self.finish.is_empty() => {
                format!("first mistake: move {n}, made on the goal")
            }
            Some(n) => format!(
                "first mistake: move {n}; an optimal finish from the board before it: {}",
                self.finish
            ),
            None if self.reached_goal => "no mistake: every move kept the optimum".to_string(),
            None => format!("no mistake so far; an optimal finish: {}", self.finish),
        };
        writeln!(out, "{close}")
    }

    fn json(&self) -> Value {
        serde_json::to_value(self).expect("a report is plain data")
    }
}

impl Render for GoodMovesReport {
    fn text(&self, out: &mut dyn Write) -> io::Result<()> {
        writeln!(out, "optimum {}", moves_in(self.optimum, self.metric))?;
        writeln!(out, "{:<6} {:>5}", "move", "left")?;
        for first in &self.moves {
            let good = if first.good { "  good" } else { "" };
            let line = format!("{:<6} {:>5}{good}", first.moved, first.remaining);
            writeln!(out, "{}", line.trim_end())?;
        }
        Ok(())
    }

    fn json(&self) -> Value {
        serde_json::to_value(self).expect("a report is plain data")
    }
}

/// The error of an analysis, its move written in `notation`; and the exit code.
fn failed(error: AnalysisError, notation: Notation) -> anyhow::Result<ExitCode> {
    match error {
        AnalysisError::OffBoard { .. } => Err(anyhow!("moves: {}", error.written_in(notation))),
        // Ctrl-C during a search the rest needs: no limit to raise, as the library's
        // sentence would advise.
        AnalysisError::GaveUp {
            after,
            why: GiveUp::Interrupted,
        } => {
            let board = if after == "the start" {
                after
            } else {
                format!("the board after {after}")
            };
            eprintln!(
                "error: interrupted in the search of {board}, before any move it is needed \
                 for was analysed"
            );
            Ok(ExitCode::from(GAVE_UP))
        }
        AnalysisError::GaveUp { .. } => {
            eprintln!("error: {error}");
            Ok(ExitCode::from(GAVE_UP))
        }
        other => Err(other.into()),
    }
}

pub fn run(args: &AnalyseArgs) -> anyhow::Result<ExitCode> {
    let text = argument_or_stdin(&args.board, ANY_BOARD, args.limits.max_memory)?;
    let (start, goal) = start_and_goal(&text, args.goal.goal.as_deref(), args.goal.size)?;
    let request = SolveRequest {
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
    let format = Format::json_or(args.json, Format::Text);
    let Some(moves) = &args.moves else {
        return match good_moves(&start, &goal, &options) {
            Ok(moves) => {
                let report =
                    GoodMovesReport::new(&moves, start == goal, options.metric, args.notation);
                output::print(&report, format)?;
                Ok(ExitCode::SUCCESS)
            }
            Err(e) => failed(e, args.notation),
        };
    };
    let moves = args
        .notation
        .parse(moves)
        .map_err(|e| anyhow!("moves: {e}"))?;
    match analyse(&start, &goal, &moves, &options) {
        Ok(analysis) => {
            output::print(&AnalysisReport::new(&analysis, args.notation), format)?;
            Ok(ExitCode::SUCCESS)
        }
        Err(e) => failed(e, args.notation),
    }
}
