//! `--order ORDER` (issue 36): of several optimal solutions, `solve`, `batch`, `check`
//! and `trace` answer the smallest in the order asked, as a brute force written here
//! finds it; a bad order is refused, naming the letter, with exit code 2.

use std::collections::{HashMap, VecDeque};

use crate::common;

use common::{json_lines, json_of, npuzzle, stdout_of};
use predicates::prelude::*;

/// A 3x3 board as this test keeps it: cells row-major, 0 the blank.
pub(crate) type Cells = [u8; 9];

/// The blank's move `letter` from `cells`, if it stays on the board.
pub(crate) fn step(cells: &Cells, letter: char) -> Option<Cells> {
    let blank = cells.iter().position(|&c| c == 0).unwrap();
    let (row, col) = (blank / 3, blank % 3);
    let to = match letter {
        'l' if col > 0 => blank - 1,
        'r' if col < 2 => blank + 1,
        'u' if row > 0 => blank - 3,
        'd' if row < 2 => blank + 3,
        _ => return None,
    };
    let mut next = *cells;
    next.swap(blank, to);
    Some(next)
}

fn cells(text: &str) -> Cells {
    let digits: Vec<u8> = text.bytes().map(|b| b - b'0').collect();
    digits.try_into().unwrap()
}

/// Every board's distance to `goal`: a breadth-first search over all 181,440.
fn distances(goal: &Cells) -> HashMap<Cells, usize> {
    let mut far = HashMap::from([(*goal, 0)]);
    let mut queue = VecDeque::from([*goal]);
    while let Some(board) = queue.pop_front() {
        let d = far[&board];
        for letter in ['l', 'r', 'd', 'u'] {
            if let Some(next) = step(&board, letter) {
                far.entry(next).or_insert_with(|| {
                    queue.push_back(next);
                    d + 1
                });
            }
        }
    }
    far
}

/// Every optimal path from `start`, as move strings, sorted by `order` (letter by letter):
/// the first is the canonical one. Used on boards of few optimal paths.
fn optimal_paths(start: &Cells, order: &str, far: &HashMap<Cells, usize>) -> Vec<String> {
    fn walk(
        board: &Cells,
        order: &str,
        far: &HashMap<Cells, usize>,
        path: &mut String,
        out: &mut Vec<String>,
    ) {
        if far[board] == 0 {
            out.push(path.clone());
            return;
        }
        for letter in order.chars() {
            if let Some(next) = step(board, letter).filter(|n| far[n] + 1 == far[board]) {
                path.push(letter);
                walk(&next, order, far, path, out);
                path.pop();
            }
        }
    }
    let mut out = Vec::new();
    walk(start, order, far, &mut String::new(), &mut out);
    let rank =
        |path: &String| -> Vec<usize> { path.chars().map(|c| order.find(c).unwrap()).collect() };
    out.sort_by_key(rank);
    out
}

/// The smallest optimal path in `order`, stepping each time to the first neighbour in
/// the order one move nearer: what the brute force above sorts first, found in one walk.
fn canonical(start: &Cells, order: &str, far: &HashMap<Cells, usize>) -> String {
    let mut board = *start;
    let mut path = String::new();
    while far[&board] > 0 {
        let letter = order
            .chars()
            .find(|&l| step(&board, l).is_some_and(|n| far[&n] + 1 == far[&board]))
            .unwrap();
        board = step(&board, letter).unwrap();
        path.push(letter);
    }
    path
}

const GOAL: &str = "123456780";

/// Orders that disagree on every pair of moves somewhere, the default first.
const ORDERS: [&str; 6] = ["lrdu", "dlru", "udlr", "rldu", "durl", "ulrd"];

/// Seeded random solvable boards of `npuzzle random`, as digit strings.
fn boards(count: usize, walk: usize, seed: u64) -> Vec<String> {
    let (count, walk, seed) = (count.to_string(), walk.to_string(), seed.to_string());
    let out = stdout_of(
        &[
            "random", "--size", "3x3", "--count", &count, "--walk", &walk, "--seed", &seed,
        ],
        "",
    );
    out.lines()
        .map(|line| line.chars().filter(char::is_ascii_digit).collect())
        .collect()
}

