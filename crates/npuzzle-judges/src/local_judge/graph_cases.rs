//! AtCoder ABC224 D's cases: the problem's samples, the 3x3 grid graph (on which the
//! puzzle is the 8-puzzle, so its hardest boards are the hardest arrangements), graphs on
//! which the goal cannot be reached, then seeded random graphs, connected or not, with
//! random placements.

use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};

use npuzzle::puzzle::board::{Board, Size};
use npuzzle::puzzle::solvability::swap_parity;

use super::cases::{hardest, one_move, Generated};
use crate::judge::Instance;

/// The graph of the problem's first two samples: vertices 4 to 8 stand alone.
const SAMPLE_EDGES: [(usize, usize); 5] = [(1, 2), (1, 3), (1, 9), (2, 9), (3, 9)];

/// The edge cases, then `random` seeded random graphs and placements.
pub(super) fn generate(random: usize, seed: u64) -> Vec<Generated> {
    let sample = SAMPLE_EDGES.to_vec();
    let solved = [1, 2, 3, 4, 5, 6, 7, 8];
    let goal = eight_puzzle_goal();
    let mut cases = vec![
        case("sample 1", sample.clone(), [3, 9, 2, 4, 5, 6, 7, 8]),
        case("start equal to goal", sample.clone(), solved),
        // Pieces 4 and 5 stand alone on each other's vertex: no move reaches them.
        case("disconnected", sample, [1, 2, 3, 5, 4, 6, 7, 8]),
        case("no edges", Vec::new(), [1, 2, 3, 4, 5, 6, 7, 9]),
        case("one move", grid(), pieces_of(&one_move(&goal))),
        case("unsolvable", grid(), pieces_of(&swap_parity(&goal))),
    ];
    for board in hardest(&goal) {
        cases.push(case("hardest", grid(), pieces_of(&board)));
    }
    let mut rng = StdRng::seed_from_u64(seed);
    for i in 0..random {
        // Half connected (a random tree and a few more edges), where the answer is
        // mostly a number; half any edges, mostly disconnected, where it is mostly -1.
        let (label, edges) = if i % 2 == 0 {
            ("random connected", connected(&mut rng))
        } else {
            ("random graph", any_edges(&mut rng))
        };
        let mut vertices: Vec<usize> = (1..=9).collect();
        vertices.shuffle(&mut rng);
        let pieces = vertices[..8].try_into().expect("eight of nine vertices");
        cases.push(case(label, edges, pieces));
    }
    cases
}

/// Piece `i` on vertex `i`: on the 3x3 grid graph, the 8-puzzle's goal.
fn eight_puzzle_goal() -> Board {
    Board::goal(Size::square(3).expect("3x3 is a size"))
}

fn case(label: &str, edges: Vec<(usize, usize)>, pieces: [usize; 8]) -> Generated {
    Generated {
        label: label.to_string(),
        instance: Instance::Graph { edges, pieces },
    }
}

/// The 3x3 grid graph, vertices numbered by row: the 8-puzzle with its standard goal.
fn grid() -> Vec<(usize, usize)> {
    let mut edges = Vec::new();
    for v in 1..=9 {
        if v % 3 != 0 {
            edges.push((v, v + 1));
        }
        if v <= 6 {
            edges.push((v, v + 3));
        }
    }
    edges
}

/// Where each piece stands on the grid graph when the 8-puzzle shows `board`.
fn pieces_of(board: &Board) -> [usize; 8] {
    let mut pieces = [0; 8];
    for (cell, &tile) in board.cells().iter().enumerate() {
        if tile != 0 {
            pieces[tile as usize - 1] = cell + 1;
        }
    }
    pieces
}

/// A random tree on the nine vertices, then up to eight more edges.
fn connected(rng: &mut StdRng) -> Vec<(usize, usize)> {
    let mut order: Vec<usize> = (1..=9).collect();
    order.shuffle(rng);
    let mut edges: Vec<(usize, usize)> = (1..9)
        .map(|i| (order[rng.gen_range(0..i)], order[i]))
        .collect();
    let extra = rng.gen_range(0..=8);
    let mut others = missing(&edges);
    others.shuffle(rng);
    edges.extend(others.into_iter().take(extra));
    edges.shuffle(rng);
    edges
}

