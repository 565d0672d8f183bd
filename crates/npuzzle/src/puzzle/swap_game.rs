//! The swap game of CSES 1670: a 3x3 grid of the numbers 1-9 where a move swaps the
//! numbers of any two cells sharing a side (there is no blank), and the fewest swaps
//! that put them in order. A cousin of the sliding puzzle with every swap allowed, so
//! every one of the 9! = 362,880 arrangements can be sorted (adjacent swaps along a path
//! through all nine cells already generate every permutation).
//!
//! ```
//! use npuzzle::puzzle::swap_game::SwapGame;
//!
//! let game = SwapGame::shared();
//! assert_eq!(game.distance(&[2, 1, 3, 7, 5, 9, 8, 4, 6]), Some(4));
//! assert_eq!(game.distance(&[1, 2, 3, 4, 5, 6, 7, 8, 9]), Some(0));
//! assert_eq!(game.distance(&[1, 1, 3, 4, 5, 6, 7, 8, 9]), None);
//! ```

use std::sync::OnceLock;

/// Every arrangement of the nine numbers: `9!`.
pub const ARRANGEMENTS: usize = 362_880;

/// The pairs of cells a swap may exchange: six in rows, six in columns.
const SWAPS: [(usize, usize); 12] = [
    (0, 1),
    (1, 2),
    (3, 4),
    (4, 5),
    (6, 7),
    (7, 8),
    (0, 3),
    (3, 6),
    (1, 4),
    (4, 7),
    (2, 5),
    (5, 8),
];

/// `WEIGHTS[i] == (8 - i)!`: the weight of the Lehmer digit of cell `i`.
const WEIGHTS: [u32; 9] = [40_320, 5_040, 720, 120, 24, 6, 2, 1, 1];

/// Bits set in each 9-bit number: a table read from L1 is cheaper than the portable
/// target's bit-twiddling popcount in the search's hot loop.
static ONES: [u8; 512] = {
    let mut ones = [0u8; 512];
    let mut i = 1;
    while i < 512 {
        ones[i] = ones[i >> 1] + (i & 1) as u8;
        i += 1;
    }
    ones
};

/// The distance of every arrangement to `1 2 3 / 4 5 6 / 7 8 9`, from one breadth-first
/// search over all of them: 4.4 million swaps, each ranking its grid from the digits
/// the swap changes (`Grid::swapped`); about 16 ms.
#[derive(Debug)]
pub struct SwapGame {
    /// By the lexicographic rank of the arrangement.
    distances: Vec<u8>,
}

impl SwapGame {
    /// Searches every arrangement from the sorted one.
    pub fn new() -> SwapGame {
        const UNSEEN: u8 = u8::MAX;
        let mut distances = vec![UNSEEN; ARRANGEMENTS];
        let sorted = Grid::SORTED;
        distances[sorted.rank as usize] = 0;
        let (mut layer, mut next) = (vec![sorted], Vec::new());
        let mut depth = 0;
        while !layer.is_empty() {
            depth += 1;
            for &here in &layer {
                // The twelve swaps spelled out, each with its cells constant: the digits
                // between them are then two fixed reads or none. A loop over `SWAPS`
                // took 2.5 times as long.
                macro_rules! visit {
                    ($($i:literal)*) => {$({
                        let (a, b) = SWAPS[$i];
                        let there = here.swapped(a, b);
                        let r = there.rank as usize;
                        if distances[r] == UNSEEN {
                            distances[r] = depth;
                            next.push(there);
                        }
                    })*};
                }
                visit!(0 1 2 3 4 5 6 7 8 9 10 11);
            }
            std::mem::swap(&mut layer, &mut next);
            next.clear();
        }
        SwapGame { distances }
    }

    /// The game searched once per process, on first use.
    pub fn shared() -> &'static SwapGame {
        static GAME: OnceLock<SwapGame> = OnceLock::new();
        GAME.get_or_init(SwapGame::new)
    }

    /// The fewest swaps that sort `cells` (the numbers of the grid row by row), or `None`
    /// when they are not the numbers 1-9 each once.
    pub fn distance(&self, cells: &[u8; 9]) -> Option<u8> {
        let mut seen = 0u16;
        let mut packed = 0u64;
        for (cell, &n) in cells.iter().enumerate() {
            if !(1..=9).contains(&n) || seen & (1 << n) != 0 {
                return None;
            }
            seen |= 1 << n;
            packed |= u64::from(n - 1) << (4 * cell);
        }
        Some(self.distances[rank(packed) as usize])
    }

    /// The most swaps any arrangement needs, and every arrangement that needs them.
    pub fn farthest(&self) -> (u8, Vec<[u8; 9]>) {
        let most = self.distances.iter().copied().max().unwrap_or(0);
        let boards = self
            .distances
            .iter()
            .enumerate()
            .filter(|&(_, &d)| d == most)
            .map(|(r, _)| unrank(r as u32))
            .collect();
        (most, boards)
    }
}

