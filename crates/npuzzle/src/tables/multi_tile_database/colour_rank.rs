//! Numbering the arrangements of coloured tiles. An arrangement is packed four bits a
//! cell: 0 for the blank, `c + 1` for a tile of colour `c`. Its number is its rank among
//! the arrangements in lexicographic order of those digits (a dense numbering), read
//! with two table lookups: the first eight cells' part of the rank depends on those
//! cells alone, and the rest on the remaining cells alone, so each half's digits, read in
//! the smallest base that holds them (4 up to three colours, else the colours and the
//! blank), index a table of its part.

/// At most this many cells.
pub(super) const MAX_CELLS: usize = 16;
/// At most this many colours (the blank aside).
pub(super) const MAX_COLOURS: usize = 5;
/// Digits: the blank and the colours.
const BASE: usize = MAX_COLOURS + 1;
/// Cells in the first half.
const HALF: usize = 8;

/// An arrangement: four bits a cell, cell 0 lowest.
pub(super) type Packed = u64;

/// The numbering of the arrangements of one board's cells and colour counts.
#[derive(Clone, Debug)]
pub(super) struct ColourRank {
    cells: usize,
    /// `counts[digit]`: cells with that digit (1 for the blank).
    counts: [u8; BASE],
    /// Four digits (16 bits) to their value in the tables' radix; empty when the tables
    /// are in base 4.
    four_digits: Vec<u16>,
    /// The radix to the fourth: the weight of a half's upper four digits.
    upper_weight: usize,
    /// The first half's part of the rank, by the half's digits in the tables' radix.
    low: Vec<u32>,
    /// The second half's part: at most 8 cells, so below 8! and kept in 16 bits, which
    /// keeps more of the table in cache.
    high: Vec<u16>,
    /// The second half's arrangements, each multiset's in order, eight digits packed:
    /// what unnumbering reads once the first half's digits are found.
    suffixes: Vec<u32>,
    /// Where each multiset's arrangements start in `suffixes`, by the multiset's
    /// [`multiset_code`].
    suffix_start: Vec<u32>,
    total: u64,
}

/// How many arrangements `cells` cells with `counts[c]` tiles of colour `c` and a blank
/// have: what [`ColourRank::total`] says, without making the numbering's tables.
pub(super) fn arrangements(cells: usize, counts: &[u8]) -> u64 {
    let all = digit_counts(counts);
    debug_assert_eq!(all.iter().map(|&c| usize::from(c)).sum::<usize>(), cells);
    multinomial(all)
}

/// The cells of each digit: one blank (digit 0), then `counts[c]` of colour `c`.
fn digit_counts(counts: &[u8]) -> [u8; BASE] {
    let mut all = [0u8; BASE];
    all[0] = 1;
    all[1..=counts.len()].copy_from_slice(counts);
    all
}

fn multinomial(counts: [u8; BASE]) -> u64 {
    let factorial = |n: u64| (1..=n).product::<u64>();
    let n: u64 = counts.iter().map(|&c| u64::from(c)).sum();
    counts
        .iter()
        .fold(factorial(n), |m, &c| m / factorial(u64::from(c)))
}

/// The table of parts of `len` cells, by their digits in base `radix`: the part of the
/// rank those consecutive cells add, when the counts `counts_for` gives (from the
/// cells' own digit counts) are left for them and the cells after them; `u32::MAX` for
/// digits that use more of one than is left. Filled by a walk over every multiset of
/// digits and then every order of it, the part growing a digit at a time: a table of
/// 6^8 codes (five colours) is made in milliseconds, where ranking each code afresh
/// took half a second, paid by every process that loads the 15-puzzle's five-colour
/// table.
fn parts(
    len: usize,
    radix: usize,
    counts_for: impl Fn(&[u8; BASE]) -> Option<[u8; BASE]>,
) -> Vec<u32> {
    let mut table = vec![u32::MAX; radix.pow(len as u32)];
    each_multiset(len, radix, 0, &mut [0; BASE], &mut |own| {
        if let Some(counts) = counts_for(own) {
            let order = Order {
                radix,
                unused: *own,
                left: counts,
                cells: counts.iter().map(|&c| u64::from(c)).sum(),
                arrangements: multinomial(counts),
            };
            order.fill(&mut table, 0, 0, 1);
        }
    });
    table
}

/// Every multiset of `left` digits below `radix` (as counts, those below `digit`
/// already set in `own`), told to `visit`.
fn each_multiset(
    left: usize,
    radix: usize,
    digit: usize,
    own: &mut [u8; BASE],
    visit: &mut impl FnMut(&[u8; BASE]),
) {
    if digit + 1 == radix {
        own[digit] = left as u8;
        visit(own);
    } else {
        for count in 0..=left {
            own[digit] = count as u8;
            each_multiset(left - count, radix, digit + 1, own, visit);
        }
    }
    own[digit] = 0;
}

/// Where a walk over the orders of a multiset of digits stands: the digits not yet
/// placed, and the counts, cells and arrangements left for the rest of the board.
#[derive(Clone, Copy)]
struct Order {
    radix: usize,
    unused: [u8; BASE],
    left: [u8; BASE],
    cells: u64,
    arrangements: u64,
}

