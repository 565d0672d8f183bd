//! UVa 10085 "The Most Distant State": for each 3x3 start, a state as many moves from it
//! as any, and a shortest path of the blank to it.

use std::io::Write;
use std::sync::OnceLock;

use npuzzle::puzzle::board::Board;
use npuzzle::puzzle::rank::nibbles::{blank_of, sequence_rank};
use npuzzle::tables::distance_table::{pack, Layout};

use super::bounded_input::{token_bytes, COUNT_LINE};
use super::case_text::{board_rows, boards};
use super::reader::{
    cells_apart, ended_early, is_eight_cell, line_at, no_stray, read_board, read_count, read_tiles,
    tokens, x_tile, FastCells, Read,
};
use super::{AnswerCheck, Instance, Judge, JudgeError};

/// What a bad cell was expected to be.
const EXPECTED: &str = "a number 0-8";

/// The blank's moves by slot of the packed core (up, down, left, right), as the problem
/// names them.
const LETTERS: [u8; 4] = *b"UDLR";

/// UVa 10085: the number of cases, then cases of three lines of three numbers (`0` the
/// blank, or `x` as the other 3x3 judges read it; blank lines between them, as the
/// problem has them, or none); for each, `Puzzle #k`, one of the states farthest from
/// the start (three lines), the blank's moves `U D L R` of a shortest path to it, and an
/// empty line.
///
/// The judge takes any farthest state with any shortest path to it; this one prints the
/// state a breadth-first search from the start that tries the moves in the order
/// U, D, L, R reaches last, and the path that search found, which is the problem's
/// sample answer.
///
/// ```
/// let mut out = Vec::new();
/// npuzzle_judges::judge::uva10085("1\n\n2 6 4\n1 3 7\n0 5 8\n", &mut out)?;
/// assert_eq!(
///     String::from_utf8(out)?,
///     "Puzzle #1\n8 1 5\n7 3 6\n4 0 2\nUURDDRULLURRDLLDRRULULDDRUULDDR\n\n"
/// );
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// A [`JudgeError`] for a bad count or the first bad case (the cases before it are
/// answered), or a failed write.
///
/// # Panics
/// Never: every start has a farthest state.
pub fn uva10085(input: &str, out: &mut impl Write) -> Result<(), JudgeError> {
    const FLUSH_AT: usize = 1 << 16;
    let count = read_count(input, "cases")?;
    let mut buffer = Vec::with_capacity(FLUSH_AT + 128);
    let mut cells = FastCells::new(input.as_bytes(), count.rest);
    let mut case = 0;
    while case < count.announced {
        let at = cells.position();
        let Read::Board(start) = cells.board() else {
            // The token reader takes over where the fast one stops, for its messages.
            out.write_all(&buffer)?;
            return general(input, at, case + 1, count.announced, out);
        };
        case += 1;
        answer(start, case, &mut buffer);
        if buffer.len() >= FLUSH_AT {
            out.write_all(&buffer)?;
            buffer.clear();
        }
    }
    out.write_all(&buffer)?;
    if cells.at_end() {
        return Ok(());
    }
    let rest = cells.position();
    no_stray(
        tokens(&input[rest..], line_at(input, rest)),
        count.announced,
    )
}

/// The cases from byte `from` on, read token by token: case `first` of `announced`.
fn general(
    input: &str,
    from: usize,
    first: usize,
    announced: usize,
    out: &mut impl Write,
) -> Result<(), JudgeError> {
    let mut all = cells_apart(tokens(&input[from..], line_at(input, from)), is_eight_cell);
    let mut group = Vec::with_capacity(9);
    let mut buffer = Vec::new();
    for case in first..=announced {
        group.clear();
        group.extend(all.by_ref().take(9));
        if group.len() < 9 {
            read_tiles(case, 0, &group, x_tile, EXPECTED)?;
            return Err(ended_early(case, announced, group.len(), 9));
        }
        let start = read_board(case, 0, &group, x_tile, EXPECTED)?;
        buffer.clear();
        answer(pack(&start), case, &mut buffer);
        out.write_all(&buffer)?;
    }
    no_stray(all, announced)
}

/// Appends the answer to case `case`, the packed board `start`.
fn answer(start: u64, case: usize, buffer: &mut Vec<u8>) {
    let blank = blank_of(start);
    let farthest = farthest(blank);
    // Renaming the start's tiles to the standard goal with the same blank cell maps its
    // search onto that goal's, move for move: the goal's farthest state, named back, is
    // the start's.
    let mut named_back = [0u8; 16];
    for cell in 0..9 {
        named_back[standard_tile(cell, blank)] = ((start >> (4 * cell)) & 15) as u8;
    }
    buffer.extend_from_slice(b"Puzzle #");
    super::reader::push_number(buffer, case);
    buffer.push(b'\n');
    for cell in 0..9 {
        let tile = named_back[((farthest.state >> (4 * cell)) & 15) as usize];
        buffer.push(b'0' + tile);
        buffer.push(if cell % 3 == 2 { b'\n' } else { b' ' });
    }
    buffer.extend_from_slice(&farthest.path);
    buffer.extend_from_slice(b"\n\n");
}

