//! The additive pattern database: the tables of disjoint groups, loaded or built, read
//! by the puzzle-specific IDA* as an incremental estimate.

#![expect(
    clippy::inline_always,
    reason = "called for every generated node of the search: inlining is not left to the cost model"
)]

use std::fmt::Write as _;
use std::sync::Arc;

use crate::board::Board;
use crate::cache::{Cache, CacheError, Origin};
use crate::partition::group_text;
use crate::progress::Progress;
use crate::puzzle_idastar::{Estimate, FastBoard, Manhattan, MAX_FAST_CELLS};

use super::files::{file_name, identity};
use super::group_table::{payload, GroupTable, Storage};
use super::reflection::Reflection;
use super::{PdbError, NO_GROUP};
use crate::partition::MAX_GROUPS;

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
/// An additive pattern database for one goal: tables for disjoint groups of tiles, used
/// by the puzzle-specific IDA* as an [`Estimate`]. Clones share the tables.
#[derive(Clone)]
pub struct PatternDatabase {
    goal: Board,
    tables: Arc<Vec<GroupTable>>,
    manhattan: Manhattan,
    /// Group of each tile, [`NO_GROUP`] for none.
    group_of: [u8; MAX_FAST_CELLS],
    reflection: Option<Reflection>,
}
/// Node data of a [`PatternDatabase`] search: the Manhattan total, and each group's entry
/// and their sum, on the board and on its mirror image.
#[derive(Clone, Copy, Debug)]
pub struct PdbNode {
    md: u16,
    sum: u16,
    mirror_sum: u16,
    entries: [u8; MAX_GROUPS],
    mirror_entries: [u8; MAX_GROUPS],
}
impl PatternDatabase {
    fn assemble(
        goal: &Board,
        groups: &[Vec<u8>],
        storages: Vec<Storage>,
    ) -> Result<PatternDatabase, String> {
        let n = goal.size().cells();
        let tables = groups
            .iter()
            .zip(storages)
            .map(|(g, s)| GroupTable::from_payload(g, n, s))
            .collect::<Result<Vec<_>, _>>()?;
        let mut group_of = [NO_GROUP; MAX_FAST_CELLS];
        for (i, g) in groups.iter().enumerate() {
            for &t in g {
                group_of[t as usize] = i as u8;
            }
        }
        Ok(PatternDatabase {
            goal: goal.clone(),
            tables: Arc::new(tables),
            manhattan: Manhattan::new(goal),
            group_of,
            reflection: Reflection::new(goal, groups, &group_of),
        })
    }

    /// Builds the tables in memory, without a cache (for small boards and tests).
    /// `groups` must come from [`super::parse_groups`].
    ///
    /// # Panics
    /// When `groups` were not checked with [`super::check_buildable`] for `goal`.
    pub fn build(goal: &Board, groups: &[Vec<u8>], progress: &dyn Progress) -> PatternDatabase {
        let size = goal.size();
        let storages = groups
            .iter()
            .map(|g| Storage::Owned(payload(size, goal, g, progress)))
            .collect();
        PatternDatabase::assemble(goal, groups, storages).expect("a fresh payload is well formed")
    }

