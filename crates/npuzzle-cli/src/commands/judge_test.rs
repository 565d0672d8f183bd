//! `npuzzle judge test FORMAT -- PROGRAM [ARGS...]`: runs the program on the local
//! judge's cases ([`npuzzle::local_judge`]) the way the judge does, without a shell, its
//! output capped and its time limited; prints a verdict a case, the first failure, and a
//! summary (or `--json`). Exit 0 when every case is accepted, 1 when one is not, 2 for a
//! bad request.

use std::ffi::OsString;
use std::io::{self, Read, Write};
use std::process::{Child, Command, ExitCode, ExitStatus, Stdio};
use std::sync::mpsc;
use std::thread;
use std::time::{Duration, Instant};

use npuzzle::local_judge::{CaseOutcome, LocalCase, PlannedRun, TestPlan};
use serde_json::json;

use crate::args::JudgeTestArgs;

/// Output kept of a run: more is an output limit (a wrong answer), as on the judges.
const OUTPUT_CAP: usize = 16 << 20;

/// How long the output may stay open after the program ends past its deadline.
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
        Ok(plan) => plan,
        Err(e) => return Ok(usage(&e.to_string())),
    };
    let limit = Duration::from_secs_f64(args.time_limit);
    let mut verdicts: Vec<(Verdict, f64)> = Vec::with_capacity(plan.cases().len());
    let mut first_failure: Option<(usize, Vec<u8>)> = None;
    for planned in plan.runs() {
        let execution = match execute(&args.program, planned, limit) {
            Ok(execution) => execution,
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
            return Some(Verdict::RuntimeError(format!("killed by signal {signal}")));
        }
    }
    Some(Verdict::RuntimeError(format!("{status}")))
}

/// Runs the program once on `planned`'s input, directly (no shell): stdin fed from a
/// thread, stdout read up to [`OUTPUT_CAP`], killed at `limit`.
fn execute(program: &[OsString], planned: &PlannedRun, limit: Duration) -> io::Result<Execution> {
    let started = Instant::now();
    let mut child = Command::new(&program[0])
        .args(&program[1..])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()?;
    let mut stdin = child.stdin.take().expect("stdin is piped");
    let input = planned.input.clone().into_bytes();
    // A program that stops reading early closes the pipe: that is its business.
    let writer = thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let stdout = child.stdout.take().expect("stdout is piped");
    let (sender, receiver) = mpsc::channel();
    thread::spawn(move || {
        let mut output = Vec::new();
        // A read error ends the output where it stopped; the checker judges what came.
        let _ = stdout.take(OUTPUT_CAP as u64 + 1).read_to_end(&mut output);
        let _ = sender.send(output);
    });
    let (status, mut timed_out) = wait(&mut child, started + limit)?;
    let seconds = started.elapsed().as_secs_f64();
    let _ = writer.join();
    // A child the program left behind may hold its output open: the program has ended,
    // so what is not closed by the deadline (or soon after a kill) counts as over time.
    let grace = (started + limit)
        .saturating_duration_since(Instant::now())
        .max(GRACE);
    let mut output = receiver.recv_timeout(grace).unwrap_or_else(|_| {
        timed_out = true;
        Vec::new()
    });
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

/// Waits for the child until `deadline`, then kills it. A program that fills the output
/// cap is killed too, as its reader has stopped.
fn wait(child: &mut Child, deadline: Instant) -> io::Result<(Option<ExitStatus>, bool)> {
    loop {
        if let Some(status) = child.try_wait()? {
            return Ok((Some(status), false));
        }
        if Instant::now() >= deadline {
            let _ = child.kill();
            let status = child.wait()?;
            return Ok((Some(status), true));
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
        "{}: {accepted} of {} cases accepted (seed {}, slowest run {slowest:.3} s)",
        plan.format(),
        verdicts.len(),
        args.seed
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
        lines.push(format!("… ({} lines in all)", text.lines().count()));
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
