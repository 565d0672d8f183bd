//! The JSON API's handlers. Every error is `{"error": "..."}` with a 4xx status naming
//! the problem (5xx only for "busy" and for a bug).

use std::time::Duration;

use axum::extract::rejection::{JsonRejection, QueryRejection};
use axum::extract::{Query, State};
use axum::http::{header, Method, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use axum::Json;
use npuzzle::random::{random_board, random_walk};
use npuzzle::report::SolveReport;
use npuzzle::search::Limits;
use npuzzle::state::MAX_SEARCH_CELLS;
use npuzzle::SolveOptions;
use npuzzle::{solve as solve_board, Algorithm, Board, EstimateChoice, HeuristicKind, Size};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use serde::{Deserialize, Serialize};
use serde_json::json;

use super::{AppState, ServerConfig};
use crate::input::{goal_of, start_and_goal};

/// Longest random walk `/api/random` takes; longer walks are no more random.
const MAX_WALK: usize = 100_000;

/// An error answered as JSON.
#[derive(Debug)]
pub struct ApiError {
    status: StatusCode,
    message: String,
}

impl ApiError {
    /// An error answered with `status`.
    pub fn new(status: StatusCode, message: impl Into<String>) -> ApiError {
        ApiError {
            status,
            message: message.into(),
        }
    }

    fn bad_request(message: impl Into<String>) -> ApiError {
        ApiError {
            status: StatusCode::BAD_REQUEST,
            message: message.into(),
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let body = Json(json!({ "error": self.message }));
        if self.status == StatusCode::SERVICE_UNAVAILABLE {
            // Tells well-behaved clients when trying again makes sense.
            (self.status, [(header::RETRY_AFTER, "1")], body).into_response()
        } else {
            (self.status, body).into_response()
        }
    }
}

/// Malformed JSON (400), a wrong content type (415), a body over the limit (413) or
/// fields of the wrong shape (422): axum's status, our JSON.
impl From<JsonRejection> for ApiError {
    fn from(rejection: JsonRejection) -> ApiError {
        ApiError {
            status: rejection.status(),
            message: rejection.body_text(),
        }
    }
}

impl From<QueryRejection> for ApiError {
    fn from(rejection: QueryRejection) -> ApiError {
        ApiError::bad_request(rejection.body_text())
    }
}

/// `GET /api/health`: alive, and how loaded (searches running, connections open, and
/// the limit of each; a connection limit of 0 means no listener counts them).
pub async fn health(State(state): State<AppState>) -> Json<serde_json::Value> {
    let searches_limit = state.config.max_concurrent;
    Json(json!({
        "status": "ok",
        "version": env!("CARGO_PKG_VERSION"),
        "searches": {
            "running": searches_limit - state.searches.available_permits(),
            "limit": searches_limit,
        },
        "connections": {
            "open": state.connections.open(),
            "limit": state.connections.limit(),
        },
    }))
}

/// Any path that names nothing.
pub async fn not_found(uri: Uri) -> ApiError {
    ApiError {
        status: StatusCode::NOT_FOUND,
        message: format!("nothing at {}", uri.path()),
    }
}

/// A known path asked with the wrong method.
pub async fn method_not_allowed(method: Method, uri: Uri) -> ApiError {
    ApiError {
        status: StatusCode::METHOD_NOT_ALLOWED,
        message: format!("{} does not answer {method}", uri.path()),
    }
}

/// `GET /api/random` parameters.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RandomQuery {
    /// `WxH` (default 3x3).
    size: Option<String>,
    /// Seed for a reproducible board (default: drawn, and returned).
    seed: Option<u64>,
    /// The goal the board must reach (default: tiles in order, blank last).
    goal: Option<String>,
    /// Make the board this many random moves from the goal instead of uniform.
    walk: Option<usize>,
}

/// `GET /api/random` answer.
#[derive(Debug, Serialize)]
struct RandomBoard {
    board: String,
    goal: String,
    size: String,
    seed: u64,
    /// The seed as text: exact in JavaScript, whose numbers round integers past 2^53.
    seed_text: String,
}

/// `GET /api/random?size=3x3&seed=7`: a random board that can reach the goal.
pub async fn random(
    query: Result<Query<RandomQuery>, QueryRejection>,
) -> Result<impl IntoResponse, ApiError> {
    let Query(query) = query?;
    let size: Size = query
        .size
        .as_deref()
        .unwrap_or("3x3")
        .parse()
        .map_err(|e| ApiError::bad_request(format!("size: {e}")))?;
    if size.cells() > MAX_SEARCH_CELLS {
        return Err(ApiError::bad_request(format!(
            "size: a {size} board has {} cells; at most {MAX_SEARCH_CELLS} are served",
            size.cells()
        )));
    }
    let goal = goal_of(query.goal.as_deref(), size).map_err(bad_input)?;
    // Drawn below 2^53, so the page's JavaScript numbers carry it exactly.
    let seed = query
        .seed
        .unwrap_or_else(|| rand::thread_rng().gen_range(0..1u64 << 53));
    let mut rng = StdRng::seed_from_u64(seed);
    let board = match query.walk {
        Some(steps) if steps > MAX_WALK => {
            return Err(ApiError::bad_request(format!(
                "walk: {steps} steps is more than the {MAX_WALK} allowed"
            )))
        }
        Some(steps) => random_walk(&goal, steps, &mut rng),
        None => random_board(&goal, &mut rng),
    };
    Ok(Json(RandomBoard {
        board: board.to_string(),
        goal: goal.to_string(),
        size: size.to_string(),
        seed,
        seed_text: seed.to_string(),
    }))
}

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
    /// Also return every board along the solution.
    #[serde(default)]
    boards: bool,
    /// Lower the server's node limit for this search.
    max_nodes: Option<u64>,
    /// Lower the server's time limit for this search.
    max_seconds: Option<f64>,
    /// Lower the memory this search may take (bytes, or text such as "512M").
    max_memory: Option<Memory>,
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
    body: Result<Json<SolveRequest>, JsonRejection>,
) -> Result<impl IntoResponse, ApiError> {
    let Json(request) = body?;
    let (start, goal) = read_boards(&request.board, request.goal.as_deref(), request.size)?;
    let algorithm: Algorithm = match request.algorithm.as_deref() {
        None => Algorithm::Auto,
        Some(name) => name.parse().map_err(bad_input)?,
    };
    let heuristic: Option<HeuristicKind> = request
        .heuristic
        .as_deref()
        .map(str::parse)
        .transpose()
        .map_err(bad_input)?;
    let options = SolveOptions {
        algorithm,
        estimate: EstimateChoice::from(heuristic),
        limits: limits(
            &state.config,
            request.max_nodes,
            request.max_seconds,
            request.max_memory.as_ref(),
        )?,
        cache: state.config.cache.clone(),
        // A build takes minutes on every core, which no request limit bounds: the
        // operator builds tables beforehand (`npuzzle stats`, `npuzzle pdb build`).
        build_tables: false,
        ..SolveOptions::default()
    };
    npuzzle::plan::validate(&goal, &options).map_err(bad_input)?;
    let want_boards = request.boards;
    let response = run_search(&state, move || {
        let solution = solve_board(&start, &goal, &options).map_err(bad_input)?;
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

/// `POST /api/compare` body.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CompareRequest {
    board: String,
    goal: Option<String>,
    size: Option<String>,
    /// Lower the server's node limit for each run.
    max_nodes: Option<u64>,
    /// Lower the time limit of the whole comparison (shared equally between the runs).
    max_seconds: Option<f64>,
    /// Lower the memory each run may take (bytes, or text such as "512M").
    max_memory: Option<Memory>,
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
    body: Result<Json<CompareRequest>, JsonRejection>,
) -> Result<impl IntoResponse, ApiError> {
    let Json(request) = body?;
    let (start, goal) = read_boards(&request.board, request.goal.as_deref(), request.size)?;
    let pairs = Algorithm::comparison_pairs();
    let mut limits = limits(
        &state.config,
        request.max_nodes,
        request.max_seconds,
        request.max_memory.as_ref(),
    )?;
    // The comparison is one request: its runs share one time budget, so it ends within
    // the same bound as a single solve.
    limits.max_time = limits.max_time.map(|t| t / pairs.len() as u32);
    let config = state.config.clone();
    let response = run_search(&state, move || {
        let mut runs = Vec::with_capacity(pairs.len());
        for (algorithm, heuristic) in pairs {
            let options = SolveOptions {
                algorithm,
                estimate: EstimateChoice::from(heuristic),
                limits: limits.clone(),
                cache: config.cache.clone(),
                build_tables: false,
                ..SolveOptions::default()
            };
            let solution = solve_board(&start, &goal, &options).map_err(bad_input)?;
            runs.push(SolveReport::new(&start, &goal, &solution));
        }
        Ok(CompareResponse {
            board: start.to_string(),
            goal: goal.to_string(),
            runs,
        })
    })
    .await?;
    Ok(Json(response))
}

/// Runs `work` on a blocking thread if a search slot is free, or answers 503 at once:
/// queueing would let a burst of requests pile up without bound.
async fn run_search<T: Send + 'static>(
    state: &AppState,
    work: impl FnOnce() -> Result<T, ApiError> + Send + 'static,
) -> Result<T, ApiError> {
    let permit = state
        .searches
        .clone()
        .try_acquire_owned()
        .map_err(|_| ApiError {
            status: StatusCode::SERVICE_UNAVAILABLE,
            message: format!(
                "the server is busy: {} searches are already running; try again shortly",
                state.config.max_concurrent
            ),
        })?;
    tokio::task::spawn_blocking(move || {
        // Held until the search ends, even if the client has gone: the work still runs.
        let _permit = permit;
        let answer = work();
        super::give_memory_back();
        answer
    })
    .await
    .map_err(|e| ApiError {
        status: StatusCode::INTERNAL_SERVER_ERROR,
        message: format!("the search failed: {e}"),
    })?
}

/// An amount of memory in a request: bytes, or text such as `"512M"`.
#[derive(Debug, Deserialize)]
#[serde(untagged)]
pub enum Memory {
    /// A number of bytes.
    Bytes(u64),
    /// `4G`, `512M`, … (see [`npuzzle::memory::parse_bytes`]).
    Text(String),
}

/// The server's limits, lowered where the request asks.
fn limits(
    config: &ServerConfig,
    max_nodes: Option<u64>,
    max_seconds: Option<f64>,
    max_memory: Option<&Memory>,
) -> Result<Limits, ApiError> {
    let asked = match max_memory {
        None => None,
        Some(Memory::Bytes(bytes)) => Some(*bytes),
        Some(Memory::Text(text)) => Some(
            npuzzle::memory::parse_bytes(text)
                .map_err(|e| ApiError::bad_request(format!("max_memory: {e}")))?,
        ),
    };
    // Each running search has its share of the server's memory; a request may take less.
    let share = config
        .max_bytes
        .map(|total| total / config.max_concurrent.max(1) as u64);
    let max_bytes = match (share, asked) {
        (Some(share), Some(asked)) => Some(share.min(asked)),
        (share, asked) => share.or(asked),
    };
    let max_time = match max_seconds {
        Some(s) if !(s.is_finite() && s > 0.0) => {
            return Err(ApiError::bad_request(format!(
                "max_seconds must be a positive number, not {s}"
            )))
        }
        Some(s) => Duration::from_secs_f64(s.min(config.max_time.as_secs_f64())),
        None => config.max_time,
    };
    Ok(Limits {
        max_expanded: Some(max_nodes.map_or(config.max_nodes, |n| n.min(config.max_nodes))),
        max_held: Some(config.max_held),
        max_bytes,
        max_time: Some(max_time),
        ..Limits::NONE
    })
}

/// The start board and its goal. Unlike the command line, never reads stdin for "-".
fn read_boards(
    board: &str,
    goal: Option<&str>,
    size: Option<String>,
) -> Result<(Board, Board), ApiError> {
    let size: Option<Size> = size
        .map(|s| s.parse())
        .transpose()
        .map_err(|e| ApiError::bad_request(format!("size: {e}")))?;
    start_and_goal(board, goal, size).map_err(bad_input)
}

fn bad_input(error: impl Into<anyhow::Error>) -> ApiError {
    ApiError::bad_request(format!("{:#}", error.into()))
}
