//! The pattern database: the tables of a [`PartitionSet`], loaded or built, read by the
//! puzzle-specific IDA* as an estimate it updates move by move.
//!
//! Each partition's groups add up: `manhattan + 2 × Σ entries` is a lower bound. With
//! several partitions (a catalogue) the estimate is the largest of their sums, with
//! reflection also of their sums on the mirrored board, and of the sums of the other
//! families of disjoint groups they make ([`Families`]).
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

use std::fmt::Write as _;
use std::sync::Arc;

use crate::board::Board;
use crate::board::Move;
use crate::cache::{Cache, CacheError, Origin};
use crate::cancel::CancelToken;
use crate::options::RunSettings;
use crate::partition::group_text;
use crate::progress::Progress;
use crate::puzzle_idastar::{self, Estimate, FastBoard, Manhattan, MAX_FAST_CELLS};
use crate::search::{GiveUp, Stats};

use super::classic_partition::ClassicPartition;
use super::families::Families;
use super::files::{file_name, identity};
use super::group_table::{payload, GroupTable, Storage};
use super::partition_set::PartitionSet;
use super::reflection::Reflection;
use super::region_rank::MAX_REGION_TILES;
use super::TableKind;
use super::{PdbError, MAX_PARTITIONS, MAX_TABLES};

/// How a group's table was obtained, for reports.
#[derive(Clone, Debug)]
pub struct GroupOrigin {
    /// The group.
    pub tiles: Vec<u8>,
    /// Loaded, built or rebuilt (with why).
    pub origin: Origin,
    /// Its cache file.
    pub file: String,
}

/// The tables whose entries a move of one tile changes, in one orientation.
#[derive(Clone, Copy, Default)]
struct Touched {
    count: u8,
    tables: [u8; MAX_PARTITIONS],
}

/// A pattern database for one goal: the tables of a [`PartitionSet`], used by the
/// puzzle-specific IDA* as an [`Estimate`]. Clones share the tables.
#[derive(Clone)]
pub struct PatternDatabase {
    goal: Board,
    set: PartitionSet,
    tables: Arc<Vec<GroupTable>>,
    /// Each partition's tables.
    parts: Arc<Vec<Vec<u8>>>,
    /// `partitions_of[j]`: the partitions holding table `j`, one bit each.
    partitions_of: [u8; MAX_TABLES],
    manhattan: Manhattan,
    /// `touched[orientation][tile]`: the tables a move of `tile` changes on the board
    /// (orientation 0) and on its mirror image (1).
    touched: Arc<[[Touched; MAX_FAST_CELLS]; 2]>,
    /// `table_of[orientation][partition][tile]`: the table of partition `partition` a
    /// move of `tile` changes in that orientation, [`NO_TABLE`] for none.
    table_of: Arc<[[[u8; MAX_FAST_CELLS]; MAX_PARTITIONS]; 2]>,
    /// For each table, the board's tiles that play its tiles on the mirrored board.
    mirror_tiles: Arc<Vec<Vec<u8>>>,
    reflection: Option<Reflection>,
    /// Each tile's goal cell.
    goal_cells: [u8; MAX_FAST_CELLS],
    /// How a node's entry holds the table's `(moves − manhattan) / 2`: as it is (classic
    /// tables, 0), or above the depth modulo 4 (zero-aware tables, 2), which is what
    /// their one-bit entries need to be read after a move.
    shift: u32,
    /// One partition of classic tables (Korf & Felner's database, the 15-puzzle's 7-8),
    /// searched as a [`ClassicPartition`].
    single_classic: bool,
    /// The families of disjoint groups besides the partitions, whose sums the estimate
    /// also takes the largest of.
    families: Arc<Families>,
}

/// Node data of a [`PatternDatabase`] search: the Manhattan total, each table's entry and
/// each partition's sum, on the board and on its mirror image, and which partition sum
/// is the largest.
#[derive(Clone, Copy, Debug)]
pub struct PdbNode {
    md: u16,
    /// The orientation (times [`MAX_PARTITIONS`]) and partition of the largest sum: a
    /// child's lookups start with its table, the likeliest to cut the child off.
    best: u8,
    entries: [[u8; MAX_TABLES]; 2],
    sums: [[u16; MAX_PARTITIONS]; 2],
}

/// `cache`, reading the tables for `goal` as its searches are best served: beyond the
/// 15-puzzle a search runs seconds to hours, and its lookups are faster on huge pages; a
/// 15-puzzle's takes milliseconds, less than reading 7-8's tables costs (0.07–0.15 s more
/// than mapping them: docs/BENCHMARKS.md, "Huge pages").
fn tables_of(cache: &Cache, goal: &Board) -> Cache {
    cache.clone().onto_huge_pages(goal.size().cells() > 16)
}