/// The tile on `cell` of the standard goal with the blank in `blank`.
fn standard_tile(cell: usize, blank: usize) -> usize {
    match cell.cmp(&blank) {
        std::cmp::Ordering::Less => cell + 1,
        std::cmp::Ordering::Equal => 0,
        std::cmp::Ordering::Greater => cell,
    }
}

/// The state a search from the standard goal with one blank cell reaches last, and the
/// path to it.
struct Farthest {
    state: u64,
    path: Vec<u8>,
}

/// The farthest state from the standard goal with the blank in `blank`: one
/// breadth-first search over its 181,440 states the first time a start has the blank
/// there (milliseconds), remembered for the run.
fn farthest(blank: usize) -> &'static Farthest {
    static FOUND: [OnceLock<Farthest>; 9] = [const { OnceLock::new() }; 9];
    FOUND[blank].get_or_init(|| search(blank))
}

/// A FIFO breadth-first search that tries the moves in the order U, D, L, R and keeps
/// the first parent of each state: its last state is a farthest one, and the path to it
/// is the search's own.
fn search(blank: usize) -> Farthest {
    const NONE: u32 = u32::MAX;
    let layout = Layout::new(super::reader::three_by_three(), blank).expect("a 3x3 cell");
    let shape = *layout.shape();
    let mut parent = vec![(NONE, 0u8); shape.states() as usize];
    let goal = shape.goal_packed();
    let goal_index = shape.index_packed(goal);
    parent[goal_index as usize] = (goal_index as u32, 0);
    let mut queue = vec![(goal, goal_index)];
    let mut head = 0;
    while head < queue.len() {
        let (here, index) = queue[head];
        head += 1;
        let (rank, _) = sequence_rank(here, 9);
        shape.for_each_neighbour(here, rank, &[0, 1, 2, 3], |slot, there, next| {
            if parent[there as usize].0 == NONE {
                parent[there as usize] = (index as u32, slot as u8);
                queue.push((next, there));
            }
        });
    }
    let (state, mut at) = *queue.last().expect("the goal at least");
    let mut path = Vec::new();
    while at != goal_index {
        let (up, slot) = parent[at as usize];
        path.push(LETTERS[usize::from(slot)]);
        at = u64::from(up);
    }
    path.reverse();
    Farthest { state, path }
}

/// UVa 10085: a count, then 3x3 starts; a farthest state and a shortest path to it, any
/// such accepted.
#[derive(Clone, Copy, Debug)]
pub struct Uva10085;

impl Judge for Uva10085 {
    fn name(&self) -> &'static str {
        "uva10085"
    }

    fn source(&self) -> &'static str {
        "UVa 10085 The Most Distant State (onlinejudge.org, problem 10085)"
    }

    fn summary(&self) -> &'static str {
        "N, then 3x3 starts with 0; Puzzle #k, a farthest state and a shortest path U D L R to it"
    }

    fn answer(&self, input: &str, mut out: &mut dyn Write) -> Result<(), JudgeError> {
        uva10085(input, &mut out)
    }

    /// Every start has an answer.
    fn has_unsolvable(&self) -> bool {
        false
    }

    fn special_judge(&self) -> Option<&'static str> {
        Some("any state farthest from the start, with a shortest path to it, is accepted")
    }

    fn answer_check(&self) -> AnswerCheck {
        AnswerCheck::FarthestState
    }

    /// `Puzzle #k`, three rows, the path and the empty line after each answer (the
    /// problem asks for it after the last one too).
    fn lines_a_case(&self) -> usize {
        6
    }

    fn is_answer_line(&self, line: &str) -> bool {
        line.starts_with("Puzzle #")
            || line.is_empty()
            || line.bytes().all(|b| LETTERS.contains(&b))
            || (line.len() == 5 && line.bytes().all(|b| b"012345678 ".contains(&b)))
    }

    /// The rows, then an empty line.
    fn case_text(&self, instance: &Instance) -> String {
        format!("{}\n", board_rows(boards(instance).0, "0"))
    }

    /// "A blank line follows this line."
    fn input(&self, cases: &[String]) -> String {
        format!("{}\n\n{}", cases.len(), cases.concat())
    }

    fn longest_case(&self) -> usize {
        COUNT_LINE + token_bytes(9, 1)
    }

    /// Every start has farthest states: the sample's, and a start with the blank in each
    /// cell (each a search of its own).
    fn hard_cases(&self, goal: &Board) -> Option<Vec<(&'static str, Board)>> {
        let sample = Board::new(goal.size(), DISTANT_SAMPLE.to_vec()).expect("a permutation");
        let blanks = (0..goal.size().cells()).map(|blank| {
            let layout = Layout::new(goal.size(), blank).expect("a 3x3 cell");
            ("blank in every cell", layout.goal())
        });
        Some(std::iter::once(("sample", sample)).chain(blanks).collect())
    }
}

