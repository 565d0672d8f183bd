//! The arguments of `random`.

use clap::Args;

use super::groups::GoalArgs;
use super::values::walk;

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
    #[arg(long, value_name = "K", value_parser = walk)]
    pub walk: Option<usize>,
    /// Print each board as a flat list of numbers instead of rows.
    #[arg(long)]
    pub flat: bool,
}
