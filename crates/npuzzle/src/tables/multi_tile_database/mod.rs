//! A coloured pattern database counted in the multi-tile metric: tiles are replaced by a
//! few colours (tiles of one colour are alike), and the table holds, for every
//! arrangement of colours and blank, the fewest multi-tile moves to the goal's
//! arrangement. One table covers every tile, so it is admissible where additive pattern
//! databases are not (a multi-tile move moves tiles of several groups at once).
//!
//! ```
//! use npuzzle::tables::multi_tile_database::{Colouring, MultiTileDatabase};
//! use npuzzle::util::progress::Silent;
//! use npuzzle::Size;
//!
//! // The 8-puzzle with three colours: a table of 9!/(1!3!3!2!) = 5,040 entries.
//! let colouring = Colouring::new(Size::square(3)?, &[vec![1, 2, 3], vec![4, 5, 6], vec![7, 8]])
//!     .expect("every tile once");
//! let database = MultiTileDatabase::build(colouring, &Silent, None)?;
//! assert_eq!(database.entries(), 5_040);
//! assert_eq!(database.estimate(&[1, 2, 3, 4, 5, 6, 7, 8, 0]), 0);
//! // The blank jumped two cells left: one move.
//! assert_eq!(database.estimate(&[1, 2, 3, 4, 5, 6, 0, 7, 8]), 1);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! The goal is the standard one (tiles in order, the blank last); other goals with the
//! blank last are read through [`crate::Board::relabeled`]. On a square board each
//! board is also looked up transposed (rows for columns, each tile renamed for the tile
//! whose goal is its goal's mirror), which is as far from the goal, and the larger
//! entry is the estimate. The 15-puzzle's table ([`Colouring::fifteen`]) has
//! 16!/(1!2!4!5!4!) = 151,351,200 entries of a byte, built breadth first on every core
//! and kept in the [`Cache`].

mod build;
mod colour_rank;
mod registry;

pub use registry::{build_notice, shared};

use std::fmt::Write as _;
use std::ops::Deref;
use std::sync::Arc;

use crate::puzzle::board::{Board, Size};
use crate::tables::cache::{Cache, CacheError, Origin, Table};
use crate::util::cancel::CancelToken;
use crate::util::per_process::{get_or_make, PerProcess};
use crate::util::prefetch::prefetch;
use crate::util::progress::Progress;

use colour_rank::{ColourRank, Packed, MAX_CELLS, MAX_COLOURS};

/// Which colour each tile has, on a board of at most 16 cells.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Colouring {
    size: Size,
    /// `colour[tile]` (entry 0, the blank's, unused).
    colour: Vec<u8>,
    /// The tiles of each colour.
    classes: Vec<Vec<u32>>,
}

impl Colouring {
    /// The colouring whose colour `c` is the tiles of `classes[c]`, or `None` unless the
    /// board has at most 16 cells, there are 1 to 5 classes, and every tile (`1..cells`)
    /// is in exactly one.
    pub fn new(size: Size, classes: &[Vec<u32>]) -> Option<Colouring> {
        let cells = size.cells();
        if cells > MAX_CELLS || classes.is_empty() || classes.len() > MAX_COLOURS {
            return None;
        }
        let mut colour = vec![u8::MAX; cells];
        for (c, class) in classes.iter().enumerate() {
            for &tile in class {
                let slot = colour.get_mut(tile as usize).filter(|_| tile != 0)?;
                if *slot != u8::MAX {
                    return None;
                }
                *slot = c as u8;
            }
        }
        colour[0] = 0;
        if colour.contains(&u8::MAX) || classes.iter().any(Vec::is_empty) {
            return None;
        }
        Some(Colouring {
            size,
            colour,
            classes: classes.to_vec(),
        })
    }

    /// The 15-puzzle's colouring, slidy's: `1 2`, `3 4 7 8`, `5 6 9 10 13` and
    /// `11 12 14 15`. Measured against four blocks round the corners (`1 2 3 5 6`,
    /// `4 7 8 11`, `9 10 13 14`, `12 15`), its estimates were higher on four of five
    /// random boards (by up to 6 moves), and it made IDA* expand nine times fewer nodes
    /// on the first.
    ///
    /// # Panics
    /// Never: the classes are fixed and valid.
    pub fn fifteen() -> Colouring {
        let classes = [
            vec![1, 2],
            vec![3, 4, 7, 8],
            vec![5, 6, 9, 10, 13],
            vec![11, 12, 14, 15],
        ];
        let size = Size::square(4).expect("4x4 is a size");
        Colouring::new(size, &classes).expect("every tile of the 15-puzzle once")
    }

