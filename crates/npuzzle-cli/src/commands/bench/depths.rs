//! `bench --depths`: the table of search cost against solution depth, as Russell & Norvig
//! print it. The library draws the boards and measures ([`npuzzle::services::cost_by_depth`]); this
//! renders the rows as Markdown, JSON and a plot, with the book's figures beside them
//! when asked.

use std::io::{self, Write};
use std::process::ExitCode;

use anyhow::Context;
use npuzzle::search::Limits;
use npuzzle::services::cost_by_depth::{
    depth_table, sample_bytes, BookFigure, Conventions, Counting, DepthConfig, DepthRow,
    DepthRowReport, Equation, BOOK_CONFIGS,
};
use npuzzle::{Board, Metric, Size};
use serde_json::{json, Value};

use super::{configs, configured, plot};
use npuzzle::SolveRequest;

use crate::args::{BenchArgs, CountingArg, EquationArg, PublishedArg, SwitchArg};
use crate::input::goal_alone;
use crate::options::OptionsBuilder;
use crate::output::{self, Format, Render};

/// What the counts mean, as every report states.
const CONVENTIONS: &str = "nodes generated: successors produced by expansions, boards \
    already seen included (the book's count); nodes expanded: boards whose successors were \
    generated. b* is solved per board (N the counted nodes, d the board's solution depth) \
    and then averaged over the boards, as the book does. No search expands the goal (A* \
    stops as it takes the goal off the open list, BFS as it generates it): the goal is \
    among the nodes generated, not the nodes expanded.";

/// What the report says of iddfs's parent pruning.
fn iddfs_text(parent_pruning: bool) -> &'static str {
    if parent_pruning {
        "iddfs never steps straight back to the board it came from (parent pruning, \
         --iddfs-parent-pruning on); the book's IDS does, so its column is larger."
    } else {
        "iddfs may step straight back to the board it came from, as the book's IDS does \
         (--iddfs-parent-pruning off)."
    }
}

/// The rows and how they were made.
struct DepthReport {
    command: String,
    goal: String,
    count: usize,
    seed: u64,
    conventions: Conventions,
    published: Option<PublishedArg>,
    limits: String,
    /// How depths and moves count.
    metric: Metric,
    rows: Vec<DepthRow>,
}

pub fn run(args: &BenchArgs, defaults: Limits) -> anyhow::Result<ExitCode> {
    let three = Size::square(3).expect("3x3 is a size");
    let goal: Board = goal_alone(args.goal.goal.as_deref(), args.goal.size, three)?;
    // The boards drawn are held at once: a count past the memory is refused, not a crash.
    let need = sample_bytes(&goal, args.count, args.depths.depths.len());
    let (bound, source) = crate::input::memory_bound(args.limits.max_memory);
    if need > bound {
        anyhow::bail!(
            "--count {} at {} depths: the boards take {}, more than {source} ({})",
            args.count,
            args.depths.depths.len(),
            npuzzle::util::memory::shown(need),
            npuzzle::util::memory::shown(bound)
        );
    }
    let request = SolveRequest {
        metric: args.metric.metric,
        limits: args.limits.request(),
        ..SolveRequest::default()
    };
    let shared = OptionsBuilder::asked(&request, defaults)?
        .stopped_by(crate::interrupt::stop_token()?)
        .cache(args.cache.cache_for_many())
        .build();
    let measured: Vec<DepthConfig> = configured(configs(args, BOOK_CONFIGS)?, &shared, &goal)?
        .into_iter()
        .map(|(config, options)| DepthConfig {
            label: config.to_string(),
            options,
        })
        .collect();
    let conventions = Conventions {
        counting: match args.depths.counting {
            CountingArg::Generated => Counting::Generated,
            CountingArg::Expanded => Counting::Expanded,
        },
        equation: match args.depths.bstar {
            EquationArg::NPlusOne => Equation::NodesPlusOne,
            EquationArg::N => Equation::Nodes,
        },
        iddfs_parent_pruning: args.depths.iddfs_parent_pruning == SwitchArg::On,
    };
    if let Some(dir) = &args.plots {
        output::create_dir(dir)?;
    }
    let rows = depth_table(
        &goal,
        &args.depths.depths,
        args.count,
        args.seed,
        &measured,
        conventions,
    )
    .context("--depths")?;
    let report = DepthReport {
        command: std::iter::once("npuzzle".to_string())
            .chain(std::env::args().skip(1))
            .collect::<Vec<_>>()
            .join(" "),
        goal: goal.to_string(),
        count: args.count,
        seed: args.seed,
        conventions,
        published: args.depths.published,
        limits: super::limits_text(&shared.limits),
        metric: args.metric.metric,
        rows,
    };
    let format = Format::json_or(args.json, Format::Markdown);
    match &args.report {
        Some(path) => {
            let mut file = std::fs::File::create(path)
                .with_context(|| format!("writing {}", path.display()))?;
            output::write(&report, format, &mut file)
                .with_context(|| format!("writing {}", path.display()))?;
        }
        None => output::print(&report, format)?,
    }
    if let Some(dir) = &args.plots {
        report.plot(dir)?;
    }
    let gave_up = report.rows.iter().any(|r| r.gave_up > 0);
    Ok(if gave_up {
        ExitCode::from(super::GAVE_UP)
    } else {
        ExitCode::SUCCESS
    })
}

