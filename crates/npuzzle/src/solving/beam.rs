//! Beam search for big boards: the puzzle-specific, memory-bounded search that turns time
//! into shorter answers where no optimal search finishes.
//!
//! ```
//! use npuzzle::fast_idastar::LinearConflict;
//! use npuzzle::solving::beam::{beam_search, Beam};
//! use npuzzle::{puzzle::random::random_board, Board, Size};
//! use rand::SeedableRng;
//!
//! let goal = Board::goal(Size::square(6)?);
//! let start = random_board(&goal, &mut rand::rngs::StdRng::seed_from_u64(1));
//! let beam = Beam { width: 256, ..Beam::default() };
//! let found = beam_search(&start, &LinearConflict::new(&goal), &beam, &|| false);
//! let moves = found.moves.expect("a wide enough beam reaches the goal");
//! let mut board = start.clone();
//! board.apply_all(&moves).unwrap();
//! assert_eq!(board, goal);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! **How.** The search goes breadth first, one layer a move, and keeps of each layer only
//! the `width` boards of least estimate (any [`Estimate`] of the fast IDA*: linear
//! conflicts towards any goal, or pattern databases), ties broken by the boards' hashes so that the same width gives the same
//! answer on any number of threads. A child that undoes its parent's move is never made,
//! boards reached twice in one layer are kept once, and a child whose length plus estimate
//! reaches `cutoff` (the best answer known) is dropped: it cannot lead to a shorter one.
//! The first layer to hold the goal gives the answer; a beam whose least estimate has
//! not fallen for `8 (w + h)` layers is too narrow for the board, and ends without one. Wider beams answer shorter, each
//! doubling costing about twice the time: [`crate::solving::bounded`] runs them widening
//! until the time is spent.
//!
//! **Memory.** A layer keeps each board (its tiles and their cells, 128 bytes) and the
//! estimate's node beside it;
//! the way back to the start is a parent index and a move per kept board and layer (5
//! bytes). [`Beam::bytes`] says what a search of a width takes at most, so a caller can
//! keep within a memory budget before it starts.

use rayon::prelude::*;

use crate::fast_idastar::{Estimate, FastBoard, MAX_FAST_CELLS, MAX_LINE};
use crate::puzzle::board::{Board, Move, Size};
use crate::puzzle::move_order::MoveOrder;

/// Whether the beam searches boards of `size`: those of the fast IDA*'s estimates, at
/// most 64 cells and 8 a side.
pub fn fits(size: Size) -> bool {
    size.cells() <= MAX_FAST_CELLS && size.width() <= MAX_LINE && size.height() <= MAX_LINE
}

/// How one beam search runs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Beam {
    /// Boards kept per layer.
    pub width: usize,
    /// Answers of this many moves or more are of no use (the best one known): the search
    /// stops at that depth and drops children that cannot come in under it (by an
    /// admissible estimate).
    pub cutoff: usize,
    /// Threads the layers are expanded with (0: rayon's pool as it is).
    pub threads: usize,
    /// The order a board's children are made in.
    pub order: MoveOrder,
}

impl Default for Beam {
    fn default() -> Beam {
        Beam {
            width: 1024,
            cutoff: usize::MAX,
            threads: 0,
            order: MoveOrder::DEFAULT,
        }
    }
}

impl Beam {
    /// The most bytes a search of this width with estimate `E` takes when its answer is
    /// at most `depth` moves: two layers, the children of one, and the way back.
    pub fn bytes<E: Estimate>(&self, depth: usize) -> u64 {
        let node_bytes = std::mem::size_of::<E::Node>();
        let width = self.width as u64;
        let per_board = (std::mem::size_of::<FastBoard>() + node_bytes + 16) as u64;
        let carried = if node_bytes <= CARRY_BYTES {
            node_bytes
        } else {
            0
        };
        let children = 3 * width * (24 + carried as u64);
        let way_back = width * depth as u64 * 5;
        2 * width * per_board + children + way_back
    }
}

/// What a beam search found, and what it cost.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BeamFound {
    /// The moves to the goal, when the search reached it under the cutoff.
    pub moves: Option<Vec<Move>>,
    /// Boards kept, over every layer.
    pub expanded: u64,
    /// Children made, over every layer.
    pub generated: u64,
    /// Whether `stop` ended the search.
    pub stopped: bool,
}

/// Runs one beam search from `start` to the goal `estimate` was made for (one the beam
/// [`fits`], reachable). `stop` is asked between layers; when it says so, the search
/// ends with no answer.
///
/// # Panics
/// When the beam does not take the board ([`fits`]).
pub fn beam_search<E: Estimate>(
    start: &Board,
    estimate: &E,
    beam: &Beam,
    stop: &(dyn Fn() -> bool + Sync),
) -> BeamFound {
    assert!(
        fits(start.size()),
        "the beam takes boards of at most 64 cells"
    );
    let pool = (beam.threads > 0)
        .then(|| {
            rayon::ThreadPoolBuilder::new()
                .num_threads(beam.threads)
                .build()
                .ok()
        })
        .flatten();
    let search = Layers::new(start, estimate, beam);
    match pool {
        Some(pool) => pool.install(|| search.run(stop)),
        None => search.run(stop),
    }
}

