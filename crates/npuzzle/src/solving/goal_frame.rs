//! Solving towards a goal with the pattern databases of another: a goal without tables
//! of its own is served by those cached for any goal whose blank lies where a symmetry of
//! the board (a mirror or a turn) takes this goal's blank. The board is mapped by that
//! symmetry and its tiles renamed so that the goal becomes the cached one; tile names do
//! not change how the blank moves, so the distance is the same, and the answer's moves,
//! mapped back, solve the board. The order of moves is mapped too, so the answer is the
//! same lexicographically smallest one the board's own tables would give.
//!
//! ```
//! use npuzzle::pdb::{registry, PartitionSet};
//! use npuzzle::solving::goal_frame::GoalFrame;
//! use npuzzle::tables::cache::Cache;
//! use npuzzle::util::progress::Silent;
//! use npuzzle::{parse_board, solve, Board, SolveOptions, Size};
//!
//! let dir = tempfile::tempdir()?;
//! let options = SolveOptions { cache: Some(Cache::new(dir.path())), ..SolveOptions::default() };
//! // Tables for the goal with the blank first...
//! let first = Board::blank_first_goal(Size::square(4)?);
//! let set = PartitionSet::classic(npuzzle::pdb::parse_groups("5-5-5", &first)?);
//! registry::shared(&options.cache(), &first, &set, &npuzzle::search::Limits::NONE, &Silent)?;
//! // ...serve the goal with the blank last, turned 180° and renamed.
//! let last = Board::goal(Size::square(4)?);
//! let frame = GoalFrame::find(&last, &options).expect("the blank-first tables serve it");
//! assert_eq!(frame.describe(), "the tables of goal 0 1 2 3/4 5 6 7/8 9 10 11/12 13 14 15, the board turned 180°");
//! let start = parse_board("1 2 3 4/5 6 7 8/9 10 0 11/13 14 15 12", None)?;
//! let solution = solve(&start, &last, &options)?;
//! assert_eq!(npuzzle::moves_to_string(&solution.moves), "rd");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::answer::algorithm::Algorithm;
use crate::answer::options::{EstimateChoice, SolveOptions};
use crate::pdb::registry;
use crate::puzzle::board::{Board, Move};
use crate::puzzle::metric::Metric;
use crate::puzzle::move_order::MoveOrder;
use crate::puzzle::symmetry::Symmetry;
use crate::solving::plan::{preferred_sets, AUTO_OPTIMAL_CELLS, FAST_AUTO_CELLS};

/// How a goal without tables is solved through another goal's tables.
#[derive(Clone, Debug)]
pub struct GoalFrame {
    symmetry: Symmetry,
    /// The goal asked for.
    asked: Board,
    /// The goal whose tables answer.
    framed: Board,
}

impl GoalFrame {
    /// The frame `auto` solves towards `goal` in, when `goal` has no cached tables of its
    /// own and another goal's serve it: the first symmetry (the board as it is first) and
    /// cached goal (in the order of their text) whose tables `auto` would take. `None`
    /// where `auto` does not read pattern databases (boards of at most
    /// [`FAST_AUTO_CELLS`] or more than [`AUTO_OPTIMAL_CELLS`] cells, another algorithm
    /// or estimate asked for, the multi-tile metric, a cluster, whose processes must agree
    /// on the board searched).
    pub fn find(goal: &Board, options: &SolveOptions) -> Option<GoalFrame> {
        let size = goal.size();
        let takes_tables = options.algorithm == Algorithm::Auto
            && options.estimate == EstimateChoice::Auto
            && options.metric == Metric::SingleTile
            && options.weight <= 1.0
            && options.cluster.is_none()
            && size.cells() > FAST_AUTO_CELLS
            && size.cells() <= AUTO_OPTIMAL_CELLS;
        if !takes_tables {
            return None;
        }
        let cache = options.cache();
        let served = |goal: &Board| {
            registry::cached(&cache, goal, &preferred_sets(goal), options.progress()).is_some()
        };
        if served(goal) {
            return None;
        }
        let goals = registry::goals_with_tables(&cache, size);
        Symmetry::all(size).into_iter().find_map(|symmetry| {
            let blank = symmetry.cell(size, goal.blank());
            goals
                .iter()
                .filter(|framed| framed.blank() == blank && *framed != goal)
                .find(|framed| served(framed))
                .map(|framed| GoalFrame {
                    symmetry,
                    asked: goal.clone(),
                    framed: framed.clone(),
                })
        })
    }

    /// The goal whose tables answer.
    pub fn goal(&self) -> &Board {
        &self.framed
    }

    /// `board` (towards the goal asked for) as it stands towards the framed goal.
    pub fn board(&self, board: &Board) -> Board {
        self.symmetry
            .board(board)
            .relabeled(&self.symmetry.board(&self.asked), &self.framed)
    }

    /// The move order of the framed search: each move as the symmetry maps it, so that
    /// the order picks among mapped answers as it would among the board's own.
    ///
    /// # Panics
    /// Never: a symmetry maps the four moves one to one.
    pub fn order(&self, order: MoveOrder) -> MoveOrder {
        MoveOrder::new(order.moves().map(|mv| self.symmetry.mv(mv)))
            .expect("a symmetry maps the four moves one to one")
    }

