//! What a plan searches with, and how: the [`Guide`] that [`crate::solving::plan`] decides
//! is the one that runs. Each guide is a type of its own file, carrying its tables (and
//! the tables it may build on the way), and answers each question a solve asks of it:
//! the search, the weighted search of a bounded answer, the count and the listing of the
//! optimal answers, the estimate of a board. Nothing downstream asks which guide it is.
//!
//! ```
//! use npuzzle::solving::plan::plan;
//! use npuzzle::{Algorithm, Board, SolveOptions, Size};
//!
//! // The plan of a 15-puzzle without tables: the fast IDA* by linear conflict, which may
//! // build 7-7-1 on the way.
//! let dir = tempfile::tempdir()?;
//! let cache = Some(npuzzle::tables::cache::Cache::new(dir.path()));
//! let options = SolveOptions { cache, ..SolveOptions::default() };
//! let fifteen = plan(&Board::goal(Size::square(4)?), &options)?;
//! assert_eq!(fifteen.guide.algorithm(), Algorithm::FastIdastar);
//! assert_eq!(fifteen.guide.name().as_deref(), Some("linear-conflict"));
//! assert!(fifteen.guide.upgrade().is_some());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod classic;
mod construction;
mod database;
mod linear_conflict;
mod multi_tile;
mod table;
mod upgrade;

use std::ops::ControlFlow;
use std::sync::Arc;
use std::time::Instant;

use crate::answer::algorithm::Algorithm;
use crate::answer::options::SolveOptions;
use crate::answer::solution::{Solution, Status};
use crate::answer::solve_error::SolveError;
use crate::fast_idastar::{self, LinearConflict, RunSettings, Weighted};
use crate::pdb::PatternDatabase;
use crate::puzzle::board::{Board, Move};
use crate::puzzle::heuristic::HeuristicKind;
use crate::puzzle::move_order::MoveOrder;
use crate::search::{GiveUp, Limits, Stats};
use crate::tables::distance_table::DistanceTable;
use crate::tables::walking_distance::WalkingDistance;

pub use classic::ClassicGuide;
pub use construction::ConstructionGuide;
pub use database::DatabaseGuide;
pub use linear_conflict::LinearConflictGuide;
pub use multi_tile::JumpGuide;
pub use table::TableGuide;
pub use upgrade::Upgrade;

/// What a search answers: the moves or why it gave up, and what it cost.
pub type Searched = (Result<Vec<Move>, GiveUp>, Stats);

/// An estimate of a board given by its tiles, row-major, towards the goal it was made for.
pub type BoardEstimate<'a> = Box<dyn Fn(&[u8]) -> u32 + 'a>;

/// What a plan searches with: an estimate, its tables, and the algorithm that reads them.
pub trait Guide: Send + Sync {
    /// The algorithm that searches with this guide (never [`Algorithm::Auto`]).
    fn algorithm(&self) -> Algorithm;

    /// The estimate's name in reports, if the guide has one.
    fn name(&self) -> Option<String>;

    /// Searches from `start` (which can reach `goal`) under `options`. What the search
    /// learns about its own answer (an estimate that overestimates, tables built on the
    /// way) it writes into `solution`, which names this guide.
    ///
    /// # Errors
    /// On a cluster, when the processes built different tables on the way.
    fn search(
        &self,
        start: &Board,
        goal: &Board,
        options: &SolveOptions,
        solution: &mut Solution,
    ) -> Result<Searched, SolveError>;

    /// Whether this guide's search stops at the first optimal path it meets when
    /// [`SolveOptions::any_optimal`] allows it (the single-tile fast IDA*); the others
    /// answer as they always do.
    fn takes_any_optimal(&self) -> bool {
        false
    }

    /// The whole answer of [`Guide::search`], timed: its search time is the time spent
    /// less what the search reported as setup (tables built on the way). Its moves are
    /// marked [`Solution::any_optimal`] when the search was allowed any optimal path.
    ///
    /// # Errors
    /// As [`Guide::search`].
    fn solve(
        &self,
        start: &Board,
        goal: &Board,
        options: &SolveOptions,
    ) -> Result<Solution, SolveError> {
        let started = Instant::now();
        let mut solution = Solution::new(self.algorithm(), self.name());
        let (outcome, stats) = self.search(start, goal, options, &mut solution)?;
        solution.stats = stats;
        solution.conclude(outcome);
        solution.any_optimal =
            options.any_optimal && self.takes_any_optimal() && solution.status == Status::Solved;
        solution.stats.seconds =
            (started.elapsed().as_secs_f64() - solution.stats.setup_seconds).max(0.0);
        Ok(solution)
    }

    /// The fast IDA* from `start` with this guide's estimate times `weight` (an upper
    /// bound, not optimal): by default linear conflict.
    fn search_weighted(
        &self,
        start: &Board,
        goal: &Board,
        weight: f64,
        settings: &RunSettings,
    ) -> Searched {
        let linear_conflict = LinearConflict::new(goal);
        fast_idastar::search(start, &Weighted::new(&linear_conflict, weight), settings)
    }

    /// The pattern databases this guide searches with, or built on the way and searched
    /// with since.
    fn database(&self) -> Option<Arc<PatternDatabase>> {
        None
    }

    /// The complete distance table the answer is read from, if it is one.
    fn table(&self) -> Option<Arc<DistanceTable>> {
        None
    }

    /// What a classic search is guided by: its heuristic, and the walking distance beside
    /// it if any; `None` when this guide is not a classic search's heuristic.
    fn classic(&self) -> Option<(HeuristicKind, Option<&WalkingDistance>)> {
        None
    }

    /// The database this guide builds and switches to when its search runs long.
    fn upgrade(&self) -> Option<&Upgrade> {
        None
    }

    /// The estimate of a board by this guide's own tables, where it has tables of its
    /// own that know better than linear conflict (the listing of answers prunes by it).
    fn board_estimate(&self) -> Option<BoardEstimate<'_>> {
        self.database().map(|db| -> BoardEstimate<'_> {
            Box::new(move |cells: &[u8]| db.estimate_cells(cells))
        })
    }

    /// Whether this guide walks the optimal answers itself ([`Guide::count_optimal`] and
    /// [`Guide::list_optimal`]): the multi-tile IDA*'s does.
    fn walks_optimal(&self) -> bool {
        false
    }

    /// Every optimal answer of `length` moves counted by this guide's own walk; `None`
    /// where it has none ([`Guide::walks_optimal`]).
    fn count_optimal(
        &self,
        _start: &Board,
        _goal: &Board,
        _length: u32,
        _limits: &Limits,
    ) -> Option<(Result<u128, GiveUp>, Stats)> {
        None
    }

    /// Every optimal answer of `length` moves told to `visit` in the canonical order
    /// under `order` by this guide's own walk; `None` where it has none
    /// ([`Guide::walks_optimal`]).
    fn list_optimal(
        &self,
        _start: &Board,
        _goal: &Board,
        _length: u32,
        _limits: &Limits,
        _order: MoveOrder,
        _visit: &mut dyn FnMut(Vec<Move>) -> ControlFlow<()>,
    ) -> Option<(Result<ControlFlow<()>, GiveUp>, Stats)> {
        None
    }
}

impl std::fmt::Debug for dyn Guide {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.table() {
            Some(table) => write!(f, "Table({:?})", table.layout()),
            None => f.write_str(&self.name().unwrap_or_else(|| "Blind".to_string())),
        }
    }
}
