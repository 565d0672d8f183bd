//! AOJ `ALDS1_13_B` "8 Puzzle": one 3x3 board with `0` the blank, the fewest moves to
//! `1 2 3 / 4 5 6 / 7 8 0`.

use crate::eight_puzzle_tables::eight_puzzle;
use std::io::Write;

use npuzzle::puzzle::board::Board;

use super::bounded_input::token_bytes;
use super::reader::{digit_tile, one_case, three_by_three};
use super::{Judge, JudgeError};

/// AOJ `ALDS1_13_B`: three lines of three numbers (`0` the blank; any layout of
/// whitespace); prints the fewest moves to `1 2 3 / 4 5 6 / 7 8 0`.
///
/// The problem promises a solution: a board that cannot reach the goal is refused as bad
/// input (no answer line would be true).
///
/// ```
/// let mut out = Vec::new();
/// npuzzle_judges::judge::alds1_13_b("1 3 0\n4 2 5\n7 8 6\n", &mut out)?;
/// assert_eq!(out, b"4\n");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// A [`JudgeError`] naming the token and line of bad input or a board that cannot reach
/// the goal, or a failed write.
///
/// # Panics
/// Never: every 3x3 distance table is embedded.
pub fn alds1_13_b(input: &str, out: &mut impl Write) -> Result<(), JudgeError> {
    let cells = one_case(input, 9, digit_tile, "a number 0-8")?;
    let start = Board::new(three_by_three(), cells).expect("nine distinct tiles 0-8");
    match eight_puzzle(8).distance(&start) {
        Some(moves) => writeln!(out, "{moves}")?,
        None => return Err(unreachable_goal("1 2 3 / 4 5 6 / 7 8 0")),
    }
    Ok(())
}

/// The error of a board that cannot reach `goal`, where the problem promises it can.
pub(super) fn unreachable_goal(goal: &str) -> JudgeError {
    JudgeError::BadCase {
        case: 1,
        problem: format!("the board cannot reach {goal}; the problem promises every board can"),
    }
}

/// AOJ `ALDS1_13_B`: one 3x3 board a run, the fewest moves; every board has an answer.
#[derive(Clone, Copy, Debug)]
pub struct Alds113B;

impl Judge for Alds113B {
    fn name(&self) -> &'static str {
        "alds1-13-b"
    }

    fn source(&self) -> &'static str {
        "AOJ ALDS1_13_B 8 Puzzle (judge.u-aizu.ac.jp/onlinejudge/description.jsp?id=ALDS1_13_B)"
    }

    fn summary(&self) -> &'static str {
        "3 lines of 3 numbers, 0 the blank; the fewest moves to 1 2 3/4 5 6/7 8 0"
    }

    fn answer(&self, input: &str, mut out: &mut dyn Write) -> Result<(), JudgeError> {
        alds1_13_b(input, &mut out)
    }

    /// The problem promises a solution.
    fn has_unsolvable(&self) -> bool {
        false
    }

    fn one_case_a_run(&self) -> bool {
        true
    }

    fn longest_case(&self) -> usize {
        token_bytes(9, 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::judge::tests::run;
    use npuzzle::puzzle::random::random_board;
    use npuzzle::puzzle::solvability::swap_parity;
    use npuzzle::{solve, Algorithm, SolveOptions};
    use rand::SeedableRng;

    #[test]
    fn the_problems_sample_and_errors() {
        assert_eq!(
            run(alds1_13_b, "1 3 0\n4 2 5\n7 8 6\n"),
            ("4\n".into(), None)
        );
        assert_eq!(run(alds1_13_b, "1 2 3 4 5 6 7 8 0"), ("0\n".into(), None));
        for (input, message) in [
            (
                "1 3 0\n4 2 5\n7 8\n",
                "case 1: expected 9 tokens, the input ends after 8",
            ),
            (
                "1 3 0\n4 2 5\n7 8 9\n",
                "case 1, token 9 ('9') on line 3: expected a number 0-8",
            ),
            (
                "1 3 0\n4 2 5\n7 8 5\n",
                "case 1, token 9 ('5') on line 3: tile 5 already stands at token 6",
            ),
            (
                "1 3 0\n4 2 5\n7 8 6\n0\n",
                "case 1, token 10 ('0') on line 4: stray token after the case",
            ),
            (
                "2 1 3\n4 5 6\n7 8 0\n",
                "case 1: the board cannot reach 1 2 3 / 4 5 6 / 7 8 0",
            ),
        ] {
            let (out, e) = run(alds1_13_b, input);
            assert_eq!(out, "");
            let e = e.unwrap();
            assert!(e.starts_with(message), "{e}");
        }
    }

    /// Random boards against breadth-first search through `solve`, which shares no
    /// code with the embedded table.
    #[test]
    fn agrees_with_breadth_first_search() {
        let goal = Board::goal(three_by_three());
        let options = SolveOptions {
            algorithm: Algorithm::Bfs,
            ..SolveOptions::default()
        };
        let mut rng = rand::rngs::StdRng::seed_from_u64(13);
        for _ in 0..60 {
            let start = random_board(&goal, &mut rng);
            let text: Vec<String> = start.cells().iter().map(u32::to_string).collect();
            let expected = solve(&start, &goal, &options).unwrap().moves.len();
            assert_eq!(
                run(alds1_13_b, &text.join(" ")),
                (format!("{expected}\n"), None)
            );
            let (_, e) = run(
                alds1_13_b,
                &swap_parity(&start)
                    .cells()
                    .iter()
                    .map(u32::to_string)
                    .collect::<Vec<_>>()
                    .join(" "),
            );
            assert!(e.unwrap().contains("cannot reach"));
        }
    }
}
