//! A judge's input read in bounded memory: a line, or a run of nothing but whitespace,
//! longer than any case of the format can be is refused as soon as it reaches that
//! length, and so is the whole input of a format that reads one case a run. Without
//! this, an input with no end (`/dev/zero`, `yes`) was read until half the machine's
//! memory was held, which took minutes, before anything was refused.

use std::io::{self, Read};

use npuzzle::util::memory::shown;
use npuzzle::util::plural::counted;

use super::reader::is_space;
use super::{Judge, JudgeError};

/// Room for spacing beyond a case written with one separator between tokens: indents,
/// spaces in JSON, blank lines. A case written more loosely than this is refused.
pub const SPACING: usize = 1 << 10;

/// Bytes `count` tokens of up to `longest` bytes take with the longest separator one
/// line end can be, CR LF: what a judge's [`Judge::longest_case`] is counted in.
pub(super) const fn token_bytes(count: usize, longest: usize) -> usize {
    count * (longest + 2)
}

/// Bytes of input held before it is first answered into nothing to find a bad case
/// (see [`read_input`](Judge#method.read_input)); each later probe is at twice the input of the one before.
pub const FIRST_PROBE: usize = 1 << 16;

/// The first line of the counted formats: a number of cases that fits a `usize`.
pub(super) const COUNT_LINE: usize = token_bytes(1, 20);

/// How an input passed its judge's bounds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Overlong {
    /// One line passed [`longest_line`](Judge#method.longest_line).
    Line,
    /// Whitespace alone (spaces, blank lines) ran past [`longest_line`](Judge#method.longest_line).
    Blank,
    /// The whole input of a one-case format passed [`longest_input`](Judge#method.longest_input).
    Input,
}

