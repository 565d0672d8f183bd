//! Ranking the states of a zero-aware pattern database densely: a placement of a group's
//! tiles together with the connected region of free cells that holds the blank.
//!
//! A placement of `k` tiles is two things: the set of cells they occupy (the *map*) and
//! the order of the tiles on those cells. The free cells of a map fall into one or more
//! connected regions, numbered by their lowest cell; the blank is in one of them. So a
//! state is (map, region, order), and the index is
//! `(regions of the maps before this one + region) × k! + order`, where maps are ranked
//! in colexicographic order (`Σ C(cᵢ, i+1)` over the occupied cells in increasing
//! order) and orders by their Lehmer code. A 6-tile group on 5×5 has 177,100 maps with
//! 1.42 regions each on average: 181,006,560 states, against 127,512,000 placements
//! (measured in docs/BENCHMARKS.md).
//!
//! The per-map tables (the regions before each map, and each cell's region in it) cost
//! `maps × (cells + 4)` bytes: 5 MB for 6 tiles on 5×5.

#![expect(
    clippy::inline_always,
    reason = "called for every generated node of the search: inlining is not left to the cost model"
)]

use std::sync::Arc;

use super::cell_masks::CellMasks;
use crate::board::Size;
use crate::per_process::{get_or_make, PerProcess};
use crate::puzzle_idastar::MAX_FAST_CELLS;

/// The label of an occupied cell.
const OCCUPIED: u8 = u8::MAX;

/// The most tiles a ranked group may have (orders are ranked in a `u64` and positions in
/// a `u32`).
pub(crate) const MAX_REGION_TILES: usize = 16;

/// The largest board whose second region fits the high half of a map's info word.
const MASKED_CELLS: usize = 31;
/// The flag of a map whose regions are listed in `multi`.
const MULTI: u32 = 1 << 31;

/// The most tiles whose orders are listed (9! × 9 bytes = 3.3 MB).
const LISTED_ORDERS: usize = 9;

/// Dense ranks of (placement, blank region) states of `k` tiles on a board.
pub(crate) struct RegionRank {
    cells: usize,
    tiles: usize,
    /// `binomial[c * (tiles + 1) + j]` = C(c, j), for `j <= tiles`.
    binomial: Vec<u64>,
    /// The occupied cells of each map, in rank order.
    maps: Vec<u64>,
    /// `first[m]`: the regions of the maps before `m`; one more entry for the total.
    first: Vec<u32>,
    /// `labels[m * cells + c]`: the region of free cell `c` in map `m`.
    labels: Vec<u8>,
    /// What a lookup reads of map `m`, in one word: `first[m]` in the low half; in the
    /// high half 0 when the map has one region, the cells of its second region when it
    /// has two and the board at most [`MASKED_CELLS`] cells, else [`MULTI`] plus the
    /// map's row in `multi`. Most maps have one region (111,180 of 177,100 for 6 tiles
    /// on 5×5), and these 1.4 MB stay in the level-2 cache where the labels (4.4 MB)
    /// and `first` did not (measured: a fifth of the search's time was that load).
    info: Vec<u64>,
    /// The region of each cell, for the maps [`MULTI`] marks.
    multi: Vec<u8>,
    /// `(k - 1 - i)!`: the weight of the `i`-th Lehmer digit of an order.
    order_weight: [u64; MAX_REGION_TILES],
    /// `k!`.
    orders: u64,
    /// For groups of at most [`LISTED_ORDERS`] tiles, each order's positions:
    /// `positions[order * k + i]` is the position of tile `i` among the occupied cells
    /// (in increasing order). Unranking an order by division was a fifth of a build.
    positions: Vec<u8>,
    /// Number of states.
    pub(crate) count: u64,
}

