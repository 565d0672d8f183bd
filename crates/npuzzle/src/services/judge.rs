//! The classic 8-puzzle judges' input and output formats, byte for byte.
//!
//! ```
//! let mut out = Vec::new();
//! npuzzle::judge::hdu1043("2 3 4 1 5 x 7 6 8\n1 2 3 4 5 6 8 7 x\n", &mut out)?;
//! assert_eq!(String::from_utf8(out)?, "ldruullddrurdllurrd\nunsolvable\n");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! - [`p1379`] (Luogu P1379): nine digits in, the fewest moves to `123804765` out, or `-1`.
//! - [`path`]: a start and a goal (three rows each) in; the fewest moves and every state
//!   on the canonical shortest path out, or `-1`.
//! - [`hdu1043`] (HDU 1043 / POJ 1077): cases of nine tokens `1`..`8` and `x` until the
//!   end of input; for each, the blank's moves to `1 2 3 4 5 6 7 8 x`, or `unsolvable`.
//!
//! On malformed input every case before the bad one is still answered, then the error
//! names the case, the token and its line.
//!
//! Every answer comes from the 3x3 distance tables ([`crate::tables::distance_table`]): a start
//! and goal are relabeled so the goal is the standard one with the same blank cell, whose
//! table is embedded in the library. HDU 1043's many cases take a byte-level fast path
//! over precomputed move strings ([`MoveStrings`], built once per run in milliseconds).

use std::io::{self, Write};

use thiserror::Error;

use crate::puzzle::board::{moves_to_string, Board, Move, Size};
use crate::puzzle::rank::sequence_rank;
use crate::tables::distance_table::{self, Layout, MoveStrings};
use crate::util::excerpt::shortened;

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
    /// Writing the answer failed.
    #[error(transparent)]
    Io(#[from] io::Error),
}

/// A whitespace-separated token and the line it stands on.
struct Token<'a> {
    text: &'a str,
    line: usize,
}

/// The tokens of `input`, whose first line is line `first_line` of the whole input.
fn tokens(input: &str, first_line: usize) -> impl Iterator<Item = Token<'_>> {
    input.lines().enumerate().flat_map(move |(i, line)| {
        line.split_whitespace()
            .filter(|t| *t != "/")
            .map(move |text| Token {
                text,
                line: first_line + i,
            })
    })
}

/// `tokens` with every token made only of cells (`is_cell` true of each byte) split into
/// one token a cell: where every cell is one character, `123` is three cells, and
/// `23415x768` a whole board written together. Lazy: a line of fifty million digits is
/// read a cell at a time as the caller asks, never held as fifty million tokens.
fn cells_apart<'a>(
    tokens: impl Iterator<Item = Token<'a>>,
    is_cell: impl Fn(u8) -> bool,
) -> impl Iterator<Item = Token<'a>> {
    tokens.flat_map(move |token| {
        let (text, line) = (token.text, token.line);
        // One token, or one a byte (all cells are ASCII).
        let apart = text.len() > 1 && text.bytes().all(&is_cell);
        let pieces = if apart { text.len() } else { 1 };
        (0..pieces).map(move |i| Token {
            text: if apart { &text[i..=i] } else { text },
            line,
        })
    })
}

fn three_by_three() -> Size {
    Size::square(3).expect("3x3 is a valid size")
}

/// Reads one 3x3 board from nine tokens; `tile` maps a token to a tile (0 = blank).
/// Tokens are numbered in messages from `first + 1`.
fn read_board(
    case: usize,
    first: usize,
    group: &[Token],
    tile: impl Fn(&str) -> Option<u32>,
    expected: &str,
) -> Result<Board, JudgeError> {
    let cells = read_tiles(case, first, group, tile, expected)?;
    Ok(Board::new(three_by_three(), cells).expect("nine distinct tiles 0..8"))
}

/// The tiles of `group` (at most nine tokens), each checked: a token that is not a tile,
/// or a tile already seen, is an error naming it.
fn read_tiles(
    case: usize,
    first: usize,
    group: &[Token],
    tile: impl Fn(&str) -> Option<u32>,
    expected: &str,
) -> Result<Vec<u32>, JudgeError> {
    let mut cells = Vec::with_capacity(9);
    let mut seen_at = [0usize; 9];
    for (i, token) in group.iter().enumerate() {
        let i = first + i;
        let bad = |problem: String| JudgeError::BadToken {
            case,
            token: i + 1,
            text: shortened(token.text),
            line: token.line,
            problem,
        };
        let t = tile(token.text).ok_or_else(|| bad(format!("expected {expected}")))?;
        if seen_at[t as usize] != 0 {
            let name = if t == 0 {
                "the blank".to_string()
            } else {
                format!("tile {t}")
            };
            return Err(bad(format!(
                "{name} already stands at token {}",
                seen_at[t as usize]
            )));
        }
        seen_at[t as usize] = i + 1;
        cells.push(t);
    }
    Ok(cells)
}

