//! Which search a pattern database runs: one partition of classic tables has an
//! estimate of its own ([`ClassicEstimate`], a node a third the size), every other
//! database (catalogues, zero-aware tables) the general step of [`PatternDatabase`].
//! The choice sits above both, so that neither file uses the other round a loop.

use crate::answer::options::RunSettings;
use crate::fast_idastar;
use crate::puzzle::board::{Board, Move};
use crate::search::{GiveUp, Stats};

use super::classic_estimate::ClassicEstimate;
use super::database::PatternDatabase;

impl PatternDatabase {
    /// Runs the fast IDA* from `start` with this database: one partition of
    /// classic tables with a node of its own (a third the size; `pdb/classic_estimate.rs`
    /// says why), a catalogue or zero-aware tables through the general step.
    pub fn search(
        &self,
        start: &Board,
        settings: &RunSettings,
    ) -> (Result<Vec<Move>, GiveUp>, Stats) {
        match ClassicEstimate::of(self) {
            Some(classic) => fast_idastar::search(start, &classic, settings),
            None => fast_idastar::search(start, self, settings),
        }
    }
}
