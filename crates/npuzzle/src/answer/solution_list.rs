//! Listing solutions, not only finding one: which to list ([`ListRequest`], asked in
//! [`crate::SolveOptions::list`]) and what was listed ([`SolutionList`], in
//! [`crate::Solution::solutions`]).
//!
//! ```
//! use npuzzle::answer::solution_list::ListRequest;
//! use npuzzle::{parse_board, solve, Board, SolveOptions};
//!
//! // A hardest 8-puzzle board: 40 optimal solutions of 31 moves.
//! let start = parse_board("8 6 7/2 5 4/3 0 1", None)?;
//! let options = SolveOptions { list: Some(ListRequest::optimal()), ..SolveOptions::default() };
//! let solution = solve(&start, &Board::goal(start.size()), &options)?;
//! let listed = solution.solutions.expect("asked for");
//! assert_eq!(listed.solutions.len(), 40);
//! assert_eq!(listed.solutions[0], solution.moves); // the canonical answer first
//! assert_eq!(listed.written()[1], "lurdruuldldrruullddrrululddrurd");
//! assert!(listed.is_complete());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fmt;
use std::sync::Arc;

use crate::puzzle::board::{moves_to_string, Move};
use crate::search::GiveUp;
use crate::util::plural::counted;

/// Which solutions a solve lists beside its answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ListRequest {
    /// Moves beyond the optimum a listed solution may take: 0 lists the optimal ones;
    /// `k` also those of up to optimum + `k` moves that pass no board twice.
    pub within: u32,
    /// The most solutions listed; the count of optimal ones stays exact past it.
    pub limit: usize,
}

impl ListRequest {
    /// Solutions listed when the caller names no limit: enough to read or to check,
    /// few enough to print at once (a 4x4 board can have millions).
    pub const DEFAULT_LIMIT: usize = 5000;

    /// Every optimal solution, up to [`ListRequest::DEFAULT_LIMIT`].
    pub fn optimal() -> ListRequest {
        ListRequest {
            within: 0,
            limit: ListRequest::DEFAULT_LIMIT,
        }
    }
}

/// Told each solution as it is listed, before the solve returns
/// ([`crate::SolveOptions::solution_sink`]): what streams them to a reader. Two are equal
/// when they are the same receiver.
#[derive(Clone)]
pub struct SolutionSink(pub Arc<SolutionReceiver>);

/// What a [`SolutionSink`] calls with each solution, as the blank's single steps.
pub type SolutionReceiver = dyn Fn(&[Move]) + Send + Sync;

impl SolutionSink {
    /// Shares `receive`.
    pub fn new(receive: impl Fn(&[Move]) + Send + Sync + 'static) -> SolutionSink {
        SolutionSink(Arc::new(receive))
    }
}

impl fmt::Debug for SolutionSink {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("SolutionSink")
    }
}

impl PartialEq for SolutionSink {
    fn eq(&self, other: &SolutionSink) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
}

/// How a listing ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ListEnd {
    /// Every solution asked for is listed.
    Complete,
    /// The listing stopped at [`ListRequest::limit`]: there are more.
    AtLimit,
    /// A limit of the solve (time, nodes, memory, an interrupt) stopped it first; those
    /// listed are the first in order.
    GaveUp(GiveUp),
    /// There is no optimum to list from: the solve gave up, or answered a bounded or
    /// suboptimal solution.
    Unproven,
}

/// The solutions a solve listed ([`ListRequest`]), shortest first, those of one length
/// in the move order in force: the first is the solve's own answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SolutionList {
    /// Each solution, as the blank's single steps (none when they went to a
    /// [`SolutionSink`] instead).
    pub solutions: Vec<Vec<Move>>,
    /// Whether that is all.
    pub ended: ListEnd,
    /// The request listed.
    pub request: ListRequest,
}

impl SolutionList {
    /// Whether every solution asked for is listed.
    pub fn is_complete(&self) -> bool {
        self.ended == ListEnd::Complete
    }

    /// Why the list stops short of every solution asked for, in words; `None` when it
    /// does not.
    pub fn cut_short(&self) -> Option<String> {
        match &self.ended {
            ListEnd::Complete => None,
            ListEnd::AtLimit => Some(format!(
                "there are more than the limit of {}",
                counted(self.request.limit as u64, "solution", "solutions")
            )),
            ListEnd::GaveUp(why) => Some(format!("the listing {why}")),
            ListEnd::Unproven => Some("no proven optimum to list from".to_string()),
        }
    }

    /// The solutions as `u d l r` strings.
    pub fn written(&self) -> Vec<String> {
        self.solutions.iter().map(|s| moves_to_string(s)).collect()
    }
}
