//! Move pruning in the multi-tile metric: a finite-state machine over the blank's jumps
//! that refuses every path ending with a *forbidden word* of jumps, one that another word
//! of fewer jumps, or of as many and earlier in the search's order, does the same as.
//!
//! The single-tile machine ([`crate::fast_idastar::move_pruner`]) is for words of
//! steps, and its stand-ins may make more jumps than the words they stand in for, so it
//! cannot serve here. This one compares words of jumps, each jump a letter: its
//! direction's index in the move order and its cells, ordered as the search tries a
//! node's children (directions in the order, each direction's jumps shortest first).
//! So the argument for single steps holds for jumps: if the smallest optimal path held a
//! forbidden word, its stand-in in its place would reach the same board in no more moves
//! and earlier in the order (two moves along one axis in a row, which the search never
//! makes, would shorten it further): a contradiction. The stand-in keeps inside the
//! rectangle the word's blank visits, so it can be played wherever the word can. The
//! words' effects are found as the single-tile machine finds them, playing each jump's
//! steps ([`Player`]).
//!
//! Counting and listing every optimal answer must not prune: a forbidden word's path is
//! another optimal answer as often as not.

use std::sync::Arc;

use crate::fast_idastar::forbidden_words::{automaton, Extent, Extents, Fit, Player, REFUSED};
use crate::fast_idastar::move_pruner::steps;
use crate::puzzle::board::Size;
use crate::puzzle::move_order::MoveOrder;
use crate::util::per_process::{get_or_make, PerProcess};

use super::MAX_JUMP_SIDE;

/// The longest words worth finding once a search has expanded `expanded` nodes (all its
/// iterations so far), or none. Finding them takes once per process about 5 ms for 6
/// jumps, 70 ms for 8 and 0.27 s for 9 on 4x4; each longer word cuts nodes, but the
/// nodes they cut are the cheapest (their table entries were read a few moves before),
/// so a search must be long to pay: see docs/BENCHMARKS.md, "Move pruning".
pub(super) fn pruned_jump_length(expanded: u64) -> Option<usize> {
    match expanded {
        0..LONGER_WORDS_AFTER => None,
        LONGER_WORDS_AFTER..LONGEST_WORDS_AFTER => Some(8),
        _ => Some(MAX_JUMP_WORD),
    }
}

/// Expanded nodes after which words of 8 jumps pay.
const LONGER_WORDS_AFTER: u64 = 200_000;

/// Expanded nodes after which words of [`MAX_JUMP_WORD`] jumps pay.
const LONGEST_WORDS_AFTER: u64 = 5_000_000;

/// The most letters a [`JumpWord`] holds: five bits each in a `u64`.
const MOST_LETTERS: usize = 64 / 5;

/// The most cells a jump crosses on any board.
const MAX_JUMP: usize = MAX_JUMP_SIDE - 1;

/// The longest words the machine is built with: words of 9 jumps make at most 32,039
/// states over every move order and board shape (30,923 on 4x4 in the default order),
/// which two bytes number; on 4x4, words of 10 jumps make 82,709 (and a machine of
/// megabytes, which slowed the search).
const MAX_JUMP_WORD: usize = 9;

/// The letter of a jump of `cells` cells in the order's direction `direction`, on a board
/// whose longest jump is `longest`: letters compare as the search tries the jumps.
#[inline]
fn letter(direction: usize, cells: usize, longest: usize) -> usize {
    direction * longest + cells - 1
}

/// A word of jumps (at most [`MOST_LETTERS`]): letters five bits apiece, the first in the
/// highest bits, so that words of one length compare like numbers in the search's order.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct JumpWord {
    code: u64,
    length: u8,
}

impl JumpWord {
    const EMPTY: JumpWord = JumpWord { code: 0, length: 0 };

    fn then(self, letter: usize) -> JumpWord {
        JumpWord {
            code: self.code << 5 | letter as u64,
            length: self.length + 1,
        }
    }

    /// The letters, first to last.
    fn letters(self) -> impl Iterator<Item = usize> {
        (0..self.length)
            .rev()
            .map(move |i| (self.code >> (5 * i)) as usize & 31)
    }

    /// The blank's steps, as indices in the order, on a board whose longest jump is
    /// `longest`.
    fn steps(self, longest: usize) -> impl Iterator<Item = usize> {
        self.letters()
            .flat_map(move |letter| std::iter::repeat_n(letter / longest, letter % longest + 1))
    }
}

