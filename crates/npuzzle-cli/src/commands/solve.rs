//! `npuzzle solve`.

use std::io::{self, Write};
use std::process::ExitCode;

use anyhow::bail;
use npuzzle::distance_table::{self, Layout, Need};
use npuzzle::progress::SharedProgress;
use npuzzle::report::SolveReport;
use npuzzle::{solve, Algorithm, Board, SolveOptions, Status};

use super::{grid, pdb, read_boards};
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
        threads: args.threads.threads,
        // A long search (the 24-puzzle takes minutes) shows its iterations.
        progress: Some(SharedProgress::new(Bars::new(args.tables.quiet))),
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
    let (solution, tables) = match pattern_database(&args, &goal)? {
        Some(loaded) => {
            let solution = npuzzle::pdb::solve(
                &start,
                &goal,
                &loaded.db,
                &options.run_settings(),
                loaded.seconds,
            )?;
            (solution, Some(loaded))
        }
        None => (solve(&start, &goal, &options)?, None),
    };
    let mut report = SolveReport::new(&start, &goal, &solution);
    if let Some(loaded) = &tables {
        report.heuristic = Some(npuzzle::fast_idastar::Estimate::name(&loaded.db));
    }
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
        if let Some(loaded) = &tables {
            writeln!(out, "tables:    {} ({:.3} s)", loaded.how, s.setup_seconds)?;
        }
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

/// The pattern database this solve uses: the one `--pdb` names, or with `--algorithm auto`
/// on a board past the small-board methods, a cached one covering the goal's tiles.
fn pattern_database(args: &SolveArgs, goal: &Board) -> anyhow::Result<Option<pdb::Loaded>> {
    if let Some(partition) = &args.pdb {
        if !matches!(args.algorithm, Algorithm::Auto | Algorithm::FastIdastar) {
            bail!(
                "--pdb guides the fast IDA*: use --algorithm auto or fast-idastar, not {}",
                args.algorithm
            );
        }
        return pdb::load(partition, goal, &args.tables).map(Some);
    }
    pdb::cached_for_auto(args.algorithm, args.heuristic, goal, &args.tables)
}
