//! The cases a local judge puts to a program: the edge cases every format has (start
//! equal to goal, one move, unsolvable where the format allows it, the hardest boards),
//! then seeded random ones, so a seed names the same cases on every machine.

use crate::eight_puzzle_tables::eight_puzzle;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use npuzzle::puzzle::board::{Board, Move, Size};
use npuzzle::puzzle::random::random_board;
use npuzzle::puzzle::solvability::swap_parity;
use npuzzle::tables::distance_table::{DistanceTable, Layout};
use npuzzle::util::progress::Silent;

use crate::judge::Instance;
use crate::judge::Judge;

/// One generated case: what kind of case it is, and what it asks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Generated {
    /// Why the case is there: `start equal to goal`, `random`, ...
    pub label: String,
    /// The boards (or graph) of the case.
    pub instance: Instance,
}

/// The edge cases of `judge`, then `random` seeded random cases (not ABC224 D's:
/// [`super::graph_cases`]; POJ 2893's boards of many shapes are
/// [`super::shape_cases`]'s).
pub(super) fn generate(judge: &dyn Judge, random: usize, seed: u64) -> Vec<Generated> {
    let goal = judge.goal();
    let mut cases = vec![
        case("start equal to goal", goal.clone(), goal.clone()),
        case("one move", one_move(&goal), goal.clone()),
    ];
    if judge.has_unsolvable() {
        cases.push(case("unsolvable", swap_parity(&goal), goal.clone()));
    }
    let hard = judge
        .hard_cases(&goal)
        .unwrap_or_else(|| hardest(&goal).into_iter().map(|b| ("hardest", b)).collect());
    for (label, board) in hard {
        cases.push(case(label, board, goal.clone()));
    }
    let mut rng = StdRng::seed_from_u64(seed);
    for _ in 0..random {
        let goal = if judge.goal_a_case() {
            random_board(&goal, &mut rng)
        } else {
            goal.clone()
        };
        let start = judge.random_start(&goal, &mut rng);
        // A quarter unsolvable: enough to catch a program that never says so.
        if judge.has_unsolvable() && rng.gen_range(0..4) == 0 {
            cases.push(case("random unsolvable", swap_parity(&start), goal));
        } else {
            cases.push(case("random", start, goal));
        }
    }
    cases
}

fn case(label: &str, start: Board, goal: Board) -> Generated {
    Generated {
        label: label.to_string(),
        instance: Instance::Boards { start, goal },
    }
}

/// The board one blank move from `goal` (the first legal move in the default order).
pub(super) fn one_move(goal: &Board) -> Board {
    Move::ALL
        .iter()
        .find_map(|&m| goal.moved(m))
        .expect("every board of two cells or more has a move")
}

/// Every board farthest from `goal`, from the complete distance table towards it (all
/// of them: the table's summary keeps only the first [`distance_table::HARDEST_KEPT`]).
pub(super) fn hardest(goal: &Board) -> Vec<Board> {
    let size = goal.size();
    let layout = Layout::new(size, goal.blank()).expect("the goal's blank is a cell");
    let table = if size == Size::square(3).expect("3x3 is a size") {
        eight_puzzle(goal.blank())
    } else {
        std::sync::Arc::new(DistanceTable::build(layout, &Silent))
    };
    let farthest = table.summary().counts.len() - 1;
    let distances = table
        .exact_distances()
        .expect("tables of at most 9 cells are exact");
    let standard = layout.goal();
    distances
        .iter()
        .enumerate()
        .filter(|&(_, &d)| usize::from(d) == farthest)
        .map(|(i, _)| layout.board(i as u64).relabeled(&standard, goal))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::judge::named;
    use npuzzle::puzzle::solvability::is_solvable;

    #[test]
    fn uva10181_cases_are_within_the_judges_fifty_moves() {
        let format = named("uva10181").unwrap();
        let cases = generate(format, 30, 2);
        let texts: Vec<String> = cases
            .iter()
            .map(|c| format.case_text(&c.instance))
            .collect();
        let out = format.reference(&format.input(&texts)).unwrap();
        let out = String::from_utf8(out).unwrap();
        let mut lengths = Vec::new();
        for (c, line) in cases.iter().zip(out.lines()) {
            if c.label.contains("unsolvable") {
                assert_eq!(line, format.unsolvable_line());
            } else {
                assert!(line.len() <= 50, "{c:?}: {line}");
                lengths.push((c.label.as_str(), line.len()));
            }
        }
        // The hard ones are near the limit, as they promise.
        let hard: Vec<usize> = lengths
            .iter()
            .filter(|(l, _)| *l == "hard")
            .map(|&(_, n)| n)
            .collect();
        assert_eq!(hard.len(), 2);
        assert!(hard.iter().all(|&n| n >= 45), "{hard:?}");
    }

    #[test]
    fn alds1_13_c_cases_are_within_the_problems_45_moves() {
        let format = named("alds1-13-c").unwrap();
        let cases = generate(format, 20, 4);
        let mut hard = Vec::new();
        for c in &cases {
            let input = format.input(&[format.case_text(&c.instance)]);
            let out = String::from_utf8(format.reference(&input).unwrap()).unwrap();
            let moves: usize = out.trim().parse().unwrap();
            assert!(moves <= 45, "{c:?}: {moves}");
            if c.label == "hard" {
                hard.push(moves);
            }
        }
        assert_eq!(hard, [44, 45]);
    }

    #[test]
    fn p1379_hardest_boards_are_all_thirty_moves_away() {
        let format = named("p1379").unwrap();
        let goal = format.goal();
        let table = eight_puzzle(goal.blank());
        let layout = table.layout();
        let hardest: Vec<_> = generate(format, 0, 1)
            .into_iter()
            .filter(|c| c.label == "hardest")
            .collect();
        let at_max = table.summary().counts[30];
        assert_eq!(hardest.len() as u64, at_max);
        for c in &hardest {
            let (start, goal) = c.instance.boards().unwrap();
            let relabeled = start.relabeled(goal, &layout.goal());
            assert_eq!(table.distance(&relabeled), Some(30));
        }
    }

    #[test]
    fn a_seed_names_the_same_cases_and_unsolvable_ones_are_marked() {
        let formats = crate::judge::JUDGES.iter().copied();
        // The swap game's grids are any permutation: the sliding parity says nothing.
        let sliding = |f: &&dyn Judge| !["abc224d", "cses1670"].contains(&f.name());
        for format in formats.filter(sliding) {
            let a = generate(format, 20, 7);
            assert_eq!(a, generate(format, 20, 7));
            assert_ne!(a, generate(format, 20, 8));
            for c in &a {
                let unsolvable = c.label.contains("unsolvable");
                if let Some((start, goal)) = c.instance.boards() {
                    assert_eq!(is_solvable(start, goal), !unsolvable, "{c:?}");
                }
                assert!(format.has_unsolvable() || !unsolvable);
            }
        }
    }
}