impl RegionRank {
    /// The ranking of `tiles` tiles on `size` (`tiles` below the number of cells and at
    /// most [`MAX_REGION_TILES`]).
    pub(crate) fn new(size: Size, tiles: usize) -> RegionRank {
        let n = size.cells();
        assert!(tiles < n && tiles <= MAX_REGION_TILES && n <= MAX_FAST_CELLS);
        let masks = CellMasks::new(size);
        let mut binomial = vec![0u64; n * (tiles + 1)];
        for c in 0..n {
            binomial[c * (tiles + 1)] = 1;
            for j in 1..=tiles {
                binomial[c * (tiles + 1) + j] = if c == 0 {
                    0
                } else {
                    binomial[(c - 1) * (tiles + 1) + j - 1] + binomial[(c - 1) * (tiles + 1) + j]
                };
            }
        }
        // Every k-bit mask of n bits in increasing order (Gosper's hack): the numeric
        // order of the masks is the colexicographic order of the sets.
        let mut maps = Vec::new();
        if tiles > 0 {
            let mut map = (1u64 << tiles) - 1;
            while map & !masks.full == 0 {
                maps.push(map);
                let low = map & map.wrapping_neg();
                let ripple = map + low;
                map = (((ripple ^ map) >> 2) / low) | ripple;
            }
        } else {
            maps.push(0);
        }
        let mut first = Vec::with_capacity(maps.len() + 1);
        let mut labels = vec![OCCUPIED; maps.len() * n];
        let mut regions = 0u32;
        for (m, &map) in maps.iter().enumerate() {
            first.push(regions);
            let free = masks.full & !map;
            let mut left = free;
            let mut label = 0u8;
            while left != 0 {
                let region = masks.flood(left.trailing_zeros() as usize, free);
                let mut cells = region;
                while cells != 0 {
                    labels[m * n + cells.trailing_zeros() as usize] = label;
                    cells &= cells - 1;
                }
                left &= !region;
                label += 1;
            }
            regions += u32::from(label);
        }
        first.push(regions);
        let mut info = Vec::with_capacity(maps.len());
        let mut multi = Vec::new();
        for m in 0..maps.len() {
            let count = first[m + 1] - first[m];
            let row = &labels[m * n..(m + 1) * n];
            let high = match count {
                1 => 0,
                2 if n <= MASKED_CELLS => row
                    .iter()
                    .enumerate()
                    .filter(|&(_, &l)| l == 1)
                    .fold(0u32, |mask, (c, _)| mask | 1 << c),
                _ => {
                    let index = u32::try_from(multi.len() / n).expect("fewer maps than 2^31");
                    multi.extend_from_slice(row);
                    MULTI | index
                }
            };
            info.push(u64::from(first[m]) | u64::from(high) << 32);
        }
        let mut order_weight = [0u64; MAX_REGION_TILES];
        let mut weight = 1u64;
        for i in (0..tiles).rev() {
            order_weight[i] = weight;
            weight *= (tiles - i) as u64;
        }
        let orders = weight;
        let mut positions = Vec::new();
        if tiles <= LISTED_ORDERS {
            positions = vec![0u8; orders as usize * tiles];
            let mut cells = [0u8; MAX_REGION_TILES];
            for order in 0..orders {
                divide_order(&order_weight, tiles, order, &mut cells);
                positions[order as usize * tiles..][..tiles].copy_from_slice(&cells[..tiles]);
            }
        }
        RegionRank {
            cells: n,
            tiles,
            binomial,
            maps,
            first,
            labels,
            info,
            multi,
            order_weight,
            orders,
            positions,
            count: u64::from(regions) * orders,
        }
    }

    /// The ranking of `tiles` tiles on `size`, made once per process and shared (5 MB
    /// and a tenth of a second for 6 tiles on 5×5).
    pub(crate) fn shared(size: Size, tiles: usize) -> Arc<RegionRank> {
        static RANKS: PerProcess<(Size, usize), RegionRank> = PerProcess::new();
        get_or_make(&RANKS, (size, tiles), || RegionRank::new(size, tiles))
    }

