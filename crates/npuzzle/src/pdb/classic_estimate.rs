//! One partition of classic tables — Korf & Felner's 6-6-6-6, the 15-puzzle's 7-8 — as an
//! estimate of its own, beside the catalogue's general step in [`PatternDatabase`].
//!
//! A move changes one table's entry per orientation, so a node needs only each
//! orientation's entries and their sum: a catalogue node also carries every partition's
//! sum and which is largest, three times the bytes copied per generated node. Measured
//! on Korf's 100 with 7-8 (docs/BENCHMARKS.md, "Instruction counts (callgrind)"): the general step cost 20% more
//! instructions than this one, for the same nodes.

#![expect(
    clippy::inline_always,
    reason = "the step runs once per generated node; measured faster inlined"
)]

use crate::fast_idastar::{Estimate, FastBoard, MAX_FAST_CELLS};
use crate::puzzle::rank::PartialRank;
use crate::tables::partition::MAX_GROUPS;

use super::database::PatternDatabase;
use super::group_table::{TableIndex, PAYLOAD_HEADER};

/// A [`PatternDatabase`] of one partition of classic tables, searched with a node of its
/// own: see the module docs. Made by [`PatternDatabase::search`]; holds what each lookup
/// reads directly, without the database's indirections.
pub(super) struct ClassicEstimate<'a> {
    db: &'a PatternDatabase,
    tables: Vec<ClassicTable<'a>>,
    /// `group_of[orientation][tile]`: the table a move of `tile` changes in that
    /// orientation, [`NO_GROUP`] for none.
    group_of: [[u8; MAX_FAST_CELLS]; 2],
    /// The diagonal mirror of a cell, when the mirrored board is looked up too.
    mirror: Option<&'a [u8; MAX_FAST_CELLS]>,
}

/// One classic table as a lookup reads it.
struct ClassicTable<'a> {
    ranker: &'a PartialRank,
    tiles: &'a [u8],
    /// The board's tiles that play `tiles` on the mirrored board.
    mirror_tiles: &'a [u8],
    entries: &'a [u8],
    nibbles: bool,
}

/// No table of the partition holds the tile.
const NO_GROUP: u8 = u8::MAX;

/// Node data of the search with one partition of classic tables (see
/// [`PatternDatabase::search`]): the Manhattan total, and each group's entry and their
/// sum, on the board and on its mirror image.
#[derive(Clone, Copy, Debug)]
pub struct ClassicNode {
    md: u16,
    sums: [u16; 2],
    entries: [[u8; MAX_GROUPS]; 2],
}

impl<'a> ClassicEstimate<'a> {
    /// `db` as one classic partition, or `None` when it is a catalogue or zero-aware.
    pub(super) fn of(db: &'a PatternDatabase) -> Option<ClassicEstimate<'a>> {
        if !db.is_single_classic() {
            return None;
        }
        let mut tables = Vec::new();
        for (j, table) in db.tables().iter().enumerate() {
            let TableIndex::Placement(ranker) = &table.index else {
                return None;
            };
            tables.push(ClassicTable {
                ranker,
                tiles: &table.tiles,
                mirror_tiles: &db.mirror_tiles()[j],
                entries: &table.storage.bytes()[PAYLOAD_HEADER..],
                nibbles: table.bits == 4,
            });
        }
        let mut group_of = [[NO_GROUP; MAX_FAST_CELLS]; 2];
        for (orientation, groups) in group_of.iter_mut().enumerate() {
            for (tile, group) in groups.iter_mut().enumerate() {
                if let Some(j) = db.classic_table_of(orientation, tile as u8) {
                    *group = j as u8;
                }
            }
        }
        Some(ClassicEstimate {
            db,
            tables,
            group_of,
            mirror: db.reflection().map(|r| &r.mirror),
        })
    }

    /// The entry of table `j` for the board.
    #[inline(always)]
    fn direct_entry(&self, j: usize, pos: &[u8; MAX_FAST_CELLS]) -> u8 {
        let table = &self.tables[j];
        table.entry(
            table
                .ranker
                .rank(table.tiles.iter().map(|&tile| pos[usize::from(tile)])),
        )
    }

    /// The entry of table `j` for the mirrored board.
    #[inline(always)]
    fn mirror_entry(
        &self,
        mirror: &[u8; MAX_FAST_CELLS],
        j: usize,
        pos: &[u8; MAX_FAST_CELLS],
    ) -> u8 {
        let table = &self.tables[j];
        table.entry(
            table.ranker.rank(
                table
                    .mirror_tiles
                    .iter()
                    .map(|&tile| mirror[usize::from(pos[usize::from(tile)])]),
            ),
        )
    }
}

impl ClassicTable<'_> {
    /// The entry at `rank`.
    #[inline(always)]
    fn entry(&self, rank: u64) -> u8 {
        if self.nibbles {
            (self.entries[(rank >> 1) as usize] >> ((rank & 1) * 4)) & 15
        } else {
            self.entries[rank as usize]
        }
    }
}