impl dyn Judge + '_ {
    /// The most bytes a line of this judge's input may hold: the format's longest case
    /// (see [`Judge::longest_case`]) and [`SPACING`]. The same bounds a run of whitespace.
    pub fn longest_line(&self) -> usize {
        self.longest_case() + SPACING
    }

    /// The most bytes the whole input may hold where the judge reads one case a run:
    /// [`longest_line`](Judge#method.longest_line); `None` for the formats of many cases.
    pub fn longest_input(&self) -> Option<usize> {
        self.one_case_a_run().then(|| self.longest_line())
    }

    /// The input of this judge from `reader`, refused as soon as a line or a run of
    /// whitespace passes [`longest_line`](Judge#method.longest_line), the whole input passes
    /// [`longest_input`](Judge#method.longest_input), or the input passes `most` bytes (the memory a caller
    /// lets it hold: the formats of many cases read any number of them), and at its
    /// first byte that is not UTF-8 text. At most a block past the bound is ever held.
    ///
    /// A bad case is refused as it passes, too, whatever follows it: in the formats of
    /// many cases the input read so far is answered, into nothing (UVa 10181's boards
    /// read but not solved), each time it doubles from [`FIRST_PROBE`]; when that finds
    /// an error other than an input that ends early,
    /// reading stops and the input up to the end of that line is returned, which the
    /// caller answers as it would the whole: the cases before the bad one, then its
    /// error. So a bad case costs at most twice the input before it, not all that
    /// follows (`hdu1043` with a bad first line and endless good ones read 481 MB).
    ///
    /// ```
    /// use npuzzle_judges::judge::{named, JudgeError};
    ///
    /// let judge = named("hdu1043").unwrap();
    /// let input = judge.read_input(&b"1 2 3 4 5 6 7 8 x\n"[..], u64::MAX)?;
    /// assert_eq!(input, b"1 2 3 4 5 6 7 8 x\n");
    /// let endless = std::io::repeat(b'1');
    /// let error = judge.read_input(endless, u64::MAX).unwrap_err();
    /// assert!(matches!(error, JudgeError::TooLong { line: 1, .. }), "{error}");
    /// // A bad first case, then a great many good ones: read no further than a probe.
    /// let good = "1 2 3 4 5 6 7 x 8\n".repeat(1 << 20);
    /// let input = std::io::Read::chain(&b"1 2 3 4 5 6 7 8 8\n"[..], good.as_bytes());
    /// let read = judge.read_input(input, u64::MAX)?;
    /// assert!(read.len() < 1 << 20, "{} bytes", read.len());
    /// let error = judge.answer(std::str::from_utf8(&read)?, &mut std::io::sink());
    /// assert!(error.unwrap_err().to_string().contains("line 1"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`JudgeError::TooLong`] past a bound, [`JudgeError::NotText`] at a byte that is not
    /// UTF-8, [`JudgeError::Io`] when reading fails.
    pub fn read_input(&self, mut reader: impl Read, most: u64) -> Result<Vec<u8>, JudgeError> {
        let longest = self.longest_line();
        let whole = self.longest_input().map_or(most, |l| (l as u64).min(most));
        let mut input: Vec<u8> = Vec::new();
        let mut block = vec![0u8; 1 << 16];
        // Where the line being read starts, and the whitespace that ends the input.
        let (mut line, mut line_start, mut blank_start) = (1, 0, 0);
        // How much of the input is known to be UTF-8, and where the next probe is.
        let (mut text_to, mut next_probe) = (0, FIRST_PROBE);
        loop {
            let read = match reader.read(&mut block) {
                Ok(0) if text_to < input.len() => return Err(self.not_text(&input, text_to)),
                Ok(0) => return Ok(input),
                Ok(read) => read,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e.into()),
            };
            let scanned = input.len();
            input.extend_from_slice(&block[..read]);
            // Checked as read, so that noise (`/dev/urandom`) is refused at its first
            // bad byte rather than after the memory allowed; a character cut by the
            // block's end waits for the next. The bytes before a bad one are held to
            // the bounds first: whichever comes first is refused.
            let not_text = match std::str::from_utf8(&input[text_to..]) {
                Ok(_) => {
                    text_to = input.len();
                    None
                }
                Err(e) if e.error_len().is_none() => {
                    text_to += e.valid_up_to();
                    None
                }
                Err(e) => Some(text_to + e.valid_up_to()),
            };
            let before = not_text.unwrap_or(input.len());
            for (at, &byte) in input[..before].iter().enumerate().skip(scanned) {
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
                    judge: self.name(),
                    what,
                    line: from,
                    limit,
                    reason: self.limit_reason(what, limit, most),
                });
            }
            if let Some(offset) = not_text {
                return Err(self.not_text(&input, offset));
            }
            // Only the judges of many cases are probed: one case is bounded as a whole.
            if input.len() >= next_probe && !self.one_case_a_run() {
                next_probe = input.len().saturating_mul(2);
                if let Some(end) = self.first_bad_line(&input[..text_to]) {
                    input.truncate(end);
                    return Ok(input);
                }
            }
        }
    }

    /// The error of the byte at `offset` of `input`, which is not UTF-8.
    fn not_text(&self, input: &[u8], offset: usize) -> JudgeError {
        JudgeError::NotText {
            judge: self.name(),
            line: line_of(input, offset),
            offset: offset as u64 + 1,
            byte: input[offset],
        }
    }

    /// Where the line ends that holds the first error of `text` (whole lines of it
    /// answered into nothing), when there is one other than an input that ends early.
    fn first_bad_line(&self, text: &[u8]) -> Option<usize> {
        let whole_lines = text.iter().rposition(|&b| b == b'\n')? + 1;
        let text = std::str::from_utf8(&text[..whole_lines]).ok()?;
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        match self.check_input(text) {
            Err(JudgeError::EndedEarly(_) | JudgeError::Io(_)) | Ok(()) => None,
            Err(_) => Some(whole_lines),
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
    use crate::judge::JUDGES;
    use crate::local_judge::TestPlan;

    /// POJ 2893's largest case counted the long way: the header, then each number of a
    /// 999 x 999 board with CR LF after it.
    #[test]
    fn poj2893s_longest_case_is_its_largest_board_written_out() {
        let numbers: usize = (0..999 * 999).map(|n: usize| n.to_string().len() + 2).sum();
        let poj2893 = crate::judge::named("poj2893").unwrap();
        assert_eq!(poj2893.longest_case(), 2 * 5 + numbers);
        assert_eq!(poj2893.longest_case(), 7_872_908);
    }

    /// Every input the local judge writes (its edge cases include POJ 2893's 999 x 999
    /// board) is read whole, and with CR LF line ends too.
    #[test]
    fn every_judges_own_cases_are_within_its_bounds() {
        for judge in JUDGES {
            let plan = TestPlan::new(judge.name(), 30, 7).unwrap();
            for run in plan.runs() {
                let read = judge.read_input(run.input.as_bytes(), u64::MAX).unwrap();
                assert_eq!(read, run.input.as_bytes(), "{}", judge.name());
                let crlf = run.input.replace('\n', "\r\n");
                assert!(judge.read_input(crlf.as_bytes(), u64::MAX).is_ok());
            }
            let longest = run_longest_line(&plan);
            assert!(
                longest <= judge.longest_case(),
                "{}: {longest}",
                judge.name()
            );
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
                    panic!("{}: {error}", judge.name());
                };
                assert_eq!((*name, *found, *limit), (judge.name(), what, longest));
                assert!(counted.1 <= longest + (1 << 16), "{}", counted.1);
                let text = error.to_string();
                assert!(text.contains(judge.name()), "{text}");
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
        let p1379 = crate::judge::named("p1379").unwrap();
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
        let hdu1043 = crate::judge::named("hdu1043").unwrap();
        assert!(hdu1043.read_input(many_lines.as_bytes(), u64::MAX).is_ok());
        let error = hdu1043.read_input(many_lines.as_bytes(), 5000).unwrap_err();
        assert!(
            error.to_string().contains("the memory its input may take"),
            "{error}"
        );
    }

    /// A byte that is not UTF-8 is refused where it stands, naming its line and offset,
    /// whatever follows; a character cut by a block's end is not one.
    #[test]
    fn the_first_byte_that_is_not_text_is_refused_as_it_passes() {
        let judge = crate::judge::named("poj2893").unwrap();
        let start = &b"2 2\n1 2\n3 0\n\xC3"[..];
        let noise = start.chain(std::io::repeat(0xFF));
        let mut counted = Counted(noise, 0);
        let error = judge.read_input(&mut counted, u64::MAX).unwrap_err();
        assert_eq!(
            error.to_string(),
            "line 4: byte 13 of the input (0xC3) is not UTF-8 text; poj2893's input is text"
        );
        assert!(counted.1 <= 2 << 16, "{}", counted.1);
        // 'é' split between two reads is text.
        let split = "2 2\n1 2\n3 0\n# caf\u{e9}\n".as_bytes();
        let (head, tail) = split.split_at(split.len() - 2);
        let read = judge.read_input(head.chain(tail), u64::MAX).unwrap();
        assert_eq!(read, split);
    }

    /// A bad case among the first of many good ones stops the reading at a probe, and
    /// what was read answers with the error the whole input would (the cases before it,
    /// then it); good input is read whole, probes and all.
    #[test]
    fn a_bad_case_stops_the_reading_at_a_probe_for_every_cheap_judge() {
        for (name, head, bad, good) in [
            ("hdu1043", "", "1 2 3 4 5 6 7 8 8\n", "1 2 3 4 5 6 7 x 8\n"),
            (
                "uva652",
                "90000\n",
                "1 2 3 4 5 6 7 x 8\n1 9 3 4 5 6 7 x 8\n",
                "1 2 3 4 5 6 7 x 8\n",
            ),
            (
                "hdu3567",
                "90000\n",
                "12X453788\n12345678X\n",
                "12X453786\n12345678X\n",
            ),
            ("poj2893", "", "2 2\n1 2\n3 3\n", "2 2\n1 2\n3 0\n"),
            (
                "leetcode773",
                "",
                "[[1,2,3],[4,5,5]]\n",
                "[[1,2,3],[4,0,5]]\n",
            ),
            (
                "uva10085",
                "90000\n",
                "1 2 3 4 5 6 7 8 8\n",
                "1 2 3 4 5 6 7 0 8\n",
            ),
            (
                "uva10181",
                "90000\n",
                "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 15\n",
                "1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15\n",
            ),
            (
                "lintcode794",
                "",
                "[[1,2,3],[4,5,6],[7,8,8]]\n[[1,2,3],[4,5,6],[7,8,0]]\n",
                "[[1,2,3],[4,5,6],[7,0,8]]\n[[1,2,3],[4,5,6],[7,8,0]]\n",
            ),
        ] {
            let judge = crate::judge::named(name).unwrap();
            let whole = format!("{head}{bad}{}", good.repeat(80_000));
            let mut counted = Counted(whole.as_bytes(), 0);
            let read = judge.read_input(&mut counted, u64::MAX).unwrap();
            assert!(counted.1 <= 2 * FIRST_PROBE as u64, "{name}: {}", counted.1);
            let answer = |text: &[u8]| {
                let mut out = Vec::new();
                let error = judge.answer(std::str::from_utf8(text).unwrap(), &mut out);
                (out, error.unwrap_err().to_string())
            };
            assert_eq!(answer(&read), answer(whole.as_bytes()), "{name}");
            let good_only = format!("{head}{}", good.repeat(80_000));
            let good_only = good_only.replace("90000", "80000");
            let read = judge.read_input(good_only.as_bytes(), u64::MAX).unwrap();
            assert_eq!(read, good_only.as_bytes(), "{name}");
        }
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
