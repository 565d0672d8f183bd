//! The rank of a whole board and its working, as taught: the Lehmer code (the Cantor
//! expansion) of the cells read row by row, the blank as `0`, with each cell's digit
//! (how many smaller values follow it) and weight ((n−1−i)!). Ranks are `u128`, so boards
//! of up to [`MAX_BOARD_RANKED`] cells (34! < 2^128 < 35!) have one; larger boards are
//! refused with a [`RankError`] rather than ranked in arbitrary precision, because no
//! board the crate searches optimally has more than 25 cells and a rank is only worth
//! having as an index.
//!
//! ```
//! use npuzzle::puzzle::rank::{unrank_board, BoardRank};
//! use npuzzle::{parse_board, Size};
//!
//! let board = parse_board("1 2 3 4 5 0", Some(Size::new(3, 2)?))?;
//! let working = BoardRank::of(&board)?;
//! assert_eq!(working.digits, vec![1, 1, 1, 1, 1, 0]); // one smaller value (the blank) after each tile
//! assert_eq!(working.rank, 120 + 24 + 6 + 2 + 1);
//! assert_eq!(working.cantor(), working.rank + 1); // the 1-based count textbooks give
//! assert_eq!(unrank_board(working.rank, board.size())?, board);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use thiserror::Error;

use crate::puzzle::board::{Board, Size};

/// The most cells a board may have to be ranked here: 34! < 2^128 < 35!.
pub const MAX_BOARD_RANKED: usize = 34;

/// `FACTORIALS_WIDE[k] == k!` for `k <= 34`.
const FACTORIALS_WIDE: [u128; MAX_BOARD_RANKED + 1] = {
    let mut table = [1u128; MAX_BOARD_RANKED + 1];
    let mut k = 1;
    while k <= MAX_BOARD_RANKED {
        table[k] = table[k - 1] * k as u128;
        k += 1;
    }
    table
};

/// `n!` as a `u128`, or `None` past [`MAX_BOARD_RANKED`].
pub fn factorial_wide(n: usize) -> Option<u128> {
    FACTORIALS_WIDE.get(n).copied()
}

/// Why a board or a rank was refused.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum RankError {
    /// The board has more cells than a `u128` rank can number.
    #[error(
        "a {size} board has {cells} cells; ranks are numbered up to {MAX_BOARD_RANKED} cells \
         (34! < 2^128 < 35!)"
    )]
    TooManyCells {
        /// The board size.
        size: Size,
        /// Its cells.
        cells: usize,
    },
    /// The rank is not below `cells!`.
    #[error(
        "rank {rank} is out of range for a {size} board: ranks run from 0 to {last} ({cells}! − 1)"
    )]
    OutOfRange {
        /// The rank asked for.
        rank: u128,
        /// The board size.
        size: Size,
        /// Its cells.
        cells: usize,
        /// The largest rank: `cells! − 1`.
        last: u128,
    },
}

/// A board's rank with its working: `rank == Σ digits[i] · weights[i]`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BoardRank {
    /// The cells read row by row, the blank as `0`.
    pub cells: Vec<u32>,
    /// Each cell's Lehmer digit: how many smaller values follow it.
    pub digits: Vec<u32>,
    /// Each cell's weight: `(n − 1 − i)!`.
    pub weights: Vec<u128>,
    /// The 0-based lexicographic rank among all `n!` arrangements.
    pub rank: u128,
}

impl BoardRank {
    /// The rank of `board` and its working.
    ///
    /// # Errors
    /// [`RankError::TooManyCells`] past [`MAX_BOARD_RANKED`] cells.
    pub fn of(board: &Board) -> Result<BoardRank, RankError> {
        let size = board.size();
        let n = checked_cells(size)?;
        let cells = board.cells().to_vec();
        let digits: Vec<u32> = (0..n).map(|i| smaller_after(&cells, i) as u32).collect();
        let weights: Vec<u128> = (0..n).map(|i| FACTORIALS_WIDE[n - 1 - i]).collect();
        let rank = digits
            .iter()
            .zip(&weights)
            .map(|(&d, &w)| u128::from(d) * w)
            .sum();
        Ok(BoardRank {
            cells,
            digits,
            weights,
            rank,
        })
    }

    /// The 1-based rank textbooks call the Cantor expansion's value (`12345` is 1,
    /// `12354` is 2): `rank + 1`.
    pub fn cantor(&self) -> u128 {
        self.rank + 1
    }
}

/// The board of `size` whose cells, read row by row, have lexicographic rank `rank`.
///
/// # Errors
/// [`RankError::TooManyCells`] past [`MAX_BOARD_RANKED`] cells, [`RankError::OutOfRange`]
/// when `rank` is not below `cells!`.
///
/// # Panics
/// Never: the digits of a rank below `cells!` pick each cell once.
pub fn unrank_board(rank: u128, size: Size) -> Result<Board, RankError> {
    let n = checked_cells(size)?;
    let count = FACTORIALS_WIDE[n];
    if rank >= count {
        return Err(RankError::OutOfRange {
            rank,
            size,
            cells: n,
            last: count - 1,
        });
    }
    let mut unused: Vec<u32> = (0..n as u32).collect();
    let mut rest = rank;
    let cells = (0..n)
        .map(|i| {
            let weight = FACTORIALS_WIDE[n - 1 - i];
            let digit = (rest / weight) as usize;
            rest %= weight;
            unused.remove(digit)
        })
        .collect();
    Ok(Board::new(size, cells).expect("unranking gives a permutation of the cells"))
}

