//! The command-line tests, one binary with a module per area (as ripgrep's): the
//! binary and `common` are built and linked once rather than once per file. Run one
//! area with `cargo test --release -p npuzzle-cli --test tests serve::`.

mod common;

mod analyse;
mod batch;
mod bench;
mod bounded;
mod browser;
mod check;
mod cluster;
mod coloured_tables;
mod compare;
mod count;
mod depths;
mod faults;
mod front_ends;
mod interrupt;
mod judge;
mod judge_test;
mod limits;
mod listing;
mod metric;
mod order;
mod pdb;
mod random;
mod ranks;
mod readme;
mod serve;
mod shell;
mod snapshots;
mod solve;
mod tables;
mod tiles;
mod trace;
mod tutorial;
mod wording;
