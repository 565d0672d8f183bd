//! `npuzzle bench`: the report and its plots, and published optima checked against the
//! lengths found.

use predicates::prelude::*;

use crate::common::npuzzle;

#[test]
fn bench_writes_a_report_and_plots() {
    let dir = tempfile::tempdir().unwrap();
    let report = dir.path().join("report.md");
    npuzzle()
        .args([
            "bench",
            "--count",
            "8",
            "--seed",
            "2",
            "--pairs",
            "idastar:manhattan,astar:linear-conflict,bfs",
            "-q",
        ])
        .arg("--report")
        .arg(&report)
        .arg("--plots")
        .arg(dir.path())
        .assert()
        .success();
    let text = std::fs::read_to_string(&report).unwrap();
    assert!(text.contains("| idastar:manhattan | 8/8 |"), "{text}");
    assert!(text.contains("| bfs | 8/8 |"), "{text}");
    assert!(text.contains("speed vs idastar:manhattan"));
    for plot in ["nodes.svg", "time.svg"] {
        let svg = std::fs::read_to_string(dir.path().join(plot)).unwrap();
        assert!(
            svg.starts_with("<svg") && svg.contains("astar:linear-conflict"),
            "{plot}"
        );
    }
    npuzzle()
        .args(["bench", "--pairs", "bfs:manhattan"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("bfs takes no heuristic"));
}

#[test]
fn bench_checks_published_optima() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("instances.txt");
    std::fs::write(
        &file,
        "# two 8-puzzles with their optima, one wrong\n1 2 3 4 5 6 7 0 8 1\n1 2 3 4 5 6 0 7 8 3\n",
    )
    .unwrap();
    npuzzle()
        .args(["bench", "--pairs", "idastar:manhattan", "-q", "--file"])
        .arg(&file)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("published optimum is 3"));
}

#[test]
fn a_files_optima_are_compared_in_the_metric_it_names() {
    let dir = tempfile::tempdir().unwrap();
    let single = dir.path().join("single.txt");
    let multi = dir.path().join("multi.txt");
    // 8 6 7/2 5 4/3 0 1: 31 single-tile moves, 20 multi-tile ones.
    std::fs::write(&single, "8 6 7 2 5 4 3 0 1 31\n").unwrap();
    std::fs::write(&multi, "# metric: mtm\n8 6 7 2 5 4 3 0 1 20\n").unwrap();
    let wrong = dir.path().join("wrong.txt");
    std::fs::write(&wrong, "# metric: mtm\n8 6 7 2 5 4 3 0 1 21\n").unwrap();
    for (file, metric) in [(&single, "stm"), (&multi, "mtm")] {
        npuzzle()
            .args(["bench-file", "-q", "--metric", metric])
            .arg(file)
            .assert()
            .success()
            .stdout(predicate::str::contains("0 wrong"));
    }
    npuzzle()
        .args(["bench-file", "-q", "--metric", "mtm"])
        .arg(&wrong)
        .assert()
        .code(1)
        .stdout(predicate::str::contains("WRONG"));
    // Single-tile optima are not held against multi-tile lengths: not compared, and said.
    npuzzle()
        .args(["bench", "--configs", "idastar", "-q", "--metric", "mtm", "--file"])
        .arg(&single)
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "its optimal lengths count the single-tile metric: not compared in the multi-tile metric",
        ));
    npuzzle()
        .args(["bench-file", "-q"])
        .arg(dir.path().join("missing-metric.txt"))
        .assert()
        .failure();
    let bad = dir.path().join("bad.txt");
    std::fs::write(&bad, "# metric: moves\n8 6 7 2 5 4 3 0 1 20\n").unwrap();
    npuzzle()
        .args(["bench-file", "-q"])
        .arg(&bad)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("line 1: # metric:"));
}
