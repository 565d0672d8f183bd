//! The board, its size, and the moves of the blank.
//!
//! ```
//! use npuzzle::{Board, Move, Size};
//!
//! let size = Size::new(3, 2)?; // 3 columns, 2 rows
//! let mut board = Board::new(size, vec![1, 2, 3, 4, 0, 5])?;
//! assert_eq!(board.blank(), 4);
//! assert!(board.apply(Move::Right)); // the blank moves right: tile 5 slides left
//! assert_eq!(board, Board::goal(size));
//! assert_eq!(board.to_string(), "1 2 3/4 5 0");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Cells are numbered row-major from 0. The blank is tile `0`; tiles are `1..cells`.
//! Moves are named for the direction the **blank** travels.

use std::fmt;

use thiserror::Error;

/// A board that is not a valid arrangement of tiles.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum BoardError {
    /// A side outside the supported range.
    #[error("board size {width}x{height} is not supported (each side must be from {min} to {max})", min = MIN_SIDE, max = MAX_SIDE)]
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
    #[error("a {size} board has {expected} cells, but {} given", crate::util::plural::counted(*found as u64, "was", "were"))]
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

/// The smallest side a board may have.
pub const MIN_SIDE: usize = 2;
/// The largest side a board may have (constructive solving is linear in cells per tile placed).
pub const MAX_SIDE: usize = 1000;

/// The dimensions of a board: `width` columns and `height` rows, written `WxH`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Size {
    width: usize,
    height: usize,
}

impl Size {
    /// A size after checking both sides are within [`MIN_SIDE`]..=[`MAX_SIDE`].
    ///
    /// # Errors
    /// [`BoardError::BadSize`] when a side is outside `MIN_SIDE..=MAX_SIDE`.
    pub fn new(width: usize, height: usize) -> Result<Size, BoardError> {
        for side in [width, height] {
            if !(MIN_SIDE..=MAX_SIDE).contains(&side) {
                return Err(BoardError::BadSize { width, height });
            }
        }
        Ok(Size { width, height })
    }

    /// Number of columns.
    pub fn width(self) -> usize {
        self.width
    }

    /// Number of rows.
    pub fn height(self) -> usize {
        self.height
    }

    /// A square `side x side` size.
    ///
    /// # Errors
    /// [`BoardError::BadSize`] when the side is outside `MIN_SIDE..=MAX_SIDE`.
    pub fn square(side: usize) -> Result<Size, BoardError> {
        Size::new(side, side)
    }

    /// Number of cells, `width * height`.
    pub fn cells(self) -> usize {
        self.width * self.height
    }

    /// Row and column of `cell`.
    pub fn row_col(self, cell: usize) -> (usize, usize) {
        (cell / self.width, cell % self.width)
    }

    /// The cell the blank reaches from `cell` by moving `mv`, if it stays on the board.
    #[inline]
    pub fn step(self, cell: usize, mv: Move) -> Option<usize> {
        let (row, col) = self.row_col(cell);
        match mv {
            Move::Left if col > 0 => Some(cell - 1),
            Move::Right if col + 1 < self.width => Some(cell + 1),
            Move::Up if row > 0 => Some(cell - self.width),
            Move::Down if row + 1 < self.height => Some(cell + self.width),
            _ => None,
        }
    }

    /// Manhattan distance between two cells.
    pub fn cell_distance(self, a: usize, b: usize) -> usize {
        let (ra, ca) = self.row_col(a);
        let (rb, cb) = self.row_col(b);
        ra.abs_diff(rb) + ca.abs_diff(cb)
    }
}

impl fmt::Display for Size {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.width, self.height)
    }
}

impl std::str::FromStr for Size {
    type Err = BoardError;

    /// Parses `WxH` (also `W×H`, `W*H`) or a single side `N` for a square.
    fn from_str(text: &str) -> Result<Size, BoardError> {
        let bad = || BoardError::BadSizeText(text.to_string());
        let text_trim = text.trim();
        let parts: Vec<&str> = text_trim.split(['x', 'X', '×', '*']).collect();
        let number = |s: &str| s.trim().parse::<usize>().map_err(|_| bad());
        match parts.as_slice() {
            [side] => Size::square(number(side)?),
            [w, h] => Size::new(number(w)?, number(h)?),
            _ => Err(bad()),
        }
    }
}

/// A move of the blank, one cell in a direction.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Move {
    /// Blank moves up (the tile above slides down).
    Up,
    /// Blank moves down.
    Down,
    /// Blank moves left.
    Left,
    /// Blank moves right.
    Right,
}

impl Move {
    /// The four moves, in the default order l r d u (the order of
    /// [`crate::puzzle::move_order::MoveOrder::DEFAULT`]).
    pub const ALL: [Move; 4] = [Move::Left, Move::Right, Move::Down, Move::Up];

