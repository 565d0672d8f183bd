//! `npuzzle solve`: the JSON's promised fields, the text and its limits, bad boards named,
//! refused options naming their flags, a huge weight, setup time apart from search time,
//! and small cases of input and reports.

use predicates::prelude::*;
use serde_json::Value;

use crate::common;

use common::{json_lines, json_of, npuzzle, stdout_of};

#[test]
fn solve_json_has_the_promised_fields() {
    let out = stdout_of(&["solve", "283104765", "--goal", "123804765", "--json"], "");
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["length"], 4);
    assert_eq!(v["moves"], "uldr");
    assert_eq!(v["solvable"], true);
    assert_eq!(v["optimal"], true);
    assert_eq!(v["board"], "2 8 3/1 0 4/7 6 5");
    assert_eq!(v["goal"], "1 2 3/8 0 4/7 6 5");
    for field in ["algorithm", "heuristic"] {
        assert!(v.get(field).is_some(), "{field}");
    }
    for field in ["expanded", "generated", "peak_nodes", "seconds"] {
        assert!(v["stats"][field].is_number(), "{field}");
    }
    let out = stdout_of(&["solve", "1 2 3/4 5 6/8 7 0", "--json", "-a", "bfs"], "");
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["solvable"], false);
    assert_eq!(v["length"], Value::Null);
    assert_eq!(v["algorithm"], "bfs");
}

