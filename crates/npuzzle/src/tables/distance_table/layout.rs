//! Where each board lives in a distance table: [`Layout`] puts the board-level face
//! ([`Board`], [`Size`], [`Move`]) on the packed [`TableShape`] (see [`super::packed`] for
//! the index and why it has no holes).

use crate::puzzle::board::{Board, Move, Size};
use crate::puzzle::metric::Metric;
use crate::puzzle::move_order::MoveOrder;
use crate::puzzle::rank::{smaller_after, unrank};

use super::packed::{sequence_rank, TableShape, MAX_TABLE_CELLS};
use super::TableError;

/// The table shape of one board size towards the *standard goal* with its blank in
/// `goal_blank`: the other tiles `1..n` in row-major order around it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Layout {
    size: Size,
    shape: TableShape,
}

impl Layout {
    /// The layout of `size` boards towards the standard goal with its blank in
    /// `goal_blank`.
    ///
    /// # Errors
    /// When the board has more than [`MAX_TABLE_CELLS`] cells or `goal_blank` is not a cell
    /// of it.
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
        Ok(Layout {
            size,
            shape: TableShape::new(size.width(), size.height(), goal_blank),
        })
    }

    /// The layout for `goal`'s size and blank cell (tiles are relabeled to the standard
    /// goal with [`Board::relabeled`] before a lookup).
    ///
    /// # Errors
    /// When the goal's board has more than [`MAX_TABLE_CELLS`] cells.
    pub fn for_goal(goal: &Board) -> Result<Layout, TableError> {
        Layout::new(goal.size(), goal.blank())
    }

    /// The same layout with distances counted in `metric` (see [`Metric`]): a table in
    /// the multi-tile metric is another table, cached under another name.
    ///
    /// # Panics
    /// Never: the layout's size and blank cell passed [`Layout::new`]'s checks.
    #[must_use]
    pub fn in_metric(self, metric: Metric) -> Layout {
        match metric {
            Metric::SingleTile => {
                Layout::new(self.size, self.goal_blank()).expect("the layout's own size and blank")
            }
            Metric::MultiTile => Layout {
                shape: self.shape.in_multi_tile(),
                ..self
            },
        }
    }

    /// How the table's distances count moves.
    pub fn metric(&self) -> Metric {
        if self.shape.is_multi_tile() {
            Metric::MultiTile
        } else {
            Metric::SingleTile
        }
    }

    /// The board size.
    pub fn size(&self) -> Size {
        self.size
    }

    /// The goal's blank cell.
    pub fn goal_blank(&self) -> usize {
        self.shape.goal_blank()
    }

    /// Number of boards that can reach the goal: `n!/2`.
    pub fn states(&self) -> u64 {
        self.shape.states()
    }

    /// The packed shape: where the blank moves, how a packed board is indexed (the
    /// judges' fast paths read it).
    pub fn shape(&self) -> &TableShape {
        &self.shape
    }

    /// The standard goal with the blank in [`Layout::goal_blank`]: tiles `1..n` in
    /// row-major order around it.
    ///
    /// # Panics
    /// Never: the standard goal is a valid board of the layout's size.
    pub fn goal(&self) -> Board {
        let packed = self.shape.goal_packed();
        let cells = (0..self.size.cells())
            .map(|cell| ((packed >> (4 * cell)) & 15) as u32)
            .collect();
        Board::new(self.size, cells).expect("the standard goal is a permutation")
    }

    /// The index of `board` in the table, or `None` when it has another size or cannot
    /// reach the goal.
    pub fn index(&self, board: &Board) -> Option<u64> {
        if board.size() != self.size {
            return None;
        }
        let (rank, odd) = sequence_rank(pack(board), self.size.cells());
        (odd == self.shape.odd_at(board.blank())).then(|| self.shape.index_of(board.blank(), rank))
    }

    /// The board with index `index` (`index < states()`).
    ///
    /// # Panics
    /// When `index` is not below [`Layout::states`].
    pub fn board(&self, index: u64) -> Board {
        let per_blank = self.shape.per_blank();
        let blank = (index / per_blank) as usize;
        let cells = self.size.cells();
        let mut tiles = unrank(2 * (index % per_blank), cells - 1);
        let odd = (0..tiles.len())
            .map(|i| smaller_after(&tiles, i))
            .sum::<usize>()
            % 2
            == 1;
        if odd != self.shape.odd_at(blank) {
            let last = tiles.len() - 1;
            tiles.swap(last - 1, last);
        }
        let mut rest = tiles.into_iter().map(|t| u32::from(t) + 1);
        let cells = (0..cells)
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

    /// [`TableShape::for_each_neighbour`] with moves named (in the multi-tile metric, a
    /// move per jump length, shortest first).
    #[inline]
    pub(crate) fn for_each_neighbour(
        &self,
        packed: u64,
        rank: u64,
        order: MoveOrder,
        mut visit: impl FnMut(Move, u64, u64),
    ) {
        let slots = order.moves().map(|mv| mv as usize);
        self.shape
            .for_each_neighbour(packed, rank, &slots, |slot, index, next| {
                visit(MOVES_BY_SLOT[slot], index, next);
            });
    }
}

/// The moves in the packed core's slot order, which is the order of `Move`'s variants.
const MOVES_BY_SLOT: [Move; 4] = [Move::Up, Move::Down, Move::Left, Move::Right];

/// A board of at most [`MAX_TABLE_CELLS`] cells packed a nibble a cell, its blank's
/// cell in the top nibble ([`crate::puzzle::rank::nibbles`]): the key the tables and the
/// judges' fast paths rank.
pub fn pack(board: &Board) -> u64 {
    debug_assert!(board.cells().len() <= MAX_TABLE_CELLS);
    board
        .cells()
        .iter()
        .enumerate()
        .fold((board.blank() as u64) << 60, |acc, (cell, &t)| {
            acc | (u64::from(t) << (4 * cell))
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::rank::{factorial, rank};
    use crate::puzzle::solvability::is_solvable;

    #[test]
    fn move_slots_follow_the_move_enum() {
        for (slot, mv) in MOVES_BY_SLOT.into_iter().enumerate() {
            assert_eq!(mv as usize, slot);
        }
        // And the shape's slots move the blank the way `Size::step` does.
        let size = Size::new(3, 4).unwrap();
        let layout = Layout::new(size, 11).unwrap();
        let board = layout
            .goal()
            .moved(Move::Up)
            .unwrap()
            .moved(Move::Left)
            .unwrap();
        let mut seen = Vec::new();
        layout.for_each_neighbour(pack(&board), 0, MoveOrder::DEFAULT, |mv, _, next| {
            seen.push((mv, next));
        });
        let expected: Vec<(Move, u64)> = Move::ALL
            .into_iter()
            .filter_map(|mv| board.moved(mv).map(|b| (mv, pack(&b))))
            .collect();
        assert_eq!(seen, expected);
    }

    #[test]
    fn sequence_rank_matches_rank() {
        let size = Size::new(4, 3).unwrap();
        let mut board = Board::goal(size);
        for step in 0..200 {
            let mv = Move::ALL[(step * 7 + step / 3) % 4];
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
