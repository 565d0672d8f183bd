//! The judges' input and output formats, byte for byte: one file a judge.
//!
//! ```
//! let mut out = Vec::new();
//! npuzzle_judges::judge::hdu1043("2 3 4 1 5 x 7 6 8\n1 2 3 4 5 6 8 7 x\n", &mut out)?;
//! assert_eq!(String::from_utf8(out)?, "ldruullddrurdllurrd\nunsolvable\n");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Each judge is a unit struct of its own file implementing [`Judge`], which holds every
//! fact about it the CLI and the local judge ask; [`JUDGES`] lists them, each with its
//! source:
//! - [`p1379`] (Luogu P1379): nine digits in, the fewest moves to `123804765` out, or `-1`.
//! - [`path`]: a start and a goal (three rows each) in; the fewest moves and every state
//!   on the canonical shortest path out, or `-1`.
//! - [`hdu1043`] (HDU 1043): cases of nine tokens `1`..`8` and `x` until the end of
//!   input; for each, the blank's moves to `1 2 3 4 5 6 7 8 x`, or `unsolvable`.
//! - [`poj1077`] (POJ 1077): one case of HDU 1043's format.
//! - [`hdu3567`] (HDU 3567 "Eight II"): cases of a start and a goal with `X`; the fewest
//!   moves and the smallest path in the order d, l, r, u.
//! - [`uva652`] (UVa 652 "Eight"): a count, then cases with `x`; a path or `unsolvable`,
//!   a blank line between answers.
//! - [`uva10181`] (UVa 10181 "15-Puzzle Problem"): a count, then 4x4 boards with `0`;
//!   the hole's moves `L R U D` or `This puzzle is not solvable.`.
//! - [`leetcode773`] (LeetCode 773 "Sliding Puzzle"): 2x3 boards as JSON, a line each;
//!   the fewest moves or `-1`.
//! - [`abc224d`] (AtCoder ABC224 D "8 Puzzle on Graph"): a graph on nine vertices and
//!   eight pieces; the fewest moves or `-1`, from a [`npuzzle::puzzle::graph_puzzle`].
//! - [`alds1_13_b`] (AOJ `ALDS1_13_B` "8 Puzzle"): one 3x3 board with `0`; the fewest moves
//!   to `1 2 3 / 4 5 6 / 7 8 0`.
//! - [`alds1_13_c`] (AOJ `ALDS1_13_C` "15 Puzzle"): one 4x4 board with `0`; the fewest
//!   moves, from the optimal 15-puzzle solver.
//! - [`poj2893`] (POJ 2893 "M × N Puzzle"): boards of up to 999 x 999 until `0 0`;
//!   `YES` or `NO`, by parity, read byte by byte.
//! - [`uva10085`] (UVa 10085 "The Most Distant State"): a count, then 3x3 starts; a
//!   farthest state and a shortest path to it (a special judge).
//! - [`kattis_npuzzle`] (Kattis `npuzzle`): a 4x4 board of `A`-`O` and `.`; the scatter,
//!   the summed Manhattan distance.
//! - [`lintcode794`] (LintCode 794 "Sliding Puzzle II"): a start and a target as JSON,
//!   two lines a test; the fewest moves or `-1`.
//! - [`cses1670`] (CSES 1670 "Swap Game"): a 3x3 grid of 1-9; the fewest swaps of
//!   adjacent cells that sort it, from a [`npuzzle::puzzle::swap_game`].
//!
//! On malformed input every case before the bad one is still answered, then the error
//! names the case or line, and the token.
//!
//! The 3x3 answers come from the distance tables ([`npuzzle::tables::distance_table`]): a
//! start and goal are relabeled so the goal is the standard one with the same blank cell,
//! whose table is embedded in the library. HDU 1043 and UVa 652 read each board's
//! canonical path from paths embedded at build time; HDU 3567's many-case inputs take a
//! byte-level fast path over move strings built once per run
//! ([`npuzzle::tables::distance_table::MoveStrings`], milliseconds).

mod abc224d;
mod alds1_13_b;
mod alds1_13_c;
mod bounded_input;
mod case_text;
mod comparison;
mod cses1670;
mod hdu1043;
mod hdu3567;
mod instance;
mod judge_trait;
mod kattis_npuzzle;
mod leetcode773;
mod lintcode794;
mod p1379;
mod path;
mod poj2893;
mod reader;
mod uva10085;
mod uva10181;
mod uva652;

use std::io;

use thiserror::Error;

pub use abc224d::{abc224d, Abc224d};
pub use alds1_13_b::{alds1_13_b, Alds113B};
pub use alds1_13_c::{alds1_13_c, Alds113C};
pub use bounded_input::{Overlong, FIRST_PROBE, SPACING};
pub use comparison::Comparison;
pub use cses1670::{cses1670, Cses1670};
pub use hdu1043::{hdu1043, poj1077, Hdu1043, Poj1077};
pub use hdu3567::{hdu3567, Hdu3567};
pub use instance::Instance;
pub use judge_trait::{AnswerCheck, CaseKind, Judge};
pub use kattis_npuzzle::{kattis_npuzzle, KattisNpuzzle};
pub use leetcode773::{leetcode773, Leetcode773};
pub use lintcode794::{lintcode794, Lintcode794};
pub use p1379::{p1379, P1379};
pub use path::{path, StatePath};
pub use poj2893::{poj2893, Poj2893};
pub use uva10085::{uva10085, Uva10085};
pub use uva10181::{uva10181, Uva10181};
pub use uva652::{uva652, Uva652};

