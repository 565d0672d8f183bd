//! POJ 2893 "M × N Puzzle": boards of up to 999 x 999 cells until `0 0`; whether each
//! can reach `1 2 … MN-1 0`, by parity alone, read at the speed of the bytes.

use std::io::Write;

use npuzzle::util::excerpt::shortened;

use super::case_text::{board_rows, boards};
use super::reader::is_space;
use super::{CaseKind, Instance, Judge, JudgeError};

/// The most rows or columns the problem gives.
const MOST_SIDE: usize = 999;

/// The most bytes a case takes written with one separator between tokens (each counted
/// as CR LF): `999 999`, then the numbers 0 to 998000 of the largest board.
pub(super) const LONGEST_CASE: usize = {
    let cells = MOST_SIDE * MOST_SIDE;
    // The digits of 0..cells, a power of ten at a time.
    let (mut digits, mut low, mut width) = (0, 0, 1);
    while low < cells {
        let high = if low == 0 { 10 } else { low * 10 };
        let high = if high < cells { high } else { cells };
        digits += (high - low) * width;
        low = high;
        width += 1;
    }
    2 * (3 + 2) + digits + 2 * cells
};

/// POJ 2893: cases of a line `M N` (rows and columns, 2 to 999 each) and `M` lines of
/// `N` numbers, `0` the blank and `1`..`MN-1` the tiles each once (any layout of
/// whitespace), ending with `0 0`; for each, `YES` when the board can reach the goal
/// (the tiles in order, the blank last) and `NO` otherwise. The input may also end
/// without the `0 0`.
///
/// The board can reach the goal exactly when the parity of the permutation taking the
/// goal to it (the blank counted as a tile) equals the parity of the blank's distance
/// from the bottom-right cell: every move is one transposition and one blank step. That
/// is the inversion-count rule (with the blank's row for even widths) in one rule, and
/// the parity is counted by the permutation's cycles, O(cells), where inversions take
/// O(cells log cells).
///
/// ```
/// let mut out = Vec::new();
/// let input = "3 3\n1 0 3\n4 2 5\n7 8 6\n4 3\n1 2 5\n4 6 9\n11 8 10\n3 7 0\n0 0\n";
/// npuzzle_judges::judge::poj2893(input, &mut out)?;
/// assert_eq!(String::from_utf8(out)?, "YES\nNO\n");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// A [`JudgeError`] naming the case, token and line of the first bad case (the cases
/// before it are answered), or a failed write.
///
/// # Panics
/// Never: what is allocated is bounded by 999 x 999 cells, however big the input.
pub fn poj2893(input: &str, out: &mut impl Write) -> Result<(), JudgeError> {
    const FLUSH_AT: usize = 1 << 14;
    let mut reader = Numbers {
        input: input.as_bytes(),
        at: 0,
        line: 1,
    };
    let mut buffer = Vec::with_capacity(FLUSH_AT + 8);
    // Kept between cases: a run of many boards allocates once, for the largest.
    let mut board = Board::default();
    let mut case = 0;
    let result = loop {
        case += 1;
        let Some(rows) = reader.token() else {
            break Ok(());
        };
        let side = |token: &Number, index: usize, what: &str| match token.value {
            Some(n) if (2..=MOST_SIDE as u64).contains(&n) => Ok(n as usize),
            _ => Err(JudgeError::BadToken {
                case,
                token: index,
                text: shortened(token.text(input)),
                line: token.line,
                problem: format!("expected {what}, 2-999 (or 0 0 to end)"),
            }),
        };
        // M is checked before N is looked for: `abc` alone is no number, not an input
        // that ends early.
        if rows.value != Some(0) {
            if let Err(e) = side(&rows, 1, "M, the rows") {
                break Err(e);
            }
        }
        let Some(columns) = reader.token() else {
            break Err(JudgeError::BadCase {
                case,
                problem: format!(
                    "the input ends after M ('{}'), before N",
                    shortened(rows.text(input))
                ),
            }
            .ended());
        };
        if rows.value == Some(0) && columns.value == Some(0) {
            break match reader.token() {
                None => Ok(()),
                Some(stray) => Err(JudgeError::BadLine {
                    line: stray.line,
                    problem: format!(
                        "stray '{}' after the closing 0 0",
                        shortened(stray.text(input))
                    ),
                }),
            };
        }
        let (m, n) = match (
            side(&rows, 1, "M, the rows"),
            side(&columns, 2, "N, the columns"),
        ) {
            (Ok(m), Ok(n)) => (m, n),
            (Err(e), _) | (_, Err(e)) => break Err(e),
        };
        if let Err(e) = board.read(&mut reader, input, case, m, n) {
            break Err(e);
        }
        buffer.extend_from_slice(if board.solvable(m, n) {
            b"YES\n"
        } else {
            b"NO\n"
        });
        if buffer.len() >= FLUSH_AT {
            out.write_all(&buffer)?;
            buffer.clear();
        }
    };
    out.write_all(&buffer)?;
    result
}

