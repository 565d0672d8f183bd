//! `npuzzle serve`: starts the web server (see `crate::serve`) and says where it listens.

use std::io::Write;
use std::process::ExitCode;
use std::time::Duration;

use anyhow::{bail, Context};

use crate::args::ServeArgs;
use crate::serve::{serve, ServerConfig};

pub fn run(args: &ServeArgs) -> anyhow::Result<ExitCode> {
    // Checked by the flag's parser: positive, finite, at most a year.
    let max_time = Duration::from_secs_f64(args.max_seconds);
    if args.max_concurrent == 0 {
        bail!("--max-concurrent must be at least 1");
    }
    let config = ServerConfig {
        max_nodes: args.max_nodes,
        max_time,
        max_concurrent: args.max_concurrent,
        cache: args.cache_dir.as_ref().map(npuzzle::cache::Cache::new),
        max_bytes: args.max_memory.or_else(npuzzle::memory::default_budget),
        ..ServerConfig::default()
    };
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .context("starting the async runtime")?;
    runtime
        .block_on(serve(args.bind, config, |addr| {
            // Flushed at once: scripts and tests wait for this line to learn the port.
            let mut out = std::io::stdout().lock();
            let _ = writeln!(out, "listening on http://{addr}/");
            let _ = out.flush();
        }))
        .with_context(|| format!("serving on {}", args.bind))?;
    Ok(ExitCode::SUCCESS)
}
