//! Building a complete distance table at run time: the breadth-first search of
//! [`super::packed`], on the calling thread for small boards and on every core for large
//! ones, with progress and a summary.
//!
//! Each layer is a list of packed boards; a board is expanded straight from its packed
//! form (no unranking) and its neighbours claimed through their distance byte, so of
//! several boards reaching the same neighbour exactly one adds it to the next layer. The
//! build holds a byte per board (the exact distance) and two layers; callers pack it
//! afterwards.

use std::sync::atomic::{AtomicU8, Ordering::Relaxed};

use rayon::prelude::*;

use crate::util::cancel::CancelToken;
use crate::util::progress::Progress;

use super::layout::Layout;
use super::packed::{breadth_first, exact_distances, expand, UNSEEN};
use super::Summary;

/// Tables with more states than this are built on all cores.
const PARALLEL_FROM: u64 = 1 << 22;
/// Boards per parallel work item.
const CHUNK: usize = 1 << 14;
/// How many hardest boards a summary keeps.
pub const HARDEST_KEPT: usize = 100;

/// A finished build.
pub(crate) struct Built {
    /// The exact distance of every board, by index.
    pub distances: Vec<u8>,
    /// Counts per distance and the hardest boards.
    pub summary: Summary,
    /// Every packed board in order of distance, when asked for.
    pub order: Option<Vec<u64>>,
}

/// Builds the table of `layout`; `keep_order` keeps the boards in the order found.
/// `None` when `cancel` was set first.
///
/// Small tables are built on the calling thread with plain bytes: no thread start-up,
/// no atomic instructions. Large ones mark boards with a compare-and-swap so threads can
/// share the table, and read `cancel` at every chunk of [`CHUNK`] boards, so a build
/// told to stop does within milliseconds; a small one (at most [`PARALLEL_FROM`] states)
/// is over in a fraction of a second, and is not told.
pub(crate) fn build(
    layout: &Layout,
    progress: &dyn Progress,
    keep_order: bool,
    cancel: Option<&CancelToken>,
) -> Option<Built> {
    let shape = layout.shape();
    let states = layout.states() as usize;
    progress.start(
        &format!(
            "distance table {} (goal blank in cell {})",
            layout.size(),
            layout.goal_blank()
        ),
        states as u64,
    );
    let mut counts = Vec::new();
    let mut order = keep_order.then(Vec::new);
    let mut on_layer = |layer: &[u64]| {
        counts.push(layer.len() as u64);
        if let Some(order) = order.as_mut() {
            order.extend_from_slice(layer);
        }
    };
    let (distances, last) = if layout.states() < PARALLEL_FROM {
        exact_distances(shape, |layer| {
            progress.advance(layer.len() as u64);
            on_layer(layer);
        })
    } else {
        progress.advance(1); // the goal; the other layers as their chunks finish
        let distances: Vec<AtomicU8> = std::iter::repeat_with(|| AtomicU8::new(UNSEEN))
            .take(states)
            .collect();
        distances[shape.index_packed(shape.goal_packed()) as usize].store(0, Relaxed);
        let next_layer = |layer: &[u64], distance: u8| {
            layer
                .par_chunks(CHUNK)
                .map(|chunk| {
                    let mut found = Vec::new();
                    if CancelToken::is_set(cancel) {
                        // No boards found ends the search; the table is then dropped.
                        return found;
                    }
                    expand(shape, chunk, &mut found, |index| {
                        let slot = &distances[index as usize];
                        // The plain load first: most neighbours are already known, and a
                        // compare-and-swap costs far more than a read.
                        slot.load(Relaxed) == UNSEEN
                            && slot
                                .compare_exchange(UNSEEN, distance, Relaxed, Relaxed)
                                .is_ok()
                    });
                    // Per chunk rather than per layer: a large layer takes seconds.
                    progress.advance(found.len() as u64);
                    found
                })
                .collect::<Vec<Vec<u64>>>()
                .concat()
        };
        let last = breadth_first(shape, next_layer, on_layer);
        let distances = distances.into_iter().map(AtomicU8::into_inner).collect();
        (distances, last)
    };
    progress.finish();
    if CancelToken::is_set(cancel) {
        return None;
    }
    let mut hardest: Vec<u64> = last.iter().map(|&p| shape.index_packed(p)).collect();
    hardest.sort_unstable();
    hardest.truncate(HARDEST_KEPT);
    Some(Built {
        distances,
        summary: Summary { counts, hardest },
        order,
    })
}