/// A whitespace-separated token: where it is, and its value when it is a number that
/// fits.
struct Number {
    start: usize,
    end: usize,
    line: usize,
    value: Option<u64>,
}

impl Number {
    fn text<'a>(&self, input: &'a str) -> &'a str {
        &input[self.start..self.end]
    }
}

/// Tokens read straight from the bytes, with their lines: no string a token.
struct Numbers<'a> {
    input: &'a [u8],
    at: usize,
    line: usize,
}

impl Numbers<'_> {
    /// The next token, or `None` at the end of the input.
    #[inline]
    fn token(&mut self) -> Option<Number> {
        let input = self.input;
        while self.at < input.len() && is_space(input[self.at]) {
            if input[self.at] == b'\n' {
                self.line += 1;
            }
            self.at += 1;
        }
        if self.at == input.len() {
            return None;
        }
        let start = self.at;
        let mut value = Some(0u64);
        while self.at < input.len() && !is_space(input[self.at]) {
            let byte = input[self.at];
            value = match value {
                Some(v) if byte.is_ascii_digit() && v < 1 << 32 => {
                    Some(v * 10 + u64::from(byte - b'0'))
                }
                _ => None,
            };
            self.at += 1;
        }
        Some(Number {
            start,
            end: self.at,
            line: self.line,
            value,
        })
    }
}

/// One case's board, its buffers kept for the next.
#[derive(Default)]
struct Board {
    /// The tile on each cell, row by row.
    tiles: Vec<u32>,
    /// The 1-based token that placed each tile (0: none yet), to name a repeat.
    placed_by: Vec<u32>,
}

impl Board {
    /// Reads the `m x n` cells of case `case` (their tokens numbered from 3, after M and
    /// N).
    fn read(
        &mut self,
        reader: &mut Numbers,
        input: &str,
        case: usize,
        m: usize,
        n: usize,
    ) -> Result<(), JudgeError> {
        let cells = m * n;
        self.tiles.clear();
        self.placed_by.clear();
        self.placed_by.resize(cells, 0);
        for cell in 0..cells {
            let token = cell + 3;
            let Some(number) = reader.token() else {
                return Err(JudgeError::BadCase {
                    case,
                    problem: format!(
                        "expected {cells} numbers for {m} x {n} cells, the input ends after {cell}"
                    ),
                }
                .ended());
            };
            let bad = |problem: String| JudgeError::BadToken {
                case,
                token,
                text: shortened(number.text(input)),
                line: number.line,
                problem,
            };
            let tile = match number.value {
                Some(t) if t < cells as u64 => t as usize,
                _ => return Err(bad(format!("expected a number 0-{}", cells - 1))),
            };
            if self.placed_by[tile] != 0 {
                let name = if tile == 0 {
                    "the blank".to_string()
                } else {
                    format!("tile {tile}")
                };
                return Err(bad(format!(
                    "{name} already stands at token {}",
                    self.placed_by[tile]
                )));
            }
            self.placed_by[tile] = token as u32;
            self.tiles.push(tile as u32);
        }
        Ok(())
    }

