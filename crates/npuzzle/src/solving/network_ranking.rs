//! A learned ranking for the beam on big boards: a small network, trained by approximate
//! value iteration on lazy random walks (`scripts/train-ranking.sh`), that orders each
//! layer's boards by the moves it expects them to need. It only ranks: every cutoff and
//! bound stays the admissible linear-conflict estimate's.
//!
//! ```
//! use npuzzle::fast_idastar::{Estimate, FastBoard};
//! use npuzzle::solving::network_ranking::NetworkRanking;
//! use npuzzle::{Board, Size};
//!
//! let goal = Board::goal(Size::square(6)?);
//! let ranking = NetworkRanking::built_in(&goal).expect("6x6 weights ship")?;
//! let node = ranking.init(&FastBoard::new(&goal));
//! assert!(ranking.is_goal(&node) && ranking.value(&node) == 0);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! **Why learned.** Manhattan distance with linear conflicts ranks a beam's boards badly
//! where it lies far below the moves left (about 0.8 of them on a 7x7 board): which tiles
//! block which matters more than how far each is from home. DeepCubeA's lead on big boards
//! is a learned estimate; this is a CPU-sized one. Its inputs are one-hot (tile, cell), as
//! chess engines' NNUE: the first layer is kept as an accumulator updated move by move
//! (two rows of [`HIDDEN`] additions a child), then a `ReLU`, one output, and a skip
//! connection to the linear-conflict estimate and the count of conflicting pairs.
//!
//! **The file.** A first line `npuzzle ranking network 1 WxH HIDDEN`, then little-endian
//! `f32`s: the skip weights (estimate, bias, conflicts), the hidden biases, the output
//! weights, then for each tile in goal order (its home cell, row-major, the blank's left
//! out) the first layer's row for each cell; last, the xxh3 of every byte before it, as a
//! little-endian `u64`. Weights whose checksum, size or length do not match are refused,
//! and the beam then ranks by linear conflicts.

#![expect(
    clippy::inline_always,
    reason = "called for every child a beam makes: inlining is not left to the cost model"
)]

use thiserror::Error;
use xxhash_rust::xxh3::xxh3_64;

use crate::fast_idastar::{Estimate, FastBoard, LineNode, LinearConflict};
use crate::puzzle::board::{Board, Size};

/// The network's hidden units.
pub const HIDDEN: usize = 128;

/// Sums of the output kept apart, for vector lanes; [`HIDDEN`] is a multiple of it.
const LANES: usize = 8;
const _: () = assert!(HIDDEN % LANES == 0);

/// The weights that ship, by board size, for the standard goal (blank last).
const BUILT_IN: [(&str, &[u8]); 2] = [
    ("6x6", include_bytes!("../../data/ranking-6x6.net")),
    ("7x7", include_bytes!("../../data/ranking-7x7.net")),
];

/// Why weights were refused.
#[derive(Debug, Error, PartialEq)]
pub enum NetworkWeightsError {
    /// The first line is not this format's.
    #[error("not npuzzle ranking weights (the first line should be `npuzzle ranking network 1 WxH {HIDDEN}`)")]
    NotWeights,
    /// The weights are for a network of another width (written by an older or newer
    /// npuzzle).
    #[error("weights of a network of {found} hidden units, where this npuzzle's has {HIDDEN}")]
    WrongHidden {
        /// The file's hidden units, as written.
        found: String,
    },
    /// The weights are another board's.
    #[error("weights for {found}, not for {wanted}")]
    WrongSize {
        /// The file's board.
        found: String,
        /// The board asked for.
        wanted: String,
    },
    /// Too few or too many bytes for the board.
    #[error("{found} bytes of weights where {wanted} belong")]
    WrongLength {
        /// Bytes after the first line.
        found: usize,
        /// Bytes the board's network has, checksum included.
        wanted: usize,
    },
    /// The checksum does not match the bytes: the file was damaged or edited.
    #[error(
        "checksum mismatch: the weights are damaged (xxh3 {found:016x}, recorded {recorded:016x})"
    )]
    Checksum {
        /// Of the bytes read.
        found: u64,
        /// As recorded in the file.
        recorded: u64,
    },
}

