//! AOJ `ALDS1_13_C` "15 Puzzle": one 4x4 board with `0` the blank, the fewest moves to
//! `1 2 … 15 0`, from the library's optimal 15-puzzle solver.

use std::io::Write;

use rand::rngs::StdRng;

use npuzzle::answer::options::SolveOptions;
use npuzzle::answer::solution::Status;
use npuzzle::puzzle::board::{Board, Size};
use npuzzle::solving::solver::solve;

use super::alds1_13_b::unreachable_goal;
use super::bounded_input::token_bytes;
use super::reader::one_case;
use super::uva10181::{known_boards, walked_start};
use super::{Judge, JudgeError};

/// AOJ `ALDS1_13_C`: four lines of four numbers (`0` the blank; any layout of
/// whitespace); prints the fewest moves to `1 2 3 4 / … / 13 14 15 0`.
///
/// The problem promises a solution of at most 45 moves. The board is solved as
/// [`solve`] answers under `options` (optimal under the default ones); a board whose
/// optimum passes 45 still gets it, and one that cannot reach the goal is refused as bad
/// input.
///
/// ```
/// let mut out = Vec::new();
/// let input = "1 2 3 4\n6 7 8 0\n5 10 11 12\n9 13 14 15\n";
/// npuzzle_judges::judge::alds1_13_c(input, &Default::default(), &mut out)?;
/// assert_eq!(out, b"8\n");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// A [`JudgeError`] naming the token and line of bad input or a board that cannot reach
/// the goal, [`JudgeError::Unanswered`] when the solver gave up (a limit in `options`),
/// or a failed write.
///
/// # Panics
/// Never: the sixteen tiles are checked before the board is made.
pub fn alds1_13_c(
    input: &str,
    options: &SolveOptions,
    out: &mut impl Write,
) -> Result<(), JudgeError> {
    let tile = |text: &str| text.parse::<u32>().ok().filter(|&t| t < 16);
    let cells = one_case(input, 16, tile, "a number 0-15")?;
    let size = Size::square(4).expect("4x4 is a size");
    let start = Board::new(size, cells).expect("sixteen distinct tiles 0-15");
    let solution =
        solve(&start, &Board::goal(size), options).map_err(|e| JudgeError::Unanswered {
            case: 1,
            reason: e.to_string(),
        })?;
    match solution.status {
        Status::Solved => writeln!(out, "{}", solution.moves.len())?,
        Status::Unsolvable => return Err(unreachable_goal("1 2 3 4 / … / 13 14 15 0")),
        Status::GaveUp(why) | Status::Bounded(why) => {
            return Err(JudgeError::Unanswered {
                case: 1,
                reason: format!("the search gave up: {why}"),
            })
        }
    }
    Ok(())
}

/// AOJ `ALDS1_13_C`: one 4x4 board a run, the fewest moves from the optimal solver.
#[derive(Clone, Copy, Debug)]
pub struct Alds113C;

impl Judge for Alds113C {
    fn name(&self) -> &'static str {
        "alds1-13-c"
    }

    fn source(&self) -> &'static str {
        "AOJ ALDS1_13_C 15 Puzzle (judge.u-aizu.ac.jp/onlinejudge/description.jsp?id=ALDS1_13_C)"
    }

    fn summary(&self) -> &'static str {
        "4 lines of 4 numbers, 0 the blank; the fewest moves to 1..15 0 (optimal solver)"
    }

    fn answer(&self, input: &str, out: &mut dyn Write) -> Result<(), JudgeError> {
        self.answer_within(input, &SolveOptions::default(), out)
    }

    fn searches(&self) -> bool {
        true
    }

    fn answer_within(
        &self,
        input: &str,
        options: &SolveOptions,
        mut out: &mut dyn Write,
    ) -> Result<(), JudgeError> {
        alds1_13_c(input, options, &mut out)
    }

    fn goal(&self) -> Board {
        Board::goal(Size::square(4).expect("4x4 is a size"))
    }

    /// The problem promises a solution.
    fn has_unsolvable(&self) -> bool {
        false
    }

    fn one_case_a_run(&self) -> bool {
        true
    }

    fn longest_case(&self) -> usize {
        token_bytes(16, 2)
    }

    /// No table of every 4x4 board: the hard cases are known ones.
    fn hard_cases(&self, goal: &Board) -> Option<Vec<(&'static str, Board)>> {
        Some(known_boards("hard", goal, &HARD_AOJ_FIFTEEN))
    }

    fn random_start(&self, goal: &Board, rng: &mut StdRng) -> Board {
        walked_start(goal, rng)
    }
}

