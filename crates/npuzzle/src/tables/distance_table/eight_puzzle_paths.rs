//! Every 3x3 board's canonical path to `1 2 3/4 5 6/7 8 0` in the default move order,
//! embedded in strides of four moves (written by the build script with
//! [`super::packed::canonical_strides`]). HDU 1043 and UVa 652 ask for exactly these
//! paths: a board's moves cost one load every four moves and no ranking, where walking
//! the distance table ranks every neighbour of every board on the way (about 3.8 µs a
//! case), and precomputing every move string from a search took 25–30 ms a run.

use crate::puzzle::board::Size;

use super::packed::{STRIDE, STRIDE_INDEX_BITS};
use super::Layout;

/// Entry `i` (four bytes, little-endian): up to [`STRIDE`] moves of board `i`'s canonical
/// path and the board they reach, as [`super::packed::canonical_strides`] packs them.
static EIGHT_PUZZLE_STRIDES: &[u8] =
    include_bytes!(concat!(env!("OUT_DIR"), "/eight_puzzle_strides.bin"));

/// The letters of every four slots (two bits each, the first lowest; slots are up, down,
/// left, right), so a stride is written as one copy.
const LETTERS: [[u8; STRIDE]; 256] = {
    let mut all = [[0u8; STRIDE]; 256];
    let mut code = 0;
    while code < 256 {
        let mut i = 0;
        while i < STRIDE {
            all[code][i] = b"udlr"[(code >> (2 * i)) & 3];
            i += 1;
        }
        code += 1;
    }
    all
};

/// The embedded canonical paths towards the 3x3 goal with the blank in its last cell,
/// moves in [`crate::Move::ALL`].
#[derive(Clone, Copy, Debug)]
pub struct EightPuzzlePaths {
    layout: Layout,
}

impl EightPuzzlePaths {
    /// The paths towards `1 2 3/4 5 6/7 8 0`.
    ///
    /// # Panics
    /// Never: that layout's paths are embedded.
    pub fn standard() -> EightPuzzlePaths {
        EightPuzzlePaths {
            layout: Layout::new(Size::square(3).expect("3x3 is a size"), 8)
                .expect("cell 8 is on a 3x3 board"),
        }
    }

    /// The layout: boards are numbered as its [`Layout::index`] numbers them.
    pub fn layout(&self) -> &Layout {
        &self.layout
    }

    /// Appends the canonical moves of board `index`, letters `u d l r`, to `out`.
    ///
    /// # Panics
    /// When `index` is not a board's (at least [`Layout::states`]).
    pub fn write(&self, index: u64, out: &mut Vec<u8>) {
        let mut path = [PathLetters::default()];
        self.paths(&[index as u32], &mut path);
        out.extend_from_slice(path[0].letters());
    }

    /// The canonical moves of the boards `indices` (as [`Layout::index`] numbers them),
    /// into `paths`, one each in order (`paths` at least as long). The boards are read a
    /// stride of each in turn: a path's loads wait on each other, and most miss the
    /// caches (the table is 725 KB, read from a process just started), so taking several
    /// boards at once overlaps their misses instead of queueing them.
    ///
    /// # Panics
    /// When `paths` is shorter than `indices`, or an index is not a board's (at least
    /// [`Layout::states`]).
    pub fn paths(&self, indices: &[u32], paths: &mut [PathLetters]) {
        let paths = &mut paths[..indices.len()];
        for (path, &index) in paths.iter_mut().zip(indices) {
            *path = PathLetters {
                next: index,
                ..PathLetters::default()
            };
        }
        let mut going = true;
        while going {
            going = false;
            for path in paths.iter_mut().filter(|p| p.next != PathLetters::DONE) {
                let at = 4 * path.next as usize;
                let entry = u32::from_le_bytes(
                    EIGHT_PUZZLE_STRIDES[at..at + 4]
                        .try_into()
                        .expect("four bytes"),
                );
                let moves = (entry >> (STRIDE_INDEX_BITS + 8)) as usize;
                let len = usize::from(path.len);
                // Four letters whatever the count, one copy of fixed length: the bytes past
                // the count are overwritten or never read.
                path.letters[len..len + STRIDE]
                    .copy_from_slice(&LETTERS[(entry >> STRIDE_INDEX_BITS) as usize & 0xFF]);
                path.len += moves as u8;
                // A short stride ends the path; a full one may end on the goal, whose
                // entry holds no moves.
                if moves < STRIDE {
                    path.next = PathLetters::DONE;
                } else {
                    path.next = entry & ((1 << STRIDE_INDEX_BITS) - 1);
                    going = true;
                }
            }
        }
    }
}

/// One board's canonical moves, as [`EightPuzzlePaths::paths`] writes them.
#[derive(Clone, Copy, Debug)]
pub struct PathLetters {
    /// The 3x3 diameter is 31: the last stride, written whole, ends by byte 32.
    letters: [u8; 32],
    len: u8,
    /// The board the next stride starts from, [`PathLetters::DONE`] once the path is whole.
    next: u32,
}

impl Default for PathLetters {
    fn default() -> PathLetters {
        PathLetters {
            letters: [0; 32],
            len: 0,
            next: PathLetters::DONE,
        }
    }
}

impl PathLetters {
    const DONE: u32 = u32::MAX;

    /// The moves, letters `u d l r`.
    pub fn letters(&self) -> &[u8] {
        &self.letters[..usize::from(self.len)]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::move_order::MoveOrder;

    fn paths_one(index: u32, out: &mut Vec<u8>) {
        EightPuzzlePaths::standard().write(u64::from(index), out);
    }
    use crate::puzzle::board::{moves_to_string, Move};
    use crate::tables::distance_table::packed::{canonical_strides, exact_distances};
    use crate::tables::distance_table::DistanceTable;

    #[test]
    fn the_embedded_paths_are_the_walks_down_the_table() {
        let paths = EightPuzzlePaths::standard();
        let layout = *paths.layout();
        let table = DistanceTable::embedded(layout).unwrap();
        let distances = table.exact_distances().unwrap();
        let mut out = Vec::new();
        for index in 0..layout.states() {
            out.clear();
            paths.write(index, &mut out);
            assert_eq!(out.len(), usize::from(distances[index as usize]));
            // Walks are slow in a test build: every 61st board, and the goal's neighbours.
            if index % 61 == 0 || out.len() <= 1 {
                let walked = table
                    .path(&layout.board(index), MoveOrder::DEFAULT)
                    .unwrap();
                assert_eq!(out, moves_to_string(&walked).as_bytes(), "board {index}");
            }
        }
        // Several boards at once, some at the goal: each gets its own path.
        let indices = [5u32, 161_280, 7, 5, 0, 181_439, 90_000];
        let mut paths = [PathLetters::default(); 9];
        EightPuzzlePaths::standard().paths(&indices, &mut paths);
        for (path, &index) in paths.iter().zip(&indices) {
            out.clear();
            paths_one(index, &mut out);
            assert_eq!(path.letters(), &out[..], "board {index}");
        }
        assert_eq!(paths[1].letters(), b"", "the goal");
        // And the embedded file is what the builder makes now.
        let mut boards = Vec::new();
        let (built, _) = exact_distances(layout.shape(), |layer| {
            boards.extend_from_slice(layer);
        });
        assert_eq!(built, distances);
        let slots = Move::ALL.map(|mv| mv as usize);
        let again: Vec<u8> = canonical_strides(layout.shape(), &built, &boards, &slots)
            .iter()
            .flat_map(|s| s.to_le_bytes())
            .collect();
        assert!(again == EIGHT_PUZZLE_STRIDES, "the file is stale");
    }
}
