#![no_main]
//! Fuzz target: see `npuzzle_fuzz_checks::board_notation`.

libfuzzer_sys::fuzz_target!(|data: &[u8]| npuzzle_fuzz_checks::board_notation::check(data));
