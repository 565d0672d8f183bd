//! The command line, declared with clap's derive API.

use std::path::PathBuf;
use std::time::Duration;

use clap::{Args, Parser, Subcommand};
use npuzzle::search::Limits;
use npuzzle::{Algorithm, HeuristicKind, Size, Visited};

/// Solve sliding-tile puzzles (8-, 15-, 24-puzzle, any WxH board) exactly and fast.
///
/// Boards are written as rows separated by '/' ("1 2 3/8 0 4/7 6 5"), as a flat list
/// of numbers, or as 9 digits for 3x3; the blank is 0, x or _. Moves name the blank's
/// motion: u d l r.
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
    /// Print random solvable boards.
    Random(RandomArgs),
    /// Solve many boards on all cores; JSON Lines results in input order.
    Batch(BatchArgs),
    /// Benchmark algorithm/heuristic pairs side by side; Markdown report and SVG plots.
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
    /// Solve every board of a benchmark file (board, then its optimal length, a line each)
    /// and report nodes, time and node rate per board and in total.
    BenchFile(BenchFileArgs),
}

/// Where tables live and whether to show their progress.
#[derive(Debug, Args, Clone)]
pub struct TableArgs {
    /// Directory of table files (default: $NPUZZLE_CACHE_DIR, else $XDG_CACHE_HOME/npuzzle,
    /// else ~/.cache/npuzzle).
    #[arg(long, value_name = "DIR")]
    pub cache_dir: Option<PathBuf>,
    /// Draw no progress bars.
    #[arg(long, short = 'q')]
    pub quiet: bool,
}

impl TableArgs {
    /// The cache these flags name.
    pub fn cache(&self) -> npuzzle::cache::Cache {
        match &self.cache_dir {
            Some(dir) => npuzzle::cache::Cache::new(dir),
            None => npuzzle::cache::Cache::from_env(),
        }
    }
}

/// `npuzzle stats`.
#[derive(Debug, Args)]
pub struct StatsArgs {
    /// Board size WxH (at most 12 cells: 2x2 ... 2x6, 3x3, 3x4, 4x3 ...).
    #[arg(long, short = 's')]
    pub size: Size,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    pub tables: TableArgs,
}

/// `npuzzle pdb`.
#[derive(Debug, Subcommand)]
pub enum PdbCommand {
    /// Build (or load, if valid) the tables of a partition and store them in the cache.
    Build(PdbBuildArgs),
    /// List the table files in the cache.
    List(TableArgs),
    /// Check every table file in the cache (header, length, checksum).
    Verify(TableArgs),
}

/// `npuzzle pdb build`.
#[derive(Debug, Args)]
pub struct PdbBuildArgs {
    /// The partition: group sizes (7-8, 6-6-3, 5-5-5) or tile groups (1,2,3/4,5,6).
    pub partition: String,
    /// The goal board (default: the standard goal of --size).
    #[arg(long, short = 'g')]
    pub goal: Option<String>,
    /// Board size WxH: the standard goal of this size when no goal is given (default
    /// 4x4), or the shape of a goal that is not square.
    #[arg(long, short = 's')]
    pub size: Option<Size>,
    #[command(flatten)]
    pub tables: TableArgs,
}

/// `npuzzle bench-file`.
#[derive(Debug, Args)]
pub struct BenchFileArgs {
    /// The benchmark file: a board per line followed by its optimal length; '#' comments.
    pub file: PathBuf,
    /// The goal board (default: the standard goal of the boards' size).
    #[arg(long, short = 'g')]
    pub goal: Option<String>,
    /// Board size WxH, needed when the boards are not square.
    #[arg(long, short = 's')]
    pub size: Option<Size>,
    /// Use this pattern-database partition (built if missing); default Manhattan + linear
    /// conflict.
    #[arg(long, value_name = "PARTITION")]
    pub pdb: Option<String>,
    /// With --pdb, do not add the mirrored lookup.
    #[arg(long)]
    pub no_reflection: bool,
    /// Without --pdb: manhattan or linear-conflict.
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
    #[arg(
        long,
        short = 'j',
        value_name = "LIST",
        value_delimiter = ',',
        default_value = "0",
        value_parser = thread_count
    )]
    pub threads: Vec<usize>,
    #[command(flatten)]
    pub limits: LimitArgs,
    #[command(flatten)]
    pub tables: TableArgs,
}

/// The board and the goal it should reach.
#[derive(Debug, Args)]
pub struct BoardArgs {
    /// The goal board (default: tiles in order, blank last).
    #[arg(long, short = 'g')]
    pub goal: Option<String>,
    /// Board size WxH (columns x rows), needed when the tiles do not form a square.
    #[arg(long, short = 's')]
    pub size: Option<Size>,
}

