//! Errors: every status, every stable code, bodies too large or not objects, tables the server cannot read.

use super::*;

/// The page shows a Chinese reader the message of each code from its catalogue (and
/// falls back to the server's English sentence without one): every code has one in both.
#[test]
fn every_error_code_has_its_message_in_both_of_the_pages_languages() {
    let catalogues = include_str!("../page/catalogues.js");
    for code in ERROR_CODES {
        let key = format!("err_{code}:");
        assert_eq!(
            catalogues.matches(&key).count(),
            2,
            "{key} should be in the English and the Chinese catalogue"
        );
    }
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
            post_json("/api/solve", &json!({"board": "283104765", "pdb": "seven"})),
            "bad_pdb",
        ),
        (
            post_json(
                "/api/solve",
                &json!({"board": "283104765", "catalogue": "nothing"}),
            ),
            "bad_pdb",
        ),
        (
            post_json(
                "/api/solve",
                &json!({"board": "283104765", "reflection": false}),
            ),
            "bad_options",
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
        assert_eq!(code, want, "{status}");
    }
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
            message
                .ends_with("needs board: a board written as text, such as \"1 2 3/4 0 5/7 8 6\""),
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

/// A field of the wrong kind, or one the endpoint does not take, is named as the command
/// line names a flag: the field, what it must be, what was sent; never serde's words
/// (`invalid type: string "x", expected u64 at line 1 column 44`, `expected one of`).
#[tokio::test]
async fn field_errors_name_the_field_what_it_must_be_and_what_was_sent() {
    let board = "1 2 3/4 0 5/7 8 6";
    for (request, said) in [
        (
            post_json("/api/solve", &json!({"board": board, "max_nodes": "x"})),
            "max_nodes must be a whole number of nodes, got the string \"x\"",
        ),
        (
            post_json("/api/solve", &json!({"board": board, "within": -2, "all_optimal": true})),
            "within must be a whole number of moves, at most 4294967295, got the number -2",
        ),
        (
            post_json("/api/solve", &json!({"board": board, "boards": 1})),
            "boards must be true or false, got the number 1",
        ),
        (
            post_json("/api/compare", &json!({"board": board, "max_seconds": "ten"})),
            "max_seconds must be a number of seconds, got the string \"ten\"",
        ),
        (
            post_json("/api/trace", &json!({"board": board, "algorithm": 3})),
            "algorithm must be bfs, bidirectional, astar, idastar or iddfs, as text, got the number 3",
        ),
        (
            post_json("/api/trace", &json!({"board": board})),
            "a trace request needs algorithm: bfs, bidirectional, astar, idastar or iddfs, as text",
        ),
        (
            post_json("/api/analyse", &json!({"board": board, "moves": ["u"]})),
            "moves must be moves written as text, such as \"uldr\", got an array",
        ),
        (
            post_json("/api/analyse", &json!({"board": board, "max_memory": true})),
            "max_memory must be a number of bytes or text such as \"512M\", got true",
        ),
        (
            post_json("/api/solve", &json!({"board": board, "colour": 1})),
            "a solve request has no field \"colour\"; its fields are board, goal, size, algorithm, \
             heuristic, pdb, catalogue, reflection, weight, visited, threads, order, metric, \
             boards, count_optimal, any_optimal, all_optimal, within, limit, max_nodes, max_seconds, \
             max_memory_nodes, max_memory",
        ),
        (
            get("/api/trace?board=283104765&algorithm=bfs&limit=many"),
            "limit must be a whole number of events, got the string \"many\"",
        ),
        (
            get("/api/random?seed=x"),
            "seed must be a whole number, got the string \"x\"",
        ),
        (
            get("/api/random?walk=-1"),
            "walk must be a whole number of moves, got the string \"-1\"",
        ),
        (
            get("/api/random?colour=red"),
            "a random request has no field \"colour\"; its fields are size, seed, goal, walk, lazy_walk",
        ),
    ] {
        // A body that holds the wrong things is 422; a query axum cannot read was 400.
        let want = if request.method() == axum::http::Method::GET {
            StatusCode::BAD_REQUEST
        } else {
            StatusCode::UNPROCESSABLE_ENTITY
        };
        let (status, answer) = call(default_app(), request).await;
        assert_eq!(status, want, "{said}: {answer}");
        assert_eq!(answer["code"], "bad_fields", "{answer}");
        assert_eq!(answer["error"], said);
    }
}
