//! The arguments of the commands on tables: `stats` and `pdb`.

use clap::{ArgGroup, Args, Subcommand};
use npuzzle::services::distance_stats::DepthRange;
use npuzzle::Size;

use super::groups::{CacheArgs, GoalArgs, MetricArgs};
use super::values::{memory_size, seconds, BuildTarget};

/// `npuzzle stats`.
#[derive(Debug, Args)]
pub struct StatsArgs {
    /// Board size, columns x rows: at most 12 cells (2x2 ... 2x6, 3x3, 3x4, 4x3 ...) from
    /// a table, or 4x4, 5x3, 7x2, 8x2 (either way round, both metrics) from published
    /// counts; with --probability, any size.
    #[arg(long, short = 's')]
    pub size: Size,
    /// The chance that a uniformly random solvable board's optimum lies in this range of
    /// moves, ends included: A..B, A.., ..B or N. Exact where the distribution is known,
    /// otherwise estimated by solving random boards (a 95 % Wilson interval).
    #[arg(long, value_name = "RANGE", allow_hyphen_values = true)]
    pub probability: Option<DepthRange>,
    /// Boards to solve when the probability is sampled.
    #[arg(long, value_name = "N", default_value_t = 100, requires = "probability",
          value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    pub samples: u64,
    /// Sample the probability even where the exact distribution is known (a check of
    /// the sampler against the exact answer).
    #[arg(long, requires = "probability")]
    pub sample: bool,
    /// Seed of the random boards sampled: the same seed, the same boards.
    #[arg(long, default_value_t = 1, requires = "probability")]
    pub seed: u64,
    /// Stop sampling after this many seconds in all, answering from the boards solved
    /// by then (default: no limit).
    #[arg(long, value_name = "SECONDS", value_parser = seconds, requires = "probability")]
    pub max_seconds: Option<f64>,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
    /// Refuse to build a table that would take more memory than this (default: half the
    /// memory available).
    #[arg(long, value_name = "SIZE", value_parser = memory_size)]
    pub max_memory: Option<u64>,
    /// Count distances in this metric (a multi-tile table is another table).
    #[command(flatten)]
    pub metric: MetricArgs,
    #[command(flatten)]
    pub cache: CacheArgs,
}

/// `npuzzle pdb`.
#[derive(Debug, Subcommand)]
pub enum PdbCommand {
    /// Build (or load, if valid) the tables of a partition and store them in the cache (with
    /// --metric mtm: best, the coloured multi-tile databases solve reads).
    Build(PdbBuildArgs),
    /// List the table files in the cache.
    List(CacheArgs),
    /// Check every table file in the cache (header, length, checksum).
    Verify(CacheArgs),
}

/// `npuzzle pdb build`.
#[derive(Debug, Args)]
#[command(group(ArgGroup::new("tables").required(true).args(["partition", "catalogue"])))]
pub struct PdbBuildArgs {
    /// The partition: group sizes (7-8, 6-6-3, 5-5-5, 6-6-6-6) or tile groups
    /// (1,2,3/4,5,6); or best, the tables solve prefers for the goal (on the 24-puzzle
    /// the small catalogue with the blank in a corner, else 6-6-6-6; on the 15-puzzle 7-8).
    /// With --metric mtm, only best: the coloured multi-tile databases solve reads
    /// (on the 15-puzzle the three five-colour ones too, 2.7 GB each, which solve never
    /// builds).
    pub partition: Option<BuildTarget>,
    /// The metric the tables count: stm (additive pattern databases) or mtm (coloured
    /// multi-tile databases).
    #[command(flatten)]
    pub metric: MetricArgs,
    /// Build the zero-aware tables of this catalogue instead: a name (small), a file with
    /// a partition a line, or partitions separated by ';'.
    #[arg(long, value_name = "CATALOGUE")]
    pub catalogue: Option<String>,
    /// The goal (default: tiles in order, blank last, of --size or 4x4); a goal that is
    /// not square needs --size.
    #[command(flatten)]
    pub goal: GoalArgs,
    /// Refuse to build tables that would take more memory than this (default: half the
    /// memory available).
    #[arg(long, value_name = "SIZE", value_parser = memory_size)]
    pub max_memory: Option<u64>,
    #[command(flatten)]
    pub cache: CacheArgs,
}
