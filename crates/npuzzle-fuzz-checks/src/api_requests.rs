//! The web API's requests: JSON bodies and query strings, answered in process as
//! `npuzzle serve` answers them (under small limits, so every search is quick). The first
//! byte chooses: 0 `POST /api/solve`, 1 `POST /api/compare` (the rest is the body), 2 `GET
//! /api/random?` and the rest as its query, 3 any method and URI (the rest's first line is
//! `METHOD URI`, then the body).

use std::sync::OnceLock;
use std::time::Duration;

use npuzzle::{is_solvable, parse_board, parse_moves};
use npuzzle_cli::fuzzing::{Answer, Api};
use npuzzle_cli::serve::ServerConfig;
use serde_json::Value;

use crate::{choose, first_line};

/// The API every check asks, made once per process.
fn api() -> &'static Api {
    static API: OnceLock<Api> = OnceLock::new();
    API.get_or_init(|| {
        // A cache directory with nothing in it: no request finds tables, none builds them.
        let empty = std::env::temp_dir().join(format!("npuzzle-fuzz-api-{}", std::process::id()));
        Api::new(ServerConfig {
            max_nodes: 20_000,
            max_held: 20_000,
            max_time: Duration::from_millis(200),
            cache: Some(npuzzle::tables::cache::Cache::new(empty)),
            ..ServerConfig::default()
        })
    })
}

/// Feeds `bytes` to the API (see the module documentation).
///
/// # Panics
/// When the API breaks its promise: every answer is JSON (but the page and its assets),
/// carries the security headers, is never a server error, says what is wrong when it is
/// an error, and when it is a solution, the moves lead from the board to the goal.
pub fn check(bytes: &[u8]) {
    let (choice, rest) = choose(bytes, 4);
    let answer = match choice {
        0 => api().request(b"POST", b"/api/solve", true, rest.to_vec()),
        1 => api().request(b"POST", b"/api/compare", true, rest.to_vec()),
        2 => {
            let mut uri = b"/api/random?".to_vec();
            uri.extend_from_slice(rest);
            api().request(b"GET", &uri, false, Vec::new())
        }
        _ => {
            let text = String::from_utf8_lossy(rest);
            let (head, body) = first_line(&text);
            let (method, uri) = head.split_once(' ').unwrap_or((head, "/"));
            api().request(
                method.as_bytes(),
                uri.as_bytes(),
                true,
                body.as_bytes().to_vec(),
            )
        }
    };
    // A method or URI no HTTP server would take never reaches the API.
    let Some(answer) = answer else { return };
    assert!(
        answer.headers.contains_key("content-security-policy")
            && answer.headers["x-content-type-options"] == "nosniff",
        "{answer:?}"
    );
    assert!(answer.status < 500, "a server error: {answer:?}");
    let is_json = answer
        .headers
        .get("content-type")
        .is_some_and(|t| t.as_bytes().starts_with(b"application/json"));
    if !is_json {
        assert_eq!(answer.status, 200, "an error that is not JSON: {answer:?}");
        return;
    }
    let body: Value = serde_json::from_slice(&answer.body)
        .unwrap_or_else(|e| panic!("not JSON ({e}): {answer:?}"));
    if answer.status >= 400 {
        let message = body["error"].as_str().expect("an error says what is wrong");
        assert!(!message.is_empty());
        return;
    }
    match choice {
        0 => solved_right(&body, &answer),
        1 => {
            for run in body["runs"].as_array().expect("runs") {
                let mut run = run.clone();
                run["board"] = body["board"].clone();
                run["goal"] = body["goal"].clone();
                solved_right(&run, &answer);
            }
        }
        2 => {
            let board = parse_board(body["board"].as_str().expect("a board"), None);
            let goal = parse_board(body["goal"].as_str().expect("a goal"), None);
            let (board, goal) = (board.expect("a valid board"), goal.expect("a valid goal"));
            assert!(is_solvable(&board, &goal), "{body}");
        }
        _ => {}
    }
}

/// A solve report whose moves, when it is solved, lead from its board to its goal.
fn solved_right(report: &Value, answer: &Answer) {
    let status = report["status"].as_str().expect("a status");
    assert!(
        ["solved", "unsolvable", "gave-up"].contains(&status),
        "{answer:?}"
    );
    if status != "solved" {
        return;
    }
    let size = report["size"].as_str().and_then(|s| s.parse().ok());
    let board = parse_board(report["board"].as_str().expect("a board"), size);
    let goal = parse_board(report["goal"].as_str().expect("a goal"), size);
    let (mut board, goal) = (board.expect("a valid board"), goal.expect("a valid goal"));
    let moves = parse_moves(report["moves"].as_str().expect("moves")).expect("valid moves");
    assert_eq!(
        Some(moves.len() as u64),
        report["length"].as_u64(),
        "{report}"
    );
    board.apply_all(&moves).expect("every move is legal");
    assert_eq!(board, goal, "{report}");
}
