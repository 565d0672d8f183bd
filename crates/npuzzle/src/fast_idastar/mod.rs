//! The puzzle-specific IDA*: the fast path beside the generic, instrumented
//! [`search::idastar`](crate::search::idastar), for boards of up to 64 cells (8×8).
//!
//! What makes it fast, each measured against the generic version:
//! - The board is a fixed `[u8; 64]` of tiles plus a `[u8; 64]` of tile positions,
//!   changed in place by make/unmake: no node is ever allocated or cloned. (A nibble-packed
//!   `u64` was not faster for 4×4: the search never hashes or stores states, and a byte
//!   swap is as cheap as a nibble splice.)
//! - Moves come from a table built once per board: for each blank cell, the legal moves in
//!   the caller's order and the cell each one takes the blank to.
//! - The move that would undo the previous one is never generated.
//! - The estimate is updated incrementally ([`Estimate::step`]): a move changes one tile's
//!   Manhattan term, the linear conflicts of the two lines the tile leaves and enters, and,
//!   with pattern databases, one group's entry per orientation.
//!
//! The last iteration runs with the bound equal to the optimal length and tries moves in
//! order, and an admissible estimate prunes no optimal path in it, so the path found is
//! the smallest shortest path in the move order: the canonical one, whatever the estimate.

pub mod parallel;

use std::time::Instant;

use crate::board::{Board, Move, Size};
use crate::error::SolveError;
use crate::heuristic::{longest_increasing, HeuristicKind};
use crate::progress::SharedProgress;
use crate::search::{Budget, GiveUp, Limits, Outcome, Stats};
use crate::solvability::is_solvable;
use crate::solver::{Algorithm, Solution, Status};

/// The most cells a board searched by the fast IDA* may have (8×8; cell sets are `u64`s).
pub const MAX_FAST_CELLS: usize = 64;

/// The longest side whose lines the linear-conflict terms keep in a node.
const MAX_LINE: usize = 8;

/// A board as the fast search holds it: tiles by cell and cells by tile.
#[derive(Clone, Debug)]
pub struct FastBoard {
    /// `tiles[cell]`, `0` for the blank; unused cells are 0.
    pub tiles: [u8; MAX_FAST_CELLS],
    /// `pos[tile]`: the cell of each tile (`pos[0]` is the blank).
    pub pos: [u8; MAX_FAST_CELLS],
}

impl FastBoard {
    /// The board's arrangement (at most [`MAX_FAST_CELLS`] cells).
    pub fn new(board: &Board) -> FastBoard {
        let mut tiles = [0u8; MAX_FAST_CELLS];
        let mut pos = [0u8; MAX_FAST_CELLS];
        for (cell, &t) in board.cells().iter().enumerate() {
            tiles[cell] = t as u8;
            pos[t as usize] = cell as u8;
        }
        FastBoard { tiles, pos }
    }
}

/// An admissible estimate that the fast search updates move by move.
pub trait Estimate: Sync {
    /// What a node carries so that the next estimate is cheap (small and `Copy`: it lives
    /// in the search's stack frames, which is where "undo" comes from).
    type Node: Copy + Send + Sync;
    /// The node data of a whole board.
    fn init(&self, board: &FastBoard) -> Self::Node;
    /// The node data after `tile` slid from `from` to `to`; `board` is already updated.
    fn step(
        &self,
        node: &Self::Node,
        board: &FastBoard,
        tile: u8,
        from: usize,
        to: usize,
    ) -> Self::Node;
    /// [`Estimate::step`] for a child the search keeps only if its estimate is at most
    /// `limit`; returns the node and its estimate. An estimate that is a maximum of
    /// several may stop once one part exceeds `limit` (the node, then discarded, need not
    /// be complete).
    #[inline(always)]
    fn step_within(
        &self,
        node: &Self::Node,
        board: &FastBoard,
        tile: u8,
        from: usize,
        to: usize,
        limit: u32,
    ) -> (Self::Node, u32) {
        let _ = limit;
        let next = self.step(node, board, tile, from, to);
        let value = self.value(&next);
        (next, value)
    }
    /// The estimate of the node: a lower bound on the moves left.
    fn value(&self, node: &Self::Node) -> u32;
    /// Whether the node is the goal (every tile home).
    fn is_goal(&self, node: &Self::Node) -> bool;
    /// What this estimate is called in reports.
    fn name(&self) -> String;
}

