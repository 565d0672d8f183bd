//! What the checker says of a case, and the case as it sees it.

use crate::judge::Instance;

/// What the checker says of one case's answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CaseOutcome {
    /// The answer is right, byte for byte where it matters.
    Accepted,
    /// The answer is wrong; why.
    WrongAnswer(String),
    /// The right answer in the wrong spacing; where.
    PresentationError(String),
}

/// A case as the checker sees it: what it asks and the reference's answer lines.
pub(super) struct Checked<'a> {
    pub instance: &'a Instance,
    pub expected: &'a [String],
}

/// A presentation error for `reason`.
pub(super) fn spacing(reason: &str) -> CaseOutcome {
    CaseOutcome::PresentationError(reason.to_string())
}

/// The presentation error of right answer `lines` in the wrong spacing: Windows line ends
/// named as such (the commonest cause, and invisible in a terminal), else `otherwise`.
pub(super) fn misspaced(lines: &[&str], otherwise: &str) -> CaseOutcome {
    if lines.iter().any(|l| l.ends_with('\r')) {
        spacing("Windows line ends (CR LF): the judge wants a line feed alone")
    } else {
        spacing(otherwise)
    }
}
