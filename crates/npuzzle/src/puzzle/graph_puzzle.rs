//! A sliding puzzle on any graph: a piece on every vertex but one, and a move slides a
//! piece along an edge into the empty vertex. The grid puzzles are the special case of a
//! grid graph; AtCoder ABC224 D "8 Puzzle on Graph" asks for it on any graph of nine
//! vertices. Solved with the generic breadth-first search ([`crate::search::bfs_with`]),
//! so the answer is a fewest-moves one.
//!
//! ```
//! use npuzzle::puzzle::graph_puzzle::GraphPuzzle;
//!
//! // A path 0 - 1 - 2: piece 1 must go round the empty vertex, which a path cannot do.
//! let path = GraphPuzzle::new(3, &[(0, 1), (1, 2)])?;
//! assert_eq!(path.distance(&[2, 1, 0], &[1, 2, 0])?, None);
//! // A triangle can: each piece rides round it.
//! let triangle = GraphPuzzle::new(3, &[(0, 1), (1, 2), (2, 0)])?;
//! assert_eq!(triangle.distance(&[2, 1, 0], &[1, 2, 0])?, Some(3));
//! # Ok::<(), npuzzle::puzzle::graph_puzzle::GraphPuzzleError>(())
//! ```

use thiserror::Error;

use crate::puzzle::rank::{factorial, rank};
use crate::search::{self, IndexedMap, Limits, Outcome, Search, Unobserved};

/// A graph whose vertices hold pieces, all but one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GraphPuzzle {
    /// Each vertex's neighbours, each once, in increasing order.
    neighbours: Vec<Vec<usize>>,
}

/// A graph or an arrangement that [`GraphPuzzle`] cannot take.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum GraphPuzzleError {
    /// Fewer than two vertices, or more than [`GraphPuzzle::MAX_VERTICES`].
    #[error(
        "a graph puzzle has 2 to {} vertices, not {vertices}",
        GraphPuzzle::MAX_VERTICES
    )]
    Vertices {
        /// The number asked for.
        vertices: usize,
    },
    /// An edge with an end that is no vertex, or both ends on one vertex.
    #[error("edge {edge} ({from}, {to}): {problem}")]
    BadEdge {
        /// 1-based place of the edge in the list.
        edge: usize,
        /// One end.
        from: usize,
        /// The other end.
        to: usize,
        /// What is wrong.
        problem: String,
    },
    /// An arrangement that is not one piece `1..n` on each vertex but one, `0` there.
    #[error("the {which}: {problem}")]
    BadArrangement {
        /// `start` or `goal`.
        which: &'static str,
        /// What is wrong.
        problem: String,
    },
}

/// An arrangement packed four bits a vertex, vertex 0 lowest.
type Arrangement = u64;

impl GraphPuzzle {
    /// The most vertices: an arrangement is packed four bits a vertex into a `u64`.
    pub const MAX_VERTICES: usize = 16;

    /// The most vertices whose search keeps its visited set indexed by rank (`10!`
    /// slots, paged in as touched) rather than hashed.
    const RANKED_VERTICES: usize = 10;

    /// The puzzle on vertices `0..vertices` joined by `edges` (either way round; an edge
    /// given twice is one edge).
    ///
    /// # Errors
    /// [`GraphPuzzleError::Vertices`] for fewer than 2 or more than [`Self::MAX_VERTICES`]
    /// vertices, [`GraphPuzzleError::BadEdge`] for an edge off the graph or a loop.
    pub fn new(vertices: usize, edges: &[(usize, usize)]) -> Result<GraphPuzzle, GraphPuzzleError> {
        if !(2..=Self::MAX_VERTICES).contains(&vertices) {
            return Err(GraphPuzzleError::Vertices { vertices });
        }
        let mut neighbours = vec![Vec::new(); vertices];
        for (i, &(from, to)) in edges.iter().enumerate() {
            let bad = |problem: String| GraphPuzzleError::BadEdge {
                edge: i + 1,
                from,
                to,
                problem,
            };
            if let Some(off) = [from, to].into_iter().find(|&v| v >= vertices) {
                return Err(bad(format!("{off} is no vertex of 0..{vertices}")));
            }
            if from == to {
                return Err(bad("a loop moves nothing".into()));
            }
            neighbours[from].push(to);
            neighbours[to].push(from);
        }
        for list in &mut neighbours {
            list.sort_unstable();
            list.dedup();
        }
        Ok(GraphPuzzle { neighbours })
    }

    /// The number of vertices.
    pub fn vertices(&self) -> usize {
        self.neighbours.len()
    }

    /// The neighbours of `vertex`, in increasing order.
    ///
    /// # Panics
    /// When `vertex` is no vertex.
    pub fn neighbours(&self, vertex: usize) -> &[usize] {
        &self.neighbours[vertex]
    }

