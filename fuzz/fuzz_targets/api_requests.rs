#![no_main]
//! Fuzz target: see `npuzzle_fuzz_checks::api_requests`.

libfuzzer_sys::fuzz_target!(|data: &[u8]| npuzzle_fuzz_checks::api_requests::check(data));
