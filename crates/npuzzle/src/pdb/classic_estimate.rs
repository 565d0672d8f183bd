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
use crate::util::prefetch::prefetch;

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

/// What [`ClassicEstimate`] finds of a child ahead: the ranks of the entries it will
/// read, on the board and on its mirror image.
#[derive(Clone, Copy, Debug, Default)]
pub struct ClassicAhead {
    direct: Option<u64>,
    mirror: Option<u64>,
}

/// No table of the partition holds the tile.
const NO_GROUP: u8 = u8::MAX;

/// Node data of the search with one partition of classic tables (see
/// [`PatternDatabase::search`]): the Manhattan total, and each group's entry and their
/// sum, on the board and on its mirror image.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
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

    /// The rank of table `j`'s entry for the board.
    #[inline(always)]
    fn direct_rank(&self, j: usize, pos: &[u8; MAX_FAST_CELLS]) -> u64 {
        let table = &self.tables[j];
        table
            .ranker
            .rank(table.tiles.iter().map(|&tile| pos[usize::from(tile)]))
    }

    /// The rank of table `j`'s entry for the mirrored board.
    #[inline(always)]
    fn mirror_rank(
        &self,
        mirror: &[u8; MAX_FAST_CELLS],
        j: usize,
        pos: &[u8; MAX_FAST_CELLS],
    ) -> u64 {
        let table = &self.tables[j];
        table.ranker.rank(
            table
                .mirror_tiles
                .iter()
                .map(|&tile| mirror[usize::from(pos[usize::from(tile)])]),
        )
    }

    /// The entry of table `j` for the board.
    #[inline(always)]
    fn direct_entry(&self, j: usize, pos: &[u8; MAX_FAST_CELLS]) -> u8 {
        self.tables[j].entry(self.direct_rank(j, pos))
    }

    /// The entry of table `j` for the mirrored board.
    #[inline(always)]
    fn mirror_entry(
        &self,
        mirror: &[u8; MAX_FAST_CELLS],
        j: usize,
        pos: &[u8; MAX_FAST_CELLS],
    ) -> u8 {
        self.tables[j].entry(self.mirror_rank(mirror, j, pos))
    }
}

impl ClassicTable<'_> {
    /// Hints that the entry at `rank` will be read soon.
    #[inline(always)]
    fn prefetch(&self, rank: u64) {
        let byte = if self.nibbles { rank >> 1 } else { rank };
        prefetch(self.entries, byte as usize);
    }

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
    type Ahead = ClassicAhead;
    const LOOKS_AHEAD: bool = true;

    /// Both orientations' ranks, each entry asked for: the mirror's too, though a child
    /// cut off by its direct entry never reads it. On the 80-move positions (two
    /// threads) that made the search 1.08–1.12 times faster; the direct entry's alone
    /// gained nothing, and asking without keeping the ranks made it slower.
    #[inline(always)]
    fn look_ahead(&self, board: &FastBoard, tile: u8) -> ClassicAhead {
        let mut ahead = ClassicAhead::default();
        let j = self.group_of[0][usize::from(tile)];
        if j != NO_GROUP {
            let j = usize::from(j);
            let rank = self.direct_rank(j, &board.pos);
            self.tables[j].prefetch(rank);
            ahead.direct = Some(rank);
        }
        if let Some(mirror) = self.mirror {
            let j = self.group_of[1][usize::from(tile)];
            if j != NO_GROUP {
                let j = usize::from(j);
                let rank = self.mirror_rank(mirror, j, &board.pos);
                self.tables[j].prefetch(rank);
                ahead.mirror = Some(rank);
            }
        }
        ahead
    }

    #[inline(always)]
    fn step_ahead(
        &self,
        node: &ClassicNode,
        board: &FastBoard,
        tile: u8,
        from: usize,
        to: usize,
        limit: u32,
        ahead: ClassicAhead,
    ) -> (ClassicNode, u32) {
        let mut next = *node;
        next.md = self.db.manhattan().step(node.md, tile, from, to);
        // Wrapping: only a table not written by this program (checksummed, yet wrong)
        // could take a sum below zero, and that must not panic.
        let j = self.group_of[0][usize::from(tile)];
        if j != NO_GROUP {
            let j = usize::from(j);
            let entry = match ahead.direct {
                Some(rank) => self.tables[j].entry(rank),
                None => self.direct_entry(j, &board.pos),
            };
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
                let entry = match ahead.mirror {
                    Some(rank) => self.tables[j].entry(rank),
                    None => self.mirror_entry(mirror, j, &board.pos),
                };
                next.sums[1] = next.sums[1]
                    .wrapping_add(u16::from(entry))
                    .wrapping_sub(u16::from(node.entries[1][j]));
                next.entries[1][j] = entry;
            }
        }
        (next, self.value(&next))
    }

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
        self.step_ahead(node, board, tile, from, to, limit, ClassicAhead::default())
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pdb::{parse_groups, PartitionSet};
    use crate::puzzle::board::{Board, Move, Size};
    use crate::puzzle::random::random_board;
    use crate::util::progress::Silent;
    use rand::{Rng, SeedableRng};

    /// A child stepped to with the ranks looked up ahead is the child stepped to without
    /// them: the same node and estimate under every limit, on the board and its mirror,
    /// along random walks.
    #[test]
    fn looking_ahead_changes_no_step() {
        let centre = crate::parse_board("123804765", None).unwrap();
        let fifteen = Board::goal(Size::square(4).unwrap());
        let mut reflected = 0;
        for (goal, spec) in [
            (centre, "4-4"),
            (fifteen.clone(), "5-5-5"),
            (fifteen, "6-6-3"),
        ] {
            let groups = parse_groups(spec, &goal).unwrap();
            let db = PatternDatabase::build(&goal, &PartitionSet::classic(groups), &Silent);
            reflected += usize::from(db.reflects());
            let estimate = ClassicEstimate::of(&db).expect("one classic partition");
            let mut rng = rand::rngs::StdRng::seed_from_u64(45);
            let mut board = random_board(&goal, &mut rng);
            let mut node = estimate.init(&FastBoard::new(&board));
            for _ in 0..3_000 {
                let blank = board.blank();
                let h = estimate.value(&node);
                for mv in Move::ALL {
                    let Some(to) = board.size().step(blank, mv) else {
                        continue;
                    };
                    let tile = board.tile_at(to) as u8;
                    let mut child = board.clone();
                    child.apply(mv);
                    let fast = FastBoard::new(&child);
                    let ahead = estimate.look_ahead(&fast, tile);
                    for limit in [0, h.saturating_sub(2), h, h + 2, u32::MAX] {
                        assert_eq!(
                            estimate.step_ahead(&node, &fast, tile, to, blank, limit, ahead),
                            estimate.step_within(&node, &fast, tile, to, blank, limit),
                            "{spec}: {board}, the blank moving {mv:?}, limit {limit}"
                        );
                    }
                }
                let moves: Vec<Move> = Move::ALL
                    .into_iter()
                    .filter(|&mv| board.size().step(blank, mv).is_some())
                    .collect();
                let mv = moves[rng.gen_range(0..moves.len())];
                let to = board.size().step(blank, mv).unwrap();
                let tile = board.tile_at(to) as u8;
                board.apply(mv);
                let fast = FastBoard::new(&board);
                node = estimate.step(&node, &fast, tile, to, blank);
                assert_eq!(node, estimate.init(&fast), "{spec}: the walk's node");
            }
        }
        assert!(reflected >= 2, "the mirror's lookups were tested");
    }
}