#[test]
fn the_brute_force_agrees_with_itself() {
    // The walk and the sorted list of every optimal path name the same path: checked
    // here so that the tests below rest on two searches, not one.
    let far = distances(&cells(GOAL));
    for board in boards(6, 14, 5) {
        for order in ORDERS {
            let start = cells(&board);
            let paths = optimal_paths(&start, order, &far);
            assert_eq!(paths[0], canonical(&start, order, &far), "{board} {order}");
        }
    }
}

#[test]
fn solve_answers_the_smallest_optimal_path_in_the_order_asked() {
    let far = distances(&cells(GOAL));
    let mut told_apart = 0;
    for board in boards(4, 40, 36) {
        let start = cells(&board);
        let default = json_of(&["solve", &board, "--json"], "");
        assert_eq!(default["moves"], canonical(&start, "lrdu", &far));
        let mut answers = Vec::new();
        for order in ORDERS {
            let want = canonical(&start, order, &far);
            for algorithm in ["auto", "bfs", "idastar", "fast-idastar"] {
                let got = json_of(
                    &["solve", &board, "--order", order, "-a", algorithm, "--json"],
                    "",
                );
                assert_eq!(got["moves"], want, "{board} --order {order} -a {algorithm}");
                assert_eq!(got["optimal"], true);
            }
            answers.push(want);
        }
        answers.sort();
        answers.dedup();
        told_apart += usize::from(answers.len() > 1);
    }
    assert!(told_apart >= 2, "the orders chose one path on most boards");
}

#[test]
fn every_order_is_taken_on_one_board() {
    let far = distances(&cells(GOAL));
    let board = "867254301";
    let start = cells(board);
    let letters = ['l', 'r', 'd', 'u'];
    let mut seen = 0;
    for n in 0..256usize {
        let order: String = (0..4).map(|i| letters[(n >> (2 * i)) & 3]).collect();
        let mut distinct = order.chars().collect::<Vec<_>>();
        distinct.sort_unstable();
        distinct.dedup();
        if distinct.len() < 4 {
            continue;
        }
        seen += 1;
        let got = json_of(&["solve", board, "--order", &order, "--json"], "");
        assert_eq!(
            got["moves"],
            canonical(&start, &order, &far),
            "--order {order}"
        );
    }
    assert_eq!(seen, 24);
}

#[test]
fn batch_lines_take_their_own_order_or_the_flags() {
    let far = distances(&cells(GOAL));
    let boards = boards(3, 40, 7);
    let input = format!(
        "{}\n{{\"id\":\"own\",\"board\":\"{}\",\"order\":\"dlru\"}}\n{{\"board\":\"{}\",\"order\":\"dlxu\"}}\n",
        boards[0], boards[1], boards[2]
    );
    let out = npuzzle()
        .args(["batch", "--order", "udlr", "--quiet"])
        .write_stdin(input)
        .assert()
        .success();
    let rows = json_lines(std::str::from_utf8(&out.get_output().stdout).unwrap());
    assert_eq!(
        rows[0]["moves"],
        canonical(&cells(&boards[0]), "udlr", &far)
    );
    assert_eq!(rows[1]["id"], "own");
    assert_eq!(
        rows[1]["moves"],
        canonical(&cells(&boards[1]), "dlru", &far)
    );
    assert_eq!(rows[2]["id"], 3);
    let error = rows[2]["error"].as_str().unwrap();
    assert_eq!(error, "order: 'x' at position 3 is not a move (l, r, d, u)");
}

