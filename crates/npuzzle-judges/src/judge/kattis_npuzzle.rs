//! Kattis `npuzzle` (COCI 2006/2007 #3 "N-Puzzle"): a 4x4 board of the letters `A`-`O`
//! and `.`, its scatter: the summed Manhattan distance of each letter to its cell in
//! `ABCD / EFGH / IJKL / MNO.`. No search: the scatter is the Manhattan estimate.

use std::io::Write;

use npuzzle::puzzle::board::{Board, Size};
use npuzzle::util::plural::counted;

use super::bounded_input::token_bytes;
use super::case_text::boards;
use super::reader::first_bad_character;
use super::{Comparison, Instance, Judge, JudgeError};

/// The board's side.
const SIDE: usize = 4;

/// Kattis `npuzzle`: four lines of four characters, the letters `A`-`O` each once and
/// `.` the missing square (spaces between them are allowed); prints the scatter, the sum
/// over the letters of the rows and columns between where it stands and where it stands
/// in `ABCD / EFGH / IJKL / MNO.`.
///
/// ```
/// let mut out = Vec::new();
/// npuzzle_judges::judge::kattis_npuzzle(".BCD\nEAGH\nIJFL\nMNOK\n", &mut out)?;
/// assert_eq!(out, b"6\n");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// A [`JudgeError`] naming the character and line of bad input, or a failed write.
pub fn kattis_npuzzle(input: &str, out: &mut impl Write) -> Result<(), JudgeError> {
    const CELLS: usize = SIDE * SIDE;
    // Each character is checked before they are counted: a wrong one is what is wrong.
    let square = |c: char| c == '.' || c.is_ascii_uppercase() && c <= 'O';
    if let Some((token, c, line)) = first_bad_character(input, square) {
        return Err(JudgeError::BadToken {
            case: 1,
            token,
            text: c.to_string(),
            line,
            problem: "expected a letter A-O or '.'".into(),
        });
    }
    // Counted before anything is held: a line of millions of characters is refused in
    // one pass, with no allocation.
    let characters = input.chars().filter(|c| !c.is_whitespace()).count();
    if characters != CELLS {
        return Err(JudgeError::BadCase {
            case: 1,
            problem: format!(
                "expected 16 characters, the letters A-O and '.', found {}",
                counted(characters as u64, "character", "characters")
            ),
        });
    }
    let mut seen_at = [0usize; CELLS];
    let mut scatter = 0;
    let squares = input.lines().enumerate().flat_map(|(line, text)| {
        text.chars()
            .filter(|c| !c.is_whitespace())
            .map(move |c| (line + 1, c))
    });
    for (cell, (line, c)) in squares.enumerate() {
        let bad = |problem: String| JudgeError::BadToken {
            case: 1,
            token: cell + 1,
            text: c.to_string(),
            line,
            problem,
        };
        let square = match c {
            'A'..='O' => c as usize - 'A' as usize,
            '.' => CELLS - 1,
            _ => return Err(bad("expected a letter A-O or '.'".into())),
        };
        if seen_at[square] != 0 {
            return Err(bad(format!(
                "'{c}' already stands at character {}",
                seen_at[square]
            )));
        }
        seen_at[square] = cell + 1;
        if c != '.' {
            scatter +=
                (cell / SIDE).abs_diff(square / SIDE) + (cell % SIDE).abs_diff(square % SIDE);
        }
    }
    writeln!(out, "{scatter}")?;
    Ok(())
}

/// Kattis `npuzzle`: one 4x4 board of letters a run; its scatter, compared by tokens.
#[derive(Clone, Copy, Debug)]
pub struct KattisNpuzzle;

