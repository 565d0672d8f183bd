//! Ranking nibble-packed boards, the distance tables' hot path. A packed board is a `u64`:
//! four bits a cell (tile number, `0` for the blank) and the blank's cell in the top four
//! bits (boards of at most 12 cells).
//!
//! ```
//! use npuzzle::puzzle::rank::nibbles::{blank_of, sequence_rank};
//! use npuzzle::tables::distance_table::pack;
//! use npuzzle::parse_board;
//!
//! let packed = pack(&parse_board("1 2 3/4 5 6/7 8 0", None)?);
//! assert_eq!(blank_of(packed), 8);
//! // The tiles in order: the first of the even permutations.
//! assert_eq!(sequence_rank(packed, 9).0, 0);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! This file uses nothing else from the crate: the build script includes it (with the
//! distance tables' builder) to build the embedded 3x3 tables.

/// The most cells a packed board has.
const MAX_CELLS: usize = 12;

/// Where the blank's cell is kept in a packed board.
pub const BLANK_SHIFT: u32 = 60;

/// The largest `n` whose `n!` fits in a `u64` (20! < 2^64 < 21!).
pub const MAX_FACTORIAL: usize = 20;

/// `FACTORIALS[k] == k!` for `k <= 20`.
const FACTORIALS: [u64; MAX_FACTORIAL + 1] = {
    let mut table = [1u64; MAX_FACTORIAL + 1];
    let mut k = 1;
    while k <= MAX_FACTORIAL {
        table[k] = table[k - 1] * k as u64;
        k += 1;
    }
    table
};

/// `n!` for `n <= 20`.
pub const fn factorial(n: usize) -> u64 {
    FACTORIALS[n]
}

#[inline]
/// The blank's cell.
pub fn blank_of(packed: u64) -> usize {
    (packed >> BLANK_SHIFT) as usize
}

/// Bits set in each 12-bit number. The portable x86-64 target has no popcount
/// instruction and its bit-twiddling fallback was most of a 3x3 build; a 4 KB table read
/// from L1 is several times cheaper.
static ONES: [u8; 1 << MAX_CELLS] = {
    let mut ones = [0u8; 1 << MAX_CELLS];
    let mut i = 1;
    while i < ones.len() {
        ones[i] = ones[i >> 1] + (i & 1) as u8;
        i += 1;
    }
    ones
};

/// The lexicographic rank of the non-blank tiles of a packed board, read row-major (tile
/// `t` ranked as `t - 1`), and whether they have an odd number of inversions.
///
/// This is [`rank`](super::rank) fused with dropping the blank, without building the
/// sequence: it runs once or twice for every one of up to 239,500,800 boards during a
/// build and once per query in the judges. The blank's nibble is shifted out first, so
/// the loop has no unpredictable branch, and the digits' products are independent, so
/// they overlap instead of waiting on each other as Horner's rule would.
#[inline]
pub fn sequence_rank(packed: u64, cells: usize) -> (u64, bool) {
    let length = cells - 1;
    let below_blank = (1u64 << (4 * blank_of(packed))) - 1;
    let tiles =
        ((packed & below_blank) | ((packed >> 4) & !below_blank)) & ((1u64 << (4 * length)) - 1);
    let mut seen = 0usize;
    let mut rank = 0u64;
    let mut inversions = 0u32;
    for position in 0..length {
        let value = ((tiles >> (4 * position)) & 15) as usize - 1;
        // The Lehmer digit: smaller values not used yet, i.e. inversions this tile starts.
        let digit = value - usize::from(ONES[seen & ((1 << value) - 1)]);
        rank += digit as u64 * FACTORIALS[length - 1 - position];
        inversions += digit as u32;
        seen |= 1 << value;
    }
    (rank, inversions % 2 == 1)
}
