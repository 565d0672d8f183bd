//! Manhattan distance plus linear conflicts, kept up to date move by move.

#![expect(
    clippy::inline_always,
    reason = "called for every generated node of the search: inlining is not left to the cost model"
)]

use crate::puzzle::board::Board;
use crate::puzzle::heuristic::HeuristicKind;

use super::manhattan::MAX_LINE;
use super::{Estimate, FastBoard, Manhattan};

/// Manhattan distance, optionally plus linear conflicts, updated per move.
#[derive(Clone, Debug)]
pub struct LinearConflict {
    manhattan: Manhattan,
    conflicts: bool,
}

/// Node data of [`LinearConflict`]: the Manhattan total, the conflict total and each
/// line's conflicts (so a move recomputes only the two lines it changes).
#[derive(Clone, Copy, Debug)]
pub struct LineNode {
    md: u16,
    lc: u16,
    rows: [u8; MAX_LINE],
    cols: [u8; MAX_LINE],
}

impl LineNode {
    /// The pairs of tiles in linear conflict (each costs two moves in the estimate).
    pub fn conflicts(&self) -> u32 {
        u32::from(self.lc)
    }
}

impl LinearConflict {
    /// Manhattan plus linear conflicts towards `goal` (sides of at most 8).
    pub fn new(goal: &Board) -> LinearConflict {
        LinearConflict {
            manhattan: Manhattan::new(goal),
            conflicts: true,
        }
    }

    /// Manhattan distance alone towards `goal`.
    pub fn manhattan_only(goal: &Board) -> LinearConflict {
        LinearConflict {
            manhattan: Manhattan::new(goal),
            conflicts: false,
        }
    }
}

impl Estimate for LinearConflict {
    type Node = LineNode;
    type Ahead = ();

    fn init(&self, board: &FastBoard) -> LineNode {
        let mut node = LineNode {
            md: self.manhattan.total(board) as u16,
            lc: 0,
            rows: [0; MAX_LINE],
            cols: [0; MAX_LINE],
        };
        if self.conflicts {
            let (width, height) = (self.manhattan.size.width(), self.manhattan.size.height());
            for row in 0..height {
                node.rows[row] = self.manhattan.row_conflicts(board, row);
                node.lc += u16::from(node.rows[row]);
            }
            for col in 0..width {
                node.cols[col] = self.manhattan.col_conflicts(board, col);
                node.lc += u16::from(node.cols[col]);
            }
        }
        node
    }

    #[inline(always)]
    fn step(
        &self,
        node: &LineNode,
        board: &FastBoard,
        tile: u8,
        from: usize,
        to: usize,
    ) -> LineNode {
        let mut next = *node;
        next.md = self.manhattan.step(node.md, tile, from, to);
        if self.conflicts {
            let m = &self.manhattan;
            let (from_row, from_col) = (m.cell_row[from] as usize, m.cell_col[from] as usize);
            let (to_row, to_col) = (m.cell_row[to] as usize, m.cell_col[to] as usize);
            // A tile moving along its row keeps the row's order: only the two columns it
            // leaves and enters change, and of those only one that is the tile's goal
            // column (a column's conflicts involve only tiles that belong in it). Likewise
            // for a vertical move and rows. Most moves so recompute one line or none.
            let t = tile as usize;
            if from_row == to_row {
                let goal = self.manhattan.goal_col[t] as usize;
                if goal == from_col || goal == to_col {
                    let c = self.manhattan.col_conflicts(board, goal);
                    next.lc = next.lc + u16::from(c) - u16::from(node.cols[goal]);
                    next.cols[goal] = c;
                }
            } else {
                let goal = self.manhattan.goal_row[t] as usize;
                if goal == from_row || goal == to_row {
                    let c = self.manhattan.row_conflicts(board, goal);
                    next.lc = next.lc + u16::from(c) - u16::from(node.rows[goal]);
                    next.rows[goal] = c;
                }
            }
        }
        next
    }

    #[inline(always)]
    fn value(&self, node: &LineNode) -> u32 {
        u32::from(node.md) + 2 * u32::from(node.lc)
    }

    #[inline(always)]
    fn is_goal(&self, node: &LineNode) -> bool {
        node.md == 0
    }

    fn name(&self) -> String {
        if self.conflicts {
            HeuristicKind::LinearConflict.name().to_string()
        } else {
            HeuristicKind::Manhattan.name().to_string()
        }
    }
}
