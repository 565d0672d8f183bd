//! Fast, non-optimal solving of any board, up to hundreds of cells a side: place the
//! tiles row by row and column by column, shrinking the unsolved part to a small block
//! that is then solved optimally.
//!
//! ```
//! use npuzzle::{puzzle::random::random_board, solving::constructive, Board, Size, Status};
//! use rand::SeedableRng;
//!
//! let goal = Board::goal(Size::square(30)?);
//! let start = random_board(&goal, &mut rand::rngs::StdRng::seed_from_u64(7));
//! let solution = constructive::solve(&start, &goal, &npuzzle::search::Limits::NONE);
//! assert_eq!(solution.status, Status::Solved);
//! assert!(!solution.optimal);
//! let mut board = start.clone();
//! board.apply_all(&solution.moves).unwrap();
//! assert_eq!(board, goal);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! The unsolved part is always a rectangle at the bottom right. While it is more than
//! three cells tall or wide, its top row (or left column, whichever side is longer) is
//! filled: every tile but the last two goes straight to its cell; the last two are
//! parked one behind the other and turned into place together (placing the last tile
//! of a row directly is impossible without disturbing the row). Each tile travels along
//! a path that never enters a finished cell, and before each of its steps the blank is
//! brought around to the cell it steps into without touching finished cells or the
//! tile itself. The final block of at most 3x3 is solved optimally.
//!
//! Any goal is handled by solving first to the goal with its blank walked to the bottom
//! right corner, then walking the blank back: at most `w + h` extra moves. The result is
//! then shortened by cancelling moves that undo the move before them.
//!
//! The number of moves is O(n³) on an n x n board; Parberry (1995) bounds this method by
//! about 5n³.

mod shortening;
mod work;

use crate::puzzle::board::{Board, Move};
use std::time::Instant;

use crate::answer::algorithm::Algorithm;
use crate::answer::solution::Solution;
use crate::search::{GiveUp, Limits, Stats};
pub use shortening::{cancel_inverse_pairs, shorten_by_windows, shorten_within};
use work::Work;

/// The largest final block side solved optimally.
pub(super) const BLOCK: usize = 3;

/// A non-optimal solution, with what each stage contributed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Constructed {
    /// The blank's moves from start to goal, after shortening.
    pub moves: Vec<Move>,
    /// How many moves the construction made before shortening.
    pub raw_length: usize,
}

/// Solves `start` towards `goal` (same size, reachable) by construction; `None` when the
/// goal cannot be reached.
///
/// ```
/// use npuzzle::solving::constructive::construct;
/// use npuzzle::{puzzle::random::random_board, Board, Size};
/// use rand::SeedableRng;
/// let goal = Board::goal(Size::new(12, 9).unwrap());
/// let start = random_board(&goal, &mut rand::rngs::StdRng::seed_from_u64(1));
/// let solution = construct(&start, &goal).unwrap();
/// let mut board = start.clone();
/// board.apply_all(&solution.moves).unwrap();
/// assert_eq!(board, goal);
/// ```
///
/// # Panics
/// When `start` and `goal` differ in size.
pub fn construct(start: &Board, goal: &Board) -> Option<Constructed> {
    construct_within(start, goal, &Limits::NONE).expect("no limit to reach")
}

/// Bytes the moves of a construction take at the peak, a move: the list (a byte a move),
/// the list it grows into when full, and the copy the cancelling of inverse pairs makes.
const BYTES_A_MOVE: usize = 3;

/// [`construct`] within `limits`: it gives up when `max_time` passes, its `cancel` token
/// is set, or its moves would take more than `max_bytes`, before it is done.
///
/// # Errors
/// [`GiveUp::Time`], [`GiveUp::Interrupted`] or [`GiveUp::Memory`] when a limit is
/// reached first.
///
/// # Panics
/// When `start` and `goal` differ in size.
pub fn construct_within(
    start: &Board,
    goal: &Board,
    limits: &Limits,
) -> Result<Option<Constructed>, GiveUp> {
    let deadline = limits
        .max_time
        .and_then(|span| Some((Instant::now().checked_add(span)?, span)));
    assert_eq!(start.size(), goal.size(), "start and goal sizes differ");
    if !crate::puzzle::solvability::is_solvable(start, goal) {
        return Ok(None);
    }
    let (corner_goal, walk_back) = corner_goal(goal);
    let mut work = working(start, &corner_goal, limits, deadline);
    work.fill();
    if work.expired {
        return Err(why_stopped(&work, limits, deadline));
    }
    let mut moves = work.moves;
    moves.extend(walk_back);
    let raw_length = moves.len();
    Ok(Some(Constructed {
        moves: cancel_inverse_pairs(moves),
        raw_length,
    }))
}

