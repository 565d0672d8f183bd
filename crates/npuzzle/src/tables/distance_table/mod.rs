//! Complete distance tables: for a board of at most 12 cells, the exact number of moves
//! from *every* reachable board to a goal, so a solve is a lookup and an optimal path a
//! walk down the table.
//!
//! ```
//! use npuzzle::tables::distance_table::{shared, Layout, Need};
//! use npuzzle::{tables::cache::Cache, parse_board, util::progress::Silent, Board};
//!
//! let goal = parse_board("123804765", None)?;
//! let layout = Layout::for_goal(&goal)?;
//! let limits = npuzzle::search::Limits::NONE;
//! let table = shared(layout, &Cache::from_env(), Need::IfCheap, &limits, &Silent)?.expect("3x3 is embedded");
//! assert_eq!(table.summary().max(), 30); // the farthest boards from 123804765
//! let start = parse_board("283104765", None)?;
//! let moves = table.solve(&start, &goal, npuzzle::MoveOrder::DEFAULT).unwrap();
//! assert_eq!(npuzzle::moves_to_string(&moves), "uldr");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! ## One table per goal blank cell
//! Tile labels do not change how the blank moves, so any (start, goal) pair is relabeled
//! ([`Board::relabeled`]) into a query against the *standard* goal with the same blank
//! cell ([`Layout::goal`]). A board size therefore needs at most one table per cell.
//!
//! ## Two encodings
//! - **Exact bytes**, for boards of at most [`IN_MEMORY_STATES`] reachable states (every
//!   board up to 10 cells: 3x3 has 181,440, 2x5 1,814,400). A lookup is O(1).
//!   The nine **3x3 tables are embedded at compile time** (1.6 MB of read-only data,
//!   paged in only where read): building one at run time took about 15 ms on the
//!   project's shared 2-core machine, which alone would blow the 5 ms budget of a
//!   one-case-per-process judge (Luogu P1379), while a lookup in an embedded table
//!   costs nothing to start. The build script includes the library's own builder
//!   (`distance_table/packed.rs`), so there is one builder. The other small boards
//!   (2x2 to 2x5) are built in memory on first use (2x5 in a fraction of a second) and
//!   never cached: that is faster than reading and checksumming a file.
//! - **Distance mod 3 in two bits**, for the 12-cell boards (3x4, 4x3, 2x6, 6x2:
//!   239,500,800 states). Each move changes the distance by exactly one (the board graph
//!   is bipartite: every move moves the blank to a cell of the other colour), so the
//!   neighbour one move nearer is the one whose value is one less mod 3, and walking
//!   down the values finds the distance and the path. Two bits make the 3x4 table
//!   59.9 MB. Four bits would double that (119.8 MB) and still not hold the distance:
//!   3x4 reaches 53 and 2x6 reaches 80, past 15, so a four-bit table would need a
//!   modular or offset code and the same walk, buying nothing for twice the disk, page
//!   cache and checksum time. The price is that the distance costs a walk of O(d) table
//!   reads (d <= 80) instead of one; the optimal path costs that walk anyway. These
//!   tables are built once on both cores, stored in the [`Cache`] and mapped.
//!
//! ## Tables in the multi-tile metric
//! A layout [`Layout::in_metric`] the multi-tile metric counts a jump of the blank along
//! its line as one move; the table is another one (never embedded, cached as
//! `distance-mtm-…`), built by the same search with the jumps as neighbours. Two
//! neighbours' distances still differ by at most one (each is one move from the other),
//! so one less, equal and one more stay apart mod 3 and the same two-bit walk works. The
//! walk tries jumps in the move order, shortest first, which makes its path the canonical
//! multi-tile answer ([`crate::puzzle::metric`]).
//!
//! ## When a table is used
//! [`shared`] hands out tables process-wide: 3x3 ones are embedded, other small ones
//! always built (well under a second); a 12-cell one is used when its file is in the cache and built (about a
//! minute) only when asked for with [`Need::Always`] — `--algorithm table` and
//! `npuzzle stats`. So `--algorithm auto` answers 12-cell boards by lookup once the
//! table exists and falls back to IDA* rather than start a minute-long build by surprise.

