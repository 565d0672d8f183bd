//! One plan behind every front end: the same boards sent through `npuzzle solve`,
//! `npuzzle batch` and `POST /api/solve`, with the same cache, get the same algorithm,
//! the same estimate and the same moves: a 3x3 board (its embedded table), a 3x4 board
//! (a cached 12-cell table, 4x3) and 4x4 boards (a cached 5-5-5 pattern database).

use crate::common;

use common::{json_lines, json_of, npuzzle, stdout_of, Server};
use serde_json::{json, Value};

/// The fields that must agree, from a solve report.
fn plan_of(report: &Value) -> (String, String, String) {
    (
        report["algorithm"].as_str().unwrap_or_default().to_string(),
        report["heuristic"].as_str().unwrap_or("none").to_string(),
        report["moves"].as_str().unwrap_or_default().to_string(),
    )
}

#[test]
fn solve_batch_and_the_api_answer_alike() {
    let dir = tempfile::tempdir().unwrap();
    let cache = dir.path().to_str().unwrap();
    let goal_4x4 = "0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15";
    // The tables the doors must find: a 12-cell table (about a minute to build) and a
    // small partition for the 15-puzzle goal.
    npuzzle()
        .args(["stats", "--size", "4x3", "--cache-dir", cache, "-q"])
        .assert()
        .success();
    npuzzle()
        .args([
            "pdb",
            "build",
            "5-5-5",
            "--goal",
            goal_4x4,
            "--cache-dir",
            cache,
            "-q",
        ])
        .assert()
        .success();
    let twelve = stdout_of(&["random", "--size", "4x3", "--seed", "9"], "");
    let database = ("fast-idastar", "pdb 5-5-5 + reflection");
    // Board, goal, and the algorithm and estimate every door must report.
    let boards = [
        ("8 6 7/2 5 4/3 0 1", None, ("table", "none")),
        (twelve.trim(), None, ("table", "none")),
        (
            "4 1 2 3/8 5 6 7/0 9 10 11/12 13 14 15",
            Some(goal_4x4),
            database,
        ),
        // Korf's first 15-puzzle instance, 57 moves.
        (
            "14 13 15 7/11 12 9 5/6 0 2 1/4 8 10 3",
            Some(goal_4x4),
            database,
        ),
    ];
    let server = Server::start(&["--cache-dir", cache]);
    for (board, goal, (algorithm, estimate)) in boards {
        let mut args = vec!["solve", board, "--json", "-q", "--cache-dir", cache];
        if let Some(goal) = goal {
            args.extend(["--goal", goal]);
        }
        let cli = plan_of(&json_of(&args, ""));

        let mut args = vec!["batch", "-q", "--cache-dir", cache];
        if let Some(goal) = goal {
            args.extend(["--goal", goal]);
        }
        let out = npuzzle()
            .args(&args)
            .write_stdin(format!("{board}\n"))
            .assert()
            .success();
        let batch = plan_of(&json_lines(std::str::from_utf8(&out.get_output().stdout).unwrap())[0]);

        let mut request = json!({ "board": board });
        if let Some(goal) = goal {
            request["goal"] = json!(goal);
        }
        let (status, body) = server.post_json("/api/solve", &request);
        assert_eq!(status, 200, "{body}");
        let api = plan_of(&serde_json::from_str(&body).unwrap());

        assert_eq!(cli, batch, "solve and batch differ on {board}");
        assert_eq!(cli, api, "solve and the API differ on {board}");
        assert_eq!(
            (cli.0.as_str(), cli.1.as_str()),
            (algorithm, estimate),
            "{board}"
        );
    }
}

/// The message of a 400 answer of the API.
fn api_refusal(server: &Server, request: &Value) -> (String, String) {
    let (status, body) = server.post_json("/api/solve", request);
    assert_eq!(status, 400, "{request}: {body}");
    let answer: Value = serde_json::from_str(&body).unwrap();
    (
        answer["code"].as_str().unwrap_or_default().to_string(),
        answer["error"].as_str().unwrap_or_default().to_string(),
    )
}

