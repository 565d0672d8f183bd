//! Why a request could not be taken, and whose fault that is.
//!
//! ```
//! use npuzzle::answer::solve_error::SolveError;
//! use npuzzle::util::fault::Fault;
//! use npuzzle::{parse_board, solve, Board, SolveOptions};
//!
//! let start = parse_board("1 2 3/4 5 6/7 8 0", None)?;
//! let goal = Board::goal(parse_board("1 2 3 4/5 6 7 8/9 10 11 12/13 14 15 0", None)?.size());
//! let error = solve(&start, &goal, &SolveOptions::default()).unwrap_err();
//! assert!(matches!(error, SolveError::SizeMismatch { .. }));
//! assert_eq!(error.fault(), Fault::Request);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use thiserror::Error;

use crate::pdb::PdbError;
use crate::puzzle::board::Size;
use crate::puzzle::heuristic::HeuristicKind;
use crate::tables::catalogue::CatalogueError;
use crate::tables::distance_table::TableError;
use crate::tables::multi_tile_database::MultiTileDatabaseError;
use crate::util::fault::Fault;

use super::algorithm::Algorithm;

/// A request the solver cannot take.
#[derive(Debug, Error)]
pub enum SolveError {
    /// Processes of a cluster that would not search the same way (see
    /// [`crate::fast_idastar::cluster_link::agree`]).
    #[error(transparent)]
    ClusterDisagrees(#[from] crate::fast_idastar::cluster_link::Disagreement),
    /// Start and goal of different sizes.
    #[error("the start is {start} but the goal is {goal}")]
    SizeMismatch {
        /// Start's size.
        start: Size,
        /// Goal's size.
        goal: Size,
    },
    /// A heuristic weight below 1 (or not a number).
    #[error("weight {0} is not allowed: it must be a number of at least 1")]
    BadWeight(f64),
    /// A board too large for the chosen algorithm.
    #[error("{algorithm} cannot search a {size} board ({cells} cells; at most {max})")]
    TooLarge {
        /// The algorithm.
        algorithm: String,
        /// The board's size.
        size: Size,
        /// Its cells.
        cells: usize,
        /// The limit.
        max: usize,
    },
    /// A board with a side longer than the chosen algorithm takes, whatever its cells.
    #[error("{algorithm} cannot search a {size} board (a side of {side} cells; at most {max})")]
    SideTooLong {
        /// The algorithm.
        algorithm: String,
        /// The board's size.
        size: Size,
        /// Its longer side.
        side: usize,
        /// The longest side taken.
        max: usize,
    },
    /// Tables the solve needs (a distance table, pattern databases) could not be had
    /// (the cause is the error's source: the request's fault or the machine's, see
    /// [`SolveError::fault`]).
    #[error("{what} could not be had")]
    Tables {
        /// Which tables.
        what: String,
        /// Why not.
        #[source]
        source: TablesCause,
    },
    /// Tables that are not cached, where building them is not allowed.
    #[error(
        "{0} is not built here, and building it is not allowed (it takes minutes on every core)"
    )]
    NotBuilt(String),
    /// An estimate named for an algorithm that takes none.
    #[error("{0} takes no heuristic or pattern database")]
    EstimateNotTaken(Algorithm),
    /// A heuristic the algorithm does not take.
    #[error("{algorithm} does not take the {heuristic} heuristic")]
    HeuristicNotTaken {
        /// The algorithm.
        algorithm: Algorithm,
        /// The heuristic.
        heuristic: HeuristicKind,
    },
    /// Pattern databases named for an algorithm other than the fast IDA*.
    #[error("pattern databases guide fast-idastar (and auto), not {0}")]
    DatabaseNotTaken(Algorithm),
    /// A time limit that is not a positive number of seconds up to a year.
    #[error(
        "a time limit of {} seconds is not allowed: give a positive number of \
         seconds, at most {max} (a year)",
        // 1e308 as written, not three hundred digits.
        if seconds.abs() >= 1e15 { format!("{seconds:e}") } else { seconds.to_string() }
    )]
    BadTimeLimit {
        /// The seconds asked for.
        seconds: f64,
        /// The most allowed.
        max: f64,
    },
    /// More threads than a search may run on.
    #[error("{threads} threads is more than the {max} allowed")]
    TooManyThreads {
        /// The threads asked for.
        threads: usize,
        /// The most allowed.
        max: usize,
    },
    /// A ranked visited set asked of an algorithm that keeps no visited set.
    #[error("{0} keeps no visited set; the ranked one is for bfs, bidirectional and astar")]
    VisitedNotTaken(Algorithm),
    /// A weight given to an algorithm that does not weigh its estimate.
    #[error("{0} takes no weight; weights are for astar and idastar")]
    WeightNotTaken(Algorithm),
    /// Optimal solutions to count where the answer would not be optimal (the reason).
    #[error("optimal solutions are counted only where the answer is optimal: {0}")]
    CountNotOptimal(String),
    /// Something asked for that counts single-tile moves, in the multi-tile metric.
    #[error("{what} cannot be used in the multi-tile metric: {why}")]
    NotMultiTile {
        /// What was asked for.
        what: String,
        /// Why not, and what to do instead.
        why: String,
    },
}

impl SolveError {
    /// Whose fault it is: the request's for everything the library refuses to do (bad
    /// options, a board too large, tables a partition or the memory budget does not
    /// allow, tables not built where building is not allowed); the environment's where
    /// the tables were fine to ask for but the machine could not give them (a cache that
    /// cannot be read or written, a corrupt table).
    pub fn fault(&self) -> Fault {
        match self {
            SolveError::Tables { source, .. } => source.fault(),
            SolveError::ClusterDisagrees(_)
            | SolveError::SizeMismatch { .. }
            | SolveError::BadWeight(_)
            | SolveError::TooLarge { .. }
            | SolveError::SideTooLong { .. }
            | SolveError::NotBuilt(_)
            | SolveError::EstimateNotTaken(_)
            | SolveError::HeuristicNotTaken { .. }
            | SolveError::DatabaseNotTaken(_)
            | SolveError::BadTimeLimit { .. }
            | SolveError::TooManyThreads { .. }
            | SolveError::VisitedNotTaken(_)
            | SolveError::WeightNotTaken(_)
            | SolveError::CountNotOptimal(_)
            | SolveError::NotMultiTile { .. } => Fault::Request,
        }
    }
}

/// Why the tables a solve needs could not be had: the error of the distance table, of the
/// pattern databases (a partition that does not fit the board among them), or of the
/// catalogue named for them.
#[derive(Debug, Error)]
pub enum TablesCause {
    /// A distance table's.
    #[error(transparent)]
    Distance(#[from] TableError),
    /// Pattern databases'.
    #[error(transparent)]
    Database(#[from] PdbError),
    /// A catalogue that does not fit the board.
    #[error(transparent)]
    Catalogue(#[from] CatalogueError),
    /// The multi-tile database's.
    #[error(transparent)]
    MultiTile(#[from] MultiTileDatabaseError),
}

impl TablesCause {
    /// Whose fault it is (see [`SolveError::fault`]).
    pub fn fault(&self) -> Fault {
        match self {
            TablesCause::Distance(error) => error.fault(),
            TablesCause::Database(error) => error.fault(),
            // A build stopped by its caller's token is a limit, not a failure of the
            // machine.
            TablesCause::Catalogue(_)
            | TablesCause::MultiTile(MultiTileDatabaseError::Interrupted) => Fault::Request,
            TablesCause::MultiTile(MultiTileDatabaseError::Cache(error)) => error.fault(),
        }
    }
}
