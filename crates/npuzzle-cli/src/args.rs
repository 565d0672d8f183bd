//! The command line as typed, declared with clap's derive API: one struct per subcommand,
//! built from shared flag groups (goal and size, estimate, limits, cache, threads,
//! output). Each command turns its flags into validated options before any work starts.

use std::path::PathBuf;
use std::time::Duration;

use clap::builder::{PossibleValuesParser, TypedValueParser};
use clap::{Arg, ArgGroup, Args, Parser, Subcommand};
use clap_complete::Shell;
use npuzzle::compare::COMPARE_LIMITS;
use npuzzle::options::{checked_threads, time_limit, SOLVE_LIMITS};
use npuzzle::partition::Partition;
use npuzzle::search::Limits;
use npuzzle::trace::TRACED;
use npuzzle::{Algorithm, HeuristicKind, Notation, Size, Visited};

/// Solve sliding-tile puzzles (8-, 15-, 24-puzzle, any rectangular board) exactly and fast.
///
/// Boards are written as rows separated by '/' ("1 2 3/8 0 4/7 6 5"), as a flat list
/// of numbers, or as 9 digits for 3x3; the blank is 0, x or _. Moves name the blank's
/// motion: u d l r; or, with --notation tiles, the way each tile slides, as slidy writes
/// them: U D L R, runs counted (R2U2L).
#[derive(Debug, Parser)]
#[command(name = "npuzzle", version, about, long_about)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Solve one board and print the moves.
    Solve(SolveArgs),
    /// Run every algorithm and heuristic on one board and compare their cost.
    Compare(CompareArgs),
    /// Check a move string: does it solve the board, and is it optimal?
    Check(CheckArgs),
    /// What a classic search does, event by event (expand, iteration, meet, goal): one
    /// line per event, JSON Lines with --json, to watch it or diff your own against it.
    Trace(TraceArgs),
    /// Print random solvable boards.
    Random(RandomArgs),
    /// Solve many boards on all cores; JSON Lines results in input order.
    Batch(BatchArgs),
    /// Benchmark configurations side by side on random boards or a file of published
    /// instances; Markdown or JSON report, SVG plots.
    Bench(BenchArgs),
    /// Answer a classic judge's input on stdin, byte-exact on stdout.
    #[command(subcommand)]
    Judge(JudgeFormat),
    /// The distance distribution of a whole board size (at most 12 cells), from a table.
    Stats(StatsArgs),
    /// Serve the web page and its JSON API.
    Serve(ServeArgs),
    /// Build, list and verify additive pattern databases.
    #[command(subcommand)]
    Pdb(PdbCommand),
    /// bench --file FILE --per-board with the puzzle-specific IDA*: every board of a file
    /// of published instances, its nodes, time and node rate, and totals.
    BenchFile(BenchFileArgs),
    /// Print a shell completion script (bash, zsh, fish, powershell, elvish).
    Completions(CompletionsArgs),
    /// Print the manual page (roff), or write one for every subcommand into a directory.
    Man(ManArgs),
}

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
    /// Give up after expanding this many nodes.
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

/// Limits of each run of `bench` unless the flags say otherwise.
pub const BENCH_LIMITS: Limits = Limits {
    max_expanded: None,
    max_held: Some(200_000_000),
    max_time: Some(Duration::from_secs(60)),
    ..Limits::NONE
};

