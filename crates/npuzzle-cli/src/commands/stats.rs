//! `npuzzle stats`: how far every board of a size is from the default goal, read off its
//! complete distance table (built, and for 12-cell boards cached, when missing).

use std::io::{self, Write};
use std::process::ExitCode;

use anyhow::Context;
use npuzzle::tables::distance_table::{self, Layout, Need};
use npuzzle::util::plural::counted;
use npuzzle::{Board, Metric};
use serde::Serialize;

use crate::args::StatsArgs;
use crate::options::build_limits;
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
    /// Up to 100 boards at the largest distance.
    hardest: Vec<String>,
}

pub fn run(args: &StatsArgs) -> anyhow::Result<ExitCode> {
    let goal = Board::goal(args.size);
    let layout = Layout::for_goal(&goal)
        .with_context(|| format!("--size {}", args.size))?
        .in_metric(args.metric.metric);
    let bars = Bars::new(args.cache.quiet);
    let limits = build_limits(args.max_memory);
    let table = distance_table::shared(layout, &args.cache.cache(), Need::Always, &limits, &bars)?
        .expect("a table is always had when needed");
    let summary = table.summary();
    // The table's goal is the standard one with the same blank cell, which for the
    // default goal is the default goal itself: its boards need no relabeling.
    debug_assert_eq!(layout.goal(), goal);
    let stats = Stats {
        size: args.size.to_string(),
        goal: goal.to_string(),
        metric: args.metric.metric.name().to_string(),
        states: summary.states(),
        max: summary.max(),
        mean: summary.mean(),
        counts: summary.counts.clone(),
        hardest: table
            .hardest_boards()
            .iter()
            .map(Board::to_string)
            .collect(),
    };
    output::print(&stats, Format::json_or(args.json, Format::Text))?;
    Ok(ExitCode::SUCCESS)
}

impl Render for Stats {
    fn json(&self) -> serde_json::Value {
        serde_json::to_value(self).expect("stats are plain data")
    }

    fn text(&self, out: &mut dyn Write) -> io::Result<()> {
        let stats = self;
        writeln!(out, "size:    {}   goal: {}", stats.size, stats.goal)?;
        if stats.metric != Metric::SingleTile.name() {
            // Single-tile output stays as it always was.
            writeln!(
                out,
                "metric:  {} (a jump of the blank along its line is one move)",
                stats.metric
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
