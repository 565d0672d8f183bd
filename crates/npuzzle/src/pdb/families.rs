//! More sums from the same tables: families of pairwise disjoint groups, taken from the
//! board's groups and its mirror image's alike, besides the catalogue's partitions.
//!
//! A group's entry bounds the moves of its own tiles, and a move moves one tile, so the
//! entries of any groups whose tiles are disjoint add up — the groups need not come from
//! one partition, nor from one orientation: a mirrored lookup bounds the moves of the
//! board's tiles that play its tiles on the mirror image. The small catalogue's 14 tables
//! are 28 groups with reflection, which make 112 maximal families besides the 14
//! partitions (110 of three groups and 18 tiles, two of two; the tiles outside count
//! their Manhattan distance). Their largest sum cuts 6–21 % of the nodes of Korf's
//! 24-puzzles (#1 12 %, #5 21 %) and the search takes 1.08–1.29× less time
//! (docs/BENCHMARKS.md, "Changes measured and kept").
//!
//! **Per node.** A child that every partition keeps is checked against every family at
//! once: a node's entries are 16 bytes an orientation, so with SSSE3 (part of the
//! x86-64-v2 build) one byte shuffle reads a group's entry for 16 families, and the 112
//! families take about a hundred instructions: 3 % of a search's time. Summed one by one
//! they made a node 1.5 times as costly, more than the nodes they saved.

#![expect(
    clippy::inline_always,
    reason = "called for every child the partitions keep: inlining is not left to the cost model"
)]

use super::MAX_TABLES;

/// The most groups a family may have: a lane of a [`Block`] reads this many entries.
const FAMILY_GROUPS: usize = 4;

/// The most families kept: eight blocks of 16.
const MAX_FAMILIES: usize = 128;

/// How many families a [`Block`] sums together (one byte lane each).
const LANES: usize = 16;

/// A shuffle index that reads zero.
const NONE: u8 = 0x80;

/// The most partial families the enumeration visits: the families of many small groups
/// grow exponentially, and any subset of the families is as admissible as all of them.
const MAX_VISITS: usize = 1 << 18;

/// Sixteen families as shuffle indices: lane `l` of `board[k]` is the board entry of
/// family `l`'s `k`-th group (or [`NONE`]), lane `l` of `mirror[k]` its mirror entry.
#[derive(Clone, Copy, Debug)]
struct Block {
    board: [[u8; LANES]; FAMILY_GROUPS],
    mirror: [[u8; LANES]; FAMILY_GROUPS],
}

/// The families of disjoint groups of a database beyond its partitions, ready to be
/// summed over a node's entries.
#[derive(Clone, Debug, Default)]
pub(super) struct Families {
    blocks: Vec<Block>,
    /// The most groups of a family: the slots of a block that are read.
    slots: usize,
}

