//! AtCoder ABC224 D "8 Puzzle on Graph": eight pieces on a graph of nine vertices, the
//! fewest moves to piece `i` on vertex `i`, answered by a
//! [`npuzzle::puzzle::graph_puzzle::GraphPuzzle`].

use std::fmt::Write as _;
use std::io::Write;

use npuzzle::puzzle::graph_puzzle::GraphPuzzle;
use npuzzle::util::excerpt::shortened;

use super::bounded_input::token_bytes;
use super::case_text::{board_rows, boards};
use super::reader::{line_at, read_count, tokens, Token};
use super::{CaseKind, Comparison, Instance, Judge, JudgeError};

/// The problem's vertices.
const VERTICES: usize = 9;

/// At most one edge a pair of vertices: more is bad input, not a bigger graph.
const MOST_EDGES: usize = VERTICES * (VERTICES - 1) / 2;

/// AtCoder ABC224 D: the number of edges `M`, then `M` edges `u v` on vertices 1-9,
/// then `p1 … p8`, the vertex of each piece; prints the fewest moves (a piece slides
/// along an edge onto the empty vertex) to piece `i` on vertex `i` for every `i`, or
/// `-1` when that cannot be reached.
///
/// ```
/// let mut out = Vec::new();
/// npuzzle_judges::judge::abc224d("5\n1 2\n1 3\n1 9\n2 9\n3 9\n3 9 2 4 5 6 7 8\n", &mut out)?;
/// assert_eq!(out, b"5\n");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// A [`JudgeError`] naming the line and token of bad input, or a failed write.
///
/// # Panics
/// Never: the graph and the arrangement are checked as they are read.
pub fn abc224d(input: &str, out: &mut impl Write) -> Result<(), JudgeError> {
    let count = read_count(input, "edges")?;
    let mut all = tokens(&input[count.rest..], count.line);
    let mut last_line = line_at(input, input.len());
    let mut vertex = |what: &dyn Fn() -> String| -> Result<(usize, usize), JudgeError> {
        let Some(Token { text, line }) = all.next() else {
            return Err(JudgeError::BadLine {
                line: last_line,
                problem: format!("the input ends before {}", what()),
            });
        };
        last_line = line;
        match text.parse::<usize>() {
            Ok(v) if (1..=VERTICES).contains(&v) => Ok((v - 1, line)),
            _ => Err(JudgeError::BadLine {
                line,
                problem: format!(
                    "{}: expected a vertex 1-9, found '{}'",
                    what(),
                    shortened(text)
                ),
            }),
        }
    };
    if count.announced > MOST_EDGES {
        return Err(JudgeError::BadLine {
            line: count.line,
            problem: format!(
                "{} edges announced; nine vertices have at most {MOST_EDGES}",
                count.announced
            ),
        });
    }
    let mut edges = Vec::with_capacity(count.announced);
    for edge in 1..=count.announced {
        let (u, line) = vertex(&|| format!("edge {edge}"))?;
        let (v, _) = vertex(&|| format!("edge {edge}"))?;
        if u == v {
            return Err(JudgeError::BadLine {
                line,
                problem: format!("edge {edge}: a loop on vertex {}", u + 1),
            });
        }
        edges.push((u, v));
    }
    let mut start = [0u8; VERTICES];
    for piece in 1..=8u8 {
        let (v, line) = vertex(&|| format!("p{piece}"))?;
        if start[v] != 0 {
            return Err(JudgeError::BadLine {
                line,
                problem: format!(
                    "p{piece}: vertex {} already holds piece {}",
                    v + 1,
                    start[v]
                ),
            });
        }
        start[v] = piece;
    }
    if let Some(stray) = all.next() {
        return Err(JudgeError::BadLine {
            line: stray.line,
            problem: format!("stray '{}' after p8", shortened(stray.text)),
        });
    }
    let puzzle = GraphPuzzle::new(VERTICES, &edges).expect("vertices and edges checked");
    let goal = [1, 2, 3, 4, 5, 6, 7, 8, 0];
    match puzzle
        .distance(&start, &goal)
        .expect("arrangements checked")
    {
        Some(moves) => writeln!(out, "{moves}")?,
        None => writeln!(out, "-1")?,
    }
    Ok(())
}

/// AtCoder ABC224 D: a graph and eight pieces, one case a run; the fewest moves, judged as
/// AtCoder's checker judges.
#[derive(Clone, Copy, Debug)]
pub struct Abc224d;