    /// The number of maps (sets of occupied cells).
    pub(crate) fn maps(&self) -> usize {
        self.maps.len()
    }

    /// The occupied cells of map `m`.
    pub(crate) fn map(&self, m: usize) -> u64 {
        self.maps[m]
    }

    /// The number of regions of map `m`.
    pub(crate) fn regions(&self, m: usize) -> usize {
        (self.first[m + 1] - self.first[m]) as usize
    }

    /// The region of free cell `cell` in map `m`.
    pub(crate) fn label(&self, m: usize, cell: usize) -> u8 {
        self.labels[m * self.cells + cell]
    }

    /// `k!`: the orders of the tiles on one map.
    pub(crate) fn orders(&self) -> u64 {
        self.orders
    }

    /// The index of the first state of region `r` of map `m` (its orders follow).
    pub(crate) fn base(&self, m: usize, r: usize) -> u64 {
        (u64::from(self.first[m]) + r as u64) * self.orders
    }

    /// The index of the state with the group's tiles on `cells` (tile `i` of the group on
    /// `cells[i]`) and the blank on the free cell `blank`.
    #[inline(always)]
    pub(crate) fn rank(&self, cells: &[u8], blank: u8) -> u64 {
        let mut map = 0u64;
        for &c in cells {
            map |= 1 << c;
        }
        self.rank_on(cells, map, blank)
    }

    /// [`RegionRank::rank`] of tiles on `cells`, which occupy the cells of `map`: a
    /// caller that writes the cells one by one has the map at hand, where reading the
    /// cells back as wider words stalls on the stores (measured: a twentieth of a search).
    #[inline(always)]
    pub(crate) fn rank_on(&self, cells: &[u8], map: u64, blank: u8) -> u64 {
        debug_assert_eq!(cells.len(), self.tiles);
        let stride = self.tiles + 1;
        let mut colex = 0u64;
        let mut order = 0u64;
        let mut used = 0u32;
        for (i, &c) in cells.iter().enumerate() {
            // The tile's position among the occupied cells, then its Lehmer digit among
            // the positions not taken by the tiles before it.
            let position = (map & ((1u64 << c) - 1)).count_ones();
            colex += self.binomial[c as usize * stride + position as usize + 1];
            let digit = position - (used & ((1u32 << position) - 1)).count_ones();
            order += u64::from(digit) * self.order_weight[i];
            used |= 1 << position;
        }
        let info = self.info[colex as usize];
        let high = (info >> 32) as u32;
        let label = if high == 0 {
            0
        } else if high & MULTI == 0 {
            (high >> blank) & 1
        } else {
            u32::from(self.multi[(high & !MULTI) as usize * self.cells + blank as usize])
        };
        debug_assert_ne!(
            self.labels[colex as usize * self.cells + blank as usize],
            OCCUPIED,
            "the blank is on a free cell"
        );
        (u64::from(info as u32) + u64::from(label)) * self.orders + order
    }

    /// The cells of the tiles in order `order` on the occupied cells `map`, written to
    /// `cells`.
    #[inline(always)]
    pub(crate) fn place(&self, map: u64, order: u64, cells: &mut [u8]) {
        let mut sorted = [0u8; MAX_REGION_TILES];
        let mut left = map;
        for s in sorted.iter_mut().take(self.tiles) {
            *s = left.trailing_zeros() as u8;
            left &= left - 1;
        }
        let mut positions = [0u8; MAX_REGION_TILES];
        let listed = if self.positions.is_empty() {
            divide_order(&self.order_weight, self.tiles, order, &mut positions);
            &positions[..self.tiles]
        } else {
            &self.positions[order as usize * self.tiles..][..self.tiles]
        };
        for (cell, &p) in cells.iter_mut().zip(listed) {
            *cell = sorted[p as usize];
        }
    }

