//! The API in-process: every endpoint, every error status, and each robustness limit.

use std::time::{Duration, Instant};

use axum::body::{to_bytes, Body};
use axum::http::{header, Request, StatusCode};
use axum::Router;
use npuzzle::{is_solvable, parse_board, Algorithm, Board};
use serde_json::{json, Value};
use tower::ServiceExt;

use super::{router, AppState, ServerConfig, SCRIPTS};

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
    "bad_limit",
    "bad_order",
    "bad_metric",
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

/// The page shows a Chinese reader the message of each code from its catalogue (and
/// falls back to the server's English sentence without one): every code has one in both.
#[test]
fn every_error_code_has_its_message_in_both_of_the_pages_languages() {
    let catalogues = include_str!("page/catalogues.js");
    for code in ERROR_CODES {
        let key = format!("err_{code}:");
        assert_eq!(
            catalogues.matches(&key).count(),
            2,
            "{key} should be in the English and the Chinese catalogue"
        );
    }
}

/// The `code` of an error answer to `request`.
async fn error_code(app: Router, request: Request<Body>) -> (StatusCode, String) {
    let (status, body) = call(app, request).await;
    (
        status,
        body["code"].as_str().unwrap_or("(none)").to_string(),
    )
}

#[tokio::test]
async fn errors_carry_stable_codes() {
    let cases = [
        (
            post_json("/api/solve", &json!({"board": "1 2 3/4 5"})),
            "bad_board",
        ),
        (
            post_json("/api/solve", &json!({"board": "283104765", "goal": "12"})),
            "bad_goal",
        ),
        (
            post_json(
                "/api/solve",
                &json!({"board": "283104765", "algorithm": "dfs"}),
            ),
            "bad_algorithm",
        ),
        (
            post_json(
                "/api/solve",
                &json!({"board": "283104765", "heuristic": "x"}),
            ),
            "bad_heuristic",
        ),
        (
            post_json(
                "/api/solve",
                &json!({"board": "283104765", "algorithm": "bfs", "heuristic": "manhattan"}),
            ),
            "bad_options",
        ),
        (
            post_json(
                "/api/solve",
                &json!({"board": "283104765", "max_seconds": -1}),
            ),
            "bad_limit",
        ),
        (
            post_json(
                "/api/solve",
                &json!({"board": "283104765", "order": "lrdd"}),
            ),
            "bad_order",
        ),
        (
            post_json(
                "/api/solve",
                &json!({"board": "283104765", "metric": "htm"}),
            ),
            "bad_metric",
        ),
        (
            get("/api/trace?board=283104765&algorithm=bfs&order=x"),
            "bad_order",
        ),
        (post_raw("/api/solve", "{".into()), "bad_json"),
        (
            post_json("/api/solve", &json!({"board": "283104765", "colour": 1})),
            "bad_fields",
        ),
        (get("/api/random?size=zz"), "bad_size"),
        (get("/nowhere"), "not_found"),
        (get("/api/solve"), "method_not_allowed"),
        (
            get("/api/trace?board=283104765&algorithm=bfs&limit=20001"),
            "bad_limit",
        ),
        (
            get("/api/trace?board=283104765&algorithm=table"),
            "bad_algorithm",
        ),
    ];
    for (request, want) in cases {
        let (status, code) = error_code(default_app(), request).await;
        assert!(status.is_client_error(), "{want}: {status}");
        assert_eq!(code, want);
    }
}

