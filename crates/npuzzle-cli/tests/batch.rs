//! `npuzzle batch`: order, error records, resuming a killed run, ids (duplicates refused,
//! the rest kept as written), and results written to devices and named pipes.

use std::process::{Command as Process, Stdio};
use std::time::{Duration, Instant};

use assert_cmd::cargo::CommandCargoExt;
use predicates::prelude::*;

use crate::common;

use common::{json_lines as records, npuzzle, stdout_of};

/// The records of a batch of `input` towards 123804765, which must succeed.
fn batch_to_goal_123804765(input: impl Into<Vec<u8>>) -> Vec<serde_json::Value> {
    let out = npuzzle()
        .args(["batch", "--goal", "123804765", "--quiet"])
        .write_stdin(input.into())
        .assert()
        .success();
    records(std::str::from_utf8(&out.get_output().stdout).unwrap())
}

#[test]
fn results_come_in_input_order_with_error_records() {
    let input = "283104765\n\n# a comment\n{\"id\":\"named\",\"board\":\"1 2 3/4 5 6/7 8 0\",\"algorithm\":\"bfs\"}\n1 2 3 4 5\n{\"board\":\"1 2 3 8 0 4 7 6 5\",\"colour\":1}\n";
    let rows = batch_to_goal_123804765(input);
    assert_eq!(rows.len(), 4);
    assert_eq!(rows[0]["id"], 1);
    assert_eq!(rows[0]["length"], 4);
    assert_eq!(rows[1]["id"], "named");
    assert_eq!(rows[1]["algorithm"], "bfs");
    assert_eq!(rows[2]["id"], 5);
    assert!(rows[2]["error"]
        .as_str()
        .unwrap()
        .contains("do not make a square board"));
    assert_eq!(rows[3]["id"], 6);
    assert!(rows[3]["error"].as_str().unwrap().contains("colour"));
}

#[test]
fn a_line_that_is_not_utf8_costs_only_itself() {
    let mut input = b"\xEF\xBB\xBF283104765\n1 2 3/8 \xff 4/7 6 5\n".to_vec();
    input.extend(b"{\"id\":\"latin-1 \xe9\",\"board\":\"123804765\"}\n123804765\n");
    let rows = batch_to_goal_123804765(input);
    assert_eq!(rows.len(), 4, "{rows:?}");
    assert_eq!(
        rows[0]["length"], 4,
        "the byte-order mark is not part of the board"
    );
    for (row, line) in [(1, 2), (2, 3)] {
        assert_eq!(rows[row]["id"], line);
        let error = rows[row]["error"].as_str().unwrap();
        assert!(error.contains("the line is not UTF-8 text"), "{error}");
    }
    assert_eq!(rows[3]["id"], 4);
    assert_eq!(rows[3]["length"], 0);
}