impl Default for SwapGame {
    fn default() -> SwapGame {
        SwapGame::new()
    }
}

/// An arrangement as the search holds it: its numbers less one and its Lehmer digits
/// (digit `i`: how many of the cells after `i` hold a smaller number), four bits a cell
/// each, and its rank, the digits weighted by [`WEIGHTS`]. A swap changes at most four
/// digits, found from the two it exchanges, where ranking afresh loops over all nine
/// cells (a judge run took 50 ms of CPU that way, 43 ms this way with a loop over the
/// swaps, 18 ms with the swaps spelled out).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Grid {
    cells: u64,
    digits: u64,
    rank: u32,
}

/// Cell `cell`'s four bits of `word`.
#[inline]
fn nibble(word: u64, cell: usize) -> u32 {
    ((word >> (4 * cell)) & 15) as u32
}

/// `word` with cell `cell`'s four bits set to `value`.
#[inline]
fn with_nibble(word: u64, cell: usize, value: u32) -> u64 {
    word & !(15 << (4 * cell)) | u64::from(value) << (4 * cell)
}

impl Grid {
    /// `1 2 3 / 4 5 6 / 7 8 9`: no cell is followed by a smaller number.
    const SORTED: Grid = Grid {
        cells: 0x8_7654_3210,
        digits: 0,
        rank: 0,
    };

    /// The grid with the numbers of cells `a` and `b` (`a < b`) exchanged. Only the
    /// digits of `a`, `b` and the cells between them change: a cell before `a` still
    /// has both numbers after it, one after `b` neither. With `x` and `y` the numbers of
    /// `a` and `b`, and `M` the cells between:
    /// - a cell of `M` holding `h` loses `y` after it and gains `x`: `+[x < h] − [y < h]`;
    /// - `a` (now `y`) counts the smaller numbers of `M`, then `x`, then those after `b`,
    ///   which `b`'s old digit counted: `#{M < y} + [x < y] + d_b`;
    /// - `b` (now `x`) counts what `a`'s old digit counted after `b`:
    ///   `d_a − #{M < x} − [y < x]`.
    #[expect(
        clippy::inline_always,
        reason = "inlined into each of the search's twelve swaps, whose cells it then knows"
    )]
    #[inline(always)]
    fn swapped(self, a: usize, b: usize) -> Grid {
        let (x, y) = (nibble(self.cells, a), nibble(self.cells, b));
        let (da, db) = (nibble(self.digits, a), nibble(self.digits, b));
        let mut digits = self.digits;
        let mut rank = self.rank;
        let (mut below_x, mut below_y) = (0, 0);
        for (cell, &weight) in WEIGHTS.iter().enumerate().take(b).skip(a + 1) {
            let held = nibble(self.cells, cell);
            below_x += u32::from(held < x);
            below_y += u32::from(held < y);
            let old = nibble(digits, cell);
            let new = old + u32::from(x < held) - u32::from(y < held);
            digits = with_nibble(digits, cell, new);
            rank = rank + new * weight - old * weight;
        }
        let new_a = below_y + u32::from(x < y) + db;
        let new_b = da - below_x - u32::from(y < x);
        digits = with_nibble(with_nibble(digits, a, new_a), b, new_b);
        rank = rank + new_a * WEIGHTS[a] + new_b * WEIGHTS[b] - da * WEIGHTS[a] - db * WEIGHTS[b];
        Grid {
            cells: swapped(self.cells, a, b),
            digits,
            rank,
        }
    }
}

/// The arrangement with `a`'s and `b`'s numbers exchanged.
#[inline]
fn swapped(packed: u64, a: usize, b: usize) -> u64 {
    let diff = ((packed >> (4 * a)) ^ (packed >> (4 * b))) & 15;
    packed ^ (diff << (4 * a)) ^ (diff << (4 * b))
}

