//! Solving towards a goal with the pattern databases of another: a goal without tables
//! of its own is served by those cached for any goal whose blank lies where a symmetry of
//! the board (a mirror or a turn) takes this goal's blank. The board is mapped by that
//! symmetry and its tiles renamed so that the goal becomes the cached one; tile names do
//! not change how the blank moves, so the distance is the same, and the answer's moves,
//! mapped back, solve the board. The order of moves is mapped too, so the answer is the
//! same lexicographically smallest one the board's own tables would give. The plan
//! decides the frame ([`crate::solving::plan`]); the solver maps the board there, and
//! every answer back: the moves, and the solutions listed or told to a sink.
//!
//! ```
//! use npuzzle::pdb::{registry, PartitionSet};
//! use npuzzle::solving::plan::plan;
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
//! let frame = plan(&last, &options)?.frame.expect("the blank-first tables serve it");
//! assert_eq!(frame.describe(), "the tables of goal 0 1 2 3/4 5 6 7/8 9 10 11/12 13 14 15, the board turned 180°");
//! let start = parse_board("1 2 3 4/5 6 7 8/9 10 0 11/13 14 15 12", None)?;
//! let solution = solve(&start, &last, &options)?;
//! assert_eq!(npuzzle::moves_to_string(&solution.moves), "rd");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::puzzle::board::{Board, Move};
use crate::puzzle::move_order::MoveOrder;
use crate::puzzle::symmetry::Symmetry;

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
    /// The frame that maps boards towards `asked` by `symmetry` and renames their tiles so
    /// that `asked` becomes `framed` (whose blank the symmetry must take the asked goal's
    /// blank to).
    pub fn new(symmetry: Symmetry, asked: &Board, framed: &Board) -> GoalFrame {
        GoalFrame {
            symmetry,
            asked: asked.clone(),
            framed: framed.clone(),
        }
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
    use crate::answer::options::{EstimateChoice, SolveOptions};
    use crate::answer::solution::Solution;
    use crate::answer::solution_list::{ListRequest, SolutionSink};
    use crate::pdb::{parse_groups, registry, PartitionSet};
    use crate::puzzle::board::Size;
    use crate::puzzle::metric::Metric;
    use crate::puzzle::move_order::MoveOrder;
    use crate::puzzle::random::{random_board, random_walk};
    use crate::search::Limits;
    use crate::solving::plan::plan;
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

    /// The goal frame the plan for `goal` under `options` solves in, if any.
    fn frame_of(goal: &Board, options: &SolveOptions) -> Option<GoalFrame> {
        plan(goal, options).unwrap().frame
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
            let frame = frame_of(&goal, &options);
            assert_eq!(frame.is_some(), corner, "{goal}");
            if let Some(frame) = frame {
                assert_eq!(frame.board(&goal), *frame.goal());
            }
        }
        // The goal that has the tables is served by them as it is.
        assert!(frame_of(&Board::blank_first_goal(size), &options).is_none());
        // Asked for another estimate, or in the other metric: as asked.
        let named = SolveOptions {
            estimate: EstimateChoice::Heuristic(crate::puzzle::heuristic::HeuristicKind::Manhattan),
            ..options.clone()
        };
        assert!(frame_of(&Board::goal(size), &named).is_none());
        let jumps = SolveOptions {
            metric: Metric::MultiTile,
            ..options
        };
        assert!(frame_of(&Board::goal(size), &jumps).is_none());
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

        /// Listed through the frame, or told to a sink, the solutions are those the goal's
        /// own search lists, in the same order, each a path to the goal asked for; and
        /// their count is the same.
        #[test]
        fn framed_listings_are_the_goals_own(
            seed in any::<u64>(), steps in 0usize..24, order in 0usize..24
        ) {
            let size = Size::square(4).unwrap();
            let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
            let goal = Board::goal(size);
            let start = random_walk(&goal, steps, &mut rng);
            let order = MoveOrder::all()[order];
            let listing = |cache: Cache| SolveOptions {
                list: Some(ListRequest { within: 2, limit: 40 }),
                count_optimal: true,
                ..with_cache(Some(cache), order)
            };
            let framed = solve(&start, &goal, &listing(blank_first_cache().clone())).unwrap();
            let empty = tempfile::tempdir().unwrap();
            let own = solve(&start, &goal, &listing(Cache::new(empty.path()))).unwrap();
            let listed = |s: &Solution| s.solutions.as_ref().unwrap().solutions.clone();
            prop_assert_eq!(listed(&framed), listed(&own));
            prop_assert_eq!(&framed.optimal_solutions, &own.optimal_solutions);
            for moves in listed(&framed) {
                let mut board = start.clone();
                prop_assert!(board.apply_all(&moves).is_ok());
                prop_assert_eq!(&board, &goal);
            }
            let told = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
            let sink = {
                let told = told.clone();
                SolutionSink(std::sync::Arc::new(move |moves: &[Move]| {
                    told.lock().unwrap().push(moves.to_vec());
                }))
            };
            let sunk = SolveOptions {
                solution_sink: Some(sink),
                ..listing(blank_first_cache().clone())
            };
            solve(&start, &goal, &sunk).unwrap();
            prop_assert_eq!(told.lock().unwrap().clone(), listed(&own));
        }
    }
}
