//! The diagonal mirror of a square board, which turns one set of tables into a second
//! admissible estimate.

use crate::board::Board;
use crate::puzzle_idastar::MAX_FAST_CELLS;

use super::NO_GROUP;

/// The diagonal mirror, in the form the lookups need.
#[derive(Clone)]
pub(super) struct Reflection {
    /// `mirror[cell]`: the cell mirrored about the main diagonal.
    pub(super) mirror: [u8; MAX_FAST_CELLS],
    /// For each tile of the board, the group its renamed tile belongs to.
    pub(super) group_of: [u8; MAX_FAST_CELLS],
    /// For each group, its tiles' names on the board before renaming, in group order.
    pub(super) sources: Vec<Vec<u8>>,
}

impl Reflection {
    /// The mirror for `goal`, when the board is square and the goal's blank is on the
    /// diagonal (otherwise the renamed blank would be a tile and the goal would not map to
    /// itself).
    pub(super) fn new(
        goal: &Board,
        groups: &[Vec<u8>],
        group_of: &[u8; MAX_FAST_CELLS],
    ) -> Option<Reflection> {
        let size = goal.size();
        if size.width() != size.height() {
            return None;
        }
        let w = size.width();
        let mirror_of = |cell: usize| (cell % w) * w + cell / w;
        if mirror_of(goal.blank()) != goal.blank() {
            return None;
        }
        let n = size.cells();
        let goal_pos = goal.positions();
        let mut mirror = [0u8; MAX_FAST_CELLS];
        let mut rename = [0u8; MAX_FAST_CELLS];
        let mut source = [0u8; MAX_FAST_CELLS];
        for (cell, m) in mirror.iter_mut().enumerate().take(n) {
            *m = mirror_of(cell) as u8;
        }
        for t in 0..n {
            let renamed = goal.tile_at(mirror_of(goal_pos[t])) as u8;
            rename[t] = renamed;
            source[renamed as usize] = t as u8;
        }
        let mut reflected_group_of = [NO_GROUP; MAX_FAST_CELLS];
        for t in 1..n {
            reflected_group_of[t] = group_of[rename[t] as usize];
        }
        let sources = groups
            .iter()
            .map(|g| g.iter().map(|&u| source[u as usize]).collect())
            .collect();
        Some(Reflection {
            mirror,
            group_of: reflected_group_of,
            sources,
        })
    }
}
