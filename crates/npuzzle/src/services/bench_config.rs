//! A benchmark configuration: an algorithm with its estimate and weight, written
//! `algorithm[:heuristic or :pdb=PARTITION or :cat=CATALOGUE][:w=WEIGHT]`, as `npuzzle
//! bench --configs` and Python's `bench_by_depth(configs=...)` read it.
//!
//! ```
//! use npuzzle::services::bench_config::BenchConfig;
//! use npuzzle::{Algorithm, EstimateChoice, HeuristicKind};
//!
//! let config: BenchConfig = "astar:manhattan".parse()?;
//! assert_eq!(config.algorithm, Algorithm::Astar);
//! assert_eq!(config.estimate, EstimateChoice::Heuristic(HeuristicKind::Manhattan));
//! assert_eq!(config.to_string(), "astar:manhattan");
//! assert!("bfs:manhattan".parse::<BenchConfig>().is_err()); // bfs takes no heuristic
//! # Ok::<(), String>(())
//! ```

use std::fmt;
use std::str::FromStr;

use crate::answer::algorithm::Algorithm;
use crate::answer::options::{EstimateChoice, SolveOptions};
use crate::puzzle::heuristic::HeuristicKind;
use crate::tables::catalogue::Catalogue;
use crate::tables::partition::Partition;

/// One configuration benchmarked.
#[derive(Clone, Debug, PartialEq)]
pub struct BenchConfig {
    /// The algorithm.
    pub algorithm: Algorithm,
    /// The estimate it is given.
    pub estimate: EstimateChoice,
    /// The weight on the estimate (1 unless given).
    pub weight: f64,
}

impl BenchConfig {
    /// Whether the algorithm is guided by an estimate (auto hands it on to the search it
    /// chooses).
    #[must_use]
    pub fn takes_estimate(&self) -> bool {
        self.algorithm.uses_heuristic() || self.algorithm == Algorithm::Auto
    }

    /// `shared` with this configuration's algorithm, estimate and weight.
    #[must_use]
    pub fn options(&self, shared: &SolveOptions) -> SolveOptions {
        SolveOptions {
            algorithm: self.algorithm,
            estimate: self.estimate.clone(),
            weight: self.weight,
            ..shared.clone()
        }
    }

    /// Reads `text`, a `cat=` part through `catalogue` (a front end may read a catalogue
    /// from a file; [`FromStr`] reads the catalogue's text alone).
    ///
    /// # Errors
    /// A message naming the part of `text` at fault: an unknown algorithm or estimate,
    /// a weight below 1, or an estimate given to an algorithm that takes none.
    pub fn parse_with(
        text: &str,
        catalogue: impl Fn(&str) -> Result<Catalogue, String>,
    ) -> Result<BenchConfig, String> {
        let mut parts = text.trim().split(':');
        let algorithm: Algorithm = parts
            .next()
            .unwrap_or_default()
            .trim()
            .parse()
            .map_err(|e: crate::puzzle::notation::UnknownName| e.to_string())?;
        let mut config = BenchConfig {
            algorithm,
            estimate: EstimateChoice::Auto,
            weight: 1.0,
        };
        for part in parts {
            let part = part.trim();
            if let Some(weight) = part.strip_prefix("w=") {
                config.weight = weight
                    .parse()
                    .ok()
                    .filter(|w: &f64| w.is_finite() && *w >= 1.0)
                    .ok_or_else(|| {
                        format!("'{weight}' in '{text}' is not a weight of at least 1")
                    })?;
            } else if let Some(name) = part.strip_prefix("cat=") {
                config.estimate = EstimateChoice::Catalogue {
                    catalogue: catalogue(name)?,
                    reflection: true,
                };
            } else if let Some(partition) = part.strip_prefix("pdb=") {
                config.estimate = EstimateChoice::PatternDatabase {
                    partition: partition.parse::<Partition>().map_err(|e| e.to_string())?,
                    reflection: true,
                };
            } else {
                config.estimate = EstimateChoice::Heuristic(
                    part.parse::<HeuristicKind>().map_err(|e| e.to_string())?,
                );
            }
        }
        if config.estimate != EstimateChoice::Auto && !config.takes_estimate() {
            return Err(format!("{} takes no heuristic", config.algorithm));
        }
        Ok(config)
    }
}

impl FromStr for BenchConfig {
    type Err = String;

    fn from_str(text: &str) -> Result<BenchConfig, String> {
        BenchConfig::parse_with(text, |name| {
            name.parse::<Catalogue>().map_err(|e| e.to_string())
        })
    }
}

impl fmt::Display for BenchConfig {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.algorithm)?;
        match &self.estimate {
            EstimateChoice::Auto => {}
            EstimateChoice::Heuristic(kind) => write!(f, ":{kind}")?,
            EstimateChoice::PatternDatabase {
                partition,
                reflection,
            } => {
                write!(f, ":pdb={partition}")?;
                if !reflection {
                    f.write_str(" (no reflection)")?;
                }
            }
            EstimateChoice::Catalogue {
                catalogue,
                reflection,
            } => {
                write!(f, ":cat={catalogue}")?;
                if !reflection {
                    f.write_str(" (no reflection)")?;
                }
            }
        }
        if self.weight > 1.0 {
            write!(f, ":w={}", self.weight)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn configurations_read_and_print_back() {
        for text in [
            "bfs",
            "astar:manhattan",
            "fast-idastar:pdb=7-8",
            "fast-idastar:cat=small",
            "idastar:linear-conflict:w=1.5",
        ] {
            assert_eq!(text.parse::<BenchConfig>().unwrap().to_string(), text);
        }
        assert!("bfs:manhattan"
            .parse::<BenchConfig>()
            .unwrap_err()
            .contains("bfs takes no heuristic"));
        assert!("idastar:w=0.5".parse::<BenchConfig>().is_err());
        assert!("dfs".parse::<BenchConfig>().is_err());
        let refused = BenchConfig::parse_with("fast-idastar:cat=x", |_| Err("no".into()));
        assert_eq!(refused, Err("no".to_string()));
    }
}
