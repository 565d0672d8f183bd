//! Cell sets of one board as `u64` masks, and the connected regions of free cells the
//! blank can roam while a group's tiles stand still.

use crate::fast_idastar::MAX_FAST_CELLS;
use crate::puzzle::board::Size;

/// Cell sets of one board as `u64` masks: its cells, and each cell's neighbours.
pub(crate) struct CellMasks {
    pub(crate) full: u64,
    pub(crate) neighbours: [u64; MAX_FAST_CELLS],
    width: usize,
    not_first_col: u64,
    not_last_col: u64,
}

impl CellMasks {
    pub(crate) fn new(size: Size) -> CellMasks {
        let n = size.cells();
        let full = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
        let mut neighbours = [0u64; MAX_FAST_CELLS];
        let (mut first, mut last) = (0u64, 0u64);
        for (cell, nb) in neighbours.iter_mut().enumerate().take(n) {
            for mv in crate::puzzle::board::Move::ALL {
                if let Some(to) = size.step(cell, mv) {
                    *nb |= 1 << to;
                }
            }
            let col = cell % size.width();
            if col == 0 {
                first |= 1 << cell;
            }
            if col + 1 == size.width() {
                last |= 1 << cell;
            }
        }
        CellMasks {
            full,
            neighbours,
            width: size.width(),
            not_first_col: full & !first,
            not_last_col: full & !last,
        }
    }

    /// The cells of `free` connected to `seed` through `free` (with `seed` itself).
    #[inline]
    pub(crate) fn flood(&self, seed: usize, free: u64) -> u64 {
        let mut region = 1u64 << seed;
        loop {
            let grown = region
                | (((region << 1) & self.not_first_col
                    | (region >> 1) & self.not_last_col
                    | region << self.width
                    | region >> self.width)
                    & free);
            if grown == region {
                return region;
            }
            region = grown;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn regions_are_connected_components(free in 0u64..(1 << 16), seed in 0usize..16) {
            let masks = CellMasks::new(Size::square(4).unwrap());
            prop_assume!(free & (1 << seed) != 0);
            let region = masks.flood(seed, free);
            prop_assert_eq!(region & !free, 0);
            // Closed: no free neighbour of the region lies outside it.
            let mut cells = region;
            while cells != 0 {
                let c = cells.trailing_zeros() as usize;
                cells &= cells - 1;
                prop_assert_eq!(masks.neighbours[c] & free & !region, 0);
            }
        }
    }
}
