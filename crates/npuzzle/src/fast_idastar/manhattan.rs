//! Per-goal Manhattan distances and line-conflict counts, the tables every incremental
//! estimate starts from.

#![expect(
    clippy::inline_always,
    reason = "called for every generated node of the search: inlining is not left to the cost model"
)]

use crate::puzzle::board::{Board, Size};
use crate::puzzle::heuristic::longest_increasing;

use super::{FastBoard, MAX_FAST_CELLS};

/// The longest side whose lines the linear-conflict terms keep in a node.
pub const MAX_LINE: usize = 8;

/// Precomputed per-goal distances shared by every estimate: each tile's Manhattan
/// distance from each cell, and each tile's goal row and column.
#[derive(Clone, Debug)]
pub struct Manhattan {
    pub(crate) size: Size,
    /// `distance[tile * 64 + cell]`.
    pub(super) distance: Vec<u8>,
    pub(super) goal_row: [u8; MAX_FAST_CELLS],
    pub(super) goal_col: [u8; MAX_FAST_CELLS],
    /// Branch-free line conflicts for sides of at most [`TABLE_LINE`]: a line's tiles,
    /// each coded as its goal index within the line or `len` if it belongs elsewhere,
    /// read as a base-`len + 1` number, index these tables of conflict counts.
    pub(super) row_table: Vec<u8>,
    pub(super) col_table: Vec<u8>,
    /// Row and column of each cell: the width is not a constant, and dividing by it in
    /// every step cost more than the rest of the step (measured).
    pub(super) cell_row: [u8; MAX_FAST_CELLS],
    pub(super) cell_col: [u8; MAX_FAST_CELLS],
}

/// The longest line whose conflicts come from a table ((6+1)^6 = 117,649 entries).
const TABLE_LINE: usize = 6;

/// The conflicts of every coded line of length `len` (see [`Manhattan`]).
fn conflict_table(len: usize) -> Vec<u8> {
    if len > TABLE_LINE {
        return Vec::new();
    }
    let base = len + 1;
    let entries = base.pow(len as u32);
    (0..entries)
        .map(|mut key| {
            let mut keys = [0u8; MAX_LINE];
            let mut count = 0;
            for _ in 0..len {
                let code = key % base;
                key /= base;
                if code < len {
                    keys[count] = code as u8;
                    count += 1;
                }
            }
            (count - longest_increasing(&keys[..count], &mut [0; MAX_LINE])) as u8
        })
        .collect()
}

impl Manhattan {
    /// Distances to `goal` (at most [`MAX_FAST_CELLS`] cells).
    ///
    /// # Panics
    /// When the goal has more than [`MAX_FAST_CELLS`] cells.
    pub fn new(goal: &Board) -> Manhattan {
        let size = goal.size();
        let n = size.cells();
        assert!(
            n <= MAX_FAST_CELLS,
            "the fast search takes at most 64 cells"
        );
        let goal_cell = goal.positions();
        let mut distance = vec![0u8; MAX_FAST_CELLS * MAX_FAST_CELLS];
        let mut goal_row = [0u8; MAX_FAST_CELLS];
        let mut goal_col = [0u8; MAX_FAST_CELLS];
        for tile in 1..n {
            let (r, c) = size.row_col(goal_cell[tile]);
            goal_row[tile] = r as u8;
            goal_col[tile] = c as u8;
            for cell in 0..n {
                distance[tile * MAX_FAST_CELLS + cell] =
                    size.cell_distance(cell, goal_cell[tile]) as u8;
            }
        }
        Manhattan {
            size,
            distance,
            goal_row,
            goal_col,
            row_table: conflict_table(size.width()),
            col_table: conflict_table(size.height()),
            cell_row: std::array::from_fn(|c| (c / size.width()) as u8),
            cell_col: std::array::from_fn(|c| (c % size.width()) as u8),
        }
    }

    /// Sum over tiles (not the blank) of the distance to the goal cell.
    pub fn total(&self, board: &FastBoard) -> u32 {
        (1..self.size.cells())
            .map(|t| u32::from(self.distance[t * MAX_FAST_CELLS + board.pos[t] as usize]))
            .sum()
    }

    /// The Manhattan total after `tile` moved from `from` to `to`.
    #[inline(always)]
    pub fn step(&self, md: u16, tile: u8, from: usize, to: usize) -> u16 {
        let row = &self.distance[tile as usize * MAX_FAST_CELLS..][..MAX_FAST_CELLS];
        md + u16::from(row[to]) - u16::from(row[from])
    }

    /// Tiles that must leave row `row` (see [`crate::puzzle::heuristic`]): the row's tiles that
    /// belong in it, less the longest run of them whose goal columns increase.
    #[inline(always)]
    pub(super) fn row_conflicts(&self, board: &FastBoard, row: usize) -> u8 {
        let w = self.size.width();
        if !self.row_table.is_empty() {
            let mut key = 0;
            for &t in board.tiles[row * w..row * w + w].iter().rev() {
                let t = t as usize;
                let code = if t != 0 && self.goal_row[t] as usize == row {
                    self.goal_col[t] as usize
                } else {
                    w
                };
                key = key * (w + 1) + code;
            }
            return self.row_table[key];
        }
        let mut keys = [0u8; MAX_LINE];
        let mut len = 0;
        for &t in &board.tiles[row * w..row * w + w] {
            if t != 0 && self.goal_row[t as usize] as usize == row {
                keys[len] = self.goal_col[t as usize];
                len += 1;
            }
        }
        (len - longest_increasing(&keys[..len], &mut [0; MAX_LINE])) as u8
    }

    /// Tiles that must leave column `col`.
    #[inline(always)]
    pub(super) fn col_conflicts(&self, board: &FastBoard, col: usize) -> u8 {
        let w = self.size.width();
        if !self.col_table.is_empty() {
            let h = self.size.height();
            let mut key = 0;
            for row in (0..h).rev() {
                let t = board.tiles[row * w + col] as usize;
                let code = if t != 0 && self.goal_col[t] as usize == col {
                    self.goal_row[t] as usize
                } else {
                    h
                };
                key = key * (h + 1) + code;
            }
            return self.col_table[key];
        }
        let mut keys = [0u8; MAX_LINE];
        let mut len = 0;
        for row in 0..self.size.height() {
            let t = board.tiles[row * w + col];
            if t != 0 && self.goal_col[t as usize] as usize == col {
                keys[len] = self.goal_row[t as usize];
                len += 1;
            }
        }
        (len - longest_increasing(&keys[..len], &mut [0; MAX_LINE])) as u8
    }
}
