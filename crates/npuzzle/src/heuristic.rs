//! Admissible estimates of the number of moves left: misplaced tiles, Manhattan distance
//! and Manhattan distance plus linear conflicts, against any goal.
//!
//! None counts the blank: with the blank counted, one move could lower the estimate by
//! two and the estimate would stop being a lower bound.

use std::fmt;

use crate::board::{Board, Size};

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
    /// others in it pass. Admissible but not consistent (one move can change it by more
    /// than one), so A* re-opens states reached more cheaply.
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
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        HeuristicKind::ALL
            .into_iter()
            .find(|h| h.name() == s)
            .ok_or_else(|| {
                format!("unknown heuristic '{s}' (misplaced, manhattan, linear-conflict)")
            })
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
    fn line_conflicts<T: Copy + Into<u32>>(&self, cells: &[T]) -> u32 {
        let Size { width, height } = self.size;
        let mut total = 0;
        let mut line = Vec::with_capacity(width.max(height));
        for row in 0..height {
            line.clear();
            for col in 0..width {
                let t = cells[row * width + col].into() as usize;
                if t != 0 && self.goal_cell[t] / width == row {
                    line.push(self.goal_cell[t] % width);
                }
            }
            total += line.len() - longest_increasing(&line);
        }
        for col in 0..width {
            line.clear();
            for row in 0..height {
                let t = cells[row * width + col].into() as usize;
                if t != 0 && self.goal_cell[t] % width == col {
                    line.push(self.goal_cell[t] / width);
                }
            }
            total += line.len() - longest_increasing(&line);
        }
        total as u32
    }
}

/// Length of the longest strictly increasing subsequence (patience sorting).
fn longest_increasing(values: &[usize]) -> usize {
    let mut tails: Vec<usize> = Vec::with_capacity(values.len());
    for &v in values {
        match tails.binary_search(&v) {
            Ok(_) => {}
            Err(i) if i == tails.len() => tails.push(v),
            Err(i) => tails[i] = v,
        }
    }
    tails.len()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::parse_board;

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
    fn longest_increasing_runs() {
        assert_eq!(longest_increasing(&[]), 0);
        assert_eq!(longest_increasing(&[2, 1, 0]), 1);
        assert_eq!(longest_increasing(&[0, 2, 1, 3]), 3);
    }
}
