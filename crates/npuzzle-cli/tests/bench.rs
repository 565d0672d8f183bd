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
