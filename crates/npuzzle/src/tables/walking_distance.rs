//! The walking distance counted in the multi-tile metric: an admissible estimate for
//! boards of at most 16 cells with sides of at most 6, and any goal.
//!
//! ```
//! use npuzzle::tables::walking_distance::WalkingDistance;
//! use npuzzle::{parse_board, Board};
//!
//! let goal = Board::goal(parse_board("1 2 3/4 5 6/7 8 0", None)?.size());
//! let distance = WalkingDistance::new(&goal).expect("sides of at most 6");
//! assert_eq!(distance.estimate_board(&goal), 0);
//! // One multi-tile move (the blank jumps two cells left) away from the goal.
//! let near = parse_board("1 2 3/4 5 6/0 7 8", None)?;
//! assert_eq!(distance.estimate_board(&near), 1);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! ## The abstraction
//! The vertical part forgets everything but, for each row, how many of its tiles belong
//! in each goal row, and the blank's row. A multi-tile move of the blank `k` rows down
//! (or up) moves one tile of each of the `k` rows it passes one row up (down), whichever
//! tiles sit in the blank's column; its table is a breadth-first search of these states
//! in which such a jump is one move. The horizontal part is the same on columns. A move
//! of the puzzle is horizontal or vertical and changes only that part's state by one
//! move, so the sum of the two distances is admissible (and consistent).
//!
//! The tables depend only on the shape and the goal's blank line, so they are made once
//! per process and shared: a few milliseconds for the 15-puzzle's 24,964 states, some
//! 0.3 s of CPU and 20 MB for the 352,560 of a 5x3 board's columns (five lines of
//! three).
//! Longer sides are left out because their states multiply: a 7x2 board's columns
//! have 16,854,390.

use std::collections::HashMap;
use std::sync::Arc;

use crate::puzzle::board::{Board, Move};
use crate::util::per_process::{get_or_make, PerProcess};

/// The longest side the walking distance handles.
pub const MAX_WALKING_SIDE: usize = 6;
/// The most cells a board it handles may have: a 6x3 board's columns alone would have
/// 50,388,240 states.
pub const MAX_WALKING_CELLS: usize = 16;

/// The walking distance of one goal, counted in the multi-tile metric.
#[derive(Clone, Debug)]
pub struct WalkingDistance {
    width: usize,
    height: usize,
    /// The vertical part: lines are rows, classes are goal rows.
    rows: Arc<AxisTable>,
    /// The horizontal part: lines are columns, classes are goal columns.
    cols: Arc<AxisTable>,
    /// `goal_row[tile]`, `goal_col[tile]` (entry 0, the blank, unused).
    goal_row: [u8; MAX_WALKING_CELLS],
    goal_col: [u8; MAX_WALKING_CELLS],
}

/// Where a board stands in both abstractions: what a search carries from node to node
/// so that [`WalkingDistance::after_jump`] is a few table reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct WalkingState {
    rows: u32,
    cols: u32,
}

impl WalkingDistance {
    /// Whether the walking distance takes boards of `width` x `height`: at most
    /// [`MAX_WALKING_CELLS`] cells and sides of at most [`MAX_WALKING_SIDE`].
    pub fn fits(width: usize, height: usize) -> bool {
        width.max(height) <= MAX_WALKING_SIDE && width * height <= MAX_WALKING_CELLS
    }

