//! What one case asks: a start and a goal board, or, for AtCoder ABC224 D, a graph and
//! where its pieces stand.

use npuzzle::puzzle::board::Board;

/// One case's puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Instance {
    /// A sliding-tile board and its goal.
    Boards {
        /// The start board.
        start: Board,
        /// The goal (the format's fixed one, or the case's own).
        goal: Board,
    },
    /// ABC224 D: edges on vertices 1-9 and the vertex of each piece 1-8, 1-based as the
    /// problem writes them.
    Graph {
        /// The edges `u v`, each once.
        edges: Vec<(usize, usize)>,
        /// `p1 … p8`: the vertex piece `i` stands on.
        pieces: [usize; 8],
    },
}

impl Instance {
    /// The start and goal of a board case; `None` for a graph.
    pub fn boards(&self) -> Option<(&Board, &Board)> {
        match self {
            Instance::Boards { start, goal } => Some((start, goal)),
            Instance::Graph { .. } => None,
        }
    }
}
