//! Tile notation on the command line: `solve --notation tiles` writes it, `check
//! --notation tiles` reads it, and the JSON carries both notations.

mod common;

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
    // Without the flag the letters would be the blank's: the digits give it away.
    npuzzle()
        .args(["check", SLIDY_BOARD, SLIDY_MOVES])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "move 2 ('2') is not one of u, d, l, r (tile notation such as R2U2L needs \
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
