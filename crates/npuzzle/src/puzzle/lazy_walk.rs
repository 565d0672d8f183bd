//! DeepCubeA's scrambles: lazy random walks back from the goal, of a length drawn from a
//! range. Its published test states were made this way, so these are the boards to hold a
//! solver against it with (a uniformly random board is [`super::random::random_board`]).
//!
//! ```
//! use npuzzle::puzzle::lazy_walk::LazyWalk;
//! use npuzzle::{is_solvable, Board, Size};
//! use rand::SeedableRng;
//!
//! let goal = Board::goal(Size::square(5)?);
//! let walk: LazyWalk = "1000..10000".parse()?;
//! let mut rng = rand::rngs::StdRng::seed_from_u64(1);
//! let board = walk.draw(&goal, &mut rng);
//! assert!(is_solvable(&board, &goal));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! **The walk.** Each step picks one of the four directions with equal chance; a step
//! that would take the blank off the board does nothing, and a step may undo the one
//! before (DeepCubeA's `environments/n_puzzle.py`, `generate_states`). The number of
//! steps is drawn uniformly from the range, both ends included, as its `randint(a, b + 1)`
//! does. The walk `--walk` takes (never undoing a move, never standing still) is
//! [`super::random::random_walk`]: a different distribution, kept for what it was.

use std::fmt;
use std::str::FromStr;

use rand::Rng;
use thiserror::Error;

use crate::puzzle::board::{Board, Move};
use crate::puzzle::random::{WalkTooLong, MAX_WALK};

/// A range of lazy-walk lengths, both ends included (`1000`, `1000..10000`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LazyWalk {
    /// The fewest steps.
    pub min: u64,
    /// The most steps.
    pub max: u64,
}

/// Why a range of walk lengths could not be read.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum LazyWalkError {
    /// An end that is not a whole number of steps.
    #[error("'{0}' is not a number of steps: write N or A..B (whole numbers, both ends included)")]
    NotANumber(String),
    /// An end above [`MAX_WALK`].
    #[error(transparent)]
    TooLong(#[from] WalkTooLong),
    /// An upper end below the lower one.
    #[error("the range {min}..{max} is empty: its end is below its start")]
    Empty {
        /// The start given.
        min: u64,
        /// The end given.
        max: u64,
    },
}

impl LazyWalk {
    /// Walks of exactly `steps` steps.
    pub fn exactly(steps: u64) -> LazyWalk {
        LazyWalk {
            min: steps,
            max: steps,
        }
    }

    /// A board drawn from this distribution: a length from the range, then a lazy walk of
    /// that many steps back from `goal`.
    pub fn draw(&self, goal: &Board, rng: &mut impl Rng) -> Board {
        let steps = rng.gen_range(self.min..=self.max);
        lazy_random_walk(goal, steps, rng)
    }
}

impl FromStr for LazyWalk {
    type Err = LazyWalkError;

    fn from_str(text: &str) -> Result<LazyWalk, LazyWalkError> {
        let end = |part: &str| -> Result<u64, LazyWalkError> {
            let part = part.trim();
            if part.is_empty() || !part.chars().all(|c| c.is_ascii_digit()) {
                return Err(LazyWalkError::NotANumber(part.to_string()));
            }
            let steps: u64 = part
                .parse()
                .map_err(|_| WalkTooLong(u64::MAX))
                .map_err(LazyWalkError::TooLong)?;
            if steps > MAX_WALK {
                return Err(WalkTooLong(steps).into());
            }
            Ok(steps)
        };
        let text = text.trim();
        let walk = match text.split_once("..") {
            Some((min, max)) => LazyWalk {
                min: end(min)?,
                max: end(max)?,
            },
            None => LazyWalk::exactly(end(text)?),
        };
        if walk.max < walk.min {
            return Err(LazyWalkError::Empty {
                min: walk.min,
                max: walk.max,
            });
        }
        Ok(walk)
    }
}

impl fmt::Display for LazyWalk {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.min == self.max {
            write!(f, "{}", self.min)
        } else {
            write!(f, "{}..{}", self.min, self.max)
        }
    }
}

