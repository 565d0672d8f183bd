//! `npuzzle bench` (and `bench-file`, its per-board form): configurations side by side on
//! one set of instances, every solve through the library's plan, one instance at a time
//! so times compare fairly. Every answer the library calls optimal is checked against
//! the published optimum where the file gives one.

mod config;
mod depths;
mod instances;
mod plot;
mod report;

use std::process::ExitCode;

use anyhow::Context;
use npuzzle::answer::options::SOLVE_LIMITS;
use npuzzle::search::Limits;
use npuzzle::solving::plan::plan;
use npuzzle::util::plural::counted;
use npuzzle::util::progress::Progress;
use npuzzle::{solve, Algorithm, Board, EstimateChoice, Size, SolveOptions, Status};

use super::GAVE_UP;
use npuzzle::SolveRequest;

use crate::args::{BenchArgs, BenchFileArgs, BENCH_LIMITS};
use crate::options::{validate, OptionsBuilder};
use crate::output::{self, Format};
use crate::progress::Bars;
use config::DEFAULT_CONFIGS;
use instances::InstanceSet;
use npuzzle::services::bench_config::BenchConfig;
use report::{BenchReport, Run, Series};

/// What to benchmark, checked.
struct Benchmark {
    /// Each configuration with its options, checked.
    configs: Vec<(BenchConfig, SolveOptions)>,
    threads: Vec<usize>,
    set: InstanceSet,
    /// The options every configuration shares.
    options: SolveOptions,
    per_board: bool,
    format: Format,
    quiet: bool,
}

pub fn run(args: &BenchArgs) -> anyhow::Result<ExitCode> {
    run_under(args, BENCH_LIMITS)
}

/// `bench-file`: the `bench` command it stands for, under `solve`'s limits.
pub fn run_file(args: &BenchFileArgs) -> anyhow::Result<ExitCode> {
    run_under(&args.as_bench(), SOLVE_LIMITS)
}

/// `bench` with `defaults` for the limits its flags leave unset.
fn run_under(args: &BenchArgs, defaults: Limits) -> anyhow::Result<ExitCode> {
    if !args.depths.depths.is_empty() {
        return depths::run(args, defaults);
    }
    let configs = configs(args, DEFAULT_CONFIGS)?;
    let mut set = match &args.file {
        Some(path) => instances::from_file(
            path,
            args.goal.size,
            args.goal.goal.as_deref(),
            args.limits.max_memory,
        )?,
        None => instances::random(
            args.count,
            args.seed,
            args.walk,
            args.goal.goal.as_deref(),
            args.goal.size,
            args.limits.max_memory,
        )?,
    };
    set.select(&args.instances, args.first)?;
    set.compare_in(args.metric.metric);
    let format = if args.json {
        Format::Json
    } else if args.per_board {
        Format::Text
    } else {
        Format::Markdown
    };
    let request = SolveRequest {
        order: args.order.chosen(),
        metric: args.metric.metric,
        limits: args.limits.request(),
        ..SolveRequest::default()
    };
    let options = OptionsBuilder::asked(&request, defaults)?
        .stopped_by(crate::interrupt::stop_token()?)
        .cache(args.cache.cache_for_many())
        // Builds show their progress; the runs themselves report through the bar below.
        .progress(args.cache.progress())
        .build();
    let benchmark = Benchmark {
        configs: configured(configs, &options, &set.goal)?,
        threads: args.threads.clone(),
        set,
        options,
        per_board: args.per_board,
        format,
        quiet: args.cache.quiet,
    };
    // A report or plots that cannot be written fail now, not after the benchmark ran.
    if let Some(path) = &args.report {
        std::fs::OpenOptions::new()
            .append(true)
            .create(true)
            .open(path)
            .with_context(|| format!("writing {}", path.display()))?;
    }
    if let Some(dir) = &args.plots {
        output::create_dir(dir)?;
    }
    let report = measure(&benchmark)?;
    match &args.report {
        Some(path) => {
            let mut file = std::fs::File::create(path)
                .with_context(|| format!("writing {}", path.display()))?;
            output::write(&report, benchmark.format, &mut file)
                .with_context(|| format!("writing {}", path.display()))?;
        }
        None => output::print(&report, benchmark.format)?,
    }
    if let Some(dir) = &args.plots {
        plot::plots(dir, &report)?;
    }
    Ok(exit(&report, benchmark.per_board))
}

/// The configurations `--configs` names (else `default`), each given the weight and
/// estimate flags where it names none.
fn configs(args: &BenchArgs, default: &str) -> anyhow::Result<Vec<BenchConfig>> {
    let estimate = args.estimate.choice()?;
    args.configs
        .as_deref()
        .unwrap_or(default)
        .split(',')
        .map(|c| {
            let mut config = config::parse(c).map_err(anyhow::Error::msg)?;
            if config.weight <= 1.0 && config.algorithm.uses_heuristic() {
                config.weight = args.weight;
            }
            if config.estimate == EstimateChoice::Auto && config.takes_estimate() {
                config.estimate = estimate.clone();
            }
            Ok(config)
        })
        .collect::<anyhow::Result<_>>()
        .context("--configs")
}

/// Each configuration with its options, `shared` with the configuration's algorithm,
/// estimate and weight, checked for boards towards `goal` before any board is solved.
fn configured(
    configs: Vec<BenchConfig>,
    shared: &SolveOptions,
    goal: &Board,
) -> anyhow::Result<Vec<(BenchConfig, SolveOptions)>> {
    configs
        .into_iter()
        .map(|config| {
            let options = config.options(shared);
            validate(goal, &options).with_context(|| format!("configuration {config}"))?;
            Ok((config, options))
        })
        .collect()
}