#[test]
fn a_killed_run_resumes_without_loss_or_repeats() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("boards.txt");
    let output = dir.path().join("results.jsonl");
    // Breadth-first search on random 8-puzzles: slow enough to kill midway.
    let boards = npuzzle()
        .args(["random", "--count", "400", "--seed", "11"])
        .output()
        .unwrap()
        .stdout;
    std::fs::write(&input, &boards).unwrap();
    let args = [
        "batch",
        input.to_str().unwrap(),
        "--output",
        output.to_str().unwrap(),
        "-a",
        "bfs",
        "--quiet",
    ];

    let mut child = Process::cargo_bin("npuzzle")
        .unwrap()
        .args(args)
        .stdout(Stdio::null())
        .spawn()
        .unwrap();
    let started = Instant::now();
    loop {
        let lines = std::fs::read_to_string(&output).map_or(0, |t| t.lines().count());
        if lines >= 20 || started.elapsed() > Duration::from_secs(60) {
            break;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.kill().unwrap();
    child.wait().unwrap();
    let partial = std::fs::read_to_string(&output).unwrap();
    let done = partial.lines().count();
    assert!(
        (20..400).contains(&done),
        "killed midway, after {done} results"
    );
    // A half-written last line, as a kill in the middle of a write leaves.
    std::fs::write(&output, format!("{partial}{{\"id\":{},\"algo", done + 1)).unwrap();

    npuzzle().args(args).assert().success();
    let rows = records(&std::fs::read_to_string(&output).unwrap());
    let ids: Vec<u64> = rows.iter().map(|r| r["id"].as_u64().unwrap()).collect();
    assert_eq!(ids, (1..=400).collect::<Vec<u64>>());
    assert!(rows
        .iter()
        .all(|r| r["status"] == "solved" && r["optimal"] == true));
}

#[test]
fn cached_pattern_databases_guide_fifteen_puzzles() {
    let dir = tempfile::tempdir().unwrap();
    let cache = dir.path().to_str().unwrap();
    let goal = "0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15";
    npuzzle()
        .args([
            "pdb",
            "build",
            "3-3-3-3-3",
            "--goal",
            goal,
            "--cache-dir",
            cache,
            "-q",
        ])
        .assert()
        .success();
    // Korf's instances 2 and 4 (optima 55 and 56), and a 3x3 board that stays on its table.
    let input = "13 5 4 10 9 12 8 14 2 3 7 1 0 15 11 6\n5 12 10 7 15 11 14 0 8 2 1 13 3 4 9 6\n{\"board\":\"1 2 3/4 5 6/7 0 8\",\"goal\":\"1 2 3/4 5 6/7 8 0\"}\n";
    let out = npuzzle()
        .args(["batch", "--goal", goal, "--cache-dir", cache, "-q"])
        .write_stdin(input)
        .assert()
        .success();
    let rows = records(std::str::from_utf8(&out.get_output().stdout).unwrap());
    assert_eq!(rows[0]["length"], 55);
    assert_eq!(rows[1]["length"], 56);
    for row in &rows[..2] {
        assert!(
            row["heuristic"]
                .as_str()
                .unwrap()
                .starts_with("pdb 3-3-3-3-3"),
            "{row}"
        );
        assert_eq!(row["optimal"], true);
    }
    assert_eq!(rows[2]["algorithm"], "table");
}

#[test]
fn batch_refuses_duplicate_ids_and_keeps_ids_exact() {
    // An explicit id 3 and line 3's implicit id 3: refused before solving, naming the lines.
    let input =
        "{\"id\":3,\"board\":\"1 2 3/4 5 6/7 0 8\"}\n1 2 3/4 5 6/7 8 0\n1 2 3/4 5 6/0 7 8\n";
    npuzzle()
        .args(["batch", "-q"])
        .write_stdin(input)
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains("id 3 on lines 1, 3"));
    // Ids come back as written, so distinct ids never collide.
    let input = "{\"id\":18446744073709551616,\"board\":\"1 2 3/4 5 6/7 0 8\"}\n\
                 {\"id\":18446744073709551617,\"board\":\"1 2 3/4 5 6/7 0 8\"}\n\
                 {\"id\":-0,\"board\":\"1 2 3/4 5 6/7 0 8\"}\n\
                 {\"id\":0,\"board\":\"1 2 3/4 5 6/7 0 8\"}\n";
    let out = stdout_of(&["batch", "-q"], input);
    let ids: Vec<&str> = out
        .lines()
        .map(|l| l.rsplit_once("\"id\":").unwrap().1.trim_end_matches('}'))
        .collect();
    assert_eq!(
        ids,
        ["18446744073709551616", "18446744073709551617", "-0", "0"]
    );
    // Resuming skips exactly the ids already answered.
    let dir = tempfile::tempdir().unwrap();
    let output = dir.path().join("out.jsonl");
    std::fs::write(&output, format!("{}\n", out.lines().next().unwrap())).unwrap();
    npuzzle()
        .args(["batch", "-q", "--output", output.to_str().unwrap()])
        .write_stdin(input)
        .assert()
        .success();
    let rows = records(&std::fs::read_to_string(&output).unwrap());
    assert_eq!(rows.len(), 4);
}

#[cfg(target_os = "linux")]
#[test]
fn batch_writes_to_devices() {
    // `-o /dev/null` failed ("syncing /dev/null: Invalid argument"), and `-o /dev/full`
    // read the device's endless zeros as an earlier run's output before writing.
    for device in ["/dev/null", "/dev/zero"] {
        npuzzle()
            .args(["batch", "-o", device])
            .write_stdin("1 2 3 4 5 6 7 0 8\n")
            .timeout(Duration::from_secs(60))
            .assert()
            .success()
            .stderr(predicate::str::contains("1 solved or answered"));
    }
    npuzzle()
        .args(["batch", "-o", "/dev/full"])
        .write_stdin("1 2 3 4 5 6 7 0 8\n")
        .timeout(Duration::from_secs(60))
        .assert()
        .code(1)
        .stderr(predicate::str::contains(
            "writing results to /dev/full: No space left on device",
        ));
    // A named pipe with a reader at the other end: opening it to look for an earlier
    // run waited for a writer for ever.
    let dir = tempfile::tempdir().unwrap();
    let pipe = dir.path().join("results");
    let made = std::process::Command::new("mkfifo")
        .arg(&pipe)
        .status()
        .unwrap();
    assert!(made.success());
    let reader = {
        let pipe = pipe.clone();
        std::thread::spawn(move || std::fs::read_to_string(pipe).unwrap())
    };
    npuzzle()
        .args(["batch", "-o", pipe.to_str().unwrap()])
        .write_stdin("1 2 3 4 5 6 7 0 8\n")
        .timeout(Duration::from_secs(60))
        .assert()
        .success();
    let records = records(&reader.join().unwrap());
    assert_eq!(records.len(), 1);
    assert_eq!(records[0]["length"], 1);
}
