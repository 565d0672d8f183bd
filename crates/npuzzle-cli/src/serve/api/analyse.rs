//! `POST /api/analyse`: a recorded solve move by move, or a board's first moves, answered
//! with the object `npuzzle analyse --json` prints.

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::IntoResponse;
use axum::Json;
use npuzzle::services::analysis::{analyse as analyse_moves, good_moves, AnalysisError};
use npuzzle::services::analysis_report::{AnalysisReport, GoodMovesReport};
use npuzzle::{Notation, SolveRequest};
use serde::{Deserialize, Serialize};

use super::error::{solve_error, ApiError, ErrorCode};
use super::fields::{
    text, Field, Fields, BOARD, GOAL, MAX_MEMORY, MAX_MEMORY_NODES, MAX_NODES, MAX_SECONDS, METRIC,
    ORDER, SIZE,
};
use super::request::{
    read_boards, read_limits, read_metric, read_order, request_options, JsonObject, Memory,
};
use super::slots::run_search;
use crate::serve::AppState;

/// `POST /api/analyse` body.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AnalyseBody {
    /// The start board, in any notation `npuzzle analyse` reads.
    board: String,
    /// The goal (default: tiles in order, blank last).
    goal: Option<String>,
    /// `WxH`, needed when the tiles do not form a square.
    size: Option<String>,
    /// The moves played, in `notation`; left out, each first move is answered with what
    /// it leaves (`npuzzle analyse BOARD` without moves).
    moves: Option<String>,
    /// As `--metric`: how moves count, `stm` (default) or `mtm`.
    metric: Option<String>,
    /// As `--notation`: how `moves` are written and how the answer writes moves, `blank`
    /// (default, u d l r) or `tiles` (U D L R, runs counted).
    notation: Option<String>,
    /// As `--order`: the blank's moves `l r d u` in the order they are tried.
    order: Option<String>,
    /// Lower the server's node limit for each board's search.
    max_nodes: Option<u64>,
    /// Lower the server's time limit for each board's search.
    max_seconds: Option<f64>,
    /// Lower the server\'s limit on nodes held at once for this search.
    max_memory_nodes: Option<u64>,
    /// Lower the memory each board's search may take (bytes, or text such as "512M").
    max_memory: Option<Memory>,
}

impl Fields for AnalyseBody {
    const WHAT: &'static str = "an analyse request";
    const FIELDS: &'static [Field] = &[
        BOARD,
        GOAL,
        SIZE,
        text("moves", "moves written as text, such as \"uldr\""),
        METRIC,
        text("notation", "\"blank\" or \"tiles\""),
        ORDER,
        MAX_NODES,
        MAX_SECONDS,
        MAX_MEMORY_NODES,
        MAX_MEMORY,
    ];
}

/// `POST /api/analyse` answer: `npuzzle analyse --json`'s object, with moves or without.
#[derive(Debug, Serialize)]
#[serde(untagged)]
enum AnalyseResponse {
    /// The moves given, analysed.
    Moves(AnalysisReport),
    /// No moves given: each first move and what it leaves.
    FirstMoves(GoodMovesReport),
}

/// The notation a request names, else the blank's.
fn read_notation(name: Option<&str>) -> Result<Notation, ApiError> {
    name.map(str::parse::<Notation>)
        .transpose()
        .map_err(|e| ApiError::bad_request(ErrorCode::BadMoves, format!("notation: {e}")))
        .map(Option::unwrap_or_default)
}

/// An analysis the library refused, answered as `npuzzle analyse` says it: a move off the
/// board (400 `bad_moves`, the move written in `notation`), a goal out of reach (422
/// `unreachable`), a search that gave up with no answer (422 `gave_up`), options the
/// solver refuses ([`solve_error`]).
fn analysis_error(error: AnalysisError, notation: Notation) -> ApiError {
    match error {
        AnalysisError::OffBoard { .. } => ApiError::bad_request(
            ErrorCode::BadMoves,
            format!("moves: {}", error.written_in(notation)),
        ),
        AnalysisError::Unreachable => ApiError::new(
            StatusCode::UNPROCESSABLE_ENTITY,
            ErrorCode::Unreachable,
            error.to_string(),
        ),
        AnalysisError::GaveUp { .. } => ApiError::new(
            StatusCode::UNPROCESSABLE_ENTITY,
            ErrorCode::GaveUp,
            error.to_string(),
        ),
        AnalysisError::Solve(error) => solve_error(error),
    }
}

/// `POST /api/analyse`: the library's analysis of a solve, each board's search bounded as
/// a solve's, on a blocking thread in a search slot.
pub async fn analyse(
    State(state): State<AppState>,
    JsonObject(request): JsonObject<AnalyseBody>,
) -> Result<impl IntoResponse, ApiError> {
    let (start, goal) = read_boards(&request.board, request.goal.as_deref(), request.size)?;
    let metric = read_metric(request.metric.as_deref())?;
    let order = read_order(request.order.as_deref())?;
    let notation = read_notation(request.notation.as_deref())?;
    let moves = request
        .moves
        .as_deref()
        .map(|text| notation.parse(text))
        .transpose()
        .map_err(|e| ApiError::bad_request(ErrorCode::BadMoves, format!("moves: {e}")))?;
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
    let options = request_options(&state.config, &asked)?
        // As `npuzzle analyse`: where a limit stops an optimal search, a bounded answer's
        // length stands in (marked inexact); a board too big for an optimal search spends
        // time on one only when the request gives the time, as `/api/solve` does.
        .bounded(request.max_seconds.is_some() || !npuzzle::solving::bounded::is_big(goal.size()))
        .build();
    npuzzle::solving::plan::validate(&goal, &options).map_err(solve_error)?;
    let cancel = options.limits.cancel.clone();
    let response = run_search(&state, cancel, move || match moves {
        Some(moves) => analyse_moves(&start, &goal, &moves, &options)
            .map(|analysis| AnalyseResponse::Moves(AnalysisReport::new(&analysis, notation)))
            .map_err(|e| analysis_error(e, notation)),
        None => good_moves(&start, &goal, &options)
            .map(|moves| {
                AnalyseResponse::FirstMoves(GoodMovesReport::new(
                    &moves,
                    start == goal,
                    options.metric,
                    notation,
                ))
            })
            .map_err(|e| analysis_error(e, notation)),
    })
    .await?;
    Ok(Json(response))
}
