//! `npuzzle stats`: how far every board of a size is from the default goal, from its
//! complete distance table (built, and for 12-cell boards cached, when missing) or the
//! published counts the library ships (the 15-puzzle); with `--probability A..B`, the
//! chance that a random board's optimum lies in the range, exact or sampled. The library
//! answers ([`npuzzle::services::distance_stats`]); this parses and prints.

use std::io::{self, Write};
use std::process::ExitCode;
use std::time::Duration;

use anyhow::Context;
use npuzzle::answer::options::SOLVE_LIMITS;
use npuzzle::services::distance_stats::{
    distance_stats, range_probability, DepthRange, Estimate, ProbabilityRequest, RangeProbability,
    SampleSettings,
};
use npuzzle::util::plural::counted;
use npuzzle::{Board, Metric};
use serde::Serialize;
use serde_json::json;

use npuzzle::answer::request::LimitRequest;
use npuzzle::SolveRequest;

use crate::args::StatsArgs;
use crate::interrupt::stop_token;
use crate::options::{interruptible_build_limits, OptionsBuilder};
use crate::output::{self, Format, Render};
use crate::progress::Bars;

/// The distribution as JSON.
#[derive(Serialize)]
struct Stats {
    /// The board size, `WxH`.
    size: String,
    /// The goal every distance is measured to.
    goal: String,
    /// How moves are counted: `stm` or `mtm`.
    metric: String,
    /// Number of boards that can reach the goal.
    states: u64,
    /// The largest distance.
    max: usize,
    /// The mean distance.
    mean: f64,
    /// Boards at each distance, indexed by distance.
    counts: Vec<u64>,
    /// Up to 100 boards at the largest distance (none from published counts).
    hardest: Vec<String>,
    /// Where the counts come from: `table` (counted here) or `published`.
    source: &'static str,
    /// The published source, cited in one line; null for a table.
    citation: Option<&'static str>,
}

pub fn run(args: &StatsArgs) -> anyhow::Result<ExitCode> {
    if let Some(range) = args.probability {
        return probability(args, range);
    }
    let bars = Bars::new(args.cache.quiet);
    let limits = interruptible_build_limits(args.max_memory)?;
    let distribution = distance_stats(
        args.size,
        args.metric.metric,
        &args.cache.cache(),
        &limits,
        &bars,
    )
    .with_context(|| format!("--size {}", args.size))?;
    let stats = Stats {
        size: args.size.to_string(),
        goal: distribution.goal.to_string(),
        metric: distribution.metric.name().to_string(),
        states: distribution.states(),
        max: distribution.max(),
        mean: distribution.mean(),
        counts: distribution.counts.clone(),
        hardest: distribution.hardest.iter().map(Board::to_string).collect(),
        source: distribution.source.name(),
        citation: distribution.source.citation(),
    };
    output::print(&stats, Format::json_or(args.json, Format::Text))?;
    Ok(ExitCode::SUCCESS)
}

/// `--probability RANGE`: exact where a distribution is known, else sampled.
fn probability(args: &StatsArgs, range: DepthRange) -> anyhow::Result<ExitCode> {
    let goal = Board::goal(args.size);
    // Every core for each board; the bars of table and database builds on the way, and
    // the sampling's own bar over them.
    let asked = SolveRequest {
        metric: args.metric.metric,
        threads: 0,
        limits: LimitRequest {
            max_memory: args.max_memory,
            ..LimitRequest::default()
        },
        ..SolveRequest::default()
    };
    let options = OptionsBuilder::asked(&asked, SOLVE_LIMITS)?
        .stopped_by(stop_token()?)
        .cache(args.cache.cache_for_many())
        .progress(args.cache.build_progress())
        .checked(&goal)?;
    let request = ProbabilityRequest {
        size: args.size,
        range,
        force_sampling: args.sample,
        sampling: SampleSettings {
            samples: usize::try_from(args.samples).expect("at most a million"),
            seed: args.seed,
            budget: args.max_seconds.map(Duration::from_secs_f64),
        },
    };
    let bars = Bars::new(args.cache.quiet);
    let answer = range_probability(&request, &options, &bars)
        .with_context(|| format!("--size {} --probability {range}", args.size))?;
    output::print(
        &ProbabilityReport(answer),
        Format::json_or(args.json, Format::Text),
    )?;
    Ok(ExitCode::SUCCESS)
}

/// The metric's line, as `stats` writes it: none for the single-tile metric, whose
/// output stays as it always was.
fn metric_line(out: &mut dyn Write, metric: &str) -> io::Result<()> {
    if metric != Metric::SingleTile.name() {
        writeln!(
            out,
            "metric:  {metric} (a jump of the blank along its line is one move)"
        )?;
    }
    Ok(())
}

impl Render for Stats {
    fn json(&self) -> serde_json::Value {
        serde_json::to_value(self).expect("stats are plain data")
    }

