//! Reading boards and move lists from text.
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

use crate::board::{Board, Move, Size};
use thiserror::Error;

use crate::board::BoardError;

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
    /// A size was given that the rows contradict.
    #[error("the rows make a {found} board, but the size given is {given}")]
    SizeMismatch {
        /// Size given.
        given: Size,
        /// Size the text has.
        found: Size,
    },
    /// A character in a move list that names no move.
    #[error("move {index} ('{found}') is not one of u, d, l, r")]
    BadMove {
        /// 1-based position of the move.
        index: usize,
        /// The character.
        found: char,
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

/// A piece of input as an error message quotes it: itself, or its first characters and
/// an ellipsis when it is long (a message never echoes megabytes back).
pub fn shortened(token: &str) -> String {
    const KEPT: usize = 24;
    if token.chars().count() <= KEPT {
        token.to_string()
    } else {
        format!("{}…", token.chars().take(KEPT).collect::<String>())
    }
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

/// Reads a move list: letters `u d l r` (either case), whitespace and commas ignored.
///
/// ```
/// use npuzzle::{parse_moves, Move};
/// assert_eq!(parse_moves("l U").unwrap(), vec![Move::Left, Move::Up]);
/// assert!(parse_moves("lx").is_err());
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
        assert!(parse_board("1 2 3 4 5 0", Some(Size::new(2, 3).unwrap())).is_ok());
        assert!(matches!(
            parse_board("1 2 3/4 5 0", Some(Size::new(2, 3).unwrap())),
            Err(ParseError::SizeMismatch { .. })
        ));
    }
}
