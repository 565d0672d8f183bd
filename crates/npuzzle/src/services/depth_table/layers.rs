//! Every board at exactly one distance from a goal, found layer by layer from the goal,
//! for boards without an exact distance table in memory: 12-cell boards (their tables
//! hold distances mod 3, which cannot tell depth 6 from depth 9) and the 15-puzzle's
//! shallow depths.
//!
//! A move changes the blank's colour on the board's chessboard colouring, so a board's
//! neighbours lie one layer nearer the goal or one farther, never in its own layer:
//! the next layer is the current one's neighbours less the previous layer, and no
//! visited set is needed. Layers are sorted, deduplicated vectors of packed boards.

use crate::puzzle::board::{Board, Move};
use crate::puzzle::state::{Packed, SearchState, PACKED_CELLS};

use super::DepthTableError;

/// The most boards a layer may hold (8 bytes each; three layers and the unsorted
/// neighbours of one are alive at once: about 1.3 GB at the cap).
pub const MAX_LAYER_BOARDS: usize = 40_000_000;

/// Every board exactly `depth` moves from `goal`, sorted by their packed form.
///
/// # Errors
/// [`DepthTableError::NoExactTable`] for boards of more than 16 cells,
/// [`DepthTableError::NoBoards`] when no board is that far,
/// [`DepthTableError::LayerTooLarge`] when a layer on the way passes
/// [`MAX_LAYER_BOARDS`].
pub fn layer_at(goal: &Board, depth: usize) -> Result<Vec<Packed>, DepthTableError> {
    let size = goal.size();
    let cells = size.cells();
    if cells > PACKED_CELLS {
        return Err(DepthTableError::NoExactTable { size, cells });
    }
    let mut previous: Vec<Packed> = Vec::new();
    let mut current = vec![Packed::from_board(goal)];
    for reached in 1..=depth {
        let mut next = Vec::with_capacity(current.len() * 3);
        for state in &current {
            let blank = state.blank(cells);
            for mv in Move::DEFAULT_ORDER {
                if let Some(from) = size.step(blank, mv) {
                    next.push(state.slide(blank, from));
                }
            }
            if next.len() > 3 * MAX_LAYER_BOARDS {
                return Err(DepthTableError::LayerTooLarge {
                    depth: reached,
                    cap: MAX_LAYER_BOARDS,
                });
            }
        }
        next.sort_unstable();
        next.dedup();
        // Both sorted: one walk along `previous` removes the boards one move nearer.
        let mut nearer = previous.iter().peekable();
        next.retain(|state| {
            while nearer.next_if(|p| *p < state).is_some() {}
            nearer.peek() != Some(&state)
        });
        if next.is_empty() {
            return Err(DepthTableError::NoBoards {
                depth,
                max: reached - 1,
            });
        }
        if next.len() > MAX_LAYER_BOARDS {
            return Err(DepthTableError::LayerTooLarge {
                depth: reached,
                cap: MAX_LAYER_BOARDS,
            });
        }
        previous = std::mem::replace(&mut current, next);
    }
    Ok(current)
}

/// The board a packed layer entry stands for.
pub fn board_of(state: Packed, goal: &Board) -> Board {
    let size = goal.size();
    let cells = state.with_cells(size.cells(), |c| c.iter().map(|&t| u32::from(t)).collect());
    Board::new(size, cells).expect("a layer holds arrangements of the goal's tiles")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::board::Size;
    use crate::puzzle::oracle::bfs_distances;

    #[test]
    fn each_layer_is_exactly_the_boards_at_its_distance() {
        for goal in [
            Board::goal(Size::new(3, 2).unwrap()),
            Board::new(Size::new(2, 4).unwrap(), vec![3, 1, 0, 2, 7, 5, 6, 4]).unwrap(),
        ] {
            let distances = bfs_distances(&goal);
            let max = *distances.values().max().unwrap();
            for depth in 0..=max {
                let mut expected: Vec<Board> = distances
                    .iter()
                    .filter(|(_, &d)| d == depth)
                    .map(|(b, _)| b.clone())
                    .collect();
                let mut layer: Vec<Board> = layer_at(&goal, depth)
                    .unwrap()
                    .into_iter()
                    .map(|s| board_of(s, &goal))
                    .collect();
                expected.sort_by(|a, b| a.cells().cmp(b.cells()));
                layer.sort_by(|a, b| a.cells().cmp(b.cells()));
                assert_eq!(layer, expected, "{goal} depth {depth}");
            }
            assert!(matches!(
                layer_at(&goal, max + 1),
                Err(DepthTableError::NoBoards { max: m, .. }) if m == max
            ));
        }
    }

    #[test]
    fn the_fifteen_puzzles_layers_have_their_known_sizes() {
        // Korf & Schultze's breadth-first counts of the 15-puzzle, depths 0 to 12.
        let known = [1, 2, 4, 10, 24, 54, 107, 212, 446, 946, 1948, 3938, 7808];
        let goal = Board::goal(Size::square(4).unwrap());
        for (depth, &count) in known.iter().enumerate() {
            assert_eq!(
                layer_at(&goal, depth).unwrap().len(),
                count,
                "depth {depth}"
            );
        }
        let big = Board::goal(Size::new(6, 3).unwrap());
        assert!(matches!(
            layer_at(&big, 3),
            Err(DepthTableError::NoExactTable { cells: 18, .. })
        ));
    }
}
