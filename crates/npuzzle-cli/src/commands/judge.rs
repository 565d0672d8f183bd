//! `npuzzle judge`: the judges' formats on stdin and stdout; `--list` names them. Judge
//! input errors exit 1, after the answers to the cases before the bad one.

use std::io::{self, Write};
use std::process::ExitCode;

use npuzzle::judge::{self, JUDGES};
use npuzzle::SolveOptions;

use crate::args::{JudgeArgs, JudgeFormat};
use crate::input::{read_bounded, utf8};

pub fn run(args: &JudgeArgs) -> anyhow::Result<ExitCode> {
    let Some(format) = args.format.as_ref().filter(|_| !args.list) else {
        return list();
    };
    if let JudgeFormat::Test(test) = format {
        return super::judge_test::run(test);
    }
    answer(format)
}

/// The answer of judge `format` to the input on stdin.
fn answer(format: &JudgeFormat) -> anyhow::Result<ExitCode> {
    let bytes = read_bounded(io::stdin(), None, "stdin")?;
    let input = match utf8(bytes, "the input") {
        Ok(text) => text,
        Err(e) => {
            eprintln!("error: {e:#}");
            return Ok(ExitCode::from(1));
        }
    };
    let mut out = io::BufWriter::new(io::stdout().lock());
    let result = match format {
        JudgeFormat::P1379 => judge::p1379(&input, &mut out),
        JudgeFormat::Path => judge::path(&input, &mut out),
        JudgeFormat::Hdu1043 => judge::hdu1043(&input, &mut out),
        JudgeFormat::Poj1077 => judge::poj1077(&input, &mut out),
        JudgeFormat::Hdu3567 => judge::hdu3567(&input, &mut out),
        JudgeFormat::Uva652 => judge::uva652(&input, &mut out),
        JudgeFormat::Uva10181 => judge::uva10181(&input, &SolveOptions::default(), &mut out),
        JudgeFormat::Leetcode773 => judge::leetcode773(&input, &mut out),
        JudgeFormat::Abc224d => judge::abc224d(&input, &mut out),
        // Not a judge's input on stdin: `run` hands it to the local judge.
        JudgeFormat::Test(test) => return super::judge_test::run(test),
    };
    // The cases answered before a bad one are part of the answer.
    out.flush()?;
    match result {
        Ok(()) => Ok(ExitCode::SUCCESS),
        Err(judge::JudgeError::Io(e)) => Err(e.into()),
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
        writeln!(out, "{:<12} {}", judge.name, judge.source)?;
        writeln!(out, "{:<12} {}", "", judge.summary)?;
    }
    Ok(ExitCode::SUCCESS)
}
