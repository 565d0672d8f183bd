//! `npuzzle serve`: starts the web server (see `crate::serve`), says where it listens, and
//! says how it stopped.

use std::io::Write;
use std::process::ExitCode;
use std::time::Duration;

use anyhow::{bail, Context};
use npuzzle::util::plural::counted;

use crate::args::ServeArgs;
use crate::serve::{serve, share_one_allocator_arena, ConnectionLimits, ServerConfig};

/// What `--bind` away from loopback risks, said on stderr at start.
pub const NOT_LOOPBACK_WARNING: &str = "is not a loopback address: anyone who can reach \
     it can use this server, which has no login, and keep its searches (and the machine's \
     cores) busy; bind 127.0.0.1 and put a proxy with authentication in front to share it";

pub fn run(args: &ServeArgs) -> anyhow::Result<ExitCode> {
    // Checked by the flag's parser: positive, finite, at most a year.
    let max_time = Duration::from_secs_f64(args.max_seconds);
    if args.max_concurrent == 0 {
        bail!("--max-concurrent must be at least 1");
    }
    if args.max_connections == 0 {
        bail!("--max-connections must be at least 1");
    }
    let body_timeout = Duration::from_secs_f64(args.body_timeout);
    let request_timeout = args.request_timeout.map_or(
        body_timeout + max_time + Duration::from_secs(5),
        Duration::from_secs_f64,
    );
    let config = ServerConfig {
        max_nodes: args.max_nodes,
        max_time,
        max_concurrent: args.max_concurrent,
        cache: args
            .cache_dir
            .as_ref()
            .map(npuzzle::tables::cache::Cache::new),
        max_bytes: args
            .max_memory
            .or_else(npuzzle::util::memory::default_budget),
        body_timeout,
        request_timeout,
        connections: ConnectionLimits {
            max_connections: args.max_connections,
            idle_timeout: Duration::from_secs_f64(args.idle_timeout),
            head_timeout: Duration::from_secs_f64(args.head_timeout),
            shutdown_grace: args
                .shutdown_grace
                .map_or(request_timeout, Duration::from_secs_f64),
        },
        ..ServerConfig::default()
    };
    if !args.bind.ip().is_loopback() {
        eprintln!("warning: --bind {} {NOT_LOOPBACK_WARNING}", args.bind);
    }
    let grace = config.connections.shutdown_grace;
    share_one_allocator_arena();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .context("starting the async runtime")?;
    let stopped = runtime
        .block_on(serve(
            args.bind,
            config,
            |addr| {
                // Flushed at once: scripts and tests wait for this line to learn the port.
                let mut out = std::io::stdout().lock();
                let _ = writeln!(out, "listening on http://{addr}/");
                let _ = out.flush();
            },
            |in_flight| {
                eprintln!(
                    "stopping: new connections are refused; waiting up to {} s for {} in \
                     flight",
                    grace.as_secs_f64(),
                    counted(in_flight as u64, "request", "requests")
                );
            },
        ))
        .with_context(|| format!("serving on {}", args.bind))?;
    // A search whose client left still runs on a blocking thread until its own limit:
    // nobody waits for its answer, so neither does the exit.
    runtime.shutdown_timeout(Duration::from_millis(100));
    if stopped.unfinished > 0 {
        let verb = if stopped.unfinished == 1 {
            "was"
        } else {
            "were"
        };
        eprintln!(
            "stopped: {} still in flight after {} s {verb} cut off",
            counted(stopped.unfinished as u64, "request", "requests"),
            grace.as_secs_f64()
        );
        return Ok(ExitCode::FAILURE);
    }
    eprintln!("stopped");
    Ok(ExitCode::SUCCESS)
}
