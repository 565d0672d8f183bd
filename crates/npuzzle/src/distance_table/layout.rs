//! Where each board lives in a distance table: a dense index over exactly the boards that
//! can reach one goal.
//!
//! The index of a board with the blank in cell `b` is `b * (n-1)!/2 + rank/2`, where
//! `rank` is the lexicographic rank of its non-blank tiles read row-major. In the
//! factorial number system the last two digits of a rank weigh `1!` and `0!`, so the
//! permutations ranked `2k` and `2k+1` differ only by a swap of their last two tiles.
//! A swap of two tiles with the blank held still flips reachability, so exactly one of
//! each pair can reach the goal: `rank/2` loses nothing and the table has no holes.
//! (The tests check this against the parity rule on every board of several sizes.)
//!
//! Boards are handled here packed into a `u64`: four bits a cell (tile number, `0` for
//! the blank) and the blank's cell in the top four bits, so the hot loops neither search
//! for the blank nor allocate.

use crate::board::{Board, Move, Size};
use crate::rank::{factorial, unrank};

use super::TableError;

/// The most cells a board may have for a complete distance table: 12! / 2 boards
/// (239,500,800) still fit comfortably in memory and on disk; 15! / 2 would not.
pub const MAX_TABLE_CELLS: usize = 12;

const BLANK_SHIFT: u32 = 60;
const CELLS_MASK: u64 = (1 << BLANK_SHIFT) - 1;

/// The index geometry of the table of one board size towards the *standard goal* with
/// its blank in `goal_blank`: the other tiles `1..n` in row-major order around it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Layout {
    size: Size,
    cells: usize,
    goal_blank: usize,
    /// `(n-1)!/2`: the boards with one blank cell.
    per_blank: u64,
    /// `neighbours[cell][mv as usize]`: where the blank goes from `cell` by `mv`
    /// ([`NOWHERE`] off the board), so the hot loops do no division.
    neighbours: [[u8; 4]; MAX_TABLE_CELLS],
}

const NOWHERE: u8 = u8::MAX;

impl Layout {
    /// The layout of `size` boards towards the standard goal with its blank in
    /// `goal_blank`.
    pub fn new(size: Size, goal_blank: usize) -> Result<Layout, TableError> {
        let cells = size.cells();
        if cells > MAX_TABLE_CELLS {
            return Err(TableError::TooLarge { size, cells });
        }
        if goal_blank >= cells {
            return Err(TableError::BlankOffBoard {
                size,
                cell: goal_blank,
            });
        }
        let mut neighbours = [[NOWHERE; 4]; MAX_TABLE_CELLS];
        for (cell, slots) in neighbours.iter_mut().enumerate().take(cells) {
            for mv in Move::DEFAULT_ORDER {
                if let Some(to) = size.step(cell, mv) {
                    slots[mv as usize] = to as u8;
                }
            }
        }
        Ok(Layout {
            size,
            cells,
            goal_blank,
            per_blank: factorial(cells - 1) / 2,
            neighbours,
        })
    }

    /// The layout for `goal`'s size and blank cell (tiles are relabeled to the standard
    /// goal with [`Board::relabeled`] before a lookup).
    pub fn for_goal(goal: &Board) -> Result<Layout, TableError> {
        Layout::new(goal.size(), goal.blank())
    }

    /// The board size.
    pub fn size(&self) -> Size {
        self.size
    }

    /// The goal's blank cell.
    pub fn goal_blank(&self) -> usize {
        self.goal_blank
    }

    /// Number of boards that can reach the goal: `n!/2`.
    pub fn states(&self) -> u64 {
        self.per_blank * self.cells as u64
    }

    /// The standard goal with the blank in [`Layout::goal_blank`]: tiles `1..n` in
    /// row-major order around it.
    pub fn goal(&self) -> Board {
        let mut next = 1;
        let cells = (0..self.cells)
            .map(|cell| {
                if cell == self.goal_blank {
                    0
                } else {
                    next += 1;
                    next - 1
                }
            })
            .collect();
        Board::new(self.size, cells).expect("the standard goal is a permutation")
    }

    /// The index of `board` in the table, or `None` when it has another size or cannot
    /// reach the goal.
    pub fn index(&self, board: &Board) -> Option<u64> {
        if board.size() != self.size {
            return None;
        }
        let packed = pack(board);
        let (rank, odd) = sequence_rank(packed, self.cells);
        (odd == self.odd_at(board.blank())).then(|| self.index_of(board.blank(), rank))
    }

