//! `npuzzle trace`: the events of a classic search, one line each (JSON Lines with
//! `--json`, each event as the library's `TraceEventReport`).

use std::fmt::Write as _;
use std::io::{self, BufWriter, Write};
use std::ops::ControlFlow;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use npuzzle::answer::options::SOLVE_LIMITS;
use npuzzle::services::trace::{trace_with, Trace, TraceEvent, TraceKind};
use npuzzle::services::trace_report::TraceEventReport;
use npuzzle::util::plural::counted;
use npuzzle::Status;

use super::exit_code;
use npuzzle::SolveRequest;

use crate::args::TraceArgs;
use crate::input::{argument_or_stdin, start_and_goal, ANY_BOARD};
use crate::options::{in_flags, OptionsBuilder};

/// Longest an event written waits in the buffer while the search runs.
const FLUSH_EVERY: Duration = Duration::from_millis(20);

/// One event as a line of text: the kind, the board, then `name=value` fields.
fn text_line(event: &TraceEvent) -> String {
    let mut line = format!("{:<9}", event.kind.name());
    if let Some(board) = &event.board {
        let _ = write!(
            line,
            " {board}  g={} h={} f={} depth={}",
            event.g,
            event.h,
            event.f(),
            event.depth
        );
    }
    if matches!(event.kind, TraceKind::Expand | TraceKind::Goal) {
        let moved = event.move_letters().unwrap_or_else(|| "-".to_string());
        let _ = write!(line, " move={moved}");
    }
    if let Some(bound) = event.bound {
        let _ = write!(line, " bound={bound}");
    }
    if let Some(side) = event.side {
        let _ = write!(line, " side={}", side.name());
    }
    if let Some(frontier) = event.frontier {
        let _ = write!(line, " frontier={frontier}");
    }
    let _ = write!(line, " expanded={}", event.expanded);
    line
}

/// A sentence saying how a traced search ended.
fn summary(traced: &Trace) -> String {
    let solution = &traced.solution;
    let limit = counted(traced.limit as u64, "event", "events");
    let cut = if traced.truncated && solution.status == Status::Solved {
        format!(" (only the first {limit} shown: raise --limit)")
    } else if traced.truncated {
        " (raise --limit to see more)".to_string()
    } else {
        String::new()
    };
    format!(
        "{}: {}, {} expanded, {}{cut}",
        solution.algorithm,
        counted(traced.count as u64, "event", "events"),
        solution.stats.expanded,
        traced.ending()
    )
}

pub fn run(args: &TraceArgs) -> anyhow::Result<ExitCode> {
    let text = argument_or_stdin(&args.board, ANY_BOARD, args.limits.max_memory)?;
    let (start, goal) = start_and_goal(&text, args.goal.goal.as_deref(), args.goal.size)?;
    let request = SolveRequest {
        algorithm: args.algorithm,
        heuristic: args.heuristic,
        order: args.order.chosen(),
        metric: args.metric.metric,
        limits: args.limits.request(),
        ..SolveRequest::default()
    };
    let options = OptionsBuilder::asked(&request, SOLVE_LIMITS)?
        .stopped_by(crate::interrupt::stop_token()?)
        .checked(&goal)?;
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    // Each event is written as the search makes it, so nothing is held and a reader sees
    // the first at once; later ones within FLUSH_EVERY (a flush a line would cost a third
    // more time). A write that fails (a reader gone) stops the search.
    let mut failed: Option<io::Error> = None;
    let mut flushed: Option<Instant> = None;
    let mut line = Vec::new();
    let traced = trace_with(&start, &goal, &options, args.limit, &mut |event| {
        line.clear();
        if args.json {
            if let Err(e) = serde_json::to_writer(&mut line, &TraceEventReport::new(event)) {
                failed = Some(e.into());
                return ControlFlow::Break(());
            }
        } else {
            line.extend_from_slice(text_line(event).as_bytes());
        }
        line.push(b'\n');
        let written = out.write_all(&line).and_then(|()| {
            if flushed.is_none_or(|t| t.elapsed() >= FLUSH_EVERY) {
                flushed = Some(Instant::now());
                out.flush()?;
            }
            Ok(())
        });
        match written {
            Ok(()) => ControlFlow::Continue(()),
            Err(e) => {
                failed = Some(e);
                ControlFlow::Break(())
            }
        }
    })
    .map_err(|e| match e {
        npuzzle::services::trace::TraceError::BadLimit(_) => anyhow::anyhow!("--limit: {e}"),
        npuzzle::services::trace::TraceError::NotTraced(_) => anyhow::anyhow!("--algorithm: {e}"),
        npuzzle::services::trace::TraceError::Solve(e) => in_flags(e, &options),
    })?;
    if let Some(e) = failed {
        return Err(e.into());
    }
    out.flush()?;
    if !args.quiet {
        eprintln!("{}", summary(&traced));
    }
    // Stopped by the trace's own limit: the events asked for were all shown.
    if traced.truncated {
        return Ok(ExitCode::SUCCESS);
    }
    Ok(exit_code(&traced.solution.status))
}
