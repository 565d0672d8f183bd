//! Reproducible scrambles. The random generator is passed in, so a seed gives the same
//! boards on every machine.
//!
//! ```
//! use npuzzle::puzzle::random::{random_board, random_walk};
//! use npuzzle::{is_solvable, Board, Size};
//! use rand::SeedableRng;
//!
//! let goal = Board::goal(Size::new(4, 3)?);
//! let mut rng = rand::rngs::StdRng::seed_from_u64(1);
//! let board = random_board(&goal, &mut rng);
//! assert!(is_solvable(&board, &goal));
//! let near = random_walk(&goal, 2, &mut rng);
//! assert!(near != board);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use rand::seq::SliceRandom;
use rand::Rng;
use thiserror::Error;

use crate::puzzle::board::{Board, Move};
use crate::puzzle::solvability::{is_solvable, swap_parity};

/// The longest random walk asked for by number ([`walk_length`]): a few seconds of
/// moves, and far more than a board needs to be mixed (a uniformly random board is
/// [`random_board`]).
pub const MAX_WALK: u64 = 100_000_000;

/// A walk longer than [`MAX_WALK`].
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("a walk of {0} moves is more than the {MAX_WALK} allowed (a board is mixed long before; without a walk the board is uniformly random)")]
pub struct WalkTooLong(pub u64);

/// `steps` as the length of a random walk, if it is at most [`MAX_WALK`]: every front end
/// checks a walk asked for by number here, so that none runs for hours on a typo.
///
/// ```
/// use npuzzle::puzzle::random::{walk_length, MAX_WALK};
/// assert_eq!(walk_length(40), Ok(40));
/// assert!(walk_length(MAX_WALK + 1).is_err());
/// ```
///
/// # Errors
/// [`WalkTooLong`] above [`MAX_WALK`].
pub fn walk_length(steps: u64) -> Result<usize, WalkTooLong> {
    if steps > MAX_WALK {
        return Err(WalkTooLong(steps));
    }
    usize::try_from(steps).map_err(|_| WalkTooLong(steps))
}

/// A board drawn uniformly from all boards that can reach `goal`.
///
/// ```
/// use rand::SeedableRng;
/// use npuzzle::{is_solvable, puzzle::random::random_board, Board, Size};
/// let goal = Board::goal(Size::new(3, 4).unwrap());
/// let mut rng = rand::rngs::StdRng::seed_from_u64(7);
/// assert!(is_solvable(&random_board(&goal, &mut rng), &goal));
/// ```
///
/// # Panics
/// Never: a shuffle of the goal's tiles is a valid board.
pub fn random_board(goal: &Board, rng: &mut impl Rng) -> Board {
    let mut cells = goal.cells().to_vec();
    cells.shuffle(rng);
    let board = Board::new(goal.size(), cells).expect("a shuffle keeps a permutation");
    // Swapping two tiles maps the unreachable half one-to-one onto the reachable half.
    if is_solvable(&board, goal) {
        board
    } else {
        swap_parity(&board)
    }
}

/// The board `steps` random blank moves away from `goal`, never undoing the move just
/// made (so short walks do not fold back on themselves). Its distance is at most `steps`.
///
/// # Panics
/// Never: a walk only takes legal moves.
pub fn random_walk(goal: &Board, steps: usize, rng: &mut impl Rng) -> Board {
    let mut board = goal.clone();
    let mut last: Option<Move> = None;
    for _ in 0..steps {
        // On the stack, not a vector a move: the same choice from the same generator.
        let mut options = [Move::Left; 4];
        let mut count = 0;
        for m in Move::ALL {
            if Some(m.inverse()) != last && board.size().step(board.blank(), m).is_some() {
                options[count] = m;
                count += 1;
            }
        }
        let mv = *options[..count]
            .choose(rng)
            .expect("every cell has two neighbours");
        board.apply(mv);
        last = Some(mv);
    }
    board
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::board::Size;
    use rand::SeedableRng;

    #[test]
    fn uniform_over_reachable_2x2() {
        // 2x2 has 12 reachable boards: each should turn up roughly 1/12 of the time.
        let goal = Board::goal(Size::square(2).unwrap());
        let mut rng = rand::rngs::StdRng::seed_from_u64(1);
        let mut counts = std::collections::HashMap::new();
        for _ in 0..12_000 {
            *counts.entry(random_board(&goal, &mut rng)).or_insert(0) += 1;
        }
        assert_eq!(counts.len(), 12);
        assert!(
            counts.values().all(|&c| (800..1200).contains(&c)),
            "{counts:?}"
        );
    }

    /// The chi-square statistic's quantiles `z` standard deviations below and above its
    /// mean for `df` degrees of freedom (Wilson and Hilferty's cube-root normal
    /// approximation, within a fraction of a percent at these sizes).
    fn chi_square_bounds(df: f64, z: f64) -> (f64, f64) {
        let spread = (2.0 / (9.0 * df)).sqrt();
        let at = |z: f64| df * (1.0 - 2.0 / (9.0 * df) + z * spread).powi(3);
        (at(-z), at(z))
    }

    /// Draws `per_state` boards a reachable board of `goal`'s size on average (each
    /// checked reachable), and checks that every reachable board turned up and that the
    /// counts pass a chi-square test of uniformity at six standard deviations either side
    /// (a false alarm about once in 500 million seeds; the seed is fixed, so the test
    /// always passes or always fails). Boards are told apart by their permutation rank.
    fn check_uniform(goal: &Board, per_state: usize, seed: u64) {
        let cells = goal.size().cells();
        let states = (1..=cells).product::<usize>() / 2;
        let mut counts = vec![0u32; 2 * states];
        let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
        for _ in 0..states * per_state {
            let board = random_board(goal, &mut rng);
            assert!(is_solvable(&board, goal), "{board}");
            let tiles: Vec<u8> = board.cells().iter().map(|&t| t as u8).collect();
            counts[crate::puzzle::rank::rank(&tiles) as usize] += 1;
        }
        let drawn = counts.iter().filter(|&&c| c > 0).count();
        assert_eq!(drawn, states, "every reachable board, and only those");
        let expected = per_state as f64;
        let statistic: f64 = counts
            .iter()
            .filter(|&&c| c > 0)
            .map(|&c| (f64::from(c) - expected).powi(2) / expected)
            .sum();
        let (low, high) = chi_square_bounds((states - 1) as f64, 6.0);
        assert!(
            (low..high).contains(&statistic),
            "chi-square {statistic:.1} outside {low:.1}..{high:.1} ({} degrees of freedom)",
            states - 1
        );
    }

    #[test]
    fn uniform_over_every_reachable_2x3_board() {
        for goal_blank in [5, 0, 4] {
            let mut cells: Vec<u32> = (1..6).collect();
            cells.insert(goal_blank, 0);
            let goal = Board::new(Size::new(3, 2).unwrap(), cells).unwrap();
            check_uniform(&goal, 100, 38);
        }
    }

    #[test]
    fn uniform_over_every_reachable_3x3_board() {
        check_uniform(&Board::goal(Size::square(3).unwrap()), 30, 5259);
    }

    #[test]
    fn walks_are_reachable_and_seeded() {
        let goal = Board::goal(Size::new(5, 3).unwrap());
        let a = random_walk(&goal, 40, &mut rand::rngs::StdRng::seed_from_u64(3));
        let b = random_walk(&goal, 40, &mut rand::rngs::StdRng::seed_from_u64(3));
        assert_eq!(a, b);
        assert!(is_solvable(&a, &goal));
    }
}
