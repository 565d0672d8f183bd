//! What a solve answers: the algorithm that ran, how it ended, the moves, and what it
//! cost; and why a request could not be taken. Below every solver, so each of them
//! returns the same answer type.
//!
//! ```
//! use npuzzle::{parse_board, solve, Algorithm, SolveOptions, Status};
//!
//! let start = parse_board("1 2 3/4 5 6/8 7 0", None)?;
//! let solution = solve(&start, &npuzzle::Board::goal(start.size()), &SolveOptions::default())?;
//! assert_eq!(solution.status, Status::Unsolvable); // an answer, not an error
//! assert_eq!(solution.length(), None);
//! assert_eq!(solution.algorithm, Algorithm::Table);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fmt;

use thiserror::Error;

use crate::puzzle::board::{Board, Move, Size};
use crate::puzzle::heuristic::HeuristicKind;
use crate::puzzle::notation::UnknownName;
use crate::search::{GiveUp, Stats};
use crate::tables::catalogue::{Catalogue, CatalogueError};
use crate::tables::distance_table::TableError;
use crate::tables::partition::Partition;
use crate::tables::pdb_error::PdbError;
use crate::util::fault::Fault;

/// A search algorithm.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum Algorithm {
    /// The best method available for the board.
    Auto,
    /// Breadth-first search.
    Bfs,
    /// Bidirectional breadth-first search.
    Bidirectional,
    /// A* with a heuristic.
    Astar,
    /// Iterative-deepening A* with a heuristic.
    Idastar,
    /// Iterative-deepening depth-first search.
    Iddfs,
    /// Row-by-row, column-by-column construction: fast on any size, not optimal.
    Constructive,
    /// A lookup in a complete distance table (boards of at most 12 cells; see
    /// [`crate::tables::distance_table`]), built if needed.
    Table,
    /// The puzzle-specific IDA* ([`crate::fast_idastar`]): in-place moves, incremental
    /// estimates, optionally pattern databases.
    FastIdastar,
}

impl Algorithm {
    /// The concrete algorithms, each runnable by itself.
    pub const CLASSIC: [Algorithm; 5] = [
        Algorithm::Bfs,
        Algorithm::Bidirectional,
        Algorithm::Astar,
        Algorithm::Idastar,
        Algorithm::Iddfs,
    ];

    /// The name used on the command line and in JSON.
    pub fn name(self) -> &'static str {
        match self {
            Algorithm::Auto => "auto",
            Algorithm::Bfs => "bfs",
            Algorithm::Bidirectional => "bidirectional",
            Algorithm::Astar => "astar",
            Algorithm::Idastar => "idastar",
            Algorithm::Iddfs => "iddfs",
            Algorithm::Constructive => "constructive",
            Algorithm::Table => "table",
            Algorithm::FastIdastar => "fast-idastar",
        }
    }

    /// Whether the algorithm is guided by a heuristic.
    pub fn uses_heuristic(self) -> bool {
        matches!(
            self,
            Algorithm::Astar | Algorithm::Idastar | Algorithm::FastIdastar
        )
    }

    /// Every (algorithm, heuristic) pair worth comparing on one board, uninformed searches
    /// first: what `npuzzle compare` and the web page's comparison panel both run.
    pub fn comparison_pairs() -> Vec<(Algorithm, Option<HeuristicKind>)> {
        let mut pairs = Vec::new();
        for algorithm in Algorithm::CLASSIC {
            if algorithm.uses_heuristic() {
                pairs.extend(HeuristicKind::ALL.map(|h| (algorithm, Some(h))));
            } else {
                pairs.push((algorithm, None));
            }
        }
        pairs
    }
}

impl fmt::Display for Algorithm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl Algorithm {
    /// Every algorithm, in the order the command line lists them.
    pub const ALL: [Algorithm; 9] = [
        Algorithm::Auto,
        Algorithm::Table,
        Algorithm::Bfs,
        Algorithm::Bidirectional,
        Algorithm::Astar,
        Algorithm::Idastar,
        Algorithm::Iddfs,
        Algorithm::FastIdastar,
        Algorithm::Constructive,
    ];
}

impl std::str::FromStr for Algorithm {
    type Err = UnknownName;
    fn from_str(s: &str) -> Result<Self, UnknownName> {
        Algorithm::ALL
            .into_iter()
            .find(|a| a.name() == s)
            .ok_or_else(|| UnknownName::new("algorithm", s, Algorithm::ALL.map(Algorithm::name)))
    }
}

/// How a solve ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Status {
    /// A solution was found (see [`Solution::moves`]).
    Solved,
    /// The goal cannot be reached from the start: decided by parity, without search.
    Unsolvable,
    /// A limit ended the search first.
    GaveUp(GiveUp),
}

/// The answer to one solve, with what it cost.
#[derive(Clone, Debug)]
pub struct Solution {
    /// How it ended.
    pub status: Status,
    /// The blank's moves from start to goal (empty unless solved).
    pub moves: Vec<Move>,
    /// Whether the length is proven minimal.
    pub optimal: bool,
    /// The algorithm that ran (never `Auto`).
    pub algorithm: Algorithm,
    /// The estimate that guided it, as reports name it (`linear-conflict`,
    /// `pdb 7-8 + reflection`), if any.
    pub estimate: Option<String>,
    /// How the tables it read were had (a distance table, or each group of a pattern
    /// database loaded, built or rebuilt), if it read any.
    pub tables: Option<String>,
    /// A stronger setup worth having for boards like this one, if there is one.
    pub advice: Option<Advice>,
    /// What the search cost.
    pub stats: Stats,
}

