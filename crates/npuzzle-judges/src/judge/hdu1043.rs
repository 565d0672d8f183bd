//! HDU 1043 / POJ 1077 "Eight": cases of nine cells, `x` the blank; the blank's moves to
//! `1 2 3 4 5 6 7 8 x` or `unsolvable`. UVa 652 reads the same cases after a count.

use crate::eight_puzzle_tables::eight_puzzle;
use std::io::{self, Write};

use npuzzle::puzzle::board::{moves_to_string, Board};
use npuzzle::puzzle::move_order::MoveOrder;
use npuzzle::puzzle::rank::sequence_rank;
use npuzzle::tables::distance_table::{EightPuzzlePaths, PathLetters};
use npuzzle::util::excerpt::shortened;

use super::bounded_input::token_bytes;
use super::case_text::{boards, cell_tokens};
use super::reader::{
    cells_apart, empty_input, ended_early, is_eight_cell, line_at, no_stray, read_board,
    read_tiles, three_by_three, tokens, x_tile, FastCells, Read, Token,
};
use super::{AnswerCheck, Instance, Judge, JudgeError};

/// What a bad cell was expected to be.
const EXPECTED: &str = "a tile 1-8 or x";

/// HDU 1043: cases of nine tokens (`1`..`8`, `x` for the blank) until the end
/// of input, spread over lines in any way (cells written together, `23415x768`, are one
/// token each); for each, one line with the blank's moves
/// (`u d l r`) to `1 2 3 4 5 6 7 8 x`, a shortest solution, or `unsolvable`.
///
/// ```
/// let mut out = Vec::new();
/// npuzzle_judges::judge::hdu1043("1 2 3 4 5 6 7 x 8\n2 1 3 4 5 6 7 8 x\n", &mut out).unwrap();
/// assert_eq!(out, b"r\nunsolvable\n");
/// ```
///
/// # Errors
/// A [`JudgeError`] for the first bad case (the cases before it are answered), or a
/// failed write.
///
/// # Panics
/// Never: every 3x3 distance table is embedded.
pub fn hdu1043(input: &str, out: &mut impl Write) -> Result<(), JudgeError> {
    answer_cases(input, 0, None, b"", out)
}

/// POJ 1077: one case of [`hdu1043`]'s format; a token after it is an error.
///
/// ```
/// let mut out = Vec::new();
/// npuzzle_judges::judge::poj1077("2 3 4\n1 5 x\n7 6 8\n", &mut out).unwrap();
/// assert_eq!(out, b"ldruullddrurdllurrd\n");
/// ```
///
/// # Errors
/// A [`JudgeError`] naming the token and line of bad input, or a failed write.
///
/// # Panics
/// Never: every 3x3 distance table is embedded.
pub fn poj1077(input: &str, out: &mut impl Write) -> Result<(), JudgeError> {
    // The tenth cell, if any, is refused as a stray: no more are read.
    let all: Vec<Token> = cells_apart(tokens(input, 1), is_eight_cell)
        .take(10)
        .collect();
    if let Some(stray) = all.get(9) {
        return Err(JudgeError::BadToken {
            case: 1,
            token: 10,
            text: shortened(stray.text),
            line: stray.line,
            problem: "stray token after the case (POJ 1077 has one)".into(),
        });
    }
    if all.is_empty() {
        return Err(empty_input(9));
    }
    if all.len() < 9 {
        read_tiles(1, 0, &all, x_tile, EXPECTED)?;
        return Err(ended_early(1, 1, all.len(), 9));
    }
    let start = read_board(1, 0, &all, x_tile, EXPECTED)?;
    answer_one(&start, out)
}

/// Writes the answer to one case: the canonical moves to the standard goal, or
/// `unsolvable`.
fn answer_one(start: &Board, out: &mut impl Write) -> Result<(), JudgeError> {
    let goal = Board::goal(three_by_three());
    match eight_puzzle(goal.blank()).solve(start, &goal, MoveOrder::DEFAULT) {
        Some(moves) => writeln!(out, "{}", moves_to_string(&moves))?,
        None => writeln!(out, "unsolvable")?,
    }
    Ok(())
}

/// Answers the cases of `input` from byte `from` on: all of them, or exactly `announced`
/// when a first line announced a count (fewer is an error, and so is a token after
/// them), with `between` written between two answers.
pub(super) fn answer_cases(
    input: &str,
    from: usize,
    announced: Option<usize>,
    between: &[u8],
    out: &mut impl Write,
) -> Result<(), JudgeError> {
    let paths = EightPuzzlePaths::standard();
    let limit = announced.unwrap_or(usize::MAX);
    let (cases, stopped_at) = fast(input.as_bytes(), from, limit, &paths, between, out)?;
    after_fast(input, cases, stopped_at, announced, between, out)
}

