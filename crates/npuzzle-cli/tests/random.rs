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

#[test]
fn lazy_walks_are_seeded_solvable_and_read_their_range() {
    let args = [
        "random",
        "--size",
        "6x6",
        "--lazy-walk",
        "1000..2000",
        "--count",
        "5",
        "--seed",
        "3",
    ];
    let a = stdout_of(&args, "");
    assert_eq!(a, stdout_of(&args, ""));
    let boards: Vec<Board> = a.lines().map(|l| parse_board(l, None).unwrap()).collect();
    assert_eq!(boards.len(), 5);
    for board in &boards {
        assert!(npuzzle::is_solvable(board, &Board::goal(board.size())));
        assert_ne!(board, &Board::goal(board.size()));
    }
    // As the library draws them: one generator, lengths then steps.
    let walk: npuzzle::puzzle::lazy_walk::LazyWalk = "1000..2000".parse().unwrap();
    let mut rng = <rand::rngs::StdRng as rand::SeedableRng>::seed_from_u64(3);
    let goal = Board::goal(boards[0].size());
    for board in &boards {
        assert_eq!(board, &walk.draw(&goal, &mut rng));
    }
    let none = stdout_of(&["random", "--lazy-walk", "0", "--seed", "1"], "");
    assert_eq!(none, "1 2 3/4 5 6/7 8 0\n");
    for (bad, says) in [
        ("9..3", "the range 9..3 is empty"),
        ("ten", "'ten' is not a number of steps"),
        ("1..100000001", "more than the 100000000 allowed"),
    ] {
        npuzzle()
            .args(["random", "--lazy-walk", bad])
            .assert()
            .code(2)
            .stderr(predicate::str::contains("--lazy-walk").and(predicate::str::contains(says)));
    }
    npuzzle()
        .args(["random", "--lazy-walk", "5", "--walk", "5"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("cannot be used with"));
}
