//! A lower bound on a board's optimal length that an optimal search raises as it proves
//! more, read by whoever waits on that search (a bounded answer: [`crate::solving::bounded`]).
//! Only an admissible search may raise it: every value it holds is proven.
//!
//! ```
//! use npuzzle::util::proven_bound::ProvenBound;
//!
//! let proven = ProvenBound::new();
//! let seen = proven.clone(); // clones share one bound
//! proven.raise(40);
//! proven.raise(38); // a lower value proves nothing new
//! assert_eq!(seen.get(), 40);
//! ```

use std::sync::atomic::{AtomicU32, Ordering::Relaxed};
use std::sync::Arc;

/// A shared lower bound, only ever raised (0 until something is proven).
#[derive(Clone, Debug, Default)]
pub struct ProvenBound(Arc<AtomicU32>);

impl ProvenBound {
    /// A bound of 0, shared by its clones.
    #[must_use]
    pub fn new() -> ProvenBound {
        ProvenBound::default()
    }

    /// Records that no solution is shorter than `bound` moves.
    pub fn raise(&self, bound: u32) {
        self.0.fetch_max(bound, Relaxed);
    }

    /// The largest bound recorded so far.
    #[must_use]
    pub fn get(&self) -> u32 {
        self.0.load(Relaxed)
    }
}

impl PartialEq for ProvenBound {
    /// The same shared bound (as [`crate::util::progress::SharedProgress`] compares).
    fn eq(&self, other: &ProvenBound) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
}

impl Eq for ProvenBound {}
