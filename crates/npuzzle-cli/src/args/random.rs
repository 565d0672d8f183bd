//! The arguments of `random`.

use clap::Args;
use npuzzle::puzzle::lazy_walk::LazyWalk;

use super::groups::GoalArgs;
use super::values::{lazy_walk, walk};

/// `npuzzle random`.
#[derive(Debug, Args)]
pub struct RandomArgs {
    /// The goal the boards must reach (default: tiles in order, blank last, of --size or
    /// 3x3); a goal that is not square needs --size.
    #[command(flatten)]
    pub goal: GoalArgs,
    /// How many boards.
    #[arg(long, short = 'n', default_value_t = 1)]
    pub count: u64,
    /// Seed for a reproducible sequence (default: from the system).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Make each board this many random moves from the goal instead of uniformly random
    /// (at most 100,000,000).
    #[arg(long, value_name = "K", value_parser = walk, conflicts_with = "lazy_walk")]
    pub walk: Option<usize>,
    /// Make each board a lazy random walk back from the goal, as DeepCubeA made its test
    /// states: K steps, or a number drawn uniformly from A..B (ends included), each step
    /// one of the four directions at random, a step off the board standing still.
    #[arg(long, value_name = "K|A..B", value_parser = lazy_walk)]
    pub lazy_walk: Option<LazyWalk>,
    /// Print each board as a flat list of numbers instead of rows.
    #[arg(long)]
    pub flat: bool,
}
