#![no_main]
//! Fuzz target: see `npuzzle_fuzz_checks::batch_input`.

libfuzzer_sys::fuzz_target!(|data: &[u8]| npuzzle_fuzz_checks::batch_input::check(data));
