#![no_main]
//! Fuzz target: see `npuzzle_fuzz_checks::table_files`.

libfuzzer_sys::fuzz_target!(|data: &[u8]| npuzzle_fuzz_checks::table_files::check(data));
