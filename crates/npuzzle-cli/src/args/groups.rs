//! The flag groups commands share: goal and size, cache, estimate, limits, threads,
//! cluster.

use std::path::PathBuf;

use clap::{Arg, Args};
use npuzzle::search::Limits;
use npuzzle::tables::partition::Partition;
use npuzzle::{HeuristicKind, Metric, MoveOrder, Size};

use super::values::{memory_size, seconds, thread_count};

/// The goal, and the size of boards that are not square.
#[derive(Debug, Args, Clone, Default)]
pub struct GoalArgs {
    /// The goal board (default: tiles in order, blank last).
    #[arg(long, short = 'g')]
    pub goal: Option<String>,
    /// Board size, columns x rows (3x4), needed when the tiles do not form a square.
    #[arg(long, short = 's')]
    pub size: Option<Size>,
}

/// Where tables live and whether to show progress.
#[derive(Debug, Args, Clone, Default)]
pub struct CacheArgs {
    /// Directory of table files (default: $NPUZZLE_CACHE_DIR, else
    /// $XDG_CACHE_HOME/npuzzle, else ~/.cache/npuzzle).
    #[expect(
        clippy::doc_markdown,
        reason = "clap prints this comment as the flag's help, where backticks would show"
    )]
    #[arg(long, value_name = "DIR")]
    pub cache_dir: Option<PathBuf>,
    /// Draw no progress bars or summaries.
    #[arg(long, short = 'q')]
    pub quiet: bool,
}

/// The estimate guiding informed searches.
#[derive(Debug, Args, Clone, Default)]
pub struct EstimateArgs {
    /// The heuristic: misplaced, manhattan, linear-conflict (default: the best at hand).
    #[arg(long)]
    pub heuristic: Option<HeuristicKind>,
    /// Guide the puzzle-specific IDA* with this pattern-database partition: group sizes
    /// (7-8, 6-6-3, 5-5-5, 6-6-6-6) or tile groups (1,2,3/4,5,6). Tables are built and
    /// cached when missing.
    #[arg(long, value_name = "PARTITION")]
    pub pdb: Option<Partition>,
    /// Guide the puzzle-specific IDA* with the zero-aware pattern databases of a catalogue
    /// of partitions, the largest sum counting: a name (small: Clausecker & Reinefeld's
    /// seven 6-6-6-6 partitions of the 24-puzzle), a file with a partition a line, or
    /// partitions separated by ';'. Tables are built and cached when missing.
    #[arg(long, value_name = "CATALOGUE", conflicts_with = "pdb")]
    pub catalogue: Option<String>,
    /// With --pdb or --catalogue, do not add the mirrored lookup.
    #[arg(long)]
    pub no_reflection: bool,
}

/// Bounds on one search. Unset bounds take the command's defaults, which each command
/// writes into these flags' help ([`limit_defaults`]).
#[derive(Debug, Args, Clone, Default)]
#[expect(
    clippy::struct_field_names,
    reason = "the fields are the flags --max-nodes, --max-seconds, --max-memory-nodes, --max-memory"
)]
pub struct LimitArgs {
    /// Give up after expanding this many nodes, all searches together
    //  (a bounded answer's optimal search has 3/4 of them, its upper bound the rest: GUIDE).
    #[arg(long, value_name = "N")]
    pub max_nodes: Option<u64>,
    /// Give up after this many seconds, at most a year.
    #[arg(long, value_name = "SECONDS", value_parser = seconds)]
    pub max_seconds: Option<f64>,
    /// Give up when holding this many nodes in memory.
    #[arg(long, value_name = "N")]
    pub max_memory_nodes: Option<u64>,
    /// Give up before the search's data (or a table's build) takes more than this much
    /// memory: bytes, or with K, M, G, T (4G, 512M). Default: half the memory available
    /// when the command starts.
    #[arg(long, value_name = "SIZE", value_parser = memory_size)]
    pub max_memory: Option<u64>,
}

/// Adds to the help of `--max-nodes`, `--max-seconds` and `--max-memory-nodes` the
/// value each takes when not given: `defaults`, the command's own limits.
pub(super) fn limit_defaults(defaults: &Limits) -> impl FnMut(Arg) -> Arg {
    let (expanded, time, holding) = (defaults.max_expanded, defaults.max_time, defaults.max_held);
    let count = |n: u64| {
        if n >= 1_000_000 && n % 1_000_000 == 0 {
            format!("{} million", n / 1_000_000)
        } else {
            n.to_string()
        }
    };
    move |arg| {
        let default = match arg.get_id().as_str() {
            "max_nodes" => expanded.map(count),
            "max_seconds" => time.map(|t| t.as_secs_f64().to_string()),
            "max_memory_nodes" => holding.map(count),
            _ => return arg,
        };
        let help = arg.get_help().map(ToString::to_string).unwrap_or_default();
        let shown = default.unwrap_or_else(|| "no limit".to_string());
        arg.help(format!("{help} (default: {shown})"))
    }
}