/// Adds to the help of `--max-nodes`, `--max-seconds` and `--max-memory-nodes` the
/// value each takes when not given: `defaults`, the command's own limits.
fn limit_defaults(defaults: &Limits) -> impl FnMut(Arg) -> Arg {
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

/// A `--max-memory` value: at least a megabyte ([`npuzzle::memory::budget`]).
fn memory_size(text: &str) -> Result<u64, String> {
    let bytes = npuzzle::memory::parse_bytes(text).map_err(|e| e.to_string())?;
    npuzzle::memory::budget(bytes).map_err(|e| e.to_string())
}

/// A number of seconds: positive, finite, at most a year ([`time_limit`] says).
fn seconds(text: &str) -> Result<f64, String> {
    let value: f64 = text
        .trim()
        .parse()
        .map_err(|_| format!("'{text}' is not a number of seconds"))?;
    time_limit(value).map_err(|e| e.to_string())?;
    Ok(value)
}

/// How many threads search one board.
#[derive(Debug, Args, Clone, Copy)]
pub struct ThreadArgs {
    /// Threads the puzzle-specific IDA* searches one board with (0: one per core). The
    /// answer is the same path whatever the count.
    #[arg(long, short = 'j', value_name = "N", default_value_t = 0, value_parser = thread_count)]
    pub threads: usize,
}

/// A `--threads` value: 0 (one per core) up to what [`checked_threads`] allows.
fn thread_count(text: &str) -> Result<usize, String> {
    let n: usize = text
        .trim()
        .parse()
        .map_err(|_| format!("'{text}' is not a number of threads"))?;
    checked_threads(n).map_err(|e| e.to_string())
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

/// A `--notation` value, its possible values listed for help and completions.
fn notation() -> impl TypedValueParser<Value = Notation> {
    PossibleValuesParser::new(Notation::ALL.map(Notation::name))
        .map(|name| name.parse::<Notation>().expect("a listed notation"))
}

/// A `trace --algorithm` value: only the searches a trace follows are offered, in help,
/// completions and the error for any other name.
fn traced_algorithm() -> impl TypedValueParser<Value = Algorithm> {
    PossibleValuesParser::new(TRACED.map(Algorithm::name))
        .map(|name| name.parse::<Algorithm>().expect("a traced algorithm"))
}

/// The length of a random walk, at most [`npuzzle::random::MAX_WALK`].
fn walk(text: &str) -> Result<usize, String> {
    let steps: u64 = text
        .trim()
        .parse()
        .map_err(|_| format!("'{text}' is not a number of moves"))?;
    npuzzle::random::walk_length(steps).map_err(|e| e.to_string())
}

/// A board number of `--instances`: 1 or more.
fn board_number(text: &str) -> Result<usize, String> {
    match text.trim().parse::<usize>() {
        Ok(n) if n >= 1 => Ok(n),
        _ => Err(format!(
            "'{text}' is not a board number (boards are numbered from 1)"
        )),
    }
}

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
    /// small one when a search runs long), and builds larger boards constructively.
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

/// `npuzzle batch`.
#[derive(Debug, Args)]
#[command(mut_args(limit_defaults(&SOLVE_LIMITS)))]
pub struct BatchArgs {
    /// Instances, one a line: a board, or a JSON object with "board" and optional "id",
    /// "goal", "algorithm", "heuristic". Blank lines and lines starting with # are skipped.
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
    /// Boards solved at once (0: one per core); with --cluster, on each process.
    #[arg(long, short = 'j', value_name = "N", default_value_t = 0, value_parser = thread_count)]
    pub jobs: usize,
    #[command(flatten)]
    pub limits: LimitArgs,
    #[command(flatten)]
    pub cache: CacheArgs,
    #[command(flatten)]
    pub cluster: ClusterArgs,
}

/// `npuzzle bench`.
#[derive(Debug, Args)]
#[command(mut_args(limit_defaults(&BENCH_LIMITS)))]
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
    /// Write nodes.svg and time.svg (against solution length) into this directory.
    #[arg(long)]
    pub plots: Option<PathBuf>,
    /// Limits for each run.
    #[command(flatten)]
    pub limits: LimitArgs,
    #[command(flatten)]
    pub cache: CacheArgs,
}

/// `npuzzle bench-file`: kept for its users; `bench --file FILE --per-board` with one
/// configuration, the puzzle-specific IDA*.
#[derive(Debug, Args)]
#[command(mut_args(limit_defaults(&SOLVE_LIMITS)))]
pub struct BenchFileArgs {
    /// The benchmark file: a board per line followed by its optimal length; '#' comments.
    pub file: PathBuf,
    #[command(flatten)]
    pub goal: GoalArgs,
    /// Use this pattern-database partition (built if missing); default linear conflict.
    #[arg(long, value_name = "PARTITION")]
    pub pdb: Option<Partition>,
    /// Use the zero-aware pattern databases of this catalogue (a name such as small, a
    /// file, or partitions separated by ';'; built if missing).
    #[arg(long, value_name = "CATALOGUE", conflicts_with = "pdb")]
    pub catalogue: Option<String>,
    /// With --pdb or --catalogue, do not add the mirrored lookup.
    #[arg(long)]
    pub no_reflection: bool,
    /// Without --pdb or --catalogue: manhattan or linear-conflict.
    #[arg(long, default_value = "linear-conflict")]
    pub heuristic: HeuristicKind,
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

/// `npuzzle stats`.
#[derive(Debug, Args)]
pub struct StatsArgs {
    /// Board size, columns x rows (at most 12 cells: 2x2 ... 2x6, 3x3, 3x4, 4x3 ...).
    #[arg(long, short = 's')]
    pub size: Size,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
    /// Refuse to build a table that would take more memory than this (default: half the
    /// memory available).
    #[arg(long, value_name = "SIZE", value_parser = memory_size)]
    pub max_memory: Option<u64>,
    #[command(flatten)]
    pub cache: CacheArgs,
}

/// `npuzzle serve`.
#[derive(Debug, Args)]
pub struct ServeArgs {
    /// Address and port to listen on (port 0 picks a free one). Loopback by default:
    /// the server has no login, so any other address (which warns) lets everyone who can
    /// reach it use the machine's cores.
    #[arg(long, default_value = "127.0.0.1:8080")]
    pub bind: std::net::SocketAddr,
    /// Most nodes one search may expand; requests may ask for fewer.
    #[arg(long, value_name = "N", default_value_t = 5_000_000)]
    pub max_nodes: u64,
    /// Longest one search (or one whole comparison) may run; requests may ask for less.
    #[arg(long, value_name = "SECONDS", default_value_t = 10.0, value_parser = seconds)]
    pub max_seconds: f64,
    /// Most searches running at once; more are answered 503 (busy).
    #[arg(long, value_name = "N", default_value_t = 2)]
    pub max_concurrent: usize,
    /// Most memory all running searches may take together (each gets its share); a
    /// request may ask for less. Default: half the memory available at start.
    #[arg(long, value_name = "SIZE", value_parser = memory_size)]
    pub max_memory: Option<u64>,
    /// Directory of cached tables the searches use (as for solve).
    #[arg(long, value_name = "DIR")]
    pub cache_dir: Option<PathBuf>,
    /// Most connections open at once (lowered to fit the descriptor limit). When all are
    /// open, a new one replaces the one idle longest; when all are serving, it gets 503.
    #[arg(long, value_name = "N", default_value_t = 1000)]
    pub max_connections: usize,
    /// Close a connection that has waited this long for a request (new or keep-alive).
    #[arg(long, value_name = "SECONDS", default_value_t = 15.0, value_parser = seconds)]
    pub idle_timeout: f64,
    /// Close a connection whose request head has not arrived this long after its first byte.
    #[arg(long, value_name = "SECONDS", default_value_t = 5.0, value_parser = seconds)]
    pub head_timeout: f64,
    /// Answer 408 and close when a request body has not arrived this long after its head.
    #[arg(long, value_name = "SECONDS", default_value_t = 5.0, value_parser = seconds)]
    pub body_timeout: f64,
    /// Answer 503 when a request is not answered this long after its head (default: the
    /// body timeout plus --max-seconds plus 5).
    #[arg(long, value_name = "SECONDS", value_parser = seconds)]
    pub request_timeout: Option<f64>,
    /// On Ctrl-C or SIGTERM, wait at most this long for requests in flight (default: the
    /// request timeout).
    #[arg(long, value_name = "SECONDS", value_parser = seconds)]
    pub shutdown_grace: Option<f64>,
}

/// `npuzzle completions`.
#[derive(Debug, Args)]
pub struct CompletionsArgs {
    /// The shell: bash, zsh, fish, powershell or elvish.
    pub shell: Shell,
}

/// `npuzzle man`.
#[derive(Debug, Args)]
pub struct ManArgs {
    /// Write npuzzle.1 and a page for every subcommand (npuzzle-solve.1, ...) into this
    /// directory instead of printing npuzzle.1.
    #[arg(long, value_name = "DIR")]
    pub dir: Option<PathBuf>,
}

/// `npuzzle pdb`.
#[derive(Debug, Subcommand)]
pub enum PdbCommand {
    /// Build (or load, if valid) the tables of a partition and store them in the cache.
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
    pub partition: Option<BuildTarget>,
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

/// What `pdb build` builds: a partition, or the best tables for the goal.
#[derive(Debug, Clone)]
pub enum BuildTarget {
    /// The tables `solve` prefers for the goal.
    Best,
    /// A partition's classic tables.
    Partition(Partition),
}

impl std::str::FromStr for BuildTarget {
    type Err = String;

    fn from_str(text: &str) -> Result<BuildTarget, String> {
        if text.trim() == "best" {
            return Ok(BuildTarget::Best);
        }
        text.parse()
            .map(BuildTarget::Partition)
            .map_err(|e: npuzzle::partition::PartitionError| e.to_string())
    }
}

/// The judge formats.
#[derive(Debug, Subcommand)]
pub enum JudgeFormat {
    /// Luogu P1379: nine digits in, fewest moves to 123804765 out (or -1).
    P1379,
    /// Start and goal (3 rows each) in; fewest moves and every state of the path out (or -1).
    Path,
    /// HDU 1043 / POJ 1077: many cases of 1-8 and x; blank moves or "unsolvable" out.
    Hdu1043,
}
