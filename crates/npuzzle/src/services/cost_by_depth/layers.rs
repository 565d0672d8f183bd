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

/// Whether [`layer_at`] can list the boards `depth` moves from `goal`, known before any
/// layer is made.
///
/// # Errors
/// [`DepthTableError::TooDeep`] past the deepest depth whose layers stay within
/// [`MAX_LAYER_BOARDS`] (25 on the 15-puzzle with the blank in a corner),
/// [`DepthTableError::NoBoards`] past the farthest board.
pub fn check_depth(goal: &Board, depth: usize) -> Result<(), DepthTableError> {
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
            for mv in Move::ALL {
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
                    let deepest = match layer_at(&goal, 1000) {
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
        let error = check_depth(&corner, 30).unwrap_err();
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
        assert!(check_depth(&corner, 25).is_ok());
        let three_by_four = Board::goal(Size::new(3, 4).unwrap());
        assert!(matches!(
            check_depth(&three_by_four, 54),
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
