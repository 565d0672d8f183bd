//! Where the flags become the library's options: the one step between [`crate::args`]
//! (the command line as typed, clap's flag groups: ripgrep's "low" arguments) and
//! [`crate::commands`], which run on [`SolveOptions`] (the "high" ones).
//!
//! Every translation of a flag group into its part of the options is here, once: the
//! limits, each command's defaults filling what the flags leave unset
//! ([`LimitArgs::with_defaults`], and a table build's [`build_limits`]); the cache and
//! the progress bars ([`CacheArgs`]); the estimate and the conflicts between its flags
//! ([`EstimateArgs::choice`]); the move order ([`OrderArgs::chosen`]); the solutions
//! listed ([`ListArgs::request`]). A command writes
//! the parts it has into an [`OptionsBuilder`], a step a part, the others keeping the
//! library's defaults, so no command spells out the whole of [`SolveOptions`] or
//! translates a flag group its own way. The last step, [`OptionsBuilder::checked`], is
//! the one check of the options before any work: the library's [`plan::validate`], its
//! refusal said in the flags that asked for what it refuses ([`in_flags`], the one place
//! that names them). Options a command completes later (a batch line's own algorithm, a
//! benchmark's configurations) are built unchecked ([`OptionsBuilder::build`]) and
//! checked by [`validate`] once complete; the library's `solve` checks them again,
//! guarding its own door.
//!
//! The web API reads JSON, not flags: it builds its options with the same steps from
//! the values its requests name, and answers the library's refusals in errors of its own.

use std::fmt::Write as _;
use std::time::Duration;

use anyhow::{bail, Context};
use npuzzle::answer::solution_list::ListRequest;
use npuzzle::search::Limits;
use npuzzle::solving::plan;
use npuzzle::tables::cache::Cache;
use npuzzle::util::cancel::CancelToken;
use npuzzle::util::progress::SharedProgress;
use npuzzle::{
    Algorithm, Board, EstimateChoice, Metric, MoveOrder, SolveError, SolveOptions, Visited,
};

use crate::args::{CacheArgs, EstimateArgs, LimitArgs, ListArgs, OrderArgs};
use crate::input;
use crate::progress::Bars;

/// [`SolveOptions`] built a part at a time, each step setting the part one flag group
/// (or one field of a request) names; the parts no step sets keep the library's
/// defaults.
#[must_use]
#[derive(Debug)]
pub struct OptionsBuilder {
    options: SolveOptions,
}

impl OptionsBuilder {
    /// Options under `limits` (for flags, [`LimitArgs::with_defaults`]).
    pub fn new(limits: Limits) -> OptionsBuilder {
        OptionsBuilder {
            options: SolveOptions {
                limits,
                ..SolveOptions::default()
            },
        }
    }

    /// The work stops when `token` is set (a command's Ctrl-C, [`crate::interrupt`]),
    /// answering what it has.
    pub fn stopped_by(mut self, token: CancelToken) -> Self {
        self.options.limits.cancel = Some(token);
        self
    }

    /// The memory budget shared by `searches` running at once: each is held to its share.
    pub fn memory_shared_by(mut self, searches: usize) -> Self {
        let budget = &mut self.options.limits.max_bytes;
        *budget = budget.map(|bytes| bytes / searches.max(1) as u64);
        self
    }

    /// The search (`--algorithm`).
    pub fn algorithm(mut self, algorithm: Algorithm) -> Self {
        self.options.algorithm = algorithm;
        self
    }

    /// What guides the informed searches (for flags, [`EstimateArgs::choice`]).
    pub fn estimate(mut self, estimate: EstimateChoice) -> Self {
        self.options.estimate = estimate;
        self
    }

    /// The weight on the estimate (`--weight`).
    pub fn weight(mut self, weight: f64) -> Self {
        self.options.weight = weight;
        self
    }

    /// How the visited boards are kept (`--visited`).
    pub fn visited(mut self, visited: Visited) -> Self {
        self.options.visited = visited;
        self
    }

    /// The order the moves are tried in (for flags, [`OrderArgs::chosen`]).
    pub fn order(mut self, order: MoveOrder) -> Self {
        self.options.order = order;
        self
    }

    /// How moves are counted (`--metric`).
    pub fn metric(mut self, metric: Metric) -> Self {
        self.options.metric = metric;
        self
    }

    /// Threads searching one board (`--threads`, 0 for one per core).
    pub fn threads(mut self, threads: usize) -> Self {
        self.options.threads = threads;
        self
    }

    /// Whether every optimal solution is counted (`--count-optimal`).
    pub fn count_optimal(mut self, count: bool) -> Self {
        self.options.count_optimal = count;
        self
    }

    /// Which solutions are listed (for flags, [`ListArgs::request`]).
    pub fn list(mut self, request: Option<ListRequest>) -> Self {
        self.options.list = request;
        self
    }

    /// Whether a time or node limit that stops an optimal search leaves a bounded answer
    /// (see [`SolveOptions::bounded`]).
    pub fn bounded(mut self, bounded: bool) -> Self {
        self.options.bounded = bounded;
        self
    }

    /// Where tables are cached (for flags, [`CacheArgs::cache`]); `None`, the library's
    /// default place.
    pub fn cache(mut self, cache: impl Into<Option<Cache>>) -> Self {
        self.options.cache = cache.into();
        self
    }

    /// Whether tables that are not cached may be built.
    pub fn build_tables(mut self, build: bool) -> Self {
        self.options.build_tables = build;
        self
    }

    /// Where long work reports (for flags, [`CacheArgs::progress`]).
    pub fn progress(mut self, progress: SharedProgress) -> Self {
        self.options.progress = Some(progress);
        self
    }

