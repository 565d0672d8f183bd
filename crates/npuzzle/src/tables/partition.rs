//! Partitions of a board's tiles into disjoint groups: the shape of an additive pattern
//! database, as users write it, checked before any table is touched.
//!
//! ```
//! use npuzzle::tables::partition::Partition;
//! use npuzzle::{Board, Size};
//!
//! let goal = Board::goal(Size::square(4)?);
//! let partition: Partition = "6-6-3".parse()?;
//! let groups = partition.groups(&goal)?;
//! assert_eq!(groups[0], vec![1, 2, 3, 4, 5, 6]);
//! assert_eq!(groups[2], vec![13, 14, 15]);
//! // Korf & Felner's 7-8, turned to the blank's corner: the 7 tiles of its two rows.
//! let groups = "7-8".parse::<Partition>()?.groups(&goal)?;
//! assert_eq!(groups[1], vec![9, 10, 11, 12, 13, 14, 15]);
//! let explicit: Partition = "1,2,3/4,5,6".parse()?;
//! assert_eq!(explicit.to_string(), "1,2,3/4,5,6");
//! assert!("7-9".parse::<Partition>()?.groups(&goal).is_err()); // 16 tiles on 15
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use crate::puzzle::board::Board;
use crate::util::excerpt::shortened;

/// The most groups a partition may have.
pub const MAX_GROUPS: usize = 16;

/// Tile groups, each a list of tile numbers (never the blank, 0).
pub type Groups = Vec<Vec<u8>>;

/// A partition that cannot be used, with what is wrong with it.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("partition '{spec}': {why}")]
pub struct PartitionError {
    /// The partition as written.
    pub spec: String,
    /// What is wrong with it.
    pub why: String,
}

/// A partition of the tiles, as written.
///
/// Two forms:
/// - group sizes joined by `-`, e.g. `7-8`, `6-6-3`, `5-5-5`: groups take the tiles in
///   the order of their goal cells (row-major, skipping the blank), first group first;
///   except Korf & Felner's partitions, turned to the goal's blank where it is in a
///   corner: `7-8` on a 4×4 board (the 7 tiles of the blank's two rows, the 8 of the
///   other two) and `6-6-6-6` on a 5×5 board (blocks of 2×3 and 3×2 cells);
/// - explicit groups of tile numbers, tiles joined by `,` and groups by `/`, e.g.
///   `1,2,3,4,5,6,7/8,9,10,11,12,13,14,15` (a single group needs a `,`: `1,2,3`).
///
/// Groups are non-empty and disjoint and hold tiles, not the blank. Tiles left out of
/// every group are estimated by their Manhattan distance.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Partition {
    /// Group sizes, the tiles taken in goal order.
    Sizes(Vec<usize>),
    /// Explicit groups of tiles.
    Groups(Groups),
}

impl FromStr for Partition {
    type Err = PartitionError;

    fn from_str(spec: &str) -> Result<Partition, PartitionError> {
        let bad = |why: String| PartitionError {
            spec: spec.to_string(),
            why,
        };
        let text = spec.trim();
        if text.is_empty() {
            return Err(bad(
                "it is empty; write sizes like 7-8 or groups like 1,2,3/4,5,6".into(),
            ));
        }
        let partition = if text.contains(',') || text.contains('/') {
            let groups: Groups = text
                .split('/')
                .enumerate()
                .map(|(g, group)| {
                    group
                        .split(|c: char| c == ',' || c.is_whitespace())
                        .filter(|t| !t.is_empty())
                        .map(|t| match t.parse::<u8>() {
                            Ok(0) => Err(bad(format!(
                                "group {} holds 0, the blank; groups hold tiles only",
                                g + 1
                            ))),
                            Ok(tile) => Ok(tile),
                            Err(_) => Err(bad(format!(
                                "'{}' in group {} is not a tile number",
                                shortened(t),
                                g + 1
                            ))),
                        })
                        .collect()
                })
                .collect::<Result<_, _>>()?;
            let mut seen = [0usize; 256];
            for (g, group) in groups.iter().enumerate() {
                if group.is_empty() {
                    return Err(bad(format!("group {} is empty", g + 1)));
                }
                for &t in group {
                    if seen[usize::from(t)] != 0 {
                        return Err(bad(format!(
                            "tile {t} is in group {} and group {}; groups must be disjoint",
                            seen[usize::from(t)],
                            g + 1
                        )));
                    }
                    seen[usize::from(t)] = g + 1;
                }
            }
            Partition::Groups(groups)
        } else {
            let sizes: Vec<usize> = text
                .split('-')
                .map(|s| match s.trim().parse::<usize>() {
                    Ok(0) => Err(bad("a group of size 0 holds no tiles".into())),
                    Ok(k) => Ok(k),
                    Err(_) => Err(bad(format!(
                        "'{}' is not a group size (write sizes like 7-8)",
                        shortened(s)
                    ))),
                })
                .collect::<Result<_, _>>()?;
            Partition::Sizes(sizes)
        };
        let count = match &partition {
            Partition::Sizes(sizes) => sizes.len(),
            Partition::Groups(groups) => groups.len(),
        };
        if count > MAX_GROUPS {
            return Err(bad(format!("{count} groups; at most {MAX_GROUPS}")));
        }
        Ok(partition)
    }
}

