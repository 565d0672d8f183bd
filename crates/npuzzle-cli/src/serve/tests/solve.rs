//! `/api/solve`: the report and boards, the move order and metric, limits a request may lower, big boards.

use super::*;

/// `"order"` reaches the library: every order's answer is the library's in that order,
/// the orders choose more than one path, and a trace generates children in the order.
#[tokio::test]
async fn the_move_order_reaches_solve_and_trace() {
    let start = parse_board(HARD_3X3, None).unwrap();
    let goal = Board::goal(start.size());
    let mut paths = std::collections::HashSet::new();
    for order in npuzzle::MoveOrder::all() {
        let options = npuzzle::SolveOptions {
            order,
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
async fn the_answer_says_how_many_threads_the_server_granted() {
    let config = ServerConfig::default();
    let most = config.threads_per_search();
    for (asked, granted) in [
        (None, 1),
        (Some(json!(0)), most),
        (Some(json!(1)), 1),
        (Some(json!(99_999_999_999u64)), most),
    ] {
        let mut request = json!({"board": "283104765", "goal": "123804765"});
        if let Some(asked) = &asked {
            request["threads"] = asked.clone();
        }
        let (status, body) = call(app(config.clone()).0, post_json("/api/solve", &request)).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        assert_eq!(body["threads"], json!(granted), "asked {asked:?}: {body}");
        assert_eq!(body["length"], 4);
    }
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
