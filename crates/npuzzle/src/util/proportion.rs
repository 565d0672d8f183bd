//! A proportion estimated from a sample, and its confidence interval: Wilson's score
//! interval, which stays inside 0..1 and keeps its coverage with few trials or a
//! proportion near 0 or 1, where the textbook's normal interval fails. The one place
//! the library estimates a chance from draws.
//!
//! ```
//! use npuzzle::util::proportion::Proportion;
//!
//! let p = Proportion::new(42, 100)?;
//! assert_eq!(p.estimate(), 0.42);
//! let interval = p.wilson_95();
//! assert!((interval.low - 0.3280).abs() < 1e-4 && (interval.high - 0.5179).abs() < 1e-4);
//! // No hits in 10 draws still leaves room above 0.
//! let none = Proportion::new(0, 10)?.wilson_95();
//! assert_eq!(none.low, 0.0);
//! assert!((none.high - 0.2775).abs() < 1e-4);
//! # Ok::<(), npuzzle::util::proportion::ProportionError>(())
//! ```

use thiserror::Error;

/// The standard normal quantile of 0.975: the `z` of a two-sided 95 % interval.
pub const Z_95: f64 = 1.959_963_984_540_054;

/// `hits` successes out of `trials` independent draws.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Proportion {
    /// Draws that were successes.
    pub hits: u64,
    /// Draws in all.
    pub trials: u64,
}

/// Counts that make no proportion.
#[derive(Clone, Copy, Debug, Error, PartialEq, Eq)]
pub enum ProportionError {
    /// More successes than draws.
    #[error("{hits} successes out of only {trials} draws")]
    MoreHitsThanTrials {
        /// Successes counted.
        hits: u64,
        /// Draws counted.
        trials: u64,
    },
    /// No draws at all: nothing is estimated.
    #[error("no draws: a proportion needs at least one")]
    NoTrials,
}

/// An interval said to hold the true proportion with some confidence.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ConfidenceInterval {
    /// The lower end, at least 0.
    pub low: f64,
    /// The upper end, at most 1.
    pub high: f64,
    /// The confidence asked for (0.95 for 95 %).
    pub level: f64,
}

impl ConfidenceInterval {
    /// Whether `p` lies in the interval, ends included.
    pub fn contains(&self, p: f64) -> bool {
        self.low <= p && p <= self.high
    }
}

impl Proportion {
    /// `hits` out of `trials`.
    ///
    /// # Errors
    /// No trials, or more hits than trials.
    pub fn new(hits: u64, trials: u64) -> Result<Proportion, ProportionError> {
        if trials == 0 {
            return Err(ProportionError::NoTrials);
        }
        if hits > trials {
            return Err(ProportionError::MoreHitsThanTrials { hits, trials });
        }
        Ok(Proportion { hits, trials })
    }

    /// The point estimate, `hits / trials`.
    pub fn estimate(&self) -> f64 {
        self.hits as f64 / self.trials as f64
    }

    /// Wilson's score interval at the normal quantile `z` (with `level` the confidence it
    /// stands for): the proportions `p` for which `|p̂ − p| ≤ z·√(p(1 − p)/n)`, n the
    /// trials and p̂ the estimate.
    pub fn wilson(&self, z: f64, level: f64) -> ConfidenceInterval {
        let n = self.trials as f64;
        let p = self.estimate();
        let z2 = z * z;
        let scale = 1.0 + z2 / n;
        let centre = (p + z2 / (2.0 * n)) / scale;
        let half = z / scale * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
        ConfidenceInterval {
            // Exactly 0 and 1 at the edges, whatever the rounding.
            low: if self.hits == 0 {
                0.0
            } else {
                (centre - half).max(0.0)
            },
            high: if self.hits == self.trials {
                1.0
            } else {
                (centre + half).min(1.0)
            },
            level,
        }
    }

    /// Wilson's 95 % score interval.
    pub fn wilson_95(&self) -> ConfidenceInterval {
        self.wilson(Z_95, 0.95)
    }
}

#[cfg(test)]
mod tests {
    use super::{Proportion, ProportionError};

    #[test]
    fn the_interval_matches_worked_values() {
        // Wilson (1927) as tabulated by Newcombe (1998), method 3: 81/263 gives
        // 0.2553 to 0.3662; 15/148, 0.0624 to 0.1605; 0/20, 0 to 0.1611; 1/29, 0.0061 to 0.1718.
        for (hits, trials, low, high) in [
            (81, 263, 0.2553, 0.3662),
            (15, 148, 0.0624, 0.1605),
            (0, 20, 0.0, 0.1611),
            (1, 29, 0.0061, 0.1718),
        ] {
            let i = Proportion::new(hits, trials).unwrap().wilson_95();
            assert!((i.low - low).abs() < 5e-5, "{hits}/{trials}: {i:?}");
            assert!((i.high - high).abs() < 5e-5, "{hits}/{trials}: {i:?}");
            assert!(i.contains(hits as f64 / trials as f64));
        }
        let all = Proportion::new(7, 7).unwrap().wilson_95();
        assert!(all.high >= 1.0, "exactly 1 at the edge: {all:?}");
        assert!(all.low > 0.6 && all.low < 0.7, "{all:?}");
    }

    #[test]
    fn counts_that_make_no_proportion_are_refused() {
        assert_eq!(Proportion::new(0, 0), Err(ProportionError::NoTrials));
        assert_eq!(
            Proportion::new(3, 2),
            Err(ProportionError::MoreHitsThanTrials { hits: 3, trials: 2 })
        );
    }
}
