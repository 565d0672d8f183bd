//! `npuzzle solve`.

use std::io::{self, Write};
use std::process::ExitCode;

use npuzzle::distance_table::{self, Layout, Need};
use npuzzle::report::SolveReport;
use npuzzle::{solve, Algorithm, SolveOptions, Status};

use super::{grid, read_boards};
use crate::args::SolveArgs;
use crate::progress::Bars;

/// A hardest 8-puzzle position (31 moves), solved when no board is given.
const DEFAULT_BOARD: &str = "8 6 7/2 5 4/3 0 1";

/// Exit code when a limit stopped the search.
pub const GAVE_UP: u8 = 3;

pub fn run(args: SolveArgs) -> anyhow::Result<ExitCode> {
    let (start, goal) = read_boards(args.board.as_deref().unwrap_or(DEFAULT_BOARD), &args.boards)?;
    let options = SolveOptions {
        algorithm: args.algorithm,
        heuristic: args.heuristic,
        limits: args.limits.limits()?,
        visited: args.visited,
        weight: args.weight,
        cache: Some(args.tables.cache()),
        ..SolveOptions::default()
    };
    if args.algorithm == Algorithm::Table {
        // Built here rather than inside `solve` so a long build draws its progress bar;
        // the solve then finds it already loaded.
        if let Ok(layout) = Layout::for_goal(&goal) {
            let bars = Bars::new(args.tables.quiet);
            distance_table::shared(layout, &args.tables.cache(), Need::Always, &bars)?;
        }
    }
    let solution = solve(&start, &goal, &options)?;
    let report = SolveReport::new(&start, &goal, &solution);
    let mut out = io::BufWriter::new(io::stdout().lock());
    if args.json {
        serde_json::to_writer(&mut out, &report)?;
        writeln!(out)?;
    } else {
        writeln!(out, "board:     {}", report.board)?;
        writeln!(out, "goal:      {}", report.goal)?;
        let heuristic = report
            .heuristic
            .as_deref()
            .map(|h| format!(" ({h})"))
            .unwrap_or_default();
        writeln!(out, "algorithm: {}{heuristic}", report.algorithm)?;
        match &solution.status {
            Status::Solved => {
                let proof = if report.optimal {
                    "optimal"
                } else {
                    "not proven optimal"
                };
                writeln!(out, "length:    {} ({proof})", solution.moves.len())?;
                writeln!(out, "moves:     {}", report.moves)?;
            }
            Status::Unsolvable => writeln!(
                out,
                "unsolvable: the goal cannot be reached from this board"
            )?,
            Status::GaveUp(why) => writeln!(out, "{why}")?,
        }
        let s = &report.stats;
        writeln!(
            out,
            "stats:     {} expanded, {} generated, {} peak nodes, {:.6} s",
            s.expanded, s.generated, s.peak_nodes, s.seconds
        )?;
        if args.show && solution.status == Status::Solved {
            let mut board = start.clone();
            writeln!(out, "\nstart\n{}", grid(&board))?;
            for (i, &mv) in solution.moves.iter().enumerate() {
                board.apply(mv);
                writeln!(out, "{} {mv}\n{}", i + 1, grid(&board))?;
            }
        }
    }
    out.flush()?;
    Ok(match solution.status {
        Status::GaveUp(_) => ExitCode::from(GAVE_UP),
        _ => ExitCode::SUCCESS,
    })
}