mod build;
mod count;
mod eight_puzzle_paths;
mod layout;
mod move_strings;
mod naming;
mod packed;
mod store;
mod summary;
mod table_error;

use std::borrow::Cow;
use std::sync::OnceLock;

use crate::puzzle::board::{Board, Move, Size};
use crate::puzzle::metric::Metric;
use crate::puzzle::move_order::MoveOrder;
use crate::tables::cache::{self, Cache, Origin};
use crate::util::cancel::CancelToken;
use crate::util::progress::Progress;

use crate::puzzle::rank::sequence_rank;
pub use build::HARDEST_KEPT;
pub use eight_puzzle_paths::{EightPuzzlePaths, PathLetters};
pub use layout::pack;
pub use layout::Layout;
pub use move_strings::MoveStrings;
pub use naming::table_name;
use naming::MetricNaming;
use packed::blank_of;
pub use packed::{TableShape, MAX_TABLE_CELLS};
pub use store::{build_peak_bytes, distance, in_memory, shared, Need};
pub use summary::{mean_distance, Summary};
pub use table_error::TableError;

/// Tables with at most this many states are kept as exact bytes in memory (embedded for
/// 3x3, built on first use for the others); larger ones are packed two bits a state and
/// cached on disk.
pub const IN_MEMORY_STATES: u64 = 2_000_000;

/// The nine 3x3 tables by goal blank cell, exact distances, written by the build script.
static EIGHT_PUZZLE_TABLES: &[u8] =
    include_bytes!(concat!(env!("OUT_DIR"), "/eight_puzzle_tables.bin"));

/// The version of the payload below; part of every file's identity.
const PAYLOAD_VERSION: u32 = 1;

enum Distances {
    /// The distance of board `i` is `bytes[i]`.
    Exact(Cow<'static, [u8]>),
    /// Two bits a board, distance mod 3, four boards a byte (board `i` in bits
    /// `2 * (i % 4)` of byte `i / 4`), from `start` of a mapped cache file.
    Mod3 { file: cache::Table, start: usize },
}

/// A complete distance table towards the standard goal of one [`Layout`].
pub struct DistanceTable {
    layout: Layout,
    /// Set when built or loaded; counted from the bytes on first use when embedded (a
    /// one-case judge run should not pay for a scan of the table).
    summary: OnceLock<Summary>,
    distances: Distances,
    goal_index: u64,
}

impl std::fmt::Debug for DistanceTable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("DistanceTable")
            .field("layout", &self.layout)
            .field("exact", &matches!(self.distances, Distances::Exact(_)))
            .finish_non_exhaustive()
    }
}

impl DistanceTable {
    /// Builds the table of `layout` in memory, exact distances a byte each (for the small
    /// boards, built in a fraction of a second: nothing stops it).
    ///
    /// # Panics
    /// Never: only a token stops a build, and this one has none.
    pub fn build(layout: Layout, progress: &dyn Progress) -> DistanceTable {
        let built = build::build(&layout, progress, false, None).expect("no token stops it");
        DistanceTable::new(
            layout,
            Some(built.summary),
            Distances::Exact(Cow::Owned(built.distances)),
        )
    }

    /// The table of `layout` embedded in the library, if it is a 3x3 one.
    ///
    /// # Panics
    /// Never for a valid layout: every 3x3 table is embedded.
    pub fn embedded(layout: Layout) -> Option<DistanceTable> {
        if layout.size() != Size::square(3).expect("3x3 is a size")
            || layout.metric() != Metric::SingleTile
        {
            return None;
        }
        let states = layout.states() as usize;
        let start = layout.goal_blank() * states;
        let bytes = &EIGHT_PUZZLE_TABLES[start..start + states];
        Some(DistanceTable::new(
            layout,
            None,
            Distances::Exact(Cow::Borrowed(bytes)),
        ))
    }

