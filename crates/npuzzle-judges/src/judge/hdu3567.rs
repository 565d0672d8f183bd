//! HDU 3567 "Eight II": from any start to any goal, the fewest moves and, among the
//! shortest paths, the smallest in the blank order d < l < r < u.
//!
//! Tile names do not change how the blank moves, so each (start, goal) case is relabeled
//! to the standard goal with the goal's blank cell, and answered from that cell's table:
//! the path the table gives, taking at each step the first move in the order that brings
//! the board one move nearer, is the smallest shortest path in that order.

use crate::eight_puzzle_tables::eight_puzzle;
use std::io::Write;
use std::sync::Arc;

use npuzzle::puzzle::board::{moves_to_string, Move};
use npuzzle::puzzle::move_order::MoveOrder;
use npuzzle::puzzle::rank::nibbles::{blank_of, sequence_rank};
use npuzzle::tables::distance_table::{DistanceTable, Layout, MoveStrings};

use super::bounded_input::{token_bytes, COUNT_LINE};
use super::case_text::{boards, cell_tokens};
use super::reader::{
    cells_apart, ended_early, is_eight_cell, line_at, no_stray, push_number, read_board,
    read_count, read_tiles, three_by_three, tokens, x_tile, FastCells, Read,
};
use super::{Instance, Judge, JudgeError};

/// The order HDU 3567 breaks ties in: the blank's moves d < l < r < u.
const ORDER: MoveOrder =
    MoveOrder::new([Move::Down, Move::Left, Move::Right, Move::Up]).expect("each move once");

/// What a bad cell was expected to be.
const EXPECTED: &str = "a tile 1-8 or X";

/// A goal blank cell's move strings are precomputed (about 30 ms) once this many cases
/// have walked its table (about 3.5 µs each): so an input never pays much more than
/// twice what the better of the two would have cost it, whatever its goals.
const WALKS_BEFORE_STRINGS: u32 = 8_000;

/// Inputs of at least this many bytes (about 75,000 cases, enough to pay for the
/// strings of all nine goal blank cells) precompute a cell's strings when first met.
const PRECOMPUTE_FROM_BYTES: usize = 1_500_000;

/// HDU 3567: the number of cases `T`, then each case as two boards, start and goal
/// (nine characters each, `X` the blank; `x`, `0` and spaces between cells are read
/// too); for each, `Case k: n` with the fewest moves `n`, then a line with the smallest
/// such path of the blank in the order d < l < r < u. A goal the start cannot
/// reach (the judge promises none) is answered `Case k: unsolvable` alone. `T` is not
/// held to the judge's 200.
///
/// ```
/// let mut out = Vec::new();
/// npuzzle_judges::judge::hdu3567("2\n12X453786\n12345678X\n564178X23\n7568X4123\n", &mut out)?;
/// assert_eq!(String::from_utf8(out)?, "Case 1: 2\ndd\nCase 2: 8\nurrulldr\n");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// A [`JudgeError`] for a bad count or the first bad case (the cases before it are
/// answered), or a failed write.
///
/// # Panics
/// Never: every 3x3 distance table is embedded.
pub fn hdu3567(input: &str, out: &mut impl Write) -> Result<(), JudgeError> {
    let count = read_count(input, "cases")?;
    let mut answers = PathsByGoalBlank::new(if input.len() - count.rest >= PRECOMPUTE_FROM_BYTES {
        0
    } else {
        WALKS_BEFORE_STRINGS
    });
    let (cases, stopped_at) = fast(
        input.as_bytes(),
        count.rest,
        count.announced,
        &mut answers,
        out,
    )?;
    if stopped_at == input.len() {
        return Ok(());
    }
    general(
        &input[stopped_at..],
        cases + 1,
        line_at(input, stopped_at),
        count.announced,
        out,
    )
}

/// The moves of each goal blank cell's table, had as cases ask for them.
struct PathsByGoalBlank {
    layouts: [Layout; 9],
    /// Cases each table was walked for, up to `walks_before_strings`.
    walked: [u32; 9],
    walks_before_strings: u32,
    strings: [Option<MoveStrings>; 9],
    tables: [Option<Arc<DistanceTable>>; 9],
}

