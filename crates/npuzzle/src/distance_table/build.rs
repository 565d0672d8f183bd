//! Building a complete distance table: a breadth-first search from the goal over every
//! reachable board, one layer at a time.
//!
//! Each layer is a list of packed boards; a board is expanded straight from its packed
//! form (no unranking) and its neighbours claimed with one compare-and-swap on their
//! distance byte, so of several boards reaching the same neighbour exactly one adds it to
//! the next layer. Large layers are split across threads with rayon; small ones run on
//! the calling thread, which keeps a 3x3 build free of thread start-up. The build holds a
//! byte per board (the exact distance) and two layers; callers pack it afterwards.

use std::sync::atomic::{AtomicU8, Ordering::Relaxed};

use rayon::prelude::*;

use crate::board::Move;
use crate::progress::Progress;

use super::layout::{sequence_rank, Layout};
use super::Summary;

/// The distance byte of a board not reached yet.
pub(crate) const UNSEEN: u8 = u8::MAX;
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
///
/// Small tables are built on the calling thread with plain bytes: no thread start-up,
/// no atomic instructions, which is what keeps a 3x3 build at a few milliseconds.
/// Large ones mark boards with a compare-and-swap so threads can share the table.
pub(crate) fn build(layout: &Layout, progress: &dyn Progress, keep_order: bool) -> Built {
    let states = layout.states() as usize;
    progress.start(
        &format!(
            "distance table {} (goal blank in cell {})",
            layout.size(),
            layout.goal_blank()
        ),
        states as u64,
    );
    let goal = layout.index_packed(layout.goal_packed()) as usize;
    let built = if layout.states() < PARALLEL_FROM {
        let mut distances = vec![UNSEEN; states];
        distances[goal] = 0;
        let (summary, order) = layers(layout, progress, keep_order, |layer, distance| {
            let mut found = Vec::new();
            expand(layout, layer, &mut found, |index| {
                let slot = &mut distances[index as usize];
                let new = *slot == UNSEEN;
                if new {
                    *slot = distance;
                }
                new
            });
            progress.advance(found.len() as u64);
            found
        });
        Built {
            distances,
            summary,
            order,
        }
    } else {
        let distances: Vec<AtomicU8> = std::iter::repeat_with(|| AtomicU8::new(UNSEEN))
            .take(states)
            .collect();
        distances[goal].store(0, Relaxed);
        let (summary, order) = layers(layout, progress, keep_order, |layer, distance| {
            layer
                .par_chunks(CHUNK)
                .map(|chunk| {
                    let mut found = Vec::new();
                    expand(layout, chunk, &mut found, |index| {
                        let slot = &distances[index as usize];
                        // The plain load first: most neighbours are already known, and a
                        // compare-and-swap costs far more than a read.
                        slot.load(Relaxed) == UNSEEN
                            && slot
                                .compare_exchange(UNSEEN, distance, Relaxed, Relaxed)
                                .is_ok()
                    });
                    progress.advance(found.len() as u64);
                    found
                })
                .collect::<Vec<Vec<u64>>>()
                .concat()
        });
        Built {
            distances: distances.into_iter().map(AtomicU8::into_inner).collect(),
            summary,
            order,
        }
    };
    progress.finish();
    built
}

/// The breadth-first search itself: `next_layer(layer, d)` must return the boards first
/// reached from `layer`, having marked them at distance `d`. The caller has marked the
/// goal at distance 0.
fn layers(
    layout: &Layout,
    progress: &dyn Progress,
    keep_order: bool,
    mut next_layer: impl FnMut(&[u64], u8) -> Vec<u64>,
) -> (Summary, Option<Vec<u64>>) {
    let goal = layout.goal_packed();
    let mut counts = vec![1u64];
    let mut order = keep_order.then(|| vec![goal]);
    let mut layer = vec![goal];
    progress.advance(1);
    loop {
        let distance = u8::try_from(counts.len()).expect("distances of 12-cell boards fit a byte");
        let next = next_layer(&layer, distance);
        if next.is_empty() {
            break;
        }
        counts.push(next.len() as u64);
        if let Some(order) = order.as_mut() {
            order.extend_from_slice(&next);
        }
        layer = next;
    }
    let mut hardest: Vec<u64> = layer.iter().map(|&p| layout.index_packed(p)).collect();
    hardest.sort_unstable();
    hardest.truncate(HARDEST_KEPT);
    (Summary { counts, hardest }, order)
}

/// Appends to `found` the neighbours of `layer` that `claim` (given their index) says
/// are new.
#[inline]
fn expand(
    layout: &Layout,
    layer: &[u64],
    found: &mut Vec<u64>,
    mut claim: impl FnMut(u64) -> bool,
) {
    for &packed in layer {
        let (rank, _) = sequence_rank(packed, layout.cells());
        layout.for_each_neighbour(packed, rank, &Move::DEFAULT_ORDER, |_, index, next| {
            if claim(index) {
                found.push(next);
            }
        });
    }
}