/// One request behind every door: the rules between options are the library's, so the
/// command line and the API refuse the same requests with the same words, each door
/// spelling the options its own way (`--pdb` there, `pdb` here), and the API takes the
/// options `npuzzle solve` takes (pattern databases, a catalogue, reflection, the
/// weight, the visited set, threads, the nodes held).
#[test]
fn every_door_takes_the_same_request() {
    let dir = tempfile::tempdir().unwrap();
    let cache = dir.path().to_str().unwrap();
    let board = "8 6 7/2 5 4/3 0 1";
    // The API builds no tables: they are built here first, as an operator would.
    for estimate in [["--pdb", "1,2,3,4/5,6,7,8"], ["--catalogue", "4-4"]] {
        let args = [
            &["solve", board, "-q", "--cache-dir", cache][..],
            &estimate[..],
        ]
        .concat();
        npuzzle().args(&args).assert().success();
    }
    let server = Server::start(&["--cache-dir", cache]);

    let refusals = [
        (
            vec!["--heuristic", "manhattan", "--pdb", "4-4"],
            json!({"heuristic": "manhattan", "pdb": "4-4"}),
        ),
        (
            vec!["--heuristic", "manhattan", "--catalogue", "4-4"],
            json!({"heuristic": "manhattan", "catalogue": "4-4"}),
        ),
        (vec!["--no-reflection"], json!({"reflection": false})),
        (
            vec!["--any-optimal", "--all-optimal"],
            json!({"any_optimal": true, "all_optimal": true}),
        ),
    ];
    for (flags, fields) in refusals {
        let args = [&["solve", board, "--cache-dir", cache][..], &flags[..]].concat();
        let out = npuzzle().args(&args).assert().failure().code(2);
        let cli = String::from_utf8_lossy(&out.get_output().stderr).to_string();
        let mut request = fields.clone();
        request["board"] = json!(board);
        let (code, api) = api_refusal(&server, &request);
        assert_eq!(code, "bad_options", "{api}");
        let spelt_as_flags = api
            .replace("\"reflection\": false", "--no-reflection")
            .replace("\"any_optimal\": true", "--any-optimal")
            .replace("\"all_optimal\": true", "--all-optimal")
            .replace("heuristic", "--heuristic")
            .replace("catalogue", "--catalogue")
            .replace("pdb", "--pdb");
        assert_eq!(cli.trim(), format!("error: {spelt_as_flags}"), "{flags:?}");
    }

    // A listing's bounds without a listing: clap refuses the flags; the library the fields.
    let (code, api) = api_refusal(&server, &json!({"board": board, "within": 2}));
    assert_eq!(
        (code.as_str(), api.as_str()),
        (
            "bad_options",
            "within applies to the solutions listed: give \"all_optimal\": true with it"
        )
    );

    // The options `npuzzle solve` takes, through the API: the same answer as the CLI's.
    let taken = [
        (
            vec!["--pdb", "1,2,3,4/5,6,7,8", "--no-reflection"],
            json!({"pdb": "1,2,3,4/5,6,7,8", "reflection": false}),
        ),
        (vec!["--catalogue", "4-4"], json!({"catalogue": "4-4"})),
        (
            vec![
                "--algorithm",
                "astar",
                "--weight",
                "1.5",
                "--visited",
                "ranked",
            ],
            json!({"algorithm": "astar", "weight": 1.5, "visited": "ranked"}),
        ),
        (
            vec!["--max-memory-nodes", "1000000", "-j", "1"],
            json!({"max_memory_nodes": 1_000_000, "threads": 1}),
        ),
        (
            vec!["--any-optimal", "-a", "fast-idastar", "-j", "1"],
            json!({"any_optimal": true, "algorithm": "fast-idastar", "threads": 1}),
        ),
    ];
    for (flags, fields) in taken {
        let args = [
            &["solve", board, "--json", "-q", "--cache-dir", cache][..],
            &flags[..],
        ]
        .concat();
        let cli = plan_of(&json_of(&args, ""));
        let mut request = fields.clone();
        request["board"] = json!(board);
        let (status, body) = server.post_json("/api/solve", &request);
        assert_eq!(status, 200, "{request}: {body}");
        let api = plan_of(&serde_json::from_str(&body).unwrap());
        assert_eq!(cli, api, "{flags:?}");
    }
}
