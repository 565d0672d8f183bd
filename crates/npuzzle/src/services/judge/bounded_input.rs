//! A judge's input read in bounded memory: a line, or a run of nothing but whitespace,
//! longer than any case of the format can be is refused as soon as it reaches that
//! length, and so is the whole input of a format that reads one case a run. Without
//! this, an input with no end (`/dev/zero`, `yes`) was read until half the machine's
//! memory was held, which took minutes, before anything was refused.

use std::io::{self, Read};

use crate::util::memory::shown;
use crate::util::plural::counted;

use super::format::JudgeFormat;
use super::reader::is_space;
use super::{Judge, JudgeError};

/// Room for spacing beyond a case written with one separator between tokens: indents,
/// spaces in JSON, blank lines. A case written more loosely than this is refused.
pub const SPACING: usize = 1 << 10;

/// Bytes a token of up to `longest` bytes takes with the longest separator one line end
/// can be, CR LF.
const fn tokens(count: usize, longest: usize) -> usize {
    count * (longest + 2)
}

/// The first line of the counted formats: a number of cases that fits a `usize`.
const COUNT_LINE: usize = tokens(1, 20);

/// How an input passed its judge's bounds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Overlong {
    /// One line passed [`Judge::longest_line`].
    Line,
    /// Whitespace alone (spaces, blank lines) ran past [`Judge::longest_line`].
    Blank,
    /// The whole input of a one-case format passed [`Judge::longest_input`].
    Input,
}

impl JudgeFormat {
    /// The most bytes one case of the format takes written with one separator between
    /// tokens (each counted as CR LF): with the count of cases that some formats put
    /// first, this bounds the longest line and the longest case of a valid input.
    pub fn longest_case(self) -> usize {
        match self {
            JudgeFormat::P1379
            | JudgeFormat::Poj1077
            | JudgeFormat::Hdu1043
            | JudgeFormat::Alds113B
            | JudgeFormat::Cses1670 => tokens(9, 1),
            JudgeFormat::Path => tokens(18, 1),
            JudgeFormat::Hdu3567 => COUNT_LINE + tokens(18, 1),
            JudgeFormat::Uva652 | JudgeFormat::Uva10085 => COUNT_LINE + tokens(9, 1),
            JudgeFormat::Uva10181 => COUNT_LINE + tokens(16, 2),
            JudgeFormat::Alds113C => tokens(16, 2),
            JudgeFormat::KattisNpuzzle => tokens(16, 1),
            // JSON of two rows of three (`[[1,2,3],[4,5,0]]`), a space after each byte.
            JudgeFormat::Leetcode773 => tokens(17, 1),
            // Two lines of JSON of three rows of three (`[[1,2,3],[4,5,6],[7,8,0]]`).
            JudgeFormat::Lintcode794 => 2 * tokens(25, 1),
            // M (at most 36, every pair of 9 vertices), M edges, the 8 pieces.
            JudgeFormat::Abc224d => tokens(1 + 2 * 36 + 8, 2),
            JudgeFormat::Poj2893 => super::poj2893::LONGEST_CASE,
        }
    }
}

impl Judge {
    /// The most bytes a line of this judge's input may hold: the format's longest case
    /// (see [`Judge::longest_case`]) and [`SPACING`]. The same bounds a run of whitespace.
    pub fn longest_line(&self) -> usize {
        self.format.longest_case() + SPACING
    }

    /// The most bytes one case of this judge takes written with one separator between
    /// tokens (POJ 2893: `999 999` and the numbers 0 to 998000 of its largest board, 7,872,908 bytes).
    pub fn longest_case(&self) -> usize {
        self.format.longest_case()
    }

    /// The most bytes the whole input may hold where the judge reads one case a run:
    /// [`Judge::longest_line`]; `None` for the formats of many cases.
    pub fn longest_input(&self) -> Option<usize> {
        self.format.one_case_a_run().then(|| self.longest_line())
    }

