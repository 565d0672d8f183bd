//! LeetCode 773 "Sliding Puzzle": 2x3 boards as JSON, the fewest moves to
//! `[[1,2,3],[4,5,0]]` or `-1`.

use std::io::Write;

use npuzzle::puzzle::board::{Board, Size};
use npuzzle::puzzle::rank::unrank;
use npuzzle::tables::distance_table::{DistanceTable, Layout};
use npuzzle::util::progress::Silent;

use super::bounded_input::token_bytes;
use super::case_text::{boards, cell_tokens};
use super::reader::{json_board, push_number};
use super::{Comparison, Instance, Judge, JudgeError};

/// The board as JSON writes it, a `#` for each cell.
const TEMPLATE: &[u8] = b"[[#,#,#],[#,#,#]]";

/// Marks a board that cannot reach the goal.
const UNREACHABLE: u8 = u8::MAX;

/// LeetCode 773: one 2x3 board a line, as its JSON (`[[1,2,3],[4,0,5]]`, spaces
/// anywhere; blank lines are skipped); for each, the fewest moves to
/// `[[1,2,3],[4,5,0]]`, or `-1` when it cannot be reached.
///
/// ```
/// let mut out = Vec::new();
/// npuzzle_judges::judge::leetcode773("[[1,2,3],[4,0,5]]\n[[1,2,3],[5,4,0]]\n", &mut out)?;
/// assert_eq!(String::from_utf8(out)?, "1\n-1\n");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// A [`JudgeError`] naming the first bad line (the lines before it are answered), or a
/// failed write.
///
/// # Panics
/// Never: the 2x3 table is built in memory in microseconds.
pub fn leetcode773(input: &str, out: &mut impl Write) -> Result<(), JudgeError> {
    const FLUSH_AT: usize = 1 << 16;
    let distances = distances();
    let mut buffer = Vec::with_capacity(FLUSH_AT + 8);
    for (i, line) in input.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let code = match read_board(line) {
            Ok(code) => code,
            Err(problem) => {
                out.write_all(&buffer)?;
                return Err(JudgeError::BadLine {
                    line: i + 1,
                    problem,
                });
            }
        };
        match distances[code] {
            UNREACHABLE => buffer.extend_from_slice(b"-1"),
            d => push_number(&mut buffer, usize::from(d)),
        }
        buffer.push(b'\n');
        if buffer.len() >= FLUSH_AT {
            out.write_all(&buffer)?;
            buffer.clear();
        }
    }
    out.write_all(&buffer)?;
    Ok(())
}

/// The board of one line as its cells in base 6 (cell `i` the digit of `6^i`), or what
/// is wrong with it.
fn read_board(line: &str) -> Result<usize, String> {
    let packed = json_board(line, TEMPLATE, "[[1,2,3],[4,0,5]]")?;
    Ok((0..6).rev().fold(0, |code, cell| {
        code * 6 + ((packed >> (4 * cell)) & 15) as usize
    }))
}

/// Every 2x3 board's distance to the goal by its base-6 code ([`UNREACHABLE`] for the
/// half that cannot reach it), from the complete distance table.
fn distances() -> Vec<u8> {
    let size = Size::new(3, 2).expect("2x3 is a size");
    let table = DistanceTable::build(
        Layout::new(size, 5).expect("the goal's blank is a cell"),
        &Silent,
    );
    let mut distances = vec![UNREACHABLE; 6usize.pow(6)];
    for rank in 0..720 {
        let cells = unrank(rank, 6);
        let code = cells
            .iter()
            .rev()
            .fold(0, |code, &t| code * 6 + usize::from(t));
        let board = Board::new(size, cells.iter().map(|&t| u32::from(t)).collect())
            .expect("a permutation of 0-5");
        if let Some(d) = table.distance(&board) {
            distances[code] = u8::try_from(d).expect("2x3 distances are small");
        }
    }
    distances
}

/// LeetCode 773: 2x3 boards as JSON, a line each; the fewest moves, compared as values.
#[derive(Clone, Copy, Debug)]
pub struct Leetcode773;