    /// The summary of exact distances, counted.
    fn count(bytes: &[u8]) -> Summary {
        let mut counts = Vec::new();
        for &distance in bytes {
            let distance = usize::from(distance);
            if distance >= counts.len() {
                counts.resize(distance + 1, 0);
            }
            counts[distance] += 1;
        }
        let max = counts.len() as u8 - 1;
        let hardest = (0..bytes.len() as u64)
            .filter(|&i| bytes[i as usize] == max)
            .take(HARDEST_KEPT)
            .collect();
        Summary { counts, hardest }
    }

    fn new(layout: Layout, summary: Option<Summary>, distances: Distances) -> DistanceTable {
        let goal_index = layout
            .index(&layout.goal())
            .expect("the goal reaches itself");
        let known = OnceLock::new();
        if let Some(summary) = summary {
            known.set(summary).expect("a new cell is empty");
        }
        DistanceTable {
            layout,
            summary: known,
            distances,
            goal_index,
        }
    }

    /// The name and identity of the cache file of `layout`.
    pub fn cache_name(layout: &Layout) -> (String, String) {
        let size = layout.size();
        let MetricNaming {
            file_prefix: prefix,
            counted,
            ..
        } = MetricNaming::of(layout.metric());
        let name = format!("distance-{prefix}{size}-blank{}.tbl", layout.goal_blank());
        let identity = format!(
            "npuzzle distance table v{PAYLOAD_VERSION}: {size} board, standard goal with the \
             blank in cell {}, index blank*(n-1)!/2+rank/2, 2-bit distance mod 3, summary \
             first{counted}",
            layout.goal_blank()
        );
        (name, identity)
    }

    /// The table of `layout` from `cache`, built (with `progress`) and stored there when
    /// the file is missing, truncated, corrupt or of another table. Says which happened.
    /// A build stops, storing nothing, once `cancel` is set.
    ///
    /// # Errors
    /// When the cache cannot be read or written, a verified file does not fit the layout,
    /// or [`TableError::Interrupted`].
    pub fn load_or_build(
        layout: Layout,
        cache: &Cache,
        progress: &dyn Progress,
        cancel: Option<&CancelToken>,
    ) -> Result<(DistanceTable, Origin), TableError> {
        let (name, identity) = DistanceTable::cache_name(&layout);
        let (file, origin) = cache.load_or_build::<TableError>(&name, &identity, || {
            let built = build::build(&layout, progress, false, cancel)
                .ok_or(TableError::Interrupted(layout.size()))?;
            Ok(payload(&built.summary, &built.distances))
        })?;
        let table = DistanceTable::from_file(layout, file, &cache.path(&name))?;
        Ok((table, origin))
    }

    /// The table of `layout` from `cache` if a valid file is there.
    ///
    /// # Errors
    /// When no valid file of the layout is in the cache.
    pub fn load(layout: Layout, cache: &Cache) -> Result<DistanceTable, TableError> {
        let (name, identity) = DistanceTable::cache_name(&layout);
        let file = cache.load(&name, &identity)?;
        DistanceTable::from_file(layout, file, &cache.path(&name))
    }

    fn from_file(
        layout: Layout,
        file: cache::Table,
        path: &std::path::Path,
    ) -> Result<DistanceTable, TableError> {
        let corrupt = || {
            TableError::Corrupt(format!(
                "{}: the table does not fit its header",
                path.display()
            ))
        };
        let (summary, used) = Summary::from_bytes(&file).ok_or_else(corrupt)?;
        let start = used.next_multiple_of(8);
        if file.len() != start + (layout.states() as usize).div_ceil(4)
            || summary.states() != layout.states()
        {
            return Err(corrupt());
        }
        Ok(DistanceTable::new(
            layout,
            Some(summary),
            Distances::Mod3 { file, start },
        ))
    }

    /// The layout: board size and goal blank cell.
    pub fn layout(&self) -> &Layout {
        &self.layout
    }

    /// The distance distribution and the hardest boards.
    pub fn summary(&self) -> &Summary {
        self.summary.get_or_init(|| match &self.distances {
            Distances::Exact(bytes) => DistanceTable::count(bytes),
            Distances::Mod3 { .. } => unreachable!("mod-3 tables are loaded with their summary"),
        })
    }