/// A setup the library would use if it were there, suggested alongside an answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Advice {
    /// Pattern databases of this partition for the goal would make such searches much
    /// faster; the library does not build them unasked (they take minutes and gigabytes).
    BuildDatabase(Partition),
    /// The zero-aware tables of this catalogue for the goal would make such searches
    /// faster than the classic tables used; not built unasked either (minutes on every
    /// core, hundreds of megabytes).
    BuildCatalogue(Catalogue),
}

impl Solution {
    /// An answer of `algorithm` that has not searched yet: unsolvable until a search
    /// says otherwise, optimal unless it gives up.
    pub fn new(algorithm: Algorithm, estimate: Option<String>) -> Solution {
        Solution {
            status: Status::Unsolvable,
            moves: Vec::new(),
            optimal: true,
            algorithm,
            estimate,
            tables: None,
            advice: None,
            stats: Stats::default(),
        }
    }

    /// Every board along the answer from `start`: the start, then the board after each
    /// move. Empty when there is no answer (unsolvable, or a limit stopped the search).
    ///
    /// # Panics
    /// When the moves leave the board from `start`: never for an answer to `start`.
    pub fn boards(&self, start: &Board) -> Vec<Board> {
        if self.status != Status::Solved {
            return Vec::new();
        }
        start
            .boards_along(&self.moves)
            .expect("an answer's moves stay on the board")
    }

    /// Records how a search ended: its moves, or why it gave up.
    pub fn conclude(&mut self, outcome: Result<Vec<Move>, GiveUp>) {
        match outcome {
            Ok(moves) => {
                self.status = Status::Solved;
                self.moves = moves;
            }
            Err(why) => {
                self.status = Status::GaveUp(why);
                self.optimal = false;
            }
        }
    }
}

impl Solution {
    /// What could finish where a memory budget stopped this search, as a sentence every
    /// front end shows after the limit's message (`try idastar or fast-idastar …`);
    /// `None` unless the memory budget stopped it. Names algorithms, never a front end's
    /// flags or arguments.
    pub fn hint(&self) -> Option<&'static str> {
        if !matches!(self.status, Status::GaveUp(GiveUp::Memory { .. })) {
            return None;
        }
        Some(match self.algorithm {
            Algorithm::Constructive => "try a larger memory budget, or a smaller board",
            Algorithm::Bfs | Algorithm::Bidirectional | Algorithm::Iddfs => {
                "try an informed search that holds only its path (the algorithm idastar or \
                 fast-idastar), or the algorithm constructive for big boards"
            }
            _ => {
                "try the algorithm idastar or fast-idastar (they hold only their path), a \
                 pattern database, or the algorithm constructive for big boards"
            }
        })
    }

    /// Number of moves, when solved.
    pub fn length(&self) -> Option<usize> {
        (self.status == Status::Solved).then_some(self.moves.len())
    }
}

/// A request the solver cannot take.
#[derive(Debug, Error)]
pub enum SolveError {
    /// Processes of a cluster that would not search the same way (see
    /// [`crate::answer::cluster::agree`]).
    #[error(transparent)]
    ClusterDisagrees(#[from] crate::answer::cluster::Disagreement),
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
    /// Pattern databases named for an algorithm other than the puzzle-specific IDA*.
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
            | SolveError::NotBuilt(_)
            | SolveError::EstimateNotTaken(_)
            | SolveError::HeuristicNotTaken { .. }
            | SolveError::DatabaseNotTaken(_)
            | SolveError::BadTimeLimit { .. }
            | SolveError::TooManyThreads { .. }
            | SolveError::VisitedNotTaken(_)
            | SolveError::WeightNotTaken(_) => Fault::Request,
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
}

impl TablesCause {
    /// Whose fault it is (see [`SolveError::fault`]).
    pub fn fault(&self) -> Fault {
        match self {
            TablesCause::Distance(error) => error.fault(),
            TablesCause::Database(error) => error.fault(),
            TablesCause::Catalogue(_) => Fault::Request,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::Limits;
    use crate::{parse_board, solve, SolveOptions};

    #[test]
    fn a_memory_limit_comes_with_what_could_finish() {
        let start = parse_board("14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3", None).unwrap();
        let goal = parse_board("0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15", None).unwrap();
        let limited = |algorithm, max_bytes, max_expanded| SolveOptions {
            algorithm,
            limits: Limits {
                max_expanded,
                max_bytes,
                ..Limits::NONE
            },
            ..SolveOptions::default()
        };
        let bfs = solve(&start, &goal, &limited(Algorithm::Bfs, Some(2 << 20), None)).unwrap();
        assert!(matches!(bfs.status, Status::GaveUp(GiveUp::Memory { .. })));
        let hint = bfs.hint().expect("a hint after a memory limit");
        assert!(
            hint.starts_with("try ") && hint.contains("idastar"),
            "{hint}"
        );
        assert!(!hint.contains("--"), "no front end's flags: {hint}");
        let astar = solve(
            &start,
            &goal,
            &limited(Algorithm::Astar, Some(2 << 20), None),
        )
        .unwrap();
        assert!(astar.hint().unwrap().contains("pattern database"));
        // Other limits, and answers, come with none.
        let nodes = solve(&start, &goal, &limited(Algorithm::Bfs, None, Some(100))).unwrap();
        assert!(matches!(nodes.status, Status::GaveUp(GiveUp::Expanded(_))));
        assert_eq!(nodes.hint(), None);
        let easy = parse_board("1 2 3/4 5 6/7 0 8", None).unwrap();
        let solved = solve(&easy, &Board::goal(easy.size()), &SolveOptions::default()).unwrap();
        assert_eq!(solved.hint(), None);
    }
}