/// The deepest a search goes when no cutoff is given: past the constructive method's
/// bound (about 5n³ moves on an n×n board, Parberry 1995), a beam only wanders.
fn depth_cap(size: Size) -> usize {
    let longest = size.width().max(size.height());
    6 * size.cells() * longest
}

/// How many layers in a row a search may go without lowering its least estimate before
/// it is taken as lost: a beam that finds its way lowers it every few moves.
fn stall_layers(size: Size) -> usize {
    8 * (size.width() + size.height())
}

/// A child of a kept board, before it is made: ranked by `(estimate, hash)`, the
/// estimate being the one's [`Estimate::rank`], carrying its node where that is small
/// (`C` = [`Carry`]) or none, to be made again if kept ([`Remake`]).
#[derive(Clone, Copy, Debug)]
struct Child<C> {
    estimate: u32,
    move_index: u8,
    parent: u32,
    hash: u64,
    goal: bool,
    carried: C,
}

/// Nodes of up to this many bytes ride along with their children; larger ones (a
/// network's sums) are made again for the kept children only. A layer's children are
/// three times its width and are moved about by the selection of the best: a network's
/// 150-byte nodes made a 6x6 beam 1.65 times as slow carried, while making linear
/// conflicts' 24-byte nodes again made it 1.19 times as slow.
const CARRY_BYTES: usize = 32;

/// What a child keeps of its node until the layer's best are chosen.
trait Carried<N>: Copy + Send + Sync {
    /// What is kept of `node`.
    fn keep(node: &N) -> Self;
    /// The node, if it was kept.
    fn node(&self) -> Option<N>;
}

/// The node itself.
#[derive(Clone, Copy, Debug)]
struct Carry<N>(N);

impl<N: Copy + Send + Sync> Carried<N> for Carry<N> {
    fn keep(node: &N) -> Self {
        Carry(*node)
    }
    fn node(&self) -> Option<N> {
        Some(self.0)
    }
}

/// Nothing: the kept child's node is made again from its parent's.
#[derive(Clone, Copy, Debug)]
struct Remake;

impl<N> Carried<N> for Remake {
    fn keep(_: &N) -> Self {
        Remake
    }
    fn node(&self) -> Option<N> {
        None
    }
}

/// One layer's boards, with each one's estimate node, hash, blank and the move
/// (an index into the order) that made it.
struct Layer<N> {
    boards: Vec<FastBoard>,
    nodes: Vec<N>,
    hash: Vec<u64>,
    blank: Vec<u8>,
    last: Vec<u8>,
}

/// The search: the estimate, the hashes, each cell's moves, and the way back through
/// every layer kept.
struct Layers<'a, E: Estimate> {
    estimate: &'a E,
    beam: &'a Beam,
    size: Size,
    start: FastBoard,
    /// `zobrist[cell * 64 + tile]`: a board's hash is the xor over its cells.
    zobrist: Vec<u64>,
    /// `steps[cell][i]`: where the blank goes with the order's move `i`.
    steps: Vec<[Option<u8>; 4]>,
    /// `undo[i]`: the index of the move that undoes move `i`.
    undo: [u8; 4],
    /// Each kept layer's parents and moves, for the way back.
    parents: Vec<Vec<u32>>,
    moves: Vec<Vec<u8>>,
}

