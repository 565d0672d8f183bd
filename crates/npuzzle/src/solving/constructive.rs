//! Fast, non-optimal solving of any board, up to hundreds of cells a side: place the
//! tiles row by row and column by column, shrinking the unsolved part to a small block
//! that is then solved optimally.
//!
//! ```
//! use npuzzle::{constructive, random::random_board, Board, Size, Status};
//! use rand::SeedableRng;
//!
//! let goal = Board::goal(Size::square(30)?);
//! let start = random_board(&goal, &mut rand::rngs::StdRng::seed_from_u64(7));
//! let solution = constructive::solve(&start, &goal, &npuzzle::search::Limits::NONE);
//! assert_eq!(solution.status, Status::Solved);
//! assert!(!solution.optimal);
//! let mut board = start.clone();
//! board.apply_all(&solution.moves).unwrap();
//! assert_eq!(board, goal);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! The unsolved part is always a rectangle at the bottom right. While it is more than
//! three cells tall or wide, its top row (or left column, whichever side is longer) is
//! filled: every tile but the last two goes straight to its cell; the last two are
//! parked one behind the other and turned into place together (placing the last tile
//! of a row directly is impossible without disturbing the row). Each tile travels along
//! a path that never enters a finished cell, and before each of its steps the blank is
//! brought around to the cell it steps into without touching finished cells or the
//! tile itself. The final block of at most 3x3 is solved optimally.
//!
//! Any goal is handled by solving first to the goal with its blank walked to the bottom
//! right corner, then walking the blank back: at most `w + h` extra moves. The result is
//! then shortened by cancelling moves that undo the move before them.
//!
//! The number of moves is O(n³) on an n x n board; Parberry (1995) bounds this method by
//! about 5n³.

use crate::puzzle::board::{Board, Move, Size};
use std::time::Instant;

use crate::answer::options::SolveOptions;
use crate::answer::solution::{Algorithm, Solution};
use crate::puzzle::heuristic::HeuristicKind;
use crate::search::{GiveUp, Limits, Stats};
use crate::solving::problem;
use crate::tables::cache::Cache;
use crate::tables::distance_table::{self, Layout, Need};
use crate::util::cancel::CancelToken;
use crate::util::progress::Silent;

/// The largest final block side solved optimally.
const BLOCK: usize = 3;

/// A non-optimal solution, with what each stage contributed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Constructed {
    /// The blank's moves from start to goal, after shortening.
    pub moves: Vec<Move>,
    /// How many moves the construction made before shortening.
    pub raw_length: usize,
}

/// Solves `start` towards `goal` (same size, reachable) by construction; `None` when the
/// goal cannot be reached.
///
/// ```
/// use npuzzle::constructive::construct;
/// use npuzzle::{random::random_board, Board, Size};
/// use rand::SeedableRng;
/// let goal = Board::goal(Size::new(12, 9).unwrap());
/// let start = random_board(&goal, &mut rand::rngs::StdRng::seed_from_u64(1));
/// let solution = construct(&start, &goal).unwrap();
/// let mut board = start.clone();
/// board.apply_all(&solution.moves).unwrap();
/// assert_eq!(board, goal);
/// ```
///
/// # Panics
/// When `start` and `goal` differ in size.
pub fn construct(start: &Board, goal: &Board) -> Option<Constructed> {
    construct_within(start, goal, &Limits::NONE).expect("no limit to reach")
}

/// Bytes the moves of a construction take at the peak, a move: the list (a byte a move),
/// the list it grows into when full, and the copy the cancelling of inverse pairs makes.
const BYTES_A_MOVE: usize = 3;