    /// Loads each group's table from `cache`, building (and storing) any that is missing,
    /// stale or corrupt. `groups` must come from [`super::parse_groups`].
    ///
    /// # Errors
    /// When a table cannot be built, stored or read back.
    pub fn load_or_build(
        cache: &Cache,
        goal: &Board,
        groups: &[Vec<u8>],
        progress: &dyn Progress,
    ) -> Result<(PatternDatabase, Vec<GroupOrigin>), PdbError> {
        let size = goal.size();
        let mut storages = Vec::new();
        let mut origins = Vec::new();
        for g in groups {
            let name = file_name(goal, g);
            let identity = identity(goal, g);
            let (table, origin) =
                cache.load_or_build(&name, &identity, || payload(size, goal, g, progress))?;
            // A file that passed its checksum but has the wrong shape was written by a
            // different program: rebuild it rather than trust it.
            let (table, origin) =
                match GroupTable::from_payload(g, size.cells(), Storage::Mapped(table)) {
                    Ok(t) => (t.storage, origin),
                    Err(why) => {
                        cache.store(&name, &identity, &payload(size, goal, g, progress))?;
                        (
                            Storage::Mapped(cache.load(&name, &identity)?),
                            Origin::Rebuilt(why),
                        )
                    }
                };
            storages.push(table);
            origins.push(GroupOrigin {
                tiles: g.clone(),
                origin,
                file: name,
            });
        }
        let db = PatternDatabase::assemble(goal, groups, storages).map_err(|why| {
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
        groups: &[Vec<u8>],
    ) -> Result<PatternDatabase, PdbError> {
        let n = goal.size().cells();
        let mut storages = Vec::new();
        for g in groups {
            let name = file_name(goal, g);
            let table = cache.load(&name, &identity(goal, g))?;
            let path = cache.path(&name);
            let t = GroupTable::from_payload(g, n, Storage::Mapped(table))
                .map_err(|why| CacheError::Invalid { path, why })?;
            storages.push(t.storage);
        }
        PatternDatabase::assemble(goal, groups, storages).map_err(|why| {
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

    /// The groups, in order.
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

    /// The largest entry of each group's table, `(moves − manhattan) / 2`.
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

    /// Bytes of table data.
    pub fn table_bytes(&self) -> usize {
        self.tables.iter().map(|t| t.storage.bytes().len()).sum()
    }

    /// The estimate of a whole board (with this database's goal and size).
    pub fn estimate_board(&self, board: &Board) -> u32 {
        self.value(&self.init(&FastBoard::new(board)))
    }

    #[inline(always)]
    fn lookup(&self, g: usize, pos: &[u8; MAX_FAST_CELLS]) -> u8 {
        let t = &self.tables[g];
        t.entry(
            t.ranker
                .rank(t.tiles.iter().map(|&tile| pos[tile as usize])),
        )
    }

    #[inline(always)]
    fn mirror_lookup(&self, r: &Reflection, g: usize, pos: &[u8; MAX_FAST_CELLS]) -> u8 {
        let t = &self.tables[g];
        let cells = r.sources[g]
            .iter()
            .map(|&tile| r.mirror[pos[tile as usize] as usize]);
        t.entry(t.ranker.rank(cells))
    }
}

impl Estimate for PatternDatabase {
    type Node = PdbNode;

    fn init(&self, board: &FastBoard) -> PdbNode {
        let mut node = PdbNode {
            md: self.manhattan.total(board) as u16,
            sum: 0,
            mirror_sum: 0,
            entries: [0; MAX_GROUPS],
            mirror_entries: [0; MAX_GROUPS],
        };
        for g in 0..self.tables.len() {
            node.entries[g] = self.lookup(g, &board.pos);
            node.sum += u16::from(node.entries[g]);
            if let Some(r) = &self.reflection {
                node.mirror_entries[g] = self.mirror_lookup(r, g, &board.pos);
                node.mirror_sum += u16::from(node.mirror_entries[g]);
            }
        }
        node
    }

    #[inline(always)]
    fn step(&self, node: &PdbNode, board: &FastBoard, tile: u8, from: usize, to: usize) -> PdbNode {
        self.step_within(node, board, tile, from, to, u32::MAX).0
    }

    /// The mirror lookup is skipped when the direct one already puts the child over the
    /// limit: most generated children are cut off, and each lookup is a likely cache miss
    /// in a 259 MB table, so this saves a good part of the search's memory traffic.
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
        let g = self.group_of[tile as usize];
        if g != NO_GROUP {
            let g = g as usize;
            let e = self.lookup(g, &board.pos);
            next.sum = next.sum + u16::from(e) - u16::from(node.entries[g]);
            next.entries[g] = e;
        }
        let direct = u32::from(next.md) + 2 * u32::from(next.sum);
        if direct > limit {
            return (next, direct);
        }
        if let Some(r) = &self.reflection {
            let g = r.group_of[tile as usize];
            if g != NO_GROUP {
                let g = g as usize;
                let e = self.mirror_lookup(r, g, &board.pos);
                next.mirror_sum =
                    next.mirror_sum + u16::from(e) - u16::from(node.mirror_entries[g]);
                next.mirror_entries[g] = e;
            }
        }
        (next, self.value(&next))
    }

    #[inline(always)]
    fn value(&self, node: &PdbNode) -> u32 {
        u32::from(node.md) + 2 * u32::from(node.sum.max(node.mirror_sum))
    }

    #[inline(always)]
    fn is_goal(&self, node: &PdbNode) -> bool {
        node.md == 0
    }

    fn name(&self) -> String {
        let sizes: Vec<String> = self
            .tables
            .iter()
            .map(|t| t.tiles.len().to_string())
            .collect();
        let mut name = format!("pdb {}", sizes.join("-"));
        if self.reflection.is_some() {
            name.push_str(" + reflection");
        }
        name
    }
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
