//! `--all-optimal` (solve, batch, the API), as users run it: every door lists what the
//! library lists, the text and the JSON agree, and what is refused says which flag.

use crate::common;

use common::{json_lines, json_of, npuzzle, stdout_of, Server};
use npuzzle::{parse_board, Board};
use serde_json::json;

/// The solutions `solve --all-optimal --json` lists for `board` with `extra` flags.
fn listed(board: &str, extra: &[&str]) -> serde_json::Value {
    let mut args = vec!["solve", board, "--all-optimal", "--json"];
    args.extend(extra);
    json_of(&args, "")
}

#[test]
fn every_listed_solution_solves_the_board_in_the_optimum_and_the_answer_comes_first() {
    for (board, metric) in [
        ("8 6 7/2 5 4/3 0 1", "stm"),
        ("8 6 7/2 5 4/3 0 1", "mtm"),
        ("5 1 3 4/2 6 7 8/9 10 0 12/13 14 11 15", "stm"),
        ("5 1 3 4/2 6 7 8/9 10 0 12/13 14 11 15", "mtm"),
    ] {
        let report = listed(board, &["--metric", metric]);
        let solutions: Vec<&str> = report["solutions"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s.as_str().unwrap())
            .collect();
        assert_eq!(report["solutions_complete"], true, "{report}");
        assert_eq!(
            solutions.len() as u64,
            report["optimal_solutions"].as_u64().unwrap()
        );
        assert_eq!(solutions[0], report["moves"].as_str().unwrap());
        let start = parse_board(board, None).unwrap();
        let mut distinct = std::collections::HashSet::new();
        for moves in &solutions {
            let mut played = start.clone();
            played
                .apply_all(&npuzzle::parse_moves(moves).unwrap())
                .unwrap();
            assert_eq!(played, Board::goal(start.size()), "{moves}");
            assert!(distinct.insert(*moves), "{moves} twice");
        }
    }
}

#[test]
fn the_text_lists_the_same_one_a_line_and_says_when_there_are_more() {
    let report = listed("8 6 7/2 5 4/3 0 1", &["--limit", "4"]);
    assert_eq!(report["solutions"].as_array().unwrap().len(), 4);
    assert_eq!(report["solutions_complete"], false);
    assert!(
        report["solutions_cut_short"]
            .as_str()
            .unwrap()
            .contains("limit of 4"),
        "{report}"
    );
    let text = stdout_of(
        &[
            "solve",
            "8 6 7/2 5 4/3 0 1",
            "--all-optimal",
            "--limit",
            "4",
        ],
        "",
    );
    assert!(
        text.contains("\nsolutions: 40 optimal\nlisted:    4 optimal\n"),
        "{text}"
    );
    for solution in report["solutions"].as_array().unwrap() {
        let line = format!("\n  {}\n", solution.as_str().unwrap());
        assert!(text.contains(&line), "{text}");
    }
    assert!(text.contains("and no more listed: there are more than the limit of 4"));
    // Tile notation writes each in the tiles' moves.
    let tiles = stdout_of(
        &[
            "solve",
            "1 2 3/4 5 6/0 7 8",
            "--all-optimal",
            "--notation",
            "tiles",
        ],
        "",
    );
    assert!(tiles.contains("\n  L2\n"), "{tiles}");
}

