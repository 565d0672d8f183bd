//! Ctrl-C (SIGINT) and SIGTERM as a request to stop: the first sets a flag that long work
//! checks, so it can save what it finished before exiting; a second ends the process at
//! once, as the signal would have without a handler.

use std::io;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;

#[cfg(unix)]
use signal_hook::consts::{SIGINT, SIGTERM};

/// Whether a stop was asked for, and by which signal.
#[derive(Clone, Debug)]
pub struct Interrupt {
    stop: Arc<AtomicBool>,
    signal: Arc<AtomicUsize>,
}

impl Interrupt {
    /// Watches SIGINT and SIGTERM from now on, for the rest of the process.
    pub fn watch() -> io::Result<Interrupt> {
        let interrupt = Interrupt::never();
        #[cfg(unix)]
        for signal in [SIGINT, SIGTERM] {
            // Registered first, so it sees the flag as the earlier signal left it.
            signal_hook::flag::register_conditional_shutdown(
                signal,
                128 + signal,
                Arc::clone(&interrupt.stop),
            )?;
            signal_hook::flag::register(signal, Arc::clone(&interrupt.stop))?;
            signal_hook::flag::register_usize(
                signal,
                Arc::clone(&interrupt.signal),
                signal as usize,
            )?;
        }
        Ok(interrupt)
    }

    /// An interrupt that watches nothing and is never requested (for tests).
    pub fn never() -> Interrupt {
        Interrupt {
            stop: Arc::default(),
            signal: Arc::default(),
        }
    }

    /// The signal that asked to stop, if one has.
    pub fn requested(&self) -> Option<Stop> {
        if !self.stop.load(Ordering::SeqCst) {
            return None;
        }
        Some(Stop(self.signal.load(Ordering::SeqCst) as i32))
    }
}

/// A stop asked for by a signal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stop(i32);

impl Stop {
    /// The signal's name: `SIGINT` (Ctrl-C) or `SIGTERM`.
    pub fn name(self) -> &'static str {
        #[cfg(unix)]
        if self.0 == SIGTERM {
            return "SIGTERM";
        }
        "SIGINT (Ctrl-C)"
    }

    /// The exit code a shell gives a process the signal ended: 128 plus its number.
    pub fn exit_code(self) -> u8 {
        u8::try_from(128 + self.0).unwrap_or(130)
    }
}
