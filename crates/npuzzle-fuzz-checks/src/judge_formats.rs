//! The judges' formats (`npuzzle judge`). The first byte chooses: 0 Luogu P1379,
//! 1 start-and-goal with the path, 2 HDU 1043, 3 POJ 1077, 4 HDU 3567, 5 UVa 652,
//! 6 UVa 10181 (searches bounded), 7 LeetCode 773, 8 AtCoder ABC224 D, 9 AOJ `ALDS1_13_B`,
//! 10 AOJ `ALDS1_13_C` (searches bounded), 11 POJ 2893, 12 UVa 10085, 13 Kattis `npuzzle`,
//! 14 LintCode 794, 15 CSES 1670 (the order of `JUDGES`); the rest is the judge's input,
//! read first as `npuzzle judge` reads it, in bounded memory (`Judge::read_input`).

use npuzzle::search::Limits;
use npuzzle::services::judge::{
    abc224d, alds1_13_b, alds1_13_c, cses1670, hdu1043, hdu3567, kattis_npuzzle, leetcode773,
    lintcode794, p1379, path, poj1077, poj2893, uva10085, uva10181, uva652, JudgeError, JUDGES,
};
use npuzzle::SolveOptions;

use crate::choose;

/// Feeds `bytes` to the parsers (see the module documentation).
///
/// # Panics
/// When a judge reader breaks its promise on `bytes`: it must answer whole lines,
/// each of the format's shape, and on bad input name the case at fault.
pub fn check(bytes: &[u8]) {
    let (choice, rest) = choose(bytes, 16);
    // Read as the command line reads it: past the format's longest line, refused there.
    let read = match JUDGES[usize::from(choice)].read_input(rest, u64::MAX) {
        Ok(read) => {
            // The whole input, or whole lines of it that already hold a bad case.
            assert!(rest.starts_with(&read), "the input read is the input given");
            assert!(read.len() == rest.len() || read.ends_with(b"\n"));
            read
        }
        Err(JudgeError::TooLong { line, limit, .. }) => {
            assert!(line >= 1 && rest.len() as u64 > limit);
            return;
        }
        Err(JudgeError::NotText { line, offset, .. }) => {
            let at = usize::try_from(offset).unwrap() - 1;
            assert!(line >= 1 && std::str::from_utf8(&rest[..at]).is_ok());
            assert!(std::str::from_utf8(&rest[at..]).is_err());
            return;
        }
        Err(e) => panic!("reading from memory failed: {e}"),
    };
    let cut = read.len() < rest.len();
    let input = String::from_utf8_lossy(&read);
    let mut out = Vec::new();
    let result = match choice {
        0 => p1379(&input, &mut out),
        1 => path(&input, &mut out),
        2 => hdu1043(&input, &mut out),
        3 => poj1077(&input, &mut out),
        4 => hdu3567(&input, &mut out),
        5 => uva652(&input, &mut out),
        6 => uva10181(&input, &bounded(), &mut out),
        7 => leetcode773(&input, &mut out),
        8 => abc224d(&input, &mut out),
        9 => alds1_13_b(&input, &mut out),
        10 => alds1_13_c(&input, &bounded(), &mut out),
        11 => poj2893(&input, &mut out),
        12 => uva10085(&input, &mut out),
        13 => kattis_npuzzle(&input, &mut out),
        14 => lintcode794(&input, &mut out),
        _ => cses1670(&input, &mut out),
    };
    let out = String::from_utf8(out).expect("answers are text");
    assert!(out.is_empty() || out.ends_with('\n'), "a cut line: {out:?}");
    let moves = |line: &str, letters: &[u8]| line.bytes().all(|b| letters.contains(&b));
    let number = |line: &str| line == "-1" || line.parse::<u32>().is_ok();
    for line in out.lines() {
        let shaped = match choice {
            0 => line == "-1" || line.parse::<u32>().is_ok_and(|d| d <= 31),
            1 => line == "-1" || line.bytes().all(|b| b.is_ascii_digit()),
            2 | 3 | 5 => line == "unsolvable" || moves(line, b"udlr"),
            4 => line.starts_with("Case ") || moves(line, b"udlr"),
            6 => line == "This puzzle is not solvable." || moves(line, b"UDLR"),
            11 => line == "YES" || line == "NO",
            // Puzzle #k, three rows of a state, the path, an empty line.
            12 => {
                line.starts_with("Puzzle #")
                    || line.is_empty()
                    || moves(line, b"UDLR")
                    || (line.len() == 5 && moves(line, b"012345678 "))
            }
            _ => number(line),
        };
        assert!(shaped, "an answer line of the wrong shape: {line:?}");
    }
    // An input read only in part holds an error that is not its end.
    assert!(
        !cut || matches!(result, Err(ref e) if !matches!(e, JudgeError::EndedEarly(_))),
        "{result:?}"
    );
    let result = match result {
        Err(JudgeError::EndedEarly(inner)) => Err(*inner),
        other => other,
    };
    match result {
        Ok(()) => {}
        Err(JudgeError::BadToken { case, .. } | JudgeError::BadCase { case, .. }) => {
            assert!(case >= 1);
            // Every case before the bad one was answered (one line each, for HDU 1043).
            if choice == 2 {
                assert_eq!(out.lines().count(), case - 1, "{out:?}");
            }
        }
        Err(JudgeError::BadLine { line, .. }) => assert!(line >= 1),
        Err(JudgeError::Unanswered { case, .. }) => {
            assert!((choice == 6 || choice == 10) && case >= 1);
        }
        Err(JudgeError::Io(e)) => panic!("writing to memory failed: {e}"),
        Err(e @ (JudgeError::TooLong { .. } | JudgeError::NotText { .. })) => {
            panic!("only reading refuses by length or bytes: {e}")
        }
        Err(e @ JudgeError::EndedEarly(_)) => panic!("marked as ended early twice: {e}"),
    }
}

/// A hard 15-puzzle takes seconds: each search is bounded.
fn bounded() -> SolveOptions {
    SolveOptions {
        limits: Limits {
            max_expanded: Some(100_000),
            ..Limits::NONE
        },
        build_tables: false,
        ..SolveOptions::default()
    }
}