#[test]
fn within_lists_longer_solutions_after_the_optimal_ones() {
    let report = listed("5 1 3/4 0 6/7 2 8", &["--within", "6"]);
    let lengths: Vec<usize> = report["solutions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s.as_str().unwrap().len())
        .collect();
    assert_eq!(lengths[0], 10);
    assert!(lengths.windows(2).all(|w| w[0] <= w[1]), "{lengths:?}");
    assert!(lengths.iter().any(|&l| l > 10) && lengths.iter().all(|&l| l <= 16));
    assert_eq!(report["optimal_solutions"], 1);
}

#[test]
fn list_flags_alone_and_answers_that_are_not_optimal_are_refused_naming_the_flag() {
    for flag in [["--within", "2"], ["--limit", "3"]] {
        let out = npuzzle()
            .args(["solve", "8 6 7/2 5 4/3 0 1"])
            .args(flag)
            .assert()
            .code(2);
        let stderr = String::from_utf8(out.get_output().stderr.clone()).unwrap();
        assert!(stderr.contains("--all-optimal"), "{stderr}");
    }
    let out = npuzzle()
        .args([
            "solve",
            "8 6 7/2 5 4/3 0 1",
            "--all-optimal",
            "--algorithm",
            "constructive",
        ])
        .assert()
        .code(2);
    let stderr = String::from_utf8(out.get_output().stderr.clone()).unwrap();
    assert!(stderr.contains("--all-optimal"), "{stderr}");
    assert!(
        stderr.contains("does not find the fewest moves"),
        "{stderr}"
    );
}

#[test]
fn batch_and_the_api_list_what_solve_lists() {
    let boards = ["8 6 7/2 5 4/3 0 1", "1 2 3/4 5 6/0 7 8"];
    let input = boards.join("\n") + "\n";
    let results = json_lines(&stdout_of(
        &["batch", "--all-optimal", "--limit", "7", "-j", "1"],
        &input,
    ));
    let server = Server::start(&[]);
    for (board, result) in boards.iter().zip(&results) {
        let solve = listed(board, &["--limit", "7"]);
        assert_eq!(result["solutions"], solve["solutions"], "{board}");
        let (status, body) = server.post_json(
            "/api/solve",
            &json!({"board": board, "all_optimal": true, "limit": 7}),
        );
        assert_eq!(status, 200, "{body}");
        let answer: serde_json::Value = serde_json::from_str(&body).unwrap();
        assert_eq!(answer["solutions"], solve["solutions"], "{board}");
        assert_eq!(answer["solutions_complete"], solve["solutions_complete"]);
    }
    for (body, code) in [
        (json!({"board": boards[0], "within": 2}), "bad_options"),
        (
            json!({"board": boards[0], "all_optimal": true, "limit": 1_000_000}),
            "bad_limit",
        ),
    ] {
        let (status, answer) = server.post_json("/api/solve", &body);
        assert_eq!(status, 400, "{answer}");
        assert!(answer.contains(code), "{answer}");
    }
}

/// `solve ... --all-optimal --stream` with `extra` flags: its stdout and stderr.
fn streamed(board: &str, extra: &[&str]) -> (String, String) {
    let out = npuzzle()
        .args(["solve", board, "--all-optimal", "--stream"])
        .args(extra)
        .assert()
        .success();
    let output = out.get_output();
    (
        String::from_utf8(output.stdout.clone()).unwrap(),
        String::from_utf8(output.stderr.clone()).unwrap(),
    )
}

#[test]
fn stream_prints_the_list_one_a_line_and_the_report_after_it() {
    for (board, extra) in [
        ("8 6 7/2 5 4/3 0 1", &["--limit", "10"][..]),
        ("5 1 3/4 0 6/7 2 8", &["--within", "4"][..]),
        ("8 6 7/2 5 4/3 0 1", &["--metric", "mtm"][..]),
    ] {
        let list = listed(board, extra);
        let solutions: Vec<&str> = list["solutions"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s.as_str().unwrap())
            .collect();
        // Text: stdout holds the solutions alone; the report, on stderr, counts them.
        let (text, report) = streamed(board, extra);
        assert_eq!(
            text.lines().collect::<Vec<_>>(),
            solutions,
            "{board} {extra:?}"
        );
        let count = format!("listed:    {} ", solutions.len());
        assert!(report.contains(&count), "{report}");
        assert!(
            report.contains("printed on stdout as they were found"),
            "{report}"
        );
        assert_eq!(
            report.contains("... and no more listed"),
            list["solutions_complete"] == false,
            "{report}"
        );
        // JSON: one object a solution, then the report without the list it repeats.
        let mut json_extra = extra.to_vec();
        json_extra.push("--json");
        let lines = json_lines(&streamed(board, &json_extra).0);
        let (report_line, each) = lines.split_last().unwrap();
        let each: Vec<&str> = each
            .iter()
            .map(|l| l["solution"].as_str().unwrap())
            .collect();
        assert_eq!(each, solutions);
        let mut expected = list.clone();
        expected.as_object_mut().unwrap().remove("solutions");
        for field in ["moves", "optimal_solutions", "solutions_complete", "length"] {
            assert_eq!(
                report_line[field], expected[field],
                "{field}: {report_line}"
            );
        }
        assert!(report_line.get("solutions").is_none(), "{report_line}");
    }
    // Tile notation, and the goal's one empty solution as an empty line.
    let (tiles, _) = streamed(
        "8 6 7/2 5 4/3 0 1",
        &["--limit", "2", "--notation", "tiles"],
    );
    assert_eq!(tiles.lines().count(), 2);
    assert!(
        tiles.chars().all(|c| "UDLR0123456789\n".contains(c)),
        "{tiles}"
    );
    assert_eq!(streamed("1 2 3/4 5 6/7 8 0", &[]).0, "\n");
    // Unsolvable: nothing listed, and the report says why.
    let (none, report) = streamed("1 2 3/4 5 6/8 7 0", &[]);
    assert_eq!(none, "");
    assert!(report.contains("unsolvable"), "{report}");
    // Quiet: the solutions alone.
    let (three, report) = streamed("8 6 7/2 5 4/3 0 1", &["--limit", "3", "-q"]);
    assert_eq!((three.lines().count(), report.as_str()), (3, ""));
}

#[test]
fn a_stream_whose_reader_stops_reading_stops_and_ends_quietly() {
    use std::io::{BufRead, BufReader};
    use std::process::Stdio;
    // The paths within 30 moves of the hardest 8-puzzle optimum that pass no board twice
    // are listed at about 100,000 a second, and their number is astronomical: a listing
    // that would run for hours unless the closed pipe stops it.
    let board = "8 6 7/2 5 4/3 0 1";
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("npuzzle"))
        .args([
            "solve",
            board,
            "--all-optimal",
            "--stream",
            "--within",
            "30",
        ])
        .args(["--limit", "1000000000000", "-q"])
        .env("NPUZZLE_CACHE_DIR", common::scratch_cache())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    for _ in 0..3 {
        let line = lines.next().unwrap().unwrap();
        assert!(line.chars().all(|c| "udlr".contains(c)), "{line}");
    }
    drop(lines);
    let (status, stderr) = common::wait_exit(&mut child, std::time::Duration::from_secs(20));
    assert!(status.success(), "{status} {stderr}");
    assert_eq!(
        stderr, "",
        "a closed pipe is the reader's choice, not an error"
    );
}

#[test]
fn stream_without_all_optimal_is_refused_naming_it() {
    let out = npuzzle()
        .args(["solve", "8 6 7/2 5 4/3 0 1", "--stream"])
        .assert()
        .code(2);
    let stderr = String::from_utf8(out.get_output().stderr.clone()).unwrap();
    assert!(stderr.contains("--all-optimal"), "{stderr}");
}
