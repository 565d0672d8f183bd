//! The distance-table commands end to end: `stats`, the judges answering from tables,
//! and `solve` reporting the table as the algorithm used.

use predicates::prelude::*;

use crate::common;

use common::npuzzle;

fn json(output: &[u8]) -> serde_json::Value {
    serde_json::from_slice(output).expect("one JSON object")
}

#[test]
fn stats_3x3_json_has_the_published_distribution() {
    let out = npuzzle()
        .args(["stats", "--size", "3x3", "--json"])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let stats = json(&out);
    assert_eq!(stats["states"], 181_440);
    assert_eq!(stats["max"], 31);
    let counts: Vec<u64> = serde_json::from_value(stats["counts"].clone()).unwrap();
    assert_eq!(counts.len(), 32);
    assert_eq!(counts[31], 2);
    assert_eq!(counts.iter().sum::<u64>(), 181_440);
    assert_eq!(
        stats["hardest"],
        serde_json::json!(["6 4 7/8 5 0/3 2 1", "8 6 7/2 5 4/3 0 1"])
    );
    let mean = stats["mean"].as_f64().unwrap();
    assert!((mean - 21.9724).abs() < 1e-4, "{mean}");
}

#[test]
fn stats_text_and_errors() {
    npuzzle()
        .args(["stats", "--size", "2x2"])
        .assert()
        .success()
        .stdout(predicate::str::contains("states:  12"))
        .stdout(predicate::str::contains("max:     6 moves (1 board)"))
        .stdout(predicate::str::contains("  0 3/2 1"));
    npuzzle()
        .args(["stats", "--size", "4x4"])
        .assert()
        .failure()
        .stderr(predicate::str::contains("at most 12 cells; 4x4 has 16"));
    npuzzle()
        .args(["stats", "--size", "3y3"])
        .assert()
        .failure()
        .stderr(predicate::str::contains("'3y3' is not a board size"));
}

#[test]
fn judges_answer_from_tables() {
    // A goal with the blank in a corner, one of the nine embedded tables: 31 moves, then
    // the 32 states of the path, start and goal included.
    let out = npuzzle()
        .args(["judge", "path"])
        .write_stdin("8 6 7\n2 5 4\n3 0 1\n1 2 3\n4 5 6\n7 8 0\n")
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let text = String::from_utf8(out).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 33);
    assert_eq!(lines[0], "31");
    assert_eq!(lines[1], "867254301");
    assert_eq!(lines[32], "123456780");
    // A hardest board (31 moves), an unsolvable one, one spread over lines with a '/',
    // then a bad token: the answers before it are printed, then the error, exit 1.
    npuzzle()
        .args(["judge", "hdu1043"])
        .write_stdin(
            "8 6 7 2 5 4 3 x 1\n2 1 3 4 5 6 7 8 x\n1 2 3 /\n4 5 6\n7 x 8\n1 2 3 4 5 6 7 8 9\n",
        )
        .assert()
        .code(1)
        .stdout(format!("{}\nunsolvable\nr\n", hardest_moves()))
        .stderr("error: case 4, token 9 ('9') on line 6: expected a tile 1-8 or x\n");
}

/// The canonical moves of 8 6 7/2 5 4/3 0 1, from `solve` with IDA* (the reference).
fn hardest_moves() -> String {
    let out = npuzzle()
        .args([
            "solve",
            "8 6 7/2 5 4/3 0 1",
            "--algorithm",
            "idastar",
            "--json",
        ])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    json(&out)["moves"].as_str().unwrap().to_string()
}

#[test]
fn solve_reports_the_algorithm_used() {
    let run = |args: &[&str]| {
        let out = npuzzle()
            .args(args)
            .assert()
            .success()
            .get_output()
            .stdout
            .clone();
        json(&out)
    };
    let auto = run(&["solve", "8 6 7/2 5 4/3 0 1", "--json"]);
    assert_eq!(auto["algorithm"], "table");
    assert_eq!(auto["length"], 31);
    assert_eq!(auto["optimal"], true);
    assert_eq!(auto["moves"], hardest_moves());
    let table = run(&[
        "solve",
        "2 1/3 0",
        "--size",
        "2x2",
        "--algorithm",
        "table",
        "--json",
    ]);
    assert_eq!(table["status"], "unsolvable");
    let fifteen = run(&["solve", "1 2 3 4/5 6 7 8/9 10 11 12/13 14 0 15", "--json"]);
    assert_eq!(fifteen["algorithm"], "fast-idastar");
    npuzzle()
        .args([
            "solve",
            "1 2 3 4/5 6 7 8/9 10 11 12/13 14 0 15",
            "--algorithm",
            "table",
        ])
        .assert()
        .failure()
        .stderr(predicate::str::contains("table cannot search a 4x4 board"));
}
