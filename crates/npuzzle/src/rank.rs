//! Ranking permutations by their Lehmer code (the Cantor expansion): a bijection between
//! the `n!` permutations of `0..n` and `0..n!`, in lexicographic order. It turns a board
//! into a dense index, a perfect hash for visited sets and distance tables.

/// The largest permutation length whose rank fits in a `u64` (20! < 2^64 < 21!).
pub const MAX_RANKED: usize = 20;

/// `n!` for `n <= 20`.
pub const fn factorial(n: usize) -> u64 {
    let mut f = 1u64;
    let mut i = 2;
    while i <= n {
        f *= i as u64;
        i += 1;
    }
    f
}

/// The lexicographic rank of a permutation of `0..perm.len()`, `perm.len() <= 20`.
///
/// ```
/// use npuzzle::rank::{rank, unrank};
/// assert_eq!(rank(&[0u8, 1, 2]), 0);
/// assert_eq!(rank(&[2u8, 1, 0]), 5);
/// assert_eq!(unrank(3, 3), vec![1, 2, 0]);
/// ```
pub fn rank<T: Copy + Into<u64>>(perm: &[T]) -> u64 {
    let n = perm.len();
    debug_assert!(n <= MAX_RANKED);
    let mut seen = 0u64;
    let mut index = 0u64;
    for (i, &value) in perm.iter().enumerate() {
        let v = value.into();
        // The digit is the number of values below `v` not used yet.
        let smaller_used = (seen & ((1u64 << v) - 1)).count_ones() as u64;
        index += (v - smaller_used) * factorial(n - 1 - i);
        seen |= 1 << v;
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
