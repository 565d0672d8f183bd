//! One output layer for every command: a result is a value that renders as text for
//! people, as JSON for programs, or as Markdown for reports; the command only says which.

use std::io::{self, Write};
use std::path::Path;

use anyhow::Context;
use serde_json::Value;

/// How a result is printed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// Lines for people.
    Text,
    /// One JSON document.
    Json,
    /// A Markdown report.
    Markdown,
}

impl Format {
    /// JSON when `json` is set, else `other`.
    pub fn json_or(json: bool, other: Format) -> Format {
        if json {
            Format::Json
        } else {
            other
        }
    }
}

/// A command's result, printable in every format.
pub trait Render {
    /// Lines for people.
    fn text(&self, out: &mut dyn Write) -> io::Result<()>;
    /// The JSON document programs read.
    fn json(&self) -> Value;
    /// A Markdown report (by default the text).
    fn markdown(&self, out: &mut dyn Write) -> io::Result<()> {
        self.text(out)
    }
    /// Whether the JSON is printed indented (by default on one line).
    fn pretty(&self) -> bool {
        false
    }
}

/// Writes `value` in `format` to `out`; JSON ends with a newline.
pub fn write(value: &dyn Render, format: Format, out: &mut dyn Write) -> io::Result<()> {
    match format {
        Format::Text => value.text(out),
        Format::Markdown => value.markdown(out),
        Format::Json => {
            let json = value.json();
            let text = if value.pretty() {
                serde_json::to_string_pretty(&json)
            } else {
                serde_json::to_string(&json)
            }
            .map_err(io::Error::other)?;
            writeln!(out, "{text}")
        }
    }
}

/// Prints `value` in `format` on stdout.
pub fn print(value: &dyn Render, format: Format) -> io::Result<()> {
    let mut out = io::BufWriter::new(io::stdout().lock());
    write(value, format, &mut out)?;
    out.flush()
}

/// Creates the directory `dir` (and its parents) for the files a command writes there; a
/// path that is already something else (a file, `/dev/null`) is named as such.
pub fn create_dir(dir: &Path) -> anyhow::Result<()> {
    if dir.exists() && !dir.is_dir() {
        anyhow::bail!(
            "{} is not a directory: name a directory to write the files into",
            dir.display()
        );
    }
    std::fs::create_dir_all(dir)
        .with_context(|| format!("creating the directory {}", dir.display()))
}
