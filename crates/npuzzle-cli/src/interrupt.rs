//! Ctrl-C (SIGINT) and SIGTERM as a request to stop: the first sets a flag that long work
//! checks, so it can save what it finished before exiting; a second ends the process at
//! once, as the signal would have without a handler.
//!
//! The flag is the library's [`CancelToken`] ([`Interrupt::token`]): a command puts it in
//! its limits, and every search and table build stops on it as on any token, answering
//! what it has. The signals are watched once a process ([`Interrupt::watch`] hands every
//! caller the same watch): a second registration would see the first signal as the
//! second and end the process.

use std::io;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use npuzzle::util::cancel::CancelToken;

#[cfg(unix)]
use signal_hook::consts::{SIGINT, SIGTERM};

/// The process's watch, once one is started.
static WATCHING: Mutex<Option<Interrupt>> = Mutex::new(None);

/// The token the first SIGINT or SIGTERM sets, the signals watched from now on: what a
/// command that runs long work puts in its limits, so that Ctrl-C answers what the work
/// has instead of killing it.
///
/// # Errors
/// When the signal handlers cannot be installed.
pub fn stop_token() -> io::Result<CancelToken> {
    Interrupt::watch().map(|interrupt| interrupt.token())
}

/// Whether a stop was asked for, and by which signal.
#[derive(Clone, Debug)]
pub struct Interrupt {
    stop: Arc<AtomicBool>,
    signal: Arc<AtomicUsize>,
}

impl Interrupt {
    /// Watches SIGINT and SIGTERM from now on, for the rest of the process; every call
    /// answers the one watch the first call started.
    pub fn watch() -> io::Result<Interrupt> {
        let mut watching = WATCHING
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if let Some(interrupt) = watching.as_ref() {
            return Ok(interrupt.clone());
        }
        let interrupt = Interrupt::never();
        #[cfg(unix)]
        for signal in [SIGINT, SIGTERM] {
            // Registered first, so it sees the flag as the earlier signal left it.
            signal_hook::flag::register_conditional_shutdown(
                signal,
                128 + signal,
                Arc::clone(&interrupt.stop),
            )?;
            // The signal's number before the flag: whoever sees the flag reads its cause.
            signal_hook::flag::register_usize(
                signal,
                Arc::clone(&interrupt.signal),
                signal as usize,
            )?;
            signal_hook::flag::register(signal, Arc::clone(&interrupt.stop))?;
        }
        *watching = Some(interrupt.clone());
        Ok(interrupt)
    }

    /// The stop asked for in this process, if its signals are watched and one came.
    pub fn requested_in_process() -> Option<Stop> {
        let watching = WATCHING
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        watching.as_ref().and_then(Interrupt::requested)
    }

    /// The library's token, set by the first signal: limits holding it stop their work.
    pub fn token(&self) -> CancelToken {
        CancelToken::sharing(Arc::clone(&self.stop))
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
