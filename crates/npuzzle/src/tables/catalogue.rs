//! Catalogues of partitions (Clausecker & Reinefeld 2019): several additive partitions of
//! the tiles whose pattern databases share tables, the estimate being the largest of the
//! partitions' sums. As users write them, checked before any table is touched.
//!
//! ```
//! use npuzzle::tables::catalogue::Catalogue;
//! use npuzzle::{Board, Size};
//!
//! // Korf's goal for the 24-puzzle: blank top-left.
//! let goal = Board::blank_first_goal(Size::square(5)?);
//! let small: Catalogue = "small".parse()?;
//! let partitions = small.partitions(&goal)?;
//! assert_eq!(partitions.len(), 7);
//! assert_eq!(partitions[0][0], vec![1, 5, 6, 10, 11, 12]);
//!
//! // Partitions written out: separated by `;` or by lines, `#` comments.
//! let two: Catalogue = "6-6-6-6; 1,2,5,6,10,11/3,4,7,8,9,12".parse()?;
//! assert_eq!(two.partitions(&goal)?.len(), 2);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! **Written form.** A name (`small`), or partitions in the form of
//! [`Partition`] separated by `;` or newlines; `#` starts a
//! comment that runs to the end of the line, so a catalogue file holds one partition a
//! line. Partitions need not cover every tile (the others count their Manhattan
//! distance), and may share groups: each distinct group is one table.

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use crate::puzzle::board::{Board, Size};
use crate::tables::partition::{Groups, Partition, PartitionError};

/// The most partitions a catalogue may have.
pub const MAX_PARTITIONS: usize = 8;

/// A catalogue that cannot be used, with what is wrong with it.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum CatalogueError {
    /// The text is not a catalogue.
    #[error("catalogue '{spec}': {why}")]
    Invalid {
        /// The catalogue as written (shortened).
        spec: String,
        /// What is wrong with it.
        why: String,
    },
    /// One of its partitions is not valid.
    // Not a `source`: the message holds it, and error chains would print it twice.
    #[error("catalogue '{spec}', partition {index}: {fault}")]
    Partition {
        /// The catalogue as written (shortened).
        spec: String,
        /// The partition's number, from 1.
        index: usize,
        /// What is wrong with it.
        fault: PartitionError,
    },
}

/// The catalogues known by name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NamedCatalogue {
    /// Clausecker & Reinefeld's "small" catalogue for the 24-puzzle: seven partitions
    /// into four 6-tile groups over 14 tables (their mirror images, also in their
    /// catalogue, are the reflected lookups here).
    Small,
}

impl NamedCatalogue {
    /// Every named catalogue.
    pub const ALL: [NamedCatalogue; 1] = [NamedCatalogue::Small];

    /// The catalogue's name.
    pub fn name(self) -> &'static str {
        match self {
            NamedCatalogue::Small => "small",
        }
    }

    /// The partitions, as goal cells of a 5×5 goal with the blank on cell 0.
    fn cells(self) -> &'static [[[u8; 6]; 4]] {
        match self {
            NamedCatalogue::Small => &SMALL_24,
        }
    }
}

/// Clausecker & Reinefeld's small catalogue (`catalogues/small-t.cat` in their
/// repository `clausecker/24puzzle`), by goal cell of a goal with the blank on cell 0.
/// The first is Korf & Felner's 6-6-6-6 mirrored about the diagonal.
const SMALL_24: [[[u8; 6]; 4]; 7] = [
    [
        [1, 5, 6, 10, 11, 12],
        [2, 3, 4, 7, 8, 9],
        [13, 14, 18, 19, 23, 24],
        [15, 16, 17, 20, 21, 22],
    ],
    [
        [1, 2, 5, 6, 10, 11],
        [3, 4, 7, 8, 9, 12],
        [13, 14, 18, 19, 23, 24],
        [15, 16, 17, 20, 21, 22],
    ],
    [
        [1, 5, 6, 10, 11, 12],
        [2, 3, 4, 7, 8, 9],
        [13, 14, 15, 16, 17, 18],
        [19, 20, 21, 22, 23, 24],
    ],
    [
        [1, 2, 5, 6, 10, 11],
        [3, 4, 7, 8, 9, 12],
        [13, 14, 15, 16, 17, 18],
        [19, 20, 21, 22, 23, 24],
    ],
    [
        [1, 5, 6, 10, 15, 20],
        [2, 3, 4, 7, 8, 9],
        [11, 12, 16, 17, 21, 22],
        [13, 14, 18, 19, 23, 24],
    ],
    [
        [1, 2, 5, 6, 10, 11],
        [3, 4, 9, 14, 19, 24],
        [7, 8, 12, 13, 18, 23],
        [15, 16, 17, 20, 21, 22],
    ],
    [
        [1, 5, 6, 10, 15, 20],
        [2, 3, 4, 7, 8, 9],
        [11, 12, 13, 16, 17, 18],
        [14, 19, 21, 22, 23, 24],
    ],
];