    /// The move that undoes this one.
    #[inline]
    #[must_use]
    pub fn inverse(self) -> Move {
        match self {
            Move::Up => Move::Down,
            Move::Down => Move::Up,
            Move::Left => Move::Right,
            Move::Right => Move::Left,
        }
    }

    /// The lowercase letter naming this blank move: `u d l r`.
    pub fn letter(self) -> char {
        match self {
            Move::Up => 'u',
            Move::Down => 'd',
            Move::Left => 'l',
            Move::Right => 'r',
        }
    }

    /// The blank's move named by a lowercase letter, `u d l r`. Capitals name none: in
    /// tile notation they name the opposite move ([`Move::from_tile_letter`]).
    pub fn from_letter(letter: char) -> Option<Move> {
        match letter {
            'u' => Some(Move::Up),
            'd' => Some(Move::Down),
            'l' => Some(Move::Left),
            'r' => Some(Move::Right),
            _ => None,
        }
    }

    /// The capital letter naming this move in tile notation: the way the tile that
    /// slides into the blank moves, the opposite of the blank (`u` is `D`, `d` is `U`,
    /// `l` is `R`, `r` is `L`; see [`crate::puzzle::notation::Notation::Tiles`]).
    pub fn tile_letter(self) -> char {
        match self {
            Move::Up => 'D',
            Move::Down => 'U',
            Move::Left => 'R',
            Move::Right => 'L',
        }
    }

    /// The blank move a tile-notation letter names: capitals only, since lowercase
    /// `u d l r` name the blank's own moves.
    pub fn from_tile_letter(letter: char) -> Option<Move> {
        match letter {
            'D' => Some(Move::Up),
            'U' => Some(Move::Down),
            'R' => Some(Move::Left),
            'L' => Some(Move::Right),
            _ => None,
        }
    }

    /// The blank move between two adjacent cells, if they are adjacent.
    pub fn between(size: Size, from: usize, to: usize) -> Option<Move> {
        Move::ALL
            .into_iter()
            .find(|&mv| size.step(from, mv) == Some(to))
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// Writes moves as a string of `u d l r` letters.
pub fn moves_to_string(moves: &[Move]) -> String {
    moves.iter().map(|m| m.letter()).collect()
}

/// An arrangement of tiles on a board. Always a valid permutation with exactly one blank.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Board {
    size: Size,
    cells: Vec<u32>,
    blank: usize,
}

impl Board {
    /// A board from its cells, row-major, `0` for the blank; checks that every tile
    /// `0..cells` appears exactly once.
    ///
    /// # Errors
    /// When the cells are not a permutation of `0..size.cells()`: the wrong count, a tile
    /// out of range, or a tile given twice.
    pub fn new(size: Size, cells: Vec<u32>) -> Result<Board, BoardError> {
        let n = size.cells();
        if cells.len() != n {
            return Err(BoardError::WrongCount {
                size,
                expected: n,
                found: cells.len(),
            });
        }
        let mut seen_at = vec![usize::MAX; n];
        for (cell, &tile) in cells.iter().enumerate() {
            let t = tile as usize;
            if t >= n {
                return Err(BoardError::TileOutOfRange { tile, cell, size });
            }
            if seen_at[t] != usize::MAX {
                return Err(BoardError::RepeatedTile {
                    tile,
                    first: seen_at[t],
                    second: cell,
                });
            }
            seen_at[t] = cell;
        }
        let blank = seen_at[0];
        Ok(Board { size, cells, blank })
    }

    /// The standard goal: tiles `1..n` in row-major order, blank in the last cell.
    pub fn goal(size: Size) -> Board {
        let n = size.cells();
        let cells = (1..n as u32).chain(std::iter::once(0)).collect();
        Board {
            size,
            cells,
            blank: n - 1,
        }
    }

    /// The goal with the blank first: `0 1 2 … n-1` (the goal of Korf's instances).
    pub fn blank_first_goal(size: Size) -> Board {
        let cells = (0..size.cells() as u32).collect();
        Board {
            size,
            cells,
            blank: 0,
        }
    }

    /// The board's size.
    pub fn size(&self) -> Size {
        self.size
    }

    /// The tiles, row-major, `0` for the blank.
    pub fn cells(&self) -> &[u32] {
        &self.cells
    }

    /// The cell holding the blank.
    pub fn blank(&self) -> usize {
        self.blank
    }

    /// The tile in `cell` (`0` for the blank).
    pub fn tile_at(&self, cell: usize) -> u32 {
        self.cells[cell]
    }

    /// Moves the blank; returns `false` (board unchanged) if the move leaves the board.
    pub fn apply(&mut self, mv: Move) -> bool {
        match self.size.step(self.blank, mv) {
            Some(to) => {
                self.cells.swap(self.blank, to);
                self.blank = to;
                true
            }
            None => false,
        }
    }

    /// The board after a move, or `None` if the move leaves the board.
    pub fn moved(&self, mv: Move) -> Option<Board> {
        let mut next = self.clone();
        next.apply(mv).then_some(next)
    }