impl DepthReport {
    /// The counted nodes of a row.
    fn nodes(&self, row: &DepthRow) -> f64 {
        row.counted(self.conventions.counting)
    }

    /// The book's figures for a row, when asked for and printed there.
    fn book(&self, row: &DepthRow) -> Option<(&'static str, BookFigure)> {
        self.published?;
        row.book_figure()
            .map(|(column, figure)| (column.name(), figure))
    }

    /// `nodes-by-depth.svg` in `dir`: the counted nodes against depth, log scale.
    fn plot(&self, dir: &std::path::Path) -> anyhow::Result<()> {
        let mut series: Vec<(String, Vec<(f64, f64)>)> = Vec::new();
        for row in &self.rows {
            if row.instances == 0 {
                continue;
            }
            let point = (row.depth as f64, self.nodes(row).max(1e-9));
            match series.iter_mut().find(|(label, _)| *label == row.config) {
                Some((_, points)) => points.push(point),
                None => series.push((row.config.clone(), vec![point])),
            }
        }
        let measure = format!("mean nodes {}", self.conventions.counting.name());
        plot::draw(
            &dir.join("nodes-by-depth.svg"),
            &format!("{measure} against solution depth"),
            "solution depth (moves)",
            &measure,
            &series,
        )
    }
}

impl Render for DepthReport {
    fn text(&self, out: &mut dyn Write) -> io::Result<()> {
        self.markdown(out)
    }

    fn markdown(&self, out: &mut dyn Write) -> io::Result<()> {
        writeln!(out, "# Search cost by solution depth\n")?;
        writeln!(out, "`{}`\n", self.command)?;
        writeln!(
            out,
            "{} boards a depth drawn uniformly and independently (with replacement: a depth \
             with few boards repeats them) among all boards at exactly that distance{} from \
             `{}` (seed {}); limits per run: {}. b* from nodes {} by {}.\n",
            self.count,
            match self.metric {
                Metric::SingleTile => String::new(),
                metric @ Metric::MultiTile => format!(" in {}", metric.in_words()),
            },
            self.goal,
            self.seed,
            self.limits,
            self.conventions.counting.name(),
            self.conventions.equation.written()
        )?;
        writeln!(
            out,
            "Conventions: {CONVENTIONS} {}\n",
            iddfs_text(self.conventions.iddfs_parent_pruning)
        )?;
        let book = self.published.is_some();
        write!(
            out,
            "| config | depth | boards | mean generated | mean expanded | b* |"
        )?;
        if book {
            write!(out, " book | book nodes | ratio | book b* | b* − book |")?;
        }
        writeln!(out)?;
        write!(out, "|---|---:|---:|---:|---:|---:|")?;
        if book {
            write!(out, "---|---:|---:|---:|---:|")?;
        }
        writeln!(out)?;
        for row in &self.rows {
            let any = row.instances > 0;
            let value = |v: f64, decimals: usize| {
                if any {
                    format!("{v:.decimals$}")
                } else {
                    "-".to_string()
                }
            };
            let boards = if row.gave_up > 0 {
                format!("{} ({} gave up)", row.instances, row.gave_up)
            } else {
                row.instances.to_string()
            };
            write!(
                out,
                "| {} | {} | {} | {} | {} | {} |",
                row.config,
                row.depth,
                boards,
                value(row.mean_generated, 1),
                value(row.mean_expanded, 1),
                value(row.effective_branching_factor, 2)
            )?;
            if book {
                match self.book(row) {
                    Some((name, figure)) => write!(
                        out,
                        " {name} | {} | {} | {} | {} |",
                        figure.nodes,
                        value(self.nodes(row) / figure.nodes, 2),
                        figure
                            .branching
                            .map_or("-".to_string(), |b| format!("{b:.2}")),
                        figure.branching.map_or("-".to_string(), |b| {
                            value(row.effective_branching_factor - b, 2)
                        }),
                    )?,
                    None => write!(out, " - | - | - | - | - |")?,
                }
            }
            writeln!(out)?;
        }
        Ok(())
    }

    fn json(&self) -> Value {
        let by_depth: Vec<DepthRowReport> = self
            .rows
            .iter()
            .map(|row| {
                DepthRowReport::new(row, self.conventions.counting, self.published.is_some())
            })
            .collect();
        json!({
            "command": self.command,
            "goal": self.goal,
            "count": self.count,
            "seed": self.seed,
            "metric": self.metric.name(),
            "counting": self.conventions.counting.name(),
            "bstar_equation": self.conventions.equation.name(),
            "iddfs_parent_pruning": self.conventions.iddfs_parent_pruning,
            "conventions": format!(
                "{CONVENTIONS} {}",
                iddfs_text(self.conventions.iddfs_parent_pruning)
            ),
            "limits": self.limits,
            "by_depth": by_depth,
        })
    }

    fn pretty(&self) -> bool {
        true
    }
}
