//! Capacity: searches off the async threads, the search slots, the request timeout.

use super::*;

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