/// [`answer_cases`] reading the cases and answering none: what a probe of a long input
/// asks (see [`Judge::check_input`]), its errors the same, at the cost of reading alone.
pub(super) fn check_cases(
    input: &str,
    from: usize,
    announced: Option<usize>,
    between: &[u8],
) -> Result<(), JudgeError> {
    let limit = announced.unwrap_or(usize::MAX);
    let (cases, stopped_at) = scan(input.as_bytes(), from, limit, |_, _| Ok(()))?;
    after_fast(
        input,
        cases,
        stopped_at,
        announced,
        between,
        &mut io::sink(),
    )
}

/// The cases the fast path left from `stopped_at` on, after `cases` read. Something it
/// does not read (an error, a non-ASCII byte, a count not met) is taken over by the
/// general reader at the start of that case, so messages and answers are the same.
fn after_fast(
    input: &str,
    cases: usize,
    stopped_at: usize,
    announced: Option<usize>,
    between: &[u8],
    out: &mut impl Write,
) -> Result<(), JudgeError> {
    if stopped_at == input.len() && announced.is_none_or(|n| n == cases) {
        return Ok(());
    }
    general(
        &input[stopped_at..],
        cases + 1,
        line_at(input, stopped_at),
        announced,
        between,
        out,
    )
}

/// Cases whose paths are read together (see [`EightPuzzlePaths::paths`]): enough to
/// overlap a dozen cache misses, few enough that the batch stays in registers and the
/// first level cache.
const BATCH: usize = 16;

/// Cases read and not yet written: their table indices (`None`: unsolvable).
struct Batch {
    cases: [Option<u32>; BATCH],
    len: usize,
    solvable: [u32; BATCH],
    paths: [PathLetters; BATCH],
}

impl Batch {
    fn new() -> Batch {
        Batch {
            cases: [None; BATCH],
            len: 0,
            solvable: [0; BATCH],
            paths: [PathLetters::default(); BATCH],
        }
    }

    /// Writes the answers of the cases held to `buffer`, `between` before each but the
    /// first case of the run (`first`: whether the batch holds it), and empties it.
    fn write(
        &mut self,
        paths: &EightPuzzlePaths,
        between: &[u8],
        first: bool,
        buffer: &mut Vec<u8>,
    ) {
        let mut solvable = 0;
        for index in self.cases[..self.len].iter().flatten() {
            self.solvable[solvable] = *index;
            solvable += 1;
        }
        paths.paths(&self.solvable[..solvable], &mut self.paths);
        let mut found = self.paths.iter();
        for (k, case) in self.cases[..self.len].iter().enumerate() {
            if k > 0 || !first {
                buffer.extend_from_slice(between);
            }
            match case {
                Some(_) => {
                    buffer.extend_from_slice(found.next().expect("a path each").letters());
                    buffer.push(b'\n');
                }
                None => buffer.extend_from_slice(b"unsolvable\n"),
            }
        }
        self.len = 0;
    }
}

/// Answers at most `limit` well-formed ASCII cases straight from the bytes from `from`
/// on: no token list, no board, one rank per case and its path read from the embedded
/// strides, [`BATCH`] cases at a time. Returns the cases answered and the byte offset of
/// the first case it did not answer (`input.len()` when only whitespace is left);
/// everything from there is left to [`general`].
fn fast(
    input: &[u8],
    from: usize,
    limit: usize,
    paths: &EightPuzzlePaths,
    between: &[u8],
    out: &mut impl Write,
) -> Result<(usize, usize), JudgeError> {
    const FLUSH_AT: usize = 1 << 16;
    let geometry = paths.layout().shape();
    let mut buffer = Vec::with_capacity(FLUSH_AT + BATCH * (32 + between.len() + 1));
    let mut batch = Batch::new();
    let (cases, stopped_at) = scan(input, from, limit, |cases, packed| {
        let blank = (packed >> 60) as usize;
        let (rank, odd) = sequence_rank(packed, 9);
        batch.cases[batch.len] =
            (odd == geometry.odd_at(blank)).then(|| geometry.index_of(blank, rank) as u32);
        batch.len += 1;
        if batch.len == BATCH {
            batch.write(paths, between, cases == BATCH, &mut buffer);
            if buffer.len() >= FLUSH_AT {
                out.write_all(&buffer)?;
                buffer.clear();
            }
        }
        Ok(())
    })?;
    batch.write(paths, between, cases == batch.len, &mut buffer);
    out.write_all(&buffer)?;
    Ok((cases, stopped_at))
}

