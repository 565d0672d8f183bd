//! The table's hot core over packed boards: indexing, moves and the breadth-first search.
//!
//! This file uses nothing from the crate but the packed-board ranking
//! ([`crate::puzzle::rank::nibbles`]) because the build script includes both, to build the nine
//! 3x3 tables that are embedded in the library: one builder, whether it runs at compile
//! time or at run time.
//!
//! A packed board is a `u64`: four bits a cell (tile number, `0` for the blank) and the
//! blank's cell in the top four bits, so the hot loops neither search for the blank nor
//! allocate. Moves are slots `0..4`: up, down, left, right (the order of `Move`'s
//! variants).
//!
//! The index of a board with the blank in cell `b` is `b * (n-1)!/2 + rank/2`, where
//! `rank` is the lexicographic rank of its non-blank tiles read row-major. In the
//! factorial number system the last two digits of a rank weigh `1!` and `0!`, so the
//! permutations ranked `2k` and `2k+1` differ only by a swap of their last two tiles.
//! A swap of two tiles with the blank held still flips reachability, so exactly one of
//! each pair can reach the goal: `rank/2` loses nothing and the table has no holes.
//! (The tests check this against the parity rule on every board of several sizes.)

use crate::puzzle::rank::nibbles::factorial;
pub use crate::puzzle::rank::nibbles::{blank_of, sequence_rank, BLANK_SHIFT};

/// The most cells a board may have for a complete distance table: 12! / 2 boards
/// (239,500,800) still fit comfortably in memory and on disk; 15! / 2 would not.
pub const MAX_TABLE_CELLS: usize = 12;

/// The distance byte of a board not reached yet.
pub const UNSEEN: u8 = u8::MAX;

const CELLS_MASK: u64 = (1 << BLANK_SHIFT) - 1;
const NOWHERE: u8 = u8::MAX;

/// The shape of one table: board, goal blank cell, and where moves lead.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TableShape {
    cells: usize,
    width: usize,
    goal_blank: usize,
    /// `(n-1)!/2`: the boards with one blank cell.
    per_blank: u64,
    /// `neighbours[cell][slot]`: where the blank goes from `cell` by the move in `slot`
    /// ([`NOWHERE`] off the board), so the hot loops do no division.
    neighbours: [[u8; 4]; MAX_TABLE_CELLS],
    /// Bit `cell` set when boards with the blank there need an odd number of inversions
    /// ([`TableShape::odd_at`]): a lookup, so that the judges' per-case test does no
    /// division whatever the compiler inlines.
    odd_blanks: u32,
    /// Whether a move is a jump of the blank along its line, any number of cells (the
    /// multi-tile metric), rather than one cell.
    multi_tile: bool,
}

impl TableShape {
    /// The shape of `width x height` boards (at most [`MAX_TABLE_CELLS`] cells)
    /// towards the standard goal with its blank in `goal_blank`.
    ///
    /// # Panics
    /// When the board has more than [`MAX_TABLE_CELLS`] cells or `goal_blank` is not one
    /// of them.
    pub fn new(width: usize, height: usize, goal_blank: usize) -> TableShape {
        let cells = width * height;
        assert!(cells <= MAX_TABLE_CELLS && goal_blank < cells);
        let mut neighbours = [[NOWHERE; 4]; MAX_TABLE_CELLS];
        for (cell, slots) in neighbours.iter_mut().enumerate().take(cells) {
            let (row, col) = (cell / width, cell % width);
            if row > 0 {
                slots[0] = (cell - width) as u8;
            }
            if row + 1 < height {
                slots[1] = (cell + width) as u8;
            }
            if col > 0 {
                slots[2] = (cell - 1) as u8;
            }
            if col + 1 < width {
                slots[3] = (cell + 1) as u8;
            }
        }
        // A horizontal move keeps the row-major order of the tiles, a vertical one
        // carries a tile past `width - 1` others.
        let odd_blanks = (0..cells)
            .filter(|&blank| (width - 1) * (blank / width).abs_diff(goal_blank / width) % 2 == 1)
            .fold(0u32, |mask, blank| mask | 1 << blank);
        TableShape {
            cells,
            width,
            goal_blank,
            per_blank: factorial(cells - 1) / 2,
            neighbours,
            odd_blanks,
            multi_tile: false,
        }
    }

