//! Progress reporting for long work (building tables, batches). The library only calls
//! this trait; the binary draws bars on a terminal and stays quiet otherwise.

/// Receives progress from long-running work. Implementations must be cheap to call from
/// several threads.
pub trait Progress: Sync {
    /// Work called `what` begins, with `total` units to do (0 when unknown).
    fn start(&self, what: &str, total: u64);
    /// `units` more are done.
    fn advance(&self, units: u64);
    /// The work is done.
    fn finish(&self);
}

/// Progress that goes nowhere.
#[derive(Clone, Copy, Debug, Default)]
pub struct Silent;

impl Progress for Silent {
    fn start(&self, _what: &str, _total: u64) {}
    fn advance(&self, _units: u64) {}
    fn finish(&self) {}
}
