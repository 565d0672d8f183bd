//! `npuzzle judge`: the judges' formats on stdin and stdout; `--list` names them. Judge
//! input errors exit 1, after the answers to the cases before the bad one; Ctrl-C on a
//! judge that searches exits 130 after the answers to the cases before the one under way.

use std::io::{self, Write};
use std::process::ExitCode;

use npuzzle::answer::options::SolveOptions;
use npuzzle::search::Limits;
use npuzzle_judges::judge::{Judge, JudgeError, JUDGES};

use crate::args::{JudgeArgs, JudgeCommand};
use crate::input::{memory_bound, utf8};
use crate::interrupt::Interrupt;

pub fn run(args: &JudgeArgs) -> anyhow::Result<ExitCode> {
    let Some(format) = args.format.as_ref().filter(|_| !args.list) else {
        return list();
    };
    match format {
        JudgeCommand::Answer(judge) => answer(*judge),
        JudgeCommand::Test(test) => super::judge_test::run(test),
    }
}

/// The answer of `judge` to the input on stdin.
fn answer(judge: &dyn Judge) -> anyhow::Result<ExitCode> {
    // Held in bounded memory: a line longer than any case of the format is refused as
    // soon as it is, so an input without end (`/dev/zero`) costs kilobytes, not the
    // machine's memory.
    let (most, _) = memory_bound(None);
    let bytes = match judge.read_input(io::stdin().lock(), most) {
        Ok(bytes) => bytes,
        Err(JudgeError::Io(e)) => return Err(anyhow::Error::new(e).context("reading stdin")),
        Err(e) => {
            eprintln!("error: {e}");
            return Ok(ExitCode::from(1));
        }
    };
    let input = match utf8(bytes, "the input") {
        Ok(text) => text,
        Err(e) => {
            eprintln!("error: {e:#}");
            return Ok(ExitCode::from(1));
        }
    };
    // Watched only once the input is read, so Ctrl-C while typing it ends the command at
    // once, and only where a case can take seconds (the judges that search): the others
    // answer a case in microseconds, in less time than their input took to read.
    let interrupt = judge.searches().then(Interrupt::watch).transpose()?;
    let options = SolveOptions {
        limits: Limits {
            cancel: interrupt.as_ref().map(Interrupt::token),
            ..Limits::NONE
        },
        ..SolveOptions::default()
    };
    let mut out = io::BufWriter::new(io::stdout().lock());
    let result = judge.answer_within(&input, &options, &mut out);
    // The cases answered before a bad one, or before the one a stop cut short, are part
    // of the answer.
    out.flush()?;
    if let Some(stop) = interrupt.as_ref().and_then(Interrupt::requested) {
        let written = match &result {
            Err(JudgeError::Unanswered { case: 1, .. }) => "no case was answered".to_string(),
            Err(JudgeError::Unanswered { case, .. }) => {
                format!("the answers to the cases before case {case} are written")
            }
            Ok(()) => "every case was answered".to_string(),
            Err(e) => e.to_string(),
        };
        eprintln!("stopped by {}: {written}", stop.name());
        return Ok(ExitCode::from(stop.exit_code()));
    }
    match result {
        Ok(()) => Ok(ExitCode::SUCCESS),
        Err(JudgeError::Io(e)) => Err(e.into()),
        Err(e) => {
            eprintln!("error: {e}");
            Ok(ExitCode::from(1))
        }
    }
}

/// Every judge, its source, and what it reads and writes.
fn list() -> anyhow::Result<ExitCode> {
    let mut out = io::stdout().lock();
    for judge in JUDGES {
        writeln!(out, "{:<12} {}", judge.name(), judge.source())?;
        writeln!(out, "{:<12} {}", "", judge.summary())?;
        writeln!(
            out,
            "{:<12} output compared: {}",
            "",
            judge.comparison().describe()
        )?;
    }
    Ok(ExitCode::SUCCESS)
}
