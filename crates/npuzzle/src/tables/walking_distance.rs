//! The walking distance counted in the multi-tile metric: an admissible estimate for
//! boards with sides of at most 4 and any goal.
//!
//! ```
//! use npuzzle::tables::walking_distance::WalkingDistance;
//! use npuzzle::{parse_board, Board};
//!
//! let goal = Board::goal(parse_board("1 2 3/4 5 6/7 8 0", None)?.size());
//! let distance = WalkingDistance::new(&goal).expect("sides of at most 4");
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
//! per process (a few milliseconds for the 15-puzzle's 24,964 states) and shared.

use std::collections::HashMap;
use std::sync::Arc;

use crate::puzzle::board::{Board, Move};
use crate::util::per_process::{get_or_make, PerProcess};

/// The longest side the walking distance handles.
pub const MAX_WALKING_SIDE: usize = 4;

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
    goal_row: [u8; MAX_WALKING_SIDE * MAX_WALKING_SIDE],
    goal_col: [u8; MAX_WALKING_SIDE * MAX_WALKING_SIDE],
}

/// Where a board stands in both abstractions: what a search carries from node to node
/// so that [`WalkingDistance::after_jump`] is a few table reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct WalkingState {
    rows: u16,
    cols: u16,
}

impl WalkingDistance {
    /// The walking distance to `goal`, or `None` when a side of the goal is longer than
    /// [`MAX_WALKING_SIDE`].
    pub fn new(goal: &Board) -> Option<WalkingDistance> {
        static TABLES: PerProcess<AxisShape, AxisTable> = PerProcess::new();
        let size = goal.size();
        let (width, height) = (size.width(), size.height());
        if width > MAX_WALKING_SIDE || height > MAX_WALKING_SIDE {
            return None;
        }
        let mut goal_row = [0u8; MAX_WALKING_SIDE * MAX_WALKING_SIDE];
        let mut goal_col = [0u8; MAX_WALKING_SIDE * MAX_WALKING_SIDE];
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
        u32::from(self.rows.distance[usize::from(state.rows)])
            + u32::from(self.cols.distance[usize::from(state.cols)])
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
/// single steps between states (a jump is a chain of them).
#[derive(Debug)]
struct AxisTable {
    /// The states' keys ([`Counts::key`]) and their indices.
    indices: HashMap<u64, u16>,
    /// `steps[state * 2 * L + way * L + class]`: the state after the blank stepped one
    /// line (`way` 1: to the next line, 0: to the previous one) over a tile of `class`, or
    /// `NO_STATE` when there is no such line or no such tile in it.
    steps: Vec<u16>,
    /// The multi-tile distance of each state to the goal.
    distance: Vec<u8>,
    /// The number of lines (and of classes).
    lines: usize,
}

const NO_STATE: u16 = u16::MAX;

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

    /// Three bits a count (at most 4), then the blank's line.
    fn key(&self) -> u64 {
        let counts = self
            .count
            .iter()
            .flatten()
            .fold(0u64, |key, &c| (key << 3) | u64::from(c));
        (counts << 2) | u64::from(self.blank)
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
        let mut indices = HashMap::from([(goal.key(), 0u16)]);
        let mut steps = Vec::new();
        let mut next_state = 0;
        while next_state < states.len() {
            let state = states[next_state];
            next_state += 1;
            for way in 0..2 {
                for class in 0..lines {
                    let target = state.stepped(lines, way, class).map(|next| {
                        let fresh = states.len() as u16;
                        *indices.entry(next.key()).or_insert_with(|| {
                            states.push(next);
                            fresh
                        })
                    });
                    steps.push(target.unwrap_or(NO_STATE));
                }
            }
        }
        assert!(states.len() < usize::from(NO_STATE), "states fit in u16");
        let mut table = AxisTable {
            indices,
            steps,
            distance: Vec::new(),
            lines,
        };
        table.distance = table.jump_distances(states.len(), lines);
        table
    }

    /// Breadth-first from the goal (state 0) where a jump, any chain of steps the same
    /// way, is one move; jumps are reversible, so these are distances to the goal.
    fn jump_distances(&self, count: usize, lines: usize) -> Vec<u8> {
        let mut distance = vec![u8::MAX; count];
        distance[0] = 0;
        let mut frontier = vec![0u16];
        let mut depth = 0u8;
        while !frontier.is_empty() {
            depth += 1;
            let mut next_frontier = Vec::new();
            for &state in &frontier {
                for way in 0..2 {
                    let mut along = vec![state];
                    while !along.is_empty() {
                        let mut further = Vec::new();
                        for &from in &along {
                            for class in 0..lines {
                                let to = self.steps[(usize::from(from) * 2 + way) * lines + class];
                                if to == NO_STATE {
                                    continue;
                                }
                                further.push(to);
                                if distance[usize::from(to)] == u8::MAX {
                                    distance[usize::from(to)] = depth;
                                    next_frontier.push(to);
                                }
                            }
                        }
                        further.sort_unstable();
                        further.dedup();
                        along = further;
                    }
                }
            }
            frontier = next_frontier;
        }
        distance
    }

    /// The index of the state with `key`.
    fn index(&self, key: u64) -> u16 {
        // Every arrangement of the tiles is reachable by single steps in the abstraction
        // (which ignores parity), so every key is there.
        self.indices[&key]
    }

    #[inline]
    fn step(&self, state: u16, way: usize, class: u8) -> u16 {
        self.steps[(usize::from(state) * 2 + way) * self.lines + usize::from(class)]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::board::Size;
    use std::collections::VecDeque;

    /// Exact multi-tile distances to `goal` of every board reachable from it, by a
    /// breadth-first search of whole boards in which a jump of any length is one move.
    fn exact_distances(goal: &Board) -> HashMap<Vec<u8>, u32> {
        let (width, height) = (goal.size().width(), goal.size().height());
        let start: Vec<u8> = goal.cells().iter().map(|&t| t as u8).collect();
        let mut distance = HashMap::from([(start.clone(), 0u32)]);
        let mut queue = VecDeque::from([start]);
        while let Some(board) = queue.pop_front() {
            let depth = distance[&board];
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

    #[test]
    fn admissible_and_consistent_on_every_small_board() {
        for (width, height) in [(3, 2), (2, 3), (3, 3), (4, 2), (2, 4)] {
            let size = Size::new(width, height).unwrap();
            for goal in goals(size) {
                let walking = WalkingDistance::new(&goal).unwrap();
                let goal_cells: Vec<u8> = goal.cells().iter().map(|&t| t as u8).collect();
                assert_eq!(walking.estimate(&goal_cells), 0, "{goal}");
                let exact = exact_distances(&goal);
                let (mut estimated, mut exact_total) = (0, 0);
                for (cells, &distance) in &exact {
                    let estimate = walking.estimate(cells);
                    assert!(
                        estimate <= distance,
                        "{cells:?} to {goal}: {estimate} > {distance}"
                    );
                    // Every tile in its goal row and its goal column is the goal.
                    assert_eq!(estimate == 0, distance == 0, "{cells:?}");
                    estimated += estimate;
                    exact_total += distance;
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
                // Not a trivial bound: most of the distance on average.
                assert!(
                    estimated * 2 > exact_total,
                    "{width}x{height}: {estimated} of {exact_total}"
                );
            }
        }
    }

    #[test]
    fn every_arrangement_has_a_state_and_the_fifteen_puzzle_has_the_classic_count() {
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
        let fifteen = WalkingDistance::new(&Board::goal(Size::square(4).unwrap())).unwrap();
        assert_eq!(fifteen.rows.distance.len(), 24_964);
        assert_eq!(fifteen.cols.distance.len(), 24_964);
        assert!(WalkingDistance::new(&Board::goal(Size::new(5, 3).unwrap())).is_none());
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
