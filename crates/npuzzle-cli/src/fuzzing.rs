//! Entry points for the fuzz checks (`crates/npuzzle-fuzz-checks` and `fuzz/`): each runs
//! a parser of outside bytes that lives in the command line, as the command runs it, and
//! returns what it made of them: batch input and earlier results, and the web API's
//! requests (answered in process, as `npuzzle serve` answers them).
//!
//! ```
//! let text = "283104765\n# a comment\n{\"id\": \"a\", \"board\": \"1 2 3 4 5 6 7 8 0\"}\n";
//! let lines = npuzzle_cli::fuzzing::batch_input(text).unwrap();
//! assert_eq!((lines[0].id.as_str(), lines[1].id.as_str()), ("1", "\"a\""));
//! assert!(lines.iter().all(|l| l.read.is_ok()));
//! ```

use axum::body::{to_bytes, Body};
use axum::http::{header, HeaderMap, Method, Request};
use hyper::service::Service;
use hyper_util::service::TowerToHyperService;
use npuzzle::Board;

use crate::commands::batch;
use crate::serve::{router, AppState, ServerConfig};

/// One line of `npuzzle batch` input, as the batch reads it before solving.
#[derive(Debug)]
pub struct BatchLine {
    /// Its id as JSON text, as written (its line number when it gives none).
    pub id: String,
    /// Its line number, from 1.
    pub number: usize,
    /// Its start and goal, or the error its result record would carry.
    pub read: Result<(Board, Board), String>,
    /// The record the batch writes for it when it cannot be solved.
    pub error_record: String,
}

/// Reads batch input (plain boards or JSON Lines) as `npuzzle batch` does with no flags.
///
/// # Errors
/// What the batch refuses before solving anything (ids given to more than one line).
pub fn batch_input(text: &str) -> Result<Vec<BatchLine>, String> {
    let jobs = batch::jobs(text).map_err(|e| format!("{e:#}"))?;
    let defaults = batch::Defaults::new();
    Ok(jobs
        .into_iter()
        .map(|job| {
            let read = batch::read_line(&job.line, None, None, &defaults)
                .map(|(start, goal, _)| (start, goal))
                .map_err(|e| format!("{e:#}"));
            let message = read.as_ref().err().map_or("", String::as_str);
            BatchLine {
                error_record: batch::error_record(&job.id, message),
                id: job.id,
                number: job.number,
                read,
            }
        })
        .collect())
}

/// The record `npuzzle batch` writes for a solved line: `fields` (a JSON object's text,
/// a report) with the line's `id` added.
pub fn batch_record(fields: &str, id: &str) -> String {
    batch::with_id(fields, id)
}

/// The ids `npuzzle batch --output FILE` finds already done in `bytes` (the whole lines of
/// an earlier run's output).
///
/// # Errors
/// When a line is not a result record with an id.
pub fn batch_results(bytes: &[u8]) -> Result<Vec<String>, String> {
    let mut ids: Vec<String> = batch::read_finished_ids(bytes, "the results")
        .map_err(|e| format!("{e:#}"))?
        .into_iter()
        .collect();
    ids.sort();
    Ok(ids)
}

/// The web API in process: its router and a runtime to drive it, one request at a time.
pub struct Api {
    runtime: tokio::runtime::Runtime,
    service: TowerToHyperService<axum::Router>,
}

/// The answer to one request.
#[derive(Debug)]
pub struct Answer {
    /// The status code.
    pub status: u16,
    /// The headers.
    pub headers: HeaderMap,
    /// The body.
    pub body: Vec<u8>,
}

impl Api {
    /// The API as `npuzzle serve` held to `config` answers it.
    ///
    /// # Panics
    /// When no async runtime can be made (out of threads or memory).
    pub fn new(config: ServerConfig) -> Api {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(1)
            .enable_all()
            .build()
            .expect("an async runtime");
        Api {
            runtime,
            service: TowerToHyperService::new(router(AppState::new(config))),
        }
    }

    /// Sends `method` `uri` with `body` (as JSON when `json`); `None` when the method or
    /// URI is not one an HTTP server could receive.
    ///
    /// # Panics
    /// When the router fails rather than answering (it never should).
    pub fn request(&self, method: &[u8], uri: &[u8], json: bool, body: Vec<u8>) -> Option<Answer> {
        let method = Method::from_bytes(method).ok()?;
        let mut request = Request::builder().method(method).uri(uri);
        if json {
            request = request.header(header::CONTENT_TYPE, "application/json");
        }
        let request = request.body(Body::from(body)).ok()?;
        let response = self.service.call(request);
        self.runtime.block_on(async {
            let response = response.await.expect("the router always answers");
            let (parts, body) = response.into_parts();
            let body = to_bytes(body, usize::MAX).await.expect("a body in memory");
            Some(Answer {
                status: parts.status.as_u16(),
                headers: parts.headers,
                body: body.to_vec(),
            })
        })
    }
}
