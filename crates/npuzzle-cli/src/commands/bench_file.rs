//! `npuzzle bench-file`: solve a file of benchmark boards with the fast IDA* and report
//! what each cost. Lengths are checked against the optimum the file gives.

use std::io::{self, Write};
use std::process::ExitCode;

use anyhow::{bail, Context};
use npuzzle::fast_idastar::{self, Estimate, RunSettings};
use npuzzle::report::SolveReport;
use npuzzle::{parse_board, Board, Move, Solution, Status};

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

/// The boards `--first` and `--instances` keep, numbered from 1 in file order.
fn select(cases: Vec<Case>, args: &BenchFileArgs) -> anyhow::Result<Vec<(usize, Case)>> {
    let count = cases.len();
    let mut numbered: Vec<(usize, Case)> = (1..).zip(cases).collect();
    if !args.instances.is_empty() {
        if let Some(&bad) = args.instances.iter().find(|&&i| i > count) {
            bail!(
                "--instances: there is no board {bad} in {} (boards 1..{count})",
                args.file.display()
            );
        }
        numbered.retain(|(i, _)| args.instances.contains(i));
    }
    if let Some(first) = args.first {
        numbered.truncate(first);
    }
    if numbered.is_empty() {
        bail!("no boards selected");
    }
    Ok(numbered)
}

/// Totals of one thread count over the boards.
#[derive(Default)]
struct Totals {
    generated: u64,
    expanded: u64,
    seconds: f64,
    wrong: usize,
    gave_up: usize,
    reports: Vec<SolveReport>,
}

pub fn run(args: BenchFileArgs) -> anyhow::Result<ExitCode> {
    let cases = select(read_cases(&args)?, &args)?;
    let goal = read_goal(args.goal.as_deref(), cases[0].1.board.size())?;
    let limits = args.limits.limits()?;
    let mut setup = 0.0;
    let mut name = args.heuristic.to_string();
    let db = match &args.pdb {
        Some(partition) => {
            let loaded = pdb::load(partition, &goal, &args.tables)?;
            let started = std::time::Instant::now();
            std::hint::black_box(loaded.db.page_in());
            setup = loaded.seconds + started.elapsed().as_secs_f64();
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
    let threads: Vec<usize> = args
        .threads
        .iter()
        .map(|&t| {
            RunSettings {
                threads: t,
                ..RunSettings::default()
            }
            .thread_count()
        })
        .collect();
    let mut out = io::BufWriter::new(io::stdout().lock());
    if !args.json {
        writeln!(
            out,
            "# goal {goal}; estimate {name}; table setup {setup:.3} s"
        )?;
        writeln!(
            out,
            "{:>4} {:>5} {:>7} {:>7} {:>14} {:>14} {:>10} {:>12}",
            "#", "line", "threads", "length", "generated", "expanded", "seconds", "generated/s"
        )?;
    }
    let mut totals: Vec<Totals> = threads.iter().map(|_| Totals::default()).collect();
    for (number, case) in &cases {
        for (&count, total) in threads.iter().zip(&mut totals) {
            let settings = RunSettings {
                order: Move::DEFAULT_ORDER,
                limits,
                threads: count,
                progress: None,
            };
            let solution: Solution = match &db {
                Some(db) => npuzzle::pdb::solve(&case.board, &goal, db, &settings, setup)?,
                None => fast_idastar::solve(&case.board, &goal, args.heuristic, &settings)?,
            };
            let s = solution.stats;
            total.generated += s.generated;
            total.expanded += s.expanded;
            total.seconds += s.seconds;
            let length = solution.length();
            let verdict = if let Status::GaveUp(why) = &solution.status {
                total.gave_up += 1;
                format!("  {why}")
            } else if length == Some(case.optimum) {
                String::new()
            } else {
                total.wrong += 1;
                "  WRONG (expected the file's optimum)".to_string()
            };
            if !args.json {
                let shown = length.map_or("-".to_string(), |l| l.to_string());
                writeln!(
                    out,
                    "{:>4} {:>5} {:>7} {:>7} {:>14} {:>14} {:>10.4} {:>12.0}{verdict}",
                    number,
                    case.line,
                    count,
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
            total.reports.push(report);
        }
    }
    let n = cases.len() as f64;
    let wrong: usize = totals.iter().map(|t| t.wrong).sum();
    if args.json {
        let runs: Vec<_> = threads
            .iter()
            .zip(&totals)
            .map(|(&count, t)| {
                serde_json::json!({
                    "threads": count,
                    "wrong": t.wrong,
                    "gave_up": t.gave_up,
                    "generated": t.generated,
                    "expanded": t.expanded,
                    "seconds": t.seconds,
                    "generated_per_second": t.generated as f64 / t.seconds.max(1e-9),
                    "speedup": totals[0].seconds / t.seconds.max(1e-9),
                    "reports": t.reports,
                })
            })
            .collect();
        let summary = serde_json::json!({
            "file": args.file.display().to_string(),
            "estimate": name,
            "boards": cases.len(),
            "setup_seconds": setup,
            "runs": runs,
        });
        serde_json::to_writer(&mut out, &summary)?;
        writeln!(out)?;
    } else {
        for (&count, t) in threads.iter().zip(&totals) {
            writeln!(
                out,
                "total, {count} thread{}: {} boards, {} wrong, {} gave up; {} generated ({:.0} mean), {} expanded; {:.3} s search ({:.4} s mean); {:.0} generated/s; speed-up {:.2}x",
                if count == 1 { "" } else { "s" },
                cases.len(),
                t.wrong,
                t.gave_up,
                t.generated,
                t.generated as f64 / n,
                t.expanded,
                t.seconds,
                t.seconds / n,
                t.generated as f64 / t.seconds.max(1e-9),
                totals[0].seconds / t.seconds.max(1e-9),
            )?;
        }
    }
    out.flush()?;
    let gave_up: usize = totals.iter().map(|t| t.gave_up).sum();
    Ok(if wrong > 0 {
        ExitCode::from(1)
    } else if gave_up > 0 {
        ExitCode::from(super::solve::GAVE_UP)
    } else {
        ExitCode::SUCCESS
    })
}
