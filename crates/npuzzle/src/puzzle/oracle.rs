//! What tests check the library against: answers computed the plainest way, sharing
//! nothing with the code under test but [`Board`].

use std::collections::{HashMap, VecDeque};

use super::board::{Board, Move};

/// Every board's distance to `goal`, by a plain breadth-first search over boards.
pub(crate) fn bfs_distances(goal: &Board) -> HashMap<Board, usize> {
    let mut seen = HashMap::from([(goal.clone(), 0)]);
    let mut queue = VecDeque::from([goal.clone()]);
    while let Some(board) = queue.pop_front() {
        let d = seen[&board];
        for mv in Move::ALL {
            if let Some(next) = board.moved(mv) {
                seen.entry(next.clone()).or_insert_with(|| {
                    queue.push_back(next);
                    d + 1
                });
            }
        }
    }
    seen
}

/// Every board's distance to `goal` in the multi-tile metric, by a plain breadth-first
/// search over boards whose neighbours are the blank's jumps of any length.
pub(crate) fn bfs_multi_tile_distances(goal: &Board) -> HashMap<Board, usize> {
    let mut seen = HashMap::from([(goal.clone(), 0)]);
    let mut queue = VecDeque::from([goal.clone()]);
    while let Some(board) = queue.pop_front() {
        let d = seen[&board];
        for mv in Move::ALL {
            let mut next = board.moved(mv);
            while let Some(jumped) = next {
                next = jumped.moved(mv);
                seen.entry(jumped.clone()).or_insert_with(|| {
                    queue.push_back(jumped);
                    d + 1
                });
            }
        }
    }
    seen
}
