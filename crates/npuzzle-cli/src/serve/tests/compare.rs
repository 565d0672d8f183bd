//! `/api/compare`: every pair of algorithm and heuristic, the metric and the order.

use super::*;

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
                order: order.parse::<MoveOrder>().unwrap(),
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
