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
//! (docs/BENCHMARKS.md, "Pattern-database builds").
//!
//! The per-map tables (the regions before each map, and each cell's region in it) cost
//! `maps × (cells + 4)` bytes: 5 MB for 6 tiles on 5×5. A lookup reads one byte a map
//! (177 KB, in the level-2 cache) and, for a map of several regions, one word of its
//! second region's cells.

#![expect(
    clippy::inline_always,
    reason = "called for every generated node of the search: inlining is not left to the cost model"
)]

use std::sync::Arc;

use super::cell_masks::CellMasks;
use crate::fast_idastar::MAX_FAST_CELLS;
use crate::puzzle::board::Size;
use crate::util::per_process::{get_or_make, PerProcess};

/// The label of an occupied cell.
const OCCUPIED: u8 = u8::MAX;

/// The most tiles a ranked group may have (orders are ranked in a `u64` and positions in
/// a `u32`).
pub(crate) const MAX_REGION_TILES: usize = 16;

/// The largest board whose second region fits a `u32` of cells (see `MapRegions::second`).
const MASKED_CELLS: usize = 31;
/// The flag of a map with more than one region, in its byte of `map_bytes`.
const SEVERAL_REGIONS: u8 = 1 << 7;

/// The flag of a map whose regions are listed in `multi`.
const MULTI: u32 = 1 << 31;

/// The length of a row of [`RegionRank`]'s binomials: above [`MAX_REGION_TILES`], a
/// power of two (indices are masked with it).
const BINOMIAL_ROW: usize = 32;

/// The most tiles whose orders are listed (9! × 9 bytes = 3.3 MB).
const LISTED_ORDERS: usize = 9;

/// The most tiles whose moved orders [`RegionRank::shifted_orders`] lists: `k² × k!`
/// entries of two bytes, 494 KB for 7 tiles and 5.2 MB for 8 (9 would be 59 MB, and
/// `9!` does not fit the two bytes).
const SHIFTED_ORDERS: usize = 8;

