//! What the threads of one iteration of the parallel search share, and why a pass stops:
//! the work items handed out, the cutoff past which items are not needed, the pooled
//! expansions and the limits. The serial runner checks it at each expansion when it is
//! one of the parallel search's threads (below [`super::parallel`], which starts them,
//! and beside [`super::runner`], which checks it).

#![expect(
    clippy::inline_always,
    reason = "called for every generated node of the search: inlining is not left to the cost model"
)]

use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering::Relaxed};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use crate::fast_idastar::cluster_link::ClusterLink;
use crate::search::GiveUp;
use crate::util::cancel::CancelToken;

/// Why a depth-first pass stopped before finishing.
#[derive(Clone, Debug)]
pub(super) enum Stop {
    /// A limit was reached.
    GaveUp(GiveUp),
    /// Another thread proved this subtree is not needed (see [`super::parallel`]).
    Cancelled,
}

/// Expansions a thread makes between two looks at the pooled count and the clock.
pub const FLUSH_EVERY: u64 = 1024;

/// The state the threads of one iteration share.
pub(super) struct SharedIteration<'a> {
    /// The next item to hand out.
    pub(super) next: AtomicUsize,
    /// Items from this index on are not needed (a goal was found before it, or a limit
    /// was reached and every item stops).
    pub(super) cutoff: AtomicUsize,
    /// Expansions since the search began: exact at the start of the iteration, then
    /// pooled from the threads every [`FLUSH_EVERY`] of theirs.
    pub(super) expanded: AtomicU64,
    pub(super) max_expanded: Option<u64>,
    pub(super) deadline: Option<(Instant, Duration)>,
    pub(super) cancel: Option<CancelToken>,
    pub(super) gave_up: Mutex<Option<GiveUp>>,
    /// The other processes of a cluster, and this process's expansions in the round.
    pub(super) link: Option<(&'a dyn ClusterLink, AtomicU64)>,
}

impl SharedIteration<'_> {
    /// Called by a thread at each expansion of item `item`, its `local`-th: whether to go on.
    #[inline(always)]
    pub(super) fn check(&self, item: usize, local: u64) -> Result<(), Stop> {
        if local % FLUSH_EVERY == 0 {
            let mut pooled = self.expanded.fetch_add(FLUSH_EVERY, Relaxed) + FLUSH_EVERY;
            if let Some((link, round)) = &self.link {
                let mine = round.fetch_add(FLUSH_EVERY, Relaxed) + FLUSH_EVERY;
                pooled += link.expanded_elsewhere(mine);
                self.cutoff.fetch_min(link.cutoff_elsewhere(), Relaxed);
            }
            if let Some(max) = self.max_expanded {
                if pooled > max {
                    return Err(self.give_up(GiveUp::Expanded(max)));
                }
            }
            if let Some((deadline, max)) = self.deadline {
                if Instant::now() >= deadline {
                    return Err(self.give_up(GiveUp::Time(max)));
                }
            }
            if CancelToken::is_set(self.cancel.as_ref()) {
                return Err(self.give_up(GiveUp::Interrupted));
            }
        }
        if item >= self.cutoff.load(Relaxed) {
            return Err(Stop::Cancelled);
        }
        Ok(())
    }

    /// The next item for a thread of this process to search: from the shared counter,
    /// or from the cluster.
    pub(super) fn claim(&self, items: usize) -> Option<usize> {
        match &self.link {
            Some((link, _)) => link.claim(),
            None => Some(self.next.fetch_add(1, Relaxed)).filter(|&i| i < items),
        }
    }

    /// Records the first limit reached and stops every thread.
    pub(super) fn give_up(&self, why: GiveUp) -> Stop {
        self.cutoff.store(0, Relaxed);
        if let Some((link, _)) = &self.link {
            link.announce_cutoff(0);
        }
        let mut first = self.gave_up.lock().expect("no thread panics holding it");
        first.get_or_insert(why);
        Stop::GaveUp(why)
    }
}