impl Families {
    /// The maximal families of pairwise disjoint groups among `groups` (each a group's
    /// tiles as a bit set, indexed `orientation × MAX_TABLES + table`; `None` for a
    /// group not looked up) of at most [`FAMILY_GROUPS`] groups that are not one of
    /// `partitions` (each a list of such indices): the largest [`MAX_FAMILIES`] by the
    /// tiles they hold, then in the order found.
    pub(super) fn new(groups: &[Option<u64>], partitions: &[Vec<u8>]) -> Families {
        assert!(groups.len() <= 2 * MAX_TABLES);
        let present: Vec<(u8, u64)> = groups
            .iter()
            .enumerate()
            .filter_map(|(i, g)| g.map(|tiles| (i as u8, tiles)))
            .collect();
        let mut found = Vec::new();
        let mut visits = 0;
        maximal_families(&present, 0, 0, &mut Vec::new(), &mut found, &mut visits);
        let sorted = |family: &[u8]| {
            let mut f = family.to_vec();
            f.sort_unstable();
            f
        };
        let partitions: Vec<Vec<u8>> = partitions.iter().map(|p| sorted(p)).collect();
        let mut listed: Vec<Vec<u8>> = found
            .into_iter()
            .filter(|f| f.len() <= FAMILY_GROUPS && !partitions.contains(&sorted(f)))
            .collect();
        let tiles = |family: &Vec<u8>| -> u32 {
            family
                .iter()
                .map(|&i| groups[usize::from(i)].map_or(0, u64::count_ones))
                .sum()
        };
        listed.sort_by_key(|f| std::cmp::Reverse(tiles(f)));
        listed.truncate(MAX_FAMILIES);
        let blocks = listed
            .chunks(LANES)
            .map(|chunk| {
                let mut block = Block {
                    board: [[NONE; LANES]; FAMILY_GROUPS],
                    mirror: [[NONE; LANES]; FAMILY_GROUPS],
                };
                for (lane, family) in chunk.iter().enumerate() {
                    for (k, &i) in family.iter().enumerate() {
                        let (orientation, table) =
                            (usize::from(i) / MAX_TABLES, i % MAX_TABLES as u8);
                        let side = if orientation == 0 {
                            &mut block.board
                        } else {
                            &mut block.mirror
                        };
                        side[k][lane] = table;
                    }
                }
                block
            })
            .collect();
        let slots = listed.iter().map(Vec::len).max().unwrap_or(0);
        Families { blocks, slots }
    }

    /// Whether there is no family to sum.
    #[inline(always)]
    pub(super) fn is_empty(&self) -> bool {
        self.blocks.is_empty()
    }

    /// The largest family sum of a node's `entries` (on the board, on its mirror image),
    /// each entry read as `entry >> shift`; sums stop at 255, which keeps them lower
    /// bounds.
    #[inline(always)]
    pub(super) fn largest(&self, entries: &[[u8; MAX_TABLES]; 2], shift: u32) -> u16 {
        #[cfg(all(target_arch = "x86_64", target_feature = "ssse3"))]
        {
            u16::from(largest_by_shuffles(self, entries, shift))
        }
        #[cfg(not(all(target_arch = "x86_64", target_feature = "ssse3")))]
        {
            u16::from(largest_one_by_one(self, entries, shift))
        }
    }
}

/// Appends to `found` every maximal family of pairwise disjoint groups that extends
/// `chosen` (holding the tiles `taken`) with groups from `from` on; stops adding after
/// [`MAX_VISITS`] calls.
fn maximal_families(
    groups: &[(u8, u64)],
    from: usize,
    taken: u64,
    chosen: &mut Vec<u8>,
    found: &mut Vec<Vec<u8>>,
    visits: &mut usize,
) {
    *visits += 1;
    if *visits > MAX_VISITS {
        return;
    }
    let mut extendable = false;
    for (i, &(index, tiles)) in groups.iter().enumerate() {
        if tiles & taken != 0 || chosen.contains(&index) {
            continue;
        }
        extendable = true;
        // Groups are added in increasing order so that each family is found once; one
        // before `from` that fits means the family is found another way, or not maximal.
        if i >= from {
            chosen.push(index);
            maximal_families(groups, i + 1, taken | tiles, chosen, found, visits);
            chosen.pop();
        }
    }
    if !extendable && !chosen.is_empty() {
        found.push(chosen.clone());
    }
}

/// Each entry as `entry >> shift`.
#[inline(always)]
fn shifted(entries: &[u8; MAX_TABLES], shift: u32) -> [u8; MAX_TABLES] {
    entries.map(|e| e >> shift)
}

