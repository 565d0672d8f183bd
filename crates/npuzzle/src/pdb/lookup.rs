//! Looking a pattern database up: a node's entries and partition sums, made for a board
//! and updated move by move as the fast IDA* steps (the estimate of
//! [`PatternDatabase`]).
//!
//! **Per move.** A move moves one tile, which is in at most one group of each partition:
//! only the tables of those groups are looked up again (for each orientation), each
//! partition sum holding the changed table is corrected, and the rest of the node is
//! copied. A child is cut off as soon as one partition's sum puts it over the bound,
//! before the remaining lookups: most generated children are cut off, and each lookup
//! is a likely cache miss.

#![expect(
    clippy::inline_always,
    reason = "called for every generated node of the search: inlining is not left to the cost model"
)]

use crate::fast_idastar::{Estimate, FastBoard, MAX_FAST_CELLS};

use super::database::{PatternDatabase, NO_TABLE};
use super::naming::name_of;
use super::region_rank::MAX_REGION_TILES;
use super::{MAX_PARTITIONS, MAX_TABLES};

/// Node data of a [`PatternDatabase`] search: the Manhattan total, each table's entry and
/// each partition's sum, on the board and on its mirror image, and which partition sum
/// is the largest.
#[derive(Clone, Copy, Debug)]
pub struct PdbNode {
    pub(super) md: u16,
    /// The orientation (times [`MAX_PARTITIONS`]) and partition of the largest sum: a
    /// child's lookups start with its table, the likeliest to cut the child off.
    pub(super) best: u8,
    pub(super) entries: [[u8; MAX_TABLES]; 2],
    pub(super) sums: [[u16; MAX_PARTITIONS]; 2],
}

impl PatternDatabase {
    /// The cells of table `j`'s tiles on the board (orientation 0) or its mirror image
    /// (1), written to `cells`; returns the cell of the blank and the set of the cells.
    #[inline(always)]
    pub(super) fn place(
        &self,
        orientation: usize,
        j: usize,
        pos: &[u8; MAX_FAST_CELLS],
        cells: &mut [u8],
    ) -> (u8, u64) {
        // Indexed by the cells' count, which the callers' fixed lengths make known to the
        // compiler (unrolled loops), and cells masked below 64 (no bounds checks).
        let cell = |c: u8| usize::from(c) & (MAX_FAST_CELLS - 1);
        let mut map = 0u64;
        match &self.reflection {
            Some(r) if orientation == 1 => {
                let tiles = &self.mirror_tiles[j];
                for (i, c) in cells.iter_mut().enumerate() {
                    *c = r.mirror[cell(pos[cell(tiles[i])])];
                    map |= 1 << *c;
                }
                (r.mirror[cell(pos[0])], map)
            }
            _ => {
                let tiles = &self.tables[j].tiles;
                for (i, c) in cells.iter_mut().enumerate() {
                    *c = pos[cell(tiles[i])];
                    map |= 1 << *c;
                }
                (pos[0], map)
            }
        }
    }

    /// Table `j`'s node entry for the board (orientation 0) or its mirror image (1),
    /// from scratch.
    pub(super) fn fresh_entry(
        &self,
        orientation: usize,
        j: usize,
        pos: &[u8; MAX_FAST_CELLS],
    ) -> u8 {
        let t = &self.tables[j];
        let mut cells = [0u8; MAX_REGION_TILES];
        let k = t.tiles.len();
        let (blank, _) = self.place(orientation, j, pos, &mut cells[..k]);
        if self.shift == 0 {
            return t.lookup(&cells[..k], blank);
        }
        let depth = t.depth(&cells[..k], blank);
        let size = self.goal.size();
        let md: usize = cells[..k]
            .iter()
            .zip(&t.tiles)
            .map(|(&c, &tile)| {
                size.cell_distance(
                    usize::from(c),
                    usize::from(self.goal_cells[usize::from(tile)]),
                )
            })
            .sum();
        (depth.saturating_sub(md as u8) / 2) << 2 | (depth & 3)
    }