    /// The hardest boards (up to [`HARDEST_KEPT`]), relative to [`Layout::goal`].
    pub fn hardest_boards(&self) -> Vec<Board> {
        self.summary()
            .hardest
            .iter()
            .map(|&i| self.layout.board(i))
            .collect()
    }

    /// Whether the table holds exact distances (O(1) lookups) rather than mod 3.
    pub fn is_exact(&self) -> bool {
        matches!(self.distances, Distances::Exact(_))
    }

    /// Every board's exact distance, indexed as [`Layout::index`] numbers boards, on exact
    /// tables; `None` on mod-3 ones, which hold only the distance mod 3.
    pub fn exact_distances(&self) -> Option<&[u8]> {
        match &self.distances {
            Distances::Exact(bytes) => Some(bytes),
            Distances::Mod3 { .. } => None,
        }
    }

    /// Whether board `there` is one move nearer the goal than its neighbour `here`.
    #[inline]
    fn nearer(&self, here: u64, there: u64) -> bool {
        match &self.distances {
            Distances::Exact(bytes) => bytes[there as usize] + 1 == bytes[here as usize],
            Distances::Mod3 { file, start } => {
                let value = |i: u64| (file[start + (i / 4) as usize] >> (2 * (i % 4))) & 3;
                (value(there) + 1) % 3 == value(here)
            }
        }
    }

    /// The exact distance from `board` to [`Layout::goal`], or `None` when it has another
    /// size or cannot reach the goal. O(1) on exact tables; a walk on mod-3 ones.
    pub fn distance(&self, board: &Board) -> Option<usize> {
        let index = self.layout.index(board)?;
        match &self.distances {
            Distances::Exact(bytes) => Some(usize::from(bytes[index as usize])),
            Distances::Mod3 { .. } => self
                .path(board, MoveOrder::DEFAULT)
                .map(|p| self.layout.metric().length(&p)),
        }
    }

    /// The canonical optimal path from `board` to [`Layout::goal`]: at each step the
    /// first move in `order` that brings the blank one move nearer, which makes it the
    /// lexicographically smallest shortest path under `order`. `None` when the board has
    /// another size or cannot reach the goal.
    pub fn path(&self, board: &Board, order: MoveOrder) -> Option<Vec<Move>> {
        let index = self.layout.index(board)?;
        let mut moves = Vec::new();
        self.walk(pack(board), index, order, |mv| moves.push(mv));
        Some(moves)
    }

    /// Walks from the packed board with index `index` to the goal, calling `step` with
    /// each move of the canonical path under `order` (each single step of a multi-tile
    /// jump): [`DistanceTable::path`] without the board's checks, for the judges' fast
    /// paths, which pack and index each board themselves ([`pack`],
    /// [`TableShape::index_packed`]).
    ///
    /// # Panics
    /// When `packed` and `index` are not one board of the table's layout that can reach
    /// its goal.
    // Kept a function of its own where it is instantiated: inlined into HDU 3567's
    // answering loop (in the judges' crate) it ran 1.4 % more instructions a run.
    #[inline(never)]
    pub fn walk(
        &self,
        mut packed: u64,
        mut index: u64,
        order: MoveOrder,
        mut step: impl FnMut(Move),
    ) {
        while index != self.goal_index {
            let (rank, _) = sequence_rank(packed, self.layout.size().cells());
            let mut nearer = None;
            self.layout
                .for_each_neighbour(packed, rank, order, |mv, there, next| {
                    if nearer.is_none() && self.nearer(index, there) {
                        nearer = Some((mv, there, next));
                    }
                });
            let (mv, there, next) = nearer.expect("a board off the goal has a nearer neighbour");
            // A multi-tile move is a jump of several cells: as many single steps.
            let cells = self
                .layout
                .size()
                .cell_distance(blank_of(packed), blank_of(next));
            for _ in 0..cells {
                step(mv);
            }
            index = there;
            packed = next;
        }
    }

