//! `npuzzle judge test FORMAT -- PROGRAM [ARGS...]`: runs the program on the local
//! judge's cases ([`npuzzle_judges::local_judge`]) the way the judge does, without a shell, its
//! output capped and its time limited; prints a verdict a case, the first failure, and a
//! summary (or `--json`). Exit 0 when every case is accepted, 1 when one is not, 2 for a
//! bad request.

use std::ffi::OsString;
use std::io::{self, Read, Write};
use std::process::{Child, Command, ExitCode, ExitStatus, Stdio};
use std::sync::{mpsc, Arc, Mutex, PoisonError};
use std::thread;
use std::time::{Duration, Instant};

use npuzzle::util::plural::counted;
use npuzzle_judges::local_judge::{CaseOutcome, LocalCase, PlannedRun, TestPlan};
use serde_json::json;

use crate::args::JudgeTestArgs;
use crate::interrupt::{Interrupt, Stop};

/// Output kept of a run: more is an output limit (a wrong answer), as on the judges.
const OUTPUT_CAP: usize = 16 << 20;

/// How long the output may stay open after the program and its group have ended (the
/// pipe's last bytes are read in this time).
const GRACE: Duration = Duration::from_millis(200);

/// How long between looks at whether the program has ended.
const POLL: Duration = Duration::from_millis(1);

/// A case's verdict, as the judges name them.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Verdict {
    Accepted,
    WrongAnswer(String),
    PresentationError(String),
    TimeLimit,
    RuntimeError(String),
}

impl Verdict {
    fn name(&self) -> &'static str {
        match self {
            Verdict::Accepted => "accepted",
            Verdict::WrongAnswer(_) => "wrong answer",
            Verdict::PresentationError(_) => "presentation error",
            Verdict::TimeLimit => "time limit",
            Verdict::RuntimeError(_) => "runtime error",
        }
    }

    fn reason(&self) -> Option<&str> {
        match self {
            Verdict::WrongAnswer(r) | Verdict::PresentationError(r) | Verdict::RuntimeError(r) => {
                Some(r)
            }
            Verdict::Accepted | Verdict::TimeLimit => None,
        }
    }
}

/// What one start of the program did.
struct Execution {
    output: Vec<u8>,
    overflowed: bool,
    timed_out: bool,
    status: Option<ExitStatus>,
    seconds: f64,
}