/// Precomputed per-goal distances shared by every estimate: each tile's Manhattan
/// distance from each cell, and each tile's goal row and column.
#[derive(Clone, Debug)]
pub struct Manhattan {
    pub(crate) size: Size,
    /// `distance[tile * 64 + cell]`.
    distance: Vec<u8>,
    goal_row: [u8; MAX_FAST_CELLS],
    goal_col: [u8; MAX_FAST_CELLS],
    /// Branch-free line conflicts for sides of at most [`TABLE_LINE`]: a line's tiles,
    /// each coded as its goal index within the line or `len` if it belongs elsewhere,
    /// read as a base-`len + 1` number, index these tables of conflict counts.
    row_table: Vec<u8>,
    col_table: Vec<u8>,
    /// Row and column of each cell: the width is not a constant, and dividing by it in
    /// every step cost more than the rest of the step (measured).
    cell_row: [u8; MAX_FAST_CELLS],
    cell_col: [u8; MAX_FAST_CELLS],
}

/// The longest line whose conflicts come from a table ((6+1)^6 = 117,649 entries).
const TABLE_LINE: usize = 6;

/// The conflicts of every coded line of length `len` (see [`Manhattan`]).
fn conflict_table(len: usize) -> Vec<u8> {
    if len > TABLE_LINE {
        return Vec::new();
    }
    let base = len + 1;
    let entries = base.pow(len as u32);
    (0..entries)
        .map(|mut key| {
            let mut keys = [0u8; MAX_LINE];
            let mut count = 0;
            for _ in 0..len {
                let code = key % base;
                key /= base;
                if code < len {
                    keys[count] = code as u8;
                    count += 1;
                }
            }
            (count - longest_increasing(&keys[..count], &mut [0; MAX_LINE])) as u8
        })
        .collect()
}

impl Manhattan {
    /// Distances to `goal` (at most [`MAX_FAST_CELLS`] cells).
    pub fn new(goal: &Board) -> Manhattan {
        let size = goal.size();
        let n = size.cells();
        assert!(
            n <= MAX_FAST_CELLS,
            "the fast search takes at most 64 cells"
        );
        let goal_cell = goal.positions();
        let mut distance = vec![0u8; MAX_FAST_CELLS * MAX_FAST_CELLS];
        let mut goal_row = [0u8; MAX_FAST_CELLS];
        let mut goal_col = [0u8; MAX_FAST_CELLS];
        for tile in 1..n {
            let (r, c) = size.row_col(goal_cell[tile]);
            goal_row[tile] = r as u8;
            goal_col[tile] = c as u8;
            for cell in 0..n {
                distance[tile * MAX_FAST_CELLS + cell] =
                    size.cell_distance(cell, goal_cell[tile]) as u8;
            }
        }
        Manhattan {
            size,
            distance,
            goal_row,
            goal_col,
            row_table: conflict_table(size.width),
            col_table: conflict_table(size.height),
            cell_row: std::array::from_fn(|c| (c / size.width) as u8),
            cell_col: std::array::from_fn(|c| (c % size.width) as u8),
        }
    }

    /// Sum over tiles (not the blank) of the distance to the goal cell.
    pub fn total(&self, board: &FastBoard) -> u32 {
        (1..self.size.cells())
            .map(|t| u32::from(self.distance[t * MAX_FAST_CELLS + board.pos[t] as usize]))
            .sum()
    }

    /// The Manhattan total after `tile` moved from `from` to `to`.
    #[inline(always)]
    pub fn step(&self, md: u16, tile: u8, from: usize, to: usize) -> u16 {
        let row = &self.distance[tile as usize * MAX_FAST_CELLS..][..MAX_FAST_CELLS];
        md + u16::from(row[to]) - u16::from(row[from])
    }

