//! `--count-optimal` (solve, batch, the API) and the uniformity of `npuzzle random`, as
//! users run them.

use crate::common;

use common::{json_lines, json_of, npuzzle, stdout_of, Server};
use npuzzle::{is_solvable, parse_board, Board, Move, Size};
use serde_json::json;

/// The move sequences of exactly `length` blank moves from `board` to `goal`, by brute
/// force: every sequence, cut only where the tiles' Manhattan distance (computed here)
/// cannot be made up in the moves left.
fn sequences(board: &Board, goal: &Board, length: usize) -> u64 {
    let width = board.size().width();
    let manhattan: usize = (0..board.cells().len())
        .filter(|&cell| board.tile_at(cell) != 0)
        .map(|cell| {
            let home = goal
                .cells()
                .iter()
                .position(|&t| t == board.tile_at(cell))
                .unwrap();
            (cell % width).abs_diff(home % width) + (cell / width).abs_diff(home / width)
        })
        .sum();
    if manhattan > length {
        return 0;
    }
    if length == 0 {
        return u64::from(board == goal);
    }
    Move::ALL
        .into_iter()
        .filter_map(|mv| board.moved(mv))
        .map(|next| sequences(&next, goal, length - 1))
        .sum()
}

#[test]
fn solve_counts_every_optimal_solution() {
    for (board, goal) in [
        ("8 6 7/2 5 4/3 0 1", "1 2 3/4 5 6/7 8 0"),
        ("283104765", "123804765"),
        (
            "1 2 3 4/5 6 7 8/9 10 0 11/13 14 15 12",
            "1 2 3 4/5 6 7 8/9 10 11 12/13 14 15 0",
        ),
        (
            "5 1 3 4/2 6 7 8/9 10 0 12/13 14 11 15",
            "1 2 3 4/5 6 7 8/9 10 11 12/13 14 15 0",
        ),
    ] {
        let report = json_of(
            &["solve", board, "--goal", goal, "--count-optimal", "--json"],
            "",
        );
        let length = report["length"].as_u64().unwrap() as usize;
        let (start, goal) = (
            parse_board(board, None).unwrap(),
            parse_board(goal, None).unwrap(),
        );
        assert_eq!(
            report["optimal_solutions"].as_u64(),
            Some(sequences(&start, &goal, length)),
            "{board}"
        );
    }
    // The text says it, and an unsolvable board has none.
    let text = stdout_of(
        &[
            "solve",
            "283104765",
            "--goal",
            "123804765",
            "--count-optimal",
        ],
        "",
    );
    assert!(text.contains("\nsolutions: 1 optimal\n"), "{text}");
    let none = json_of(
        &["solve", "1 2 3/4 5 6/8 7 0", "--count-optimal", "--json"],
        "",
    );
    assert_eq!(none["optimal_solutions"], 0);
}

#[test]
fn counts_appear_only_when_asked() {
    let report = json_of(&["solve", "8 6 7/2 5 4/3 0 1", "--json"], "");
    assert!(report.get("optimal_solutions").is_none(), "{report}");
    assert!(report.get("count_gave_up").is_none(), "{report}");
    let text = stdout_of(&["solve", "8 6 7/2 5 4/3 0 1"], "");
    assert!(!text.contains("solutions:"), "{text}");
}

#[test]
fn answers_that_are_not_optimal_are_not_counted() {
    for (extra, reason) in [
        (
            &["--algorithm", "constructive"][..],
            "the constructive algorithm does not find the fewest moves",
        ),
        (
            &["--algorithm", "astar", "--weight", "1.5"][..],
            "a weight of 1.5 answers with up to 1.5 times the fewest moves",
        ),
    ] {
        let out = npuzzle()
            .args(["solve", "8 6 7/2 5 4/3 0 1", "--count-optimal"])
            .args(extra)
            .assert()
            .code(2);
        let stderr = String::from_utf8(out.get_output().stderr.clone()).unwrap();
        assert!(stderr.contains("--count-optimal"), "{stderr}");
        assert!(stderr.trim_end().ends_with(reason), "{stderr}");
    }
}

#[test]
fn batch_and_the_api_count_too() {
    let lines = "8 6 7/2 5 4/3 0 1\n1 2 3/4 5 6/0 7 8\n{\"board\": \"1 2 3/4 5 6/7 0 8\"}\n";
    let results = json_lines(&stdout_of(&["batch", "--count-optimal", "-j", "1"], lines));
    assert_eq!(results.len(), 3);
    for result in &results {
        let start = parse_board(result["board"].as_str().unwrap(), None).unwrap();
        let goal = Board::goal(start.size());
        let length = result["length"].as_u64().unwrap() as usize;
        assert_eq!(
            result["optimal_solutions"].as_u64(),
            Some(sequences(&start, &goal, length))
        );
    }
    let server = Server::start(&[]);
    let (status, body) = server.post_json(
        "/api/solve",
        &json!({"board": "8 6 7/2 5 4/3 0 1", "count_optimal": true}),
    );
    assert_eq!(status, 200, "{body}");
    let answer: serde_json::Value = serde_json::from_str(&body).unwrap();
    assert_eq!(answer["optimal_solutions"], results[0]["optimal_solutions"]);
    let (status, body) = server.post_json(
        "/api/solve",
        &json!({"board": "8 6 7/2 5 4/3 0 1", "count_optimal": true, "algorithm": "constructive"}),
    );
    assert_eq!(status, 400, "{body}");
    assert!(
        body.contains("counted only where the answer is optimal"),
        "{body}"
    );
}

#[test]
fn random_boards_are_uniform_over_every_reachable_2x3_board() {
    // 100 draws a board on average from a fixed seed: every one of the 360 reachable
    // boards turns up, no other, and a chi-square test passes at six standard
    // deviations either side (Wilson-Hilferty quantiles for 359 degrees of freedom).
    let goal = Board::goal(Size::new(3, 2).unwrap());
    let text = stdout_of(
        &[
            "random", "--size", "3x2", "--count", "36000", "--seed", "38",
        ],
        "",
    );
    let mut counts = std::collections::HashMap::new();
    for line in text.lines() {
        let board = parse_board(line, Some(goal.size())).unwrap();
        assert!(is_solvable(&board, &goal), "{board}");
        *counts.entry(board).or_insert(0u32) += 1;
    }
    assert_eq!(counts.len(), 360);
    let statistic: f64 = counts
        .values()
        .map(|&c| (f64::from(c) - 100.0).powi(2) / 100.0)
        .sum();
    let df = 359.0_f64;
    let spread = (2.0 / (9.0 * df)).sqrt();
    let quantile = |z: f64| df * (1.0 - 2.0 / (9.0 * df) + z * spread).powi(3);
    assert!(
        (quantile(-6.0)..quantile(6.0)).contains(&statistic),
        "chi-square {statistic}"
    );
}
