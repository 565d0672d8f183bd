//! UVa 10181 "15-Puzzle Problem": 4x4 boards after a count; the hole's moves or
//! `This puzzle is not solvable.`.

use std::io::Write;

use rand::rngs::StdRng;
use rand::Rng;
use rayon::prelude::*;

use npuzzle::answer::options::SolveOptions;
use npuzzle::answer::solution::Status;
use npuzzle::puzzle::board::{Board, Size};
use npuzzle::puzzle::random::random_walk;
use npuzzle::solving::solver::solve;

use super::bounded_input::{token_bytes, COUNT_LINE};
use super::reader::{ended_early, no_stray, read_board_of, read_count, read_tiles, tokens};
use super::{AnswerCheck, Judge, JudgeError};

/// What a bad cell was expected to be.
const EXPECTED: &str = "a number 0-15";

/// What the judge prints for a board whose goal cannot be reached.
const NOT_SOLVABLE: &str = "This puzzle is not solvable.";

/// UVa 10181: the number of puzzles `N`, then `N` boards of four lines of four numbers
/// (`0` the hole; any layout of whitespace); for each, one line with the hole's moves
/// `L R U D` to `1 2 … 15 0`, or `This puzzle is not solvable.`.
///
/// The judge accepts any solution of at most 50 moves (its own solver needs at most 45 on
/// its data); this prints an optimal one, as [`solve`] answers under `options` (optimal
/// under the default ones). A board whose optimum passes 50 moves, which the judge's data
/// does not hold, still gets its optimal moves: no shorter answer exists, and the board
/// is solvable, so the unsolvable line would be false. The boards are solved in parallel,
/// one per thread of the current rayon pool, and answered in input order.
///
/// ```
/// let mut out = Vec::new();
/// let input = "2\n2 3 4 0\n1 5 7 8\n9 6 10 12\n13 14 11 15\n\
///              13 1 2 4\n5 0 3 7\n9 6 10 12\n15 8 11 14\n";
/// npuzzle_judges::judge::uva10181(input, &Default::default(), &mut out)?;
/// assert_eq!(String::from_utf8(out)?, "LLLDRDRDR\nThis puzzle is not solvable.\n");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// A [`JudgeError`] for a bad count or the first bad board (the boards before it are
/// answered), [`JudgeError::Unanswered`] for a board the solver could not answer (a limit
/// in `options`, a table that cannot be had), or a failed write.
pub fn uva10181(
    input: &str,
    options: &SolveOptions,
    out: &mut impl Write,
) -> Result<(), JudgeError> {
    let count = read_count(input, "puzzles")?;
    let (boards, bad) = read_boards(&input[count.rest..], count.line, count.announced);
    let goal = Board::goal(size());
    let answers: Vec<Result<String, String>> = boards
        .par_iter()
        .map(|start| {
            let solution = solve(start, &goal, options).map_err(|e| e.to_string())?;
            match solution.status {
                Status::Solved => Ok(solution
                    .moves
                    .iter()
                    .map(|mv| mv.letter().to_ascii_uppercase())
                    .collect()),
                Status::Unsolvable => Ok(NOT_SOLVABLE.to_string()),
                // Bounded answers are not asked for: a judge wants the optimum.
                Status::GaveUp(why) | Status::Bounded(why) => {
                    Err(format!("the search gave up: {why}"))
                }
            }
        })
        .collect();
    for (i, answer) in answers.into_iter().enumerate() {
        match answer {
            Ok(line) => writeln!(out, "{line}")?,
            Err(reason) => {
                return Err(JudgeError::Unanswered {
                    case: i + 1,
                    reason,
                })
            }
        }
    }
    bad.map_or(Ok(()), Err)
}

/// The first error of `input` without solving a board: what [`uva10181`] would refuse
/// after answering the boards before it. Each board is a search of up to seconds, so
/// a part of an input is checked this way as it is read, not answered.
pub(super) fn check(input: &str) -> Result<(), JudgeError> {
    let count = read_count(input, "puzzles")?;
    let (_, bad) = read_boards(&input[count.rest..], count.line, count.announced);
    bad.map_or(Ok(()), Err)
}

fn size() -> Size {
    Size::square(4).expect("4x4 is a size")
}

