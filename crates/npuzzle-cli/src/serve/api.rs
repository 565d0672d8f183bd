//! The JSON API's handlers. Every error is `{"error": "...", "code": "..."}` with a 4xx
//! status naming the problem (5xx only for "busy", for tables the server cannot read, and
//! for a bug: whose fault a solve's error is, the library says): `error` is an English
//! sentence, `code` one of the stable names of [`ErrorCode`], for programs and for the
//! page, which shows the message in the reader's language.

use axum::extract::rejection::{JsonRejection, QueryRejection};
use axum::extract::{Query, State};
use axum::http::{header, Method, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use axum::Json;
use npuzzle::cancel::CancelToken;
use npuzzle::compare::compare as compare_all;
use npuzzle::fault::Fault;
use npuzzle::notation::UnknownName;
use npuzzle::options::time_limit;
use npuzzle::plural::counted;
use npuzzle::random::{random_board, random_walk};
use npuzzle::report::SolveReport;
use npuzzle::search::Limits;
use npuzzle::state::MAX_SEARCH_CELLS;
use npuzzle::{solve as solve_board, Algorithm, Board, EstimateChoice, HeuristicKind, Size};
use npuzzle::{SolveError, SolveOptions};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use serde::{Deserialize, Serialize};
use serde_json::json;

use super::{AppState, ServerConfig};
use crate::input::{goal_of, start_and_goal};

/// Longest random walk `/api/random` takes; longer walks are no more random.
pub const MAX_WALK: usize = 100_000;

/// What went wrong, as a stable name programs can rely on (the `code` of an error).
/// Names are added, never changed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ErrorCode {
    /// A request the server cannot read, of no more specific kind.
    BadRequest,
    /// The start board cannot be read.
    BadBoard,
    /// The goal board cannot be read, or does not fit the start.
    BadGoal,
    /// The size cannot be read, or is too large to serve.
    BadSize,
    /// An unknown algorithm, or one the request cannot use.
    BadAlgorithm,
    /// An unknown heuristic.
    BadHeuristic,
    /// A limit out of range (`max_seconds`, `max_memory`, `walk`, `limit`).
    BadLimit,
    /// Options the solver refuses together (such as a heuristic for BFS).
    BadOptions,
    /// A body that is not JSON.
    BadJson,
    /// JSON of the wrong shape (unknown or mistyped fields).
    BadFields,
    /// A body sent without `content-type: application/json`.
    UnsupportedMediaType,
    /// A body over the length limit.
    BodyTooLarge,
    /// A body that did not arrive in time.
    BodyTimeout,
    /// No such path.
    NotFound,
    /// A known path, the wrong method.
    MethodNotAllowed,
    /// Every search slot is taken: try again shortly.
    Busy,
    /// The request was not answered in time.
    Timeout,
    /// A bug.
    Internal,
    /// The server could not read the tables a good request needs (its cache failed):
    /// the operator must mend it; answered 500.
    TablesUnavailable,
}

impl ErrorCode {
    /// The code as the API writes it (`bad_board`, `busy`, …).
    pub fn name(self) -> &'static str {
        match self {
            ErrorCode::BadRequest => "bad_request",
            ErrorCode::BadBoard => "bad_board",
            ErrorCode::BadGoal => "bad_goal",
            ErrorCode::BadSize => "bad_size",
            ErrorCode::BadAlgorithm => "bad_algorithm",
            ErrorCode::BadHeuristic => "bad_heuristic",
            ErrorCode::BadLimit => "bad_limit",
            ErrorCode::BadOptions => "bad_options",
            ErrorCode::BadJson => "bad_json",
            ErrorCode::BadFields => "bad_fields",
            ErrorCode::UnsupportedMediaType => "unsupported_media_type",
            ErrorCode::BodyTooLarge => "body_too_large",
            ErrorCode::BodyTimeout => "body_timeout",
            ErrorCode::NotFound => "not_found",
            ErrorCode::MethodNotAllowed => "method_not_allowed",
            ErrorCode::Busy => "busy",
            ErrorCode::Timeout => "timeout",
            ErrorCode::Internal => "internal",
            ErrorCode::TablesUnavailable => "tables_unavailable",
        }
    }
}

