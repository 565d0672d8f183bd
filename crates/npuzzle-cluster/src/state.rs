//! What one process has heard from the others, and what it has asked the timely worker
//! to send: shared by the searching threads, the timely worker and the watchdog.

use std::collections::{HashMap, VecDeque};
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering::Relaxed};
use std::sync::mpsc::Sender;
use std::sync::{Condvar, Mutex, MutexGuard};
use std::time::Instant;

use crate::claims::Claims;
use crate::note::{Body, Note};

/// An order to the timely worker.
pub(crate) enum Order {
    /// Send this note.
    Send(Note),
    /// This process's part of rounds before this one is done.
    Advance(u64),
    /// Tell everyone this process is done, and close the input.
    Finish,
}

/// A finished batch board as process 0 gets it: index, record, whether the line was bad.
pub(crate) type Finished = (usize, String, bool);

/// A request for items: (round, from, items wanted, the asker's threads).
pub(crate) type Claim = (u64, usize, usize, usize);

/// The state behind the lock.
pub(crate) struct Heard {
    /// This process's current round.
    pub round: u64,
    /// Rounds below this one are complete everywhere (timely's frontier at the probe).
    pub complete: u64,
    /// Each round's shares, by process.
    pub shares: HashMap<u64, Vec<Option<String>>>,
    /// Each round's lowest cutoff announced by another process.
    pub cutoffs: HashMap<u64, usize>,
    /// Each round's latest expansion counts, by process.
    pub expanded: HashMap<u64, Vec<u64>>,
    /// When each process was last heard from.
    pub last_word: Vec<Instant>,
    /// Processes that said they are done.
    pub finished: Vec<bool>,
    /// Why the cluster cannot go on, if it cannot.
    pub failure: Option<String>,
    /// Process 0: each round's next item to hand out and its item count.
    pub items: HashMap<u64, (usize, usize)>,
    /// Process 0: requests for items of rounds it has not begun.
    pub early_claims: Vec<Claim>,
    /// This process's items of the current round.
    pub claims: Claims,
    /// Process 0: the boards not yet handed out, and whether the list is in yet.
    pub pending: VecDeque<(usize, String)>,
    pub offered: bool,
    /// Process 0: processes that asked for a board, one entry a request.
    pub requests: VecDeque<usize>,
    /// Boards handed to this process (`None`: no more).
    pub jobs: VecDeque<Option<(usize, String)>>,
    /// Process 0: where finished boards go.
    pub results: Option<Sender<Finished>>,
}

/// Everything a process shares among its threads.
pub(crate) struct Shared {
    /// This process's index.
    pub process: usize,
    /// The addresses, process 0's first.
    pub addresses: Vec<String>,
    heard: Mutex<Heard>,
    changed: Condvar,
    /// Orders to the timely worker, and its thread, woken for each (it parks between
    /// steps).
    orders: Mutex<Sender<Order>>,
    pub worker: std::sync::OnceLock<std::thread::Thread>,
    /// This process's expansions in the current round (sent by the worker now and then).
    pub expanded_here: AtomicU64,
    /// The threads searching on every process together (set on joining).
    pub slots: AtomicUsize,
    /// What this process's current round has cost, for `NPUZZLE_CLUSTER_LOG`.
    pub tally: Tally,
}

/// Counts of one round on one process: what `NPUZZLE_CLUSTER_LOG=1` prints as each round
/// ends (docs/CLUSTER.md measures the message volume with it).
#[derive(Default)]
pub(crate) struct Tally {
    /// Notes sent, and the bytes of text they carried (shares, boards, results).
    pub notes: AtomicU64,
    pub text_bytes: AtomicU64,
    /// Requests for items, and the time threads waited for them.
    pub claims: AtomicU64,
    pub claim_wait_micros: AtomicU64,
}

impl Tally {
    /// Adds one note carrying `text` bytes of text.
    pub(crate) fn note(&self, text: usize) {
        self.notes.fetch_add(1, Relaxed);
        self.text_bytes.fetch_add(text as u64, Relaxed);
    }

    /// The counts so far, zeroed: (notes, text bytes, claims, microseconds waited).
    pub(crate) fn take(&self) -> (u64, u64, u64, u64) {
        (
            self.notes.swap(0, Relaxed),
            self.text_bytes.swap(0, Relaxed),
            self.claims.swap(0, Relaxed),
            self.claim_wait_micros.swap(0, Relaxed),
        )
    }
}

impl Shared {
    pub(crate) fn new(process: usize, addresses: Vec<String>, orders: Sender<Order>) -> Shared {
        let n = addresses.len();
        Shared {
            process,
            addresses,
            heard: Mutex::new(Heard {
                round: 0,
                complete: 0,
                shares: HashMap::new(),
                cutoffs: HashMap::new(),
                expanded: HashMap::new(),
                last_word: vec![Instant::now(); n],
                finished: vec![false; n],
                failure: None,
                items: HashMap::new(),
                early_claims: Vec::new(),
                claims: Claims::new(),
                pending: VecDeque::new(),
                offered: false,
                requests: VecDeque::new(),
                jobs: VecDeque::new(),
                results: None,
            }),
            changed: Condvar::new(),
            orders: Mutex::new(orders),
            worker: std::sync::OnceLock::new(),
            expanded_here: AtomicU64::new(0),
            slots: AtomicUsize::new(1),
            tally: Tally::default(),
        }
    }

