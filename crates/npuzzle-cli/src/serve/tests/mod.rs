//! The API in-process: every endpoint, every error status, and each robustness limit, a
//! file an endpoint or concern; the requests and answers they all use are here.

use std::time::{Duration, Instant};

use axum::body::{to_bytes, Body};
use axum::http::{header, Request, StatusCode};
use axum::Router;
use npuzzle::{is_solvable, parse_board, Algorithm, Board};
use serde_json::{json, Value};
use tower::ServiceExt;

use super::{router, AppState, ServerConfig, SCRIPTS};

mod analyse;
mod capacity;
mod compare;
mod errors;
mod page;
mod random;
mod solve;
mod trace;

/// A hardest 8-puzzle (31 moves): slow for uninformed searches.
const HARD_3X3: &str = "8 6 7/2 5 4/3 0 1";

/// A 4x4 board far from the goal: IDDFS on it runs until a limit stops it.
const HARD_4X4: &str = "0 12 9 13/15 11 10 14/3 7 2 5/4 8 6 1";

fn app(config: ServerConfig) -> (Router, AppState) {
    let state = AppState::new(config);
    (router(state.clone()), state)
}

fn default_app() -> Router {
    app(ServerConfig::default()).0
}

fn post_json(path: &str, body: &Value) -> Request<Body> {
    post_raw(path, body.to_string())
}

fn post_raw(path: &str, body: String) -> Request<Body> {
    Request::post(path)
        .header(header::CONTENT_TYPE, "application/json")
        .body(Body::from(body))
        .unwrap()
}

fn get(path: &str) -> Request<Body> {
    Request::get(path).body(Body::empty()).unwrap()
}

/// Sends one request; the status and the body as JSON (every API answer is JSON).
async fn call(app: Router, request: Request<Body>) -> (StatusCode, Value) {
    let response = app.oneshot(request).await.unwrap();
    let status = response.status();
    let bytes = to_bytes(response.into_body(), 16 << 20).await.unwrap();
    let body = serde_json::from_slice(&bytes)
        .unwrap_or_else(|e| panic!("not JSON ({e}): {}", String::from_utf8_lossy(&bytes)));
    (status, body)
}

/// Asserts a JSON error with `status` whose message contains `words`.
async fn assert_error(app: Router, request: Request<Body>, status: StatusCode, words: &str) {
    let (got, body) = call(app, request).await;
    assert_eq!(got, status, "{body}");
    let message = body["error"].as_str().expect("an error message");
    assert!(message.contains(words), "'{message}' lacks '{words}'");
    let code = body["code"].as_str().expect("an error code");
    assert!(ERROR_CODES.contains(&code), "unknown code {code}");
}

/// Every `code` docs/API.md lists.
const ERROR_CODES: &[&str] = &[
    "bad_request",
    "bad_board",
    "bad_goal",
    "bad_size",
    "bad_algorithm",
    "bad_heuristic",
    "bad_pdb",
    "bad_limit",
    "bad_order",
    "bad_metric",
    "bad_moves",
    "unreachable",
    "gave_up",
    "bad_options",
    "bad_json",
    "bad_fields",
    "unsupported_media_type",
    "body_too_large",
    "body_timeout",
    "not_found",
    "method_not_allowed",
    "busy",
    "timeout",
    "internal",
    "tables_unavailable",
];

/// The `code` of an error answer to `request`.
async fn error_code(app: Router, request: Request<Body>) -> (StatusCode, String) {
    let (status, body) = call(app, request).await;
    (
        status,
        body["code"].as_str().unwrap_or("(none)").to_string(),
    )
}
