//! The chance that a uniformly random solvable board's optimum lies in a range of moves
//! (`npuzzle stats --probability A..B`): exact from a distribution where one is at hand,
//! otherwise estimated from random boards solved optimally, with a 95 % Wilson interval.

use crate::answer::options::SolveOptions;
use crate::puzzle::board::{Board, Size};
use crate::puzzle::metric::Metric;
use crate::util::progress::Progress;
use crate::util::proportion::{ConfidenceInterval, Proportion};

use super::{
    distance_stats, sample_distances, DepthRange, DistributionSource, SampleSettings,
    SampledDistances, StatsError,
};

/// What is asked: a size, a range, and how to sample if sampling is needed.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ProbabilityRequest {
    /// The board size; distances are to its default goal.
    pub size: Size,
    /// The optimal distances counted, ends included.
    pub range: DepthRange,
    /// Sample even where the exact distribution is at hand: a check of the sampler
    /// against the exact answer.
    pub force_sampling: bool,
    /// How many boards, from which seed, in how long, when sampling.
    pub sampling: SampleSettings,
}

/// How the probability was had.
#[derive(Clone, Debug, PartialEq)]
pub enum Estimate {
    /// Read off an exact distribution.
    Exact {
        /// The boards whose optimum lies in the range.
        boards: u64,
        /// The solvable boards of the size.
        states: u64,
        /// Where the distribution comes from.
        source: DistributionSource,
    },
    /// Estimated from random boards solved optimally.
    Sampled {
        /// The boards whose optimum lay in the range, of those solved.
        proportion: Proportion,
        /// Wilson's 95 % score interval about it.
        interval: ConfidenceInterval,
        /// The seed the boards were drawn with.
        seed: u64,
        /// The optimal distances drawn.
        distances: SampledDistances,
    },
}

/// The chance that a uniformly random solvable board's optimum lies in a range.
#[derive(Clone, Debug, PartialEq)]
pub struct RangeProbability {
    /// The board size.
    pub size: Size,
    /// The goal distances are measured to.
    pub goal: Board,
    /// How moves are counted.
    pub metric: Metric,
    /// The range asked about.
    pub range: DepthRange,
    /// The probability: exact, or the sample's estimate.
    pub probability: f64,
    /// How it was had.
    pub estimate: Estimate,
}

/// The probability `request` asks for, in `options.metric`: exact from
/// [`distance_stats`] where it answers (tables up to 12 cells, built if missing, with
/// `options`' cache and limits; published counts) unless sampling is forced, otherwise
/// from [`sample_distances`] under `options`. `progress` hears of table builds and of each
/// board sampled.
///
/// ```
/// use npuzzle::services::distance_stats::{
///     range_probability, Estimate, ProbabilityRequest, SampleSettings,
/// };
/// use npuzzle::util::progress::Silent;
/// use npuzzle::{Size, SolveOptions};
///
/// let request = ProbabilityRequest {
///     size: Size::square(3)?,
///     range: "31".parse()?,
///     force_sampling: false,
///     sampling: SampleSettings { samples: 100, seed: 1, budget: None },
/// };
/// let answer = range_probability(&request, &SolveOptions::default(), &Silent)?;
/// assert_eq!(answer.probability, 2.0 / 181_440.0); // two boards of 181,440 are 31 moves away
/// assert!(matches!(answer.estimate, Estimate::Exact { boards: 2, .. }));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// A table that could not be had; whatever stops sampling ([`sample_distances`]).
///
/// # Panics
/// Never: a sample that returns has at least one board solved.
pub fn range_probability(
    request: &ProbabilityRequest,
    options: &SolveOptions,
    progress: &dyn Progress,
) -> Result<RangeProbability, StatsError> {
    let goal = Board::goal(request.size);
    let answer = |probability, estimate| RangeProbability {
        size: request.size,
        goal: goal.clone(),
        metric: options.metric,
        range: request.range,
        probability,
        estimate,
    };
    if !request.force_sampling {
        match distance_stats(
            request.size,
            options.metric,
            &options.cache(),
            &options.limits,
            progress,
        ) {
            Ok(distribution) => {
                let (boards, states) = distribution.count_in(&request.range);
                return Ok(answer(
                    boards as f64 / states as f64,
                    Estimate::Exact {
                        boards,
                        states,
                        source: distribution.source,
                    },
                ));
            }
            Err(StatsError::NoDistribution { .. }) => {}
            Err(other) => return Err(other),
        }
    }
    let distances = sample_distances(&goal, &request.sampling, options, progress)?;
    let hits = distances
        .counts
        .iter()
        .enumerate()
        .filter(|&(d, _)| u32::try_from(d).is_ok_and(|d| request.range.contains(d)))
        .map(|(_, &c)| c)
        .sum();
    let proportion = Proportion::new(hits, distances.solved())
        .expect("at least one board solved, and hits among them");
    Ok(answer(
        proportion.estimate(),
        Estimate::Sampled {
            proportion,
            interval: proportion.wilson_95(),
            seed: request.sampling.seed,
            distances,
        },
    ))
}

