//! HDU 1043 / POJ 1077 "Eight": cases of nine cells, `x` the blank; the blank's moves to
//! `1 2 3 4 5 6 7 8 x` or `unsolvable`. UVa 652 reads the same cases after a count.

use std::io::Write;

use crate::puzzle::board::{moves_to_string, Board, Move};
use crate::puzzle::rank::sequence_rank;
use crate::tables::distance_table::{self, Layout, MoveStrings};
use crate::util::excerpt::shortened;

use super::reader::{
    cells_apart, ended_early, is_eight_cell, line_at, no_stray, read_board, read_tiles,
    three_by_three, tokens, x_tile, FastCells, Read, Token,
};
use super::JudgeError;

/// What a bad cell was expected to be.
const EXPECTED: &str = "a tile 1-8 or x";

/// HDU 1043: cases of nine tokens (`1`..`8`, `x` for the blank) until the end
/// of input, spread over lines in any way (cells written together, `23415x768`, are one
/// token each); for each, one line with the blank's moves
/// (`u d l r`) to `1 2 3 4 5 6 7 8 x`, a shortest solution, or `unsolvable`.
///
/// ```
/// let mut out = Vec::new();
/// npuzzle::judge::hdu1043("1 2 3 4 5 6 7 x 8\n2 1 3 4 5 6 7 8 x\n", &mut out).unwrap();
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
/// npuzzle::judge::poj1077("2 3 4\n1 5 x\n7 6 8\n", &mut out).unwrap();
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
    match distance_table::eight_puzzle(goal.blank()).solve(start, &goal, &Move::DEFAULT_ORDER) {
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
    // Precomputing every move string costs tens of milliseconds, as much as walking the
    // table for some ten thousand cases: worth it only for large inputs.
    let answers = if input.len() - from >= PRECOMPUTE_FROM_BYTES {
        Answers::Strings(MoveStrings::build(
            Layout::new(three_by_three(), 8).expect("the 3x3 goal's blank is on the board"),
        ))
    } else {
        Answers::Walk(distance_table::eight_puzzle(8))
    };
    let limit = announced.unwrap_or(usize::MAX);
    let (cases, stopped_at) = fast(input.as_bytes(), from, limit, &answers, between, out)?;
    if stopped_at == input.len() && announced.is_none_or(|n| n == cases) {
        return Ok(());
    }
    // Something the fast path does not read (an error, a non-ASCII byte, a count not
    // met): the general reader takes over at the start of that case, so messages and
    // answers are the same.
    general(
        &input[stopped_at..],
        cases + 1,
        line_at(input, stopped_at),
        announced,
        between,
        out,
    )
}

/// Inputs of at least this many bytes (about 10,000 cases) get every move string
/// precomputed; smaller ones walk the embedded table case by case.
const PRECOMPUTE_FROM_BYTES: usize = 180_000;

/// Where the fast path gets its move strings.
enum Answers {
    /// All precomputed: one copy per case.
    Strings(MoveStrings),
    /// Walked down the table: a few microseconds per case, nothing up front.
    Walk(std::sync::Arc<distance_table::DistanceTable>),
}

/// Answers at most `limit` well-formed ASCII cases straight from the bytes from `from`
/// on: no token list, no board, one rank per case and a copy of its precomputed move
/// string. Returns the cases answered and the byte offset of the first case it did not
/// answer (`input.len()` when only whitespace is left); everything from there is left to
/// [`general`].
fn fast(
    input: &[u8],
    from: usize,
    limit: usize,
    answers: &Answers,
    between: &[u8],
    out: &mut impl Write,
) -> Result<(usize, usize), JudgeError> {
    const FLUSH_AT: usize = 1 << 16;
    let layout = match answers {
        Answers::Strings(strings) => *strings.layout(),
        Answers::Walk(table) => *table.layout(),
    };
    let geometry = layout.shape();
    let mut buffer = Vec::with_capacity(FLUSH_AT + 64);
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
        if cases > 0 {
            buffer.extend_from_slice(between);
        }
        cases += 1;
        let blank = (packed >> 60) as usize;
        let (rank, odd) = sequence_rank(packed, 9);
        if odd == geometry.odd_at(blank) {
            let index = geometry.index_of(blank, rank);
            match answers {
                Answers::Strings(strings) => buffer.extend_from_slice(strings.moves(index)),
                Answers::Walk(table) => table.walk(packed, index, Move::DEFAULT_ORDER, |mv| {
                    buffer.push(mv.letter() as u8);
                }),
            }
            buffer.push(b'\n');
        } else {
            buffer.extend_from_slice(b"unsolvable\n");
        }
        if buffer.len() >= FLUSH_AT {
            out.write_all(&buffer)?;
            buffer.clear();
        }
    };
    out.write_all(&buffer)?;
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

#[cfg(test)]
mod tests {
    use super::*;
    use std::fmt::Write as _;

    use crate::services::judge::p1379::p1379;
    use crate::services::judge::path::path;
    use crate::services::judge::tests::run;

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
        let walk = Answers::Walk(distance_table::eight_puzzle(8));
        assert_eq!(
            fast(glued.as_bytes(), 0, usize::MAX, &walk, b"", &mut out).unwrap(),
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
        use crate::{solve, Algorithm, SolveOptions, Status};
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
        // Walking the table and the precomputed strings (used for large inputs) agree.
        let strings = Answers::Strings(MoveStrings::build(
            Layout::new(three_by_three(), 8).unwrap(),
        ));
        let mut out = Vec::new();
        let (cases, stopped_at) =
            fast(input.as_bytes(), 0, usize::MAX, &strings, b"", &mut out).unwrap();
        assert_eq!((cases, stopped_at), (150, input.len()));
        assert_eq!(String::from_utf8(out).unwrap(), expected);
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
}