    /// Tiles that must leave row `row` (see [`crate::heuristic`]): the row's tiles that
    /// belong in it, less the longest run of them whose goal columns increase.
    #[inline(always)]
    fn row_conflicts(&self, board: &FastBoard, row: usize) -> u8 {
        let w = self.size.width;
        if !self.row_table.is_empty() {
            let mut key = 0;
            for &t in board.tiles[row * w..row * w + w].iter().rev() {
                let t = t as usize;
                let code = if t != 0 && self.goal_row[t] as usize == row {
                    self.goal_col[t] as usize
                } else {
                    w
                };
                key = key * (w + 1) + code;
            }
            return self.row_table[key];
        }
        let mut keys = [0u8; MAX_LINE];
        let mut len = 0;
        for &t in &board.tiles[row * w..row * w + w] {
            if t != 0 && self.goal_row[t as usize] as usize == row {
                keys[len] = self.goal_col[t as usize];
                len += 1;
            }
        }
        (len - longest_increasing(&keys[..len], &mut [0; MAX_LINE])) as u8
    }

    /// Tiles that must leave column `col`.
    #[inline(always)]
    fn col_conflicts(&self, board: &FastBoard, col: usize) -> u8 {
        let w = self.size.width;
        if !self.col_table.is_empty() {
            let h = self.size.height;
            let mut key = 0;
            for row in (0..h).rev() {
                let t = board.tiles[row * w + col] as usize;
                let code = if t != 0 && self.goal_col[t] as usize == col {
                    self.goal_row[t] as usize
                } else {
                    h
                };
                key = key * (h + 1) + code;
            }
            return self.col_table[key];
        }
        let mut keys = [0u8; MAX_LINE];
        let mut len = 0;
        for row in 0..self.size.height {
            let t = board.tiles[row * w + col];
            if t != 0 && self.goal_col[t as usize] as usize == col {
                keys[len] = self.goal_row[t as usize];
                len += 1;
            }
        }
        (len - longest_increasing(&keys[..len], &mut [0; MAX_LINE])) as u8
    }
}

/// Manhattan distance, optionally plus linear conflicts, updated per move.
#[derive(Clone, Debug)]
pub struct LinearConflict {
    manhattan: Manhattan,
    conflicts: bool,
}

/// Node data of [`LinearConflict`]: the Manhattan total, the conflict total and each
/// line's conflicts (so a move recomputes only the two lines it changes).
#[derive(Clone, Copy, Debug)]
pub struct LineNode {
    md: u16,
    lc: u16,
    rows: [u8; MAX_LINE],
    cols: [u8; MAX_LINE],
}

impl LinearConflict {
    /// Manhattan plus linear conflicts towards `goal` (sides of at most 8).
    pub fn new(goal: &Board) -> LinearConflict {
        LinearConflict {
            manhattan: Manhattan::new(goal),
            conflicts: true,
        }
    }

    /// Manhattan distance alone towards `goal`.
    pub fn manhattan_only(goal: &Board) -> LinearConflict {
        LinearConflict {
            manhattan: Manhattan::new(goal),
            conflicts: false,
        }
    }
}

impl Estimate for LinearConflict {
    type Node = LineNode;

    fn init(&self, board: &FastBoard) -> LineNode {
        let mut node = LineNode {
            md: self.manhattan.total(board) as u16,
            lc: 0,
            rows: [0; MAX_LINE],
            cols: [0; MAX_LINE],
        };
        if self.conflicts {
            let Size { width, height } = self.manhattan.size;
            for row in 0..height {
                node.rows[row] = self.manhattan.row_conflicts(board, row);
                node.lc += u16::from(node.rows[row]);
            }
            for col in 0..width {
                node.cols[col] = self.manhattan.col_conflicts(board, col);
                node.lc += u16::from(node.cols[col]);
            }
        }
        node
    }