    /// The input of this judge from `reader`, refused as soon as a line or a run of
    /// whitespace passes [`Judge::longest_line`], the whole input passes
    /// [`Judge::longest_input`], or the input passes `most` bytes (the memory a caller
    /// lets it hold: the formats of many cases read any number of them). At most a
    /// block past the bound is ever held.
    ///
    /// ```
    /// use npuzzle::services::judge::{named, JudgeError};
    ///
    /// let judge = named("hdu1043").unwrap();
    /// let input = judge.read_input(&b"1 2 3 4 5 6 7 8 x\n"[..], u64::MAX)?;
    /// assert_eq!(input, b"1 2 3 4 5 6 7 8 x\n");
    /// let endless = std::io::repeat(b'1');
    /// let error = judge.read_input(endless, u64::MAX).unwrap_err();
    /// assert!(matches!(error, JudgeError::TooLong { line: 1, .. }), "{error}");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`JudgeError::TooLong`] past a bound, [`JudgeError::Io`] when reading fails.
    pub fn read_input(&self, mut reader: impl Read, most: u64) -> Result<Vec<u8>, JudgeError> {
        let longest = self.longest_line();
        let whole = self.longest_input().map_or(most, |l| (l as u64).min(most));
        let mut input: Vec<u8> = Vec::new();
        let mut block = vec![0u8; 1 << 16];
        // Where the line being read starts, and the whitespace that ends the input.
        let (mut line, mut line_start, mut blank_start) = (1, 0, 0);
        loop {
            let read = match reader.read(&mut block) {
                Ok(0) => return Ok(input),
                Ok(read) => read,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e.into()),
            };
            let scanned = input.len();
            input.extend_from_slice(&block[..read]);
            for (at, &byte) in input.iter().enumerate().skip(scanned) {
                if byte == b'\n' {
                    line += 1;
                    line_start = at + 1;
                }
                if !is_space(byte) {
                    blank_start = at + 1;
                }
                let held = at + 1;
                let (what, limit, from) = if held - line_start > longest {
                    (Overlong::Line, longest as u64, line)
                } else if held - blank_start > longest {
                    (
                        Overlong::Blank,
                        longest as u64,
                        line_of(&input, blank_start),
                    )
                } else if held as u64 > whole {
                    (Overlong::Input, whole, line)
                } else {
                    continue;
                };
                return Err(JudgeError::TooLong {
                    judge: self.name,
                    what,
                    line: from,
                    limit,
                    reason: self.limit_reason(what, limit, most),
                });
            }
        }
    }

    /// Why `limit` bounds `what`, for the error.
    fn limit_reason(&self, what: Overlong, limit: u64, most: u64) -> String {
        if what == Overlong::Input && limit == most {
            return format!("{}, the memory its input may take", shown(limit));
        }
        format!(
            "a case of {} takes at most {} with one space or line end between tokens, and \
             {} is allowed for spacing",
            self.problem(),
            counted(self.longest_case() as u64, "byte", "bytes"),
            shown(SPACING as u64)
        )
    }
}

