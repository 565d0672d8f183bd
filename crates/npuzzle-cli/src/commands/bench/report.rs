//! The benchmark's one report: every run, rendered as a Markdown summary (a row per
//! configuration), as a line per board and run, or as JSON.

use std::io::{self, Write};

use npuzzle::solving::report::SolveReport;
use npuzzle::util::plural::counted;
use npuzzle::{Board, Metric, Solution, Status};
use serde_json::{json, Value};

use super::instances::Instance;
use crate::output::Render;

/// One configuration's run on one instance.
pub struct Run {
    /// The instance's number in the set, and its line in the file.
    pub number: usize,
    pub line: usize,
    /// The board, as written in reports.
    pub board: String,
    /// The published optimum, when known.
    pub optimum: Option<usize>,
    /// How the solve ended.
    pub status: Status,
    /// Moves found, when solved.
    pub length: Option<usize>,
    /// Whether the library proved the length optimal.
    pub optimal: bool,
    /// The solve report (for JSON).
    pub report: SolveReport,
}

impl Run {
    /// The run of `solution` on `instance`.
    pub fn new(instance: &Instance, goal: &Board, solution: &Solution) -> Run {
        Run {
            number: instance.number,
            line: instance.line,
            board: instance.board.to_string(),
            optimum: instance.optimum,
            status: solution.status.clone(),
            length: solution.length(),
            optimal: solution.optimal,
            report: SolveReport::new(&instance.board, goal, solution),
        }
    }

    /// Whether an answer called optimal contradicts the published optimum.
    pub fn wrong(&self) -> bool {
        matches!((self.length, self.optimum), (Some(found), Some(optimum)) if self.optimal && found != optimum)
    }

    fn seconds(&self) -> f64 {
        self.report.stats.seconds
    }
}

/// One configuration on one thread count, over every instance.
pub struct Series {
    /// The configuration, as written.
    pub config: String,
    /// The estimate its plan uses, as reports name it.
    pub estimate: Option<String>,
    /// Threads each search ran on.
    pub threads: usize,
    /// Seconds spent loading or building its tables before the runs.
    pub setup_seconds: f64,
    /// Its runs, in instance order.
    pub runs: Vec<Run>,
    /// Why it was not run, when it was not.
    pub skipped: Option<String>,
}

impl Series {
    fn label(&self, threaded: bool) -> String {
        if threaded {
            format!("{} -j{}", self.config, self.threads)
        } else {
            self.config.clone()
        }
    }

    fn total_seconds(&self) -> f64 {
        self.runs.iter().map(Run::seconds).sum()
    }

    fn total(&self, count: impl Fn(&Run) -> u64) -> u64 {
        self.runs.iter().map(count).sum()
    }

    fn wrong(&self) -> usize {
        self.runs.iter().filter(|r| r.wrong()).count()
    }

    fn gave_up(&self) -> usize {
        self.runs
            .iter()
            .filter(|r| matches!(r.status, Status::GaveUp(_)))
            .count()
    }
}

/// The whole benchmark.
pub struct BenchReport {
    /// The command line that made it.
    pub command: String,
    /// Where the instances came from.
    pub source: String,
    /// Their goal.
    pub goal: String,
    /// How many there are.
    pub boards: usize,
    /// Whether the text form lists every board.
    pub per_board: bool,
    /// One series per configuration and thread count.
    pub series: Vec<Series>,
    /// The limits of every run, as words.
    pub limits: String,
    /// The metric every length counts in.
    pub metric: Metric,
}

impl BenchReport {
    /// Whether series differ in thread count (their labels then say it).
    fn threaded(&self) -> bool {
        self.series
            .iter()
            .any(|s| s.threads != self.series[0].threads)
    }

    /// The speed of `series` against the first series of its configuration, or against
    /// the very first series when every configuration ran once.
    fn speedup(&self, index: usize) -> f64 {
        let this = &self.series[index];
        let base = if self.threaded() {
            self.series
                .iter()
                .find(|s| s.config == this.config)
                .expect("the series itself")
        } else {
            self.baseline().unwrap_or(this)
        };
        base.total_seconds() / this.total_seconds().max(1e-9)
    }

