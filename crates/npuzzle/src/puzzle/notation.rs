//! Reading and writing boards and move lists as text.
//!
//! ```
//! use npuzzle::{parse_board, parse_moves, Size};
//!
//! let board = parse_board("1 2 3/8 x 4/7 6 5", None)?;
//! assert_eq!(board, parse_board("123804765", None)?);
//! let wide = parse_board("1 2 3 4 5 6 7 0", Some(Size::new(4, 2)?))?;
//! assert_eq!(wide.to_string(), "1 2 3 4/5 6 7 0");
//! assert_eq!(parse_moves("ul dr")?.len(), 4);
//! let error = parse_board("1 2 3/4 5", None).unwrap_err();
//! assert_eq!(error.to_string(), "row 2 has 2 tiles but row 1 has 3");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! A board is written as rows separated by `/` (`1 2 3/8 0 4/7 6 5`), as a flat list of
//! numbers (`1 2 3 8 0 4 7 6 5`, commas allowed), or, for boards of at most 10 cells, as
//! one run of digits (`123804765`). The blank is `0`, `x` or `_`. Without a size the board
//! must be square; otherwise the size is given (`3x4` is 3 columns, 4 rows).
//!
//! Moves are written in one of two [`Notation`]s: the blank's moves (`u d l r`, the
//! library's own), or tile notation as slidy and speedcubing-style sliding-puzzle
//! solvers write it (`R2U2L`: the way each tile slides, runs counted).
//!
//! ```
//! use npuzzle::puzzle::notation::{grid, parse_board, Notation};
//!
//! let board = parse_board("1 2 3/8 0 4/7 6 5", None)?;
//! assert_eq!(board.to_string(), "1 2 3/8 0 4/7 6 5");
//! assert_eq!(grid(&board), "1 2 3\n8 _ 4\n7 6 5\n");
//! let moves = Notation::Blank.parse("uldr")?;
//! assert_eq!(Notation::Tiles.write(&moves), "DRUL");
//! # Ok::<(), npuzzle::ParseError>(())
//! ```

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use crate::puzzle::board::{moves_to_string, Board, BoardError, Move, Size, MAX_SIDE};
pub use crate::util::excerpt::shortened;

/// Text that could not be read as a board or a move list.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ParseError {
    /// A token that is neither a number nor a blank mark.
    #[error("token {index} ('{token}') is not a tile number or a blank mark (0, x, _)")]
    BadToken {
        /// 1-based position of the token.
        index: usize,
        /// The token.
        token: String,
    },
    /// Rows of unequal length in the `a b c/d e f` form.
    #[error("row {row} has {found} tiles but row 1 has {expected}")]
    RaggedRows {
        /// 1-based row.
        row: usize,
        /// Tiles in row 1.
        expected: usize,
        /// Tiles in this row.
        found: usize,
    },
    /// A token count that is not a square and no size was given.
    #[error("{0} tiles do not make a square board; give its size (columns x rows, e.g. 3x4)")]
    NotSquare(usize),
    /// Nothing to read.
    #[error("the board is empty")]
    Empty,
    /// More tiles than any board has cells (counted before any is held).
    #[error("{0} tiles are more than any board holds (at most {max})", max = MAX_SIDE * MAX_SIDE)]
    TooManyTiles(usize),
    /// A size was given that the rows contradict.
    #[error("the rows make a {found} board, but the size given is {given}")]
    SizeMismatch {
        /// Size given.
        given: Size,
        /// Size the text has.
        found: Size,
    },
    /// A character in a move list that names no move: the blank's moves are `u d l r`,
    /// lowercase only (a capital is refused, not read as the blank's move: in tile
    /// notation `R` is the blank's `l`, the opposite way).
    #[error("{}", blank_move_problem(*index, *found))]
    BadMove {
        /// 1-based position of the move.
        index: usize,
        /// The character.
        found: char,
    },
    /// A character in tile notation that names no tile move.
    #[error("{}", tile_move_problem(*index, *found))]
    BadTileMove {
        /// 1-based position of the character in the text.
        index: usize,
        /// The character.
        found: char,
    },
    /// A count in tile notation with no move letter before it.
    #[error("character {index} ('{found}'): a count must follow a move letter, as in R2")]
    StrayCount {
        /// 1-based position of the count's first digit.
        index: usize,
        /// That digit.
        found: char,
    },
    /// A run in tile notation longer than a tile can slide on any board.
    #[error(
        "character {index}: the run '{run}' is longer than any board allows (at most \
         {MAX_RUN} moves of one tile in a row)"
    )]
    LongRun {
        /// 1-based position of the run's letter.
        index: usize,
        /// The run as written.
        run: String,
    },
    /// Valid tokens that do not make a valid board.
    #[error(transparent)]
    Board(#[from] BoardError),
}