    #[inline(always)]
    fn step(
        &self,
        node: &LineNode,
        board: &FastBoard,
        tile: u8,
        from: usize,
        to: usize,
    ) -> LineNode {
        let mut next = *node;
        next.md = self.manhattan.step(node.md, tile, from, to);
        if self.conflicts {
            let m = &self.manhattan;
            let (from_row, from_col) = (m.cell_row[from] as usize, m.cell_col[from] as usize);
            let (to_row, to_col) = (m.cell_row[to] as usize, m.cell_col[to] as usize);
            // A tile moving along its row keeps the row's order: only the two columns it
            // leaves and enters change, and of those only one that is the tile's goal
            // column (a column's conflicts involve only tiles that belong in it). Likewise
            // for a vertical move and rows. Most moves so recompute one line or none.
            let t = tile as usize;
            if from_row == to_row {
                let goal = self.manhattan.goal_col[t] as usize;
                if goal == from_col || goal == to_col {
                    let c = self.manhattan.col_conflicts(board, goal);
                    next.lc = next.lc + u16::from(c) - u16::from(node.cols[goal]);
                    next.cols[goal] = c;
                }
            } else {
                let goal = self.manhattan.goal_row[t] as usize;
                if goal == from_row || goal == to_row {
                    let c = self.manhattan.row_conflicts(board, goal);
                    next.lc = next.lc + u16::from(c) - u16::from(node.rows[goal]);
                    next.rows[goal] = c;
                }
            }
        }
        next
    }

    #[inline(always)]
    fn value(&self, node: &LineNode) -> u32 {
        u32::from(node.md) + 2 * u32::from(node.lc)
    }

    #[inline(always)]
    fn is_goal(&self, node: &LineNode) -> bool {
        node.md == 0
    }

    fn name(&self) -> String {
        if self.conflicts {
            HeuristicKind::LinearConflict.name().to_string()
        } else {
            HeuristicKind::Manhattan.name().to_string()
        }
    }
}

/// How a fast search runs: the move order, the limits, how many threads share it, and
/// where it reports its iterations.
#[derive(Clone, Debug)]
pub struct RunSettings {
    /// The order moves are tried in; the answer is the smallest shortest path in it.
    pub order: [Move; 4],
    /// When to give up.
    pub limits: Limits,
    /// Threads searching the one instance: 1 runs the serial search, more the
    /// [`parallel`] one, 0 means one per core.
    pub threads: usize,
    /// Told of each iteration as it starts (its bound and the nodes so far), for a long
    /// search to show it is alive.
    pub progress: Option<SharedProgress>,
}

impl Default for RunSettings {
    /// The default move order, no limits, one thread, no progress reports.
    fn default() -> RunSettings {
        RunSettings {
            order: Move::DEFAULT_ORDER,
            limits: Limits::NONE,
            threads: 1,
            progress: None,
        }
    }
}

impl RunSettings {
    /// The number of threads meant: [`RunSettings::threads`], with 0 read as the number
    /// of cores, and at most [`parallel::MAX_THREADS`].
    pub fn thread_count(&self) -> usize {
        let n = match self.threads {
            0 => std::thread::available_parallelism().map_or(1, usize::from),
            n => n,
        };
        n.min(parallel::MAX_THREADS)
    }
}

/// The legal blank moves of every cell, in the search's order.
pub(crate) struct MoveTable {
    /// `moves[cell]`: up to four (move, cell the blank goes to), then `None`s.
    moves: Vec<[Option<(Move, u8)>; 4]>,
}

impl MoveTable {
    fn new(size: Size, order: [Move; 4]) -> MoveTable {
        let moves = (0..size.cells())
            .map(|cell| {
                let mut row = [None; 4];
                let legal = order
                    .iter()
                    .filter_map(|&mv| size.step(cell, mv).map(|to| (mv, to as u8)));
                for (slot, m) in row.iter_mut().zip(legal) {
                    *slot = Some(m);
                }
                row
            })
            .collect();
        MoveTable { moves }
    }
}

impl FastBoard {
    /// Slides the tile at `to` into the blank at `blank`; returns the tile.
    #[inline(always)]
    fn slide(&mut self, blank: usize, to: usize) -> u8 {
        let tile = self.tiles[to];
        self.tiles[blank] = tile;
        self.tiles[to] = 0;
        self.pos[tile as usize] = blank as u8;
        tile
    }

    /// Undoes [`FastBoard::slide`].
    #[inline(always)]
    fn unslide(&mut self, blank: usize, to: usize, tile: u8) {
        self.tiles[to] = tile;
        self.tiles[blank] = 0;
        self.pos[tile as usize] = to as u8;
    }
}

