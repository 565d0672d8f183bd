//! Admissible estimates of the number of moves left: misplaced tiles, Manhattan distance
//! and Manhattan distance plus linear conflicts, against any goal.
//!
//! ```
//! use npuzzle::{parse_board, Board, Heuristic, HeuristicKind};
//!
//! let goal = Board::goal(npuzzle::Size::square(3)?);
//! let start = parse_board("3 2 1/4 5 6/7 8 0", None)?;
//! let misplaced = Heuristic::new(HeuristicKind::Misplaced, &goal).estimate_board(&start);
//! let manhattan = Heuristic::new(HeuristicKind::Manhattan, &goal).estimate_board(&start);
//! let conflict = Heuristic::new(HeuristicKind::LinearConflict, &goal).estimate_board(&start);
//! assert_eq!((misplaced, manhattan), (2, 4));
//! assert_eq!(conflict, 8); // tiles 1, 2 and 3 all sit in their row, reversed
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! None counts the blank: with the blank counted, one move could lower the estimate by
//! two and the estimate would stop being a lower bound.

use std::fmt;

use crate::puzzle::board::{Board, Size};
use crate::puzzle::metric::Metric;
use crate::puzzle::notation::{parse_name, UnknownName};

/// Which estimate to use.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum HeuristicKind {
    /// Tiles not on their goal cell. Consistent.
    Misplaced,
    /// Sum of each tile's row and column distance to its goal cell. Consistent.
    Manhattan,
    /// Manhattan plus two moves for each tile that must leave its row or column to let
    /// others in it pass. Admissible, and consistent as computed here (see
    /// [`Heuristic`]'s line-conflict notes); A* re-opens states anyway, so it stays
    /// optimal with any admissible estimate.
    LinearConflict,
}

impl HeuristicKind {
    /// All estimates, weakest first.
    pub const ALL: [HeuristicKind; 3] = [
        HeuristicKind::Misplaced,
        HeuristicKind::Manhattan,
        HeuristicKind::LinearConflict,
    ];

    /// The name used on the command line and in JSON.
    pub fn name(self) -> &'static str {
        match self {
            HeuristicKind::Misplaced => "misplaced",
            HeuristicKind::Manhattan => "manhattan",
            HeuristicKind::LinearConflict => "linear-conflict",
        }
    }
}

impl fmt::Display for HeuristicKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for HeuristicKind {
    type Err = UnknownName;
    fn from_str(s: &str) -> Result<Self, UnknownName> {
        parse_name("heuristic", s, &HeuristicKind::ALL, HeuristicKind::name)
    }
}

/// An estimate prepared for one goal: evaluates any arrangement of that goal's size.
#[derive(Clone, Debug)]
pub struct Heuristic {
    kind: HeuristicKind,
    size: Size,
    /// Goal cell of each tile.
    goal_cell: Vec<usize>,
    /// `distance[tile * cells + cell]`: Manhattan distance of `tile` standing in `cell`.
    distance: Vec<u16>,
}

impl Heuristic {
    /// Prepares `kind` for `goal`.
    pub fn new(kind: HeuristicKind, goal: &Board) -> Heuristic {
        let size = goal.size();
        let n = size.cells();
        let goal_cell = goal.positions();
        let mut distance = vec![0u16; n * n];
        for tile in 1..n {
            for cell in 0..n {
                distance[tile * n + cell] = size.cell_distance(cell, goal_cell[tile]) as u16;
            }
        }
        Heuristic {
            kind,
            size,
            goal_cell,
            distance,
        }
    }

    /// Which estimate this is.
    pub fn kind(&self) -> HeuristicKind {
        self.kind
    }

    /// The estimate for an arrangement given cell by cell (`0` for the blank).
    pub fn estimate<T: Copy + Into<u32>>(&self, cells: &[T]) -> u32 {
        match self.kind {
            HeuristicKind::Misplaced => cells
                .iter()
                .enumerate()
                .filter(|&(cell, &t)| {
                    let t = t.into() as usize;
                    t != 0 && self.goal_cell[t] != cell
                })
                .count() as u32,
            HeuristicKind::Manhattan => self.manhattan(cells),
            HeuristicKind::LinearConflict => self.manhattan(cells) + 2 * self.line_conflicts(cells),
        }
    }