impl PathsByGoalBlank {
    fn new(walks_before_strings: u32) -> PathsByGoalBlank {
        PathsByGoalBlank {
            layouts: std::array::from_fn(|blank| {
                Layout::new(three_by_three(), blank).expect("a cell of 3x3")
            }),
            walked: [0; 9],
            walks_before_strings,
            strings: Default::default(),
            tables: Default::default(),
        }
    }

    /// Appends the moves of the packed board (relabeled to the standard goal with the
    /// blank in `goal_blank`) and returns how many, or `None` when it cannot reach it.
    #[inline]
    fn moves(&mut self, packed: u64, goal_blank: usize, buffer: &mut Vec<u8>) -> Option<usize> {
        let layout = self.layouts[goal_blank];
        let shape = layout.shape();
        let blank = blank_of(packed);
        let (rank, odd) = sequence_rank(packed, 9);
        if odd != shape.odd_at(blank) {
            return None;
        }
        let index = shape.index_of(blank, rank);
        if self.walked[goal_blank] >= self.walks_before_strings {
            let strings = self.strings[goal_blank]
                .get_or_insert_with(|| MoveStrings::build_in_order(layout, ORDER));
            let moves = strings.moves(index);
            buffer.extend_from_slice(moves);
            return Some(moves.len());
        }
        self.walked[goal_blank] += 1;
        let table = self.tables[goal_blank].get_or_insert_with(|| eight_puzzle(goal_blank));
        let before = buffer.len();
        table.walk(packed, index, ORDER, |mv| buffer.push(mv.letter() as u8));
        Some(buffer.len() - before)
    }
}

/// `start` with its tiles renamed so that `goal` becomes the standard goal with the same
/// blank cell (tiles `1..8` in row-major order around it); both packed.
#[inline]
fn relabeled(start: u64, goal: u64) -> u64 {
    let goal_blank = blank_of(goal);
    let mut rename = [0u64; 9];
    for cell in 0..9 {
        let tile = ((goal >> (4 * cell)) & 15) as usize;
        rename[tile] = match cell {
            c if c == goal_blank => 0,
            c if c < goal_blank => c as u64 + 1,
            c => c as u64,
        };
    }
    let mut packed = start & (15 << 60);
    for cell in 0..9 {
        packed |= rename[((start >> (4 * cell)) & 15) as usize] << (4 * cell);
    }
    packed
}