    /// The board with index `index` (`index < states()`).
    pub fn board(&self, index: u64) -> Board {
        let blank = (index / self.per_blank) as usize;
        let mut tiles = unrank(2 * (index % self.per_blank), self.cells - 1);
        let odd = tiles
            .iter()
            .enumerate()
            .map(|(i, &t)| tiles[i + 1..].iter().filter(|&&u| u < t).count())
            .sum::<usize>()
            % 2
            == 1;
        if odd != self.odd_at(blank) {
            let last = tiles.len() - 1;
            tiles.swap(last - 1, last);
        }
        let mut rest = tiles.into_iter().map(|t| u32::from(t) + 1);
        let cells = (0..self.cells)
            .map(|cell| {
                if cell == blank {
                    0
                } else {
                    rest.next().expect("n-1 tiles")
                }
            })
            .collect();
        Board::new(self.size, cells).expect("unranking gives a permutation")
    }

    /// Whether boards with the blank in `blank` must have an odd number of inversions
    /// among their non-blank tiles to reach the goal. The goal has none; a horizontal
    /// move keeps the row-major order of the tiles, a vertical one carries a tile past
    /// `width - 1` others.
    #[inline]
    pub(crate) fn odd_at(&self, blank: usize) -> bool {
        let rows = (blank / self.size.width).abs_diff(self.goal_blank / self.size.width);
        (self.size.width - 1) * rows % 2 == 1
    }

    #[inline]
    pub(crate) fn index_of(&self, blank: usize, rank: u64) -> u64 {
        blank as u64 * self.per_blank + (rank >> 1)
    }

    /// The index of a packed board known to reach the goal.
    #[inline]
    pub(crate) fn index_packed(&self, packed: u64) -> u64 {
        self.index_of(blank_of(packed), sequence_rank(packed, self.cells).0)
    }

    /// The packed goal.
    pub(crate) fn goal_packed(&self) -> u64 {
        pack(&self.goal())
    }

    /// Calls `visit(move, index, packed)` for each move of the blank in `order`.
    /// `rank` is the packed board's [`sequence_rank`]: horizontal moves keep the order of
    /// the tiles, so only vertical ones need a new rank.
    #[inline]
    pub(crate) fn for_each_neighbour(
        &self,
        packed: u64,
        rank: u64,
        order: &[Move; 4],
        mut visit: impl FnMut(Move, u64, u64),
    ) {
        let blank = blank_of(packed);
        for &mv in order {
            let from = self.neighbours[blank][mv as usize];
            if from == NOWHERE {
                continue;
            }
            let from = usize::from(from);
            let next = slide(packed, blank, from);
            let index = match mv {
                Move::Left | Move::Right => self.index_of(from, rank),
                Move::Up | Move::Down => self.index_packed(next),
            };
            visit(mv, index, next);
        }
    }

    pub(crate) fn cells(&self) -> usize {
        self.cells
    }
}

/// A board packed as described in the module documentation.
pub(crate) fn pack(board: &Board) -> u64 {
    debug_assert!(board.cells().len() <= MAX_TABLE_CELLS);
    board
        .cells()
        .iter()
        .enumerate()
        .fold((board.blank() as u64) << BLANK_SHIFT, |acc, (cell, &t)| {
            acc | (u64::from(t) << (4 * cell))
        })
}

#[inline]
pub(crate) fn blank_of(packed: u64) -> usize {
    (packed >> BLANK_SHIFT) as usize
}

/// The packed board after the tile in `from` slides into the blank at `blank`.
#[inline]
pub(crate) fn slide(packed: u64, blank: usize, from: usize) -> u64 {
    let tile = (packed >> (4 * from)) & 15;
    (packed & CELLS_MASK & !(15 << (4 * from)))
        | (tile << (4 * blank))
        | ((from as u64) << BLANK_SHIFT)
}

/// Bits set in each 12-bit number. The portable x86-64 target has no popcount
/// instruction and its bit-twiddling fallback was most of a 3x3 build; a 4 KB table read
/// from L1 is several times cheaper.
static ONES: [u8; 1 << MAX_TABLE_CELLS] = {
    let mut ones = [0u8; 1 << MAX_TABLE_CELLS];
    let mut i = 1;
    while i < ones.len() {
        ones[i] = ones[i >> 1] + (i & 1) as u8;
        i += 1;
    }
    ones
};

