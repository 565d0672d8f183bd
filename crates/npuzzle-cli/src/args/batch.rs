//! The arguments of `batch`.

use std::path::PathBuf;

use clap::Args;
use npuzzle::answer::options::SOLVE_LIMITS;
use npuzzle::Algorithm;

use super::groups::{
    limit_defaults, CacheArgs, ClusterArgs, EstimateArgs, GoalArgs, LimitArgs, ListArgs,
    MetricArgs, OrderArgs,
};
use super::values::thread_count;

/// `npuzzle batch`.
#[derive(Debug, Args)]
#[command(mut_args(limit_defaults(&SOLVE_LIMITS)))]
pub struct BatchArgs {
    /// Instances, one a line: a board, or a JSON object with "board" and optional "id",
    /// "goal", "algorithm", "heuristic", "order", "metric". Blank lines and lines starting with # are skipped.
    /// Reads stdin when absent or '-'.
    pub input: Option<PathBuf>,
    /// Write results here (appending; ids already there are skipped, so an interrupted
    /// run can be resumed). Default: stdout.
    #[arg(long, short = 'o')]
    pub output: Option<PathBuf>,
    #[command(flatten)]
    pub goal: GoalArgs,
    /// The search algorithm for lines that do not name one.
    #[arg(long, short = 'a', default_value = "auto")]
    pub algorithm: Algorithm,
    #[command(flatten)]
    pub estimate: EstimateArgs,
    // The move order of lines that do not name one.
    #[command(flatten)]
    pub order: OrderArgs,
    // The metric of lines that do not name one.
    #[command(flatten)]
    pub metric: MetricArgs,
    /// Boards solved at once (0: one per core); with --cluster, on each process.
    #[arg(long, short = 'j', value_name = "N", default_value_t = 0, value_parser = thread_count)]
    pub jobs: usize,
    /// Also count every optimal solution of each board, added to its result; lines whose
    /// answer would not be optimal are refused.
    #[arg(long)]
    pub count_optimal: bool,
    #[command(flatten)]
    pub list: ListArgs,
    #[command(flatten)]
    pub limits: LimitArgs,
    #[command(flatten)]
    pub cache: CacheArgs,
    #[command(flatten)]
    pub cluster: ClusterArgs,
}