    /// The state of index `index`: the tiles' cells (written to `cells`) and a cell of
    /// the blank's region (its lowest).
    #[cfg(test)]
    pub(crate) fn unrank(&self, index: u64, cells: &mut [u8]) -> u8 {
        let region = (index / self.orders) as u32;
        let order = index % self.orders;
        let m = self.first.partition_point(|&f| f <= region) - 1;
        let label = (region - self.first[m]) as u8;
        self.place(self.maps[m], order, cells);
        (0..self.cells)
            .find(|&c| self.labels[m * self.cells + c] == label)
            .expect("every region has a cell") as u8
    }
}

/// The positions of the tiles of order `order` (Lehmer code with digit weights
/// `weight`), written to `positions`.
fn divide_order(weight: &[u64], tiles: usize, mut order: u64, positions: &mut [u8]) {
    let mut free = [0u8; MAX_REGION_TILES];
    for (i, f) in free.iter_mut().enumerate() {
        *f = i as u8;
    }
    let mut remaining = tiles;
    for (i, p) in positions.iter_mut().enumerate().take(tiles) {
        let digit = (order / weight[i]) as usize;
        order %= weight[i];
        *p = free[digit];
        free.copy_within(digit + 1..remaining, digit);
        remaining -= 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn ranks_are_dense_and_invert_on_small_boards() {
        for (w, h, k) in [
            (3, 3, 2),
            (3, 3, 4),
            (2, 4, 3),
            (4, 3, 5),
            (3, 3, 8),
            (2, 2, 0),
            (6, 6, 2),
            (8, 4, 3),
        ] {
            let size = Size::new(w, h).unwrap();
            let rr = RegionRank::new(size, k);
            let masks = CellMasks::new(size);
            let mut seen = vec![false; rr.count as usize];
            let mut cells = vec![0u8; k];
            for index in 0..rr.count {
                let blank = rr.unrank(index, &mut cells);
                assert_eq!(rr.rank(&cells, blank), index);
                assert!(!std::mem::replace(&mut seen[index as usize], true));
                // Every cell of the blank's region ranks the same.
                let map = cells.iter().fold(0u64, |m, &c| m | 1 << c);
                let region = masks.flood(blank as usize, masks.full & !map);
                let mut rest = region;
                while rest != 0 {
                    assert_eq!(rr.rank(&cells, rest.trailing_zeros() as u8), index);
                    rest &= rest - 1;
                }
            }
        }
    }

    #[test]
    fn six_tiles_on_five_by_five_have_the_counted_states() {
        let rr = six_on_five();
        assert_eq!(rr.maps(), 177_100);
        // Counted independently: maps with 1..5 regions are 111,180, 57,948, 7,576, 384
        // and 12.
        let regions: u64 = 111_180 + 2 * 57_948 + 3 * 7_576 + 4 * 384 + 5 * 12;
        assert_eq!(rr.count, regions * 720);
    }

    /// Six tiles on 5x5, made once for all cases.
    fn six_on_five() -> &'static RegionRank {
        static RANK: std::sync::OnceLock<RegionRank> = std::sync::OnceLock::new();
        RANK.get_or_init(|| RegionRank::new(Size::square(5).unwrap(), 6))
    }

    proptest! {
        #[test]
        fn different_regions_rank_differently(
            cells in Just((0u8..25).collect::<Vec<u8>>()).prop_shuffle(),
        ) {
            let size = Size::square(5).unwrap();
            let rr = six_on_five();
            let masks = CellMasks::new(size);
            let group = &cells[..6];
            let map = group.iter().fold(0u64, |m, &c| m | 1 << c);
            let free = masks.full & !map;
            for &a in &cells[6..] {
                for &b in &cells[6..] {
                    let same = masks.flood(a as usize, free) & (1 << b) != 0;
                    prop_assert_eq!(rr.rank(group, a) == rr.rank(group, b), same);
                    prop_assert!(rr.rank(group, a) < rr.count);
                }
            }
        }
    }
}