    /// The canonical optimal moves from `start` to any `goal` of this table's size and
    /// blank cell (relabeled to the standard goal), or `None` when `goal` cannot be
    /// reached or does not fit the table.
    pub fn solve(&self, start: &Board, goal: &Board, order: MoveOrder) -> Option<Vec<Move>> {
        if goal.size() != self.layout.size()
            || start.size() != goal.size()
            || goal.blank() != self.layout.goal_blank()
        {
            return None;
        }
        self.path(&start.relabeled(goal, &self.layout.goal()), order)
    }
}

/// The file payload: the summary, zero padding to 8 bytes, the mod-3 table.
fn payload(summary: &Summary, distances: &[u8]) -> Vec<u8> {
    use rayon::prelude::*;
    let mut out = summary.to_bytes();
    out.resize(out.len().next_multiple_of(8), 0);
    let packed: Vec<u8> = distances
        .par_chunks(4)
        .map(|four| {
            four.iter()
                .enumerate()
                .fold(0u8, |byte, (i, &d)| byte | ((d % 3) << (2 * i)))
        })
        .collect();
    out.extend_from_slice(&packed);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::board::Size;
    use crate::puzzle::oracle::bfs_distances;
    use crate::puzzle::solvability::is_solvable;
    use crate::search::Limits;
    use crate::tables::cache::CacheError;
    use crate::util::fault::Fault;
    use crate::util::progress::Silent;
    use crate::{solve, Algorithm, SolveOptions};
    use rand::SeedableRng;
    use std::sync::Arc;
    use std::time::Duration;

    /// The table of `layout` agrees with [`bfs_distances`] on every board, its summary
    /// counts them right, and its hardest boards are at the largest distance.
    fn check_against_bfs(table: &DistanceTable) {
        let layout = *table.layout();
        let expected = bfs_distances(&layout.goal());
        assert_eq!(expected.len() as u64, layout.states(), "{layout:?}");
        let mut counts = vec![0u64; table.summary().counts.len()];
        for (board, &distance) in &expected {
            assert_eq!(table.distance(board), Some(distance), "{board}");
            counts[distance] += 1;
        }
        assert_eq!(table.summary().counts, counts, "{layout:?}");
        for board in table.hardest_boards() {
            assert_eq!(expected[&board], table.summary().max());
        }
    }

    #[test]
    fn agrees_with_bfs_on_every_3x3_board_for_every_goal_blank() {
        let size = Size::square(3).unwrap();
        for goal_blank in 0..9 {
            let layout = Layout::new(size, goal_blank).unwrap();
            let embedded = DistanceTable::embedded(layout).unwrap();
            let built = DistanceTable::build(layout, &Silent);
            assert_eq!(embedded.summary(), built.summary());
            match (&embedded.distances, &built.distances) {
                (Distances::Exact(a), Distances::Exact(b)) => assert!(a == b),
                _ => panic!("3x3 tables are exact"),
            }
            check_against_bfs(&embedded);
        }
    }

    #[test]
    fn agrees_with_bfs_on_every_small_board() {
        for (w, h) in [(2, 2), (3, 2), (2, 3), (4, 2), (2, 4), (5, 2), (2, 5)] {
            let size = Size::new(w, h).unwrap();
            // Every goal blank cell where it is cheap, the default goal for the rest.
            let blanks: Vec<usize> = if size.cells() <= 8 {
                (0..size.cells()).collect()
            } else {
                vec![size.cells() - 1]
            };
            for goal_blank in blanks {
                let layout = Layout::new(size, goal_blank).unwrap();
                check_against_bfs(&DistanceTable::build(layout, &Silent));
            }
        }
    }

    #[test]
    fn reproduces_published_distributions() {
        // OEIS A089473: 8-puzzle boards by distance from the goal with the blank in a corner.
        const A089473: [u64; 32] = [
            1, 2, 4, 8, 16, 20, 39, 62, 116, 152, 286, 396, 748, 1024, 1893, 2512, 4485, 5638,
            9529, 10878, 16993, 17110, 23952, 20224, 24047, 15578, 14560, 6274, 3910, 760, 221, 2,
        ];
        let eight =
            DistanceTable::build(Layout::new(Size::square(3).unwrap(), 8).unwrap(), &Silent);
        assert_eq!(eight.summary().counts, A089473);
        assert_eq!(eight.summary().states(), 181_440);
        let hardest: Vec<String> = eight
            .hardest_boards()
            .iter()
            .map(Board::to_string)
            .collect();
        assert_eq!(hardest, ["6 4 7/8 5 0/3 2 1", "8 6 7/2 5 4/3 0 1"]);
        for (w, h) in [(2, 5), (5, 2)] {
            let size = Size::new(w, h).unwrap();
            let table = DistanceTable::build(Layout::new(size, 9).unwrap(), &Silent);
            assert_eq!(table.summary().max(), 55, "{size}");
        }
    }

    /// The IDA* solution (canonical in its move order) of a board.
    fn idastar_moves(start: &Board, goal: &Board, order: MoveOrder) -> Vec<Move> {
        let options = SolveOptions {
            algorithm: Algorithm::Idastar,
            order,
            limits: Limits::NONE,
            ..SolveOptions::default()
        };
        solve(start, goal, &options).unwrap().moves
    }

    #[test]
    fn paths_are_the_canonical_shortest_ones_for_any_goal_and_order() {
        let size = Size::square(3).unwrap();
        let mut rng = rand::rngs::StdRng::seed_from_u64(11);
        let orders = [
            MoveOrder::DEFAULT,
            MoveOrder::new([Move::Up, Move::Down, Move::Left, Move::Right]).unwrap(),
            MoveOrder::new([Move::Right, Move::Up, Move::Left, Move::Down]).unwrap(),
        ];
        for case in 0..60 {
            let goal = crate::puzzle::random::random_board(&Board::goal(size), &mut rng);
            let start = crate::puzzle::random::random_board(&goal, &mut rng);
            let table = Arc::new(DistanceTable::build(
                Layout::for_goal(&goal).unwrap(),
                &Silent,
            ));
            let order = orders[case % orders.len()];
            let moves = table.solve(&start, &goal, order).unwrap();
            assert_eq!(
                moves,
                idastar_moves(&start, &goal, order),
                "{start} -> {goal}"
            );
            let mut end = start.clone();
            end.apply_all(&moves).unwrap();
            assert_eq!(end, goal);
            let unreachable = crate::puzzle::solvability::swap_parity(&start);
            assert!(!is_solvable(&unreachable, &goal));
            assert_eq!(table.solve(&unreachable, &goal, order), None);
        }
    }

    #[test]
    fn multi_tile_tables_walk_mod_3_like_their_exact_bytes_under_their_own_name() {
        let dir = tempfile::tempdir().unwrap();
        let cache = Cache::new(dir.path());
        for (width, height) in [(4, 2), (2, 4), (3, 3)] {
            let size = Size::new(width, height).unwrap();
            let single = Layout::new(size, size.cells() - 1).unwrap();
            let layout = single.in_metric(Metric::MultiTile);
            assert_eq!(layout.metric(), Metric::MultiTile);
            assert_eq!(layout.in_metric(Metric::SingleTile), single);
            assert_ne!(
                DistanceTable::cache_name(&layout),
                DistanceTable::cache_name(&single)
            );
            let exact = DistanceTable::build(layout, &Silent);
            let stepped = DistanceTable::build(single, &Silent);
            assert!(exact.summary().max() < stepped.summary().max());
            let (mod3, _) = DistanceTable::load_or_build(layout, &cache, &Silent, None).unwrap();
            assert!(!mod3.is_exact());
            assert_eq!(mod3.summary(), exact.summary());
            for index in (0..layout.states()).step_by(5) {
                let board = layout.board(index);
                let path = exact.path(&board, MoveOrder::DEFAULT).unwrap();
                assert_eq!(
                    Metric::MultiTile.length(&path),
                    exact.distance(&board).unwrap()
                );
                assert_eq!(mod3.distance(&board), exact.distance(&board), "{board}");
                assert_eq!(mod3.path(&board, MoveOrder::DEFAULT), Some(path));
            }
        }
        // No multi-tile table is embedded: the 3x3 one is built.
        let three = Layout::new(Size::square(3).unwrap(), 8).unwrap();
        assert!(DistanceTable::embedded(three.in_metric(Metric::MultiTile)).is_none());
    }

    #[test]
    fn a_truncated_or_corrupt_file_is_rebuilt() {
        let dir = tempfile::tempdir().unwrap();
        let cache = Cache::new(dir.path());
        let layout = Layout::new(Size::new(4, 2).unwrap(), 7).unwrap();
        let exact = DistanceTable::build(layout, &Silent);
        let same_as_exact = |table: &DistanceTable| {
            assert!(!table.is_exact());
            assert_eq!(table.summary(), exact.summary());
            for index in (0..layout.states()).step_by(7) {
                let board = layout.board(index);
                assert_eq!(table.distance(&board), exact.distance(&board), "{board}");
                assert_eq!(
                    table.path(&board, MoveOrder::DEFAULT),
                    exact.path(&board, MoveOrder::DEFAULT)
                );
            }
        };
        let (table, origin) = DistanceTable::load_or_build(layout, &cache, &Silent, None).unwrap();
        assert_eq!(origin, Origin::Built);
        same_as_exact(&table);
        drop(table);
        let (table, origin) = DistanceTable::load_or_build(layout, &cache, &Silent, None).unwrap();
        assert_eq!(origin, Origin::Loaded);
        drop(table);

        let path = cache.path(&DistanceTable::cache_name(&layout).0);
        let bytes = std::fs::read(&path).unwrap();
        std::fs::write(&path, &bytes[..bytes.len() - 1000]).unwrap();
        assert!(DistanceTable::load(layout, &cache).is_err());
        let (table, origin) = DistanceTable::load_or_build(layout, &cache, &Silent, None).unwrap();
        assert!(
            matches!(origin, Origin::Rebuilt(ref why) if why.contains("truncated")),
            "{origin:?}"
        );
        same_as_exact(&table);
        drop(table);

        let mut bytes = std::fs::read(&path).unwrap();
        let middle = bytes.len() / 2;
        bytes[middle] ^= 0b10;
        std::fs::write(&path, &bytes).unwrap();
        let (table, origin) = DistanceTable::load_or_build(layout, &cache, &Silent, None).unwrap();
        assert!(
            matches!(origin, Origin::Rebuilt(ref why) if why.contains("checksum")),
            "{origin:?}"
        );
        same_as_exact(&table);
    }

    #[test]
    fn a_build_stopped_by_its_token_stores_nothing() {
        let dir = tempfile::tempdir().unwrap();
        let cache = Cache::new(dir.path());
        // 239,500,800 states: a minute's build, far longer than the test waits. (A goal
        // blank no other test builds: tables are kept process-wide once had.)
        let layout = Layout::new(Size::new(4, 3).unwrap(), 6).unwrap();
        for wait in [Duration::ZERO, Duration::from_millis(200)] {
            let token = CancelToken::new();
            let started = std::time::Instant::now();
            let built = std::thread::scope(|scope| {
                scope.spawn(|| {
                    std::thread::sleep(wait);
                    token.cancel();
                });
                DistanceTable::load_or_build(layout, &cache, &Silent, Some(&token))
            });
            assert!(
                matches!(built, Err(TableError::Interrupted(size)) if size == layout.size()),
                "{built:?}"
            );
            assert!(started.elapsed() < Duration::from_secs(30));
            let files = std::fs::read_dir(dir.path()).unwrap().count();
            assert_eq!(files, 0, "nothing is stored");
        }
        // Through the shared tables, with the limits of a solve.
        let token = CancelToken::new();
        token.cancel();
        let limits = Limits {
            cancel: Some(token),
            ..Limits::NONE
        };
        let goal = layout.goal();
        let mut start = goal.clone();
        start.apply_all(&[Move::Left]).unwrap();
        assert!(matches!(
            distance(&start, &goal, &cache, &limits, &Silent),
            Err(TableError::Interrupted(_))
        ));
    }

    #[test]
    fn auto_and_table_answer_by_lookup() {
        let start = crate::parse_board("8 6 7/2 5 4/3 0 1", None).unwrap();
        let goal = Board::goal(start.size());
        for algorithm in [Algorithm::Auto, Algorithm::Table] {
            let options = SolveOptions {
                algorithm,
                ..SolveOptions::default()
            };
            let s = solve(&start, &goal, &options).unwrap();
            assert_eq!(s.algorithm, Algorithm::Table);
            assert_eq!(s.length(), Some(31));
            assert_eq!(s.moves, idastar_moves(&start, &goal, MoveOrder::DEFAULT));
        }
        let big = Board::goal(Size::square(4).unwrap());
        let s = solve(&big, &big, &SolveOptions::default()).unwrap();
        assert_eq!(s.algorithm, Algorithm::FastIdastar);
        let table = SolveOptions {
            algorithm: Algorithm::Table,
            ..SolveOptions::default()
        };
        assert!(matches!(
            solve(&big, &big, &table),
            Err(crate::SolveError::TooLarge { .. })
        ));
    }

    #[test]
    fn a_cache_that_cannot_be_read_is_an_error_not_a_missing_table() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("file");
        std::fs::write(&file, b"not a directory").unwrap();
        // A layout no other test keeps in memory: 4x3 with the blank first.
        let layout = Layout::new(Size::new(4, 3).unwrap(), 0).unwrap();
        let Err(error) = shared(
            layout,
            &Cache::new(&file),
            Need::IfCheap,
            &Limits::NONE,
            &Silent,
        ) else {
            panic!("a cache under a file cannot be read");
        };
        assert!(
            matches!(error, TableError::Cache(CacheError::Io { .. })),
            "{error:?}"
        );
        assert_eq!(error.fault(), Fault::Environment);
        // From a cache that can be read but holds no table, none is at hand.
        let empty = Cache::new(dir.path());
        assert!(
            shared(layout, &empty, Need::IfCheap, &Limits::NONE, &Silent)
                .unwrap()
                .is_none()
        );
    }

    /// Builds (or loads from `$NPUZZLE_CACHE_DIR`) a 12-cell table and checks it against
    /// IDA* with linear conflict on seeded random boards, and its published maximum.
    fn check_twelve_cells(size: Size, max: usize, at_max: Option<u64>, boards: usize) {
        let layout = Layout::new(size, size.cells() - 1).unwrap();
        let (table, _) =
            DistanceTable::load_or_build(layout, &Cache::from_env(), &Silent, None).unwrap();
        assert_eq!(table.summary().states(), 239_500_800);
        assert_eq!(table.summary().max(), max);
        if let Some(count) = at_max {
            assert_eq!(table.summary().counts[max], count);
        }
        let goal = layout.goal();
        let mut rng = rand::rngs::StdRng::seed_from_u64(5);
        for _ in 0..boards {
            let start = crate::puzzle::random::random_board(&goal, &mut rng);
            let moves = table.path(&start, MoveOrder::DEFAULT).unwrap();
            assert_eq!(
                moves,
                idastar_moves(&start, &goal, MoveOrder::DEFAULT),
                "{start}"
            );
        }
        for board in table.hardest_boards().iter().take(2) {
            assert_eq!(table.distance(board), Some(max));
        }
    }

    #[test]
    #[ignore = "builds a 239,500,800-state table (about a minute on 2 cores, 60 MB in the cache) unless cached"]
    fn three_by_four_agrees_with_idastar() {
        check_twelve_cells(Size::new(3, 4).unwrap(), 53, Some(18), 20);
    }

    #[test]
    #[ignore = "builds a 239,500,800-state table (about a minute on 2 cores, 60 MB in the cache) unless cached"]
    fn two_by_six_agrees_with_idastar() {
        check_twelve_cells(Size::new(2, 6).unwrap(), 80, None, 5);
    }
}