/// A name that is not one of the names known for a kind of thing (an algorithm, a
/// heuristic, a visited set).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("unknown {kind} '{given}' ({known})")]
pub struct UnknownName {
    /// What was named: `algorithm`, `heuristic`, …
    pub kind: &'static str,
    /// The name given (cut short when long).
    pub given: String,
    /// The known names, comma-separated.
    pub known: String,
}

impl UnknownName {
    /// The error for `given`, not a name of `kind`, whose names are `known`.
    pub fn new<'a>(
        kind: &'static str,
        given: &str,
        known: impl IntoIterator<Item = &'a str>,
    ) -> UnknownName {
        UnknownName {
            kind,
            given: shortened(given),
            known: known.into_iter().collect::<Vec<_>>().join(", "),
        }
    }
}

/// The value of `all` whose `name` is `given`: how every closed set of named values
/// (algorithms, heuristics, metrics, notations, visited sets) reads a name.
///
/// # Errors
/// [`UnknownName`] of `kind`, listing the names of `all`, when none is `given`.
pub fn parse_name<T: Copy>(
    kind: &'static str,
    given: &str,
    all: &[T],
    name: fn(T) -> &'static str,
) -> Result<T, UnknownName> {
    all.iter()
        .copied()
        .find(|&value| name(value) == given)
        .ok_or_else(|| UnknownName::new(kind, given, all.iter().map(|&value| name(value))))
}

fn is_separator(c: char) -> bool {
    c.is_whitespace() || c == ','
}

fn parse_token(index: usize, token: &str) -> Result<u32, ParseError> {
    match token {
        "x" | "X" | "_" => Ok(0),
        _ => token.parse::<u32>().map_err(|_| ParseError::BadToken {
            index,
            token: shortened(token),
        }),
    }
}

/// Room in [`longest_board_text`] for what a board's text holds besides its numbers and
/// their separators: brackets, indents, a byte-order mark, blank lines.
pub const BOARD_TEXT_SPACING: u64 = 1 << 16;

/// The most bytes the text of a board of up to `cells` cells can take in any notation
/// [`parse_board`] reads: every number from 0 to `cells - 1` with three bytes after it
/// (`", "`, or `/` and CR LF between rows), and [`BOARD_TEXT_SPACING`]. What a reader of
/// board text from a stream may hold: more is no board, whatever follows (8.9 MB for the
/// largest board, 1000x1000).
///
/// ```
/// use npuzzle::puzzle::notation::{longest_board_text, BOARD_TEXT_SPACING};
///
/// // 0 to 8, a digit and three bytes each.
/// assert_eq!(longest_board_text(9), 9 * 4 + BOARD_TEXT_SPACING);
/// assert_eq!(longest_board_text(1000 * 1000), 8_888_890 + BOARD_TEXT_SPACING);
/// ```
pub fn longest_board_text(cells: usize) -> u64 {
    let cells = cells as u64;
    // The numbers below `cells`, decade by decade: those of `digits` digits run from
    // `low` to `10 * low - 1`.
    let (mut total, mut low, mut digits) = (0, 0, 1);
    while low < cells {
        let high = (if low == 0 { 10 } else { low * 10 }).min(cells);
        total += (high - low) * (digits + 3);
        low = high;
        digits += 1;
    }
    total + BOARD_TEXT_SPACING
}

