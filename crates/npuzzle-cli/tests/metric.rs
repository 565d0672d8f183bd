//! `--metric mtm` (issue 38): in the multi-tile metric a move slides any number of tiles
//! of one row or column. `solve`, `check`, `batch`, `bench`, `compare` and `trace` answer the fewest such
//! moves, and the canonical answer, as a breadth-first search written here finds them;
//! `--metric stm` changes nothing; a bad metric is refused, naming it, with exit code 2.

use std::collections::{HashMap, VecDeque};

use crate::common;

use common::{json_lines, json_of, npuzzle, stdout_of};
use predicates::prelude::*;

// A 3x3 board as the move order test keeps it (cells row-major, 0 the blank) and its
// single step.
use super::order::{step, Cells};

/// The blank's jump of `cells` cells in the direction `letter` from `board`, if it stays
/// on the board: one multi-tile move.
fn jump(board: &Cells, letter: char, cells: usize) -> Option<Cells> {
    let mut next = *board;
    for _ in 0..cells {
        next = step(&next, letter)?;
    }
    Some(next)
}

fn cells(text: &str) -> Cells {
    let digits: Vec<u8> = text
        .bytes()
        .filter(u8::is_ascii_digit)
        .map(|b| b - b'0')
        .collect();
    digits.try_into().unwrap()
}

const GOAL: Cells = [1, 2, 3, 4, 5, 6, 7, 8, 0];

/// Every board's distance to the goal in multi-tile moves: a breadth-first search over
/// all 181,440 whose moves are the blank's jumps of one or two cells.
fn distances() -> HashMap<Cells, usize> {
    let mut far = HashMap::from([(GOAL, 0)]);
    let mut queue = VecDeque::from([GOAL]);
    while let Some(board) = queue.pop_front() {
        let d = far[&board];
        for letter in ['l', 'r', 'd', 'u'] {
            for k in 1..=2 {
                if let Some(next) = jump(&board, letter, k) {
                    far.entry(next).or_insert_with(|| {
                        queue.push_back(next);
                        d + 1
                    });
                }
            }
        }
    }
    far
}

/// The canonical answer in the multi-tile metric, as the blank's steps: of the optimal
/// move sequences, the smallest, a move comparing by its direction in `order` and then
/// by its length. Every optimal sequence is as long, so the smallest first move that
/// goes one nearer starts the smallest sequence.
fn canonical(start: &Cells, order: &str, far: &HashMap<Cells, usize>) -> String {
    let (mut board, mut path) = (*start, String::new());
    while far[&board] > 0 {
        let (letter, k, next) = order
            .chars()
            .flat_map(|letter| (1..=2).map(move |k| (letter, k)))
            .find_map(|(letter, k)| {
                jump(&board, letter, k)
                    .filter(|n| far[n] + 1 == far[&board])
                    .map(|n| (letter, k, n))
            })
            .expect("a board off the goal has a move nearer");
        path.extend(std::iter::repeat_n(letter, k));
        board = next;
    }
    path
}

/// The number of multi-tile moves in the blank's steps `moves`: its runs.
fn runs(moves: &str) -> usize {
    let letters: Vec<char> = moves.chars().collect();
    letters
        .iter()
        .enumerate()
        .filter(|&(i, c)| i == 0 || letters[i - 1] != *c)
        .count()
}

/// `count` random 3x3 boards from `seed`: uniform, or `walk` random steps from the goal.
fn random_boards(count: usize, seed: u64, walk: Option<usize>) -> Vec<String> {
    let (count, seed) = (count.to_string(), seed.to_string());
    let mut args = vec![
        "random", "--size", "3x3", "--count", &count, "--seed", &seed,
    ];
    let walk = walk.map(|steps| steps.to_string());
    if let Some(steps) = &walk {
        args.extend(["--walk", steps]);
    }
    stdout_of(&args, "").lines().map(str::to_string).collect()
}

