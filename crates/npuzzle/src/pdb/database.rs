//! The pattern database: the tables of a [`PartitionSet`], loaded or built, read by the
//! fast IDA* as an estimate it updates move by move.
//!
//! Each partition's groups add up: `manhattan + 2 × Σ entries` is a lower bound. With
//! several partitions (a catalogue) the estimate is the largest of their sums, with
//! reflection also of their sums on the mirrored board, and of the sums of the other
//! families of disjoint groups they make ([`Families`]).
//! How an entry is looked up and updated per move: [`super::lookup`].

#![expect(
    clippy::inline_always,
    reason = "called for every generated node of the search: inlining is not left to the cost model"
)]

use std::sync::Arc;

use crate::fast_idastar::{Estimate, FastBoard, Manhattan, MAX_FAST_CELLS};
use crate::puzzle::board::Board;
use crate::tables::cache::{Cache, CacheError, Origin};
use crate::tables::partition::group_text;
use crate::util::cancel::CancelToken;
use crate::util::progress::Progress;

use super::families::Families;
use super::files::{file_name, identity};
use super::group_table::{payload, GroupTable, Storage};
use super::naming::GroupOrigin;
use super::partition_set::PartitionSet;
use super::reflection::Reflection;
use super::TableKind;
use super::{PdbError, MAX_PARTITIONS, MAX_TABLES};

/// The tables whose entries a move of one tile changes, in one orientation.
#[derive(Clone, Copy, Default)]
pub(super) struct Touched {
    pub(super) count: u8,
    pub(super) tables: [u8; MAX_PARTITIONS],
}

/// A pattern database for one goal: the tables of a [`PartitionSet`], used by the
/// fast IDA* as an [`Estimate`]. Clones share the tables.
#[derive(Clone)]
pub struct PatternDatabase {
    pub(super) goal: Board,
    pub(super) set: PartitionSet,
    pub(super) tables: Arc<Vec<GroupTable>>,
    /// Each partition's tables.
    pub(super) parts: Arc<Vec<Vec<u8>>>,
    /// `partitions_of[j]`: the partitions holding table `j`, one bit each.
    pub(super) partitions_of: [u8; MAX_TABLES],
    pub(super) manhattan: Manhattan,
    /// `touched[orientation][tile]`: the tables a move of `tile` changes on the board
    /// (orientation 0) and on its mirror image (1).
    pub(super) touched: Arc<[[Touched; MAX_FAST_CELLS]; 2]>,
    /// `table_of[orientation][partition][tile]`: the table of partition `partition` a
    /// move of `tile` changes in that orientation, [`NO_TABLE`] for none.
    pub(super) table_of: Arc<[[[u8; MAX_FAST_CELLS]; MAX_PARTITIONS]; 2]>,
    /// For each table, the board's tiles that play its tiles on the mirrored board.
    pub(super) mirror_tiles: Arc<Vec<Vec<u8>>>,
    pub(super) reflection: Option<Reflection>,
    /// Each tile's goal cell.
    pub(super) goal_cells: [u8; MAX_FAST_CELLS],
    /// How a node's entry holds the table's `(moves − manhattan) / 2`: as it is (classic
    /// tables, 0), or above the depth modulo 4 (zero-aware tables, 2), which is what
    /// their one-bit entries need to be read after a move.
    pub(super) shift: u32,
    /// One partition of classic tables (Korf & Felner's database, the 15-puzzle's 7-8),
    /// searched as a [`ClassicEstimate`].
    pub(super) single_classic: bool,
    /// The families of disjoint groups besides the partitions, whose sums the estimate
    /// also takes the largest of.
    pub(super) families: Arc<Families>,
}

/// `cache`, reading the tables for `goal` as its searches are best served: beyond the
/// 15-puzzle a search runs seconds to hours, and its lookups are faster on huge pages; a
/// 15-puzzle's takes milliseconds, less than reading 7-8's tables costs (0.07–0.15 s more
/// than mapping them: docs/BENCHMARKS.md, "Changes measured and kept").
fn tables_of(cache: &Cache, goal: &Board) -> Cache {
    cache.clone().onto_huge_pages(goal.size().cells() > 16)
}

/// No table of a partition holds the tile.
pub(super) const NO_TABLE: u8 = u8::MAX;

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

    /// The estimate of the board of `cells` (its tiles, row-major, `0` the blank).
    pub fn estimate_cells(&self, cells: &[u8]) -> u32 {
        self.value(&self.init(&FastBoard::from_cells(cells)))
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
}

impl PatternDatabase {
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
