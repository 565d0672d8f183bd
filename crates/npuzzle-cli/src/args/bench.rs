//! The arguments of `bench`, and of `bench-file`, its per-board form.

use std::path::PathBuf;

use clap::Args;
use npuzzle::answer::options::SOLVE_LIMITS;
// Limits of each run of `bench` unless the flags say otherwise: the library's.
pub use npuzzle::answer::options::BENCH_LIMITS;
use npuzzle::{Algorithm, HeuristicKind, Metric};

use super::bench_depths::DepthArgs;
use super::groups::{
    limit_defaults, CacheArgs, EstimateArgs, GoalArgs, LimitArgs, MetricArgs, OrderArgs,
};
use super::values::{board_number, thread_count, walk};

/// `npuzzle bench`.
#[derive(Debug, Args)]
#[command(mut_args(limit_defaults(&BENCH_LIMITS)))]
#[command(mut_arg("heuristic", |arg| arg.help(
    "The heuristic of every configuration that names no estimate and takes one (astar, \
     idastar, fast-idastar, auto): misplaced, manhattan, linear-conflict (default: the best \
     at hand)"
)))]
pub struct BenchArgs {
    /// Configurations, comma-separated:
    /// algorithm[:heuristic or :pdb=PARTITION or :cat=CATALOGUE][:w=WEIGHT] (e.g.
    /// astar:manhattan, fast-idastar:pdb=7-8, fast-idastar:cat=small, idastar:w=1.5; a
    /// catalogue by name or file); the first is the baseline (default: bfs,
    /// bidirectional, astar and idastar with manhattan and linear-conflict).
    #[arg(long, alias = "pairs", value_name = "LIST")]
    pub configs: Option<String>,
    /// Instances from a file, one board a line, optionally followed by its published
    /// optimal length (checked against every optimal answer).
    #[arg(long)]
    pub file: Option<PathBuf>,
    #[command(flatten)]
    pub goal: GoalArgs,
    /// How many random instances (without --file).
    #[arg(long, short = 'n', default_value_t = 100)]
    pub count: usize,
    /// Seed of the random instances.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Random instances this many random moves from the goal instead of uniform.
    #[arg(long, value_name = "K", value_parser = walk)]
    pub walk: Option<usize>,
    /// Weight W >= 1 on the heuristic of every astar/idastar configuration that names none.
    #[arg(long, default_value_t = 1.0)]
    pub weight: f64,
    #[command(flatten)]
    pub order: OrderArgs,
    /// The metric every run solves in; a file's published lengths are in it.
    #[command(flatten)]
    pub metric: MetricArgs,
    /// The estimate of every configuration that names none and takes one.
    #[command(flatten)]
    pub estimate: EstimateArgs,
    /// Solve only the first N instances.
    #[arg(long, value_name = "N")]
    pub first: Option<usize>,
    /// Solve only these instances, numbered from 1 (e.g. 1,5,13).
    #[arg(long, value_name = "LIST", value_delimiter = ',', value_parser = board_number)]
    pub instances: Vec<usize>,
    /// Threads searching each board (0: one per core), with the puzzle-specific IDA*. A
    /// list such as 1,2 runs every configuration with each count and reports the speed-up.
    #[arg(long, short = 'j', value_name = "LIST", value_delimiter = ',', default_value = "1",
          value_parser = thread_count)]
    pub threads: Vec<usize>,
    /// Print a line for every board and run (board, threads, length, nodes, time, rate).
    #[arg(long)]
    pub per_board: bool,
    /// Print one JSON object (every run, and totals) instead of Markdown.
    #[arg(long)]
    pub json: bool,
    /// Write the report here instead of stdout.
    #[arg(long)]
    pub report: Option<PathBuf>,
    /// Write plots into this directory (made if missing): nodes.svg and time.svg (nodes
    /// expanded and seconds against solution length), or with --depths nodes-by-depth.svg
    /// (the counted nodes against depth) alone.
    #[arg(long)]
    pub plots: Option<PathBuf>,
    /// Limits for each run.
    #[command(flatten)]
    pub limits: LimitArgs,
    #[command(flatten)]
    pub cache: CacheArgs,
    /// The table by depth (`--depths`).
    #[command(flatten)]
    pub depths: DepthArgs,
}

/// `npuzzle bench-file FILE`: an alias of `bench --file FILE --per-board --configs
/// fast-idastar`, with linear conflict unless an estimate is named, held to `solve`'s
/// limits and searching on every core unless told otherwise ([`BenchFileArgs::as_bench`]).
/// The estimate flags are `bench`'s own ([`EstimateArgs`]).
#[derive(Debug, Args)]
#[command(mut_args(limit_defaults(&SOLVE_LIMITS)))]
#[command(mut_arg("heuristic", |arg| arg.help(
    "The heuristic without --pdb or --catalogue: manhattan or linear-conflict (default: \
     linear-conflict)"
)))]
pub struct BenchFileArgs {
    /// The benchmark file: a board per line followed by its optimal length; '#' comments.
    pub file: PathBuf,
    #[command(flatten)]
    pub goal: GoalArgs,
    #[command(flatten)]
    pub estimate: EstimateArgs,
    #[command(flatten)]
    pub order: OrderArgs,
    /// (The multi-tile search of 4x4 and smaller boards with --metric mtm: the file's
    /// lengths are compared only when it says `# metric: mtm`.)
    #[command(flatten)]
    pub metric: MetricArgs,
    /// Solve only the first N boards.
    #[arg(long, value_name = "N")]
    pub first: Option<usize>,
    /// Solve only these boards, numbered from 1 in file order (e.g. 1,5,13).
    #[arg(long, value_name = "LIST", value_delimiter = ',', value_parser = board_number)]
    pub instances: Vec<usize>,
    /// Print a JSON object (per-board reports and totals) instead of a table.
    #[arg(long)]
    pub json: bool,
    /// Threads searching each board (0: one per core). A list such as 1,2 solves every
    /// board with each count in turn and reports the speed-up over the first.
    #[arg(long, short = 'j', value_name = "LIST", value_delimiter = ',', default_value = "0",
          value_parser = thread_count)]
    pub threads: Vec<usize>,
    #[command(flatten)]
    pub limits: LimitArgs,
    #[command(flatten)]
    pub cache: CacheArgs,
}

impl BenchFileArgs {
    /// The `bench` command this one stands for (to be run under [`SOLVE_LIMITS`]).
    pub fn as_bench(&self) -> BenchArgs {
        let mut estimate = self.estimate.clone();
        // The multi-tile search takes no named heuristic: its own estimate guides it.
        let single_tile = self.metric.metric == Metric::SingleTile;
        if single_tile && estimate.pdb.is_none() && estimate.catalogue.is_none() {
            estimate
                .heuristic
                .get_or_insert(HeuristicKind::LinearConflict);
        }
        BenchArgs {
            configs: Some(Algorithm::FastIdastar.name().to_string()),
            file: Some(self.file.clone()),
            goal: self.goal.clone(),
            // Random instances only: unused with a file.
            count: 0,
            seed: 0,
            walk: None,
            weight: 1.0,
            order: self.order,
            metric: self.metric,
            estimate,
            first: self.first,
            instances: self.instances.clone(),
            threads: self.threads.clone(),
            per_board: true,
            json: self.json,
            report: None,
            plots: None,
            limits: self.limits.clone(),
            cache: self.cache.clone(),
            depths: DepthArgs::default(),
        }
    }
}