/// Why a depth-first pass stopped before finishing.
#[derive(Clone, Debug)]
enum Stop {
    /// A limit was reached.
    GaveUp(GiveUp),
    /// Another thread proved this subtree is not needed (see [`parallel`]).
    Cancelled,
}

/// One depth-first search: the board it edits in place and what it has found.
struct Runner<'a, E: Estimate> {
    estimate: &'a E,
    table: &'a MoveTable,
    board: FastBoard,
    blank: usize,
    path: Vec<Move>,
    budget: Budget,
    stopped: Option<Stop>,
    next_bound: u32,
    /// In a parallel search: the shared state and the index of the work item searched.
    watch: Option<(&'a parallel::Watch, usize)>,
}

impl<'a, E: Estimate> Runner<'a, E> {
    fn new(
        estimate: &'a E,
        table: &'a MoveTable,
        board: FastBoard,
        blank: usize,
        limits: &Limits,
    ) -> Runner<'a, E> {
        Runner {
            estimate,
            table,
            board,
            blank,
            // Optimal 8×8 solutions are a few hundred moves: enough that pushes never
            // allocate.
            path: Vec::with_capacity(1024),
            budget: Budget::new(limits),
            stopped: None,
            next_bound: u32::MAX,
            watch: None,
        }
    }

    /// Depth-first below `node` (already within the bound); `true` once the goal is found,
    /// leaving its moves in `path`.
    fn dfs(&mut self, g: u32, bound: u32, node: E::Node, forbidden: Option<Move>) -> bool {
        if self.estimate.is_goal(&node) {
            return true;
        }
        if let Err(why) = self.budget.expand() {
            self.stopped = Some(Stop::GaveUp(why));
            return false;
        }
        if let Some((watch, item)) = self.watch {
            if let Err(stop) = watch.check(item, self.budget.expanded()) {
                self.stopped = Some(stop);
                return false;
            }
        }
        let blank = self.blank;
        let table = self.table;
        for &(mv, to) in table.moves[blank].iter().flatten() {
            if Some(mv) == forbidden {
                continue;
            }
            self.budget.generate();
            let to = to as usize;
            let tile = self.board.slide(blank, to);
            self.blank = to;
            let (child, h) =
                self.estimate
                    .step_within(&node, &self.board, tile, to, blank, bound - g - 1);
            let f = g + 1 + h;
            if f <= bound {
                self.path.push(mv);
                if self.dfs(g + 1, bound, child, Some(mv.inverse())) {
                    return true;
                }
                self.path.pop();
            } else if f < self.next_bound {
                self.next_bound = f;
            }
            self.board.unslide(blank, to, tile);
            self.blank = blank;
            if self.stopped.is_some() {
                return false;
            }
        }
        false
    }
}

/// Runs the fast IDA* from `start` to the goal `estimate` was made for.
///
/// Returns the moves of the smallest shortest path in `settings.order`, or why it gave
/// up. With more than one thread the [`parallel`] search runs, returning the same path.
/// The start must be solvable (check with [`is_solvable`] first: on an unreachable goal
/// this searches until a limit stops it). `stats.peak_nodes` is the longest path held.
pub fn search<E: Estimate>(
    start: &Board,
    estimate: &E,
    settings: &RunSettings,
) -> (Result<Vec<Move>, GiveUp>, Stats) {
    let size = start.size();
    assert!(
        size.cells() <= MAX_FAST_CELLS,
        "the fast search takes at most 64 cells"
    );
    let table = MoveTable::new(size, settings.order);
    let threads = settings.thread_count();
    let report = |bound: u32, expanded: u64| {
        if let Some(progress) = &settings.progress {
            progress.0.finish();
            progress.0.start(
                &format!("fast IDA*: bound {bound}, {expanded} nodes expanded so far"),
                0,
            );
        }
    };
    let outcome = if threads > 1 {
        parallel::search(start, estimate, &table, &settings.limits, threads, &report)
    } else {
        serial(start, estimate, &table, &settings.limits, &report)
    };
    if let Some(progress) = &settings.progress {
        progress.0.finish();
    }
    outcome
}