/// A catalogue of partitions, as written.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Catalogue {
    /// A catalogue known by name.
    Named(NamedCatalogue),
    /// Partitions written out.
    Partitions(Vec<Partition>),
}

impl FromStr for Catalogue {
    type Err = CatalogueError;

    fn from_str(text: &str) -> Result<Catalogue, CatalogueError> {
        let spec = shorten(text);
        let trimmed = text.trim();
        if let Some(named) = NamedCatalogue::ALL
            .into_iter()
            .find(|n| n.name() == trimmed)
        {
            return Ok(Catalogue::Named(named));
        }
        let pieces: Vec<&str> = text
            .lines()
            .map(|line| line.split('#').next().unwrap_or_default())
            .flat_map(|line| line.split(';'))
            .map(str::trim)
            .filter(|p| !p.is_empty())
            .collect();
        if pieces.is_empty() {
            let known: Vec<&str> = NamedCatalogue::ALL.iter().map(|n| n.name()).collect();
            return Err(CatalogueError::Invalid {
                spec,
                why: format!(
                    "it holds no partition; name a catalogue ({}) or write partitions separated by ';'",
                    known.join(", ")
                ),
            });
        }
        if let [word] = pieces[..] {
            if !word.chars().any(|c| c.is_ascii_digit()) {
                let known: Vec<&str> = NamedCatalogue::ALL.iter().map(|n| n.name()).collect();
                return Err(CatalogueError::Invalid {
                    spec,
                    why: format!(
                        "no catalogue has that name (known: {}); or write partitions separated by ';'",
                        known.join(", ")
                    ),
                });
            }
        }
        if pieces.len() > MAX_PARTITIONS {
            return Err(CatalogueError::Invalid {
                spec,
                why: format!("{} partitions; at most {MAX_PARTITIONS}", pieces.len()),
            });
        }
        let partitions = pieces
            .iter()
            .enumerate()
            .map(|(i, p)| {
                p.parse::<Partition>()
                    .map_err(|fault| CatalogueError::Partition {
                        spec: spec.clone(),
                        index: i + 1,
                        fault,
                    })
            })
            .collect::<Result<_, _>>()?;
        Ok(Catalogue::Partitions(partitions))
    }
}

impl fmt::Display for Catalogue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Catalogue::Named(named) => f.write_str(named.name()),
            Catalogue::Partitions(partitions) => {
                let parts: Vec<String> = partitions.iter().map(ToString::to_string).collect();
                f.write_str(&parts.join("; "))
            }
        }
    }
}

impl Catalogue {
    /// The partitions this catalogue makes of `goal`'s tiles, each group's tiles in
    /// increasing order.
    ///
    /// # Errors
    /// When a partition does not fit the board, or a named catalogue is not defined for
    /// it (the named ones are for 5×5 goals with the blank in a corner).
    pub fn partitions(&self, goal: &Board) -> Result<Vec<Groups>, CatalogueError> {
        let mut partitions = match self {
            Catalogue::Named(named) => {
                named_partitions(*named, goal).ok_or_else(|| CatalogueError::Invalid {
                    spec: named.name().to_string(),
                    why: format!(
                        "it is defined for 5x5 boards whose goal has the blank in a corner, not for the {} goal {goal}",
                        goal.size()
                    ),
                })?
            }
            Catalogue::Partitions(partitions) => partitions
                .iter()
                .enumerate()
                .map(|(i, p)| {
                    p.groups(goal).map_err(|fault| CatalogueError::Partition {
                        spec: shorten(&self.to_string()),
                        index: i + 1,
                        fault,
                    })
                })
                .collect::<Result<_, _>>()?,
        };
        for groups in &mut partitions {
            for group in groups.iter_mut() {
                group.sort_unstable();
            }
        }
        Ok(partitions)
    }
}