/// The 1-based line of the byte at `offset` of `input` (as [`super::reader::line_at`],
/// on bytes that need not be text).
fn line_of(input: &[u8], offset: usize) -> usize {
    input[..offset].split(|&b| b == b'\n').count()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::services::judge::JUDGES;
    use crate::services::local_judge::TestPlan;

    /// POJ 2893's largest case counted the long way: the header, then each number of a
    /// 999 x 999 board with CR LF after it.
    #[test]
    fn poj2893s_longest_case_is_its_largest_board_written_out() {
        let numbers: usize = (0..999 * 999).map(|n: usize| n.to_string().len() + 2).sum();
        assert_eq!(JudgeFormat::Poj2893.longest_case(), 2 * 5 + numbers);
        assert_eq!(JudgeFormat::Poj2893.longest_case(), 7_872_908);
    }

    /// Every input the local judge writes (its edge cases include POJ 2893's 999 x 999
    /// board) is read whole, and with CR LF line ends too.
    #[test]
    fn every_judges_own_cases_are_within_its_bounds() {
        for judge in JUDGES {
            let plan = TestPlan::new(judge.name, 30, 7).unwrap();
            for run in plan.runs() {
                let read = judge.read_input(run.input.as_bytes(), u64::MAX).unwrap();
                assert_eq!(read, run.input.as_bytes(), "{}", judge.name);
                let crlf = run.input.replace('\n', "\r\n");
                assert!(judge.read_input(crlf.as_bytes(), u64::MAX).is_ok());
            }
            let longest = run_longest_line(&plan);
            assert!(longest <= judge.longest_case(), "{}: {longest}", judge.name);
        }
    }

    fn run_longest_line(plan: &TestPlan) -> usize {
        let lines = plan.runs().iter().flat_map(|r| r.input.lines());
        lines.map(|l| l.len() + 2).max().unwrap_or(0)
    }

    /// An input with no end is refused at the bound, whatever it is made of: one endless
    /// line, an endless run of spaces or of blank lines; the error names the judge, the
    /// line and the bound, and no more than a block past the bound was read.
    #[test]
    fn endless_input_is_refused_at_the_bound_for_every_judge() {
        for judge in JUDGES {
            let longest = judge.longest_line() as u64;
            for (byte, what) in [
                (0, Overlong::Line),
                (b'7', Overlong::Line),
                (b' ', Overlong::Line),
                (b'\n', Overlong::Blank),
            ] {
                let mut counted = Counted(std::io::repeat(byte), 0);
                let error = judge.read_input(&mut counted, u64::MAX).unwrap_err();
                let JudgeError::TooLong {
                    judge: name,
                    what: found,
                    limit,
                    ..
                } = &error
                else {
                    panic!("{}: {error}", judge.name);
                };
                assert_eq!((*name, *found, *limit), (judge.name, what, longest));
                assert!(counted.1 <= longest + (1 << 16), "{}", counted.1);
                let text = error.to_string();
                assert!(text.contains(judge.name), "{text}");
                assert!(text.contains(&longest.to_string()), "{text}");
            }
            // Past some valid lines, the endless one is named by its number.
            let start = "\n\n".as_bytes().chain(std::io::repeat(b'1'));
            let error = judge.read_input(start, u64::MAX).unwrap_err();
            assert!(
                matches!(error, JudgeError::TooLong { line: 3, .. }),
                "{error}"
            );
        }
    }

    /// One case a run: the whole input is bounded, spread over short lines or not; many
    /// cases a run: only by the memory the caller gives it.
    #[test]
    fn a_one_case_input_is_bounded_as_a_whole_and_many_cases_by_the_memory_given() {
        let many_lines = "1 2 3 4 5 6 7 8 0\n".repeat(1000);
        let p1379 = crate::services::judge::named("p1379").unwrap();
        let error = p1379
            .read_input(many_lines.as_bytes(), u64::MAX)
            .unwrap_err();
        assert!(
            matches!(
                error,
                JudgeError::TooLong {
                    what: Overlong::Input,
                    ..
                }
            ),
            "{error}"
        );
        let hdu1043 = crate::services::judge::named("hdu1043").unwrap();
        assert!(hdu1043.read_input(many_lines.as_bytes(), u64::MAX).is_ok());
        let error = hdu1043.read_input(many_lines.as_bytes(), 5000).unwrap_err();
        assert!(
            error.to_string().contains("the memory its input may take"),
            "{error}"
        );
    }

    /// A reader that counts the bytes taken from it.
    struct Counted<R>(R, u64);

    impl<R: Read> Read for Counted<R> {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            let read = self.0.read(buf)?;
            self.1 += read as u64;
            Ok(read)
        }
    }
}