    /// The walking distance to `goal`, or `None` when the goal's size does not
    /// [fit](WalkingDistance::fits).
    pub fn new(goal: &Board) -> Option<WalkingDistance> {
        static TABLES: PerProcess<AxisShape, AxisTable> = PerProcess::new();
        let size = goal.size();
        let (width, height) = (size.width(), size.height());
        if !WalkingDistance::fits(width, height) {
            return None;
        }
        let mut goal_row = [0u8; MAX_WALKING_CELLS];
        let mut goal_col = [0u8; MAX_WALKING_CELLS];
        for (cell, &tile) in goal.cells().iter().enumerate() {
            goal_row[tile as usize] = (cell / width) as u8;
            goal_col[tile as usize] = (cell % width) as u8;
        }
        let blank = goal.blank();
        let rows_shape = AxisShape {
            lines: height as u8,
            line_len: width as u8,
            blank_line: (blank / width) as u8,
        };
        let cols_shape = AxisShape {
            lines: width as u8,
            line_len: height as u8,
            blank_line: (blank % width) as u8,
        };
        Some(WalkingDistance {
            width,
            height,
            rows: get_or_make(&TABLES, rows_shape, || AxisTable::new(rows_shape)),
            cols: get_or_make(&TABLES, cols_shape, || AxisTable::new(cols_shape)),
            goal_row,
            goal_col,
        })
    }

    /// The estimate of the board whose tiles are `cells` (row-major, `0` for the blank,
    /// the goal's size): a lower bound on its multi-tile distance to the goal.
    ///
    /// # Panics
    /// When `cells` is not an arrangement of the goal's tiles.
    pub fn estimate(&self, cells: &[u8]) -> u32 {
        self.value(self.state(cells))
    }

    /// [`WalkingDistance::estimate`] of a [`Board`].
    ///
    /// # Panics
    /// When `board` does not have the goal's size.
    pub fn estimate_board(&self, board: &Board) -> u32 {
        let cells: Vec<u8> = board.cells().iter().map(|&t| t as u8).collect();
        self.estimate(&cells)
    }

    /// Where the board whose tiles are `cells` stands in both abstractions.
    ///
    /// # Panics
    /// When `cells` is not an arrangement of the goal's tiles.
    pub fn state(&self, cells: &[u8]) -> WalkingState {
        assert_eq!(
            cells.len(),
            self.width * self.height,
            "a board of the goal's size"
        );
        let mut rows = Counts::default();
        let mut cols = Counts::default();
        for (cell, &tile) in cells.iter().enumerate() {
            let (row, col) = (cell / self.width, cell % self.width);
            if tile == 0 {
                rows.blank = row as u8;
                cols.blank = col as u8;
            } else {
                rows.add(row, self.goal_row[tile as usize]);
                cols.add(col, self.goal_col[tile as usize]);
            }
        }
        WalkingState {
            rows: self.rows.index(rows.key()),
            cols: self.cols.index(cols.key()),
        }
    }

    /// The estimate of a state: the sum of its vertical and horizontal distances.
    #[inline]
    pub fn value(&self, state: WalkingState) -> u32 {
        u32::from(self.rows.distance[state.rows as usize])
            + u32::from(self.cols.distance[state.cols as usize])
    }

    /// The state after `tile` slid one cell from `from` to `to`, the blank's cell (one
    /// step of a jump; [`WalkingDistance::after_jump`] takes a whole jump).
    #[inline]
    pub fn slid(&self, state: WalkingState, tile: u8, from: usize, to: usize) -> WalkingState {
        let mut next = state;
        // The blank goes where the tile was: to a later line when the tile came from one.
        let way = usize::from(to < from);
        // Cells a row apart are `width` apart; along a row, one (no division here: this
        // runs for every tile a search slides).
        if from.abs_diff(to) == self.width {
            next.rows = self
                .rows
                .step(next.rows, way, self.goal_row[usize::from(tile)]);
        } else {
            next.cols = self
                .cols
                .step(next.cols, way, self.goal_col[usize::from(tile)]);
        }
        next
    }

    /// The state after the blank jumped along `mv` over `tiles`, the tiles it slid in
    /// the order it met them (nearest first; one for a single step).
    #[inline]
    pub fn after_jump(&self, state: WalkingState, mv: Move, tiles: &[u8]) -> WalkingState {
        let mut next = state;
        match mv {
            Move::Up | Move::Down => {
                let way = usize::from(mv == Move::Down);
                for &tile in tiles {
                    next.rows = self.rows.step(next.rows, way, self.goal_row[tile as usize]);
                }
            }
            Move::Left | Move::Right => {
                let way = usize::from(mv == Move::Right);
                for &tile in tiles {
                    next.cols = self.cols.step(next.cols, way, self.goal_col[tile as usize]);
                }
            }
        }
        next
    }
}