/// Answers at most `announced` well-formed ASCII cases from byte `from` on (see
/// [`FastCells`]); returns the cases answered and where the token reader must take over
/// (`input.len()` when the rest is whitespace).
fn fast(
    input: &[u8],
    from: usize,
    announced: usize,
    answers: &mut PathsByGoalBlank,
    out: &mut impl Write,
) -> Result<(usize, usize), JudgeError> {
    const FLUSH_AT: usize = 1 << 16;
    let mut buffer = Vec::with_capacity(FLUSH_AT + 64);
    let mut cells = FastCells::new(input, from);
    let mut cases = 0;
    let mut moves = Vec::with_capacity(32);
    let stopped_at = loop {
        let case_start = cells.position();
        if cases == announced {
            break if cells.at_end() {
                input.len()
            } else {
                case_start
            };
        }
        let (Read::Board(start), Read::Board(goal)) = (cells.board(), cells.board()) else {
            break case_start;
        };
        cases += 1;
        buffer.extend_from_slice(b"Case ");
        push_number(&mut buffer, cases);
        buffer.extend_from_slice(b": ");
        // The moves go after the heading, whose count is known only once they are in.
        moves.clear();
        match answers.moves(relabeled(start, goal), blank_of(goal), &mut moves) {
            Some(length) => {
                push_number(&mut buffer, length);
                buffer.push(b'\n');
                buffer.extend_from_slice(&moves);
                buffer.push(b'\n');
            }
            None => buffer.extend_from_slice(b"unsolvable\n"),
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
    announced: usize,
    out: &mut impl Write,
) -> Result<(), JudgeError> {
    let mut all = cells_apart(tokens(input, first_line), is_eight_cell);
    let mut group = Vec::with_capacity(18);
    for case in first_case..=announced {
        group.clear();
        group.extend(all.by_ref().take(18));
        if group.len() < 18 {
            read_tiles(case, 0, &group[..group.len().min(9)], x_tile, EXPECTED)?;
            if group.len() > 9 {
                read_tiles(case, 9, &group[9..], x_tile, EXPECTED)?;
            }
            return Err(ended_early(case, announced, group.len(), 18));
        }
        let start = read_board(case, 0, &group[..9], x_tile, EXPECTED)?;
        let goal = read_board(case, 9, &group[9..], x_tile, EXPECTED)?;
        let table = eight_puzzle(goal.blank());
        match table.solve(&start, &goal, ORDER) {
            Some(moves) => write!(
                out,
                "Case {case}: {}\n{}\n",
                moves.len(),
                moves_to_string(&moves)
            )?,
            None => writeln!(out, "Case {case}: unsolvable")?,
        }
    }
    no_stray(all, announced)
}

/// HDU 3567 "Eight II": a count, then cases of a start and a goal with `X`; the fewest
/// moves and the smallest shortest path, the one answer.
#[derive(Clone, Copy, Debug)]
pub struct Hdu3567;

impl Judge for Hdu3567 {
    fn name(&self) -> &'static str {
        "hdu3567"
    }

    fn source(&self) -> &'static str {
        "HDU 3567 Eight II (acm.hdu.edu.cn/showproblem.php?pid=3567)"
    }

    fn summary(&self) -> &'static str {
        "T, then cases of two lines (start, goal) with X; Case k: n and the smallest path in order d<l<r<u"
    }

    fn answer(&self, input: &str, mut out: &mut dyn Write) -> Result<(), JudgeError> {
        hdu3567(input, &mut out)
    }

    /// The problem promises a solution.
    fn has_unsolvable(&self) -> bool {
        false
    }

    fn goal_a_case(&self) -> bool {
        true
    }

    /// `Case k: n`, then the path.
    fn lines_a_case(&self) -> usize {
        2
    }

    fn is_answer_line(&self, line: &str) -> bool {
        line.starts_with("Case ") || line.bytes().all(|b| b"udlr".contains(&b))
    }

    /// The start and the goal, each its nine cells together, `X` the blank.
    fn case_text(&self, instance: &Instance) -> String {
        let (start, goal) = boards(instance);
        format!(
            "{}\n{}\n",
            cell_tokens(start, "X").concat(),
            cell_tokens(goal, "X").concat()
        )
    }

    fn input(&self, cases: &[String]) -> String {
        format!("{}\n{}", cases.len(), cases.concat())
    }

    fn longest_case(&self) -> usize {
        COUNT_LINE + token_bytes(18, 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::judge::tests::run;
    use npuzzle::puzzle::board::Board;
    use rand::seq::SliceRandom;
    use rand::SeedableRng;
    use std::collections::{HashMap, VecDeque};
    use std::fmt::Write as _;

    #[test]
    fn the_judges_sample() {
        assert_eq!(
            run(hdu3567, "2\n12X453786\n12345678X\n564178X23\n7568X4123\n"),
            ("Case 1: 2\ndd\nCase 2: 8\nurrulldr\n".into(), None)
        );
    }

    /// Every board's smallest shortest path (in [`ORDER`]) from `start`, by a plain
    /// breadth-first search over boards that keeps each board's first parent: nothing
    /// shared with the tables but [`Board`].
    fn bfs_paths(start: &Board) -> HashMap<Board, String> {
        let mut paths = HashMap::from([(start.clone(), String::new())]);
        let mut queue = VecDeque::from([start.clone()]);
        while let Some(board) = queue.pop_front() {
            let path = paths[&board].clone();
            for mv in ORDER {
                if let Some(next) = board.moved(mv) {
                    paths.entry(next.clone()).or_insert_with(|| {
                        queue.push_back(next);
                        format!("{path}{}", mv.letter())
                    });
                }
            }
        }
        paths
    }

    fn written(board: &Board, blank: &str) -> String {
        crate::judge::case_text::cell_tokens(board, blank).concat()
    }

    /// Random starts, each with many goals (every blank cell among them), on both paths:
    /// the fast reader (walking, and precomputed strings) and the token reader.
    #[test]
    fn agrees_with_breadth_first_search_from_random_starts() {
        let mut rng = rand::rngs::StdRng::seed_from_u64(36);
        let size = three_by_three();
        let mut input = String::new();
        let mut expected = String::new();
        let mut cases = 0;
        for _ in 0..4 {
            let mut cells: Vec<u32> = (0..9).collect();
            cells.shuffle(&mut rng);
            let start = Board::new(size, cells).unwrap();
            let paths = bfs_paths(&start);
            let mut goals: Vec<&Board> = paths.keys().collect();
            goals.sort_by_key(|b| b.cells().to_vec());
            goals.shuffle(&mut rng);
            for goal in goals.into_iter().take(400) {
                cases += 1;
                let _ = write!(input, "{}\n{}\n", written(&start, "X"), written(goal, "X"));
                let path = &paths[goal];
                let _ = write!(expected, "Case {cases}: {}\n{path}\n", path.len());
            }
            // And one goal it cannot reach: the start with two tiles swapped.
            let mut cells = start.cells().to_vec();
            let (a, b) = match cells.iter().position(|&t| t == 0).unwrap() {
                0 | 1 => (2, 3),
                _ => (0, 1),
            };
            cells.swap(a, b);
            cases += 1;
            let _ = writeln!(
                input,
                "{} {}",
                written(&start, "x"),
                written(&Board::new(size, cells).unwrap(), "0")
            );
            let _ = writeln!(expected, "Case {cases}: unsolvable");
        }
        let input = format!("{cases}\n{input}");
        assert_eq!(run(hdu3567, &input), (expected.clone(), None));
        // Precomputed strings from the first case, or after 150 walks of a table.
        let count = read_count(&input, "cases").unwrap();
        for walks in [0, 150] {
            let mut out = Vec::new();
            let mut answers = PathsByGoalBlank::new(walks);
            let answered = fast(input.as_bytes(), count.rest, cases, &mut answers, &mut out);
            assert_eq!(answered.unwrap(), (cases, input.len()));
            assert_eq!(String::from_utf8(out).unwrap(), expected);
        }
        let mut out = Vec::new();
        general(&input[count.rest..], 1, 1, cases, &mut out).unwrap();
        assert_eq!(String::from_utf8(out).unwrap(), expected);
    }

    #[test]
    fn counts_and_bad_cells_are_named() {
        let sample = "12X453786\n12345678X\n";
        let (out, e) = run(hdu3567, &format!("2\n{sample}"));
        assert_eq!(out, "Case 1: 2\ndd\n");
        assert_eq!(
            e.unwrap(),
            "case 2: the first line announces 2, the input ends after 1"
        );
        let (out, e) = run(hdu3567, &format!("1\n{sample}12X"));
        assert_eq!(out, "Case 1: 2\ndd\n");
        assert_eq!(
            e.unwrap(),
            "line 4: stray '1' after the 1 case the first line announces"
        );
        let (_, e) = run(hdu3567, "1\n12X453786\n12345678Y\n");
        assert_eq!(
            e.unwrap(),
            "case 1, token 10 ('12345678Y') on line 3: expected a tile 1-8 or X"
        );
        let (_, e) = run(hdu3567, "1\n12X453786\n1234567XX\n");
        assert_eq!(
            e.unwrap(),
            "case 1, token 18 ('X') on line 3: the blank already stands at token 17"
        );
        let (_, e) = run(hdu3567, "1\n12X453786\n1234\n");
        assert_eq!(
            e.unwrap(),
            "case 1: expected 18 tokens, the input ends after 13"
        );
        let (_, e) = run(hdu3567, "two\n");
        assert_eq!(
            e.unwrap(),
            "line 1: expected the number of cases, found 'two'"
        );
        let (_, e) = run(hdu3567, " \n");
        assert_eq!(
            e.unwrap(),
            "line 2: expected the number of cases, the input is empty"
        );
        assert_eq!(run(hdu3567, "0\n"), (String::new(), None));
    }
}