pub fn run(args: &JudgeTestArgs) -> anyhow::Result<ExitCode> {
    let plan = match TestPlan::new(&args.format, args.cases, args.seed) {
        Ok(plan) => plan.strict(args.strict),
        Err(e) => return Ok(usage(&e.to_string())),
    };
    let interrupt = Interrupt::watch()?;
    let limit = Duration::from_secs_f64(args.time_limit);
    let mut verdicts: Vec<(Verdict, f64)> = Vec::with_capacity(plan.cases().len());
    let mut first_failure: Option<(usize, Vec<u8>)> = None;
    for planned in plan.runs() {
        let execution = match execute(&args.program, planned, limit, &interrupt) {
            Ok(execution) => execution,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {
                eprintln!("npuzzle: {e}; the program under test was ended");
                let code = interrupt.requested().map_or(130, Stop::exit_code);
                return Ok(ExitCode::from(code));
            }
            Err(e) => {
                let program = args.program[0].to_string_lossy();
                return Ok(usage(&format!("cannot run '{program}': {e}")));
            }
        };
        for (i, verdict) in judge_run(&plan, planned, &execution)
            .into_iter()
            .enumerate()
        {
            if verdict != Verdict::Accepted && first_failure.is_none() {
                first_failure = Some((planned.cases.start + i, execution.output.clone()));
            }
            verdicts.push((verdict, execution.seconds));
        }
    }
    let mut out = io::BufWriter::new(io::stdout().lock());
    if args.json {
        write_json(&mut out, &plan, args, &verdicts, first_failure.as_ref())?;
    } else {
        write_text(&mut out, &plan, args, &verdicts, first_failure.as_ref())?;
    }
    out.flush()?;
    Ok(if first_failure.is_none() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

/// A bad request: the message on stderr, exit 2.
fn usage(message: &str) -> ExitCode {
    eprintln!("error: {message}");
    ExitCode::from(2)
}

/// The verdict of each case of a run: the run's own failure (time, exit) first, else
/// the checker's.
fn judge_run(plan: &TestPlan, planned: &PlannedRun, execution: &Execution) -> Vec<Verdict> {
    let whole = if execution.timed_out {
        Some(Verdict::TimeLimit)
    } else if execution.overflowed {
        Some(Verdict::WrongAnswer(format!(
            "output limit: more than {} MiB",
            OUTPUT_CAP >> 20
        )))
    } else {
        execution.status.and_then(runtime_error)
    };
    if let Some(verdict) = whole {
        return vec![verdict; planned.cases.len()];
    }
    plan.check(planned, &execution.output)
        .into_iter()
        .map(|outcome| match outcome {
            CaseOutcome::Accepted => Verdict::Accepted,
            CaseOutcome::WrongAnswer(r) => Verdict::WrongAnswer(r),
            CaseOutcome::PresentationError(r) => Verdict::PresentationError(r),
        })
        .collect()
}

/// A runtime error for an exit that is not success: the status, or the signal.
fn runtime_error(status: ExitStatus) -> Option<Verdict> {
    if status.success() {
        return None;
    }
    if let Some(code) = status.code() {
        return Some(Verdict::RuntimeError(format!("exit status {code}")));
    }
    #[cfg(unix)]
    {
        use std::os::unix::process::ExitStatusExt;
        if let Some(signal) = status.signal() {
            return Some(Verdict::RuntimeError(format!(
                "killed by signal {signal} ({})",
                signal_name(signal)
            )));
        }
    }
    Some(Verdict::RuntimeError(format!("{status}")))
}

/// The name of signal `signal` and what usually sends it.
#[cfg(unix)]
fn signal_name(signal: i32) -> &'static str {
    match signal {
        libc::SIGSEGV => "SIGSEGV: an invalid memory access",
        libc::SIGABRT => "SIGABRT: the program aborted, e.g. a failed assertion or allocation",
        libc::SIGFPE => "SIGFPE: an arithmetic error, e.g. division by zero",
        libc::SIGBUS => "SIGBUS: a bad memory access",
        libc::SIGILL => "SIGILL: an illegal instruction",
        libc::SIGKILL => "SIGKILL: killed, e.g. out of memory",
        libc::SIGTERM => "SIGTERM",
        libc::SIGINT => "SIGINT",
        libc::SIGPIPE => "SIGPIPE: it wrote to a closed pipe",
        libc::SIGXCPU => "SIGXCPU: its CPU time limit",
        libc::SIGXFSZ => "SIGXFSZ: its file size limit",
        libc::SIGTRAP => "SIGTRAP: a trap, e.g. a Rust or C++ runtime check",
        libc::SIGSYS => "SIGSYS: a bad system call",
        _ => "an unusual signal",
    }
}

/// Runs the program once on `planned`'s input, directly (no shell) and in a process
/// group of its own: stdin fed from a thread, stdout read up to [`OUTPUT_CAP`], killed at
/// `limit`. The program is judged when it exits, not when its output closes: what it
/// left behind is ended with its group, and a pipe held open past that (by a process
/// that left the group) ends the output where it stood.
fn execute(
    program: &[OsString],
    planned: &PlannedRun,
    limit: Duration,
    interrupt: &Interrupt,
) -> io::Result<Execution> {
    let started = Instant::now();
    let mut command = Command::new(&program[0]);
    command
        .args(&program[1..])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null());
    #[cfg(unix)]
    {
        use std::os::unix::process::CommandExt;
        command.process_group(0);
    }
    let mut child = command.spawn()?;
    // Dropped on every way out of here, a signal's included: the group is ended.
    let group = ProcessGroup(child.id());
    let mut stdin = child.stdin.take().expect("stdin is piped");
    let input = planned.input.clone().into_bytes();
    // A program that stops reading early closes the pipe: that is its business. Not
    // joined: a process outside the group may hold the pipe without reading.
    thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let mut stdout = child.stdout.take().expect("stdout is piped");
    let output = Arc::new(Mutex::new(Vec::new()));
    let (closed, on_close) = mpsc::channel();
    let read = Arc::clone(&output);
    thread::spawn(move || {
        let mut chunk = vec![0u8; 1 << 16];
        // A read error ends the output where it stopped; the checker judges what came.
        while let Ok(n @ 1..) = stdout.read(&mut chunk) {
            let mut output = read.lock().unwrap_or_else(PoisonError::into_inner);
            output.extend_from_slice(&chunk[..n]);
            if output.len() > OUTPUT_CAP {
                break;
            }
        }
        let _ = closed.send(());
    });
    let (status, timed_out) = wait(&mut child, started + limit, interrupt, &output)?;
    let seconds = started.elapsed().as_secs_f64();
    drop(group);
    let _ = on_close.recv_timeout(GRACE);
    let mut output = std::mem::take(&mut *output.lock().unwrap_or_else(PoisonError::into_inner));
    let overflowed = output.len() > OUTPUT_CAP;
    output.truncate(OUTPUT_CAP);
    Ok(Execution {
        output,
        overflowed,
        timed_out,
        status,
        seconds,
    })
}

