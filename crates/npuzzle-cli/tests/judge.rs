//! `npuzzle judge` end to end for the judges added after the first three: each judge's
//! published samples byte for byte (or, where the judge accepts any shortest answer and
//! its sample shows another, the answer replayed and its length), `--list`, and bad input
//! answered with the cases before it and exit 1.

use npuzzle::services::judge::JUDGES;
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

/// The samples of the seven judges of issue 47's section 4, byte for byte, from their
/// statements: AOJ's pages, the problem texts of POJ 2893, UVa 10085 and Kattis
/// `npuzzle`, LintCode 794's examples, and CSES 1670's sample.
#[test]
fn section_four_samples() {
    for (judge, input, output) in [
        ("alds1-13-b", "1 3 0\n4 2 5\n7 8 6\n", "4\n"),
        (
            "alds1-13-c",
            "1 2 3 4\n6 7 8 0\n5 10 11 12\n9 13 14 15\n",
            "8\n",
        ),
        (
            "poj2893",
            "3 3\n1 0 3\n4 2 5\n7 8 6\n4 3\n1 2 5\n4 6 9\n11 8 10\n3 7 0\n0 0\n",
            "YES\nNO\n",
        ),
        (
            "uva10085",
            "1\n\n2 6 4\n1 3 7\n0 5 8\n",
            "Puzzle #1\n8 1 5\n7 3 6\n4 0 2\nUURDDRULLURRDLLDRRULULDDRUULDDR\n\n",
        ),
        ("kattis-npuzzle", "ABCD\nEFGH\nIJKL\nM.NO\n", "2\n"),
        ("kattis-npuzzle", ".BCD\nEAGH\nIJFL\nMNOK\n", "6\n"),
        (
            "lintcode794",
            "[[2,8,3],[1,0,4],[7,6,5]]\n[[1,2,3],[8,0,4],[7,6,5]]\n",
            "4\n",
        ),
        (
            "lintcode794",
            "[[2,3,8],[7,0,5],[1,6,4]]\n[[1,2,3],[8,0,4],[7,6,5]]\n",
            "-1\n",
        ),
        ("cses1670", "2 1 3\n7 5 9\n8 4 6\n", "4\n"),
    ] {
        npuzzle()
            .args(["judge", judge])
            .write_stdin(input)
            .assert()
            .success()
            .stdout(output);
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
        (
            "poj2893",
            "2 2\n1 2\n3 0\n2 2\n1 2\n3 3\n0 0\n",
            "YES\n",
            "case 2, token 6 ('3') on line 6: tile 3 already stands at token 5",
        ),
        (
            "uva10085",
            "2\n1 2 3 4 5 6 7 8 0\n1 2 3\n",
            "Puzzle #1\n6 4 7\n8 5 0\n3 2 1\nUULDDRUULLDDRULDRRUULDRULLDDRRU\n\n",
            "case 2: expected 9 tokens, the input ends after 3",
        ),
        (
            "lintcode794",
            "[[2,8,3],[1,0,4],[7,6,5]]\n[[1,2,3],[8,0,4],[7,6,5]]\n[[1,2,3]]\n",
            "4\n",
            "line 3: ']' where ',' belongs",
        ),
        (
            "alds1-13-b",
            "2 1 3\n4 5 6\n7 8 0\n",
            "",
            "case 1: the board cannot reach 1 2 3 / 4 5 6 / 7 8 0",
        ),
        (
            "alds1-13-c",
            "1 2 3 4\n",
            "",
            "case 1: expected 16 tokens, the input ends after 4",
        ),
        (
            "kattis-npuzzle",
            "ABCD\nEFGH\nIJKL\nMNOZ\n",
            "",
            "case 1, token 16 ('Z') on line 4: expected a letter A-O or '.'",
        ),
        (
            "cses1670",
            "1 2 3\n4 5 6\n7 8 10\n",
            "",
            "case 1, token 9 ('10') on line 3: expected a number 1-9",
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