/// The search on the calling thread; `report` is told of each iteration's bound.
fn serial<E: Estimate>(
    start: &Board,
    estimate: &E,
    table: &MoveTable,
    limits: &Limits,
    report: &dyn Fn(u32, u64),
) -> (Result<Vec<Move>, GiveUp>, Stats) {
    let board = FastBoard::new(start);
    let root = estimate.init(&board);
    let mut bound = estimate.value(&root);
    let mut runner = Runner::new(estimate, table, board, start.blank(), limits);
    loop {
        report(bound, runner.budget.expanded());
        runner.next_bound = u32::MAX;
        if runner.dfs(0, bound, root, None) {
            let _ = runner.budget.hold(runner.path.len() + 1);
            let stats = runner.budget.finish(Outcome::<()>::Exhausted).stats;
            return (Ok(runner.path), stats);
        }
        if let Some(Stop::GaveUp(why)) = runner.stopped {
            let stats = runner.budget.finish(Outcome::<()>::Exhausted).stats;
            return (Err(why), stats);
        }
        let _ = runner.budget.hold(bound as usize + 1);
        // A solvable board always has a path, so the bound always grows to meet it.
        bound = runner.next_bound;
    }
}

/// Solves `start` towards `goal` with the fast IDA* guided by `estimate`, which must have
/// been made for `goal`. The solution's algorithm is [`Algorithm::FastIdastar`].
pub fn solve_with<E: Estimate>(
    start: &Board,
    goal: &Board,
    estimate: &E,
    settings: &RunSettings,
    heuristic: Option<HeuristicKind>,
) -> Result<Solution, SolveError> {
    if start.size() != goal.size() {
        return Err(SolveError::SizeMismatch {
            start: start.size(),
            goal: goal.size(),
        });
    }
    let cells = start.size().cells();
    if cells > MAX_FAST_CELLS {
        return Err(SolveError::TooLarge {
            algorithm: Algorithm::FastIdastar.name().to_string(),
            size: start.size(),
            cells,
            max: MAX_FAST_CELLS,
        });
    }
    let mut solution = Solution {
        status: Status::Unsolvable,
        moves: Vec::new(),
        optimal: true,
        algorithm: Algorithm::FastIdastar,
        heuristic,
        stats: Stats::default(),
    };
    if !is_solvable(start, goal) {
        return Ok(solution);
    }
    let started = Instant::now();
    let (outcome, mut stats) = search(start, estimate, settings);
    stats.seconds = started.elapsed().as_secs_f64();
    solution.stats = stats;
    match outcome {
        Ok(moves) => {
            solution.status = Status::Solved;
            solution.moves = moves;
        }
        Err(why) => {
            solution.status = Status::GaveUp(why);
            solution.optimal = false;
        }
    }
    Ok(solution)
}

