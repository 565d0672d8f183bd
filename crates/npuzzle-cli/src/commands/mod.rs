//! One module per subcommand. Each turns its flags into validated options before any work
//! starts (through [`crate::options`], which names the flag at fault), calls the library,
//! and hands the result to the output layer.

pub(crate) mod analyse;
pub(crate) mod batch;
mod bench;
mod check;
mod compare;
mod completions;
mod judge;
mod judge_test;
mod man;
mod pdb;
mod random;
mod rank;
mod serve;
mod solve;
mod stats;
mod trace;

use std::process::ExitCode;

use npuzzle::{Solution, Status};

use crate::args::{Cli, Command};

/// Exit code of a search that gave up at a limit.
pub const GAVE_UP: u8 = 3;

/// Runs the chosen subcommand.
pub fn run(cli: &Cli) -> anyhow::Result<ExitCode> {
    match &cli.command {
        Command::Solve(args) => solve::run(args),
        Command::Compare(args) => compare::run(args),
        Command::Check(args) => check::run(args),
        Command::Analyse(args) => analyse::run(args),
        Command::Trace(args) => trace::run(args),
        Command::Random(args) => random::run(args),
        Command::Batch(args) => batch::run(args),
        Command::Bench(args) => bench::run(args),
        Command::BenchFile(args) => bench::run_file(args),
        Command::Judge(args) => judge::run(args),
        Command::Stats(args) => stats::run(args),
        Command::Rank(args) => rank::run(args),
        Command::Unrank(args) => rank::run_unrank(args),
        Command::Serve(args) => serve::run(args),
        Command::Pdb(command) => pdb::run(command),
        Command::Completions(args) => completions::run(args),
        Command::Man(args) => man::run(args),
    }
}

/// The exit code of a solve that ended with `status`.
pub fn exit_code(status: &Status) -> ExitCode {
    match status {
        Status::GaveUp(_) | Status::Bounded(_) => ExitCode::from(GAVE_UP),
        _ => ExitCode::SUCCESS,
    }
}

/// Says on stderr what could finish where a memory budget stopped a search (the
/// library's hint, which Python's `SearchLimit` carries too).
pub fn hint_after(solution: &Solution) {
    if let Some(hint) = solution.hint() {
        eprintln!("hint: {hint}");
    }
}