/// An error answered as JSON.
#[derive(Debug)]
pub struct ApiError {
    status: StatusCode,
    code: ErrorCode,
    message: String,
}

impl ApiError {
    /// An error answered with `status` and `code`.
    pub fn new(status: StatusCode, code: ErrorCode, message: impl Into<String>) -> ApiError {
        ApiError {
            status,
            code,
            message: message.into(),
        }
    }

    fn bad_request(code: ErrorCode, message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, code, message)
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let body = Json(json!({ "error": self.message, "code": self.code.name() }));
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
        let code = match rejection {
            JsonRejection::JsonSyntaxError(_) => ErrorCode::BadJson,
            JsonRejection::JsonDataError(_) => ErrorCode::BadFields,
            JsonRejection::MissingJsonContentType(_) => ErrorCode::UnsupportedMediaType,
            _ if rejection.status() == StatusCode::PAYLOAD_TOO_LARGE => ErrorCode::BodyTooLarge,
            _ => ErrorCode::BadRequest,
        };
        ApiError::new(rejection.status(), code, rejection.body_text())
    }
}

impl From<QueryRejection> for ApiError {
    fn from(rejection: QueryRejection) -> ApiError {
        ApiError::bad_request(ErrorCode::BadFields, rejection.body_text())
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
    ApiError::new(
        StatusCode::NOT_FOUND,
        ErrorCode::NotFound,
        format!("nothing at {}", uri.path()),
    )
}

/// A known path asked with the wrong method.
pub async fn method_not_allowed(method: Method, uri: Uri) -> ApiError {
    ApiError::new(
        StatusCode::METHOD_NOT_ALLOWED,
        ErrorCode::MethodNotAllowed,
        format!("{} does not answer {method}", uri.path()),
    )
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
        .map_err(|e| ApiError::bad_request(ErrorCode::BadSize, format!("size: {e}")))?;
    if size.cells() > MAX_SEARCH_CELLS {
        return Err(ApiError::bad_request(
            ErrorCode::BadSize,
            format!(
                "size: a {size} board has {} cells; at most {MAX_SEARCH_CELLS} are served",
                size.cells()
            ),
        ));
    }
    let goal = goal_of(query.goal.as_deref(), size).map_err(bad_input(ErrorCode::BadGoal))?;
    // Drawn below 2^53, so the page's JavaScript numbers carry it exactly.
    let seed = query
        .seed
        .unwrap_or_else(|| rand::thread_rng().gen_range(0..1u64 << 53));
    let mut rng = StdRng::seed_from_u64(seed);
    let board = match query.walk {
        Some(steps) if steps > MAX_WALK => {
            return Err(ApiError::bad_request(
                ErrorCode::BadLimit,
                format!("walk: {steps} steps is more than the {MAX_WALK} allowed"),
            ))
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
        Some(name) => name.parse().map_err(bad_input(ErrorCode::BadAlgorithm))?,
    };
    let heuristic = read_heuristic(request.heuristic.as_deref())?;
    let options = SolveOptions {
        algorithm,
        estimate: EstimateChoice::from(heuristic),
        ..request_options(
            &state.config,
            request.max_nodes,
            request.max_seconds,
            request.max_memory.as_ref(),
        )?
    };
    npuzzle::plan::validate(&goal, &options).map_err(solve_error)?;
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

/// Most events `/api/trace` returns (each is about 150 bytes of JSON).
pub const MAX_TRACE_EVENTS: usize = 20_000;

/// Events `/api/trace` returns unless the request asks for fewer or more.
pub const DEFAULT_TRACE_EVENTS: usize = 10_000;

/// `GET /api/trace` query and `POST /api/trace` body.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TraceRequest {
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
    /// Most events (default 10,000, at most 20,000).
    limit: Option<usize>,
    /// Lower the server's node limit for this search.
    max_nodes: Option<u64>,
    /// Lower the server's time limit for this search.
    max_seconds: Option<f64>,
    /// Lower the memory this search may take (bytes, or text such as "512M").
    max_memory: Option<Memory>,
}

/// `/api/trace` answer: the solve report of the traced search, the events as
/// `npuzzle trace --json` prints them, the limit and whether it cut the trace.
#[derive(Serialize)]
struct TraceResponse {
    #[serde(flatten)]
    report: SolveReport,
    limit: usize,
    truncated: bool,
    events: Vec<crate::trace_json::EventJson>,
}

/// `GET /api/trace?board=…&algorithm=bfs` with the request in the query.
pub async fn trace_get(
    State(state): State<AppState>,
    query: Result<Query<TraceRequest>, QueryRejection>,
) -> Result<impl IntoResponse, ApiError> {
    let Query(request) = query?;
    trace_answer(&state, request).await
}

/// `POST /api/trace` with the request as a JSON body.
pub async fn trace_post(
    State(state): State<AppState>,
    body: Result<Json<TraceRequest>, JsonRejection>,
) -> Result<impl IntoResponse, ApiError> {
    let Json(request) = body?;
    trace_answer(&state, request).await
}

/// The events of one bounded search, on a blocking thread.
async fn trace_answer(
    state: &AppState,
    request: TraceRequest,
) -> Result<Json<impl Serialize>, ApiError> {
    use npuzzle::trace::{trace, TraceError, TRACED};
    let (start, goal) = read_boards(&request.board, request.goal.as_deref(), request.size)?;
    // A name that is no algorithm gets the list of those traced, not of every algorithm.
    let algorithm: Algorithm = request.algorithm.parse().map_err(|_| {
        bad_input(ErrorCode::BadAlgorithm)(UnknownName::new(
            "algorithm",
            &request.algorithm,
            TRACED.map(Algorithm::name),
        ))
    })?;
    let heuristic = read_heuristic(request.heuristic.as_deref())?;
    let limit = request.limit.unwrap_or(DEFAULT_TRACE_EVENTS);
    if !(1..=MAX_TRACE_EVENTS).contains(&limit) {
        return Err(ApiError::bad_request(
            ErrorCode::BadLimit,
            format!("limit: {limit} events is not allowed: ask for 1 to {MAX_TRACE_EVENTS}"),
        ));
    }
    let options = SolveOptions {
        algorithm,
        estimate: EstimateChoice::from(heuristic),
        ..request_options(
            &state.config,
            request.max_nodes,
            request.max_seconds,
            request.max_memory.as_ref(),
        )?
    };
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
                .map(crate::trace_json::EventJson::new)
                .collect(),
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
    let mut options = request_options(
        &state.config,
        request.max_nodes,
        request.max_seconds,
        request.max_memory.as_ref(),
    )?;
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

/// Runs `work` on a blocking thread if a search slot is free, or answers 503 at once:
/// queueing would let a burst of requests pile up without bound. A request dropped
/// before its answer (its client gone, its time up) sets `cancel`, which `work`'s
/// search reads: the search stops within milliseconds and its slot is free again,
/// rather than at the search's own limit.
async fn run_search<T: Send + 'static>(
    state: &AppState,
    cancel: Option<CancelToken>,
    work: impl FnOnce() -> Result<T, ApiError> + Send + 'static,
) -> Result<T, ApiError> {
    let _stop_when_dropped = CancelOnDrop(cancel);
    let permit = state.searches.clone().try_acquire_owned().map_err(|_| {
        ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            ErrorCode::Busy,
            format!(
                "the server is busy: {} already running; try again shortly",
                counted(
                    state.config.max_concurrent as u64,
                    "search is",
                    "searches are"
                )
            ),
        )
    })?;
    tokio::task::spawn_blocking(move || {
        // Held until the search ends (soon after the request is dropped, see above).
        let _permit = permit;
        let answer = work();
        super::give_memory_back();
        answer
    })
    .await
    .map_err(|e| {
        ApiError::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            ErrorCode::Internal,
            format!("the search failed: {e}"),
        )
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

/// Sets its token when dropped: when the request holding it is dropped, whether or not
/// its search has ended (setting a finished search's token does nothing).
struct CancelOnDrop(Option<CancelToken>);

impl Drop for CancelOnDrop {
    fn drop(&mut self) {
        if let Some(token) = &self.0 {
            token.cancel();
        }
    }
}

/// The options every search of a request runs under: the server's limits (lowered where
/// the request asks), a token of its own ([`run_search`] sets it when the request is
/// dropped) and the cache, and no table builds — a build takes minutes on every core,
/// which no request limit bounds, so the operator builds tables beforehand (`npuzzle
/// stats`, `npuzzle pdb build`).
fn request_options(
    config: &ServerConfig,
    max_nodes: Option<u64>,
    max_seconds: Option<f64>,
    max_memory: Option<&Memory>,
) -> Result<SolveOptions, ApiError> {
    Ok(SolveOptions {
        limits: Limits {
            cancel: Some(CancelToken::new()),
            ..limits(config, max_nodes, max_seconds, max_memory)?
        },
        cache: config.cache.clone(),
        build_tables: false,
        ..SolveOptions::default()
    })
}

/// The server's limits, lowered where the request asks.
fn limits(
    config: &ServerConfig,
    max_nodes: Option<u64>,
    max_seconds: Option<f64>,
    max_memory: Option<&Memory>,
) -> Result<Limits, ApiError> {
    let asked =
        match max_memory {
            None => None,
            Some(Memory::Bytes(bytes)) => Some(*bytes),
            Some(Memory::Text(text)) => Some(npuzzle::memory::parse_bytes(text).map_err(|e| {
                ApiError::bad_request(ErrorCode::BadLimit, format!("max_memory: {e}"))
            })?),
        };
    // A budget no search fits in is refused, as the command line and Python refuse it.
    let asked = asked
        .map(npuzzle::memory::budget)
        .transpose()
        .map_err(|e| ApiError::bad_request(ErrorCode::BadLimit, format!("max_memory: {e}")))?;
    // Each running search has its share of the server's memory; a request may take less.
    let share = config
        .max_bytes
        .map(|total| total / config.max_concurrent.max(1) as u64);
    let max_bytes = match (share, asked) {
        (Some(share), Some(asked)) => Some(share.min(asked)),
        (share, asked) => share.or(asked),
    };
    let max_time = match max_seconds {
        Some(s) => time_limit(s)
            .map_err(|e| ApiError::bad_request(ErrorCode::BadLimit, format!("max_seconds: {e}")))?
            .min(config.max_time),
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
        .map_err(|e| ApiError::bad_request(ErrorCode::BadSize, format!("size: {e}")))?;
    let (start, _) = start_and_goal(board, None, size).map_err(bad_input(ErrorCode::BadBoard))?;
    let goal = goal_of(goal, start.size()).map_err(bad_input(ErrorCode::BadGoal))?;
    Ok((start, goal))
}

/// The heuristic a request names, if any.
fn read_heuristic(name: Option<&str>) -> Result<Option<HeuristicKind>, ApiError> {
    name.map(str::parse)
        .transpose()
        .map_err(bad_input(ErrorCode::BadHeuristic))
}

/// An error of the library answered by whose fault it is: 400 with `code` for the
/// request's; 500 `tables_unavailable` for the machine's (the server's cache), which no
/// change to the request mends.
fn refused(code: ErrorCode, fault: Fault, message: String) -> ApiError {
    match fault {
        Fault::Request => ApiError::bad_request(code, message),
        Fault::Environment => ApiError::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            ErrorCode::TablesUnavailable,
            message,
        ),
    }
}

/// A solve the library refused: options it does not take together (`bad_options`), or
/// tables the server cannot read ([`refused`]); the message with its causes.
fn solve_error(error: SolveError) -> ApiError {
    let fault = error.fault();
    refused(
        ErrorCode::BadOptions,
        fault,
        format!("{:#}", anyhow::Error::from(error)),
    )
}

/// Turns an error about the request's input into a 400 answer with `code`.
fn bad_input<E: Into<anyhow::Error>>(code: ErrorCode) -> impl FnOnce(E) -> ApiError {
    move |error| ApiError::bad_request(code, format!("{:#}", error.into()))
}