#[test]
fn solve_answers_the_fewest_multi_tile_moves_and_the_canonical_sequence() {
    let far = distances();
    for board in random_boards(10, 38, None) {
        let start = cells(&board);
        for order in ["lrdu", "dlru", "urdl"] {
            let report = json_of(
                &[
                    "solve", &board, "--metric", "mtm", "--order", order, "--json",
                ],
                "",
            );
            let moves = report["moves"].as_str().unwrap();
            assert_eq!(report["metric"], "mtm");
            assert_eq!(report["length"], far[&start], "{board}");
            assert_eq!(runs(moves), far[&start], "{board}: {moves}");
            assert_eq!(moves, canonical(&start, order, &far), "{board} {order}");
            assert_eq!(report["optimal"], true);
        }
        let stm = json_of(&["solve", &board, "--json"], "");
        assert_eq!(stm["metric"], "stm");
        assert_eq!(stm["length"], stm["moves"].as_str().unwrap().len());
    }
}

#[test]
fn every_optimal_algorithm_answers_the_fewest_multi_tile_moves() {
    let far = distances();
    for board in &random_boards(4, 38, Some(12)) {
        let start = cells(board);
        for algorithm in ["table", "bfs", "bidirectional", "astar", "idastar", "iddfs"] {
            let report = json_of(
                &["solve", board, "--metric", "mtm", "-a", algorithm, "--json"],
                "",
            );
            assert_eq!(
                report["length"], far[&start],
                "{board} {algorithm}: {report}"
            );
            assert_eq!(runs(report["moves"].as_str().unwrap()), far[&start]);
        }
    }
}

#[test]
fn compare_runs_every_algorithm_and_heuristic_in_the_multi_tile_metric() {
    let far = distances();
    for board in &random_boards(2, 39, Some(10)) {
        let start = cells(board);
        let runs_of = |metric: &str| {
            let reports = json_of(&["compare", board, "--metric", metric, "--json"], "");
            reports.as_array().unwrap().clone()
        };
        let (mtm, stm) = (runs_of("mtm"), runs_of("stm"));
        assert_eq!(mtm.len(), stm.len());
        for report in &mtm {
            assert_eq!(report["metric"], "mtm");
            assert_eq!(report["length"], far[&start], "{board}: {report}");
            assert_eq!(runs(report["moves"].as_str().unwrap()), far[&start]);
        }
        assert!(stm.iter().all(|report| report["metric"] == "stm"));
        let text = stdout_of(&["compare", board, "--metric", "mtm"], "");
        assert!(
            text.lines().next().unwrap().ends_with("   metric: mtm"),
            "{text}"
        );
        let text = stdout_of(&["compare", board], "");
        assert!(!text.contains("metric"), "{text}");
    }
}

#[test]
fn trace_follows_a_search_in_the_multi_tile_metric() {
    let far = distances();
    let board = "1 2 3/4 0 6/7 5 8";
    for algorithm in ["bfs", "astar", "idastar"] {
        let out = npuzzle()
            .args(["trace", board, "--metric", "mtm", "-a", algorithm, "--json"])
            .assert()
            .success();
        let output = out.get_output();
        let events = json_lines(&String::from_utf8_lossy(&output.stdout));
        let goal = events.iter().find(|e| e["event"] == "goal").unwrap();
        assert_eq!(goal["g"], far[&cells(board)], "{algorithm}");
        // Every move from a parent is written, a jump as one letter a cell crossed.
        for event in events
            .iter()
            .filter(|e| e["depth"].as_u64().is_some_and(|d| d > 0))
        {
            let letters = event["move"].as_str().unwrap_or_else(|| panic!("{event}"));
            assert!(!letters.is_empty() && letters.len() <= 2, "{event}");
            assert!(letters.chars().all(|c| letters.starts_with(c)), "{event}");
        }
        let summary = String::from_utf8_lossy(&output.stderr);
        assert!(
            summary.contains("goal reached in 2 moves in the multi-tile metric"),
            "{summary}"
        );
    }
    npuzzle()
        .args(["trace", "1 2 3/4 5 6/0 7 8", "--metric", "mtm", "-a", "bfs"])
        .assert()
        .success()
        .stdout(predicate::str::contains("depth=1 move=rr "));
    npuzzle()
        .args(["trace", board, "-a", "bfs"])
        .assert()
        .success()
        .stderr(predicate::str::contains("goal reached in 2 moves\n"));
}

