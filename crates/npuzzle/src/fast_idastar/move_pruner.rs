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
//! it leads to ends a word. Counts and the search's gain: docs/BENCHMARKS.md, "Move pruning".

use std::sync::Arc;

use crate::puzzle::board::{Move, Size};
use crate::puzzle::move_order::MoveOrder;
use crate::util::per_process::{get_or_make, PerProcess};

pub(crate) use super::forbidden_words::MAX_WORD_LENGTH;
use super::forbidden_words::{machine, Fit, Steps, REFUSED};

/// The longest words worth finding for a board of `size`, once a search has expanded
/// `expanded` nodes. Finding them takes about eight times longer for every two moves more,
/// once per process (on two cores: under 0.01 s for 8 moves, 0.02–0.09 s for 10,
/// 0.25–0.7 s for 12, 3–7 s for 14, 0.65 s on 4×4 where words wider than the board are
/// left out; the lengths a search starts with are found by the
/// build for the default order, [`MovePruner::embedded`]), and each two moves more cut about 1 % off the branching
/// factor: a search must be long to pay. So every search starts with short words and
/// lengthens them between iterations when the nodes already expanded say the next
/// iteration is long enough (an iteration expands several times the nodes of all the
/// iterations before it). Measured in docs/BENCHMARKS.md, "Move pruning".
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

/// The machines the build script found for [`MoveOrder::DEFAULT`] (as
/// [`machine`] gives them, each transition a little-endian `u32`), by word length: the
/// lengths every search starts with ([`pruned_word_length`] of no nodes expanded).
const EMBEDDED: [(usize, &[u8]); 2] = [
    (
        8,
        include_bytes!(concat!(env!("OUT_DIR"), "/move_pruner_8.bin")),
    ),
    (
        10,
        include_bytes!(concat!(env!("OUT_DIR"), "/move_pruner_10.bin")),
    ),
];

/// The words of up to `length` moves a board of `size` can hold: its width and height
/// less one, no more than `length` (a word spans no more than its length, so every board
/// at least that large shares one machine).
fn fit(size: Size, length: usize) -> Fit {
    (
        (size.width() - 1).min(length),
        (size.height() - 1).min(length),
    )
}

/// The blank's (column, row) step for each move of `order`.
pub(crate) fn steps(order: MoveOrder) -> Steps {
    order.moves().map(|mv| match mv {
        Move::Left => (-1, 0),
        Move::Right => (1, 0),
        Move::Up => (0, -1),
        Move::Down => (0, 1),
    })
}

/// A finite-state machine over blank moves refusing the paths that end with a forbidden
/// word (see the [module](self) documentation).
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct MovePruner {
    /// `next[state][mv as usize]`: the state after `mv`, or [`REFUSED`].
    next: Vec<[u32; 4]>,
}

impl MovePruner {
    /// The state at the start of a search: no moves made yet.
    pub(crate) const START: u32 = 0;

    /// The machine for the move order `order` and words up to `length` moves on boards of
    /// `size`, made once per process and shared: taken from those the build embedded when
    /// it is one of them ([`MovePruner::embedded`]), found otherwise, leaving out the
    /// words that do not fit the board ([`Fit`]).
    pub(crate) fn shared(order: MoveOrder, length: usize, size: Size) -> Arc<MovePruner> {
        static PRUNERS: PerProcess<(MoveOrder, usize, Fit), MovePruner> = PerProcess::new();
        let fit = fit(size, length);
        get_or_make(&PRUNERS, (order, length, fit), || {
            MovePruner::embedded(order, length)
                .unwrap_or_else(|| MovePruner::new(order, length, fit))
        })
    }

    /// The machine for the move order `order` with the forbidden words of up to `length`
    /// moves that fit `fit`, found now.
    pub(crate) fn new(order: MoveOrder, length: usize, fit: Fit) -> MovePruner {
        MovePruner::by_move(order, &machine(steps(order), length, fit))
    }

    /// The machine the build found for `order` and `length`, if it embedded that one:
    /// the default order with the words every search starts with ([`EMBEDDED`]), found
    /// for any board (it refuses on each board what that board's own machine would). Finding
    /// the 10-move words takes 0.02–0.09 s, which a process would otherwise pay before
    /// its first search of a board larger than 3×3; reading them takes microseconds.
    pub(crate) fn embedded(order: MoveOrder, length: usize) -> Option<MovePruner> {
        if order != MoveOrder::DEFAULT {
            return None;
        }
        let bytes = EMBEDDED.iter().find(|(l, _)| *l == length)?.1;
        let by_index: Vec<[u32; 4]> = bytes
            .chunks_exact(16)
            .map(|row| {
                std::array::from_fn(|i| {
                    u32::from_le_bytes(row[4 * i..4 * i + 4].try_into().expect("4 bytes"))
                })
            })
            .collect();
        Some(MovePruner::by_move(order, &by_index))
    }