/// [`construct`] within `limits`: it gives up when `max_time` passes, its `cancel` token
/// is set, or its moves would take more than `max_bytes`, before it is done.
///
/// # Errors
/// [`GiveUp::Time`], [`GiveUp::Interrupted`] or [`GiveUp::Memory`] when a limit is
/// reached first.
///
/// # Panics
/// When `start` and `goal` differ in size.
pub fn construct_within(
    start: &Board,
    goal: &Board,
    limits: &Limits,
) -> Result<Option<Constructed>, GiveUp> {
    let deadline = limits
        .max_time
        .and_then(|span| Some((Instant::now().checked_add(span)?, span)));
    assert_eq!(start.size(), goal.size(), "start and goal sizes differ");
    if !crate::puzzle::solvability::is_solvable(start, goal) {
        return Ok(None);
    }
    let size = start.size();
    // Walk the goal's blank to the bottom-right corner: that is the goal we construct.
    let corner = size.cells() - 1;
    let mut corner_goal = goal.clone();
    let mut walk = Vec::new();
    let (goal_row, goal_col) = size.row_col(goal.blank());
    walk.extend(std::iter::repeat_n(
        Move::Right,
        size.width() - 1 - goal_col,
    ));
    walk.extend(std::iter::repeat_n(
        Move::Down,
        size.height() - 1 - goal_row,
    ));
    corner_goal
        .apply_all(&walk)
        .expect("the walk stays on the board");
    debug_assert_eq!(corner_goal.blank(), corner);

    let mut work = Work::new(start, &corner_goal);
    work.deadline = deadline.map(|(at, _)| at);
    work.cancel.clone_from(&limits.cancel);
    work.max_moves = limits
        .max_bytes
        .map(|b| usize::try_from(b).unwrap_or(usize::MAX) / BYTES_A_MOVE);
    work.fill();
    if work.expired {
        return Err(match (deadline, limits.max_bytes) {
            _ if limits.cancelled() => GiveUp::Interrupted,
            (Some((at, span)), _) if Instant::now() >= at => GiveUp::Time(span),
            (_, Some(budget)) => GiveUp::Memory {
                budget,
                held: work.moves.len() as u64,
            },
            _ => unreachable!("a limit stopped the construction"),
        });
    }
    let mut moves = work.moves;
    moves.extend(walk.iter().rev().map(|m| m.inverse()));
    let raw_length = moves.len();
    Ok(Some(Constructed {
        moves: cancel_inverse_pairs(moves),
        raw_length,
    }))
}

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
fn optimal_in_box(
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
        &options,
    );
    outcome.ok().filter(|moves| moves.len() < current)
}

/// Constructive answers up to this many moves are shortened by re-solving windows.
const WINDOW_SHORTENING_MOVES: usize = 1_000_000;

/// Solves `start` towards `goal` constructively: the answer of
/// [`crate::Algorithm::Constructive`], shortened where that is cheap, within
/// `limits.max_time` (the construction gives up when it runs out; the shortening stops
/// and keeps what it has) and until `limits.cancel` is set (the same).
pub fn solve(start: &Board, goal: &Board, limits: &Limits) -> Solution {
    let started = Instant::now();
    let deadline = limits.max_time.and_then(|span| started.checked_add(span));
    let mut solution = Solution::new(Algorithm::Constructive, None);
    match construct_within(start, goal, limits) {
        Ok(Some(built)) => {
            // Window re-solving saves about 1% for three times the construction's time
            // (docs/BENCHMARKS.md, "Constructive (big boards)"), so it is spent only where the answer stays small.
            let moves = if built.moves.len() <= WINDOW_SHORTENING_MOVES {
                shorten_within(start, &built.moves, 24, 12, || {
                    limits.cancelled() || deadline.is_some_and(|at| Instant::now() >= at)
                })
            } else {
                built.moves
            };
            solution.optimal = moves.is_empty();
            solution.conclude(Ok(moves));
        }
        Ok(None) => {}
        Err(why) => solution.conclude(Err(why)),
    }
    solution.stats = Stats {
        seconds: started.elapsed().as_secs_f64(),
        ..Stats::default()
    };
    solution
}

