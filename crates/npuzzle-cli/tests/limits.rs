//! Regression tests for the defects a hostile new user found (issue "Wrong answers, lost
//! boards and crashes"), one test per defect, each failing on the code before the fix.

use crate::common;

use std::time::{Duration, Instant};

use common::{json_lines, json_of, npuzzle, stdout_of};
use predicates::prelude::*;
use serde_json::Value;

/// A 6x6 board whose optimum, 54 moves, the puzzle-specific IDA* proves in a fraction
/// of a second, while `auto` builds it constructively in 220.
const SIX: &str = "2 7 0 4 5 6/8 9 3 10 11 12/1 13 22 15 17 18/19 14 16 27 33 23/31 26 25 28 35 24/21 20 32 34 30 29";
const SIX_OPTIMAL: &str = "dlldruuldrddrrrrddlululldrdllurdrurullddruuurdlldrrrrd";

#[test]
fn check_claims_optimality_only_with_a_proof() {
    // The optimal answer is called optimal, not "not optimal, the fewest is 220".
    let verdict = json_of(&["check", SIX, SIX_OPTIMAL, "--json"], "");
    assert_eq!(verdict["optimal"], true, "{verdict}");
    assert_eq!(verdict["minimum"], 54);
    // The constructive answer is valid and provably not optimal.
    let constructive = json_of(&["solve", SIX, "--json"], "");
    assert_eq!(constructive["optimal"], false);
    let moves = constructive["moves"].as_str().unwrap();
    npuzzle()
        .args(["check", SIX, moves])
        .assert()
        .code(1)
        .stdout(predicate::str::contains("valid but not optimal"));
    // Where nothing proves it optimal, the verdict says how far over it can be (from the
    // lower bound a big board's search proves), with its own exit code.
    let big = stdout_of(&["random", "--size", "12x12", "--seed", "3"], "");
    let big = big.trim();
    let answer = json_of(&["solve", big, "--json"], "");
    npuzzle()
        .args([
            "check",
            big,
            answer["moves"].as_str().unwrap(),
            "--max-seconds",
            "1",
        ])
        .assert()
        .code(3)
        .stdout(predicate::str::contains("valid, at most "))
        .stdout(predicate::str::contains("moves over optimal"));
}

#[test]
fn check_exit_codes_follow_the_readme() {
    // Korf's first instance with the linear-conflict search's 57 moves; the search that
    // would prove them optimal gives up at 10 nodes: unknown is exit 3, not 0.
    let board = "14 13 15 7/11 12 9 5/6 0 2 1/4 8 10 3";
    let goal = "0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15";
    let moves = json_of(
        &[
            "solve",
            board,
            "--goal",
            goal,
            "--json",
            "-a",
            "fast-idastar",
        ],
        "",
    )["moves"]
        .as_str()
        .unwrap()
        .to_string();
    npuzzle()
        .args([
            "check",
            board,
            &moves,
            "--goal",
            goal,
            "--max-nodes",
            "10",
            "--json",
        ])
        .assert()
        .code(3)
        .stdout(predicate::str::contains("\"optimal\":null"));
    npuzzle()
        .args(["check", board, &moves, "--goal", goal])
        .assert()
        .code(0);
    npuzzle()
        .args(["check", "283104765", "u", "--goal", "123804765"])
        .assert()
        .code(1)
        .stdout(predicate::str::contains("invalid"));
    npuzzle()
        .args(["check", "123804765", "ud", "--goal", "123804765"])
        .assert()
        .code(1)
        .stdout(predicate::str::contains(
            "2 moves reach the goal; the fewest is 0",
        ));
    npuzzle()
        .args(["check", "123084765", "r", "--goal", "123804765"])
        .assert()
        .code(0)
        .stdout("valid and optimal: 1 move reaches the goal, the fewest possible\n");
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
    let rows = json_lines(&std::fs::read_to_string(&output).unwrap());
    assert_eq!(rows.len(), 4);
}

