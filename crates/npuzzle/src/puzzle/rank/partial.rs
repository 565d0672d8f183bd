//! Ranking placements of `k` distinct tiles on `n` cells (partial permutations): the
//! index of a pattern-database entry.

#![expect(
    clippy::inline_always,
    reason = "called for every generated node of the search: inlining is not left to the cost model"
)]

/// The most cells a placement is ranked on.
const MAX_CELLS: usize = 64;

/// Ranks placements of `k` distinct tiles on `n` cells (partial permutations) densely:
/// `rank = Σ dᵢ·mᵢ` where `dᵢ` is tile `i`'s cell among the cells tiles `0..i` left free
/// and `mᵢ = (n−1−i)!/(n−k)!` the placements of the tiles after it.
#[derive(Clone, Debug)]
pub struct PartialRank {
    n: usize,
    multiplier: [u64; MAX_CELLS],
    /// `n!/(n−k)!`.
    pub count: u64,
}

impl PartialRank {
    /// The ranking of `k` tiles on `n` cells (`k <= n <= 64`).
    pub fn new(n: usize, k: usize) -> PartialRank {
        let mut multiplier = [0u64; MAX_CELLS];
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

    /// The rank of a placement: `cells` are the cells of tiles `0..k`, in order.
    #[inline(always)]
    pub fn rank(&self, cells: impl Iterator<Item = u8>) -> u64 {
        let mut used = 0u64;
        let mut rank = 0u64;
        for (i, c) in cells.enumerate() {
            let below = u64::from((used & ((1u64 << c) - 1)).count_ones());
            rank += (u64::from(c) - below) * self.multiplier[i];
            used |= 1 << c;
        }
        rank
    }

    /// The placement of rank `rank` (below [`PartialRank::count`]), written to `cells`.
    pub fn unrank(&self, mut rank: u64, cells: &mut [u8]) {
        // The free cells in order; taking the digit-th out by shifting the tail is
        // branch-free, where stepping through a bit mask digit times (the first version)
        // was the largest cost of the whole build (measured with perf).
        let mut free = [0u8; MAX_CELLS];
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
    }
}