    /// `; lengths in the multi-tile metric`, said where lengths are listed, or nothing
    /// in the default single-tile metric.
    fn metric_words(&self) -> String {
        if self.metric == Metric::SingleTile {
            String::new()
        } else {
            format!("; lengths in {}", self.metric.in_words())
        }
    }

    /// The series others are compared with: the first that ran.
    fn baseline(&self) -> Option<&Series> {
        self.series.iter().find(|s| s.skipped.is_none())
    }
}

/// The mean of `values` (0 for none).
pub fn mean(values: &[f64]) -> f64 {
    values.iter().sum::<f64>() / values.len().max(1) as f64
}

fn median(values: &[f64]) -> f64 {
    let mut v = values.to_vec();
    v.sort_by(f64::total_cmp);
    match v.len() {
        0 => 0.0,
        n if n % 2 == 1 => v[n / 2],
        n => f64::midpoint(v[n / 2 - 1], v[n / 2]),
    }
}

/// A mean of nothing printed as such, never as `NaN` or `-0.00`.
fn shown(value: f64, decimals: usize, any: bool) -> String {
    if any {
        format!("{value:.decimals$}")
    } else {
        "-".to_string()
    }
}

impl BenchReport {
    fn write_per_board(&self, out: &mut dyn Write) -> io::Result<()> {
        let threaded = self.threaded();
        for (index, series) in self.series.iter().enumerate() {
            if let Some(why) = &series.skipped {
                writeln!(out, "# {}: skipped: {why}", series.config)?;
                continue;
            }
            if index == 0 || series.config != self.series[index - 1].config {
                writeln!(
                    out,
                    "# goal {}; estimate {}; table setup {:.3} s{}",
                    self.goal,
                    series.estimate.as_deref().unwrap_or("none"),
                    series.setup_seconds,
                    self.metric_words()
                )?;
                writeln!(
                    out,
                    "{:>4} {:>5} {:>7} {:>7} {:>14} {:>14} {:>10} {:>12}",
                    "#",
                    "line",
                    "threads",
                    "length",
                    "generated",
                    "expanded",
                    "seconds",
                    "generated/s"
                )?;
            }
            for run in &series.runs {
                let s = &run.report.stats;
                let verdict = match &run.status {
                    Status::GaveUp(why) => format!("  {why}"),
                    _ if run.wrong() => "  WRONG (expected the file's optimum)".to_string(),
                    _ => String::new(),
                };
                writeln!(
                    out,
                    "{:>4} {:>5} {:>7} {:>7} {:>14} {:>14} {:>10.4} {:>12.0}{verdict}",
                    run.number,
                    run.line,
                    series.threads,
                    run.length.map_or("-".to_string(), |l| l.to_string()),
                    s.generated,
                    s.expanded,
                    s.seconds,
                    s.generated as f64 / s.seconds.max(1e-9)
                )?;
            }
            let n = series.runs.len().max(1) as f64;
            let generated = series.total(|r| r.report.stats.generated);
            let seconds = series.total_seconds();
            writeln!(
                out,
                "total, {}{}: {}, {} wrong, {} gave up; {} generated ({:.0} mean), {} expanded; {:.3} s search ({:.4} s mean); {:.0} generated/s; speed-up {:.2}x",
                if self.series.len() > 1 && !threaded {
                    format!("{}, ", series.config)
                } else {
                    String::new()
                },
                counted(series.threads as u64, "thread", "threads"),
                counted(series.runs.len() as u64, "board", "boards"),
                series.wrong(),
                series.gave_up(),
                generated,
                generated as f64 / n,
                series.total(|r| r.report.stats.expanded),
                seconds,
                seconds / n,
                generated as f64 / seconds.max(1e-9),
                self.speedup(index),
            )?;
        }
        Ok(())
    }
}

impl Render for BenchReport {
    fn text(&self, out: &mut dyn Write) -> io::Result<()> {
        if self.per_board {
            self.write_per_board(out)
        } else {
            self.markdown(out)
        }
    }