    /// The framed search's moves, as moves of the board asked for.
    pub fn moves_back(&self, moves: &[Move]) -> Vec<Move> {
        let back = self.symmetry.inverse();
        moves.iter().map(|&mv| back.mv(mv)).collect()
    }

    /// What the frame is, for reports: the goal whose tables answer and the symmetry.
    pub fn describe(&self) -> String {
        if self.symmetry == Symmetry::IDENTITY {
            format!("the tables of goal {}, tiles renamed", self.framed)
        } else {
            format!(
                "the tables of goal {}, the board {}",
                self.framed,
                self.symmetry.name()
            )
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pdb::{parse_groups, PartitionSet};
    use crate::puzzle::board::Size;
    use crate::puzzle::move_order::MoveOrder;
    use crate::puzzle::random::{random_board, random_walk};
    use crate::search::Limits;
    use crate::solving::solver::solve;
    use crate::tables::cache::Cache;
    use crate::util::progress::Silent;
    use proptest::prelude::*;
    use rand::seq::SliceRandom;
    use rand::SeedableRng;
    use std::sync::OnceLock;

    /// A cache holding 5-5-5 tables for the 4x4 goal with the blank first, made once.
    fn blank_first_cache() -> &'static Cache {
        static DIR: OnceLock<tempfile::TempDir> = OnceLock::new();
        static CACHE: OnceLock<Cache> = OnceLock::new();
        CACHE.get_or_init(|| {
            let dir = DIR.get_or_init(|| tempfile::tempdir().unwrap());
            let cache = Cache::new(dir.path());
            let first = Board::blank_first_goal(Size::square(4).unwrap());
            let set = PartitionSet::classic(parse_groups("5-5-5", &first).unwrap());
            registry::shared(&cache, &first, &set, &Limits::NONE, &Silent).unwrap();
            cache
        })
    }

    fn with_cache(cache: Option<Cache>, order: MoveOrder) -> SolveOptions {
        SolveOptions {
            cache,
            order,
            build_tables: false,
            ..SolveOptions::default()
        }
    }

    #[test]
    fn every_corner_goal_is_served_and_others_only_where_a_symmetry_takes_the_blank() {
        let size = Size::square(4).unwrap();
        let options = with_cache(Some(blank_first_cache().clone()), MoveOrder::DEFAULT);
        let mut rng = rand::rngs::StdRng::seed_from_u64(46);
        for _ in 0..40 {
            let goal = random_board(&Board::goal(size), &mut rng);
            let (row, col) = size.row_col(goal.blank());
            let corner = (row == 0 || row == 3) && (col == 0 || col == 3);
            let frame = GoalFrame::find(&goal, &options);
            assert_eq!(frame.is_some(), corner, "{goal}");
            if let Some(frame) = frame {
                assert_eq!(frame.board(&goal), *frame.goal());
            }
        }
        // The goal that has the tables is served by them as it is.
        assert!(GoalFrame::find(&Board::blank_first_goal(size), &options).is_none());
        // Asked for another estimate, or in the other metric: as asked.
        let named = SolveOptions {
            estimate: EstimateChoice::Heuristic(crate::puzzle::heuristic::HeuristicKind::Manhattan),
            ..options.clone()
        };
        assert!(GoalFrame::find(&Board::goal(size), &named).is_none());
        let jumps = SolveOptions {
            metric: Metric::MultiTile,
            ..options
        };
        assert!(GoalFrame::find(&Board::goal(size), &jumps).is_none());
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(48))]
        /// Through the frame, the same answer as the board's own search: the same length
        /// and, under any move order, the same lexicographically smallest moves.
        #[test]
        fn a_framed_solve_answers_what_the_goal_itself_would(
            seed in any::<u64>(), steps in 0usize..36, corner in 0usize..4, order in 0usize..24
        ) {
            let size = Size::square(4).unwrap();
            let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
            let mut goal = random_board(&Board::goal(size), &mut rng);
            // Put the blank in the chosen corner (a swap keeps a permutation).
            let cell = [0, 3, 12, 15][corner];
            let mut cells = goal.cells().to_vec();
            cells.swap(goal.blank(), cell);
            goal = Board::new(size, cells).unwrap();
            let start = random_walk(&goal, steps, &mut rng);
            let mut orders = MoveOrder::all();
            orders.shuffle(&mut rng);
            let order = orders[order];
            let framed = solve(&start, &goal, &with_cache(Some(blank_first_cache().clone()), order)).unwrap();
            let empty = tempfile::tempdir().unwrap();
            let own = solve(&start, &goal, &with_cache(Some(Cache::new(empty.path())), order)).unwrap();
            prop_assert_eq!(&framed.moves, &own.moves);
            prop_assert!(framed.optimal && own.optimal);
            let mut board = start.clone();
            prop_assert!(board.apply_all(&framed.moves).is_ok());
            prop_assert_eq!(board, goal);
            if !framed.moves.is_empty() && cell != 0 {
                prop_assert!(framed.tables.unwrap_or_default().contains("the tables of goal 0 1 2 3/"));
            }
        }
    }
}
