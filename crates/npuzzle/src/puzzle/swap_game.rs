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
/// search over all of them (about 40 ms: each swap ranks its grid afresh).
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
        // Arrangements packed four bits a cell (the number less one), a layer at a time.
        let sorted: u64 = (0..9).fold(0, |p, cell| p | (cell << (4 * cell)));
        distances[rank(sorted) as usize] = 0;
        let (mut layer, mut next) = (vec![sorted], Vec::new());
        let mut depth = 0;
        while !layer.is_empty() {
            depth += 1;
            for &here in &layer {
                for (a, b) in SWAPS {
                    let there = swapped(here, a, b);
                    let r = rank(there) as usize;
                    if distances[r] == UNSEEN {
                        distances[r] = depth;
                        next.push(there);
                    }
                }
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

    /// The plain search the problem's editorials give, over arrays in a hash map, from
    /// each start until the sorted grid: independent of the ranks and the table.
    fn plain_search(start: [u8; 9]) -> u8 {
        let goal = [1, 2, 3, 4, 5, 6, 7, 8, 9];
        let mut seen = HashMap::from([(start, 0u8)]);
        let mut queue = VecDeque::from([start]);
        while let Some(here) = queue.pop_front() {
            let d = seen[&here];
            if here == goal {
                return d;
            }
            for (a, b) in SWAPS {
                let mut next = here;
                next.swap(a, b);
                seen.entry(next).or_insert_with(|| {
                    queue.push_back(next);
                    d + 1
                });
            }
        }
        unreachable!("every arrangement can be sorted")
    }

    #[test]
    fn agrees_with_a_plain_search_and_the_known_examples() {
        let game = SwapGame::new();
        // CSES's sample, and two examples of a published walkthrough (GeeksforGeeks).
        assert_eq!(game.distance(&[2, 1, 3, 7, 5, 9, 8, 4, 6]), Some(4));
        assert_eq!(game.distance(&[7, 4, 2, 3, 9, 5, 8, 6, 1]), Some(9));
        assert_eq!(game.distance(&[5, 8, 2, 6, 4, 7, 3, 9, 1]), Some(10));
        let mut x = 1670u64;
        for _ in 0..40 {
            let mut cells = [1, 2, 3, 4, 5, 6, 7, 8, 9];
            for i in (1..9).rev() {
                x = x
                    .wrapping_mul(6_364_136_223_846_793_005)
                    .wrapping_add(1_442_695_040_888_963_407);
                cells.swap(i, (x >> 33) as usize % (i + 1));
            }
            assert_eq!(
                game.distance(&cells),
                Some(plain_search(cells)),
                "{cells:?}"
            );
        }
        let (most, boards) = game.farthest();
        assert!(!boards.is_empty());
        assert_eq!(plain_search(boards[0]), most);
        assert!(game.distances.iter().all(|&d| d <= most));
    }
}
