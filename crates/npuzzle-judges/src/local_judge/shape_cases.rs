//! POJ 2893's cases: boards of many shapes, from 2x2 to the problem's largest, 999 x 999,
//! each against its own goal (the tiles in order, the blank last): the problem's samples,
//! the goal, one move, unreachable boards of odd and even widths, the thinnest boards,
//! then seeded random shapes and boards, a quarter of them unreachable.

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use npuzzle::puzzle::board::{Board, Size};
use npuzzle::puzzle::random::random_board;
use npuzzle::puzzle::solvability::swap_parity;

use super::cases::{one_move, Generated};
use crate::judge::Instance;

/// The problem's sample boards, rows of cells: `YES` then `NO`.
const SAMPLES: [(usize, usize, &[u32]); 2] = [
    (3, 3, &[1, 0, 3, 4, 2, 5, 7, 8, 6]),
    (4, 3, &[1, 2, 5, 4, 6, 9, 11, 8, 10, 3, 7, 0]),
];

/// The largest random shape drawn, rows and columns: small boards, many of them.
const RANDOM_SIDE: usize = 12;

/// The edge cases, then `random` seeded random boards.
pub(super) fn generate(random: usize, seed: u64) -> Vec<Generated> {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut cases = Vec::new();
    for (i, (m, n, cells)) in SAMPLES.into_iter().enumerate() {
        let board = Board::new(size(m, n), cells.to_vec()).expect("the samples are boards");
        let label = if i == 0 {
            "sample 1"
        } else {
            "sample 2 (unsolvable)"
        };
        cases.push(case(label, board));
    }
    let goal = Board::goal(size(3, 4));
    cases.push(case("start equal to goal", goal.clone()));
    cases.push(case("one move", one_move(&goal)));
    // Odd and even widths: the even one is where the blank's row counts.
    cases.push(case("unsolvable", swap_parity(&goal)));
    cases.push(case("unsolvable", swap_parity(&Board::goal(size(4, 3)))));
    cases.push(case("unsolvable", swap_parity(&Board::goal(size(2, 2)))));
    for (label, m, n) in [("thin", 2, 999), ("thin", 999, 2), ("largest", 999, 999)] {
        let board = random_board(&Board::goal(size(m, n)), &mut rng);
        cases.push(case(label, board));
    }
    for _ in 0..random {
        let (m, n) = (
            rng.gen_range(2..=RANDOM_SIDE),
            rng.gen_range(2..=RANDOM_SIDE),
        );
        let board = random_board(&Board::goal(size(m, n)), &mut rng);
        if rng.gen_range(0..4) == 0 {
            cases.push(case("random unsolvable", swap_parity(&board)));
        } else {
            cases.push(case("random", board));
        }
    }
    cases
}

/// `m` rows of `n` cells, as the problem writes the shape.
fn size(m: usize, n: usize) -> Size {
    Size::new(n, m).expect("2 to 999 rows and columns make a size")
}

fn case(label: &str, start: Board) -> Generated {
    Generated {
        label: label.to_string(),
        instance: Instance::Boards {
            goal: Board::goal(start.size()),
            start,
        },
    }
}
