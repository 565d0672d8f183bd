//! CSES 1670 "Swap Game": a 3x3 grid of the numbers 1-9, the fewest swaps of two cells
//! sharing a side that sort it, from a [`npuzzle::puzzle::swap_game::SwapGame`].

use std::io::Write;

use rand::rngs::StdRng;
use rand::Rng;

use npuzzle::puzzle::board::Board;
use npuzzle::puzzle::random::random_board;
use npuzzle::puzzle::solvability::swap_parity;
use npuzzle::puzzle::swap_game::SwapGame;

use super::bounded_input::token_bytes;
use super::case_text::{board_rows, boards};
use super::reader::one_case;
use super::{Comparison, Instance, Judge, JudgeError};

/// CSES 1670: three lines of three numbers, `1`..`9` each once (any layout of
/// whitespace); prints the fewest swaps of two adjacent cells (sharing a side) that give
/// `1 2 3 / 4 5 6 / 7 8 9`. Every grid can be sorted.
///
/// ```
/// let mut out = Vec::new();
/// npuzzle_judges::judge::cses1670("2 1 3\n7 5 9\n8 4 6\n", &mut out)?;
/// assert_eq!(out, b"4\n");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// A [`JudgeError`] naming the token and line of bad input, or a failed write.
///
/// # Panics
/// Never: the nine numbers are checked before the search's table is asked.
pub fn cses1670(input: &str, out: &mut impl Write) -> Result<(), JudgeError> {
    let tile = |text: &str| match text.as_bytes() {
        [d @ b'1'..=b'9'] => Some(u32::from(d - b'0')),
        _ => None,
    };
    let cells = one_case(input, 9, tile, "a number 1-9")?;
    let grid: [u8; 9] = std::array::from_fn(|i| cells[i] as u8);
    let swaps = SwapGame::shared()
        .distance(&grid)
        .expect("nine distinct numbers 1-9");
    writeln!(out, "{swaps}")?;
    Ok(())
}

/// CSES 1670: one grid of 1-9 a run; the fewest swaps, judged as Luogu judges.
#[derive(Clone, Copy, Debug)]
pub struct Cses1670;

impl Judge for Cses1670 {
    fn name(&self) -> &'static str {
        "cses1670"
    }

    fn source(&self) -> &'static str {
        "CSES 1670 Swap Game (cses.fi/problemset/task/1670)"
    }

    fn summary(&self) -> &'static str {
        "3 lines of 3 numbers 1-9; the fewest swaps of adjacent cells that sort them"
    }

    fn answer(&self, input: &str, mut out: &mut dyn Write) -> Result<(), JudgeError> {
        cses1670(input, &mut out)
    }

    /// Judged as Luogu judges.
    fn comparison(&self) -> Comparison {
        Comparison::TrailingWhitespace
    }

    /// Every grid can be sorted.
    fn has_unsolvable(&self) -> bool {
        false
    }

    fn one_case_a_run(&self) -> bool {
        true
    }

    /// CSES 1670 has no blank: the board's permutation of 0..9 is written 1..9, the blank
    /// as 9, so the sliding goal is the sorted grid.
    fn case_text(&self, instance: &Instance) -> String {
        board_rows(boards(instance).0, "9")
    }

    fn longest_case(&self) -> usize {
        token_bytes(9, 1)
    }

    /// The problem's sample and every grid farthest from sorted.
    fn hard_cases(&self, goal: &Board) -> Option<Vec<(&'static str, Board)>> {
        let board = |cells: Vec<u32>| Board::new(goal.size(), cells).expect("a permutation");
        let mut cases = vec![("sample", board(SWAP_SAMPLE.to_vec()))];
        for grid in SwapGame::shared().farthest().1 {
            let cells: Vec<u32> = grid.iter().map(|&n| u32::from(n) % 9).collect();
            cases.push(("hardest", board(cells)));
        }
        Some(cases)
    }

    /// Every grid of the swap game can be sorted: both halves of the sliding puzzle's
    /// permutations are its cases.
    fn random_start(&self, goal: &Board, rng: &mut StdRng) -> Board {
        let start = random_board(goal, rng);
        if rng.gen() {
            swap_parity(&start)
        } else {
            start
        }
    }
}

/// CSES 1670's sample, as the 0-8 board its cells are written from (`9` is tile 0).
const SWAP_SAMPLE: [u32; 9] = [2, 1, 3, 7, 5, 0, 8, 4, 6];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::judge::tests::run;

    #[test]
    fn the_problems_sample_and_errors() {
        assert_eq!(run(cses1670, "2 1 3\n7 5 9\n8 4 6\n"), ("4\n".into(), None));
        assert_eq!(run(cses1670, "1 2 3 4 5 6 7 8 9\n"), ("0\n".into(), None));
        assert_eq!(run(cses1670, "2 1 3 4 5 6 7 8 9\n"), ("1\n".into(), None));
        for (input, message) in [
            (
                "2 1 3\n7 5 9\n8 4\n",
                "case 1: expected 9 tokens, the input ends after 8",
            ),
            (
                "2 1 3\n7 5 9\n8 4 0\n",
                "case 1, token 9 ('0') on line 3: expected a number 1-9",
            ),
            (
                "2 1 3\n7 5 9\n8 4 4\n",
                "case 1, token 9 ('4') on line 3: tile 4 already stands at token 8",
            ),
            (
                "2 1 3\n7 5 9\n8 4 6 1\n",
                "case 1, token 10 ('1') on line 3: stray token after the case",
            ),
        ] {
            let (out, e) = run(cses1670, input);
            assert_eq!(out, "");
            let e = e.unwrap();
            assert!(e.starts_with(message), "{e}");
        }
    }
}
