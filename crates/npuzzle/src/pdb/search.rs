//! Which search a pattern database runs (and counts shortest paths with): one partition
//! of classic tables has an estimate of its own ([`ClassicEstimate`], a node a third the
//! size), every other database (catalogues, zero-aware tables) the general step of
//! [`PatternDatabase`].
//! The choice sits above both, so that neither file uses the other round a loop.

use crate::fast_idastar::{self, RunSettings, Uncounted};
use crate::puzzle::board::{Board, Move};
use crate::search::{GiveUp, Limits, Stats};

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

    /// [`PatternDatabase::search`] with this database's estimate times `weight`
    /// ([`fast_idastar::Weighted`]): a path of at most `weight` times the optimum, not
    /// proven optimal.
    pub fn search_weighted(
        &self,
        start: &Board,
        weight: f64,
        settings: &RunSettings,
    ) -> (Result<Vec<Move>, GiveUp>, Stats) {
        match ClassicEstimate::of(self) {
            Some(classic) => fast_idastar::search(
                start,
                &fast_idastar::Weighted::new(&classic, weight),
                settings,
            ),
            None => {
                fast_idastar::search(start, &fast_idastar::Weighted::new(self, weight), settings)
            }
        }
    }

    /// Counts the shortest paths of `length` moves (the optimal length) from `start`
    /// with this database's estimate: [`fast_idastar::count_paths`].
    pub fn count_paths(
        &self,
        start: &Board,
        length: u32,
        limits: &Limits,
    ) -> (Result<u128, Uncounted>, Stats) {
        match ClassicEstimate::of(self) {
            Some(classic) => fast_idastar::count_paths(start, &classic, length, limits),
            None => fast_idastar::count_paths(start, self, length, limits),
        }
    }
}