/// Each pair of vertices an edge with one chance in four.
fn any_edges(rng: &mut StdRng) -> Vec<(usize, usize)> {
    let mut edges = Vec::new();
    for (u, v) in missing(&[]) {
        if rng.gen_range(0..4) == 0 {
            edges.push(if rng.gen() { (u, v) } else { (v, u) });
        }
    }
    edges
}

/// Every pair of vertices not joined by `edges`.
fn missing(edges: &[(usize, usize)]) -> Vec<(usize, usize)> {
    let joined = |u, v| edges.iter().any(|&e| e == (u, v) || e == (v, u));
    (1..=9)
        .flat_map(|u| (u + 1..=9).map(move |v| (u, v)))
        .filter(|&(u, v)| !joined(u, v))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use npuzzle::puzzle::graph_puzzle::GraphPuzzle;

    /// Whether `edges` join every vertex, by a walk from vertex 1.
    fn is_connected(edges: &[(usize, usize)]) -> bool {
        let mut reached = vec![1];
        let mut i = 0;
        while let Some(&v) = reached.get(i) {
            for &(a, b) in edges {
                let other = if a == v {
                    b
                } else if b == v {
                    a
                } else {
                    continue;
                };
                if !reached.contains(&other) {
                    reached.push(other);
                }
            }
            i += 1;
        }
        reached.len() == 9
    }

    #[test]
    fn graphs_are_simple_and_placements_are_arrangements() {
        let cases = generate(40, 9);
        assert_eq!(cases, generate(40, 9));
        let mut answers = (0, 0);
        for c in &cases {
            let Instance::Graph { edges, pieces } = &c.instance else {
                panic!("{c:?}")
            };
            for (i, &(u, v)) in edges.iter().enumerate() {
                assert!(u != v && (1..=9).contains(&u) && (1..=9).contains(&v));
                assert!(edges[..i].iter().all(|&e| e != (u, v) && e != (v, u)));
            }
            let mut seen = pieces.to_vec();
            seen.sort_unstable();
            seen.dedup();
            assert_eq!(seen.len(), 8);
            if c.label == "random connected" {
                assert!(is_connected(edges), "{c:?}");
            }
            // Both kinds of answer are asked for.
            let zero_based: Vec<_> = edges.iter().map(|&(u, v)| (u - 1, v - 1)).collect();
            let mut start = [0u8; 9];
            for (p, &v) in pieces.iter().enumerate() {
                start[v - 1] = p as u8 + 1;
            }
            let puzzle = GraphPuzzle::new(9, &zero_based).unwrap();
            match puzzle
                .distance(&start, &[1, 2, 3, 4, 5, 6, 7, 8, 0])
                .unwrap()
            {
                Some(_) => answers.0 += 1,
                None => answers.1 += 1,
            }
        }
        assert!(answers.0 > 5 && answers.1 > 5, "{answers:?}");
        assert!(cases.iter().any(|c| c.label == "random graph"
            && matches!(&c.instance, Instance::Graph { edges, .. } if !is_connected(edges))));
    }

    #[test]
    fn the_grid_graph_is_the_eight_puzzle() {
        assert_eq!(grid().len(), 12);
        let goal = eight_puzzle_goal();
        assert_eq!(pieces_of(&goal), [1, 2, 3, 4, 5, 6, 7, 8]);
        // The hardest 8-puzzles are as far on the grid graph as on the board.
        let zero_based: Vec<_> = grid().iter().map(|&(u, v)| (u - 1, v - 1)).collect();
        let puzzle = GraphPuzzle::new(9, &zero_based).unwrap();
        let table = crate::eight_puzzle_tables::eight_puzzle(goal.blank());
        let bytes = |b: &Board| -> Vec<u8> { b.cells().iter().map(|&t| t as u8).collect() };
        for board in hardest(&goal) {
            let distance = puzzle.distance(&bytes(&board), &bytes(&goal)).unwrap();
            assert_eq!(distance, table.distance(&board));
        }
    }
}
