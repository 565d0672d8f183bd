//! The arguments of the commands on one board: `solve`, `trace`, `compare`, `check`.

use clap::Args;
use npuzzle::answer::options::SOLVE_LIMITS;
use npuzzle::services::compare::COMPARE_LIMITS;
use npuzzle::{Algorithm, HeuristicKind, MoveOrder, Notation, Visited};

use super::groups::{
    each_search, limit_defaults, CacheArgs, ClusterArgs, EstimateArgs, GoalArgs, LimitArgs,
    ListArgs, MetricArgs, OrderArgs, StreamArgs, ThreadArgs,
};
use super::values::{notation, traced_algorithm};

/// `npuzzle solve`.
#[derive(Debug, Args)]
#[command(mut_args(limit_defaults(&SOLVE_LIMITS)))]
pub struct SolveArgs {
    /// The board to solve (default: 8 6 7/2 5 4/3 0 1, a hardest 8-puzzle); '-' reads stdin.
    pub board: Option<String>,
    #[command(flatten)]
    pub goal: GoalArgs,
    /// The search algorithm: auto, table, bfs, bidirectional, astar, idastar, iddfs,
    /// fast-idastar, constructive. auto looks boards of up to 10 cells up in a distance
    /// table (12-cell boards too once their table is cached), runs the puzzle-specific
    /// IDA* up to 25 cells (with the pattern databases cached for the goal, or building a
    /// small one when a search runs long), and builds larger boards constructively; with
    /// --max-seconds it spends the time on larger boards' beam searches for a shorter
    /// answer and on a lower bound.
    #[arg(long, short = 'a', default_value = "auto")]
    pub algorithm: Algorithm,
    #[command(flatten)]
    pub estimate: EstimateArgs,
    /// Weight W >= 1 on the heuristic for astar/idastar: answers at most W times optimal,
    /// usually found much faster.
    #[arg(long, default_value_t = 1.0)]
    pub weight: f64,
    /// How BFS, bidirectional and A* keep visited boards: hash (a hash map, fastest) or
    /// ranked (an array indexed by the permutation rank; boards of at most 12 cells).
    #[arg(long, default_value = "hash")]
    pub visited: Visited,
    #[command(flatten)]
    pub order: OrderArgs,
    #[command(flatten)]
    pub metric: MetricArgs,
    /// Print the board after every move.
    #[arg(long)]
    pub show: bool,
    /// How the text output writes the moves: blank (u d l r, the blank's moves) or
    /// tiles (U D L R, the way each tile slides, runs counted: R2U2L). The JSON always
    /// carries both notations.
    #[arg(long, default_value = "blank", value_name = "NOTATION", value_parser = notation())]
    pub notation: Notation,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
    /// Also count every optimal solution: the number of distinct move sequences of the
    /// fewest moves, added to the output and the JSON. Refused where the answer would not
    /// be optimal (constructive, a weight above 1).
    #[arg(long)]
    pub count_optimal: bool,
    #[command(flatten)]
    pub list: ListArgs,
    #[command(flatten)]
    pub stream: StreamArgs,
    #[command(flatten)]
    pub threads: ThreadArgs,
    #[command(flatten)]
    pub limits: LimitArgs,
    #[command(flatten)]
    pub cache: CacheArgs,
    #[command(flatten)]
    pub cluster: ClusterArgs,
}

/// `npuzzle trace`.
#[derive(Debug, Args)]
#[command(mut_args(limit_defaults(&SOLVE_LIMITS)))]
pub struct TraceArgs {
    /// The start board; '-' reads stdin.
    pub board: String,
    #[command(flatten)]
    pub goal: GoalArgs,
    /// The search to trace, one of the classic ones.
    #[arg(long, short = 'a', value_parser = traced_algorithm())]
    pub algorithm: Algorithm,
    #[command(flatten)]
    pub order: OrderArgs,
    /// The heuristic of astar and idastar: misplaced, manhattan, linear-conflict
    /// (default: linear-conflict).
    #[arg(long)]
    pub heuristic: Option<HeuristicKind>,
    /// Most events to print; the search stops after this many expansions at the latest.
    #[arg(long, value_name = "N", default_value_t = 10_000)]
    pub limit: usize,
    /// Print JSON Lines, one object per event.
    #[arg(long)]
    pub json: bool,
    /// Say nothing on stderr (how the search ended, a limit reached).
    #[arg(long, short = 'q')]
    pub quiet: bool,
    #[command(flatten)]
    pub metric: MetricArgs,
    #[command(flatten)]
    pub limits: LimitArgs,
}

/// `npuzzle compare`.
#[derive(Debug, Args)]
#[command(mut_args(limit_defaults(&COMPARE_LIMITS)))]
pub struct CompareArgs {
    /// The board to solve; '-' reads stdin.
    pub board: String,
    #[command(flatten)]
    pub goal: GoalArgs,
    /// Print a JSON array of solve reports instead of a table.
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    pub metric: MetricArgs,
    /// Limits for each run.
    #[command(flatten)]
    pub limits: LimitArgs,
}

/// `npuzzle check`.
#[derive(Debug, Args)]
#[command(mut_args(limit_defaults(&SOLVE_LIMITS)))]
pub struct CheckArgs {
    /// The start board; '-' reads stdin.
    pub board: String,
    /// The moves: the blank's, u d l r (whitespace ignored; "" for none), or with
    /// --notation tiles the tiles', U D L R with counts (R2U2L).
    pub moves: String,
    /// How MOVES are written: blank (u d l r) or tiles (U D L R, runs counted).
    #[arg(long, default_value = "blank", value_name = "NOTATION", value_parser = notation())]
    pub notation: Notation,
    /// The order the canonical solution is the smallest in: l, r, d, u, each once (e.g.
    /// dlru; default: lrdu). Given, the text says whether MOVES are that solution; the
    /// JSON always does ("canonical").
    #[arg(long, value_name = "ORDER")]
    pub order: Option<MoveOrder>,
    /// The metric MOVES are counted in and compared with the fewest in (in mtm a run of
    /// equal blank moves, uuu or D3, is one move).
    #[command(flatten)]
    pub metric: MetricArgs,
    #[command(flatten)]
    pub goal: GoalArgs,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    pub limits: LimitArgs,
    #[command(flatten)]
    pub cache: CacheArgs,
}

/// `npuzzle analyse`: a recorded solve, move by move.
#[derive(Debug, Args)]
#[command(mut_args(each_search))]
pub struct AnalyseArgs {
    /// The start board; '-' reads stdin.
    pub board: String,
    /// The moves played: the blank's, u d l r (whitespace ignored), or with --notation
    /// tiles the tiles', U D L R with counts (R2U2L). Left out, each first move is
    /// listed with the fewest moves it leaves: the good moves.
    pub moves: Option<String>,
    /// How MOVES are written, and how the analysis writes moves: blank (u d l r) or tiles
    /// (U D L R, runs counted).
    #[arg(long, default_value = "blank", value_name = "NOTATION", value_parser = notation())]
    pub notation: Notation,
    /// The metric moves are counted in (in mtm a run of equal blank moves, uuu or D3, is
    /// one move, and a move loses 1 or more).
    #[command(flatten)]
    pub metric: MetricArgs,
    #[command(flatten)]
    pub goal: GoalArgs,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    pub limits: LimitArgs,
    #[command(flatten)]
    pub cache: CacheArgs,
}
