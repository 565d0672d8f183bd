//! The special judge of `path`: the count must be the fewest moves (the reference's), and
//! the states under it any shortest path from the start to the goal, one blank move
//! apart, each written as nine digits; `-1` alone where the goal cannot be reached.

use npuzzle::puzzle::board::{Board, Move};

use super::outcome::{misspaced, CaseOutcome, Checked};
use npuzzle::util::plural::counted;

/// The outcome of `answer`, every line of the output up to the last one with text.
pub(super) fn check(case: &Checked, answer: &[&str]) -> CaseOutcome {
    let (start, goal) = case.instance.boards().expect("path is a board format");
    let want = case.expected.first().map_or("", String::as_str);
    let count = answer[0].trim();
    if count != want {
        return CaseOutcome::WrongAnswer(if want == "-1" {
            format!("the goal cannot be reached (expected `-1`), got `{count}`")
        } else {
            let want = want
                .parse()
                .map_or(format!("{want} moves"), |n| counted(n, "move", "moves"));
            format!("expected {want} (the fewest), got `{count}`")
        });
    }
    let moves: usize = match want.parse() {
        Ok(moves) => moves,
        // `-1`: nothing follows.
        Err(_) if answer.len() == 1 => return spaced(answer),
        Err(_) => {
            return CaseOutcome::WrongAnswer(format!(
                "`-1` stands alone, yet {} {} it",
                counted(answer.len() as u64 - 1, "line", "lines"),
                if answer.len() == 2 {
                    "follows"
                } else {
                    "follow"
                }
            ))
        }
    };
    if answer.len() != moves + 2 {
        return CaseOutcome::WrongAnswer(format!(
            "{} make {}, start and goal included; the answer has {}",
            counted(moves as u64, "move", "moves"),
            counted(moves as u64 + 1, "state", "states"),
            answer.len() - 1
        ));
    }
    let mut previous: Option<Board> = None;
    for (i, line) in answer[1..].iter().enumerate() {
        let Some(board) = state(start, line) else {
            return CaseOutcome::WrongAnswer(format!(
                "state {} (`{line}`) is not a board of the digits 0-8",
                i + 1
            ));
        };
        let wrong = match &previous {
            None if board != *start => Some("is not the start"),
            Some(before) if !one_move_apart(before, &board) => {
                Some("is not one blank move from the state before it")
            }
            _ => None,
        };
        if let Some(why) = wrong {
            return CaseOutcome::WrongAnswer(format!("state {} (`{line}`) {why}", i + 1));
        }
        previous = Some(board);
    }
    if previous.as_ref() != Some(goal) {
        return CaseOutcome::WrongAnswer("the last state is not the goal".to_string());
    }
    spaced(answer)
}

/// Accepted when every line is written exactly (no spaces), else a presentation error.
fn spaced(answer: &[&str]) -> CaseOutcome {
    match answer.iter().position(|l| l.contains(char::is_whitespace)) {
        None => CaseOutcome::Accepted,
        Some(0) => misspaced(answer, "spaces around the count"),
        Some(i) => misspaced(
            answer,
            &format!("state {i} is not written as nine digits together"),
        ),
    }
}

/// The board `line` writes (spaces aside, which are a matter of presentation).
fn state(shape: &Board, line: &str) -> Option<Board> {
    let cells: Option<Vec<u32>> = line
        .chars()
        .filter(|c| !c.is_whitespace())
        .map(|c| c.to_digit(10))
        .collect();
    Board::new(shape.size(), cells?).ok()
}