    fn markdown(&self, out: &mut dyn Write) -> io::Result<()> {
        let threaded = self.threaded();
        writeln!(out, "Command: `{}`\n", self.command)?;
        writeln!(out, "Limits per run: {}.\n", self.limits)?;
        if self.metric != Metric::SingleTile {
            writeln!(out, "Lengths count moves in {}.\n", self.metric.in_words())?;
        }
        writeln!(
            out,
            "Instances: {}. One instance at a time{}.\n",
            self.source,
            if threaded {
                ", each search on the threads its row names"
            } else if self.series.first().is_some_and(|s| s.threads == 1) {
                ", on one core"
            } else {
                ""
            }
        )?;
        let baseline = self
            .baseline()
            .map_or_else(|| "-".to_string(), |s| s.label(threaded));
        writeln!(
            out,
            "| configuration | solved | mean length | over optimum | mean nodes | median nodes | mean ms | median ms | mean peak nodes | total s | speed vs {baseline} |"
        )?;
        writeln!(out, "|---|---|---|---|---|---|---|---|---|---|---|")?;
        for (index, series) in self.series.iter().enumerate() {
            if let Some(why) = &series.skipped {
                writeln!(
                    out,
                    "| {} | skipped: {why} | | | | | | | | | |",
                    series.label(threaded)
                )?;
                continue;
            }
            let solved: Vec<&Run> = series.runs.iter().filter(|r| r.length.is_some()).collect();
            let any = !solved.is_empty();
            let nodes: Vec<f64> = solved
                .iter()
                .map(|r| r.report.stats.expanded as f64)
                .collect();
            let ms: Vec<f64> = solved.iter().map(|r| r.seconds() * 1e3).collect();
            let peak: Vec<f64> = solved
                .iter()
                .map(|r| r.report.stats.peak_nodes as f64)
                .collect();
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
            writeln!(
                out,
                "| {} | {}/{} | {} | {over} | {} | {} | {} | {} | {} | {:.3} | {:.2}x |",
                series.label(threaded),
                solved.len(),
                series.runs.len(),
                shown(mean(&lengths), 2, any),
                shown(mean(&nodes), 0, any),
                shown(median(&nodes), 0, any),
                shown(mean(&ms), 3, any),
                shown(median(&ms), 3, any),
                shown(mean(&peak), 0, any),
                series.total_seconds(),
                self.speedup(index)
            )?;
        }
        let unsolved: usize = self.series.iter().map(Series::gave_up).sum();
        if unsolved > 0 {
            writeln!(
                out,
                "\n{} gave up at the limits and {} left out of the means.",
                counted(unsolved as u64, "run", "runs"),
                if unsolved == 1 { "is" } else { "are" }
            )?;
        }
        Ok(())
    }

    fn json(&self) -> Value {
        let runs: Vec<Value> = self
            .series
            .iter()
            .enumerate()
            .map(|(index, s)| {
                let generated = s.total(|r| r.report.stats.generated);
                let seconds = s.total_seconds();
                json!({
                    "config": s.config,
                    "skipped": s.skipped,
                    "estimate": s.estimate,
                    "threads": s.threads,
                    "setup_seconds": s.setup_seconds,
                    "solved": s.runs.iter().filter(|r| r.length.is_some()).count(),
                    "wrong": s.wrong(),
                    "gave_up": s.gave_up(),
                    "generated": generated,
                    "expanded": s.total(|r| r.report.stats.expanded),
                    "seconds": seconds,
                    "generated_per_second": generated as f64 / seconds.max(1e-9),
                    "speedup": self.speedup(index),
                    "reports": s.runs.iter().map(|r| &r.report).collect::<Vec<_>>(),
                })
            })
            .collect();
        json!({
            "command": self.command,
            "source": self.source,
            "goal": self.goal,
            "boards": self.boards,
            "limits": self.limits,
            "metric": self.metric.name(),
            "estimate": self.series.first().and_then(|s| s.estimate.clone()),
            "setup_seconds": self.series.first().map_or(0.0, |s| s.setup_seconds),
            "runs": runs,
        })
    }
}