    fn text(&self, out: &mut dyn Write) -> io::Result<()> {
        let stats = self;
        writeln!(out, "size:    {}   goal: {}", stats.size, stats.goal)?;
        metric_line(out, &stats.metric)?;
        if let Some(citation) = stats.citation {
            writeln!(
                out,
                "source:  published counts, not counted here: {citation}"
            )?;
        }
        writeln!(out, "states:  {}", stats.states)?;
        writeln!(
            out,
            "max:     {} ({})",
            counted(stats.max as u64, "move", "moves"),
            counted(stats.counts[stats.max], "board", "boards")
        )?;
        writeln!(out, "mean:    {:.4} moves", stats.mean)?;
        writeln!(out, "\ndistance  boards")?;
        for (distance, count) in stats.counts.iter().enumerate() {
            writeln!(out, "{distance:>8}  {count}")?;
        }
        if stats.hardest.is_empty() {
            writeln!(
                out,
                "\nhardest boards: not listed with the published counts"
            )?;
            return Ok(());
        }
        let shown = if stats.hardest.len() as u64 == stats.counts[stats.max] {
            "all".to_string()
        } else {
            format!("the first {}", stats.hardest.len())
        };
        writeln!(out, "\nhardest boards ({shown}):")?;
        for board in &stats.hardest {
            writeln!(out, "  {board}")?;
        }
        Ok(())
    }
}

/// A range said in words: "exactly 31 moves", "70 moves or more", "at most 40 moves",
/// "50 to 55 moves".
fn in_words(range: DepthRange) -> String {
    let moves = |n: u32| counted(u64::from(n), "move", "moves");
    match (range.min, range.max) {
        (0, None) => "any number of moves".to_string(),
        (min, None) => format!("{} or more", moves(min)),
        (min, Some(max)) if min == max => format!("exactly {}", moves(max)),
        (0, Some(max)) => format!("at most {}", moves(max)),
        (min, Some(max)) => format!("{min} to {max} moves"),
    }
}

/// The answer to `--probability`, as text and JSON.
struct ProbabilityReport(RangeProbability);

/// A probability written so that small ones still show: `decimals` decimals, or three
/// significant digits in scientific notation below 0.001, with "1 in N" for the rare.
fn chance(p: f64, decimals: usize) -> String {
    if p == 0.0 {
        "0".to_string()
    } else if p >= 0.001 {
        let fixed = format!("{p:.decimals$}");
        if p < 0.01 {
            format!("{fixed} (1 in {:.0})", 1.0 / p)
        } else {
            fixed
        }
    } else {
        format!("{p:.3e} (1 in {:.0})", 1.0 / p)
    }
}

impl Render for ProbabilityReport {
    fn json(&self) -> serde_json::Value {
        let answer = &self.0;
        let mut value = json!({
            "size": answer.size.to_string(),
            "goal": answer.goal.to_string(),
            "metric": answer.metric.name(),
            "range": {"min": answer.range.min, "max": answer.range.max},
            "probability": answer.probability,
        });
        let fields = match &answer.estimate {
            Estimate::Exact {
                boards,
                states,
                source,
            } => json!({
                "exact": true,
                "source": source.name(),
                "citation": source.citation(),
                "boards": boards,
                "states": states,
                "samples": null,
                "interval": null,
            }),
            Estimate::Sampled {
                proportion,
                interval,
                seed,
                distances,
            } => json!({
                "exact": false,
                "source": "sampled",
                "citation": null,
                "boards": null,
                "states": null,
                "samples": {
                    "requested": distances.requested,
                    "solved": proportion.trials,
                    "in_range": proportion.hits,
                    "seed": seed,
                    "seconds": distances.seconds,
                    "cut_short": distances.cut_short,
                    "stopped": distances.stopped,
                    "counts": distances.counts,
                },
                "interval": {
                    "low": interval.low,
                    "high": interval.high,
                    "level": interval.level,
                    "method": "wilson",
                },
            }),
        };
        let object = value.as_object_mut().expect("an object");
        for (key, field) in fields.as_object().expect("an object") {
            object.insert(key.clone(), field.clone());
        }
        value
    }

    fn text(&self, out: &mut dyn Write) -> io::Result<()> {
        let answer = &self.0;
        writeln!(out, "size:    {}   goal: {}", answer.size, answer.goal)?;
        metric_line(out, answer.metric.name())?;
        writeln!(
            out,
            "range:   {} ({})",
            answer.range,
            in_words(answer.range)
        )?;
        match &answer.estimate {
            Estimate::Exact {
                boards,
                states,
                source,
            } => {
                writeln!(
                    out,
                    "chance:  {}, exact: {boards} of {states} boards",
                    chance(answer.probability, 6)
                )?;
                match source.citation() {
                    Some(citation) => writeln!(out, "source:  published counts: {citation}"),
                    None => writeln!(out, "source:  the complete distance table"),
                }
            }
            Estimate::Sampled {
                proportion,
                interval,
                seed,
                distances,
            } => {
                writeln!(
                    out,
                    "chance:  about {}, sampled; 95 % interval {} to {} (Wilson score)",
                    chance(answer.probability, 3),
                    chance(interval.low, 3),
                    chance(interval.high, 3)
                )?;
                writeln!(
                    out,
                    "sample:  {} of {} in the range (seed {seed}, {:.1} s)",
                    proportion.hits,
                    counted(
                        proportion.trials,
                        "random board solved optimally",
                        "random boards solved optimally"
                    ),
                    distances.seconds
                )?;
                if distances.cut_short {
                    writeln!(
                        out,
                        "         the time budget ended the sampling: {} of the {} asked for",
                        proportion.trials, distances.requested
                    )?;
                }
                if distances.stopped {
                    writeln!(
                        out,
                        "         stopped (gave up: interrupted): {} of the {} asked for",
                        proportion.trials, distances.requested
                    )?;
                }
                Ok(())
            }
        }
    }
}
