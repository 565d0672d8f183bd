//! `npuzzle judge` end to end for the judges added after the first three: each judge's
//! published samples byte for byte (or, where the judge accepts any shortest answer and
//! its sample shows another, the answer replayed and its length), `--list`, and bad input
//! answered with the cases before it and exit 1.

use npuzzle::judge::JUDGES;
use npuzzle::{parse_board, parse_moves, Board};
use predicates::prelude::*;

use crate::common::{npuzzle, stdout_of};

#[test]
fn list_names_every_judge_with_its_source() {
    let listed = stdout_of(&["judge", "--list"], "");
    for judge in JUDGES {
        let line = listed
            .lines()
            .find(|l| l.split_whitespace().next() == Some(judge.name))
            .unwrap_or_else(|| panic!("{} not listed:\n{listed}", judge.name));
        assert!(line.ends_with(judge.source), "{line}");
        assert!(
            listed.contains(&format!(
                "output compared: {}",
                judge.comparison().describe()
            )),
            "{listed}"
        );
        // And the name is one `npuzzle judge NAME` takes.
        npuzzle()
            .args(["judge", judge.name, "--help"])
            .assert()
            .success();
    }
    // A name with --list, or neither, is a usage error.
    npuzzle()
        .args(["judge", "--list", "hdu1043"])
        .assert()
        .code(2);
    npuzzle().arg("judge").assert().code(2);
}

#[test]
fn hdu3567_sample() {
    npuzzle()
        .args(["judge", "hdu3567"])
        .write_stdin("2\n12X453786\n12345678X\n564178X23\n7568X4123\n")
        .assert()
        .success()
        .stdout("Case 1: 2\ndd\nCase 2: 8\nurrulldr\n");
}

#[test]
fn uva10181_sample() {
    npuzzle()
        .args(["judge", "uva10181"])
        .write_stdin(
            "2\n2 3 4 0\n1 5 7 8\n9 6 10 12\n13 14 11 15\n\
             13 1 2 4\n5 0 3 7\n9 6 10 12\n15 8 11 14\n",
        )
        .assert()
        .success()
        .stdout("LLLDRDRDR\nThis puzzle is not solvable.\n");
}

/// The moves solve `start`, in `length` moves.
fn solves(start: &str, moves: &str, length: usize) {
    let mut board = parse_board(start, None).unwrap();
    board.apply_all(&parse_moves(moves).unwrap()).unwrap();
    assert_eq!(board, Board::goal(board.size()), "{moves}");
    assert_eq!(moves.len(), length, "{moves}");
}

/// POJ 1077 and UVa 652 are special judges: their sample answer (`ullddrurdllurdruldr`,
/// 19 moves) is one of several shortest.
#[test]
fn poj1077_and_uva652_samples() {
    let out = stdout_of(&["judge", "poj1077"], "2  3  4  1  5  x  7  6  8\n");
    solves("2 3 4 1 5 0 7 6 8", out.trim_end(), 19);
    assert_eq!(out.lines().count(), 1);
    let out = stdout_of(
        &["judge", "uva652"],
        "3\n\n2 3 4 1 5 x 7 6 8\n\n1 2 3 4 5 6 8 7 x\n\n1 2 3 4 5 6 7 x 8\n",
    );
    let lines: Vec<&str> = out.split('\n').collect();
    assert_eq!(lines.len(), 6, "{out:?}");
    solves("2 3 4 1 5 0 7 6 8", lines[0], 19);
    assert_eq!(&lines[1..], &["", "unsolvable", "", "r", ""]);
}

#[test]
fn leetcode773_examples() {
    npuzzle()
        .args(["judge", "leetcode773"])
        .write_stdin("[[1,2,3],[4,0,5]]\n[[1,2,3],[5,4,0]]\n[[4,1,2],[5,0,3]]\n[[3,2,4],[1,5,0]]\n")
        .assert()
        .success()
        .stdout("1\n-1\n5\n14\n");
}

#[test]
fn abc224d_samples() {
    let edges = "5\n1 2\n1 3\n1 9\n2 9\n3 9\n";
    for (pieces, answer) in [("3 9 2 4 5 6 7 8", "5\n"), ("1 2 3 4 5 6 7 8", "0\n")] {
        npuzzle()
            .args(["judge", "abc224d"])
            .write_stdin(format!("{edges}{pieces}\n"))
            .assert()
            .success()
            .stdout(answer);
    }
}

#[test]
fn bad_input_exits_1_after_the_cases_before_it() {
    for (judge, input, stdout, message) in [
        (
            "hdu3567",
            "2\n12X453786\n12345678X\n12X45378\n",
            "Case 1: 2\ndd\n",
            "case 2: expected 18 tokens, the input ends after 8",
        ),
        (
            "uva652",
            "2\n1 2 3 4 5 6 7 x 8\n",
            "r\n",
            "case 2: the first line announces 2, the input ends after 1",
        ),
        (
            "uva10181",
            "1\n1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15\n16\n",
            "R\n",
            "line 3: stray '16' after the 1 case the first line announces",
        ),
        (
            "leetcode773",
            "[[1,2,3],[4,0,5]]\n[[1,2,3],[4,0,5],[6,7,8]]\n",
            "1\n",
            "line 2: ',' where ']' belongs",
        ),
        (
            "abc224d",
            "1\n1 2\n1 2 3 4 5 6 7 10\n",
            "",
            "line 3: p8: expected a vertex 1-9, found '10'",
        ),
        (
            "poj1077",
            "1 2 3 4 5 6 7 x 8 1\n",
            "",
            "case 1, token 10 ('1') on line 1: stray token after the case",
        ),
    ] {
        npuzzle()
            .args(["judge", judge])
            .write_stdin(input)
            .assert()
            .code(1)
            .stdout(stdout)
            .stderr(predicate::str::contains(message));
    }
}