    /// The options, checked for boards towards `goal` before any work ([`validate`]).
    ///
    /// # Errors
    /// The library's refusal, led by the flags that asked for what it refuses.
    pub fn checked(self, goal: &Board) -> anyhow::Result<SolveOptions> {
        validate(goal, &self.options)?;
        Ok(self.options)
    }

    /// The options unchecked: for options completed later and checked then (with
    /// [`validate`] on the command line, by the web API in its own errors).
    pub fn build(self) -> SolveOptions {
        self.options
    }
}

impl LimitArgs {
    /// The limits these flags ask for, `defaults` (the command's) filling what they leave
    /// unset; the memory budget is the flag's, else the defaults', else half the memory
    /// available now.
    pub fn with_defaults(&self, defaults: Limits) -> Limits {
        Limits {
            max_expanded: self.max_nodes.or(defaults.max_expanded),
            max_held: self.max_memory_nodes.or(defaults.max_held),
            max_bytes: self
                .max_memory
                .or(defaults.max_bytes)
                .or_else(npuzzle::util::memory::default_budget),
            // Checked by the flag's parser: positive, finite, at most a year.
            max_time: self
                .max_seconds
                .map(Duration::from_secs_f64)
                .or(defaults.max_time),
            ..defaults
        }
    }
}

/// The limits of a table build (`stats`, `pdb build`): the memory budget `--max-memory`
/// names, else half the memory available now, and no other.
pub fn build_limits(max_memory: Option<u64>) -> Limits {
    Limits {
        max_bytes: max_memory.or_else(npuzzle::util::memory::default_budget),
        ..Limits::NONE
    }
}

/// [`build_limits`] for a build that Ctrl-C and SIGTERM stop, leaving nothing half
/// written in the cache ([`crate::interrupt`]).
///
/// # Errors
/// When the signal handlers cannot be installed.
pub fn interruptible_build_limits(max_memory: Option<u64>) -> anyhow::Result<Limits> {
    Ok(Limits {
        cancel: Some(crate::interrupt::stop_token().context("watching for Ctrl-C and SIGTERM")?),
        ..build_limits(max_memory)
    })
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

    /// Progress reports of table and database builds alone, for a command that draws a
    /// bar of its own over its many searches (`batch`).
    pub fn build_progress(&self) -> SharedProgress {
        SharedProgress::new(Bars::builds_only(self.quiet))
    }
}

impl EstimateArgs {
    /// The estimate named by `--heuristic`, `--pdb`, `--catalogue` and `--no-reflection`.
    ///
    /// # Errors
    /// Flags that name two estimates, `--no-reflection` without pattern databases, and a
    /// catalogue that cannot be read.
    pub fn choice(&self) -> anyhow::Result<EstimateChoice> {
        let reflection = !self.no_reflection;
        match (self.heuristic, &self.pdb, &self.catalogue) {
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
            (_, None, None) if self.no_reflection => {
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
}

impl OrderArgs {
    /// The order asked for, else the default (l, r, d, u).
    pub fn chosen(self) -> MoveOrder {
        self.order.unwrap_or_default()
    }
}

impl ListArgs {
    /// The solutions `--all-optimal`, `--within` and `--limit` ask to list, if any.
    pub fn request(self) -> Option<ListRequest> {
        self.all_optimal.then(|| ListRequest {
            within: self.within.unwrap_or(0),
            limit: self.limit.unwrap_or(ListRequest::DEFAULT_LIMIT),
        })
    }
}

/// Checks `options` for boards towards `goal` before any work: the library's
/// [`plan::validate`], its refusal said in the flags that asked for it ([`in_flags`]).
///
/// # Errors
/// The refusal, led by the flags.
pub fn validate(goal: &Board, options: &SolveOptions) -> anyhow::Result<()> {
    plan::validate(goal, options).map_err(|error| in_flags(error, options))
}

/// `error`, the library's refusal of `options`, led by the flags that asked for what it
/// refuses: `--algorithm` and the estimate's flag, a weight above 1, and `--weight`,
/// `--visited`, `--metric` and `--count-optimal` (or `--all-optimal`) where the refusal is theirs; the bare
/// error where that would name only the default `--algorithm auto`. Pattern databases
/// named for a search that takes none are refused with what to ask for instead.
pub fn in_flags(error: SolveError, options: &SolveOptions) -> anyhow::Error {
    if let SolveError::DatabaseNotTaken(algorithm) = error {
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
    if options.weight > 1.0 || matches!(error, SolveError::BadWeight(_)) {
        let _ = write!(flags, " --weight {}", options.weight);
    }
    // A ranked visited set is checked first: a search that keeps none, or a board too
    // large to rank, is refused for it.
    let ranked = options.visited == Visited::Ranked
        && matches!(
            error,
            SolveError::VisitedNotTaken(_) | SolveError::TooLarge { .. }
        );
    if ranked {
        let _ = write!(flags, " --visited {}", options.visited.name());
    }
    if matches!(error, SolveError::NotMultiTile { .. }) {
        let _ = write!(flags, " --metric {}", options.metric);
    }
    let counting = match &error {
        SolveError::CountNotOptimal(_) => true,
        SolveError::TooLarge { algorithm, .. } | SolveError::SideTooLong { algorithm, .. } => {
            algorithm.starts_with("counting")
        }
        _ => false,
    };
    if counting && options.list.is_some() {
        flags.push_str(" --all-optimal");
    } else if counting {
        flags.push_str(" --count-optimal");
    }
    if options.algorithm == Algorithm::Auto && flags == "--algorithm auto" {
        anyhow::Error::new(error)
    } else {
        anyhow::Error::new(error).context(flags)
    }
}