/// Reads a board; `size` is needed only when the tiles do not form a square.
///
/// ```
/// use npuzzle::{parse_board, Size};
/// let b = parse_board("1 2 3/8 0 4/7 6 5", None).unwrap();
/// assert_eq!(b, parse_board("123804765", None).unwrap());
/// assert_eq!(b.blank(), 4);
/// let wide = parse_board("1 2 3 4 5 x", Some(Size::new(3, 2).unwrap())).unwrap();
/// assert_eq!(wide.size(), Size::new(3, 2).unwrap());
/// ```
///
/// # Errors
/// A [`ParseError`] naming the token or row at fault, or the board error when the tiles
/// are not a permutation.
pub fn parse_board(text: &str, size: Option<Size>) -> Result<Board, ParseError> {
    let text = text.trim();
    if text.is_empty() {
        return Err(ParseError::Empty);
    }
    // Counted first: the tokens of a 50 MB line, held, would take twenty times its size.
    let count = text
        .split(|c| c == '/' || is_separator(c))
        .filter(|t| !t.is_empty())
        .count();
    if count > MAX_SIDE * MAX_SIDE {
        return Err(ParseError::TooManyTiles(count));
    }
    let rows: Vec<Vec<&str>> = text
        .split('/')
        .map(|row| row.split(is_separator).filter(|t| !t.is_empty()).collect())
        .collect();
    let mut tokens: Vec<&str> = rows.iter().flatten().copied().collect();
    let mut from_rows = None;
    if rows.len() > 1 {
        let width = rows[0].len();
        if let Some((i, row)) = rows.iter().enumerate().find(|(_, r)| r.len() != width) {
            return Err(ParseError::RaggedRows {
                row: i + 1,
                expected: width,
                found: row.len(),
            });
        }
        from_rows = Some(Size::new(width, rows.len())?);
    }
    // One run of digits: one tile per character (only unambiguous below 11 cells).
    let digits: Vec<String>;
    if tokens.len() == 1 && tokens[0].chars().count() > 1 && tokens[0].chars().count() <= 10 {
        digits = tokens[0].chars().map(String::from).collect();
        tokens = digits.iter().map(String::as_str).collect();
    }
    let cells = tokens
        .iter()
        .enumerate()
        .map(|(i, t)| parse_token(i + 1, t))
        .collect::<Result<Vec<u32>, ParseError>>()?;
    let size = match (size, from_rows) {
        (Some(given), Some(found)) if given != found => {
            return Err(ParseError::SizeMismatch { given, found })
        }
        (Some(given), _) => given,
        (None, Some(found)) => found,
        (None, None) => {
            let root = (cells.len() as f64).sqrt().round() as usize;
            if root * root != cells.len() {
                return Err(ParseError::NotSquare(cells.len()));
            }
            Size::square(root)?
        }
    };
    Ok(Board::new(size, cells)?)
}

/// Reads a move list: the blank's moves, letters `u d l r`, whitespace and commas ignored.
/// Capitals are refused: `U D L R` are tile notation ([`Notation::Tiles`]), where each
/// names the opposite of the blank's move, so reading them as the blank's would check or
/// play the wrong moves without a word.
///
/// ```
/// use npuzzle::{parse_moves, Move};
/// assert_eq!(parse_moves("l u").unwrap(), vec![Move::Left, Move::Up]);
/// assert!(parse_moves("lx").is_err());
/// let capital = parse_moves("lU").unwrap_err().to_string();
/// assert!(capital.contains("tile notation"), "{capital}");
/// ```
///
/// # Errors
/// [`ParseError::BadMove`] naming the first character that is not a move.
pub fn parse_moves(text: &str) -> Result<Vec<Move>, ParseError> {
    text.chars()
        .filter(|&c| !is_separator(c))
        .enumerate()
        .map(|(i, c)| {
            Move::from_letter(c).ok_or(ParseError::BadMove {
                index: i + 1,
                found: c,
            })
        })
        .collect()
}

/// How a list of moves is written.
///
/// - [`Notation::Blank`]: one letter a move naming the **blank's** motion, `u d l r`
///   (lowercase only), as [`parse_moves`] reads it: the library's own notation.
/// - [`Notation::Tiles`]: as slidy and speedcubing-style sliding-puzzle solvers write
///   moves: a capital letter names the way the moved **tile** slides, and a run of one
///   letter is written once with its count (`R2U2L` is `R R U U L`; `R0` is no move).
///   Whitespace and commas between moves are ignored.
///
/// A tile slides into the blank, so each tile move is the opposite of the blank's:
///
/// | tile | blank | the tile that slides |
/// |---|---|---|
/// | `U` | `d` | the one below the blank, up |
/// | `D` | `u` | the one above the blank, down |
/// | `L` | `r` | the one right of the blank, left |
/// | `R` | `l` | the one left of the blank, right |
///
/// ```
/// use npuzzle::puzzle::notation::{parse_board, Notation};
///
/// let blank = Notation::Blank.parse("llddr")?;
/// assert_eq!(Notation::Tiles.write(&blank), "R2U2L");
/// assert_eq!(Notation::Tiles.parse("R2U2L")?, blank);
///
/// // The example in slidy's crate documentation: this board, these moves, solved.
/// let mut board = parse_board("8 2 0/4 6 1/3 7 5", None)?;
/// board.apply_all(&Notation::Tiles.parse("R2U2LDLDRURDLULDRULURDLU")?).unwrap();
/// assert_eq!(board, parse_board("1 2 3/4 5 6/7 8 0", None)?);
/// # Ok::<(), npuzzle::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Notation {
    /// The blank's moves, `u d l r`.
    #[default]
    Blank,
    /// The tiles' moves, `U D L R`, runs counted.
    Tiles,
}

