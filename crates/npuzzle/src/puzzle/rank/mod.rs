//! Every permutation ranking of the crate, in one place: a bijection between arrangements
//! and a dense range of integers, the index of visited sets and tables.
//!
//! ```
//! use npuzzle::puzzle::rank::{factorial, rank, unrank, PartialRank};
//!
//! assert_eq!(rank(&[2u8, 0, 1]), 4);
//! assert_eq!(unrank(4, 3), vec![2, 0, 1]);
//! assert_eq!(factorial(9), 362_880);
//! let placements = PartialRank::new(16, 2); // two tiles on a 4x4 board
//! assert_eq!(placements.count, 16 * 15);
//! assert_eq!(placements.rank([15u8, 14].into_iter()), 15 * 15 + 14);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! - [`rank`] / [`unrank`]: the Lehmer code (the Cantor expansion) of a whole permutation
//!   of `0..n`, in lexicographic order: visited sets keyed by rank.
//! - [`sequence_rank`]: the same rank of a nibble-packed board's tiles, fused with
//!   skipping the blank and with the parity: the hot path of distance tables.
//! - [`PartialRank`]: placements of `k` tiles on `n` cells: pattern-database entries.
//! - [`BoardRank`] / [`unrank_board`]: a whole board's rank as a `u128` (boards of up to
//!   34 cells) with its working, each cell's digit and weight: `npuzzle rank` and
//!   `npuzzle unrank`.

mod lehmer;
pub mod nibbles;
mod partial;

pub(crate) use lehmer::smaller_after;
pub use lehmer::{factorial_wide, unrank_board, BoardRank, RankError, MAX_BOARD_RANKED};
pub use nibbles::{factorial, sequence_rank};
pub use partial::PartialRank;

/// The largest permutation length whose rank fits in a `u64` (20! < 2^64 < 21!).
pub const MAX_RANKED: usize = nibbles::MAX_FACTORIAL;

/// The lexicographic rank of a permutation of `0..perm.len()`, `perm.len() <= 20`.
///
/// ```
/// use npuzzle::puzzle::rank::{rank, unrank};
/// assert_eq!(rank(&[0u8, 1, 2]), 0);
/// assert_eq!(rank(&[2u8, 1, 0]), 5);
/// assert_eq!(unrank(3, 3), vec![1, 2, 0]);
/// ```
pub fn rank<T: Copy + PartialOrd>(perm: &[T]) -> u64 {
    let n = perm.len();
    debug_assert!(n <= MAX_RANKED);
    let mut index = 0u64;
    for i in 0..n {
        // Counting the smaller later values directly is quadratic, but for n <= 20 it
        // beats a bitmask with a popcount that the baseline x86-64 target lacks.
        index += smaller_after(perm, i) as u64 * factorial(n - 1 - i);
    }
    index
}

/// The permutation of `0..n` with the given lexicographic rank (`index < n!`, `n <= 20`).
pub fn unrank(mut index: u64, n: usize) -> Vec<u8> {
    debug_assert!(n <= MAX_RANKED && index < factorial(n));
    let mut unused: Vec<u8> = (0..n as u8).collect();
    let mut perm = Vec::with_capacity(n);
    for i in 0..n {
        let f = factorial(n - 1 - i);
        let digit = (index / f) as usize;
        index %= f;
        perm.push(unused.remove(digit));
    }
    perm
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn ranks_are_lexicographic_and_dense() {
        for n in 1..=6 {
            let mut previous: Option<Vec<u8>> = None;
            for index in 0..factorial(n) {
                let perm = unrank(index, n);
                assert_eq!(rank(&perm), index);
                if let Some(p) = &previous {
                    assert!(p < &perm, "lexicographic order");
                }
                previous = Some(perm);
            }
        }
    }

    proptest! {
        #[test]
        fn round_trip_up_to_20(perm in (1usize..=20).prop_flat_map(|n| Just((0..n as u8).collect::<Vec<u8>>()).prop_shuffle())) {
            let r = rank(&perm);
            prop_assert!(r < factorial(perm.len()));
            prop_assert_eq!(unrank(r, perm.len()), perm);
        }
    }
}
