//! What a solve answers: the algorithm that ran, how it ended, the moves, and what it
//! cost. Below every solver, so each of them returns the same answer type.
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

use crate::fast_idastar::Uncounted;
use crate::puzzle::board::{Board, Move};
use crate::puzzle::metric::Metric;
use crate::search::{GiveUp, Stats};
use crate::tables::catalogue::Catalogue;
use crate::tables::partition::Partition;

use super::algorithm::Algorithm;
use super::solution_list::SolutionList;

/// How a solve ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Status {
    /// A solution was found (see [`Solution::moves`]).
    Solved,
    /// The goal cannot be reached from the start: decided by parity, without search.
    Unsolvable,
    /// A limit ended the search first.
    GaveUp(GiveUp),
    /// A time or node limit ended the optimal search first, but a solution was found
    /// beside it ([`crate::solving::bounded`]): [`Solution::moves`] holds the best one,
    /// [`Solution::lower_bound`] what the optimal search proved. Only when
    /// [`crate::SolveOptions::bounded`] asks for it.
    Bounded(GiveUp),
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
    /// Whether the moves are an optimal path the search stopped at first rather than the
    /// smallest in the move order: asked for ([`crate::SolveOptions::any_optimal`]), or
    /// a limit ended the search for the smallest after the optimum was proven (a
    /// bounded answer with no gap: [`crate::solving::bounded`]).
    pub any_optimal: bool,
    /// How [`Solution::length`] counts [`Solution::moves`] (the metric solved in).
    pub metric: Metric,
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
    /// What the search cost (and the count of optimal solutions, when asked).
    pub stats: Stats,
    /// The number of distinct optimal move sequences, when asked for
    /// ([`crate::SolveOptions::count_optimal`]): 0 for a board that cannot reach its goal,
    /// 1 for one on it; why it is not known when a limit stopped the count. `None` when
    /// not asked, or when the search itself gave up.
    pub optimal_solutions: Option<Result<u128, Uncounted>>,
    /// The solutions listed, when asked for ([`crate::SolveOptions::list`]).
    pub solutions: Option<SolutionList>,
    /// A proven lower bound on the optimal length, with a bounded answer
    /// ([`Status::Bounded`]): the optimum lies between it and the moves' length.
    pub lower_bound: Option<usize>,
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
    /// The board is too big for an optimal search and was answered constructively at
    /// once; a time limit would be spent on a shorter answer and a lower bound
    /// ([`crate::solving::bounded`]).
    TimeLimit,
}

impl Solution {
    /// An answer of `algorithm` that has not searched yet: unsolvable until a search
    /// says otherwise, optimal unless it gives up.
    pub fn new(algorithm: Algorithm, estimate: Option<String>) -> Solution {
        Solution {
            status: Status::Unsolvable,
            moves: Vec::new(),
            optimal: true,
            any_optimal: false,
            metric: Metric::SingleTile,
            algorithm,
            estimate,
            tables: None,
            advice: None,
            stats: Stats::default(),
            optimal_solutions: None,
            solutions: None,
            lower_bound: None,
        }
    }

    /// Every board along the answer from `start`: the start, then the board after each
    /// move. Empty when there is no answer (unsolvable, or a limit stopped the search).
    ///
    /// # Panics
    /// When the moves leave the board from `start`: never for an answer to `start`.
    pub fn boards(&self, start: &Board) -> Vec<Board> {
        if self.length().is_none() {
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

    /// Number of moves in [`Solution::metric`], when solved (or bounded: the best found).
    pub fn length(&self) -> Option<usize> {
        matches!(self.status, Status::Solved | Status::Bounded(_))
            .then(|| self.metric.length(&self.moves))
    }

    /// How many moves the answer may be over the optimum: its length less the proven
    /// lower bound, with a bounded answer.
    pub fn gap(&self) -> Option<usize> {
        match self.status {
            Status::Bounded(_) => Some(self.length()? - self.lower_bound?),
            _ => None,
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