/// The board being solved, with finished cells locked and scratch space for routing.
struct Work {
    size: Size,
    cells: Vec<u32>,
    /// `position[tile]` is the cell holding `tile`.
    position: Vec<usize>,
    /// The tile each cell must end with.
    goal: Vec<u32>,
    locked: Vec<bool>,
    moves: Vec<Move>,
    /// When to stop, what stops it from outside, the most moves to make, and whether a
    /// limit has come.
    deadline: Option<Instant>,
    cancel: Option<CancelToken>,
    max_moves: Option<usize>,
    expired: bool,
    // Breadth-first routing scratch: `seen[c] == round` marks cells seen this round,
    // so nothing is cleared between searches.
    seen: Vec<u32>,
    came_from: Vec<usize>,
    round: u32,
    queue: Vec<usize>,
}

impl Work {
    fn new(start: &Board, goal: &Board) -> Work {
        let n = start.size().cells();
        Work {
            size: start.size(),
            cells: start.cells().to_vec(),
            position: start.positions(),
            goal: goal.cells().to_vec(),
            locked: vec![false; n],
            moves: Vec::new(),
            deadline: None,
            cancel: None,
            max_moves: None,
            expired: false,
            seen: vec![0; n],
            came_from: vec![0; n],
            round: 0,
            queue: Vec::new(),
        }
    }

    fn cell(&self, row: usize, col: usize) -> usize {
        row * self.size.width() + col
    }

    fn blank(&self) -> usize {
        self.position[0]
    }

    /// Moves the blank one step to the adjacent cell `to`.
    fn step_blank(&mut self, to: usize) {
        let from = self.blank();
        let mv = Move::between(self.size, from, to).expect("blank steps to a neighbour");
        let tile = self.cells[to];
        self.cells.swap(from, to);
        self.position[tile as usize] = from;
        self.position[0] = to;
        self.moves.push(mv);
    }

    fn free(&self, cell: usize, avoid: &[usize]) -> bool {
        !self.locked[cell] && !avoid.contains(&cell)
    }

    /// Brings the blank to `target` through free cells not in `avoid`.
    fn route_blank(&mut self, target: usize, avoid: &[usize]) {
        if self.blank() == target {
            return;
        }
        if !self.route_straight(target, avoid) {
            self.route_searching(&[target], avoid);
        }
    }

    /// Tries the two L-shaped routes (along the row first, or along the column first);
    /// most routes are clear, and this costs only their length while a search costs
    /// their area.
    fn route_straight(&mut self, target: usize, avoid: &[usize]) -> bool {
        let w = self.size.width();
        let start = self.blank();
        for corner in [start / w * w + target % w, target / w * w + start % w] {
            let clear = |from, to| line(w, from, to).all(|c| self.free(c, avoid));
            if clear(start, corner) && clear(corner, target) {
                for c in line(w, start, corner)
                    .skip(1)
                    .chain(line(w, corner, target).skip(1))
                {
                    self.step_blank(c);
                }
                return true;
            }
        }
        false
    }

    /// Breadth-first search for the blank's shortest route to any of `targets`.
    fn route_searching(&mut self, targets: &[usize], avoid: &[usize]) {
        self.round += 1;
        let round = self.round;
        let start = self.blank();
        self.queue.clear();
        self.queue.push(start);
        self.seen[start] = round;
        let mut head = 0;
        let mut reached = targets.contains(&start).then_some(start);
        while reached.is_none() && head < self.queue.len() {
            let cell = self.queue[head];
            head += 1;
            for mv in Move::DEFAULT_ORDER {
                if let Some(next) = self.size.step(cell, mv) {
                    if self.seen[next] != round && self.free(next, avoid) {
                        self.seen[next] = round;
                        self.came_from[next] = cell;
                        self.queue.push(next);
                        if targets.contains(&next) {
                            reached = Some(next);
                            break;
                        }
                    }
                }
            }
        }
        let target = reached.expect("the free cells around a moving tile stay connected");
        let mut path = vec![target];
        while *path.last().expect("non-empty") != start {
            path.push(self.came_from[*path.last().expect("non-empty")]);
        }
        for &c in path.iter().rev().skip(1) {
            self.step_blank(c);
        }
    }

