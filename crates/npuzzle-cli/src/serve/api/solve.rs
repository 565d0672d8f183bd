//! `POST /api/solve`: one search.

use axum::extract::State;
use axum::response::IntoResponse;
use axum::Json;
use npuzzle::answer::solution_list::ListRequest;
use npuzzle::solving::report::SolveReport;
use npuzzle::{solve as solve_board, Algorithm, Board, EstimateChoice};
use serde::{Deserialize, Serialize};

use super::error::{bad_input, solve_error, ApiError, ErrorCode};
use super::fields::{
    count_usize, flag, text, Field, Fields, Kind, BOARD, GOAL, HEURISTIC, MAX_MEMORY, MAX_NODES,
    MAX_SECONDS, METRIC, ORDER, SIZE,
};
use super::request::{
    read_boards, read_heuristic, read_metric, read_order, request_options, JsonObject, Memory,
};
use super::slots::run_search;
use crate::serve::AppState;

/// `POST /api/solve` body.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SolveRequest {
    /// The start board, in any notation `npuzzle solve` reads.
    board: String,
    /// The goal (default: tiles in order, blank last).
    goal: Option<String>,
    /// `WxH`, needed when the tiles do not form a square.
    size: Option<String>,
    /// As `--algorithm` (default auto).
    algorithm: Option<String>,
    /// As `--heuristic`.
    heuristic: Option<String>,
    /// As `--order`: the blank's moves `l r d u` in the order they are tried.
    order: Option<String>,
    /// As `--metric`: how moves count, `stm` (default) or `mtm`.
    metric: Option<String>,
    /// Also return every board along the solution.
    #[serde(default)]
    boards: bool,
    /// Also count every optimal solution (`"optimal_solutions"` in the answer).
    #[serde(default)]
    count_optimal: bool,
    /// Also list every optimal solution (`"solutions"` in the answer), as
    /// `--all-optimal`.
    #[serde(default)]
    all_optimal: bool,
    /// With `all_optimal`: also those of up to this many moves over the optimum, as
    /// `--within`.
    within: Option<u32>,
    /// With `all_optimal`: list at most this many (default 5000, at most
    /// [`MAX_LISTED`]), as `--limit`.
    limit: Option<usize>,
    /// Lower the server's node limit for this search.
    max_nodes: Option<u64>,
    /// Lower the server's time limit for this search.
    max_seconds: Option<f64>,
    /// Lower the memory this search may take (bytes, or text such as "512M").
    max_memory: Option<Memory>,
}

impl Fields for SolveRequest {
    const WHAT: &'static str = "a solve request";
    const FIELDS: &'static [Field] = &[
        BOARD,
        GOAL,
        SIZE,
        text("algorithm", "the name of an algorithm, such as \"idastar\""),
        HEURISTIC,
        ORDER,
        METRIC,
        flag("boards"),
        flag("count_optimal"),
        flag("all_optimal"),
        Field {
            name: "within",
            kind: Kind::Count {
                unit: "moves",
                most: u32::MAX as u64,
            },
            required: false,
        },
        count_usize("limit", "solutions"),
        MAX_NODES,
        MAX_SECONDS,
        MAX_MEMORY,
    ];
}

/// The most solutions one answer lists: about a megabyte of moves for 4x4 boards.
pub const MAX_LISTED: usize = 20_000;

/// The solutions `request` asks to list, if any.
fn list_request(request: &SolveRequest) -> Result<Option<ListRequest>, ApiError> {
    if !request.all_optimal {
        if request.within.is_some() || request.limit.is_some() {
            return Err(ApiError::bad_request(
                ErrorCode::BadOptions,
                "within and limit apply to the solutions listed: set all_optimal to true",
            ));
        }
        return Ok(None);
    }
    let limit = request.limit.unwrap_or(ListRequest::DEFAULT_LIMIT);
    if limit > MAX_LISTED {
        return Err(ApiError::bad_request(
            ErrorCode::BadLimit,
            format!("limit: at most {MAX_LISTED} solutions are listed in one answer, not {limit}"),
        ));
    }
    Ok(Some(ListRequest {
        within: request.within.unwrap_or(0),
        limit,
    }))
}

/// `POST /api/solve` answer: the report `npuzzle solve --json` prints, plus the boards.
#[derive(Debug, Serialize)]
struct SolveResponse {
    #[serde(flatten)]
    report: SolveReport,
    /// The start, then the board after each move (when asked for).
    #[serde(skip_serializing_if = "Option::is_none")]
    boards: Option<Vec<String>>,
}

/// `POST /api/solve`: one search, bounded, on a blocking thread.
pub async fn solve(
    State(state): State<AppState>,
    JsonObject(request): JsonObject<SolveRequest>,
) -> Result<impl IntoResponse, ApiError> {
    let list = list_request(&request)?;
    let (start, goal) = read_boards(&request.board, request.goal.as_deref(), request.size)?;
    let algorithm: Algorithm = match request.algorithm.as_deref() {
        None => Algorithm::Auto,
        Some(name) => name.parse().map_err(bad_input(ErrorCode::BadAlgorithm))?,
    };
    let heuristic = read_heuristic(request.heuristic.as_deref())?;
    let order = read_order(request.order.as_deref())?;
    let metric = read_metric(request.metric.as_deref())?;
    let options = request_options(
        &state.config,
        request.max_nodes,
        request.max_seconds,
        request.max_memory.as_ref(),
    )?
    .algorithm(algorithm)
    .estimate(EstimateChoice::from(heuristic))
    .order(order)
    .metric(metric)
    .count_optimal(request.count_optimal)
    .list(list)
    // The server's own time limit bounds every search; a board too big for an optimal
    // search spends time on a shorter answer only when the request gives the time.
    .bounded(request.max_seconds.is_some() || !npuzzle::solving::bounded::is_big(goal.size()))
    .build();
    npuzzle::solving::plan::validate(&goal, &options).map_err(solve_error)?;
    let want_boards = request.boards;
    let cancel = options.limits.cancel.clone();
    let response = run_search(&state, cancel, move || {
        let solution = solve_board(&start, &goal, &options).map_err(solve_error)?;
        // Asked for, the boards are always there: empty when there is no answer.
        let boards = want_boards.then(|| {
            solution
                .boards(&start)
                .iter()
                .map(Board::to_string)
                .collect()
        });
        Ok(SolveResponse {
            report: SolveReport::new(&start, &goal, &solution),
            boards,
        })
    })
    .await?;
    Ok(Json(response))
}
