//! `POST /api/solve`: one search.

use axum::extract::State;
use axum::response::IntoResponse;
use axum::Json;
use npuzzle::solving::report::SolveReport;
use npuzzle::tables::catalogue::Catalogue;
use npuzzle::tables::partition::Partition;
use npuzzle::{solve as solve_board, Algorithm, Board, SolveRequest, Visited};
use serde::{Deserialize, Serialize};

use super::error::{bad_input, solve_error, ApiError, ErrorCode};
use super::fields::{
    count_usize, flag, number, text, Field, Fields, Kind, BOARD, GOAL, HEURISTIC, MAX_MEMORY,
    MAX_MEMORY_NODES, MAX_NODES, MAX_SECONDS, METRIC, ORDER, SIZE,
};
use super::request::{
    read_boards, read_heuristic, read_limits, read_metric, read_order, read_threads,
    request_options, JsonObject, Memory,
};
use super::slots::run_search;
use crate::serve::AppState;

/// `POST /api/solve` body: every option `npuzzle solve` takes but the cluster and the
/// cache, which are the server's.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[expect(
    clippy::struct_excessive_bools,
    reason = "the request's JSON switches, each a field of its own"
)]
pub struct SolveBody {
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
    /// As `--pdb`: a pattern-database partition, whose tables the server has cached.
    pdb: Option<String>,
    /// As `--catalogue`: a catalogue's name or its partitions separated by `;`, whose
    /// tables the server has cached (a file on the server is not read).
    catalogue: Option<String>,
    /// `false` as `--no-reflection`.
    reflection: Option<bool>,
    /// As `--weight`.
    weight: Option<f64>,
    /// As `--visited`.
    visited: Option<String>,
    /// As `--threads`: at most the server's share of its cores (0 asks for all of it).
    threads: Option<usize>,
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
    /// Answer with the first optimal solution found, not the smallest in the move
    /// order, as `--any-optimal`.
    #[serde(default)]
    any_optimal: bool,
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
    /// Lower the server's limit on nodes held at once for this search.
    max_memory_nodes: Option<u64>,
    /// Lower the memory this search may take (bytes, or text such as "512M").
    max_memory: Option<Memory>,
}

impl Fields for SolveBody {
    const WHAT: &'static str = "a solve request";
    const FIELDS: &'static [Field] = &[
        BOARD,
        GOAL,
        SIZE,
        text("algorithm", "the name of an algorithm, such as \"idastar\""),
        HEURISTIC,
        text(
            "pdb",
            "a pattern-database partition written as text, such as \"7-8\"",
        ),
        text(
            "catalogue",
            "a catalogue's name or partitions written as text, such as \"small\"",
        ),
        flag("reflection"),
        number("weight", "a number, at least 1"),
        text("visited", "\"hash\" or \"ranked\""),
        count_usize("threads", "threads"),
        ORDER,
        METRIC,
        flag("boards"),
        flag("count_optimal"),
        flag("any_optimal"),
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
        MAX_MEMORY_NODES,
        MAX_MEMORY,
    ];
}

/// The most solutions one answer lists: about a megabyte of moves for 4x4 boards.
pub const MAX_LISTED: usize = 20_000;

/// The library's request `body` names, its text read; the server's cap on the
/// solutions listed, and on the threads, applied.
fn read_request(state: &AppState, body: &SolveBody) -> Result<SolveRequest, ApiError> {
    if let Some(limit) = body.limit.filter(|&limit| limit > MAX_LISTED) {
        return Err(ApiError::bad_request(
            ErrorCode::BadLimit,
            format!("limit: at most {MAX_LISTED} solutions are listed in one answer, not {limit}"),
        ));
    }
    let defaults = SolveRequest::default();
    Ok(SolveRequest {
        algorithm: match body.algorithm.as_deref() {
            None => Algorithm::Auto,
            Some(name) => name.parse().map_err(bad_input(ErrorCode::BadAlgorithm))?,
        },
        heuristic: read_heuristic(body.heuristic.as_deref())?,
        pdb: body
            .pdb
            .as_deref()
            .map(str::parse::<Partition>)
            .transpose()
            .map_err(|e| ApiError::bad_request(ErrorCode::BadPdb, format!("pdb: {e}")))?,
        catalogue: body
            .catalogue
            .as_deref()
            .map(str::parse::<Catalogue>)
            .transpose()
            .map_err(|e| ApiError::bad_request(ErrorCode::BadPdb, format!("catalogue: {e}")))?,
        reflection: body.reflection,
        weight: body.weight.unwrap_or(defaults.weight),
        visited: body
            .visited
            .as_deref()
            .map(str::parse::<Visited>)
            .transpose()
            .map_err(|e| ApiError::bad_request(ErrorCode::BadOptions, format!("visited: {e}")))?
            .unwrap_or_default(),
        threads: read_threads(&state.config, body.threads),
        order: read_order(body.order.as_deref())?,
        metric: read_metric(body.metric.as_deref())?,
        count_optimal: body.count_optimal,
        any_optimal: body.any_optimal,
        all_optimal: body.all_optimal,
        within: body.within,
        limit: body.limit,
        limits: read_limits(
            body.max_nodes,
            body.max_seconds,
            body.max_memory_nodes,
            body.max_memory.as_ref(),
        )?,
    })
}

/// `POST /api/solve` answer: the report `npuzzle solve --json` prints, plus the threads
/// granted and the boards.
#[derive(Debug, Serialize)]
struct SolveResponse {
    #[serde(flatten)]
    report: SolveReport,
    /// The threads the server let the search take: the request's `threads`, at most its
    /// share of the cores ([`crate::serve::ServerConfig::threads_per_search`]). Said,
    /// because the server lowers what it cannot give rather than refusing it.
    threads: usize,
    /// The start, then the board after each move (when asked for).
    #[serde(skip_serializing_if = "Option::is_none")]
    boards: Option<Vec<String>>,
}

/// `POST /api/solve`: one search, bounded, on a blocking thread.
pub async fn solve(
    State(state): State<AppState>,
    JsonObject(request): JsonObject<SolveBody>,
) -> Result<impl IntoResponse, ApiError> {
    let asked = read_request(&state, &request)?;
    let (start, goal) = read_boards(&request.board, request.goal.as_deref(), request.size)?;
    let options = request_options(&state.config, &asked)?
        // The server's own time limit bounds every search; a board too big for an optimal
        // search spends time on a shorter answer only when the request gives the time.
        .bounded(request.max_seconds.is_some() || !npuzzle::solving::bounded::is_big(goal.size()))
        .build();
    npuzzle::solving::plan::validate(&goal, &options).map_err(solve_error)?;
    let want_boards = request.boards;
    let threads = asked.threads;
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
            threads,
            boards,
        })
    })
    .await?;
    Ok(Json(response))
}
