//! The library's integration tests, one binary with a module per area (as the command
//! line's): the binary and `common` are built and linked once rather than once per file.
//! Run one area with `cargo test --release -p npuzzle --test tests pdb::`.
//!
//! `memory.rs` stays a binary of its own (`--test memory`): it installs a counting global
//! allocator, which would count every other test's allocations too.

mod common;

mod dependencies;
mod exhaustive_8puzzle;
mod layers;
mod multi_tile;
mod notation;
mod pdb;
mod properties;
mod zero_aware;
