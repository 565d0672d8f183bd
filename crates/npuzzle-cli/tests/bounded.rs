//! Bounded answers (`"status": "bounded"`): a time or node limit that stops the optimal
//! search answers with the best solution found, a proven lower bound and the gap, in
//! `solve`, `check` and `batch`, exiting 3 as for any limit.

use crate::common;

use common::{json_lines, npuzzle};
use npuzzle::{parse_board, Board, Notation};
use serde_json::Value;

/// Korf's first 15-puzzle: 57 moves from `KORF_GOAL`.
const KORF_1: &str = "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3";
const KORF_GOAL: &str = "0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15";

/// The JSON and exit code of `npuzzle args`.
fn run(args: &[&str]) -> (Value, i32) {
    let out = npuzzle().args(args).output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    let value = serde_json::from_str(&text).unwrap_or_else(|e| panic!("not JSON ({e}): {text}"));
    (value, out.status.code().unwrap())
}

/// Whether the report's moves take its board to its goal, and its numbers agree.
fn consistent(report: &Value) -> (u64, u64) {
    let start = parse_board(report["board"].as_str().unwrap(), None).unwrap();
    let goal = parse_board(report["goal"].as_str().unwrap(), None).unwrap();
    let moves = Notation::Blank
        .parse(report["moves"].as_str().unwrap())
        .unwrap();
    let mut board: Board = start.clone();
    board.apply_all(&moves).unwrap();
    assert_eq!(board, goal, "{report}");
    let length = report["length"].as_u64().unwrap();
    let lower = report["lower_bound"].as_u64().unwrap();
    assert_eq!(length, moves.len() as u64);
    assert_eq!(report["gap"].as_u64(), Some(length - lower), "{report}");
    assert!(report["gave_up"].as_str().unwrap().starts_with("gave up: "));
    (length, lower)
}

#[test]
fn a_node_limit_gives_a_bounded_answer_and_exit_3() {
    let (report, code) = run(&[
        "solve",
        KORF_1,
        "--goal",
        KORF_GOAL,
        "--algorithm",
        "fast-idastar",
        "--max-nodes",
        "200000",
        "--json",
    ]);
    assert_eq!(code, 3);
    assert_eq!(report["status"], "bounded");
    assert_eq!(report["optimal"], false);
    let (length, lower) = consistent(&report);
    assert!(lower <= 57 && 57 <= length, "{report}");
    // The text says both ends.
    let out = npuzzle()
        .args([
            "solve",
            KORF_1,
            "--goal",
            KORF_GOAL,
            "--algorithm",
            "fast-idastar",
        ])
        .args(["--max-nodes", "200000"])
        .assert()
        .code(3);
    let text = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    assert!(
        text.contains(&format!(
            "length:    {length} (bounded: at most {} over the optimum, which is at least {lower})",
            length - lower
        )),
        "{text}"
    );
    // `check` of that answer: valid, at most the gap over optimal, from the same bound.
    let moves = report["moves"].as_str().unwrap();
    let (verdict, code) = run(&[
        "check",
        KORF_1,
        moves,
        "--goal",
        KORF_GOAL,
        "--max-nodes",
        "200000",
        "--json",
    ]);
    assert_eq!(code, 3);
    let bound = verdict["lower_bound"].as_u64().unwrap();
    assert!(bound <= 57, "{verdict}");
    let over = length - bound;
    let said = format!(
        "valid, at most {over} move{} over optimal: {length} moves reach the goal; the fewest is \
         at least {bound} (gave up: node limit of 200000 expanded nodes reached)",
        if over == 1 { "" } else { "s" }
    );
    assert_eq!(verdict["message"], said.as_str());
    assert_eq!(verdict["optimal"], Value::Null);
}

#[test]
fn a_limit_between_the_proof_and_the_smallest_path_answers_the_proven_optimum() {
    // With linear conflict on one thread, the first optimal path met by estimate takes
    // 3,560,051 expansions in all, the smallest in the order 5,451,646: a limit whose
    // optimal share (3/4) covers the first leaves too little for the second.
    let args = [
        "solve",
        KORF_1,
        "--goal",
        KORF_GOAL,
        "--algorithm",
        "fast-idastar",
        "--heuristic",
        "linear-conflict",
        "-j",
        "1",
        "--max-nodes",
        "4800000",
    ];
    let (report, code) = run(&[&args[..], &["--json"]].concat());
    assert_eq!(code, 3);
    assert_eq!(report["status"], "bounded");
    assert_eq!(
        (report["optimal"].as_bool(), report["any_optimal"].as_bool()),
        (Some(true), Some(true))
    );
    assert_eq!(consistent(&report), (57, 57));
    let out = npuzzle().args(args).assert().code(3);
    let text = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    assert!(
        text.contains(
            "length:    57 (optimal, proven; the first found, not the smallest in the move \
             order, which the limit left unfinished)"
        ),
        "{text}"
    );
    // Asked for, any optimal path ends the search: solved, marked so.
    let any = [&args[..10], &["--any-optimal", "--json"]].concat();
    let (report, code) = run(&any);
    assert_eq!((code, report["status"].as_str()), (0, Some("solved")));
    assert_eq!(
        (report["length"].as_u64(), report["any_optimal"].as_bool()),
        (Some(57), Some(true))
    );
    // Without a limit or the switch, the smallest path, unmarked.
    let (report, code) = run(&[&args[..10], &["--json"]].concat());
    assert_eq!((code, report.get("any_optimal")), (0, None));
}