/// A running program's process group, ended (SIGKILL to every member) when dropped.
struct ProcessGroup(u32);

impl Drop for ProcessGroup {
    fn drop(&mut self) {
        #[cfg(unix)]
        if let Ok(group) = libc::pid_t::try_from(self.0) {
            #[expect(
                unsafe_code,
                reason = "kill(2) is a C call with no memory preconditions; it sends a signal"
            )]
            // SAFETY: kill with a negative pid signals that process group and touches no
            // memory of ours. A group already gone answers ESRCH, which is fine.
            unsafe {
                libc::kill(-group, libc::SIGKILL);
            }
        }
    }
}

/// Waits for the child until `deadline`, then kills it. A program that fills the output
/// cap is killed too, as its reader has stopped. A Ctrl-C or SIGTERM to `judge test`
/// ends the child and the test (an `Interrupted` error).
fn wait(
    child: &mut Child,
    deadline: Instant,
    interrupt: &Interrupt,
    output: &Mutex<Vec<u8>>,
) -> io::Result<(Option<ExitStatus>, bool)> {
    loop {
        if let Some(status) = child.try_wait()? {
            return Ok((Some(status), false));
        }
        if let Some(stop) = interrupt.requested() {
            let _ = child.kill();
            let _ = child.wait();
            return Err(io::Error::new(
                io::ErrorKind::Interrupted,
                format!("stopped by {}", stop.name()),
            ));
        }
        let full = output.lock().is_ok_and(|o| o.len() > OUTPUT_CAP);
        if full || Instant::now() >= deadline {
            let _ = child.kill();
            let status = child.wait()?;
            return Ok((Some(status), !full));
        }
        thread::sleep(POLL);
    }
}

fn write_text(
    out: &mut impl Write,
    plan: &TestPlan,
    args: &JudgeTestArgs,
    verdicts: &[(Verdict, f64)],
    first_failure: Option<&(usize, Vec<u8>)>,
) -> io::Result<()> {
    for (i, ((verdict, seconds), case)) in verdicts.iter().zip(plan.cases()).enumerate() {
        writeln!(
            out,
            "case {:<4} {:<19} {:<18} {:.3} s",
            i + 1,
            case.label,
            verdict.name(),
            seconds
        )?;
    }
    if let Some((i, output)) = first_failure {
        let (verdict, _) = &verdicts[*i];
        let case = &plan.cases()[*i];
        writeln!(
            out,
            "\nfirst failure: case {} ({}): {}",
            i + 1,
            case.label,
            verdict.name()
        )?;
        write!(out, "input:\n{}", case.text)?;
        writeln!(out, "expected{}:", expectation(plan))?;
        for line in &case.expected {
            writeln!(out, "{line}")?;
        }
        if let Some(reason) = verdict.reason() {
            writeln!(out, "checker: {reason}")?;
        }
        writeln!(out, "program printed{}:", run_note(plan))?;
        writeln!(out, "{}", printed(output))?;
    }
    let accepted = verdicts
        .iter()
        .filter(|(v, _)| *v == Verdict::Accepted)
        .count();
    let slowest = verdicts.iter().map(|(_, s)| *s).fold(0.0, f64::max);
    writeln!(
        out,
        "{}: {accepted} of {} accepted (seed {}, slowest run {slowest:.3} s; output compared: {})",
        plan.format(),
        counted(verdicts.len() as u64, "case", "cases"),
        args.seed,
        plan.comparison().describe()
    )
}