/// `"order"` reaches the library: every order's answer is the library's in that order,
/// the orders choose more than one path, and a trace generates children in the order.
#[tokio::test]
async fn the_move_order_reaches_solve_and_trace() {
    let start = parse_board(HARD_3X3, None).unwrap();
    let goal = Board::goal(start.size());
    let mut paths = std::collections::HashSet::new();
    for order in npuzzle::MoveOrder::all() {
        let options = npuzzle::SolveOptions {
            order: order.moves(),
            ..npuzzle::SolveOptions::default()
        };
        let want = npuzzle::solve(&start, &goal, &options).unwrap().moves;
        let (status, body) = call(
            default_app(),
            post_json(
                "/api/solve",
                &json!({"board": HARD_3X3, "order": order.to_string()}),
            ),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        assert_eq!(body["moves"], npuzzle::moves_to_string(&want), "{order}");
        paths.insert(want);
    }
    assert!(paths.len() > 1, "every order gave one path");
    for order in ["dlru", "urdl"] {
        let (status, body) = call(
            default_app(),
            get(&format!(
                "/api/trace?board=123405678&algorithm=bfs&limit=5&order={order}"
            )),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        let children: String = body["events"].as_array().unwrap()[1..]
            .iter()
            .map(|e| e["move"].as_str().unwrap())
            .collect();
        assert_eq!(children, order);
    }
    assert_error(
        default_app(),
        post_json(
            "/api/solve",
            &json!({"board": "283104765", "order": "lrxu"}),
        ),
        StatusCode::BAD_REQUEST,
        "order: 'x' at position 3 is not a move (l, r, d, u)",
    )
    .await;
}

/// `"metric"` reaches the library: the answer is the library's in that metric, lengths
/// count in it (a run of tiles is one multi-tile move), and a bad name is refused
/// naming it.
#[tokio::test]
async fn the_metric_reaches_solve() {
    for board in [HARD_3X3, "1 2 3/4 5 6/0 7 8", "4 1 3/7 2 6/0 5 8"] {
        let start = parse_board(board, None).unwrap();
        let goal = Board::goal(start.size());
        for metric in npuzzle::Metric::ALL {
            let options = npuzzle::SolveOptions {
                metric,
                ..npuzzle::SolveOptions::default()
            };
            let want = npuzzle::solve(&start, &goal, &options).unwrap();
            let (status, body) = call(
                default_app(),
                post_json(
                    "/api/solve",
                    &json!({"board": board, "metric": metric.name()}),
                ),
            )
            .await;
            assert_eq!(status, StatusCode::OK, "{body}");
            assert_eq!(body["metric"], metric.name());
            assert_eq!(
                body["moves"],
                npuzzle::moves_to_string(&want.moves),
                "{metric}"
            );
            assert_eq!(body["length"], metric.length(&want.moves), "{metric}");
        }
    }
    let (_, stm) = call(
        default_app(),
        post_json("/api/solve", &json!({"board": "1 2 3/4 5 6/0 7 8"})),
    )
    .await;
    assert_eq!((&stm["metric"], &stm["length"]), (&json!("stm"), &json!(2)));
    let (_, mtm) = call(
        default_app(),
        post_json(
            "/api/solve",
            &json!({"board": "1 2 3/4 5 6/0 7 8", "metric": "mtm"}),
        ),
    )
    .await;
    assert_eq!(
        (&mtm["length"], &mtm["tile_moves"]),
        (&json!(1), &json!("L2"))
    );
    assert_error(
        default_app(),
        post_json(
            "/api/solve",
            &json!({"board": "283104765", "metric": "htm"}),
        ),
        StatusCode::BAD_REQUEST,
        "metric: unknown metric 'htm' (stm, mtm)",
    )
    .await;
}

#[tokio::test]
async fn trace_answers_get_and_post_with_the_cli_events() {
    let (status, body) = call(
        default_app(),
        get("/api/trace?board=283104765&goal=123804765&algorithm=bfs"),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let events = body["events"].as_array().unwrap();
    assert_eq!(events.len(), 21);
    assert_eq!(events[0]["board"], "2 8 3/1 0 4/7 6 5");
    assert_eq!(events[20]["event"], "goal");
    assert_eq!(
        (body["status"].as_str(), body["length"].as_u64()),
        (Some("solved"), Some(4))
    );
    assert_eq!(body["truncated"], false);
    let (status, body) = call(
        default_app(),
        post_json(
            "/api/trace",
            &json!({"board": HARD_3X3, "algorithm": "bfs", "limit": 20000}),
        ),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let events = body["events"].as_array().unwrap();
    assert_eq!(events.len(), 20_000);
    assert_eq!(events[19_999]["expanded"], 20_000);
    assert_eq!(body["truncated"], true);
    assert_eq!(body["limit"], 20_000);
}

/// Cut by its own event limit, a trace says so as `npuzzle trace` does, never as a node
/// limit nobody set; a node limit the request set is named as such.
#[tokio::test]
async fn a_trace_cut_at_its_event_limit_says_so() {
    for (request, said) in [
        (
            json!({"board": HARD_3X3, "algorithm": "bfs", "limit": 50}),
            "stopped at the limit of 50 events",
        ),
        (
            json!({"board": HARD_3X3, "algorithm": "idastar", "limit": 1}),
            "stopped at the limit of 1 event",
        ),
        (
            json!({"board": HARD_3X3, "algorithm": "bfs", "limit": 50, "max_nodes": 20}),
            "gave up: node limit of 20 expanded nodes reached",
        ),
    ] {
        let (status, body) = call(default_app(), post_json("/api/trace", &request)).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        assert_eq!(body["status"], "gave-up", "{body}");
        assert_eq!(body["gave_up"], said, "{request}");
    }
}

/// A name `/api/trace` does not take is answered with the searches it does take.
#[tokio::test]
async fn a_trace_of_an_unknown_algorithm_lists_only_the_traced_ones() {
    let (status, body) = call(
        default_app(),
        get("/api/trace?board=283104765&algorithm=dfs"),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert_eq!(body["code"], "bad_algorithm");
    assert_eq!(
        body["error"],
        "unknown algorithm 'dfs' (bfs, bidirectional, astar, idastar, iddfs)"
    );
}

/// The API table (docs/API.md) states the longest walk `/api/random` takes, and the
/// server holds to it.
#[tokio::test]
async fn the_walk_cap_is_the_readmes() {
    let readme = include_str!("../../../../docs/API.md");
    let row = readme
        .lines()
        .find(|l| l.starts_with("| `GET /api/random"))
        .expect("the API table's /api/random row");
    let grouped = |n: usize| {
        let digits = n.to_string();
        let mut out = String::new();
        for (i, c) in digits.chars().enumerate() {
            if i > 0 && (digits.len() - i) % 3 == 0 {
                out.push(',');
            }
            out.push(c);
        }
        out
    };
    assert!(
        row.contains(&format!("at most {}", grouped(super::api::MAX_WALK))),
        "{row}"
    );
    let at_cap = format!("/api/random?walk={}", super::api::MAX_WALK);
    assert_eq!(call(default_app(), get(&at_cap)).await.0, StatusCode::OK);
    let over = format!("/api/random?walk={}", super::api::MAX_WALK + 1);
    assert_error(default_app(), get(&over), StatusCode::BAD_REQUEST, "walk").await;
}

#[tokio::test]
async fn the_favicon_is_served() {
    let response = default_app().oneshot(get("/favicon.ico")).await.unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(response.headers()[header::CONTENT_TYPE], "image/x-icon");
    let icon = to_bytes(response.into_body(), 1 << 20).await.unwrap();
    // An icon directory of one image, and that image a PNG.
    assert_eq!(&icon[..6], &[0, 0, 1, 0, 1, 0]);
    let offset = u32::from_le_bytes(icon[18..22].try_into().unwrap()) as usize;
    assert!(icon[offset..].starts_with(b"\x89PNG\r\n\x1a\n"));
}

#[tokio::test]
async fn health_and_page() {
    let (status, body) = call(default_app(), get("/api/health")).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body["status"], "ok");
    for (path, kind, marker) in [
        ("/", "text/html", "<script type=\"module\" src=\"/app.js\">"),
        ("/app.js", "text/javascript", "from \"./board.js\""),
        ("/solve.js", "text/javascript", "async function solve"),
        ("/app.css", "text/css", ".board"),
    ] {
        let response = default_app().oneshot(get(path)).await.unwrap();
        assert_eq!(response.status(), StatusCode::OK, "{path}");
        let content_type = response.headers()[header::CONTENT_TYPE].to_str().unwrap();
        assert!(content_type.starts_with(kind), "{path}: {content_type}");
        let text = to_bytes(response.into_body(), 1 << 20).await.unwrap();
        assert!(String::from_utf8_lossy(&text).contains(marker), "{path}");
    }
}

/// The modules a page script imports, statically (`from "./x.js"`) and when asked
/// (`import("./x.js")`), as the paths they are served at.
fn imported_modules(source: &str) -> (Vec<String>, Vec<String>) {
    let after = |marker: &str| {
        source
            .split(marker)
            .skip(1)
            .map(|rest| format!("/{}", &rest[..rest.find('"').unwrap()]))
            .collect::<Vec<_>>()
    };
    (after("from \"./"), after("import(\"./"))
}

/// Every module the page's scripts import is served as JavaScript (a browser refuses a
/// module of another type), every one served is imported, the self-test only on request,
/// and none of them is too long to read.
#[tokio::test]
async fn every_page_module_is_served_as_javascript_and_imported() {
    let served: Vec<&str> = SCRIPTS.iter().map(|(path, _)| *path).collect();
    let mut reached = vec!["/app.js".to_string()];
    let mut on_request = Vec::new();
    for (path, source) in SCRIPTS {
        assert!(source.lines().count() <= 700, "{path} is over 700 lines");
        let (imports, dynamic) = imported_modules(source);
        for module in imports.iter().chain(&dynamic) {
            assert!(
                served.contains(&module.as_str()),
                "{path} imports {module}, not served"
            );
        }
        reached.extend(imports);
        on_request.extend(dynamic);
    }
    assert_eq!(on_request, ["/selftest.js"]);
    assert!(
        !reached.contains(&"/selftest.js".to_string()),
        "the self-test is imported eagerly"
    );
    for path in served {
        assert!(
            reached.iter().chain(&on_request).any(|m| m == path),
            "{path} is served but nothing imports it"
        );
        let response = default_app().oneshot(get(path)).await.unwrap();
        assert_eq!(response.status(), StatusCode::OK, "{path}");
        let content_type = response.headers()[header::CONTENT_TYPE].to_str().unwrap();
        assert_eq!(content_type, "text/javascript; charset=utf-8", "{path}");
    }
}

#[tokio::test]
async fn solve_returns_the_report_and_the_boards() {
    let request = json!({"board": "283104765", "goal": "123804765", "algorithm": "astar",
                         "heuristic": "manhattan", "boards": true});
    let (status, body) = call(default_app(), post_json("/api/solve", &request)).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    // The same object `npuzzle solve --json` prints, plus the boards.
    for field in [
        "board",
        "goal",
        "size",
        "solvable",
        "status",
        "gave_up",
        "length",
        "moves",
        "tile_moves",
    ] {
        assert!(body.get(field).is_some(), "missing {field}: {body}");
    }
    assert_eq!(body["status"], "solved");
    assert_eq!(body["length"], 4);
    assert_eq!(body["tile_moves"], "DRUL");
    assert_eq!(body["optimal"], true);
    assert_eq!(body["algorithm"], "astar");
    assert_eq!(body["heuristic"], "manhattan");
    assert!(body["stats"]["expanded"].as_u64().unwrap() > 0);
    let boards: Vec<&str> = body["boards"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| b.as_str().unwrap())
        .collect();
    assert_eq!(boards.len(), 5);
    assert_eq!(boards[0], "2 8 3/1 0 4/7 6 5");
    assert_eq!(boards[4], "1 2 3/8 0 4/7 6 5");

    // Without "boards", none are sent; unsolvable is an answer, not an error.
    let request = json!({"board": "1 2 3/4 5 6/8 7 0"});
    let (status, body) = call(default_app(), post_json("/api/solve", &request)).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body["status"], "unsolvable");
    assert!(body.get("boards").is_none());
}

#[tokio::test]
async fn bad_requests_are_json_4xx() {
    let solve = |body: Value| post_json("/api/solve", &body);
    let cases = [
        (
            solve(json!({"board": "1 2 3/4 5"})),
            StatusCode::BAD_REQUEST,
            "row 2",
        ),
        (
            solve(json!({"board": "1 1 2 3"})),
            StatusCode::BAD_REQUEST,
            "appears twice",
        ),
        (
            solve(json!({"board": "123456780", "goal": "1234"})),
            StatusCode::BAD_REQUEST,
            "goal",
        ),
        (
            solve(json!({"board": "123456780", "algorithm": "dfs"})),
            StatusCode::BAD_REQUEST,
            "unknown algorithm 'dfs'",
        ),
        (
            solve(json!({"board": "123456780", "heuristic": "x"})),
            StatusCode::BAD_REQUEST,
            "unknown heuristic",
        ),
        (
            solve(json!({"board": "123456780", "max_seconds": -1})),
            StatusCode::BAD_REQUEST,
            "max_seconds",
        ),
        (
            solve(json!({"board": "1 2 3 0", "size": "9x"})),
            StatusCode::BAD_REQUEST,
            "size",
        ),
        (
            solve(json!({"board": 5})),
            StatusCode::UNPROCESSABLE_ENTITY,
            "board",
        ),
        (
            solve(json!({"bord": "123456780"})),
            StatusCode::UNPROCESSABLE_ENTITY,
            "bord",
        ),
        (
            post_raw("/api/solve", "{\"board\":".into()),
            StatusCode::BAD_REQUEST,
            "JSON",
        ),
        (
            Request::post("/api/solve").body(Body::from("{}")).unwrap(),
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "Content-Type",
        ),
        (get("/api/solve"), StatusCode::METHOD_NOT_ALLOWED, "GET"),
        (get("/api/nothing"), StatusCode::NOT_FOUND, "/api/nothing"),
        (
            get("/api/random?size=banana"),
            StatusCode::BAD_REQUEST,
            "banana",
        ),
        (
            get("/api/random?size=100x100"),
            StatusCode::BAD_REQUEST,
            "10000 cells",
        ),
        (
            get("/api/random?seed=minus"),
            StatusCode::BAD_REQUEST,
            "seed",
        ),
        (
            get("/api/random?walk=1000000000"),
            StatusCode::BAD_REQUEST,
            "walk",
        ),
        (
            get("/api/random?colour=red"),
            StatusCode::BAD_REQUEST,
            "colour",
        ),
        (
            post_json("/api/compare", &json!({"board": "1 2 3"})),
            StatusCode::BAD_REQUEST,
            "square",
        ),
    ];
    for (request, status, words) in cases {
        assert_error(default_app(), request, status, words).await;
    }
}

#[tokio::test]
async fn oversized_bodies_are_refused() {
    let config = ServerConfig {
        body_limit: 1024,
        ..ServerConfig::default()
    };
    let padding = "0 ".repeat(2000);
    let request = post_json("/api/solve", &json!({ "board": padding }));
    assert_error(
        app(config.clone()).0,
        request,
        StatusCode::PAYLOAD_TOO_LARGE,
        "length limit",
    )
    .await;
    // Just under the limit is read (and then judged on its merits).
    let request = post_json("/api/solve", &json!({ "board": "8 6 7/2 5 4/3 0 1" }));
    let (status, _) = call(app(config).0, request).await;
    assert_eq!(status, StatusCode::OK);
}

#[tokio::test]
async fn requests_can_lower_the_limits_but_not_raise_them() {
    let config = ServerConfig {
        max_nodes: 500,
        ..ServerConfig::default()
    };
    // Asking for more than the server allows gets the server's limit.
    let request = json!({"board": HARD_3X3, "algorithm": "bfs", "max_nodes": 1_000_000_000u64});
    let (status, body) = call(app(config.clone()).0, post_json("/api/solve", &request)).await;
    assert_eq!(status, StatusCode::OK);
    // Stopped at the limit, with the best answer found beside the optimal search.
    assert_eq!(body["status"], "bounded");
    assert!(body["gave_up"].as_str().unwrap().contains("500"), "{body}");
    // Asking for less gets less.
    let request = json!({"board": HARD_3X3, "algorithm": "bfs", "max_nodes": 20});
    let (_, body) = call(app(config).0, post_json("/api/solve", &request)).await;
    assert!(body["gave_up"].as_str().unwrap().contains("20 "), "{body}");
    // The search's 20 (one more at most), and a third as many for the upper bound.
    assert!(body["stats"]["expanded"].as_u64().unwrap() <= 21 + 20 / 3);
}

#[tokio::test]
async fn the_time_limit_stops_a_long_search() {
    let config = ServerConfig {
        max_nodes: u64::MAX,
        max_time: Duration::from_millis(300),
        ..ServerConfig::default()
    };
    let started = Instant::now();
    let request = json!({"board": HARD_4X4, "algorithm": "iddfs", "max_seconds": 3600});
    let (status, body) = call(app(config).0, post_json("/api/solve", &request)).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body["status"], "bounded");
    assert!(
        body["gave_up"]
            .as_str()
            .unwrap()
            .contains("time limit of 0.300"),
        "{body}"
    );
    assert!(started.elapsed() < Duration::from_secs(5));
}

#[tokio::test]
async fn a_big_board_spends_only_the_time_its_request_gives() {
    let board = "30 13 18 3 24 23/16 32 31 33 11 27/5 7 1 15 6 28/22 34 35 21 19 2/10 14 4 20 12 29/17 9 26 8 25 0";
    let started = Instant::now();
    let (status, body) = call(
        default_app(),
        post_json("/api/solve", &json!({"board": board})),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(
        (body["status"].as_str(), body["algorithm"].as_str()),
        (Some("solved"), Some("constructive"))
    );
    assert!(
        started.elapsed() < Duration::from_secs(2),
        "the server's limit spent"
    );
    let constructed = body["length"].as_u64().unwrap();
    let request = json!({"board": board, "max_seconds": 1});
    let (status, body) = call(default_app(), post_json("/api/solve", &request)).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["status"], "bounded", "{body}");
    let (length, lower) = (
        body["length"].as_u64().unwrap(),
        body["lower_bound"].as_u64().unwrap(),
    );
    assert!(
        lower <= length && length < constructed,
        "{lower} {length} {constructed}"
    );
    assert_eq!(body["gap"].as_u64(), Some(length - lower));
}

/// A search that holds its slot for about `seconds` (IDDFS on a far 4x4 board).
fn slow_solve(seconds: f64) -> Request<Body> {
    post_json(
        "/api/solve",
        &json!({"board": HARD_4X4, "algorithm": "iddfs", "max_seconds": seconds}),
    )
}

/// A server whose searches end by the clock alone (so slow ones really are slow).
fn time_bound_config(max_concurrent: usize) -> ServerConfig {
    ServerConfig {
        max_nodes: u64::MAX,
        max_concurrent,
        ..ServerConfig::default()
    }
}

/// Waits (bounded) until `n` search slots are taken.
async fn until_busy(state: &AppState, n: usize) {
    let deadline = Instant::now() + Duration::from_secs(5);
    while state.config.max_concurrent - state.searches.available_permits() < n {
        assert!(Instant::now() < deadline, "the searches never started");
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
}

// A single-threaded runtime: if a search ran on the async thread, nothing else could be
// answered until it ended.
#[tokio::test(flavor = "current_thread")]
async fn searches_run_off_the_async_threads() {
    let (app, state) = app(time_bound_config(1));
    let slow = tokio::spawn(call(app.clone(), slow_solve(3.0)));
    until_busy(&state, 1).await;
    let started = Instant::now();
    let (status, _) = call(app, get("/api/health")).await;
    assert_eq!(status, StatusCode::OK);
    assert!(started.elapsed() < Duration::from_secs(1));
    assert!(
        !slow.is_finished(),
        "the slow search ended too soon to prove anything"
    );
    let (status, body) = slow.await.unwrap();
    assert_eq!(
        (status, body["status"].as_str()),
        (StatusCode::OK, Some("bounded"))
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn searches_over_the_cap_are_answered_503_at_once() {
    let (app, state) = app(time_bound_config(2));
    let running: Vec<_> = (0..2)
        .map(|_| tokio::spawn(call(app.clone(), slow_solve(3.0))))
        .collect();
    until_busy(&state, 2).await;
    for request in [
        slow_solve(1.0),
        post_json("/api/compare", &json!({"board": "283104765"})),
    ] {
        let started = Instant::now();
        let response = app.clone().oneshot(request).await.unwrap();
        assert_eq!(response.status(), StatusCode::SERVICE_UNAVAILABLE);
        assert_eq!(response.headers()[header::RETRY_AFTER], "1");
        assert!(
            started.elapsed() < Duration::from_secs(1),
            "queued, not refused"
        );
    }
    // Cheap requests are still answered while the searches run.
    assert_eq!(
        call(app.clone(), get("/api/random")).await.0,
        StatusCode::OK
    );
    for search in running {
        assert_eq!(search.await.unwrap().0, StatusCode::OK);
    }
    // The slots come back when the searches end.
    let request = post_json("/api/solve", &json!({"board": "283104765"}));
    assert_eq!(call(app, request).await.0, StatusCode::OK);
}

#[tokio::test]
async fn random_boards_are_seeded_and_solvable() {
    let (status, a) = call(default_app(), get("/api/random?size=4x4&seed=7")).await;
    assert_eq!(status, StatusCode::OK);
    let (_, b) = call(default_app(), get("/api/random?size=4x4&seed=7")).await;
    assert_eq!(a, b);
    assert_eq!(a["seed"], 7);
    let board = parse_board(a["board"].as_str().unwrap(), None).unwrap();
    assert!(is_solvable(&board, &Board::goal(board.size())));

    // With a goal, boards reach that goal; an unseeded request says which seed it drew.
    let (status, c) = call(
        default_app(),
        get("/api/random?size=3x3&goal=1%202%203/8%200%204/7%206%205"),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert!(c["seed"].is_u64());
    let board = parse_board(c["board"].as_str().unwrap(), None).unwrap();
    let goal = parse_board("1 2 3/8 0 4/7 6 5", None).unwrap();
    assert!(is_solvable(&board, &goal));
}

#[tokio::test]
async fn seeds_survive_javascript() {
    // Drawn seeds stay below 2^53, where a JavaScript number holds them exactly.
    for _ in 0..50 {
        let (_, body) = call(default_app(), get("/api/random")).await;
        let seed = body["seed"].as_u64().unwrap();
        assert!(seed < 1 << 53, "{seed}");
        assert_eq!(body["seed_text"], seed.to_string());
    }
    // A larger seed given by the caller comes back exactly as text too.
    let (_, body) = call(default_app(), get("/api/random?seed=12162841214173044634")).await;
    assert_eq!(body["seed_text"], "12162841214173044634");
}

#[tokio::test]
async fn boards_asked_for_are_always_sent() {
    for (board, extra, count) in [
        ("1 2 3/4 5 6/7 0 8", json!({}), 2),
        ("1 2 3/4 5 6/8 7 0", json!({}), 0),
        // Bounded: the boards along the best answer found.
        (HARD_3X3, json!({"algorithm": "bfs", "max_nodes": 10}), 32),
        (HARD_3X3, json!({"algorithm": "bfs", "max_memory": "1M"}), 0),
    ] {
        let mut request = json!({"board": board, "boards": true});
        request
            .as_object_mut()
            .unwrap()
            .extend(extra.as_object().unwrap().clone());
        let (status, body) = call(default_app(), post_json("/api/solve", &request)).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        assert_eq!(
            body["boards"].as_array().map(Vec::len),
            Some(count),
            "{body}"
        );
    }
}

#[tokio::test]
async fn compare_runs_every_pair() {
    let request = json!({"board": "283104765", "goal": "123804765"});
    let (status, body) = call(default_app(), post_json("/api/compare", &request)).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let runs = body["runs"].as_array().unwrap();
    let pairs = Algorithm::comparison_pairs();
    assert_eq!(runs.len(), pairs.len());
    for (run, (algorithm, heuristic)) in runs.iter().zip(pairs) {
        assert_eq!(run["algorithm"], algorithm.name());
        assert_eq!(
            run["heuristic"].as_str(),
            heuristic.map(npuzzle::HeuristicKind::name)
        );
        assert_eq!(run["length"], 4, "{run}");
    }
}

#[tokio::test]
async fn every_answer_carries_the_security_headers() {
    for request in [
        get("/"),
        get("/app.js"),
        get("/selftest.js"),
        get("/api/health"),
        get("/api/nothing"),
        post_json("/api/solve", &json!({"board": "1 2"})),
    ] {
        let path = request.uri().to_string();
        let response = default_app().oneshot(request).await.unwrap();
        let headers = response.headers();
        let policy = headers[header::CONTENT_SECURITY_POLICY].to_str().unwrap();
        // The page's own script and style only: nothing inline, nothing from elsewhere.
        for directive in [
            "default-src 'none'",
            "script-src 'self'",
            "style-src 'self'",
            "connect-src 'self'",
            "frame-ancestors 'none'",
        ] {
            assert!(policy.contains(directive), "{path}: {policy}");
        }
        assert!(!policy.contains("unsafe"), "{path}: {policy}");
        assert_eq!(headers[header::X_CONTENT_TYPE_OPTIONS], "nosniff", "{path}");
    }
}

#[tokio::test]
async fn health_says_how_loaded_the_server_is() {
    let (app, state) = app(time_bound_config(2));
    let slow = tokio::spawn(call(app.clone(), slow_solve(2.0)));
    until_busy(&state, 1).await;
    let (status, body) = call(app, get("/api/health")).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body["searches"], json!({"running": 1, "limit": 2}));
    // In-process there is no listener: nothing counts connections.
    assert_eq!(body["connections"], json!({"open": 0, "limit": 0}));
    slow.await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_comparison_takes_a_search_slot_like_a_solve() {
    let (app, state) = app(time_bound_config(1));
    let comparison = post_json(
        "/api/compare",
        &json!({"board": HARD_4X4, "max_seconds": 2.0}),
    );
    let running = tokio::spawn(call(app.clone(), comparison));
    until_busy(&state, 1).await;
    let started = Instant::now();
    let (status, busy) = call(app.clone(), slow_solve(1.0)).await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE);
    assert!(started.elapsed() < Duration::from_secs(1));
    // One slot: the count agrees with its noun.
    assert!(
        busy["error"]
            .as_str()
            .unwrap()
            .contains("1 search is already running"),
        "{busy}"
    );
    let (status, body) = running.await.unwrap();
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(state.searches.available_permits(), 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_request_is_answered_within_the_request_timeout() {
    let config = ServerConfig {
        request_timeout: Duration::from_millis(300),
        ..time_bound_config(1)
    };
    let (app, _) = app(config);
    let started = Instant::now();
    let (status, body) = call(app, slow_solve(3.0)).await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "{body}");
    assert!(
        body["error"].as_str().unwrap().contains("within 0.3 s"),
        "{body}"
    );
    assert!(started.elapsed() < Duration::from_secs(2));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_request_out_of_time_frees_its_search_slot_at_once() {
    // Issue 34: the search of a request answered 503 ran on to its own limit, holding
    // its slot; its token now stops it when the request is dropped.
    let config = ServerConfig {
        request_timeout: Duration::from_millis(300),
        ..time_bound_config(1)
    };
    let (app, state) = app(config);
    // The server's own limit ends it after 10 s; the slot must be free long before.
    let (status, body) = call(app, slow_solve(60.0)).await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "{body}");
    let deadline = Instant::now() + Duration::from_secs(5);
    while state.searches.available_permits() < 1 {
        assert!(Instant::now() < deadline, "the slot is still held");
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
}

#[tokio::test]
async fn a_request_never_starts_a_table_build() {
    let cache = tempfile::tempdir().unwrap();
    let config = ServerConfig {
        cache: Some(npuzzle::tables::cache::Cache::new(cache.path())),
        ..ServerConfig::default()
    };
    let started = Instant::now();
    let request = json!({"board": "1 2 3 4/5 6 7 8/9 10 0 11", "algorithm": "table"});
    let (status, body) = call(app(config.clone()).0, post_json("/api/solve", &request)).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    let message = body["error"].as_str().unwrap();
    assert!(message.contains("is not built here"), "{message}");
    assert!(started.elapsed() < Duration::from_secs(2));
    assert_eq!(std::fs::read_dir(cache.path()).unwrap().count(), 0);
    // Tables had at once (embedded, or small enough to build in memory) still answer.
    for board in ["8 6 7/2 5 4/3 0 1", "1 2 3 4 5/6 7 8 9 0"] {
        let request = json!({"board": board, "algorithm": "table"});
        let (status, body) = call(app(config.clone()).0, post_json("/api/solve", &request)).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        assert_eq!(body["algorithm"], "table");
    }
}

#[tokio::test]
async fn tables_the_server_cannot_read_are_its_fault_not_the_requests() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("file");
    std::fs::write(&file, b"not a directory").unwrap();
    let config = ServerConfig {
        cache: Some(npuzzle::tables::cache::Cache::new(&file)),
        ..ServerConfig::default()
    };
    // A good request the server cannot answer: its cache cannot be read (it used to be
    // 400 bad_options, "not built here").
    let request = json!({"board": "1 2 3 4/5 6 7 8/9 10 0 11", "algorithm": "table"});
    let (status, body) = call(app(config.clone()).0, post_json("/api/solve", &request)).await;
    assert_eq!(status, StatusCode::INTERNAL_SERVER_ERROR, "{body}");
    assert_eq!(body["code"], "tables_unavailable", "{body}");
    let message = body["error"].as_str().unwrap();
    assert!(
        message.contains("the distance table of 4x3 boards could not be had")
            && message.contains("Not a directory"),
        "{message}"
    );
    // Bad requests to the same server are still the request's.
    for (request, code, words) in [
        (
            json!({"board": "283104765", "algorithm": "bfs", "heuristic": "manhattan"}),
            "bad_options",
            "bfs takes no heuristic",
        ),
        (
            json!({"board": "283104765", "max_memory": 0}),
            "bad_limit",
            "max_memory: 0 bytes is less than 1 MiB",
        ),
        (
            json!({"board": "283104765", "max_memory": "512K"}),
            "bad_limit",
            "max_memory: 512 KiB is less than 1 MiB",
        ),
    ] {
        let (status, body) = call(app(config.clone()).0, post_json("/api/solve", &request)).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
        assert_eq!(body["code"], code, "{body}");
        assert!(body["error"].as_str().unwrap().contains(words), "{body}");
    }
}

/// `"metric"` and `"order"` reach every run of `/api/compare`, as `npuzzle compare
/// --metric` hands the metric to the library: each run is the library's under the same
/// options.
#[tokio::test]
async fn compare_takes_the_metric_and_the_order() {
    use npuzzle::solving::report::SolveReport;
    use npuzzle::{Metric, MoveOrder, SolveOptions};
    // Of its optimal answers, lrdu and dlru pick different ones (docs/GUIDE.md).
    let board = "1 6 0/4 3 2/7 5 8";
    let start = parse_board(board, None).unwrap();
    let goal = Board::goal(start.size());
    for metric in Metric::ALL {
        for order in ["lrdu", "dlru"] {
            let options = SolveOptions {
                metric,
                order: order.parse::<MoveOrder>().unwrap().moves(),
                limits: npuzzle::services::compare::COMPARE_LIMITS,
                ..SolveOptions::default()
            };
            let want = npuzzle::services::compare::compare(&start, &goal, &options).unwrap();
            let request = json!({"board": board, "metric": metric.name(), "order": order});
            let (status, body) = call(default_app(), post_json("/api/compare", &request)).await;
            assert_eq!(status, StatusCode::OK, "{body}");
            let runs = body["runs"].as_array().unwrap();
            assert_eq!(runs.len(), want.len());
            for (run, want) in runs.iter().zip(&want) {
                let want = serde_json::to_value(SolveReport::new(&start, &goal, want)).unwrap();
                for field in ["algorithm", "heuristic", "metric", "moves", "length"] {
                    assert_eq!(
                        run[field], want[field],
                        "{metric} {order}: {field} of {run}"
                    );
                }
            }
        }
    }
    let (_, lrdu) = call(
        default_app(),
        post_json("/api/compare", &json!({"board": board})),
    )
    .await;
    let (_, dlru) = call(
        default_app(),
        post_json("/api/compare", &json!({"board": board, "order": "dlru"})),
    )
    .await;
    let bfs = |body: &Value| body["runs"][0]["moves"].clone();
    assert_ne!(bfs(&lrdu), bfs(&dlru), "the order changed no answer");
    let (_, mtm) = call(
        default_app(),
        post_json(
            "/api/compare",
            &json!({"board": "1 2 3/4 5 6/0 7 8", "metric": "mtm"}),
        ),
    )
    .await;
    for run in mtm["runs"].as_array().unwrap() {
        assert_eq!((&run["metric"], &run["length"]), (&json!("mtm"), &json!(1)));
    }
}

/// `"metric"` reaches the traced search of `/api/trace`, as `npuzzle trace --metric`
/// hands it to the library: the events are the library's in that metric.
#[tokio::test]
async fn trace_takes_the_metric() {
    use npuzzle::services::trace_report::TraceEventReport;
    use npuzzle::{Metric, SolveOptions};
    let board = "4 1 3/7 2 6/0 5 8";
    let start = parse_board(board, None).unwrap();
    let goal = Board::goal(start.size());
    let mut traces = Vec::new();
    for metric in Metric::ALL {
        let options = SolveOptions {
            algorithm: Algorithm::Astar,
            metric,
            ..SolveOptions::default()
        };
        let want = npuzzle::services::trace::trace(&start, &goal, &options, 10_000).unwrap();
        let want: Vec<Value> = want
            .events
            .iter()
            .map(|e| serde_json::to_value(TraceEventReport::new(e)).unwrap())
            .collect();
        let name = metric.name();
        for request in [
            get(&format!(
                "/api/trace?board=413726058&algorithm=astar&metric={name}"
            )),
            post_json(
                "/api/trace",
                &json!({"board": board, "algorithm": "astar", "metric": name}),
            ),
        ] {
            let (status, body) = call(default_app(), request).await;
            assert_eq!(status, StatusCode::OK, "{body}");
            assert_eq!(body["metric"], name);
            assert_eq!(body["events"].as_array().unwrap(), &want, "{name}");
        }
        traces.push(want);
    }
    assert_ne!(traces[0], traces[1], "the metric changed no event");
}

/// A bad metric or order given to `/api/compare` or `/api/trace` is refused naming it,
/// as `/api/solve` refuses it.
#[tokio::test]
async fn compare_and_trace_refuse_a_bad_metric_or_order() {
    for (request, status, words) in [
        (
            post_json(
                "/api/compare",
                &json!({"board": "283104765", "metric": "htm"}),
            ),
            StatusCode::BAD_REQUEST,
            "metric: unknown metric 'htm' (stm, mtm)",
        ),
        (
            post_json(
                "/api/compare",
                &json!({"board": "283104765", "order": "lrxu"}),
            ),
            StatusCode::BAD_REQUEST,
            "order: 'x' at position 3 is not a move (l, r, d, u)",
        ),
        (
            get("/api/trace?board=283104765&algorithm=bfs&metric=htm"),
            StatusCode::BAD_REQUEST,
            "metric: unknown metric 'htm' (stm, mtm)",
        ),
        (
            post_json(
                "/api/trace",
                &json!({"board": "283104765", "algorithm": "bfs", "metric": "MTM"}),
            ),
            StatusCode::BAD_REQUEST,
            "metric: unknown metric 'MTM' (stm, mtm)",
        ),
    ] {
        assert_error(default_app(), request, status, words).await;
    }
}

/// A body of JSON that is no object (`[]`, `null`, a number, …) is told what the body
/// must be, in words, not what serde expected of a struct; an object missing its board
/// still hears which field is missing, and where.
#[tokio::test]
async fn a_body_that_is_not_an_object_is_told_so_in_words() {
    for path in ["/api/solve", "/api/compare", "/api/trace"] {
        for (body, kind) in [
            ("[]", "an array"),
            ("null", "null"),
            ("[1, [2], {\"board\": 3}]", "an array"),
            ("3", "a number"),
            ("-3.5", "a number"),
            ("\"283104765\"", "a string"),
            ("true", "true or false"),
        ] {
            let (status, answer) = call(default_app(), post_raw(path, body.into())).await;
            assert_eq!(
                status,
                StatusCode::UNPROCESSABLE_ENTITY,
                "{path} {body}: {answer}"
            );
            assert_eq!(answer["code"], "bad_fields", "{path} {body}");
            let message = answer["error"].as_str().unwrap();
            assert!(
                message.starts_with("the body must be a JSON object with a board")
                    && message.ends_with(&format!("not {kind}")),
                "{path} {body}: {message}"
            );
            assert!(!message.contains("struct"), "{path} {body}: {message}");
        }
        let (status, answer) = call(default_app(), post_raw(path, "{}".into())).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{answer}");
        let message = answer["error"].as_str().unwrap();
        assert!(
            message.contains("missing field `board` at line 1 column 2"),
            "{path}: {message}"
        );
        // A body that is not JSON at all is still malformed JSON.
        let (status, answer) = call(default_app(), post_raw(path, "[".into())).await;
        assert_eq!(
            (status, &answer["code"]),
            (StatusCode::BAD_REQUEST, &json!("bad_json"))
        );
    }
}
