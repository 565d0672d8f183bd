//! The forbidden words of move pruning and the automaton that spots them (see
//! `move_pruner.rs` for what they are and why the canonical path survives them): found
//! length by length as Taylor & Korf did, for a move order given as the blank's steps.
//!
//! This file uses nothing else from the crate: the build script (`build.rs`) compiles it
//! too, to embed the machines every search starts with, so no process pays for finding
//! them (a test checks the embedded machines are the ones found here at run time).

use rustc_hash::FxHashMap;

/// The longest forbidden words the machine can be built with. Longer words prune more:
/// the 24-puzzle's branching factor is 2.368 with parent pruning, 2.296 with words up to
/// 10 moves, 2.271 up to 12 and 2.247 up to 14 (test `print_branching`).
pub(crate) const MAX_WORD_LENGTH: usize = 14;

/// The state the machine refuses into: the path ends with a forbidden word.
pub(crate) const REFUSED: u32 = u32::MAX;

/// A move order as the blank's (column, row) step for each move, in order: `l r d u` is
/// `[(-1, 0), (1, 0), (0, 1), (0, -1)]`.
pub(crate) type Steps = [(i8, i8); 4];

/// The board a machine is for, as the most columns and rows apart two cells of one path
/// may be (its width and height less one): strings whose blank spans more are never
/// played there, so they are neither words nor stand-ins. Leaving them out refuses the
/// same paths on that board (a word's stand-in keeps inside the word's extent), with far
/// fewer strings to compare: on 4×4, words of 14 moves are found in a fraction of the
/// time the unbounded ones take.
pub(crate) type Fit = (usize, usize);

/// No bound: a string of [`MAX_WORD_LENGTH`] moves spans at most that many columns or rows.
#[cfg_attr(
    not(test),
    allow(
        dead_code,
        reason = "the build script embeds unbounded machines; tests compare with them"
    )
)]
pub(crate) const UNBOUNDED: Fit = (MAX_WORD_LENGTH, MAX_WORD_LENGTH);

/// The machine refusing the paths that end with a forbidden word of up to `length` moves
/// in the order `order`, on boards within `fit`: `next[state][i]`, the state after the
/// order's move `i`, or [`REFUSED`]. State 0 is the start: no moves made yet.
pub(crate) fn machine(order: Steps, length: usize, fit: Fit) -> Vec<[u32; 4]> {
    let words = forbidden_words(order, length, fit);
    let (goto, ends) = automaton(words.iter().map(|w| w.indices()), 4);
    goto.chunks_exact(4)
        .map(|row| {
            let mut next = [0; 4];
            for (n, &t) in next.iter_mut().zip(row) {
                *n = if ends[t as usize] { REFUSED } else { t };
            }
            next
        })
        .collect()
}

/// A string of blank moves: each move's index in the move order, two bits apiece, the
/// first move in the highest bits, so that strings of one length compare like numbers in
/// the move order.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub(crate) struct Word {
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
pub(crate) struct Extent {
    columns: (i8, i8),
    rows: (i8, i8),
}

impl Extent {
    /// The rectangle `word`'s blank visits.
    fn of(order: Steps, word: Word) -> Extent {
        Extent::of_steps(order, word.indices())
    }

    /// The rectangle the blank visits making the moves `indices` (in `order`).
    pub(crate) fn of_steps(order: Steps, indices: impl Iterator<Item = usize>) -> Extent {
        let (mut column, mut row) = (0i8, 0i8);
        let mut extent = Extent {
            columns: (0, 0),
            rows: (0, 0),
        };
        for index in indices {
            let (dc, dr) = order[index];
            column += dc;
            row += dr;
            extent.columns = (extent.columns.0.min(column), extent.columns.1.max(column));
            extent.rows = (extent.rows.0.min(row), extent.rows.1.max(row));
        }
        extent
    }

    /// Whether a board of `fit` holds the rectangle.
    pub(crate) fn fits(self, fit: Fit) -> bool {
        (self.columns.1 - self.columns.0) as usize <= fit.0
            && (self.rows.1 - self.rows.0) as usize <= fit.1
    }

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
pub(crate) type Effect = [u64; 4];

/// The words of a bit set over the grid [`Player`] plays on.
const GRID_WORDS: usize = ((2 * MAX_WORD_LENGTH + 3) * (2 * MAX_WORD_LENGTH + 3)).div_ceil(64);

/// An unused entry of an [`Effect`].
const NO_ENTRY: u64 = (1 << 14) - 1;

/// Plays strings on a grid the blank cannot leave in [`MAX_WORD_LENGTH`] moves.
pub(crate) struct Player {
    side: usize,
    contents: Vec<u16>,
    order: Steps,
}

impl Player {
    pub(crate) fn new(order: Steps) -> Player {
        let side = 2 * MAX_WORD_LENGTH + 3;
        Player {
            side,
            contents: (0..(side * side) as u16).collect(),
            order,
        }
    }

    /// Where `word` leaves the blank, relative to its start, as one number.
    fn end(order: Steps, word: Word) -> usize {
        let (mut column, mut row) = (MAX_WORD_LENGTH as isize, MAX_WORD_LENGTH as isize);
        for index in word.indices() {
            let (dc, dr) = order[index];
            column += dc as isize;
            row += dr as isize;
        }
        row as usize * (2 * MAX_WORD_LENGTH + 1) + column as usize
    }

