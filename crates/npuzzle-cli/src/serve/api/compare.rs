//! `POST /api/compare`: every algorithm on one board.

use axum::extract::State;
use axum::response::IntoResponse;
use axum::Json;
use npuzzle::services::compare::compare as compare_all;
use npuzzle::solving::report::SolveReport;
use npuzzle::{Algorithm, SolveRequest};
use serde::{Deserialize, Serialize};

use super::error::{solve_error, ApiError};
use super::fields::{
    Field, Fields, BOARD, GOAL, MAX_MEMORY, MAX_MEMORY_NODES, MAX_NODES, MAX_SECONDS, METRIC,
    ORDER, SIZE,
};
use super::request::{
    read_boards, read_limits, read_metric, read_order, request_options, JsonObject, Memory,
};
use super::slots::run_search;
use crate::serve::AppState;

/// `POST /api/compare` body.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CompareBody {
    board: String,
    goal: Option<String>,
    size: Option<String>,
    /// As `npuzzle compare --metric`: how every run counts moves, `stm` (default) or
    /// `mtm`.
    metric: Option<String>,
    /// The blank's moves `l r d u` in the order every run tries them (default lrdu).
    order: Option<String>,
    /// Lower the server's node limit for each run.
    max_nodes: Option<u64>,
    /// Lower the time limit of the whole comparison (shared equally between the runs).
    max_seconds: Option<f64>,
    /// Lower the server\'s limit on nodes held at once for this search.
    max_memory_nodes: Option<u64>,
    /// Lower the memory each run may take (bytes, or text such as "512M").
    max_memory: Option<Memory>,
}

impl Fields for CompareBody {
    const WHAT: &'static str = "a compare request";
    const FIELDS: &'static [Field] = &[
        BOARD,
        GOAL,
        SIZE,
        METRIC,
        ORDER,
        MAX_NODES,
        MAX_SECONDS,
        MAX_MEMORY_NODES,
        MAX_MEMORY,
    ];
}

/// `POST /api/compare` answer.
#[derive(Debug, Serialize)]
struct CompareResponse {
    board: String,
    goal: String,
    /// One report per (algorithm, heuristic), in [`Algorithm::comparison_pairs`] order.
    runs: Vec<SolveReport>,
}

/// `POST /api/compare`: every algorithm on one board, as one bounded job.
pub async fn compare(
    State(state): State<AppState>,
    JsonObject(request): JsonObject<CompareBody>,
) -> Result<impl IntoResponse, ApiError> {
    let (start, goal) = read_boards(&request.board, request.goal.as_deref(), request.size)?;
    let metric = read_metric(request.metric.as_deref())?;
    let order = read_order(request.order.as_deref())?;
    let pairs = Algorithm::comparison_pairs();
    let asked = SolveRequest {
        metric,
        order,
        limits: read_limits(
            request.max_nodes,
            request.max_seconds,
            request.max_memory_nodes,
            request.max_memory.as_ref(),
        )?,
        ..SolveRequest::default()
    };
    let mut options = request_options(&state.config, &asked)?.build();
    // The comparison is one request: its runs share one time budget, so it ends within
    // the same bound as a single solve.
    options.limits.max_time = options.limits.max_time.map(|t| t / pairs.len() as u32);
    let cancel = options.limits.cancel.clone();
    let response = run_search(&state, cancel, move || {
        let runs = compare_all(&start, &goal, &options)
            .map_err(solve_error)?
            .iter()
            .map(|solution| SolveReport::new(&start, &goal, solution))
            .collect();
        Ok(CompareResponse {
            board: start.to_string(),
            goal: goal.to_string(),
            runs,
        })
    })
    .await?;
    Ok(Json(response))
}