    /// A small colouring of the 15-puzzle, read before [`Colouring::fifteen`]: `1 2 3 4
    /// 8 12` (the top row and right column), `5 6 7 9 10 11` and `13 14 15`, a table of
    /// 16!/(1!6!6!3!) = 6,726,720 entries that stays in the processor's cache. It
    /// partitions the tiles across the large colouring's classes, so the larger of the
    /// two is often above both: on 25 random boards IDA* generated 31.8 million nodes
    /// with both tables where it generated 78.5 million with the large one alone. Among
    /// the 3-colour partitions by rows and blocks measured, this one generated fewest.
    ///
    /// # Panics
    /// Never: the classes are fixed and valid.
    pub fn fifteen_small() -> Colouring {
        let classes = [
            vec![1, 2, 3, 4, 8, 12],
            vec![5, 6, 7, 9, 10, 11],
            vec![13, 14, 15],
        ];
        let size = Size::square(4).expect("4x4 is a size");
        Colouring::new(size, &classes).expect("every tile of the 15-puzzle once")
    }

    /// A fine colouring of the 15-puzzle, read after the other two where it is cached:
    /// five colours of three tiles, the first three of each of the top three rows (`1 2
    /// 3`, `5 6 7`, `9 10 11`), the right column's `4 8 12` and the bottom row's `13 14
    /// 15`; its transposed entry reads the same by columns. A table of
    /// 16!/(1!3!3!3!3!3!) = 2,690,688,000 entries (2.7 GB), built in about three
    /// minutes on two cores and only when asked (`npuzzle pdb build --metric mtm best`).
    /// It crosses [`Colouring::fifteen`]'s blocks: on three of the 43-move antipodes IDA*
    /// generated 0.87 billion nodes with the three tables where the small and large ones
    /// alone generated 4.61 billion. Five colours of blocks
    /// ([`Colouring::fifteen_blocks`]) generated 1.07 billion in its place, and read
    /// after both (four tables, 5.4 GB) 0.38 billion; alone, in the large one's place,
    /// more than the large one.
    ///
    /// # Panics
    /// Never: the classes are fixed and valid.
    pub fn fifteen_fine() -> Colouring {
        let classes = [
            vec![1, 2, 3],
            vec![5, 6, 7],
            vec![9, 10, 11],
            vec![4, 8, 12],
            vec![13, 14, 15],
        ];
        let size = Size::square(4).expect("4x4 is a size");
        Colouring::new(size, &classes).expect("every tile of the 15-puzzle once")
    }

    /// A second fine colouring of the 15-puzzle, read after [`Colouring::fifteen_fine`]
    /// where both are cached: five colours of blocks, `1 2 5`, `3 4 8`, `9 13 14`, `6 7
    /// 10` and `11 12 15`. Transposed, the blocks of the corners and the centre map to
    /// themselves and the top right's to the bottom left's. A table of 2,690,688,000
    /// entries (2.7 GB), built in about three minutes on two cores and only when asked
    /// (`npuzzle pdb build --metric mtm best`). It crosses the fine colouring's rows as
    /// that one crosses [`Colouring::fifteen`]'s blocks: on three of the 43-move
    /// antipodes IDA* generated 0.38 billion nodes with the four tables where the other
    /// three generated 0.87 billion.
    ///
    /// # Panics
    /// Never: the classes are fixed and valid.
    pub fn fifteen_blocks() -> Colouring {
        let classes = [
            vec![1, 2, 5],
            vec![3, 4, 8],
            vec![9, 13, 14],
            vec![6, 7, 10],
            vec![11, 12, 15],
        ];
        let size = Size::square(4).expect("4x4 is a size");
        Colouring::new(size, &classes).expect("every tile of the 15-puzzle once")
    }