    /// Moves `tile` towards `target` one cell at a time, never through locked cells,
    /// until it reaches `target` or any cell of `stop`. Rows are filled moving tiles
    /// sideways first, columns moving them up or down first, so that a tile never has to
    /// squeeze past the cells just finished.
    fn move_tile(&mut self, tile: u32, target: usize, rows_first: bool, stop: &[usize]) {
        let w = self.size.width();
        loop {
            let at = self.position[tile as usize];
            if at == target || stop.contains(&at) {
                return;
            }
            let (r, c) = (at / w, at % w);
            let (tr, tc) = (target / w, target % w);
            let sideways = (c != tc).then(|| if c < tc { at + 1 } else { at - 1 });
            let upright = (r != tr).then(|| if r < tr { at + w } else { at - w });
            let (first, second) = if rows_first {
                (upright, sideways)
            } else {
                (sideways, upright)
            };
            let next = [first, second]
                .into_iter()
                .flatten()
                .find(|&n| !self.locked[n])
                .expect("a tile always has an unlocked step towards its cell");
            self.route_blank(next, &[at]);
            self.step_blank(at);
        }
    }

    fn fill(&mut self) {
        let (w, h) = (self.size.width(), self.size.height());
        let (mut top, mut left) = (0, 0);
        while h - top > BLOCK || w - left > BLOCK {
            if self.out_of_time() {
                return;
            }
            let (rows, cols) = (h - top, w - left);
            if rows > BLOCK && (rows >= cols || cols <= BLOCK) {
                self.fill_row(top, left);
                top += 1;
            } else {
                self.fill_column(left, top);
                left += 1;
            }
        }
        if !self.out_of_time() {
            self.finish_block(top, left);
        }
    }

    /// Whether the deadline has passed, the token is set or the moves have reached their
    /// most (read once a tile, so it costs nothing).
    fn out_of_time(&mut self) -> bool {
        self.expired = self.expired
            || self.deadline.is_some_and(|at| Instant::now() >= at)
            || CancelToken::is_set(self.cancel.as_ref())
            || self.max_moves.is_some_and(|most| self.moves.len() > most);
        self.expired
    }

    fn place(&mut self, cell: usize, rows_first: bool) {
        self.move_tile(self.goal[cell], cell, rows_first, &[]);
        self.locked[cell] = true;
    }

    /// Fills row `row` from column `left` to the right edge.
    fn fill_row(&mut self, row: usize, left: usize) {
        let w = self.size.width();
        for col in left..w - 1 {
            if self.out_of_time() {
                return;
            }
            self.place(self.cell(row, col), false);
        }
        // The window: the last two cells of this row and the two rows below them.
        let window: Vec<usize> = (row..row + 3)
            .flat_map(|r| [self.cell(r, w - 2), self.cell(r, w - 1)])
            .collect();
        self.finish_line(self.cell(row, w - 2), self.cell(row, w - 1), &window, false);
    }

    /// Fills column `col` from row `top` to the bottom edge.
    fn fill_column(&mut self, col: usize, top: usize) {
        let h = self.size.height();
        for row in top..h - 1 {
            if self.out_of_time() {
                return;
            }
            self.place(self.cell(row, col), true);
        }
        // The window: the last two cells of this column and the two columns beside them.
        let window: Vec<usize> = (h - 2..h)
            .flat_map(|r| (col..col + 3).map(move |c| (r, c)))
            .map(|(r, c)| self.cell(r, c))
            .collect();
        self.finish_line(self.cell(h - 2, col), self.cell(h - 1, col), &window, true);
    }

