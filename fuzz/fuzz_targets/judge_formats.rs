#![no_main]
//! Fuzz target: see `npuzzle_fuzz_checks::judge_formats`.

libfuzzer_sys::fuzz_target!(|data: &[u8]| npuzzle_fuzz_checks::judge_formats::check(data));