    /// The 15-puzzle's tiles in five L-shaped colours of three, the last the bottom row:
    /// `1 2 6`, `3 4 7`, `5 9 10`, `8 11 12`, `13 14 15` (16!/(3!^5) = 2.7 billion
    /// entries). Read fifth, after [`Colouring::fifteen_blocks`]: its shapes cross the
    /// other two tables' groups, and on the 16 multi-tile antipodes IDA* generated 0.70
    /// billion nodes with the five tables where the four generated 1.44 billion.
    ///
    /// # Panics
    /// Never: the classes are fixed and valid.
    pub fn fifteen_ells() -> Colouring {
        let classes = [
            vec![1, 2, 6],
            vec![3, 4, 7],
            vec![5, 9, 10],
            vec![8, 11, 12],
            vec![13, 14, 15],
        ];
        let size = Size::square(4).expect("4x4 is a size");
        Colouring::new(size, &classes).expect("every tile of the 15-puzzle once")
    }

    /// A colouring of the 5x3 board (tiles `1 … 14`, the blank last): two 2x2 blocks of
    /// the top rows' left, `1 2 6 7` and `3 4 8 9`, the right column `5 10 14` and the
    /// bottom row's rest `11 12 13`, a table of 15!/(1!4!4!3!3!) = 63,063,000 entries.
    ///
    /// # Panics
    /// Never: the classes are fixed and valid.
    pub fn five_by_three() -> Colouring {
        let classes = [
            vec![1, 2, 6, 7],
            vec![3, 4, 8, 9],
            vec![5, 10, 14],
            vec![11, 12, 13],
        ];
        let size = Size::new(5, 3).expect("5x3 is a size");
        Colouring::new(size, &classes).expect("every tile of the 5x3 board once")
    }

    /// The 5x3 board's small colouring, read before [`Colouring::five_by_three`]: its
    /// rows, `1 … 5`, `6 … 10` and `11 … 14`, a table of 15!/(1!5!5!4!) = 3,783,780
    /// entries that crosses the large one's classes.
    ///
    /// # Panics
    /// Never: the classes are fixed and valid.
    pub fn five_by_three_small() -> Colouring {
        let classes = [
            vec![1, 2, 3, 4, 5],
            vec![6, 7, 8, 9, 10],
            vec![11, 12, 13, 14],
        ];
        let size = Size::new(5, 3).expect("5x3 is a size");
        Colouring::new(size, &classes).expect("every tile of the 5x3 board once")
    }

    /// The entries of its database, one byte each: what it takes in memory and in the
    /// cache.
    pub fn entries(&self) -> u64 {
        colour_rank::arrangements(self.size.cells(), &self.counts())
    }

    /// The board's size.
    pub fn size(&self) -> Size {
        self.size
    }

    /// The classes, as given.
    pub fn classes(&self) -> &[Vec<u32>] {
        &self.classes
    }

    /// The classes written `1.2.3-4.5`.
    fn name(&self) -> String {
        let mut out = String::new();
        for (c, class) in self.classes.iter().enumerate() {
            if c > 0 {
                out.push('-');
            }
            for (i, tile) in class.iter().enumerate() {
                let dot = if i > 0 { "." } else { "" };
                let _ = write!(out, "{dot}{tile}");
            }
        }
        out
    }

    fn counts(&self) -> Vec<u8> {
        self.classes.iter().map(|c| c.len() as u8).collect()
    }
}

/// Why a database could not be had.
#[derive(Debug, thiserror::Error)]
pub enum MultiTileDatabaseError {
    /// The cache could not be read or written.
    #[error(transparent)]
    Cache(#[from] CacheError),
    /// The build was stopped from outside (its cancel token was set).
    #[error("the build of the multi-tile database was interrupted")]
    Interrupted,
}

/// Where a board stands in the database: its arrangement of colours, and on a square
/// board that of its transpose. What a search carries from node to node.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ColourState {
    plain: Packed,
    transposed: Packed,
}

/// What sliding one tile changes in a [`ColourState`]: its digit in the board's
/// arrangement and in the transpose's.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TileDigits {
    plain: Packed,
    transposed: Packed,
}

