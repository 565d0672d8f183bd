//! Checking a program's output against the reference, case by case: the output is cut
//! into the cases' answers by the format's layout (lines a case, a blank line between),
//! then each answer is compared exactly where the answer is unique, or replayed on the
//! board where any of many answers is accepted ([`super::replay`] for moves,
//! [`super::states`] for `path`'s states). Right tokens in the wrong spacing is a
//! presentation error.

use super::outcome::{misspaced, spacing, CaseOutcome, Checked};
use super::{distant, replay, states};
use crate::judge::{AnswerCheck, Judge};

/// The outcome of each of `cases`, answered together by `output`.
pub(super) fn check_run(judge: &dyn Judge, cases: &[Checked], output: &[u8]) -> Vec<CaseOutcome> {
    let text = String::from_utf8_lossy(output);
    let mut lines: Vec<&str> = text.split('\n').collect();
    let ends_with_newline = lines.last() == Some(&"");
    if ends_with_newline {
        lines.pop();
    }
    let between = usize::from(judge.blank_line_between());
    // `path`'s answer is as long as the path: every line up to the last one with text
    // (blank ones after it are a matter of spacing, as in every format).
    let per_case = if judge.whole_output() {
        lines
            .iter()
            .rposition(|l| !l.trim().is_empty())
            .map_or(0, |last| last + 1)
    } else {
        judge.lines_a_case()
    };
    let mut outcomes = Vec::with_capacity(cases.len());
    for (i, case) in cases.iter().enumerate() {
        let first = i * (per_case + between);
        let separator = (i > 0 && between == 1).then(|| lines.get(first - 1).copied());
        let answer: Vec<&str> = (first..first + per_case)
            .filter_map(|l| lines.get(l).copied())
            .collect();
        let mut outcome = if answer.is_empty() {
            no_answer()
        } else if answer.len() < per_case {
            short_of_blank_lines(judge, case, &answer)
        } else {
            judged(judge, case, &answer)
        };
        if outcome == CaseOutcome::Accepted {
            if let Some(Some(line)) = separator {
                if !line.is_empty() {
                    outcome = if line.trim().is_empty() {
                        spacing("the blank line before the answer holds spaces")
                    } else {
                        CaseOutcome::WrongAnswer(format!(
                            "expected a blank line before the answer, got `{line}`"
                        ))
                    };
                }
            }
        }
        outcomes.push(outcome);
    }
    let used = cases.len() * (per_case + between) - between.min(cases.len());
    if let Some(last) = outcomes.last_mut() {
        if *last == CaseOutcome::Accepted {
            if lines.len() > used {
                let extra = &lines[used..];
                *last = if extra.iter().all(|l| l.trim().is_empty()) {
                    spacing("blank lines after the last answer")
                } else {
                    CaseOutcome::WrongAnswer(format!(
                        "extra output after the last answer: `{}`",
                        extra.join("\\n")
                    ))
                };
            } else if !ends_with_newline {
                *last = spacing("the last line does not end with a newline");
            }
        }
    }
    outcomes
}

/// The outcome of a whole `answer` by the format's checker.
fn judged(judge: &dyn Judge, case: &Checked, answer: &[&str]) -> CaseOutcome {
    match judge.answer_check() {
        AnswerCheck::States => states::check(case, answer),
        AnswerCheck::FarthestState => distant::check(case, answer),
        AnswerCheck::Moves => replay::check(judge, case, answer[0]),
        AnswerCheck::OneAnswer => exact(case.expected, answer),
    }
}

fn no_answer() -> CaseOutcome {
    CaseOutcome::WrongAnswer("no answer: the output ended before it".to_string())
}

/// The outcome of an `answer` that ended before the case's lines did: a presentation
/// error when only the empty lines the answer ends with are missing (UVa 10085's after
/// the last answer) and the rest is right, else no answer.
fn short_of_blank_lines(judge: &dyn Judge, case: &Checked, answer: &[&str]) -> CaseOutcome {
    let missing = case.expected.get(answer.len()..).unwrap_or_default();
    if missing.is_empty() || missing.iter().any(|l| !l.is_empty()) {
        return no_answer();
    }
    let mut whole = answer.to_vec();
    whole.resize(judge.lines_a_case(), "");
    match judged(judge, case, &whole) {
        CaseOutcome::Accepted => spacing("the empty line the answer ends with is missing"),
        other => other,
    }
}