impl Judge for Leetcode773 {
    fn name(&self) -> &'static str {
        "leetcode773"
    }

    fn source(&self) -> &'static str {
        "LeetCode 773 Sliding Puzzle (leetcode.com/problems/sliding-puzzle)"
    }

    fn summary(&self) -> &'static str {
        "a 2x3 board a line as JSON; the fewest moves to [[1,2,3],[4,5,0]], or -1"
    }

    fn answer(&self, input: &str, mut out: &mut dyn Write) -> Result<(), JudgeError> {
        leetcode773(input, &mut out)
    }

    /// LeetCode compares the returned value.
    fn comparison(&self) -> Comparison {
        Comparison::Value
    }

    fn goal(&self) -> Board {
        Board::goal(Size::new(3, 2).expect("2x3 is a size"))
    }

    /// The board as JSON, two rows of three.
    fn case_text(&self, instance: &Instance) -> String {
        let cells = cell_tokens(boards(instance).0, "0");
        format!("[[{}],[{}]]\n", cells[..3].join(","), cells[3..].join(","))
    }

    /// JSON of two rows of three (`[[1,2,3],[4,5,0]]`), a space after each byte.
    fn longest_case(&self) -> usize {
        token_bytes(17, 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::judge::tests::run;
    use npuzzle::{solve, Algorithm, SolveOptions, Status};
    use std::fmt::Write as _;

    #[test]
    fn the_problems_examples() {
        let input =
            "[[1,2,3],[4,0,5]]\n[[1,2,3],[5,4,0]]\n[[4,1,2],[5,0,3]]\n \n[ [3,2,4] , [1,5,0] ]\r\n";
        assert_eq!(run(leetcode773, input), ("1\n-1\n5\n14\n".into(), None));
    }

    /// Every one of the 720 boards against breadth-first search through `solve`.
    #[test]
    fn every_board_agrees_with_breadth_first_search() {
        let size = Size::new(3, 2).unwrap();
        let goal = Board::new(size, vec![1, 2, 3, 4, 5, 0]).unwrap();
        let options = SolveOptions {
            algorithm: Algorithm::Bfs,
            ..SolveOptions::default()
        };
        let mut input = String::new();
        let mut expected = String::new();
        for rank in 0..720 {
            let cells: Vec<u32> = unrank(rank, 6).into_iter().map(u32::from).collect();
            let _ = writeln!(
                input,
                "[[{},{},{}],[{},{},{}]]",
                cells[0], cells[1], cells[2], cells[3], cells[4], cells[5]
            );
            let s = solve(&Board::new(size, cells).unwrap(), &goal, &options).unwrap();
            match s.status {
                Status::Solved => writeln!(expected, "{}", s.moves.len()).unwrap(),
                _ => expected += "-1\n",
            }
        }
        assert_eq!(run(leetcode773, &input), (expected, None));
    }

    #[test]
    fn bad_lines_are_named_after_the_good_ones_are_answered() {
        let good = "[[1,2,3],[4,0,5]]\n";
        for (bad, message) in [
            ("[[1,2,3],[4,0,6]]", "cell 6 is not a digit 0-5"),
            ("[[1,2,3],[4,0,0]]", "0 appears twice"),
            ("[[1,2,3],[4,0,5]", "the board ends early"),
            ("[[1,2,3],[4,0,5]]]", "']' after the board"),
            ("[[1,2,3];[4,0,5]]", "';' where ',' belongs"),
            ("[[1,2,3],[4,0,56]]", "'6' where ']' belongs"),
        ] {
            let (out, e) = run(leetcode773, &format!("{good}{bad}\n{good}"));
            assert_eq!(out, "1\n");
            let e = e.unwrap();
            assert!(e.starts_with(&format!("line 2: {message} in '")), "{e}");
        }
        let long = format!("[[{}", "1".repeat(5_000_000));
        let (_, e) = run(leetcode773, &long);
        assert!(e.unwrap().len() < 200, "the message quotes no megabytes");
    }
}