#[cfg(test)]
mod tests {
    use super::{range_probability, Estimate, ProbabilityRequest};
    use crate::answer::options::SolveOptions;
    use crate::puzzle::board::Size;
    use crate::puzzle::metric::Metric;
    use crate::search::Limits;
    use crate::services::distance_stats::{distance_stats, DistributionSource, SampleSettings};
    use crate::tables::cache::Cache;
    use crate::util::progress::Silent;

    fn request(size: Size, range: &str, force_sampling: bool) -> ProbabilityRequest {
        ProbabilityRequest {
            size,
            range: range.parse().unwrap(),
            force_sampling,
            sampling: SampleSettings {
                samples: 400,
                seed: 7,
                budget: None,
            },
        }
    }

    #[test]
    fn exact_answers_are_a_count_over_the_distribution() {
        // 2x3 in both metrics: every range of its distances, against a count by hand.
        let size = Size::new(2, 3).unwrap();
        for metric in Metric::ALL {
            let options = SolveOptions {
                metric,
                ..SolveOptions::default()
            };
            let stats =
                distance_stats(size, metric, &Cache::from_env(), &Limits::NONE, &Silent).unwrap();
            let max = stats.max() as u32;
            for (min, top) in [(0, 0), (0, max), (3, 9), (max, max), (max + 1, max + 5)] {
                let range = format!("{min}..{top}");
                let answer =
                    range_probability(&request(size, &range, false), &options, &Silent).unwrap();
                let mut inside = 0;
                for (d, &c) in stats.counts.iter().enumerate() {
                    if (min..=top).contains(&(d as u32)) {
                        inside += c;
                    }
                }
                assert_eq!(
                    answer.estimate,
                    Estimate::Exact {
                        boards: inside,
                        states: 360,
                        source: DistributionSource::Table
                    },
                    "{metric:?} {range}"
                );
                assert!((answer.probability - inside as f64 / 360.0).abs() < 1e-15);
            }
            let open = range_probability(&request(size, "5..", false), &options, &Silent).unwrap();
            let below = range_probability(&request(size, "..4", false), &options, &Silent).unwrap();
            assert!((open.probability + below.probability - 1.0).abs() < 1e-12);
        }
    }

    #[test]
    fn the_fifteen_puzzle_answers_from_its_published_counts() {
        let answer = range_probability(
            &request(Size::square(4).unwrap(), "..52", false),
            &SolveOptions::default(),
            &Silent,
        )
        .unwrap();
        let Estimate::Exact {
            boards,
            states,
            source,
        } = answer.estimate
        else {
            panic!("exact: {answer:?}")
        };
        assert_eq!(states, 10_461_394_944_000);
        assert!(matches!(source, DistributionSource::Published(_)));
        // A shade under half the boards are 52 moves away or fewer (the mean is 52.59).
        assert!(
            answer.probability > 0.45 && answer.probability < 0.5,
            "{boards}"
        );
    }

    #[test]
    fn a_sampled_interval_holds_the_exact_3x3_answer() {
        let size = Size::square(3).unwrap();
        let options = SolveOptions::default();
        for range in ["20..23", "..18", "24.."] {
            let exact = range_probability(&request(size, range, false), &options, &Silent)
                .unwrap()
                .probability;
            let sampled =
                range_probability(&request(size, range, true), &options, &Silent).unwrap();
            let Estimate::Sampled {
                proportion,
                interval,
                ref distances,
                ..
            } = sampled.estimate
            else {
                panic!("sampled: {sampled:?}")
            };
            assert_eq!(proportion.trials, 400);
            assert_eq!(distances.solved(), 400);
            assert!(!distances.cut_short);
            // The seed is fixed, so this is one draw that holds, not a test that may fail.
            assert!(
                interval.contains(exact),
                "{range}: exact {exact}, sampled {interval:?}"
            );
            assert!(interval.high - interval.low < 0.11, "{interval:?}");
        }
    }

    #[test]
    fn larger_boards_are_exact_from_published_counts_and_sampled_when_asked() {
        let size = Size::new(3, 5).unwrap();
        let mut ask = request(size, "..50", false);
        ask.sampling.samples = 5;
        let options = SolveOptions {
            cache: Some(crate::tables::cache::scratch()),
            ..SolveOptions::default()
        };
        let exact = range_probability(&ask, &options, &Silent).unwrap();
        let Estimate::Exact { boards, states, .. } = exact.estimate else {
            panic!("exact: {exact:?}")
        };
        assert_eq!(states, 653_837_184_000);
        assert!((exact.probability - boards as f64 / states as f64).abs() < 1e-15);
        ask.force_sampling = true;
        let answer = range_probability(&ask, &options, &Silent).unwrap();
        let Estimate::Sampled { proportion, .. } = answer.estimate else {
            panic!("sampled: {answer:?}")
        };
        assert_eq!(proportion.trials, 5);
    }
}