impl Judge for KattisNpuzzle {
    fn name(&self) -> &'static str {
        "kattis-npuzzle"
    }

    fn source(&self) -> &'static str {
        "Kattis npuzzle N-Puzzle, COCI 2006/2007 #3 (open.kattis.com/problems/npuzzle)"
    }

    fn summary(&self) -> &'static str {
        "4 lines of A-O and .; the scatter, the summed Manhattan distance to ABCD/EFGH/IJKL/MNO."
    }

    fn answer(&self, input: &str, mut out: &mut dyn Write) -> Result<(), JudgeError> {
        kattis_npuzzle(input, &mut out)
    }

    /// Kattis's default validator compares the tokens.
    fn comparison(&self) -> Comparison {
        Comparison::Value
    }

    fn goal(&self) -> Board {
        Board::goal(Size::square(SIDE).expect("4x4 is a size"))
    }

    fn one_case_a_run(&self) -> bool {
        true
    }

    /// The rows of letters, `.` the blank.
    fn case_text(&self, instance: &Instance) -> String {
        let start = boards(instance).0;
        start
            .cells()
            .chunks(start.size().width())
            .map(|row| {
                let letters: String = row
                    .iter()
                    .map(|&t| match t {
                        0 => '.',
                        t => char::from(b'A' + (t - 1) as u8),
                    })
                    .collect();
                letters + "\n"
            })
            .collect()
    }

    fn longest_case(&self) -> usize {
        token_bytes(16, 1)
    }

    /// The scatter asks no search: the board turned half round is far from the goal.
    fn hard_cases(&self, goal: &Board) -> Option<Vec<(&'static str, Board)>> {
        let cells: Vec<u32> = goal.cells().iter().rev().copied().collect();
        let far = Board::new(goal.size(), cells).expect("a permutation");
        Some(vec![("far", far)])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::judge::tests::run;
    use npuzzle::puzzle::board::{Board, Size};
    use npuzzle::puzzle::heuristic::{Heuristic, HeuristicKind};
    use npuzzle::puzzle::random::random_board;
    use rand::SeedableRng;

    #[test]
    fn the_problems_samples_and_errors() {
        assert_eq!(
            run(kattis_npuzzle, "ABCD\nEFGH\nIJKL\nM.NO\n"),
            ("2\n".into(), None)
        );
        assert_eq!(
            run(kattis_npuzzle, ".BCD\nEAGH\nIJFL\nMNOK\n"),
            ("6\n".into(), None)
        );
        assert_eq!(
            run(kattis_npuzzle, "ABCD\r\nEFGH\r\nIJKL\r\nMNO.\r\n"),
            ("0\n".into(), None)
        );
        for (input, message) in [
            ("ABCD\nEFGH\nIJKL\nMNO\n", "case 1: expected 16 characters"),
            (
                "ABCD\nEFGH\nIJKL\nMNOP\n",
                "case 1, token 16 ('P') on line 4: expected a letter A-O",
            ),
            (
                "ABCD\nEFGH\nIJKL\nMNOA\n",
                "case 1, token 16 ('A') on line 4: 'A' already stands at character 1",
            ),
            (
                "ABCD\nEFGH\nIJKL\nMN..\n",
                "case 1, token 16 ('.') on line 4: '.' already stands at character 15",
            ),
        ] {
            let (out, e) = run(kattis_npuzzle, input);
            assert_eq!(out, "");
            let e = e.unwrap();
            assert!(e.starts_with(message), "{e}");
        }
    }

    /// Random boards against the library's Manhattan estimate (the scatter by another
    /// name), on boards that can reach the goal and boards that cannot.
    #[test]
    fn agrees_with_the_manhattan_estimate() {
        let goal = Board::goal(Size::square(4).unwrap());
        let mut rng = rand::rngs::StdRng::seed_from_u64(2006);
        for i in 0..300 {
            let mut board = random_board(&goal, &mut rng);
            if i % 2 == 1 {
                board = npuzzle::puzzle::solvability::swap_parity(&board);
            }
            let text: String = board
                .cells()
                .chunks(4)
                .map(|row| {
                    let row: String = row
                        .iter()
                        .map(|&t| {
                            if t == 0 {
                                '.'
                            } else {
                                (b'A' + t as u8 - 1) as char
                            }
                        })
                        .collect();
                    row + "\n"
                })
                .collect();
            let expected = Heuristic::new(HeuristicKind::Manhattan, &goal).estimate_board(&board);
            assert_eq!(run(kattis_npuzzle, &text), (format!("{expected}\n"), None));
        }
    }
}