    /// Applies moves in order; on an illegal move returns its index and leaves the board
    /// as it was before that move.
    ///
    /// # Errors
    /// The index of the first move that would take the blank off the board; the moves
    /// before it are applied.
    pub fn apply_all(&mut self, moves: &[Move]) -> Result<(), usize> {
        for (index, &mv) in moves.iter().enumerate() {
            if !self.apply(mv) {
                return Err(index);
            }
        }
        Ok(())
    }

    /// Every board from this one along `moves`: this one first, then the board after
    /// each move (`moves.len() + 1` boards).
    ///
    /// # Errors
    /// The index of the first move that would take the blank off the board.
    pub fn boards_along(&self, moves: &[Move]) -> Result<Vec<Board>, usize> {
        let mut board = self.clone();
        let mut boards = Vec::with_capacity(moves.len() + 1);
        boards.push(board.clone());
        for (index, &mv) in moves.iter().enumerate() {
            if !board.apply(mv) {
                return Err(index);
            }
            boards.push(board.clone());
        }
        Ok(boards)
    }

    /// The cell of every tile: `positions()[tile] == cell`.
    pub fn positions(&self) -> Vec<usize> {
        let mut pos = vec![0; self.cells.len()];
        for (cell, &tile) in self.cells.iter().enumerate() {
            pos[tile as usize] = cell;
        }
        pos
    }

    /// Renames tiles so that `goal` becomes `target_goal`: the board that stands to
    /// `target_goal` as `self` stands to `goal`. Both goals must have this board's size.
    /// Tile names do not change how the blank moves, so distances and moves are kept.
    ///
    /// # Panics
    /// When the three boards do not share one size, or `goal` and `target_goal` have their
    /// blanks in different cells.
    #[must_use]
    pub fn relabeled(&self, goal: &Board, target_goal: &Board) -> Board {
        let mut rename = vec![0u32; self.cells.len()];
        for (cell, &tile) in goal.cells.iter().enumerate() {
            rename[tile as usize] = target_goal.cells[cell];
        }
        let cells: Vec<u32> = self.cells.iter().map(|&t| rename[t as usize]).collect();
        Board::new(self.size, cells).expect("renaming by a bijection keeps a permutation")
    }

    /// The board as a string of digits, one per cell, when every tile is below 10
    /// (the 8-puzzle judges' format, e.g. `123804765`).
    pub fn to_digits(&self) -> Option<String> {
        self.cells
            .iter()
            .map(|&t| char::from_digit(t, 10))
            .collect()
    }
}

impl fmt::Display for Board {
    /// Rows separated by ` / `... written compactly as `1 2 3/8 0 4/7 6 5`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (cell, tile) in self.cells.iter().enumerate() {
            if cell > 0 {
                f.write_str(if cell % self.size.width() == 0 {
                    "/"
                } else {
                    " "
                })?;
            }
            write!(f, "{tile}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn size_parses_and_rejects() {
        assert_eq!("3x4".parse::<Size>().unwrap(), Size::new(3, 4).unwrap());
        assert_eq!("4".parse::<Size>().unwrap(), Size::square(4).unwrap());
        assert!("1x4".parse::<Size>().is_err());
        assert!("3x".parse::<Size>().is_err());
        assert!("axb".parse::<Size>().is_err());
    }

    #[test]
    fn moves_stay_on_board() {
        let size = Size::new(3, 2).unwrap();
        assert_eq!(size.step(0, Move::Left), None);
        assert_eq!(size.step(0, Move::Up), None);
        assert_eq!(size.step(0, Move::Right), Some(1));
        assert_eq!(size.step(0, Move::Down), Some(3));
        assert_eq!(size.step(5, Move::Right), None);
        assert_eq!(size.step(5, Move::Down), None);
        assert_eq!(size.step(2, Move::Right), None);
    }

    #[test]
    fn board_checks_permutation() {
        let s = Size::square(2).unwrap();
        assert!(Board::new(s, vec![1, 2, 3, 0]).is_ok());
        assert!(matches!(
            Board::new(s, vec![1, 2, 2, 0]),
            Err(BoardError::RepeatedTile { .. })
        ));
        assert!(matches!(
            Board::new(s, vec![1, 2, 4, 0]),
            Err(BoardError::TileOutOfRange { .. })
        ));
        assert!(matches!(
            Board::new(s, vec![1, 2, 0]),
            Err(BoardError::WrongCount { .. })
        ));
    }

    #[test]
    fn apply_and_display() {
        let mut b = Board::goal(Size::square(3).unwrap());
        assert_eq!(b.to_string(), "1 2 3/4 5 6/7 8 0");
        assert!(b.apply(Move::Left));
        assert!(b.apply(Move::Up));
        assert!(!b.moved(Move::Up).unwrap().apply(Move::Up));
        assert_eq!(b.to_digits().unwrap(), "123406758");
        assert_eq!(b.apply_all(&[Move::Down, Move::Down]), Err(1));
    }
}
