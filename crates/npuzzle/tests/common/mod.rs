//! What the library's tests share: an exact-distance oracle written apart from the
//! library's searches.

use std::collections::HashMap;

use npuzzle::{Board, Move};

/// Exact distance of every board that reaches `goal`, by a breadth-first search written
/// here, independent of the library's searches.
pub fn all_distances(goal: &Board) -> HashMap<Board, u32> {
    let mut distance = HashMap::from([(goal.clone(), 0)]);
    let mut frontier = vec![goal.clone()];
    let mut depth = 0;
    while !frontier.is_empty() {
        depth += 1;
        let mut next = Vec::new();
        for board in &frontier {
            for mv in Move::ALL {
                if let Some(b) = board.moved(mv) {
                    distance.entry(b.clone()).or_insert_with(|| {
                        next.push(b);
                        depth
                    });
                }
            }
        }
        frontier = next;
    }
    distance
}
