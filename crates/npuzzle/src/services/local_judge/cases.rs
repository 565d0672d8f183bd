//! The cases a local judge puts to a program: the edge cases every format has (start
//! equal to goal, one move, unsolvable where the format allows it, the hardest boards),
//! then seeded random ones, so a seed names the same cases on every machine.

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use crate::puzzle::board::{Board, Move, Size};
use crate::puzzle::random::random_board;
use crate::puzzle::solvability::swap_parity;
use crate::tables::distance_table::{self, DistanceTable, Layout};
use crate::util::progress::Silent;

use super::format::Format;

/// One generated case: what kind of case it is, and its boards.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Generated {
    /// Why the case is there: `start equal to goal`, `random`, ...
    pub label: String,
    /// The start board.
    pub start: Board,
    /// The goal board (the format's fixed goal, or the case's own for HDU 3567).
    pub goal: Board,
}

/// The edge cases of `format`, then `random` seeded random cases.
pub(super) fn generate(format: Format, random: usize, seed: u64) -> Vec<Generated> {
    let goal = format.goal();
    let mut cases = vec![
        case("start equal to goal", goal.clone(), goal.clone()),
        case("one move", one_move(&goal), goal.clone()),
    ];
    if format.has_unsolvable() {
        cases.push(case("unsolvable", swap_parity(&goal), goal.clone()));
    }
    for board in hardest(&goal) {
        cases.push(case("hardest", board, goal.clone()));
    }
    let mut rng = StdRng::seed_from_u64(seed);
    for _ in 0..random {
        // HDU 3567 gives each case its own goal; the other formats have one.
        let goal = if format == Format::Hdu3567 {
            random_board(&goal, &mut rng)
        } else {
            goal.clone()
        };
        let start = random_board(&goal, &mut rng);
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
        start,
        goal,
    }
}

/// The board one blank move from `goal` (the first legal move in the default order).
fn one_move(goal: &Board) -> Board {
    Move::DEFAULT_ORDER
        .iter()
        .find_map(|&m| goal.moved(m))
        .expect("every board of two cells or more has a move")
}

/// Every board farthest from `goal`, from the complete distance table towards it (all
/// of them: the table's summary keeps only the first [`distance_table::HARDEST_KEPT`]).
fn hardest(goal: &Board) -> Vec<Board> {
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
    fn p1379_hardest_boards_are_all_thirty_moves_away() {
        let format = Format::P1379;
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
            let relabeled = c.start.relabeled(&c.goal, &layout.goal());
            assert_eq!(table.distance(&relabeled), Some(30));
        }
    }

    #[test]
    fn a_seed_names_the_same_cases_and_unsolvable_ones_are_marked() {
        for format in Format::ALL {
            let a = generate(format, 20, 7);
            assert_eq!(a, generate(format, 20, 7));
            assert_ne!(a, generate(format, 20, 8));
            for c in &a {
                let unsolvable = c.label.contains("unsolvable");
                assert_eq!(is_solvable(&c.start, &c.goal), !unsolvable, "{c:?}");
                assert!(format.has_unsolvable() || !unsolvable);
            }
        }
    }
}