/// Says in the help of `--max-nodes`, `--max-seconds` and `--max-memory-nodes` that
/// each search of a command that runs several (`analyse`: the start's, then each board's
/// off the best path known) has them whole, and that a board is searched once, so the
/// command takes at most them times the distinct boards searched.
pub(super) fn each_search(arg: Arg) -> Arg {
    let limit = match arg.get_id().as_str() {
        "max_nodes" => "after expanding this many nodes",
        "max_seconds" => "after this many seconds, at most a year",
        "max_memory_nodes" => "when holding this many nodes in memory",
        _ => return arg,
    };
    arg.help(format!(
        "Each board's search gives up {limit}, not the analysis as a whole. A board is \
         searched once however often the moves come back to it: the start, each board \
         reached off the best path known, and where a move lost, the boards the other moves \
         reach (for the better ones); so an analysis takes at most that limit times the \
         distinct boards searched (\"searches\" in --json), spread over the cores"
    ))
}

/// The order the blank's moves are tried in.
#[derive(Debug, Args, Clone, Copy, Default)]
pub struct OrderArgs {
    /// The order the blank's moves are tried in: l, r, d, u, each once (e.g. dlru). Of
    /// several optimal solutions, the distance tables, BFS, IDA*, IDDFS and the
    /// puzzle-specific IDA* answer the smallest in it, the canonical one (default: lrdu).
    #[arg(long, value_name = "ORDER")]
    pub order: Option<MoveOrder>,
}

/// Which optimal solution answers, and which are listed beside it.
#[derive(Debug, Args, Clone, Copy, Default)]
pub struct ListArgs {
    /// Answer with the first optimal solution found rather than the smallest in the move
    /// order (the canonical one): the puzzle-specific IDA* tries each board's moves by
    /// their estimate, least first, and stops at the first optimal path, often in half
    /// the time or less on long searches (--json marks such an answer). The other
    /// searches answer as always.
    #[arg(long)]
    pub any_optimal: bool,
    /// List every optimal solution, with their count (implies --count-optimal): one a
    /// line in text, a "solutions" list in JSON; the canonical one (the answer) first,
    /// then the others in the move order in force. Refused where the answer would not be
    /// optimal.
    #[arg(long)]
    pub all_optimal: bool,
    /// With --all-optimal: also list the solutions of up to K moves over the optimum
    /// that pass no board twice, shorter ones first.
    #[arg(long, value_name = "K", requires = "all_optimal")]
    pub within: Option<u32>,
    /// With --all-optimal: list at most N solutions (the count of optimal ones stays
    /// exact) [default: 5000].
    #[arg(long, value_name = "N", requires = "all_optimal")]
    pub limit: Option<usize>,
}

/// How `solve` prints the solutions it lists.
#[derive(Debug, Args, Clone, Copy, Default)]
pub struct StreamArgs {
    /// With --all-optimal: print each solution the moment it is listed, one a line in
    /// the notation asked for (an empty line for the goal's empty one), and nothing else
    /// on stdout; the report, with the count and how the list ended, goes to stderr
    /// (not with --quiet).
    /// With --json: one {"solution": ...} object a line, then the report (without its
    /// "solutions") on the last. A reader that stops reading (| head) stops the listing.
    /// Solutions streamed are not held in memory, so --limit may be large.
    #[arg(long, requires = "all_optimal", conflicts_with = "show")]
    pub stream: bool,
}

/// How moves are counted.
#[derive(Debug, Args, Clone, Copy, Default)]
pub struct MetricArgs {
    /// How moves are counted, and so what an optimal answer minimises: stm (one tile one
    /// cell is a move) or mtm (the multi-tile metric: sliding any number of tiles of one
    /// row or column at once is a move; a run of equal blank moves counts once). The
    /// moves are written as the blank's single steps either way (default: stm).
    #[arg(long, value_name = "METRIC", default_value_t = Metric::SingleTile)]
    pub metric: Metric,
}

/// How many threads search one board.
#[derive(Debug, Args, Clone, Copy)]
pub struct ThreadArgs {
    /// Threads the puzzle-specific IDA* searches one board with (0: one per core). The
    /// answer is the same path whatever the count.
    #[arg(long, short = 'j', value_name = "N", default_value_t = 0, value_parser = thread_count)]
    pub threads: usize,
}

/// Running as one process of a cluster (see docs/CLUSTER.md).
#[derive(Debug, Args, Clone, Default)]
pub struct ClusterArgs {
    /// Run as one process of a cluster: FILE lists every process's host:port, one a line,
    /// line i for process i (timely-dataflow's host file; blank and # lines skipped).
    /// Every process runs the same command with its own --process; process 0 prints the
    /// answer (or reads the batch and writes its output), the others print nothing.
    #[arg(long, value_name = "FILE", requires = "process")]
    pub cluster: Option<PathBuf>,
    /// This process's index in the --cluster file, from 0.
    #[arg(long, value_name = "I", requires = "cluster")]
    pub process: Option<usize>,
    /// Seconds to wait for the other processes to start, and the longest a peer may be
    /// silent before the run ends with an error naming it.
    #[arg(long, value_name = "SECONDS", default_value_t = 30.0, value_parser = seconds)]
    pub cluster_timeout: f64,
}
