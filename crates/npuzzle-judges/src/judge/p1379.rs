//! Luogu P1379 八数码难题: one board, the fewest moves to `123804765`.

use crate::eight_puzzle_tables::eight_puzzle;
use std::io::Write;

use npuzzle::puzzle::board::Board;

use super::bounded_input::token_bytes;
use super::case_text::{boards, cell_tokens};
use super::reader::{digit_tile, first_bad_character, read_board, three_by_three, Token};
use super::{Comparison, Instance, Judge, JudgeError};

/// Luogu P1379: one line of nine digits (0 = blank); prints the fewest moves to
/// `123804765`, or `-1` when it cannot be reached.
///
/// ```
/// let mut out = Vec::new();
/// npuzzle_judges::judge::p1379("283104765\n", &mut out).unwrap();
/// assert_eq!(out, b"4\n");
/// ```
///
/// # Errors
/// A [`JudgeError`] naming the token and line of bad input, or a failed write.
///
/// # Panics
/// Never: every 3x3 distance table is embedded.
pub fn p1379(input: &str, out: &mut impl Write) -> Result<(), JudgeError> {
    // Each character is checked before they are counted: a wrong one is what is wrong.
    if let Some((token, c, line)) = first_bad_character(input, |c| ('0'..='8').contains(&c)) {
        return Err(JudgeError::BadToken {
            case: 1,
            token,
            text: c.to_string(),
            line,
            problem: "expected a digit 0-8".into(),
        });
    }
    // Counted before anything is held: a line of millions of characters is refused in
    // one pass over it, with no allocation.
    let characters = input.chars().filter(|c| !c.is_whitespace()).count();
    if characters != 9 {
        return Err(JudgeError::BadCase {
            case: 1,
            problem: format!(
                "expected nine digits 0-8, found {}",
                npuzzle::util::plural::counted(characters as u64, "character", "characters")
            ),
        });
    }
    let line = input
        .lines()
        .position(|l| !l.trim().is_empty())
        .map_or(1, |i| i + 1);
    let group: Vec<Token> = input
        .split(char::is_whitespace)
        .flat_map(|word| {
            word.char_indices()
                .map(move |(i, c)| &word[i..i + c.len_utf8()])
        })
        .map(|text| Token { text, line })
        .collect();
    let start = read_board(1, 0, &group, digit_tile, "a digit 0-8")?;
    let goal = Board::new(three_by_three(), vec![1, 2, 3, 8, 0, 4, 7, 6, 5]).expect("valid goal");
    let table = eight_puzzle(goal.blank());
    match table.distance(&start.relabeled(&goal, &table.layout().goal())) {
        Some(distance) => writeln!(out, "{distance}")?,
        None => writeln!(out, "-1")?,
    }
    Ok(())
}

/// Luogu P1379: one board in, the fewest moves to `123804765` out; every board has an
/// answer, judged as Luogu's default checker judges.
#[derive(Clone, Copy, Debug)]
pub struct P1379;

impl Judge for P1379 {
    fn name(&self) -> &'static str {
        "p1379"
    }

    fn source(&self) -> &'static str {
        "Luogu P1379 八数码难题 (luogu.com.cn/problem/P1379)"
    }

    fn summary(&self) -> &'static str {
        "nine digits in; the fewest moves to 123804765, or -1"
    }

    fn answer(&self, input: &str, mut out: &mut dyn Write) -> Result<(), JudgeError> {
        p1379(input, &mut out)
    }

    /// Luogu's default checker ignores spaces at line ends and newlines at the end of the
    /// output.
    fn comparison(&self) -> Comparison {
        Comparison::TrailingWhitespace
    }

    fn goal(&self) -> Board {
        Board::new(three_by_three(), vec![1, 2, 3, 8, 0, 4, 7, 6, 5])
            .expect("123804765 is a permutation")
    }

    /// The problem promises a solution.
    fn has_unsolvable(&self) -> bool {
        false
    }

    fn one_case_a_run(&self) -> bool {
        true
    }

    /// At most 31 moves: no 3x3 board is farther from any goal.
    fn is_answer_line(&self, line: &str) -> bool {
        line == "-1" || line.parse::<u32>().is_ok_and(|d| d <= 31)
    }

    /// The nine digits together, `0` the blank.
    fn case_text(&self, instance: &Instance) -> String {
        format!("{}\n", cell_tokens(boards(instance).0, "0").concat())
    }

    fn longest_case(&self) -> usize {
        token_bytes(9, 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::judge::tests::run;

    #[test]
    fn p1379_samples_and_errors() {
        assert_eq!(run(p1379, "283104765\n"), ("4\n".into(), None));
        assert_eq!(run(p1379, "123804765"), ("0\n".into(), None));
        assert_eq!(run(p1379, "213804765\r\n"), ("-1\n".into(), None));
        let (_, e) = run(p1379, "28310476\n");
        assert!(e.unwrap().contains("nine digits"));
        let (_, e) = run(p1379, "283194765\n");
        assert!(e.unwrap().contains("token 5 ('9')"));
        let (_, e) = run(p1379, "283103765\n");
        assert!(e.unwrap().contains("tile 3 already stands at token 3"));
    }
}
