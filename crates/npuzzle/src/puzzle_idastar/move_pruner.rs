//! Move pruning: a finite-state machine over the blank's moves that refuses every path
//! containing a stretch some other, no longer stretch does the same as (Taylor & Korf,
//! "Pruning duplicate nodes in depth-first search", AAAI 1993).
//!
//! A depth-first search of a sliding-tile puzzle reaches most states by many paths: the
//! blank circling a 2×2 block three times is a cycle of 12 moves, and six moves one way
//! round it do what six moves the other way do. Refusing only the move that undoes the
//! previous one (parent pruning) leaves all of those. This machine refuses a path as soon
//! as it ends with a *forbidden word*: a string of a few blank moves (up to 8–14, by the
//! board's size and how long the search has run: [`pruned_word_length`]) for which
//! another string, shorter or of the same length and earlier in the move order, has the
//! same effect on every board where the first can be played.
//!
//! **The canonical path survives.** Let `P` be the smallest shortest path in the move
//! order. If it held a forbidden word `w`, whose stand-in `w'` is shorter or of the same
//! length and earlier, then `P` with `w'` in place of `w` would reach the same board in at
//! most as many moves and be earlier in the order (or shorter): a contradiction. The
//! stand-in can be played wherever `w` can, because it only visits cells inside the
//! rectangle `w`'s blank visits, and a board is a rectangle. So the search with the
//! machine finds the same path as without it, only through fewer nodes.
//!
//! **Effects.** The effect of a string is computed by playing it on a grid large enough
//! that the blank never meets an edge, with every tile named by its starting cell: two
//! strings do the same on every board exactly when they leave the blank on the same cell
//! and every tile on the same cell. The words are found length by length, each
//! length's strings grown from the surviving strings one shorter, as Taylor & Korf did.
//!
//! The machine is an Aho–Corasick automaton over the words: a state is the longest suffix
//! of the path so far that is a prefix of some word, and a move is refused when the state
//! it leads to ends a word. Counts and the search's gain: docs/BENCHMARKS.md.

use std::sync::Arc;

use rustc_hash::FxHashMap;

use crate::board::{Move, Size};
use crate::per_process::{get_or_make, PerProcess};

/// The longest forbidden words the machine can be built with. Longer words prune more:
/// the 24-puzzle's branching factor is 2.368 with parent pruning, 2.296 with words up to
/// 10 moves, 2.271 up to 12 and 2.247 up to 14 (test `print_branching`).
pub(crate) const MAX_WORD_LENGTH: usize = 14;

/// The longest words worth finding for a board of `size`, once a search has expanded
/// `expanded` nodes. Finding them takes about eight times longer for every two moves more,
/// once per process (on two cores: under 0.01 s for 8 moves, 0.02–0.09 s for 10,
/// 0.25–0.7 s for 12, 3–7 s for 14), and each two moves more cut about 1 % off the branching
/// factor: a search must be long to pay. So every search starts with short words and
/// lengthens them between iterations when the nodes already expanded say the next
/// iteration is long enough (an iteration expands several times the nodes of all the
/// iterations before it). Measured in docs/BENCHMARKS.md, "Longer words as a search grows".
pub(crate) fn pruned_word_length(size: Size, expanded: u64) -> usize {
    if size.cells() <= 9 {
        // A 3×3 search is over in milliseconds.
        return 8;
    }
    match expanded {
        0..LONGER_WORDS_AFTER => 10,
        LONGER_WORDS_AFTER..LONGEST_WORDS_AFTER => 12,
        _ => MAX_WORD_LENGTH,
    }
}

/// Expanded nodes after which words of 12 moves pay.
const LONGER_WORDS_AFTER: u64 = 1_000_000;

/// Expanded nodes after which words of 14 moves pay.
const LONGEST_WORDS_AFTER: u64 = 50_000_000;

/// The state the machine refuses into: the path ends with a forbidden word.
const REFUSED: u32 = u32::MAX;

/// A finite-state machine over blank moves refusing the paths that end with a forbidden
/// word (see the [module](self) documentation).
pub(crate) struct MovePruner {
    /// `next[state][mv as usize]`: the state after `mv`, or [`REFUSED`].
    next: Vec<[u32; 4]>,
}

impl MovePruner {
    /// The state at the start of a search: no moves made yet.
    pub(crate) const START: u32 = 0;