/// The entries, in memory (just built) or mapped from the cache.
enum Entries {
    Built(Vec<u8>),
    Mapped(Table),
}

impl Deref for Entries {
    type Target = [u8];
    #[inline]
    fn deref(&self) -> &[u8] {
        match self {
            Entries::Built(entries) => entries,
            Entries::Mapped(table) => table,
        }
    }
}

/// A coloured pattern database of the standard goal, counted in the multi-tile metric.
pub struct MultiTileDatabase {
    colouring: Colouring,
    rank: Arc<ColourRank>,
    entries: Entries,
    /// On a square board, the colour of each tile in the transposed board's view (the
    /// colour of the tile whose goal mirrors its goal); `None` otherwise.
    transposed_colour: Option<Vec<u8>>,
    /// `transposed_cell[cell]`: the cell mirroring it across the main diagonal, read
    /// from a table because a search mirrors every cell it slides a tile between.
    transposed_cell: [u8; MAX_CELLS],
}

impl std::fmt::Debug for MultiTileDatabase {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("MultiTileDatabase")
            .field("colouring", &self.colouring)
            .field("entries", &self.entries.len())
            .finish_non_exhaustive()
    }
}

impl MultiTileDatabase {
    /// Builds the database of `colouring` on every core (rayon's pool), telling
    /// `progress` the states found.
    ///
    /// # Errors
    /// [`MultiTileDatabaseError::Interrupted`] once `cancel` is set.
    pub fn build(
        colouring: Colouring,
        progress: &dyn Progress,
        cancel: Option<&CancelToken>,
    ) -> Result<MultiTileDatabase, MultiTileDatabaseError> {
        let entries = Self::fill(&colouring, progress, cancel)?;
        Ok(Self::with_entries(colouring, Entries::Built(entries)))
    }

    /// The database of `colouring` from `cache`, built and written there first if it is
    /// not there or not valid (see [`MultiTileDatabase::file_name`]).
    ///
    /// # Errors
    /// When the cache cannot be read or written, or the build was interrupted.
    pub fn load_or_build(
        colouring: Colouring,
        cache: &Cache,
        progress: &dyn Progress,
        cancel: Option<&CancelToken>,
    ) -> Result<(MultiTileDatabase, Origin), MultiTileDatabaseError> {
        let (table, origin) = cache.load_or_build(
            &Self::file_name(&colouring),
            &Self::identity(&colouring),
            || Self::fill(&colouring, progress, cancel),
        )?;
        Ok((Self::mapped(colouring, cache, table)?, origin))
    }

    /// The database of `colouring` from `cache`, never built: for a table too large to
    /// build unasked.
    ///
    /// # Errors
    /// [`CacheError::Missing`] when it is not there, [`CacheError::Invalid`] when its file
    /// is not a valid table of the colouring, and the cache's other errors.
    pub fn load(
        colouring: Colouring,
        cache: &Cache,
    ) -> Result<MultiTileDatabase, MultiTileDatabaseError> {
        let table = cache.load(&Self::file_name(&colouring), &Self::identity(&colouring))?;
        Self::mapped(colouring, cache, table)
    }

    /// The database of `colouring` whose entries `table` maps, checked to be as many as
    /// its arrangements.
    fn mapped(
        colouring: Colouring,
        cache: &Cache,
        table: Table,
    ) -> Result<MultiTileDatabase, MultiTileDatabaseError> {
        if table.len() as u64 != colouring.entries() {
            // A valid file of this identity has this length: only a changed format
            // could differ, and the identity names the format.
            return Err(CacheError::Missing(cache.path(&Self::file_name(&colouring))).into());
        }
        Ok(Self::with_entries(colouring, Entries::Mapped(table)))
    }

    /// The name of the cache file of `colouring`'s database.
    pub fn file_name(colouring: &Colouring) -> String {
        format!("mtm-colours-{}-{}.tbl", colouring.size, colouring.name())
    }

    fn identity(colouring: &Colouring) -> String {
        format!(
            "multi-tile coloured database, format 2 (lexicographic ranks), {} standard goal, colours {}",
            colouring.size,
            colouring.name()
        )
    }

