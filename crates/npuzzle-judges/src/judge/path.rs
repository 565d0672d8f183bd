//! A start and a goal in; the fewest moves and every state of the canonical shortest path
//! out: the textbook exercise.

use crate::eight_puzzle_tables::eight_puzzle;
use std::io::Write;

use npuzzle::puzzle::board::{Board, Move};
use npuzzle::puzzle::move_order::MoveOrder;
use npuzzle::util::excerpt::shortened;

use super::bounded_input::token_bytes;
use super::case_text::{board_rows, boards};
use super::reader::{cells_apart, digit_tile, read_board, tokens, Token};
use super::{AnswerCheck, Comparison, Instance, Judge, JudgeError};

/// The canonical shortest solution (smallest in blank order l, r, d, u), or `None`.
fn shortest(start: &Board, goal: &Board) -> Option<Vec<Move>> {
    eight_puzzle(goal.blank()).solve(start, goal, MoveOrder::DEFAULT)
}

/// Start and goal, three rows of three numbers each (any layout of whitespace; digits may
/// be written together, `123` a row or `123804765` a board, as the answer writes them); prints
/// the fewest moves, then every state from start to goal inclusive as nine digits, along
/// the canonical shortest path. `-1` alone when the goal cannot be reached.
///
/// ```
/// let mut out = Vec::new();
/// npuzzle_judges::judge::path("1 2 3\n8 0 4\n7 6 5\n2 8 3\n1 0 4\n7 6 5\n", &mut out).unwrap();
/// assert_eq!(String::from_utf8(out).unwrap(),
///            "4\n123804765\n123084765\n023184765\n203184765\n283104765\n");
/// ```
///
/// # Errors
/// A [`JudgeError`] naming the token and line of bad input, or a failed write.
///
/// # Panics
/// Never: every 3x3 distance table is embedded.
pub fn path(input: &str, out: &mut impl Write) -> Result<(), JudgeError> {
    // Every cell is one digit, so digits written together (`123` a row, `123804765` a
    // board, as the answer writes them) are cells one by one.
    // The 19th cell, if any, is refused as a stray: no more are read.
    let all: Vec<Token> = cells_apart(tokens(input, 1), |b| b.is_ascii_digit())
        .take(19)
        .collect();
    // Each token is checked before they are counted: a wrong one is what is wrong.
    if let Some((i, bad)) = all
        .iter()
        .take(18)
        .enumerate()
        .find(|(_, t)| digit_tile(t.text).is_none())
    {
        return Err(JudgeError::BadToken {
            case: 1,
            token: i + 1,
            text: shortened(bad.text),
            line: bad.line,
            problem: "expected a number 0-8".into(),
        });
    }
    if all.len() != 18 {
        if let Some(stray) = all.get(18) {
            return Err(JudgeError::BadToken {
                case: 1,
                token: 19,
                text: shortened(stray.text),
                line: stray.line,
                problem: "stray token after the start and goal (18 numbers expected)".into(),
            });
        }
        return Err(JudgeError::BadCase {
            case: 1,
            problem: format!(
                "expected 18 numbers (start and goal, 3 rows of 3 each), found {}",
                all.len()
            ),
        });
    }
    let start = read_board(1, 0, &all[..9], digit_tile, "a number 0-8")?;
    let goal = read_board(1, 9, &all[9..], digit_tile, "a number 0-8")?;
    let Some(moves) = shortest(&start, &goal) else {
        writeln!(out, "-1")?;
        return Ok(());
    };
    writeln!(out, "{}", moves.len())?;
    let mut board = start;
    writeln!(out, "{}", board.to_digits().expect("3x3 tiles are digits"))?;
    for mv in moves {
        board.apply(mv);
        writeln!(out, "{}", board.to_digits().expect("3x3 tiles are digits"))?;
    }
    Ok(())
}

/// npuzzle's own `path`: a start and a goal in; the fewest moves and every state of a
/// shortest path out, any shortest path accepted.
#[derive(Clone, Copy, Debug)]
pub struct StatePath;

impl Judge for StatePath {
    fn name(&self) -> &'static str {
        "path"
    }

    fn source(&self) -> &'static str {
        "npuzzle's own (the textbook exercise: the path, state by state)"
    }

    fn summary(&self) -> &'static str {
        "start and goal, 3 rows each; the fewest moves and every state of the path, or -1"
    }

    fn answer(&self, input: &str, mut out: &mut dyn Write) -> Result<(), JudgeError> {
        path(input, &mut out)
    }

    /// Judged as Luogu judges.
    fn comparison(&self) -> Comparison {
        Comparison::TrailingWhitespace
    }

    fn goal_a_case(&self) -> bool {
        true
    }

    fn one_case_a_run(&self) -> bool {
        true
    }

    fn special_judge(&self) -> Option<&'static str> {
        Some("any shortest path, state by state, is accepted")
    }

    fn answer_check(&self) -> AnswerCheck {
        AnswerCheck::States
    }

    /// The answer's length depends on the path.
    fn whole_output(&self) -> bool {
        true
    }

    /// The count, or a state as its nine digits.
    fn is_answer_line(&self, line: &str) -> bool {
        line == "-1" || line.bytes().all(|b| b.is_ascii_digit())
    }

    /// The start's rows, then the goal's.
    fn case_text(&self, instance: &Instance) -> String {
        let (start, goal) = boards(instance);
        board_rows(start, "0") + &board_rows(goal, "0")
    }

    fn longest_case(&self) -> usize {
        token_bytes(18, 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::judge::tests::run;

    #[test]
    fn path_samples_and_errors() {
        let (out, e) = run(path, "1 2 3\n8 0 4\n7 6 5\n2 8 3\n1 0 4\n7 6 5\n");
        assert_eq!(
            out,
            "4\n123804765\n123084765\n023184765\n203184765\n283104765\n"
        );
        assert!(e.is_none());
        assert_eq!(
            run(path, "1 2 3 8 0 4 7 6 5 1 2 3 8 0 4 7 6 5"),
            ("0\n123804765\n".into(), None)
        );
        assert_eq!(
            run(path, "1 2 3 8 0 4 7 6 5 2 1 3 8 0 4 7 6 5"),
            ("-1\n".into(), None)
        );
        // Digits written together, as the answer writes states: by row or by board.
        assert_eq!(
            run(path, "123\n804\n765\n283\n104\n765\n"),
            (
                "4\n123804765\n123084765\n023184765\n203184765\n283104765\n".into(),
                None
            )
        );
        assert_eq!(
            run(path, "123804765 2 8 3 1 0 4 7 6 5"),
            run(path, "1 2 3 8 0 4 7 6 5 2 8 3 1 0 4 7 6 5")
        );
        let (_, e) = run(path, "123 804 765 283 104 769");
        assert!(e
            .unwrap()
            .contains("token 18 ('9') on line 1: expected a number 0-8"));
        let (_, e) = run(path, "1 2 3 8 0 4 7 6 5 2 1 3 8 0 4 7 6 5 9");
        assert!(e.unwrap().contains("token 19 ('9')"));
        let (_, e) = run(path, "1 2 3 8 0 4 7 6 5 2 1 3 8 0 4 7 6 6");
        assert!(e
            .unwrap()
            .contains("token 18 ('6') on line 1: tile 6 already stands at token 17"));
    }
}