/// `goal` with its blank walked to the bottom-right corner, which is the goal the method
/// constructs, and the moves that walk it back.
fn corner_goal(goal: &Board) -> (Board, Vec<Move>) {
    let size = goal.size();
    let mut corner_goal = goal.clone();
    let mut walk = Vec::new();
    let (goal_row, goal_col) = size.row_col(goal.blank());
    walk.extend(std::iter::repeat_n(
        Move::Right,
        size.width() - 1 - goal_col,
    ));
    walk.extend(std::iter::repeat_n(
        Move::Down,
        size.height() - 1 - goal_row,
    ));
    corner_goal
        .apply_all(&walk)
        .expect("the walk stays on the board");
    debug_assert_eq!(corner_goal.blank(), size.cells() - 1);
    let back = walk.iter().rev().map(|m| m.inverse()).collect();
    (corner_goal, back)
}

/// The construction of `start` towards `corner_goal` under `limits`.
fn working(
    start: &Board,
    corner_goal: &Board,
    limits: &Limits,
    deadline: Option<(Instant, std::time::Duration)>,
) -> Work {
    let mut work = Work::new(start, corner_goal);
    work.deadline = deadline.map(|(at, _)| at);
    work.cancel.clone_from(&limits.cancel);
    work.max_moves = limits
        .max_bytes
        .map(|b| usize::try_from(b).unwrap_or(usize::MAX) / BYTES_A_MOVE);
    work
}

/// Which of `limits` stopped `work`.
fn why_stopped(
    work: &Work,
    limits: &Limits,
    deadline: Option<(Instant, std::time::Duration)>,
) -> GiveUp {
    match (deadline, limits.max_bytes) {
        _ if limits.cancelled() => GiveUp::Interrupted,
        (Some((at, span)), _) if Instant::now() >= at => GiveUp::Time(span),
        (_, Some(budget)) => GiveUp::Memory {
            budget,
            held: work.moves.len() as u64,
        },
        _ => unreachable!("a limit stopped the construction"),
    }
}

/// A board reduced by the construction to its unsolved block at the bottom right, for a
/// search to finish: the moves so far, the block as a board of its own now and at the
/// goal, and the moves after it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reduction {
    /// The moves that place every tile outside the block.
    pub moves: Vec<Move>,
    /// The block after those moves, its tiles renamed 1..k in goal order (the blank 0):
    /// the blank's moves in it are its moves on the whole board.
    pub block_start: Board,
    /// The block at the goal (its blank in its bottom-right corner), named alike.
    pub block_goal: Board,
    /// The moves that follow the block's: the goal's blank walked back from the corner.
    pub walk_back: Vec<Move>,
}

/// Places rows and columns as [`construct_within`] does until the unsolved block has
/// sides of at most `side` (at least 3); `None` when the goal cannot be reached.
///
/// ```
/// use npuzzle::solving::constructive::reduce_within;
/// use npuzzle::{puzzle::random::random_board, search::Limits, Board, Size};
/// use rand::SeedableRng;
/// let goal = Board::goal(Size::square(10).unwrap());
/// let start = random_board(&goal, &mut rand::rngs::StdRng::seed_from_u64(1));
/// let reduced = reduce_within(&start, &goal, 8, &Limits::NONE).unwrap().unwrap();
/// assert_eq!(reduced.block_start.size(), Size::square(8).unwrap());
/// ```
///
/// # Errors
/// As [`construct_within`].
///
/// # Panics
/// When `start` and `goal` differ in size, or `side` is below 3.
pub fn reduce_within(
    start: &Board,
    goal: &Board,
    side: usize,
    limits: &Limits,
) -> Result<Option<Reduction>, GiveUp> {
    assert!(side >= BLOCK, "blocks of at least 3x3");
    assert_eq!(start.size(), goal.size(), "start and goal sizes differ");
    if !crate::puzzle::solvability::is_solvable(start, goal) {
        return Ok(None);
    }
    let deadline = limits
        .max_time
        .and_then(|span| Some((Instant::now().checked_add(span)?, span)));
    let (corner_goal, walk_back) = corner_goal(goal);
    let mut work = working(start, &corner_goal, limits, deadline);
    let (top, left) = work.fill_until(side);
    if work.expired {
        return Err(why_stopped(&work, limits, deadline));
    }
    let (block_start, block_goal) = work.block_boards(top, left);
    Ok(Some(Reduction {
        moves: work.moves,
        block_start,
        block_goal,
        walk_back,
    }))
}

/// Constructive answers up to this many moves are shortened by re-solving windows.
const WINDOW_SHORTENING_MOVES: usize = 1_000_000;