/// The board `steps` lazy random steps away from `goal`: each step one of the four
/// directions with equal chance, a step off the board standing still.
pub fn lazy_random_walk(goal: &Board, steps: u64, rng: &mut impl Rng) -> Board {
    let mut board = goal.clone();
    let size = board.size();
    for _ in 0..steps {
        let mv = Move::ALL[rng.gen_range(0..4)];
        if size.step(board.blank(), mv).is_some() {
            board.apply(mv);
        }
    }
    board
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::board::Size;
    use crate::puzzle::solvability::is_solvable;
    use rand::SeedableRng;

    #[test]
    fn ranges_read_as_written_and_bad_ones_say_why() {
        assert_eq!("1000".parse(), Ok(LazyWalk::exactly(1000)));
        assert_eq!(
            " 1000..10000 ".parse(),
            Ok(LazyWalk {
                min: 1000,
                max: 10000
            })
        );
        assert_eq!("7..7".parse::<LazyWalk>().unwrap().to_string(), "7");
        assert_eq!("3..9".parse::<LazyWalk>().unwrap().to_string(), "3..9");
        for bad in ["", "x", "-3", "1..", "..4", "1.5", "1...3"] {
            assert!(
                matches!(bad.parse::<LazyWalk>(), Err(LazyWalkError::NotANumber(_))),
                "{bad}"
            );
        }
        assert_eq!(
            "9..3".parse::<LazyWalk>(),
            Err(LazyWalkError::Empty { min: 9, max: 3 })
        );
        assert!(matches!(
            "1..100000001".parse::<LazyWalk>(),
            Err(LazyWalkError::TooLong(_))
        ));
        assert!(matches!(
            "99999999999999999999999".parse::<LazyWalk>(),
            Err(LazyWalkError::TooLong(_))
        ));
    }

    #[test]
    fn a_step_off_the_board_stands_still_and_any_step_may_undo_the_last() {
        // On 2x2 every cell has two steps that stand still and two that move: over one
        // step the goal stays put half the time. Over two steps a walk is back at the goal
        // 1/2·1/2 (standing still twice) + 1/2·1/4 (a move and its undoing) = 3/8 of the
        // time; a walk that never stood still or undid a move could not be.
        let goal = Board::goal(Size::square(2).unwrap());
        let mut rng = rand::rngs::StdRng::seed_from_u64(5);
        let draws = 40_000;
        let at_goal = |steps: u64, rng: &mut rand::rngs::StdRng| {
            (0..draws)
                .filter(|_| lazy_random_walk(&goal, steps, rng) == goal)
                .count()
        };
        let one = at_goal(1, &mut rng);
        let two = at_goal(2, &mut rng);
        assert!((19_000..21_000).contains(&one), "{one}");
        assert!((14_200..15_800).contains(&two), "{two}");
    }

    #[test]
    fn lengths_are_drawn_over_the_whole_range_ends_included() {
        // On 2x2 a step moves the blank half the time. Over 0..=1 steps the board moves
        // with chance 1/2 · 1/2: were either end left out, 0 or 1/2.
        let goal = Board::goal(Size::square(2).unwrap());
        let walk: LazyWalk = "0..1".parse().unwrap();
        let mut rng = rand::rngs::StdRng::seed_from_u64(9);
        let moved = (0..16_000)
            .filter(|_| walk.draw(&goal, &mut rng) != goal)
            .count();
        assert!((3_600..4_400).contains(&moved), "{moved}");
    }

    #[test]
    fn walks_are_seeded_and_reachable() {
        let goal = Board::goal(Size::new(6, 4).unwrap());
        let walk: LazyWalk = "100..300".parse().unwrap();
        let draw = |seed| walk.draw(&goal, &mut rand::rngs::StdRng::seed_from_u64(seed));
        assert_eq!(draw(3), draw(3));
        assert_ne!(draw(3), draw(4));
        assert!(is_solvable(&draw(3), &goal));
    }
}
