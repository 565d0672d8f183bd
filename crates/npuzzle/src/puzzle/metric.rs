//! How moves are counted: the single-tile metric (one tile one cell is one move) or the
//! multi-tile metric of the speedsolvers (the blank jumping any number of cells along
//! its row or column, sliding every tile on the way, is one move).
//!
//! Answers are always written as the blank's single steps (`"moves"`); a metric only
//! says how they count. In the multi-tile metric a run of equal steps is one move, so
//! `lll` is one move (tile notation writes it `R3`), and an optimal answer never has two
//! moves along the same line in a row: they would make one move or none.
//!
//! ```
//! use npuzzle::puzzle::metric::Metric;
//! use npuzzle::{parse_moves, Notation};
//!
//! let moves = parse_moves("llluur")?;
//! assert_eq!(Metric::SingleTile.length(&moves), 6);
//! assert_eq!(Metric::MultiTile.length(&moves), 3);
//! assert_eq!(Notation::Tiles.write(&moves), "R3D2L");
//! assert_eq!("mtm".parse::<Metric>().unwrap(), Metric::MultiTile);
//! # Ok::<(), npuzzle::ParseError>(())
//! ```
//!
//! ## The canonical answer in the multi-tile metric
//! Among the optimal answers, the one given is the lexicographically smallest sequence
//! of multi-tile moves, where a move compares first by its direction in the move order
//! in force and then by its length, shorter first. Under the default order `l r d u`,
//! `l` (one cell) comes before `ll` (two cells), which comes before `r`. Every door and
//! algorithm gives this answer, as in the single-tile metric.

use std::fmt;
use std::str::FromStr;

use crate::puzzle::board::{Move, Size};
use crate::puzzle::notation::{parse_name, UnknownName};

/// How moves are counted.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Metric {
    /// One tile moved one cell is one move (`stm`, the default).
    #[default]
    #[cfg_attr(feature = "serde", serde(rename = "stm"))]
    SingleTile,
    /// One or more tiles of one line slid in one motion is one move (`mtm`).
    #[cfg_attr(feature = "serde", serde(rename = "mtm"))]
    MultiTile,
}

impl Metric {
    /// Both metrics.
    pub const ALL: [Metric; 2] = [Metric::SingleTile, Metric::MultiTile];

    /// The name used on the command line, in reports and in the Python package.
    pub fn name(self) -> &'static str {
        match self {
            Metric::SingleTile => "stm",
            Metric::MultiTile => "mtm",
        }
    }

    /// The metric in words, as sentences name it: `the single-tile metric`, `the
    /// multi-tile metric`.
    pub fn in_words(self) -> &'static str {
        match self {
            Metric::SingleTile => "the single-tile metric",
            Metric::MultiTile => "the multi-tile metric",
        }
    }

    /// The number of moves `steps` (the blank's single steps) make in this metric: every
    /// step, or every run of equal steps.
    pub fn length(self, steps: &[Move]) -> usize {
        match self {
            Metric::SingleTile => steps.len(),
            Metric::MultiTile => steps.chunk_by(|a, b| a == b).count(),
        }
    }

    /// The moves `steps` (the blank's single steps) make in this metric, each as its
    /// steps: every step alone, or every run of equal steps.
    ///
    /// ```
    /// use npuzzle::puzzle::metric::Metric;
    /// let steps = npuzzle::parse_moves("llu")?;
    /// assert_eq!(Metric::SingleTile.moves(&steps).len(), 3);
    /// assert_eq!(Metric::MultiTile.moves(&steps), [&steps[..2], &steps[2..]]);
    /// # Ok::<(), npuzzle::ParseError>(())
    /// ```
    pub fn moves(self, steps: &[Move]) -> Vec<&[Move]> {
        match self {
            Metric::SingleTile => steps.chunks(1).collect(),
            Metric::MultiTile => steps.chunk_by(|a, b| a == b).collect(),
        }
    }

    /// Whether a move in direction `next` after one in direction `last` cannot be part of
    /// an optimal answer for lying along the same line: never in the single-tile metric
    /// (where only a step straight back is wasted), always in the multi-tile one (two
    /// moves along one line make one move, or none).
    pub fn continues_line(self, last: Move, next: Move) -> bool {
        let horizontal = |mv: Move| matches!(mv, Move::Left | Move::Right);
        self == Metric::MultiTile && horizontal(last) == horizontal(next)
    }

    /// What a sentence that counts moves adds to say the metric: nothing for the default
    /// single-tile metric, whose sentences read as they always did, else ` in the
    /// multi-tile metric`.
    pub fn qualifier(self) -> String {
        if self == Metric::default() {
            String::new()
        } else {
            format!(" in {}", self.in_words())
        }
    }

    /// The longest jump of the blank in one move on a board of `size`: one cell, or
    /// the longer side less one.
    pub fn longest_jump(self, size: Size) -> usize {
        match self {
            Metric::SingleTile => 1,
            Metric::MultiTile => size.width().max(size.height()) - 1,
        }
    }

    /// The cells the blank can reach from `cell` by one move `mv`, nearest first: one
    /// cell in the single-tile metric, every cell along the line in the multi-tile one.
    pub fn reach(self, size: Size, cell: usize, mv: Move) -> impl Iterator<Item = usize> {
        let longest = self.longest_jump(size);
        std::iter::successors(size.step(cell, mv), move |&c| size.step(c, mv)).take(longest)
    }

    /// The blank's move from `from` to `to` and the cells it jumps, when they share a
    /// row or a column and differ.
    pub fn jump(size: Size, from: usize, to: usize) -> Option<(Move, usize)> {
        let ((from_row, from_col), (to_row, to_col)) = (size.row_col(from), size.row_col(to));
        let mv = if from_row == to_row && to_col < from_col {
            Move::Left
        } else if from_row == to_row && to_col > from_col {
            Move::Right
        } else if from_col == to_col && to_row < from_row {
            Move::Up
        } else if from_col == to_col && to_row > from_row {
            Move::Down
        } else {
            return None;
        };
        Some((mv, size.cell_distance(from, to)))
    }

    /// An estimate of single-tile moves made one of this metric's: in the multi-tile
    /// metric a move slides at most [`Metric::longest_jump`] tiles, so it covers at most
    /// that many single-tile moves, and `h` of them need at least `h / longest` moves
    /// (rounded up). Any admissible single-tile estimate stays admissible this way.
    pub fn scaled_estimate(self, size: Size, single_tile: u32) -> u32 {
        let longest = self.longest_jump(size).max(1) as u32;
        single_tile.div_ceil(longest)
    }
}

