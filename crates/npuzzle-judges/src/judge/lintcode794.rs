//! LintCode 794 "Sliding Puzzle II": a 3x3 start and target as JSON, the fewest moves
//! from one to the other, or `-1`.
//!
//! LintCode calls `minMoveStep(init_state, final_state)` and shows each test as the two
//! arguments a line, JSON (`[[2,8,3],[1,0,4],[7,6,5]]` then `[[1,2,3],[8,0,4],[7,6,5]]`);
//! this reads that form on standard input, as many tests as there are pairs of lines.

use crate::eight_puzzle_tables::eight_puzzle;
use std::io::Write;
use std::sync::Arc;

use npuzzle::puzzle::board::Board;
use npuzzle::puzzle::rank::sequence_rank;
use npuzzle::tables::distance_table::DistanceTable;

use super::bounded_input::token_bytes;
use super::case_text::{boards, cell_tokens};
use super::reader::{json_board, push_number};
use super::{Comparison, Instance, Judge, JudgeError};

/// A 3x3 board as JSON writes it, a `#` for each cell.
const TEMPLATE: &[u8] = b"[[#,#,#],[#,#,#],[#,#,#]]";

/// The board of the problem's first example, quoted in messages.
const EXAMPLE: &str = "[[2,8,3],[1,0,4],[7,6,5]]";

/// The blank's cell in a packed board.
const BLANK_SHIFT: u32 = npuzzle::puzzle::rank::nibbles::BLANK_SHIFT;

/// LintCode 794: tests of two lines, the initial state then the final state, each a 3x3
/// board as JSON (`0` the blank; spaces anywhere; blank lines are skipped); for each,
/// the fewest moves from the first to the second, or `-1` when it cannot be reached.
///
/// ```
/// let mut out = Vec::new();
/// let input = "[[2,8,3],[1,0,4],[7,6,5]]\n[[1,2,3],[8,0,4],[7,6,5]]\n\
///              [[2,3,8],[7,0,5],[1,6,4]]\n[[1,2,3],[8,0,4],[7,6,5]]\n";
/// npuzzle_judges::judge::lintcode794(input, &mut out)?;
/// assert_eq!(String::from_utf8(out)?, "4\n-1\n");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// A [`JudgeError`] naming the first bad line (the tests before it are answered), a
/// start with no final state after it, or a failed write.
///
/// # Panics
/// Never: every 3x3 distance table is embedded.
pub fn lintcode794(input: &str, out: &mut impl Write) -> Result<(), JudgeError> {
    const FLUSH_AT: usize = 1 << 16;
    let mut tables: [Option<Arc<DistanceTable>>; 9] = Default::default();
    let mut buffer = Vec::with_capacity(FLUSH_AT + 8);
    let mut start: Option<(u64, usize)> = None;
    for (i, line) in input.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let board = match json_board(line, TEMPLATE, EXAMPLE) {
            Ok(board) => board,
            Err(problem) => {
                out.write_all(&buffer)?;
                return Err(JudgeError::BadLine {
                    line: i + 1,
                    problem,
                });
            }
        };
        let Some((from, _)) = start.take() else {
            start = Some((board, i + 1));
            continue;
        };
        let goal_blank = (board >> BLANK_SHIFT) as usize;
        let table = tables[goal_blank].get_or_insert_with(|| eight_puzzle(goal_blank));
        match distance(table, from, board) {
            Some(d) => push_number(&mut buffer, usize::from(d)),
            None => buffer.extend_from_slice(b"-1"),
        }
        buffer.push(b'\n');
        if buffer.len() >= FLUSH_AT {
            out.write_all(&buffer)?;
            buffer.clear();
        }
    }
    out.write_all(&buffer)?;
    match start {
        Some((_, line)) => Err(JudgeError::BadLine {
            line,
            problem: "an initial state with no final state after it".into(),
        }
        .ended()),
        None => Ok(()),
    }
}

/// The distance between two packed boards, from the table of the goal's blank cell: the
/// start relabeled so the goal becomes the table's standard goal (tile names do not
/// change how the blank moves). `None` when the goal cannot be reached.
fn distance(table: &DistanceTable, start: u64, goal: u64) -> Option<u8> {
    let shape = table.layout().shape();
    let goal_blank = shape.goal_blank();
    // What each of the goal's tiles is called in the standard goal: the tile on its cell.
    let mut name = [0u64; 16];
    for cell in 0..9 {
        let standard = match cell.cmp(&goal_blank) {
            std::cmp::Ordering::Less => cell as u64 + 1,
            std::cmp::Ordering::Equal => 0,
            std::cmp::Ordering::Greater => cell as u64,
        };
        name[((goal >> (4 * cell)) & 15) as usize] = standard;
    }
    let blank = (start >> BLANK_SHIFT) as usize;
    let relabeled = (0..9).fold((blank as u64) << BLANK_SHIFT, |packed, cell| {
        packed | (name[((start >> (4 * cell)) & 15) as usize] << (4 * cell))
    });
    let (rank, odd) = sequence_rank(relabeled, 9);
    if odd != shape.odd_at(blank) {
        return None;
    }
    let distances = table.exact_distances().expect("3x3 tables are exact");
    Some(distances[shape.index_of(blank, rank) as usize])
}

