//! Every board at exactly one distance from a goal, found layer by layer from the goal,
//! for boards without an exact distance table in memory: 12-cell boards (their tables
//! hold distances mod 3, which cannot tell depth 6 from depth 9) and the 15-puzzle's
//! shallow depths.
//!
//! A board's neighbours lie at most one layer nearer the goal or one farther, so the
//! next layer is the current one's neighbours less the previous layer and the current
//! one, and no visited set is needed (in the single-tile metric a move changes the
//! blank's colour on the board's chessboard colouring, so the current layer holds none of
//! them; in the multi-tile metric a jump of two cells keeps it). Layers are sorted,
//! deduplicated vectors of packed boards.

use crate::puzzle::board::{Board, Move};
use crate::puzzle::metric::Metric;
use crate::puzzle::state::{Packed, SearchState, PACKED_CELLS};

use super::DepthTableError;

/// The most boards a layer may hold (8 bytes each; three layers and the unsorted
/// neighbours of one are alive at once: about 1.3 GB at the cap).
pub const MAX_LAYER_BOARDS: usize = 40_000_000;

/// How deep [`layer_at`] lists towards a goal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Deepest {
    /// The layer after this depth passes [`MAX_LAYER_BOARDS`].
    Cap(usize),
    /// Every layer is listed: this depth is the farthest any board lies.
    Farthest(usize),
}

use Deepest::{Cap, Farthest};

/// [`Deepest`] for each size [`layer_at`] serves (every size of 12 to 16 cells, with
/// its transpose), by the goal's blank cell up to the board's mirror images: row by row over the top-left quarter, `w.div_ceil(2)` cells a row and
/// `h.div_ceil(2)` rows. A layer's size depends on the goal only through its blank cell
/// (the tiles are names). Measured by `print_the_deepest_listable_depths` below.
const DEEPEST: &[(usize, usize, &[Deepest])] = &[
    (
        4,
        3,
        &[Farthest(53), Farthest(53), Farthest(53), Farthest(53)],
    ),
    (6, 2, &[Farthest(80), Farthest(79), Farthest(79)]),
    (7, 2, &[Cap(39), Cap(38), Cap(38), Cap(38)]),
    (
        5,
        3,
        &[Cap(27), Cap(26), Cap(26), Cap(26), Cap(26), Cap(26)],
    ),
    (8, 2, &[Cap(35), Cap(35), Cap(34), Cap(34)]),
    (4, 4, &[Cap(25), Cap(24), Cap(24), Cap(24)]),
];

/// [`Deepest`] towards `goal`, where the table has its size (a transposed board is the
/// same graph).
fn deepest(goal: &Board) -> Option<Deepest> {
    let size = goal.size();
    let (w, h) = (size.width(), size.height());
    let (x, y) = (goal.blank() % w, goal.blank() / w);
    let fold = |v: usize, n: usize| v.min(n - 1 - v);
    DEEPEST.iter().find_map(|&(tw, th, row)| {
        let (x, y) = if (tw, th) == (w, h) {
            (x, y)
        } else if (tw, th) == (h, w) {
            (y, x)
        } else {
            return None;
        };
        Some(row[fold(y, th) * tw.div_ceil(2) + fold(x, tw)])
    })
}

/// Whether [`layer_at`] can list the boards `depth` moves in `metric` from `goal`, known
/// before any layer is made (single-tile depths are measured; multi-tile layers are
/// bounded as they are made).
///
/// # Errors
/// [`DepthTableError::TooDeep`] past the deepest depth whose layers stay within
/// [`MAX_LAYER_BOARDS`] (25 on the 15-puzzle with the blank in a corner),
/// [`DepthTableError::NoBoards`] past the farthest board.
pub fn check_depth(goal: &Board, metric: Metric, depth: usize) -> Result<(), DepthTableError> {
    if metric != Metric::SingleTile {
        return Ok(());
    }
    match deepest(goal) {
        Some(Cap(deepest)) if depth > deepest => Err(DepthTableError::TooDeep {
            depth,
            size: goal.size(),
            deepest,
            cap: MAX_LAYER_BOARDS,
        }),
        Some(Farthest(max)) if depth > max => Err(DepthTableError::NoBoards { depth, max }),
        _ => Ok(()),
    }
}