/// No table of a partition holds the tile.
const NO_TABLE: u8 = u8::MAX;

/// The [`Families`] of a catalogue's groups (`groups`, and on the mirror image the board's
/// tiles `mirror_tiles` play, when `reflected`) besides its partitions `parts`. Only for
/// catalogues, where they were measured to pay: a database of one partition keeps the
/// step it was measured with (the 15-puzzle's zero-aware 7-8, whose two groups on the
/// board and two on the mirror image leave little to mix).
fn families_of(
    groups: &[Vec<u8>],
    mirror_tiles: &[Vec<u8>],
    parts: &[Vec<u8>],
    reflected: bool,
) -> Families {
    if parts.len() < 2 {
        return Families::default();
    }
    let tiles = |tiles: &[u8]| tiles.iter().fold(0u64, |m, &t| m | 1 << t);
    let mut indexed = vec![None; 2 * MAX_TABLES];
    for (j, g) in groups.iter().enumerate() {
        indexed[j] = Some(tiles(g));
        if reflected {
            indexed[MAX_TABLES + j] = Some(tiles(&mirror_tiles[j]));
        }
    }
    let mut partitions = Vec::new();
    for part in parts {
        partitions.push(part.clone());
        if reflected {
            partitions.push(part.iter().map(|&j| MAX_TABLES as u8 + j).collect());
        }
    }
    Families::new(&indexed, &partitions)
}

impl PatternDatabase {
    fn assemble(
        goal: &Board,
        set: &PartitionSet,
        storages: Vec<Storage>,
    ) -> Result<PatternDatabase, String> {
        let groups = set.groups();
        let tables = groups
            .iter()
            .zip(storages)
            .map(|(g, s)| GroupTable::from_payload(g, goal, set.kind(), s))
            .collect::<Result<Vec<_>, _>>()?;
        let parts: Vec<Vec<u8>> = set
            .partitions()
            .iter()
            .map(|p| {
                p.iter()
                    .map(|g| {
                        groups
                            .iter()
                            .position(|h| h == g)
                            .expect("a group of the set") as u8
                    })
                    .collect()
            })
            .collect();
        let mut partitions_of = [0u8; MAX_TABLES];
        for (p, part) in parts.iter().enumerate() {
            for &j in part {
                partitions_of[usize::from(j)] |= 1 << p;
            }
        }
        let reflection = Reflection::new(goal);
        let mut touched = [[Touched::default(); MAX_FAST_CELLS]; 2];
        let mut table_of = [[[NO_TABLE; MAX_FAST_CELLS]; MAX_PARTITIONS]; 2];
        let mut mirror_tiles = Vec::new();
        for (j, g) in groups.iter().enumerate() {
            let mirrored: Vec<u8> = reflection.as_ref().map_or_else(Vec::new, |r| {
                g.iter().map(|&u| r.source[usize::from(u)]).collect()
            });
            for (orientation, tiles) in [g, &mirrored].into_iter().enumerate() {
                for &t in tiles {
                    let entry = &mut touched[orientation][usize::from(t)];
                    entry.tables[usize::from(entry.count)] = j as u8;
                    entry.count += 1;
                    for (p, part) in parts.iter().enumerate() {
                        if part.contains(&(j as u8)) {
                            table_of[orientation][p][usize::from(t)] = j as u8;
                        }
                    }
                }
            }
            mirror_tiles.push(mirrored);
        }
        let families = families_of(&groups, &mirror_tiles, &parts, reflection.is_some());
        Ok(PatternDatabase {
            families: Arc::new(families),
            goal: goal.clone(),
            set: set.clone(),
            tables: Arc::new(tables),
            parts: Arc::new(parts),
            partitions_of,
            manhattan: Manhattan::new(goal),
            touched: Arc::new(touched),
            table_of: Arc::new(table_of),
            mirror_tiles: Arc::new(mirror_tiles),
            reflection,
            goal_cells: std::array::from_fn(|t| goal.positions().get(t).map_or(0, |&c| c as u8)),
            single_classic: set.kind() == TableKind::Classic && set.partitions().len() == 1,
            shift: match set.kind() {
                TableKind::Classic => 0,
                TableKind::ZeroAware => 2,
            },
        })
    }

    /// Builds the tables in memory, without a cache (for small boards and tests).
    ///
    /// # Panics
    /// When `set` was not checked with [`super::check_buildable`] for `goal`.
    pub fn build(goal: &Board, set: &PartitionSet, progress: &dyn Progress) -> PatternDatabase {
        let size = goal.size();
        let storages = set
            .groups()
            .iter()
            .map(|g| {
                let table = payload(size, goal, g, set.kind(), progress, None);
                Storage::Owned(table.expect("no token stops it"))
            })
            .collect();
        PatternDatabase::assemble(goal, set, storages).expect("a fresh payload is well formed")
    }