    /// Whether the board just read reaches the goal: the permutation's parity (cells
    /// less cycles) against the blank's distance from the last cell. The tiles are
    /// marked on the way: the board is read again before it is asked again.
    fn solvable(&mut self, m: usize, n: usize) -> bool {
        // A cell counted is marked in its tile's top bit (tiles are below 2^20): the walk
        // jumps at random over the board, and one array misses the cache half as often
        // as two.
        const COUNTED: u32 = 1 << 31;
        let cells = m * n;
        // Where each tile stands in the goal: tile t on cell t - 1, the blank last.
        let home = |tile: u32| (tile as usize + cells - 1) % cells;
        let mut cycles = 0;
        for first in 0..cells {
            if self.tiles[first] & COUNTED != 0 {
                continue;
            }
            cycles += 1;
            let mut cell = first;
            while self.tiles[cell] & COUNTED == 0 {
                let tile = self.tiles[cell];
                self.tiles[cell] = tile | COUNTED;
                cell = home(tile);
            }
        }
        let blank = (self.placed_by[0] as usize) - 3;
        let distance = (m - 1 - blank / n) + (n - 1 - blank % n);
        (cells - cycles) % 2 == distance % 2
    }
}

/// POJ 2893: boards of many shapes until `0 0`; whether each is solvable.
#[derive(Clone, Copy, Debug)]
pub struct Poj2893;

