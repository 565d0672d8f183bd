//! Every board's canonical move string to one goal, stored end to end for judges.

use crate::puzzle::move_order::MoveOrder;
use crate::puzzle::rank::sequence_rank;

use crate::util::progress::Silent;

use super::{build, packed, Layout, IN_MEMORY_STATES};

/// Every board's canonical move string (blank order l, r, d, u unless built with
/// another) to one goal, stored end to end, so answering a query writes bytes without
/// walking or ranking: for judges that answer many boards of a small size.
pub struct MoveStrings {
    layout: Layout,
    distances: Vec<u8>,
    offsets: Vec<u32>,
    letters: Vec<u8>,
}

impl MoveStrings {
    /// Builds the table of `layout` (at most [`IN_MEMORY_STATES`] states) and every move
    /// string: each board's string is its first nearer move's letter followed by the
    /// string of the board it leads to, built nearest boards first.
    ///
    /// # Panics
    /// When the layout has more than [`IN_MEMORY_STATES`] states.
    pub fn build(layout: Layout) -> MoveStrings {
        MoveStrings::build_in_order(layout, MoveOrder::DEFAULT)
    }

    /// [`MoveStrings::build`] with the canonical strings of blank order `order`: each
    /// the lexicographically smallest shortest path under it (HDU 3567 asks for
    /// d, l, r, u).
    ///
    /// # Panics
    /// When the layout has more than [`IN_MEMORY_STATES`] states.
    pub fn build_in_order(layout: Layout, order: MoveOrder) -> MoveStrings {
        assert!(
            layout.states() <= IN_MEMORY_STATES,
            "move strings are for small boards"
        );
        let built = build::build(&layout, &Silent, true, None).expect("no token stops it");
        let distances = built.distances;
        let total: u64 = built
            .summary
            .counts
            .iter()
            .enumerate()
            .map(|(d, &c)| d as u64 * c)
            .sum();
        let mut offsets = vec![0u32; distances.len()];
        let mut letters = Vec::with_capacity(total as usize);
        for &packed in &built.order.expect("order kept")[1..] {
            let (rank, _) = sequence_rank(packed, layout.size().cells());
            let here = layout.shape().index_of(packed::blank_of(packed), rank);
            let distance = distances[here as usize];
            let mut step = None;
            layout.for_each_neighbour(packed, rank, order, |mv, there, _| {
                if step.is_none() && distances[there as usize] + 1 == distance {
                    step = Some((mv, there));
                }
            });
            let (mv, there) = step.expect("a board off the goal has a nearer neighbour");
            let rest = offsets[there as usize] as usize;
            offsets[here as usize] = u32::try_from(letters.len()).expect("under 4 GB of moves");
            letters.push(mv.letter() as u8);
            letters.extend_from_within(rest..rest + usize::from(distance) - 1);
        }
        MoveStrings {
            layout,
            distances,
            offsets,
            letters,
        }
    }

    /// The layout.
    pub fn layout(&self) -> &Layout {
        &self.layout
    }

    /// The canonical moves of the board with index `index`, as letters `u d l r`.
    /// Its length is the board's distance.
    #[inline]
    pub fn moves(&self, index: u64) -> &[u8] {
        let start = self.offsets[index as usize] as usize;
        &self.letters[start..start + usize::from(self.distances[index as usize])]
    }
}
