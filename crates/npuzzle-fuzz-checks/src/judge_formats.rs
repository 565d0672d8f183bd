//! The three judges' formats (`npuzzle judge`). The first byte chooses: 0 Luogu P1379,
//! 1 start-and-goal with the path, 2 HDU 1043; the rest is the judge's input.

use npuzzle::judge::{hdu1043, p1379, path, JudgeError};

use crate::choose;

/// Feeds `bytes` to the parsers (see the module documentation).
///
/// # Panics
/// When a judge reader breaks its promise on `bytes`: it must answer whole lines,
/// each of the format's shape, and on bad input name the case at fault.
pub fn check(bytes: &[u8]) {
    let (choice, rest) = choose(bytes, 3);
    let input = String::from_utf8_lossy(rest);
    let mut out = Vec::new();
    let result = match choice {
        0 => p1379(&input, &mut out),
        1 => path(&input, &mut out),
        _ => hdu1043(&input, &mut out),
    };
    let out = String::from_utf8(out).expect("answers are text");
    assert!(out.is_empty() || out.ends_with('\n'), "a cut line: {out:?}");
    for line in out.lines() {
        let shaped = match choice {
            0 => line == "-1" || line.parse::<u32>().is_ok_and(|d| d <= 31),
            1 => line == "-1" || line.bytes().all(|b| b.is_ascii_digit()),
            _ => line == "unsolvable" || line.bytes().all(|b| b"udlr".contains(&b)),
        };
        assert!(shaped, "an answer line of the wrong shape: {line:?}");
    }
    match result {
        Ok(()) => {}
        Err(JudgeError::BadToken { case, .. } | JudgeError::BadCase { case, .. }) => {
            assert!(case >= 1);
            // Every case before the bad one was answered (one line each, for HDU 1043).
            if choice == 2 {
                assert_eq!(out.lines().count(), case - 1, "{out:?}");
            }
        }
        Err(JudgeError::Io(e)) => panic!("writing to memory failed: {e}"),
    }
}
