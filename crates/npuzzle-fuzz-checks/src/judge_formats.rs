//! The judges' formats (`npuzzle judge`). The first byte chooses: 0 Luogu P1379,
//! 1 start-and-goal with the path, 2 HDU 1043, 3 POJ 1077, 4 HDU 3567, 5 UVa 652,
//! 6 UVa 10181 (searches bounded), 7 LeetCode 773, 8 AtCoder ABC224 D, 9 AOJ `ALDS1_13_B`,
//! 10 AOJ `ALDS1_13_C` (searches bounded), 11 POJ 2893, 12 UVa 10085, 13 Kattis `npuzzle`,
//! 14 LintCode 794, 15 CSES 1670 (the order of `JUDGES`); the rest is the judge's input,
//! read first as `npuzzle judge` reads it, in bounded memory (`read_input`), and answered
//! and checked through the judge's own facts (`Judge`).

use npuzzle::search::Limits;
use npuzzle::SolveOptions;
use npuzzle_judges::judge::{JudgeError, JUDGES};

use crate::choose;

/// Feeds `bytes` to the parsers (see the module documentation).
///
/// # Panics
/// When a judge reader breaks its promise on `bytes`: it must answer whole lines,
/// each of the format's shape, and on bad input name the case at fault.
pub fn check(bytes: &[u8]) {
    let judges = u8::try_from(JUDGES.len()).expect("fewer than 256 judges");
    let (choice, rest) = choose(bytes, judges);
    // Read as the command line reads it: past the format's longest line, refused there.
    let judge = JUDGES[usize::from(choice)];
    let read = match judge.read_input(rest, u64::MAX) {
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
    // The searching judges (UVa 10181, AOJ `ALDS1_13_C`) are bounded; the others take
    // no options.
    let result = judge.answer_within(&input, &bounded(), &mut out);
    let out = String::from_utf8(out).expect("answers are text");
    assert!(out.is_empty() || out.ends_with('\n'), "a cut line: {out:?}");
    for line in out.lines() {
        assert!(
            judge.is_answer_line(line),
            "an answer line of the wrong shape: {line:?}"
        );
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
            // Every case before the bad one was answered (one line each, where a case is
            // answered in a line of its own: HDU 1043 and the like).
            let line_a_case =
                judge.lines_a_case() == 1 && !judge.blank_line_between() && !judge.whole_output();
            if line_a_case {
                assert_eq!(out.lines().count(), case - 1, "{out:?}");
            }
        }
        Err(JudgeError::BadLine { line, .. }) => assert!(line >= 1),
        Err(JudgeError::Unanswered { case, .. }) => {
            assert!(judge.searches() && case >= 1);
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