/// The forbidden words of up to `length` jumps in the order whose blank steps are
/// `order`, on boards within `fit`, found length by length: a word grown from a survivor
/// is forbidden when a surviving word of fewer jumps, or an earlier one of as many, has
/// its effect and keeps inside its extent.
fn forbidden_jumps(order: [(i8, i8); 4], length: usize, fit: Fit) -> Vec<JumpWord> {
    assert!(
        length <= MOST_LETTERS,
        "five bits a letter: at most {MOST_LETTERS} in a u64"
    );
    assert!(
        (fit.0 + 1) * (fit.1 + 1) <= 16,
        "an effect holds at most 16 cells: boards of the multi-tile search"
    );
    let longest = longest_jump(fit);
    let letters = 4 * longest;
    let vertical = |direction: usize| order[direction].0 == 0;
    let mut player = Player::new(order);
    let mut words: Vec<JumpWord> = Vec::new();
    let mut seen = Extents::default();
    seen.add(
        player.effect(std::iter::empty()),
        Extent::of_steps(order, std::iter::empty()),
    );
    let mut survivors = vec![JumpWord::EMPTY];
    for _ in 0..length {
        let (goto, ends) = automaton(words.iter().map(|w| w.letters()), letters);
        let mut grown = Vec::new();
        for &word in &survivors {
            let state = word
                .letters()
                .fold(0, |s, l| goto[s as usize * letters + l]);
            let last = word.letters().last().map(|l| vertical(l / longest));
            for direction in (0..4).filter(|&d| Some(vertical(d)) != last) {
                for cells in 1..=longest {
                    let l = letter(direction, cells, longest);
                    let next = word.then(l);
                    let extent = Extent::of_steps(order, next.steps(longest));
                    if !extent.fits(fit) {
                        // Longer jumps this way go further still.
                        break;
                    }
                    if !ends[goto[state as usize * letters + l] as usize] {
                        grown.push((next, extent));
                    }
                }
            }
        }
        // Grown in order from survivors in order: each word meets the earlier ones first.
        survivors.clear();
        for (word, extent) in grown {
            let effect = player.effect(word.steps(longest));
            if seen.any_within(&effect, extent) {
                words.push(word);
            } else {
                seen.add(effect, extent);
                survivors.push(word);
            }
        }
    }
    words
}

/// The longest jump on a board within `fit`.
fn longest_jump(fit: Fit) -> usize {
    fit.0.max(fit.1).clamp(1, MAX_JUMP)
}

/// A refused transition of [`JumpPruner`].
const REFUSED_STATE: u16 = u16::MAX;

/// A finite-state machine over jumps refusing the paths that end with a forbidden word
/// (see the [module](self) documentation).
#[derive(Debug)]
pub(super) struct JumpPruner {
    /// The longest jump on the board.
    longest: usize,
    /// `next[state * 4 * longest + letter]`: the state after the jump, or [`REFUSED_STATE`];
    /// two bytes a transition, so that the machine stays in the processor's second-level
    /// cache beside the tables' lines.
    next: Vec<u16>,
}

impl JumpPruner {
    /// The state at the start of a search: no moves made yet.
    pub(super) const START: u16 = 0;

    /// The machine for the move order `order` and words up to `length` jumps on boards of
    /// `size`, made once per process and shared.
    pub(super) fn shared(order: MoveOrder, length: usize, size: Size) -> Arc<JumpPruner> {
        static PRUNERS: PerProcess<(MoveOrder, usize, Fit), JumpPruner> = PerProcess::new();
        let fit = (size.width() - 1, size.height() - 1);
        get_or_make(&PRUNERS, (order, length, fit), || {
            JumpPruner::new(order, length, fit)
        })
    }

    /// The machine for `order` with the forbidden words of up to `length` jumps that fit
    /// `fit`, found now.
    fn new(order: MoveOrder, length: usize, fit: Fit) -> JumpPruner {
        let longest = longest_jump(fit);
        let words = forbidden_jumps(steps(order), length, fit);
        let (goto, ends) = automaton(words.iter().map(|w| w.letters()), 4 * longest);
        assert!(
            ends.len() < usize::from(REFUSED_STATE),
            "{} states: too many for two bytes (words of {length} jumps)",
            ends.len()
        );
        JumpPruner {
            longest,
            next: goto
                .into_iter()
                .map(|t| {
                    if t == REFUSED || ends[t as usize] {
                        REFUSED_STATE
                    } else {
                        t as u16
                    }
                })
                .collect(),
        }
    }

