//! What every parser of outside bytes in npuzzle must do on any input: answer (a value or
//! an error that says something) without panicking, hanging or answering wrongly. Each
//! module checks one kind of input and panics, naming the broken promise, when a parser
//! breaks one. The cargo-fuzz targets in `fuzz/` (nightly, run by hand) and the property
//! tests in `tests/` (stable, run by CI) call the same checks, and the tests replay every
//! input the fuzzers kept (`fuzz/corpus/`) or found failing (`fuzz/regressions/`).
//!
//! ```
//! // Any bytes at all: these return normally, or panic naming what went wrong.
//! npuzzle_fuzz_checks::board_notation::check(b"\x001 2 3/8 0 4/7 6 5");
//! npuzzle_fuzz_checks::judge_formats::check(b"\x00283104765\n");
//! npuzzle_fuzz_checks::table_files::check(b"NPUZTBL\n\xff\xff");
//! npuzzle_fuzz_checks::batch_input::check(b"\x00{\"id\": 7, \"board\": \"1 2 3/4 0 5/6 7 8\"}");
//! npuzzle_fuzz_checks::api_requests::check(b"\x00{\"board\": \"283104765\"}");
//! ```

pub mod api_requests;
pub mod batch_input;
pub mod board_notation;
pub mod judge_formats;
pub mod table_files;

/// A check: feeds bytes to parsers, panics when one misbehaves.
pub type Check = fn(&[u8]);

/// Every check, by the name of its fuzz target (and its corpus directory).
pub const TARGETS: &[(&str, Check)] = &[
    ("api_requests", api_requests::check),
    ("batch_input", batch_input::check),
    ("board_notation", board_notation::check),
    ("judge_formats", judge_formats::check),
    ("table_files", table_files::check),
];

/// Splits an input into its first byte, which chooses what a check does with the rest
/// (`selector % choices`), and the rest. An empty input chooses 0 and has no rest.
fn choose(bytes: &[u8], choices: u8) -> (u8, &[u8]) {
    match bytes.split_first() {
        Some((&first, rest)) => (first % choices, rest),
        None => (0, bytes),
    }
}

/// Splits `text` at its first newline (the whole of it is the first part without one).
fn first_line(text: &str) -> (&str, &str) {
    text.split_once('\n').unwrap_or((text, ""))
}
