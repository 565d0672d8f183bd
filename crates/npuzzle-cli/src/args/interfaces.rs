//! The arguments of the other ways in: the web server, a judge's input, shell
//! completions and manual pages.

use std::path::PathBuf;

use clap::error::ErrorKind;
use clap::{ArgMatches, Args, Command, FromArgMatches, Subcommand};
use clap_complete::Shell;
use npuzzle_judges::judge::{self, Judge, JUDGES};

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
    pub format: Option<JudgeCommand>,
}

/// What `npuzzle judge` does: answer one judge's input, or test a program as a local
/// judge. The judges' subcommands are made from the library's table of judges
/// ([`npuzzle_judges::judge::JUDGES`]), so a judge added there is a command here.
#[derive(Debug, Clone)]
pub enum JudgeCommand {
    /// Answer this judge's input on stdin.
    Answer(&'static dyn Judge),
    /// A judge on your machine: runs PROGRAM on the format's edge cases and seeded random
    /// ones, as the judge would, and checks each answer.
    Test(JudgeTestArgs),
}

/// The local judge's subcommand name.
const TEST: &str = "test";

impl FromArgMatches for JudgeCommand {
    fn from_arg_matches(matches: &ArgMatches) -> Result<Self, clap::Error> {
        match matches.subcommand() {
            Some((TEST, sub)) => Ok(JudgeCommand::Test(JudgeTestArgs::from_arg_matches(sub)?)),
            Some((name, _)) => judge::named(name).map(JudgeCommand::Answer).ok_or_else(|| {
                clap::Error::raw(
                    ErrorKind::InvalidSubcommand,
                    format!("no judge is called '{name}'\n"),
                )
            }),
            None => Err(clap::Error::raw(
                ErrorKind::MissingSubcommand,
                "name a judge (npuzzle judge --list)\n",
            )),
        }
    }

    fn update_from_arg_matches(&mut self, matches: &ArgMatches) -> Result<(), clap::Error> {
        *self = JudgeCommand::from_arg_matches(matches)?;
        Ok(())
    }
}

impl Subcommand for JudgeCommand {
    fn augment_subcommands(command: Command) -> Command {
        let command = JUDGES.iter().fold(command, |command, judge| {
            command.subcommand(
                Command::new(judge.name())
                    // The list shows the judge and problem; the page of the command, where.
                    .about(format!("{}: {}", judge.problem(), judge.summary()))
                    .long_about(format!("{}.\n\n{}.", judge.source(), judge.summary())),
            )
        });
        // After the arguments, whose struct's own doc would be the about.
        command.subcommand(JudgeTestArgs::augment_args(Command::new(TEST)).about(
            "A judge on your machine: runs PROGRAM on the format's edge cases and seeded \
             random ones, as the judge would, and checks each answer",
        ))
    }

    fn augment_subcommands_for_update(command: Command) -> Command {
        JudgeCommand::augment_subcommands(command)
    }

    fn has_subcommand(name: &str) -> bool {
        name == TEST || judge::named(name).is_some()
    }
}

/// `npuzzle judge test FORMAT -- PROGRAM [ARGS...]`.
#[derive(Debug, Clone, Args)]
pub struct JudgeTestArgs {
    /// The format: any judge of npuzzle judge --list.
    pub format: String,
    /// Random cases after the edge cases (at most 100000: every case is held until the
    /// report).
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
    /// Byte-exact output: any spacing the judge would forgive (spaces at line ends, a
    /// missing final newline) is a presentation error. Without it each judge's own
    /// comparison rule applies (npuzzle judge --list names it).
    #[arg(long)]
    pub strict: bool,
    /// The program and its arguments, after -- (run directly, without a shell).
    #[arg(last = true, required = true, value_name = "PROGRAM")]
    pub program: Vec<std::ffi::OsString>,
}