/// Solves with Manhattan distance plus linear conflicts (or Manhattan alone when `kind`
/// says so); the fast path of [`crate::solve`] for [`Algorithm::FastIdastar`].
pub fn solve(
    start: &Board,
    goal: &Board,
    kind: HeuristicKind,
    settings: &RunSettings,
) -> Result<Solution, SolveError> {
    let estimate = match kind {
        HeuristicKind::LinearConflict => LinearConflict::new(goal),
        HeuristicKind::Manhattan => LinearConflict::manhattan_only(goal),
        HeuristicKind::Misplaced => {
            return Err(SolveError::Unsupported(format!(
                "{} takes the manhattan or linear-conflict heuristic, not {kind}",
                Algorithm::FastIdastar
            )))
        }
    };
    if start.size().width > MAX_LINE || start.size().height > MAX_LINE {
        return Err(SolveError::TooLarge {
            algorithm: Algorithm::FastIdastar.name().to_string(),
            size: start.size(),
            cells: start.size().cells(),
            max: MAX_FAST_CELLS,
        });
    }
    solve_with(start, goal, &estimate, settings, Some(kind))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heuristic::Heuristic;
    use crate::random::random_board;
    use crate::solver::SolveOptions;
    use rand::SeedableRng;

    #[test]
    fn incremental_estimate_matches_full_evaluation() {
        let mut rng = rand::rngs::StdRng::seed_from_u64(11);
        for (w, h) in [(3, 3), (4, 4), (5, 3), (3, 5)] {
            let goal = Board::goal(Size::new(w, h).unwrap());
            let fast = LinearConflict::new(&goal);
            let slow = Heuristic::new(HeuristicKind::LinearConflict, &goal);
            let mut board = random_board(&goal, &mut rng);
            let mut fb = FastBoard::new(&board);
            let mut node = fast.init(&fb);
            for _ in 0..500 {
                assert_eq!(fast.value(&node), slow.estimate_board(&board));
                let legal: Vec<Move> = Move::DEFAULT_ORDER
                    .into_iter()
                    .filter(|&m| board.size().step(board.blank(), m).is_some())
                    .collect();
                let mv = legal[rand::Rng::gen_range(&mut rng, 0..legal.len())];
                let blank = board.blank();
                let to = board.size().step(blank, mv).unwrap();
                let tile = board.tile_at(to) as u8;
                board.apply(mv);
                fb.tiles[blank] = tile;
                fb.tiles[to] = 0;
                fb.pos[tile as usize] = blank as u8;
                node = fast.step(&node, &fb, tile, to, blank);
            }
        }
    }

    /// The generic IDA*'s answer and the fast one's, with `kind` guiding the fast one.
    fn both(start: &Board, goal: &Board, kind: HeuristicKind) -> (Solution, Solution) {
        let options = SolveOptions {
            algorithm: Algorithm::Idastar,
            ..SolveOptions::default()
        };
        let generic = crate::solve(start, goal, &options).unwrap();
        let fast = solve(start, goal, kind, &RunSettings::default()).unwrap();
        (generic, fast)
    }

    #[test]
    fn same_length_and_moves_as_the_generic_idastar() {
        let mut rng = rand::rngs::StdRng::seed_from_u64(5);
        for (w, h, count) in [(3, 3, 12), (4, 3, 4), (3, 4, 4)] {
            let goal = Board::goal(Size::new(w, h).unwrap());
            for _ in 0..count {
                let start = random_board(&goal, &mut rng);
                let (generic, fast) = both(&start, &goal, HeuristicKind::LinearConflict);
                assert_eq!(fast.length(), generic.length(), "{start}");
                assert_eq!(fast.moves, generic.moves, "{start}");
                assert!(
                    fast.stats.generated <= generic.stats.generated,
                    "parent never generated"
                );
            }
        }
    }

    #[test]
    fn walks_on_4x4_match_the_generic_search() {
        let mut rng = rand::rngs::StdRng::seed_from_u64(8);
        let goal = Board::blank_first_goal(Size::square(4).unwrap());
        for _ in 0..6 {
            let start = crate::random::random_walk(&goal, 30, &mut rng);
            let (generic, fast) = both(&start, &goal, HeuristicKind::Manhattan);
            assert_eq!(fast.moves, generic.moves, "{start}");
        }
    }

    #[test]
    fn limits_stop_cleanly_and_unsolvable_is_decided() {
        // Korf's instance 1 (57 moves from the blank-first goal).
        let goal = Board::blank_first_goal(Size::square(4).unwrap());
        let start = crate::parse_board("14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3", None).unwrap();
        let settings = RunSettings {
            limits: Limits {
                max_expanded: Some(1000),
                ..Limits::NONE
            },
            ..RunSettings::default()
        };
        let s = solve(&start, &goal, HeuristicKind::LinearConflict, &settings).unwrap();
        assert_eq!(s.status, Status::GaveUp(GiveUp::Expanded(1000)));
        assert!(!s.optimal);
        let swapped = crate::solvability::swap_parity(&start);
        let s = solve(&swapped, &goal, HeuristicKind::LinearConflict, &settings);
        // Exactly one of the two is reachable.
        assert!(s.is_ok());
        assert_ne!(is_solvable(&start, &goal), is_solvable(&swapped, &goal));
        assert!(solve(&start, &goal, HeuristicKind::Misplaced, &settings).is_err());
    }
}
