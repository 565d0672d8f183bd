//! `GET` and `POST /api/trace`: the events of one search.

use axum::extract::State;
use axum::response::IntoResponse;
use axum::Json;
use npuzzle::puzzle::notation::UnknownName;
use npuzzle::solving::report::SolveReport;
use npuzzle::{Algorithm, SolveRequest};
use serde::{Deserialize, Serialize};

use super::error::{bad_input, refused, ApiError, ErrorCode};
use super::fields::{
    count_usize, Field, Fields, Kind, BOARD, GOAL, HEURISTIC, MAX_MEMORY, MAX_MEMORY_NODES,
    MAX_NODES, MAX_SECONDS, METRIC, ORDER, SIZE,
};
use super::request::{
    read_boards, read_heuristic, read_limits, read_metric, read_order, request_options, JsonObject,
    Memory, QueryObject,
};
use super::slots::run_search;
use crate::serve::AppState;

/// Most events `/api/trace` returns (each is about 150 bytes of JSON).
pub const MAX_TRACE_EVENTS: usize = 20_000;

/// Events `/api/trace` returns unless the request asks for fewer or more.
pub const DEFAULT_TRACE_EVENTS: usize = 10_000;

/// `GET /api/trace` query and `POST /api/trace` body.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TraceBody {
    /// The start board.
    board: String,
    /// The goal (default: tiles in order, blank last).
    goal: Option<String>,
    /// `WxH`, needed when the tiles do not form a square.
    size: Option<String>,
    /// bfs, bidirectional, astar, idastar or iddfs.
    algorithm: String,
    /// The heuristic of astar and idastar (default linear-conflict).
    heuristic: Option<String>,
    /// The order children are generated in: the blank's moves `l r d u` (default lrdu).
    order: Option<String>,
    /// As `npuzzle trace --metric`: `stm` (default) or `mtm`, in which `g`, `h` and `f`
    /// count multi-tile moves.
    metric: Option<String>,
    /// Most events (default 10,000, at most 20,000).
    limit: Option<usize>,
    /// Lower the server's node limit for this search.
    max_nodes: Option<u64>,
    /// Lower the server's time limit for this search.
    max_seconds: Option<f64>,
    /// Lower the server\'s limit on nodes held at once for this search.
    max_memory_nodes: Option<u64>,
    /// Lower the memory this search may take (bytes, or text such as "512M").
    max_memory: Option<Memory>,
}

impl Fields for TraceBody {
    const WHAT: &'static str = "a trace request";
    const FIELDS: &'static [Field] = &[
        BOARD,
        GOAL,
        SIZE,
        Field {
            name: "algorithm",
            kind: Kind::Text("bfs, bidirectional, astar, idastar or iddfs, as text"),
            required: true,
        },
        HEURISTIC,
        ORDER,
        METRIC,
        count_usize("limit", "events"),
        MAX_NODES,
        MAX_SECONDS,
        MAX_MEMORY_NODES,
        MAX_MEMORY,
    ];
}

/// `/api/trace` answer: the solve report of the traced search, the events as
/// `npuzzle trace --json` prints them, the limit and whether it cut the trace.
#[derive(Serialize)]
struct TraceResponse {
    #[serde(flatten)]
    report: SolveReport,
    limit: usize,
    truncated: bool,
    events: Vec<npuzzle::services::trace_report::TraceEventReport>,
}

/// `GET /api/trace?board=…&algorithm=bfs` with the request in the query.
pub async fn trace_get(
    State(state): State<AppState>,
    QueryObject(request): QueryObject<TraceBody>,
) -> Result<impl IntoResponse, ApiError> {
    trace_answer(&state, request).await
}

/// `POST /api/trace` with the request as a JSON body.
pub async fn trace_post(
    State(state): State<AppState>,
    JsonObject(request): JsonObject<TraceBody>,
) -> Result<impl IntoResponse, ApiError> {
    trace_answer(&state, request).await
}

/// The events of one bounded search, on a blocking thread.
async fn trace_answer(
    state: &AppState,
    request: TraceBody,
) -> Result<Json<impl Serialize>, ApiError> {
    use npuzzle::services::trace::{trace, TraceError, TRACED};
    let (start, goal) = read_boards(&request.board, request.goal.as_deref(), request.size)?;
    // A name that is no algorithm gets the list of those traced, not of every algorithm.
    let algorithm: Algorithm = request.algorithm.parse().map_err(|_| {
        bad_input(ErrorCode::BadAlgorithm)(UnknownName::new(
            "algorithm",
            &request.algorithm,
            TRACED.map(Algorithm::name),
        ))
    })?;
    let asked = SolveRequest {
        algorithm,
        heuristic: read_heuristic(request.heuristic.as_deref())?,
        order: read_order(request.order.as_deref())?,
        metric: read_metric(request.metric.as_deref())?,
        limits: read_limits(
            request.max_nodes,
            request.max_seconds,
            request.max_memory_nodes,
            request.max_memory.as_ref(),
        )?,
        ..SolveRequest::default()
    };
    let limit = request.limit.unwrap_or(DEFAULT_TRACE_EVENTS);
    if !(1..=MAX_TRACE_EVENTS).contains(&limit) {
        return Err(ApiError::bad_request(
            ErrorCode::BadLimit,
            format!("limit: {limit} events is not allowed: ask for 1 to {MAX_TRACE_EVENTS}"),
        ));
    }
    let options = request_options(&state.config, &asked)?.build();
    let cancel = options.limits.cancel.clone();
    let response = run_search(state, cancel, move || {
        let traced = trace(&start, &goal, &options, limit).map_err(|e| {
            let code = match e {
                TraceError::NotTraced(_) => ErrorCode::BadAlgorithm,
                TraceError::BadLimit(_) => ErrorCode::BadLimit,
                TraceError::Solve(_) => ErrorCode::BadOptions,
            };
            refused(code, e.fault(), e.to_string())
        })?;
        Ok(TraceResponse {
            report: traced.report(&start, &goal),
            limit,
            truncated: traced.truncated,
            events: traced
                .events
                .iter()
                .map(npuzzle::services::trace_report::TraceEventReport::new)
                .collect(),
        })
    })
    .await?;
    Ok(Json(response))
}
