//! The arguments of the other ways in: the web server, a judge's input, shell
//! completions and manual pages.

use std::path::PathBuf;

use clap::{Args, Subcommand};
use clap_complete::Shell;

use super::values::{memory_size, seconds};

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

/// `npuzzle judge`.
#[derive(Debug, Args)]
#[command(args_conflicts_with_subcommands = true, arg_required_else_help = true)]
pub struct JudgeArgs {
    /// Name each judge format with its source, and what it reads and writes.
    #[arg(long)]
    pub list: bool,
    /// The judge whose input is on stdin.
    #[command(subcommand)]
    pub format: Option<JudgeFormat>,
}

/// The judge formats.
#[derive(Debug, Clone, Subcommand)]
pub enum JudgeFormat {
    /// Luogu P1379: nine digits in, fewest moves to 123804765 out (or -1).
    P1379,
    /// Start and goal (3 rows each) in; fewest moves and every state of the path out (or -1).
    Path,
    /// HDU 1043: many cases of 1-8 and x; blank moves or "unsolvable" out.
    Hdu1043,
    /// POJ 1077: one case of 1-8 and x; blank moves or "unsolvable" out.
    Poj1077,
    /// HDU 3567 Eight II: T, then cases of start and goal with X; "Case k: n" and the
    /// smallest shortest path in the order d < l < r < u.
    Hdu3567,
    /// UVa 652 Eight: N, then cases of 1-8 and x; blank moves or "unsolvable", a blank
    /// line between.
    Uva652,
    /// UVa 10181 15-Puzzle Problem: N, then 4x4 boards with 0; the hole's moves L R U D
    /// (optimal) or "This puzzle is not solvable.".
    Uva10181,
    /// LeetCode 773 Sliding Puzzle: a 2x3 board a line as JSON; fewest moves or -1.
    Leetcode773,
    /// AtCoder ABC224 D 8 Puzzle on Graph: M edges on vertices 1-9, then p1..p8; fewest
    /// moves or -1.
    Abc224d,
    /// A judge on your machine: runs PROGRAM on the format's edge cases and seeded random
    /// ones, as the judge would, and checks each answer.
    Test(JudgeTestArgs),
}

/// `npuzzle judge test FORMAT -- PROGRAM [ARGS...]`.
#[derive(Debug, Clone, Args)]
pub struct JudgeTestArgs {
    /// The format, any judge of npuzzle judge --list: p1379, path, hdu1043, poj1077,
    /// hdu3567, uva652, uva10181, leetcode773 or abc224d.
    pub format: String,
    /// Random cases after the edge cases.
    #[arg(long, value_name = "N", default_value_t = 20)]
    pub cases: usize,
    /// Seed of the random cases: a seed names the same cases on every machine.
    #[arg(long, value_name = "S", default_value_t = 1)]
    pub seed: u64,
    /// Seconds a run may take before the program is killed (a time limit verdict).
    #[arg(long, value_name = "SECONDS", default_value_t = 2.0, value_parser = seconds)]
    pub time_limit: f64,
    /// One JSON object with every case's verdict instead of text.
    #[arg(long)]
    pub json: bool,
    /// The program and its arguments, after -- (run directly, without a shell).
    #[arg(last = true, required = true, value_name = "PROGRAM")]
    pub program: Vec<std::ffi::OsString>,
}
