//! Compact board arrangements used as search nodes: a board packed into one `u64` (four
//! bits a cell) for up to 16 cells, and a byte a cell beyond. Both hash and compare fast
//! and carry no size; the size travels with the search.
//!
//! ```
//! use npuzzle::puzzle::state::{Packed, SearchState, Wide};
//! use npuzzle::{parse_board, Board};
//!
//! let board = parse_board("1 2 3/4 5 6/7 0 8", None)?;
//! let packed = Packed::from_board(&board);
//! assert_eq!(packed.blank(9), 7);
//! let slid = packed.slide(7, 8); // tile 8 slides left into the blank
//! assert_eq!(slid, Packed::from_board(&Board::goal(board.size())));
//! assert_eq!(Wide::from_board(&board).blank(9), 7);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::hash::Hash;

use crate::puzzle::board::Board;
use crate::puzzle::rank;

/// Boards of at most this many cells pack into a [`Packed`] state.
pub const PACKED_CELLS: usize = 16;
/// Boards of at most this many cells can be searched ([`Wide`] holds a tile in a byte).
pub const MAX_SEARCH_CELLS: usize = 256;
/// The most cells a board searched by the fast IDA* may have (8×8; its cell
/// sets are `u64`s). Re-exported as [`crate::fast_idastar::MAX_FAST_CELLS`].
pub const MAX_FAST_CELLS: usize = 64;

/// An arrangement of tiles as a search node.
pub trait SearchState: Clone + Eq + Hash {
    /// The board's arrangement (the board must fit this representation).
    fn from_board(board: &Board) -> Self;
    /// Calls `f` with the tiles cell by cell, `0` for the blank.
    fn with_cells<R>(&self, cells: usize, f: impl FnOnce(&[u8]) -> R) -> R;
    /// The blank's cell.
    fn blank(&self, cells: usize) -> usize;
    /// The arrangement after the tile in `from` slides into the blank at `blank`.
    #[must_use]
    fn slide(&self, blank: usize, from: usize) -> Self;
    /// The heap bytes one state of a board of `cells` cells owns (0 when it is held
    /// inline).
    fn heap_bytes(cells: usize) -> usize;
    /// The lexicographic rank of the arrangement as a permutation (at most 20 cells).
    fn rank(&self, cells: usize) -> u64 {
        self.with_cells(cells, rank::rank)
    }
}

/// Up to 16 cells, four bits each, cell 0 in the lowest bits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Packed(pub u64);

impl SearchState for Packed {
    fn heap_bytes(_cells: usize) -> usize {
        0
    }

    fn from_board(board: &Board) -> Packed {
        debug_assert!(board.cells().len() <= PACKED_CELLS);
        Packed(
            board
                .cells()
                .iter()
                .enumerate()
                .fold(0, |acc, (cell, &t)| acc | (u64::from(t) << (4 * cell))),
        )
    }

    fn with_cells<R>(&self, cells: usize, f: impl FnOnce(&[u8]) -> R) -> R {
        let mut out = [0u8; PACKED_CELLS];
        for (cell, slot) in out.iter_mut().enumerate().take(cells) {
            *slot = ((self.0 >> (4 * cell)) & 15) as u8;
        }
        f(&out[..cells])
    }

    #[inline]
    fn blank(&self, cells: usize) -> usize {
        // A nibble is zero when none of its four bits is set.
        let x = self.0;
        let any = x | (x >> 1) | (x >> 2) | (x >> 3);
        let mut zero_nibbles = !any & 0x1111_1111_1111_1111;
        if cells < PACKED_CELLS {
            zero_nibbles &= (1u64 << (4 * cells)) - 1;
        }
        (zero_nibbles.trailing_zeros() / 4) as usize
    }

    #[inline]
    fn slide(&self, blank: usize, from: usize) -> Packed {
        let tile = (self.0 >> (4 * from)) & 15;
        Packed((self.0 & !(15 << (4 * from))) | (tile << (4 * blank)))
    }
}

/// Up to 256 cells, a byte each.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Wide(pub Box<[u8]>);

impl SearchState for Wide {
    fn heap_bytes(cells: usize) -> usize {
        crate::util::memory::heap_block(cells)
    }

    fn from_board(board: &Board) -> Wide {
        debug_assert!(board.cells().len() <= MAX_SEARCH_CELLS);
        Wide(board.cells().iter().map(|&t| t as u8).collect())
    }

    fn with_cells<R>(&self, _cells: usize, f: impl FnOnce(&[u8]) -> R) -> R {
        f(&self.0)
    }

    fn blank(&self, _cells: usize) -> usize {
        self.0
            .iter()
            .position(|&t| t == 0)
            .expect("a board has a blank")
    }

    fn slide(&self, blank: usize, from: usize) -> Wide {
        let mut next = self.0.clone();
        next.swap(blank, from);
        Wide(next)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::board::{Move, Size};

    #[test]
    fn packed_and_wide_agree_with_board() {
        for (w, h) in [(2, 2), (3, 3), (4, 4), (3, 2)] {
            let size = Size::new(w, h).unwrap();
            let n = size.cells();
            let mut board = Board::goal(size);
            for mv in [Move::Up, Move::Left, Move::Up, Move::Right, Move::Down] {
                let before = board.clone();
                if !board.apply(mv) {
                    continue;
                }
                let p = Packed::from_board(&before);
                let q = p.slide(before.blank(), board.blank());
                assert_eq!(p.blank(n), before.blank());
                assert_eq!(q, Packed::from_board(&board));
                q.with_cells(n, |c| {
                    assert!(c
                        .iter()
                        .map(|&t| u32::from(t))
                        .eq(board.cells().iter().copied()));
                });
                let wide = Wide::from_board(&before).slide(before.blank(), board.blank());
                assert_eq!(wide, Wide::from_board(&board));
                assert_eq!(wide.blank(n), board.blank());
                assert_eq!(wide.rank(n), q.rank(n));
            }
        }
    }
}