impl Order {
    /// Writes into `table` the part of every order of the unused digits, placed from the
    /// cell of weight `weight` on, after digits that made `code` and added `rank`.
    fn fill(&self, table: &mut [u32], code: usize, rank: u64, weight: usize) {
        if self.unused.iter().all(|&count| count == 0) {
            table[code] = rank as u32;
            return;
        }
        let mut before = 0;
        for digit in 0..self.radix {
            // The arrangements that start with this digit, which come before those that
            // start with a larger one.
            let starting = self.arrangements * u64::from(self.left[digit]) / self.cells;
            if self.unused[digit] > 0 {
                let mut next = *self;
                next.unused[digit] -= 1;
                next.left[digit] -= 1;
                next.cells -= 1;
                next.arrangements = starting;
                next.fill(
                    table,
                    code + digit * weight,
                    rank + before,
                    weight * self.radix,
                );
            }
            before += starting;
        }
    }
}

/// A multiset of digits (`counts`, each at most `most`) as a number: the counts in the
/// mixed radix of `most` plus one.
fn multiset_code(counts: [u8; BASE], most: [u8; BASE]) -> usize {
    let mut code = 0;
    for (&count, &most) in counts.iter().zip(&most).rev() {
        code = code * (usize::from(most) + 1) + usize::from(count);
    }
    code
}

/// Every order of the digits `unused` counts, in increasing order (the first cell the
/// most significant), appended to `out` packed four bits a cell after the `placed`
/// digits already in `prefix`.
fn each_order(unused: &mut [u8; BASE], len: usize, placed: usize, prefix: u32, out: &mut Vec<u32>) {
    if placed == len {
        out.push(prefix);
        return;
    }
    for digit in 0..BASE {
        if unused[digit] > 0 {
            unused[digit] -= 1;
            each_order(
                unused,
                len,
                placed + 1,
                prefix | (digit as u32) << (4 * placed),
                out,
            );
            unused[digit] += 1;
        }
    }
}

/// Eight cells' digits, each below 4, in base 4: their nibbles' two low bits side by
/// side, by shifts alone.
#[inline]
fn two_bit_code(half: u32) -> usize {
    let pairs = (half | (half >> 2)) & 0x0F0F_0F0F;
    let quads = (pairs | (pairs >> 4)) & 0x00FF_00FF;
    ((quads | (quads >> 8)) & 0xFFFF) as usize
}

impl ColourRank {
    /// The numbering for `cells` cells with `counts[c]` tiles of colour `c`.
    pub(super) fn new(cells: usize, counts: &[u8]) -> ColourRank {
        assert!(cells <= MAX_CELLS && counts.len() <= MAX_COLOURS && !counts.is_empty());
        assert_eq!(
            counts.iter().map(|&c| usize::from(c)).sum::<usize>() + 1,
            cells
        );
        let all = digit_counts(counts);
        let first = cells.min(HALF);
        // Up to three colours, a digit is below 4: the tables are indexed in base 4, a
        // sixth of base 5's size (small enough for the processor's second-level cache)
        // and read without the table of four digits. Four colours take base 5, five
        // base 6: a radix no larger than the digits need keeps the tables small.
        let radix = (counts.len() + 1).max(4);
        let fits = |own: &[u8; BASE]| (0..BASE).all(|d| own[d] <= all[d]);
        let low = parts(first, radix, |own| fits(own).then_some(all));
        // The second half's cells share exactly their own digits.
        let high = parts(cells - first, radix, |own| fits(own).then_some(*own))
            .into_iter()
            .map(|part| u16::try_from(part).unwrap_or(u16::MAX))
            .collect();
        let four_digits = (radix > 4)
            .then_some(0..1u32 << 16)
            .into_iter()
            .flatten()
            .map(|bits| {
                (0..4).rev().fold(0u16, |value, nibble| {
                    value * radix as u16 + ((bits >> (4 * nibble)) & 0xF) as u16
                })
            })
            .collect();
        let mut suffixes = Vec::new();
        let mut suffix_start = vec![u32::MAX; multiset_code(all, all) + 1];
        each_multiset(cells - first, radix, 0, &mut [0; BASE], &mut |own| {
            if fits(own) {
                suffix_start[multiset_code(*own, all)] = suffixes.len() as u32;
                each_order(&mut own.clone(), cells - first, 0, 0, &mut suffixes);
            }
        });
        ColourRank {
            cells,
            counts: all,
            four_digits,
            upper_weight: radix.pow(4),
            low,
            high,
            suffixes,
            suffix_start,
            total: multinomial(all),
        }
    }

    /// How many arrangements there are.
    pub(super) fn total(&self) -> u64 {
        self.total
    }

    /// Eight cells' digits in the tables' base (cells past the board are 0 and add
    /// nothing).
    #[inline]
    fn code(&self, half: u32) -> usize {
        if self.four_digits.is_empty() {
            return two_bit_code(half);
        }
        usize::from(self.four_digits[(half & 0xFFFF) as usize])
            + self.upper_weight * usize::from(self.four_digits[(half >> 16) as usize])
    }

