//! What each judge's format is, beyond reading and answering it: its goal, how a case is
//! written, how many cases go in one run, how answers are laid out, and whether any valid
//! answer is accepted (a special judge) or only the one answer. The local judge
//! ([`crate::services::local_judge`]) writes its cases and cuts the program's output by
//! it.

use std::fmt::Write as _;

use crate::puzzle::board::{Board, Size};

use super::{Comparison, Instance, Judge, JudgeError};

/// A judge's format: one a judge of [`super::JUDGES`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum JudgeFormat {
    P1379,
    Path,
    Hdu1043,
    Poj1077,
    Hdu3567,
    Uva652,
    Uva10181,
    Leetcode773,
    Abc224d,
    Alds113B,
    Alds113C,
    Poj2893,
    Uva10085,
    KattisNpuzzle,
    Lintcode794,
    Cses1670,
}

impl JudgeFormat {
    /// The judge of this format in [`super::JUDGES`].
    pub fn judge(self) -> &'static Judge {
        super::JUDGES
            .iter()
            .find(|j| j.format == self)
            .expect("every format has its judge in JUDGES")
    }

    /// The name, as `npuzzle judge NAME` takes it.
    pub fn name(self) -> &'static str {
        self.judge().name
    }

    /// How the judge compares output: Luogu's default checker ignores spaces at line ends
    /// and newlines at the end of the output, as AtCoder's does; HDU, POJ and UVa give a
    /// Presentation Error for other spacing (their FAQs) but accept a missing final
    /// newline, as AOJ's does; LeetCode and LintCode compare the returned value, Kattis's
    /// default validator the tokens; CSES and `path` (npuzzle's own exercise) are judged
    /// as Luogu judges.
    pub fn comparison(self) -> Comparison {
        match self {
            JudgeFormat::P1379
            | JudgeFormat::Path
            | JudgeFormat::Abc224d
            | JudgeFormat::Cses1670 => Comparison::TrailingWhitespace,
            JudgeFormat::Leetcode773 | JudgeFormat::Lintcode794 | JudgeFormat::KattisNpuzzle => {
                Comparison::Value
            }
            JudgeFormat::Hdu1043
            | JudgeFormat::Poj1077
            | JudgeFormat::Hdu3567
            | JudgeFormat::Uva652
            | JudgeFormat::Uva10181
            | JudgeFormat::Uva10085
            | JudgeFormat::Poj2893
            | JudgeFormat::Alds113B
            | JudgeFormat::Alds113C => Comparison::FinalNewline,
        }
    }

    /// The goal (for HDU 3567 and `path`, the one random goals are drawn from; for ABC224
    /// D, piece `i` on vertex `i` is the 8-puzzle's goal on the 3x3 grid graph).
    pub fn goal(self) -> Board {
        match self {
            JudgeFormat::P1379 => Board::new(
                Size::square(3).expect("3x3 is a size"),
                vec![1, 2, 3, 8, 0, 4, 7, 6, 5],
            )
            .expect("123804765 is a permutation"),
            JudgeFormat::Leetcode773 => Board::goal(Size::new(3, 2).expect("2x3 is a size")),
            JudgeFormat::Uva10181 | JudgeFormat::Alds113C | JudgeFormat::KattisNpuzzle => {
                Board::goal(Size::square(4).expect("4x4 is a size"))
            }
            _ => Board::goal(Size::square(3).expect("3x3 is a size")),
        }
    }

    /// Whether the format's input may hold boards that cannot reach the goal (the
    /// problems that promise a solution have none; in UVa 10085 and CSES 1670 every
    /// start has an answer).
    pub fn has_unsolvable(self) -> bool {
        !matches!(
            self,
            JudgeFormat::P1379
                | JudgeFormat::Hdu3567
                | JudgeFormat::Alds113B
                | JudgeFormat::Alds113C
                | JudgeFormat::Uva10085
                | JudgeFormat::Cses1670
        )
    }

    /// Whether each case has its own goal (POJ 2893: its own shape).
    pub fn goal_a_case(self) -> bool {
        matches!(
            self,
            JudgeFormat::Hdu3567
                | JudgeFormat::Path
                | JudgeFormat::Lintcode794
                | JudgeFormat::Poj2893
        )
    }

    /// Whether a run reads one case (the judge starts the program once a case).
    pub fn one_case_a_run(self) -> bool {
        matches!(
            self,
            JudgeFormat::P1379
                | JudgeFormat::Poj1077
                | JudgeFormat::Path
                | JudgeFormat::Abc224d
                | JudgeFormat::Alds113B
                | JudgeFormat::Alds113C
                | JudgeFormat::KattisNpuzzle
                | JudgeFormat::Cses1670
        )
    }

    /// Which answers are accepted where any of many is, rather than the one answer.
    pub fn special_judge(self) -> Option<&'static str> {
        match self {
            JudgeFormat::Hdu1043 | JudgeFormat::Poj1077 | JudgeFormat::Uva652 => {
                Some("any path to the goal is accepted")
            }
            JudgeFormat::Uva10181 => Some("any path of at most 50 moves to the goal is accepted"),
            JudgeFormat::Path => Some("any shortest path, state by state, is accepted"),
            JudgeFormat::Uva10085 => {
                Some("any state farthest from the start, with a shortest path to it, is accepted")
            }
            _ => None,
        }
    }

    /// The line that says a board cannot reach the goal, in the formats whose answer is
    /// otherwise a path of moves.
    pub fn unsolvable_line(self) -> &'static str {
        if self == JudgeFormat::Uva10181 {
            "This puzzle is not solvable."
        } else {
            "unsolvable"
        }
    }

    /// The most moves an accepted path may have: UVa 10181's judge takes at most 50.
    pub fn most_moves(self) -> Option<usize> {
        (self == JudgeFormat::Uva10181).then_some(50)
    }

    /// Whether moves are written in capitals (`L R U D`, the hole's moves).
    pub fn capital_moves(self) -> bool {
        self == JudgeFormat::Uva10181
    }

    /// Whether a case's answer is the run's whole output (`path`: its length depends on
    /// the answer).
    pub fn whole_output(self) -> bool {
        self == JudgeFormat::Path
    }

    /// Lines of output a case answers in (UVa 10085's empty line after each answer
    /// included: the problem asks for it after the last one too).
    pub fn lines_a_case(self) -> usize {
        match self {
            JudgeFormat::Hdu3567 => 2,
            JudgeFormat::Uva10085 => 6,
            _ => 1,
        }
    }

    /// Whether a blank line separates two answers.
    pub fn blank_line_between(self) -> bool {
        self == JudgeFormat::Uva652
    }

    /// A case as the format writes it (without any count of cases).
    pub fn case_text(self, instance: &Instance) -> String {
        let (start, goal) = match instance {
            Instance::Boards { start, goal } => (start, goal),
            Instance::Graph { edges, pieces } => {
                let mut text = format!("{}\n", edges.len());
                for (u, v) in edges {
                    let _ = writeln!(text, "{u} {v}");
                }
                let pieces: Vec<String> = pieces.iter().map(usize::to_string).collect();
                return format!("{text}{}\n", pieces.join(" "));
            }
        };
        let tokens = |board: &Board, blank: &str| -> Vec<String> {
            board
                .cells()
                .iter()
                .map(|&t| {
                    if t == 0 {
                        blank.to_string()
                    } else {
                        t.to_string()
                    }
                })
                .collect()
        };
        let rows = |board: &Board, blank: &str| -> String {
            let mut text = String::new();
            for row in tokens(board, blank).chunks(board.size().width()) {
                let _ = writeln!(text, "{}", row.join(" "));
            }
            text
        };
        match self {
            JudgeFormat::Alds113B | JudgeFormat::Alds113C => rows(start, "0"),
            // CSES 1670 has no blank: the board's permutation of 0..9 is written 1..9,
            // the blank as 9, so the sliding goal is the sorted grid.
            JudgeFormat::Cses1670 => rows(start, "9"),
            JudgeFormat::Uva10085 => format!("{}\n", rows(start, "0")),
            JudgeFormat::Poj2893 => {
                let size = start.size();
                format!("{} {}\n{}", size.height(), size.width(), rows(start, "0"))
            }
            JudgeFormat::KattisNpuzzle => start
                .cells()
                .chunks(start.size().width())
                .map(|row| {
                    let letters: String = row
                        .iter()
                        .map(|&t| match t {
                            0 => '.',
                            t => char::from(b'A' + (t - 1) as u8),
                        })
                        .collect();
                    letters + "\n"
                })
                .collect(),
            JudgeFormat::Lintcode794 => {
                let json = |board: &Board| {
                    let rows: Vec<String> = tokens(board, "0")
                        .chunks(3)
                        .map(|row| format!("[{}]", row.join(",")))
                        .collect();
                    format!("[{}]\n", rows.join(","))
                };
                format!("{}{}", json(start), json(goal))
            }
            JudgeFormat::P1379 => format!("{}\n", tokens(start, "0").concat()),
            JudgeFormat::Hdu1043 | JudgeFormat::Poj1077 | JudgeFormat::Uva652 => {
                format!("{}\n", tokens(start, "x").join(" "))
            }
            JudgeFormat::Hdu3567 => format!(
                "{}\n{}\n",
                tokens(start, "X").concat(),
                tokens(goal, "X").concat()
            ),
            JudgeFormat::Leetcode773 => {
                let cells = tokens(start, "0");
                format!("[[{}],[{}]]\n", cells[..3].join(","), cells[3..].join(","))
            }
            JudgeFormat::Path | JudgeFormat::Uva10181 | JudgeFormat::Abc224d => {
                // Rows of the board, start then goal for `path`.
                let boards: &[&Board] = if self == JudgeFormat::Path {
                    &[start, goal]
                } else {
                    &[start]
                };
                let width = start.size().width();
                boards
                    .iter()
                    .flat_map(|b| {
                        tokens(b, "0")
                            .chunks(width)
                            .map(|row| format!("{}\n", row.join(" ")))
                            .collect::<Vec<_>>()
                    })
                    .collect()
            }
        }
    }

    /// The input of one run of these cases: the count first where the format has one.
    pub fn input(self, cases: &[String]) -> String {
        let mut input = match self {
            JudgeFormat::Hdu3567 | JudgeFormat::Uva652 | JudgeFormat::Uva10181 => {
                format!("{}\n", cases.len())
            }
            // "A blank line follows this line."
            JudgeFormat::Uva10085 => format!("{}\n\n", cases.len()),
            _ => String::new(),
        };
        input.extend(cases.iter().map(String::as_str));
        if self == JudgeFormat::Poj2893 {
            input += "0 0\n";
        }
        input
    }

    /// The library's own answer to `input`: the reference.
    pub fn reference(self, input: &str) -> Result<Vec<u8>, JudgeError> {
        let mut out = Vec::new();
        (self.judge().answer)(input, &mut out)?;
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::services::judge::{named, JUDGES};

    #[test]
    fn names_round_trip_and_are_judges() {
        for judge in JUDGES {
            assert_eq!(named(judge.name).map(|j| j.format), Some(judge.format));
            assert_eq!(judge.format.name(), judge.name);
        }
        assert!(named("hdu1044").is_none());
    }

    #[test]
    fn the_goal_is_answered_with_no_moves_by_the_reference() {
        for format in JUDGES.iter().map(|j| j.format) {
            let goal = format.goal();
            let instance = if format == JudgeFormat::Abc224d {
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
            let input = format.input(&[format.case_text(&instance)]);
            let out = String::from_utf8(format.reference(&input).unwrap()).unwrap();
            let expected = match format {
                JudgeFormat::Hdu3567 => "Case 1: 0\n\n",
                JudgeFormat::P1379
                | JudgeFormat::Leetcode773
                | JudgeFormat::Abc224d
                | JudgeFormat::Alds113B
                | JudgeFormat::Alds113C
                | JudgeFormat::KattisNpuzzle
                | JudgeFormat::Lintcode794
                | JudgeFormat::Cses1670 => "0\n",
                JudgeFormat::Path => "0\n123456780\n",
                JudgeFormat::Poj2893 => "YES\n",
                // The goal's farthest states are the two 31 moves away.
                JudgeFormat::Uva10085 => {
                    assert!(out.starts_with("Puzzle #1\n"), "{out}");
                    assert_eq!(out.lines().nth(4).map(str::len), Some(31), "{out}");
                    continue;
                }
                _ => "\n",
            };
            assert_eq!(out, expected, "{format:?}");
        }
    }
}
