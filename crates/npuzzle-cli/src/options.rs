//! Where the flags become the library's options: the one step between [`crate::args`]
//! (the command line as typed, clap's flag groups: ripgrep's "low" arguments) and
//! [`crate::commands`], which run on [`SolveOptions`] (the "high" ones).
//!
//! Every flag group is mapped here, once, into its part of the library's one
//! [`SolveRequest`]: the limits ([`LimitArgs::request`]), the estimate
//! ([`EstimateArgs::fill`]), the move order ([`OrderArgs::chosen`]), the solutions listed
//! ([`ListArgs::fill`]). The request becomes [`SolveOptions`] by the library's one
//! conversion ([`OptionsBuilder::asked`]: the rules between flags are the library's, its
//! refusals written in the flags by [`Flags`]), to which a command adds what is not the
//! user's request (the cache and the progress bars of [`CacheArgs`], a Ctrl-C token,
//! bounded answers). The last step, [`OptionsBuilder::checked`], is the one check of the
//! options before any work: the library's [`plan::validate`], its refusal said in the
//! flags that asked for what it refuses ([`in_flags`], the one place that names them).
//! Options a command completes later (a batch line's own algorithm, a benchmark's
//! configurations) are built unchecked ([`OptionsBuilder::build`]) and checked by
//! [`validate`] once complete; the library's `solve` checks them again, guarding its own
//! door.
//!
//! The web API and Python read JSON and keyword arguments, not flags: they fill the same
//! request and spell its refusals in their own words.

use std::fmt::Write as _;

use anyhow::Context;
use npuzzle::answer::request::{LimitRequest, RequestField, Spelling};
use npuzzle::search::Limits;
use npuzzle::solving::plan;
use npuzzle::tables::cache::Cache;
use npuzzle::util::cancel::CancelToken;
use npuzzle::util::progress::SharedProgress;
use npuzzle::{
    Algorithm, Board, EstimateChoice, MoveOrder, SolveError, SolveOptions, SolveRequest, Visited,
};

use crate::args::{CacheArgs, EstimateArgs, LimitArgs, ListArgs, OrderArgs};
use crate::input;
use crate::progress::Bars;

/// How the command line writes a request's fields: as its flags (`--pdb`,
/// `--all-optimal`, `--no-reflection`), so that the library's refusal of a request reads
/// in the words the user typed.
pub struct Flags;

impl Spelling for Flags {
    fn name(&self, field: RequestField) -> String {
        format!("--{}", field.plain_name().replace('_', "-"))
    }

    fn switched_on(&self, field: RequestField) -> String {
        self.name(field)
    }

    fn switched_off(&self, field: RequestField) -> String {
        format!("--no-{}", field.plain_name().replace('_', "-"))
    }
}

/// [`SolveOptions`] made from a [`SolveRequest`] (the library's one conversion), then
/// completed a step at a time with what a command adds beside the user's request: a
/// cancellation token, the cache, progress, whether a stopped search answers with bounds.
#[must_use]
#[derive(Debug)]
pub struct OptionsBuilder {
    options: SolveOptions,
}

impl OptionsBuilder {
    /// The options `request` asks for, the command's `defaults` filling the limits it
    /// leaves unset ([`SolveRequest::options`]).
    ///
    /// # Errors
    /// The rule between flags the request breaks, in the flags' words.
    pub fn asked(request: &SolveRequest, defaults: Limits) -> anyhow::Result<OptionsBuilder> {
        let options = request
            .options(defaults)
            .map_err(|error| anyhow::anyhow!(error.message(&Flags)))?;
        Ok(OptionsBuilder::new(options))
    }

    /// `options` as they are, to complete (the web API converts its requests with errors
    /// of its own).
    pub fn new(options: SolveOptions) -> OptionsBuilder {
        OptionsBuilder { options }
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
    /// The limits these flags ask for; a command's defaults fill the rest
    /// ([`npuzzle::answer::request::LimitRequest::with_defaults`]).
    pub fn request(&self) -> LimitRequest {
        LimitRequest {
            max_nodes: self.max_nodes,
            max_seconds: self.max_seconds,
            max_memory_nodes: self.max_memory_nodes,
            max_memory: self.max_memory,
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
    /// Writes into `request` the estimate named by `--heuristic`, `--pdb`, `--catalogue`
    /// and `--no-reflection` (the rules between them are the request's).
    ///
    /// # Errors
    /// A catalogue that cannot be read.
    pub fn fill(&self, request: &mut SolveRequest) -> anyhow::Result<()> {
        request.heuristic = self.heuristic;
        request.pdb.clone_from(&self.pdb);
        request.catalogue = self
            .catalogue
            .as_deref()
            .map(input::catalogue)
            .transpose()
            .context("--catalogue")?;
        request.reflection = self.no_reflection.then_some(false);
        Ok(())
    }

    /// The estimate these flags name, alone.
    ///
    /// # Errors
    /// Flags that name two estimates, `--no-reflection` without pattern databases, and a
    /// catalogue that cannot be read.
    pub fn choice(&self) -> anyhow::Result<EstimateChoice> {
        let mut request = SolveRequest::default();
        self.fill(&mut request)?;
        request
            .estimate()
            .map_err(|error| anyhow::anyhow!(error.message(&Flags)))
    }
}

impl OrderArgs {
    /// The order asked for, else the default (l, r, d, u).
    pub fn chosen(self) -> MoveOrder {
        self.order.unwrap_or_default()
    }
}

impl ListArgs {
    /// Writes into `request` the answer `--any-optimal` and the listing
    /// `--all-optimal`, `--within` and `--limit` ask for.
    pub fn fill(self, request: &mut SolveRequest) {
        request.any_optimal = self.any_optimal;
        request.all_optimal = self.all_optimal;
        request.within = self.within;
        request.limit = self.limit;
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