/// The one right answer: the same lines, or the same tokens in other spacing.
fn exact(expected: &[String], answer: &[&str]) -> CaseOutcome {
    if expected.iter().zip(answer).all(|(e, a)| e == a) {
        return CaseOutcome::Accepted;
    }
    let tokens = |lines: &mut dyn Iterator<Item = &str>| -> Vec<String> {
        lines
            .flat_map(str::split_whitespace)
            .map(str::to_string)
            .collect()
    };
    let want = tokens(&mut expected.iter().map(String::as_str));
    let got = tokens(&mut answer.iter().copied());
    if want == got {
        misspaced(answer, "the right answer in different spacing")
    } else {
        CaseOutcome::WrongAnswer(format!(
            "expected `{}`, got `{}`",
            expected.join("\\n"),
            answer.join("\\n")
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::judge::{Hdu1043, Hdu3567, Instance, Uva652};
    use npuzzle::puzzle::board::{Board, Size};

    fn board(cells: &[u32]) -> Board {
        Board::new(Size::square(3).unwrap(), cells.to_vec()).unwrap()
    }

    fn lines(text: &[&str]) -> Vec<String> {
        text.iter().map(ToString::to_string).collect()
    }

    #[test]
    fn a_special_judge_accepts_any_path_to_the_goal_and_rejects_others() {
        let goal = Board::goal(Size::square(3).unwrap());
        let start = board(&[1, 2, 3, 4, 5, 6, 7, 0, 8]);
        let expected = lines(&["r"]);
        let instance = Instance::Boards { start, goal };
        let case = Checked {
            instance: &instance,
            expected: &expected,
        };
        let check = |out: &str| check_run(&Hdu1043, &[Checked { ..case }], out.as_bytes());
        assert_eq!(check("r\n"), vec![CaseOutcome::Accepted]);
        // A longer path is still a path: a special judge takes it.
        assert_eq!(check("rlr\n"), vec![CaseOutcome::Accepted]);
        assert!(
            matches!(&check("l\n")[0], CaseOutcome::WrongAnswer(r) if r.contains("not the goal"))
        );
        assert!(
            matches!(&check("d\n")[0], CaseOutcome::WrongAnswer(r) if r.contains("off the board"))
        );
        assert!(
            matches!(&check("x\n")[0], CaseOutcome::WrongAnswer(r) if r.contains("not one of"))
        );
        assert!(matches!(
            &check("unsolvable\n")[0],
            CaseOutcome::WrongAnswer(_)
        ));
        assert!(matches!(
            &check(" r\n")[0],
            CaseOutcome::PresentationError(_)
        ));
        assert!(matches!(&check("r")[0], CaseOutcome::PresentationError(_)));
        assert!(matches!(
            &check("r\n\n")[0],
            CaseOutcome::PresentationError(_)
        ));
        assert!(matches!(&check("r\nr\n")[0], CaseOutcome::WrongAnswer(r) if r.contains("extra")));
        assert!(matches!(&check("")[0], CaseOutcome::WrongAnswer(r) if r.contains("no answer")));
    }

    #[test]
    fn an_exact_judge_tells_spacing_from_a_wrong_answer() {
        let goal = Board::goal(Size::square(3).unwrap());
        let expected = lines(&["Case 1: 2", "dd"]);
        let instance = Instance::Boards {
            start: goal.clone(),
            goal,
        };
        let case = Checked {
            instance: &instance,
            expected: &expected,
        };
        let check = |out: &str| check_run(&Hdu3567, &[Checked { ..case }], out.as_bytes());
        assert_eq!(check("Case 1: 2\ndd\n"), vec![CaseOutcome::Accepted]);
        assert!(matches!(
            &check("Case 1:  2\ndd\n")[0],
            CaseOutcome::PresentationError(_)
        ));
        assert!(matches!(
            &check("Case 1: 2\r\ndd\r\n")[0],
            CaseOutcome::PresentationError(_)
        ));
        assert!(
            matches!(&check("Case 1: 2\nrr\n")[0], CaseOutcome::WrongAnswer(r) if r.contains("expected `Case 1: 2\\ndd`"))
        );
    }

    #[test]
    fn answers_are_cut_at_the_blank_lines_between_them() {
        let goal = Board::goal(Size::square(3).unwrap());
        let start = board(&[1, 2, 3, 4, 5, 6, 7, 0, 8]);
        let (one, none) = (lines(&["r"]), lines(&["unsolvable"]));
        let swapped = board(&[2, 1, 3, 4, 5, 6, 7, 8, 0]);
        let (a, b) = (
            Instance::Boards {
                start,
                goal: goal.clone(),
            },
            Instance::Boards {
                start: swapped,
                goal,
            },
        );
        let cases = [
            Checked {
                instance: &a,
                expected: &one,
            },
            Checked {
                instance: &b,
                expected: &none,
            },
        ];
        let check = |out: &str| check_run(&Uva652, &cases, out.as_bytes());
        let accepted = vec![CaseOutcome::Accepted; 2];
        assert_eq!(check("r\n\nunsolvable\n"), accepted);
        assert!(matches!(
            &check("r\n \nunsolvable\n")[1],
            CaseOutcome::PresentationError(_)
        ));
        assert!(matches!(
            &check("r\nunsolvable\n")[1],
            CaseOutcome::WrongAnswer(_)
        ));
    }
}