impl Notation {
    /// Both notations.
    pub const ALL: [Notation; 2] = [Notation::Blank, Notation::Tiles];

    /// The name used on the command line and in the Python package.
    pub fn name(self) -> &'static str {
        match self {
            Notation::Blank => "blank",
            Notation::Tiles => "tiles",
        }
    }

    /// `moves` written in this notation, as [`Notation::parse`] reads it back (a tile
    /// run longer than [`MAX_RUN`] is written as several runs).
    pub fn write(self, moves: &[Move]) -> String {
        match self {
            Notation::Blank => moves_to_string(moves),
            Notation::Tiles => {
                let mut out = String::with_capacity(moves.len());
                // A run longer than the reader takes (`MAX_RUN`) is written as several:
                // 1000 moves one way are `R999R`, read back as the same 1000.
                for run in moves
                    .chunk_by(|a, b| a == b)
                    .flat_map(|run| run.chunks(MAX_RUN))
                {
                    out.push(run[0].tile_letter());
                    if run.len() > 1 {
                        out.push_str(&run.len().to_string());
                    }
                }
                out
            }
        }
    }

    /// Reads moves written in this notation, as the blank's moves.
    ///
    /// # Errors
    /// A [`ParseError`] naming the first character that is not a move in this notation,
    /// with its place.
    pub fn parse(self, text: &str) -> Result<Vec<Move>, ParseError> {
        match self {
            Notation::Blank => parse_moves(text),
            Notation::Tiles => parse_tile_moves(text),
        }
    }
}

impl fmt::Display for Notation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Notation {
    type Err = UnknownName;
    fn from_str(s: &str) -> Result<Notation, UnknownName> {
        parse_name("notation", s, &Notation::ALL, Notation::name)
    }
}

/// The longest run of one tile move: a tile slides at most across the widest board.
pub const MAX_RUN: usize = MAX_SIDE - 1;

/// What is wrong with `found`, move `index` of the blank's moves.
fn blank_move_problem(index: usize, found: char) -> String {
    match Move::from_tile_letter(found) {
        Some(mv) => format!(
            "move {index} ('{found}') is not one of u, d, l, r: a capital is tile \
             notation, where '{found}' is the blank's '{}', the opposite way",
            mv.letter()
        ),
        None => format!("move {index} ('{found}') is not one of u, d, l, r"),
    }
}

/// What is wrong with `found`, character `index` of tile notation.
fn tile_move_problem(index: usize, found: char) -> String {
    if Move::from_letter(found).is_some() {
        format!(
            "character {index} ('{found}') is not a tile move: tile notation writes U, D, L, R \
             in capitals (lowercase u d l r name the blank's moves)"
        )
    } else {
        format!(
            "character {index} ('{found}') is not a tile move (U, D, L or R, each optionally \
             followed by a count)"
        )
    }
}

/// Reads tile notation (see [`Notation::Tiles`]) as the blank's moves.
fn parse_tile_moves(text: &str) -> Result<Vec<Move>, ParseError> {
    let mut moves = Vec::new();
    // Positions are 1-based characters, as an editor counts them.
    let mut chars = text.chars().zip(1..).peekable();
    while let Some((c, index)) = chars.next() {
        if is_separator(c) {
            continue;
        }
        let Some(mv) = Move::from_tile_letter(c) else {
            return Err(if c.is_ascii_digit() {
                ParseError::StrayCount { index, found: c }
            } else {
                ParseError::BadTileMove { index, found: c }
            });
        };
        let mut digits = String::new();
        while let Some(&(d, _)) = chars.peek().filter(|(d, _)| d.is_ascii_digit()) {
            digits.push(d);
            chars.next();
        }
        let run = if digits.is_empty() {
            1
        } else {
            match digits.parse::<usize>() {
                Ok(n) if n <= MAX_RUN => n,
                _ => {
                    return Err(ParseError::LongRun {
                        index,
                        run: shortened(&format!("{c}{digits}")),
                    })
                }
            }
        };
        moves.extend(std::iter::repeat_n(mv, run));
    }
    Ok(moves)
}