impl fmt::Display for Metric {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Metric {
    type Err = UnknownName;
    fn from_str(s: &str) -> Result<Metric, UnknownName> {
        parse_name("metric", s, &Metric::ALL, Metric::name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse_moves;

    #[test]
    fn a_run_is_one_multi_tile_move() {
        let count = |text: &str, metric: Metric| metric.length(&parse_moves(text).unwrap());
        assert_eq!(count("", Metric::MultiTile), 0);
        assert_eq!(count("l", Metric::MultiTile), 1);
        assert_eq!(count("lr", Metric::MultiTile), 2);
        assert_eq!(count("llrr", Metric::MultiTile), 2);
        assert_eq!(count("ludl", Metric::MultiTile), 4);
        assert_eq!(count("llrr", Metric::SingleTile), 4);
    }

    #[test]
    fn reach_runs_to_the_edge() {
        let size = Size::new(4, 3).unwrap();
        let cells = |metric: Metric, cell, mv| metric.reach(size, cell, mv).collect::<Vec<_>>();
        assert_eq!(cells(Metric::MultiTile, 0, Move::Right), [1, 2, 3]);
        assert_eq!(cells(Metric::MultiTile, 0, Move::Down), [4, 8]);
        assert_eq!(cells(Metric::MultiTile, 0, Move::Up), Vec::<usize>::new());
        assert_eq!(cells(Metric::SingleTile, 0, Move::Right), [1]);
    }

    #[test]
    fn jumps_are_along_a_line() {
        let size = Size::new(4, 3).unwrap();
        assert_eq!(Metric::jump(size, 0, 3), Some((Move::Right, 3)));
        assert_eq!(Metric::jump(size, 9, 1), Some((Move::Up, 2)));
        assert_eq!(Metric::jump(size, 0, 5), None);
        assert_eq!(Metric::jump(size, 5, 5), None);
        for cell in 0..size.cells() {
            for mv in Move::ALL {
                for (k, to) in Metric::MultiTile.reach(size, cell, mv).enumerate() {
                    assert_eq!(Metric::jump(size, cell, to), Some((mv, k + 1)));
                }
            }
        }
    }

    #[test]
    fn names_read_back_and_others_are_refused() {
        for metric in Metric::ALL {
            assert_eq!(metric.name().parse::<Metric>().unwrap(), metric);
        }
        let error = "MTM".parse::<Metric>().unwrap_err().to_string();
        assert!(error.contains("stm") && error.contains("mtm"), "{error}");
    }
}
