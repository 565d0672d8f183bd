//! Additive disjoint pattern databases (Korf & Felner 2002) for the fast IDA*.
//!
//! The tiles are split into disjoint groups. Each group's table holds, for every placement
//! of the group's tiles, the fewest moves *of those tiles* that bring them to their goal
//! cells, other tiles being free to move at no cost (see [`build`](self) for the search
//! that computes it). A move moves one tile, so it is paid for in one group's table only:
//! the sum over the groups is a lower bound on the moves left. Tiles in no group add their
//! Manhattan distance, which is also a count of their own moves only.
//!
//! **Storage.** An entry is stored as `(table value − the group's Manhattan sum) / 2`: the
//! difference is always even (each paid move changes one tile's Manhattan term by one) and
//! small, so a 4×4 group of 7 or 8 tiles fits four bits an entry (measured: largest entry
//! 9 for 8 tiles, see docs/BENCHMARKS.md); a group whose largest entry exceeds 15 falls
//! back to a byte. The search then adds `manhattan + 2 × Σ entries`, with the Manhattan
//! total kept incrementally anyway. Entries are indexed by the rank of the group's partial
//! permutation (`k` of `n` cells: `n!/(n−k)!` entries; 8 of 16 cells is 518,918,400 entries
//! in 259 MB).
//!
//! **Reflection.** On a square board whose goal has the blank on the main diagonal,
//! mirroring a board about that diagonal and renaming each tile to the goal's tile at the
//! mirror of its goal cell maps the goal to itself (the blank keeps its name) and is an
//! isomorphism of the puzzle: the mirrored board is as far from the goal as the board. So
//! the same tables, looked up on the mirrored board, give a second admissible estimate;
//! the search takes the larger. This holds for `0 1 2 … 15` (blank top-left) and equally
//! for `1 2 … 15 0` (blank bottom-right, also on the diagonal).
//!
//! **Files.** One [`Cache`] file per group, named for the board, the goal and the tiles,
//! with an identity string naming all three, so a partition reuses the tables of any other
//! partition sharing a group.

mod build;

use std::fmt::Write as _;

use thiserror::Error;
use xxhash_rust::xxh3::xxh3_64;

use crate::board::{Board, Size};
use crate::cache::{Cache, CacheError, Origin, Table};
use crate::fast_idastar::{Estimate, FastBoard, Manhattan, RunSettings, MAX_FAST_CELLS};
use crate::progress::Progress;

/// The most groups a database may have.
pub const MAX_GROUPS: usize = 16;
/// The most memory a table build may use (estimated before starting), in bytes.
pub const MAX_BUILD_BYTES: u64 = 8 << 30;
/// Written in every table's identity: a change of entry meaning changes this.
const KIND: &str = "additive pattern database v1 (entries: (moves - manhattan) / 2)";
const PAYLOAD_HEADER: usize = 64;
const NO_GROUP: u8 = u8::MAX;

