//! `npuzzle`: the command-line face of the npuzzle library. Parses flags, turns them into
//! library calls, prints results. All puzzle logic lives in the library.

mod args;
mod commands;
mod input;
mod output;
mod progress;
mod serve;

use std::io::{self, ErrorKind};
use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    let cli = args::Cli::parse();
    match commands::run(&cli) {
        Ok(code) => code,
        Err(err) => {
            // A closed pipe (`npuzzle random | head`) is the reader's choice, not a failure.
            if err.chain().any(|e| {
                e.downcast_ref::<io::Error>()
                    .is_some_and(|e| e.kind() == ErrorKind::BrokenPipe)
            }) {
                return ExitCode::SUCCESS;
            }
            eprintln!("error: {err:#}");
            ExitCode::from(2)
        }
    }
}
