//! The coloured multi-tile database as a search estimate, for any goal with the blank
//! in the last cell, with the walking distance beside it.

use std::sync::Arc;

use crate::puzzle::board::Board;
use crate::tables::multi_tile_database::{ColourState, MultiTileDatabase};
use crate::tables::walking_distance::{WalkingDistance, WalkingState};

use super::{JumpEstimate, MAX_JUMP_CELLS};

/// The larger of a coloured database's entries (the board's and its transpose's) and
/// the walking distance, for one goal.
#[derive(Clone, Debug)]
pub struct ColouredEstimate {
    database: Arc<MultiTileDatabase>,
    walking: Option<WalkingDistance>,
    /// `rename[tile]`: the tile of the standard goal in the cell where `goal` has `tile`.
    rename: [u8; MAX_JUMP_CELLS],
}

impl ColouredEstimate {
    /// The estimate towards `goal` from `database`, or `None` unless `goal` has the
    /// database's size and its blank in the last cell. With `walking`, the walking
    /// distance is taken too where it is larger (sides of at most 4).
    pub fn new(
        database: Arc<MultiTileDatabase>,
        goal: &Board,
        walking: bool,
    ) -> Option<ColouredEstimate> {
        let size = database.colouring().size();
        if goal.size() != size || goal.blank() + 1 != size.cells() {
            return None;
        }
        let mut rename = [0u8; MAX_JUMP_CELLS];
        for (cell, &tile) in goal.cells().iter().enumerate() {
            if tile != 0 {
                rename[tile as usize] = cell as u8 + 1;
            }
        }
        let walking = if walking {
            Some(WalkingDistance::new(goal)?)
        } else {
            None
        };
        Some(ColouredEstimate {
            database,
            walking,
            rename,
        })
    }
}

/// A node of [`ColouredEstimate`].
#[derive(Clone, Copy, Debug)]
pub struct ColouredNode {
    colours: ColourState,
    walking: Option<WalkingState>,
}

impl JumpEstimate for ColouredEstimate {
    type Node = ColouredNode;

    fn init(&self, cells: &[u8]) -> ColouredNode {
        let renamed: Vec<u8> = cells.iter().map(|&t| self.rename[usize::from(t)]).collect();
        ColouredNode {
            colours: self.database.state(&renamed),
            walking: self.walking.as_ref().map(|w| w.state(cells)),
        }
    }

    #[inline]
    fn slid(&self, node: &ColouredNode, tile: u8, from: usize, to: usize) -> ColouredNode {
        let renamed = self.rename[usize::from(tile)];
        ColouredNode {
            colours: self.database.slid(&node.colours, renamed, from, to),
            walking: match (&self.walking, node.walking) {
                (Some(w), Some(state)) => Some(w.slid(state, tile, from, to)),
                _ => None,
            },
        }
    }

    #[inline]
    fn value(&self, node: &ColouredNode) -> u32 {
        self.value_within(node, u32::MAX)
    }

    #[inline]
    fn value_within(&self, node: &ColouredNode, limit: u32) -> u32 {
        let colours = self.database.value_within(&node.colours, limit);
        if colours > limit {
            return colours;
        }
        match (&self.walking, node.walking) {
            (Some(w), Some(state)) => colours.max(w.value(state)),
            _ => colours,
        }
    }

    #[inline]
    fn values_within(&self, nodes: &[ColouredNode], limit: u32, values: &mut [u32]) {
        // The walking distance (in cache) first, then the board's entries, then the
        // transposes', each only where the node is still within `limit`; each pass's
        // loads do not wait for one another.
        for (node, value) in nodes.iter().zip(values.iter_mut()) {
            *value = match (&self.walking, node.walking) {
                (Some(w), Some(state)) => w.value(state),
                _ => 0,
            };
        }
        for (node, value) in nodes.iter().zip(values.iter_mut()) {
            if *value <= limit {
                *value = (*value).max(self.database.plain_value(&node.colours));
            }
        }
        for (node, value) in nodes.iter().zip(values.iter_mut()) {
            if *value <= limit {
                *value = (*value).max(self.database.transposed_value(&node.colours));
            }
        }
    }

    fn name(&self) -> String {
        let name = "multi-tile database";
        if self.walking.is_some() {
            format!("{name} + walking-distance")
        } else {
            name.to_string()
        }
    }
}