/// LintCode 794: a start and a target as JSON, two lines a test; the fewest moves,
/// compared as values.
#[derive(Clone, Copy, Debug)]
pub struct Lintcode794;

impl Judge for Lintcode794 {
    fn name(&self) -> &'static str {
        "lintcode794"
    }

    fn source(&self) -> &'static str {
        "LintCode 794 Sliding Puzzle II (lintcode.com/problem/sliding-puzzle-ii)"
    }

    fn summary(&self) -> &'static str {
        "a 3x3 start and target as JSON, a line each; the fewest moves between them, or -1"
    }

    fn answer(&self, input: &str, mut out: &mut dyn Write) -> Result<(), JudgeError> {
        lintcode794(input, &mut out)
    }

    /// LintCode compares the returned value.
    fn comparison(&self) -> Comparison {
        Comparison::Value
    }

    fn goal_a_case(&self) -> bool {
        true
    }

    /// The start, then the target, each as JSON on a line.
    fn case_text(&self, instance: &Instance) -> String {
        let json = |board: &Board| {
            let rows: Vec<String> = cell_tokens(board, "0")
                .chunks(3)
                .map(|row| format!("[{}]", row.join(",")))
                .collect();
            format!("[{}]\n", rows.join(","))
        };
        let (start, goal) = boards(instance);
        format!("{}{}", json(start), json(goal))
    }

    /// Two lines of JSON of three rows of three (`[[1,2,3],[4,5,6],[7,8,0]]`).
    fn longest_case(&self) -> usize {
        2 * token_bytes(25, 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::judge::reader::three_by_three;
    use crate::judge::tests::run;
    use npuzzle::puzzle::board::Board;
    use npuzzle::puzzle::random::random_board;
    use npuzzle::puzzle::solvability::swap_parity;
    use npuzzle::{solve, Algorithm, SolveOptions, Status};
    use rand::SeedableRng;
    use std::fmt::Write as _;

    #[test]
    fn the_problems_examples() {
        let input = "[[2,8,3],[1,0,4],[7,6,5]]\n[[1,2,3],[8,0,4],[7,6,5]]\n\n\
                     [ [2,3,8], [7,0,5], [1,6,4] ]\r\n[[1,2,3],[8,0,4],[7,6,5]]\n";
        assert_eq!(run(lintcode794, input), ("4\n-1\n".into(), None));
    }

    fn json(board: &Board) -> String {
        let rows: Vec<String> = board
            .cells()
            .chunks(3)
            .map(|r| format!("[{},{},{}]", r[0], r[1], r[2]))
            .collect();
        format!("[{}]", rows.join(","))
    }

    /// Random pairs (half of them unreachable) against breadth-first search through
    /// `solve`, which relabels nothing and reads no table.
    #[test]
    fn agrees_with_breadth_first_search() {
        let goal = Board::goal(three_by_three());
        let options = SolveOptions {
            algorithm: Algorithm::Bfs,
            ..SolveOptions::default()
        };
        let mut rng = rand::rngs::StdRng::seed_from_u64(794);
        let (mut input, mut expected) = (String::new(), String::new());
        for i in 0..200 {
            let target = random_board(&goal, &mut rng);
            let mut start = random_board(&goal, &mut rng);
            if i % 2 == 1 {
                start = swap_parity(&start);
            }
            let _ = writeln!(input, "{}\n{}", json(&start), json(&target));
            let s = solve(&start, &target, &options).unwrap();
            match s.status {
                Status::Solved => writeln!(expected, "{}", s.moves.len()).unwrap(),
                _ => expected += "-1\n",
            }
        }
        assert_eq!(run(lintcode794, &input), (expected, None));
    }

    #[test]
    fn bad_lines_are_named_after_the_good_tests_are_answered() {
        let good = "[[2,8,3],[1,0,4],[7,6,5]]\n[[1,2,3],[8,0,4],[7,6,5]]\n";
        for (bad, message) in [
            ("[[2,8,3],[1,0,4],[7,6,9]]", "cell 9 is not a digit 0-8"),
            ("[[2,8,3],[1,0,4],[7,6,6]]", "6 appears twice"),
            ("[[2,8,3],[1,0,4]]", "']' where ',' belongs"),
            ("[[1,2,3],[4,0,5]]", "']' where ',' belongs"),
        ] {
            let (out, e) = run(lintcode794, &format!("{good}{bad}\n{good}"));
            assert_eq!(out, "4\n");
            let e = e.unwrap();
            assert!(e.starts_with(&format!("line 3: {message} in '")), "{e}");
        }
        let (out, e) = run(lintcode794, &format!("{good}[[2,8,3],[1,0,4],[7,6,5]]\n"));
        assert_eq!(out, "4\n");
        assert_eq!(
            e.unwrap(),
            "line 3: an initial state with no final state after it"
        );
    }
}