    /// Loads each group's table from `cache`, building (and storing) any that is missing,
    /// stale or corrupt. A build stops, storing nothing more, once `cancel` is set.
    ///
    /// # Errors
    /// When a table cannot be built, stored or read back, or [`PdbError::Interrupted`].
    pub fn load_or_build(
        cache: &Cache,
        goal: &Board,
        set: &PartitionSet,
        progress: &dyn Progress,
        cancel: Option<&CancelToken>,
    ) -> Result<(PatternDatabase, Vec<GroupOrigin>), PdbError> {
        let size = goal.size();
        let kind = set.kind();
        let cache = &tables_of(cache, goal);
        let mut storages = Vec::new();
        let mut origins = Vec::new();
        for g in set.groups() {
            let name = file_name(goal, &g, kind);
            let identity = identity(goal, &g, kind);
            let build = || {
                payload(size, goal, &g, kind, progress, cancel).ok_or_else(|| {
                    PdbError::Interrupted {
                        group: group_text(&g),
                    }
                })
            };
            let (table, origin) = cache.load_or_build(&name, &identity, build)?;
            // A file that passed its checksum but has the wrong shape was written by a
            // different program: rebuild it rather than trust it.
            let (table, origin) =
                match GroupTable::from_payload(&g, goal, kind, Storage::Mapped(table)) {
                    Ok(t) => (t.storage, origin),
                    Err(why) => {
                        cache.store(&name, &identity, &build()?)?;
                        (
                            Storage::Mapped(cache.load(&name, &identity)?),
                            Origin::Rebuilt(why),
                        )
                    }
                };
            storages.push(table);
            origins.push(GroupOrigin {
                tiles: g,
                origin,
                file: name,
            });
        }
        let db = PatternDatabase::assemble(goal, set, storages).map_err(|why| {
            PdbError::Cache(CacheError::Invalid {
                path: cache.dir().to_path_buf(),
                why,
            })
        })?;
        Ok((db, origins))
    }

    /// Loads the tables from `cache` only if every group's file is there and valid.
    ///
    /// # Errors
    /// When a group's file is missing or not a valid table of it.
    pub fn load(
        cache: &Cache,
        goal: &Board,
        set: &PartitionSet,
    ) -> Result<PatternDatabase, PdbError> {
        let kind = set.kind();
        let cache = &tables_of(cache, goal);
        let mut storages = Vec::new();
        for g in set.groups() {
            let name = file_name(goal, &g, kind);
            let table = cache.load(&name, &identity(goal, &g, kind))?;
            let path = cache.path(&name);
            let t = GroupTable::from_payload(&g, goal, kind, Storage::Mapped(table))
                .map_err(|why| CacheError::Invalid { path, why })?;
            storages.push(t.storage);
        }
        PatternDatabase::assemble(goal, set, storages).map_err(|why| {
            PdbError::Cache(CacheError::Invalid {
                path: cache.dir().to_path_buf(),
                why,
            })
        })
    }

    /// The goal the tables are for.
    pub fn goal(&self) -> &Board {
        &self.goal
    }

    /// What the database is made of.
    pub fn set(&self) -> &PartitionSet {
        &self.set
    }

    /// The distinct groups, one table each, in order.
    pub fn groups(&self) -> Vec<Vec<u8>> {
        self.tables.iter().map(|t| t.tiles.clone()).collect()
    }

    /// Whether lookups on the mirrored board are used too.
    pub fn reflects(&self) -> bool {
        self.reflection.is_some()
    }

    /// The same tables without the mirrored lookups (to measure what they bring).
    #[must_use]
    pub fn without_reflection(&self) -> PatternDatabase {
        PatternDatabase {
            reflection: None,
            ..self.clone()
        }
    }

    /// The largest entry of each table, `(moves − manhattan) / 2`.
    pub fn max_entries(&self) -> Vec<u8> {
        self.tables.iter().map(GroupTable::max_entry).collect()
    }

    /// Reads one byte of every 4 KiB page of the tables, so that a memory-mapped table is
    /// paged in before a timed search rather than during it (a benchmark's first boards
    /// would otherwise pay for the page faults of all the others). Returns a checksum
    /// of the bytes read, only so the reads cannot be optimised away.
    pub fn page_in(&self) -> u64 {
        self.tables
            .iter()
            .flat_map(|t| t.storage.bytes().iter().step_by(4096))
            .fold(0u64, |sum, &b| sum.wrapping_add(u64::from(b)))
    }