/// A network's weights, as trained: the first layer by tile (in goal order) and cell.
#[derive(Clone, Debug, PartialEq)]
pub struct NetworkWeights {
    /// The board's size.
    pub size: Size,
    /// Weight of the linear-conflict estimate in the output.
    pub estimate: f32,
    /// The output's bias.
    pub bias: f32,
    /// Weight of the count of pairs in linear conflict.
    pub conflicts: f32,
    /// The hidden units' biases.
    pub hidden_bias: [f32; HIDDEN],
    /// The output's weight of each hidden unit.
    pub output: [f32; HIDDEN],
    /// `first[home * cells + cell]`: the first layer's row for the tile whose home is
    /// `home` (counted among the goal's tiles, the blank's cell left out) on `cell`.
    pub first: Vec<[f32; HIDDEN]>,
}

impl NetworkWeights {
    /// Weights for `size` that rank as linear conflicts do (the start of training).
    pub fn linear_conflict(size: Size) -> NetworkWeights {
        let cells = size.cells();
        NetworkWeights {
            size,
            estimate: 1.0,
            bias: 0.0,
            conflicts: 0.0,
            hidden_bias: [0.0; HIDDEN],
            output: [0.0; HIDDEN],
            first: vec![[0.0; HIDDEN]; cells * (cells - 1)],
        }
    }

    /// The file's bytes: the first line, the weights, the checksum.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut bytes = header(self.size).into_bytes();
        let floats = [self.estimate, self.bias, self.conflicts]
            .into_iter()
            .chain(self.hidden_bias)
            .chain(self.output)
            .chain(self.first.iter().flatten().copied());
        for x in floats {
            bytes.extend_from_slice(&x.to_le_bytes());
        }
        let sum = xxh3_64(&bytes);
        bytes.extend_from_slice(&sum.to_le_bytes());
        bytes
    }

    /// Reads [`NetworkWeights::to_bytes`]'s bytes back for a board of `size`, checked.
    ///
    /// # Errors
    ///
    /// A first line not this format's, weights for another size, too few or too many
    /// bytes, or a checksum that does not match ([`NetworkWeightsError`]).
    pub fn parse(bytes: &[u8], size: Size) -> Result<NetworkWeights, NetworkWeightsError> {
        let line_end = bytes
            .iter()
            .position(|&b| b == b'\n')
            .ok_or(NetworkWeightsError::NotWeights)?;
        let line =
            std::str::from_utf8(&bytes[..line_end]).map_err(|_| NetworkWeightsError::NotWeights)?;
        let fields: Vec<&str> = line.split(' ').collect();
        let [b"npuzzle", b"ranking", b"network", b"1", found, hidden] =
            fields.iter().map(|f| f.as_bytes()).collect::<Vec<_>>()[..]
        else {
            return Err(NetworkWeightsError::NotWeights);
        };
        if hidden != HIDDEN.to_string().as_bytes() {
            return Err(NetworkWeightsError::WrongHidden {
                found: crate::util::excerpt::shortened(&String::from_utf8_lossy(hidden)),
            });
        }
        let found = String::from_utf8_lossy(found).into_owned();
        if found != size.to_string() {
            return Err(NetworkWeightsError::WrongSize {
                found,
                wanted: size.to_string(),
            });
        }
        let cells = size.cells();
        let floats = 3 + 2 * HIDDEN + cells * (cells - 1) * HIDDEN;
        let body = &bytes[line_end + 1..];
        let wanted = 4 * floats + 8;
        if body.len() != wanted {
            return Err(NetworkWeightsError::WrongLength {
                found: body.len(),
                wanted,
            });
        }
        let Some((signed, recorded)) = bytes.split_last_chunk::<8>() else {
            return Err(NetworkWeightsError::NotWeights);
        };
        let recorded = u64::from_le_bytes(*recorded);
        let found = xxh3_64(signed);
        if found != recorded {
            return Err(NetworkWeightsError::Checksum { found, recorded });
        }
        let mut values = body[..4 * floats]
            .chunks_exact(4)
            .map(|b| f32::from_le_bytes([b[0], b[1], b[2], b[3]]));
        // The length was checked: every value is there.
        let mut next = || values.next().unwrap_or(0.0);
        let (estimate, bias, conflicts) = (next(), next(), next());
        let hidden_bias = std::array::from_fn(|_| next());
        let output = std::array::from_fn(|_| next());
        let first = (0..cells * (cells - 1))
            .map(|_| std::array::from_fn(|_| next()))
            .collect();
        Ok(NetworkWeights {
            size,
            estimate,
            bias,
            conflicts,
            hidden_bias,
            output,
            first,
        })
    }
}