    /// The state after a jump of `cells` cells in the order's direction `direction` from
    /// `state`, or `None` when the path then ends with a forbidden word.
    #[inline]
    pub(super) fn step(&self, state: u16, direction: usize, cells: usize) -> Option<u16> {
        let at = (usize::from(state) * 4 + direction) * self.longest + cells - 1;
        let next = self.next[at];
        (next != REFUSED_STATE).then_some(next)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    use crate::puzzle::board::Move;

    /// A jump: its direction's index in the order and its cells.
    type Jump = (usize, usize);

    /// Every jump from `cells` (blank `0`) on a board of `size` in `order`, each
    /// direction's shortest first, but along the axis `last`: the jump and the board after.
    fn jumps(
        size: Size,
        cells: &[u8],
        order: MoveOrder,
        last: Option<bool>,
    ) -> Vec<(Jump, Vec<u8>, bool)> {
        let blank = cells.iter().position(|&t| t == 0).expect("a blank");
        let mut out = Vec::new();
        for (direction, mv) in order.into_iter().enumerate() {
            let vertical = matches!(mv, Move::Up | Move::Down);
            if Some(vertical) == last {
                continue;
            }
            let mut board = cells.to_vec();
            let (mut at, mut jumped) = (blank, 0);
            while let Some(next) = size.step(at, mv) {
                board.swap(at, next);
                at = next;
                jumped += 1;
                out.push(((direction, jumped), board.clone(), vertical));
            }
        }
        out
    }

    /// The smallest shortest path in `order` of every board within `depth` jumps of
    /// `start`: by layers, each layer's boards in the order of their paths, so a board's
    /// first path is its smallest (a smaller one would start with a smaller path to a
    /// board of the layer before).
    fn canonical_paths(
        size: Size,
        start: &[u8],
        order: MoveOrder,
        depth: usize,
    ) -> HashMap<Vec<u8>, Vec<Jump>> {
        let mut paths = HashMap::from([(start.to_vec(), Vec::new())]);
        let mut layer = vec![(start.to_vec(), None)];
        for _ in 0..depth {
            let mut next = Vec::new();
            for (cells, last) in &layer {
                for (jump, board, vertical) in jumps(size, cells, order, *last) {
                    if !paths.contains_key(&board) {
                        let mut path = paths[cells].clone();
                        path.push(jump);
                        paths.insert(board.clone(), path);
                        next.push((board, Some(vertical)));
                    }
                }
            }
            layer = next;
        }
        paths
    }

    /// The paths of `depth` jumps from `start` that `pruner` lets through (every one
    /// without a pruner).
    fn paths_through(
        size: Size,
        start: &[u8],
        order: MoveOrder,
        depth: usize,
        pruner: Option<&JumpPruner>,
    ) -> u64 {
        let mut layer = vec![(start.to_vec(), None, JumpPruner::START)];
        for _ in 0..depth {
            let mut next = Vec::new();
            for (cells, last, state) in &layer {
                for ((direction, cells), board, vertical) in jumps(size, cells, order, *last) {
                    let state = match pruner {
                        Some(p) => match p.step(*state, direction, cells) {
                            Some(s) => s,
                            None => continue,
                        },
                        None => 0,
                    };
                    next.push((board, Some(vertical), state));
                }
            }
            layer = next;
        }
        layer.len() as u64
    }

    /// The machine lets through the smallest shortest path of every board near several
    /// starts, on every board shape the multi-tile search takes, under two move orders,
    /// with the words the search uses; and it does refuse paths.
    #[test]
    fn every_smallest_shortest_path_is_let_through() {
        let orders = [
            MoveOrder::DEFAULT,
            MoveOrder::new([Move::Up, Move::Right, Move::Down, Move::Left])
                .expect("each move once"),
        ];
        for (width, height, depth) in [(3, 3, 30), (4, 3, 10), (4, 4, 9), (5, 3, 8), (6, 2, 11)] {
            let size = Size::new(width, height).unwrap();
            let cells = size.cells();
            for blank in [0, cells / 2, cells - 1] {
                let mut start: Vec<u8> = (1..cells as u8).collect();
                start.insert(blank, 0);
                for order in orders {
                    let canonical = canonical_paths(size, &start, order, depth);
                    for length in [8, MAX_JUMP_WORD] {
                        let pruner = JumpPruner::new(order, length, (width - 1, height - 1));
                        for (board, path) in &canonical {
                            let through = path
                                .iter()
                                .try_fold(JumpPruner::START, |s, &(d, c)| pruner.step(s, d, c));
                            assert!(
                                through.is_some(),
                                "{size} from {start:?} to {board:?}, words of {length}: \
                                 {path:?} refused"
                            );
                        }
                        let deep = depth.min(10);
                        let all = paths_through(size, &start, order, deep, None);
                        let kept = paths_through(size, &start, order, deep, Some(&pruner));
                        assert!(
                            kept < all,
                            "{size}, words of {length}: {kept} of {all} paths kept"
                        );
                    }
                }
            }
        }
    }

    /// The paths of 12 jumps from the 4x4 corner, all and those each machine lets
    /// through: `cargo test --release -p npuzzle --lib print_jump_paths -- --ignored
    /// --nocapture`.
    #[test]
    #[ignore = "prints counts"]
    fn print_jump_paths() {
        let size = Size::square(4).unwrap();
        let mut start: Vec<u8> = (1..16).collect();
        start.push(0);
        let all = paths_through(size, &start, MoveOrder::DEFAULT, 12, None);
        for length in 6..=MAX_JUMP_WORD {
            let began = std::time::Instant::now();
            let pruner = JumpPruner::new(MoveOrder::DEFAULT, length, (3, 3));
            let kept = paths_through(size, &start, MoveOrder::DEFAULT, 12, Some(&pruner));
            println!(
                "words of {length} jumps: {} states, made in {:?}; {kept} of {all} paths",
                pruner.next.len() / (4 * pruner.longest),
                began.elapsed()
            );
        }
    }
}