    /// The machine whose transitions `by_index` are by a move's index in `order`,
    /// indexed by `Move` instead.
    fn by_move(order: MoveOrder, by_index: &[[u32; 4]]) -> MovePruner {
        let next = by_index
            .iter()
            .map(|row| {
                let mut by_move = [REFUSED; 4];
                for (i, &t) in row.iter().enumerate() {
                    by_move[order[i] as usize] = t;
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

#[cfg(test)]
mod tests {
    use super::super::forbidden_words::{forbidden_words, UNBOUNDED};
    use super::*;
    use crate::puzzle::board::{Board, Size};
    use crate::puzzle::move_order::MoveOrder;
    use rustc_hash::FxHashMap;
    use std::collections::VecDeque;

    /// Every board within `depth` moves of `start`, with the smallest shortest path to it
    /// in `order` (breadth first, children in order: the first path to reach a board is
    /// that one).
    fn canonical_paths(start: &Board, order: MoveOrder, depth: usize) -> Vec<Vec<Move>> {
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
            for mv in Move::ALL {
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
        let orders = MoveOrder::all();
        assert_eq!(orders.len(), 24);
        for order in orders {
            let pruner = MovePruner::new(order, 10, UNBOUNDED);
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
        let paths = canonical_paths(&start, MoveOrder::DEFAULT, 12).len() as u64;
        let mut last = u64::MAX;
        for length in [2, 6, 8, 10, 12] {
            let allowed = allowed_paths(
                &MovePruner::new(MoveOrder::DEFAULT, length, UNBOUNDED),
                &start,
                12,
            );
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
            let order = MoveOrder::new([Move::Up, Move::Left, Move::Right, Move::Down])
                .expect("each move once");
            let states: Vec<usize> = pool.install(|| {
                (0..64)
                    .into_par_iter()
                    .map(|_| MovePruner::shared(order, 11, Size::square(5).unwrap()).states())
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
    fn the_embedded_machines_are_the_ones_found_at_run_time() {
        // Same machine, state for state: the search takes the same nodes and paths.
        for (length, _) in EMBEDDED {
            let embedded = MovePruner::embedded(MoveOrder::DEFAULT, length).expect("embedded");
            assert_eq!(
                embedded,
                MovePruner::new(MoveOrder::DEFAULT, length, UNBOUNDED),
                "{length}"
            );
            // Taken on any board: it refuses there what the board's own machine would.
            assert_eq!(
                *MovePruner::shared(MoveOrder::DEFAULT, length, Size::square(4).unwrap()),
                embedded,
                "{length}"
            );
        }
        // Every search in the default order starts on an embedded machine; others are
        // found when first asked for.
        for side in [3, 4, 5, 8] {
            let start = pruned_word_length(Size::square(side).unwrap(), 0);
            assert!(MovePruner::embedded(MoveOrder::DEFAULT, start).is_some());
        }
        assert!(MovePruner::embedded(MoveOrder::DEFAULT, 12).is_none());
        let other = MoveOrder::new([Move::Up, Move::Left, Move::Right, Move::Down])
            .expect("each move once");
        assert!(MovePruner::embedded(other, 10).is_none());
        assert_eq!(
            *MovePruner::shared(other, 8, Size::square(9).unwrap()),
            MovePruner::new(other, 8, UNBOUNDED)
        );
    }

    #[test]
    fn a_boards_own_machine_refuses_the_paths_the_unbounded_one_does() {
        let size = Size::square(4).unwrap();
        let own = MovePruner::new(MoveOrder::DEFAULT, 12, fit(size, 12));
        let unbounded = MovePruner::new(MoveOrder::DEFAULT, 12, UNBOUNDED);
        assert!(own.states() < unbounded.states(), "{}", own.states());
        for blank in [0, 5, 15] {
            let start = board_with_blank(size, blank);
            assert_eq!(
                allowed_paths(&own, &start, 16),
                allowed_paths(&unbounded, &start, 16),
                "blank on {blank}"
            );
        }
        assert_eq!(fit(size, 14), (3, 3));
        assert_eq!(fit(Size::new(5, 3).unwrap(), 10), (4, 2));
        assert_eq!(fit(Size::square(20).unwrap(), 12), (12, 12));
    }

    #[test]
    fn words_of_two_moves_are_the_undoing_moves() {
        let pruner = MovePruner::new(MoveOrder::DEFAULT, 2, UNBOUNDED);
        assert_eq!(
            forbidden_words(steps(MoveOrder::DEFAULT), 2, UNBOUNDED).len(),
            4
        );
        for a in Move::ALL {
            for b in Move::ALL {
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
        let pruner = MovePruner::new(MoveOrder::DEFAULT, 6, UNBOUNDED);
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
            let pruner = MovePruner::new(MoveOrder::DEFAULT, length, UNBOUNDED);
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
        for side in [4, 5, 15] {
            let size = Size::square(side).unwrap();
            for length in [8, 10, 12, 14] {
                let started = std::time::Instant::now();
                let pruner = MovePruner::new(MoveOrder::DEFAULT, length, fit(size, length));
                let seconds = started.elapsed().as_secs_f64();
                println!(
                    "{side}x{side}, {length}: {} words, {} states, {seconds:.2} s",
                    forbidden_words(steps(MoveOrder::DEFAULT), length, fit(size, length)).len(),
                    pruner.states(),
                );
            }
        }
    }
}
