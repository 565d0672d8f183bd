//! `npuzzle bench`: algorithm/heuristic pairs side by side on one set of instances, as
//! a Markdown report with SVG plots. Instances run one after another on one core, so
//! times compare fairly.

use std::fmt::Write as _;
use std::fs;
use std::io::Write;
use std::path::Path;
use std::process::ExitCode;
use std::time::Duration;

use anyhow::{bail, Context};
use npuzzle::progress::Progress;
use npuzzle::random::{random_board, random_walk};
use npuzzle::search::Limits;
use npuzzle::{parse_board, solve, Algorithm, Board, HeuristicKind, Size, SolveOptions, Status};
use plotters::prelude::*;
use rand::rngs::StdRng;
use rand::SeedableRng;

use super::{goal_or_standard, read_goal};
use crate::args::BenchArgs;
use crate::progress::Bars;

/// One algorithm with its heuristic, written `algorithm[:heuristic]`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Pair {
    algorithm: Algorithm,
    heuristic: Option<HeuristicKind>,
}

impl std::str::FromStr for Pair {
    type Err = String;
    fn from_str(text: &str) -> Result<Pair, String> {
        let (a, h) = match text.split_once(':') {
            Some((a, h)) => (a, Some(h)),
            None => (text, None),
        };
        let algorithm: Algorithm = a.parse()?;
        let heuristic = h.map(str::parse::<HeuristicKind>).transpose()?;
        if heuristic.is_some() && !algorithm.uses_heuristic() {
            return Err(format!("{algorithm} takes no heuristic"));
        }
        Ok(Pair {
            algorithm,
            heuristic,
        })
    }
}

impl std::fmt::Display for Pair {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.heuristic {
            Some(h) => write!(f, "{}:{h}", self.algorithm),
            None => write!(f, "{}", self.algorithm),
        }
    }
}

/// The pairs benchmarked when none are named.
pub const DEFAULT_PAIRS: &str = "bfs,bidirectional,astar:manhattan,astar:linear-conflict,idastar:manhattan,idastar:linear-conflict";

/// An instance, with its published optimum when the file gives one.
struct Instance {
    board: Board,
    optimum: Option<usize>,
}

/// One pair's run on one instance.
struct Run {
    /// The published optimum, when known.
    optimum: Option<usize>,
    length: Option<usize>,
    expanded: u64,
    peak: u64,
    seconds: f64,
}

pub fn run(args: BenchArgs) -> anyhow::Result<ExitCode> {
    let pairs: Vec<Pair> = args
        .pairs
        .as_deref()
        .unwrap_or(DEFAULT_PAIRS)
        .split(',')
        .map(|p| p.trim().parse::<Pair>().map_err(anyhow::Error::msg))
        .collect::<anyhow::Result<_>>()
        .context("--pairs")?;
    let (instances, goal, source) = instances(&args)?;
    let limits = Limits {
        max_expanded: args.max_nodes,
        max_held: Some(args.max_nodes.unwrap_or(50_000_000).saturating_mul(4)),
        max_time: Some(Duration::from_secs_f64(args.max_seconds)),
    };
    let bars = Bars::new(args.quiet);
    bars.start("benchmarking", (pairs.len() * instances.len()) as u64);
    let mut results: Vec<Vec<Run>> = Vec::new();
    for pair in &pairs {
        let options = SolveOptions {
            algorithm: pair.algorithm,
            heuristic: pair.heuristic,
            limits,
            weight: if pair.algorithm.uses_heuristic() {
                args.weight
            } else {
                1.0
            },
            ..SolveOptions::default()
        };
        let mut runs = Vec::new();
        for instance in &instances {
            let s = solve(&instance.board, &goal, &options)?;
            if let (Some(found), Some(optimum)) = (s.length(), instance.optimum) {
                if s.optimal && found != optimum {
                    bail!(
                        "{pair} found {found} moves for {} but the published optimum is {optimum}",
                        instance.board
                    );
                }
            }
            runs.push(Run {
                optimum: instance.optimum,
                length: (s.status == Status::Solved).then_some(s.moves.len()),
                expanded: s.stats.expanded,
                peak: s.stats.peak_nodes,
                seconds: s.stats.seconds,
            });
            bars.advance(1);
        }
        results.push(runs);
    }
    bars.finish();
    let command = std::env::args().collect::<Vec<_>>().join(" ");
    let report = markdown(&command, &source, &pairs, &instances, &results);
    match &args.report {
        Some(path) => {
            fs::write(path, &report).with_context(|| format!("writing {}", path.display()))?
        }
        None => std::io::stdout().lock().write_all(report.as_bytes())?,
    }
    if let Some(dir) = &args.plots {
        fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
        plot(
            &dir.join("nodes.svg"),
            "nodes expanded",
            &pairs,
            &results,
            |r| r.expanded as f64,
        )?;
        plot(&dir.join("time.svg"), "seconds", &pairs, &results, |r| {
            r.seconds
        })?;
    }
    Ok(ExitCode::SUCCESS)
}

