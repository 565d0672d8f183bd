//! A process's membership of a cluster: joining it, the link the library's searches use,
//! a batch's boards handed out by process 0, and leaving together.

use std::sync::atomic::Ordering::Relaxed;
use std::sync::mpsc::{self, Receiver};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use npuzzle::fast_idastar::cluster_link::{ClusterLink, SharedLink};

use crate::error::ClusterError;
use crate::host_file::HostFile;
use crate::note::Body;
use crate::state::{Finished, Order, Shared};
use crate::{connect, dataflow, watchdog};

/// How a process joins a cluster.
#[derive(Clone, Debug)]
pub struct ClusterOptions {
    /// Every process's address, process 0's first.
    pub hosts: HostFile,
    /// This process's index in `hosts`.
    pub process: usize,
    /// Threads searching on this process.
    pub threads: usize,
    /// How long to wait for the others to start, and how long a peer may be silent
    /// before the run ends.
    pub timeout: Duration,
}

/// This process's membership of a cluster (see the [crate](crate) documentation).
pub struct Cluster {
    link: Arc<Link>,
    /// The timely worker, joined on leaving (in a mutex so that threads can share the
    /// cluster: the guards are `Send`, not `Sync`).
    guards: Mutex<timely::communication::WorkerGuards<()>>,
}

/// The library's view of the cluster.
struct Link {
    shared: Arc<Shared>,
    threads: Vec<usize>,
    /// Whether `NPUZZLE_CLUSTER_LOG` asks for a line on stderr as each round ends, and
    /// when the current round began.
    log_rounds: bool,
    round_started: Mutex<Instant>,
}

impl Cluster {
    /// Connects to every process of `options.hosts` (each must run this with its own
    /// index, within `options.timeout` of the others), starts the timely worker and the
    /// watchdog, and learns how many threads each process searches with.
    ///
    /// # Errors
    /// An index outside the host file, an address that cannot be resolved or listened on,
    /// a process that does not answer in time (named), or one that is not this program.
    pub fn join(options: &ClusterOptions) -> Result<Cluster, ClusterError> {
        let addresses = options.hosts.addresses().to_vec();
        if options.process >= addresses.len() {
            return Err(ClusterError::NoSuchProcess {
                process: options.process,
                processes: addresses.len(),
            });
        }
        let sockets = connect::connect(&addresses, options.process, options.timeout)?;
        let (orders, received) = mpsc::channel();
        let shared = Arc::new(Shared::new(options.process, addresses, orders));
        watchdog::watch(&shared, options.timeout);
        let guards =
            dataflow::start(sockets, Arc::clone(&shared), received).map_err(ClusterError::Start)?;
        let mut link = Link {
            shared,
            threads: Vec::new(),
            log_rounds: std::env::var_os("NPUZZLE_CLUSTER_LOG").is_some_and(|v| v != "0"),
            round_started: Mutex::new(Instant::now()),
        };
        let threads = options.threads.max(1);
        link.threads = link
            .gather(threads.to_string())
            .iter()
            .map(|t| t.parse().unwrap_or(1))
            .collect();
        link.shared.slots.store(
            link.threads.iter().sum(),
            std::sync::atomic::Ordering::Relaxed,
        );
        Ok(Cluster {
            link: Arc::new(link),
            guards: Mutex::new(guards),
        })
    }

    /// The link to put in `npuzzle::SolveOptions::cluster`.
    pub fn link(&self) -> SharedLink {
        SharedLink(Arc::clone(&self.link) as Arc<dyn ClusterLink>)
    }

    /// This process's index.
    pub fn process(&self) -> usize {
        self.link.shared.process
    }

    /// The number of processes.
    pub fn processes(&self) -> usize {
        self.link.shared.processes()
    }

    /// Process 0 of a batch: the boards to hand out, in the order to hand them out
    /// (hardest first balances best), as (index, line); returns where the finished ones
    /// arrive, from every process, in the order they finish.
    pub fn offer(&self, jobs: Vec<(usize, String)>) -> Receiver<(usize, String, bool)> {
        let (sender, receiver) = mpsc::channel::<Finished>();
        let shared = &self.link.shared;
        let mut heard = shared.heard();
        heard.pending = jobs.into();
        heard.offered = true;
        heard.results = Some(sender);
        shared.dispatch(&mut heard);
        receiver
    }

    /// A batch's boards for one of this process's threads, from process 0, as
    /// (index, line) until none are left. Each thread iterates its own: one request for
    /// the board after the current one stays on its way, so a thread never waits a round
    /// trip between boards.
    pub fn jobs(&self) -> Jobs<'_> {
        Jobs {
            cluster: self,
            started: false,
        }
    }

    /// Sends a finished board of a batch to process 0.
    pub fn finished(&self, index: usize, record: String, bad: bool) {
        let shared = &self.link.shared;
        let round = shared.heard().round;
        shared.send(round, 0, Body::Result(index, record, bad));
    }

    /// Leaves the cluster once every process has: returns when all have called this.
    pub fn finish(self) {
        self.link.shared.order(Order::Finish);
        // A timely thread that panicked has been reported by the watchdog, which ends
        // the process.
        let guards = self
            .guards
            .into_inner()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let _ = guards.join();
    }
}

