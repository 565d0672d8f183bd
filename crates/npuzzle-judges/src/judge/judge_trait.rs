//! What a judge is: everything the CLI's `judge` commands, `judge --list` and the local
//! judge ask of one, stated once in the judge's own file. The defaults are what most
//! judges share (a 3x3 board to `1 2 3 / 4 5 6 / 7 8 0`, many cases a run, one line an
//! answer, compared as HDU, POJ and UVa compare), so a judge's file states only what is
//! particular to it.
//!
//! ```
//! use npuzzle_judges::judge::{named, Comparison};
//!
//! let hdu1043 = named("hdu1043").unwrap();
//! assert_eq!(hdu1043.problem(), "HDU 1043 Eight");
//! assert_eq!(hdu1043.comparison(), Comparison::FinalNewline);
//! assert_eq!(hdu1043.reference("1 2 3 4 5 6 7 x 8\n")?, b"r\n");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fmt::Debug;
use std::io::{self, Write};

use rand::rngs::StdRng;

use npuzzle::answer::options::SolveOptions;
use npuzzle::puzzle::board::{Board, Size};
use npuzzle::puzzle::random::random_board;

use super::case_text::{board_rows, boards};
use super::{Comparison, Instance, JudgeError};

/// How the local judge checks an answer that is not the reference's own.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AnswerCheck {
    /// Only the one answer, in the judge's spacing.
    OneAnswer,
    /// Any path of moves from the start to the goal, replayed on the board.
    Moves,
    /// Any shortest path, written state by state (`path`).
    States,
    /// Any state farthest from the start, with a shortest path to it (UVa 10085).
    FarthestState,
}

/// Which puzzles the local judge makes a judge's cases of.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CaseKind {
    /// Boards of the size of the judge's goal.
    Boards,
    /// Eight pieces on a graph of nine vertices (ABC224 D).
    Graphs,
    /// Boards of many shapes, each its own goal (POJ 2893).
    Shapes,
}

/// One judge: its name as `npuzzle judge NAME` takes it, where it comes from, what it
/// reads and writes, and its answer. The CLI's `judge` commands, `judge --list` and the
/// local judge are all built from [`super::JUDGES`]: a judge is its own file and one
/// line there.
pub trait Judge: Debug + Sync {
    /// The name, as `npuzzle judge NAME` takes it.
    fn name(&self) -> &'static str;

    /// The judge and problem, and where the statement is.
    fn source(&self) -> &'static str;

    /// What goes in and what comes out.
    fn summary(&self) -> &'static str;

    /// Answers the judge's whole input on `out`: every case before a bad one is answered,
    /// then the error names it.
    ///
    /// # Errors
    /// A [`JudgeError`] for the first bad case, or a failed write.
    fn answer(&self, input: &str, out: &mut dyn Write) -> Result<(), JudgeError>;

    /// Whether answering runs the solver's search, which options bound (so a case may be
    /// left unanswered, [`JudgeError::Unanswered`]).
    fn searches(&self) -> bool {
        false
    }

    /// [`Judge::answer`] with the solver bounded by `options`, for the judges that search
    /// (the others take no options).
    ///
    /// # Errors
    /// As [`Judge::answer`], and [`JudgeError::Unanswered`] where `options` stopped a
    /// search.
    fn answer_within(
        &self,
        input: &str,
        options: &SolveOptions,
        out: &mut dyn Write,
    ) -> Result<(), JudgeError> {
        let _ = options;
        self.answer(input, out)
    }

    /// The library's own answer to `input`: the reference.
    ///
    /// # Errors
    /// As [`Judge::answer`].
    fn reference(&self, input: &str) -> Result<Vec<u8>, JudgeError> {
        let mut out = Vec::new();
        self.answer(input, &mut out)?;
        Ok(out)
    }