/// The first line of a weights file for `size`.
fn header(size: Size) -> String {
    format!("npuzzle ranking network 1 {size} {HIDDEN}\n")
}

/// The beam's ranking by a network ([`NetworkWeights`]), bounding by linear conflicts.
#[derive(Clone, Debug)]
pub struct NetworkRanking {
    lines: LinearConflict,
    cells: usize,
    /// `first[tile * cells + cell]`, by the tile's number on this goal.
    first: Vec<[f32; HIDDEN]>,
    weights: NetworkWeights,
}

/// A node of [`NetworkRanking`]: the linear-conflict node and the first layer's sums.
#[derive(Clone, Copy, Debug)]
pub struct NetworkNode {
    lines: LineNode,
    sums: [f32; HIDDEN],
}

impl NetworkRanking {
    /// The ranking by `weights` towards `goal`.
    ///
    /// # Panics
    ///
    /// If the weights are for another size than the goal's.
    pub fn new(goal: &Board, weights: NetworkWeights) -> NetworkRanking {
        let cells = goal.size().cells();
        assert_eq!(weights.size, goal.size(), "weights for the goal's size");
        let mut first = vec![[0.0; HIDDEN]; cells * cells];
        let tiles = goal.cells().iter().filter(|&&t| t != 0);
        for (home, &tile) in tiles.enumerate() {
            let rows = &weights.first[home * cells..(home + 1) * cells];
            first[tile as usize * cells..(tile as usize + 1) * cells].copy_from_slice(rows);
        }
        NetworkRanking {
            lines: LinearConflict::new(goal),
            cells,
            first,
            weights,
        }
    }

    /// The ranking that ships for `goal`, if weights ship for its size and it is the
    /// standard goal (the blank last, where they were trained); `Err` if they are
    /// damaged.
    pub fn built_in(goal: &Board) -> Option<Result<NetworkRanking, NetworkWeightsError>> {
        let size = goal.size();
        if *goal != Board::goal(size) {
            return None;
        }
        let name = size.to_string();
        let (_, bytes) = BUILT_IN.iter().find(|(n, _)| *n == name)?;
        Some(NetworkWeights::parse(bytes, size).map(|w| NetworkRanking::new(goal, w)))
    }

    /// The network's expected moves left for a node (not a bound).
    pub fn expected(&self, node: &NetworkNode) -> f32 {
        let w = &self.weights;
        // Eight running sums, not one: a single chain of float additions cannot be
        // reordered into vector lanes, and would cost a child HIDDEN additions in a row.
        let mut lanes = [0.0f32; LANES];
        for (sums, outputs) in node
            .sums
            .chunks_exact(LANES)
            .zip(w.output.chunks_exact(LANES))
        {
            for i in 0..LANES {
                lanes[i] += sums[i].max(0.0) * outputs[i];
            }
        }
        lanes.iter().sum::<f32>()
            + w.estimate * self.lines.value(&node.lines) as f32
            + w.conflicts * node.lines.conflicts() as f32
            + w.bias
    }
}

