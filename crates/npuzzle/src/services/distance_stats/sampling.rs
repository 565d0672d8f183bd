//! Optimal distances of uniformly random solvable boards, each solved with [`solve`]:
//! where no exact distribution is at hand, a sample of it.

use std::time::{Duration, Instant};

use rand::rngs::StdRng;
use rand::SeedableRng;

use crate::answer::options::SolveOptions;
use crate::answer::solution::Status;
use crate::puzzle::board::Board;
use crate::puzzle::random::random_board;
use crate::search::GiveUp;
use crate::solving::solver::solve;
use crate::util::progress::Progress;

use super::StatsError;

/// How many boards to draw, from which seed, in how long.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SampleSettings {
    /// Boards to draw and solve.
    pub samples: usize,
    /// The seed of the generator the boards are drawn with: the same seed, the same
    /// boards.
    pub seed: u64,
    /// The time all the solves may take together; sampling stops when it ends, keeping
    /// the boards solved by then. `None`: no limit.
    pub budget: Option<Duration>,
}

/// The optimal distances of the boards drawn.
#[derive(Clone, Debug, PartialEq)]
pub struct SampledDistances {
    /// `counts[d]`: the boards drawn whose optimum is `d` moves.
    pub counts: Vec<u64>,
    /// The boards asked for; more than were solved when the time budget ended first.
    pub requested: usize,
    /// Whether the time budget ended the sampling before every board asked for was
    /// solved (the board being solved then is left out).
    pub cut_short: bool,
    /// Whether a stop from outside ([`crate::search::Limits::cancel`]: Ctrl-C) ended the
    /// sampling before every board asked for was solved; the boards solved before it are
    /// the sample (the board being solved then is left out).
    pub stopped: bool,
    /// Seconds the sampling took.
    pub seconds: f64,
}

impl SampledDistances {
    /// The boards solved.
    pub fn solved(&self) -> u64 {
        self.counts.iter().sum()
    }
}

/// Draws `settings.samples` uniformly random solvable boards towards `goal` and solves
/// each optimally under `options` (its metric, cache, threads, memory budget and
/// cancellation; the time limit of each solve is what is left of `settings.budget`).
/// `progress` hears of each board solved.
///
/// # Errors
/// No boards asked for; a solve refused ([`StatsError::Solve`]); a board answered but not
/// optimally (boards too large to solve optimally); a search stopped by a limit other than
/// the time budget; the budget ending before the first board was solved.
///
/// # Panics
/// Never: the boards drawn are solvable, and a solved board has a length.
pub fn sample_distances(
    goal: &Board,
    settings: &SampleSettings,
    options: &SolveOptions,
    progress: &dyn Progress,
) -> Result<SampledDistances, StatsError> {
    if settings.samples == 0 {
        return Err(StatsError::NoSamples);
    }
    let started = Instant::now();
    let mut rng = StdRng::seed_from_u64(settings.seed);
    let mut counts: Vec<u64> = Vec::new();
    let mut cut_short = false;
    let mut stopped = false;
    progress.start(
        &format!("solving random {} boards", goal.size()),
        settings.samples as u64,
    );
    for _ in 0..settings.samples {
        let board = random_board(goal, &mut rng);
        let left = match settings.budget {
            Some(budget) => match budget.checked_sub(started.elapsed()) {
                Some(left) if !left.is_zero() => Some(left),
                _ => {
                    cut_short = true;
                    break;
                }
            },
            None => None,
        };
        let mut each = options.clone();
        each.limits.max_time = left;
        // An optimum, or nothing: no bounded answers, no counting.
        each.bounded = false;
        each.count_optimal = false;
        let solution = solve(&board, goal, &each)?;
        match solution.status {
            Status::Solved if solution.optimal => {
                let length = solution.length().expect("a solved board has a length");
                if counts.len() <= length {
                    counts.resize(length + 1, 0);
                }
                counts[length] += 1;
                progress.advance(1);
            }
            Status::Solved | Status::Bounded(_) => {
                progress.finish();
                return Err(StatsError::NotOptimal { size: goal.size() });
            }
            Status::GaveUp(GiveUp::Time(_)) if left.is_some() => {
                cut_short = true;
                break;
            }
            // The boards solved so far are a sample still: what a stop leaves is said.
            Status::GaveUp(GiveUp::Interrupted) if !counts.is_empty() => {
                stopped = true;
                break;
            }
            Status::GaveUp(reason) => {
                progress.finish();
                return Err(StatsError::GaveUp { board, reason });
            }
            Status::Unsolvable => unreachable!("random boards are drawn among the solvable"),
        }
    }
    progress.finish();
    let sampled = SampledDistances {
        counts,
        requested: settings.samples,
        cut_short,
        stopped,
        seconds: started.elapsed().as_secs_f64(),
    };
    if sampled.solved() == 0 {
        return Err(StatsError::OutOfTime {
            seconds: settings.budget.map_or(0.0, |b| b.as_secs_f64()),
        });
    }
    Ok(sampled)
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::{sample_distances, SampleSettings};
    use crate::answer::options::SolveOptions;
    use crate::puzzle::board::{Board, Size};
    use crate::services::distance_stats::StatsError;
    use crate::util::progress::Silent;

    #[test]
    fn the_same_seed_draws_the_same_boards() {
        let goal = Board::goal(Size::square(3).unwrap());
        let settings = SampleSettings {
            samples: 30,
            seed: 5,
            budget: None,
        };
        let options = SolveOptions::default();
        let one = sample_distances(&goal, &settings, &options, &Silent).unwrap();
        let two = sample_distances(&goal, &settings, &options, &Silent).unwrap();
        assert_eq!(one.counts, two.counts);
        assert_eq!(
            (one.solved(), one.requested, one.cut_short),
            (30, 30, false)
        );
        assert!(
            one.counts.len() <= 32,
            "no 3x3 board is more than 31 moves away"
        );
    }

    #[test]
    fn no_boards_or_no_time_is_refused() {
        let goal = Board::goal(Size::square(3).unwrap());
        let none = SampleSettings {
            samples: 0,
            seed: 1,
            budget: None,
        };
        assert!(matches!(
            sample_distances(&goal, &none, &SolveOptions::default(), &Silent),
            Err(StatsError::NoSamples)
        ));
        let no_time = SampleSettings {
            samples: 5,
            seed: 1,
            budget: Some(Duration::ZERO),
        };
        assert!(matches!(
            sample_distances(&goal, &no_time, &SolveOptions::default(), &Silent),
            Err(StatsError::OutOfTime { .. })
        ));
    }
}
