//! The cases a local judge puts to a program: the edge cases every format has (start
//! equal to goal, one move, unsolvable where the format allows it, the hardest boards),
//! then seeded random ones, so a seed names the same cases on every machine.

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use crate::puzzle::board::{Board, Move, Size};
use crate::puzzle::random::{random_board, random_walk};
use crate::puzzle::solvability::swap_parity;
use crate::tables::distance_table::{self, DistanceTable, Layout};
use crate::util::progress::Silent;

use crate::services::judge::Instance;
use crate::services::judge::JudgeFormat;

/// One generated case: what kind of case it is, and what it asks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Generated {
    /// Why the case is there: `start equal to goal`, `random`, ...
    pub label: String,
    /// The boards (or graph) of the case.
    pub instance: Instance,
}

/// UVa 10181 boards whose optimum is close to the judge's 50 moves yet found in
/// milliseconds (most boards that far take IDA* far longer): the ends of seeded random
/// walks of 60 moves from the goal, 48 and 50 moves from it.
const HARD_FIFTEEN: [[u32; 16]; 2] = [
    [3, 4, 12, 6, 7, 14, 15, 8, 2, 10, 11, 9, 1, 0, 13, 5],
    [13, 6, 2, 8, 12, 1, 14, 3, 15, 7, 0, 5, 4, 11, 9, 10],
];

/// AOJ `ALDS1_13_C` boards at its promised most, 45 moves, and one short of it, solved in
/// well under a second: the ends of seeded random walks (`npuzzle random --size 4x4
/// --walk 60 --seed 45`, and `--walk 61 --seed 46`), 44 and 45 moves from the goal.
const HARD_AOJ_FIFTEEN: [[u32; 16]; 2] = [
    [6, 9, 4, 7, 1, 2, 3, 12, 8, 5, 15, 13, 11, 0, 14, 10],
    [4, 6, 7, 10, 3, 13, 1, 15, 2, 0, 8, 9, 5, 14, 11, 12],
];

/// UVa 10085's sample start, whose farthest states are 31 moves away.
const DISTANT_SAMPLE: [u32; 9] = [2, 6, 4, 1, 3, 7, 0, 5, 8];

/// CSES 1670's sample, as the 0-8 board its cells are written from (`9` is tile 0).
const SWAP_SAMPLE: [u32; 9] = [2, 1, 3, 7, 5, 0, 8, 4, 6];

/// The longest random walk of a UVa 10181 case: its optimum is at most this, within the
/// judge's 50 moves, and quick to find for the reference and the program alike.
const FIFTEEN_WALK: usize = 40;

/// The edge cases of `format`, then `random` seeded random cases (not ABC224 D's:
/// [`super::graph_cases`]; POJ 2893's boards of many shapes are
/// [`super::shape_cases`]'s).
pub(super) fn generate(format: JudgeFormat, random: usize, seed: u64) -> Vec<Generated> {
    let goal = format.goal();
    let mut cases = vec![
        case("start equal to goal", goal.clone(), goal.clone()),
        case("one move", one_move(&goal), goal.clone()),
    ];
    if format.has_unsolvable() {
        cases.push(case("unsolvable", swap_parity(&goal), goal.clone()));
    }
    let board = |cells: &[u32]| Board::new(goal.size(), cells.to_vec()).expect("a permutation");
    match format {
        // No table of every 4x4 board: the hard cases are known ones, the rest walks.
        JudgeFormat::Uva10181 | JudgeFormat::Alds113C => {
            let hard = if format == JudgeFormat::Uva10181 {
                HARD_FIFTEEN
            } else {
                HARD_AOJ_FIFTEEN
            };
            for cells in hard {
                cases.push(case("hard", board(&cells), goal.clone()));
            }
        }
        // The scatter asks no search: the board turned half round is far from the goal.
        JudgeFormat::KattisNpuzzle => {
            let cells: Vec<u32> = goal.cells().iter().rev().copied().collect();
            cases.push(case("far", board(&cells), goal.clone()));
        }
        // Every start has farthest states: the sample's, and a start with the blank in
        // each cell (each a search of its own).
        JudgeFormat::Uva10085 => {
            cases.push(case("sample", board(&DISTANT_SAMPLE), goal.clone()));
            for blank in 0..goal.size().cells() {
                let layout = Layout::new(goal.size(), blank).expect("a 3x3 cell");
                cases.push(case("blank in every cell", layout.goal(), goal.clone()));
            }
        }
        JudgeFormat::Cses1670 => {
            cases.push(case("sample", board(&SWAP_SAMPLE), goal.clone()));
            for grid in crate::puzzle::swap_game::SwapGame::shared().farthest().1 {
                let cells: Vec<u32> = grid.iter().map(|&n| u32::from(n) % 9).collect();
                cases.push(case("hardest", board(&cells), goal.clone()));
            }
        }
        _ => {
            for board in hardest(&goal) {
                cases.push(case("hardest", board, goal.clone()));
            }
        }
    }
    let mut rng = StdRng::seed_from_u64(seed);
    for _ in 0..random {
        let goal = if format.goal_a_case() {
            random_board(&goal, &mut rng)
        } else {
            goal.clone()
        };
        let start = if matches!(format, JudgeFormat::Uva10181 | JudgeFormat::Alds113C) {
            let steps = rng.gen_range(1..=FIFTEEN_WALK);
            random_walk(&goal, steps, &mut rng)
        } else {
            random_board(&goal, &mut rng)
        };
        // Every grid of the swap game can be sorted: both halves of the sliding puzzle's
        // permutations are its cases.
        let start = if format == JudgeFormat::Cses1670 && rng.gen() {
            swap_parity(&start)
        } else {
            start
        };
        // A quarter unsolvable: enough to catch a program that never says so.
        if format.has_unsolvable() && rng.gen_range(0..4) == 0 {
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
        distance_table::eight_puzzle(goal.blank())
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
    use crate::puzzle::solvability::is_solvable;

    #[test]
    fn uva10181_cases_are_within_the_judges_fifty_moves() {
        let format = JudgeFormat::Uva10181;
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
        assert_eq!(hard.len(), HARD_FIFTEEN.len());
        assert!(hard.iter().all(|&n| n >= 45), "{hard:?}");
    }

    #[test]
    fn alds1_13_c_cases_are_within_the_problems_45_moves() {
        let format = JudgeFormat::Alds113C;
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
        let format = JudgeFormat::P1379;
        let goal = format.goal();
        let table = distance_table::eight_puzzle(goal.blank());
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
        let formats = crate::services::judge::JUDGES.iter().map(|j| j.format);
        // The swap game's grids are any permutation: the sliding parity says nothing.
        let sliding = |f: &JudgeFormat| !matches!(f, JudgeFormat::Abc224d | JudgeFormat::Cses1670);
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