/// The board drawn as rows of numbers, right-aligned in columns, the blank as `_`, one
/// line a row.
///
/// ```
/// let board = npuzzle::parse_board("1 2 3 4/5 6 7 8/9 10 11 12/13 14 15 0", None).unwrap();
/// assert_eq!(
///     npuzzle::puzzle::notation::grid(&board),
///     " 1  2  3  4\n 5  6  7  8\n 9 10 11 12\n13 14 15  _\n"
/// );
/// ```
pub fn grid(board: &Board) -> String {
    let width = board
        .cells()
        .iter()
        .max()
        .map_or(1, |m| m.to_string().len());
    let mut out = String::new();
    for row in board.cells().chunks(board.size().width()) {
        let cells: Vec<String> = row
            .iter()
            .map(|&t| {
                if t == 0 {
                    format!("{:>width$}", "_")
                } else {
                    format!("{t:>width$}")
                }
            })
            .collect();
        out.push_str(&cells.join(" "));
        out.push('\n');
    }
    out
}

/// The longest piece of input [`quoted`] gives back whole; a 6 MB board is not.
pub const QUOTED: usize = 60;

/// `text` as an error message quotes it: trimmed, and cut short (saying how long it
/// was) when longer than [`QUOTED`] characters.
///
/// ```
/// use npuzzle::puzzle::notation::quoted;
/// assert_eq!(quoted(" 1 2 3 "), "1 2 3");
/// assert!(quoted(&"7 ".repeat(100)).ends_with("… (199 characters)"));
/// ```
pub fn quoted(text: &str) -> String {
    let text = text.trim();
    if text.chars().count() <= QUOTED {
        text.to_string()
    } else {
        let head: String = text.chars().take(QUOTED).collect();
        format!("{head}… ({} characters)", text.chars().count())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn all_forms_agree() {
        let a = parse_board("1 2 3/8 0 4/7 6 5", None).unwrap();
        for text in [
            "1 2 3 8 0 4 7 6 5",
            "123804765",
            "1,2,3,8,x,4,7,6,5",
            " 1 2 3 / 8 _ 4 / 7 6 5 \n",
        ] {
            assert_eq!(parse_board(text, None).unwrap(), a, "{text}");
        }
        assert_eq!(a.to_string(), "1 2 3/8 0 4/7 6 5");
    }

    #[test]
    fn errors_name_the_place() {
        assert_eq!(
            parse_board("1 2 3 8 0 4 7 y 5", None),
            Err(ParseError::BadToken {
                index: 8,
                token: "y".into()
            })
        );
        assert_eq!(
            parse_board("1 2 3 4 5 0", None),
            Err(ParseError::NotSquare(6))
        );
        assert!(matches!(
            parse_board("1 2/3", None),
            Err(ParseError::RaggedRows { row: 2, .. })
        ));
        assert!(matches!(
            parse_board("1 2 3 8 0 4 7 6 6", None),
            Err(ParseError::Board(BoardError::RepeatedTile {
                tile: 6,
                first: 7,
                second: 8
            }))
        ));
        assert_eq!(parse_board("   ", None), Err(ParseError::Empty));
        let cells = MAX_SIDE * MAX_SIDE;
        assert_eq!(
            parse_board(&"1 ".repeat(cells + 1), None),
            Err(ParseError::TooManyTiles(cells + 1))
        );
        assert_eq!(
            parse_board(&"1/".repeat(cells + 1), Some(Size::new(2, 2).unwrap())),
            Err(ParseError::TooManyTiles(cells + 1))
        );
        assert!(parse_board("1 2 3 4 5 0", Some(Size::new(2, 3).unwrap())).is_ok());
        assert!(matches!(
            parse_board("1 2 3/4 5 0", Some(Size::new(2, 3).unwrap())),
            Err(ParseError::SizeMismatch { .. })
        ));
    }
}
