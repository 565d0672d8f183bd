//! The timely worker of a process: one input of notes, exchanged to the process each is
//! for, recorded there, and a probe that tells which rounds are complete everywhere.
//! Each round is an epoch: a process's share of round `k` is sent at time `k`, and once
//! timely's frontier passes `k` every note of round `k` has arrived.

use std::sync::atomic::Ordering::Relaxed;
use std::sync::mpsc::Receiver;
use std::sync::Arc;
use std::time::{Duration, Instant};

use timely::communication::allocator::zero_copy::initialize::initialize_networking_from_sockets;
use timely::communication::allocator::{AllocatorBuilder, ProcessBuilder};
use timely::communication::Hooks;
use timely::dataflow::operators::vec::Input;
use timely::dataflow::operators::{Exchange, Inspect, Probe};
use timely::WorkerConfig;

use crate::note::{Body, Note};
use crate::state::{Order, Shared};

/// How often a process says it is alive.
pub(crate) const HEARTBEAT: Duration = Duration::from_secs(1);

/// How often a process's expansion count in a round is sent to the others.
const PROGRESS_EVERY: Duration = Duration::from_millis(100);

/// Starts the timely worker over `sockets` (see `crate::connect`); it runs until every
/// process has finished. Returns the guard to join.
pub(crate) fn start(
    sockets: Vec<Option<std::net::TcpStream>>,
    shared: Arc<Shared>,
    orders: Receiver<Order>,
) -> Result<timely::communication::WorkerGuards<()>, String> {
    let me = shared.process;
    let hooks = Hooks::default();
    let process_allocators =
        ProcessBuilder::new_typed_vector(1, hooks.refill.clone(), hooks.spill.clone());
    let (builders, guard) =
        initialize_networking_from_sockets(process_allocators, sockets, me, 1, hooks)
            .map_err(|e| e.to_string())?;
    let builders = builders.into_iter().map(AllocatorBuilder::Tcp).collect();
    let orders = std::sync::Mutex::new(Some(orders));
    timely::execute::execute_from(builders, Box::new(guard), WorkerConfig::default(), move |worker| {
        let orders = orders
            .lock()
            .expect("taken once")
            .take()
            .expect("one worker a process");
        run(worker, &shared, &orders);
    })
}

/// The worker's loop: send what the process orders, step the dataflow, record the
/// frontier; then close the input and let the dataflow drain.
fn run(
    worker: &mut timely::worker::Worker,
    shared: &Arc<Shared>,
    orders: &Receiver<Order>,
) {
    let sink = Arc::clone(shared);
    let (mut input, probe) = worker.dataflow::<u64, _, _>(|scope| {
        let (input, stream) = scope.new_input::<Note>();
        let (probe, _) = stream
            .exchange(|note: &Note| note.to as u64)
            .inspect(move |note: &Note| sink.receive(note.clone()))
            .probe();
        (input, probe)
    });
    let others: Vec<usize> = (0..shared.processes()).filter(|&p| p != shared.process).collect();
    let mut last_beat = Instant::now() - HEARTBEAT;
    let mut last_progress = (Instant::now(), 0u64);
    loop {
        let mut finish = false;
        while let Ok(order) = orders.try_recv() {
            match order {
                Order::Send(note) => input.send(note),
                Order::Advance(round) => {
                    if round > *input.time() {
                        input.advance_to(round);
                    }
                    shared.expanded_here.store(0, Relaxed);
                    last_progress = (Instant::now(), 0);
                }
                Order::Finish => finish = true,
            }
        }
        let round = *input.time();
        if finish {
            for &p in &others {
                input.send(Note { round, from: shared.process, to: p, body: Body::Finished });
            }
            break;
        }
        if last_beat.elapsed() >= HEARTBEAT {
            last_beat = Instant::now();
            for &p in &others {
                input.send(Note { round, from: shared.process, to: p, body: Body::Heartbeat });
            }
        }
        let expanded = shared.expanded_here.load(Relaxed);
        if expanded != last_progress.1 && last_progress.0.elapsed() >= PROGRESS_EVERY {
            last_progress = (Instant::now(), expanded);
            for &p in &others {
                input.send(Note { round, from: shared.process, to: p, body: Body::Progress(expanded) });
            }
        }
        input.flush();
        worker.step_or_park(Some(Duration::from_millis(2)));
        let complete = probe.with_frontier(|f| f.first().copied().unwrap_or(u64::MAX));
        let mut heard = shared.heard();
        if complete > heard.complete {
            heard.complete = complete;
            drop(heard);
            shared.notify();
        }
    }
    drop(input);
    // The dataflow ends when every process has closed its input; heartbeats stop here,
    // so the others stop expecting them once they have this one's `Finished`.
    while worker.step_or_park(Some(Duration::from_millis(50))) {}
}