fn digit_tile(text: &str) -> Option<u32> {
    match text.as_bytes() {
        [d @ b'0'..=b'8'] => Some(u32::from(d - b'0')),
        _ => None,
    }
}

fn x_tile(text: &str) -> Option<u32> {
    match text {
        "x" | "X" | "0" => Some(0),
        _ => digit_tile(text).filter(|&t| t != 0),
    }
}

/// The canonical shortest solution (smallest in blank order l, r, d, u), or `None`.
fn shortest(start: &Board, goal: &Board) -> Option<Vec<Move>> {
    distance_table::eight_puzzle(goal.blank()).solve(start, goal, &Move::DEFAULT_ORDER)
}

/// Luogu P1379: one line of nine digits (0 = blank); prints the fewest moves to
/// `123804765`, or `-1` when it cannot be reached.
///
/// ```
/// let mut out = Vec::new();
/// npuzzle::judge::p1379("283104765\n", &mut out).unwrap();
/// assert_eq!(out, b"4\n");
/// ```
///
/// # Errors
/// A [`JudgeError`] naming the token and line of bad input, or a failed write.
///
/// # Panics
/// Never: every 3x3 distance table is embedded.
pub fn p1379(input: &str, out: &mut impl Write) -> Result<(), JudgeError> {
    // Counted before anything is held: a line of millions of characters is refused in
    // one pass over it, with no allocation.
    let characters = input.chars().filter(|c| !c.is_whitespace()).count();
    if characters != 9 {
        return Err(JudgeError::BadCase {
            case: 1,
            problem: format!(
                "expected nine digits 0-8, found {}",
                crate::util::plural::counted(characters as u64, "character", "characters")
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
    let table = distance_table::eight_puzzle(goal.blank());
    match table.distance(&start.relabeled(&goal, &table.layout().goal())) {
        Some(distance) => writeln!(out, "{distance}")?,
        None => writeln!(out, "-1")?,
    }
    Ok(())
}

/// Start and goal, three rows of three numbers each (any layout of whitespace; digits may
/// be written together, `123` a row or `123804765` a board, as the answer writes them); prints
/// the fewest moves, then every state from start to goal inclusive as nine digits, along
/// the canonical shortest path. `-1` alone when the goal cannot be reached.
///
/// ```
/// let mut out = Vec::new();
/// npuzzle::judge::path("1 2 3\n8 0 4\n7 6 5\n2 8 3\n1 0 4\n7 6 5\n", &mut out).unwrap();
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

/// HDU 1043 / POJ 1077: cases of nine tokens (`1`..`8`, `x` for the blank) until the end
/// of input, spread over lines in any way (cells written together, `23415x768`, are one
/// token each); for each, one line with the blank's moves
/// (`u d l r`) to `1 2 3 4 5 6 7 8 x`, a shortest solution, or `unsolvable`.
///
/// ```
/// let mut out = Vec::new();
/// npuzzle::judge::hdu1043("1 2 3 4 5 6 7 x 8\n2 1 3 4 5 6 7 8 x\n", &mut out).unwrap();
/// assert_eq!(out, b"r\nunsolvable\n");
/// ```
///
/// # Errors
/// A [`JudgeError`] for the first bad case (the cases before it are answered), or a
/// failed write.
///
/// # Panics
/// Never: every 3x3 distance table is embedded.
pub fn hdu1043(input: &str, out: &mut impl Write) -> Result<(), JudgeError> {
    // Precomputing every move string costs tens of milliseconds, as much as walking the
    // table for some ten thousand cases: worth it only for large inputs.
    let answers = if input.len() >= PRECOMPUTE_FROM_BYTES {
        Answers::Strings(MoveStrings::build(
            Layout::new(three_by_three(), 8).expect("the 3x3 goal's blank is on the board"),
        ))
    } else {
        Answers::Walk(distance_table::eight_puzzle(8))
    };
    let (cases, stopped_at) = hdu1043_fast(input.as_bytes(), &answers, out)?;
    if stopped_at == input.len() {
        return Ok(());
    }
    // Something the fast path does not read (an error, a non-ASCII byte): the general
    // reader takes over at the start of that case, so messages and answers are the same.
    // Lines before the case, counted as the pieces between newlines.
    let line = input.as_bytes()[..stopped_at]
        .split(|&b| b == b'\n')
        .count();
    hdu1043_general(&input[stopped_at..], cases + 1, line, out)
}

/// Inputs of at least this many bytes (about 10,000 cases) get every move string
/// precomputed; smaller ones walk the embedded table case by case.
const PRECOMPUTE_FROM_BYTES: usize = 180_000;

/// Where HDU 1043's fast path gets its move strings.
enum Answers {
    /// All precomputed: one copy per case.
    Strings(MoveStrings),
    /// Walked down the table: a few microseconds per case, nothing up front.
    Walk(std::sync::Arc<distance_table::DistanceTable>),
}

/// Whitespace as `str::split_whitespace` sees it, for ASCII.
#[inline]
fn is_space(byte: u8) -> bool {
    matches!(byte, b' ' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c)
}

/// Answers well-formed ASCII cases of HDU 1043 straight from the bytes: no token list, no
/// board, one rank per case and a copy of its precomputed move string. Returns the
/// cases answered and the byte offset of the first case it did not answer (`input.len()`
/// when there is none); everything from there is left to [`hdu1043_general`].
fn hdu1043_fast(
    input: &[u8],
    answers: &Answers,
    out: &mut impl Write,
) -> Result<(usize, usize), JudgeError> {
    const FLUSH_AT: usize = 1 << 16;
    let layout = match answers {
        Answers::Strings(strings) => *strings.layout(),
        Answers::Walk(table) => *table.layout(),
    };
    let geometry = layout.shape();
    let mut buffer = Vec::with_capacity(FLUSH_AT + 64);
    let mut at = 0;
    // The cells not yet read of a token of several written together (`23415x768`, or
    // millions of digits): `input[glued..at]`. A case may start inside one, and the
    // general reader, started there, reads the rest of it as cells just the same.
    let mut glued = 0;
    let mut cases = 0;
    let stopped_at = 'cases: loop {
        let case_start = if glued < at { glued } else { at };
        let mut packed = 0u64;
        let mut seen = 0u32;
        let mut count = 0;
        while count < 9 {
            let cell = if glued < at {
                glued += 1;
                input[glued - 1]
            } else {
                while at < input.len() && is_space(input[at]) {
                    at += 1;
                }
                if at == input.len() {
                    break 'cases if count == 0 { at } else { case_start };
                }
                let start = at;
                while at < input.len() && !is_space(input[at]) {
                    at += 1;
                }
                glued = at;
                match &input[start..at] {
                    b"/" => continue,
                    [cell] => *cell,
                    token if token.iter().all(|&b| is_hdu1043_cell(b)) => {
                        glued = start + 1;
                        token[0]
                    }
                    _ => break 'cases case_start,
                }
            };
            let tile = match cell {
                d @ b'1'..=b'8' => u64::from(d - b'0'),
                b'x' | b'X' | b'0' => 0,
                _ => break 'cases case_start,
            };
            if seen & (1 << tile) != 0 {
                break 'cases case_start;
            }
            seen |= 1 << tile;
            packed |= tile << (4 * count);
            if tile == 0 {
                packed |= (count as u64) << 60;
            }
            count += 1;
        }
        cases += 1;
        let blank = (packed >> 60) as usize;
        let (rank, odd) = sequence_rank(packed, 9);
        if odd == geometry.odd_at(blank) {
            let index = geometry.index_of(blank, rank);
            match answers {
                Answers::Strings(strings) => buffer.extend_from_slice(strings.moves(index)),
                Answers::Walk(table) => table.walk(packed, index, Move::DEFAULT_ORDER, |mv| {
                    buffer.push(mv.letter() as u8);
                }),
            }
            buffer.push(b'\n');
        } else {
            buffer.extend_from_slice(b"unsolvable\n");
        }
        if buffer.len() >= FLUSH_AT {
            out.write_all(&buffer)?;
            buffer.clear();
        }
    };
    out.write_all(&buffer)?;
    Ok((cases, stopped_at))
}

/// HDU 1043 read token by token: `input` starts at case `first_case`, on line
/// `first_line` of the whole input.
fn hdu1043_general(
    input: &str,
    first_case: usize,
    first_line: usize,
    out: &mut impl Write,
) -> Result<(), JudgeError> {
    let goal = Board::goal(three_by_three());
    // Every cell is one character: `23415x768` is a case written together. Read a case
    // at a time, so a bad case ends the reading however much input follows.
    let mut all = cells_apart(tokens(input, first_line), is_hdu1043_cell);
    let mut group = Vec::with_capacity(9);
    for case in first_case.. {
        group.clear();
        group.extend(all.by_ref().take(9));
        if group.is_empty() {
            break;
        }
        let group = &group[..];
        if group.len() < 9 {
            // A bad token among the last ones says more than their count.
            read_tiles(case, 0, group, x_tile, "a tile 1-8 or x")?;
            return Err(JudgeError::BadCase {
                case,
                problem: format!("expected 9 tokens, the input ends after {}", group.len()),
            });
        }
        let start = read_board(case, 0, group, x_tile, "a tile 1-8 or x")?;
        match shortest(&start, &goal) {
            Some(moves) => writeln!(out, "{}", moves_to_string(&moves))?,
            None => writeln!(out, "unsolvable")?,
        }
    }
    Ok(())
}

/// Whether `byte` is one cell of HDU 1043, written with others or alone.
fn is_hdu1043_cell(byte: u8) -> bool {
    matches!(byte, b'0'..=b'8' | b'x' | b'X')
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::fmt::Write as _;

    fn run(
        f: fn(&str, &mut Vec<u8>) -> Result<(), JudgeError>,
        input: &str,
    ) -> (String, Option<String>) {
        let mut out = Vec::new();
        let err = f(input, &mut out).err().map(|e| e.to_string());
        (String::from_utf8(out).unwrap(), err)
    }

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

    #[test]
    fn hdu1043_answers_until_the_bad_case() {
        let (out, e) = run(
            hdu1043,
            "2 3 4 1 5 x 7 6 8\n1 2 3\n4 5 6\n7 8 x\n1 2 3 4 5 6 7 8 y\n",
        );
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines.len(), 2);
        assert_eq!(lines[0].len(), 19);
        assert_eq!(lines[1], "");
        assert_eq!(
            e.unwrap(),
            "case 3, token 9 ('y') on line 5: expected a tile 1-8 or x"
        );
        // Cells written together, as P1379 takes them: each character a cell.
        assert_eq!(
            run(hdu1043, "1 2 3 4 5 6 7 8 x\n23415x768\n234 15x\n768\n"),
            run(
                hdu1043,
                "1 2 3 4 5 6 7 8 x\n2 3 4 1 5 x 7 6 8\n2 3 4 1 5 x 7 6 8\n"
            )
        );
        let (out, e) = run(hdu1043, "1 2 3 4 5 6 7 8 x\n23415y768\n");
        assert_eq!(out, "\n");
        assert_eq!(
            e.unwrap(),
            "case 2, token 1 ('23415y768') on line 2: expected a tile 1-8 or x"
        );
        let (_, e) = run(hdu1043, "1 2 3 4 5 6 7 8 x\n1 2 y\n");
        assert_eq!(
            e.unwrap(),
            "case 2, token 3 ('y') on line 2: expected a tile 1-8 or x"
        );
        let (_, e) = run(hdu1043, "1 2 3 4 5");
        assert_eq!(
            e.unwrap(),
            "case 1: expected 9 tokens, the input ends after 5"
        );
    }

    #[test]
    fn hdu1043_reads_cases_written_together_on_both_paths() {
        // Three cases in one token, one split over two tokens, a '/' between rows.
        let glued = "12345678x2341x5768123456x78 1 2 3 / 4 5 6 7x8\n";
        let apart = "1 2 3 4 5 6 7 8 x\n2 3 4 1 x 5 7 6 8\n1 2 3 4 5 6 x 7 8\n\
                     1 2 3 4 5 6 7 x 8\n";
        let expected = run(hdu1043, apart);
        assert_eq!(expected.1, None);
        assert_eq!(run(hdu1043, glued), expected);
        let mut out = Vec::new();
        let walk = Answers::Walk(distance_table::eight_puzzle(8));
        assert_eq!(
            hdu1043_fast(glued.as_bytes(), &walk, &mut out).unwrap(),
            (4, glued.len()),
            "the fast path read them all"
        );
        let mut general = Vec::new();
        hdu1043_general(glued, 1, 1, &mut general).unwrap();
        assert_eq!(out, general);
        // A bad case that starts inside a token: the fast path hands over there, and the
        // message is the one the general reader gives reading from the start.
        for bad in [
            "12345678x123456781\n",
            "12345678x1234\n5678 9\n",
            "1 2 3 4 5 6 7 8 x 123456 78x0 y\n",
        ] {
            let mut general = Vec::new();
            let expected = hdu1043_general(bad, 1, 1, &mut general)
                .unwrap_err()
                .to_string();
            assert_eq!(
                run(hdu1043, bad),
                (String::from_utf8(general).unwrap(), Some(expected)),
                "{bad}"
            );
        }
    }

    #[test]
    fn a_line_of_millions_of_digits_is_refused_without_holding_a_token_each() {
        // Digits 0-9 written together: a judge reads a case's worth, or counts, and stops.
        let line: String = (0..3_000_000u32)
            .map(|i| char::from(b'0' + (i.wrapping_mul(2_654_435_761) >> 28) as u8 % 10))
            .collect();
        let (out, e) = run(p1379, &line);
        assert_eq!(out, "");
        assert_eq!(
            e.unwrap(),
            "case 1: expected nine digits 0-8, found 3000000 characters"
        );
        let (out, e) = run(path, &line);
        assert_eq!(out, "");
        assert!(e.unwrap().contains(", token "), "names the token");
        let (_, e) = run(hdu1043, &line);
        let e = e.unwrap();
        assert!(e.starts_with("case 1, token "), "{e}");
        assert!(e.len() < 200, "the message quotes no megabytes: {e}");
        // A token with a byte that is no cell is quoted short, not echoed whole.
        let (_, e) = run(hdu1043, &format!("9{line}"));
        assert!(e.unwrap().len() < 200);
    }

    /// The answer HDU 1043 expects for one case, from IDA* (the reference).
    fn reference(case: &[u32]) -> String {
        use crate::{solve, Algorithm, SolveOptions, Status};
        let start = Board::new(three_by_three(), case.to_vec()).unwrap();
        let options = SolveOptions {
            algorithm: Algorithm::Idastar,
            ..SolveOptions::default()
        };
        let s = solve(&start, &Board::goal(three_by_three()), &options).unwrap();
        match s.status {
            Status::Solved => moves_to_string(&s.moves),
            _ => "unsolvable".to_string(),
        }
    }

    #[test]
    fn hdu1043_fast_path_matches_idastar_and_the_general_reader() {
        use rand::seq::SliceRandom;
        use rand::SeedableRng;
        let mut rng = rand::rngs::StdRng::seed_from_u64(3);
        let mut input = String::new();
        let mut expected = String::new();
        for i in 0..150 {
            let mut case: Vec<u32> = (0..9).collect();
            case.shuffle(&mut rng);
            let tokens: Vec<String> = case
                .iter()
                .map(|&t| {
                    if t == 0 {
                        "x".to_string()
                    } else {
                        t.to_string()
                    }
                })
                .collect();
            // Vary the layout: one line, three rows with a '/', tabs and CRLF.
            match i % 3 {
                0 => input += &(tokens.join(" ") + "\n"),
                1 => {
                    let _ = write!(
                        input,
                        "{} /\n{}\n{}\r\n",
                        tokens[..3].join(" "),
                        tokens[3..6].join("\t"),
                        tokens[6..].join(" ")
                    );
                }
                _ => input += &(tokens.join("\t") + "\r\n"),
            }
            expected += &(reference(&case) + "\n");
        }
        assert_eq!(run(hdu1043, &input), (expected.clone(), None));
        // Walking the table and the precomputed strings (used for large inputs) agree.
        let strings = Answers::Strings(MoveStrings::build(
            Layout::new(three_by_three(), 8).unwrap(),
        ));
        let mut out = Vec::new();
        let (cases, stopped_at) = hdu1043_fast(input.as_bytes(), &strings, &mut out).unwrap();
        assert_eq!((cases, stopped_at), (150, input.len()));
        assert_eq!(String::from_utf8(out).unwrap(), expected);
        // The general reader alone gives the same answers.
        let mut out = Vec::new();
        hdu1043_general(&input, 1, 1, &mut out).unwrap();
        assert_eq!(String::from_utf8(out).unwrap(), expected);
        // A non-ASCII space hands over to the general reader mid-input; still the same.
        let cut = input.match_indices('\n').nth(100).unwrap().0 + 1;
        let unusual = input[..cut].to_string() + &input[cut..].replacen(' ', "\u{3000}", 40);
        assert_eq!(run(hdu1043, &unusual), (expected, None));
        // And an error after it names the right case and line.
        let bad = unusual + "1 2 3\n4 5 6\n7 8 8\n";
        let (_, e) = run(hdu1043, &bad);
        let lines = bad.lines().count();
        assert_eq!(
            e.unwrap(),
            format!("case 151, token 9 ('8') on line {lines}: tile 8 already stands at token 8")
        );
    }
}