    /// The number of processes.
    pub(crate) fn processes(&self) -> usize {
        self.addresses.len()
    }

    /// A process as messages name it.
    pub(crate) fn describe(&self, process: usize) -> String {
        format!("process {process} ({})", self.addresses[process])
    }

    /// The state, locked.
    pub(crate) fn heard(&self) -> MutexGuard<'_, Heard> {
        // A thread that panicked holding it was a timely thread, whose failure the
        // watchdog reports; the state itself stays usable.
        self.heard
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Waits until `done` says so of the state (checked again on every change).
    pub(crate) fn wait_until<T>(&self, mut done: impl FnMut(&mut Heard) -> Option<T>) -> T {
        let mut heard = self.heard();
        loop {
            if let Some(value) = done(&mut heard) {
                return value;
            }
            heard = self
                .changed
                .wait(heard)
                .unwrap_or_else(std::sync::PoisonError::into_inner);
        }
    }

    /// Wakes the threads waiting for a change.
    pub(crate) fn notify(&self) {
        self.changed.notify_all();
    }

    /// Gives the timely worker an order (dropped once the worker has stopped, when the
    /// watchdog is about to end the process anyway).
    pub(crate) fn order(&self, order: Order) {
        let _ = self
            .orders
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .send(order);
        if let Some(worker) = self.worker.get() {
            worker.unpark();
        }
    }

    /// Sends `body` to process `to` in round `round`.
    pub(crate) fn send(&self, round: u64, to: usize, body: Body) {
        self.tally.note(match &body {
            Body::Share(text) | Body::Job(_, text) | Body::Result(_, text, _) => text.len(),
            _ => 0,
        });
        self.order(Order::Send(Note {
            round,
            from: self.process,
            to,
            body,
        }));
    }

    /// Records a note that arrived (on the timely worker's thread); notes that need an
    /// answer get one through `send`.
    pub(crate) fn receive(&self, note: Note) {
        let n = self.processes();
        let mut heard = self.heard();
        heard.last_word[note.from] = Instant::now();
        match note.body {
            Body::Share(text) => {
                heard
                    .shares
                    .entry(note.round)
                    .or_insert_with(|| vec![None; n])[note.from] = Some(text);
            }
            Body::Cutoff(cutoff) => {
                let c = heard.cutoffs.entry(note.round).or_insert(usize::MAX);
                *c = (*c).min(cutoff);
            }
            Body::Progress(count) => {
                heard
                    .expanded
                    .entry(note.round)
                    .or_insert_with(|| vec![0; n])[note.from] = count;
            }
            Body::Claim(want, threads) => {
                let claim = (note.round, note.from, want, threads);
                if heard.items.contains_key(&note.round) {
                    self.grant(&mut heard, claim);
                } else {
                    heard.early_claims.push(claim);
                }
            }
            Body::Grant(start, end) => {
                if note.round == heard.round {
                    heard.claims.granted(start, end);
                }
            }
            Body::Heartbeat => {}
            Body::Finished => heard.finished[note.from] = true,
            Body::Ready => {
                heard.requests.push_back(note.from);
                self.dispatch(&mut heard);
            }
            Body::Job(index, line) => heard.jobs.push_back(Some((index, line))),
            Body::NoMore => heard.jobs.push_back(None),
            Body::Result(index, record, bad) => {
                if let Some(results) = &heard.results {
                    let _ = results.send((index, record, bad));
                }
            }
        }
        drop(heard);
        self.notify();
    }

    /// Process 0: answers `claim` (round, from, items wanted, its threads) with the next
    /// items of the round: as many as wanted, at most a share of what is left in
    /// proportion to the asker's threads (half of it: guided self-scheduling), at least
    /// one.
    pub(crate) fn grant(&self, heard: &mut Heard, claim: Claim) {
        let (round, to, want, threads) = claim;
        let slots = self.slots.load(Relaxed).max(1);
        let Some((next, items)) = heard.items.get_mut(&round) else {
            return;
        };
        let left = *items - *next;
        let share = (left * threads / (2 * slots)).max(1);
        let chunk = want.min(share).min(left);
        let start = *next;
        *next += chunk;
        self.send(round, to, Body::Grant(start, start + chunk));
    }

    /// Process 0: answers the requests for boards it can answer.
    pub(crate) fn dispatch(&self, heard: &mut Heard) {
        if !heard.offered {
            return;
        }
        while let Some(to) = heard.requests.pop_front() {
            let body = match heard.pending.pop_front() {
                Some((index, line)) => Body::Job(index, line),
                None => Body::NoMore,
            };
            self.send(heard.round, to, body);
        }
    }
}
