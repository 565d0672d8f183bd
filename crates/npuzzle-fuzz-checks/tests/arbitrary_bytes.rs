//! Every check on arbitrary bytes, on bytes near the inputs people send (a seed or a kept
//! input of the fuzzers with some bytes changed), and on every seed (`fuzz/seeds/`), kept
//! input (`fuzz/corpus/`) and past failure (`fuzz/regressions/`): the stable guard of the
//! parsers that `fuzz/` (nightly) fuzzes for hours.

use std::path::{Path, PathBuf};

use npuzzle_fuzz_checks::{Check, TARGETS};
use proptest::prelude::*;

/// `fuzz/` at the top of the repository.
fn fuzz_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fuzz")
}

/// The files of `fuzz/KIND/TARGET` (none if it is missing).
fn inputs(kind: &str, target: &str) -> Vec<(PathBuf, Vec<u8>)> {
    let dir = fuzz_dir().join(kind).join(target);
    let Ok(entries) = std::fs::read_dir(&dir) else {
        return Vec::new();
    };
    let mut files: Vec<(PathBuf, Vec<u8>)> = entries
        .map(|entry| {
            let path = entry.unwrap().path();
            let bytes = std::fs::read(&path).unwrap();
            (path, bytes)
        })
        .collect();
    files.sort();
    files
}

fn check_of(target: &str) -> Check {
    let found = TARGETS.iter().find(|(name, _)| *name == target);
    found.unwrap_or_else(|| panic!("no check {target}")).1
}

/// Runs `check` on `bytes`, naming the input if it panics.
fn run(check: Check, what: &Path, bytes: &[u8]) {
    let passed = std::panic::catch_unwind(|| check(bytes)).is_ok();
    assert!(passed, "{} fails its check", what.display());
}

#[test]
fn every_kept_input_and_every_regression_passes() {
    for (target, check) in TARGETS {
        let seeds = inputs("seeds", target);
        assert!(!seeds.is_empty(), "fuzz/seeds/{target} is missing");
        for kind in ["seeds", "corpus", "regressions"] {
            for (path, bytes) in inputs(kind, target) {
                run(*check, &path, &bytes);
            }
        }
    }
}

/// Bytes near the inputs people send: a seed or kept input of `target` with a few bytes
/// changed, cut or grown.
fn near_inputs(target: &'static str) -> impl Strategy<Value = Vec<u8>> {
    let seeds: Vec<Vec<u8>> = inputs("seeds", target)
        .into_iter()
        .chain(inputs("corpus", target))
        .map(|(_, bytes)| bytes)
        .collect();
    (
        prop::sample::select(seeds),
        prop::collection::vec((any::<prop::sample::Index>(), any::<u8>()), 0..6),
        any::<prop::sample::Index>(),
        prop::collection::vec(any::<u8>(), 0..8),
    )
        .prop_map(|(mut bytes, changes, cut, tail)| {
            if !bytes.is_empty() {
                for (at, byte) in changes {
                    let at = at.index(bytes.len());
                    bytes[at] = byte;
                }
                // Keep the first byte (the target's choice) most of the time.
                bytes.truncate(1 + cut.index(bytes.len()));
            }
            bytes.extend(tail);
            bytes
        })
}

macro_rules! properties {
    ($($target:ident: $cases:expr;)*) => {
        $(
            mod $target {
                use super::*;

                proptest! {
                    #![proptest_config(ProptestConfig::with_cases($cases))]

                    #[test]
                    fn any_bytes(bytes in prop::collection::vec(any::<u8>(), 0..600)) {
                        check_of(stringify!($target))(&bytes);
                    }

                    #[test]
                    fn bytes_near_real_inputs(bytes in near_inputs(stringify!($target))) {
                        check_of(stringify!($target))(&bytes);
                    }
                }
            }
        )*
    };
}

properties! {
    board_notation: 512;
    judge_formats: 512;
    table_files: 256;
    batch_input: 512;
    api_requests: 256;
}

#[test]
fn every_target_has_properties() {
    let covered = [
        "board_notation",
        "judge_formats",
        "table_files",
        "batch_input",
        "api_requests",
    ];
    for (target, _) in TARGETS {
        assert!(covered.contains(target), "{target} has no property test");
    }
}
