//! A judge on your own machine: the cases `npuzzle judge test` puts to a program (the
//! edge cases, then seeded random ones), the input of each run the way the judge gives
//! it (one case a run for the single-case formats, every case in one input for the
//! others), and a checker that reads the program's output and gives each case its
//! outcome. Running the program is the front end's part: here everything is bytes.
//!
//! ```
//! use npuzzle_judges::local_judge::{CaseOutcome, TestPlan};
//!
//! let plan = TestPlan::new("hdu1043", 2, 1)?;
//! let run = &plan.runs()[0];
//! // The library's own judge answers right, of course.
//! let mut out = Vec::new();
//! npuzzle_judges::judge::hdu1043(&run.input, &mut out)?;
//! assert!(plan.check(run, &out).iter().all(|o| *o == CaseOutcome::Accepted));
//! // A program that prints nothing gets a wrong answer on every case.
//! assert!(matches!(plan.check(run, b"")[0], CaseOutcome::WrongAnswer(_)));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Checks are exact where the answer is unique (P1379's count, HDU 3567's smallest
//! path, LeetCode 773's count, ABC224 D's count) and replay the path where any path to
//! the goal is accepted (HDU 1043, POJ 1077, UVa 652; UVa 10181 within 50 moves;
//! `path` any shortest one, state by state). The edge cases: start equal to goal, one
//! move, an unsolvable board where the format has them, and every board farthest from
//! the goal (for P1379 all 148 boards 30 moves from `123804765`; for UVa 10181, whose
//! judge promises optima of at most 50 moves, two boards 48 and 50 moves away; for ABC224
//! D, the problem's sample, graphs that cannot reach the goal and the 3x3 grid graph).

mod cases;
mod checker;
mod distant;
mod graph_cases;
mod outcome;
mod replay;
mod shape_cases;
mod states;

use std::ops::Range;

use thiserror::Error;

pub use outcome::CaseOutcome;

use crate::judge::{self, CaseKind, Comparison, Instance, Judge, JUDGES};
use outcome::Checked;

/// A test that cannot be set up.
#[derive(Debug, Error)]
pub enum LocalJudgeError {
    /// A name that is no judge's.
    #[error("no judge is called '{0}'; the judges are {names}", names = judge_names())]
    Unsupported(String),
    /// More random cases than a test holds (see [`MOST_RANDOM_CASES`]).
    #[error(
        "{asked} random cases: at most {MOST_RANDOM_CASES} (every case, its input and its \
         answers are held until the report, about 1 KB a case, and the answers of one run \
         must fit the 16 MiB of output kept of a run)"
    )]
    TooManyCases {
        /// The random cases asked for.
        asked: usize,
    },
    /// The reference judge refused a generated input (a bug: the cases are its own).
    #[error("the reference judge refused a generated case: {0}")]
    Reference(#[from] crate::judge::JudgeError),
}

/// The most random cases a test has: its cases are all held until the report (about
/// 1 KB each: 100,000 random HDU 1043 cases peak at 77 MB), and a format of many cases a
/// run must be answerable within the 16 MiB of output `npuzzle judge test` keeps of a run
/// (about 167 bytes a case here: UVa 10085's six lines take about 70). Asked for 100,000,000,
/// the cases grew past 5 GB before the first run.
pub const MOST_RANDOM_CASES: usize = 100_000;

/// Every judge's name, as `npuzzle judge --list` orders them.
fn judge_names() -> String {
    JUDGES
        .iter()
        .map(|j| j.name())
        .collect::<Vec<_>>()
        .join(", ")
}

/// One case: why it is there, its input as the format writes it, and the reference's
/// answer.
#[derive(Clone, Debug)]
pub struct LocalCase {
    /// What kind of case: `start equal to goal`, `one move`, `unsolvable`, `hardest`
    /// (UVa 10181: `hard`), `random`, `random unsolvable`; for ABC224 D also `sample 1`,
    /// `disconnected`, `no edges`, `random connected`, `random graph`.
    pub label: String,
    /// The case as the format writes it (without a count of cases).
    pub text: String,
    /// The library judge's answer to the case, a line an element (any path to the goal
    /// is accepted where the format has a special judge).
    pub expected: Vec<String>,
    instance: Instance,
}

