//! What every request shares, read and checked: the body, the boards, the heuristic, and
//! the limits a request may lower but never raise.

use axum::extract::{FromRequest, FromRequestParts, Query, Request};
use axum::http::request::Parts;
use axum::http::StatusCode;
use axum::Json;
use npuzzle::answer::request::{LimitRequest, RequestError, RequestField, Spelling};
use npuzzle::search::Limits;
use npuzzle::util::cancel::CancelToken;
use npuzzle::{Board, HeuristicKind, Metric, MoveOrder, Size, SolveRequest};
use serde::de::DeserializeOwned;
use serde::Deserialize;
use serde_json::Value;

use super::error::{bad_input, ApiError, ErrorCode};
use super::fields::{self, Fields};
use crate::input::{goal_of, start_and_goal};
use crate::options::OptionsBuilder;
use crate::serve::ServerConfig;

/// A request's JSON body, which must be an object: any other JSON (`[]`, `null`, `3`) is
/// answered 422 `bad_fields` saying so in words, where serde would say what it expected
/// of a struct (`expected struct SolveBody with 12 elements`). Its fields are checked
/// against `T`'s ([`fields::check_object`]) before serde reads them, so that an error
/// names the field, what it must be and what was sent. Malformed JSON, a wrong content
/// type and a body over the limit are axum's, as [`ApiError`]'s `From<JsonRejection>`
/// answers them.
pub struct JsonObject<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned + Fields> FromRequest<S> for JsonObject<T> {
    type Rejection = ApiError;

    async fn from_request(request: Request, state: &S) -> Result<Self, ApiError> {
        let Json(value) = Json::<Value>::from_request(request, state).await?;
        let Value::Object(object) = &value else {
            let kind = match value {
                Value::Array(_) => "an array",
                Value::Null => "null",
                Value::Bool(_) => "true or false",
                Value::Number(_) => "a number",
                _ => "a string",
            };
            return Err(ApiError::new(
                StatusCode::UNPROCESSABLE_ENTITY,
                ErrorCode::BadFields,
                format!(
                    "the body must be a JSON object with a board, such as \
                     {{\"board\": \"1 2 3/4 0 5/7 8 6\"}}, not {kind}"
                ),
            ));
        };
        fields::check_object::<T>(object)?;
        read_checked(value).map(JsonObject)
    }
}

/// A request in the query string (`GET /api/trace?board=…`), its fields read and
/// checked as [`JsonObject`]'s are ([`fields::query_object`]).
pub struct QueryObject<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned + Fields> FromRequestParts<S> for QueryObject<T> {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, ApiError> {
        let Query(pairs) = Query::<Vec<(String, String)>>::from_request_parts(parts, state).await?;
        read_checked(fields::query_object::<T>(pairs)?).map(QueryObject)
    }
}

/// `T` from a JSON object whose fields were checked: serde then fails only where the
/// checks missed something, and is answered in its own words rather than not at all.
fn read_checked<T: DeserializeOwned>(value: Value) -> Result<T, ApiError> {
    serde_json::from_value(value).map_err(|e| {
        ApiError::new(
            StatusCode::UNPROCESSABLE_ENTITY,
            ErrorCode::BadFields,
            e.to_string(),
        )
    })
}

/// An amount of memory in a request: bytes, or text such as `"512M"`.
#[derive(Debug, Deserialize)]
#[serde(untagged)]
pub enum Memory {
    /// A number of bytes.
    Bytes(u64),
    /// `4G`, `512M`, … (see [`npuzzle::util::memory::parse_bytes`]).
    Text(String),
}

/// How the web API writes a request's fields: as its JSON fields (`pdb`,
/// `"all_optimal": true`), so that the library's refusal of a request reads in them.
pub struct JsonFields;

impl Spelling for JsonFields {
    fn name(&self, field: RequestField) -> String {
        field.plain_name().to_string()
    }

    fn switched_on(&self, field: RequestField) -> String {
        format!("\"{}\": true", field.plain_name())
    }

    fn switched_off(&self, field: RequestField) -> String {
        format!("\"{}\": false", field.plain_name())
    }
}

