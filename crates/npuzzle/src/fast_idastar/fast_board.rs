//! The board as the fast IDA* holds it, changed in place, and the table of
//! legal blank moves it reads instead of computing them.

#![expect(
    clippy::inline_always,
    reason = "called for every generated node of the search: inlining is not left to the cost model"
)]

use crate::puzzle::board::{Board, Move, Size};
use crate::puzzle::move_order::MoveOrder;
use crate::search::GiveUp;

use std::sync::mpsc::{self, RecvTimeoutError};
use std::sync::Arc;
use std::time::{Duration, Instant};

use super::move_pruner::{pruned_word_length, MovePruner};
use super::MAX_FAST_CELLS;

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

    /// The board of `cells` (its tiles, row-major, `0` the blank; at most
    /// [`MAX_FAST_CELLS`]), as a search state holds them.
    pub fn from_cells(cells: &[u8]) -> FastBoard {
        let mut tiles = [0u8; MAX_FAST_CELLS];
        let mut pos = [0u8; MAX_FAST_CELLS];
        for (cell, &t) in cells.iter().enumerate() {
            tiles[cell] = t;
            pos[usize::from(t)] = cell as u8;
        }
        FastBoard { tiles, pos }
    }
}

/// The legal blank moves of every cell, in the search's order, and the machine that
/// refuses the moves ending a duplicate path.
pub(crate) struct MoveTable {
    /// `moves[cell]`: up to four (move, cell the blank goes to), then `None`s.
    pub(super) moves: Vec<[Option<(Move, u8)>; 4]>,
    /// Move pruning for the order, with words as long as pay for the search so far
    /// ([`MoveTable::lengthen_for`]).
    pub(super) pruner: Arc<MovePruner>,
    order: MoveOrder,
    size: Size,
    /// The pruner's longest words.
    length: usize,
    /// Time spent getting pruners: setup, not search (`Stats::setup_seconds`).
    setup: Duration,
}

impl MoveTable {
    /// The table for a search that has not started: the shortest words that pay
    /// ([`pruned_word_length`]).
    pub(super) fn new(size: Size, order: MoveOrder) -> MoveTable {
        let moves = (0..size.cells())
            .map(|cell| {
                let mut row = [None; 4];
                let legal = order
                    .into_iter()
                    .filter_map(|mv| size.step(cell, mv).map(|to| (mv, to as u8)));
                for (slot, m) in row.iter_mut().zip(legal) {
                    *slot = Some(m);
                }
                row
            })
            .collect();
        let length = pruned_word_length(size, 0);
        let started = Instant::now();
        let pruner = MovePruner::shared(order, length, size);
        MoveTable {
            moves,
            pruner,
            order,
            size,
            length,
            setup: started.elapsed(),
        }
    }

    /// Time spent so far getting the pruners, once per process each (found, or read from
    /// those the build embedded): setup, not search.
    pub(super) fn setup(&self) -> Duration {
        self.setup
    }

    /// Before an iteration: takes the machine with longer words once the search has
    /// expanded enough nodes for the next iteration to pay for finding them, calling
    /// `announce` with the new length first (finding the longest takes seconds).
    /// The expanded count is all a cluster's processes agree on, so they switch at the
    /// same iteration, and the same count always gives the same machine.
    ///
    /// With `stop` (a search alone, not on a cluster), the machine is made on a thread
    /// of its own while this one asks `stop` every [`STOP_POLL`]: a search told to stop
    /// (its time up, its token set) gives up at once rather than seconds later, and the
    /// machine, finished on that thread, is there for the next search of the process. On
    /// a cluster the processes must switch together, so the search waits, and stops
    /// inside the round, where the others hear of it.
    ///
    /// # Errors
    /// What `stop` answered, when it did before the machine was made.
    pub(super) fn lengthen_for(
        &mut self,
        expanded: u64,
        announce: &dyn Fn(usize),
        stop: Option<&dyn Fn() -> Option<GiveUp>>,
    ) -> Result<(), GiveUp> {
        let length = pruned_word_length(self.size, expanded);
        if length > self.length {
            announce(length);
            let (order, size) = (self.order, self.size);
            let started = Instant::now();
            self.pruner = match stop {
                None => MovePruner::shared(order, length, size),
                Some(stop) => {
                    let (made, receive) = mpsc::channel();
                    std::thread::spawn(move || {
                        let _ = made.send(MovePruner::shared(order, length, size));
                    });
                    loop {
                        match receive.recv_timeout(STOP_POLL) {
                            Ok(pruner) => break pruner,
                            Err(RecvTimeoutError::Timeout) => {
                                if let Some(why) = stop() {
                                    self.setup += started.elapsed();
                                    return Err(why);
                                }
                            }
                            // The making thread panicked: make it here, to the same end.
                            Err(RecvTimeoutError::Disconnected) => {
                                break MovePruner::shared(order, length, size)
                            }
                        }
                    }
                }
            };
            self.setup += started.elapsed();
            self.length = length;
        }
        Ok(())
    }
}

/// How often a search waiting for a longer move pruner asks whether to stop.
const STOP_POLL: Duration = Duration::from_millis(10);

impl FastBoard {
    /// Slides the tile at `to` into the blank at `blank`; returns the tile.
    #[inline(always)]
    pub fn slide(&mut self, blank: usize, to: usize) -> u8 {
        let tile = self.tiles[to];
        self.tiles[blank] = tile;
        self.tiles[to] = 0;
        self.pos[tile as usize] = blank as u8;
        self.pos[0] = to as u8;
        tile
    }

    /// Undoes [`FastBoard::slide`].
    #[inline(always)]
    pub(super) fn unslide(&mut self, blank: usize, to: usize, tile: u8) {
        self.tiles[to] = tile;
        self.tiles[blank] = 0;
        self.pos[tile as usize] = to as u8;
        self.pos[0] = blank as u8;
    }
}