    /// Puts the last tile of a line in place, next to the one before it (`first`, already
    /// placed and locked). The last tile cannot simply be walked in: its cell is a dead
    /// end. Instead it is brought into a 2x3 window at the end of the line, and the two
    /// tiles and the blank are arranged inside the window by a breadth-first search over
    /// their positions (the other tiles in the window are interchangeable, so every
    /// arrangement of the two is reachable).
    fn finish_line(&mut self, first: usize, last: usize, window: &[usize], rows_first: bool) {
        let (a, b) = (self.goal[first], self.goal[last]);
        if self.position[b as usize] != last {
            self.move_tile(b, last, rows_first, window);
            self.locked[first] = false;
            let (pa, pb) = (self.position[a as usize], self.position[b as usize]);
            self.route_searching(window, &[pa, pb]);
            self.arrange_in_window(window, a, b, first, last);
        }
        self.locked[first] = true;
        self.locked[last] = true;
    }

    /// Moves the blank inside `window` until `a` is in `a_goal` and `b` in `b_goal`.
    fn arrange_in_window(
        &mut self,
        window: &[usize],
        a: u32,
        b: u32,
        a_goal: usize,
        b_goal: usize,
    ) {
        let k = window.len();
        let local = |cell: usize| {
            window
                .iter()
                .position(|&c| c == cell)
                .expect("inside the window")
        };
        let encode = |pa: usize, pb: usize, pz: usize| (pa * k + pb) * k + pz;
        let start = encode(
            local(self.position[a as usize]),
            local(self.position[b as usize]),
            local(self.blank()),
        );
        let goal_pair = (local(a_goal), local(b_goal));
        let size = self.size;
        let neighbours: Vec<Vec<usize>> = window
            .iter()
            .map(|&cell| {
                Move::DEFAULT_ORDER
                    .into_iter()
                    .filter_map(|mv| size.step(cell, mv))
                    .filter_map(|next| window.iter().position(|&c| c == next))
                    .collect()
            })
            .collect();
        let mut came_from = vec![usize::MAX; k * k * k];
        came_from[start] = start;
        let mut queue = std::collections::VecDeque::from([start]);
        let mut end = None;
        while let Some(state) = queue.pop_front() {
            let (pa, pb, pz) = (state / (k * k), state / k % k, state % k);
            if (pa, pb) == goal_pair {
                end = Some(state);
                break;
            }
            for &to in &neighbours[pz] {
                // The blank swaps with whatever stands in `to`.
                let na = if pa == to { pz } else { pa };
                let nb = if pb == to { pz } else { pb };
                let next = encode(na, nb, to);
                if came_from[next] == usize::MAX {
                    came_from[next] = state;
                    queue.push_back(next);
                }
            }
        }
        let mut path = vec![end.expect("two tiles can be arranged in a window of six cells")];
        while came_from[*path.last().expect("non-empty")] != *path.last().expect("non-empty") {
            path.push(came_from[*path.last().expect("non-empty")]);
        }
        for state in path.iter().rev().skip(1) {
            self.step_blank(window[state % k]);
        }
    }

    /// Solves the remaining block (at most 3x3, bottom right) optimally.
    fn finish_block(&mut self, top: usize, left: usize) {
        let (w, h) = (self.size.width(), self.size.height());
        let block = Size::new(w - left, h - top).expect("block sides are 2 or 3");
        let block_cells: Vec<usize> = (top..h)
            .flat_map(|r| (left..w).map(move |c| r * w + c))
            .collect();
        // Rename the block's tiles 1..k in goal order; the blank stays 0.
        let mut rename = std::collections::HashMap::new();
        for (i, &cell) in block_cells.iter().enumerate() {
            let tile = self.goal[cell];
            rename.insert(tile, if tile == 0 { 0 } else { i as u32 + 1 });
        }
        let small = |cells: &[u32]| -> Board {
            let tiles: Vec<u32> = block_cells.iter().map(|&c| rename[&cells[c]]).collect();
            // The renaming gives numbers up to k+1 with one gap; close it.
            let mut sorted: Vec<u32> = tiles.clone();
            sorted.sort_unstable();
            let tiles = tiles
                .iter()
                .map(|t| sorted.binary_search(t).expect("present") as u32)
                .collect();
            Board::new(block, tiles).expect("the block holds its own tiles")
        };
        let start = small(&self.cells);
        let goal = small(&self.goal);
        // Blocks of at most 3x3 have complete tables, embedded or built in milliseconds.
        let layout = Layout::for_goal(&goal).expect("a block of at most 3x3 has a table");
        let table = distance_table::shared(
            layout,
            &Cache::from_env(),
            Need::IfCheap,
            &Limits::NONE,
            &Silent,
        )
        .ok()
        .flatten()
        .expect("small tables are always at hand");
        let moves = table
            .solve(&start, &goal, &Move::DEFAULT_ORDER)
            .expect("the block is solvable when the board is");
        for mv in moves {
            let next = self
                .size
                .step(self.blank(), mv)
                .expect("block moves stay in the block");
            self.step_blank(next);
        }
    }
}

