//! Work that Ctrl-C stops: run on a thread of its own with the GIL released, while the
//! calling thread waits in slices and, between them, takes the GIL only to let Python
//! look for signals.
//!
//! Python runs its signal handlers (the one that raises `KeyboardInterrupt` on SIGINT)
//! on the main thread, between bytecodes, and only with the GIL held: a search that runs
//! on the calling thread with the GIL released runs to its own end whatever the user
//! presses, and a notebook's kernel has to be killed. Waiting in slices of at most
//! [`SLICE`] on another thread's work lets the handler run within a slice; the work is
//! then told to stop through its [`CancelToken`] (every search and table build of the
//! library reads it every few milliseconds) and joined, so nothing is left running when
//! `KeyboardInterrupt` reaches the caller.
//!
//! The same slices carry a solve's progress to Python ([`interruptible_ticking`],
//! [`crate::progress`]): the callback runs here, on the calling thread with the GIL, and
//! an exception it raises stops the work as Ctrl-C does.

use std::sync::{Condvar, Mutex, PoisonError};
use std::time::Duration;

use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;

use npuzzle::util::cancel::CancelToken;

/// The longest the calling thread waits before it lets Python look for signals: short
/// against the half second in which Ctrl-C must stop a search, long against the few
/// microseconds a look costs.
pub(crate) const SLICE: Duration = Duration::from_millis(20);

/// The stack of the thread the work runs on: the 8 MiB a Python thread has on Linux,
/// where the work ran before, twice over (the puzzle-specific IDA* recurses once a move).
pub(crate) const WORK_STACK: usize = 16 << 20;

/// Runs `work` (which must read `cancel`, typically through the limits it is given) on
/// a thread of its own, with the GIL released. When a signal handler raises while it
/// runs (`KeyboardInterrupt` on Ctrl-C), `cancel` is set, the work joined, and that
/// exception returned.
///
/// # Errors
/// The exception a signal handler raised, or a `RuntimeError` when no thread could be
/// started.
pub fn interruptible<T: Send>(
    py: Python<'_>,
    cancel: &CancelToken,
    work: impl FnOnce() -> T + Send,
) -> PyResult<T> {
    interruptible_ticking(py, cancel, |_| Ok(()), work)
}

/// [`interruptible`], calling `tick` with the GIL held after each slice (to pass the
/// work's progress on to Python): when `tick` raises, the work is stopped as on Ctrl-C
/// and the exception returned.
///
/// # Errors
/// As [`interruptible`], and what `tick` raised.
pub fn interruptible_ticking<T: Send>(
    py: Python<'_>,
    cancel: &CancelToken,
    mut tick: impl FnMut(Python<'_>) -> PyResult<()>,
    work: impl FnOnce() -> T + Send,
) -> PyResult<T> {
    let finished = Finished::default();
    std::thread::scope(|scope| {
        let worker = std::thread::Builder::new()
            .name("npuzzle".to_string())
            .stack_size(WORK_STACK)
            .spawn_scoped(scope, || {
                // Told on the way out, whether the work returns or panics.
                let _tell = Telling(&finished);
                work()
            })
            .map_err(|e| PyRuntimeError::new_err(format!("could not start a thread: {e}")))?;
        while !py.detach(|| finished.wait(SLICE)) {
            if let Err(raised) = py.check_signals().and_then(|()| tick(py)) {
                cancel.cancel();
                // Joined before returning: nothing is left running, and a panic in the
                // meantime is no longer news.
                let _ = py.detach(|| worker.join());
                return Err(raised);
            }
        }
        match py.detach(|| worker.join()) {
            Ok(out) => Ok(out),
            Err(panic) => std::panic::resume_unwind(panic),
        }
    })
}

/// Whether the work is over, for the waiting thread to be woken by.
#[derive(Default)]
struct Finished {
    over: Mutex<bool>,
    changed: Condvar,
}

impl Finished {
    /// Waits up to `slice` for the work to end; whether it has.
    fn wait(&self, slice: Duration) -> bool {
        let over = self.over.lock().unwrap_or_else(PoisonError::into_inner);
        let (over, _) = self
            .changed
            .wait_timeout_while(over, slice, |over| !*over)
            .unwrap_or_else(PoisonError::into_inner);
        *over
    }
}

/// Marks the work over when dropped, by a return or a panic.
struct Telling<'a>(&'a Finished);

impl Drop for Telling<'_> {
    fn drop(&mut self) {
        *self.0.over.lock().unwrap_or_else(PoisonError::into_inner) = true;
        self.0.changed.notify_all();
    }
}