#[test]
fn huge_time_limits_are_refused_not_panics() {
    let file = tempfile::NamedTempFile::new().unwrap();
    std::fs::write(file.path(), "1 2 3 4 5 6 7 0 8 1\n").unwrap();
    let path = file.path().to_str().unwrap();
    for args in [
        &["solve", "--max-seconds", "1e20"][..],
        &[
            "solve",
            "1 2 3 4/5 6 7 8/9 10 11 12/13 14 0 15",
            "--max-seconds",
            "1e19",
        ],
        &["check", "283104765", "uldr", "--max-seconds", "1e20"],
        &["batch", "--max-seconds", "1e20"],
        &["compare", "283104765", "--max-seconds", "1e20"],
        &["bench", "--max-seconds", "1e20"],
        &["bench-file", path, "--max-seconds", "1e20"],
        &["serve", "--max-seconds", "1e20"],
        &["solve", "--max-seconds", "NaN"],
        &["solve", "--max-seconds=-1"],
    ] {
        npuzzle()
            .args(args)
            .write_stdin("")
            .assert()
            .code(2)
            .stderr(predicate::str::contains("--max-seconds"))
            .stderr(predicate::str::contains("panicked").not());
    }
    // A year is still a limit, and a search under it finishes.
    npuzzle()
        .args([
            "solve",
            "1 2 3 4/5 6 7 8/9 10 11 12/13 14 0 15",
            "--max-seconds",
            "31536000",
        ])
        .assert()
        .success();
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
fn time_limits_bound_the_constructive_method() {
    let board = stdout_of(&["random", "--size", "250x250", "--seed", "1"], "");
    let started = Instant::now();
    let out = npuzzle()
        .args(["solve", "-", "--max-seconds", "0.5", "--json"])
        .write_stdin(board.clone())
        .assert()
        .code(3);
    assert!(
        started.elapsed() < Duration::from_secs(5),
        "{:?}",
        started.elapsed()
    );
    let report: Value = serde_json::from_slice(&out.get_output().stdout).unwrap();
    assert_eq!(report["gave_up"], "gave up: time limit of 0.500 s reached");
    let started = Instant::now();
    let out = npuzzle()
        .args(["batch", "--max-seconds", "0.5", "-q"])
        .write_stdin(board)
        .assert()
        // A line a limit stopped exits 3, as `solve` does.
        .code(3);
    assert!(
        started.elapsed() < Duration::from_secs(5),
        "{:?}",
        started.elapsed()
    );
    assert!(String::from_utf8_lossy(&out.get_output().stdout).contains("time limit"));
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

#[test]
fn small_defects() {
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

#[test]
fn input_without_end_stops_at_the_memory_allowed() {
    // `/dev/zero` as a file, or a stream longer than the memory allowed, used to be read
    // until the machine's memory ran out; now it is an error once it passes the budget.
    let long = "#".repeat(1536 * 1024);
    for (args, stdin, named) in [
        (vec!["batch", "--max-memory", "1M"], long.as_str(), "stdin"),
        (
            vec!["solve", "-", "--max-memory", "1M"],
            long.as_str(),
            "stdin",
        ),
        (
            vec!["batch", "/dev/zero", "--max-memory", "1M"],
            "",
            "/dev/zero",
        ),
        (
            vec!["bench-file", "/dev/zero", "--max-memory", "1M"],
            "",
            "/dev/zero",
        ),
        (
            vec!["bench", "--file", "/dev/zero", "--max-memory", "1M"],
            "",
            "/dev/zero",
        ),
    ] {
        npuzzle()
            .args(&args)
            .write_stdin(stdin)
            .timeout(Duration::from_secs(60))
            .assert()
            .code(2)
            .stderr(predicate::str::contains(format!(
                "{named} holds more than 1 MiB, the memory allowed by --max-memory"
            )));
    }
    // Within the budget, the same kind of input is read as before.
    let fits = format!("{}\n1 2 3 4 5 6 7 0 8\n", "#".repeat(1000));
    let records = json_lines(&stdout_of(&["batch", "--max-memory", "1M"], &fits));
    assert_eq!(records.len(), 1);
    assert_eq!(records[0]["length"], 1);
}

#[cfg(target_os = "linux")]
#[test]
fn a_full_disk_is_an_error_not_a_panic() {
    for args in [
        vec!["completions", "bash"],
        vec!["man"],
        vec!["solve", "1 2 3/4 5 6/7 0 8", "--json"],
        vec!["random", "--size", "3x3", "--count", "3"],
    ] {
        let full = std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .unwrap();
        let out = std::process::Command::new(assert_cmd::cargo::cargo_bin("npuzzle"))
            .args(&args)
            .stdout(full)
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        // The machine failed, not the request: exit 1.
        assert_eq!(out.status.code(), Some(1), "{args:?}: {stderr}");
        assert!(
            stderr.contains("No space left on device"),
            "{args:?}: {stderr}"
        );
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
    }
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
    let records = json_lines(&reader.join().unwrap());
    assert_eq!(records.len(), 1);
    assert_eq!(records[0]["length"], 1);
}

#[test]
fn a_directory_to_write_into_that_is_a_file_is_named() {
    // It said "creating /dev/null: File exists (os error 17)".
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("plain");
    std::fs::write(&file, "x").unwrap();
    let file = file.to_str().unwrap();
    let needle = format!("{file} is not a directory: name a directory to write the files into");
    for args in [
        vec!["man", "--dir", file],
        // A benchmark that would run a minute: the path is checked before it starts.
        vec![
            "bench",
            "--size",
            "5x5",
            "-n",
            "1",
            "--configs",
            "idastar:manhattan",
            "--plots",
            file,
            "-q",
        ],
    ] {
        npuzzle()
            .args(&args)
            .timeout(Duration::from_secs(20))
            .assert()
            .code(2)
            .stderr(predicate::str::contains(needle.as_str()));
    }
    // A directory still gets its files.
    let pages = dir.path().join("pages");
    npuzzle()
        .args(["man", "--dir", pages.to_str().unwrap()])
        .assert()
        .success();
    assert!(pages.join("npuzzle.1").is_file());
}

#[test]
fn a_walk_longer_than_anyone_waits_for_is_refused() {
    // `--walk 99999999999999999` used to run for years (a walk of that many moves);
    // now it is refused before one move, naming the most allowed.
    for command in [
        vec!["random", "--walk", "99999999999999999"],
        vec!["bench", "--walk", "100000001", "-q"],
    ] {
        npuzzle()
            .args(&command)
            .timeout(Duration::from_secs(20))
            .assert()
            .code(2)
            .stderr(predicate::str::contains(
                "moves is more than the 100000000 allowed",
            ));
    }
    npuzzle()
        .args(["random", "--walk", "100", "--seed", "1"])
        .assert()
        .success();
}

#[test]
fn random_instances_past_the_memory_allowed_are_refused() {
    // `bench --count 18446744073709551615` panicked (a capacity overflow): now every
    // count is weighed against the memory allowed before a board is made.
    npuzzle()
        .args(["bench", "--count", "18446744073709551615", "-q"])
        .timeout(Duration::from_secs(20))
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "--count 18446744073709551615: 18446744073709551615 random 3x3 boards take",
        ))
        .stderr(predicate::str::contains(
            "more than half the memory available",
        ));
    npuzzle()
        .args([
            "bench",
            "--count",
            "1000",
            "--size",
            "100x100",
            "--max-memory",
            "10M",
            "-q",
        ])
        .timeout(Duration::from_secs(20))
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "1000 random 100x100 boards take 38.2 MiB, more than the memory allowed by --max-memory (10 MiB)",
        ));
}

#[test]
fn a_huge_time_limit_is_written_as_given() {
    // 1e308 was written out in 309 digits in the error.
    npuzzle()
        .args(["solve", "1 2 3/4 5 6/7 0 8", "--max-seconds", "1e308"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "a time limit of 1e308 seconds is not allowed: give a positive number of seconds, at most 31536000 (a year)",
        ));
}