    /// The same shape with moves counted in the multi-tile metric: the blank jumps any
    /// number of cells along its row or column in one move.
    #[must_use]
    pub fn in_multi_tile(mut self) -> TableShape {
        self.multi_tile = true;
        self
    }

    /// Whether moves are counted in the multi-tile metric.
    pub fn is_multi_tile(&self) -> bool {
        self.multi_tile
    }

    /// The goal's blank cell.
    pub fn goal_blank(&self) -> usize {
        self.goal_blank
    }

    /// Number of boards that can reach the goal: `n!/2`.
    pub fn states(&self) -> u64 {
        self.per_blank * self.cells as u64
    }

    /// Boards with one blank cell: `(n-1)!/2`.
    pub fn per_blank(&self) -> u64 {
        self.per_blank
    }

    /// Whether boards with the blank in `blank` must have an odd number of inversions
    /// among their non-blank tiles to reach the goal (the goal has none).
    #[inline]
    pub fn odd_at(&self, blank: usize) -> bool {
        self.odd_blanks >> blank & 1 == 1
    }

    /// The index of the boards with the blank in `blank` whose tiles have rank `rank`.
    #[inline]
    pub fn index_of(&self, blank: usize, rank: u64) -> u64 {
        blank as u64 * self.per_blank + (rank >> 1)
    }

    /// The index of a packed board known to reach the goal.
    #[inline]
    pub fn index_packed(&self, packed: u64) -> u64 {
        self.index_of(blank_of(packed), sequence_rank(packed, self.cells).0)
    }

    /// The packed standard goal: tiles `1..n` in row-major order around the blank.
    pub fn goal_packed(&self) -> u64 {
        let mut packed = (self.goal_blank as u64) << BLANK_SHIFT;
        let mut tile = 1;
        for cell in 0..self.cells {
            if cell != self.goal_blank {
                packed |= tile << (4 * cell);
                tile += 1;
            }
        }
        packed
    }

    /// Calls `visit(slot, index, packed)` for each move of the blank, in the order of
    /// `slots`, and in the multi-tile metric for each length of a slot's jump, shortest
    /// first (the canonical order of [`crate::puzzle::metric::Metric`]). `rank` is the
    /// packed board's [`sequence_rank`]: horizontal moves, even jumps, keep the order of
    /// the tiles, so only vertical ones need a new rank.
    #[inline]
    pub fn for_each_neighbour(
        &self,
        packed: u64,
        rank: u64,
        slots: &[usize; 4],
        mut visit: impl FnMut(usize, u64, u64),
    ) {
        let start = blank_of(packed);
        for &slot in slots {
            let (mut blank, mut board) = (start, packed);
            loop {
                let from = self.neighbours[blank][slot];
                if from == NOWHERE {
                    break;
                }
                let from = usize::from(from);
                board = slide(board, blank, from);
                blank = from;
                let index = if slot >= 2 {
                    self.index_of(from, rank)
                } else {
                    self.index_packed(board)
                };
                visit(slot, index, board);
                if !self.multi_tile {
                    break;
                }
            }
        }
    }
}

/// The packed board after the tile in `from` slides into the blank at `blank`.
#[inline]
pub fn slide(packed: u64, blank: usize, from: usize) -> u64 {
    let tile = (packed >> (4 * from)) & 15;
    (packed & CELLS_MASK & !(15 << (4 * from)))
        | (tile << (4 * blank))
        | ((from as u64) << BLANK_SHIFT)
}

/// Appends to `found` the neighbours of `layer` that `claim` (given their index) says
/// are new.
#[inline]
pub fn expand(
    shape: &TableShape,
    layer: &[u64],
    found: &mut Vec<u64>,
    mut claim: impl FnMut(u64) -> bool,
) {
    const ALL: [usize; 4] = [0, 1, 2, 3];
    for &packed in layer {
        let (rank, _) = sequence_rank(packed, shape.cells);
        shape.for_each_neighbour(packed, rank, &ALL, |_, index, next| {
            if claim(index) {
                found.push(next);
            }
        });
    }
}