/// Input a judge format cannot read, or output it cannot write.
#[derive(Debug, Error)]
pub enum JudgeError {
    /// A token that is not allowed where it stands.
    #[error("case {case}, token {token} ('{text}') on line {line}: {problem}")]
    BadToken {
        /// 1-based case number.
        case: usize,
        /// 1-based token number within the case.
        token: usize,
        /// The token.
        text: String,
        /// 1-based input line.
        line: usize,
        /// What is wrong.
        problem: String,
    },
    /// A case that is wrong as a whole (too few tokens, a repeated tile).
    #[error("case {case}: {problem}")]
    BadCase {
        /// 1-based case number.
        case: usize,
        /// What is wrong.
        problem: String,
    },
    /// A line that is wrong outside any case: the count of cases, a stray after the last
    /// case, a line of a format read line by line.
    #[error("line {line}: {problem}")]
    BadLine {
        /// 1-based input line.
        line: usize,
        /// What is wrong.
        problem: String,
    },
    /// A case the solver could not answer (a limit, a table that cannot be had).
    #[error("case {case}: not answered: {reason}")]
    Unanswered {
        /// 1-based case number.
        case: usize,
        /// Why.
        reason: String,
    },
    /// Input longer than any input of the judge's format can be, refused as soon as it
    /// reached the bound (see [`read_input`](Judge#method.read_input)).
    #[error("{}", too_long(judge, *what, *line, *limit, reason))]
    TooLong {
        /// The judge's name, as `npuzzle judge NAME` takes it.
        judge: &'static str,
        /// What passed the bound: a line, a run of whitespace, the whole input.
        what: Overlong,
        /// 1-based input line where it did (where the whitespace started).
        line: usize,
        /// The bound, in bytes.
        limit: u64,
        /// Where the bound comes from.
        reason: String,
    },
    /// The input ended inside a case or before a case it announced: the error within.
    /// Kept apart because a part of an input ends so too, where the whole may be good
    /// ([`read_input`](Judge#method.read_input) answers a part early to refuse a bad case as it passes).
    #[error(transparent)]
    EndedEarly(Box<JudgeError>),
    /// Bytes that are not UTF-8 text, refused as they are read (see
    /// [`read_input`](Judge#method.read_input)).
    #[error("line {line}: byte {offset} of the input (0x{byte:02X}) is not UTF-8 text; {judge}'s input is text")]
    NotText {
        /// The judge's name, as `npuzzle judge NAME` takes it.
        judge: &'static str,
        /// 1-based input line of the byte.
        line: usize,
        /// 1-based offset of the byte in the input.
        offset: u64,
        /// The byte.
        byte: u8,
    },
    /// Reading the input or writing the answer failed.
    #[error(transparent)]
    Io(#[from] io::Error),
}

impl JudgeError {
    /// `self` marked as an input that ended early ([`JudgeError::EndedEarly`]).
    pub(crate) fn ended(self) -> JudgeError {
        JudgeError::EndedEarly(Box::new(self))
    }
}

/// The words of [`JudgeError::TooLong`].
fn too_long(judge: &str, what: Overlong, line: usize, limit: u64, reason: &str) -> String {
    let limit = npuzzle::util::plural::counted(limit, "byte", "bytes");
    match what {
        Overlong::Line => {
            format!("line {line} is longer than {limit}, more than any line of {judge}'s input: {reason}")
        }
        Overlong::Blank => format!(
            "line {line}: more than {limit} of nothing but spaces and line ends from here, \
             more than {judge}'s input holds between two tokens: {reason}"
        ),
        Overlong::Input => {
            format!(
                "line {line}: the input passes {limit}, more than {judge}'s input holds: {reason}"
            )
        }
    }
}

/// The judge `npuzzle judge NAME` calls `name`.
pub fn named(name: &str) -> Option<&'static dyn Judge> {
    JUDGES.iter().copied().find(|j| j.name() == name)
}

/// Every judge, in the order `npuzzle judge --list` prints them: a judge added here (and
/// in its own file) is a command, a line of the list and a local judge.
pub const JUDGES: &[&dyn Judge] = &[
    &P1379,
    &StatePath,
    &Hdu1043,
    &Poj1077,
    &Hdu3567,
    &Uva652,
    &Uva10181,
    &Leetcode773,
    &Abc224d,
    &Alds113B,
    &Alds113C,
    &Poj2893,
    &Uva10085,
    &KattisNpuzzle,
    &Lintcode794,
    &Cses1670,
];

#[cfg(test)]
pub(super) mod tests {
    use super::*;

    /// What a judge writes for `input`, and its error, as text.
    pub fn run(
        f: fn(&str, &mut Vec<u8>) -> Result<(), JudgeError>,
        input: &str,
    ) -> (String, Option<String>) {
        let mut out = Vec::new();
        let err = f(input, &mut out).err().map(|e| e.to_string());
        (String::from_utf8(out).unwrap(), err)
    }

    #[test]
    fn every_judge_is_listed_once_with_a_source() {
        for (i, judge) in JUDGES.iter().enumerate() {
            assert!(JUDGES[..i].iter().all(|j| j.name() != judge.name()));
            assert!(!judge.source().is_empty(), "{judge:?}");
            assert!(!judge.summary().is_empty());
        }
    }
}