    /// The effect and extent of `word`, leaving the grid as it found it.
    fn play(&mut self, word: Word) -> (Effect, Extent) {
        (self.effect(word.indices()), Extent::of(self.order, word))
    }

    /// The effect of the moves `indices` (in the order), leaving the grid as it found
    /// it: at most 16 cells may change, so the blank must keep inside 16 cells.
    pub(crate) fn effect(&mut self, indices: impl Iterator<Item = usize>) -> Effect {
        let side = self.side as isize;
        let origin = self.side * self.side / 2;
        let mut blank = origin;
        // The touched cells as a bit set over the grid: read back in increasing order
        // without sorting.
        let mut touched = [0u64; GRID_WORDS];
        touched[origin / 64] |= 1 << (origin % 64);
        for index in indices {
            let (dc, dr) = self.order[index];
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
        effect
    }
}

/// Extents of strings with one effect, as chains through one list: a map from an effect to
/// the head of its chain, and the links.
#[derive(Default)]
pub(crate) struct Extents {
    heads: FxHashMap<Effect, u32>,
    links: Vec<(Extent, u32)>,
}

impl Extents {
    const END: u32 = u32::MAX;

    pub(crate) fn add(&mut self, effect: Effect, extent: Extent) {
        let head = self.heads.entry(effect).or_insert(Extents::END);
        self.links.push((extent, *head));
        *head = (self.links.len() - 1) as u32;
    }

    /// Whether a string of effect `effect` kept inside `extent`.
    pub(crate) fn any_within(&self, effect: &Effect, extent: Extent) -> bool {
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

/// The forbidden words of up to `length` moves for the move order `order` on boards
/// within `fit`, found length by length: a string grown from a survivor is forbidden when
/// an earlier string of its length, or a surviving shorter one, has its effect and keeps
/// inside its extent.
pub(crate) fn forbidden_words(order: Steps, length: usize, fit: Fit) -> Vec<Word> {
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
        let machine = automaton(words.iter().map(|w| w.indices()), 4);
        let candidates: Vec<Word> = survivors
            .iter()
            .flat_map(|&w| {
                let state = w.indices().fold(0, |s, i| machine.0[s as usize * 4 + i]);
                let machine = &machine;
                (0..4)
                    .filter(move |&i| !machine.1[machine.0[state as usize * 4 + i] as usize])
                    .map(move |i| w.then(i))
                    .filter(move |&grown| Extent::of(order, grown).fits(fit))
            })
            .collect();
        // Strings with one effect end on one cell: compare within each end cell's bucket,
        // the buckets shared out over the cores. Plain threads, not a work-stealing pool:
        // the caller may be a pool's worker holding the lock of the process's machines, and
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

/// The Aho–Corasick automaton of `words`, strings over `letters` letters (for move
/// pruning a move's index in the order): the transitions, `letters` a state (`goto[s *
/// letters + i]`, state 0 the empty path), and whether a state ends a word.
pub(crate) fn automaton<W: IntoIterator<Item = usize>>(
    words: impl IntoIterator<Item = W>,
    letters: usize,
) -> (Vec<u32>, Vec<bool>) {
    // The trie; `ends[s]`: a word ends at `s` or at one of its suffixes.
    let mut trie: Vec<u32> = vec![REFUSED; letters];
    let mut ends = vec![false];
    for w in words {
        let mut s = 0usize;
        for i in w {
            if trie[s * letters + i] == REFUSED {
                trie[s * letters + i] = ends.len() as u32;
                trie.extend(std::iter::repeat_n(REFUSED, letters));
                ends.push(false);
            }
            s = trie[s * letters + i] as usize;
        }
        ends[s] = true;
    }
    // Breadth first: each state's failure link (its longest proper suffix in the trie)
    // and its full transitions.
    let mut fail = vec![0u32; ends.len()];
    let mut goto = trie.clone();
    for t in &mut goto[..letters] {
        if *t == REFUSED {
            *t = 0;
        }
    }
    let mut queue: std::collections::VecDeque<usize> = trie[..letters]
        .iter()
        .filter(|&&c| c != REFUSED)
        .map(|&c| c as usize)
        .collect();
    while let Some(s) = queue.pop_front() {
        ends[s] = ends[s] || ends[fail[s] as usize];
        for i in 0..letters {
            let child = trie[s * letters + i];
            if child == REFUSED {
                goto[s * letters + i] = goto[fail[s] as usize * letters + i];
            } else {
                fail[child as usize] = goto[fail[s] as usize * letters + i];
                queue.push_back(child as usize);
            }
        }
    }
    (goto, ends)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bounded_board_keeps_exactly_the_words_that_fit_it() {
        let order = [(-1, 0), (1, 0), (0, 1), (0, -1)];
        let all = forbidden_words(order, 12, UNBOUNDED);
        for fit in [(3, 3), (4, 2), (1, 5), (2, 2)] {
            let kept = forbidden_words(order, 12, fit);
            let fitting: Vec<Word> = all
                .iter()
                .copied()
                .filter(|&w| Extent::of(order, w).fits(fit))
                .collect();
            assert!(kept.len() < all.len(), "{fit:?}");
            assert!(kept == fitting, "{fit:?}");
        }
        assert_eq!(forbidden_words(order, 12, (12, 12)), all);
    }
}
