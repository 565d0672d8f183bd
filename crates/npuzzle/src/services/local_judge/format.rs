//! The judge formats a local judge can run, and for each: its goal, how a case is
//! written, how many cases go in one run, how answers are laid out, and whether any valid
//! answer is accepted (a special judge) or only the one answer.

use std::fmt::Write as _;
use std::io::Write;

use crate::answer::options::SolveOptions;
use crate::puzzle::board::{Board, Size};
use crate::services::judge::{self, JudgeError};

use super::instance::Instance;

/// A judge format `npuzzle judge test` runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Format {
    P1379,
    Path,
    Hdu1043,
    Poj1077,
    Hdu3567,
    Uva652,
    Uva10181,
    Leetcode773,
    Abc224d,
}

impl Format {
    /// Every supported format, in the order of [`super::SUPPORTED`].
    pub const ALL: [Format; 9] = [
        Format::P1379,
        Format::Path,
        Format::Hdu1043,
        Format::Poj1077,
        Format::Hdu3567,
        Format::Uva652,
        Format::Uva10181,
        Format::Leetcode773,
        Format::Abc224d,
    ];

    /// The format `npuzzle judge NAME` calls `name`.
    pub fn named(name: &str) -> Option<Format> {
        Format::ALL.into_iter().find(|f| f.name() == name)
    }

    /// The name, as `npuzzle judge NAME` takes it.
    pub fn name(self) -> &'static str {
        match self {
            Format::P1379 => "p1379",
            Format::Path => "path",
            Format::Hdu1043 => "hdu1043",
            Format::Poj1077 => "poj1077",
            Format::Hdu3567 => "hdu3567",
            Format::Uva652 => "uva652",
            Format::Uva10181 => "uva10181",
            Format::Leetcode773 => "leetcode773",
            Format::Abc224d => "abc224d",
        }
    }

    /// The goal (for HDU 3567 and `path`, the one random goals are drawn from; for ABC224
    /// D, piece `i` on vertex `i` is the 8-puzzle's goal on the 3x3 grid graph).
    pub fn goal(self) -> Board {
        match self {
            Format::P1379 => Board::new(
                Size::square(3).expect("3x3 is a size"),
                vec![1, 2, 3, 8, 0, 4, 7, 6, 5],
            )
            .expect("123804765 is a permutation"),
            Format::Leetcode773 => Board::goal(Size::new(3, 2).expect("2x3 is a size")),
            Format::Uva10181 => Board::goal(Size::square(4).expect("4x4 is a size")),
            _ => Board::goal(Size::square(3).expect("3x3 is a size")),
        }
    }

    /// Whether the format's input may hold boards that cannot reach the goal.
    pub fn has_unsolvable(self) -> bool {
        !matches!(self, Format::P1379 | Format::Hdu3567)
    }

    /// Whether each case has its own goal.
    pub fn goal_a_case(self) -> bool {
        matches!(self, Format::Hdu3567 | Format::Path)
    }

    /// Whether a run reads one case (the judge starts the program once a case).
    pub fn one_case_a_run(self) -> bool {
        matches!(
            self,
            Format::P1379 | Format::Poj1077 | Format::Path | Format::Abc224d
        )
    }

    /// Which answers are accepted where any of many is, rather than the one answer.
    pub fn special_judge(self) -> Option<&'static str> {
        match self {
            Format::Hdu1043 | Format::Poj1077 | Format::Uva652 => {
                Some("any path to the goal is accepted")
            }
            Format::Uva10181 => Some("any path of at most 50 moves to the goal is accepted"),
            Format::Path => Some("any shortest path, state by state, is accepted"),
            _ => None,
        }
    }

    /// The line that says a board cannot reach the goal, in the formats whose answer is
    /// otherwise a path of moves.
    pub fn unsolvable_line(self) -> &'static str {
        if self == Format::Uva10181 {
            "This puzzle is not solvable."
        } else {
            "unsolvable"
        }
    }

    /// The most moves an accepted path may have: UVa 10181's judge takes at most 50.
    pub fn most_moves(self) -> Option<usize> {
        (self == Format::Uva10181).then_some(50)
    }

    /// Whether moves are written in capitals (`L R U D`, the hole's moves).
    pub fn capital_moves(self) -> bool {
        self == Format::Uva10181
    }

    /// Whether a case's answer is the run's whole output (`path`: its length depends on
    /// the answer).
    pub fn whole_output(self) -> bool {
        self == Format::Path
    }

    /// Lines of output a case answers in.
    pub fn lines_a_case(self) -> usize {
        if self == Format::Hdu3567 {
            2
        } else {
            1
        }
    }

    /// Whether a blank line separates two answers.
    pub fn blank_line_between(self) -> bool {
        self == Format::Uva652
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
        match self {
            Format::P1379 => format!("{}\n", tokens(start, "0").concat()),
            Format::Hdu1043 | Format::Poj1077 | Format::Uva652 => {
                format!("{}\n", tokens(start, "x").join(" "))
            }
            Format::Hdu3567 => format!(
                "{}\n{}\n",
                tokens(start, "X").concat(),
                tokens(goal, "X").concat()
            ),
            Format::Leetcode773 => {
                let cells = tokens(start, "0");
                format!("[[{}],[{}]]\n", cells[..3].join(","), cells[3..].join(","))
            }
            Format::Path | Format::Uva10181 | Format::Abc224d => {
                // Rows of the board, start then goal for `path`.
                let boards: &[&Board] = if self == Format::Path {
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
        let mut input = if matches!(self, Format::Hdu3567 | Format::Uva652 | Format::Uva10181) {
            format!("{}\n", cases.len())
        } else {
            String::new()
        };
        input.extend(cases.iter().map(String::as_str));
        input
    }

    /// The library's own answer to `input`: the reference.
    pub fn reference(self, input: &str) -> Result<Vec<u8>, JudgeError> {
        let mut out = Vec::new();
        let judge: fn(&str, &mut Vec<u8>) -> Result<(), JudgeError> = match self {
            Format::P1379 => |i, o| judge::p1379(i, o),
            Format::Path => |i, o| judge::path(i, o),
            Format::Uva10181 => |i, o| judge::uva10181(i, &SolveOptions::default(), o),
            Format::Abc224d => |i, o| judge::abc224d(i, o),
            Format::Hdu1043 => |i, o| judge::hdu1043(i, o),
            Format::Poj1077 => |i, o| judge::poj1077(i, o),
            Format::Hdu3567 => |i, o| judge::hdu3567(i, o),
            Format::Uva652 => |i, o| judge::uva652(i, o),
            Format::Leetcode773 => |i, o| judge::leetcode773(i, o),
        };
        judge(input, &mut out)?;
        out.flush()?;
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_are_judges() {
        for format in Format::ALL {
            assert_eq!(Format::named(format.name()), Some(format));
            assert!(judge::JUDGES.iter().any(|j| j.name == format.name()));
        }
        // Every judge can be tested.
        assert_eq!(Format::ALL.len(), judge::JUDGES.len());
        assert_eq!(Format::named("hdu1044"), None);
    }

    #[test]
    fn the_goal_is_answered_with_no_moves_by_the_reference() {
        for format in Format::ALL {
            let goal = format.goal();
            let instance = if format == Format::Abc224d {
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
                Format::Hdu3567 => "Case 1: 0\n\n",
                Format::P1379 | Format::Leetcode773 | Format::Abc224d => "0\n",
                Format::Path => "0\n123456780\n",
                _ => "\n",
            };
            assert_eq!(out, expected, "{format:?}");
        }
    }
}