impl fmt::Display for Partition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Partition::Sizes(sizes) => {
                let sizes: Vec<String> = sizes.iter().map(usize::to_string).collect();
                f.write_str(&sizes.join("-"))
            }
            Partition::Groups(groups) => f.write_str(&groups_text(groups)),
        }
    }
}

impl Partition {
    /// The groups this partition makes of `goal`'s tiles.
    ///
    /// # Errors
    /// When a tile is not on the board or the groups hold more tiles than it has.
    ///
    /// # Panics
    /// Never: boards with pattern databases have fewer than 256 cells.
    pub fn groups(&self, goal: &Board) -> Result<Groups, PartitionError> {
        let bad = |why: String| PartitionError {
            spec: self.to_string(),
            why,
        };
        let size = goal.size();
        let tiles = size.cells() - 1;
        match self {
            Partition::Groups(groups) => {
                for (g, group) in groups.iter().enumerate() {
                    if let Some(&tile) = group.iter().find(|&&t| usize::from(t) > tiles) {
                        return Err(bad(format!(
                            "tile {tile} in group {} is not on a {size} board (tiles 1..{tiles})",
                            g + 1
                        )));
                    }
                }
                Ok(groups.clone())
            }
            Partition::Sizes(sizes) => {
                let total: usize = sizes.iter().sum();
                if total > tiles {
                    return Err(bad(format!(
                        "the groups hold {total} tiles but a {size} board has {tiles}"
                    )));
                }
                if let Some(groups) = korf_felner(goal, sizes) {
                    return Ok(groups);
                }
                let order: Vec<u8> = goal
                    .cells()
                    .iter()
                    .filter(|&&t| t != 0)
                    .map(|&t| u8::try_from(t).expect("boards of pattern databases are small"))
                    .collect();
                let mut next = 0;
                Ok(sizes
                    .iter()
                    .map(|&k| {
                        let group = order[next..next + k].to_vec();
                        next += k;
                        group
                    })
                    .collect())
            }
        }
    }
}

/// One of Korf & Felner's partitions, by goal cell, for a goal with the blank top-left.
struct KorfFelner {
    /// The side of the square board.
    side: usize,
    /// The group sizes that name it.
    sizes: &'static [usize],
    /// Each group's cells.
    cells: &'static [&'static [usize]],
}

/// Korf & Felner's partitions:
///
/// - The 15-puzzle's 7-8: the 7 cells of the blank's two rows and the 8 of the others.
///   Turned to a goal with the blank bottom-right (the default goal), the 7 tiles beside
///   the blank took the 80-move positions 1.4 times faster than the tiles 1–7 did
///   (docs/BENCHMARKS.md, "15-puzzle: the 80-move positions").
/// - The 24-puzzle's 6-6-6-6: a 2×3 block and a 3×2 block beside the blank's corner (less
///   the blank), their mirror images about the main diagonal covering the rest. Compact
///   groups of tiles that meet often give larger entries than rows would.
const KORF_FELNER: [KorfFelner; 2] = [
    KorfFelner {
        side: 4,
        sizes: &[7, 8],
        cells: &[&[1, 2, 3, 4, 5, 6, 7], &[8, 9, 10, 11, 12, 13, 14, 15]],
    },
    KorfFelner {
        side: 5,
        sizes: &[6, 6, 6, 6],
        cells: &[
            &[1, 2, 5, 6, 7, 12],
            &[3, 4, 8, 9, 13, 14],
            &[10, 11, 15, 16, 20, 21],
            &[17, 18, 19, 22, 23, 24],
        ],
    },
];

/// The groups of Korf & Felner's partition named by `sizes` ([`KORF_FELNER`]) on a board
/// whose goal has the blank in a corner, turned to that corner. `None` for any other
/// board or sizes.
fn korf_felner(goal: &Board, sizes: &[usize]) -> Option<Groups> {
    let (width, height) = (goal.size().width(), goal.size().height());
    let partition = KORF_FELNER
        .iter()
        .find(|k| k.side == width && k.side == height && k.sizes == sizes)?;
    let (row, col) = goal.size().row_col(goal.blank());
    let last = width - 1;
    if !(row == 0 || row == last) || !(col == 0 || col == last) {
        return None;
    }
    // Flip rows and columns so that cell 0 lands on the blank's corner.
    let turn = |cell: usize| {
        let (r, c) = (cell / width, cell % width);
        let r = if row == 0 { r } else { last - r };
        let c = if col == 0 { c } else { last - c };
        r * width + c
    };
    let mut groups: Groups = partition
        .cells
        .iter()
        .map(|cells| {
            let mut tiles: Vec<u8> = cells
                .iter()
                .map(|&c| u8::try_from(goal.tile_at(turn(c))).expect("at most 25 cells"))
                .collect();
            tiles.sort_unstable();
            tiles
        })
        .collect();
    groups.sort();
    Some(groups)
}