#[test]
fn check_says_whether_moves_are_canonical_in_the_order() {
    let far = distances(&cells(GOAL));
    // A board with optimal paths that different orders put first.
    let board = boards(40, 40, 11)
        .into_iter()
        .find(|b| {
            let start = cells(b);
            canonical(&start, "lrdu", &far) != canonical(&start, "dlru", &far)
        })
        .expect("a board whose canonical path depends on the order");
    let start = cells(&board);
    let first = canonical(&start, "lrdu", &far);
    let other = canonical(&start, "dlru", &far);
    for (moves, order, canonical) in [
        (&first, "lrdu", true),
        (&first, "dlru", false),
        (&other, "dlru", true),
        (&other, "lrdu", false),
    ] {
        let verdict = json_of(&["check", &board, moves, "--order", order, "--json"], "");
        assert_eq!(verdict["optimal"], true);
        assert_eq!(verdict["canonical"], canonical, "{board} {moves} {order}");
        assert_eq!(verdict["order"], order);
        // Optimal is what the exit code says; the text adds the canonical line.
        let line = if canonical {
            format!("\ncanonical: the smallest optimal solution in the order {order}\n")
        } else {
            format!("\nnot canonical: another optimal solution comes first in the order {order}\n")
        };
        npuzzle()
            .args(["check", &board, moves, "--order", order])
            .assert()
            .code(0)
            .stdout(predicate::str::ends_with(line));
    }
    // Without --order the text is as before, and the JSON judges in l, r, d, u.
    let plain = stdout_of(&["check", &board, &other], "");
    assert_eq!(plain.lines().count(), 1, "{plain}");
    let verdict = json_of(&["check", &board, &other, "--json"], "");
    assert_eq!(
        (verdict["canonical"].as_bool(), verdict["order"].as_str()),
        (Some(false), Some("lrdu"))
    );
}

#[test]
fn trace_generates_children_in_the_order() {
    // BFS expands the start's children in the order they were generated: the events
    // after the start's are its children, in the order asked (those on the board).
    let board = "123405678";
    let start = cells(board);
    for order in ORDERS {
        let out = stdout_of(
            &[
                "trace", board, "-a", "bfs", "--order", order, "--json", "--limit", "5", "-q",
            ],
            "",
        );
        let events = json_lines(&out);
        let children: String = events[1..]
            .iter()
            .filter(|e| e["event"] == "expand" && e["depth"] == 1)
            .map(|e| e["move"].as_str().unwrap().to_string())
            .collect();
        let want: String = order
            .chars()
            .filter(|&l| step(&start, l).is_some())
            .collect();
        assert_eq!(children, want, "--order {order}");
    }
}

#[test]
fn bench_runs_in_the_order_asked() {
    let far = distances(&cells(GOAL));
    for order in ["lrdu", "dlru"] {
        let report = json_of(
            &[
                "bench",
                "--size",
                "3x3",
                "--count",
                "3",
                "--configs",
                "bfs,idastar",
                "--order",
                order,
                "--json",
                "--quiet",
            ],
            "",
        );
        let mut checked = 0;
        for run in report["runs"].as_array().unwrap() {
            for solved in run["reports"].as_array().unwrap() {
                let board: String = solved["board"]
                    .as_str()
                    .unwrap()
                    .chars()
                    .filter(char::is_ascii_digit)
                    .collect();
                assert_eq!(solved["moves"], canonical(&cells(&board), order, &far));
                checked += 1;
            }
        }
        assert_eq!(checked, 6, "{report}");
    }
}

#[test]
fn a_bad_order_is_refused_naming_the_letter_with_exit_code_2() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("boards.txt");
    std::fs::write(&file, "867254301 31\n").unwrap();
    let file = file.to_str().unwrap();
    for (order, words) in [
        ("lrxu", "'x' at position 3 is not a move (l, r, d, u)"),
        ("lrdl", "'l' at position 4 repeats the move at position 1"),
        ("lrd", "the order 'lrd' leaves out u"),
        ("LRDU", "'L' at position 1 is not a move (l, r, d, u): an order names the blank's moves, in lowercase"),
    ] {
        for command in [
            &["solve", "867254301"][..],
            &["batch", file],
            &["check", "867254301", "l"],
            &["trace", "867254301", "-a", "bfs"],
            &["bench", "--size", "3x3", "--count", "1"],
            &["bench-file", file],
        ] {
            npuzzle()
                .args(command)
                .args(["--order", order])
                .assert()
                .code(2)
                .stderr(predicate::str::contains(format!(
                    "invalid value '{order}' for '--order <ORDER>': {words}"
                )));
        }
    }
}