/// The boards of `input` (which starts on line `first_line`) up to the first bad one, and
/// the error of that one, if any.
fn read_boards(
    input: &str,
    first_line: usize,
    announced: usize,
) -> (Vec<Board>, Option<JudgeError>) {
    let tile = |text: &str| text.parse::<u32>().ok().filter(|&t| t < 16);
    let mut all = tokens(input, first_line);
    // Not reserved by the count: a count of billions with no boards behind it holds
    // nothing.
    let mut boards = Vec::new();
    let mut group = Vec::with_capacity(16);
    for case in 1..=announced {
        group.clear();
        group.extend(all.by_ref().take(16));
        if group.len() < 16 {
            // A bad token among the last ones says more than their count.
            let e = read_tiles(case, 0, &group, tile, EXPECTED)
                .err()
                .unwrap_or_else(|| ended_early(case, announced, group.len(), 16));
            return (boards, Some(e));
        }
        match read_board_of(size(), case, 0, &group, tile, EXPECTED) {
            Err(e) => return (boards, Some(e)),
            Ok(board) => boards.push(board),
        }
    }
    (boards, no_stray(all, announced).err())
}

/// UVa 10181: a count, then 4x4 boards; the hole's moves, any path of at most 50 moves
/// accepted.
#[derive(Clone, Copy, Debug)]
pub struct Uva10181;

impl Judge for Uva10181 {
    fn name(&self) -> &'static str {
        "uva10181"
    }

    fn source(&self) -> &'static str {
        "UVa 10181 15-Puzzle Problem (onlinejudge.org, problem 10181)"
    }

    fn summary(&self) -> &'static str {
        "N, then 4x4 boards with 0; the hole's moves L R U D (optimal), or This puzzle is not solvable."
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
        uva10181(input, options, &mut out)
    }

    fn goal(&self) -> Board {
        Board::goal(size())
    }

    fn special_judge(&self) -> Option<&'static str> {
        Some("any path of at most 50 moves to the goal is accepted")
    }

    fn answer_check(&self) -> AnswerCheck {
        AnswerCheck::Moves
    }

    fn unsolvable_line(&self) -> &'static str {
        NOT_SOLVABLE
    }

    /// The judge takes at most 50.
    fn most_moves(&self) -> Option<usize> {
        Some(50)
    }

    fn capital_moves(&self) -> bool {
        true
    }

    fn is_answer_line(&self, line: &str) -> bool {
        line == NOT_SOLVABLE || line.bytes().all(|b| b"UDLR".contains(&b))
    }

    fn input(&self, cases: &[String]) -> String {
        format!("{}\n{}", cases.len(), cases.concat())
    }

    fn longest_case(&self) -> usize {
        COUNT_LINE + token_bytes(16, 2)
    }

    /// The boards are each a search of up to seconds: they are read, not solved.
    fn check_input(&self, text: &str) -> Result<(), JudgeError> {
        check(text)
    }

    /// No table of every 4x4 board: the hard cases are known ones.
    fn hard_cases(&self, goal: &Board) -> Option<Vec<(&'static str, Board)>> {
        Some(known_boards("hard", goal, &HARD_FIFTEEN))
    }

    fn random_start(&self, goal: &Board, rng: &mut StdRng) -> Board {
        walked_start(goal, rng)
    }
}

/// UVa 10181 boards whose optimum is close to the judge's 50 moves yet found in
/// milliseconds (most boards that far take IDA* far longer): the ends of seeded random
/// walks of 60 moves from the goal, 48 and 50 moves from it.
const HARD_FIFTEEN: [[u32; 16]; 2] = [
    [3, 4, 12, 6, 7, 14, 15, 8, 2, 10, 11, 9, 1, 0, 13, 5],
    [13, 6, 2, 8, 12, 1, 14, 3, 15, 7, 0, 5, 4, 11, 9, 10],
];

/// The longest random walk of a 15-puzzle case of the local judge: its optimum is at most
/// this, within UVa 10181's 50 moves, and quick to find for the reference and the program
/// alike.
const FIFTEEN_WALK: usize = 40;

/// A random start a walk of at most [`FIFTEEN_WALK`] moves from `goal`: a random 15-puzzle
/// board can take a search of minutes.
pub(super) fn walked_start(goal: &Board, rng: &mut StdRng) -> Board {
    let steps = rng.gen_range(1..=FIFTEEN_WALK);
    random_walk(goal, steps, rng)
}

