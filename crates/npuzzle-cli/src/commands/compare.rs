//! `npuzzle compare`: every algorithm and heuristic on one board, side by side.

use std::io::{self, Write};
use std::process::ExitCode;
use std::time::Duration;

use anyhow::bail;
use npuzzle::report::SolveReport;
use npuzzle::search::Limits;
use npuzzle::{solve, Algorithm, SolveOptions};

use super::read_boards;
use crate::args::CompareArgs;

pub fn run(args: CompareArgs) -> anyhow::Result<ExitCode> {
    if !(args.max_seconds.is_finite() && args.max_seconds > 0.0) {
        bail!(
            "--max-seconds must be a positive number, not {}",
            args.max_seconds
        );
    }
    let (start, goal) = read_boards(&args.board, &args.boards)?;
    let limits = Limits {
        max_expanded: Some(args.max_nodes),
        max_held: Some(args.max_nodes.saturating_mul(4)),
        max_time: Some(Duration::from_secs_f64(args.max_seconds)),
    };
    let mut reports = Vec::new();
    for (algorithm, heuristic) in Algorithm::comparison_pairs() {
        let options = SolveOptions {
            algorithm,
            heuristic,
            limits,
            ..SolveOptions::default()
        };
        let solution = solve(&start, &goal, &options)?;
        reports.push(SolveReport::new(&start, &goal, &solution));
    }
    let mut out = io::BufWriter::new(io::stdout().lock());
    if args.json {
        serde_json::to_writer_pretty(&mut out, &reports)?;
        writeln!(out)?;
    } else {
        writeln!(out, "board: {}   goal: {}", start, goal)?;
        writeln!(
            out,
            "{:<14} {:<16} {:>6} {:>12} {:>12} {:>11} {:>10}",
            "algorithm", "heuristic", "moves", "expanded", "generated", "peak nodes", "seconds"
        )?;
        for r in &reports {
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
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}