/// The cells from `from` to `to` (inclusive) along a row or a column.
fn line(width: usize, from: usize, to: usize) -> impl Iterator<Item = usize> {
    let step = if from / width == to / width { 1 } else { width };
    let count = from.abs_diff(to) / step;
    let forward = to >= from;
    (0..=count).map(move |i| {
        if forward {
            from + i * step
        } else {
            from - i * step
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::random::random_board;
    use proptest::prelude::*;
    use rand::SeedableRng;

    fn check(width: usize, height: usize, seed: u64, random_goal: bool) {
        let size = Size::new(width, height).unwrap();
        let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
        let goal = if random_goal {
            random_board(&Board::goal(size), &mut rng)
        } else {
            Board::goal(size)
        };
        let start = random_board(&goal, &mut rng);
        let solution = construct(&start, &goal).unwrap();
        let mut board = start.clone();
        board.apply_all(&solution.moves).expect("legal moves");
        assert_eq!(board, goal, "{width}x{height} seed {seed}");
        assert!(solution.moves.len() <= solution.raw_length);
        let shorter = shorten_by_windows(&start, &solution.moves, 20, 12);
        assert!(shorter.len() <= solution.moves.len());
        let mut board = start.clone();
        board.apply_all(&shorter).expect("legal moves");
        assert_eq!(board, goal, "shortened {width}x{height} seed {seed}");
    }

    #[test]
    fn line_walks_both_ways() {
        assert_eq!(line(5, 2, 4).collect::<Vec<_>>(), vec![2, 3, 4]);
        assert_eq!(line(5, 14, 4).collect::<Vec<_>>(), vec![14, 9, 4]);
        assert_eq!(line(5, 7, 7).collect::<Vec<_>>(), vec![7]);
    }

    #[test]
    fn cancels_nested_pairs() {
        use Move::*;
        assert_eq!(
            cancel_inverse_pairs(vec![Left, Up, Down, Right, Up]),
            vec![Up]
        );
    }

    #[test]
    fn a_set_token_stops_the_construction() {
        let goal = Board::goal(Size::square(300).unwrap());
        let start =
            crate::puzzle::random::random_board(&goal, &mut rand::rngs::StdRng::seed_from_u64(3));
        let token = CancelToken::new();
        token.cancel();
        let limits = Limits {
            cancel: Some(token),
            ..Limits::NONE
        };
        assert_eq!(
            construct_within(&start, &goal, &limits),
            Err(GiveUp::Interrupted)
        );
        let solution = solve(&start, &goal, &limits);
        assert_eq!(solution.status, crate::Status::GaveUp(GiveUp::Interrupted));
    }

    #[test]
    fn unreachable_is_none() {
        let goal = Board::goal(Size::square(5).unwrap());
        let start = crate::puzzle::solvability::swap_parity(&goal);
        assert_eq!(construct(&start, &goal), None);
    }

    #[test]
    fn every_small_shape() {
        for w in 2..=9 {
            for h in 2..=9 {
                for seed in 0..6 {
                    check(w, h, seed, seed % 2 == 1);
                }
            }
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]
        #[test]
        fn any_board_reaches_any_goal(w in 2usize..24, h in 2usize..24, seed in any::<u64>(), random_goal in any::<bool>()) {
            check(w, h, seed, random_goal);
        }
    }
}