impl Judge for Poj2893 {
    fn name(&self) -> &'static str {
        "poj2893"
    }

    fn source(&self) -> &'static str {
        "POJ 2893 M × N Puzzle (poj.org/problem?id=2893)"
    }

    fn summary(&self) -> &'static str {
        "cases M N and M rows of N numbers, up to 999x999, until 0 0; YES or NO, solvable"
    }

    fn answer(&self, input: &str, mut out: &mut dyn Write) -> Result<(), JudgeError> {
        poj2893(input, &mut out)
    }

    /// Its own shape.
    fn goal_a_case(&self) -> bool {
        true
    }

    fn case_kind(&self) -> CaseKind {
        CaseKind::Shapes
    }

    fn is_answer_line(&self, line: &str) -> bool {
        line == "YES" || line == "NO"
    }

    /// `M N`, then the rows.
    fn case_text(&self, instance: &Instance) -> String {
        let start = boards(instance).0;
        let size = start.size();
        format!(
            "{} {}\n{}",
            size.height(),
            size.width(),
            board_rows(start, "0")
        )
    }

    fn input(&self, cases: &[String]) -> String {
        cases.concat() + "0 0\n"
    }

    fn longest_case(&self) -> usize {
        LONGEST_CASE
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::judge::tests::run;
    use npuzzle::puzzle::board::{Board as Puzzle, Size};
    use npuzzle::puzzle::random::random_board;
    use npuzzle::puzzle::solvability::{is_solvable, swap_parity};
    use rand::{Rng, SeedableRng};
    use std::fmt::Write as _;

    const SAMPLE: &str = "3 3\n1 0 3\n4 2 5\n7 8 6\n4 3\n1 2 5\n4 6 9\n11 8 10\n3 7 0\n0 0\n";

    #[test]
    fn the_problems_sample() {
        assert_eq!(run(poj2893, SAMPLE), ("YES\nNO\n".into(), None));
        // The closing 0 0 may be missing.
        assert_eq!(
            run(poj2893, &SAMPLE[..SAMPLE.len() - 4]),
            ("YES\nNO\n".into(), None)
        );
        assert_eq!(run(poj2893, ""), (String::new(), None));
    }

    /// The textbook rule, independently: inversions among the tiles by a Fenwick tree,
    /// plus, for even widths, the blank's row counted from the bottom.
    fn by_inversions(m: usize, n: usize, tiles: &[u32]) -> bool {
        let cells = m * n;
        let mut tree = vec![0u64; cells + 1];
        let mut inversions = 0u64;
        for (seen, &t) in tiles.iter().filter(|&&t| t != 0).enumerate() {
            let mut i = t as usize;
            let mut below = 0;
            while i > 0 {
                below += tree[i];
                i &= i - 1;
            }
            inversions += seen as u64 - below;
            let mut i = t as usize;
            while i <= cells {
                tree[i] += 1;
                i += i & i.wrapping_neg();
            }
        }
        let blank = tiles.iter().position(|&t| t == 0).unwrap();
        let rows_up = m - 1 - blank / n;
        if n % 2 == 1 {
            inversions % 2 == 0
        } else {
            (inversions + rows_up as u64) % 2 == 0
        }
    }

    /// Hundreds of random boards of every shape from 2x2 to 9x9 and some tall, wide and
    /// big ones, half of them unreachable, against the library's parity test and the
    /// textbook's inversion rule, all in one input.
    #[test]
    fn agrees_with_the_library_and_the_inversion_rule() {
        let mut rng = rand::rngs::StdRng::seed_from_u64(2893);
        let mut shapes: Vec<(usize, usize)> = Vec::new();
        for m in 2..=9 {
            for n in 2..=9 {
                shapes.extend([(m, n); 6]);
            }
        }
        shapes.extend([(2, 999), (999, 2), (40, 61), (64, 64), (300, 301)]);
        let (mut input, mut expected) = (String::new(), String::new());
        let mut answers = (0, 0);
        for &(m, n) in &shapes {
            let size = Size::new(n, m).unwrap();
            let goal = Puzzle::goal(size);
            let mut board = random_board(&goal, &mut rng);
            if rng.gen() {
                board = swap_parity(&board);
            }
            let _ = writeln!(input, "{m} {n}");
            for row in board.cells().chunks(n) {
                let row: Vec<String> = row.iter().map(u32::to_string).collect();
                let _ = writeln!(input, "{}", row.join(" "));
            }
            let yes = is_solvable(&board, &goal);
            assert_eq!(yes, by_inversions(m, n, board.cells()), "{m}x{n}");
            expected += if yes { "YES\n" } else { "NO\n" };
            if yes {
                answers.0 += 1;
            } else {
                answers.1 += 1;
            }
        }
        input += "0 0\n";
        assert!(answers.0 > 100 && answers.1 > 100, "{answers:?}");
        assert_eq!(run(poj2893, &input), (expected, None));
    }

    #[test]
    fn bad_cases_are_named_after_the_good_ones_are_answered() {
        let first = "3 3\n1 0 3\n4 2 5\n7 8 6\n";
        for (bad, message) in [
            (
                "1 3\n0 1 2\n",
                "case 2, token 1 ('1') on line 5: expected M, the rows, 2-999",
            ),
            (
                "3 1000\n",
                "case 2, token 2 ('1000') on line 5: expected N, the columns, 2-999",
            ),
            ("2 x\n", "case 2, token 2 ('x') on line 5: expected N"),
            (
                "2 2\n0 1\n2 4\n",
                "case 2, token 6 ('4') on line 7: expected a number 0-3",
            ),
            (
                "2 2\n0 1\n2 1\n",
                "case 2, token 6 ('1') on line 7: tile 1 already stands at token 4",
            ),
            (
                "2 2\n0 1\n2 0\n",
                "case 2, token 6 ('0') on line 7: the blank already stands at token 3",
            ),
            (
                "2 2\n0 1\n2\n",
                "case 2: expected 4 numbers for 2 x 2 cells, the input ends after 3",
            ),
            ("2\n", "case 2: the input ends after M ('2'), before N"),
            ("0 0\n5\n", "line 6: stray '5' after the closing 0 0"),
            (
                "99999999999999999999 2\n",
                "case 2, token 1 ('99999999999999999999')",
            ),
        ] {
            let (out, e) = run(poj2893, &format!("{first}{bad}"));
            assert_eq!(out, "YES\n", "{bad}");
            let e = e.unwrap();
            assert!(e.starts_with(message), "{e}");
        }
    }
}