    fn fill(
        colouring: &Colouring,
        progress: &dyn Progress,
        cancel: Option<&CancelToken>,
    ) -> Result<Vec<u8>, MultiTileDatabaseError> {
        let counts = colouring.counts();
        let rank = ColourRank::new(colouring.size.cells(), &counts);
        let goal = Board::goal(colouring.size);
        let cells: Vec<u8> = goal.cells().iter().map(|&t| t as u8).collect();
        let goal = arrangement(&cells, &colouring.colour);
        build::distances(colouring.size, &rank, goal, progress, cancel)
            .ok_or(MultiTileDatabaseError::Interrupted)
    }

    fn with_entries(colouring: Colouring, entries: Entries) -> MultiTileDatabase {
        // One numbering for every database of the same colour counts: the 15-puzzle's two
        // five-colour tables would otherwise each keep 10 MB of its tables, which the
        // search reads for every node, in a processor cache of 32 MB.
        static RANKS: PerProcess<(usize, Vec<u8>), ColourRank> = PerProcess::new();
        let size = colouring.size;
        let counts = colouring.counts();
        let rank = get_or_make(&RANKS, (size.cells(), counts.clone()), || {
            ColourRank::new(size.cells(), &counts)
        });
        let transposed_colour = (size.width() == size.height()).then(|| {
            (0..size.cells())
                .map(|tile| {
                    if tile == 0 {
                        0
                    } else {
                        colouring.colour[transpose(size, tile - 1) + 1]
                    }
                })
                .collect()
        });
        let mut transposed_cell = [0u8; MAX_CELLS];
        if transposed_colour.is_some() {
            for (cell, mirror) in transposed_cell.iter_mut().enumerate().take(size.cells()) {
                *mirror = transpose(size, cell) as u8;
            }
        }
        MultiTileDatabase {
            colouring,
            rank,
            entries,
            transposed_colour,
            transposed_cell,
        }
    }

    /// The colouring.
    pub fn colouring(&self) -> &Colouring {
        &self.colouring
    }

    /// The number of entries (arrangements of the colours and the blank).
    pub fn entries(&self) -> u64 {
        self.rank.total()
    }

    /// The estimate of the board whose tiles are `cells` (row-major, `0` for the blank,
    /// the colouring's size) towards the standard goal.
    ///
    /// # Panics
    /// When `cells` is not an arrangement of the colouring's tiles.
    pub fn estimate(&self, cells: &[u8]) -> u32 {
        self.value(&self.state(cells))
    }

    /// Where the board whose tiles are `cells` stands.
    ///
    /// # Panics
    /// When `cells` is not an arrangement of the colouring's tiles.
    pub fn state(&self, cells: &[u8]) -> ColourState {
        let size = self.colouring.size;
        assert_eq!(cells.len(), size.cells(), "a board of the colouring's size");
        let plain = arrangement(cells, &self.colouring.colour);
        let transposed = match &self.transposed_colour {
            Some(colour) => {
                let mut mirrored = vec![0u8; cells.len()];
                for (cell, &tile) in cells.iter().enumerate() {
                    mirrored[transpose(size, cell)] = tile;
                }
                arrangement(&mirrored, colour)
            }
            None => plain,
        };
        ColourState { plain, transposed }
    }

    /// What sliding `tile` changes in a state: a search reads it once a tile, not once a
    /// move.
    pub fn digits(&self, tile: u8) -> TileDigits {
        let tile = usize::from(tile);
        TileDigits {
            plain: Packed::from(self.colouring.colour[tile] + 1),
            transposed: self
                .transposed_colour
                .as_ref()
                .map_or(0, |colour| Packed::from(colour[tile] + 1)),
        }
    }

    /// The state after the tile of `digits` slid from `from` to `to`, the blank's cell.
    #[inline]
    pub fn slid(
        &self,
        state: &ColourState,
        digits: TileDigits,
        from: usize,
        to: usize,
    ) -> ColourState {
        let mirror = |cell: usize| 4 * u32::from(self.transposed_cell[cell]);
        ColourState {
            plain: state.plain ^ (digits.plain << (4 * from)) ^ (digits.plain << (4 * to)),
            // A board that is not square has no transpose: its digit is 0.
            transposed: state.transposed
                ^ (digits.transposed << mirror(from))
                ^ (digits.transposed << mirror(to)),
        }
    }