/// The instances to run, their goal, and a sentence saying where they came from.
fn instances(args: &BenchArgs) -> anyhow::Result<(Vec<Instance>, Board, String)> {
    if let Some(path) = &args.file {
        let text =
            fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))?;
        let mut instances = Vec::new();
        for (number, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let tokens: Vec<&str> = line.split_whitespace().collect();
            let cells = |n: usize| {
                args.size.map_or_else(
                    || (n as f64).sqrt() as usize * (n as f64).sqrt() as usize == n,
                    |s| s.cells() == n,
                )
            };
            let (board_tokens, optimum) = if cells(tokens.len()) {
                (&tokens[..], None)
            } else if tokens.len() > 1 && cells(tokens.len() - 1) {
                let last = tokens[tokens.len() - 1];
                let optimum = last.parse().with_context(|| {
                    format!("{} line {}: optimum '{last}'", path.display(), number + 1)
                })?;
                (&tokens[..tokens.len() - 1], Some(optimum))
            } else {
                bail!(
                    "{} line {}: {} numbers make no board (give --size)",
                    path.display(),
                    number + 1,
                    tokens.len()
                );
            };
            let board = parse_board(&board_tokens.join(" "), args.size)
                .with_context(|| format!("{} line {}", path.display(), number + 1))?;
            instances.push(Instance { board, optimum });
        }
        let first = instances
            .first()
            .with_context(|| format!("{} holds no instances", path.display()))?;
        let goal = read_goal(args.goal.as_deref(), first.board.size())?;
        let source = format!(
            "{} instances from `{}`, goal `{goal}`",
            instances.len(),
            path.display()
        );
        return Ok((instances, goal, source));
    }
    let three = Size::square(3).expect("3x3 is a size");
    let goal = goal_or_standard(args.goal.as_deref(), args.size, three)?;
    let size = goal.size();
    let mut rng = StdRng::seed_from_u64(args.seed);
    let instances = (0..args.count)
        .map(|_| Instance {
            board: match args.walk {
                Some(k) => random_walk(&goal, k, &mut rng),
                None => random_board(&goal, &mut rng),
            },
            optimum: None,
        })
        .collect();
    let kind = args.walk.map_or("uniformly random".to_string(), |k| {
        format!("{k}-move random-walk")
    });
    Ok((
        instances,
        goal.clone(),
        format!(
            "{} {kind} {size} boards (seed {}), goal `{goal}`",
            args.count, args.seed
        ),
    ))
}

fn mean(values: &[f64]) -> f64 {
    values.iter().sum::<f64>() / values.len().max(1) as f64
}

fn median(values: &[f64]) -> f64 {
    let mut v = values.to_vec();
    v.sort_by(f64::total_cmp);
    match v.len() {
        0 => 0.0,
        n if n % 2 == 1 => v[n / 2],
        n => (v[n / 2 - 1] + v[n / 2]) / 2.0,
    }
}