/// The well-formed ASCII cases from `from` on, at most `limit`, each told to `case` with
/// its number and its packed cells; returns how many were read and the byte offset of the
/// first case it did not read (`input.len()` when only whitespace is left), as [`fast`]
/// answers them, or the first error `case` returns.
fn scan(
    input: &[u8],
    from: usize,
    limit: usize,
    mut case: impl FnMut(usize, u64) -> io::Result<()>,
) -> io::Result<(usize, usize)> {
    let mut cells = FastCells::new(input, from);
    let mut cases = 0;
    let stopped_at = loop {
        let case_start = cells.position();
        if cases == limit {
            break if cells.at_end() {
                input.len()
            } else {
                case_start
            };
        }
        let packed = match cells.board() {
            Read::Board(packed) => packed,
            Read::End => break input.len(),
            Read::Unusual => break case_start,
        };
        cases += 1;
        case(cases, packed)?;
    };
    Ok((cases, stopped_at))
}

/// The cases read token by token: `input` starts at case `first_case`, on line
/// `first_line` of the whole input.
fn general(
    input: &str,
    first_case: usize,
    first_line: usize,
    announced: Option<usize>,
    between: &[u8],
    out: &mut impl Write,
) -> Result<(), JudgeError> {
    // Every cell is one character: `23415x768` is a case written together. Read a case
    // at a time, so a bad case ends the reading however much input follows.
    let mut all = cells_apart(tokens(input, first_line), is_eight_cell);
    let mut group = Vec::with_capacity(9);
    let last = announced.unwrap_or(usize::MAX);
    for case in first_case..=last {
        group.clear();
        group.extend(all.by_ref().take(9));
        if group.is_empty() {
            return match announced {
                Some(n) => Err(ended_early(case, n, 0, 9)),
                None => Ok(()),
            };
        }
        let group = &group[..];
        if group.len() < 9 {
            // A bad token among the last ones says more than their count.
            read_tiles(case, 0, group, x_tile, EXPECTED)?;
            return Err(ended_early(case, last, group.len(), 9));
        }
        let start = read_board(case, 0, group, x_tile, EXPECTED)?;
        if case > 1 {
            out.write_all(between)?;
        }
        answer_one(&start, out)?;
    }
    no_stray(all, last)
}

/// HDU 1043: cases of `1`..`8` and `x` until the end of input; any path to the goal is
/// accepted.
#[derive(Clone, Copy, Debug)]
pub struct Hdu1043;

impl Judge for Hdu1043 {
    fn name(&self) -> &'static str {
        "hdu1043"
    }

    fn source(&self) -> &'static str {
        "HDU 1043 Eight (acm.hdu.edu.cn/showproblem.php?pid=1043)"
    }

    fn summary(&self) -> &'static str {
        "cases of 1-8 and x to the end of input; the blank's moves, or unsolvable"
    }

    fn answer(&self, input: &str, mut out: &mut dyn Write) -> Result<(), JudgeError> {
        hdu1043(input, &mut out)
    }

    /// The cases read, not answered: a probe costs the reading alone.
    fn check_input(&self, text: &str) -> Result<(), JudgeError> {
        check_cases(text, 0, None, b"")
    }

    fn special_judge(&self) -> Option<&'static str> {
        Some(ANY_PATH)
    }

    fn answer_check(&self) -> AnswerCheck {
        AnswerCheck::Moves
    }

    fn is_answer_line(&self, line: &str) -> bool {
        is_moves_line(line)
    }

    fn case_text(&self, instance: &Instance) -> String {
        x_case_text(instance)
    }

    fn longest_case(&self) -> usize {
        token_bytes(9, 1)
    }
}

/// POJ 1077: one case of HDU 1043's a run.
#[derive(Clone, Copy, Debug)]
pub struct Poj1077;

