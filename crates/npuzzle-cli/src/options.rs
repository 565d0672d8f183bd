//! Where the flags become the library's options: every translation of a flag group into
//! its part of [`SolveOptions`], and the one check of the options, which names the flags
//! of what the library refuses.

use std::fmt::Write as _;
use std::time::Duration;

use anyhow::{bail, Context};
use npuzzle::search::Limits;
use npuzzle::tables::cache::Cache;
use npuzzle::tables::partition::Partition;
use npuzzle::util::progress::SharedProgress;
use npuzzle::{
    Algorithm, Board, EstimateChoice, HeuristicKind, MoveOrder, SolveError, SolveOptions,
};

use crate::args::{CacheArgs, EstimateArgs, LimitArgs, OrderArgs};
use crate::input;
use crate::progress::Bars;

impl LimitArgs {
    /// The limits these flags ask for, `defaults` filling what they leave unset, the
    /// memory budget (the flag's, the defaults', else half the memory available now)
    /// shared by `sharers` searches running at once.
    pub fn limits(&self, defaults: Limits, sharers: usize) -> Limits {
        let budget = self
            .max_memory
            .or(defaults.max_bytes)
            .or_else(npuzzle::util::memory::default_budget);
        Limits {
            max_expanded: self.max_nodes.or(defaults.max_expanded),
            max_held: self.max_memory_nodes.or(defaults.max_held),
            max_bytes: budget.map(|b| b / sharers.max(1) as u64),
            // Checked by the flag's parser: positive, finite, at most a year.
            max_time: self
                .max_seconds
                .map(Duration::from_secs_f64)
                .or(defaults.max_time),
            ..defaults
        }
    }
}

impl CacheArgs {
    /// The cache these flags name.
    pub fn cache(&self) -> Cache {
        match &self.cache_dir {
            Some(dir) => Cache::new(dir),
            None => Cache::from_env(),
        }
    }

    /// The cache for a command that solves many boards in one process (`batch`,
    /// `bench`): large tables are read onto huge pages ([`Cache::onto_huge_pages`]),
    /// a copy (0.3 s for the 15-puzzle's 151 MB multi-tile database) that the first
    /// boards repay: random lookups then rarely miss the page-table cache. A single
    /// solve maps the file instead, and starts at once.
    pub fn cache_for_many(&self) -> Cache {
        self.cache().onto_huge_pages(true)
    }

    /// Progress reports for long work: bars on a terminal unless `--quiet`.
    pub fn progress(&self) -> SharedProgress {
        SharedProgress::new(Bars::new(self.quiet))
    }
}

impl EstimateArgs {
    /// The estimate these flags name.
    pub fn choice(&self) -> anyhow::Result<EstimateChoice> {
        estimate_choice(
            self.heuristic,
            self.pdb.as_ref(),
            self.catalogue.as_deref(),
            self.no_reflection,
        )
    }
}

/// The estimate named by `--heuristic`, `--pdb`, `--catalogue` and `--no-reflection`.
pub fn estimate_choice(
    heuristic: Option<HeuristicKind>,
    pdb: Option<&Partition>,
    catalogue: Option<&str>,
    no_reflection: bool,
) -> anyhow::Result<EstimateChoice> {
    let reflection = !no_reflection;
    match (heuristic, pdb, catalogue) {
        (Some(_), Some(_), _) => bail!(
            "--heuristic and --pdb both name an estimate: give one (--pdb guides the \
             puzzle-specific IDA* with pattern databases)"
        ),
        (Some(_), _, Some(_)) => bail!(
            "--heuristic and --catalogue both name an estimate: give one (--catalogue \
             guides the puzzle-specific IDA* with pattern databases)"
        ),
        (_, Some(_), Some(_)) => {
            bail!("--pdb and --catalogue both name pattern databases: give one")
        }
        (_, None, None) if no_reflection => {
            bail!("--no-reflection applies to pattern databases: give --pdb or --catalogue too")
        }
        (Some(kind), None, None) => Ok(EstimateChoice::Heuristic(kind)),
        (None, Some(partition), None) => Ok(EstimateChoice::PatternDatabase {
            partition: partition.clone(),
            reflection,
        }),
        (None, None, Some(text)) => Ok(EstimateChoice::Catalogue {
            catalogue: input::catalogue(text).context("--catalogue")?,
            reflection,
        }),
        (None, None, None) => Ok(EstimateChoice::Auto),
    }
}

/// Checks `options` for boards towards `goal` before any work, naming the flags that
/// ask for what the library refuses.
pub fn validate(goal: &Board, options: &SolveOptions) -> anyhow::Result<()> {
    npuzzle::solving::plan::validate(goal, options).map_err(|e| {
        if let SolveError::DatabaseNotTaken(algorithm) = e {
            let flag = match options.estimate {
                EstimateChoice::Catalogue { .. } => "--catalogue",
                _ => "--pdb",
            };
            return anyhow::anyhow!(
                "{flag} guides the puzzle-specific IDA*: use --algorithm auto or fast-idastar, \
                 not {algorithm}"
            );
        }
        let mut flags = format!("--algorithm {}", options.algorithm);
        match &options.estimate {
            EstimateChoice::Auto => {}
            EstimateChoice::Heuristic(kind) => {
                let _ = write!(flags, " --heuristic {kind}");
            }
            EstimateChoice::PatternDatabase { partition, .. } => {
                let _ = write!(flags, " --pdb {partition}");
            }
            EstimateChoice::Catalogue { catalogue, .. } => {
                let _ = write!(flags, " --catalogue '{catalogue}'");
            }
        }
        if options.weight > 1.0 {
            let _ = write!(flags, " --weight {}", options.weight);
        }
        let counting = match &e {
            SolveError::CountNotOptimal(_) => true,
            SolveError::TooLarge { algorithm, .. } | SolveError::SideTooLong { algorithm, .. } => {
                algorithm.starts_with("counting")
            }
            _ => false,
        };
        if counting {
            flags.push_str(" --count-optimal");
        }
        if options.algorithm == Algorithm::Auto && flags == "--algorithm auto" {
            anyhow::Error::new(e)
        } else {
            anyhow::Error::new(e).context(flags)
        }
    })
}

impl OrderArgs {
    /// The order asked for, else the default (l, r, d, u).
    pub fn chosen(self) -> MoveOrder {
        self.order.unwrap_or_default()
    }
}