/// `FACTORIALS[i] == i!`.
static FACTORIALS: [u64; MAX_TABLE_CELLS] = {
    let mut f = [0u64; MAX_TABLE_CELLS];
    let mut i = 0;
    while i < MAX_TABLE_CELLS {
        f[i] = factorial(i);
        i += 1;
    }
    f
};

/// The lexicographic rank of the non-blank tiles of a packed board, read row-major (tile
/// `t` ranked as `t - 1`), and whether they have an odd number of inversions.
///
/// This is [`crate::rank::rank`] fused with dropping the blank, without building the
/// sequence: it runs once or twice for every one of up to 239,500,800 boards during a
/// build and once per query in the judges. The blank's nibble is shifted out first, so
/// the loop has no unpredictable branch, and the digits' products are independent, so
/// they overlap instead of waiting on each other as Horner's rule would.
#[inline]
pub(crate) fn sequence_rank(packed: u64, cells: usize) -> (u64, bool) {
    let length = cells - 1;
    let below_blank = (1u64 << (4 * blank_of(packed))) - 1;
    let tiles =
        ((packed & below_blank) | ((packed >> 4) & !below_blank)) & ((1u64 << (4 * length)) - 1);
    let mut seen = 0usize;
    let mut rank = 0u64;
    let mut inversions = 0u32;
    for position in 0..length {
        let value = ((tiles >> (4 * position)) & 15) as usize - 1;
        // The Lehmer digit: smaller values not used yet, i.e. inversions this tile starts.
        let digit = value - usize::from(ONES[seen & ((1 << value) - 1)]);
        rank += digit as u64 * FACTORIALS[length - 1 - position];
        inversions += digit as u32;
        seen |= 1 << value;
    }
    (rank, inversions % 2 == 1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rank::rank;
    use crate::solvability::is_solvable;

    #[test]
    fn sequence_rank_matches_rank() {
        let size = Size::new(4, 3).unwrap();
        let mut board = Board::goal(size);
        for step in 0..200 {
            let mv = Move::DEFAULT_ORDER[(step * 7 + step / 3) % 4];
            board.apply(mv);
            let tiles: Vec<u8> = board
                .cells()
                .iter()
                .filter(|&&t| t != 0)
                .map(|&t| (t - 1) as u8)
                .collect();
            let (r, odd) = sequence_rank(pack(&board), 12);
            assert_eq!(r, rank(&tiles));
            let inversions: usize = (0..tiles.len())
                .map(|i| tiles[i + 1..].iter().filter(|&&u| u < tiles[i]).count())
                .sum();
            assert_eq!(odd, inversions % 2 == 1);
        }
    }

    /// Every board of these sizes, for every goal blank cell: the index is defined
    /// exactly for the boards the parity rule calls solvable, it is a bijection onto
    /// `0..n!/2`, and `board` inverts it.
    #[test]
    fn index_is_a_bijection_on_the_reachable_half() {
        for (w, h) in [(2, 2), (3, 2), (2, 3), (4, 2)] {
            let size = Size::new(w, h).unwrap();
            let n = size.cells();
            for goal_blank in 0..n {
                let layout = Layout::new(size, goal_blank).unwrap();
                let goal = layout.goal();
                assert_eq!(goal.blank(), goal_blank);
                let mut hit = vec![false; layout.states() as usize];
                for r in 0..factorial(n) {
                    let cells = unrank(r, n).into_iter().map(u32::from).collect();
                    let board = Board::new(size, cells).unwrap();
                    let index = layout.index(&board);
                    assert_eq!(index.is_some(), is_solvable(&board, &goal), "{board}");
                    if let Some(i) = index {
                        assert!(!hit[i as usize], "{board} collides");
                        hit[i as usize] = true;
                        assert_eq!(layout.board(i), board);
                    }
                }
                assert!(hit.iter().all(|&h| h));
            }
        }
    }

    #[test]
    fn rejects_sizes_and_cells() {
        assert!(Layout::new(Size::square(4).unwrap(), 0).is_err());
        assert!(Layout::new(Size::square(3).unwrap(), 9).is_err());
        let l = Layout::new(Size::new(3, 4).unwrap(), 11).unwrap();
        assert_eq!(l.states(), 239_500_800);
    }
}
