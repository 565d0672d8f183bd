//! The online judges npuzzle answers in their own formats, byte for byte, and the
//! judge it runs on your machine: the library solves, and this crate reads and writes
//! each judge's input and output ([`judge`]: one file a judge) and puts a program to
//! the test against them ([`local_judge`]).
//!
//! ```
//! let mut out = Vec::new();
//! npuzzle_judges::judge::hdu1043("2 3 4 1 5 x 7 6 8\n", &mut out)?;
//! assert_eq!(String::from_utf8(out)?, "ldruullddrurdllurrd\n");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod eight_puzzle_tables;
pub mod judge;
pub mod local_judge;