/// [`Families::largest`] one lane at a time: the reference the shuffles are tested
/// against, and the way on processors without them.
#[cfg_attr(
    all(target_arch = "x86_64", target_feature = "ssse3", not(test)),
    expect(dead_code, reason = "the tests' reference on this target")
)]
fn largest_one_by_one(families: &Families, entries: &[[u8; MAX_TABLES]; 2], shift: u32) -> u8 {
    let board = shifted(&entries[0], shift);
    let mirror = shifted(&entries[1], shift);
    let read = |side: &[u8; MAX_TABLES], index: u8| {
        if index & NONE == 0 {
            side[usize::from(index & 15)]
        } else {
            0
        }
    };
    let mut best = 0u8;
    for block in &families.blocks {
        for lane in 0..LANES {
            let mut sum = 0u8;
            for k in 0..families.slots {
                let entry =
                    read(&board, block.board[k][lane]) | read(&mirror, block.mirror[k][lane]);
                sum = sum.saturating_add(entry);
            }
            best = best.max(sum);
        }
    }
    best
}

/// [`Families::largest`] sixteen families at a time, with byte shuffles.
#[cfg(all(target_arch = "x86_64", target_feature = "ssse3"))]
#[inline(always)]
#[allow(unsafe_code)]
#[expect(
    clippy::cast_ptr_alignment,
    reason = "_mm_loadu_si128 reads 16 bytes at any alignment"
)]
fn largest_by_shuffles(families: &Families, entries: &[[u8; MAX_TABLES]; 2], shift: u32) -> u8 {
    use core::arch::x86_64::{
        __m128i, _mm_adds_epu8, _mm_cvtsi128_si32, _mm_loadu_si128, _mm_max_epu8, _mm_or_si128,
        _mm_setzero_si128, _mm_shuffle_epi8, _mm_srli_si128,
    };
    let board = shifted(&entries[0], shift);
    let mirror = shifted(&entries[1], shift);
    // SAFETY: this is compiled only where the build targets SSSE3 (the `cfg` above), and
    // every load reads the 16 bytes of a `[u8; 16]`.
    unsafe {
        let load = |bytes: &[u8; LANES]| _mm_loadu_si128(bytes.as_ptr().cast::<__m128i>());
        let (board, mirror) = (load(&board), load(&mirror));
        let mut best = _mm_setzero_si128();
        for block in &families.blocks {
            let mut sum = _mm_setzero_si128();
            for k in 0..families.slots {
                let from_board = _mm_shuffle_epi8(board, load(&block.board[k]));
                let from_mirror = _mm_shuffle_epi8(mirror, load(&block.mirror[k]));
                sum = _mm_adds_epu8(sum, _mm_or_si128(from_board, from_mirror));
            }
            best = _mm_max_epu8(best, sum);
        }
        best = _mm_max_epu8(best, _mm_srli_si128::<8>(best));
        best = _mm_max_epu8(best, _mm_srli_si128::<4>(best));
        best = _mm_max_epu8(best, _mm_srli_si128::<2>(best));
        best = _mm_max_epu8(best, _mm_srli_si128::<1>(best));
        (_mm_cvtsi128_si32(best) & 0xFF) as u8
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    impl Families {
        /// The families' groups, as `orientation × MAX_TABLES + table`, read back from
        /// the blocks.
        fn listed(&self) -> Vec<Vec<u8>> {
            let mut out = Vec::new();
            for block in &self.blocks {
                for lane in 0..LANES {
                    let mut family = Vec::new();
                    for k in 0..FAMILY_GROUPS {
                        for (o, side) in [&block.board, &block.mirror].into_iter().enumerate() {
                            if side[k][lane] != NONE {
                                family.push((o * MAX_TABLES) as u8 + side[k][lane]);
                            }
                        }
                    }
                    if !family.is_empty() {
                        out.push(family);
                    }
                }
            }
            out
        }
    }

    /// Groups as bit sets from tile lists, at `orientation × 16 + table`.
    fn groups(board: &[&[u8]], mirror: &[&[u8]]) -> Vec<Option<u64>> {
        let mut out = vec![None; 2 * MAX_TABLES];
        for (o, side) in [board, mirror].into_iter().enumerate() {
            for (j, tiles) in side.iter().enumerate() {
                out[o * MAX_TABLES + j] = Some(tiles.iter().fold(0, |m, &t| m | 1 << t));
            }
        }
        out
    }

    #[test]
    fn families_are_disjoint_maximal_and_not_partitions() {
        // Two partitions of tiles 1–6 into pairs, and their mirror images.
        let board: [&[u8]; 4] = [&[1, 2], &[3, 4], &[5, 6], &[1, 3]];
        let mirror: [&[u8]; 4] = [&[1, 4], &[2, 5], &[3, 6], &[2, 4]];
        let all = groups(&board, &mirror);
        let partitions = vec![vec![0, 1, 2], vec![16, 17, 18]];
        let families = Families::new(&all, &partitions);
        assert!(!families.is_empty());
        for family in &families.listed() {
            let mut taken = 0u64;
            for &i in family {
                let tiles = all[usize::from(i)].unwrap();
                assert_eq!(tiles & taken, 0, "{family:?} overlaps");
                taken |= tiles;
            }
            let free = all.iter().flatten().any(|&g| g & taken == 0);
            assert!(!free, "{family:?} is not maximal");
            let mut sorted = family.clone();
            sorted.sort_unstable();
            assert!(!partitions.contains(&sorted), "{family:?} is a partition");
        }
        // {1,2} on the board and {3,6} on the mirror leave tiles 4 and 5, which no group
        // fits: a family of two.
        assert!(families.listed().contains(&vec![0, 18]));
        // Every family, enumerated by brute force over subsets, is found.
        let present: Vec<usize> = (0..all.len()).filter(|&i| all[i].is_some()).collect();
        let mut expected = 0;
        for subset in 1u32..(1 << present.len()) {
            let chosen: Vec<usize> = (0..present.len())
                .filter(|&b| subset >> b & 1 == 1)
                .map(|b| present[b])
                .collect();
            let mut taken = 0u64;
            let mut disjoint = true;
            for &i in &chosen {
                disjoint &= all[i].unwrap() & taken == 0;
                taken |= all[i].unwrap();
            }
            let maximal = present
                .iter()
                .all(|&i| chosen.contains(&i) || all[i].unwrap() & taken != 0);
            let chosen: Vec<u8> = chosen.iter().map(|&i| i as u8).collect();
            if disjoint && maximal && chosen.len() <= FAMILY_GROUPS && !partitions.contains(&chosen)
            {
                expected += 1;
            }
        }
        assert_eq!(families.listed().len(), expected);
    }

    #[test]
    fn no_groups_no_families() {
        let families = Families::new(&[None; 2 * MAX_TABLES], &[]);
        assert!(families.is_empty());
        assert_eq!(families.largest(&[[7; MAX_TABLES]; 2], 0), 0);
    }

    proptest! {
        #[test]
        fn shuffles_sum_as_one_by_one(
            entries in proptest::array::uniform2(proptest::array::uniform16(any::<u8>())),
            shift in 0u32..3,
            seed_groups in proptest::collection::vec(1u64..(1 << 12), 2 * MAX_TABLES),
        ) {
            // Random groups of up to 12 tiles, some absent.
            let all: Vec<Option<u64>> = seed_groups
                .iter()
                .map(|&g| (g % 5 != 0).then_some(g))
                .collect();
            let families = Families::new(&all, &[]);
            let expected = largest_one_by_one(&families, &entries, shift);
            prop_assert_eq!(families.largest(&entries, shift), u16::from(expected));
            // And the reference is the largest saturated sum over the listed families.
            let read = |i: u8| entries[usize::from(i) / MAX_TABLES][usize::from(i) % MAX_TABLES] >> shift;
            let direct = families
                .listed()
                .iter()
                .map(|f| f.iter().fold(0u8, |s, &i| s.saturating_add(read(i))))
                .max()
                .unwrap_or(0);
            prop_assert_eq!(expected, direct);
        }
    }
}
