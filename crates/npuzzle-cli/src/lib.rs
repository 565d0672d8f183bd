//! `npuzzle`: the command-line face of the npuzzle library. Parses flags, turns them into
//! library calls, prints results. All puzzle logic lives in the library.
//!
//! The binary is [`main`]; the rest is a library only so that the fuzz targets and tests
//! can reach the parsers of outside bytes that live here (the web API in [`serve`]).
//!
//! ```no_run
//! // What `npuzzle` does: read the flags from the command line, run, exit.
//! std::process::exit(i32::from(npuzzle_cli::main() != std::process::ExitCode::SUCCESS));
//! ```

mod args;
mod cluster;
mod commands;
mod failure;
pub mod fuzzing;
mod input;
mod interrupt;
mod options;
mod output;
mod progress;
mod result_lines;
pub mod serve;

use std::io::{self, ErrorKind};
use std::process::ExitCode;

use clap::Parser;

/// Runs `npuzzle` with the process's arguments: 0 on success, 2 on a bad request, 1 when
/// the machine failed a good one ([`failure::exit_code`]), and the codes README.md lists.
pub fn main() -> ExitCode {
    let cli = args::Cli::parse();
    let outcome = commands::run(&cli);
    // Work a signal stopped answered what it had (or failed saying so): the exit code
    // says it was stopped, as a shell's would for a process the signal ended.
    let stopped = interrupt::Interrupt::requested_in_process();
    match outcome {
        Ok(code) => stopped.map_or(code, |stop| ExitCode::from(stop.exit_code())),
        Err(err) => {
            // A closed pipe (`npuzzle random | head`) is the reader's choice, not a failure.
            if err.chain().any(|e| {
                e.downcast_ref::<io::Error>()
                    .is_some_and(|e| e.kind() == ErrorKind::BrokenPipe)
            }) {
                return ExitCode::SUCCESS;
            }
            eprintln!("error: {err:#}");
            stopped.map_or_else(
                || failure::exit_code(&err),
                |stop| ExitCode::from(stop.exit_code()),
            )
        }
    }
}
