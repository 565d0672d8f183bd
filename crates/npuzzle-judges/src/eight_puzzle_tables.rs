//! The 3x3 distance tables the judges answer from: embedded in the library, one for each
//! cell the goal's blank may take, had once for the process.

use std::sync::Arc;

use npuzzle::tables::distance_table::{in_memory, DistanceTable, Layout};
use npuzzle::Size;

/// The embedded 3x3 table towards the standard goal with the blank in `goal_blank`.
///
/// # Panics
/// When `goal_blank` is not a cell of the 3x3 board.
pub(crate) fn eight_puzzle(goal_blank: usize) -> Arc<DistanceTable> {
    let layout = Layout::new(Size::square(3).expect("3x3 is a size"), goal_blank)
        .expect("a cell of the 3x3 board");
    in_memory(layout).expect("every 3x3 table is embedded")
}
