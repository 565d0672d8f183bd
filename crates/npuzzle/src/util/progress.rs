//! Progress reporting for long work (building tables, batches, long searches). The
//! library only calls this trait; the binary draws bars on a terminal and stays quiet
//! otherwise.
//!
//! ```
//! use std::sync::atomic::{AtomicU64, Ordering};
//! use npuzzle::util::progress::Progress;
//!
//! #[derive(Default)]
//! struct Count(AtomicU64);
//! impl Progress for Count {
//!     fn start(&self, _what: &str, _total: u64) {}
//!     fn advance(&self, units: u64) {
//!         self.0.fetch_add(units, Ordering::Relaxed);
//!     }
//!     fn finish(&self) {}
//! }
//! let count = Count::default();
//! let layout = npuzzle::tables::distance_table::Layout::new(npuzzle::Size::new(2, 3)?, 5)?;
//! npuzzle::tables::distance_table::DistanceTable::build(layout, &count);
//! assert!(count.0.load(Ordering::Relaxed) > 0);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

/// Receives progress from long-running work. Implementations must be cheap to call from
/// several threads.
pub trait Progress: Sync {
    /// Work called `what` begins, with `total` units to do (0 when unknown).
    fn start(&self, what: &str, total: u64);
    /// `units` more are done.
    fn advance(&self, units: u64);
    /// The work is done.
    fn finish(&self);
    /// A search's count so far, beside the message [`Progress::start`] was given: nodes
    /// `expanded`, and the `bound` of the iteration where the search has one (the fast
    /// IDA*'s). For receivers that show the numbers themselves (a notebook's callback);
    /// the rest may leave it out.
    fn searched(&self, expanded: u64, bound: Option<u32>) {
        let _ = (expanded, bound);
    }
    /// A long build is about to start, said in one `line` (what, how large, about how
    /// long): for receivers that say it even where they draw nothing else, since without
    /// it a quiet caller waits a minute for no reason it can see.
    fn notice(&self, line: &str) {
        let _ = line;
    }
}

/// A [`Progress`] held by options that are cloned and compared (two are equal when they
/// are the same receiver).
#[derive(Clone)]
pub struct SharedProgress(pub std::sync::Arc<dyn Progress + Send>);

impl SharedProgress {
    /// Shares `progress`.
    pub fn new(progress: impl Progress + Send + 'static) -> SharedProgress {
        SharedProgress(std::sync::Arc::new(progress))
    }
}

impl std::fmt::Debug for SharedProgress {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("SharedProgress")
    }
}

impl PartialEq for SharedProgress {
    fn eq(&self, other: &SharedProgress) -> bool {
        std::sync::Arc::ptr_eq(&self.0, &other.0)
    }
}

impl Eq for SharedProgress {}

/// Progress that goes nowhere.
#[derive(Clone, Copy, Debug, Default)]
pub struct Silent;

impl Progress for Silent {
    fn start(&self, _what: &str, _total: u64) {}
    fn advance(&self, _units: u64) {}
    fn finish(&self) {}
}
