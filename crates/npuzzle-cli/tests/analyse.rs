//! `npuzzle analyse` (issue 45 §2): a recorded solve move by move, as a table and as
//! JSON, in either notation and metric; the good moves of a board; bad moves refused
//! naming the move and its place, with nothing printed as analysis.

use crate::common;

use common::{json_of, npuzzle, stdout_of};
use predicates::prelude::*;

/// Two moves solve it (r r); the sample solve goes up first and comes back.
const BOARD: &str = "1 2 3/4 5 6/0 7 8";

#[test]
fn a_solve_is_a_table_with_its_mistake_marked_and_the_finish_from_it() {
    let text = stdout_of(&["analyse", BOARD, "udrr"], "");
    assert_eq!(
        text,
        "optimum 2 moves; 4 played, 2 lost\n\
         \x20  #  move    left  lost\n\
         \x20  1  u          3    +2  <- better: r\n\
         \x20  2  d          2\n\
         \x20  3  r          1\n\
         \x20  4  r          0\n\
         first mistake: move 1; an optimal finish from the board before it: rr\n"
    );
}

#[test]
fn the_json_has_a_step_a_move_and_the_total_lost() {
    let json = json_of(&["analyse", BOARD, "udrr", "--json"], "");
    assert_eq!(json["optimum"], 2);
    assert_eq!(json["lost"], 2);
    assert_eq!(json["first_mistake"], 1);
    assert_eq!(json["finish"], "rr");
    assert_eq!(json["reached_goal"], true);
    let steps = json["steps"].as_array().unwrap();
    let remaining: Vec<u64> = steps
        .iter()
        .map(|s| s["remaining"].as_u64().unwrap())
        .collect();
    assert_eq!(remaining, [3, 2, 1, 0]);
    let lost: Vec<u64> = steps.iter().map(|s| s["lost"].as_u64().unwrap()).collect();
    assert_eq!(lost, [2, 0, 0, 0]);
    assert_eq!(steps[0]["move"], "u");
    assert_eq!(steps[0]["better"], serde_json::json!(["r"]));
}

#[test]
fn tile_notation_is_read_and_written_and_an_unfinished_solve_says_how_far_it_ended() {
    // The tiles slide left: the blank goes right once, one move short of the goal.
    let text = stdout_of(&["analyse", BOARD, "L", "--notation", "tiles"], "");
    assert!(text.contains("   1  L          1\n"), "{text}");
    assert!(
        text.contains("unfinished: 1 move from the goal\n"),
        "{text}"
    );
    assert!(
        text.contains("no mistake so far; an optimal finish: L\n"),
        "{text}"
    );
}

#[test]
fn in_the_multi_tile_metric_a_run_is_one_move() {
    let json = json_of(&["analyse", BOARD, "rr", "--metric", "mtm", "--json"], "");
    assert_eq!(json["optimum"], 1);
    assert_eq!(json["steps"].as_array().unwrap().len(), 1);
    assert_eq!(json["steps"][0]["move"], "rr");
    assert_eq!(json["lost"], 0);
    // One cell at a time loses a move in the multi-tile metric.
    let json = json_of(&["analyse", BOARD, "r", "--metric", "mtm", "--json"], "");
    assert_eq!(json["steps"][0]["lost"], 1);
    assert_eq!(json["steps"][0]["better"], serde_json::json!(["rr"]));
}

#[test]
fn without_moves_each_first_move_is_listed_with_what_it_leaves() {
    let json = json_of(&["analyse", BOARD, "--json"], "");
    assert_eq!(json["optimum"], 2);
    let moves = json["moves"].as_array().unwrap();
    let listed: Vec<(String, u64, bool)> = moves
        .iter()
        .map(|m| {
            (
                m["move"].as_str().unwrap().to_string(),
                m["remaining"].as_u64().unwrap(),
                m["good"].as_bool().unwrap(),
            )
        })
        .collect();
    assert_eq!(listed, [("r".into(), 1, true), ("u".into(), 3, false)]);
}

#[test]
fn a_move_off_the_board_is_named_in_its_notation_and_nothing_is_analysed() {
    npuzzle()
        .args(["analyse", BOARD, "LRR", "--notation", "tiles"])
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains(
            "move 3 ('R') takes the blank off the board",
        ));
    npuzzle()
        .args(["analyse", BOARD, "ux"])
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains("moves:"));
}

#[test]
fn a_goal_out_of_reach_is_said() {
    npuzzle()
        .args(["analyse", "2 1 3/4 5 6/7 8 0", "l"])
        .assert()
        .failure()
        .stdout("")
        .stderr(predicate::str::contains("cannot be reached"));
}

#[test]
fn a_board_met_again_is_read_not_searched_again_and_reads_the_same() {
    // A 24-puzzle in the multi-tile metric: each board's search stops at its time limit
    // with a bounded answer. The solve goes left and back 30 times: two boards, and the
    // boards one move from them (where a move lost, for the better ones).
    let board = common::stdout_of(&["random", "--size", "5x5", "--seed", "4"], "");
    let moves = "lr".repeat(30);
    let args = [
        "analyse",
        board.trim(),
        &moves,
        "--metric",
        "mtm",
        "--max-seconds",
        "0.2",
        "--json",
    ];
    let analysis = json_of(&args, "");
    assert_eq!(analysis["exact"], false, "bounded: {analysis}");
    // A move in the multi-tile metric on a 5x5 board: four directions, at most four cells.
    let neighbours = 4 * 4;
    let searches = analysis["searches"].as_u64().unwrap();
    assert!(
        searches <= 2 + 2 * neighbours,
        "{searches} searches for 2 boards"
    );
    let remaining: Vec<u64> = analysis["steps"]
        .as_array()
        .unwrap()
        .iter()
        .map(|step| step["remaining"].as_u64().unwrap())
        .collect();
    assert_eq!(remaining.len(), 60);
    for pair in remaining.chunks(2) {
        assert_eq!(pair, &remaining[..2], "{remaining:?}");
    }
    assert_eq!(remaining[1], analysis["optimum"].as_u64().unwrap());
}

#[test]
fn the_help_says_the_limits_are_each_boards_search() {
    let help = stdout_of(&["analyse", "--help"], "");
    assert!(help.contains("Each board's search gives up"), "{help}");
    assert!(help.contains("searched once"), "{help}");
}
