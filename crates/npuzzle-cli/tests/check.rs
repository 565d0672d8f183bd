//! `npuzzle check`, the special judge: its verdicts (valid and optimal, not optimal,
//! invalid, not on the goal, a goal out of reach), optimality claimed only with a proof,
//! and the exit codes the README gives.

use predicates::prelude::*;

use crate::common;

use common::{json_of, npuzzle, stdout_of};

#[test]
fn check_is_a_special_judge() {
    npuzzle()
        .args(["check", "283104765", "uldr", "--goal", "123804765"])
        .assert()
        .success()
        .stdout(predicate::str::contains("valid and optimal"));
    npuzzle()
        .args(["check", "283104765", "uldrlrlr", "--goal", "123804765"])
        .assert()
        .code(1)
        .stdout(predicate::str::contains(
            "not optimal: 8 moves reach the goal; the fewest is 4",
        ));
    npuzzle()
        .args(["check", "283104765", "uuu", "--goal", "123804765"])
        .assert()
        .code(1)
        .stdout(predicate::str::contains(
            "move 2 ('u') takes the blank off the board",
        ));
    npuzzle()
        .args(["check", "283104765", "ul", "--goal", "123804765"])
        .assert()
        .code(1)
        .stdout(predicate::str::contains("not on the goal"))
        .stdout(predicate::str::contains("cannot be reached").not());
    // On a board that cannot reach the goal, the verdict says so.
    npuzzle()
        .args(["check", "2 1 3/4 5 6/7 8 0", ""])
        .assert()
        .code(1)
        .stdout(predicate::str::contains(
            "not on the goal 1 2 3/4 5 6/7 8 0 (no moves can: the goal cannot be reached from this board)",
        ));
    npuzzle()
        .args(["check", "283104765", "uxl"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("move 2 ('x')"));
}

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
    // The moves are the best of 2 s of beams; the check has 0.05 s, less than the
    // narrowest beam's round takes on this board (0.15 s unloaded, longer under load),
    // so its own beams cannot find a shorter answer however loaded the machine. With 0.5 s
    // they could: a round's width follows the time measured, and under load the solve's
    // 2 s once answered longer than the check's 0.5 s.
    let big = stdout_of(&["random", "--size", "12x12", "--seed", "3"], "");
    let big = big.trim();
    let answer = npuzzle()
        .args(["solve", big, "--max-seconds", "2", "--json"])
        .output()
        .unwrap();
    let answer: serde_json::Value = serde_json::from_slice(&answer.stdout).unwrap();
    npuzzle()
        .args([
            "check",
            big,
            answer["moves"].as_str().unwrap(),
            "--max-seconds",
            "0.05",
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