#[test]
fn check_counts_a_run_of_equal_moves_once_against_the_fewest_multi_tile_moves() {
    let far = distances();
    for board in random_boards(8, 39, None) {
        let start = cells(&board);
        let best = canonical(&start, "lrdu", &far);
        let verdict = json_of(&["check", &board, &best, "--metric", "mtm", "--json"], "");
        assert_eq!(verdict["metric"], "mtm");
        assert_eq!(verdict["length"], far[&start]);
        assert_eq!(
            (&verdict["optimal"], &verdict["canonical"]),
            (&true.into(), &true.into())
        );
        npuzzle()
            .args(["check", &board, &best, "--metric", "mtm"])
            .assert()
            .code(0)
            .stdout(predicate::str::starts_with(
                "valid and optimal in the multi-tile metric: ",
            ));
        // A detour first: a step and its undoing, one more run each unless it merges
        // with the path's first run.
        let (there, back) = if jump(&start, 'l', 1).is_some() {
            ('l', 'r')
        } else {
            ('r', 'l')
        };
        let detour = format!("{there}{back}{best}");
        let out = npuzzle()
            .args(["check", &board, &detour, "--metric", "mtm", "--json"])
            .output()
            .unwrap();
        let verdict: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        // Exit 0 for optimal moves, 1 for longer ones.
        let longer = runs(&detour) > far[&start];
        assert_eq!(out.status.code(), Some(i32::from(longer)), "{verdict}");
        assert_eq!(verdict["length"], runs(&detour));
        assert_eq!(verdict["minimum"], far[&start]);
        assert_eq!(
            verdict["optimal"],
            runs(&detour) == far[&start],
            "{board} {detour}"
        );
    }
    let row = "1 2 3/4 5 6/0 7 8";
    for (moves, notation, metric, length) in [
        ("rr", "blank", "mtm", 1),
        ("L2", "tiles", "mtm", 1),
        ("rr", "blank", "stm", 2),
    ] {
        let verdict = json_of(
            &[
                "check",
                row,
                moves,
                "--notation",
                notation,
                "--metric",
                metric,
                "--json",
            ],
            "",
        );
        assert_eq!(
            (&verdict["length"], &verdict["optimal"]),
            (&length.into(), &true.into())
        );
        assert_eq!(verdict["metric"], metric);
    }
}

/// The text with the times of a run blanked: they differ between two runs.
fn timeless(text: &str) -> String {
    text.lines()
        .filter(|line| !line.starts_with("stats:") && !line.starts_with("tables:"))
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn the_text_names_the_multi_tile_metric_and_stm_prints_what_it_always_did() {
    npuzzle()
        .args([
            "solve",
            "1 2 3/4 5 6/0 7 8",
            "--metric",
            "mtm",
            "--notation",
            "tiles",
        ])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "length:    1 move in the multi-tile metric (optimal)\nmoves:     L2\n",
        ));
    for args in [
        &["solve", "8 6 7/2 5 4/3 0 1"][..],
        &["solve", "283104765", "--goal", "123804765", "--show"],
        &["check", "283104765", "uldrlr", "--goal", "123804765"],
        &[
            "check",
            "283104765",
            "uldr",
            "--goal",
            "123804765",
            "--json",
        ],
    ] {
        let plain = npuzzle().args(args).output().unwrap();
        let stm = npuzzle()
            .args(args)
            .args(["--metric", "stm"])
            .output()
            .unwrap();
        assert_eq!(plain.status.code(), stm.status.code(), "{args:?}");
        assert_eq!(
            timeless(&String::from_utf8_lossy(&plain.stdout)),
            timeless(&String::from_utf8_lossy(&stm.stdout)),
            "{args:?}"
        );
    }
}