impl Judge for Poj1077 {
    fn name(&self) -> &'static str {
        "poj1077"
    }

    fn source(&self) -> &'static str {
        "POJ 1077 Eight (poj.org/problem?id=1077)"
    }

    fn summary(&self) -> &'static str {
        "one case of 1-8 and x; the blank's moves, or unsolvable"
    }

    fn answer(&self, input: &str, mut out: &mut dyn Write) -> Result<(), JudgeError> {
        poj1077(input, &mut out)
    }

    fn one_case_a_run(&self) -> bool {
        true
    }

    fn special_judge(&self) -> Option<&'static str> {
        Some(ANY_PATH)
    }

    fn answer_check(&self) -> AnswerCheck {
        AnswerCheck::Moves
    }

    fn is_answer_line(&self, line: &str) -> bool {
        is_moves_line(line)
    }

    fn case_text(&self, instance: &Instance) -> String {
        x_case_text(instance)
    }

    fn longest_case(&self) -> usize {
        token_bytes(9, 1)
    }
}

/// What the special judges of HDU 1043's answers accept (UVa 652's too).
pub(super) const ANY_PATH: &str = "any path to the goal is accepted";

/// Whether `line` is an answer of HDU 1043's (UVa 652's): moves `u d l r`, or
/// `unsolvable`.
pub(super) fn is_moves_line(line: &str) -> bool {
    line == "unsolvable" || line.bytes().all(|b| b"udlr".contains(&b))
}