/// `cells` as boards of `goal`'s size, each labelled `label`.
pub(super) fn known_boards(
    label: &'static str,
    goal: &Board,
    cells: &[[u32; 16]],
) -> Vec<(&'static str, Board)> {
    cells
        .iter()
        .map(|c| {
            (
                label,
                Board::new(goal.size(), c.to_vec()).expect("a permutation"),
            )
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use npuzzle::puzzle::board::Move;
    use npuzzle::puzzle::random::random_walk;
    use npuzzle::search::Limits;
    use rand::SeedableRng;
    use std::fmt::Write as _;

    fn run(input: &str) -> (String, Option<String>) {
        let mut out = Vec::new();
        let err = uva10181(input, &SolveOptions::default(), &mut out)
            .err()
            .map(|e| e.to_string());
        (String::from_utf8(out).unwrap(), err)
    }

    const SAMPLE: &str = "2\n2 3 4 0\n1 5 7 8\n9 6 10 12\n13 14 11 15\n\
                          13 1 2 4\n5 0 3 7\n9 6 10 12\n15 8 11 14\n";

    #[test]
    fn the_judges_sample() {
        assert_eq!(
            run(SAMPLE),
            ("LLLDRDRDR\nThis puzzle is not solvable.\n".into(), None)
        );
    }

    /// Boards a known number of moves from the goal: each answer replays to the goal in
    /// at most that many moves, and the optimum is checked by IDA* on one thread.
    #[test]
    fn answers_replay_to_the_goal_and_are_optimal() {
        let goal = Board::goal(size());
        let mut input = String::new();
        let mut boards = Vec::new();
        let mut rng = rand::rngs::StdRng::seed_from_u64(10181);
        for _ in 0..8 {
            let board = random_walk(&goal, 30, &mut rng);
            let _ = writeln!(
                input,
                "{}",
                board
                    .cells()
                    .iter()
                    .map(u32::to_string)
                    .collect::<Vec<_>>()
                    .join(" ")
            );
            boards.push(board);
        }
        let (out, e) = run(&format!("{}\n{input}", boards.len()));
        assert!(e.is_none(), "{e:?}");
        for (line, start) in out.lines().zip(&boards) {
            let mut board = start.clone();
            for letter in line.chars() {
                let mv = Move::ALL
                    .into_iter()
                    .find(|mv| mv.letter().to_ascii_uppercase() == letter)
                    .unwrap();
                board.apply(mv);
            }
            assert_eq!(board, goal, "{line}");
            let reference = solve(
                start,
                &goal,
                &SolveOptions {
                    algorithm: npuzzle::Algorithm::Idastar,
                    estimate: npuzzle::EstimateChoice::Heuristic(
                        npuzzle::HeuristicKind::LinearConflict,
                    ),
                    ..SolveOptions::default()
                },
            )
            .unwrap();
            assert_eq!(line.len(), reference.moves.len());
        }
    }

    #[test]
    fn bad_boards_are_named_after_the_good_ones_are_answered() {
        let first = "2 3 4 0 1 5 7 8 9 6 10 12 13 14 11 15\n";
        let (out, e) = run(&format!(
            "2\n{first}1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16\n"
        ));
        assert_eq!(out, "LLLDRDRDR\n");
        assert_eq!(
            e.unwrap(),
            "case 2, token 16 ('16') on line 3: expected a number 0-15"
        );
        let (out, e) = run(&format!("3\n{first}"));
        assert_eq!(out, "LLLDRDRDR\n");
        assert_eq!(
            e.unwrap(),
            "case 2: the first line announces 3, the input ends after 1"
        );
        let (_, e) = run(&format!("1\n{first}0"));
        assert_eq!(
            e.unwrap(),
            "line 3: stray '0' after the 1 case the first line announces"
        );
        let (_, e) = run(&format!("1\n{}", "1 2 3\n"));
        assert_eq!(
            e.unwrap(),
            "case 1: expected 16 tokens, the input ends after 3"
        );
        let (_, e) = run("99999999999999999999999\n");
        assert!(e
            .unwrap()
            .starts_with("line 1: expected the number of puzzles"));
        // A limit the solver meets is said, naming the board.
        let mut out = Vec::new();
        let options = SolveOptions {
            algorithm: npuzzle::Algorithm::Idastar,
            limits: Limits {
                max_expanded: Some(1),
                ..Limits::NONE
            },
            ..SolveOptions::default()
        };
        let e = uva10181(SAMPLE, &options, &mut out).unwrap_err();
        assert!(
            e.to_string()
                .starts_with("case 1: not answered: the search gave up"),
            "{e}"
        );
    }
}
