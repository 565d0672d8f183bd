//! The symmetries of a board: the mirrors and turns that map its grid onto itself, and
//! what each does to a board and to a move. Distances are kept: a board and its mirror
//! image lie as far from their goals, by the mirrored moves.
//!
//! ```
//! use npuzzle::puzzle::symmetry::Symmetry;
//! use npuzzle::{parse_board, Move, Size};
//!
//! let size = Size::square(3)?;
//! let turned = Symmetry::all(size)
//!     .into_iter()
//!     .find(|s| s.name() == "turned 180°")
//!     .expect("a square has eight symmetries");
//! let board = parse_board("1 2 3/4 5 6/7 8 0", None)?;
//! assert_eq!(turned.board(&board).to_string(), "0 8 7/6 5 4/3 2 1");
//! // What was the blank's move left is, on the turned board, a move right.
//! assert_eq!(turned.mv(Move::Left), Move::Right);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::puzzle::board::{Board, Move, Size};

/// A symmetry of a grid: an optional transposition (square boards only), then mirrors
/// top to bottom and left to right.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Symmetry {
    transpose: bool,
    flip_rows: bool,
    flip_cols: bool,
}

impl Symmetry {
    /// The board as it is.
    pub const IDENTITY: Symmetry = Symmetry {
        transpose: false,
        flip_rows: false,
        flip_cols: false,
    };

    /// Every symmetry of a board of `size`, the identity first: eight on a square, four
    /// (the mirrors and the half turn) on other rectangles.
    pub fn all(size: Size) -> Vec<Symmetry> {
        let transposes: &[bool] = if size.width() == size.height() {
            &[false, true]
        } else {
            &[false]
        };
        let mut all = Vec::with_capacity(8);
        for &transpose in transposes {
            for flip_rows in [false, true] {
                for flip_cols in [false, true] {
                    all.push(Symmetry {
                        transpose,
                        flip_rows,
                        flip_cols,
                    });
                }
            }
        }
        all
    }

    /// Where `cell` of a board of `size` goes.
    pub fn cell(self, size: Size, cell: usize) -> usize {
        let (row, col) = size.row_col(cell);
        let (mut row, mut col) = if self.transpose {
            (col, row)
        } else {
            (row, col)
        };
        // Transposed only where square: the sides are the same either way.
        if self.flip_rows {
            row = size.height() - 1 - row;
        }
        if self.flip_cols {
            col = size.width() - 1 - col;
        }
        row * size.width() + col
    }

    /// What a move of the blank becomes on the mapped board.
    pub fn mv(self, mv: Move) -> Move {
        let vertical = matches!(mv, Move::Up | Move::Down);
        let forward = matches!(mv, Move::Down | Move::Right);
        let vertical = vertical != self.transpose;
        let flipped = if vertical {
            self.flip_rows
        } else {
            self.flip_cols
        };
        match (vertical, forward != flipped) {
            (true, true) => Move::Down,
            (true, false) => Move::Up,
            (false, true) => Move::Right,
            (false, false) => Move::Left,
        }
    }

    /// The symmetry that undoes this one.
    #[must_use]
    pub fn inverse(self) -> Symmetry {
        // Mirroring after a transposition is transposing after the other mirror.
        if self.transpose {
            Symmetry {
                transpose: true,
                flip_rows: self.flip_cols,
                flip_cols: self.flip_rows,
            }
        } else {
            self
        }
    }

    /// The board with every tile moved to its mapped cell.
    ///
    /// # Panics
    /// When the symmetry transposes and the board is not square.
    pub fn board(self, board: &Board) -> Board {
        let size = board.size();
        assert!(
            !self.transpose || size.width() == size.height(),
            "only a square board is transposed"
        );
        let mut cells = vec![0; size.cells()];
        for (cell, &tile) in board.cells().iter().enumerate() {
            cells[self.cell(size, cell)] = tile;
        }
        Board::new(size, cells).expect("moving cells keeps a permutation")
    }

    /// How the symmetry is named in reports.
    pub fn name(self) -> &'static str {
        match (self.transpose, self.flip_rows, self.flip_cols) {
            (false, false, false) => "as it is",
            (false, true, false) => "mirrored top to bottom",
            (false, false, true) => "mirrored left to right",
            (false, true, true) => "turned 180°",
            (true, false, false) => "mirrored about the diagonal",
            (true, true, false) => "turned 90° anticlockwise",
            (true, false, true) => "turned 90° clockwise",
            (true, true, true) => "mirrored about the other diagonal",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::random::random_walk;
    use proptest::prelude::*;
    use rand::SeedableRng;

    #[test]
    fn each_symmetry_is_undone_by_its_inverse_and_the_sets_have_their_sizes() {
        for (w, h) in [(3, 3), (4, 4), (3, 5), (2, 4)] {
            let size = Size::new(w, h).unwrap();
            let all = Symmetry::all(size);
            assert_eq!(all.len(), if w == h { 8 } else { 4 });
            assert_eq!(all[0], Symmetry::IDENTITY);
            let board = Board::goal(size);
            let images: std::collections::HashSet<Board> =
                all.iter().map(|s| s.board(&board)).collect();
            assert_eq!(images.len(), all.len(), "{size}: the images differ");
            for s in all {
                assert_eq!(s.inverse().board(&s.board(&board)), board, "{s:?}");
                for mv in Move::ALL {
                    assert_eq!(s.inverse().mv(s.mv(mv)), mv);
                }
            }
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]
        /// A move and its image agree: moving then mapping is mapping then moving the
        /// mapped move, legal or not alike.
        #[test]
        fn mapped_moves_follow_the_mapped_board(
            seed in any::<u64>(), steps in 0usize..30, side in 2usize..6, tall in 0usize..3
        ) {
            let size = Size::new(side, side + tall).unwrap();
            let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
            let board = random_walk(&Board::goal(size), steps, &mut rng);
            for s in Symmetry::all(size) {
                let image = s.board(&board);
                for mv in Move::ALL {
                    let moved = board.moved(mv).map(|b| s.board(&b));
                    prop_assert_eq!(moved, image.moved(s.mv(mv)));
                }
            }
        }
    }
}
