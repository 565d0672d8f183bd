//! Tile notation on the command line: `solve --notation tiles` writes it, `check
//! --notation tiles` reads it, and the JSON carries both notations.

use crate::common;

use common::{json_of, npuzzle};
use npuzzle::{parse_board, Board, Notation};
use predicates::prelude::*;

/// The example in slidy's crate documentation.
const SLIDY_BOARD: &str = "8 2 0/4 6 1/3 7 5";
const SLIDY_MOVES: &str = "R2U2LDLDRURDLULDRULURDLU";

#[test]
fn solve_writes_tile_notation() {
    let report = json_of(&["solve", SLIDY_BOARD, "--json"], "");
    let blank = report["moves"].as_str().unwrap();
    let tiles = report["tile_moves"].as_str().unwrap();
    assert_eq!(
        Notation::Tiles.parse(tiles).unwrap(),
        Notation::Blank.parse(blank).unwrap()
    );
    let out = npuzzle()
        .args(["solve", SLIDY_BOARD, "--notation", "tiles"])
        .assert()
        .success();
    let text = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    assert!(text.contains(&format!("moves:     {tiles}\n")), "{text}");
    // --show labels each step in the notation asked for.
    let out = npuzzle()
        .args([
            "solve",
            "283104765",
            "--goal",
            "123804765",
            "--notation",
            "tiles",
            "--show",
        ])
        .assert()
        .success();
    let text = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    assert!(text.contains("moves:     DRUL\n"), "{text}");
    assert!(
        text.contains("\n1 D\n") && text.contains("\n4 L\n"),
        "{text}"
    );
}

#[test]
fn check_reads_tile_notation() {
    npuzzle()
        .args(["check", SLIDY_BOARD, SLIDY_MOVES, "--notation", "tiles"])
        .assert()
        .code(0)
        .stdout("valid and optimal: 24 moves reach the goal, the fewest possible\n");
    let mut board = parse_board(SLIDY_BOARD, None).unwrap();
    board
        .apply_all(&Notation::Tiles.parse(SLIDY_MOVES).unwrap())
        .unwrap();
    assert_eq!(board, Board::goal(board.size()));
    // Without the flag capitals are not the blank's moves: refused, with the hint.
    npuzzle()
        .args(["check", SLIDY_BOARD, SLIDY_MOVES])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "move 1 ('R') is not one of u, d, l, r: a capital is tile notation, where 'R' \
             is the blank's 'l', the opposite way (tile notation such as R2U2L needs \
             --notation tiles)",
        ));
    npuzzle()
        .args(["check", SLIDY_BOARD, "R2U2x", "--notation", "tiles"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "character 5 ('x') is not a tile move",
        ));
    npuzzle()
        .args(["check", SLIDY_BOARD, "R3", "--notation", "tiles"])
        .assert()
        .code(1)
        .stdout("invalid: move 3 ('R') takes the blank off the board\n");
    npuzzle()
        .args(["check", SLIDY_BOARD, "R2", "--notation", "hieroglyphs"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("possible values: blank, tiles"));
}

/// Capitals are tile notation, the opposite of the blank's moves: `check` without
/// `--notation tiles` refuses them with the hint, never reads `R` as the blank's `r`.
#[test]
fn check_refuses_capitals_as_the_blanks_moves() {
    // `R` read as the blank's `r` would solve this board in one move ("valid and optimal").
    npuzzle().args(["check", "123456708", "r"]).assert().code(0);
    npuzzle()
        .args(["check", "123456708", "R"])
        .assert()
        .code(2)
        .stdout("")
        .stderr(
            predicate::str::contains("move 1 ('R') is not one of u, d, l, r").and(
                predicate::str::contains("(tile notation such as R2U2L needs --notation tiles)"),
            ),
        );
    // What `solve --notation tiles` prints for this board, checked without the flag.
    let (board, goal) = ("2 8 3/1 0 4/7 6 5", "1 2 3/8 0 4/7 6 5");
    npuzzle()
        .args(["check", board, "DRUL", "--goal", goal])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("needs --notation tiles"));
    npuzzle()
        .args([
            "check",
            board,
            "DRUL",
            "--goal",
            goal,
            "--notation",
            "tiles",
        ])
        .assert()
        .code(0);
    // Mixed: still refused at the capital, without the hint (it is no tile notation).
    npuzzle()
        .args(["check", board, "uldR", "--goal", goal])
        .assert()
        .code(2)
        .stderr(
            predicate::str::contains("move 4 ('R')")
                .and(predicate::str::contains("needs --notation tiles").not()),
        );
}