/// One thread's boards of a batch (see [`Cluster::jobs`]).
pub struct Jobs<'a> {
    cluster: &'a Cluster,
    started: bool,
}

impl Iterator for Jobs<'_> {
    type Item = (usize, String);

    fn next(&mut self) -> Option<(usize, String)> {
        let shared = &self.cluster.link.shared;
        // Process 0 answers every request, in order, with a board or "no more": after the
        // first "no more" only more of them come.
        let requests = if self.started { 1 } else { 2 };
        self.started = true;
        let round = shared.heard().round;
        for _ in 0..requests {
            shared.send(round, 0, Body::Ready);
        }
        shared.wait_until(|heard| heard.jobs.pop_front())
    }
}

impl ClusterLink for Link {
    fn process(&self) -> usize {
        self.shared.process
    }

    fn threads(&self) -> &[usize] {
        &self.threads
    }

    fn describe(&self, process: usize) -> String {
        self.shared.describe(process)
    }

    fn begin_round(&self, items: usize) {
        let shared = &self.shared;
        let mut heard = shared.heard();
        let round = heard.round;
        if shared.process == 0 {
            heard.items.insert(round, (0, items));
            let (now, later): (Vec<_>, Vec<_>) = std::mem::take(&mut heard.early_claims)
                .into_iter()
                .partition(|&(r, _, _, _)| r == round);
            heard.early_claims = later;
            for claim in now {
                shared.grant(&mut heard, claim);
            }
        }
    }

    fn claim(&self) -> Option<usize> {
        let shared = &self.shared;
        let threads = self.threads[shared.process];
        let asked = Instant::now();
        let item = shared.wait_until(|heard| {
            let item = heard.claims.take();
            if let Some(want) = heard.claims.request(threads) {
                shared.send(heard.round, 0, Body::Claim(want, threads));
            }
            match item {
                Some(item) => Some(Some(item)),
                None if heard.claims.done => Some(None),
                None => None,
            }
        });
        let tally = &shared.tally;
        tally.claims.fetch_add(1, Relaxed);
        tally
            .claim_wait_micros
            .fetch_add(asked.elapsed().as_micros() as u64, Relaxed);
        item
    }

    fn gather(&self, mine: String) -> Vec<String> {
        let shared = &self.shared;
        let round = {
            let mut heard = shared.heard();
            heard.round += 1;
            heard.claims.next_round();
            heard.round - 1
        };
        for to in 0..shared.processes() {
            shared.send(round, to, Body::Share(mine.clone()));
        }
        shared.order(Order::Advance(round + 1));
        let waiting = Instant::now();
        let all = shared.wait_until(|heard| {
            if heard.complete <= round {
                return None;
            }
            let round_shares = heard.shares.remove(&round)?;
            // Every process is past the round: nobody claims its items any more.
            heard.items.remove(&round);
            heard.cutoffs.remove(&round);
            heard.expanded.remove(&round);
            Some(
                round_shares
                    .into_iter()
                    .map(|s| s.expect("every process's share of a complete round"))
                    .collect(),
            )
        });
        if self.log_rounds {
            let (notes, bytes, claims, micros) = shared.tally.take();
            let started = std::mem::replace(
                &mut *self
                    .round_started
                    .lock()
                    .unwrap_or_else(PoisonError::into_inner),
                Instant::now(),
            );
            eprintln!(
                "cluster round {round}, process {}: {:.3} s, {notes} notes sent \
                 ({bytes} bytes of text), {claims} items claimed ({:.3} s waited), \
                 {:.3} s waiting for the others",
                shared.process,
                started.elapsed().as_secs_f64(),
                micros as f64 / 1e6,
                waiting.elapsed().as_secs_f64()
            );
        }
        all
    }

    fn announce_cutoff(&self, cutoff: usize) {
        let shared = &self.shared;
        let round = shared.heard().round;
        for to in (0..shared.processes()).filter(|&p| p != shared.process) {
            shared.send(round, to, Body::Cutoff(cutoff));
        }
    }

    fn cutoff_elsewhere(&self) -> usize {
        let heard = self.shared.heard();
        heard
            .cutoffs
            .get(&heard.round)
            .copied()
            .unwrap_or(usize::MAX)
    }

    fn expanded_elsewhere(&self, expanded: u64) -> u64 {
        self.shared.expanded_here.store(expanded, Relaxed);
        let heard = self.shared.heard();
        heard.expanded.get(&heard.round).map_or(0, |counts| {
            counts
                .iter()
                .enumerate()
                .filter(|&(p, _)| p != self.shared.process)
                .map(|(_, &c)| c)
                .sum()
        })
    }
}
