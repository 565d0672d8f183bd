//! `/api/trace`: the events of the CLI, the event limit, the algorithms traced, the metric.

use super::*;

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