#[test]
fn solve_text_and_limits() {
    npuzzle()
        .args([
            "solve",
            "8 6 7/2 5 4/3 0 1",
            "-a",
            "astar",
            "--heuristic",
            "manhattan",
        ])
        .assert()
        .success()
        .stdout(predicate::str::contains("length:    31 (optimal)"));
    npuzzle()
        .args([
            "solve",
            "8 6 7/2 5 4/3 0 1",
            "-a",
            "iddfs",
            "--max-nodes",
            "1000",
        ])
        .assert()
        .code(3)
        .stdout(predicate::str::contains("gave up: node limit of 1000"));
    // A memory budget that stops a search comes with the library's hint, the one Python
    // carries too.
    npuzzle()
        .args([
            "solve",
            "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3",
            "--goal",
            "0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15",
            "-a",
            "bfs",
            "--max-memory",
            "2M",
        ])
        .assert()
        .code(3)
        .stdout(predicate::str::contains("gave up: memory budget of 2 MiB"))
        .stderr(predicate::str::contains(
            "hint: try an informed search that holds only its path (the algorithm idastar or \
             fast-idastar)",
        ));
    npuzzle()
        .args(["solve", "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 0 0"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("17 tiles do not make a square"));
}

#[test]
fn bad_boards_are_named() {
    for (board, needle) in [
        ("1 2 3/4 5 6/7 8 8", "tile 8 appears twice"),
        ("1 2 3/4 5 6/7 8 9", "tile 9 in cell 8 is out of range"),
        ("1 2 3/4 5/6 7 0", "row 2 has 2 tiles"),
        ("1 2 3 4 5 6 7 8 q", "token 9 ('q')"),
        ("", "empty"),
    ] {
        npuzzle()
            .args(["solve", board])
            .assert()
            .code(2)
            .stderr(predicate::str::contains(needle));
    }
    npuzzle()
        .args(["solve", "123456780", "--goal", "1234"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("goal"));
    npuzzle()
        .args(["solve", "123456780", "-a", "dfs"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("unknown algorithm"));
}

/// A refusal of the options says the flags that asked for what is refused, the flag at
/// fault among them, before any work: `--weight`, `--visited` and `--metric` as well as
/// the algorithm and the estimate.
#[test]
fn refused_options_name_their_flags() {
    let cases: [(&[&str], &str); 5] = [
        (
            &["-a", "table", "--heuristic", "manhattan"],
            "--algorithm table --heuristic manhattan: table takes no heuristic or pattern \
             database",
        ),
        (
            &["--weight", "0.5"],
            "--algorithm auto --weight 0.5: weight 0.5 is not allowed: it must be a number of \
             at least 1",
        ),
        (
            &["-a", "idastar", "--visited", "ranked"],
            "--algorithm idastar --visited ranked: idastar keeps no visited set; the ranked one \
             is for bfs, bidirectional and astar",
        ),
        (
            &[
                "-a",
                "fast-idastar",
                "--heuristic",
                "manhattan",
                "--metric",
                "mtm",
            ],
            "--algorithm fast-idastar --heuristic manhattan --metric mtm: a named heuristic \
             with fast-idastar cannot be used in the multi-tile metric: it is guided by \
             multi-tile estimates of its own; leave the estimate to the library",
        ),
        (
            &["-a", "constructive", "--count-optimal"],
            "--algorithm constructive --count-optimal: optimal solutions are counted only \
             where the answer is optimal: the constructive algorithm does not find the fewest \
             moves",
        ),
    ];
    for (flags, error) in cases {
        npuzzle()
            .args(["solve", "8 6 7/2 5 4/3 0 1"])
            .args(flags)
            .assert()
            .code(2)
            .stdout("")
            .stderr(format!("error: {error}\n"));
    }
}

#[test]
fn a_huge_weight_does_not_overflow_the_stack() {
    let report = json_of(
        &["solve", "-a", "idastar", "--weight", "10000", "--json"],
        "",
    );
    assert_eq!(report["status"], "solved");
    assert_eq!(report["optimal"], false);
}

#[test]
fn setup_time_is_not_search_time() {
    // A 2x5 table is built in memory for every process: that is setup.
    let report = json_of(&["solve", "1 2 3 4 5/6 7 8 0 9", "--json"], "");
    assert_eq!(report["algorithm"], "table");
    let stats = &report["stats"];
    assert!(
        stats["setup_seconds"].as_f64().unwrap() > stats["seconds"].as_f64().unwrap(),
        "{stats}"
    );
}

/// Small cases once answered wrong, one check each: mostly `solve`'s (nodes held, a
/// byte-order mark, `--show --json`, a named heuristic, a ranked visited set, long and
/// mis-sized input), with one each of `compare`, `bench`, `pdb` and `judge` beside them.
#[test]
fn small_cases_of_solve_and_its_neighbours() {
    // BFS counts the nodes it holds even when the goal is one move away.
    let report = json_of(&["solve", "1 2 3/4 5 6/7 0 8", "-a", "bfs", "--json"], "");
    assert!(
        report["stats"]["peak_nodes"].as_u64().unwrap() > 0,
        "{report}"
    );
    // A node limit of N reports N expansions, not N + 1 (`compare` reports each search's
    // limit as it is; `solve` would add the bounded answer's upper-bound search).
    let runs = json_of(
        &[
            "compare",
            "8 6 7/2 5 4/3 0 1",
            "--max-nodes",
            "2000",
            "--json",
        ],
        "",
    );
    for run in runs.as_array().unwrap() {
        assert_eq!(run["stats"]["expanded"], 2000, "{run}");
    }
    // A byte-order mark does not spoil the first line.
    let report = json_of(&["solve", "-", "--json"], "\u{feff}1 2 3/4 5 6/7 0 8\n");
    assert_eq!(report["length"], 1);
    let rows = json_lines(&stdout_of(&["batch", "-q"], "\u{feff}1 2 3/4 5 6/7 0 8\n"));
    assert_eq!(rows[0]["length"], 1, "{:?}", rows[0]);
    // --show with --json gives the boards, as the API does; none when there is no answer.
    let report = json_of(&["solve", "1 2 3/4 5 6/7 0 8", "--show", "--json"], "");
    assert_eq!(report["boards"].as_array().unwrap().len(), 2);
    let report = json_of(&["solve", "1 2 3/4 5 6/8 7 0", "--show", "--json"], "");
    assert_eq!(report["boards"], serde_json::json!([]));
    // A named heuristic is used as named under auto, on 3x3 as on 4x4.
    for board in ["8 6 7/2 5 4/3 0 1", "1 2 3 4/5 6 7 8/9 10 0 11/13 14 15 12"] {
        let report = json_of(&["solve", board, "--heuristic", "misplaced", "--json"], "");
        assert_eq!(report["heuristic"], "misplaced", "{board}");
        assert_eq!(report["algorithm"], "idastar", "{board}");
    }
    // A ranked visited set is refused where it cannot be had, not dropped silently.
    npuzzle()
        .args([
            "solve",
            "1 2 3 4/5 6 7 8/9 10 0 11/13 14 15 12",
            "-a",
            "bfs",
            "--visited",
            "ranked",
        ])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("at most 12"));
    npuzzle()
        .args(["solve", "283104765", "-a", "idastar", "--visited", "ranked"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("keeps no visited set"));
    // No boards to benchmark is an error, not a table of -0.00.
    npuzzle()
        .args(["bench", "--count", "0"])
        .assert()
        .failure()
        .stdout(predicate::str::contains("-0.00").not());
    // Errors quote long input shortly.
    let long = format!("{} 1 2", "9".repeat(1_000_000));
    let out = npuzzle()
        .args(["solve", "-"])
        .write_stdin(long)
        .assert()
        .code(2);
    assert!(out.get_output().stderr.len() < 1000);
    // An I/O error is told once (and is the machine's fault: exit 1).
    let out = npuzzle()
        .args([
            "pdb",
            "build",
            "3-3",
            "--size",
            "3x3",
            "--cache-dir",
            "/dev/null/x",
        ])
        .assert()
        .code(1);
    let stderr = String::from_utf8_lossy(&out.get_output().stderr);
    assert_eq!(stderr.matches("Not a directory").count(), 1, "{stderr}");
    // A goal of another size says so, without inventing a size the user gave.
    npuzzle()
        .args(["solve", "1 2/3 0", "--goal", "1 2 3/4 5 6/7 8 0"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "it is a 3x3 board but the board to solve is 2x2",
        ))
        .stderr(predicate::str::contains("size given").not());
    // The user's own files in the cache directory are not tables to rebuild.
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("notes.txt"), "mine").unwrap();
    npuzzle()
        .args(["pdb", "verify", "--cache-dir", dir.path().to_str().unwrap()])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "notes.txt: not a table file, left alone",
        ));
    // Invalid UTF-8 on a judge's stdin is a judge input error: exit 1.
    npuzzle()
        .args(["judge", "p1379"])
        .write_stdin(vec![0xff, 0xfe, b'1'])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("not UTF-8"));
}
