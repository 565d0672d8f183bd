//! Coloured multi-tile databases as a search estimate, for any goal with the blank in
//! the last cell, with the walking distance beside them if asked.

use std::sync::Arc;

use crate::puzzle::board::Board;
use crate::tables::multi_tile_database::{ColourState, MultiTileDatabase, TileDigits};
use crate::tables::walking_distance::{WalkingDistance, WalkingState};

use super::{JumpEstimate, MAX_JUMP_CELLS};

/// The most databases one estimate reads.
pub const MAX_COLOURED_DATABASES: usize = 5;

/// One database of a [`ColouredEstimate`], with what sliding each tile of the goal
/// changes in its state.
#[derive(Clone, Debug)]
struct Looked {
    database: Arc<MultiTileDatabase>,
    /// `digits[tile]`: what sliding `tile` (of the goal, renamed) changes.
    digits: [TileDigits; MAX_JUMP_CELLS],
}

/// The largest of coloured databases' entries (each board's and its transpose's), and
/// of the walking distance if asked, for one goal. The databases are read in the order
/// given, each only for the nodes the ones before left within the bound: a small table
/// that stays in the processor's cache first spares the large one most of its reads.
#[derive(Clone, Debug)]
pub struct ColouredEstimate {
    looked: Vec<Looked>,
    walking: Option<WalkingDistance>,
    /// `rename[tile]`: the tile of the standard goal in the cell where `goal` has `tile`.
    rename: [u8; MAX_JUMP_CELLS],
}

impl ColouredEstimate {
    /// The estimate towards `goal` from `databases` (1 to [`MAX_COLOURED_DATABASES`], read
    /// in this order), or `None` unless `goal` has the databases' size and its blank in
    /// the last cell. With `walking`, the walking distance is taken too where it is
    /// larger.
    pub fn new(
        databases: &[Arc<MultiTileDatabase>],
        goal: &Board,
        walking: bool,
    ) -> Option<ColouredEstimate> {
        let size = goal.size();
        let fits = |database: &Arc<MultiTileDatabase>| database.colouring().size() == size;
        if databases.is_empty()
            || databases.len() > MAX_COLOURED_DATABASES
            || !databases.iter().all(fits)
            || goal.blank() + 1 != size.cells()
        {
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
        let looked = databases
            .iter()
            .map(|database| Looked {
                database: Arc::clone(database),
                digits: rename.map(|renamed| database.digits(renamed)),
            })
            .collect();
        Some(ColouredEstimate {
            looked,
            walking,
            rename,
        })
    }
}

/// A node of [`ColouredEstimate`].
#[derive(Clone, Copy, Debug)]
pub struct ColouredNode {
    /// `colours[d]`: where the board stands in database `d` (the first ones set).
    colours: [ColourState; MAX_COLOURED_DATABASES],
    walking: Option<WalkingState>,
}

impl JumpEstimate for ColouredEstimate {
    type Node = ColouredNode;

    fn init(&self, cells: &[u8]) -> ColouredNode {
        let renamed: Vec<u8> = cells.iter().map(|&t| self.rename[usize::from(t)]).collect();
        let mut colours = [ColourState::default(); MAX_COLOURED_DATABASES];
        for (state, looked) in colours.iter_mut().zip(&self.looked) {
            *state = looked.database.state(&renamed);
        }
        ColouredNode {
            colours,
            walking: self.walking.as_ref().map(|w| w.state(cells)),
        }
    }

    #[inline]
    fn slid(&self, node: &ColouredNode, tile: u8, from: usize, to: usize) -> ColouredNode {
        let mut next = *node;
        for (state, looked) in next.colours.iter_mut().zip(&self.looked) {
            let digits = looked.digits[usize::from(tile)];
            *state = looked.database.slid(state, digits, from, to);
        }
        if let (Some(w), Some(state)) = (&self.walking, node.walking) {
            next.walking = Some(w.slid(state, tile, from, to));
        }
        next
    }

    #[inline]
    fn value(&self, node: &ColouredNode) -> u32 {
        self.value_within(node, u32::MAX)
    }

    #[inline]
    fn value_within(&self, node: &ColouredNode, limit: u32) -> u32 {
        let mut value = [0];
        self.values_within(std::slice::from_ref(node), limit, &mut value);
        value[0]
    }

    #[inline]
    fn values_within(&self, nodes: &[ColouredNode], limit: u32, values: &mut [u32]) {
        // The walking distance (in cache) first, then each database, only where the node
        // is still within `limit`. A database's two entries (the board's and its
        // transpose's) are read in one pass, whose loads do not wait for one another:
        // side by side with slidy, that was a tenth faster than a pass for each, and one
        // pass for both databases a tenth slower (too many loads at once).
        // Every database past the first (which stays in the processor's cache) is asked
        // for all the nodes' entries before any is read, though the nodes an earlier one
        // puts above `limit` never read them: their misses overlap. On two antipodes
        // that took 12 % off the search (all 16: 1.11 times faster); asking only for the
        // five-colour table's or the large one's took off nothing, and asking for the
        // grandchildren's too made it 1.5 times slower.
        for (d, looked) in self.looked.iter().enumerate().skip(1) {
            for node in nodes {
                looked.database.prefetch(&node.colours[d]);
            }
        }
        match &self.walking {
            Some(w) => {
                for (node, value) in nodes.iter().zip(values.iter_mut()) {
                    *value = node.walking.map_or(0, |state| w.value(state));
                }
            }
            None => values.fill(0),
        }
        for (d, looked) in self.looked.iter().enumerate() {
            let database = &looked.database;
            for (node, value) in nodes.iter().zip(values.iter_mut()) {
                if *value <= limit {
                    let state = &node.colours[d];
                    let entries = database
                        .plain_value(state)
                        .max(database.transposed_value(state));
                    *value = (*value).max(entries);
                }
            }
        }
    }

    fn name(&self) -> String {
        let name = if self.looked.len() > 1 {
            "multi-tile databases"
        } else {
            "multi-tile database"
        };
        if self.walking.is_some() {
            format!("{name} + walking-distance")
        } else {
            name.to_string()
        }
    }
}