/// Every board exactly `depth` moves in `metric` from `goal`, sorted by their packed form.
///
/// # Errors
/// [`DepthTableError::NoExactTable`] for boards of more than 16 cells,
/// [`DepthTableError::NoBoards`] when no board is that far,
/// [`DepthTableError::LayerTooLarge`] when a layer on the way passes
/// [`MAX_LAYER_BOARDS`].
pub fn layer_at(
    goal: &Board,
    metric: Metric,
    depth: usize,
) -> Result<Vec<Packed>, DepthTableError> {
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
            for mv in Move::ALL {
                let (mut moved, mut at) = (*state, blank);
                for to in metric.reach(size, blank, mv) {
                    moved = moved.slide(at, to);
                    at = to;
                    next.push(moved);
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
        // All sorted: one walk along each of `previous` and `current` removes the boards
        // one move nearer and those as near.
        let (mut nearer, mut level) = (previous.iter().peekable(), current.iter().peekable());
        next.retain(|state| {
            while nearer.next_if(|p| *p < state).is_some() {}
            while level.next_if(|p| *p < state).is_some() {}
            nearer.peek() != Some(&state) && level.peek() != Some(&state)
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

    /// Prints the deepest depth [`layer_at`] lists for each size it serves and each
    /// blank cell up to the board's symmetries: the table `deepest` holds.
    #[test]
    #[ignore = "minutes and 1.6 GB a size: run to remake the table"]
    fn print_the_deepest_listable_depths() {
        for (w, h) in [(4, 3), (6, 2), (7, 2), (5, 3), (8, 2), (4, 4)] {
            let size = Size::new(w, h).unwrap();
            let mut row = Vec::new();
            for y in 0..h.div_ceil(2) {
                for x in 0..w.div_ceil(2) {
                    let blank = y * w + x;
                    let mut cells: Vec<u32> = (1..(w * h) as u32).collect();
                    cells.insert(blank, 0);
                    let goal = Board::new(size, cells).unwrap();
                    let deepest = match layer_at(&goal, Metric::SingleTile, 1000) {
                        Err(DepthTableError::LayerTooLarge { depth, .. }) => Cap(depth - 1),
                        Err(DepthTableError::NoBoards { max, .. }) => Farthest(max),
                        other => panic!("{other:?}"),
                    };
                    assert_eq!(Some(deepest), super::deepest(&goal), "{w}x{h} ({x}, {y})");
                    row.push(deepest);
                    eprintln!("{w}x{h} blank ({x}, {y}): {deepest:?}");
                }
            }
            println!("({w}, {h}, &{row:?}),");
        }
    }

    /// The table is read through the board's mirror images and its transpose, and a depth
    /// past it is refused before any layer is made.
    #[test]
    fn a_depth_past_the_layers_is_refused_at_once() {
        let corner = Board::goal(Size::square(4).unwrap());
        assert_eq!(deepest(&corner), Some(Cap(25)));
        let mut cells: Vec<u32> = (1..16).collect();
        cells.insert(13, 0); // the blank on the bottom row, second from the right
        let edge = Board::new(Size::square(4).unwrap(), cells).unwrap();
        assert_eq!(deepest(&edge), Some(Cap(24)));
        // 3x5 is 5x3 transposed: its corner goal is 5x3's corner.
        assert_eq!(
            deepest(&Board::goal(Size::new(3, 5).unwrap())),
            Some(Cap(27))
        );
        assert_eq!(
            deepest(&Board::goal(Size::new(2, 6).unwrap())),
            Some(Farthest(80))
        );
        assert_eq!(deepest(&Board::goal(Size::square(3).unwrap())), None);
        let started = std::time::Instant::now();
        let error = check_depth(&corner, Metric::SingleTile, 30).unwrap_err();
        assert!(
            matches!(
                error,
                DepthTableError::TooDeep {
                    depth: 30,
                    deepest: 25,
                    ..
                }
            ),
            "{error}"
        );
        assert!(
            error.to_string().contains("depths 1 to 25 can be drawn"),
            "{error}"
        );
        assert!(check_depth(&corner, Metric::SingleTile, 25).is_ok());
        let three_by_four = Board::goal(Size::new(3, 4).unwrap());
        assert!(matches!(
            check_depth(&three_by_four, Metric::SingleTile, 54),
            Err(DepthTableError::NoBoards { depth: 54, max: 53 })
        ));
        assert!(started.elapsed().as_millis() < 100);
    }

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
                let mut layer: Vec<Board> = layer_at(&goal, Metric::SingleTile, depth)
                    .unwrap()
                    .into_iter()
                    .map(|s| board_of(s, &goal))
                    .collect();
                expected.sort_by(|a, b| a.cells().cmp(b.cells()));
                layer.sort_by(|a, b| a.cells().cmp(b.cells()));
                assert_eq!(layer, expected, "{goal} depth {depth}");
            }
            assert!(matches!(
                layer_at(&goal, Metric::SingleTile, max + 1),
                Err(DepthTableError::NoBoards { max: m, .. }) if m == max
            ));
        }
    }

    #[test]
    fn multi_tile_layers_are_exactly_the_boards_at_their_jump_distance() {
        // Breadth first from the goal by jumps, here: a jump may keep the blank's colour,
        // so a layer's neighbours include boards of its own layer.
        for goal in [
            Board::goal(Size::square(3).unwrap()),
            Board::new(Size::new(2, 4).unwrap(), vec![3, 1, 0, 2, 7, 5, 6, 4]).unwrap(),
        ] {
            let longest = Metric::MultiTile.longest_jump(goal.size());
            let mut distance = std::collections::HashMap::from([(goal.clone(), 0usize)]);
            let mut frontier = vec![goal.clone()];
            let mut layers = vec![vec![goal.clone()]];
            while !frontier.is_empty() {
                let mut next = Vec::new();
                for board in &frontier {
                    for mv in Move::ALL {
                        let mut jumped = board.clone();
                        for _ in 0..longest {
                            if !jumped.apply(mv) {
                                break;
                            }
                            if !distance.contains_key(&jumped) {
                                distance.insert(jumped.clone(), layers.len());
                                next.push(jumped.clone());
                            }
                        }
                    }
                }
                if !next.is_empty() {
                    layers.push(next.clone());
                }
                frontier = next;
            }
            for (depth, expected) in layers.iter().enumerate() {
                let mut expected = expected.clone();
                let mut layer: Vec<Board> = layer_at(&goal, Metric::MultiTile, depth)
                    .unwrap()
                    .into_iter()
                    .map(|s| board_of(s, &goal))
                    .collect();
                expected.sort_by(|a, b| a.cells().cmp(b.cells()));
                layer.sort_by(|a, b| a.cells().cmp(b.cells()));
                assert_eq!(layer, expected, "{goal} depth {depth}");
            }
            assert!(matches!(
                layer_at(&goal, Metric::MultiTile, layers.len()),
                Err(DepthTableError::NoBoards { .. })
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
                layer_at(&goal, Metric::SingleTile, depth).unwrap().len(),
                count,
                "depth {depth}"
            );
        }
        let big = Board::goal(Size::new(6, 3).unwrap());
        assert!(matches!(
            layer_at(&big, Metric::SingleTile, 3),
            Err(DepthTableError::NoExactTable { cells: 18, .. })
        ));
    }
}