/// The lexicographic rank of a packed arrangement of `0..9`.
#[inline]
fn rank(packed: u64) -> u32 {
    let mut seen = 0usize;
    let mut rank = 0;
    for (cell, weight) in WEIGHTS.iter().enumerate() {
        let value = ((packed >> (4 * cell)) & 15) as usize;
        let digit = value - usize::from(ONES[seen & ((1 << value) - 1)]);
        rank += digit as u32 * weight;
        seen |= 1 << value;
    }
    rank
}

/// The arrangement (numbers 1-9) of rank `rank`.
fn unrank(mut rank: u32) -> [u8; 9] {
    let mut left: Vec<u8> = (1..=9).collect();
    let mut cells = [0u8; 9];
    for (cell, weight) in WEIGHTS.iter().enumerate() {
        let digit = (rank / weight) as usize;
        rank %= weight;
        cells[cell] = left.remove(digit);
    }
    cells
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::{HashMap, VecDeque};

    const SORTED: [u8; 9] = [1, 2, 3, 4, 5, 6, 7, 8, 9];

    #[test]
    fn ranks_are_a_bijection() {
        let mut seen = vec![false; ARRANGEMENTS];
        for r in 0..ARRANGEMENTS as u32 {
            let cells = unrank(r);
            let packed = cells
                .iter()
                .enumerate()
                .fold(0u64, |p, (c, &n)| p | (u64::from(n - 1) << (4 * c)));
            assert_eq!(rank(packed), r);
            seen[r as usize] = true;
        }
        assert!(seen.iter().all(|&s| s));
    }

    /// The plain search the problem's editorials give, over arrays in a hash map: the
    /// distance of every grid from `start`, independent of the ranks and the table.
    fn plain_search(start: [u8; 9]) -> HashMap<[u8; 9], u8> {
        let mut seen = HashMap::from([(start, 0u8)]);
        let mut queue = VecDeque::from([start]);
        while let Some(here) = queue.pop_front() {
            let d = seen[&here];
            for (a, b) in SWAPS {
                let mut next = here;
                next.swap(a, b);
                seen.entry(next).or_insert_with(|| {
                    queue.push_back(next);
                    d + 1
                });
            }
        }
        seen
    }

    /// The grid of `cells` (numbers 1-9) with its digits counted cell by cell and its
    /// rank from [`rank`]: what [`Grid::swapped`] must give without either.
    fn afresh(cells: [u8; 9]) -> Grid {
        let packed = cells
            .iter()
            .enumerate()
            .fold(0u64, |p, (c, &n)| p | (u64::from(n - 1) << (4 * c)));
        let digits = (0..9).fold(0u64, |d, i| {
            let smaller_after = cells[i + 1..].iter().filter(|&&n| n < cells[i]).count();
            d | (smaller_after as u64) << (4 * i)
        });
        Grid {
            cells: packed,
            digits,
            rank: rank(packed),
        }
    }

    #[test]
    fn every_swap_of_every_grid_updates_digits_and_rank_as_ranking_afresh() {
        assert_eq!(afresh(SORTED), Grid::SORTED);
        for r in 0..ARRANGEMENTS as u32 {
            let cells = unrank(r);
            let here = afresh(cells);
            assert_eq!(here.rank, r);
            for (a, b) in SWAPS {
                let mut there = cells;
                there.swap(a, b);
                assert_eq!(here.swapped(a, b), afresh(there), "{cells:?}, {a}<->{b}");
            }
        }
    }

    #[test]
    fn every_distance_is_a_plain_search_from_the_sorted_grid() {
        // A swap is its own inverse, so the distance from the sorted grid is the
        // distance to it.
        let seen = plain_search(SORTED);
        assert_eq!(seen.len(), ARRANGEMENTS);
        let game = SwapGame::new();
        for (cells, d) in &seen {
            assert_eq!(game.distance(cells), Some(*d), "{cells:?}");
        }
    }

    #[test]
    fn the_known_examples_and_the_farthest_grids() {
        let game = SwapGame::new();
        // CSES's sample, and two examples of a published walkthrough (GeeksforGeeks).
        assert_eq!(game.distance(&[2, 1, 3, 7, 5, 9, 8, 4, 6]), Some(4));
        assert_eq!(game.distance(&[7, 4, 2, 3, 9, 5, 8, 6, 1]), Some(9));
        assert_eq!(game.distance(&[5, 8, 2, 6, 4, 7, 3, 9, 1]), Some(10));
        let (most, boards) = game.farthest();
        assert!(!boards.is_empty());
        assert_eq!(plain_search(boards[0])[&SORTED], most);
        assert!(game.distances.iter().all(|&d| d <= most));
    }
}
