//! `npuzzle completions SHELL`: the shell's completion script for every subcommand and
//! flag, generated from the same clap definition that parses the command line.

use std::io::{self, Write};
use std::process::ExitCode;

use clap::CommandFactory;
use clap_complete::Shell;

use crate::args::{Cli, CompletionsArgs};

pub fn run(args: &CompletionsArgs) -> anyhow::Result<ExitCode> {
    // Made in memory first: clap_complete panics when its writer fails (a full disk, a
    // closed pipe), where this says so and exits 2 like every other command.
    let mut script = Vec::new();
    write(args.shell, &mut script);
    let mut out = io::stdout().lock();
    out.write_all(&script)?;
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}

/// Writes `shell`'s completion script to `out`.
fn write(shell: Shell, out: &mut dyn Write) {
    clap_complete::generate(shell, &mut Cli::command(), "npuzzle", out);
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every subcommand's name, nested ones (`pdb build`, `judge p1379`) included.
    fn subcommands(command: &clap::Command) -> Vec<String> {
        command
            .get_subcommands()
            .flat_map(|sub| std::iter::once(sub.get_name().to_string()).chain(subcommands(sub)))
            .collect()
    }

    #[test]
    fn bash_and_zsh_scripts_name_every_subcommand() {
        let names = subcommands(&Cli::command());
        assert!(names.len() > 15, "{names:?}");
        for shell in [Shell::Bash, Shell::Zsh, Shell::Fish, Shell::PowerShell] {
            let mut script = Vec::new();
            write(shell, &mut script);
            let script = String::from_utf8(script).unwrap();
            assert!(script.len() > 1000, "{shell}: {} bytes", script.len());
            for name in &names {
                assert!(
                    script.contains(name.as_str()),
                    "{shell} script lacks {name}"
                );
            }
            // Fish names a flag without its dashes (`-l notation`).
            for flag in ["notation", "max-seconds", "goal"] {
                assert!(script.contains(flag), "{shell} script lacks {flag}");
            }
        }
    }

    #[test]
    fn notation_values_complete() {
        let mut script = Vec::new();
        write(Shell::Zsh, &mut script);
        let script = String::from_utf8(script).unwrap();
        assert!(script.contains("blank") && script.contains("tiles"));
    }
}