    /// The machine for the move order `order` and words up to `length` moves, made once
    /// per process and shared.
    pub(crate) fn shared(order: [Move; 4], length: usize) -> Arc<MovePruner> {
        static PRUNERS: PerProcess<([Move; 4], usize), MovePruner> = PerProcess::new();
        get_or_make(&PRUNERS, (order, length), || MovePruner::new(order, length))
    }

    /// The machine for the move order `order` with the forbidden words of up to `length`
    /// moves.
    pub(crate) fn new(order: [Move; 4], length: usize) -> MovePruner {
        let words = forbidden_words(order, length);
        let (goto, ends) = automaton(&words);
        // Refuse the moves into states that end a word, and index by `Move`.
        let next = goto
            .iter()
            .map(|row| {
                let mut by_move = [REFUSED; 4];
                for (i, &t) in row.iter().enumerate() {
                    by_move[order[i] as usize] = if ends[t as usize] { REFUSED } else { t };
                }
                by_move
            })
            .collect();
        MovePruner { next }
    }

    /// The state after `mv` from `state`, or `None` when the path then ends with a
    /// forbidden word.
    #[inline]
    pub(crate) fn step(&self, state: u32, mv: Move) -> Option<u32> {
        let next = self.next[state as usize][mv as usize];
        (next != REFUSED).then_some(next)
    }

    /// How many states the machine has.
    #[cfg(test)]
    pub(crate) fn states(&self) -> usize {
        self.next.len()
    }
}

/// A string of blank moves: each move's index in the move order, two bits apiece, the
/// first move in the highest bits, so that strings of one length compare like numbers in
/// the move order.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
struct Word {
    code: u32,
    length: u8,
}

impl Word {
    const EMPTY: Word = Word { code: 0, length: 0 };

    fn then(self, index: usize) -> Word {
        Word {
            code: self.code << 2 | index as u32,
            length: self.length + 1,
        }
    }

    /// Move indices, first to last.
    fn indices(self) -> impl Iterator<Item = usize> {
        (0..self.length)
            .rev()
            .map(move |i| (self.code >> (2 * i)) as usize & 3)
    }
}

/// The rectangle of cells a string's blank visits: lowest and highest column, lowest and
/// highest row, relative to where it starts.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Extent {
    columns: (i8, i8),
    rows: (i8, i8),
}

impl Extent {
    fn within(self, other: Extent) -> bool {
        self.columns.0 >= other.columns.0
            && self.columns.1 <= other.columns.1
            && self.rows.0 >= other.rows.0
            && self.rows.1 <= other.rows.1
    }
}

/// The effect of a string: the cells whose content it changes, sorted, each with the
/// place among them of the cell its new content started on (the blank's start standing
/// for the blank), 14 bits an entry, four entries a word; unused entries are all ones.
type Effect = [u64; 4];

/// The words of a bit set over the grid [`Player`] plays on.
const GRID_WORDS: usize = ((2 * MAX_WORD_LENGTH + 3) * (2 * MAX_WORD_LENGTH + 3)).div_ceil(64);

/// An unused entry of an [`Effect`].
const NO_ENTRY: u64 = (1 << 14) - 1;

/// Plays strings on a grid the blank cannot leave in [`MAX_WORD_LENGTH`] moves.
struct Player {
    side: usize,
    contents: Vec<u16>,
    order: [Move; 4],
}

impl Player {
    fn new(order: [Move; 4]) -> Player {
        let side = 2 * MAX_WORD_LENGTH + 3;
        Player {
            side,
            contents: (0..(side * side) as u16).collect(),
            order,
        }
    }

    /// The blank's column and row steps for the move of index `index` in the order.
    fn steps(order: [Move; 4], index: usize) -> (i8, i8) {
        match order[index] {
            Move::Left => (-1, 0),
            Move::Right => (1, 0),
            Move::Up => (0, -1),
            Move::Down => (0, 1),
        }
    }

    /// Where `word` leaves the blank, relative to its start, as one number.
    fn end(order: [Move; 4], word: Word) -> usize {
        let (mut column, mut row) = (MAX_WORD_LENGTH as isize, MAX_WORD_LENGTH as isize);
        for index in word.indices() {
            let (dc, dr) = Player::steps(order, index);
            column += dc as isize;
            row += dr as isize;
        }
        row as usize * (2 * MAX_WORD_LENGTH + 1) + column as usize
    }

