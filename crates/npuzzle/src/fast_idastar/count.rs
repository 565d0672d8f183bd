//! Counting every shortest path: the last iteration of the fast IDA* again, at the
//! optimal length, counting the paths that reach the goal instead of stopping at the
//! first.
//!
//! Move pruning keeps one path of several that do the same, so it is off here: only the
//! move that undoes the last one is not generated, which removes no shortest path (a
//! shortest path never undoes a move). A path of exactly the optimal length `L` is
//! shortest, and so is each of its prefixes: a board `k` moves along one is `k` moves
//! from the start, on every shortest path through it. So the paths on from a board
//! depend only on the board, and a memo of board → (moves from the start, paths on)
//! counts a kept board's subtree once; reached again at more moves it lies on no
//! shortest path, and is cut at once. Only boards at least `MEMO_LEFT` moves from the
//! end whose subtrees took `MEMO_WORK` expansions are kept: the rest are counted again
//! where met again, which costs less than keeping them all.

use crate::puzzle::board::{Board, Move};
use crate::search::{Budget, FastHashMap, Limits, NodeMap, Outcome, Stats};

use super::{Estimate, FastBoard, Uncounted};

/// The fewest moves left for a board to be looked up in the memo and kept there.
/// Keeping every board (as before) made the memo the count's limit: on the first
/// 80-move position it filled half the memory (an entry for each of more than a hundred
/// million boards) and the count had not ended after 10 minutes, where with no memo at
/// all it ended in 70 s (252 million expansions; a path is one of few to its boards so
/// far from the start). Boards near the goal have small subtrees, cheaper to count
/// again than to look up.
const MEMO_LEFT: u32 = 8;

/// The fewest expansions of a board's subtree for its count to be kept: a small one is
/// counted again if it is met again.
const MEMO_WORK: u64 = 64;

/// What a memo entry holds beside its key: the moves from the start the board was first
/// reached at, and the shortest paths from there on.
type Memo = FastHashMap<u128, (u32, u128)>;

/// The number of distinct move sequences of exactly `length` moves from `start` to the
/// goal `estimate` was made for, pruned by `estimate` (admissible: it prunes no path of
/// `length` moves). With `length` the optimal length, the number of optimal solutions.
/// `length` must be the optimal length: the memo relies on every path counted being a
/// shortest one. The memo keeps boards of at most 25 cells (five bits a cell in 128),
/// those far from the end with large subtrees (see the module docs), while it fits
/// `limits` (nodes held, the memory budget); past that the count goes on without storing
/// more, correct but slower. `limits` also bound expansions and time.
///
/// ```
/// use npuzzle::fast_idastar::{count_paths, LinearConflict};
/// use npuzzle::{parse_board, search::Limits, Board, Size};
///
/// let goal = Board::goal(Size::square(4)?);
/// let start = parse_board("1 2 3 4/5 6 7 8/9 10 11 12/13 14 0 15", None)?;
/// let (count, _) = count_paths(&start, &LinearConflict::new(&goal), 1, &Limits::NONE);
/// assert_eq!(count, Ok(1));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Panics
/// When the board has more than [`super::MAX_FAST_CELLS`] cells.
pub fn count_paths<E: Estimate>(
    start: &Board,
    estimate: &E,
    length: u32,
    limits: &Limits,
) -> (Result<u128, Uncounted>, Stats) {
    let size = start.size();
    assert!(
        size.cells() <= super::MAX_FAST_CELLS,
        "the fast search takes at most 64 cells"
    );
    let cells = size.cells();
    let bits = usize::BITS - (cells - 1).leading_zeros();
    let bits = (bits as usize * cells <= 128).then_some(bits);
    let key = bits.map_or(0, |bits| {
        start
            .cells()
            .iter()
            .enumerate()
            .fold(0u128, |key, (cell, &tile)| {
                key | u128::from(tile) << (bits as usize * cell)
            })
    });
    let mut counter = Counter {
        estimate,
        moves: (0..cells)
            .map(|cell| {
                Move::ALL
                    .into_iter()
                    .filter_map(|mv| size.step(cell, mv).map(|to| (mv, to)))
                    .collect()
            })
            .collect(),
        board: FastBoard::new(start),
        blank: start.blank(),
        key,
        bits,
        memo: Memo::default(),
        max_held: limits.max_held.map_or(usize::MAX, |n| n as usize),
        max_bytes: limits.max_bytes.map_or(usize::MAX, |b| b as usize),
        budget: Budget::new(limits),
        length,
    };
    let root = estimate.init(&counter.board);
    let outcome = if estimate.value(&root) > length {
        Ok(0)
    } else {
        counter.paths(0, root, None)
    };
    let stats = counter.budget.finish(Outcome::<()>::Exhausted).stats;
    (outcome, stats)
}