    /// The estimate for a board.
    pub fn estimate_board(&self, board: &Board) -> u32 {
        self.estimate(board.cells())
    }

    /// The estimate in `metric`'s moves for an arrangement given cell by cell:
    /// [`Heuristic::estimate`], or [`Heuristic::multi_tile_estimate`]. The one place a
    /// heuristic's metric is decided.
    #[inline]
    pub fn estimate_in<T: Copy + Into<u32>>(&self, metric: Metric, cells: &[T]) -> u32 {
        match metric {
            Metric::SingleTile => self.estimate(cells),
            Metric::MultiTile => self.multi_tile_estimate(cells),
        }
    }

    /// The estimate in multi-tile moves for an arrangement given cell by cell, counted
    /// axis by axis: a vertical move slides at most `height - 1` tiles one row each and
    /// no tile sideways, a horizontal one at most `width - 1` tiles one column each, so
    /// the single-tile steps each axis needs, divided by what one move along it covers
    /// (rounded up), add up to a lower bound. Manhattan's steps split by axis; linear
    /// conflict's extra steps are across the line (a tile leaving its goal row moves
    /// vertically twice). Never below [`Metric::scaled_estimate`] of the single-tile
    /// estimate, and above it on boards longer than high (a 4x2 board divides vertical
    /// steps by 1, not 3). Misplaced tiles have no axis and are scaled as a whole.
    pub fn multi_tile_estimate<T: Copy + Into<u32>>(&self, cells: &[T]) -> u32 {
        let (width, height) = (self.size.width(), self.size.height());
        let (mut vertical, mut horizontal) = match self.kind {
            HeuristicKind::Misplaced => {
                let longest = (width.max(height) - 1).max(1) as u32;
                return self.estimate(cells).div_ceil(longest);
            }
            HeuristicKind::Manhattan | HeuristicKind::LinearConflict => self.axis_steps(cells),
        };
        if self.kind == HeuristicKind::LinearConflict {
            let (rows, cols) = self.line_conflicts_by_axis(cells);
            vertical += 2 * rows;
            horizontal += 2 * cols;
        }
        // A board one cell high has no vertical steps to cover, and no vertical moves.
        let per = |side: usize| (side - 1).max(1) as u32;
        vertical.div_ceil(per(height)) + horizontal.div_ceil(per(width))
    }

    /// Manhattan distance split into its vertical and horizontal steps.
    fn axis_steps<T: Copy + Into<u32>>(&self, cells: &[T]) -> (u32, u32) {
        let width = self.size.width();
        let (mut vertical, mut horizontal) = (0, 0);
        for (cell, &t) in cells.iter().enumerate() {
            let t = t.into() as usize;
            if t != 0 {
                let goal = self.goal_cell[t];
                vertical += (cell / width).abs_diff(goal / width) as u32;
                horizontal += (cell % width).abs_diff(goal % width) as u32;
            }
        }
        (vertical, horizontal)
    }

    fn manhattan<T: Copy + Into<u32>>(&self, cells: &[T]) -> u32 {
        let n = cells.len();
        cells
            .iter()
            .enumerate()
            .map(|(cell, &t)| {
                let t = t.into() as usize;
                if t == 0 {
                    0
                } else {
                    u32::from(self.distance[t * n + cell])
                }
            })
            .sum()
    }

    /// Tiles that must leave their line, summed over rows and columns. In a line, the
    /// tiles whose goal is in that line can stay only if their goal order is increasing,
    /// so the fewest that must leave is the line's length minus its longest increasing run
    /// of goal positions; each of them costs two extra moves beyond Manhattan.
    ///
    /// Counted exactly like this (not by the common greedy "remove the tile with most
    /// conflicts"), the estimate is consistent: a move slides one tile along its row or
    /// column, which keeps the order of the tiles in that line, changes its Manhattan term
    /// by one, and takes it out of one crossing line and into the next. Only a line that
    /// is its goal line counts it; dropping (adding) one element changes that line's
    /// must-leave count by 0 or -1 (0 or +1), and it does so exactly when the tile leaves
    /// (enters) its goal line, i.e. when Manhattan rises (falls). So the estimate moves by
    /// exactly one. `tests/exhaustive_8puzzle.rs` checks this on every 8-puzzle state.
    fn line_conflicts<T: Copy + Into<u32>>(&self, cells: &[T]) -> u32 {
        let (rows, cols) = self.line_conflicts_by_axis(cells);
        rows + cols
    }