    /// The effect and extent of `word`, leaving the grid as it found it.
    fn play(&mut self, word: Word) -> (Effect, Extent) {
        let side = self.side as isize;
        let origin = self.side * self.side / 2;
        let mut blank = origin;
        // The touched cells as a bit set over the grid: read back in increasing order
        // without sorting.
        let mut touched = [0u64; GRID_WORDS];
        touched[origin / 64] |= 1 << (origin % 64);
        let (mut column, mut row) = (0i8, 0i8);
        let mut extent = Extent {
            columns: (0, 0),
            rows: (0, 0),
        };
        for index in word.indices() {
            let (dc, dr) = Player::steps(self.order, index);
            column += dc;
            row += dr;
            extent.columns = (extent.columns.0.min(column), extent.columns.1.max(column));
            extent.rows = (extent.rows.0.min(row), extent.rows.1.max(row));
            let to = blank.wrapping_add_signed(isize::from(dc) + isize::from(dr) * side);
            self.contents.swap(blank, to);
            blank = to;
            touched[to / 64] |= 1 << (to % 64);
        }
        let mut changed = [0u64; GRID_WORDS];
        for (w, &bits) in touched.iter().enumerate() {
            let mut left = bits;
            while left != 0 {
                let cell = w * 64 + left.trailing_zeros() as usize;
                left &= left - 1;
                if usize::from(self.contents[cell]) != cell {
                    changed[w] |= 1 << (cell % 64);
                }
            }
        }
        // The place of a cell among the changed ones: the changed cells in the words
        // before its word, and below it in its word.
        let mut before = [0u32; GRID_WORDS];
        let mut count = 0;
        for (b, &bits) in before.iter_mut().zip(&changed) {
            *b = count;
            count += bits.count_ones();
        }
        let mut effect = [u64::MAX; 4];
        let mut k = 0;
        for (w, &bits) in changed.iter().enumerate() {
            let mut left = bits;
            while left != 0 {
                let cell = w * 64 + left.trailing_zeros() as usize;
                left &= left - 1;
                let from = usize::from(self.contents[cell]);
                let below = changed[from / 64] & ((1u64 << (from % 64)) - 1);
                let place = u64::from(before[from / 64] + below.count_ones());
                let entry = (cell as u64) << 4 | place;
                let shift = (k % 4) * 14;
                effect[k / 4] = effect[k / 4] & !(NO_ENTRY << shift) | entry << shift;
                k += 1;
            }
        }
        for (w, &bits) in touched.iter().enumerate() {
            let mut left = bits;
            while left != 0 {
                let cell = w * 64 + left.trailing_zeros() as usize;
                left &= left - 1;
                self.contents[cell] = cell as u16;
            }
        }
        (effect, extent)
    }
}

/// Extents of strings with one effect, as chains through one list: a map from an effect to
/// the head of its chain, and the links.
#[derive(Default)]
struct Extents {
    heads: FxHashMap<Effect, u32>,
    links: Vec<(Extent, u32)>,
}

impl Extents {
    const END: u32 = u32::MAX;

    fn add(&mut self, effect: Effect, extent: Extent) {
        let head = self.heads.entry(effect).or_insert(Extents::END);
        self.links.push((extent, *head));
        *head = (self.links.len() - 1) as u32;
    }

    /// Whether a string of effect `effect` kept inside `extent`.
    fn any_within(&self, effect: &Effect, extent: Extent) -> bool {
        let mut at = self.heads.get(effect).copied().unwrap_or(Extents::END);
        while at != Extents::END {
            let (e, next) = self.links[at as usize];
            if e.within(extent) {
                return true;
            }
            at = next;
        }
        false
    }
}

