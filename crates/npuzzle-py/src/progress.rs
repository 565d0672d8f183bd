//! A Python callable told how a long solve is going: `solve(..., progress=callback)`.
//!
//! The library reports to a [`Progress`] from the thread the search runs on, where the
//! GIL is not held; here each report is only kept. The calling thread, which wakes every
//! few milliseconds anyway to let Python look for Ctrl-C ([`crate::interruptible`]),
//! takes the latest report to the callback with the GIL held, at most once every
//! [`EVERY`] and only when something new came. An exception the callback raises stops
//! the search (through its cancel token) and reaches the caller.

use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use pyo3::prelude::*;
use pyo3::types::PyDict;

use npuzzle::util::progress::{Progress, SharedProgress};

use crate::values::type_name;

/// The shortest time between two calls of the callback.
pub const EVERY: Duration = Duration::from_millis(200);

/// The latest report: what the work says it is doing, and how far it is.
#[derive(Default)]
struct Latest {
    what: String,
    done: u64,
    total: u64,
    /// Nodes expanded and the bound, where a search said.
    expanded: Option<u64>,
    bound: Option<u32>,
    /// Reports so far, to tell a new one from the one already passed on.
    reports: u64,
}

/// The reports the library makes, kept for the calling thread.
#[derive(Default)]
struct Kept(Mutex<Latest>);

impl Kept {
    fn update(&self, change: impl FnOnce(&mut Latest)) {
        let mut latest = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        change(&mut latest);
        latest.reports += 1;
    }
}

impl Progress for Kept {
    fn start(&self, what: &str, total: u64) {
        self.update(|latest| {
            latest.what = what.to_string();
            latest.done = 0;
            latest.total = total;
            latest.expanded = None;
            latest.bound = None;
        });
    }

    fn advance(&self, units: u64) {
        self.update(|latest| latest.done = latest.done.saturating_add(units));
    }

    fn finish(&self) {}

    fn searched(&self, expanded: u64, bound: Option<u32>) {
        self.update(|latest| {
            latest.expanded = Some(expanded);
            latest.bound = bound;
        });
    }
}

/// A Python callable and the reports it has not yet been told.
pub struct Callback {
    callable: Py<PyAny>,
    kept: Arc<Kept>,
    began: Instant,
    told: Option<(Instant, u64)>,
}

impl Callback {
    /// The `progress` argument: `None`, or a callable.
    ///
    /// # Errors
    /// A `TypeError` when `value` cannot be called.
    pub fn read(value: &Bound<'_, PyAny>) -> PyResult<Option<Callback>> {
        if value.is_none() {
            return Ok(None);
        }
        if !value.is_callable() {
            return Err(pyo3::exceptions::PyTypeError::new_err(format!(
                "progress must be a callable taking a dict, or None, not {}",
                type_name(value)
            )));
        }
        Ok(Some(Callback {
            callable: value.clone().unbind(),
            kept: Arc::default(),
            began: Instant::now(),
            told: None,
        }))
    }

    /// Where the library reports, for the solve's options.
    pub fn receiver(&self) -> SharedProgress {
        SharedProgress(self.kept.clone())
    }

    /// Calls the callable with the latest report, as `{"message": ..., "done": ...,
    /// "total": ..., "nodes": ..., "bound": ..., "seconds": ...}` (`total` 0 when the
    /// work's length is unknown; `nodes` expanded and the iteration's `bound` where the
    /// search said, else None; `seconds` since the solve began), when a new report came
    /// and [`EVERY`] has passed since the last call.
    ///
    /// # Errors
    /// What the callable raised.
    pub fn tick(&mut self, py: Python<'_>) -> PyResult<()> {
        let now = Instant::now();
        if self
            .told
            .is_some_and(|(at, _)| now.duration_since(at) < EVERY)
        {
            return Ok(());
        }
        let (what, done, total, expanded, bound, reports) = {
            let latest = self.kept.0.lock().unwrap_or_else(PoisonError::into_inner);
            (
                latest.what.clone(),
                latest.done,
                latest.total,
                latest.expanded,
                latest.bound,
                latest.reports,
            )
        };
        if reports == self.told.map_or(0, |(_, reports)| reports) {
            return Ok(());
        }
        self.told = Some((now, reports));
        let report = PyDict::new(py);
        report.set_item("message", what)?;
        report.set_item("done", done)?;
        report.set_item("total", total)?;
        report.set_item("nodes", expanded)?;
        report.set_item("bound", bound)?;
        report.set_item("seconds", now.duration_since(self.began).as_secs_f64())?;
        self.callable.bind(py).call1((report,))?;
        Ok(())
    }
}