/// What an axis table depends on: the number of lines (rows for the vertical part), the
/// tiles a full line holds, and the line of the goal's blank.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct AxisShape {
    lines: u8,
    line_len: u8,
    blank_line: u8,
}

/// One abstraction: every state reachable from the goal, its multi-tile distance, and the
/// single steps between states (a jump is a chain of them). States are numbered in the
/// order of their keys, so that a board's state is found by a binary search and no hash
/// map outlives the build.
#[derive(Debug)]
struct AxisTable {
    /// The states' keys ([`Counts::key`]), ascending: state `i` has key `keys[i]`.
    keys: Vec<u128>,
    /// `steps[state * 2 * L + way * L + class]`: the state after the blank stepped one
    /// line (`way` 1: to the next line, 0: to the previous one) over a tile of `class`, or
    /// `NO_STATE` when there is no such line or no such tile in it.
    steps: Vec<u32>,
    /// The multi-tile distance of each state to the goal.
    distance: Vec<u8>,
    /// The number of lines (and of classes).
    lines: usize,
}

const NO_STATE: u32 = u32::MAX;

/// A state of an abstraction: `count[line][class]` tiles of goal line `class` in `line`,
/// and the blank's line.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Counts {
    count: [[u8; MAX_WALKING_SIDE]; MAX_WALKING_SIDE],
    blank: u8,
}

impl Counts {
    fn add(&mut self, line: usize, class: u8) {
        self.count[line][usize::from(class)] += 1;
    }

    /// Three bits a count (at most 6), then three for the blank's line.
    fn key(&self) -> u128 {
        let counts = self
            .count
            .iter()
            .flatten()
            .fold(0u128, |key, &c| (key << 3) | u128::from(c));
        (counts << 3) | u128::from(self.blank)
    }

    /// The state after the blank stepped to the line `way` says, a tile of `class` going
    /// the other way into the blank's old line.
    fn stepped(&self, lines: usize, way: usize, class: usize) -> Option<Counts> {
        let from = usize::from(self.blank);
        let to = if way == 1 {
            (from + 1 < lines).then_some(from + 1)?
        } else {
            from.checked_sub(1)?
        };
        if self.count[to][class] == 0 {
            return None;
        }
        let mut next = *self;
        next.count[to][class] -= 1;
        next.count[from][class] += 1;
        next.blank = to as u8;
        Some(next)
    }
}

impl AxisTable {
    fn new(shape: AxisShape) -> AxisTable {
        let lines = usize::from(shape.lines);
        let mut goal = Counts {
            blank: shape.blank_line,
            ..Counts::default()
        };
        for line in 0..lines {
            let full = shape.line_len - u8::from(line == usize::from(shape.blank_line));
            goal.count[line][line] = full;
        }
        // Every state reachable by single steps, found breadth first from the goal.
        let mut states = vec![goal];
        let mut found = HashMap::from([(goal.key(), 0u32)]);
        let mut steps = Vec::new();
        let mut next_state = 0;
        while next_state < states.len() {
            let state = states[next_state];
            next_state += 1;
            for way in 0..2 {
                for class in 0..lines {
                    let target = state.stepped(lines, way, class).map(|next| {
                        let fresh = states.len() as u32;
                        *found.entry(next.key()).or_insert_with(|| {
                            states.push(next);
                            fresh
                        })
                    });
                    steps.push(target.unwrap_or(NO_STATE));
                }
            }
        }
        assert!(states.len() < NO_STATE as usize, "states fit in u32");
        drop(found);
        // Renumbered by key: `renamed[found]` is the state's number in key order.
        let keys_found: Vec<u128> = states.iter().map(Counts::key).collect();
        let mut by_key: Vec<u32> = (0..states.len() as u32).collect();
        by_key.sort_unstable_by_key(|&i| keys_found[i as usize]);
        let mut renamed = vec![0u32; states.len()];
        for (number, &i) in by_key.iter().enumerate() {
            renamed[i as usize] = number as u32;
        }
        let row = 2 * lines;
        let mut sorted_steps = vec![NO_STATE; steps.len()];
        for (i, &target) in steps.iter().enumerate() {
            let (state, rest) = (i / row, i % row);
            if target != NO_STATE {
                sorted_steps[renamed[state] as usize * row + rest] = renamed[target as usize];
            }
        }
        let keys = by_key.iter().map(|&i| keys_found[i as usize]).collect();
        let mut table = AxisTable {
            keys,
            steps: sorted_steps,
            distance: Vec::new(),
            lines,
        };
        table.distance = table.jump_distances(renamed[0]);
        table
    }