/// AOJ `ALDS1_13_C` boards at its promised most, 45 moves, and one short of it, solved in
/// well under a second: the ends of seeded random walks (`npuzzle random --size 4x4
/// --walk 60 --seed 45`, and `--walk 61 --seed 46`), 44 and 45 moves from the goal.
const HARD_AOJ_FIFTEEN: [[u32; 16]; 2] = [
    [6, 9, 4, 7, 1, 2, 3, 12, 8, 5, 15, 13, 11, 0, 14, 10],
    [4, 6, 7, 10, 3, 13, 1, 15, 2, 0, 8, 9, 5, 14, 11, 12],
];

#[cfg(test)]
mod tests {
    use super::*;
    use npuzzle::puzzle::random::random_walk;
    use npuzzle::search::Limits;
    use rand::SeedableRng;

    fn run(input: &str) -> (String, Option<String>) {
        let mut out = Vec::new();
        let e = alds1_13_c(input, &SolveOptions::default(), &mut out)
            .err()
            .map(|e| e.to_string());
        (String::from_utf8(out).unwrap(), e)
    }

    #[test]
    fn the_problems_sample_and_errors() {
        let sample = "1 2 3 4\n6 7 8 0\n5 10 11 12\n9 13 14 15\n";
        assert_eq!(run(sample), ("8\n".into(), None));
        let goal = "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 0";
        assert_eq!(run(goal), ("0\n".into(), None));
        for (input, message) in [
            (
                "1 2 3 4\n",
                "case 1: expected 16 tokens, the input ends after 4",
            ),
            (
                "1 2 3 4\n6 7 8 0\n5 10 11 12\n9 13 14 16\n",
                "case 1, token 16 ('16') on line 4: expected a number 0-15",
            ),
            (
                "2 1 3 4 5 6 7 8 9 10 11 12 13 14 15 0",
                "case 1: the board cannot reach",
            ),
        ] {
            let (out, e) = run(input);
            assert_eq!(out, "");
            let e = e.unwrap();
            assert!(e.starts_with(message), "{e}");
        }
        let mut out = Vec::new();
        let options = SolveOptions {
            algorithm: npuzzle::Algorithm::Idastar,
            limits: Limits {
                max_expanded: Some(1),
                ..Limits::NONE
            },
            ..SolveOptions::default()
        };
        let e = alds1_13_c(sample, &options, &mut out).unwrap_err();
        assert!(e.to_string().starts_with("case 1: not answered"), "{e}");
    }

    /// Boards up to 30 moves from the goal against IDA* with linear conflict on one
    /// thread, a different search and estimate from the default solver's.
    #[test]
    fn agrees_with_ida_star() {
        let goal = Board::goal(Size::square(4).unwrap());
        let mut rng = rand::rngs::StdRng::seed_from_u64(1313);
        let reference = SolveOptions {
            algorithm: npuzzle::Algorithm::Idastar,
            estimate: npuzzle::EstimateChoice::Heuristic(npuzzle::HeuristicKind::LinearConflict),
            ..SolveOptions::default()
        };
        for steps in [1, 5, 12, 20, 26, 30] {
            let start = random_walk(&goal, steps, &mut rng);
            let text: Vec<String> = start.cells().iter().map(u32::to_string).collect();
            let expected = solve(&start, &goal, &reference).unwrap().moves.len();
            assert_eq!(run(&text.join(" ")), (format!("{expected}\n"), None));
        }
    }
}