/// How many values after position `i` are smaller than the one there: the Lehmer digit
/// every rank of the crate is built from.
pub(crate) fn smaller_after<T: Copy + PartialOrd>(values: &[T], i: usize) -> usize {
    values[i + 1..].iter().filter(|&&w| w < values[i]).count()
}

fn checked_cells(size: Size) -> Result<usize, RankError> {
    let cells = size.cells();
    if cells > MAX_BOARD_RANKED {
        return Err(RankError::TooManyCells { size, cells });
    }
    Ok(cells)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::rank::{factorial, rank, unrank};
    use proptest::prelude::*;

    fn size(w: usize, h: usize) -> Size {
        Size::new(w, h).unwrap()
    }

    #[test]
    fn every_3x3_arrangement_round_trips_and_ranks_are_a_bijection_onto_0_to_9_factorial() {
        let s = size(3, 3);
        let n = factorial(9) as usize;
        let mut seen = vec![false; n];
        for r in 0..n as u128 {
            let board = unrank_board(r, s).unwrap();
            let working = BoardRank::of(&board).unwrap();
            assert_eq!(working.rank, r);
            assert!(!std::mem::replace(&mut seen[r as usize], true));
        }
        assert!(seen.iter().all(|&s| s));
        assert!(matches!(
            unrank_board(n as u128, s),
            Err(RankError::OutOfRange { last, .. }) if last == n as u128 - 1
        ));
    }

    #[test]
    fn agrees_with_the_u64_rank_where_both_apply() {
        // The u64 rank is the hot path's; both must number arrangements the same way.
        for r in (0..factorial(12)).step_by(9_999_991) {
            let perm = unrank(r, 12);
            let cells: Vec<u32> = perm.iter().map(|&v| u32::from(v)).collect();
            let board = Board::new(size(4, 3), cells).unwrap();
            assert_eq!(BoardRank::of(&board).unwrap().rank, u128::from(rank(&perm)));
        }
    }

    #[test]
    fn the_textbook_values() {
        // In order, the first arrangement is 1 and the one with its last two swapped 2;
        // the reverse order is the last, n!.
        let first = Board::new(size(3, 2), vec![0, 1, 2, 3, 4, 5]).unwrap();
        let second = Board::new(size(3, 2), vec![0, 1, 2, 3, 5, 4]).unwrap();
        let last = Board::new(size(3, 2), vec![5, 4, 3, 2, 1, 0]).unwrap();
        assert_eq!(BoardRank::of(&first).unwrap().cantor(), 1);
        assert_eq!(BoardRank::of(&second).unwrap().cantor(), 2);
        assert_eq!(BoardRank::of(&last).unwrap().cantor(), 720);
        // 2 3 0 5 1 4 → digits 2 2 0 2 0 0: 2·120 + 2·24 + 0·6 + 2·2 = 292, the 293rd.
        let taught = Board::new(size(3, 2), vec![2, 3, 0, 5, 1, 4]).unwrap();
        let working = BoardRank::of(&taught).unwrap();
        assert_eq!(working.digits, vec![2, 2, 0, 2, 0, 0]);
        assert_eq!(working.weights, vec![120, 24, 6, 2, 1, 1]);
        assert_eq!(working.rank, 292);
        assert_eq!(working.cantor(), 293);
    }

    #[test]
    fn the_largest_boards_rank_up_to_34_factorial_and_larger_ones_are_refused() {
        let top = size(17, 2);
        let reversed = Board::new(top, (0..34).rev().collect()).unwrap();
        let working = BoardRank::of(&reversed).unwrap();
        assert_eq!(working.rank, factorial_wide(34).unwrap() - 1);
        assert_eq!(unrank_board(working.rank, top).unwrap(), reversed);
        assert!(factorial_wide(35).is_none());
        let over = Board::goal(size(7, 5));
        let error = BoardRank::of(&over).unwrap_err();
        assert_eq!(
            error,
            RankError::TooManyCells {
                size: size(7, 5),
                cells: 35
            }
        );
        assert!(error.to_string().contains("35 cells"), "{error}");
        assert!(unrank_board(0, size(6, 6)).is_err());
    }

    proptest! {
        #[test]
        fn round_trip_on_boards_up_to_34_cells(
            cells in (2usize..=17).prop_flat_map(|w| Just((0..2 * w as u32).collect::<Vec<u32>>()).prop_shuffle())
        ) {
            let board = Board::new(size(cells.len() / 2, 2), cells).unwrap();
            let working = BoardRank::of(&board).unwrap();
            prop_assert!(working.rank < factorial_wide(board.cells().len()).unwrap());
            prop_assert_eq!(unrank_board(working.rank, board.size()).unwrap(), board);
        }

        #[test]
        fn ranks_order_boards_as_their_cells_compare(
            a in Just((0..25u32).collect::<Vec<u32>>()).prop_shuffle(),
            b in Just((0..25u32).collect::<Vec<u32>>()).prop_shuffle(),
        ) {
            let rank_of = |cells: &Vec<u32>| BoardRank::of(&Board::new(size(5, 5), cells.clone()).unwrap()).unwrap().rank;
            prop_assert_eq!(a.cmp(&b), rank_of(&a).cmp(&rank_of(&b)));
        }
    }
}
