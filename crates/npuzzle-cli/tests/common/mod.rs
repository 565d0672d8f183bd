//! What the command-line tests share: the binary, kept away from the user's table cache,
//! and its output read as text, JSON or JSON Lines.

#![allow(dead_code)] // each test file uses its own part of this

use std::path::PathBuf;

use assert_cmd::Command;
use serde_json::Value;

/// A scratch table cache shared by the tests of one run (tables built there once serve
/// every test), never the user's.
pub fn scratch_cache() -> PathBuf {
    std::env::temp_dir().join("npuzzle-cli-tests")
}

/// `npuzzle`, with [`scratch_cache`] as its default cache.
pub fn npuzzle() -> Command {
    let mut command = Command::cargo_bin("npuzzle").expect("the binary is built");
    command.env("NPUZZLE_CACHE_DIR", scratch_cache());
    command
}

/// The standard output of a successful run of `npuzzle args` with `stdin`.
pub fn stdout_of(args: &[&str], stdin: &str) -> String {
    let out = npuzzle().args(args).write_stdin(stdin).assert().success();
    String::from_utf8(out.get_output().stdout.clone()).expect("UTF-8 output")
}

/// The standard output of a successful run, read as one JSON document.
pub fn json_of(args: &[&str], stdin: &str) -> Value {
    let text = stdout_of(args, stdin);
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("not JSON ({e}): {text}"))
}

/// JSON Lines, one value a line.
pub fn json_lines(text: &str) -> Vec<Value> {
    text.lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("not JSON ({e}): {l}")))
        .collect()
}