    /// Breadth-first from the goal where a jump, any chain of steps the same way, is one
    /// move; jumps are reversible, so these are distances to the goal. A state met part
    /// of the way through a jump one way has had the rest of that jump followed then,
    /// at a depth no greater than any later jump from it would give, so each state is
    /// followed at most once each way: the work is linear in the table.
    fn jump_distances(&self, goal: u32) -> Vec<u8> {
        let count = self.keys.len();
        let mut distance = vec![u8::MAX; count];
        let mut followed = [vec![false; count], vec![false; count]];
        distance[goal as usize] = 0;
        let mut frontier = vec![goal];
        let mut depth = 0u8;
        while !frontier.is_empty() {
            depth += 1;
            let mut next_frontier = Vec::new();
            for (way, followed) in followed.iter_mut().enumerate() {
                let mut along: Vec<u32> = frontier
                    .iter()
                    .copied()
                    .filter(|&s| !std::mem::replace(&mut followed[s as usize], true))
                    .collect();
                while !along.is_empty() {
                    let mut further = Vec::new();
                    for &from in &along {
                        for class in 0..self.lines {
                            let to = self.step(from, way, class as u8);
                            if to == NO_STATE || std::mem::replace(&mut followed[to as usize], true)
                            {
                                continue;
                            }
                            further.push(to);
                            if distance[to as usize] == u8::MAX {
                                distance[to as usize] = depth;
                                next_frontier.push(to);
                            }
                        }
                    }
                    along = further;
                }
            }
            frontier = next_frontier;
        }
        distance
    }

    /// The index of the state with `key`.
    fn index(&self, key: u128) -> u32 {
        // Every arrangement of the tiles is reachable by single steps in the abstraction
        // (which ignores parity), so every key is there.
        self.keys
            .binary_search(&key)
            .expect("every arrangement has a state") as u32
    }

