//! `npuzzle bench-file`: solve a file of benchmark boards with the fast IDA* and report
//! what each cost. Lengths are checked against the optimum the file gives.

use std::io::{self, Write};
use std::process::ExitCode;

use anyhow::{bail, Context};
use npuzzle::fast_idastar::{self, Estimate, RunSettings};
use npuzzle::report::SolveReport;
use npuzzle::{parse_board, Board, Move, Solution};

use super::{pdb, read_goal};
use crate::args::BenchFileArgs;

/// One line of the file: the board and its optimal length.
struct Case {
    line: usize,
    board: Board,
    optimum: usize,
}

fn read_cases(args: &BenchFileArgs) -> anyhow::Result<Vec<Case>> {
    let text = std::fs::read_to_string(&args.file)
        .with_context(|| format!("reading {}", args.file.display()))?;
    let mut cases = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line_no = i + 1;
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let tokens: Vec<&str> = line.split_whitespace().collect();
        let (optimum, board) = tokens.split_last().expect("a non-empty line has a token");
        let optimum: usize = optimum.parse().with_context(|| {
            format!(
                "{} line {line_no}: the last number, the optimal length, is not a number",
                args.file.display()
            )
        })?;
        let board = parse_board(&board.join(" "), args.size)
            .with_context(|| format!("{} line {line_no}", args.file.display()))?;
        cases.push(Case {
            line: line_no,
            board,
            optimum,
        });
    }
    if cases.is_empty() {
        bail!("{} holds no boards", args.file.display());
    }
    Ok(cases)
}

pub fn run(args: BenchFileArgs) -> anyhow::Result<ExitCode> {
    let mut cases = read_cases(&args)?;
    if let Some(first) = args.first {
        cases.truncate(first);
    }
    let goal = read_goal(args.goal.as_deref(), cases[0].board.size())?;
    let limits = args.limits.limits()?;
    let settings = RunSettings {
        order: Move::DEFAULT_ORDER,
        limits,
        threads: args.threads.threads,
    };
    let mut setup = 0.0;
    let mut name = args.heuristic.to_string();
    let db = match &args.pdb {
        Some(partition) => {
            let loaded = pdb::load(partition, &goal, &args.tables)?;
            setup = loaded.seconds;
            let db = if args.no_reflection {
                loaded.db.without_reflection()
            } else {
                loaded.db
            };
            name = db.name();
            Some(db)
        }
        None => None,
    };
    let mut out = io::BufWriter::new(io::stdout().lock());
    if !args.json {
        writeln!(
            out,
            "# goal {goal}; estimate {name}; table setup {setup:.3} s"
        )?;
        writeln!(
            out,
            "{:>4} {:>5} {:>7} {:>12} {:>12} {:>10} {:>12}",
            "#", "line", "length", "generated", "expanded", "seconds", "generated/s"
        )?;
    }
    let mut reports = Vec::new();
    let (mut generated, mut expanded, mut seconds, mut wrong) = (0u64, 0u64, 0.0f64, 0usize);
    for (i, case) in cases.iter().enumerate() {
        let solution: Solution = match &db {
            Some(db) => npuzzle::pdb::solve(&case.board, &goal, db, &settings, setup)?,
            None => fast_idastar::solve(&case.board, &goal, args.heuristic, &settings)?,
        };
        let s = solution.stats;
        generated += s.generated;
        expanded += s.expanded;
        seconds += s.seconds;
        let length = solution.length();
        let verdict = if length == Some(case.optimum) {
            ""
        } else {
            wrong += 1;
            "  WRONG (expected the file's optimum)"
        };
        if !args.json {
            let shown = length.map_or("-".to_string(), |l| l.to_string());
            writeln!(
                out,
                "{:>4} {:>5} {:>7} {:>12} {:>12} {:>10.4} {:>12.0}{verdict}",
                i + 1,
                case.line,
                shown,
                s.generated,
                s.expanded,
                s.seconds,
                s.generated as f64 / s.seconds.max(1e-9)
            )?;
            out.flush()?;
        }
        let mut report = SolveReport::new(&case.board, &goal, &solution);
        report.heuristic = Some(name.clone());
        reports.push(report);
    }
    let n = cases.len() as f64;
    if args.json {
        let summary = serde_json::json!({
            "file": args.file.display().to_string(),
            "estimate": name,
            "boards": cases.len(),
            "wrong": wrong,
            "generated": generated,
            "expanded": expanded,
            "seconds": seconds,
            "setup_seconds": setup,
            "generated_per_second": generated as f64 / seconds.max(1e-9),
            "reports": reports,
        });
        serde_json::to_writer(&mut out, &summary)?;
        writeln!(out)?;
    } else {
        writeln!(
            out,
            "total: {} boards, {wrong} wrong; {generated} generated ({:.0} mean), {expanded} expanded; {seconds:.3} s search ({:.4} s mean); {:.0} generated/s",
            cases.len(),
            generated as f64 / n,
            seconds / n,
            generated as f64 / seconds.max(1e-9)
        )?;
    }
    out.flush()?;
    Ok(if wrong == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}