/// Why a pattern database could not be made or used.
#[derive(Debug, Error)]
pub enum PdbError {
    /// The partition text is not valid for this board.
    #[error("pattern database '{spec}': {why}")]
    BadSpec {
        /// The text given.
        spec: String,
        /// What is wrong with it.
        why: String,
    },
    /// A group whose table would need too much memory to build.
    #[error("the table of group {group} ({placements} placements on a {size} board) would need about {gib:.1} GiB to build; the limit is {limit} GiB: use smaller groups")]
    TooLarge {
        /// The group's tiles.
        group: String,
        /// The board's size.
        size: Size,
        /// Entries in its table.
        placements: u64,
        /// Memory the build would need.
        gib: f64,
        /// The limit, GiB.
        limit: u64,
    },
    /// The board is too large for the fast search.
    #[error("pattern databases need a board of at most {MAX_FAST_CELLS} cells with sides of at most 8; {0} is too large")]
    BoardTooLarge(Size),
    /// Reading or writing a table file failed.
    #[error(transparent)]
    Cache(#[from] CacheError),
}

/// Reads a partition of the tiles of `goal`'s board.
///
/// Two forms:
/// - group sizes joined by `-`, e.g. `7-8`, `6-6-3`, `5-5-5`: groups take the tiles in
///   the order of their goal cells (row-major, skipping the blank), first group first;
///   except `6-6-6-6` on a 5×5 board with the goal's blank in a corner, which is Korf &
///   Felner's partition (blocks of 2×3 and 3×2 cells) turned to that corner;
/// - explicit groups of tile numbers, tiles joined by `,` and groups by `/`, e.g.
///   `1,2,3,4,5,6,7/8,9,10,11,12,13,14,15` (a single group needs a `,`: `1,2,3`).
///
/// Groups must be non-empty, disjoint, and hold tiles (not the blank) of the board. Tiles
/// left out of every group are estimated by their Manhattan distance.
pub fn parse_groups(spec: &str, goal: &Board) -> Result<Vec<Vec<u8>>, PdbError> {
    let bad = |why: String| PdbError::BadSpec {
        spec: spec.to_string(),
        why,
    };
    let size = goal.size();
    let n = size.cells();
    if n > MAX_FAST_CELLS || size.width > 8 || size.height > 8 {
        return Err(PdbError::BoardTooLarge(size));
    }
    let text = spec.trim();
    if text.is_empty() {
        return Err(bad(
            "it is empty; write sizes like 7-8 or groups like 1,2,3/4,5,6".into(),
        ));
    }
    let groups: Vec<Vec<u8>> = if text.contains(',') || text.contains('/') {
        text.split('/')
            .enumerate()
            .map(|(g, group)| {
                group
                    .split(|c: char| c == ',' || c.is_whitespace())
                    .filter(|t| !t.is_empty())
                    .map(|t| {
                        let tile: usize = t.parse().map_err(|_| {
                            bad(format!("'{t}' in group {} is not a tile number", g + 1))
                        })?;
                        if tile == 0 {
                            return Err(bad(format!(
                                "group {} holds 0, the blank; groups hold tiles only",
                                g + 1
                            )));
                        }
                        if tile >= n {
                            return Err(bad(format!(
                                "tile {tile} in group {} is not on a {size} board (tiles 1..{})",
                                g + 1,
                                n - 1
                            )));
                        }
                        Ok(tile as u8)
                    })
                    .collect()
            })
            .collect::<Result<_, _>>()?
    } else {
        let sizes: Vec<usize> = text
            .split('-')
            .map(|s| {
                s.trim()
                    .parse::<usize>()
                    .map_err(|_| bad(format!("'{s}' is not a group size (write sizes like 7-8)")))
            })
            .collect::<Result<_, _>>()?;
        let total: usize = sizes.iter().sum();
        if total > n - 1 {
            return Err(bad(format!(
                "the groups hold {total} tiles but a {size} board has {}",
                n - 1
            )));
        }
        if let Some(groups) = korf_felner_24(goal, &sizes) {
            return Ok(groups);
        }
        let order: Vec<u8> = goal
            .cells()
            .iter()
            .filter(|&&t| t != 0)
            .map(|&t| t as u8)
            .collect();
        let mut next = 0;
        sizes
            .iter()
            .map(|&k| {
                let group = order[next..next + k].to_vec();
                next += k;
                group
            })
            .collect()
    };
    if groups.len() > MAX_GROUPS {
        return Err(bad(format!(
            "{} groups; at most {MAX_GROUPS}",
            groups.len()
        )));
    }
    let mut seen = [0usize; MAX_FAST_CELLS];
    for (g, group) in groups.iter().enumerate() {
        if group.is_empty() {
            return Err(bad(format!("group {} is empty", g + 1)));
        }
        for &t in group {
            if seen[t as usize] != 0 {
                return Err(bad(format!(
                    "tile {t} is in group {} and group {}; groups must be disjoint",
                    seen[t as usize],
                    g + 1
                )));
            }
            seen[t as usize] = g + 1;
        }
        let placements = PartialRank::new(n, group.len()).count;
        let bytes = build_bytes(n, placements);
        if bytes > MAX_BUILD_BYTES {
            return Err(PdbError::TooLarge {
                group: group_text(group),
                size,
                placements,
                gib: bytes as f64 / f64::from(1u32 << 30),
                limit: MAX_BUILD_BYTES >> 30,
            });
        }
    }
    Ok(groups)
}

/// Korf & Felner's 6-6-6-6 partition of the 24-puzzle, by goal cell for a goal with the
/// blank top-left: a 2×3 block and a 3×2 block beside the blank's corner (less the blank),
/// their mirror images about the main diagonal covering the rest. Compact groups of tiles
/// that meet often give larger entries than rows would.
const KORF_FELNER_24: [[usize; 6]; 4] = [
    [1, 2, 5, 6, 7, 12],
    [3, 4, 8, 9, 13, 14],
    [10, 11, 15, 16, 20, 21],
    [17, 18, 19, 22, 23, 24],
];

/// The groups of `6-6-6-6` on a 5×5 board whose goal has the blank in a corner: Korf &
/// Felner's partition turned to that corner. `None` for any other board or sizes.
fn korf_felner_24(goal: &Board, sizes: &[usize]) -> Option<Vec<Vec<u8>>> {
    let size = goal.size();
    if size != Size::square(5).ok()? || sizes != [6, 6, 6, 6] {
        return None;
    }
    let (row, col) = size.row_col(goal.blank());
    if !(row == 0 || row == 4) || !(col == 0 || col == 4) {
        return None;
    }
    // Flip rows and columns so that cell 0 lands on the blank's corner.
    let turn = |cell: usize| {
        let (r, c) = (cell / 5, cell % 5);
        let r = if row == 0 { r } else { 4 - r };
        let c = if col == 0 { c } else { 4 - c };
        r * 5 + c
    };
    let mut groups: Vec<Vec<u8>> = KORF_FELNER_24
        .iter()
        .map(|cells| {
            let mut tiles: Vec<u8> = cells.iter().map(|&c| goal.tile_at(turn(c)) as u8).collect();
            tiles.sort_unstable();
            tiles
        })
        .collect();
    groups.sort();
    Some(groups)
}

/// Memory a build needs: three bitsets of placements × cells, and a byte per placement
/// twice (depths, then entries).
fn build_bytes(cells: usize, placements: u64) -> u64 {
    let bitset = (placements.saturating_mul(cells as u64)).div_ceil(64) * 8;
    bitset
        .saturating_mul(3)
        .saturating_add(placements.saturating_mul(2))
}

/// A group written `1,2,3`.
pub fn group_text(group: &[u8]) -> String {
    let tiles: Vec<String> = group.iter().map(u8::to_string).collect();
    tiles.join(",")
}

/// A partition written `1,2,3/4,5,6`.
pub fn groups_text(groups: &[Vec<u8>]) -> String {
    let groups: Vec<String> = groups.iter().map(|g| group_text(g)).collect();
    groups.join("/")
}

/// Cell sets of one board as `u64` masks: its cells, and each cell's neighbours.
pub(crate) struct Geometry {
    pub(crate) full: u64,
    pub(crate) neighbours: [u64; MAX_FAST_CELLS],
    width: usize,
    not_first_col: u64,
    not_last_col: u64,
    /// For boards of at most 16 cells: `lowest[free][cell]`, the lowest cell of `cell`'s
    /// connected region within the cell set `free` (1 MB for 16 cells, so it stays in the
    /// L2 cache and replaces the flood fill that dominated the build).
    lowest: Vec<[u8; 16]>,
}

impl Geometry {
    pub(crate) fn new(size: Size) -> Geometry {
        let n = size.cells();
        let full = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
        let mut neighbours = [0u64; MAX_FAST_CELLS];
        let (mut first, mut last) = (0u64, 0u64);
        for (cell, nb) in neighbours.iter_mut().enumerate().take(n) {
            for mv in crate::board::Move::DEFAULT_ORDER {
                if let Some(to) = size.step(cell, mv) {
                    *nb |= 1 << to;
                }
            }
            let col = cell % size.width;
            if col == 0 {
                first |= 1 << cell;
            }
            if col + 1 == size.width {
                last |= 1 << cell;
            }
        }
        let mut geometry = Geometry {
            full,
            neighbours,
            width: size.width,
            not_first_col: full & !first,
            not_last_col: full & !last,
            lowest: Vec::new(),
        };
        if n <= 16 {
            geometry.lowest = (0..1u64 << n)
                .map(|free| {
                    let mut row = [0u8; 16];
                    let mut left = free;
                    while left != 0 {
                        let region = geometry.flood(left.trailing_zeros() as usize, free);
                        let low = region.trailing_zeros() as u8;
                        let mut cells = region;
                        while cells != 0 {
                            row[cells.trailing_zeros() as usize] = low;
                            cells &= cells - 1;
                        }
                        left &= !region;
                    }
                    row
                })
                .collect();
        }
        geometry
    }