    #[inline]
    fn step(&self, state: u32, way: usize, class: u8) -> u32 {
        self.steps[(state as usize * 2 + way) * self.lines + usize::from(class)]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::board::Size;
    use std::collections::VecDeque;

    /// Exact multi-tile distances to `goal` of every board within `within` moves of it
    /// (every board it reaches with `u32::MAX`), by a breadth-first search of whole
    /// boards in which a jump of any length is one move.
    fn exact_distances(goal: &Board, within: u32) -> HashMap<Vec<u8>, u32> {
        let (width, height) = (goal.size().width(), goal.size().height());
        let start: Vec<u8> = goal.cells().iter().map(|&t| t as u8).collect();
        let mut distance = HashMap::from([(start.clone(), 0u32)]);
        let mut queue = VecDeque::from([start]);
        while let Some(board) = queue.pop_front() {
            let depth = distance[&board];
            if depth == within {
                continue;
            }
            let blank = board.iter().position(|&t| t == 0).unwrap();
            let (row, col) = ((blank / width) as isize, (blank % width) as isize);
            for (dr, dc) in [(0isize, -1isize), (0, 1), (1, 0), (-1, 0)] {
                let mut next = board.clone();
                let mut hole = blank;
                for k in 1.. {
                    let (r, c) = (row + dr * k, col + dc * k);
                    if r < 0 || c < 0 || r >= height as isize || c >= width as isize {
                        break;
                    }
                    let cell = (r as usize) * width + c as usize;
                    next.swap(hole, cell);
                    hole = cell;
                    if !distance.contains_key(&next) {
                        distance.insert(next.clone(), depth + 1);
                        queue.push_back(next.clone());
                    }
                }
            }
        }
        distance
    }

    fn goals(size: Size) -> Vec<Board> {
        let n = size.cells() as u32;
        // A scrambled goal too: tiles whose goal lines are not in order.
        let scrambled: Vec<u32> = (0..n).map(|i| (i * 5 + 2) % n).collect();
        let mut goals = vec![Board::goal(size), Board::blank_first_goal(size)];
        if let Ok(board) = Board::new(size, scrambled) {
            goals.push(board);
        }
        goals
    }

    /// Checks the estimate towards `goal` on every board of `exact`: below the distance,
    /// zero on the goal alone, changed by at most one a move, followed by `slid` and
    /// `after_jump`; returns the estimates' sum and the distances'.
    fn check_against(goal: &Board, exact: &HashMap<Vec<u8>, u32>) -> (u64, u64) {
        let size = goal.size();
        let walking = WalkingDistance::new(goal).unwrap();
        let goal_cells: Vec<u8> = goal.cells().iter().map(|&t| t as u8).collect();
        assert_eq!(walking.estimate(&goal_cells), 0, "{goal}");
        let (mut estimated, mut exact_total) = (0, 0);
        for (cells, &distance) in exact {
            let estimate = walking.estimate(cells);
            assert!(
                estimate <= distance,
                "{cells:?} to {goal}: {estimate} > {distance}"
            );
            // Every tile in its goal row and its goal column is the goal.
            assert_eq!(estimate == 0, distance == 0, "{cells:?}");
            estimated += u64::from(estimate);
            exact_total += u64::from(distance);
            // One move changes the estimate by at most one, and after_jump follows it.
            let state = walking.state(cells);
            let blank = cells.iter().position(|&t| t == 0).unwrap();
            for mv in [Move::Left, Move::Right, Move::Down, Move::Up] {
                let mut next = cells.clone();
                let mut hole = blank;
                let mut slid = Vec::new();
                let mut before = state;
                while let Some(cell) = size.step(hole, mv) {
                    let tile = next[cell];
                    slid.push(tile);
                    next.swap(hole, cell);
                    let stepped = walking.slid(before, tile, cell, hole);
                    hole = cell;
                    let jumped = walking.after_jump(state, mv, &slid);
                    assert_eq!(stepped, jumped);
                    before = jumped;
                    assert_eq!(jumped, walking.state(&next), "{cells:?} {mv:?}");
                    assert!(walking.value(jumped).abs_diff(walking.value(state)) <= 1);
                }
            }
        }
        (estimated, exact_total)
    }

    #[test]
    fn admissible_and_consistent_on_every_small_board() {
        for (width, height) in [(3, 2), (2, 3), (3, 3), (4, 2), (2, 4)] {
            let size = Size::new(width, height).unwrap();
            for goal in goals(size) {
                let exact = exact_distances(&goal, u32::MAX);
                let (estimated, exact_total) = check_against(&goal, &exact);
                // Not a trivial bound: most of the distance on average.
                assert!(
                    estimated * 2 > exact_total,
                    "{width}x{height}: {estimated} of {exact_total}"
                );
            }
        }
    }

    #[test]
    fn admissible_and_consistent_on_every_board_with_a_side_of_five() {
        // Every 5x2 and 2x5 board (1,814,400 each): lines of five cells.
        for (width, height) in [(5, 2), (2, 5)] {
            let goal = Board::goal(Size::new(width, height).unwrap());
            let exact = exact_distances(&goal, u32::MAX);
            assert_eq!(exact.len(), 1_814_400);
            let (estimated, exact_total) = check_against(&goal, &exact);
            assert!(
                estimated * 2 > exact_total,
                "{width}x{height}: {estimated} of {exact_total}"
            );
        }
    }

    #[test]
    fn admissible_and_consistent_near_the_goal_of_the_longer_boards() {
        // Too many boards to search them all: every board within a few moves of each goal.
        for (width, height, within) in [(5, 3, 9), (3, 5, 9), (6, 2, 12), (2, 6, 12)] {
            for goal in goals(Size::new(width, height).unwrap()) {
                let exact = exact_distances(&goal, within);
                assert!(exact.len() > 10_000, "{goal}: {}", exact.len());
                check_against(&goal, &exact);
            }
        }
    }

    #[test]
    fn every_state_has_its_jump_distance() {
        // The distances are those of the abstraction's own graph, jumps one move: the goal
        // is 0, a jump changes a distance by at most one, and every other state has a
        // neighbour one nearer. Shapes small enough to list every jump of every state.
        let shapes = [
            (4, 4, 3),
            (4, 4, 0),
            (3, 4, 2),
            (4, 3, 3),
            (5, 2, 4),
            (6, 1, 5),
        ];
        for (lines, line_len, blank_line) in shapes {
            let shape = AxisShape {
                lines,
                line_len,
                blank_line,
            };
            let table = AxisTable::new(shape);
            let zero: Vec<usize> = (0..table.keys.len())
                .filter(|&s| table.distance[s] == 0)
                .collect();
            assert_eq!(zero.len(), 1, "{shape:?}");
            for state in 0..table.keys.len() as u32 {
                let d = table.distance[state as usize];
                let mut nearer = false;
                for way in 0..2 {
                    let mut along = vec![state];
                    while !along.is_empty() {
                        let mut further = Vec::new();
                        for &from in &along {
                            for class in 0..table.lines as u8 {
                                let to = table.step(from, way, class);
                                if to != NO_STATE {
                                    further.push(to);
                                }
                            }
                        }
                        further.sort_unstable();
                        further.dedup();
                        for &to in &further {
                            let e = table.distance[to as usize];
                            assert!(e.abs_diff(d) <= 1, "{shape:?}: {d} to {e}");
                            nearer |= e + 1 == d;
                        }
                        along = further;
                    }
                }
                assert!(nearer || d == 0, "{shape:?}: state {state} at {d}");
            }
        }
    }

    #[test]
    fn every_arrangement_has_a_state_and_the_tables_have_the_counted_sizes() {
        // Both parities: the abstraction ignores parity, so no arrangement is missing.
        let size = Size::new(3, 3).unwrap();
        let walking = WalkingDistance::new(&Board::goal(size)).unwrap();
        let mut cells: Vec<u8> = (0..9).collect();
        let mut seen = 0;
        permutations(&mut cells, 0, &mut |cells| {
            let _ = walking.estimate(cells);
            seen += 1;
        });
        assert_eq!(seen, 362_880);
        // The counts of matrices with the lines' and the classes' sums (the 15-puzzle's
        // is the classic 24,964).
        let sizes = |width, height| {
            let walking = WalkingDistance::new(&Board::goal(Size::new(width, height).unwrap()));
            let walking = walking.unwrap();
            (walking.rows.distance.len(), walking.cols.distance.len())
        };
        assert_eq!(sizes(4, 4), (24_964, 24_964));
        assert_eq!(sizes(5, 3), (525, 352_560));
        assert_eq!(sizes(3, 5), (352_560, 525));
        assert_eq!(sizes(6, 2), (12, 367_560));
        for (width, height) in [(7, 2), (2, 7), (6, 3), (5, 4), (5, 5)] {
            let goal = Board::goal(Size::new(width, height).unwrap());
            assert!(WalkingDistance::new(&goal).is_none(), "{width}x{height}");
        }
    }

    fn permutations(cells: &mut Vec<u8>, from: usize, visit: &mut impl FnMut(&[u8])) {
        if from == cells.len() {
            visit(cells);
            return;
        }
        for i in from..cells.len() {
            cells.swap(from, i);
            permutations(cells, from + 1, visit);
            cells.swap(from, i);
        }
    }
}