/// The library's refusal of a request, answered 400 in the request's fields: a limit out
/// of range is `bad_limit`, a rule between fields `bad_options`.
fn refused(error: &RequestError) -> ApiError {
    let code = match error {
        RequestError::BadValue { .. } => ErrorCode::BadLimit,
        _ => ErrorCode::BadOptions,
    };
    ApiError::bad_request(code, error.message(&JsonFields))
}

/// The limits a request asks for (`max_nodes`, `max_seconds`, `max_memory_nodes`,
/// `max_memory`), its memory read from bytes or text.
pub(super) fn read_limits(
    max_nodes: Option<u64>,
    max_seconds: Option<f64>,
    max_memory_nodes: Option<u64>,
    max_memory: Option<&Memory>,
) -> Result<LimitRequest, ApiError> {
    let max_memory = match max_memory {
        None => None,
        Some(Memory::Bytes(bytes)) => Some(*bytes),
        Some(Memory::Text(text)) => {
            Some(npuzzle::util::memory::parse_bytes(text).map_err(|e| {
                ApiError::bad_request(ErrorCode::BadLimit, format!("max_memory: {e}"))
            })?)
        }
    };
    Ok(LimitRequest {
        max_nodes,
        max_seconds,
        max_memory_nodes,
        max_memory,
    })
}

/// The options `request` asks for, under the server's limits (which a request may lower
/// but never raise: [`SolveRequest::options_under`]), to which each endpoint adds what
/// its request names: a token of its own (`run_search` sets it when the request is
/// dropped) and the cache, and no table builds — a build takes minutes on every core,
/// which no request limit bounds, so the operator builds tables beforehand (`npuzzle
/// stats`, `npuzzle pdb build`).
pub(super) fn request_options(
    config: &ServerConfig,
    request: &SolveRequest,
) -> Result<OptionsBuilder, ApiError> {
    // Each running search has its share of the server's memory.
    let share = config
        .max_bytes
        .map(|total| total / config.max_concurrent.max(1) as u64);
    let ceiling = Limits {
        max_expanded: Some(config.max_nodes),
        max_held: Some(config.max_held),
        max_bytes: share,
        max_time: Some(config.max_time),
        ..Limits::NONE
    };
    let options = request.options_under(ceiling).map_err(|e| refused(&e))?;
    Ok(OptionsBuilder::new(options)
        .stopped_by(CancelToken::new())
        .cache(config.cache.clone())
        .build_tables(false))
}

/// The threads a request's search runs on: those it asks for (0: the most), at most the
/// server's share of the cores a search ([`ServerConfig::threads_per_search`]); one
/// where it asks for none.
pub(super) fn read_threads(config: &ServerConfig, threads: Option<usize>) -> usize {
    let most = config.threads_per_search();
    match threads {
        None => 1,
        Some(0) => most,
        Some(n) => n.min(most),
    }
}

/// The start board and its goal. Unlike the command line, never reads stdin for "-".
pub(super) fn read_boards(
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

/// The move order a request names, else the default (l, r, d, u).
pub(super) fn read_order(text: Option<&str>) -> Result<MoveOrder, ApiError> {
    let order = text
        .map(str::parse::<MoveOrder>)
        .transpose()
        .map_err(|e| ApiError::bad_request(ErrorCode::BadOrder, format!("order: {e}")))?;
    Ok(order.unwrap_or_default())
}

/// The metric a request names, else the single-tile one.
pub(super) fn read_metric(name: Option<&str>) -> Result<Metric, ApiError> {
    name.map(str::parse::<Metric>)
        .transpose()
        .map_err(|e| ApiError::bad_request(ErrorCode::BadMetric, format!("metric: {e}")))
        .map(Option::unwrap_or_default)
}

/// The heuristic a request names, if any.
pub(super) fn read_heuristic(name: Option<&str>) -> Result<Option<HeuristicKind>, ApiError> {
    name.map(str::parse)
        .transpose()
        .map_err(bad_input(ErrorCode::BadHeuristic))
}