    /// A shortest sequence of arrangements from `start` to `goal` (each the piece on
    /// every vertex, `0` on the empty one), found by breadth-first search within
    /// `limits`: [`Outcome::Found`] with both ends included, [`Outcome::Exhausted`] when
    /// `goal` cannot be reached.
    ///
    /// # Errors
    /// [`GraphPuzzleError::BadArrangement`] when `start` or `goal` is not one of each
    /// `0..n` on the `n` vertices.
    pub fn solve(
        &self,
        start: &[u8],
        goal: &[u8],
        limits: &Limits,
    ) -> Result<Search<Vec<u8>>, GraphPuzzleError> {
        let start = self.pack(start, "start")?;
        let goal = self.pack(goal, "goal")?;
        let n = self.vertices();
        let successors = |&state: &Arrangement| self.successors(state);
        let found = |&state: &Arrangement| state == goal;
        let search = if n <= Self::RANKED_VERTICES {
            let visited = IndexedMap::new(factorial(n) as usize, move |&state: &Arrangement| {
                let mut cells = [0u8; Self::RANKED_VERTICES];
                for (v, cell) in cells[..n].iter_mut().enumerate() {
                    *cell = ((state >> (4 * v)) & 15) as u8;
                }
                rank(&cells[..n]) as usize
            });
            search::bfs_with(&start, successors, found, limits, visited, &mut Unobserved)
        } else {
            search::bfs(&start, successors, found, limits)
        };
        let outcome = match search.outcome {
            Outcome::Found { path, cost } => Outcome::Found {
                path: path.into_iter().map(|state| unpack(state, n)).collect(),
                cost,
            },
            Outcome::Exhausted => Outcome::Exhausted,
            Outcome::GaveUp(why) => Outcome::GaveUp(why),
        };
        Ok(Search {
            outcome,
            stats: search.stats,
            lower_bound: search.lower_bound,
        })
    }

    /// The fewest moves from `start` to `goal`, or `None` when it cannot be reached
    /// (see [`GraphPuzzle::solve`]).
    ///
    /// # Errors
    /// As [`GraphPuzzle::solve`].
    pub fn distance(&self, start: &[u8], goal: &[u8]) -> Result<Option<usize>, GraphPuzzleError> {
        Ok(match self.solve(start, goal, &Limits::NONE)?.outcome {
            Outcome::Found { cost, .. } => Some(cost as usize),
            _ => None,
        })
    }

    /// The arrangements one move from `state`: the piece on each neighbour of the empty
    /// vertex slid into it.
    fn successors(&self, state: Arrangement) -> impl Iterator<Item = Arrangement> + '_ {
        let empty = (0..self.vertices())
            .find(|&v| (state >> (4 * v)).trailing_zeros() >= 4)
            .expect("one vertex is empty");
        self.neighbours[empty].iter().map(move |&from| {
            let piece = (state >> (4 * from)) & 15;
            state & !(15 << (4 * from)) | (piece << (4 * empty))
        })
    }

    /// `arrangement` packed, once checked.
    fn pack(
        &self,
        arrangement: &[u8],
        which: &'static str,
    ) -> Result<Arrangement, GraphPuzzleError> {
        let n = self.vertices();
        let bad = |problem: String| GraphPuzzleError::BadArrangement { which, problem };
        if arrangement.len() != n {
            return Err(bad(format!(
                "{} vertices given, the graph has {n}",
                arrangement.len()
            )));
        }
        let mut seen = 0u32;
        let mut packed = 0;
        for (vertex, &piece) in arrangement.iter().enumerate() {
            if usize::from(piece) >= n {
                return Err(bad(format!(
                    "piece {piece} on vertex {vertex}: pieces are 1..{} and 0 the empty vertex",
                    n - 1
                )));
            }
            if seen & (1 << piece) != 0 {
                return Err(bad(format!("piece {piece} stands on two vertices")));
            }
            seen |= 1 << piece;
            packed |= u64::from(piece) << (4 * vertex);
        }
        Ok(packed)
    }
}

