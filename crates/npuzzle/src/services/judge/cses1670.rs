//! CSES 1670 "Swap Game": a 3x3 grid of the numbers 1-9, the fewest swaps of two cells
//! sharing a side that sort it, from a [`crate::puzzle::swap_game::SwapGame`].

use std::io::Write;

use crate::puzzle::swap_game::SwapGame;

use super::reader::one_case;
use super::JudgeError;

/// CSES 1670: three lines of three numbers, `1`..`9` each once (any layout of
/// whitespace); prints the fewest swaps of two adjacent cells (sharing a side) that give
/// `1 2 3 / 4 5 6 / 7 8 9`. Every grid can be sorted.
///
/// ```
/// let mut out = Vec::new();
/// npuzzle::services::judge::cses1670("2 1 3\n7 5 9\n8 4 6\n", &mut out)?;
/// assert_eq!(out, b"4\n");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// A [`JudgeError`] naming the token and line of bad input, or a failed write.
///
/// # Panics
/// Never: the nine numbers are checked before the search's table is asked.
pub fn cses1670(input: &str, out: &mut impl Write) -> Result<(), JudgeError> {
    let tile = |text: &str| match text.as_bytes() {
        [d @ b'1'..=b'9'] => Some(u32::from(d - b'0')),
        _ => None,
    };
    let cells = one_case(input, 9, tile, "a number 1-9")?;
    let grid: [u8; 9] = std::array::from_fn(|i| cells[i] as u8);
    let swaps = SwapGame::shared()
        .distance(&grid)
        .expect("nine distinct numbers 1-9");
    writeln!(out, "{swaps}")?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::services::judge::tests::run;

    #[test]
    fn the_problems_sample_and_errors() {
        assert_eq!(run(cses1670, "2 1 3\n7 5 9\n8 4 6\n"), ("4\n".into(), None));
        assert_eq!(run(cses1670, "1 2 3 4 5 6 7 8 9\n"), ("0\n".into(), None));
        assert_eq!(run(cses1670, "2 1 3 4 5 6 7 8 9\n"), ("1\n".into(), None));
        for (input, message) in [
            (
                "2 1 3\n7 5 9\n8 4\n",
                "case 1: expected 9 tokens, the input ends after 8",
            ),
            (
                "2 1 3\n7 5 9\n8 4 0\n",
                "case 1, token 9 ('0') on line 3: expected a number 1-9",
            ),
            (
                "2 1 3\n7 5 9\n8 4 4\n",
                "case 1, token 9 ('4') on line 3: tile 4 already stands at token 8",
            ),
            (
                "2 1 3\n7 5 9\n8 4 6 1\n",
                "case 1, token 10 ('1') on line 3: stray token after the case",
            ),
        ] {
            let (out, e) = run(cses1670, input);
            assert_eq!(out, "");
            let e = e.unwrap();
            assert!(e.starts_with(message), "{e}");
        }
    }
}