    /// The number of `arrangement`.
    // Always inlined: a search numbers every node it generates, and left to itself the
    // compiler called it, measured a tenth of a 15-puzzle search.
    #[allow(clippy::inline_always)]
    #[inline(always)]
    pub(super) fn rank(&self, arrangement: Packed) -> u64 {
        let low = self.low[self.code(arrangement as u32)];
        let high = self.high[self.code((arrangement >> 32) as u32)];
        u64::from(low) + u64::from(high)
    }

    /// The arrangement numbered `rank` (below [`ColourRank::total`]): the first half's
    /// digits one by one, the second half's read from a table (which took the 151 MB
    /// table's build from 12.8 s to 7.9 s).
    pub(super) fn unrank(&self, mut rank: u64) -> Packed {
        let mut left = self.counts;
        let mut cells = self.cells as u64;
        let mut arrangements = self.total;
        let mut packed = 0;
        let first = self.cells.min(HALF);
        for cell in 0..first {
            for (digit, count) in left.iter_mut().enumerate() {
                let with = exact_quotient(arrangements * u64::from(*count), cells);
                if rank < with {
                    packed |= (digit as u64) << (4 * cell);
                    arrangements = with;
                    *count -= 1;
                    cells -= 1;
                    break;
                }
                rank -= with;
            }
        }
        let start = self.suffix_start[multiset_code(left, self.counts)] as usize;
        packed | Packed::from(self.suffixes[start + rank as usize]) << (4 * first)
    }
}

/// `(shift, inverse)` for each divisor `d` of 1 to [`MAX_CELLS`]: `d` is an odd number
/// shifted left by `shift`, and `inverse` times that odd number is 1 modulo 2^64.
const EXACT_DIVISORS: [(u32, u64); MAX_CELLS + 1] = {
    let mut divisors = [(0, 0); MAX_CELLS + 1];
    let mut d = 1;
    while d <= MAX_CELLS {
        let shift = d.trailing_zeros();
        let odd = (d >> shift) as u64;
        // Newton's iteration doubles the correct low bits: 3 (an odd number is its own
        // inverse modulo 8), 6, 12, 24, 48, 96.
        let mut inverse = odd;
        let mut step = 0;
        while step < 5 {
            inverse = inverse.wrapping_mul(2u64.wrapping_sub(odd.wrapping_mul(inverse)));
            step += 1;
        }
        divisors[d] = (shift, inverse);
        d += 1;
    }
    divisors
};

/// `dividend / divisor` for a `dividend` that `divisor` (1 to [`MAX_CELLS`]) divides:
/// a shift and a multiplication, where a division took two thirds of a table's build
/// (unnumbering every arrangement it expands).
#[inline]
fn exact_quotient(dividend: u64, divisor: u64) -> u64 {
    let (shift, inverse) = EXACT_DIVISORS[divisor as usize];
    (dividend >> shift).wrapping_mul(inverse)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exact_quotients_are_the_quotients() {
        for divisor in 1..=MAX_CELLS as u64 {
            for quotient in (0..2_000).chain([2_690_688_000, u64::MAX / 16]) {
                assert_eq!(exact_quotient(quotient * divisor, divisor), quotient);
            }
        }
    }

    #[test]
    fn numbers_are_dense_and_read_back() {
        for (cells, counts) in [
            (6, vec![2u8, 2, 1]),
            (9, vec![3, 2, 3]),
            (9, vec![8]),
            (12, vec![3, 4, 2, 2]),
            (11, vec![2, 2, 2, 2, 2]),
        ] {
            let rank = ColourRank::new(cells, &counts);
            let mut previous = None;
            for r in 0..rank.total() {
                let arrangement = rank.unrank(r);
                assert_eq!(rank.rank(arrangement), r);
                // Increasing numbers are increasing arrangements (read from cell 0).
                let key: Vec<u64> = (0..cells).map(|c| (arrangement >> (4 * c)) & 0xF).collect();
                assert!(previous.as_ref() < Some(&key));
                for (digit, &count) in std::iter::once(&1).chain(&counts).enumerate() {
                    let found = key.iter().filter(|&&d| d == digit as u64).count();
                    assert_eq!(found, usize::from(count));
                }
                previous = Some(key);
            }
        }
        // The 15-puzzle's colourings: base 6, 5 and 4.
        for (counts, total) in [
            (vec![3, 3, 3, 3, 3], 2_690_688_000),
            (vec![2, 4, 5, 4], 151_351_200),
            (vec![6, 6, 3], 6_726_720),
        ] {
            let fifteen = ColourRank::new(16, &counts);
            assert_eq!(fifteen.total(), total);
            assert_eq!(arrangements(16, &counts), total);
            assert_eq!(fifteen.upper_weight, (counts.len() + 1).max(4).pow(4));
            assert_eq!(fifteen.four_digits.is_empty(), counts.len() < 4);
            for r in (0..fifteen.total()).step_by(999_983) {
                assert_eq!(fifteen.rank(fifteen.unrank(r)), r);
            }
        }
    }
}
