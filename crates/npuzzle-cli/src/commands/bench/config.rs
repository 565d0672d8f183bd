//! A benchmark configuration: an algorithm with its estimate and weight, written
//! `algorithm[:heuristic or :pdb=PARTITION or :cat=CATALOGUE][:w=WEIGHT]`.

use std::fmt;
use std::str::FromStr;

use npuzzle::partition::Partition;
use npuzzle::{Algorithm, EstimateChoice, HeuristicKind};

/// One configuration benchmarked.
#[derive(Clone, Debug, PartialEq)]
pub struct Config {
    /// The algorithm.
    pub algorithm: Algorithm,
    /// The estimate it is given.
    pub estimate: EstimateChoice,
    /// The weight on the estimate (1 unless given).
    pub weight: f64,
}

impl Config {
    /// Whether the algorithm is guided by an estimate (auto hands it on to the search it
    /// chooses).
    pub fn takes_estimate(&self) -> bool {
        self.algorithm.uses_heuristic() || self.algorithm == Algorithm::Auto
    }
}

impl FromStr for Config {
    type Err = String;

    fn from_str(text: &str) -> Result<Config, String> {
        let mut parts = text.trim().split(':');
        let algorithm: Algorithm = parts
            .next()
            .unwrap_or_default()
            .trim()
            .parse()
            .map_err(|e: npuzzle::notation::UnknownName| e.to_string())?;
        let mut config = Config {
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
            } else if let Some(catalogue) = part.strip_prefix("cat=") {
                config.estimate = EstimateChoice::Catalogue {
                    catalogue: crate::input::catalogue(catalogue).map_err(|e| format!("{e:#}"))?,
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

impl fmt::Display for Config {
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

/// The configurations benchmarked when none are named.
pub const DEFAULT_CONFIGS: &str = "bfs,bidirectional,astar:manhattan,astar:linear-conflict,idastar:manhattan,idastar:linear-conflict";

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
            assert_eq!(text.parse::<Config>().unwrap().to_string(), text);
        }
        assert!("bfs:manhattan"
            .parse::<Config>()
            .unwrap_err()
            .contains("bfs takes no heuristic"));
        assert!("idastar:w=0.5".parse::<Config>().is_err());
        assert!("dfs".parse::<Config>().is_err());
    }
}