    /// [`Heuristic::line_conflicts`] of the rows and of the columns apart.
    fn line_conflicts_by_axis<T: Copy + Into<u32>>(&self, cells: &[T]) -> (u32, u32) {
        let (width, height) = (self.size.width(), self.size.height());
        let goal_of = |cell: usize| -> Option<(usize, usize)> {
            let t = cells[cell].into() as usize;
            (t != 0).then(|| (self.goal_cell[t] / width, self.goal_cell[t] % width))
        };
        let rows = (0..height).map(|row| {
            must_leave((0..width).filter_map(|col| {
                goal_of(row * width + col)
                    .filter(|g| g.0 == row)
                    .map(|g| g.1)
            }))
        });
        let cols = (0..width).map(|col| {
            must_leave((0..height).filter_map(|row| {
                goal_of(row * width + col)
                    .filter(|g| g.1 == col)
                    .map(|g| g.0)
            }))
        });
        (rows.sum(), cols.sum())
    }
}

/// Most tiles in one line kept on the stack while finding conflicts; longer lines
/// (boards too big to search anyway) spill to the heap.
const STACK_LINE: usize = 32;

/// How many of `goals` (goal positions along a line, in the order the tiles stand) must
/// leave the line: the count minus the longest strictly increasing subsequence. Runs once
/// a line for every node a search visits, so it does not allocate for lines of up to
/// `STACK_LINE` tiles.
fn must_leave(goals: impl Iterator<Item = usize>) -> u32 {
    let mut line = [0usize; STACK_LINE];
    let mut spilled: Vec<usize> = Vec::new();
    let mut count = 0;
    for g in goals {
        if count < STACK_LINE {
            line[count] = g;
        } else {
            if spilled.is_empty() {
                spilled.extend_from_slice(&line);
            }
            spilled.push(g);
        }
        count += 1;
    }
    let kept = if spilled.is_empty() {
        longest_increasing(&line[..count], &mut [0; STACK_LINE])
    } else {
        longest_increasing(&spilled, &mut vec![0; count])
    };
    (count - kept) as u32
}

/// Length of the longest strictly increasing subsequence of `values`, by patience
/// sorting; `tails` (at least as long as `values`) is scratch space, so that the
/// searches' hot paths need not allocate. Shared by [`Heuristic`] and the fast IDA*'s
/// incremental linear conflict.
#[inline]
pub(crate) fn longest_increasing<T: Ord + Copy>(values: &[T], tails: &mut [T]) -> usize {
    if values.len() <= 1 {
        return values.len();
    }
    let mut len = 0;
    for &v in values {
        let i = tails[..len].partition_point(|&x| x < v);
        tails[i] = v;
        if i == len {
            len += 1;
        }
    }
    len
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::notation::parse_board;

    #[test]
    fn known_values() {
        let goal = parse_board("123456780", None).unwrap();
        let start = parse_board("213456780", None).unwrap();
        let est = |k| Heuristic::new(k, &goal).estimate_board(&start);
        assert_eq!(est(HeuristicKind::Misplaced), 2);
        assert_eq!(est(HeuristicKind::Manhattan), 2);
        // 2 and 1 swapped in their own row: one must leave.
        assert_eq!(est(HeuristicKind::LinearConflict), 4);
        let reversed = parse_board("3 2 1/4 5 6/7 8 0", None).unwrap();
        // Row 3 2 1 has longest increasing run 1: two tiles must leave.
        assert_eq!(
            Heuristic::new(HeuristicKind::LinearConflict, &goal).estimate_board(&reversed),
            4 + 4
        );
    }

    #[test]
    fn tiles_that_must_leave_a_line() {
        assert_eq!(must_leave([].into_iter()), 0);
        assert_eq!(must_leave([2, 1, 0].into_iter()), 2);
        assert_eq!(must_leave([0, 2, 1, 3].into_iter()), 1);
        // Longer than the stack buffer: a reversed run keeps one tile.
        assert_eq!(must_leave((0..100).rev()), 99);
        assert_eq!(must_leave((0..100).chain(0..10)), 10);
    }
}
