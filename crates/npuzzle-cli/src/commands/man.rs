//! `npuzzle man`: the manual page, in roff, from the same clap definition that parses the
//! command line; with `--dir`, one page for the tool and one for every subcommand.

use std::io::{self, Write};
use std::process::ExitCode;

use anyhow::Context;
use clap::CommandFactory;

use crate::args::{Cli, ManArgs};

pub fn run(args: &ManArgs) -> anyhow::Result<ExitCode> {
    let command = Cli::command();
    if let Some(dir) = &args.dir {
        crate::output::create_dir(dir)?;
        clap_mangen::generate_to(command, dir)
            .with_context(|| format!("writing manual pages into {}", dir.display()))?;
    } else {
        let mut out = io::BufWriter::new(io::stdout().lock());
        clap_mangen::Man::new(command).render(&mut out)?;
        out.flush()?;
    }
    Ok(ExitCode::SUCCESS)
}