fn markdown(
    command: &str,
    source: &str,
    pairs: &[Pair],
    instances: &[Instance],
    results: &[Vec<Run>],
) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "Command: `{command}`\n\nInstances: {source}. One core, one instance at a time.\n"
    );
    let _ = writeln!(
        out,
        "| pair | solved | mean length | over optimum | mean nodes | median nodes | mean ms | median ms | mean peak nodes | total s | speed vs {} |",
        pairs[0]
    );
    let _ = writeln!(out, "|---|---|---|---|---|---|---|---|---|---|---|");
    let total = |runs: &[Run]| runs.iter().map(|r| r.seconds).sum::<f64>();
    let baseline = total(&results[0]);
    for (pair, runs) in pairs.iter().zip(results) {
        let solved: Vec<&Run> = runs.iter().filter(|r| r.length.is_some()).collect();
        let nodes: Vec<f64> = solved.iter().map(|r| r.expanded as f64).collect();
        let ms: Vec<f64> = solved.iter().map(|r| r.seconds * 1e3).collect();
        let peak: Vec<f64> = solved.iter().map(|r| r.peak as f64).collect();
        let lengths: Vec<f64> = solved
            .iter()
            .filter_map(|r| r.length)
            .map(|l| l as f64)
            .collect();
        let ratios: Vec<f64> = solved
            .iter()
            .filter_map(|r| Some(r.length? as f64 / r.optimum? as f64))
            .collect();
        let over = if ratios.is_empty() {
            "-".to_string()
        } else {
            format!("{:+.1}%", (mean(&ratios) - 1.0) * 100.0)
        };
        let _ = writeln!(
            out,
            "| {pair} | {}/{} | {:.2} | {over} | {:.0} | {:.0} | {:.3} | {:.3} | {:.0} | {:.3} | {:.2}x |",
            solved.len(),
            instances.len(),
            mean(&lengths),
            mean(&nodes),
            median(&nodes),
            mean(&ms),
            median(&ms),
            mean(&peak),
            total(runs),
            baseline / total(runs).max(1e-9)
        );
    }
    let unsolved = results
        .iter()
        .flatten()
        .filter(|r| r.length.is_none())
        .count();
    if unsolved > 0 {
        let _ = writeln!(
            out,
            "\n{unsolved} runs gave up at the limits and are left out of the means."
        );
    }
    out
}

/// An SVG plot of a measure against solution length, one series (mean per length) a pair.
fn plot(
    path: &Path,
    measure: &str,
    pairs: &[Pair],
    results: &[Vec<Run>],
    value: impl Fn(&Run) -> f64,
) -> anyhow::Result<()> {
    let series: Vec<Vec<(f64, f64)>> = results
        .iter()
        .map(|runs| {
            let mut by_length = std::collections::BTreeMap::<usize, Vec<f64>>::new();
            for r in runs {
                if let Some(len) = r.length {
                    by_length.entry(len).or_default().push(value(r).max(1e-9));
                }
            }
            by_length
                .into_iter()
                .map(|(len, v)| (len as f64, mean(&v)))
                .collect()
        })
        .collect();
    let points = series.iter().flatten();
    let (x_max, y_min, y_max) = points
        .fold((1.0f64, f64::MAX, 1e-9f64), |(x, lo, hi), &(px, py)| {
            (x.max(px), lo.min(py), hi.max(py))
        });
    let y_min = if y_min == f64::MAX { 1e-9 } else { y_min };
    let root = SVGBackend::new(path, (900, 560)).into_drawing_area();
    root.fill(&WHITE)?;
    let mut chart = ChartBuilder::on(&root)
        .caption(
            format!("{measure} against solution length (mean per length)"),
            ("sans-serif", 22),
        )
        .margin(12)
        .x_label_area_size(40)
        .y_label_area_size(80)
        .build_cartesian_2d(0f64..x_max + 1.0, (y_min / 2.0..y_max * 2.0).log_scale())?;
    chart
        .configure_mesh()
        .light_line_style(RGBColor(238, 238, 238))
        .bold_line_style(RGBColor(200, 200, 200))
        .x_desc("solution length (moves)")
        .y_desc(measure)
        .draw()?;
    for (i, (pair, points)) in pairs.iter().zip(&series).enumerate() {
        let colour = Palette99::pick(i).to_rgba();
        chart
            .draw_series(LineSeries::new(
                points.iter().copied(),
                colour.stroke_width(2),
            ))?
            .label(pair.to_string())
            .legend(move |(x, y)| {
                PathElement::new(vec![(x, y), (x + 20, y)], colour.stroke_width(2))
            });
        chart.draw_series(points.iter().map(|&p| Circle::new(p, 3, colour.filled())))?;
    }
    chart
        .configure_series_labels()
        .background_style(WHITE.mix(0.8))
        .border_style(BLACK)
        .draw()?;
    root.present()?;
    Ok(())
}