impl Judge for Abc224d {
    fn name(&self) -> &'static str {
        "abc224d"
    }

    fn source(&self) -> &'static str {
        "AtCoder ABC224 D 8 Puzzle on Graph (atcoder.jp/contests/abc224/tasks/abc224_d)"
    }

    fn summary(&self) -> &'static str {
        "M edges on vertices 1-9, then p1..p8; the fewest moves to piece i on vertex i, or -1"
    }

    fn answer(&self, input: &str, mut out: &mut dyn Write) -> Result<(), JudgeError> {
        abc224d(input, &mut out)
    }

    /// AtCoder's checker ignores spaces at line ends and newlines at the end of the
    /// output.
    fn comparison(&self) -> Comparison {
        Comparison::TrailingWhitespace
    }

    fn one_case_a_run(&self) -> bool {
        true
    }

    fn case_kind(&self) -> CaseKind {
        CaseKind::Graphs
    }

    /// `M`, the edges a line each, then the pieces' vertices (a board: its rows, as the
    /// 8-puzzle on the 3x3 grid graph).
    fn case_text(&self, instance: &Instance) -> String {
        let Instance::Graph { edges, pieces } = instance else {
            return board_rows(boards(instance).0, "0");
        };
        let mut text = format!("{}\n", edges.len());
        for (u, v) in edges {
            let _ = writeln!(text, "{u} {v}");
        }
        let pieces: Vec<String> = pieces.iter().map(usize::to_string).collect();
        format!("{text}{}\n", pieces.join(" "))
    }

    /// M (at most 36, every pair of 9 vertices), M edges, the 8 pieces.
    fn longest_case(&self) -> usize {
        token_bytes(1 + 2 * 36 + 8, 2)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::judge::tests::run;
    use std::collections::{HashMap, VecDeque};

    const SAMPLE_EDGES: &str = "5\n1 2\n1 3\n1 9\n2 9\n3 9\n";

    #[test]
    fn the_problems_samples() {
        assert_eq!(
            run(abc224d, &format!("{SAMPLE_EDGES}3 9 2 4 5 6 7 8\n")),
            ("5\n".into(), None)
        );
        assert_eq!(
            run(abc224d, &format!("{SAMPLE_EDGES}1 2 3 4 5 6 7 8\n")),
            ("0\n".into(), None)
        );
    }

    /// The fewest moves by a plain search over piece-on-vertex vectors, 1-based as the
    /// problem writes them.
    fn brute_force(edges: &[(usize, usize)], p: &[usize; 8]) -> i64 {
        let mut start = vec![0u8; 10];
        for (i, &v) in p.iter().enumerate() {
            start[v] = i as u8 + 1;
        }
        let goal: Vec<u8> = vec![0, 1, 2, 3, 4, 5, 6, 7, 8, 0];
        let mut seen = HashMap::from([(start.clone(), 0i64)]);
        let mut queue = VecDeque::from([start]);
        while let Some(here) = queue.pop_front() {
            if here == goal {
                return seen[&here];
            }
            let empty = (1..=9).find(|&v| here[v] == 0).unwrap();
            for &(a, b) in edges {
                let other = if a == empty {
                    b
                } else if b == empty {
                    a
                } else {
                    continue;
                };
                let mut next = here.clone();
                next.swap(empty, other);
                if !seen.contains_key(&next) {
                    seen.insert(next.clone(), seen[&here] + 1);
                    queue.push_back(next);
                }
            }
        }
        -1
    }

    #[test]
    fn agrees_with_brute_force_on_random_graphs() {
        let mut x = 224u64;
        let mut next = move |n: usize| {
            x = x.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
            (x >> 33) as usize % n
        };
        let mut answers = Vec::new();
        for _ in 0..6 {
            let mut edges = Vec::new();
            while edges.len() < 8 + next(12) {
                let (u, v) = (1 + next(9), 1 + next(9));
                if u != v && !edges.contains(&(u, v)) && !edges.contains(&(v, u)) {
                    edges.push((u, v));
                }
            }
            let mut vertices: Vec<usize> = (1..=9).collect();
            for i in (1..9).rev() {
                vertices.swap(i, next(i + 1));
            }
            let p: [usize; 8] = vertices[..8].try_into().unwrap();
            let mut input = format!("{}\n", edges.len());
            for (u, v) in &edges {
                let _ = writeln!(input, "{u} {v}");
            }
            input += &p.map(|v| v.to_string()).join(" ");
            let expected = brute_force(&edges, &p);
            answers.push(expected);
            assert_eq!(
                run(abc224d, &input),
                (format!("{expected}\n"), None),
                "{input}"
            );
        }
        assert!(answers.iter().any(|&a| a > 0), "{answers:?}");
    }

    #[test]
    fn bad_input_is_named() {
        for (input, message) in [
            ("2\n1 2\n", "line 2: the input ends before edge 2"),
            (
                "1\n1 10\n1 2 3 4 5 6 7 8",
                "line 2: edge 1: expected a vertex 1-9, found '10'",
            ),
            (
                "1\n3 3\n1 2 3 4 5 6 7 8",
                "line 2: edge 1: a loop on vertex 3",
            ),
            (
                "1\n1 2\n1 2 3 4 5 6 7 7",
                "line 3: p8: vertex 7 already holds piece 7",
            ),
            ("1\n1 2\n1 2 3 4 5 6 7 8 9", "line 3: stray '9' after p8"),
            ("1\n1 2\n1 2 3 4 5 6 7", "line 3: the input ends before p8"),
            (
                "37\n",
                "line 1: 37 edges announced; nine vertices have at most 36",
            ),
            ("x", "line 1: expected the number of edges, found 'x'"),
        ] {
            assert_eq!(
                run(abc224d, input),
                (String::new(), Some(message.into())),
                "{input}"
            );
        }
    }
}