#[test]
fn batch_takes_a_lines_metric_over_the_flags() {
    let far = distances();
    let board = "8 6 7/2 5 4/3 0 1";
    let input = format!(
        "{board}\n{{\"board\": \"{board}\", \"metric\": \"stm\"}}\n\
         {{\"board\": \"{board}\", \"metric\": \"mtm\"}}\n{{\"board\": \"{board}\", \"metric\": \"htm\"}}\n"
    );
    let results = json_lines(&stdout_of(&["batch", "-q", "--metric", "mtm"], &input));
    let metrics: Vec<&str> = results[..3]
        .iter()
        .map(|r| r["metric"].as_str().unwrap())
        .collect();
    assert_eq!(metrics, ["mtm", "stm", "mtm"]);
    assert_eq!(results[0]["length"], far[&cells(board)]);
    assert_eq!(results[1]["length"], 31);
    let error = results[3]["error"].as_str().unwrap();
    assert!(
        error.contains("metric: unknown metric 'htm' (stm, mtm)"),
        "{error}"
    );
}

#[test]
fn bench_checks_a_files_lengths_in_the_metric_asked() {
    let far = distances();
    let boards = random_boards(4, 40, None);
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("mtm.txt");
    // A bench file's boards are flat lists of numbers.
    let lines: Vec<String> = boards
        .iter()
        .map(|b| format!("{} {}", b.replace('/', " "), far[&cells(b)]))
        .collect();
    std::fs::write(&file, lines.join("\n") + "\n").unwrap();
    let file = file.to_str().unwrap();
    let bench = ["bench", "--file", file, "--configs", "bfs,table", "-q"];
    let report = json_of(&[&bench[..], &["--metric", "mtm", "--json"]].concat(), "");
    assert_eq!(report["metric"], "mtm");
    for run in report["runs"].as_array().unwrap() {
        assert_eq!(run["wrong"], 0, "{run}");
        assert_eq!(run["solved"], 4, "{run}");
    }
    npuzzle()
        .args(bench)
        .args(["--metric", "mtm", "--per-board"])
        .assert()
        .code(0)
        .stdout(predicate::str::contains(
            "; lengths in the multi-tile metric",
        ));
    // The same lengths are wrong in the single-tile metric: every answer there is longer.
    npuzzle().args(bench).args(["--per-board"]).assert().code(1);
}

#[test]
fn a_bad_metric_is_refused_naming_it_with_exit_code_2() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("boards.txt");
    std::fs::write(&file, "867254301 31\n").unwrap();
    let file = file.to_str().unwrap();
    for metric in ["MTM", "htm", ""] {
        for command in [
            &["solve", "867254301"][..],
            &["batch", file],
            &["check", "867254301", "l"],
            &["bench", "--size", "3x3", "--count", "1"],
            &["bench", "--file", file],
        ] {
            npuzzle()
                .args(command)
                .args(["--metric", metric])
                .assert()
                .code(2)
                .stderr(predicate::str::contains(format!(
                    "invalid value '{metric}' for '--metric <METRIC>': unknown metric '{metric}' (stm, mtm)"
                )));
        }
    }
}

#[test]
fn bench_depths_draws_and_measures_in_the_multi_tile_metric() {
    let out = npuzzle()
        .args([
            "bench",
            "--depths",
            "2,5",
            "--count",
            "4",
            "--metric",
            "mtm",
            "--configs",
            "bfs,idastar",
            "--json",
            "--published",
            "aima",
        ])
        .assert()
        .success();
    let report: serde_json::Value = serde_json::from_slice(&out.get_output().stdout).unwrap();
    assert_eq!(report["metric"], "mtm");
    let rows = report["by_depth"].as_array().unwrap();
    assert_eq!(rows.len(), 4);
    for row in rows {
        assert_eq!(row["instances"], 4, "{row}");
        // The textbook's figures are single-tile ones: none beside a multi-tile row.
        assert!(
            row.get("book").is_none_or(serde_json::Value::is_null),
            "{row}"
        );
    }
    let text = npuzzle()
        .args([
            "bench",
            "--depths",
            "3",
            "--count",
            "2",
            "--metric",
            "mtm",
            "--configs",
            "bfs",
        ])
        .assert()
        .success();
    let text = String::from_utf8(text.get_output().stdout.clone()).unwrap();
    assert!(
        text.contains("exactly that distance in the multi-tile metric"),
        "{text}"
    );
}