    /// The lowest cell of `seed`'s connected region within `free` (`seed` in `free`).
    #[inline(always)]
    pub(crate) fn lowest_cell(&self, seed: usize, free: u64) -> usize {
        match self.lowest.get(free as usize) {
            Some(row) => row[seed] as usize,
            None => self.flood(seed, free).trailing_zeros() as usize,
        }
    }

    /// The cells of `free` connected to `seed` through `free` (with `seed` itself).
    #[inline]
    pub(crate) fn flood(&self, seed: usize, free: u64) -> u64 {
        let mut region = 1u64 << seed;
        loop {
            let grown = region
                | (((region << 1) & self.not_first_col
                    | (region >> 1) & self.not_last_col
                    | region << self.width
                    | region >> self.width)
                    & free);
            if grown == region {
                return region;
            }
            region = grown;
        }
    }
}

/// Ranks placements of `k` distinct tiles on `n` cells (partial permutations) densely:
/// `rank = Σ dᵢ·mᵢ` where `dᵢ` is tile `i`'s cell among the cells tiles `0..i` left free
/// and `mᵢ = (n−1−i)!/(n−k)!` the placements of the tiles after it.
#[derive(Clone, Debug)]
pub(crate) struct PartialRank {
    n: usize,
    multiplier: [u64; MAX_FAST_CELLS],
    /// `n!/(n−k)!`.
    pub(crate) count: u64,
}

impl PartialRank {
    pub(crate) fn new(n: usize, k: usize) -> PartialRank {
        let mut multiplier = [0u64; MAX_FAST_CELLS];
        let mut m = 1u64;
        for i in (0..k).rev() {
            multiplier[i] = m;
            m = m.saturating_mul((n - i) as u64);
        }
        PartialRank {
            n,
            multiplier,
            count: m,
        }
    }

