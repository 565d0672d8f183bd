//! Error types of the library. Each message says what was wrong and where.

use thiserror::Error;

use crate::board::Size;

/// A board that is not a valid arrangement of tiles.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum BoardError {
    /// A side outside the supported range.
    #[error("board size {width}x{height} is not supported (each side must be from {min} to {max})", min = crate::board::MIN_SIDE, max = crate::board::MAX_SIDE)]
    BadSize {
        /// Requested width.
        width: usize,
        /// Requested height.
        height: usize,
    },
    /// A size string that is not `WxH`.
    #[error("'{0}' is not a board size; write it as WxH, e.g. 3x4")]
    BadSizeText(String),
    /// The number of cells given does not fit the size.
    #[error("a {size} board has {expected} cells, but {found} were given")]
    WrongCount {
        /// The board's size.
        size: Size,
        /// Cells the size needs.
        expected: usize,
        /// Cells given.
        found: usize,
    },
    /// A tile number too large for the board.
    #[error("tile {tile} in cell {cell} is out of range for a {size} board (tiles are 1..{max}, blank 0)", max = size.cells() - 1)]
    TileOutOfRange {
        /// The tile.
        tile: u32,
        /// Where it stands.
        cell: usize,
        /// The board's size.
        size: Size,
    },
    /// A tile (or the blank, tile 0) given twice.
    #[error("{} appears twice, in cells {first} and {second}", tile_name(*tile))]
    RepeatedTile {
        /// The tile.
        tile: u32,
        /// Its first cell.
        first: usize,
        /// Its second cell.
        second: usize,
    },
}

fn tile_name(tile: u32) -> String {
    if tile == 0 {
        "the blank".to_string()
    } else {
        format!("tile {tile}")
    }
}

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
    #[error("{0} tiles do not make a square board; give the size (e.g. --size 3x4)")]
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

/// A request the solver cannot take.
#[derive(Debug, Clone, PartialEq, Error)]
pub enum SolveError {
    /// Start and goal of different sizes.
    #[error("the start is {start} but the goal is {goal}")]
    SizeMismatch {
        /// Start's size.
        start: Size,
        /// Goal's size.
        goal: Size,
    },
    /// A heuristic weight below 1 (or not a number).
    #[error("weight {0} is not allowed: it must be a number of at least 1")]
    BadWeight(f64),
    /// A board too large for the chosen algorithm.
    #[error("{algorithm} cannot search a {size} board ({cells} cells; at most {max})")]
    TooLarge {
        /// The algorithm.
        algorithm: String,
        /// The board's size.
        size: Size,
        /// Its cells.
        cells: usize,
        /// The limit.
        max: usize,
    },
    /// A distance table was asked for but could not be had.
    #[error("distance table: {0}")]
    Table(String),
    /// A combination of options the solver does not offer.
    #[error("{0}")]
    Unsupported(String),
}