/// UVa 10085's sample start, whose farthest states are 31 moves away.
const DISTANT_SAMPLE: [u32; 9] = [2, 6, 4, 1, 3, 7, 0, 5, 8];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eight_puzzle_tables::eight_puzzle;
    use crate::judge::reader::three_by_three;
    use crate::judge::tests::run;
    use npuzzle::puzzle::board::{Board, Move};
    use npuzzle::puzzle::random::random_board;
    use rand::SeedableRng;
    use std::collections::{HashMap, VecDeque};
    use std::fmt::Write as _;

    const SAMPLE_OUT: &str = "Puzzle #1\n8 1 5\n7 3 6\n4 0 2\nUURDDRULLURRDLLDRRULULDDRUULDDR\n\n";

    #[test]
    fn the_problems_sample() {
        assert_eq!(
            run(uva10085, "1\n\n2 6 4\n1 3 7\n0 5 8\n\n"),
            (SAMPLE_OUT.into(), None)
        );
        assert_eq!(run(uva10085, "0\n"), (String::new(), None));
    }

    /// The plain search accepted solutions make, over boards in a hash map from the start
    /// itself: its last state, and its path.
    fn plain_search(start: &Board) -> (Board, String) {
        let order = [
            (Move::Up, 'U'),
            (Move::Down, 'D'),
            (Move::Left, 'L'),
            (Move::Right, 'R'),
        ];
        let mut parent: HashMap<Board, Option<(Board, char)>> = HashMap::new();
        parent.insert(start.clone(), None);
        let mut queue = VecDeque::from([start.clone()]);
        let mut last = start.clone();
        while let Some(here) = queue.pop_front() {
            for (mv, letter) in order {
                if let Some(next) = here.moved(mv) {
                    if !parent.contains_key(&next) {
                        parent.insert(next.clone(), Some((here.clone(), letter)));
                        queue.push_back(next);
                    }
                }
            }
            last = here;
        }
        let (mut path, mut at) = (Vec::new(), last.clone());
        while let Some((up, letter)) = parent[&at].clone() {
            path.push(letter);
            at = up;
        }
        (last, path.into_iter().rev().collect())
    }

    /// Starts with the blank in every cell and random ones against the plain search
    /// from each start (no renaming, no table), and each answer checked against the
    /// distance tables: a path that replays to the state, as long as the state is far.
    #[test]
    fn agrees_with_a_plain_search_from_each_start() {
        let goal = Board::goal(three_by_three());
        let mut rng = rand::rngs::StdRng::seed_from_u64(10085);
        let mut starts: Vec<Board> = (0..9)
            .map(|b| Layout::new(three_by_three(), b).unwrap().goal())
            .collect();
        starts.extend((0..15).map(|_| random_board(&goal, &mut rng)));
        let mut input = format!("{}\n\n", starts.len());
        let mut expected = String::new();
        for (i, start) in starts.iter().enumerate() {
            for row in start.cells().chunks(3) {
                let _ = writeln!(input, "{} {} {}", row[0], row[1], row[2]);
            }
            input.push('\n');
            let (last, path) = plain_search(start);
            let _ = writeln!(expected, "Puzzle #{}", i + 1);
            for row in last.cells().chunks(3) {
                let _ = writeln!(expected, "{} {} {}", row[0], row[1], row[2]);
            }
            let _ = write!(expected, "{path}\n\n");
            // The state is as far as the table of its blank cell says anything is.
            let table = eight_puzzle(last.blank());
            let relabeled = start.relabeled(&last, &table.layout().goal());
            assert_eq!(table.distance(&relabeled), Some(path.len()));
            let from_start = eight_puzzle(start.blank());
            assert_eq!(path.len(), from_start.summary().max());
        }
        assert_eq!(run(uva10085, &input), (expected, None));
    }

    #[test]
    fn bad_cases_are_named_after_the_good_ones_are_answered() {
        let sample = "2 6 4\n1 3 7\n0 5 8\n";
        let (out, e) = run(uva10085, &format!("2\n\n{sample}\n2 6 4\n1 3 7\n0 5 9\n"));
        assert_eq!(out, SAMPLE_OUT);
        assert_eq!(
            e.unwrap(),
            "case 2, token 9 ('9') on line 9: expected a number 0-8"
        );
        let (out, e) = run(uva10085, &format!("2\n\n{sample}"));
        assert_eq!(out, SAMPLE_OUT);
        assert_eq!(
            e.unwrap(),
            "case 2: the first line announces 2, the input ends after 1"
        );
        let (out, e) = run(uva10085, &format!("1\n\n{sample}\n7\n"));
        assert_eq!(out, SAMPLE_OUT);
        assert_eq!(
            e.unwrap(),
            "line 7: stray '7' after the 1 case the first line announces"
        );
        let (_, e) = run(uva10085, "one\n");
        assert_eq!(
            e.unwrap(),
            "line 1: expected the number of cases, found 'one'"
        );
    }
}
