//! `npuzzle judge`: the classic judges' formats on stdin and stdout. Judge input errors
//! exit 1, after the answers to the cases before the bad one.

use std::io::{self, Write};
use std::process::ExitCode;

use npuzzle::judge;

use crate::args::JudgeFormat;
use crate::input::{read_bounded, utf8};

pub fn run(format: &JudgeFormat) -> anyhow::Result<ExitCode> {
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