    /// The index of table `j`'s entry for the board (orientation 0) or its mirror image.
    #[inline(always)]
    pub(super) fn index_of(&self, orientation: usize, j: usize, pos: &[u8; MAX_FAST_CELLS]) -> u64 {
        let t = &self.tables[j];
        match t.tiles.len() {
            // The named catalogues' groups, at a length known when compiled: the loops of
            // placing and ranking unroll (measured: docs/BENCHMARKS.md, "Changes
            // measured and kept").
            6 => self.index_of_group::<6>(orientation, j, pos),
            k => {
                let mut cells = [0u8; MAX_REGION_TILES];
                let (blank, map) = self.place(orientation, j, pos, &mut cells[..k]);
                t.index_of(&cells[..k], map, blank)
            }
        }
    }

    /// [`PatternDatabase::index_of`] for a table of `K` tiles.
    #[inline(always)]
    pub(super) fn index_of_group<const K: usize>(
        &self,
        orientation: usize,
        j: usize,
        pos: &[u8; MAX_FAST_CELLS],
    ) -> u64 {
        let mut cells = [0u8; K];
        let (blank, map) = self.place(orientation, j, pos, &mut cells);
        self.tables[j].index_of(&cells, map, blank)
    }

    /// A node entry after a move of one of its table's tiles changed that tile's
    /// Manhattan term by `moved` (±1), from the entry `old` before it and the table's
    /// `entry` now. A zero-aware table's bit tells whether the depth went up or down (it
    /// always changes by one).
    #[inline(always)]
    pub(super) fn next_entry(&self, old: u8, entry: u8, moved: i8) -> u8 {
        if self.shift == 0 {
            return entry;
        }
        let modulo = old & 3;
        let up = ((modulo + 1) & 3) >> 1;
        let (deeper, modulo) = if entry == up {
            (1, (modulo + 1) & 3)
        } else {
            (-1, (modulo + 3) & 3)
        };
        let extra = (old >> 2) as i8 + (deeper - moved) / 2;
        (extra as u8) << 2 | modulo
    }
}

impl PatternDatabase {
    /// Takes table `j`'s `entry` in `orientation` after a move of one of its tiles into
    /// `node`, with the sums of the partitions holding it; returns the largest of those
    /// sums, changed or not: a move that takes a tile away from home lowers the bound
    /// left for the sums, so an unchanged sum is as likely to cut the child off as a
    /// changed one (measured: on Korf's 24-puzzle #38 with the small catalogue, 3.1 M
    /// of 8.3 M children were cut off only after every lookup when unchanged sums were
    /// not compared).
    #[inline(always)]
    pub(super) fn update(
        &self,
        node: &mut PdbNode,
        orientation: usize,
        j: usize,
        entry: u8,
        moved: i8,
    ) -> u16 {
        let old = node.entries[orientation][j];
        let entry = self.next_entry(old, entry, moved);
        node.entries[orientation][j] = entry;
        let (entry, old) = (entry >> self.shift, old >> self.shift);
        let mut parts = self.partitions_of[j];
        let mut highest = 0u16;
        while parts != 0 {
            let p = parts.trailing_zeros() as usize;
            parts &= parts - 1;
            let sum = &mut node.sums[orientation][p];
            // Wrapping: only a table not written by this program (checksummed, yet
            // wrong) could take a sum below zero, and that must not panic.
            *sum = sum
                .wrapping_add(u16::from(entry))
                .wrapping_sub(u16::from(old));
            highest = highest.max(*sum);
        }
        highest
    }

    /// The largest partition sum of `node`, and where it is as [`PdbNode::best`] holds
    /// it.
    #[inline(always)]
    pub(super) fn best(&self, node: &PdbNode) -> (u16, u8) {
        let partitions = self.parts.len();
        let mut best = (0u16, 0u8);
        for (o, sums) in node.sums[..self.orientations()].iter().enumerate() {
            for (p, &s) in sums[..partitions].iter().enumerate() {
                if s > best.0 {
                    best = (s, (o * MAX_PARTITIONS + p) as u8);
                }
            }
        }
        best
    }
}

impl Estimate for PatternDatabase {
    type Node = PdbNode;
    type Ahead = ();