    /// A checksum of every table's bytes, in order (each table's xxh3-64, verified when
    /// its file was loaded or stamped, combined): equal on two machines when they search with the
    /// same tables (the cluster's check before sharing a search).
    pub fn checksum(&self) -> u64 {
        let sums: Vec<u8> = self
            .tables
            .iter()
            .flat_map(|t| t.storage.checksum().to_le_bytes())
            .collect();
        xxhash_rust::xxh3::xxh3_64(&sums)
    }

    /// Bytes of table data.
    pub fn table_bytes(&self) -> usize {
        self.tables.iter().map(|t| t.storage.bytes().len()).sum()
    }

    /// The estimate of a whole board (with this database's goal and size).
    pub fn estimate_board(&self, board: &Board) -> u32 {
        self.value(&self.init(&FastBoard::new(board)))
    }

    /// The orientations looked up: the board, and its mirror image with reflection.
    #[inline(always)]
    pub(super) fn orientations(&self) -> usize {
        if self.reflection.is_some() {
            2
        } else {
            1
        }
    }

    /// The cells of table `j`'s tiles on the board (orientation 0) or its mirror image
    /// (1), written to `cells`; returns the cell of the blank and the set of the cells.
    #[inline(always)]
    fn place(
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
    fn fresh_entry(&self, orientation: usize, j: usize, pos: &[u8; MAX_FAST_CELLS]) -> u8 {
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
    fn index_of(&self, orientation: usize, j: usize, pos: &[u8; MAX_FAST_CELLS]) -> u64 {
        let t = &self.tables[j];
        match t.tiles.len() {
            // The named catalogues' groups, at a length known when compiled: the loops of
            // placing and ranking unroll (measured: docs/BENCHMARKS.md, "Fewer
            // instructions per lookup").
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
    fn index_of_group<const K: usize>(
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
    fn next_entry(&self, old: u8, entry: u8, moved: i8) -> u8 {
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
    fn update(
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
    fn best(&self, node: &PdbNode) -> (u16, u8) {
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

impl PatternDatabase {
    /// Runs the puzzle-specific IDA* from `start` with this database: one partition of
    /// classic tables with a node of its own (a third the size; `pdb/classic_partition.rs`
    /// says why), a catalogue or zero-aware tables through the general step.
    pub fn search(
        &self,
        start: &Board,
        settings: &RunSettings,
    ) -> (Result<Vec<Move>, GiveUp>, Stats) {
        match ClassicPartition::of(self) {
            Some(classic) => puzzle_idastar::search(start, &classic, settings),
            None => puzzle_idastar::search(start, self, settings),
        }
    }

    /// Whether the database is one partition of classic tables.
    pub(super) fn is_single_classic(&self) -> bool {
        self.single_classic
    }

    /// The tables, in the order of [`PartitionSet::groups`].
    pub(super) fn tables(&self) -> &[GroupTable] {
        &self.tables
    }

    /// The diagonal mirror, when the estimate reads the mirrored board too.
    pub(super) fn reflection(&self) -> Option<&Reflection> {
        self.reflection.as_ref()
    }

    /// For each table, the board's tiles that play its tiles on the mirrored board.
    pub(super) fn mirror_tiles(&self) -> &[Vec<u8>] {
        &self.mirror_tiles
    }

    /// The Manhattan distance under the tables' sums.
    pub(super) fn manhattan(&self) -> &Manhattan {
        &self.manhattan
    }

    /// The table of the first partition that a move of `tile` changes in `orientation`.
    #[inline(always)]
    pub(super) fn classic_table_of(&self, orientation: usize, tile: u8) -> Option<usize> {
        let j = self.table_of[orientation][0][usize::from(tile)];
        (j != NO_TABLE).then_some(usize::from(j))
    }
}

impl Estimate for PatternDatabase {
    type Node = PdbNode;

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

/// The name in reports of the database `set` makes for `goal`, with reflection where
/// asked for and the goal allows it: what [`PatternDatabase`]'s estimate is called, had
/// without loading or building its tables.
pub fn estimate_name(goal: &Board, set: &PartitionSet, reflection: bool) -> String {
    name_of(set, reflection && Reflection::new(goal).is_some())
}

fn name_of(set: &PartitionSet, reflected: bool) -> String {
    let mut name = format!("pdb {}", set.describe());
    if reflected {
        name.push_str(" + reflection");
    }
    name
}

/// A one-line description of the database's groups and how each was obtained.
pub fn describe_origins(origins: &[GroupOrigin]) -> String {
    let mut out = String::new();
    for o in origins {
        let how = match &o.origin {
            Origin::Loaded => "loaded".to_string(),
            Origin::Built => "built".to_string(),
            Origin::Rebuilt(why) => format!("rebuilt ({why})"),
        };
        let _ = write!(
            out,
            "{}{} {how}",
            if out.is_empty() { "" } else { "; " },
            group_text(&o.tiles)
        );
    }
    out
}