impl<'a, E: Estimate> Layers<'a, E> {
    fn new(start: &Board, estimate: &'a E, beam: &'a Beam) -> Layers<'a, E> {
        let size = start.size();
        // splitmix64 from a fixed seed: the same hashes, and so the same ties, every run.
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        let zobrist = (0..MAX_FAST_CELLS * MAX_FAST_CELLS)
            .map(|_| {
                seed = seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
                let mut z = seed;
                z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
                z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
                z ^ (z >> 31)
            })
            .collect();
        let order = beam.order.moves();
        let undo = order.map(|mv| {
            order
                .iter()
                .position(|&m| m == mv.inverse())
                .expect("an order holds every move") as u8
        });
        Layers {
            estimate,
            beam,
            size,
            start: FastBoard::new(start),
            zobrist,
            steps: (0..size.cells())
                .map(|cell| order.map(|mv| size.step(cell, mv).map(|to| to as u8)))
                .collect(),
            undo,
            parents: Vec::new(),
            moves: Vec::new(),
        }
    }

    fn z(&self, cell: usize, tile: u8) -> u64 {
        self.zobrist[cell * MAX_FAST_CELLS + usize::from(tile)]
    }

    fn run(self, stop: &(dyn Fn() -> bool + Sync)) -> BeamFound {
        if std::mem::size_of::<E::Node>() <= CARRY_BYTES {
            self.run_carrying::<Carry<E::Node>>(stop)
        } else {
            self.run_carrying::<Remake>(stop)
        }
    }

    /// [`Layers::run`], the children carrying `C` of their nodes.
    fn run_carrying<C: Carried<E::Node>>(mut self, stop: &(dyn Fn() -> bool + Sync)) -> BeamFound {
        let mut found = BeamFound::default();
        let node = self.estimate.init(&self.start);
        if self.estimate.is_goal(&node) {
            found.moves = Some(Vec::new());
            return found;
        }
        let cells = self.size.cells();
        let hash = (0..cells).fold(0, |h, cell| h ^ self.z(cell, self.start.tiles[cell]));
        let mut layer = Layer {
            boards: vec![self.start.clone()],
            nodes: vec![node],
            hash: vec![hash],
            blank: vec![self.start.pos[0]],
            last: vec![u8::MAX],
        };
        let width = self.beam.width.max(1);
        let cutoff = self.beam.cutoff.min(depth_cap(self.size));
        let stall = stall_layers(self.size);
        let (mut least, mut least_at) = (u32::MAX, 0);
        for depth in 1..cutoff {
            if depth - least_at > stall {
                // Lost: a beam too narrow for the board wanders on a plateau.
                return found;
            }
            if stop() {
                found.stopped = true;
                return found;
            }
            found.expanded += layer.boards.len() as u64;
            let mut children = self.children::<C>(&layer, depth, cutoff);
            found.generated += children.len() as u64;
            if children.is_empty() {
                return found;
            }
            if let Some(goal) = children.iter().find(|c| c.goal) {
                found.moves = Some(self.way_back(goal.move_index, goal.parent));
                return found;
            }
            let rank = |a: &Child<C>, b: &Child<C>| (a.estimate, a.hash).cmp(&(b.estimate, b.hash));
            if children.len() > width {
                children.select_nth_unstable_by(width, rank);
                children.truncate(width);
            }
            children.par_sort_unstable_by(rank);
            children.dedup_by_key(|c| c.hash);
            // A learned rank falls as the beam finds its way as an estimate does.
            if children[0].estimate < least {
                (least, least_at) = (children[0].estimate, depth);
            }
            layer = self.make(&layer, &children);
        }
        found
    }

    /// Every child of the layer's boards that may still lead under the cutoff.
    fn children<C: Carried<E::Node>>(
        &self,
        layer: &Layer<E::Node>,
        depth: usize,
        cutoff: usize,
    ) -> Vec<Child<C>> {
        (0..layer.boards.len())
            .into_par_iter()
            .with_min_len(64)
            .fold(Vec::new, |mut out, i| {
                let blank = usize::from(layer.blank[i]);
                // The start's `last` names no move: nothing to undo.
                let undo = self.undo.get(usize::from(layer.last[i])).copied();
                let mut board = layer.boards[i].clone();
                for (index, to) in self.steps[blank].iter().enumerate() {
                    let Some(to) = *to else { continue };
                    if Some(index as u8) == undo {
                        continue;
                    }
                    let to = usize::from(to);
                    let tile = board.slide(blank, to);
                    let node = self.estimate.step(&layer.nodes[i], &board, tile, to, blank);
                    board.slide(to, blank);
                    if depth + self.estimate.value(&node) as usize >= cutoff {
                        continue;
                    }
                    let estimate = self.estimate.rank(&node);
                    let hash = layer.hash[i]
                        ^ self.z(to, tile)
                        ^ self.z(blank, tile)
                        ^ self.z(blank, 0)
                        ^ self.z(to, 0);
                    out.push(Child {
                        estimate,
                        move_index: index as u8,
                        parent: i as u32,
                        hash,
                        goal: self.estimate.is_goal(&node),
                        carried: C::keep(&node),
                    });
                }
                out
            })
            .reduce(Vec::new, |mut a, mut b| {
                a.append(&mut b);
                a
            })
    }

    /// The next layer: the kept children made, their way back recorded.
    fn make<C: Carried<E::Node>>(
        &mut self,
        layer: &Layer<E::Node>,
        kept: &[Child<C>],
    ) -> Layer<E::Node> {
        let (boards, blank): (Vec<FastBoard>, Vec<u8>) = kept
            .par_iter()
            .map(|child| {
                let p = child.parent as usize;
                let mut board = layer.boards[p].clone();
                let from = usize::from(layer.blank[p]);
                let to = self.steps[from][usize::from(child.move_index)].expect("a legal move");
                board.slide(from, usize::from(to));
                (board, to)
            })
            .unzip();
        let nodes = kept
            .par_iter()
            .zip(&boards)
            .map(|(child, board)| {
                child.carried.node().unwrap_or_else(|| {
                    let p = child.parent as usize;
                    let (from, to) = (usize::from(layer.blank[p]), usize::from(board.pos[0]));
                    let tile = board.tiles[from];
                    self.estimate.step(&layer.nodes[p], board, tile, to, from)
                })
            })
            .collect();
        self.parents.push(kept.iter().map(|c| c.parent).collect());
        self.moves.push(kept.iter().map(|c| c.move_index).collect());
        Layer {
            boards,
            nodes,
            hash: kept.iter().map(|c| c.hash).collect(),
            blank,
            last: kept.iter().map(|c| c.move_index).collect(),
        }
    }

    /// The moves from the start to the child made by move `last` of board `parent` of
    /// the last layer.
    fn way_back(&self, last: u8, parent: u32) -> Vec<Move> {
        let order = self.beam.order.moves();
        let mut moves = vec![order[usize::from(last)]];
        let mut at = parent as usize;
        for (parents, kept_moves) in self.parents.iter().zip(&self.moves).rev() {
            moves.push(order[usize::from(kept_moves[at])]);
            at = parents[at] as usize;
        }
        moves.reverse();
        moves
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fast_idastar::LinearConflict;
    use crate::puzzle::random::{random_board, random_walk};
    use crate::solving::bounded::reaches;
    use proptest::prelude::*;
    use rand::SeedableRng;

    fn search(start: &Board, goal: &Board, beam: &Beam) -> BeamFound {
        beam_search(start, &LinearConflict::new(goal), beam, &|| false)
    }

    #[test]
    fn beams_answer_big_boards_alike_on_any_thread_count_and_keep_under_the_cutoff() {
        let goal = Board::goal(Size::square(7).unwrap());
        let start = random_board(&goal, &mut rand::rngs::StdRng::seed_from_u64(7));
        let narrow = search(
            &start,
            &goal,
            &Beam {
                width: 256,
                ..Beam::default()
            },
        );
        let narrow = narrow.moves.unwrap();
        assert!(reaches(&start, &goal, &narrow));
        let cut = Beam {
            width: 256,
            cutoff: narrow.len(),
            ..Beam::default()
        };
        assert!(search(&start, &goal, &cut)
            .moves
            .is_none_or(|m| m.len() < narrow.len()));
        let wide = |threads| {
            let beam = Beam {
                width: 4096,
                threads,
                ..Beam::default()
            };
            search(&start, &goal, &beam).moves.unwrap()
        };
        let (one, two) = (wide(1), wide(2));
        assert!(reaches(&start, &goal, &one));
        assert_eq!(one, two);
        // Well under the constructive method's length.
        let built = crate::solving::constructive::construct(&start, &goal).unwrap();
        assert!(
            one.len() * 3 < built.moves.len() * 2,
            "{} {}",
            one.len(),
            built.moves.len()
        );
    }

    #[test]
    fn a_stop_ends_the_search_without_an_answer() {
        let goal = Board::goal(Size::square(6).unwrap());
        let start = random_board(&goal, &mut rand::rngs::StdRng::seed_from_u64(3));
        let found = beam_search(
            &start,
            &LinearConflict::new(&goal),
            &Beam::default(),
            &|| true,
        );
        assert!(found.stopped && found.moves.is_none());
    }

    #[test]
    fn a_beam_of_one_stops_when_lost_on_a_board_it_cannot_finish() {
        // Greedy descent wanders on big boards; a stall (or the cap) ends it.
        let goal = Board::goal(Size::square(8).unwrap());
        let start = random_board(&goal, &mut rand::rngs::StdRng::seed_from_u64(8));
        let found = search(
            &start,
            &goal,
            &Beam {
                width: 1,
                ..Beam::default()
            },
        );
        if let Some(moves) = found.moves {
            assert!(reaches(&start, &goal, &moves));
        }
        assert!(found.expanded <= depth_cap(goal.size()) as u64);
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]
        #[test]
        fn every_answer_reaches_the_goal_and_is_the_same_on_any_thread_count(
            seed in any::<u64>(), steps in 0usize..80, width in 1usize..64, side in 3usize..6
        ) {
            let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
            let goal = random_board(&Board::goal(Size::square(side).unwrap()), &mut rng);
            let start = random_walk(&goal, steps, &mut rng);
            let one = search(&start, &goal, &Beam { width, threads: 1, ..Beam::default() });
            let two = search(&start, &goal, &Beam { width, threads: 2, ..Beam::default() });
            prop_assert_eq!(&one.moves, &two.moves);
            if let Some(moves) = one.moves {
                prop_assert!(reaches(&start, &goal, &moves));
            }
        }
    }
}