/// A `--threads` value: 0 (one per core) up to `npuzzle::fast_idastar::parallel::MAX_THREADS`.
fn thread_count(text: &str) -> Result<usize, String> {
    use npuzzle::fast_idastar::parallel::MAX_THREADS;
    let n: usize = text
        .trim()
        .parse()
        .map_err(|_| format!("'{text}' is not a number of threads"))?;
    if n > MAX_THREADS {
        return Err(format!(
            "{n} threads is more than the {MAX_THREADS} allowed"
        ));
    }
    Ok(n)
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

/// How many threads search one board.
#[derive(Debug, Args, Clone, Copy)]
pub struct ThreadArgs {
    /// Threads the fast IDA* searches one board with (0: one per core). The answer is the
    /// same path whatever the count.
    #[arg(long, short = 'j', value_name = "N", default_value_t = 0, value_parser = thread_count)]
    pub threads: usize,
}

/// Bounds on one search.
#[derive(Debug, Args, Clone)]
pub struct LimitArgs {
    /// Give up after expanding this many nodes.
    #[arg(long, value_name = "N")]
    pub max_nodes: Option<u64>,
    /// Give up after this many seconds.
    #[arg(long, value_name = "SECONDS")]
    pub max_seconds: Option<f64>,
    /// Give up when holding this many nodes in memory (about 50 bytes each).
    #[arg(long, value_name = "N", default_value_t = 100_000_000)]
    pub max_memory_nodes: u64,
}

impl LimitArgs {
    /// The limits these flags ask for.
    pub fn limits(&self) -> anyhow::Result<Limits> {
        let max_time = match self.max_seconds {
            Some(s) if !(s.is_finite() && s > 0.0) => {
                anyhow::bail!("--max-seconds must be a positive number, not {s}")
            }
            Some(s) => Some(Duration::from_secs_f64(s)),
            None => None,
        };
        Ok(Limits {
            max_expanded: self.max_nodes,
            max_held: Some(self.max_memory_nodes),
            max_time,
        })
    }
}

/// `npuzzle solve`.
#[derive(Debug, Args)]
pub struct SolveArgs {
    /// The board to solve (default: 8 6 7/2 5 4/3 0 1, a hardest 8-puzzle); '-' reads stdin.
    pub board: Option<String>,
    #[command(flatten)]
    pub boards: BoardArgs,
    /// The search algorithm: auto, table, bfs, bidirectional, astar, idastar, iddfs,
    /// fast-idastar, constructive. auto looks boards of up to 10 cells up in a distance
    /// table (12-cell boards too once their table is cached), runs the fast IDA* up to 25
    /// cells (with a cached pattern database when there is one), and builds larger boards
    /// constructively.
    #[arg(long, short = 'a', default_value = "auto")]
    pub algorithm: Algorithm,
    /// The heuristic for astar/idastar: misplaced, manhattan, linear-conflict.
    #[arg(long)]
    pub heuristic: Option<HeuristicKind>,
    /// Weight W >= 1 on the heuristic for astar/idastar: answers at most W times optimal,
    /// usually found much faster.
    #[arg(long, default_value_t = 1.0)]
    pub weight: f64,
    /// How BFS, bidirectional and A* keep visited boards: hash (a hash map, fastest) or
    /// ranked (an array indexed by the permutation rank; boards of at most 12 cells).
    #[arg(long, default_value = "hash")]
    pub visited: Visited,
    /// Guide the fast IDA* with this pattern-database partition: group sizes (7-8, 6-6-3,
    /// 5-5-5) or tile groups (1,2,3/4,5,6). Tables are built and cached when missing.
    #[arg(long, value_name = "PARTITION")]
    pub pdb: Option<String>,
    /// Print the board after every move.
    #[arg(long)]
    pub show: bool,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    pub threads: ThreadArgs,
    #[command(flatten)]
    pub limits: LimitArgs,
    #[command(flatten)]
    pub tables: TableArgs,
}

/// `npuzzle compare`.
#[derive(Debug, Args)]
pub struct CompareArgs {
    /// The board to solve.
    pub board: String,
    #[command(flatten)]
    pub boards: BoardArgs,
    /// Node limit for each run (keeps uninformed searches from running for ever).
    #[arg(long, value_name = "N", default_value_t = 20_000_000)]
    pub max_nodes: u64,
    /// Time limit in seconds for each run.
    #[arg(long, value_name = "SECONDS", default_value_t = 20.0)]
    pub max_seconds: f64,
    /// Print a JSON array of solve reports instead of a table.
    #[arg(long)]
    pub json: bool,
}

/// `npuzzle check`.
#[derive(Debug, Args)]
pub struct CheckArgs {
    /// The start board.
    pub board: String,
    /// The blank's moves, u d l r (whitespace ignored; "" for none).
    pub moves: String,
    #[command(flatten)]
    pub boards: BoardArgs,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    pub limits: LimitArgs,
    /// Directory of cached distance tables (see `npuzzle solve --help`).
    #[arg(long, value_name = "DIR")]
    pub cache_dir: Option<PathBuf>,
}

/// `npuzzle batch`.
#[derive(Debug, Args)]
pub struct BatchArgs {
    /// Instances, one a line: a board, or a JSON object with `board` and optional `id`,
    /// `goal`, `algorithm`, `heuristic`. Blank lines and lines starting with # are skipped.
    /// Reads stdin when absent or '-'.
    pub input: Option<std::path::PathBuf>,
    /// Write results here (appending; ids already there are skipped, so an interrupted
    /// run can be resumed). Default: stdout.
    #[arg(long, short = 'o')]
    pub output: Option<std::path::PathBuf>,
    #[command(flatten)]
    pub boards: BoardArgs,
    /// The search algorithm for lines that do not name one.
    #[arg(long, short = 'a', default_value = "auto")]
    pub algorithm: Algorithm,
    /// The heuristic for astar/idastar.
    #[arg(long)]
    pub heuristic: Option<HeuristicKind>,
    /// No progress bar or summary.
    #[arg(long, short = 'q')]
    pub quiet: bool,
    /// Directory of cached tables: 15-puzzle and larger boards use the pattern databases
    /// cached there for their goal (default: $NPUZZLE_CACHE_DIR, else
    /// $XDG_CACHE_HOME/npuzzle, else ~/.cache/npuzzle).
    #[arg(long, value_name = "DIR")]
    pub cache_dir: Option<PathBuf>,
    #[command(flatten)]
    pub limits: LimitArgs,
}

/// `npuzzle bench`.
#[derive(Debug, Args)]
pub struct BenchArgs {
    /// Comma-separated algorithm[:heuristic] pairs; the first is the baseline
    /// (default: bfs, bidirectional, astar and idastar with manhattan and linear-conflict).
    #[arg(long)]
    pub pairs: Option<String>,
    /// Instances from a file, one board a line, optionally followed by its published
    /// optimal length (checked against every optimal answer).
    #[arg(long)]
    pub file: Option<std::path::PathBuf>,
    /// Board size for random instances (default 3x3), or of the file's boards.
    #[arg(long, short = 's')]
    pub size: Option<Size>,
    /// The goal (default: tiles in order, blank last).
    #[arg(long, short = 'g')]
    pub goal: Option<String>,
    /// How many random instances.
    #[arg(long, short = 'n', default_value_t = 100)]
    pub count: usize,
    /// Seed of the random instances.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Random instances this many random moves from the goal instead of uniform.
    #[arg(long, value_name = "K")]
    pub walk: Option<usize>,
    /// Weight W >= 1 on the heuristic of every astar/idastar pair (bounded-suboptimal).
    #[arg(long, default_value_t = 1.0)]
    pub weight: f64,
    /// Node limit per run.
    #[arg(long, value_name = "N")]
    pub max_nodes: Option<u64>,
    /// Time limit per run, in seconds.
    #[arg(long, value_name = "SECONDS", default_value_t = 60.0)]
    pub max_seconds: f64,
    /// Write the Markdown report here instead of stdout.
    #[arg(long)]
    pub report: Option<std::path::PathBuf>,
    /// Write nodes.svg and time.svg (against solution length) into this directory.
    #[arg(long)]
    pub plots: Option<std::path::PathBuf>,
    /// No progress bar.
    #[arg(long, short = 'q')]
    pub quiet: bool,
}

/// `npuzzle random`.
#[derive(Debug, Args)]
pub struct RandomArgs {
    /// Board size WxH (default 3x3, or the size of --goal).
    #[arg(long, short = 's')]
    pub size: Option<Size>,
    /// How many boards.
    #[arg(long, short = 'n', default_value_t = 1)]
    pub count: u64,
    /// Seed for a reproducible sequence (default: from the system).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Make each board this many random moves from the goal instead of uniformly random.
    #[arg(long, value_name = "K")]
    pub walk: Option<usize>,
    /// The goal the boards must reach (default: tiles in order, blank last).
    #[arg(long, short = 'g')]
    pub goal: Option<String>,
    /// Print each board as a flat list of numbers instead of rows.
    #[arg(long)]
    pub flat: bool,
}

/// `npuzzle serve`.
#[derive(Debug, Args)]
pub struct ServeArgs {
    /// Address and port to listen on (port 0 picks a free one). Loopback by default:
    /// the server has no authentication.
    #[arg(long, default_value = "127.0.0.1:8080")]
    pub bind: std::net::SocketAddr,
    /// Most nodes one search may expand; requests may ask for fewer.
    #[arg(long, value_name = "N", default_value_t = 5_000_000)]
    pub max_nodes: u64,
    /// Longest one search (or one whole comparison) may run; requests may ask for less.
    #[arg(long, value_name = "SECONDS", default_value_t = 10.0)]
    pub max_seconds: f64,
    /// Most searches running at once; more are answered 503 (busy).
    #[arg(long, value_name = "N", default_value_t = 2)]
    pub max_concurrent: usize,
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