#[test]
fn where_no_limit_is_reached_the_answer_is_as_before() {
    let (report, code) = run(&[
        "solve",
        KORF_1,
        "--goal",
        KORF_GOAL,
        "--max-nodes",
        "100000000",
        "--json",
    ]);
    assert_eq!((code, report["status"].as_str()), (0, Some("solved")));
    assert_eq!(report["length"], 57);
    assert!(report.get("lower_bound").is_none() && report.get("gap").is_none());
}

#[test]
fn big_boards_give_a_bounded_answer_within_the_time_limit() {
    for size in ["6x6", "8x8"] {
        let board = common::stdout_of(&["random", "--size", size, "--seed", "38"], "");
        let began = std::time::Instant::now();
        let (report, code) = run(&[
            "solve",
            board.trim(),
            "--algorithm",
            "fast-idastar",
            "--max-seconds",
            "2",
            "-j",
            "2",
            "--json",
        ]);
        assert!(
            began.elapsed().as_secs_f64() < 6.0,
            "{size}: {:?}",
            began.elapsed()
        );
        assert_eq!(
            (code, report["status"].as_str()),
            (3, Some("bounded")),
            "{report}"
        );
        assert_eq!(report["gave_up"], "gave up: time limit of 2.000 s reached");
        consistent(&report);
    }
}

#[test]
fn a_big_board_said_stopped_at_the_time_limit_used_the_time_given() {
    // Boards the beam does not take whole (sides past 8): the beams have all the time,
    // and the last is as wide as the time left holds. At 10 s they stopped after 55 and
    // 59 % of it, each saying the limit was reached; now 97 % (63 % and more at 6 s with
    // the other tests running on a loaded machine: a round is the unit of the time).
    if cfg!(debug_assertions) {
        // Unoptimised, one beam round takes a second or more: a round is the unit the
        // time is spent in, and no narrower one is worth running.
        return;
    }
    for size in ["2x20", "12x3"] {
        let board = common::stdout_of(&["random", "--size", size, "--seed", "1"], "");
        // A second try where the first fell short: rounds are timed on a machine the
        // other tests load unevenly, and before the fix both tries stop near 55 %.
        let mut spent = 0.0f64;
        for _ in 0..2 {
            let began = std::time::Instant::now();
            let (report, code) = run(&["solve", board.trim(), "--max-seconds", "6", "--json"]);
            spent = spent.max(began.elapsed().as_secs_f64());
            assert_eq!((code, report["status"].as_str()), (3, Some("bounded")));
            assert_eq!(report["gave_up"], "gave up: time limit of 6.000 s reached");
            consistent(&report);
            if spent >= 0.65 * 6.0 {
                break;
            }
        }
        assert!(
            spent >= 0.65 * 6.0,
            "{size}: stopped after {spent:.1} s of 6, twice"
        );
    }
}

#[test]
fn batch_results_carry_the_bounded_fields() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("boards.txt");
    std::fs::write(
        &input,
        format!("{KORF_1}\n1 0 2 3 4 5 6 7 8 9 10 11 12 13 14 15\n"),
    )
    .unwrap();
    let out = npuzzle()
        .args([
            "batch",
            input.to_str().unwrap(),
            "--goal",
            KORF_GOAL,
            "--algorithm",
        ])
        .args(["fast-idastar", "--max-nodes", "100000", "-q"])
        .output()
        .unwrap();
    let lines = json_lines(&String::from_utf8(out.stdout).unwrap());
    assert_eq!(lines[0]["status"], "bounded", "{}", lines[0]);
    let (length, lower) = consistent(&lines[0]);
    assert!(lower <= 57 && 57 <= length);
    assert_eq!(lines[1]["status"], "solved");
    assert!(lines[1].get("gap").is_none());
}

#[test]
fn bounded_classic_idastar_keeps_to_max_nodes_and_proves_its_passes() {
    // Reported the start's estimate (43) and expanded 4/3 of the limit.
    let (report, code) = run(&[
        "solve",
        KORF_1,
        "--goal",
        KORF_GOAL,
        "-a",
        "idastar",
        "--max-nodes",
        "3000000",
        "--json",
    ]);
    assert_eq!((report["status"].as_str(), code), (Some("bounded"), 3));
    let (length, lower) = consistent(&report);
    assert!((55..=57).contains(&lower) && length >= 57, "{report}");
    let expanded = report["stats"]["expanded"].as_u64().unwrap();
    assert!(expanded <= 3_000_000, "{expanded} expanded");
}

/// DeepCubeA's 24-puzzle states (data/deepcubea/, a spread of ten) carry their optimal
/// lengths: a bounded answer's lower bound is never above them, its length never below,
/// and its moves reach the goal. Node-limited, with no tables cached (linear conflicts), so
/// the bounds are the search's own, not a table's.
#[test]
fn lower_bounds_on_deepcubea_states_never_pass_their_optima() {
    let file = include_str!("../../../data/deepcubea/deepcubea24-dev.txt");
    let states: Vec<(&str, u64)> = file
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| {
            let fields: Vec<&str> = l.split('|').collect();
            (fields[0], fields[2].trim().parse().unwrap())
        })
        .collect();
    assert_eq!(states.len(), 248);
    let cache = common::scratch_cache().join("deepcubea-no-tables");
    for &(board, optimum) in states.iter().step_by(25) {
        let (report, code) = run(&[
            "solve",
            board,
            "--max-nodes",
            "300000",
            "--cache-dir",
            cache.to_str().unwrap(),
            "--json",
        ]);
        assert_eq!(code, 3, "{report}");
        let (length, lower) = consistent(&report);
        assert!(lower <= optimum && optimum <= length, "{optimum}: {report}");
        assert_eq!(report["heuristic"], "linear-conflict", "{report}");
    }
}
