//! Shortening a constructed solution: inverse pairs cancelled, then windows of it re-solved optimally where the answer stays small.

use crate::puzzle::board::{Board, Move, Size};

use crate::answer::algorithm::Algorithm;
use crate::answer::options::SolveOptions;
use crate::puzzle::heuristic::HeuristicKind;
use crate::solving::problem;

/// Removes every move that immediately undoes the one before it (repeatedly, so
/// `l u d r` vanishes whole). The board ends in the same place.
pub fn cancel_inverse_pairs(moves: Vec<Move>) -> Vec<Move> {
    let mut kept: Vec<Move> = Vec::with_capacity(moves.len());
    for mv in moves {
        if kept.last() == Some(&mv.inverse()) {
            kept.pop();
        } else {
            kept.push(mv);
        }
    }
    kept
}

/// Re-solves the solution in consecutive windows of `window` moves: in each, the blank
/// stays inside the bounding box of the cells it visits, so only the tiles in that box
/// move; the box (when it has at most `max_cells` cells) is solved optimally from its
/// arrangement at the window's start to its arrangement at the end, and the window is
/// replaced when that is shorter. The board ends where it did.
pub fn shorten_by_windows(
    start: &Board,
    moves: &[Move],
    window: usize,
    max_cells: usize,
) -> Vec<Move> {
    shorten_within(start, moves, window, max_cells, || false)
}

/// [`shorten_by_windows`], keeping the rest of the moves as they are once `stop` says
/// so (asked before each window: a deadline passed, a token set): the answer stays a
/// solution, only less shortened.
pub fn shorten_within(
    start: &Board,
    moves: &[Move],
    window: usize,
    max_cells: usize,
    stop: impl Fn() -> bool,
) -> Vec<Move> {
    let size = start.size();
    let mut board = start.clone();
    let mut out = Vec::with_capacity(moves.len());
    let chunks = moves.chunks(window.max(1));
    let mut done = 0;
    for chunk in chunks {
        if stop() {
            out.extend_from_slice(&moves[done..]);
            break;
        }
        done += chunk.len();
        let before = board.clone();
        let (mut top, mut left, mut bottom, mut right) = (usize::MAX, usize::MAX, 0, 0);
        for &mv in chunk {
            let (r, c) = size.row_col(board.blank());
            (top, left, bottom, right) = (top.min(r), left.min(c), bottom.max(r), right.max(c));
            board.apply(mv);
        }
        let (r, c) = size.row_col(board.blank());
        (top, left, bottom, right) = (top.min(r), left.min(c), bottom.max(r), right.max(c));
        let (w, h) = (right - left + 1, bottom - top + 1);
        let better = (w >= 2 && h >= 2 && w * h <= max_cells)
            .then(|| optimal_in_box(&before, &board, top, left, w, h, chunk.len()))
            .flatten();
        match better {
            Some(shorter) => out.extend(shorter),
            None => out.extend_from_slice(chunk),
        }
    }
    cancel_inverse_pairs(out)
}

/// The optimal moves inside the box (rows `top..top+h`, columns `left..left+w`) from
/// `from` to `to`, if shorter than `current`.
pub(super) fn optimal_in_box(
    from: &Board,
    to: &Board,
    top: usize,
    left: usize,
    w: usize,
    h: usize,
    current: usize,
) -> Option<Vec<Move>> {
    let size = from.size();
    let cells: Vec<usize> = (top..top + h)
        .flat_map(|r| (left..left + w).map(move |c| r * size.width() + c))
        .collect();
    // Name the box's tiles 1..k by their order of value, the blank 0.
    let mut tiles: Vec<u32> = cells.iter().map(|&c| from.tile_at(c)).collect();
    tiles.sort_unstable();
    let small = |board: &Board| -> Board {
        let names = cells
            .iter()
            .map(|&c| {
                tiles
                    .binary_search(&board.tile_at(c))
                    .expect("same tiles in the box") as u32
            })
            .collect();
        Board::new(Size::new(w, h).expect("box sides of at least 2"), names).expect("a permutation")
    };
    let options = SolveOptions {
        algorithm: Algorithm::Idastar,
        limits: crate::search::Limits {
            max_expanded: Some(200_000),
            ..crate::search::Limits::NONE
        },
        ..SolveOptions::default()
    };
    let (outcome, _) = problem::search(
        &small(from),
        &small(to),
        Algorithm::Idastar,
        Some(HeuristicKind::LinearConflict),
        None,
        &options,
    );
    outcome.ok().filter(|moves| moves.len() < current)
}