/// A case of HDU 1043's (UVa 652's): the nine cells on a line, `x` the blank.
pub(super) fn x_case_text(instance: &Instance) -> String {
    format!("{}\n", cell_tokens(boards(instance).0, "x").join(" "))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::fmt::Write as _;

    use crate::judge::p1379::p1379;
    use crate::judge::path::path;
    use crate::judge::tests::run;
    use npuzzle::tables::distance_table::{Layout, MoveStrings};

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(256))]
        /// A probe's check refuses exactly what the answer refuses, in the same words, for
        /// HDU 1043 and UVa 652: cases of the nine cells with now and then a token or a
        /// count that is wrong, a case cut short, or a byte past ASCII.
        #[test]
        fn checking_refuses_what_answering_refuses(
            cases in proptest::collection::vec(
                (proptest::sample::subsequence(vec![0usize, 1, 2, 3, 4, 5, 6, 7, 8], 9),
                 0usize..40, 0usize..10),
                0..40),
            count_off in 0usize..3,
        ) {
            let tokens = ["1", "2", "3", "4", "5", "6", "7", "8", "x"];
            let odd = ["9", "xx", "0", "é", "", "-", "12"];
            let mut text = String::new();
            for (cells, spoil, at) in &cases {
                let mut case: Vec<&str> = cells.iter().map(|&i| tokens[i]).collect();
                if *spoil < odd.len() {
                    case[*at % 9] = odd[*spoil];
                } else if *spoil == odd.len() {
                    case.truncate(*at % 9);
                }
                let _ = writeln!(text, "{}", case.join(if spoil % 2 == 0 { " " } else { "\n" }));
            }
            let judges = [
                (crate::judge::named("hdu1043").unwrap(), text.clone()),
                (
                    crate::judge::named("uva652").unwrap(),
                    format!("{}\n{text}", cases.len().saturating_sub(1) + count_off),
                ),
            ];
            for (judge, input) in judges {
                let answered = judge.answer(&input, &mut io::sink()).map_err(|e| e.to_string());
                let checked = judge.check_input(&input).map_err(|e| e.to_string());
                proptest::prop_assert_eq!(checked, answered, "{}: {:?}", judge.name(), input);
            }
        }
    }

    #[test]
    fn an_empty_poj1077_input_says_it_is_empty() {
        let (out, err) = run(poj1077, "");
        assert_eq!(out, "");
        let err = err.unwrap();
        assert!(
            err.contains("the input is empty") && !err.contains("announces"),
            "{err}"
        );
    }

    #[test]
    fn hdu1043_answers_until_the_bad_case() {
        let (out, e) = run(
            hdu1043,
            "2 3 4 1 5 x 7 6 8\n1 2 3\n4 5 6\n7 8 x\n1 2 3 4 5 6 7 8 y\n",
        );
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines.len(), 2);
        assert_eq!(lines[0].len(), 19);
        assert_eq!(lines[1], "");
        assert_eq!(
            e.unwrap(),
            "case 3, token 9 ('y') on line 5: expected a tile 1-8 or x"
        );
        // Cells written together, as P1379 takes them: each character a cell.
        assert_eq!(
            run(hdu1043, "1 2 3 4 5 6 7 8 x\n23415x768\n234 15x\n768\n"),
            run(
                hdu1043,
                "1 2 3 4 5 6 7 8 x\n2 3 4 1 5 x 7 6 8\n2 3 4 1 5 x 7 6 8\n"
            )
        );
        let (out, e) = run(hdu1043, "1 2 3 4 5 6 7 8 x\n23415y768\n");
        assert_eq!(out, "\n");
        assert_eq!(
            e.unwrap(),
            "case 2, token 1 ('23415y768') on line 2: expected a tile 1-8 or x"
        );
        let (_, e) = run(hdu1043, "1 2 3 4 5 6 7 8 x\n1 2 y\n");
        assert_eq!(
            e.unwrap(),
            "case 2, token 3 ('y') on line 2: expected a tile 1-8 or x"
        );
        let (_, e) = run(hdu1043, "1 2 3 4 5");
        assert_eq!(
            e.unwrap(),
            "case 1: expected 9 tokens, the input ends after 5"
        );
    }

    #[test]
    fn hdu1043_reads_cases_written_together_on_both_paths() {
        // Three cases in one token, one split over two tokens, a '/' between rows.
        let glued = "12345678x2341x5768123456x78 1 2 3 / 4 5 6 7x8\n";
        let apart = "1 2 3 4 5 6 7 8 x\n2 3 4 1 x 5 7 6 8\n1 2 3 4 5 6 x 7 8\n\
                     1 2 3 4 5 6 7 x 8\n";
        let expected = run(hdu1043, apart);
        assert_eq!(expected.1, None);
        assert_eq!(run(hdu1043, glued), expected);
        let mut out = Vec::new();
        let paths = EightPuzzlePaths::standard();
        assert_eq!(
            fast(glued.as_bytes(), 0, usize::MAX, &paths, b"", &mut out).unwrap(),
            (4, glued.len()),
            "the fast path read them all"
        );
        let mut by_tokens = Vec::new();
        general(glued, 1, 1, None, b"", &mut by_tokens).unwrap();
        assert_eq!(out, by_tokens);
        // A bad case that starts inside a token: the fast path hands over there, and the
        // message is the one the general reader gives reading from the start.
        for bad in [
            "12345678x123456781\n",
            "12345678x1234\n5678 9\n",
            "1 2 3 4 5 6 7 8 x 123456 78x0 y\n",
        ] {
            let mut by_tokens = Vec::new();
            let expected = general(bad, 1, 1, None, b"", &mut by_tokens)
                .unwrap_err()
                .to_string();
            assert_eq!(
                run(hdu1043, bad),
                (String::from_utf8(by_tokens).unwrap(), Some(expected)),
                "{bad}"
            );
        }
    }

    #[test]
    fn a_line_of_millions_of_digits_is_refused_without_holding_a_token_each() {
        // Digits 0-9 written together: a judge reads a case's worth, or counts, and stops.
        let line: String = (0..3_000_000u32)
            .map(|i| char::from(b'0' + (i.wrapping_mul(2_654_435_761) >> 28) as u8 % 10))
            .collect();
        let (out, e) = run(p1379, &line);
        assert_eq!(out, "");
        // The first character that is no digit 0-8 is named before any count.
        assert_eq!(
            e.unwrap(),
            "case 1, token 2 ('9') on line 1: expected a digit 0-8"
        );
        let eights = "8".repeat(3_000_000);
        let (_, e) = run(p1379, &eights);
        assert_eq!(
            e.unwrap(),
            "case 1: expected nine digits 0-8, found 3000000 characters"
        );
        let (out, e) = run(path, &line);
        assert_eq!(out, "");
        assert!(e.unwrap().contains(", token "), "names the token");
        let (_, e) = run(hdu1043, &line);
        let e = e.unwrap();
        assert!(e.starts_with("case 1, token "), "{e}");
        assert!(e.len() < 200, "the message quotes no megabytes: {e}");
        // A token with a byte that is no cell is quoted short, not echoed whole.
        let (_, e) = run(hdu1043, &format!("9{line}"));
        assert!(e.unwrap().len() < 200);
    }

    /// The answer HDU 1043 expects for one case, from IDA* (the reference).
    fn reference(case: &[u32]) -> String {
        use npuzzle::{solve, Algorithm, SolveOptions, Status};
        let start = Board::new(three_by_three(), case.to_vec()).unwrap();
        let options = SolveOptions {
            algorithm: Algorithm::Idastar,
            ..SolveOptions::default()
        };
        let s = solve(&start, &Board::goal(three_by_three()), &options).unwrap();
        match s.status {
            Status::Solved => moves_to_string(&s.moves),
            _ => "unsolvable".to_string(),
        }
    }

    #[test]
    fn hdu1043_fast_path_matches_idastar_and_the_general_reader() {
        use rand::seq::SliceRandom;
        use rand::SeedableRng;
        let mut rng = rand::rngs::StdRng::seed_from_u64(3);
        let mut input = String::new();
        let mut expected = String::new();
        for i in 0..150 {
            let mut case: Vec<u32> = (0..9).collect();
            case.shuffle(&mut rng);
            let tokens: Vec<String> = case
                .iter()
                .map(|&t| {
                    if t == 0 {
                        "x".to_string()
                    } else {
                        t.to_string()
                    }
                })
                .collect();
            // Vary the layout: one line, three rows with a '/', tabs and CRLF.
            match i % 3 {
                0 => input += &(tokens.join(" ") + "\n"),
                1 => {
                    let _ = write!(
                        input,
                        "{} /\n{}\n{}\r\n",
                        tokens[..3].join(" "),
                        tokens[3..6].join("\t"),
                        tokens[6..].join(" ")
                    );
                }
                _ => input += &(tokens.join("\t") + "\r\n"),
            }
            expected += &(reference(&case) + "\n");
        }
        assert_eq!(run(hdu1043, &input), (expected.clone(), None));
        // The fast path read them all (in batches, the last one partly filled).
        let mut out = Vec::new();
        let paths = EightPuzzlePaths::standard();
        let (cases, stopped_at) =
            fast(input.as_bytes(), 0, usize::MAX, &paths, b"", &mut out).unwrap();
        assert_eq!((cases, stopped_at), (150, input.len()));
        assert_eq!(String::from_utf8(out).unwrap(), expected);
        // With a separator between answers (UVa 652's), over batch boundaries and a
        // limit inside a batch: as the general reader writes them.
        for limit in [1, BATCH - 1, BATCH, BATCH + 1, 40] {
            let mut fast_out = Vec::new();
            let (cases, _) =
                fast(input.as_bytes(), 0, limit, &paths, b"\n", &mut fast_out).unwrap();
            assert_eq!(cases, limit);
            let mut by_tokens = Vec::new();
            let more = general(&input, 1, 1, Some(limit), b"\n", &mut by_tokens);
            assert!(more.is_err(), "cases follow the limit");
            assert_eq!(fast_out, by_tokens, "limit {limit}");
        }
        // The general reader alone gives the same answers.
        let mut out = Vec::new();
        general(&input, 1, 1, None, b"", &mut out).unwrap();
        assert_eq!(String::from_utf8(out).unwrap(), expected);
        // A non-ASCII space hands over to the general reader mid-input; still the same.
        let cut = input.match_indices('\n').nth(100).unwrap().0 + 1;
        let unusual = input[..cut].to_string() + &input[cut..].replacen(' ', "\u{3000}", 40);
        assert_eq!(run(hdu1043, &unusual), (expected, None));
        // And an error after it names the right case and line.
        let bad = unusual + "1 2 3\n4 5 6\n7 8 8\n";
        let (_, e) = run(hdu1043, &bad);
        let lines = bad.lines().count();
        assert_eq!(
            e.unwrap(),
            format!("case 151, token 9 ('8') on line {lines}: tile 8 already stands at token 8")
        );
    }

    #[test]
    fn every_board_gets_the_move_string_the_judge_wrote_before_the_embedded_paths() {
        // Until the embedded paths, large inputs copied each answer from the move strings
        // of a search over every board: every board, in one run, as bytes.
        let layout = Layout::new(three_by_three(), 8).unwrap();
        let strings = MoveStrings::build(layout);
        let mut input = String::new();
        let mut expected = Vec::new();
        for index in 0..layout.states() {
            let board = layout.board(index);
            for &t in board.cells() {
                input.push(if t == 0 {
                    'x'
                } else {
                    char::from(b'0' + t as u8)
                });
            }
            input.push('\n');
            expected.extend_from_slice(strings.moves(index));
            expected.push(b'\n');
            // And an unsolvable one after every 1000th, so batches mix both.
            if index % 1000 == 0 {
                input.push_str("2 1 3 4 5 6 7 8 x\n");
                expected.extend_from_slice(b"unsolvable\n");
            }
        }
        let mut out = Vec::new();
        hdu1043(&input, &mut out).unwrap();
        assert!(out == expected, "the answers differ");
    }
}
