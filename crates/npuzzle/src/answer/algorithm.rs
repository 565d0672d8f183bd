//! The algorithms a solve can run, by the names the front ends take.
//!
//! ```
//! use npuzzle::answer::algorithm::Algorithm;
//!
//! let algorithm: Algorithm = "fast-idastar".parse()?;
//! assert_eq!(algorithm, Algorithm::FastIdastar);
//! assert_eq!(algorithm.to_string(), "fast-idastar");
//! # Ok::<(), npuzzle::puzzle::notation::UnknownName>(())
//! ```

use std::fmt;

use crate::puzzle::heuristic::HeuristicKind;
use crate::puzzle::notation::{parse_name, UnknownName};

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
    /// The fast IDA* ([`crate::fast_idastar`]): in-place moves, incremental
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

    /// Whether a solution this algorithm proves optimal is the canonical one: of the
    /// optimal solutions, the lexicographically smallest in the move order
    /// ([`crate::answer::options::SolveOptions::order`]). The distance tables step to the
    /// first neighbour one move nearer; BFS keeps the first parent found; IDA*, IDDFS and
    /// the fast IDA* try children in order and stop at the first goal of the last bound.
    /// A* and bidirectional BFS return *an* optimal solution; `auto` is never the
    /// algorithm that ran.
    pub fn finds_canonical(self) -> bool {
        matches!(
            self,
            Algorithm::Table
                | Algorithm::Bfs
                | Algorithm::Idastar
                | Algorithm::Iddfs
                | Algorithm::FastIdastar
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
        parse_name("algorithm", s, &Algorithm::ALL, Algorithm::name)
    }
}
