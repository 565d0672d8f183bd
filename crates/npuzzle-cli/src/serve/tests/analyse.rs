//! `/api/analyse`: the library's analysis as `npuzzle analyse --json` prints it, in both
//! metrics and notations; bad moves named with their place; a goal out of reach.

use npuzzle::services::analysis::{analyse, good_moves};
use npuzzle::services::analysis_report::{AnalysisReport, GoodMovesReport};
use npuzzle::{Metric, Notation, SolveOptions};

use super::*;

/// Two moves solve it (r r): `udrr` goes up first and comes back.
const NEAR: &str = "1 2 3/4 5 6/0 7 8";

fn analyse_request(body: &Value) -> Request<Body> {
    post_json("/api/analyse", body)
}

/// The answer is the library's report, in each metric and notation, with moves or
/// without (the first moves and what each leaves).
#[tokio::test]
async fn the_answer_is_the_librarys_analysis_in_each_metric_and_notation() {
    let cases = [
        (NEAR, "udrr", Notation::Blank),
        (NEAR, "rr", Notation::Blank),
        (NEAR, "DULL", Notation::Tiles),
        (HARD_3X3, "uldr", Notation::Blank),
        ("4 1 3/7 2 6/0 5 8", "uurrd", Notation::Blank),
    ];
    for (board, moves, notation) in cases {
        let start = parse_board(board, None).unwrap();
        let goal = Board::goal(start.size());
        for metric in Metric::ALL {
            let options = SolveOptions {
                metric,
                ..SolveOptions::default()
            };
            let played = notation.parse(moves).unwrap();
            let analysis = analyse(&start, &goal, &played, &options).unwrap();
            let want = serde_json::to_value(AnalysisReport::new(&analysis, notation)).unwrap();
            let (status, body) = call(
                default_app(),
                analyse_request(&json!({"board": board, "moves": moves,
                    "metric": metric.name(), "notation": notation.name()})),
            )
            .await;
            assert_eq!(status, StatusCode::OK, "{body}");
            assert_eq!(body, want, "{board} {moves} {metric}");
            assert_eq!(body["metric"], metric.name());

            let first = good_moves(&start, &goal, &options).unwrap();
            let want = serde_json::to_value(GoodMovesReport::new(
                &first,
                start == goal,
                metric,
                notation,
            ))
            .unwrap();
            let (status, body) = call(
                default_app(),
                analyse_request(&json!({"board": board, "metric": metric.name(),
                    "notation": notation.name()})),
            )
            .await;
            assert_eq!(status, StatusCode::OK, "{body}");
            assert_eq!(body, want, "{board} {metric}");
        }
    }
    // The metrics differ: one cell at a time loses a move in the multi-tile metric only.
    let (_, stm) = call(
        default_app(),
        analyse_request(&json!({"board": NEAR, "moves": "r"})),
    )
    .await;
    assert_eq!(
        (&stm["optimum"], &stm["steps"][0]["lost"]),
        (&json!(2), &json!(0))
    );
    let (_, mtm) = call(
        default_app(),
        analyse_request(&json!({"board": NEAR, "moves": "r", "metric": "mtm"})),
    )
    .await;
    assert_eq!(
        (&mtm["optimum"], &mtm["steps"][0]["lost"]),
        (&json!(1), &json!(1))
    );
    assert_eq!(mtm["steps"][0]["better"], json!(["rr"]));
}

/// Moves that cannot be played or read are `bad_moves`, the message naming the move and
/// its place as `npuzzle analyse` does; a bad notation or metric is refused too.
#[tokio::test]
async fn bad_moves_are_named_with_their_place() {
    for (body, words) in [
        (
            json!({"board": NEAR, "moves": "uuu"}),
            "moves: move 3 ('u') takes the blank off the board",
        ),
        (
            json!({"board": NEAR, "moves": "LLL", "notation": "tiles"}),
            "moves: move 3 ('L') takes the blank off the board",
        ),
        (
            json!({"board": NEAR, "moves": "rrx"}),
            "moves: move 3 ('x') is not one of u, d, l, r",
        ),
        (
            json!({"board": NEAR, "moves": "rR"}),
            "a capital is tile notation",
        ),
        (
            json!({"board": NEAR, "moves": "Lr", "notation": "tiles"}),
            "character 2 ('r') is not a tile move",
        ),
        (
            json!({"board": NEAR, "moves": "rr", "notation": "slidy"}),
            "notation: unknown notation 'slidy'",
        ),
    ] {
        let (status, answer) = call(default_app(), analyse_request(&body)).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}: {answer}");
        assert_eq!(answer["code"], "bad_moves", "{body}: {answer}");
        let message = answer["error"].as_str().unwrap();
        assert!(message.contains(words), "'{message}' lacks '{words}'");
    }
    let (status, code) = error_code(
        default_app(),
        analyse_request(&json!({"board": NEAR, "moves": "rr", "metric": "htm"})),
    )
    .await;
    assert_eq!(
        (status, code.as_str()),
        (StatusCode::BAD_REQUEST, "bad_metric")
    );
}

/// A goal the start cannot reach has no optimum to measure moves by: `npuzzle analyse`
/// refuses it (exit 2), and so does the API, 422 `unreachable`, with or without moves.
#[tokio::test]
async fn an_unreachable_goal_is_refused_as_the_cli_refuses_it() {
    for body in [
        json!({"board": "2 1 3/4 5 6/7 8 0", "moves": "ul"}),
        json!({"board": "2 1 3/4 5 6/7 8 0"}),
    ] {
        assert_error(
            default_app(),
            analyse_request(&body),
            StatusCode::UNPROCESSABLE_ENTITY,
            "the goal cannot be reached from this board",
        )
        .await;
        let (_, code) = error_code(default_app(), analyse_request(&body)).await;
        assert_eq!(code, "unreachable");
    }
}

/// Unknown fields are refused as on every endpoint, and so is any JSON but an object.
#[tokio::test]
async fn unknown_fields_and_other_json_are_refused() {
    let (status, code) = error_code(
        default_app(),
        analyse_request(&json!({"board": NEAR, "moves": "rr", "algorithm": "bfs"})),
    )
    .await;
    assert_eq!(
        (status, code.as_str()),
        (StatusCode::UNPROCESSABLE_ENTITY, "bad_fields")
    );
    let (status, code) = error_code(
        default_app(),
        analyse_request(&json!(["1 2 3/4 5 6/0 7 8"])),
    )
    .await;
    assert_eq!(
        (status, code.as_str()),
        (StatusCode::UNPROCESSABLE_ENTITY, "bad_fields")
    );
    let (status, code) = error_code(default_app(), get("/api/analyse")).await;
    assert_eq!(
        (status, code.as_str()),
        (StatusCode::METHOD_NOT_ALLOWED, "method_not_allowed")
    );
}

/// An analysis takes a search slot: with every slot taken it is answered 503 `busy` at
/// once, as a solve is.
#[tokio::test]
async fn an_analysis_takes_a_search_slot() {
    let (router, state) = app(ServerConfig::default());
    let _held: Vec<_> = (0..state.config.max_concurrent)
        .map(|_| state.searches.clone().try_acquire_owned().unwrap())
        .collect();
    let (status, code) = error_code(
        router,
        analyse_request(&json!({"board": NEAR, "moves": "rr"})),
    )
    .await;
    assert_eq!(
        (status, code.as_str()),
        (StatusCode::SERVICE_UNAVAILABLE, "busy")
    );
}