impl Estimate for ClassicEstimate<'_> {
    type Node = ClassicNode;

    fn init(&self, board: &FastBoard) -> ClassicNode {
        let mut node = ClassicNode {
            md: self.db.manhattan().total(board) as u16,
            sums: [0; 2],
            entries: [[0; MAX_GROUPS]; 2],
        };
        for j in 0..self.tables.len() {
            let entry = self.direct_entry(j, &board.pos);
            node.entries[0][j] = entry;
            node.sums[0] += u16::from(entry);
            if let Some(mirror) = self.mirror {
                let entry = self.mirror_entry(mirror, j, &board.pos);
                node.entries[1][j] = entry;
                node.sums[1] += u16::from(entry);
            }
        }
        node
    }

    #[inline(always)]
    fn step(
        &self,
        node: &ClassicNode,
        board: &FastBoard,
        tile: u8,
        from: usize,
        to: usize,
    ) -> ClassicNode {
        self.step_within(node, board, tile, from, to, u32::MAX).0
    }

    /// The mirror lookup is skipped when the direct one already puts the child over the
    /// limit: most generated children are cut off, and each lookup is a likely cache
    /// miss.
    #[inline(always)]
    fn step_within(
        &self,
        node: &ClassicNode,
        board: &FastBoard,
        tile: u8,
        from: usize,
        to: usize,
        limit: u32,
    ) -> (ClassicNode, u32) {
        let mut next = *node;
        next.md = self.db.manhattan().step(node.md, tile, from, to);
        // Wrapping: only a table not written by this program (checksummed, yet wrong)
        // could take a sum below zero, and that must not panic.
        let j = self.group_of[0][usize::from(tile)];
        if j != NO_GROUP {
            let j = usize::from(j);
            let entry = self.direct_entry(j, &board.pos);
            next.sums[0] = next.sums[0]
                .wrapping_add(u16::from(entry))
                .wrapping_sub(u16::from(node.entries[0][j]));
            next.entries[0][j] = entry;
        }
        let direct = u32::from(next.md) + 2 * u32::from(next.sums[0]);
        if direct > limit {
            return (next, direct);
        }
        if let Some(mirror) = self.mirror {
            let j = self.group_of[1][usize::from(tile)];
            if j != NO_GROUP {
                let j = usize::from(j);
                let entry = self.mirror_entry(mirror, j, &board.pos);
                next.sums[1] = next.sums[1]
                    .wrapping_add(u16::from(entry))
                    .wrapping_sub(u16::from(node.entries[1][j]));
                next.entries[1][j] = entry;
            }
        }
        (next, self.value(&next))
    }

    #[inline(always)]
    fn value(&self, node: &ClassicNode) -> u32 {
        u32::from(node.md) + 2 * u32::from(node.sums[0].max(node.sums[1]))
    }

    #[inline(always)]
    fn is_goal(&self, node: &ClassicNode) -> bool {
        node.md == 0
    }

    fn name(&self) -> String {
        self.db.name()
    }
}
