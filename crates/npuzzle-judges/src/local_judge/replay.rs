//! The special judge of the formats that answer with moves: any path of the blank from
//! the start to the goal is accepted (within UVa 10181's 50 moves, in its capitals), and
//! the format's own line where the goal cannot be reached.

use npuzzle::puzzle::board::{Board, Move};

use super::outcome::{misspaced, CaseOutcome, Checked};
use crate::judge::Judge;

/// The outcome of the answer `line` to `case`.
pub(super) fn check(judge: &dyn Judge, case: &Checked, line: &str) -> CaseOutcome {
    let (start, goal) = case
        .instance
        .boards()
        .expect("the formats answered with moves are board formats");
    let answer = line.trim();
    let none = judge.unsolvable_line();
    let unsolvable = case.expected.first().map(String::as_str) == Some(none);
    let outcome = if unsolvable {
        if answer == none {
            CaseOutcome::Accepted
        } else {
            CaseOutcome::WrongAnswer(format!(
                "the board cannot reach the goal (expected `{none}`), got `{answer}`"
            ))
        }
    } else if answer == none {
        let path = case.expected.first().map_or("", |p| p.trim());
        CaseOutcome::WrongAnswer(format!(
            "answered `{none}`, but the board can reach the goal (their parities agree): \
             {} moves, e.g. `{path}`",
            path.len()
        ))
    } else {
        walk(judge, start, goal, answer)
    };
    if outcome == CaseOutcome::Accepted && answer != line {
        return misspaced(&[line], "spaces around the answer");
    }
    outcome
}

/// Whether the moves `answer` take `start` to `goal` within the format's limit, and if
/// not, why.
fn walk(judge: &dyn Judge, start: &Board, goal: &Board, answer: &str) -> CaseOutcome {
    let letters = if judge.capital_moves() {
        "L R U D"
    } else {
        "u d l r"
    };
    if let Some(most) = judge.most_moves() {
        let moves = answer.chars().count();
        if moves > most {
            return CaseOutcome::WrongAnswer(format!(
                "{moves} moves: the judge takes at most {most} (answer `{answer}`)"
            ));
        }
    }
    let mut board = start.clone();
    for (i, letter) in answer.chars().enumerate() {
        let named = if judge.capital_moves() {
            // The hole's moves in capitals; lower case names none.
            letter
                .is_ascii_uppercase()
                .then(|| Move::from_letter(letter.to_ascii_lowercase()))
                .flatten()
        } else {
            Move::from_letter(letter)
        };
        let Some(m) = named else {
            return CaseOutcome::WrongAnswer(format!(
                "move {} ('{letter}') is not one of {letters} (answer `{answer}`)",
                i + 1
            ));
        };
        if !board.apply(m) {
            return CaseOutcome::WrongAnswer(format!(
                "move {} ('{letter}') takes the blank off the board (answer `{answer}`)",
                i + 1
            ));
        }
    }
    if board == *goal {
        CaseOutcome::Accepted
    } else {
        CaseOutcome::WrongAnswer(format!("the moves `{answer}` end on {board}, not the goal"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::judge::{Instance, Uva10181};
    use crate::local_judge::checker::check_run;
    use npuzzle::puzzle::board::Size;

    #[test]
    fn uva10181_takes_capitals_within_fifty_moves_and_its_own_unsolvable_line() {
        let goal = Board::goal(Size::square(4).unwrap());
        let start = goal.moved(Move::Left).unwrap();
        let instance = Instance::Boards {
            start: start.clone(),
            goal: goal.clone(),
        };
        let expected = vec!["R".to_string()];
        let case = Checked {
            instance: &instance,
            expected: &expected,
        };
        let check = |out: &str| check_run(&Uva10181, &[Checked { ..case }], out.as_bytes());
        assert_eq!(check("R\n"), vec![CaseOutcome::Accepted]);
        assert_eq!(check("RLR\n"), vec![CaseOutcome::Accepted]);
        // Paths from this start are odd: 49 moves is the longest taken, 51 too many.
        let fifty_one = format!("{}R\n", "LR".repeat(25));
        assert!(
            matches!(&check(&fifty_one)[0], CaseOutcome::WrongAnswer(r) if r.contains("51 moves")),
            "{:?}",
            check(&fifty_one)
        );
        let forty_nine = format!("{}R\n", "LR".repeat(24));
        assert_eq!(check(&forty_nine), vec![CaseOutcome::Accepted]);
        assert!(
            matches!(&check("r\n")[0], CaseOutcome::WrongAnswer(r) if r.contains("not one of L R U D"))
        );
        assert!(matches!(
            &check("unsolvable\n")[0],
            CaseOutcome::WrongAnswer(_)
        ));

        let instance = Instance::Boards {
            start: npuzzle::puzzle::solvability::swap_parity(&goal),
            goal,
        };
        let expected = vec![Uva10181.unsolvable_line().to_string()];
        let case = Checked {
            instance: &instance,
            expected: &expected,
        };
        let check = |out: &str| check_run(&Uva10181, &[Checked { ..case }], out.as_bytes());
        assert_eq!(
            check("This puzzle is not solvable.\n"),
            vec![CaseOutcome::Accepted]
        );
        assert!(matches!(
            &check("This puzzle is not solvable\n")[0],
            CaseOutcome::WrongAnswer(_)
        ));
        assert!(matches!(
            &check("unsolvable\n")[0],
            CaseOutcome::WrongAnswer(_)
        ));
    }
}
