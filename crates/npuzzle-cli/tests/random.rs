//! `npuzzle random`: seeded, solvable boards of the size asked; a goal names its own size.

use npuzzle::{parse_board, Board};
use predicates::prelude::*;

use crate::common::{npuzzle, stdout_of};

#[test]
fn random_is_seeded_and_solvable() {
    let a = stdout_of(
        &["random", "--size", "4x3", "--count", "20", "--seed", "5"],
        "",
    );
    let b = stdout_of(
        &["random", "--size", "4x3", "--count", "20", "--seed", "5"],
        "",
    );
    assert_eq!(a, b);
    assert_eq!(a.lines().count(), 20);
    for line in a.lines() {
        let board = parse_board(line, None).unwrap();
        assert_eq!(board.size().to_string(), "4x3");
        assert!(npuzzle::is_solvable(&board, &Board::goal(board.size())));
    }
    let walk = stdout_of(&["random", "--walk", "0", "--seed", "1"], "");
    assert_eq!(walk, "1 2 3/4 5 6/7 8 0\n");
    // A goal names its own size; --size only has to agree with it.
    let blank_first_24 = "0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24";
    let walk = stdout_of(
        &[
            "random",
            "--goal",
            blank_first_24,
            "--walk",
            "0",
            "--seed",
            "1",
        ],
        "",
    );
    assert_eq!(
        parse_board(&walk, None).unwrap(),
        parse_board(blank_first_24, None).unwrap()
    );
    npuzzle()
        .args(["random", "--goal", blank_first_24, "--size", "4x4"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "a 4x4 board has 16 cells, but 25 were given",
        ));
}
