//! How a fast search runs: the move order, the limits, the threads, progress, the cluster
//! and the proven bound. [`crate::SolveOptions::run_settings`] makes them from a solve's
//! options; a caller of [`super::search`] with an estimate of its own fills them in.

use crate::fast_idastar::cluster_link::SharedLink;
use crate::puzzle::move_order::MoveOrder;
use crate::search::Limits;
use crate::util::progress::SharedProgress;
use crate::util::proven_bound::ProvenBound;

/// The most threads a search runs on ([`RunSettings::thread_count`] caps larger
/// requests, [`checked_threads`](crate::answer::options::checked_threads) refuses them): far more than the cores of any machine
/// this runs on, and few enough that starting them does not fail.
pub const MAX_THREADS: usize = 256;

/// How a fast search runs: the move order, the limits, how many threads share it, and
/// where it reports its iterations.
#[derive(Clone, Debug)]
pub struct RunSettings {
    /// The order moves are tried in; the answer is the smallest shortest path in it
    /// (unless [`RunSettings::any_optimal`]).
    pub order: MoveOrder,
    /// Stop at the first optimal path found rather than the smallest in the move order:
    /// each node's children are tried by their estimate, least first, so the last
    /// iteration meets a path sooner (its earlier iterations search the same nodes).
    pub any_optimal: bool,
    /// When to give up.
    pub limits: Limits,
    /// Threads searching the one instance: 1 runs the serial search, more the
    /// [`crate::fast_idastar::parallel`] one, 0 means one per core.
    pub threads: usize,
    /// Told of each iteration as it starts (its bound and the nodes so far), for a long
    /// search to show it is alive.
    pub progress: Option<SharedProgress>,
    /// The other processes sharing each iteration, if any (see [`crate::fast_idastar::cluster_link`]).
    pub cluster: Option<SharedLink>,
    /// Raised to each iteration's bound as the iteration starts: the previous one found
    /// no path within its bound, so none is shorter than this one's (an admissible
    /// estimate's search only; a bounded answer reads it). The single-tile search starts
    /// its iterations at the larger of the start's estimate and this bound's value: a
    /// bound already proven need not be proven again.
    pub proven: Option<ProvenBound>,
}

impl Default for RunSettings {
    /// The default move order, no limits, one thread, no progress reports.
    fn default() -> RunSettings {
        RunSettings {
            order: MoveOrder::DEFAULT,
            any_optimal: false,
            limits: Limits::NONE,
            threads: 1,
            progress: None,
            cluster: None,
            proven: None,
        }
    }
}

impl RunSettings {
    /// The number of threads meant: [`RunSettings::threads`], with 0 read as the number
    /// of cores, and at most [`MAX_THREADS`].
    pub fn thread_count(&self) -> usize {
        let n = match self.threads {
            0 => std::thread::available_parallelism().map_or(1, usize::from),
            n => n,
        };
        n.min(MAX_THREADS)
    }
}
