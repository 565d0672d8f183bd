//! The command line as typed, declared with clap's derive API: one struct per subcommand,
//! built from shared flag groups (goal and size, estimate, limits, cache, threads,
//! output). What the flags ask of the library is said in [`crate::options`], which turns
//! them into validated options before any work starts.
//!
//! One file an idea: [`groups`] (the flag groups commands share), [`values`] (the
//! parsers that check a flag's value as it is read), and the arguments of the commands
//! by kind: [`one_board`], [`batch`], [`bench`], [`bench_depths`], [`tables`], [`random`], [`ranks`],
//! [`interfaces`].

mod batch;
mod bench;
mod bench_depths;
mod groups;
mod interfaces;
mod one_board;
mod random;
mod ranks;
mod tables;
mod values;

use clap::{Parser, Subcommand};

pub use batch::BatchArgs;
pub use bench::{BenchArgs, BenchFileArgs, BENCH_LIMITS};
pub use bench_depths::{CountingArg, EquationArg, PublishedArg, SwitchArg};
pub use groups::{CacheArgs, ClusterArgs, EstimateArgs, LimitArgs, ListArgs, OrderArgs};
pub use interfaces::{CompletionsArgs, JudgeArgs, JudgeCommand, JudgeTestArgs, ManArgs, ServeArgs};
pub use one_board::{AnalyseArgs, CheckArgs, CompareArgs, SolveArgs, TraceArgs};
pub use random::RandomArgs;
pub use ranks::{RankArgs, UnrankArgs};
pub use tables::{PdbBuildArgs, PdbCommand, StatsArgs};
pub use values::BuildTarget;

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
    ///
    /// The columns: moves (or why none), nodes expanded, nodes generated, peak nodes and
    /// seconds. Peak nodes is the same measure for every algorithm, the most boards held
    /// in memory at once: the distinct boards stored by bfs, bidirectional (its two sides
    /// added) and astar (closed and open, each board once), the longest path of idastar
    /// and iddfs.
    Compare(CompareArgs),
    /// Check a move string: does it solve the board, and is it optimal?
    Check(CheckArgs),
    /// A recorded solve analysed move by move: after each move the fewest moves left,
    /// the moves it lost, the better moves where it lost some, and an optimal finish
    /// from the first mistake. Without MOVES: each first move and what it leaves.
    Analyse(AnalyseArgs),
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
    /// Answer a classic judge's input on stdin, byte-exact on stdout (--list names them).
    Judge(JudgeArgs),
    /// The distance distribution of a whole board size: at most 12 cells from a table,
    /// 4x4, 5x3, 7x2 and 8x2 from published counts.
    Stats(StatsArgs),
    /// A board's permutation rank (its Lehmer code, the Cantor expansion), with the
    /// working: each cell's smaller values after it, times (n-1-i)!.
    Rank(RankArgs),
    /// The board of a size with a given permutation rank (from 0).
    Unrank(UnrankArgs),
    /// Serve the web page and its JSON API.
    Serve(ServeArgs),
    /// Build, list and verify table files: additive pattern databases, and with --metric mtm
    /// the coloured multi-tile databases.
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
