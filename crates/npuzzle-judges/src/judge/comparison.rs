//! How a judge compares a program's output with its answer, as the judge's own checker
//! does: which differences of spacing it forgives. The local judge applies the rule of
//! the judge it stands in for, so a program it accepts is one the judge accepts; `--strict`
//! asks for byte-exact output instead.
//!
//! ```
//! use npuzzle_judges::judge::Comparison;
//!
//! let luogu = Comparison::TrailingWhitespace;
//! assert_eq!(&*luogu.normalize(b"12 \n"), b"12\n");
//! assert_eq!(&*luogu.normalize(b"12"), b"12\n");
//! // HDU, POJ and UVa forgive a missing final newline and nothing else.
//! assert_eq!(&*Comparison::FinalNewline.normalize(b"ul "), b"ul \n");
//! assert_eq!(&*Comparison::Exact.normalize(b"ul"), b"ul");
//! ```

use std::borrow::Cow;

/// Which spacing differences a judge forgives.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Comparison {
    /// The answer is a value, not text (LeetCode runs a function and compares what it
    /// returns): spaces around an answer's line and blank lines at the end are not
    /// compared.
    Value,
    /// Spaces (and a carriage return) at the end of each line, and blank lines and the
    /// newline at the end of the output, are not compared: Luogu's default checker, as
    /// Codeforces' and AtCoder's.
    TrailingWhitespace,
    /// Lines are compared exactly, so other spacing is a Presentation Error as the HDU,
    /// POJ and UVa FAQs define it ("your output format is not exactly the same as the
    /// judge's output"); a missing newline at the very end alone is accepted, as their
    /// accepted solutions show.
    FinalNewline,
    /// Byte for byte: `judge test --strict`.
    Exact,
}

impl Comparison {
    /// The rule in a few words, for `judge test`'s report.
    pub fn describe(self) -> &'static str {
        match self {
            Comparison::Value => "each answer is a value: spaces around it and blank lines at the end are not compared",
            Comparison::TrailingWhitespace => {
                "spaces at line ends and newlines at the end of the output are not compared"
            }
            Comparison::FinalNewline => {
                "lines compared exactly; only a missing final newline is forgiven"
            }
            Comparison::Exact => "byte for byte (--strict)",
        }
    }

    /// A short name for JSON: `value`, `trailing-whitespace`, `final-newline`, `exact`.
    pub fn name(self) -> &'static str {
        match self {
            Comparison::Value => "value",
            Comparison::TrailingWhitespace => "trailing-whitespace",
            Comparison::FinalNewline => "final-newline",
            Comparison::Exact => "exact",
        }
    }

    /// The output with what this rule forgives taken away, ending in a newline unless
    /// the rule is [`Comparison::Exact`] (or the output is empty): what the local judge
    /// checks exactly. For an expected output that ends with a blank line, see
    /// [`Comparison::normalize_ending`].
    pub fn normalize(self, output: &[u8]) -> Cow<'_, [u8]> {
        self.normalize_ending(output, 1)
    }

    /// [`Comparison::normalize`] against an expected output that ends in
    /// `final_newlines` line feeds: two where its last line is empty (UVa 10085 asks for
    /// an empty line after every answer, the last included). A missing final newline is
    /// then the last of them: the output ends in one line feed fewer, and that alone is
    /// forgiven. Judging "ends in a newline" alone took `…path\n`, such an output, for
    /// a whole one whose empty line was missing. The rules that ignore blank lines at
    /// the end give the expected ones back, so the answers are cut as the expected ones.
    ///
    /// ```
    /// use npuzzle_judges::judge::Comparison;
    ///
    /// let uva = Comparison::FinalNewline;
    /// assert_eq!(&*uva.normalize_ending(b"UR\n", 2), b"UR\n\n");
    /// assert_eq!(&*uva.normalize_ending(b"UR\n\n", 2), b"UR\n\n");
    /// // Two line feeds missing are more than the final newline: left to the checker.
    /// assert_eq!(&*uva.normalize_ending(b"UR", 2), b"UR");
    /// assert_eq!(&*Comparison::Exact.normalize_ending(b"UR\n", 2), b"UR\n");
    /// ```
    pub fn normalize_ending(self, output: &[u8], final_newlines: usize) -> Cow<'_, [u8]> {
        let trim: fn(&[u8]) -> &[u8] = match self {
            Comparison::Exact => return Cow::Borrowed(output),
            Comparison::FinalNewline => {
                let newlines = output.iter().rev().take_while(|&&b| b == b'\n').count();
                return if output.is_empty() || newlines + 1 != final_newlines.max(1) {
                    Cow::Borrowed(output)
                } else {
                    let mut owned = output.to_vec();
                    owned.push(b'\n');
                    Cow::Owned(owned)
                };
            }
            Comparison::Value => <[u8]>::trim_ascii,
            Comparison::TrailingWhitespace => <[u8]>::trim_ascii_end,
        };
        let mut lines: Vec<&[u8]> = output.split(|&b| b == b'\n').map(trim).collect();
        while lines.last().is_some_and(|l| l.is_empty()) {
            lines.pop();
        }
        let mut normalized = Vec::with_capacity(output.len() + final_newlines);
        for line in &lines {
            normalized.extend_from_slice(line);
            normalized.push(b'\n');
        }
        if !lines.is_empty() {
            let blank_lines = final_newlines.saturating_sub(1);
            normalized.resize(normalized.len() + blank_lines, b'\n');
        }
        Cow::Owned(normalized)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_rule_forgives_what_it_says_and_nothing_more() {
        let cases: [(&[u8], [&[u8]; 4]); 6] = [
            // Value, TrailingWhitespace, FinalNewline, Exact.
            (b"1\n2\n", [b"1\n2\n", b"1\n2\n", b"1\n2\n", b"1\n2\n"]),
            (b"1\n2", [b"1\n2\n", b"1\n2\n", b"1\n2\n", b"1\n2"]),
            (
                b"1 \r\n2\r\n",
                [b"1\n2\n", b"1\n2\n", b"1 \r\n2\r\n", b"1 \r\n2\r\n"],
            ),
            (b" 1\n\n\n", [b"1\n", b" 1\n", b" 1\n\n\n", b" 1\n\n\n"]),
            (
                b"1\n\n2\n",
                [b"1\n\n2\n", b"1\n\n2\n", b"1\n\n2\n", b"1\n\n2\n"],
            ),
            (b"", [b"", b"", b"", b""]),
        ];
        let rules = [
            Comparison::Value,
            Comparison::TrailingWhitespace,
            Comparison::FinalNewline,
            Comparison::Exact,
        ];
        for (output, expected) in cases {
            for (rule, want) in rules.iter().zip(expected) {
                assert_eq!(
                    &*rule.normalize(output),
                    want,
                    "{rule:?} on {:?}",
                    String::from_utf8_lossy(output)
                );
            }
        }
    }
}