/// One start of the program: which cases it answers, and its standard input.
#[derive(Clone, Debug)]
pub struct PlannedRun {
    /// The indices into [`TestPlan::cases`] of the cases of this run.
    pub cases: Range<usize>,
    /// What the program reads on standard input.
    pub input: String,
    /// How many line feeds the reference's output ends with: two where its last line
    /// is empty (UVa 10085's line after the last answer), which is where a missing
    /// final newline is looked for.
    final_newlines: usize,
}

/// Every case of a test, and how they are put to the program.
#[derive(Clone, Debug)]
pub struct TestPlan {
    judge: &'static dyn Judge,
    comparison: Comparison,
    cases: Vec<LocalCase>,
    runs: Vec<PlannedRun>,
}

impl TestPlan {
    /// The edge cases of `format`, then `random` cases drawn from `seed`.
    ///
    /// # Errors
    /// [`LocalJudgeError::Unsupported`] for a name not in [`JUDGES`] (every judge can be
    /// tested), [`LocalJudgeError::TooManyCases`] past [`MOST_RANDOM_CASES`], before any
    /// case is made.
    ///
    /// # Panics
    /// Never: every generated case has its reference answer.
    pub fn new(format: &str, random: usize, seed: u64) -> Result<TestPlan, LocalJudgeError> {
        let judge =
            judge::named(format).ok_or_else(|| LocalJudgeError::Unsupported(format.into()))?;
        if random > MOST_RANDOM_CASES {
            return Err(LocalJudgeError::TooManyCases { asked: random });
        }
        let generated = match judge.case_kind() {
            CaseKind::Graphs => graph_cases::generate(random, seed),
            CaseKind::Shapes => shape_cases::generate(random, seed),
            CaseKind::Boards => cases::generate(judge, random, seed),
        };
        let texts: Vec<String> = generated
            .iter()
            .map(|c| judge.case_text(&c.instance))
            .collect();
        let ranges: Vec<Range<usize>> = if judge.one_case_a_run() {
            (0..generated.len()).map(|i| i..i + 1).collect()
        } else {
            std::iter::once(0..generated.len()).collect()
        };
        let mut cases = Vec::with_capacity(generated.len());
        let mut runs = Vec::with_capacity(ranges.len());
        let mut generated = generated.into_iter();
        for range in ranges {
            let input = judge.input(&texts[range.clone()]);
            let reference = judge.reference(&input)?;
            let reference = String::from_utf8_lossy(&reference).into_owned();
            let mut lines = reference.lines().map(str::to_string);
            for i in range.clone() {
                if judge.blank_line_between() && i > range.start {
                    lines.next();
                }
                let expected = if judge.whole_output() {
                    lines.by_ref().collect()
                } else {
                    lines.by_ref().take(judge.lines_a_case()).collect()
                };
                let case = generated.next().expect("a case for every index");
                cases.push(LocalCase {
                    label: case.label,
                    text: texts[i].clone(),
                    expected,
                    instance: case.instance,
                });
            }
            runs.push(PlannedRun {
                cases: range,
                input,
                final_newlines: reference.bytes().rev().take_while(|&b| b == b'\n').count(),
            });
        }
        Ok(TestPlan {
            judge,
            comparison: judge.comparison(),
            cases,
            runs,
        })
    }

    /// The same test judged byte for byte (`judge test --strict`) where `strict`, else as
    /// the judge compares ([`Comparison`]).
    #[must_use]
    pub fn strict(mut self, strict: bool) -> TestPlan {
        self.comparison = if strict {
            Comparison::Exact
        } else {
            self.judge.comparison()
        };
        self
    }

    /// How output is compared: the judge's own rule, or byte for byte under
    /// [`TestPlan::strict`].
    pub fn comparison(&self) -> Comparison {
        self.comparison
    }

