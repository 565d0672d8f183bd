//! `optimal_solutions`: every optimal solution of a board, streamed to Python as the
//! library lists them (`npuzzle solve --all-optimal`), on a thread of its own; the
//! iterator takes each as it comes, and dropping it stops the listing.

use std::path::PathBuf;
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::Mutex;
use std::thread::JoinHandle;

use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;

use npuzzle::answer::options::SOLVE_LIMITS;
use npuzzle::answer::solution_list::{ListEnd, SolutionSink};
use npuzzle::util::cancel::CancelToken;
use npuzzle::{moves_to_string, Metric, MoveOrder, Size, SolveError, Status};

use npuzzle::SolveRequest;

use crate::arguments::{self, OptionsBuilder};
use crate::board::{self, start_and_goal, BoardArgument};
use crate::errors::{bad_input, refused, SearchLimit};
use crate::interruptible::{SLICE, WORK_STACK};
use crate::values;

/// Solutions waiting to be taken before the listing waits for the reader.
const WAITING: usize = 1024;

/// What the listing thread sends.
enum Sent {
    /// A solution, as `u d l r`.
    Solution(String),
    /// The end: every solution asked for was sent, or why not.
    End(Result<Option<String>, SolveError>),
}

/// An iterator of solutions (move strings) listed as they are found.
#[pyclass(name = "SolutionStream", module = "npuzzle")]
pub struct PySolutionStream {
    /// Behind a lock only so that the pyclass is shared safely; one reader takes it.
    receiver: Option<Mutex<Receiver<Sent>>>,
    cancel: CancelToken,
    worker: Option<JoinHandle<()>>,
}

impl PySolutionStream {
    /// Stops the listing and waits for its thread.
    fn stop(&mut self, py: Python<'_>) {
        self.cancel.cancel();
        self.receiver = None;
        if let Some(worker) = self.worker.take() {
            let _ = py.detach(|| worker.join());
        }
    }
}

#[pymethods]
impl PySolutionStream {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&mut self, py: Python<'_>) -> PyResult<Option<String>> {
        loop {
            let Some(receiver) = &self.receiver else {
                return Ok(None);
            };
            let sent = py.detach(|| {
                receiver
                    .lock()
                    .map_err(|_| RecvTimeoutError::Disconnected)
                    .and_then(|receiver| receiver.recv_timeout(SLICE))
            });
            match sent {
                Ok(Sent::Solution(moves)) => return Ok(Some(moves)),
                Ok(Sent::End(end)) => {
                    self.stop(py);
                    return match end {
                        Ok(None) => Ok(None),
                        Ok(Some(why)) => Err(SearchLimit::new_err(why)),
                        Err(error) => Err(refused(error)),
                    };
                }
                Err(RecvTimeoutError::Timeout) => {
                    if let Err(raised) = py.check_signals() {
                        self.stop(py);
                        return Err(raised);
                    }
                }
                Err(RecvTimeoutError::Disconnected) => {
                    self.stop(py);
                    return Err(PyRuntimeError::new_err("the listing ended without a word"));
                }
            }
        }
    }

    /// Stops the listing: the iterator ends.
    fn close(&mut self, py: Python<'_>) {
        self.stop(py);
    }
}

impl Drop for PySolutionStream {
    fn drop(&mut self) {
        // The thread stops at its next check of the token; it is not waited for here.
        self.cancel.cancel();
    }
}

/// Every optimal solution of `board` towards `goal`, as move strings (`u d l r`),
/// streamed: an iterator that yields each as the library lists it, the canonical one
/// first, then the others in the move `order` (as `npuzzle solve --all-optimal`), in
/// `metric`; `within=K` goes on to those of up to K moves over the optimum that pass no
/// board twice, shorter first; at most `limit` (default 5000). The search runs on a
/// thread of its own while the iterator is read; closing or dropping the iterator (or
/// Ctrl-C while it waits) stops it. A limit (`max_seconds`, `max_memory`) that stops the
/// search or the listing raises `SearchLimit` once the solutions found are read; options
/// the solver refuses raise `ValueError` at once.
#[pyfunction]
#[pyo3(signature = (
    board, goal=None, *, size=None, metric=Metric::SingleTile, order=None, within=None,
    limit=None, max_seconds=None, max_memory=None, cache_dir=None,
))]
#[expect(clippy::too_many_arguments, reason = "Python keyword arguments")]
pub fn optimal_solutions(
    #[pyo3(from_py_with = board::board)] board: BoardArgument,
    #[pyo3(from_py_with = board::goal)] goal: Option<BoardArgument>,
    #[pyo3(from_py_with = board::size)] size: Option<Size>,
    #[pyo3(from_py_with = values::metric)] metric: Metric,
    #[pyo3(from_py_with = values::order)] order: Option<MoveOrder>,
    #[pyo3(from_py_with = values::within)] within: Option<u64>,
    #[pyo3(from_py_with = values::limit)] limit: Option<u64>,
    #[pyo3(from_py_with = values::max_seconds)] max_seconds: Option<f64>,
    #[pyo3(from_py_with = arguments::max_memory)] max_memory: Option<u64>,
    #[pyo3(from_py_with = values::cache_dir)] cache_dir: Option<PathBuf>,
) -> PyResult<PySolutionStream> {
    let (start, goal) = start_and_goal(board, goal, size)?;
    let mut request = SolveRequest {
        order: order.unwrap_or_default(),
        metric,
        limits: arguments::limits(None, max_seconds, max_memory),
        ..SolveRequest::default()
    };
    arguments::list(&mut request, true, within, limit);
    let (mut options, cancel) = OptionsBuilder::asked(&request, SOLVE_LIMITS)?
        .cache(cache_dir)
        .stoppable();
    npuzzle::solving::plan::validate(&goal, &options).map_err(|error| match error {
        // No count was asked for by name here: the board is what cannot be listed.
        SolveError::CountNotOptimal(_) => bad_input("board", error),
        other => refused(other),
    })?;
    let (sender, receiver) = mpsc::sync_channel(WAITING);
    let solutions = sender.clone();
    options.solution_sink = Some(SolutionSink::new(move |moves| {
        // A reader gone is not an error here: the token stops the search.
        let _ = solutions.send(Sent::Solution(moves_to_string(moves)));
    }));
    let worker = std::thread::Builder::new()
        .name("npuzzle-solutions".to_string())
        .stack_size(WORK_STACK)
        .spawn(move || {
            let end = npuzzle::solve(&start, &goal, &options).map(|solution| {
                match (&solution.status, solution.solutions.map(|list| list.ended)) {
                    (Status::GaveUp(why) | Status::Bounded(why), _) => Some(why.to_string()),
                    (_, Some(ListEnd::GaveUp(why))) => Some(format!("the listing {why}")),
                    _ => None,
                }
            });
            let _ = sender.send(Sent::End(end));
        })
        .map_err(|e| PyRuntimeError::new_err(format!("could not start a thread: {e}")))?;
    Ok(PySolutionStream {
        receiver: Some(Mutex::new(receiver)),
        cancel,
        worker: Some(worker),
    })
}