    #[inline(always)]
    pub(crate) fn rank(&self, cells: impl Iterator<Item = u8>) -> u64 {
        let mut used = 0u64;
        let mut rank = 0u64;
        for (i, c) in cells.enumerate() {
            let below = (used & ((1u64 << c) - 1)).count_ones() as u64;
            rank += (u64::from(c) - below) * self.multiplier[i];
            used |= 1 << c;
        }
        rank
    }

    pub(crate) fn unrank(&self, mut rank: u64, cells: &mut [u8]) {
        // The free cells in order; taking the digit-th out by shifting the tail is
        // branch-free, where stepping through a bit mask digit times (the first version)
        // was the largest cost of the whole build (measured with perf).
        let mut free = [0u8; MAX_FAST_CELLS];
        for (i, f) in free.iter_mut().enumerate().take(self.n) {
            *f = i as u8;
        }
        let mut left = self.n;
        for (i, cell) in cells.iter_mut().enumerate() {
            let digit = (rank / self.multiplier[i]) as usize;
            rank %= self.multiplier[i];
            *cell = free[digit];
            free.copy_within(digit + 1..left, digit);
            left -= 1;
        }
    }
}

/// Where a table's bytes live: mapped from its cache file, or built in memory.
enum Storage {
    Mapped(Table),
    Owned(Vec<u8>),
}

impl Storage {
    fn bytes(&self) -> &[u8] {
        match self {
            Storage::Mapped(t) => t,
            Storage::Owned(v) => v,
        }
    }
}

/// One group's table.
struct GroupTable {
    tiles: Vec<u8>,
    ranker: PartialRank,
    /// Bits per entry: 4 or 8.
    bits: u8,
    storage: Storage,
}

impl GroupTable {
    fn from_payload(tiles: &[u8], n: usize, storage: Storage) -> Result<GroupTable, String> {
        let ranker = PartialRank::new(n, tiles.len());
        let bytes = storage.bytes();
        let bits = *bytes.first().ok_or("empty payload")?;
        let entries = ranker.count as usize;
        let expected = match bits {
            4 => entries.div_ceil(2),
            8 => entries,
            _ => return Err(format!("unknown entry width {bits}")),
        };
        if bytes.len() != PAYLOAD_HEADER + expected {
            return Err(format!(
                "payload of {} bytes, expected {}",
                bytes.len(),
                PAYLOAD_HEADER + expected
            ));
        }
        Ok(GroupTable {
            tiles: tiles.to_vec(),
            ranker,
            bits,
            storage,
        })
    }

    #[inline(always)]
    fn entry(&self, rank: u64) -> u8 {
        let data = &self.storage.bytes()[PAYLOAD_HEADER..];
        if self.bits == 4 {
            (data[(rank >> 1) as usize] >> ((rank & 1) * 4)) & 15
        } else {
            data[rank as usize]
        }
    }