    fn init(&self, board: &FastBoard) -> PdbNode {
        let mut node = PdbNode {
            md: self.manhattan.total(board) as u16,
            best: 0,
            entries: [[0; MAX_TABLES]; 2],
            sums: [[0; MAX_PARTITIONS]; 2],
        };
        for o in 0..self.orientations() {
            for j in 0..self.tables.len() {
                node.entries[o][j] = self.fresh_entry(o, j, &board.pos);
            }
            for (p, part) in self.parts.iter().enumerate() {
                node.sums[o][p] = part
                    .iter()
                    .map(|&j| u16::from(node.entries[o][usize::from(j)] >> self.shift))
                    .sum();
            }
        }
        node.best = self.best(&node).1;
        node
    }

    #[inline(always)]
    fn step(&self, node: &PdbNode, board: &FastBoard, tile: u8, from: usize, to: usize) -> PdbNode {
        self.step_within(node, board, tile, from, to, u32::MAX).0
    }

    /// Stops at the first partition sum that puts the child over `limit`, returning that
    /// partition's estimate (a lower bound above the limit) and a node not worth
    /// finishing.
    #[inline(always)]
    fn step_within(
        &self,
        node: &PdbNode,
        board: &FastBoard,
        tile: u8,
        from: usize,
        to: usize,
        limit: u32,
    ) -> (PdbNode, u32) {
        let mut next = *node;
        next.md = self.manhattan.step(node.md, tile, from, to);
        let moved: i8 = if next.md > node.md { 1 } else { -1 };
        let md = u32::from(next.md);
        if md > limit {
            return (next, md);
        }
        // A partition sum above this puts the child over the limit.
        let threshold = ((limit - md) / 2).min(u32::from(u16::MAX)) as u16;
        // The table of the parent's largest sum first: when the child is cut off, it is
        // most often by that sum.
        let (first_orientation, first_part) = (
            usize::from(node.best) / MAX_PARTITIONS,
            usize::from(node.best) % MAX_PARTITIONS,
        );
        let first = self.table_of[first_orientation][first_part][usize::from(tile)];
        if first != NO_TABLE {
            let j = usize::from(first);
            let entry = self.tables[j].entry(self.index_of(first_orientation, j, &board.pos));
            let highest = self.update(&mut next, first_orientation, j, entry, moved);
            if highest > threshold {
                return (next, md + 2 * u32::from(highest));
            }
        }
        // The other tables: every index first, then every load, then the updates, so
        // that the loads (likely cache misses) are in flight together rather than one
        // after another.
        let mut pending = [(0u8, 0u8, 0u64); 2 * MAX_PARTITIONS];
        let mut count = 0;
        for orientation in 0..self.orientations() {
            let touched = &self.touched[orientation][usize::from(tile)];
            for &j in &touched.tables[..usize::from(touched.count)] {
                if orientation == first_orientation && j == first {
                    continue;
                }
                let index = self.index_of(orientation, usize::from(j), &board.pos);
                pending[count] = (orientation as u8, j, index);
                count += 1;
            }
        }
        let mut entries = [0u8; 2 * MAX_PARTITIONS];
        for (entry, &(_, j, index)) in entries.iter_mut().zip(&pending[..count]) {
            *entry = self.tables[usize::from(j)].entry(index);
        }
        for (&entry, &(orientation, j, _)) in entries.iter().zip(&pending[..count]) {
            let highest = self.update(
                &mut next,
                usize::from(orientation),
                usize::from(j),
                entry,
                moved,
            );
            if highest > threshold {
                return (next, md + 2 * u32::from(highest));
            }
        }
        let (highest, best) = self.best(&next);
        next.best = best;
        if self.families.is_empty() {
            return (next, md + 2 * u32::from(highest));
        }
        // Only for a child every partition keeps: cutting it off is all they can add.
        let families = self.families.largest(&next.entries, self.shift);
        (next, md + 2 * u32::from(highest.max(families)))
    }

    #[inline(always)]
    fn value(&self, node: &PdbNode) -> u32 {
        if self.single_classic {
            return u32::from(node.md) + 2 * u32::from(node.sums[0][0].max(node.sums[1][0]));
        }
        let families = self.families.largest(&node.entries, self.shift);
        u32::from(node.md) + 2 * u32::from(self.best(node).0.max(families))
    }

    #[inline(always)]
    fn is_goal(&self, node: &PdbNode) -> bool {
        node.md == 0
    }

    fn name(&self) -> String {
        name_of(&self.set, self.reflection.is_some())
    }
}