/// Units of [`Estimate::rank`] a move: rankings differing by less tie (and fall to the
/// hash).
const RANK_UNITS: f32 = 64.0;

impl Estimate for NetworkRanking {
    type Node = NetworkNode;
    type Ahead = ();

    fn init(&self, board: &FastBoard) -> NetworkNode {
        let mut sums = self.weights.hidden_bias;
        for cell in 0..self.cells {
            let tile = usize::from(board.tiles[cell]);
            if tile != 0 {
                for (s, w) in sums.iter_mut().zip(&self.first[tile * self.cells + cell]) {
                    *s += w;
                }
            }
        }
        NetworkNode {
            lines: self.lines.init(board),
            sums,
        }
    }

    #[inline(always)]
    fn step(
        &self,
        node: &NetworkNode,
        board: &FastBoard,
        tile: u8,
        from: usize,
        to: usize,
    ) -> NetworkNode {
        let row = usize::from(tile) * self.cells;
        let (old, new) = (&self.first[row + from], &self.first[row + to]);
        let mut sums = node.sums;
        for i in 0..HIDDEN {
            sums[i] += new[i] - old[i];
        }
        NetworkNode {
            lines: self.lines.step(&node.lines, board, tile, from, to),
            sums,
        }
    }

    #[inline(always)]
    fn value(&self, node: &NetworkNode) -> u32 {
        self.lines.value(&node.lines)
    }

    #[inline(always)]
    fn rank(&self, node: &NetworkNode) -> u32 {
        // Offset so that a (rare) negative expectation still orders below the others.
        let units = (self.expected(node) * RANK_UNITS) as i64 + (1 << 30);
        units.clamp(0, i64::from(u32::MAX)) as u32
    }

    fn is_goal(&self, node: &NetworkNode) -> bool {
        self.lines.is_goal(&node.lines)
    }