fn one_move_apart(a: &Board, b: &Board) -> bool {
    Move::ALL.iter().any(|&m| a.moved(m).as_ref() == Some(b))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::judge::Instance;
    use crate::judge::StatePath;
    use crate::local_judge::checker::check_run;
    use npuzzle::puzzle::board::Size;

    fn board(digits: &str) -> Board {
        let cells = digits.chars().map(|c| c.to_digit(10).unwrap()).collect();
        Board::new(Size::square(3).unwrap(), cells).unwrap()
    }

    fn check(start: &str, goal: &str, expected: &[&str], out: &str) -> CaseOutcome {
        let instance = Instance::Boards {
            start: board(start),
            goal: board(goal),
        };
        let expected: Vec<String> = expected.iter().map(ToString::to_string).collect();
        let case = Checked {
            instance: &instance,
            expected: &expected,
        };
        check_run(&StatePath, &[case], out.as_bytes()).remove(0)
    }

    /// A shortest path from `start` to the standard goal, state by state, taking at each
    /// step the first (or the last) move in the default order that goes one nearer.
    fn greedy(start: &str, last: bool) -> Vec<String> {
        let goal = Board::goal(Size::square(3).unwrap());
        let table = crate::eight_puzzle_tables::eight_puzzle(goal.blank());
        let mut board = board(start);
        let mut states = vec![board.to_digits().unwrap()];
        while board != goal {
            let d = table.distance(&board).unwrap();
            let nearer: Vec<Board> = Move::ALL
                .iter()
                .filter_map(|&m| board.moved(m))
                .filter(|b| table.distance(b) == Some(d - 1))
                .collect();
            board = if last { nearer.last() } else { nearer.first() }
                .unwrap()
                .clone();
            states.push(board.to_digits().unwrap());
        }
        states
    }

    #[test]
    fn any_shortest_path_state_by_state_is_accepted() {
        let (start, goal) = ("867254301", "123456780");
        let (first, last) = (greedy(start, false), greedy(start, true));
        assert_ne!(first, last);
        let answer = |states: &[String]| format!("{}\n{}\n", states.len() - 1, states.join("\n"));
        let mut reference = vec![(first.len() - 1).to_string()];
        reference.extend(first.iter().cloned());
        let reference: Vec<&str> = reference.iter().map(String::as_str).collect();
        let check = |out: &str| check(start, goal, &reference, out);
        assert_eq!(check(&answer(&first)), CaseOutcome::Accepted);
        assert_eq!(check(&answer(&last)), CaseOutcome::Accepted);
        let wrong = |out: String, why: &str| {
            let outcome = check(&out);
            assert!(
                matches!(&outcome, CaseOutcome::WrongAnswer(r) if r.contains(why)),
                "{out}: {outcome:?}"
            );
        };
        let n = first.len() - 1;
        let right = answer(&first);
        wrong(
            right.replacen(&n.to_string(), &(n + 1).to_string(), 1),
            "moves (the fewest)",
        );
        let mut skipped = first.clone();
        skipped.remove(1);
        wrong(format!("{n}\n{}\n", skipped.join("\n")), "states");
        let mut repeated = first.clone();
        repeated[2] = repeated[1].clone();
        wrong(answer(&repeated), "not one blank move");
        let mut swapped = first.clone();
        swapped.swap(0, 1);
        wrong(answer(&swapped), "not the start");
        // A path of the right length that stops short of the goal, there and back.
        let mut short = first[..n].to_vec();
        short.push(first[n - 2].clone());
        wrong(answer(&short), "not the goal");
        let mut bad = first.clone();
        bad[3] = "12345670x".into();
        wrong(answer(&bad), "digits 0-8");
        wrong(format!("{right}1\n"), "states");
        wrong(String::new(), "no answer");
        let spaced = |out: String| {
            assert!(
                matches!(check(&out), CaseOutcome::PresentationError(_)),
                "{out}"
            );
        };
        let digits: Vec<String> = first[0].chars().map(String::from).collect();
        spaced(right.replacen(&first[0], &digits.join(" "), 1));
        spaced(right.replacen('\n', " \n", 1));
        spaced(right.trim_end().to_string());
        spaced(format!("{right}\n"));
    }

    #[test]
    fn minus_one_stands_alone() {
        let (start, goal) = ("213456780", "123456780");
        let check = |out: &str| check(start, goal, &["-1"], out);
        assert_eq!(check("-1\n"), CaseOutcome::Accepted);
        assert!(matches!(
            check("-1\n213456780\n"),
            CaseOutcome::WrongAnswer(_)
        ));
        assert!(
            matches!(check("0\n"), CaseOutcome::WrongAnswer(r) if r.contains("cannot be reached"))
        );
        assert!(matches!(check(" -1\n"), CaseOutcome::PresentationError(_)));
    }
}