/// A named catalogue's partitions turned to the corner of `goal`'s blank (as the
/// 6-6-6-6 partition is): `None` unless the goal is 5×5 with the blank in a corner.
fn named_partitions(named: NamedCatalogue, goal: &Board) -> Option<Vec<Groups>> {
    let size = goal.size();
    if size != Size::square(5).ok()? {
        return None;
    }
    let (row, col) = size.row_col(goal.blank());
    if !(row == 0 || row == 4) || !(col == 0 || col == 4) {
        return None;
    }
    let turn = |cell: u8| {
        let (r, c) = (usize::from(cell) / 5, usize::from(cell) % 5);
        let r = if row == 0 { r } else { 4 - r };
        let c = if col == 0 { c } else { 4 - c };
        r * 5 + c
    };
    Some(
        named
            .cells()
            .iter()
            .map(|partition| {
                partition
                    .iter()
                    .map(|cells| {
                        cells
                            .iter()
                            .map(|&c| u8::try_from(goal.tile_at(turn(c))).expect("25 cells"))
                            .collect()
                    })
                    .collect()
            })
            .collect(),
    )
}

/// A catalogue as written, cut to a readable length for an error message.
fn shorten(text: &str) -> String {
    const KEPT: usize = 60;
    let one_line = text.split_whitespace().collect::<Vec<_>>().join(" ");
    if one_line.chars().count() <= KEPT {
        one_line
    } else {
        format!("{}…", one_line.chars().take(KEPT).collect::<String>())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn korf_goal() -> Board {
        Board::blank_first_goal(Size::square(5).unwrap())
    }

    #[test]
    fn small_partitions_cover_every_tile_once() {
        let partitions = Catalogue::Named(NamedCatalogue::Small)
            .partitions(&korf_goal())
            .unwrap();
        let mut groups: Vec<Vec<u8>> = partitions.iter().flatten().cloned().collect();
        for p in &partitions {
            let mut tiles: Vec<u8> = p.iter().flatten().copied().collect();
            tiles.sort_unstable();
            assert_eq!(tiles, (1..25).collect::<Vec<u8>>());
        }
        groups.sort();
        groups.dedup();
        assert_eq!(groups.len(), 14, "14 distinct tables");
    }

    #[test]
    fn named_catalogues_turn_to_the_blank_corner() {
        // Blank bottom-right: cell 24 plays the part of cell 0, so the group of cells
        // 1, 5, 6, 10, 11, 12 becomes the cells 23, 19, 18, 14, 13, 12.
        let goal = Board::goal(Size::square(5).unwrap());
        let partitions = "small"
            .parse::<Catalogue>()
            .unwrap()
            .partitions(&goal)
            .unwrap();
        let cells: Vec<usize> = partitions[0][0]
            .iter()
            .map(|&t| goal.positions()[usize::from(t)])
            .collect();
        let mut sorted = cells.clone();
        sorted.sort_unstable();
        assert_eq!(sorted, vec![12, 13, 14, 18, 19, 23]);
        let centre = Board::new(
            Size::square(5).unwrap(),
            (1..13).chain([0]).chain(13..25).collect(),
        )
        .unwrap();
        let e = "small"
            .parse::<Catalogue>()
            .unwrap()
            .partitions(&centre)
            .unwrap_err();
        assert!(e.to_string().contains("blank in a corner"), "{e}");
    }

    #[test]
    fn written_catalogues_read_and_print_back() {
        let text = "# two partitions\n6-6-6-6\n1,2,5,6,10,11/3,4,7,8,9,12 # a comment\n";
        let catalogue: Catalogue = text.parse().unwrap();
        assert_eq!(catalogue.to_string(), "6-6-6-6; 1,2,5,6,10,11/3,4,7,8,9,12");
        let again: Catalogue = catalogue.to_string().parse().unwrap();
        assert_eq!(again, catalogue);
        assert_eq!("small".parse::<Catalogue>().unwrap().to_string(), "small");
    }

    #[test]
    fn errors_name_the_fault() {
        for (text, needle) in [
            ("", "holds no partition"),
            ("# nothing\n", "holds no partition"),
            (
                "6-6-6-6; 1,2/2,3",
                "partition 2: partition '1,2/2,3': tile 2 is in group 1",
            ),
            ("smal", "no catalogue has that name (known: small)"),
        ] {
            let e = text.parse::<Catalogue>().unwrap_err();
            assert!(e.to_string().contains(needle), "{text}: {e}");
        }
        let many = ["1,2"; 9].join(";");
        assert!(many
            .parse::<Catalogue>()
            .unwrap_err()
            .to_string()
            .contains("9 partitions"));
        let e = "7-8; 1,2,30"
            .parse::<Catalogue>()
            .unwrap()
            .partitions(&Board::goal(Size::square(4).unwrap()))
            .unwrap_err();
        assert!(e.to_string().contains("partition 2"), "{e}");
        assert!(e.to_string().contains("tile 30"), "{e}");
    }
}