    /// The judge and problem without where the statement is: `HDU 1043 Eight`.
    fn problem(&self) -> &'static str {
        let source = self.source();
        source.split(" (").next().unwrap_or(source)
    }

    /// How the judge compares a program's output with its answer. HDU, POJ and UVa give
    /// a Presentation Error for other spacing (their FAQs) but accept a missing final
    /// newline, as AOJ's does.
    fn comparison(&self) -> Comparison {
        Comparison::FinalNewline
    }

    /// The goal (for the judges of a goal a case, the one random goals are drawn from).
    fn goal(&self) -> Board {
        Board::goal(Size::square(3).expect("3x3 is a size"))
    }

    /// Whether the input may hold boards that cannot reach the goal (the problems that
    /// promise a solution have none).
    fn has_unsolvable(&self) -> bool {
        true
    }

    /// Whether each case has its own goal.
    fn goal_a_case(&self) -> bool {
        false
    }

    /// Whether a run reads one case (the judge starts the program once a case).
    fn one_case_a_run(&self) -> bool {
        false
    }

    /// Which answers are accepted where any of many is, rather than the one answer.
    fn special_judge(&self) -> Option<&'static str> {
        None
    }

    /// How the local judge checks an answer: by [`Judge::special_judge`]'s rule, or
    /// against the one answer.
    fn answer_check(&self) -> AnswerCheck {
        AnswerCheck::OneAnswer
    }

    /// The line that says a board cannot reach the goal, in the judges whose answer is
    /// otherwise a path of moves.
    fn unsolvable_line(&self) -> &'static str {
        "unsolvable"
    }

    /// The most moves an accepted path may have.
    fn most_moves(&self) -> Option<usize> {
        None
    }

    /// Whether moves are written in capitals (`L R U D`, the hole's moves).
    fn capital_moves(&self) -> bool {
        false
    }

    /// Whether a case's answer is the run's whole output (its length depends on the
    /// answer).
    fn whole_output(&self) -> bool {
        false
    }

    /// Lines of output a case answers in.
    fn lines_a_case(&self) -> usize {
        1
    }

    /// Whether a blank line separates two answers.
    fn blank_line_between(&self) -> bool {
        false
    }

    /// Whether `line` has the shape of a line of this judge's answers: by default the
    /// fewest moves, or `-1`.
    fn is_answer_line(&self, line: &str) -> bool {
        line == "-1" || line.parse::<u32>().is_ok()
    }

    /// A case as the judge writes it (without any count of cases): by default the start's
    /// rows, `0` the blank.
    fn case_text(&self, instance: &Instance) -> String {
        board_rows(boards(instance).0, "0")
    }

    /// The input of one run of these cases: the count first where the judge has one.
    fn input(&self, cases: &[String]) -> String {
        cases.concat()
    }

    /// The most bytes one case takes written with one separator between tokens (each
    /// counted as CR LF): with the count of cases that some judges put first, this bounds
    /// the longest line and the longest case of a valid input.
    fn longest_case(&self) -> usize;

    /// The first error of `text` other than its end, found as cheaply as the judge can
    /// (by default by answering it into nothing).
    ///
    /// # Errors
    /// As [`Judge::answer`].
    fn check_input(&self, text: &str) -> Result<(), JudgeError> {
        self.answer(text, &mut io::sink())
    }

    /// Which puzzles the local judge makes this judge's cases of.
    fn case_kind(&self) -> CaseKind {
        CaseKind::Boards
    }

    /// The hard boards the local judge puts to a program, labelled, beside the start
    /// equal to the goal and one move from it; `None` for every board farthest from the
    /// goal (a complete distance table's).
    fn hard_cases(&self, goal: &Board) -> Option<Vec<(&'static str, Board)>> {
        let _ = goal;
        None
    }

    /// A random start towards `goal` for the local judge.
    fn random_start(&self, goal: &Board, rng: &mut StdRng) -> Board {
        random_board(goal, rng)
    }
}

#[cfg(test)]
mod tests {
    use crate::judge::{named, Instance, JUDGES};

    #[test]
    fn names_round_trip_and_are_judges() {
        for judge in JUDGES {
            assert!(named(judge.name()).is_some_and(|j| j.name() == judge.name()));
        }
        assert!(named("hdu1044").is_none());
    }

    #[test]
    fn the_goal_is_answered_with_no_moves_by_the_reference() {
        for judge in JUDGES {
            let goal = judge.goal();
            let instance = if judge.name() == "abc224d" {
                Instance::Graph {
                    edges: vec![(1, 2)],
                    pieces: [1, 2, 3, 4, 5, 6, 7, 8],
                }
            } else {
                Instance::Boards {
                    start: goal.clone(),
                    goal: goal.clone(),
                }
            };
            let input = judge.input(&[judge.case_text(&instance)]);
            let out = String::from_utf8(judge.reference(&input).unwrap()).unwrap();
            // The goal's farthest states are the two 31 moves away.
            if judge.name() == "uva10085" {
                assert!(out.starts_with("Puzzle #1\n"), "{out}");
                assert_eq!(out.lines().nth(4).map(str::len), Some(31), "{out}");
                continue;
            }
            let expected = [
                ("hdu3567", "Case 1: 0\n\n"),
                ("p1379", "0\n"),
                ("leetcode773", "0\n"),
                ("abc224d", "0\n"),
                ("alds1-13-b", "0\n"),
                ("alds1-13-c", "0\n"),
                ("kattis-npuzzle", "0\n"),
                ("lintcode794", "0\n"),
                ("cses1670", "0\n"),
                ("path", "0\n123456780\n"),
                ("poj2893", "YES\n"),
            ];
            let expected = expected
                .iter()
                .find(|(name, _)| *name == judge.name())
                .map_or("\n", |&(_, out)| out);
            assert_eq!(out, expected, "{}", judge.name());
        }
    }

    /// A special judge says which answers it accepts, and checks them by its rule.
    #[test]
    fn a_special_judge_has_a_rule_and_no_other_judge_does() {
        use super::AnswerCheck;
        for judge in JUDGES {
            let special = judge.special_judge().is_some();
            assert_eq!(special, judge.answer_check() != AnswerCheck::OneAnswer);
        }
    }
}