    fn name(&self) -> String {
        "network ranking".into()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::board::Move;
    use crate::puzzle::lazy_walk::lazy_random_walk;
    use crate::solving::beam::{beam_search, Beam};
    use proptest::prelude::*;
    use rand::SeedableRng;

    fn shipped(side: usize) -> (Board, NetworkRanking) {
        let goal = Board::goal(Size::square(side).unwrap());
        let ranking = NetworkRanking::built_in(&goal).unwrap().unwrap();
        (goal, ranking)
    }

    #[test]
    fn weights_ship_for_the_standard_six_and_seven_and_nothing_else() {
        for side in [6, 7] {
            let (goal, ranking) = shipped(side);
            assert_eq!(ranking.weights.size, goal.size());
            // Trained: not the untrained start, which ranks as linear conflicts.
            assert_ne!(
                ranking.weights,
                NetworkWeights::linear_conflict(goal.size())
            );
            let blank_first = Board::blank_first_goal(goal.size());
            assert!(NetworkRanking::built_in(&blank_first).is_none());
        }
        for size in [Size::square(5).unwrap(), Size::new(6, 7).unwrap()] {
            assert!(NetworkRanking::built_in(&Board::goal(size)).is_none());
        }
    }

    #[test]
    fn weights_read_back_as_written_and_damage_is_refused_with_its_reason() {
        let size = Size::square(6).unwrap();
        let (_, ranking) = shipped(6);
        let bytes = ranking.weights.to_bytes();
        assert_eq!(
            NetworkWeights::parse(&bytes, size).unwrap(),
            ranking.weights
        );

        let mut flipped = bytes.clone();
        flipped[bytes.len() / 2] ^= 0x10;
        let damaged = NetworkWeights::parse(&flipped, size).unwrap_err();
        assert!(
            matches!(damaged, NetworkWeightsError::Checksum { .. }),
            "{damaged}"
        );
        assert!(damaged.to_string().contains("damaged"));

        let short = NetworkWeights::parse(&bytes[..bytes.len() - 5], size).unwrap_err();
        assert!(
            matches!(short, NetworkWeightsError::WrongLength { .. }),
            "{short}"
        );
        let seven = NetworkWeights::parse(&bytes, Size::square(7).unwrap()).unwrap_err();
        assert_eq!(seven.to_string(), "weights for 6x6, not for 7x7");
        let narrower = NetworkWeights::parse(b"npuzzle ranking network 1 6x6 32\n", size);
        assert_eq!(
            narrower,
            Err(NetworkWeightsError::WrongHidden { found: "32".into() })
        );
        for garbage in [
            &b""[..],
            b"\n",
            b"npuzzle ranking network 2 6x6 32\n",
            &[0xff; 64],
        ] {
            assert_eq!(
                NetworkWeights::parse(garbage, size),
                Err(NetworkWeightsError::NotWeights)
            );
        }
    }

    #[test]
    fn untrained_weights_rank_as_linear_conflicts_do() {
        let goal = Board::goal(Size::square(6).unwrap());
        let ranking = NetworkRanking::new(&goal, NetworkWeights::linear_conflict(goal.size()));
        let lines = LinearConflict::new(&goal);
        let mut rng = rand::rngs::StdRng::seed_from_u64(5);
        for steps in [0, 1, 10, 100, 1000] {
            let board = FastBoard::new(&lazy_random_walk(&goal, steps, &mut rng));
            let expected = ranking.expected(&ranking.init(&board));
            let bound = lines.value(&lines.init(&board));
            assert!(
                (expected - bound as f32).abs() < 1e-4,
                "{expected} against {bound}"
            );
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]
        /// Move by move, the node is the one made from the board afresh: the sums (to
        /// rounding) and the bound exactly.
        #[test]
        fn a_step_gives_the_node_of_the_board_it_makes(
            seed in any::<u64>(),
            side in 6usize..8,
            moves in prop::collection::vec(0usize..4, 1..200),
        ) {
            let (goal, ranking) = shipped(side);
            let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
            let mut board = lazy_random_walk(&goal, 500, &mut rng);
            let mut node = ranking.init(&FastBoard::new(&board));
            for index in moves {
                let mv = Move::ALL[index];
                let from = board.blank();
                let Some(to) = board.size().step(from, mv) else { continue };
                let tile = board.cells()[to];
                board.apply(mv);
                // The tile slides from the blank's new cell into its old one.
                node = ranking.step(&node, &FastBoard::new(&board), tile as u8, to, from);
                let fresh = ranking.init(&FastBoard::new(&board));
                prop_assert_eq!(ranking.value(&node), ranking.value(&fresh));
                prop_assert!((ranking.expected(&node) - ranking.expected(&fresh)).abs() < 0.01);
                prop_assert_eq!(ranking.is_goal(&node), board == goal);
            }
        }
    }

    #[test]
    fn beams_ranked_by_the_network_reach_the_goal_no_shorter_than_the_bound() {
        for side in [6, 7] {
            let (goal, ranking) = shipped(side);
            let mut rng = rand::rngs::StdRng::seed_from_u64(side as u64);
            let start = lazy_random_walk(&goal, 1000, &mut rng);
            let beam = Beam {
                width: 4096,
                ..Beam::default()
            };
            let moves = beam_search(&start, &ranking, &beam, &|| false)
                .moves
                .expect("a beam of 4,096 finds its way on a 1,000-step walk");
            let mut board = start.clone();
            for &mv in &moves {
                board.apply(mv);
            }
            assert_eq!(board, goal);
            let bound = ranking.value(&ranking.init(&FastBoard::new(&start)));
            assert!(moves.len() >= bound as usize);
        }
    }
}
