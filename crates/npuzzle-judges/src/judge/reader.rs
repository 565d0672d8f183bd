//! What every judge reads with: whitespace-separated tokens with their lines, cells written
//! together split one a token, checked 3x3 boards, the count of cases a first line
//! announces, and a byte-level reader of 3x3 boards for inputs of millions of cases.

use npuzzle::puzzle::board::{Board, Size};
use npuzzle::puzzle::rank::nibbles::BLANK_SHIFT;
use npuzzle::util::excerpt::shortened;
use npuzzle::util::plural::counted;

use super::JudgeError;

/// A whitespace-separated token and the line it stands on.
pub(super) struct Token<'a> {
    pub text: &'a str,
    pub line: usize,
}

/// The tokens of `input`, whose first line is line `first_line` of the whole input; a
/// `/` between rows is no token.
pub(super) fn tokens(input: &str, first_line: usize) -> impl Iterator<Item = Token<'_>> {
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
pub(super) fn cells_apart<'a>(
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

pub(super) fn three_by_three() -> Size {
    Size::square(3).expect("3x3 is a valid size")
}

/// Reads one 3x3 board from nine tokens; `tile` maps a token to a tile (0 = blank).
/// Tokens are numbered in messages from `first + 1`.
pub(super) fn read_board(
    case: usize,
    first: usize,
    group: &[Token],
    tile: impl Fn(&str) -> Option<u32>,
    expected: &str,
) -> Result<Board, JudgeError> {
    read_board_of(three_by_three(), case, first, group, tile, expected)
}

/// [`read_board`] for boards of `size` (as many tokens as it has cells).
pub(super) fn read_board_of(
    size: Size,
    case: usize,
    first: usize,
    group: &[Token],
    tile: impl Fn(&str) -> Option<u32>,
    expected: &str,
) -> Result<Board, JudgeError> {
    let cells = read_tiles(case, first, group, tile, expected)?;
    Ok(Board::new(size, cells).expect("as many distinct tiles as cells, from 0"))
}

/// The tiles of `group`, each checked: a token that is not a tile, or a tile already
/// seen, is an error naming it. `tile` answers only tiles below the group's length.
pub(super) fn read_tiles(
    case: usize,
    first: usize,
    group: &[Token],
    tile: impl Fn(&str) -> Option<u32>,
    expected: &str,
) -> Result<Vec<u32>, JudgeError> {
    let mut cells = Vec::with_capacity(group.len());
    let mut seen_at = [0usize; 32];
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

pub(super) fn digit_tile(text: &str) -> Option<u32> {
    match text.as_bytes() {
        [d @ b'0'..=b'8'] => Some(u32::from(d - b'0')),
        _ => None,
    }
}

/// A 3x3 cell as the `x` judges write it: `1`..`8`, and the blank `x`, `X` or `0`.
pub(super) fn x_tile(text: &str) -> Option<u32> {
    match text {
        "x" | "X" | "0" => Some(0),
        _ => digit_tile(text).filter(|&t| t != 0),
    }
}

/// Whether `byte` is one 3x3 cell as [`x_tile`] reads it, written with others or alone.
pub(super) fn is_eight_cell(byte: u8) -> bool {
    matches!(byte, b'0'..=b'8' | b'x' | b'X')
}

/// Whitespace as `str::split_whitespace` sees it, for ASCII.
#[inline]
pub(super) fn is_space(byte: u8) -> bool {
    matches!(byte, b' ' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c)
}

/// The 1-based line of the byte at `offset`.
pub(super) fn line_at(input: &str, offset: usize) -> usize {
    input.as_bytes()[..offset].split(|&b| b == b'\n').count()
}

/// The first character of `input` other than whitespace that `is_cell` refuses: its
/// 1-based number among those characters, itself and its line. For the judges that read
/// a board a character a cell, so that a wrong character is named before the count of
/// characters is (`abc` is three characters that are no digits, not "3 characters").
pub(super) fn first_bad_character(
    input: &str,
    is_cell: impl Fn(char) -> bool,
) -> Option<(usize, char, usize)> {
    let mut line = 1;
    let mut number = 0;
    for c in input.chars() {
        if c == '\n' {
            line += 1;
        }
        if c.is_whitespace() {
            continue;
        }
        number += 1;
        if !is_cell(c) {
            return Some((number, c, line));
        }
    }
    None
}

/// The count a first token announces, and where the input after it starts.
pub(super) struct CaseCount {
    /// The number announced.
    pub announced: usize,
    /// The byte offset just after it.
    pub rest: usize,
    /// The line `rest` is on.
    pub line: usize,
}

/// Reads the first token of `input` as the count of `what` (`cases`, `puzzles`, `edges`).
pub(super) fn read_count(input: &str, what: &str) -> Result<CaseCount, JudgeError> {
    let start = input.len() - input.trim_start().len();
    let line = line_at(input, start);
    let Some(text) = input[start..].split_whitespace().next() else {
        return Err(JudgeError::BadLine {
            line,
            problem: format!("expected the number of {what}, the input is empty"),
        });
    };
    let announced = text.parse::<usize>().map_err(|_| JudgeError::BadLine {
        line,
        problem: format!("expected the number of {what}, found '{}'", shortened(text)),
    })?;
    Ok(CaseCount {
        announced,
        rest: start + text.len(),
        line,
    })
}

/// The first token left in `all`, if any, as the error of a stray after the `announced`
/// cases of the first line.
pub(super) fn no_stray<'a>(
    mut all: impl Iterator<Item = Token<'a>>,
    announced: usize,
) -> Result<(), JudgeError> {
    match all.next() {
        None => Ok(()),
        Some(stray) => Err(JudgeError::BadLine {
            line: stray.line,
            problem: format!(
                "stray '{}' after the {} the first line announces",
                shortened(stray.text),
                counted(announced as u64, "case", "cases")
            ),
        }),
    }
}

