//! `npuzzle compare`: every algorithm and heuristic on one board, side by side.

use std::io::{self, Write};
use std::process::ExitCode;

use npuzzle::services::compare::{compare, COMPARE_LIMITS};
use npuzzle::solving::report::SolveReport;
use npuzzle::{Board, Metric};
use serde_json::Value;

use npuzzle::SolveRequest;

use crate::args::CompareArgs;
use crate::input::{argument_or_stdin, start_and_goal, ANY_BOARD};
use crate::options::OptionsBuilder;
use crate::output::{self, Format, Render};

pub fn run(args: &CompareArgs) -> anyhow::Result<ExitCode> {
    let text = argument_or_stdin(&args.board, ANY_BOARD, args.limits.max_memory)?;
    let (start, goal) = start_and_goal(&text, args.goal.goal.as_deref(), args.goal.size)?;
    let request = SolveRequest {
        metric: args.metric.metric,
        limits: args.limits.request(),
        ..SolveRequest::default()
    };
    let options = OptionsBuilder::asked(&request, COMPARE_LIMITS)?
        .stopped_by(crate::interrupt::stop_token()?)
        .checked(&goal)?;
    let reports = compare(&start, &goal, &options)?
        .iter()
        .map(|solution| SolveReport::new(&start, &goal, solution))
        .collect();
    let comparison = Comparison {
        start,
        goal,
        metric: options.metric,
        reports,
    };
    output::print(&comparison, Format::json_or(args.json, Format::Text))?;
    Ok(ExitCode::SUCCESS)
}

/// The runs side by side.
struct Comparison {
    start: Board,
    goal: Board,
    metric: Metric,
    reports: Vec<SolveReport>,
}

impl Render for Comparison {
    fn text(&self, out: &mut dyn Write) -> io::Result<()> {
        write!(out, "board: {}   goal: {}", self.start, self.goal)?;
        // The default metric is left unsaid, as the table always left it.
        if self.metric == Metric::MultiTile {
            write!(out, "   metric: {}", self.metric)?;
        }
        writeln!(out)?;
        writeln!(
            out,
            "{:<14} {:<16} {:>6} {:>12} {:>12} {:>11} {:>10}",
            "algorithm", "heuristic", "moves", "expanded", "generated", "peak nodes", "seconds"
        )?;
        for r in &self.reports {
            let moves = match (r.status.as_str(), r.length) {
                (_, Some(n)) => n.to_string(),
                ("unsolvable", _) => "unsolvable".to_string(),
                _ => "gave up".to_string(),
            };
            writeln!(
                out,
                "{:<14} {:<16} {:>6} {:>12} {:>12} {:>11} {:>10.6}",
                r.algorithm,
                r.heuristic.as_deref().unwrap_or("-"),
                moves,
                r.stats.expanded,
                r.stats.generated,
                r.stats.peak_nodes,
                r.stats.seconds
            )?;
        }
        Ok(())
    }

    fn json(&self) -> Value {
        serde_json::to_value(&self.reports).expect("reports are plain data")
    }

    fn pretty(&self) -> bool {
        true
    }
}