/// When an answer contradicts a published optimum, 1 with per-board reports (the
/// report marks the board) and 2 without (the input is at fault, as `bench` always
/// said); with per-board reports, 3 when a run gave up; else 0.
fn exit(report: &BenchReport, per_board: bool) -> ExitCode {
    let runs = report.series.iter().flat_map(|s| &s.runs);
    let mut wrong = false;
    let mut gave_up = false;
    for run in runs {
        wrong |= run.wrong();
        gave_up |= matches!(run.status, Status::GaveUp(_));
    }
    if wrong {
        for run in report
            .series
            .iter()
            .flat_map(|s| s.runs.iter().map(move |r| (s, r)))
        {
            if run.1.wrong() {
                eprintln!(
                    "error: {} found {} for {} but the published optimum is {}",
                    run.0.config,
                    counted(run.1.length.unwrap_or_default() as u64, "move", "moves"),
                    run.1.board,
                    run.1.optimum.unwrap_or_default()
                );
            }
        }
        ExitCode::from(if per_board { 1 } else { 2 })
    } else if gave_up && per_board {
        ExitCode::from(GAVE_UP)
    } else {
        ExitCode::SUCCESS
    }
}

/// Why `config` cannot finish on boards of `size` in a benchmark, if it cannot: searches
/// without an estimate hold or revisit too many boards past 16 cells, and optimal searches
/// with the classic heuristics take hours past 25 cells (a weight or the constructive
/// method finishes).
fn cannot_finish(config: &BenchConfig, size: Size) -> Option<String> {
    let cells = size.cells();
    match config.algorithm {
        Algorithm::Bfs | Algorithm::Bidirectional | Algorithm::Iddfs if cells > 16 => {
            Some(format!(
                "an uninformed search of a {size} board ({cells} cells) does not finish; they are \
             benchmarked up to 16 cells"
            ))
        }
        Algorithm::Astar | Algorithm::Idastar | Algorithm::FastIdastar
            if cells > 25 && config.weight <= 1.0 =>
        {
            Some(format!(
                "an optimal search of a {size} board ({cells} cells) takes hours; give a \
                 weight (:w=2) or benchmark the constructive method"
            ))
        }
        _ => None,
    }
}

/// The limits every run had, as the report states them.
fn limits_text(limits: &Limits) -> String {
    let mut parts = Vec::new();
    if let Some(t) = limits.max_time {
        parts.push(format!("{} s", t.as_secs_f64()));
    }
    if let Some(n) = limits.max_expanded {
        parts.push(format!("{} expanded", counted(n, "node", "nodes")));
    }
    if let Some(n) = limits.max_held {
        parts.push(format!("{} held", counted(n, "node", "nodes")));
    }
    if let Some(b) = limits.max_bytes {
        parts.push(format!("{} of memory", npuzzle::util::memory::shown(b)));
    }
    if parts.is_empty() {
        "none".to_string()
    } else {
        parts.join(", ")
    }
}

/// Runs every configuration with every thread count on every instance.
fn measure(benchmark: &Benchmark) -> anyhow::Result<BenchReport> {
    let goal = &benchmark.set.goal;
    let mut series = Vec::new();
    for (config, options) in &benchmark.configs {
        if options.limits.cancelled() {
            break;
        }
        if let Some(why) = cannot_finish(config, goal.size()) {
            series.push(Series {
                config: config.to_string(),
                estimate: None,
                threads: 1,
                setup_seconds: 0.0,
                runs: Vec::new(),
                skipped: Some(why),
            });
            continue;
        }
        // Tables are loaded (or built) and paged in before the clock starts: the first
        // boards would otherwise pay for the page faults of all the others.
        let warm = plan(goal, options)?;
        if let Some(db) = warm.guide.database() {
            std::hint::black_box(db.page_in());
        }
        for &threads in &benchmark.threads {
            if options.limits.cancelled() {
                break;
            }
            let mut options = options.clone();
            options.threads = threads;
            // Each run is one line of the report, not a spinner of iterations.
            options.progress = None;
            let bars = Bars::new(benchmark.quiet);
            bars.start(
                &format!("{config} on {threads} thread(s)"),
                benchmark.set.instances.len() as u64,
            );
            let mut runs = Vec::new();
            for instance in &benchmark.set.instances {
                let solution = solve(&instance.board, goal, &options)?;
                runs.push(Run::new(instance, goal, &solution));
                bars.advance(1);
                // Stopped (Ctrl-C): the report is what ran, not runs that would each
                // give up at once after waiting on the memory the last one frees.
                if options.limits.cancelled() {
                    break;
                }
            }
            bars.finish();
            series.push(Series {
                config: config.to_string(),
                estimate: warm.guide.name(),
                threads: options.run_settings().thread_count(),
                setup_seconds: warm.setup_seconds,
                runs,
                skipped: None,
            });
        }
    }
    Ok(BenchReport {
        limits: limits_text(&benchmark.options.limits),
        // The program by its name, not the path it was run from.
        command: std::iter::once("npuzzle".to_string())
            .chain(std::env::args().skip(1))
            .collect::<Vec<_>>()
            .join(" "),
        source: benchmark.set.source.clone(),
        goal: goal.to_string(),
        boards: benchmark.set.instances.len(),
        per_board: benchmark.per_board,
        metric: benchmark.options.metric,
        series,
    })
}