/// The breadth-first search from the goal, one layer at a time: `next_layer(layer, d)`
/// must return the boards first reached from `layer`, having marked them at distance
/// `d` (the caller marks the goal at 0). `on_layer` sees every layer, the goal's first.
/// Returns the last layer: the boards farthest from the goal.
pub fn breadth_first(
    shape: &TableShape,
    mut next_layer: impl FnMut(&[u64], u8) -> Vec<u64>,
    mut on_layer: impl FnMut(&[u64]),
) -> Vec<u64> {
    let mut layer = vec![shape.goal_packed()];
    on_layer(&layer);
    for distance in 1.. {
        let distance = u8::try_from(distance).expect("distances of 12-cell boards fit a byte");
        let next = next_layer(&layer, distance);
        if next.is_empty() {
            break;
        }
        on_layer(&next);
        layer = next;
    }
    layer
}

/// The exact distance of every board, by index, built on the calling thread.
pub fn exact_distances(shape: &TableShape, on_layer: impl FnMut(&[u64])) -> (Vec<u8>, Vec<u64>) {
    let mut distances = vec![UNSEEN; shape.states() as usize];
    distances[shape.index_packed(shape.goal_packed()) as usize] = 0;
    let last = breadth_first(
        shape,
        |layer, distance| {
            let mut found = Vec::new();
            expand(shape, layer, &mut found, |index| {
                let slot = &mut distances[index as usize];
                let new = *slot == UNSEEN;
                if new {
                    *slot = distance;
                }
                new
            });
            found
        },
        on_layer,
    );
    (distances, last)
}

/// The moves one entry of [`canonical_strides`] holds.
pub const STRIDE: usize = 4;
/// The bits of an entry of [`canonical_strides`] holding the index of the board reached:
/// enough for every board of at most 10 cells (2x5 has 1,814,400).
pub const STRIDE_INDEX_BITS: u32 = 21;

/// Every board's canonical path to the goal (at each step the first of `slots` that
/// brings the blank one move nearer) in entries of up to [`STRIDE`] moves: entry `i`
/// holds, from bit 0, the index of the board reached after them
/// ([`STRIDE_INDEX_BITS`] bits), their slots (two bits each, the first lowest), and
/// their count (3 bits; fewer than [`STRIDE`] only at the end of the path, 0 for the
/// goal). Writing a board's moves is then a load every four moves, where a walk down the
/// distance table ranks every neighbour on the way. `boards` are every board of the
/// shape, packed (as [`exact_distances`] hands them out), `distances` their exact
/// distances; single-tile moves only.
#[cfg_attr(
    not(test),
    allow(
        dead_code,
        reason = "the build script's, which embeds the 3x3 strides; the library's tests check the file"
    )
)]
pub fn canonical_strides(
    shape: &TableShape,
    distances: &[u8],
    boards: &[u64],
    slots: &[usize; 4],
) -> Vec<u32> {
    assert!(!shape.multi_tile && shape.states() <= 1 << STRIDE_INDEX_BITS);
    // One move first: the board one move nearer and the move's slot.
    let mut step = vec![(0u32, 0u8); distances.len()];
    for &packed in boards {
        let (rank, _) = sequence_rank(packed, shape.cells);
        let here = shape.index_of(blank_of(packed), rank);
        let distance = distances[here as usize];
        let mut first = None;
        if distance > 0 {
            shape.for_each_neighbour(packed, rank, slots, |slot, there, _| {
                if first.is_none() && distances[there as usize] + 1 == distance {
                    first = Some((there as u32, slot as u8));
                }
            });
        }
        step[here as usize] = first.unwrap_or((here as u32, 0));
    }
    (0..distances.len())
        .map(|here| {
            let moves = usize::from(distances[here]).min(STRIDE);
            let (mut at, mut letters) = (here as u32, 0u32);
            for i in 0..moves {
                let (there, slot) = step[at as usize];
                letters |= u32::from(slot) << (2 * i);
                at = there;
            }
            at | letters << STRIDE_INDEX_BITS | (moves as u32) << (STRIDE_INDEX_BITS + 8)
        })
        .collect()
}