/// Dense ranks of (placement, blank region) states of `k` tiles on a board.
pub(crate) struct RegionRank {
    cells: usize,
    tiles: usize,
    /// `binomial[c][j]` = C(c, j), for `j <= tiles` (0 beyond). Fixed rows, read with
    /// masked indices, so that a rank has no bounds checks: the rank runs several times
    /// per generated node of a search.
    binomial: Box<[[u64; BINOMIAL_ROW]; MAX_FAST_CELLS]>,
    /// The occupied cells of each map, in rank order.
    maps: Vec<u64>,
    /// `first[m]`: the regions of the maps before `m`; one more entry for the total.
    first: Vec<u32>,
    /// `labels[m * cells + c]`: the region of free cell `c` in map `m`.
    labels: Vec<u8>,
    /// The region of the blank, as a lookup finds it.
    regions: MapRegions,
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
        let mut binomial = Box::new([[0u64; BINOMIAL_ROW]; MAX_FAST_CELLS]);
        for c in 0..n {
            binomial[c][0] = 1;
            for j in 1..=tiles {
                binomial[c][j] = if c == 0 {
                    0
                } else {
                    binomial[c - 1][j - 1] + binomial[c - 1][j]
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
                // On a board of 64 cells the last map holds the top bit: no map follows.
                let Some(ripple) = map.checked_add(low) else {
                    break;
                };
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
        let regions_of_maps = MapRegions::new(&first, &labels, n);
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
            regions: regions_of_maps,
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

    /// The group's tiles.
    pub(crate) fn tiles(&self) -> usize {
        self.tiles
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

    /// The number of map `map` (a set of `tiles` occupied cells): its colexicographic rank.
    pub(crate) fn map_number(&self, map: u64) -> usize {
        let mut colex = 0u64;
        let mut left = map;
        let mut j = 1;
        while left != 0 {
            colex += self.binomial[left.trailing_zeros() as usize][j];
            left &= left - 1;
            j += 1;
        }
        colex as usize
    }

    /// For groups of at most [`SHIFTED_ORDERS`] tiles, what a move does to the order: the
    /// tile at position `p` among the occupied cells moves to a cell at position `q` of
    /// the new ones (the tiles between shift by one), the other tiles keep their cells,
    /// so the new order depends on `(p, q)` and the old order only. Entry
    /// `(p * k + q) * k! + order` is that new order; `None` for larger groups.
    pub(crate) fn shifted_orders(&self) -> Option<Vec<u16>> {
        let k = self.tiles;
        if k > SHIFTED_ORDERS || self.positions.is_empty() {
            return None;
        }
        let orders = self.orders as usize;
        let mut out = vec![0u16; k * k * orders];
        for p in 0..k {
            for q in 0..k {
                let moved = |position: u8| -> u32 {
                    let position = usize::from(position);
                    let new = if position == p {
                        q
                    } else if p < q && position > p && position <= q {
                        position - 1
                    } else if q < p && position >= q && position < p {
                        position + 1
                    } else {
                        position
                    };
                    new as u32
                };
                let table = &mut out[(p * k + q) * orders..][..orders];
                for (order, entry) in table.iter_mut().enumerate() {
                    let mut used = 0u32;
                    let mut rank = 0u64;
                    for (i, &position) in self.positions[order * k..][..k].iter().enumerate() {
                        let position = moved(position);
                        let digit = position - (used & ((1u32 << position) - 1)).count_ones();
                        rank += u64::from(digit) * self.order_weight[i];
                        used |= 1 << position;
                    }
                    *entry = rank as u16;
                }
            }
        }
        Some(out)
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
        let mut colex = 0u64;
        let mut order = 0u64;
        let mut used = 0u32;
        for (i, &c) in cells.iter().enumerate() {
            // The tile's position among the occupied cells, then its Lehmer digit among
            // the positions not taken by the tiles before it.
            let position = (map & ((1u64 << c) - 1)).count_ones();
            // Masked: a cell is below 64, and its position below the group's tiles.
            colex += self.binomial[usize::from(c) & (MAX_FAST_CELLS - 1)]
                [(position as usize + 1) & (BINOMIAL_ROW - 1)];
            let digit = position - (used & ((1u32 << position) - 1)).count_ones();
            order += u64::from(digit) * self.order_weight[i & (MAX_REGION_TILES - 1)];
            used |= 1 << position;
        }
        debug_assert_ne!(
            self.labels[colex as usize * self.cells + blank as usize],
            OCCUPIED,
            "the blank is on a free cell"
        );
        self.regions.region(colex, blank) * self.orders + order
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

/// What a lookup reads to find the region of the blank: per map, one byte, not the
/// region counts and labels a build reads.
struct MapRegions {
    /// What a lookup reads of map `m` first, one byte: the flag [`SEVERAL_REGIONS`], and
    /// below it the extra regions (beyond one a map) of the maps before `m` in its block
    /// of `1 << block_shift` maps; with [`MapRegions::extra_before_block`], `first[m]`.
    /// Most maps have one region (111,180 of 177,100 for 6 tiles on 5×5). These 177 KB
    /// stay in a level-2 cache of 512 KB where one word a map (1.4 MB) did not
    /// (measured: a sixth of the search's time was that load; docs/BENCHMARKS.md, "Changes
    /// measured and kept").
    map_bytes: Vec<u8>,
    /// The extra regions of the maps before each block of `1 << block_shift` maps.
    extra_before_block: Vec<u32>,
    /// The maps of a block: as many as keep each block's counts below
    /// [`SEVERAL_REGIONS`].
    block_shift: u32,
    /// For a map with several regions, at the number of extra regions before it: the
    /// cells of its second region when it has two and the board at most
    /// [`MASKED_CELLS`] cells, else [`MULTI`] plus the map's row in `multi`.
    second: Vec<u32>,
    /// The region of each cell, for the maps [`MULTI`] marks.
    multi: Vec<u8>,
    /// Cells of the board.
    cells: usize,
}

impl MapRegions {
    /// The lookup tables of maps with `first[m]` regions before map `m` (one more entry
    /// for the total) and `labels[m * cells + c]` the region of free cell `c` in map `m`.
    fn new(first: &[u32], labels: &[u8], cells: usize) -> MapRegions {
        let maps = first.len() - 1;
        let n = cells;
        let mut second = vec![0u32; (first[maps] as usize).saturating_sub(maps)];
        let mut multi = Vec::new();
        for m in 0..maps {
            let count = first[m + 1] - first[m];
            let row = &labels[m * n..(m + 1) * n];
            let high = match count {
                1 => continue,
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
            second[(first[m] - m as u32) as usize] = high;
        }
        let extra: Vec<u32> = (0..maps).map(|m| first[m] - m as u32).collect();
        let block_shift = block_shift(&extra);
        let extra_before_block = (0..maps)
            .step_by(1 << block_shift)
            .map(|m| extra[m])
            .collect();
        let map_bytes = (0..maps)
            .map(|m| {
                let within = (extra[m] - extra[m >> block_shift << block_shift]) as u8;
                let flag = if first[m + 1] - first[m] > 1 {
                    SEVERAL_REGIONS
                } else {
                    0
                };
                within | flag
            })
            .collect();
        MapRegions {
            map_bytes,
            extra_before_block,
            block_shift,
            second,
            multi,
            cells,
        }
    }

    /// The region (among all maps' regions, in rank order) of map `colex` holding the
    /// blank's cell.
    #[inline(always)]
    fn region(&self, colex: u64, blank: u8) -> u64 {
        let byte = self.map_bytes[colex as usize];
        let extra = self.extra_before_block[(colex >> self.block_shift) as usize]
            + u32::from(byte & !SEVERAL_REGIONS);
        let label = if byte & SEVERAL_REGIONS == 0 {
            0
        } else {
            let high = self.second[extra as usize];
            if high & MULTI == 0 {
                (high >> blank) & 1
            } else {
                u32::from(self.multi[(high & !MULTI) as usize * self.cells + blank as usize])
            }
        };
        colex + u64::from(extra) + u64::from(label)
    }
}

/// The widest blocks (at most 32 maps) in which the extra regions before each map, counted
/// from its block's start, stay below [`SEVERAL_REGIONS`], given those counts from the
/// first map (`extra[m]`, never falling); one map a block always fits.
fn block_shift(extra: &[u32]) -> u32 {
    (1..=5u32)
        .rev()
        .find(|&shift| {
            extra
                .iter()
                .enumerate()
                .all(|(m, &e)| e - extra[m >> shift << shift] < u32::from(SEVERAL_REGIONS))
        })
        .unwrap_or(0)
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
            // Up to four regions on a board of at most MASKED_CELLS cells: tiles on 1
            // and 4, 2 and 7, 11 and 14 wall off three corners.
            (4, 4, 6),
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
    fn a_board_of_64_cells_lists_its_maps_to_the_last() {
        // The last map holds the top cell: its successor overflowed 64 bits (a division
        // by zero in `pdb build best --size 8x8`).
        let size = Size::square(8).unwrap();
        assert_eq!(RegionRank::new(size, 1).count, 64);
        let two = RegionRank::new(size, 2);
        assert_eq!(two.maps(), 2016);
        // Two tiles wall off a corner cell in 4 maps of the 2,016: 2,020 regions, two
        // orders each.
        assert_eq!(two.count, 2 * 2020);
    }

    #[test]
    fn blocks_narrow_until_their_counts_fit_below_the_flag() {
        // One extra region a map: 31 before the last map of a block of 32 fit.
        let one: Vec<u32> = (0..100).collect();
        assert_eq!(block_shift(&one), 5);
        // Five a map: 31 × 5 = 155 do not fit, 15 × 5 = 75 do.
        let five: Vec<u32> = (0..100).map(|m| 5 * m).collect();
        assert_eq!(block_shift(&five), 4);
        // 200 in the first map: not even a block of two maps fits.
        assert_eq!(block_shift(&[0, 200, 200]), 0);
        assert_eq!(block_shift(&[0, 0, 200]), 1);
        assert_eq!(block_shift(&[]), 5);
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