/// Solves `start` towards `goal` constructively: the answer of
/// [`crate::Algorithm::Constructive`], shortened where that is cheap, within
/// `limits.max_time` (the construction gives up when it runs out; the shortening stops
/// and keeps what it has) and until `limits.cancel` is set (the same).
pub fn solve(start: &Board, goal: &Board, limits: &Limits) -> Solution {
    let started = Instant::now();
    let deadline = limits.max_time.and_then(|span| started.checked_add(span));
    let mut solution = Solution::new(Algorithm::Constructive, None);
    match construct_within(start, goal, limits) {
        Ok(Some(built)) => {
            // Window re-solving saves about 1% for three times the construction's time
            // (docs/BENCHMARKS.md, "Constructive (big boards)"), so it is spent only where the answer stays small.
            let moves = if built.moves.len() <= WINDOW_SHORTENING_MOVES {
                shorten_within(start, &built.moves, 24, 12, || {
                    limits.cancelled() || deadline.is_some_and(|at| Instant::now() >= at)
                })
            } else {
                built.moves
            };
            solution.optimal = moves.is_empty();
            solution.conclude(Ok(moves));
        }
        Ok(None) => {}
        Err(why) => solution.conclude(Err(why)),
    }
    solution.stats = Stats {
        seconds: started.elapsed().as_secs_f64(),
        ..Stats::default()
    };
    solution
}

#[cfg(test)]
mod tests {
    use super::work::line;
    use super::*;
    use crate::puzzle::board::Size;
    use crate::puzzle::random::random_board;
    use crate::util::cancel::CancelToken;
    use proptest::prelude::*;
    use rand::SeedableRng;

    fn check(width: usize, height: usize, seed: u64, random_goal: bool) {
        let size = Size::new(width, height).unwrap();
        let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
        let goal = if random_goal {
            random_board(&Board::goal(size), &mut rng)
        } else {
            Board::goal(size)
        };
        let start = random_board(&goal, &mut rng);
        let solution = construct(&start, &goal).unwrap();
        let mut board = start.clone();
        board.apply_all(&solution.moves).expect("legal moves");
        assert_eq!(board, goal, "{width}x{height} seed {seed}");
        assert!(solution.moves.len() <= solution.raw_length);
        let shorter = shorten_by_windows(&start, &solution.moves, 20, 12);
        assert!(shorter.len() <= solution.moves.len());
        let mut board = start.clone();
        board.apply_all(&shorter).expect("legal moves");
        assert_eq!(board, goal, "shortened {width}x{height} seed {seed}");
    }

    #[test]
    fn line_walks_both_ways() {
        assert_eq!(line(5, 2, 4).collect::<Vec<_>>(), vec![2, 3, 4]);
        assert_eq!(line(5, 14, 4).collect::<Vec<_>>(), vec![14, 9, 4]);
        assert_eq!(line(5, 7, 7).collect::<Vec<_>>(), vec![7]);
    }

    #[test]
    fn cancels_nested_pairs() {
        use Move::*;
        assert_eq!(
            cancel_inverse_pairs(vec![Left, Up, Down, Right, Up]),
            vec![Up]
        );
    }

    #[test]
    fn a_set_token_stops_the_construction() {
        let goal = Board::goal(Size::square(300).unwrap());
        let start =
            crate::puzzle::random::random_board(&goal, &mut rand::rngs::StdRng::seed_from_u64(3));
        let token = CancelToken::new();
        token.cancel();
        let limits = Limits {
            cancel: Some(token),
            ..Limits::NONE
        };
        assert_eq!(
            construct_within(&start, &goal, &limits),
            Err(GiveUp::Interrupted)
        );
        let solution = solve(&start, &goal, &limits);
        assert_eq!(solution.status, crate::Status::GaveUp(GiveUp::Interrupted));
    }

    #[test]
    fn unreachable_is_none() {
        let goal = Board::goal(Size::square(5).unwrap());
        let start = crate::puzzle::solvability::swap_parity(&goal);
        assert_eq!(construct(&start, &goal), None);
    }

    #[test]
    fn every_small_shape() {
        for w in 2..=9 {
            for h in 2..=9 {
                for seed in 0..6 {
                    check(w, h, seed, seed % 2 == 1);
                }
            }
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]
        #[test]
        fn any_board_reaches_any_goal(w in 2usize..24, h in 2usize..24, seed in any::<u64>(), random_goal in any::<bool>()) {
            check(w, h, seed, random_goal);
        }

        #[test]
        fn a_reduction_with_its_block_solved_reaches_the_goal(
            w in 3usize..16, h in 3usize..16, side in 3usize..9, seed in any::<u64>()
        ) {
            let size = Size::new(w, h).unwrap();
            let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
            let goal = random_board(&Board::goal(size), &mut rng);
            let start = random_board(&goal, &mut rng);
            let reduced = reduce_within(&start, &goal, side, &Limits::NONE).unwrap().unwrap();
            let block = reduced.block_start.size();
            prop_assert!(block.width() <= side.min(w) && block.height() <= side.min(h));
            let finish = construct(&reduced.block_start, &reduced.block_goal).unwrap().moves;
            let mut board = start.clone();
            board.apply_all(&reduced.moves).unwrap();
            board.apply_all(&finish).unwrap();
            board.apply_all(&reduced.walk_back).unwrap();
            prop_assert_eq!(board, goal);
        }
    }
}