    /// The estimate of a state: its entry, or on a square board the larger of its
    /// entry and its transpose's.
    #[inline]
    pub fn value(&self, state: &ColourState) -> u32 {
        self.value_within(state, u32::MAX)
    }

    /// The entry of the board itself.
    #[inline]
    pub fn plain_value(&self, state: &ColourState) -> u32 {
        u32::from(self.entries[self.rank.rank(state.plain) as usize])
    }

    /// Asks the memory for the state's entries (the board's, and its transpose's on a
    /// square board), which a search will read soon: see [`crate::util::prefetch`].
    #[inline]
    pub fn prefetch(&self, state: &ColourState) {
        prefetch(&self.entries, self.rank.rank(state.plain) as usize);
        if self.transposed_colour.is_some() {
            prefetch(&self.entries, self.rank.rank(state.transposed) as usize);
        }
    }

    /// The entry of the transposed board (0 on a board that is not square).
    #[inline]
    pub fn transposed_value(&self, state: &ColourState) -> u32 {
        if self.transposed_colour.is_none() {
            return 0;
        }
        u32::from(self.entries[self.rank.rank(state.transposed) as usize])
    }

    /// [`MultiTileDatabase::value`] for a search that only needs to know whether it is
    /// above `limit`: the transpose's entry is not read when the board's own is.
    #[inline]
    pub fn value_within(&self, state: &ColourState, limit: u32) -> u32 {
        let plain = u32::from(self.entries[self.rank.rank(state.plain) as usize]);
        if self.transposed_colour.is_none() || plain > limit {
            return plain;
        }
        let transposed = u32::from(self.entries[self.rank.rank(state.transposed) as usize]);
        plain.max(transposed)
    }
}

/// The arrangement of the board whose tiles are `cells`, each tile of colour
/// `colour[tile]`.
fn arrangement(cells: &[u8], colour: &[u8]) -> Packed {
    cells
        .iter()
        .enumerate()
        .filter(|&(_, &tile)| tile != 0)
        .fold(0, |packed, (cell, &tile)| {
            packed | (Packed::from(colour[usize::from(tile)] + 1) << (4 * cell))
        })
}

/// The cell mirroring `cell` across the main diagonal of a square board.
#[inline]
fn transpose(size: Size, cell: usize) -> usize {
    let width = size.width();
    (cell % width) * width + cell / width
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::util::progress::Silent;

    fn colouring() -> Colouring {
        let size = Size::new(4, 3).unwrap();
        Colouring::new(
            size,
            &[vec![1, 2, 5], vec![3, 4, 7, 8], vec![6, 9, 10], vec![11]],
        )
        .unwrap()
    }

    #[test]
    fn a_cached_table_reads_back_as_built_and_a_cancelled_build_writes_nothing() {
        let dir = tempfile::tempdir().unwrap();
        let cache = Cache::new(dir.path());
        let cancel = CancelToken::new();
        cancel.cancel();
        let stopped = MultiTileDatabase::load_or_build(colouring(), &cache, &Silent, Some(&cancel));
        assert!(matches!(stopped, Err(MultiTileDatabaseError::Interrupted)));
        assert!(!cache
            .path(&MultiTileDatabase::file_name(&colouring()))
            .exists());
        let (built, origin) =
            MultiTileDatabase::load_or_build(colouring(), &cache, &Silent, None).unwrap();
        assert_eq!(origin, Origin::Built);
        let (loaded, origin) =
            MultiTileDatabase::load_or_build(colouring(), &cache, &Silent, None).unwrap();
        assert_eq!(origin, Origin::Loaded);
        assert_eq!(&*built.entries, &*loaded.entries);
        // Every arrangement was reached (4x3 has no parity for colours to keep).
        assert!(built.entries.iter().all(|&d| d != u8::MAX));
        let goal: Vec<u8> = (1..12).chain([0]).collect();
        assert_eq!(loaded.estimate(&goal), 0);
        assert!(Colouring::new(Size::new(4, 3).unwrap(), &[vec![1, 2]]).is_none());
        assert!(Colouring::new(Size::new(5, 4).unwrap(), &[(1..20).collect()]).is_none());
    }
}
