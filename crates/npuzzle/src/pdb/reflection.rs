//! The diagonal mirror of a square board, which turns one set of tables into a second
//! admissible estimate.

use crate::fast_idastar::MAX_FAST_CELLS;
use crate::puzzle::board::Board;

/// The diagonal mirror, in the form the lookups need.
#[derive(Clone)]
pub(super) struct Reflection {
    /// `mirror[cell]`: the cell mirrored about the main diagonal.
    pub(super) mirror: [u8; MAX_FAST_CELLS],
    /// `source[u]`: the tile of the board that plays tile `u` on the mirrored board (the
    /// tile whose goal cell mirrors to `u`'s).
    pub(super) source: [u8; MAX_FAST_CELLS],
}

impl Reflection {
    /// The mirror for `goal`, when the board is square and the goal's blank is on the
    /// diagonal (otherwise the renamed blank would be a tile and the goal would not map to
    /// itself).
    pub(super) fn new(goal: &Board) -> Option<Reflection> {
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
        let mut source = [0u8; MAX_FAST_CELLS];
        for (cell, m) in mirror.iter_mut().enumerate().take(n) {
            *m = mirror_of(cell) as u8;
        }
        for (t, &cell) in goal_pos.iter().enumerate().take(n) {
            let renamed = goal.tile_at(mirror_of(cell)) as usize;
            source[renamed] = t as u8;
        }
        Some(Reflection { mirror, source })
    }
}