/// The error of input that ends inside `case` of `announced`, after `read` tokens of
/// the `per_case` it needs.
pub(super) fn ended_early(
    case: usize,
    announced: usize,
    read: usize,
    per_case: usize,
) -> JudgeError {
    let error = JudgeError::BadCase {
        case,
        problem: if read == 0 {
            format!(
                "the first line announces {announced}, the input ends after {}",
                case - 1
            )
        } else {
            format!("expected {per_case} tokens, the input ends after {read}")
        },
    };
    error.ended()
}

/// What [`FastCells::board`] found.
pub(super) enum Read {
    /// A board packed as the distance tables pack them: four bits a cell, the blank's
    /// cell in the top four bits.
    Board(u64),
    /// The end of the input, before any cell of a board.
    End,
    /// Something this reader leaves to the token reader: a cell that is no 3x3 cell, a
    /// tile seen twice, a non-ASCII byte, an input that ends inside a board.
    Unusual,
}

/// Reads 3x3 boards of `1`..`8` and `x`, `X` or `0` straight from bytes, as [`x_tile`]
/// and [`cells_apart`] read them: no token list, no board, a packed `u64` each. For the
/// judges that answer millions of cases; anything unusual is left to the token reader,
/// from where the board started, so messages and answers are the same.
pub(super) struct FastCells<'a> {
    input: &'a [u8],
    at: usize,
    /// The cells not yet read of a token of several written together (`23415x768`, or
    /// millions of digits): `input[glued..at]`. A board may start inside one, and the
    /// token reader, started there, reads the rest of it as cells just the same.
    glued: usize,
}