/// One count: the board it edits in place, its key, and the memo.
struct Counter<'a, E: Estimate> {
    estimate: &'a E,
    /// For each blank cell: the legal moves and the cell each takes the blank to.
    moves: Vec<Vec<(Move, usize)>>,
    board: FastBoard,
    blank: usize,
    /// The board, `bits` a cell (exact where it fits, which is when the memo is used).
    key: u128,
    /// Bits a cell in the key, when the whole board fits in 128.
    bits: Option<u32>,
    memo: Memo,
    /// The memo's bounds: entries, and bytes as [`NodeMap::bytes`] counts them.
    max_held: usize,
    max_bytes: usize,
    budget: Budget,
    length: u32,
}

impl<E: Estimate> Counter<'_, E> {
    /// The paths of `length - g` moves from the board (reached in `g` moves, `node`
    /// within the bound) to the goal, not starting by undoing `last`.
    fn paths(&mut self, g: u32, node: E::Node, last: Option<Move>) -> Result<u128, Uncounted> {
        if g == self.length {
            return Ok(u128::from(self.estimate.is_goal(&node)));
        }
        // Only boards with moves enough left to have large subtrees are looked up and
        // kept, and only those whose subtree was large: see `MEMO_LEFT`.
        let memo = self.bits.is_some() && self.length - g >= MEMO_LEFT;
        if memo {
            match self.memo.get(&self.key) {
                Some(&(first, paths)) if first == g => return Ok(paths),
                // Reached in fewer moves before: no shortest path passes here now.
                Some(&(first, _)) if first < g => return Ok(0),
                _ => {}
            }
        }
        self.budget.expand().map_err(Uncounted::GaveUp)?;
        let expanded_before = self.budget.expanded();
        let blank = self.blank;
        // Every child's lookups found and asked for before the first is stepped to, as
        // the search does (`Estimate::look_ahead`).
        let mut ahead = [E::Ahead::default(); 4];
        if E::LOOKS_AHEAD {
            for (i, &(mv, to)) in self.moves[blank].iter().enumerate() {
                if last.is_none_or(|l| l.inverse() != mv) {
                    let tile = self.board.slide(blank, to);
                    ahead[i] = self.estimate.look_ahead(&self.board, tile);
                    self.board.unslide(blank, to, tile);
                }
            }
        }
        let mut total: u128 = 0;
        let children = self.moves[blank].len();
        for (i, &found) in ahead.iter().enumerate().take(children) {
            let (mv, to) = self.moves[blank][i];
            if last.is_some_and(|l| l.inverse() == mv) {
                continue;
            }
            self.budget.generate();
            let tile = self.board.slide(blank, to);
            self.blank = to;
            let shift = |cell: usize, bits: u32| u128::from(tile) << (bits as usize * cell);
            if let Some(bits) = self.bits {
                self.key = self.key - shift(to, bits) + shift(blank, bits);
            }
            let left = self.length - g - 1;
            let (child, h) =
                self.estimate
                    .step_ahead(&node, &self.board, tile, to, blank, left, found);
            let below = if h <= left {
                self.paths(g + 1, child, Some(mv))
            } else {
                Ok(0)
            };
            if let Some(bits) = self.bits {
                self.key = self.key - shift(blank, bits) + shift(to, bits);
            }
            self.board.unslide(blank, to, tile);
            self.blank = blank;
            total = total.checked_add(below?).ok_or(Uncounted::TooMany)?;
        }
        if memo && self.budget.expanded() - expanded_before >= MEMO_WORK {
            self.remember(g, total);
        }
        Ok(total)
    }

    /// Stores the board's count if the memo may grow: the bytes counted before the
    /// insertion include any growth it makes, so a memo that would pass the budget
    /// stops growing instead, and the count goes on without it.
    fn remember(&mut self, g: u32, paths: u128) {
        let held = self.memo.len();
        let bytes = NodeMap::bytes(&self.memo);
        if held < self.max_held && bytes <= self.max_bytes {
            self.memo.insert(self.key, (g, paths));
            // Within both bounds, checked just above: this records the peak only.
            let _ = self.budget.hold_bytes(held + 1, bytes);
        }
    }
}
