//! The timely worker of a process: one input of notes, exchanged to the process each is
//! for, recorded there, and a probe that tells which rounds are complete everywhere.
//!
//! Each round is an epoch: a timestamp is a round in its high bits and a tick in its
//! low [`TICK_BITS`] (see [`time_of`]). A process's share of round `k` is sent in round
//! `k`, and once timely's frontier passes round `k` every note of round `k` has arrived.
//! Notes sent within a round (cutoffs, progress, heartbeats, a batch's boards) advance
//! the tick: timely passes a batch of data on when its input moves to a later time, so
//! that is what sends them at once.

use std::sync::atomic::Ordering::Relaxed;
use std::sync::mpsc::Receiver;
use std::sync::Arc;
use std::time::{Duration, Instant};

use timely::communication::allocator::zero_copy::initialize::initialize_networking_from_sockets;
use timely::communication::allocator::{AllocatorBuilder, ProcessBuilder};
use timely::communication::Hooks;
use timely::dataflow::operators::vec::Input;
use timely::dataflow::operators::{Exchange, Inspect, Probe};
use timely::dataflow::InputHandleVec;
use timely::WorkerConfig;

use crate::note::{Body, Note};
use crate::state::{Order, Shared};

/// The low bits of a timestamp that count ticks within a round.
pub(crate) const TICK_BITS: u32 = 40;

/// The first timestamp of round `round`.
pub(crate) fn time_of(round: u64) -> u64 {
    round << TICK_BITS
}

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
    timely::execute::execute_from(
        builders,
        Box::new(guard),
        WorkerConfig::default(),
        move |worker| {
            let orders = orders
                .lock()
                .expect("taken once")
                .take()
                .expect("one worker a process");
            run(worker, &shared, &orders);
        },
    )
}

/// The worker's loop: send what the process orders, step the dataflow, record the
/// frontier; then close the input and let the dataflow drain.
fn run(worker: &mut timely::worker::Worker, shared: &Arc<Shared>, orders: &Receiver<Order>) {
    shared.worker.get_or_init(std::thread::current);
    let sink = Arc::clone(shared);
    let (mut input, probe) = worker.dataflow::<u64, _, _>(|scope| {
        let (input, stream) = scope.new_input::<Note>();
        let (probe, _) = stream
            .exchange(|note: &Note| note.to as u64)
            .inspect(move |note: &Note| sink.receive(note.clone()))
            .probe();
        (input, probe)
    });
    // The first heartbeat goes out at once.
    let mut last_beat: Option<Instant> = None;
    let mut last_progress = (Instant::now(), 0u64);
    // Whether this process is done; it still answers (a batch's last requests for
    // boards) until every other process has said it is done too.
    let mut finished = false;
    loop {
        let mut finish = false;
        let mut sent = false;
        while let Ok(order) = orders.try_recv() {
            match order {
                Order::Send(note) => {
                    input.send(note);
                    sent = true;
                }
                Order::Advance(round) => {
                    if time_of(round) > *input.time() {
                        input.advance_to(time_of(round));
                        sent = false;
                    }
                    shared.expanded_here.store(0, Relaxed);
                    last_progress = (Instant::now(), 0);
                }
                Order::Finish => finish = true,
            }
        }
        let round = *input.time() >> TICK_BITS;
        if finish && !finished {
            finished = true;
            tell_others(&mut input, shared, round, &Body::Finished);
            sent = true;
        }
        if finished && everyone_finished(shared) {
            // Pass the last notes on before closing.
            let now = *input.time();
            input.advance_to(now + 1);
            break;
        }
        if last_beat.is_none_or(|t| t.elapsed() >= HEARTBEAT) {
            last_beat = Some(Instant::now());
            tell_others(&mut input, shared, round, &Body::Heartbeat);
            sent = true;
        }
        let expanded = shared.expanded_here.load(Relaxed);
        if expanded != last_progress.1 && last_progress.0.elapsed() >= PROGRESS_EVERY {
            last_progress = (Instant::now(), expanded);
            tell_others(&mut input, shared, round, &Body::Progress(expanded));
            sent = true;
        }
        let now = *input.time();
        if sent && (now + 1) >> TICK_BITS == now >> TICK_BITS {
            input.advance_to(now + 1);
        }
        worker.step_or_park(Some(Duration::from_millis(2)));
        let complete = probe.with_frontier(|f| f.first().map_or(u64::MAX, |t| t >> TICK_BITS));
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

/// Sends `body` to every other process in round `round`.
fn tell_others(input: &mut InputHandleVec<u64, Note>, shared: &Shared, round: u64, body: &Body) {
    for to in (0..shared.processes()).filter(|&p| p != shared.process) {
        input.send(Note {
            round,
            from: shared.process,
            to,
            body: body.clone(),
        });
        shared.tally.note(0);
    }
}

/// Whether every other process has said it is done.
fn everyone_finished(shared: &Shared) -> bool {
    let heard = shared.heard();
    (0..shared.processes()).all(|p| p == shared.process || heard.finished[p])
}