/// Whether the expected answer is the only one.
fn expectation(plan: &TestPlan) -> String {
    plan.accepted_answers()
        .map(|rule| format!(" (one answer of many: {rule})"))
        .unwrap_or_default()
}

/// Whether the printed output answers more cases than the failing one.
fn run_note(plan: &TestPlan) -> &'static str {
    if plan.runs().len() == plan.cases().len() {
        ""
    } else {
        " (every case of the run)"
    }
}

/// The program's output as shown: at most 40 lines of at most 200 characters.
fn printed(output: &[u8]) -> String {
    let text = String::from_utf8_lossy(output);
    let mut lines: Vec<String> = text
        .lines()
        .take(40)
        .map(|l| {
            if l.chars().count() > 200 {
                format!("{}…", l.chars().take(200).collect::<String>())
            } else {
                l.escape_debug().to_string()
            }
        })
        .collect();
    if text.lines().count() > 40 {
        lines.push(format!(
            "… ({} in all)",
            counted(text.lines().count() as u64, "line", "lines")
        ));
    }
    lines.join("\n")
}

fn write_json(
    out: &mut impl Write,
    plan: &TestPlan,
    args: &JudgeTestArgs,
    verdicts: &[(Verdict, f64)],
    first_failure: Option<&(usize, Vec<u8>)>,
) -> io::Result<()> {
    let cases: Vec<_> = verdicts
        .iter()
        .zip(plan.cases())
        .enumerate()
        .map(|(i, ((verdict, seconds), case))| case_json(i, case, verdict, *seconds))
        .collect();
    let accepted = verdicts
        .iter()
        .filter(|(v, _)| *v == Verdict::Accepted)
        .count();
    let failure = first_failure.map(|(i, output)| {
        let mut value = case_json(*i, &plan.cases()[*i], &verdicts[*i].0, verdicts[*i].1);
        value["input"] = json!(plan.cases()[*i].text);
        value["expected"] = json!(plan.cases()[*i].expected.join("\n"));
        value["output"] = json!(shortened_output(output));
        value
    });
    let value = json!({
        "format": plan.format(),
        "seed": args.seed,
        "time_limit": args.time_limit,
        "comparison": plan.comparison().name(),
        "cases": cases,
        "accepted": accepted,
        "total": verdicts.len(),
        "first_failure": failure,
    });
    writeln!(out, "{value}")
}

fn case_json(i: usize, case: &LocalCase, verdict: &Verdict, seconds: f64) -> serde_json::Value {
    json!({
        "case": i + 1,
        "label": case.label,
        "verdict": verdict.name(),
        "reason": verdict.reason(),
        "seconds": seconds,
    })
}

/// The first 64 KiB of the output, as text.
fn shortened_output(output: &[u8]) -> String {
    let text = String::from_utf8_lossy(&output[..output.len().min(64 << 10)]);
    if output.len() > 64 << 10 {
        format!("{text}…")
    } else {
        text.into_owned()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_line_is_cut_and_many_lines_are_counted() {
        let long = "a".repeat(300);
        assert!(printed(long.as_bytes()).ends_with('…'));
        let many = "x\n".repeat(50);
        assert!(printed(many.as_bytes()).ends_with("(50 lines in all)"));
        assert_eq!(shortened_output(b"ab"), "ab");
    }
}