/// A group written `1,2,3`.
pub fn group_text(group: &[u8]) -> String {
    let tiles: Vec<String> = group.iter().map(u8::to_string).collect();
    tiles.join(",")
}

/// Groups written `1,2,3/4,5,6`.
pub fn groups_text(groups: &[Vec<u8>]) -> String {
    let groups: Vec<String> = groups.iter().map(|g| group_text(g)).collect();
    groups.join("/")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::board::Size;

    fn goal(side: usize) -> Board {
        Board::blank_first_goal(Size::square(side).unwrap())
    }

    #[test]
    fn sizes_take_tiles_in_goal_order() {
        let groups = "6-6-3"
            .parse::<Partition>()
            .unwrap()
            .groups(&goal(4))
            .unwrap();
        assert_eq!(groups[2], vec![13, 14, 15]);
        assert_eq!("6-6-3".parse::<Partition>().unwrap().to_string(), "6-6-3");
    }

    #[test]
    fn korf_felner_blocks_on_the_24_puzzle() {
        let groups = "6-6-6-6"
            .parse::<Partition>()
            .unwrap()
            .groups(&goal(5))
            .unwrap();
        assert_eq!(groups[0], vec![1, 2, 5, 6, 7, 12]);
        assert_eq!(groups.iter().map(Vec::len).sum::<usize>(), 24);
    }

    /// `7-8` on the 15-puzzle: the 7 tiles of the blank's two rows, whichever corner the
    /// goal's blank is in; elsewhere (and `8-7`) the tiles in goal order.
    #[test]
    fn korf_felner_rows_on_the_fifteen_puzzle() {
        let seven_eight = "7-8".parse::<Partition>().unwrap();
        let size = Size::square(4).unwrap();
        let first: Vec<u8> = (1..=7).collect();
        let last: Vec<u8> = (9..=15).collect();
        let upper: Vec<u8> = (1..=8).collect();
        for (goal, seven) in [
            (Board::blank_first_goal(size), first.clone()),
            (Board::goal(size), last.clone()),
            (
                crate::parse_board("1 2 3 0/4 5 6 7/8 9 10 11/12 13 14 15", None).unwrap(),
                first.clone(),
            ),
            (
                crate::parse_board("1 2 3 4/5 6 7 8/9 10 11 12/0 13 14 15", None).unwrap(),
                (9..=15).collect(),
            ),
        ] {
            let groups = seven_eight.groups(&goal).unwrap();
            assert_eq!(groups.len(), 2, "{goal}");
            assert!(groups.contains(&seven), "{goal}: {groups:?}");
            assert_eq!(groups.iter().map(Vec::len).sum::<usize>(), 15);
        }
        let in_order = "8-7"
            .parse::<Partition>()
            .unwrap()
            .groups(&Board::goal(size))
            .unwrap();
        assert_eq!(in_order, vec![upper, last]);
        let centre = crate::parse_board("1 2 3 4/5 0 6 7/8 9 10 11/12 13 14 15", None).unwrap();
        assert_eq!(seven_eight.groups(&centre).unwrap()[0], first);
    }

    #[test]
    fn errors_name_the_fault() {
        for (spec, needle) in [
            ("", "empty"),
            ("7-x", "'x' is not a group size"),
            ("1,2/2,3", "tile 2 is in group 1 and group 2"),
            ("0,1", "holds 0, the blank"),
            ("1,a", "'a' in group 1"),
            ("3-0", "size 0"),
            ("1-1-1-1-1-1-1-1-1-1-1-1-1-1-1-1-1", "17 groups"),
        ] {
            let e = spec.parse::<Partition>().unwrap_err();
            assert!(e.to_string().contains(needle), "{spec}: {e}");
        }
        let e = "1,16"
            .parse::<Partition>()
            .unwrap()
            .groups(&goal(4))
            .unwrap_err();
        assert!(
            e.to_string().contains("tile 16 in group 1 is not on a 4x4"),
            "{e}"
        );
        let e = "8-8"
            .parse::<Partition>()
            .unwrap()
            .groups(&goal(4))
            .unwrap_err();
        assert!(
            e.to_string().contains("16 tiles but a 4x4 board has 15"),
            "{e}"
        );
    }
}
