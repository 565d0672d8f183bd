//! The construction itself: tiles placed row by row and column by column, the last 3x3 block solved optimally, the moves kept within a memory bound.

use super::BLOCK;
use crate::puzzle::board::{Board, Move, Size};
use crate::puzzle::move_order::MoveOrder;
use std::time::Instant;

use crate::tables::distance_table::{self, Layout};
use crate::util::cancel::CancelToken;

/// The board being solved, with finished cells locked and scratch space for routing.
pub(super) struct Work {
    pub(super) size: Size,
    pub(super) cells: Vec<u32>,
    /// `position[tile]` is the cell holding `tile`.
    pub(super) position: Vec<usize>,
    /// The tile each cell must end with.
    pub(super) goal: Vec<u32>,
    pub(super) locked: Vec<bool>,
    pub(super) moves: Vec<Move>,
    /// When to stop, what stops it from outside, the most moves to make, and whether a
    /// limit has come.
    pub(super) deadline: Option<Instant>,
    pub(super) cancel: Option<CancelToken>,
    pub(super) max_moves: Option<usize>,
    pub(super) expired: bool,
    // Breadth-first routing scratch: `seen[c] == round` marks cells seen this round,
    // so nothing is cleared between searches.
    pub(super) seen: Vec<u32>,
    pub(super) came_from: Vec<usize>,
    pub(super) round: u32,
    pub(super) queue: Vec<usize>,
}

impl Work {
    pub(super) fn new(start: &Board, goal: &Board) -> Work {
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

    pub(super) fn cell(&self, row: usize, col: usize) -> usize {
        row * self.size.width() + col
    }

    pub(super) fn blank(&self) -> usize {
        self.position[0]
    }

    /// Moves the blank one step to the adjacent cell `to`.
    pub(super) fn step_blank(&mut self, to: usize) {
        let from = self.blank();
        let mv = Move::between(self.size, from, to).expect("blank steps to a neighbour");
        let tile = self.cells[to];
        self.cells.swap(from, to);
        self.position[tile as usize] = from;
        self.position[0] = to;
        self.moves.push(mv);
    }

    pub(super) fn free(&self, cell: usize, avoid: &[usize]) -> bool {
        !self.locked[cell] && !avoid.contains(&cell)
    }

    /// Brings the blank to `target` through free cells not in `avoid`.
    pub(super) fn route_blank(&mut self, target: usize, avoid: &[usize]) {
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
    pub(super) fn route_straight(&mut self, target: usize, avoid: &[usize]) -> bool {
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
    pub(super) fn route_searching(&mut self, targets: &[usize], avoid: &[usize]) {
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
            for mv in Move::ALL {
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
    pub(super) fn move_tile(&mut self, tile: u32, target: usize, rows_first: bool, stop: &[usize]) {
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

    pub(super) fn fill(&mut self) {
        let (top, left) = self.fill_until(BLOCK);
        if !self.out_of_time() {
            self.finish_block(top, left);
        }
    }

    /// Fills rows and columns until the unsolved block at the bottom right has sides of
    /// at most `side`; returns the block's top row and left column.
    pub(super) fn fill_until(&mut self, side: usize) -> (usize, usize) {
        let (w, h) = (self.size.width(), self.size.height());
        let (mut top, mut left) = (0, 0);
        while h - top > side || w - left > side {
            if self.out_of_time() {
                break;
            }
            let (rows, cols) = (h - top, w - left);
            if rows > side && (rows >= cols || cols <= side) {
                self.fill_row(top, left);
                top += 1;
            } else {
                self.fill_column(left, top);
                left += 1;
            }
        }
        (top, left)
    }

    /// Whether the deadline has passed, the token is set or the moves have reached their
    /// most (read once a tile, so it costs nothing).
    pub(super) fn out_of_time(&mut self) -> bool {
        self.expired = self.expired
            || self.deadline.is_some_and(|at| Instant::now() >= at)
            || CancelToken::is_set(self.cancel.as_ref())
            || self.max_moves.is_some_and(|most| self.moves.len() > most);
        self.expired
    }

    pub(super) fn place(&mut self, cell: usize, rows_first: bool) {
        self.move_tile(self.goal[cell], cell, rows_first, &[]);
        self.locked[cell] = true;
    }

    /// Fills row `row` from column `left` to the right edge.
    pub(super) fn fill_row(&mut self, row: usize, left: usize) {
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
    pub(super) fn fill_column(&mut self, col: usize, top: usize) {
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
    pub(super) fn finish_line(
        &mut self,
        first: usize,
        last: usize,
        window: &[usize],
        rows_first: bool,
    ) {
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
    pub(super) fn arrange_in_window(
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
                Move::ALL
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
    pub(super) fn finish_block(&mut self, top: usize, left: usize) {
        let (start, goal) = self.block_boards(top, left);
        // Blocks of at most 3x3 have complete tables, embedded or built in milliseconds.
        let layout = Layout::for_goal(&goal).expect("a block of at most 3x3 has a table");
        let table = distance_table::in_memory(layout).expect("small tables are always at hand");
        let moves = table
            .solve(&start, &goal, MoveOrder::DEFAULT)
            .expect("the block is solvable when the board is");
        for mv in moves {
            let next = self
                .size
                .step(self.blank(), mv)
                .expect("block moves stay in the block");
            self.step_blank(next);
        }
    }

    /// The unsolved block from row `top` and column `left` to the bottom right, now and
    /// at the goal, as boards of their own: its tiles renamed 1..k in goal order, the
    /// blank 0. The blank's moves in it are its moves on the whole board.
    pub(super) fn block_boards(&self, top: usize, left: usize) -> (Board, Board) {
        let (w, h) = (self.size.width(), self.size.height());
        let block = Size::new(w - left, h - top).expect("block sides of at least 2");
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
        (small(&self.cells), small(&self.goal))
    }
}

/// The cells from `from` to `to` (inclusive) along a row or a column.
pub(super) fn line(width: usize, from: usize, to: usize) -> impl Iterator<Item = usize> {
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
