//! How far the boards of a size lie from the goal (`npuzzle stats`): the exact
//! distribution of optimal distances, from the complete distance table (boards of at most
//! 12 cells) or from published counts shipped as data (boards of 13 to 16 cells in both
//! metrics: the 15-puzzle's single-tile counts Korf & Schultze's, the rest lightln2's);
//! and the chance that a uniformly random solvable board's optimum lies in a range of
//! moves, read off the distribution where there is one and otherwise estimated by solving
//! random boards, with a 95 % Wilson interval.
//!
//! ```
//! use npuzzle::services::distance_stats::{distance_stats, DepthRange, DistributionSource};
//! use npuzzle::search::Limits;
//! use npuzzle::tables::cache::Cache;
//! use npuzzle::util::progress::Silent;
//! use npuzzle::{Metric, Size};
//!
//! let cache = Cache::from_env();
//! // The 15-puzzle: published counts, at once.
//! let fifteen = distance_stats(Size::square(4)?, Metric::SingleTile, &cache, &Limits::NONE, &Silent)?;
//! assert_eq!(fifteen.max(), 80);
//! assert!(matches!(fifteen.source, DistributionSource::Published(_)));
//! assert!((fifteen.mean() - 52.59).abs() < 0.01);
//! let (boards, states) = fifteen.count_in(&"80".parse::<DepthRange>()?);
//! assert_eq!((boards, states), (17, 10_461_394_944_000));
//! // In the multi-tile metric: Norskog & Davidson's 16 antipodes at 43 moves.
//! let jumps = distance_stats(Size::square(4)?, Metric::MultiTile, &cache, &Limits::NONE, &Silent)?;
//! assert_eq!(jumps.max(), 43);
//! assert_eq!(jumps.count_in(&"43".parse::<DepthRange>()?).0, 16);
//! // The 8-puzzle: its table.
//! let eight = distance_stats(Size::square(3)?, Metric::SingleTile, &cache, &Limits::NONE, &Silent)?;
//! assert_eq!(eight.source, DistributionSource::Table);
//! assert_eq!(eight.hardest.len(), 2);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod depth_range;
mod published;
mod range_probability;
mod sampling;
mod stats_error;

pub use depth_range::{DepthRange, DepthRangeError};
pub use published::{published, Publication};
pub use range_probability::{range_probability, Estimate, ProbabilityRequest, RangeProbability};
pub use sampling::{sample_distances, SampleSettings, SampledDistances};
pub use stats_error::StatsError;

use crate::puzzle::board::{Board, Size};
use crate::puzzle::metric::Metric;
use crate::search::Limits;
use crate::tables::cache::Cache;
use crate::tables::distance_table::{self, mean_distance, Layout, Need, MAX_TABLE_CELLS};
use crate::util::progress::Progress;

/// Where an exact distribution comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DistributionSource {
    /// Counted here, from the complete distance table of the size.
    Table,
    /// Published counts, shipped with the library.
    Published(&'static Publication),
}

impl DistributionSource {
    /// The name reports give it: `table` or `published`.
    pub fn name(self) -> &'static str {
        match self {
            DistributionSource::Table => "table",
            DistributionSource::Published(_) => "published",
        }
    }

    /// The published source, cited in one line; `None` for a table counted here.
    pub fn citation(self) -> Option<&'static str> {
        match self {
            DistributionSource::Table => None,
            DistributionSource::Published(publication) => Some(publication.citation),
        }
    }
}

/// The exact distribution of optimal distances of every solvable board of a size to its
/// default goal (tiles in order, the blank last).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DistanceStats {
    /// The board size.
    pub size: Size,
    /// The goal every distance is measured to.
    pub goal: Board,
    /// How moves are counted.
    pub metric: Metric,
    /// `counts[d]`: the boards exactly `d` moves from the goal.
    pub counts: Vec<u64>,
    /// Some of the boards at the largest distance (up to
    /// [`HARDEST_KEPT`](distance_table::HARDEST_KEPT), from a table; none from published
    /// counts, which do not list them).
    pub hardest: Vec<Board>,
    /// Where the counts come from.
    pub source: DistributionSource,
}

impl DistanceStats {
    /// Number of boards counted: every solvable board of the size.
    pub fn states(&self) -> u64 {
        self.counts.iter().sum()
    }

    /// The largest distance.
    pub fn max(&self) -> usize {
        self.counts.len() - 1
    }

    /// The mean distance over all boards.
    pub fn mean(&self) -> f64 {
        mean_distance(&self.counts)
    }

    /// The boards whose distance lies in `range`, and the boards in all.
    pub fn count_in(&self, range: &DepthRange) -> (u64, u64) {
        let inside = self
            .counts
            .iter()
            .enumerate()
            .filter(|&(d, _)| u32::try_from(d).is_ok_and(|d| range.contains(d)))
            .map(|(_, &c)| c)
            .sum();
        (inside, self.states())
    }
}

/// The exact distribution of `size` in `metric`: from its distance table for at most
/// [`MAX_TABLE_CELLS`] cells (built when missing, the larger ones cached; `limits` bound
/// a build's memory and may stop it, `progress` hears of it), else from published counts
/// where the library ships them ([`published`]).
///
/// # Errors
/// [`StatsError::NoDistribution`] for a larger size with no published counts; a table
/// that could not be loaded, built or stored.
///
/// # Panics
/// Never: a table asked for with [`Need::Always`] is had or its error returned.
pub fn distance_stats(
    size: Size,
    metric: Metric,
    cache: &Cache,
    limits: &Limits,
    progress: &dyn Progress,
) -> Result<DistanceStats, StatsError> {
    let goal = Board::goal(size);
    if size.cells() > MAX_TABLE_CELLS {
        let publication =
            published(size, metric).ok_or(StatsError::NoDistribution { size, metric })?;
        return Ok(DistanceStats {
            size,
            goal,
            metric,
            counts: publication.counts.clone(),
            hardest: publication.hardest.clone(),
            source: DistributionSource::Published(publication),
        });
    }
    let layout = Layout::for_goal(&goal)?.in_metric(metric);
    let table = distance_table::shared(layout, cache, Need::Always, limits, progress)?
        .expect("a table is always had when needed");
    // The table's goal is the standard one with the same blank cell, which for the
    // default goal is the default goal itself: its boards need no relabeling.
    debug_assert_eq!(layout.goal(), goal);
    Ok(DistanceStats {
        size,
        goal,
        metric,
        counts: table.summary().counts.clone(),
        hardest: table.hardest_boards(),
        source: DistributionSource::Table,
    })
}
