//! `npuzzle analyse`: a recorded solve, move by move ([`npuzzle::services::analysis`]),
//! as a table a person reads at a glance (mistakes marked) or one JSON object; without
//! moves, each first move and what it leaves. Exit codes: 0 analysed; 1 bad input (a
//! move off the board names the move and its place, and nothing is analysed); 3 a
//! search gave up with no answer.

use std::io::{self, Write};
use std::process::ExitCode;

use anyhow::anyhow;
use npuzzle::answer::options::SOLVE_LIMITS;
use npuzzle::services::analysis::{analyse, good_moves, Analysis, AnalysisError};
use npuzzle::{Board, Metric, Move, Notation, SolveOptions};
use serde_json::{json, Value};

use super::GAVE_UP;
use crate::args::AnalyseArgs;
use crate::input::{argument_or_stdin, start_and_goal};
use crate::output::{self, Format, Render};

/// A solve's analysis as printed, its moves in the notation they were given in.
struct Analysed {
    analysis: Analysis,
    notation: Notation,
}

/// Each first move from a board and the fewest moves it leaves.
struct FirstMoves {
    metric: Metric,
    optimum: usize,
    moves: Vec<(Vec<Move>, usize)>,
    notation: Notation,
}

/// `N move(s)` in `metric`'s words when it is the multi-tile one.
fn moves_in(count: usize, metric: Metric) -> String {
    let unit = if count == 1 { "move" } else { "moves" };
    match metric {
        Metric::SingleTile => format!("{count} {unit}"),
        Metric::MultiTile => format!("{count} {unit} in {}", metric.in_words()),
    }
}

impl Render for Analysed {
    fn text(&self, out: &mut dyn Write) -> io::Result<()> {
        let a = &self.analysis;
        let write = |moves: &[Move]| self.notation.write(moves);
        let played = a.steps.len();
        let inexact = if a.exact {
            ""
        } else {
            " (~: a bounded answer, not proven optimal)"
        };
        writeln!(
            out,
            "optimum {}; {played} played, {} lost{inexact}",
            moves_in(a.optimum, a.metric),
            a.lost
        )?;
        writeln!(out, "{:>4}  {:<6} {:>5} {:>5}", "#", "move", "left", "lost")?;
        for (i, step) in a.steps.iter().enumerate() {
            let approx = if step.exact { "" } else { "~" };
            let lost = if step.lost > 0 {
                format!("+{}", step.lost)
            } else {
                String::new()
            };
            let better = if step.better.is_empty() {
                String::new()
            } else {
                let names: Vec<String> = step.better.iter().map(|m| write(m)).collect();
                format!("  <- better: {}", names.join(" "))
            };
            let line = format!(
                "{:>4}  {:<6} {:>5} {:>5}{better}",
                i + 1,
                write(&step.steps),
                format!("{approx}{}", step.remaining),
                lost
            );
            writeln!(out, "{}", line.trim_end())?;
        }
        if !a.reached_goal() {
            let (left, exact) = a
                .steps
                .last()
                .map_or((a.optimum, a.exact), |s| (s.remaining, s.exact));
            let at_most = if exact { "" } else { "at most " };
            writeln!(
                out,
                "unfinished: {at_most}{} from the goal",
                moves_in(left, a.metric)
            )?;
        }
        let close = match a.first_mistake {
            Some(i) if a.finish.is_empty() => {
                format!("first mistake: move {}, made on the goal", i + 1)
            }
            Some(i) => format!(
                "first mistake: move {}; an optimal finish from the board before it: {}",
                i + 1,
                write(&a.finish)
            ),
            None if a.reached_goal() => "no mistake: every move kept the optimum".to_string(),
            None => format!("no mistake so far; an optimal finish: {}", write(&a.finish)),
        };
        writeln!(out, "{close}")?;
        Ok(())
    }

    fn json(&self) -> Value {
        let a = &self.analysis;
        let write = |moves: &[Move]| self.notation.write(moves);
        let steps: Vec<Value> = a
            .steps
            .iter()
            .map(|s| {
                json!({
                    "move": write(&s.steps),
                    "remaining": s.remaining,
                    "lost": s.lost,
                    "better": s.better.iter().map(|m| write(m)).collect::<Vec<_>>(),
                    "exact": s.exact,
                })
            })
            .collect();
        json!({
            "metric": a.metric.name(),
            "optimum": a.optimum,
            "steps": steps,
            "lost": a.lost,
            "first_mistake": a.first_mistake.map(|i| i + 1),
            "finish": write(&a.finish),
            "reached_goal": a.reached_goal(),
            "exact": a.exact,
        })
    }
}

impl Render for FirstMoves {
    fn text(&self, out: &mut dyn Write) -> io::Result<()> {
        writeln!(out, "optimum {}", moves_in(self.optimum, self.metric))?;
        writeln!(out, "{:<6} {:>5}", "move", "left")?;
        for (steps, left) in &self.moves {
            let good = if left + 1 == self.optimum {
                "  good"
            } else {
                ""
            };
            writeln!(out, "{:<6} {left:>5}{good}", self.notation.write(steps))?;
        }
        Ok(())
    }

    fn json(&self) -> Value {
        let moves: Vec<Value> = self
            .moves
            .iter()
            .map(|(steps, left)| {
                json!({
                    "move": self.notation.write(steps),
                    "remaining": left,
                    "good": left + 1 == self.optimum,
                })
            })
            .collect();
        json!({
            "metric": self.metric.name(),
            "optimum": self.optimum,
            "moves": moves,
        })
    }
}

/// The error of an analysis, its move written in `notation`; and the exit code.
fn failed(error: AnalysisError, notation: Notation) -> anyhow::Result<ExitCode> {
    match error {
        AnalysisError::OffBoard { index, mv } => Err(anyhow!(
            "moves: move {index} ('{}') takes the blank off the board",
            notation.write(&[mv])
        )),
        AnalysisError::GaveUp { .. } => {
            eprintln!("error: {error}");
            Ok(ExitCode::from(GAVE_UP))
        }
        other => Err(other.into()),
    }
}

/// The fewest moves from `board`: one more than the best first move leaves (none on the
/// goal).
fn optimum_of(board: &Board, goal: &Board, moves: &[(Vec<Move>, usize)]) -> usize {
    if board == goal {
        0
    } else {
        moves.iter().map(|(_, left)| left + 1).min().unwrap_or(0)
    }
}

pub fn run(args: &AnalyseArgs) -> anyhow::Result<ExitCode> {
    let text = argument_or_stdin(&args.board, args.limits.max_memory)?;
    let (start, goal) = start_and_goal(&text, args.goal.goal.as_deref(), args.goal.size)?;
    let options = SolveOptions {
        limits: args.limits.limits(SOLVE_LIMITS, 1),
        cache: Some(args.cache.cache()),
        progress: Some(args.cache.progress()),
        metric: args.metric.metric,
        bounded: true,
        ..SolveOptions::default()
    };
    let format = Format::json_or(args.json, Format::Text);
    let Some(moves) = &args.moves else {
        return match good_moves(&start, &goal, &options) {
            Ok(moves) => {
                let first = FirstMoves {
                    metric: options.metric,
                    optimum: optimum_of(&start, &goal, &moves),
                    moves,
                    notation: args.notation,
                };
                output::print(&first, format)?;
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
            output::print(
                &Analysed {
                    analysis,
                    notation: args.notation,
                },
                format,
            )?;
            Ok(ExitCode::SUCCESS)
        }
        Err(e) => failed(e, args.notation),
    }
}