    /// The format's `npuzzle judge` name.
    pub fn format(&self) -> &'static str {
        self.judge.name()
    }

    /// Every case, in the order they are put.
    pub fn cases(&self) -> &[LocalCase] {
        &self.cases
    }

    /// The runs: one a case for the single-case formats, else one for every case.
    pub fn runs(&self) -> &[PlannedRun] {
        &self.runs
    }

    /// Whether any of many answers is accepted, rather than the one answer.
    pub fn special_judge(&self) -> bool {
        self.judge.special_judge().is_some()
    }

    /// Which answers a special judge accepts (`any path to the goal is accepted`), or
    /// `None` where only the one answer is.
    pub fn accepted_answers(&self) -> Option<&'static str> {
        self.judge.special_judge()
    }

    /// The outcome of each case of `run`, from what the program wrote on standard
    /// output.
    pub fn check(&self, run: &PlannedRun, output: &[u8]) -> Vec<CaseOutcome> {
        let checked: Vec<Checked> = self.cases[run.cases.clone()]
            .iter()
            .map(|c| Checked {
                instance: &c.instance,
                expected: &c.expected,
            })
            .collect();
        // Where the answers end with an empty line, a missing final newline is that
        // line's.
        let output = self.comparison.normalize_ending(output, run.final_newlines);
        checker::check_run(self.judge, &checked, &output)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Past the most, refused before a case is made (100,000,000 grew past 5 GB); at the
    /// most, HDU 1043's right answers fit the output kept of a run.
    #[test]
    fn too_many_random_cases_are_refused_before_any_is_made() {
        let error = TestPlan::new("hdu1043", 100_000_000, 1).unwrap_err();
        assert!(
            matches!(error, LocalJudgeError::TooManyCases { asked: 100_000_000 }),
            "{error}"
        );
        assert!(error.to_string().contains("at most 100000"), "{error}");
        assert!(TestPlan::new("p1379", MOST_RANDOM_CASES + 1, 1).is_err());
        let plan = TestPlan::new("uva10085", MOST_RANDOM_CASES, 1).unwrap();
        let run = &plan.runs()[0];
        let answers = plan.judge.reference(&run.input).unwrap();
        assert!(answers.len() < 16 << 20, "{} bytes", answers.len());
    }

    #[test]
    fn the_reference_is_accepted_and_an_empty_output_is_not_for_every_format() {
        for name in JUDGES.iter().map(|j| j.name()) {
            let plan = TestPlan::new(name, 12, 3).unwrap();
            assert!(plan.cases().len() >= 14, "{name}");
            for run in plan.runs() {
                let out = plan.judge.reference(&run.input).unwrap();
                let outcomes = plan.check(run, &out);
                assert_eq!(outcomes.len(), run.cases.len());
                assert!(
                    outcomes.iter().all(|o| *o == CaseOutcome::Accepted),
                    "{name}: {outcomes:?}"
                );
                assert!(plan
                    .check(run, b"")
                    .iter()
                    .all(|o| matches!(o, CaseOutcome::WrongAnswer(_))));
            }
        }
    }

    /// Every judge forgives a missing final newline but for `--strict`, UVa 10085's
    /// too, whose answers end with an empty line: there the final newline is that
    /// line's, and an output without it still ends in a newline (it was taken for an
    /// answer cut short, "no answer").
    #[test]
    fn a_missing_final_newline_is_forgiven_by_every_judge_but_under_strict() {
        for name in JUDGES.iter().map(|j| j.name()) {
            let plan = TestPlan::new(name, 3, 5).unwrap();
            let strict = plan.clone().strict(true);
            for run in plan.runs() {
                let mut out = plan.judge.reference(&run.input).unwrap();
                assert_eq!(out.pop(), Some(b'\n'), "{name}");
                // An empty answer (start equal to goal) without its newline is nothing.
                if out.iter().all(|&b| b == b'\n') {
                    continue;
                }
                let outcomes = plan.check(run, &out);
                assert!(
                    outcomes.iter().all(|o| *o == CaseOutcome::Accepted),
                    "{name}: {outcomes:?}"
                );
                let last = strict.check(run, &out).pop().unwrap();
                assert!(
                    matches!(&last, CaseOutcome::PresentationError(_)),
                    "{name}: {last:?}"
                );
            }
        }
        // Without the empty line as well as its newline, the answer is misspaced, not
        // missing.
        let plan = TestPlan::new("uva10085", 0, 1).unwrap();
        let run = &plan.runs()[0];
        let out = plan.judge.reference(&run.input).unwrap();
        let last = plan.check(run, &out[..out.len() - 2]).pop().unwrap();
        assert!(
            matches!(&last, CaseOutcome::PresentationError(r) if r.contains("empty line")),
            "{last:?}"
        );
    }

    #[test]
    fn an_unknown_format_names_the_supported_ones() {
        let e = TestPlan::new("uva10182", 1, 1).unwrap_err().to_string();
        assert!(e.contains("'uva10182'") && e.contains("abc224d"), "{e}");
    }
}