/// The forbidden words of up to `length` moves for the move order `order`, found length by
/// length: a string grown from a survivor is forbidden when an earlier string of its
/// length, or a surviving shorter one, has its effect and keeps inside its extent.
fn forbidden_words(order: [Move; 4], length: usize) -> Vec<Word> {
    assert!(
        length <= MAX_WORD_LENGTH,
        "words of at most {MAX_WORD_LENGTH} moves"
    );
    let mut words: Vec<Word> = Vec::new();
    // Strings with one effect have lengths of one parity (a move is a transposition), so
    // the survivors are kept by parity.
    let mut seen = [Extents::default(), Extents::default()];
    let (empty, extent) = Player::new(order).play(Word::EMPTY);
    seen[0].add(empty, extent);
    let mut survivors = vec![Word::EMPTY];
    let ends = (2 * MAX_WORD_LENGTH + 1) * (2 * MAX_WORD_LENGTH + 1);
    for n in 1..=length {
        // Grown in order from survivors in order, so the candidates are in order.
        let machine = automaton(&words);
        let candidates: Vec<Word> = survivors
            .iter()
            .flat_map(|&w| {
                let state = w.indices().fold(0, |s, i| machine.0[s as usize][i]);
                let machine = &machine;
                (0..4)
                    .filter(move |&i| !machine.1[machine.0[state as usize][i] as usize])
                    .map(move |i| w.then(i))
            })
            .collect();
        // Strings with one effect end on one cell: compare within each end cell's bucket,
        // the buckets shared out over the cores. Plain threads, not a work-stealing pool:
        // the caller may be a pool's worker holding the lock of `MovePruner::shared`, and
        // a stolen task of its own pool could ask for the machine again.
        let mut buckets: Vec<Vec<u32>> = vec![Vec::new(); ends];
        for (k, &w) in candidates.iter().enumerate() {
            buckets[Player::end(order, w)].push(k as u32);
        }
        buckets.retain(|b| !b.is_empty());
        // Largest first, each thread taking the next: the buckets differ a hundredfold.
        buckets.sort_by_key(|b| std::cmp::Reverse(b.len()));
        let next_bucket = std::sync::atomic::AtomicUsize::new(0);
        let shorter = &seen[n % 2];
        let threads = std::thread::available_parallelism().map_or(1, usize::from);
        let refused: Vec<u32> = std::thread::scope(|scope| {
            let shares: Vec<_> = (0..threads)
                .map(|_| {
                    let (buckets, candidates, next_bucket) = (&buckets, &candidates, &next_bucket);
                    scope.spawn(move || {
                        let mut player = Player::new(order);
                        let mut out = Vec::new();
                        while let Some(bucket) = buckets
                            .get(next_bucket.fetch_add(1, std::sync::atomic::Ordering::Relaxed))
                        {
                            let mut same = Extents::default();
                            for &k in bucket {
                                let (effect, extent) = player.play(candidates[k as usize]);
                                if shorter.any_within(&effect, extent)
                                    || same.any_within(&effect, extent)
                                {
                                    out.push(k);
                                }
                                same.add(effect, extent);
                            }
                        }
                        out
                    })
                })
                .collect();
            let mut refused: Vec<u32> = shares
                .into_iter()
                .flat_map(|share| share.join().expect("a bucket's comparison does not panic"))
                .collect();
            refused.sort_unstable();
            refused
        });
        let mut refused_flags = vec![false; candidates.len()];
        for &k in &refused {
            refused_flags[k as usize] = true;
        }
        words.extend(
            candidates
                .iter()
                .zip(&refused_flags)
                .filter(|(_, &r)| r)
                .map(|(&w, _)| w),
        );
        survivors = candidates
            .iter()
            .zip(&refused_flags)
            .filter(|(_, &r)| !r)
            .map(|(&w, _)| w)
            .collect();
        // Only strings of this parity and at least two moves longer look these up.
        if n + 2 <= length {
            let mut player = Player::new(order);
            for &w in &survivors {
                let (effect, extent) = player.play(w);
                seen[n % 2].add(effect, extent);
            }
        }
    }
    words
}

