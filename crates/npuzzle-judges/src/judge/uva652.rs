//! UVa 652 "Eight": HDU 1043's cases after a count, a blank line between answers.

use std::io::Write;

use super::bounded_input::{token_bytes, COUNT_LINE};
use super::hdu1043::{answer_cases, check_cases};
use super::hdu1043::{is_moves_line, x_case_text, ANY_PATH};
use super::reader::read_count;
use super::{AnswerCheck, Instance, Judge, JudgeError};

/// UVa 652: the number of cases `N`, then `N` cases of nine tokens (`1`..`8`, `x` the
/// blank; blank lines between them, as UVa's multiple-input format has them, or none);
/// for each, the blank's moves (`u d l r`) to `1 2 3 4 5 6 7 8 x`, a shortest solution,
/// or `unsolvable`, with a blank line between two answers.
///
/// ```
/// let mut out = Vec::new();
/// npuzzle_judges::judge::uva652("2\n\n2 3 4 1 5 x 7 6 8\n\n1 2 3 4 5 6 8 7 x\n", &mut out)?;
/// assert_eq!(String::from_utf8(out)?, "ldruullddrurdllurrd\n\nunsolvable\n");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// A [`crate::judge::JudgeError`] for a bad count or the first bad case (the cases before
/// it are answered), or a failed write.
///
/// # Panics
/// Never: every 3x3 distance table is embedded.
pub fn uva652(input: &str, out: &mut impl Write) -> Result<(), JudgeError> {
    let count = read_count(input, "cases")?;
    answer_cases(input, count.rest, Some(count.announced), b"\n", out)
}

/// UVa 652: HDU 1043's cases after a count, a blank line between answers.
#[derive(Clone, Copy, Debug)]
pub struct Uva652;

impl Judge for Uva652 {
    fn name(&self) -> &'static str {
        "uva652"
    }

    fn source(&self) -> &'static str {
        "UVa 652 Eight (onlinejudge.org, problem 652)"
    }

    fn summary(&self) -> &'static str {
        "N, then cases of 1-8 and x; the blank's moves or unsolvable, a blank line between"
    }

    fn answer(&self, input: &str, mut out: &mut dyn Write) -> Result<(), JudgeError> {
        uva652(input, &mut out)
    }

    /// The cases read, not answered: a probe costs the reading alone.
    fn check_input(&self, text: &str) -> Result<(), JudgeError> {
        let count = read_count(text, "cases")?;
        check_cases(text, count.rest, Some(count.announced), b"\n")
    }

    fn special_judge(&self) -> Option<&'static str> {
        Some(ANY_PATH)
    }

    fn answer_check(&self) -> AnswerCheck {
        AnswerCheck::Moves
    }

    fn blank_line_between(&self) -> bool {
        true
    }

    fn is_answer_line(&self, line: &str) -> bool {
        is_moves_line(line)
    }

    fn case_text(&self, instance: &Instance) -> String {
        x_case_text(instance)
    }

    fn input(&self, cases: &[String]) -> String {
        format!("{}\n{}", cases.len(), cases.concat())
    }

    fn longest_case(&self) -> usize {
        COUNT_LINE + token_bytes(9, 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::judge::hdu1043::hdu1043;
    use crate::judge::tests::run;

    #[test]
    fn answers_as_hdu1043_with_blank_lines_between() {
        let cases = "2 3 4 1 5 x 7 6 8\n1 2 3 4 5 6 8 7 x\n12345678x\n1 2 3\n4 5 6\n7 x 8\n";
        let (lines, e) = run(hdu1043, cases);
        assert!(e.is_none());
        let expected = lines.lines().collect::<Vec<_>>().join("\n\n") + "\n";
        assert_eq!(run(uva652, &format!("4\n\n{cases}")), (expected, None));
        assert_eq!(run(uva652, "0"), (String::new(), None));
    }

    #[test]
    fn the_count_is_held() {
        let (out, e) = run(uva652, "3\n1 2 3 4 5 6 7 8 x\n1 2 3 4 5 6 7 x 8\n");
        assert_eq!(out, "\n\nr\n");
        assert_eq!(
            e.unwrap(),
            "case 3: the first line announces 3, the input ends after 2"
        );
        let (out, e) = run(uva652, "1\n1 2 3 4 5 6 7 8 x\n1 2 3\n");
        assert_eq!(out, "\n");
        assert_eq!(
            e.unwrap(),
            "line 3: stray '1' after the 1 case the first line announces"
        );
        let (_, e) = run(uva652, "-1\n");
        assert_eq!(
            e.unwrap(),
            "line 1: expected the number of cases, found '-1'"
        );
    }
}
