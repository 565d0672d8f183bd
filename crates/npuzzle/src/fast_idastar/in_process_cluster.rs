//! A cluster of "processes" inside one process: each member a
//! [`ClusterLink`] that a solve on its own thread searches through, for tests and to see a
//! cluster's answer without a network.
//!
//! ```
//! use std::sync::Arc;
//! use npuzzle::fast_idastar::cluster_link::SharedLink;
//! use npuzzle::fast_idastar::in_process_cluster::InProcessCluster;
//! use npuzzle::{parse_board, solve, Board, Size, SolveOptions};
//!
//! let goal = Board::goal(Size::square(4)?);
//! let start = parse_board("5 1 3 4/9 2 7 8/6 10 11 12/13 14 15 0", None)?;
//! let alone = solve(&start, &goal, &SolveOptions::default())?;
//! // Three "processes" of one thread each, every one running the same solve.
//! let answers: Vec<_> = std::thread::scope(|scope| {
//!     let handles: Vec<_> = InProcessCluster::new(&[1, 1, 1])
//!         .into_iter()
//!         .map(|link| {
//!             let options = SolveOptions { cluster: Some(SharedLink(Arc::new(link))), ..SolveOptions::default() };
//!             let (start, goal) = (&start, &goal);
//!             scope.spawn(move || solve(start, goal, &options).unwrap())
//!         })
//!         .collect();
//!     handles.into_iter().map(|h| h.join().unwrap()).collect()
//! });
//! for answer in &answers {
//!     assert_eq!(answer.moves, alone.moves); // the serial path, on every process
//! }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::collections::HashMap;
use std::sync::{Arc, Condvar, Mutex};

use crate::fast_idastar::cluster_link::ClusterLink;

/// A cluster of "processes" inside one process, each a [`ClusterLink`] to run a solve
/// on its own thread: for tests, and to see a cluster's answer without a network.
pub struct InProcessCluster {
    shared: Arc<Rounds>,
    process: usize,
    threads: Vec<usize>,
    round: Mutex<u64>,
}

/// What the members of an [`InProcessCluster`] have told one another, by round.
#[derive(Default)]
struct Rounds {
    state: Mutex<RoundState>,
    changed: Condvar,
}

#[derive(Default)]
struct RoundState {
    shares: HashMap<u64, Vec<Option<String>>>,
    cutoffs: HashMap<u64, Vec<usize>>,
    expanded: HashMap<u64, Vec<u64>>,
    /// Each round's next item to hand out, and its item count.
    claims: HashMap<u64, (usize, usize)>,
}

impl InProcessCluster {
    /// One member per entry of `threads`, which says how many threads each searches with.
    pub fn new(threads: &[usize]) -> Vec<InProcessCluster> {
        let shared = Arc::new(Rounds::default());
        (0..threads.len())
            .map(|process| InProcessCluster {
                shared: Arc::clone(&shared),
                process,
                threads: threads.to_vec(),
                round: Mutex::new(0),
            })
            .collect()
    }

    fn current(&self) -> u64 {
        *self.round.lock().expect("never poisoned")
    }
}

impl ClusterLink for InProcessCluster {
    fn process(&self) -> usize {
        self.process
    }

    fn threads(&self) -> &[usize] {
        &self.threads
    }

    fn describe(&self, process: usize) -> String {
        format!("process {process}")
    }

    fn begin_round(&self, items: usize) {
        let round = self.current();
        let mut state = self.shared.state.lock().expect("never poisoned");
        state.claims.entry(round).or_insert((0, items));
    }

    fn claim(&self) -> Option<usize> {
        let round = self.current();
        let mut state = self.shared.state.lock().expect("never poisoned");
        let (next, items) = state.claims.get_mut(&round)?;
        (*next < *items).then(|| {
            *next += 1;
            *next - 1
        })
    }

    fn gather(&self, mine: String) -> Vec<String> {
        let round = {
            let mut round = self.round.lock().expect("never poisoned");
            *round += 1;
            *round - 1
        };
        let n = self.threads.len();
        let mut state = self.shared.state.lock().expect("never poisoned");
        state.shares.entry(round).or_insert_with(|| vec![None; n])[self.process] = Some(mine);
        self.shared.changed.notify_all();
        loop {
            let shares = &state.shares[&round];
            if shares.iter().all(Option::is_some) {
                return shares.iter().flatten().cloned().collect();
            }
            state = self.shared.changed.wait(state).expect("never poisoned");
        }
    }

    fn announce_cutoff(&self, cutoff: usize) {
        let round = self.current();
        let n = self.threads.len();
        let mut state = self.shared.state.lock().expect("never poisoned");
        let cutoffs = state
            .cutoffs
            .entry(round)
            .or_insert_with(|| vec![usize::MAX; n]);
        cutoffs[self.process] = cutoffs[self.process].min(cutoff);
    }

    fn cutoff_elsewhere(&self) -> usize {
        let round = self.current();
        let state = self.shared.state.lock().expect("never poisoned");
        state.cutoffs.get(&round).map_or(usize::MAX, |c| {
            c.iter()
                .enumerate()
                .filter(|&(p, _)| p != self.process)
                .map(|(_, &c)| c)
                .min()
                .unwrap_or(usize::MAX)
        })
    }

    fn expanded_elsewhere(&self, expanded: u64) -> u64 {
        let round = self.current();
        let n = self.threads.len();
        let mut state = self.shared.state.lock().expect("never poisoned");
        let counts = state.expanded.entry(round).or_insert_with(|| vec![0; n]);
        counts[self.process] = expanded;
        counts.iter().sum::<u64>() - expanded
    }
}