impl<'a> FastCells<'a> {
    /// Reads `input` from byte `at` on.
    pub(super) fn new(input: &'a [u8], at: usize) -> FastCells<'a> {
        FastCells {
            input,
            at,
            glued: at,
        }
    }

    /// Where the next board starts (where the token reader would take over).
    pub(super) fn position(&self) -> usize {
        if self.glued < self.at {
            self.glued
        } else {
            self.at
        }
    }

    /// Whether only ASCII whitespace is left.
    pub(super) fn at_end(&self) -> bool {
        self.input[self.position()..].iter().all(|&b| is_space(b))
    }

    /// The next board.
    #[inline]
    pub(super) fn board(&mut self) -> Read {
        let input = self.input;
        let mut packed = 0u64;
        let mut seen = 0u32;
        let mut count = 0;
        while count < 9 {
            let cell = if self.glued < self.at {
                self.glued += 1;
                input[self.glued - 1]
            } else {
                while self.at < input.len() && is_space(input[self.at]) {
                    self.at += 1;
                }
                if self.at == input.len() {
                    return if count == 0 { Read::End } else { Read::Unusual };
                }
                let start = self.at;
                while self.at < input.len() && !is_space(input[self.at]) {
                    self.at += 1;
                }
                self.glued = self.at;
                match &input[start..self.at] {
                    b"/" => continue,
                    [cell] => *cell,
                    token if token.iter().all(|&b| is_eight_cell(b)) => {
                        self.glued = start + 1;
                        token[0]
                    }
                    _ => return Read::Unusual,
                }
            };
            let tile = match cell {
                d @ b'1'..=b'8' => u64::from(d - b'0'),
                b'x' | b'X' | b'0' => 0,
                _ => return Read::Unusual,
            };
            if seen & (1 << tile) != 0 {
                return Read::Unusual;
            }
            seen |= 1 << tile;
            packed |= tile << (4 * count);
            if tile == 0 {
                packed |= (count as u64) << 60;
            }
            count += 1;
        }
        Read::Board(packed)
    }
}

/// Appends `n` in decimal.
pub(super) fn push_number(buffer: &mut Vec<u8>, mut n: usize) {
    let mut digits = [0u8; 20];
    let mut i = digits.len();
    loop {
        i -= 1;
        digits[i] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    buffer.extend_from_slice(&digits[i..]);
}

/// Reads one board written as JSON after `template` (`[[#,#,#],[#,#,#]]`, a `#` a cell,
/// whitespace anywhere), each of the digits `0`..`n-1` once for `n` cells: the board
/// packed as [`FastCells`] packs it (four bits a cell, the blank's cell on top), or what
/// is wrong with it, quoting the line shortened and `example`. No allocation on good
/// input: the judges that read it answer millions of lines.
pub(super) fn json_board(line: &str, template: &[u8], example: &str) -> Result<u64, String> {
    let cells = template.split(|&b| b == b'#').count() - 1;
    let last = b'0' + (cells as u8 - 1);
    let bad = |why: String| {
        format!(
            "{why} in '{}'; expected a board as {example}, each of 0-{} once",
            shortened(line.trim()),
            char::from(last)
        )
    };
    let (mut at, mut cell) = (0, 0u64);
    let (mut packed, mut seen) = (0u64, 0u16);
    for byte in line.bytes().filter(|b| !b.is_ascii_whitespace()) {
        let Some(&want) = template.get(at) else {
            return Err(bad(format!("'{}' after the board", char::from(byte))));
        };
        if want == b'#' {
            if !(b'0'..=last).contains(&byte) {
                return Err(bad(format!(
                    "cell {} is not a digit 0-{}",
                    cell + 1,
                    char::from(last)
                )));
            }
            let tile = byte - b'0';
            if seen & (1 << tile) != 0 {
                return Err(bad(format!("{tile} appears twice")));
            }
            seen |= 1 << tile;
            packed |= u64::from(tile) << (4 * cell);
            if tile == 0 {
                packed |= cell << BLANK_SHIFT;
            }
            cell += 1;
        } else if byte != want {
            return Err(bad(format!(
                "'{}' where '{}' belongs",
                char::from(byte),
                char::from(want)
            )));
        }
        at += 1;
    }
    if at < template.len() {
        return Err(bad("the board ends early".into()));
    }
    Ok(packed)
}

/// The cells of an input that holds one case of `per_case` tokens (a judge that starts
/// the program once a case): each checked by `tile`, a token after them refused as a
/// stray, too few said after any bad one among them.
pub(super) fn one_case(
    input: &str,
    per_case: usize,
    tile: impl Fn(&str) -> Option<u32>,
    expected: &str,
) -> Result<Vec<u32>, JudgeError> {
    // One token past the case is read, to refuse it: never the rest of a huge input.
    let all: Vec<Token> = tokens(input, 1).take(per_case + 1).collect();
    if let Some(stray) = all.get(per_case) {
        return Err(JudgeError::BadToken {
            case: 1,
            token: per_case + 1,
            text: shortened(stray.text),
            line: stray.line,
            problem: "stray token after the case (the judge gives one)".into(),
        });
    }
    let cells = read_tiles(1, 0, &all, tile, expected)?;
    if cells.is_empty() {
        return Err(empty_input(per_case));
    }
    if cells.len() < per_case {
        return Err(ended_early(1, 1, cells.len(), per_case));
    }
    Ok(cells)
}

/// The error of an empty input to a judge that reads one case of `per_case` cells and
/// no count line: what is missing, not what a count announced.
pub(super) fn empty_input(per_case: usize) -> JudgeError {
    JudgeError::BadCase {
        case: 1,
        problem: format!("the input is empty: the judge reads one board of {per_case} cells"),
    }
}
