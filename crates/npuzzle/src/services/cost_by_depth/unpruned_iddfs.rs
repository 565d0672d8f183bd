//! Iterative deepening as the textbook runs it for its IDS column: no parent pruning, so
//! a node's children include the board it was reached from.
//!
//! The library's IDDFS never steps straight back to the parent (it only wastes work), so
//! its counts are smaller than the book's. Rather than a second depth-first search, the
//! generic [`iddfs`] runs here over boards tagged with their depth: a child is tagged one
//! deeper than its parent and the grandparent one shallower, so the two are never equal
//! and the search's parent test never fires, while the goal test looks at the board alone.

use crate::answer::options::SolveOptions;
use crate::puzzle::board::Board;
use crate::search::{iddfs, Outcome, Search};

/// Iterative deepening from `start` to `goal` without parent pruning, trying moves in
/// `options.order` (in the multi-tile metric each direction's jumps shortest first),
/// within `options.limits`. The path returned is the boards alone.
pub(super) fn unpruned_iddfs(start: &Board, goal: &Board, options: &SolveOptions) -> Search<Board> {
    let (order, metric) = (options.order, options.metric);
    let longest = metric.longest_jump(start.size());
    let search = iddfs(
        &(start.clone(), 0u32),
        |(board, depth): &(Board, u32)| {
            let depth = depth + 1;
            let mut children = Vec::new();
            for mv in order {
                let mut child = board.clone();
                for _ in 0..longest {
                    if !child.apply(mv) {
                        break;
                    }
                    children.push((child.clone(), depth));
                }
            }
            children
        },
        |(board, _)| board == goal,
        &options.limits,
    );
    Search {
        outcome: match search.outcome {
            Outcome::Found { path, cost } => Outcome::Found {
                path: path.into_iter().map(|(board, _)| board).collect(),
                cost,
            },
            Outcome::Exhausted => Outcome::Exhausted,
            Outcome::GaveUp(why) => Outcome::GaveUp(why),
        },
        stats: search.stats,
        lower_bound: search.lower_bound,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::board::{Move, Size};
    use crate::puzzle::oracle::bfs_distances;
    use crate::search::Stats;

    /// The book's recursive depth-limited search, written apart: each board counts as
    /// expanded when its children are made and each child as generated (those past the
    /// limit included, as the library's searches count them); nothing is pruned.
    fn textbook(board: &Board, goal: &Board, depth: u32, limit: u32, stats: &mut Stats) -> bool {
        if board == goal {
            return true;
        }
        stats.expanded += 1;
        for m in Move::ALL {
            if let Some(child) = board.moved(m) {
                stats.generated += 1;
                if depth < limit && textbook(&child, goal, depth + 1, limit, stats) {
                    return true;
                }
            }
        }
        false
    }

    #[test]
    fn counts_what_the_textbooks_recursive_search_counts_and_finds_a_shortest_path() {
        let size = Size::new(3, 2).unwrap();
        let goal = Board::goal(size);
        let distances = bfs_distances(&goal);
        let options = SolveOptions::default();
        let mut checked = 0;
        for (board, &distance) in distances.iter().filter(|(_, &d)| d <= 11) {
            let search = unpruned_iddfs(board, &goal, &options);
            let Outcome::Found { path, cost } = &search.outcome else {
                panic!("{board}: {:?}", search.outcome);
            };
            assert_eq!(*cost as usize, distance, "{board}");
            assert_eq!(path.first(), Some(board));
            assert_eq!(path.last(), Some(&goal));
            assert!(path.windows(2).all(|w| Move::ALL
                .into_iter()
                .any(|m| w[0].moved(m).as_ref() == Some(&w[1]))));
            let mut expected = Stats::default();
            for limit in 0.. {
                if textbook(board, &goal, 0, limit, &mut expected) {
                    break;
                }
            }
            assert_eq!(search.stats.generated, expected.generated, "{board}");
            assert_eq!(search.stats.expanded, expected.expanded, "{board}");
            checked += 1;
        }
        assert!(checked > 70, "{checked}");
    }
}