/// The arrangement of the first `n` vertices of `state`.
fn unpack(state: Arrangement, n: usize) -> Vec<u8> {
    (0..n).map(|v| ((state >> (4 * v)) & 15) as u8).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::board::{Board, Move, Size};
    use crate::puzzle::rank::unrank;
    use std::collections::{HashMap, VecDeque};

    /// Every arrangement's distance from `start`, by a plain breadth-first search over
    /// vectors with a hash map, sharing nothing with [`GraphPuzzle::solve`] but the graph.
    fn distances_from(puzzle: &GraphPuzzle, start: &[u8]) -> HashMap<Vec<u8>, usize> {
        let mut seen = HashMap::from([(start.to_vec(), 0)]);
        let mut queue = VecDeque::from([start.to_vec()]);
        while let Some(here) = queue.pop_front() {
            let d = seen[&here];
            let empty = here.iter().position(|&p| p == 0).unwrap();
            for &v in puzzle.neighbours(empty) {
                let mut next = here.clone();
                next.swap(empty, v);
                if !seen.contains_key(&next) {
                    seen.insert(next.clone(), d + 1);
                    queue.push_back(next);
                }
            }
        }
        seen
    }

    fn random_graph(seed: u64, vertices: usize, edges: usize) -> GraphPuzzle {
        let mut x = seed;
        let mut next = move || {
            x = x
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            (x >> 33) as usize
        };
        let list: Vec<(usize, usize)> = (0..edges)
            .map(|_| {
                let a = next() % vertices;
                (a, (a + 1 + next() % (vertices - 1)) % vertices)
            })
            .collect();
        GraphPuzzle::new(vertices, &list).unwrap()
    }

    /// On random graphs of 5 to 7 vertices (hashed and ranked visited sets alike), every
    /// arrangement's distance and path agree with the plain search.
    #[test]
    fn agrees_with_a_plain_search_on_random_graphs() {
        for seed in 0..12 {
            let vertices = 5 + (seed as usize % 3);
            let puzzle = random_graph(seed, vertices, vertices + seed as usize % 4);
            let goal: Vec<u8> = (1..vertices as u8).chain([0]).collect();
            let expected = distances_from(&puzzle, &goal);
            for r in (0..factorial(vertices)).step_by(7) {
                let start = unrank(r, vertices);
                let search = puzzle.solve(&start, &goal, &Limits::NONE).unwrap();
                match (expected.get(&start), search.outcome) {
                    (Some(&d), Outcome::Found { path, cost }) => {
                        assert_eq!(cost as usize, d);
                        assert_eq!(path.first(), Some(&start));
                        assert_eq!(path.last(), Some(&goal));
                        for pair in path.windows(2) {
                            let (a, b) = (&pair[0], &pair[1]);
                            let empty = a.iter().position(|&p| p == 0).unwrap();
                            let moved = b.iter().position(|&p| p == 0).unwrap();
                            assert!(puzzle.neighbours(empty).contains(&moved));
                        }
                    }
                    (None, Outcome::Exhausted) => {}
                    (d, outcome) => panic!("seed {seed}, {start:?}: {d:?} against {outcome:?}"),
                }
            }
        }
    }

    /// On the 3x3 grid graph it is the 8-puzzle: the same distances as a plain BFS.
    #[test]
    fn the_grid_graph_is_the_eight_puzzle() {
        let size = Size::square(3).unwrap();
        let mut edges = Vec::new();
        for cell in 0..9 {
            for mv in [Move::Down, Move::Right] {
                if let Some(to) = size.step(cell, mv) {
                    edges.push((cell, to));
                }
            }
        }
        let puzzle = GraphPuzzle::new(9, &edges).unwrap();
        let goal = Board::goal(size);
        let distances = crate::puzzle::oracle::bfs_distances(&goal);
        for r in (0..factorial(9)).step_by(9973) {
            let cells = unrank(r, 9);
            let board = Board::new(size, cells.iter().map(|&t| u32::from(t)).collect()).unwrap();
            let goal_cells: Vec<u8> = goal.cells().iter().map(|&t| t as u8).collect();
            assert_eq!(
                puzzle.distance(&cells, &goal_cells).unwrap(),
                distances.get(&board).copied(),
                "{board}"
            );
        }
    }

    #[test]
    fn bad_graphs_and_arrangements_are_named() {
        assert_eq!(
            GraphPuzzle::new(1, &[]).unwrap_err().to_string(),
            "a graph puzzle has 2 to 16 vertices, not 1"
        );
        assert_eq!(
            GraphPuzzle::new(3, &[(0, 1), (1, 3)])
                .unwrap_err()
                .to_string(),
            "edge 2 (1, 3): 3 is no vertex of 0..3"
        );
        assert_eq!(
            GraphPuzzle::new(3, &[(2, 2)]).unwrap_err().to_string(),
            "edge 1 (2, 2): a loop moves nothing"
        );
        let puzzle = GraphPuzzle::new(3, &[(0, 1), (1, 2), (0, 1)]).unwrap();
        assert_eq!(puzzle.neighbours(1), &[0, 2]);
        assert_eq!(
            puzzle
                .distance(&[1, 1, 0], &[1, 2, 0])
                .unwrap_err()
                .to_string(),
            "the start: piece 1 stands on two vertices"
        );
        assert_eq!(
            puzzle
                .distance(&[1, 2, 0], &[1, 2, 3])
                .unwrap_err()
                .to_string(),
            "the goal: piece 3 on vertex 2: pieces are 1..2 and 0 the empty vertex"
        );
        assert!(puzzle.distance(&[1, 2], &[1, 2, 0]).is_err());
    }
}