/// The Aho–Corasick automaton of `words`: transitions by move index in the order (state 0
/// is the empty path), and whether a state ends a word.
fn automaton(words: &[Word]) -> (Vec<[u32; 4]>, Vec<bool>) {
    // The trie; `ends[s]`: a word ends at `s` or at one of its suffixes.
    let mut trie: Vec<[u32; 4]> = vec![[REFUSED; 4]];
    let mut ends = vec![false];
    for w in words {
        let mut s = 0usize;
        for i in w.indices() {
            if trie[s][i] == REFUSED {
                trie[s][i] = trie.len() as u32;
                trie.push([REFUSED; 4]);
                ends.push(false);
            }
            s = trie[s][i] as usize;
        }
        ends[s] = true;
    }
    // Breadth first: each state's failure link (its longest proper suffix in the trie)
    // and its full transitions.
    let mut fail = vec![0u32; trie.len()];
    let mut goto = trie.clone();
    for t in &mut goto[0] {
        if *t == REFUSED {
            *t = 0;
        }
    }
    let mut queue: std::collections::VecDeque<usize> = trie[0]
        .iter()
        .filter(|&&c| c != REFUSED)
        .map(|&c| c as usize)
        .collect();
    while let Some(s) = queue.pop_front() {
        ends[s] = ends[s] || ends[fail[s] as usize];
        for i in 0..4 {
            let child = trie[s][i];
            if child == REFUSED {
                goto[s][i] = goto[fail[s] as usize][i];
            } else {
                fail[child as usize] = goto[fail[s] as usize][i];
                queue.push_back(child as usize);
            }
        }
    }
    (goto, ends)
}
#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Board, Size};
    use std::collections::VecDeque;

    /// Every board within `depth` moves of `start`, with the smallest shortest path to it
    /// in `order` (breadth first, children in order: the first path to reach a board is
    /// that one).
    fn canonical_paths(start: &Board, order: [Move; 4], depth: usize) -> Vec<Vec<Move>> {
        let mut paths: FxHashMap<Board, Vec<Move>> = FxHashMap::default();
        paths.insert(start.clone(), Vec::new());
        let mut queue = VecDeque::from([start.clone()]);
        let mut found = vec![Vec::new()];
        while let Some(board) = queue.pop_front() {
            let path = paths[&board].clone();
            if path.len() == depth {
                continue;
            }
            for mv in order {
                if board.size().step(board.blank(), mv).is_none() {
                    continue;
                }
                let mut child = board.clone();
                child.apply(mv);
                if !paths.contains_key(&child) {
                    let mut p = path.clone();
                    p.push(mv);
                    found.push(p.clone());
                    paths.insert(child.clone(), p);
                    queue.push_back(child);
                }
            }
        }
        found
    }

    /// The state after `path`, or `None` where the machine refuses it.
    fn run(pruner: &MovePruner, path: &[Move]) -> Option<u32> {
        path.iter()
            .try_fold(MovePruner::START, |state, &mv| pruner.step(state, mv))
    }

    /// The paths of up to `depth` moves the machine lets through from `start`.
    fn allowed_paths(pruner: &MovePruner, start: &Board, depth: usize) -> u64 {
        fn walk(pruner: &MovePruner, size: Size, blank: usize, state: u32, left: usize) -> u64 {
            let mut count = 1;
            if left == 0 {
                return count;
            }
            for mv in Move::DEFAULT_ORDER {
                if let (Some(to), Some(next)) = (size.step(blank, mv), pruner.step(state, mv)) {
                    count += walk(pruner, size, to, next, left - 1);
                }
            }
            count
        }
        walk(
            pruner,
            start.size(),
            start.blank(),
            MovePruner::START,
            depth,
        )
    }

    /// A board of `size` with the blank on `blank` and the tiles in order around it.
    fn board_with_blank(size: Size, blank: usize) -> Board {
        let mut cells: Vec<u32> = (1..size.cells() as u32).collect();
        cells.insert(blank, 0);
        Board::new(size, cells).unwrap()
    }

    #[test]
    fn words_lengthen_as_a_search_grows_and_never_shorten() {
        for (w, h) in [(3, 3), (2, 5), (4, 4), (5, 5), (8, 8)] {
            let size = Size::new(w, h).unwrap();
            let lengths: Vec<usize> = [0, 1, 999_999, 1_000_000, 10_000_000, 199_999_999]
                .into_iter()
                .chain([200_000_000, u64::MAX])
                .map(|expanded| pruned_word_length(size, expanded))
                .collect();
            assert!(lengths.windows(2).all(|l| l[0] <= l[1]), "{lengths:?}");
            assert!(lengths.iter().all(|&l| l <= MAX_WORD_LENGTH));
            if size.cells() <= 9 {
                assert!(lengths.iter().all(|&l| l == 8), "{lengths:?}");
            } else {
                assert_eq!(
                    lengths[0], 10,
                    "a search starts on words found in milliseconds"
                );
                assert_eq!(lengths.last(), Some(&MAX_WORD_LENGTH));
            }
        }
    }

    #[test]
    fn the_smallest_shortest_path_to_every_near_board_is_let_through() {
        // Every move order, boards where the edges cut many stand-ins off (two rows, a
        // corner) and open ones, every board within reach of the depth.
        let orders = Move::every_order();
        assert_eq!(orders.len(), 24);
        for order in orders {
            let pruner = MovePruner::new(order, 10);
            for (w, h, blank, depth) in [
                (3, 3, 4, 14),
                (3, 3, 0, 14),
                (2, 4, 3, 14),
                (4, 2, 0, 14),
                (4, 4, 5, 10),
                (5, 5, 12, 9),
                (5, 5, 0, 9),
            ] {
                let start = board_with_blank(Size::new(w, h).unwrap(), blank);
                for path in canonical_paths(&start, order, depth) {
                    assert!(
                        run(&pruner, &path).is_some(),
                        "{w}x{h}, blank on {blank}, order {order:?}: {path:?} refused"
                    );
                }
            }
        }
    }

    #[test]
    fn the_machine_lets_through_far_fewer_paths_than_parent_pruning() {
        let start = board_with_blank(Size::square(5).unwrap(), 12);
        let paths = canonical_paths(&start, Move::DEFAULT_ORDER, 12).len() as u64;
        let mut last = u64::MAX;
        for length in [2, 6, 8, 10, 12] {
            let allowed = allowed_paths(&MovePruner::new(Move::DEFAULT_ORDER, length), &start, 12);
            // Never fewer paths than boards (every board keeps one), fewer for longer words.
            assert!(
                paths <= allowed && allowed < last,
                "words up to {length}: {allowed}"
            );
            last = allowed;
        }
    }

    #[test]
    fn searches_on_a_thread_pool_asking_for_one_machine_do_not_wait_on_each_other() {
        // A batch solves boards on a rayon pool: a worker building the machine while
        // holding the process-wide lock must not take up another board's task, which would
        // ask for the machine again and wait on itself for ever.
        use rayon::prelude::*;
        let (done, finished) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(4)
                .build()
                .unwrap();
            let order = [Move::Up, Move::Left, Move::Right, Move::Down];
            let states: Vec<usize> = pool.install(|| {
                (0..64)
                    .into_par_iter()
                    .map(|_| MovePruner::shared(order, 11).states())
                    .collect()
            });
            done.send(states).unwrap();
        });
        let states = finished
            .recv_timeout(std::time::Duration::from_secs(120))
            .expect("every task got the machine");
        assert!(states.windows(2).all(|w| w[0] == w[1]) && states[0] > 1000);
    }

    #[test]
    fn words_of_two_moves_are_the_undoing_moves() {
        let pruner = MovePruner::new(Move::DEFAULT_ORDER, 2);
        assert_eq!(forbidden_words(Move::DEFAULT_ORDER, 2).len(), 4);
        for a in Move::DEFAULT_ORDER {
            for b in Move::DEFAULT_ORDER {
                let refused = run(&pruner, &[a, b]).is_none();
                assert_eq!(refused, b == a.inverse(), "{a:?} then {b:?}");
            }
        }
    }

    #[test]
    fn six_moves_round_a_block_are_refused_one_way_only() {
        use Move::{Down as D, Left as L, Right as R, Up as U};
        // Round a 2×2 block: clockwise (r d l u r d) and anticlockwise (d r u l d r) end
        // the same; in the order l r d u the one starting with d comes second.
        let pruner = MovePruner::new(Move::DEFAULT_ORDER, 6);
        let one = [R, D, L, U, R, D];
        let other = [D, R, U, L, D, R];
        let played = |moves: &[Move]| {
            let mut board = Board::goal(Size::square(3).unwrap());
            board.apply_all(moves).unwrap();
            board
        };
        let mut start = Board::goal(Size::square(3).unwrap());
        while start.blank() != 0 {
            start.apply(if start.blank() % 3 > 0 { L } else { U });
        }
        let from_corner = |moves: &[Move]| {
            let mut board = start.clone();
            board.apply_all(moves).unwrap();
            board
        };
        let _ = played;
        assert_eq!(
            from_corner(&one),
            from_corner(&other),
            "the two do the same"
        );
        assert!(run(&pruner, &one).is_some());
        assert!(run(&pruner, &other).is_none());
    }

    #[test]
    #[ignore = "prints branching factors; run in release"]
    fn print_branching() {
        let start = board_with_blank(Size::square(5).unwrap(), 12);
        for length in [2, 6, 8, 10, 12, 14] {
            let pruner = MovePruner::new(Move::DEFAULT_ORDER, length);
            let a = allowed_paths(&pruner, &start, 20) as f64;
            let b = allowed_paths(&pruner, &start, 22) as f64;
            println!(
                "{length}: depth 20 {a}, 22 {b}, branching {:.4}",
                (b / a).sqrt()
            );
        }
    }

    #[test]
    #[ignore = "prints the machine's size and build time; run in release"]
    fn print_sizes() {
        for length in [8, 10, 12, 14] {
            let started = std::time::Instant::now();
            let pruner = MovePruner::new(Move::DEFAULT_ORDER, length);
            println!(
                "{length}: {} words, {} states, {:.2} s",
                forbidden_words(Move::DEFAULT_ORDER, length).len(),
                pruner.states(),
                started.elapsed().as_secs_f64()
            );
        }
    }
}