    /// The largest entry (for reports).
    fn max_entry(&self) -> u8 {
        (0..self.ranker.count)
            .map(|r| self.entry(r))
            .max()
            .unwrap_or(0)
    }
}

/// The payload of a group's file: entry width, padding, entries.
fn payload(size: Size, goal: &Board, tiles: &[u8], progress: &dyn Progress) -> Vec<u8> {
    let goal_pos = goal.positions();
    let goal_cells: Vec<u8> = tiles.iter().map(|&t| goal_pos[t as usize] as u8).collect();
    let what = format!("pattern database {size} tiles {}", group_text(tiles));
    let depths = build::depths(size, &goal_cells, goal.blank() as u8, progress, &what);
    let (extras, max) = build::extras(size, &goal_cells, &depths);
    drop(depths);
    let mut out = vec![0u8; PAYLOAD_HEADER];
    if max <= 15 {
        out[0] = 4;
        out.extend(
            extras
                .chunks(2)
                .map(|pair| pair[0] | pair.get(1).map_or(0, |hi| hi << 4)),
        );
    } else {
        out[0] = 8;
        out.extend_from_slice(&extras);
    }
    out
}

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
/// by the fast IDA* as an [`Estimate`].
pub struct PatternDatabase {
    goal: Board,
    tables: Vec<GroupTable>,
    manhattan: Manhattan,
    /// Group of each tile, [`NO_GROUP`] for none.
    group_of: [u8; MAX_FAST_CELLS],
    reflection: Option<Reflection>,
}

/// The diagonal mirror, in the form the lookups need.
struct Reflection {
    /// `mirror[cell]`: the cell mirrored about the main diagonal.
    mirror: [u8; MAX_FAST_CELLS],
    /// For each tile of the board, the group its renamed tile belongs to.
    group_of: [u8; MAX_FAST_CELLS],
    /// For each group, its tiles' names on the board before renaming, in group order.
    sources: Vec<Vec<u8>>,
}

impl Reflection {
    /// The mirror for `goal`, when the board is square and the goal's blank is on the
    /// diagonal (otherwise the renamed blank would be a tile and the goal would not map to
    /// itself).
    fn new(
        goal: &Board,
        groups: &[Vec<u8>],
        group_of: &[u8; MAX_FAST_CELLS],
    ) -> Option<Reflection> {
        let size = goal.size();
        if size.width != size.height {
            return None;
        }
        let w = size.width;
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
            tables,
            manhattan: Manhattan::new(goal),
            group_of,
            reflection: Reflection::new(goal, groups, &group_of),
        })
    }

    /// Builds the tables in memory, without a cache (for small boards and tests).
    /// `groups` must come from [`parse_groups`].
    pub fn build(goal: &Board, groups: &[Vec<u8>], progress: &dyn Progress) -> PatternDatabase {
        let size = goal.size();
        let storages = groups
            .iter()
            .map(|g| Storage::Owned(payload(size, goal, g, progress)))
            .collect();
        PatternDatabase::assemble(goal, groups, storages).expect("a fresh payload is well formed")
    }

    /// Loads each group's table from `cache`, building (and storing) any that is missing,
    /// stale or corrupt. `groups` must come from [`parse_groups`].
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

    /// Turns reflection lookups off (to measure what they bring).
    pub fn without_reflection(mut self) -> PatternDatabase {
        self.reflection = None;
        self
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

/// The identity string of a group's table: what it is a table of.
pub fn identity(goal: &Board, group: &[u8]) -> String {
    format!(
        "{KIND}; board {}; goal {}; group {}",
        goal.size(),
        goal,
        group_text(group)
    )
}

/// The cache file name of a group's table.
pub fn file_name(goal: &Board, group: &[u8]) -> String {
    let tiles: Vec<String> = group.iter().map(u8::to_string).collect();
    format!(
        "pdb-{}-{:08x}-{}.tbl",
        goal.size(),
        xxh3_64(goal.to_string().as_bytes()) as u32,
        tiles.join(".")
    )
}

/// What an identity string says: board size, goal and group, if it names a table of
/// this kind.
pub fn parse_identity(identity: &str) -> Option<(String, String, Vec<u8>)> {
    let rest = identity.strip_prefix(KIND)?.strip_prefix("; board ")?;
    let (size, rest) = rest.split_once("; goal ")?;
    let (goal, group) = rest.split_once("; group ")?;
    let tiles = group
        .split(',')
        .map(|t| t.parse().ok())
        .collect::<Option<Vec<u8>>>()?;
    Some((size.to_string(), goal.to_string(), tiles))
}

/// The best partition cached for `goal`: disjoint groups from the cached tables covering
/// every tile, largest groups first. `None` when the cached groups do not cover the tiles.
pub fn find_cached(cache: &Cache, goal: &Board) -> Option<Vec<Vec<u8>>> {
    let want = goal.to_string();
    let mut groups: Vec<Vec<u8>> = cache
        .list()
        .ok()?
        .into_iter()
        .filter_map(|(_, identity)| parse_identity(&identity?))
        .filter(|(_, g, _)| *g == want)
        .map(|(_, _, tiles)| tiles)
        .collect();
    groups.sort_by(|a, b| b.len().cmp(&a.len()).then(a.cmp(b)));
    let n = goal.size().cells();
    let mut taken = [false; MAX_FAST_CELLS];
    let mut chosen = Vec::new();
    for g in groups {
        if g.iter().any(|&t| t as usize >= n || taken[t as usize]) || chosen.len() == MAX_GROUPS {
            continue;
        }
        g.iter().for_each(|&t| taken[t as usize] = true);
        chosen.push(g);
    }
    // Largest first to choose, goal order to name: `7-8`, not `8-7`.
    chosen.sort();
    (taken[1..n].iter().all(|&t| t)).then_some(chosen)
}

/// Solves `start` with the fast IDA* guided by `db` (made for `goal`); `setup_seconds` is
/// reported in the stats.
pub fn solve(
    start: &Board,
    goal: &Board,
    db: &PatternDatabase,
    settings: &RunSettings,
    setup_seconds: f64,
) -> Result<crate::solver::Solution, crate::error::SolveError> {
    if goal != db.goal() {
        return Err(crate::error::SolveError::Unsupported(format!(
            "the pattern database is for goal {}, not {goal}",
            db.goal()
        )));
    }
    let mut s = crate::fast_idastar::solve_with(start, goal, db, settings, None)?;
    s.stats.setup_seconds = setup_seconds;
    Ok(s)
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

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn partial_ranks_are_dense_and_invert() {
        for (n, k) in [(6, 3), (9, 4), (8, 8)] {
            let ranker = PartialRank::new(n, k);
            let mut cells = vec![0u8; k];
            let mut seen = vec![false; ranker.count as usize];
            for rank in 0..ranker.count {
                ranker.unrank(rank, &mut cells);
                let mut distinct = cells.clone();
                distinct.sort_unstable();
                distinct.dedup();
                assert_eq!(distinct.len(), k);
                assert!(cells.iter().all(|&c| (c as usize) < n));
                let back = ranker.rank(cells.iter().copied());
                assert_eq!(back, rank);
                assert!(!std::mem::replace(&mut seen[rank as usize], true));
            }
        }
    }

    proptest! {
        #[test]
        fn ranks_round_trip_on_big_boards(
            (n, cells) in (9usize..=64).prop_flat_map(|n| {
                (Just(n), Just((0..n as u8).collect::<Vec<u8>>()).prop_shuffle())
            }),
            k in 1usize..=7,
        ) {
            let k = k.min(n);
            let ranker = PartialRank::new(n, k);
            let placement = &cells[..k];
            let rank = ranker.rank(placement.iter().copied());
            prop_assert!(rank < ranker.count);
            let mut back = vec![0u8; k];
            ranker.unrank(rank, &mut back);
            prop_assert_eq!(&back[..], placement);
        }

        #[test]
        fn regions_are_connected_components(free in 0u64..(1 << 16), seed in 0usize..16) {
            let geometry = Geometry::new(Size::square(4).unwrap());
            prop_assume!(free & (1 << seed) != 0);
            let region = geometry.flood(seed, free);
            prop_assert_eq!(region & !free, 0);
            // Closed: no free neighbour of the region lies outside it.
            let mut cells = region;
            while cells != 0 {
                let c = cells.trailing_zeros() as usize;
                cells &= cells - 1;
                prop_assert_eq!(geometry.neighbours[c] & free & !region, 0);
            }
            prop_assert_eq!(geometry.lowest_cell(seed, free), region.trailing_zeros() as usize);
        }
    }
}
