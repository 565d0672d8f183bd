//! The special judge of UVa 10085: the answer names a state and a path of the blank to
//! it; any state as far from the start as the farthest is accepted, with any shortest
//! path to it, the distance told by the 3x3 distance tables.

use crate::eight_puzzle_tables::eight_puzzle;
use npuzzle::puzzle::board::{Board, Move, Size};

use super::outcome::{spacing, CaseOutcome, Checked};

/// The outcome of `answer`, the case's six lines: `Puzzle #k`, the state's three rows,
/// the path, and an empty line.
pub(super) fn check(case: &Checked, answer: &[&str]) -> CaseOutcome {
    let (start, _) = case.instance.boards().expect("UVa 10085 is a board format");
    let want = |i: usize| case.expected.get(i).map_or("", String::as_str);
    let mut spaced = None;
    if answer[0] != want(0) {
        if answer[0].split_whitespace().eq(want(0).split_whitespace()) {
            spaced = Some("the puzzle number in different spacing");
        } else {
            return CaseOutcome::WrongAnswer(format!(
                "expected `{}`, got `{}`",
                want(0),
                answer[0]
            ));
        }
    }
    let Some(state) = state(&answer[1..4]) else {
        return CaseOutcome::WrongAnswer(format!(
            "`{}` is not a 3x3 state of the numbers 0-8 each once",
            answer[1..4].join("\\n")
        ));
    };
    if answer[1..4].iter().any(|row| row.split(' ').count() != 3) {
        spaced = spaced.or(Some("a row not written as three numbers one space apart"));
    }
    // The reference's path is a shortest one to a farthest state: its length is the
    // farthest distance.
    let farthest = want(4).len();
    let table = eight_puzzle(state.blank());
    let distance = table.distance(&start.relabeled(&state, &table.layout().goal()));
    match distance {
        None => {
            return CaseOutcome::WrongAnswer(format!(
                "the state {:?} cannot be reached from the start",
                state.cells()
            ))
        }
        Some(d) if d < farthest => {
            return CaseOutcome::WrongAnswer(format!(
                "the state is {d} moves from the start; the farthest are {farthest}"
            ))
        }
        Some(_) => {}
    }
    let path = answer[4].trim();
    if path != answer[4] {
        spaced = spaced.or(Some("spaces around the path"));
    }
    if let Err(why) = replay(start, &state, path, farthest) {
        return CaseOutcome::WrongAnswer(why);
    }
    if !answer[5].is_empty() {
        if !answer[5].trim().is_empty() {
            return CaseOutcome::WrongAnswer(format!(
                "expected an empty line after the path, got `{}`",
                answer[5]
            ));
        }
        spaced = spaced.or(Some("the empty line after the path holds spaces"));
    }
    spaced.map_or(CaseOutcome::Accepted, spacing)
}

/// The board of three rows of three numbers, if they are one.
fn state(rows: &[&str]) -> Option<Board> {
    let cells: Option<Vec<u32>> = rows
        .iter()
        .flat_map(|row| row.split_whitespace())
        .map(|t| t.parse().ok())
        .collect();
    let cells = cells?;
    (cells.len() == 9)
        .then(|| Board::new(Size::square(3).expect("3x3 is a size"), cells).ok())
        .flatten()
}

/// Whether the blank's moves `path` (`U D L R`) take `start` to `state` in exactly
/// `farthest` moves, and if not, why.
fn replay(start: &Board, state: &Board, path: &str, farthest: usize) -> Result<(), String> {
    let mut board = start.clone();
    for (i, letter) in path.chars().enumerate() {
        let mv = match letter {
            'U' => Move::Up,
            'D' => Move::Down,
            'L' => Move::Left,
            'R' => Move::Right,
            _ => {
                return Err(format!(
                    "move {} ('{letter}') is not one of U D L R (path `{path}`)",
                    i + 1
                ))
            }
        };
        if !board.apply(mv) {
            return Err(format!(
                "move {} ('{letter}') takes the blank off the board (path `{path}`)",
                i + 1
            ));
        }
    }
    if board != *state {
        return Err(format!(
            "the path `{path}` ends on {:?}, not the state given",
            board.cells()
        ));
    }
    let moves = path.chars().count();
    if moves != farthest {
        return Err(format!(
            "the path has {moves} moves; the shortest to the state has {farthest}"
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::judge::{Instance, Uva10085};
    use crate::local_judge::checker::check_run;

    const SAMPLE: &str = "Puzzle #1\n8 1 5\n7 3 6\n4 0 2\nUURDDRULLURRDLLDRRULULDDRUULDDR\n\n";

    fn check(out: &str) -> CaseOutcome {
        let start = Board::new(Size::square(3).unwrap(), vec![2, 6, 4, 1, 3, 7, 0, 5, 8]).unwrap();
        let instance = Instance::Boards {
            goal: start.clone(),
            start,
        };
        let expected: Vec<String> = SAMPLE.lines().map(str::to_string).collect();
        let case = Checked {
            instance: &instance,
            expected: &expected,
        };
        check_run(&Uva10085, &[case], out.as_bytes()).remove(0)
    }

    #[test]
    fn any_farthest_state_with_a_shortest_path_is_accepted() {
        assert_eq!(check(SAMPLE), CaseOutcome::Accepted);
        // The other state 31 moves away (the SDUT variant of the problem lists both).
        let other = "Puzzle #1\n8 7 1\n0 3 5\n4 6 2\nUURDDLUURRDDLURDLLUURDLURRDDLLU\n\n";
        assert_eq!(check(other), CaseOutcome::Accepted);
        let wrong = |out: String, why: &str| {
            let outcome = check(&out);
            assert!(
                matches!(&outcome, CaseOutcome::WrongAnswer(r) if r.contains(why)),
                "{out}: {outcome:?}"
            );
        };
        wrong(SAMPLE.replace("#1", "#2"), "expected `Puzzle #1`");
        wrong(SAMPLE.replace("4 0 2", "4 0 9"), "not a 3x3 state");
        // One move short of the farthest.
        wrong(
            "Puzzle #1\n8 1 5\n7 3 6\n0 4 2\nUURDDRULLURRDLLDRRULULDDRUULDD\n\n".into(),
            "moves from the start; the farthest are 31",
        );
        wrong(SAMPLE.replace("DDR\n", "DDU\n"), "ends on");
        wrong(SAMPLE.replace("UURDD", "UUUDD"), "off the board");
        wrong(SAMPLE.replace("UURDD", "uURDD"), "not one of U D L R");
        // A longer path to the right state: a special judge for shortest paths only.
        wrong(SAMPLE.replace("UURDD", "UURDUDD"), "shortest");
        wrong(
            format!("{}x\n", &SAMPLE[..SAMPLE.len() - 1]),
            "an empty line",
        );
        wrong("Puzzle #1\n8 1 5\n".into(), "no answer");
        let spaced = |out: String| {
            assert!(
                matches!(check(&out), CaseOutcome::PresentationError(_)),
                "{out}"
            );
        };
        // The empty line missing, not the answer (the last line's newline alone is
        // forgiven before the checker, see `Comparison::normalize_ending`).
        assert_eq!(
            check(&(SAMPLE.trim_end().to_string() + "\n")),
            CaseOutcome::PresentationError("the empty line the answer ends with is missing".into())
        );
        spaced(SAMPLE.replace("8 1 5", "8  1 5"));
        spaced(SAMPLE.replace("Puzzle #1", "Puzzle  #1"));
        spaced(SAMPLE.replace("DDR\n", "DDR \n"));
        spaced(format!("{SAMPLE}\n"));
    }
}
