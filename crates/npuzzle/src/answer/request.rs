//! What a user asks of a search, as every front end reads it: the command line's flags,
//! Python's keyword arguments and the web API's fields all fill one [`SolveRequest`],
//! which becomes [`SolveOptions`] by one conversion holding every rule between its
//! parts (two estimates named at once, reflection without pattern databases, a listing's
//! bounds without a listing, a time limit or memory budget out of range). A front end
//! maps its syntax to the request and its [`Spelling`] of the fields, and nothing else.
//!
//! ```
//! use npuzzle::answer::request::{LimitRequest, RequestField, SolveRequest, Spelling};
//! use npuzzle::search::Limits;
//! use npuzzle::HeuristicKind;
//!
//! // The words of a front end whose fields are keyword arguments.
//! struct Keywords;
//! impl Spelling for Keywords {
//!     fn name(&self, field: RequestField) -> String {
//!         field.plain_name().to_string()
//!     }
//!     fn switched_on(&self, field: RequestField) -> String {
//!         format!("{}=True", field.plain_name())
//!     }
//!     fn switched_off(&self, field: RequestField) -> String {
//!         format!("{}=False", field.plain_name())
//!     }
//! }
//!
//! let request = SolveRequest {
//!     heuristic: Some(HeuristicKind::Manhattan),
//!     limits: LimitRequest { max_nodes: Some(1000), ..LimitRequest::default() },
//!     ..SolveRequest::default()
//! };
//! let options = request.options(Limits::NONE)?;
//! assert_eq!(options.limits.max_expanded, Some(1000));
//!
//! let listing_alone = SolveRequest { within: Some(2), ..SolveRequest::default() };
//! let refused = listing_alone.options(Limits::NONE).unwrap_err();
//! assert_eq!(
//!     refused.message(&Keywords),
//!     "within applies to the solutions listed: give all_optimal=True with it"
//! );
//! assert_eq!(
//!     refused.to_string(),
//!     "within applies to the solutions listed: give all_optimal: true with it"
//! );
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::time::Duration;

use crate::answer::algorithm::Algorithm;
use crate::answer::options::{time_limit, EstimateChoice, SolveOptions, Visited};
use crate::answer::solution_list::ListRequest;
use crate::puzzle::heuristic::HeuristicKind;
use crate::puzzle::metric::Metric;
use crate::puzzle::move_order::MoveOrder;
use crate::search::Limits;
use crate::tables::catalogue::Catalogue;
use crate::tables::partition::Partition;
use crate::util::memory::{budget, default_budget};

/// The limits a request asks for, each `None` where it asks for none.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct LimitRequest {
    /// Nodes expanded before giving up.
    pub max_nodes: Option<u64>,
    /// Seconds before giving up: positive, finite, at most a year
    /// ([`crate::answer::options::MAX_SECONDS`]).
    pub max_seconds: Option<f64>,
    /// Nodes held in memory at once.
    pub max_memory_nodes: Option<u64>,
    /// Bytes the search's data may take: at least the smallest budget
    /// ([`crate::util::memory::budget`]).
    pub max_memory: Option<u64>,
}

impl LimitRequest {
    /// The limits asked for, `defaults` (a command's) filling what the request leaves
    /// unset; the memory budget is the request's, else the defaults', else half the
    /// memory available now.
    ///
    /// # Errors
    /// A time limit or memory budget out of range.
    pub fn with_defaults(&self, defaults: Limits) -> Result<Limits, RequestError> {
        let (max_time, max_bytes) = self.checked()?;
        Ok(Limits {
            max_expanded: self.max_nodes.or(defaults.max_expanded),
            max_held: self.max_memory_nodes.or(defaults.max_held),
            max_bytes: max_bytes.or(defaults.max_bytes).or_else(default_budget),
            max_time: max_time.or(defaults.max_time),
            ..defaults
        })
    }

    /// The limits asked for, never above `ceiling` (a server's): a request may lower
    /// each limit, never raise it, and what it leaves unset is the ceiling's.
    ///
    /// # Errors
    /// A time limit or memory budget out of range.
    pub fn under(&self, ceiling: Limits) -> Result<Limits, RequestError> {
        let (max_time, max_bytes) = self.checked()?;
        Ok(Limits {
            max_expanded: lowest(self.max_nodes, ceiling.max_expanded),
            max_held: lowest(self.max_memory_nodes, ceiling.max_held),
            max_bytes: lowest(max_bytes, ceiling.max_bytes),
            max_time: lowest(max_time, ceiling.max_time),
            ..ceiling
        })
    }

    /// The time limit and memory budget asked for, checked.
    fn checked(&self) -> Result<(Option<Duration>, Option<u64>), RequestError> {
        let max_time =
            self.max_seconds
                .map(time_limit)
                .transpose()
                .map_err(|e| RequestError::BadValue {
                    field: RequestField::MaxSeconds,
                    why: e.to_string(),
                })?;
        let max_bytes =
            self.max_memory
                .map(budget)
                .transpose()
                .map_err(|e| RequestError::BadValue {
                    field: RequestField::MaxMemory,
                    why: e.to_string(),
                })?;
        Ok((max_time, max_bytes))
    }
}

/// The lower of two limits, either of which may be none.
fn lowest<T: Ord>(asked: Option<T>, ceiling: Option<T>) -> Option<T> {
    match (asked, ceiling) {
        (Some(asked), Some(ceiling)) => Some(asked.min(ceiling)),
        (asked, ceiling) => asked.or(ceiling),
    }
}

/// What a user asks of a search, every part named as the user named it; the rules
/// between the parts are [`SolveRequest::options`]'s.
#[derive(Clone, Debug, PartialEq)]
pub struct SolveRequest {
    /// The search (default: the library's choice).
    pub algorithm: Algorithm,
    /// The heuristic named, if any.
    pub heuristic: Option<HeuristicKind>,
    /// The pattern-database partition named, if any.
    pub pdb: Option<Partition>,
    /// The catalogue of zero-aware pattern databases named, if any.
    pub catalogue: Option<Catalogue>,
    /// Whether the mirrored lookup is added to pattern databases: `None` where the user
    /// did not say (it is added), `Some(false)` where the user turned it off, which
    /// needs pattern databases.
    pub reflection: Option<bool>,
    /// The weight on the estimate (at least 1).
    pub weight: f64,
    /// How visited sets are kept.
    pub visited: Visited,
    /// The order moves are tried in.
    pub order: MoveOrder,
    /// Whether any optimal path will do, not only the smallest in the order
    /// ([`SolveOptions::any_optimal`]).
    pub any_optimal: bool,
    /// How moves are counted.
    pub metric: Metric,
    /// Threads searching one board (0: one per core).
    pub threads: usize,
    /// Whether every optimal solution is counted.
    pub count_optimal: bool,
    /// Whether the optimal solutions are listed.
    pub all_optimal: bool,
    /// With a listing: also the solutions of up to this many moves over the optimum.
    pub within: Option<u32>,
    /// With a listing: at most this many listed (default
    /// [`ListRequest::DEFAULT_LIMIT`]).
    pub limit: Option<usize>,
    /// The limits asked for.
    pub limits: LimitRequest,
}

impl Default for SolveRequest {
    /// What a user who names nothing asks for: the library's defaults.
    fn default() -> Self {
        let options = SolveOptions::default();
        SolveRequest {
            algorithm: options.algorithm,
            heuristic: None,
            pdb: None,
            catalogue: None,
            reflection: None,
            weight: options.weight,
            visited: options.visited,
            order: options.order,
            any_optimal: options.any_optimal,
            metric: options.metric,
            threads: options.threads,
            count_optimal: options.count_optimal,
            all_optimal: false,
            within: None,
            limit: None,
            limits: LimitRequest::default(),
        }
    }
}

impl SolveRequest {
    /// The estimate asked for: at most one of the heuristic, the partition and the
    /// catalogue, and reflection turned off only beside pattern databases.
    ///
    /// # Errors
    /// Two estimates named, or reflection turned off without pattern databases.
    pub fn estimate(&self) -> Result<EstimateChoice, RequestError> {
        let reflection = self.reflection.unwrap_or(true);
        match (self.heuristic, &self.pdb, &self.catalogue) {
            (Some(_), Some(_), _) => Err(RequestError::TwoEstimates {
                first: RequestField::Heuristic,
                second: RequestField::Pdb,
            }),
            (Some(_), _, Some(_)) => Err(RequestError::TwoEstimates {
                first: RequestField::Heuristic,
                second: RequestField::Catalogue,
            }),
            (_, Some(_), Some(_)) => Err(RequestError::TwoEstimates {
                first: RequestField::Pdb,
                second: RequestField::Catalogue,
            }),
            (_, None, None) if !reflection => Err(RequestError::ReflectionWithoutDatabases),
            (Some(kind), None, None) => Ok(EstimateChoice::Heuristic(kind)),
            (None, Some(partition), None) => Ok(EstimateChoice::PatternDatabase {
                partition: partition.clone(),
                reflection,
            }),
            (None, None, Some(catalogue)) => Ok(EstimateChoice::Catalogue {
                catalogue: catalogue.clone(),
                reflection,
            }),
            (None, None, None) => Ok(EstimateChoice::Auto),
        }
    }

    /// The solutions asked to be listed, if any: `within` and `limit` only beside
    /// `all_optimal`, and no listing beside `any_optimal`.
    ///
    /// # Errors
    /// `within` or `limit` without `all_optimal`; `all_optimal` with `any_optimal`.
    pub fn list(&self) -> Result<Option<ListRequest>, RequestError> {
        if self.all_optimal && self.any_optimal {
            return Err(RequestError::ListingAnyOptimal);
        }
        if !self.all_optimal {
            if self.within.is_some() {
                return Err(RequestError::NotListing(RequestField::Within));
            }
            if self.limit.is_some() {
                return Err(RequestError::NotListing(RequestField::Limit));
            }
            return Ok(None);
        }
        Ok(Some(ListRequest {
            within: self.within.unwrap_or(0),
            limit: self.limit.unwrap_or(ListRequest::DEFAULT_LIMIT),
        }))
    }

    /// The options of the search asked for, under [`LimitRequest::with_defaults`]
    /// `defaults`; the parts a request does not name (the cache, progress, a
    /// cancellation token, whether a stopped search answers with bounds) keep the
    /// library's defaults for the front end to set.
    ///
    /// # Errors
    /// The first rule the request breaks (see [`RequestError`]).
    pub fn options(&self, defaults: Limits) -> Result<SolveOptions, RequestError> {
        let limits = self.limits.with_defaults(defaults)?;
        self.options_under_limits(limits)
    }

    /// The options of the search asked for, its limits never above `ceiling` (a
    /// server's: [`LimitRequest::under`]).
    ///
    /// # Errors
    /// The first rule the request breaks (see [`RequestError`]).
    pub fn options_under(&self, ceiling: Limits) -> Result<SolveOptions, RequestError> {
        let limits = self.limits.under(ceiling)?;
        self.options_under_limits(limits)
    }

    fn options_under_limits(&self, limits: Limits) -> Result<SolveOptions, RequestError> {
        self.choices_over(SolveOptions {
            limits,
            ..SolveOptions::default()
        })
    }

    /// The request's choices (all but its limits) over `base`, which keeps its limits and
    /// what is not the request's (the cache, progress, a cancellation token, bounded
    /// answers): for a batch line that names its own algorithm or order over the
    /// batch's options.
    ///
    /// # Errors
    /// The first rule the request breaks (see [`RequestError`]).
    pub fn choices_over(&self, base: SolveOptions) -> Result<SolveOptions, RequestError> {
        Ok(SolveOptions {
            algorithm: self.algorithm,
            estimate: self.estimate()?,
            order: self.order,
            any_optimal: self.any_optimal,
            metric: self.metric,
            visited: self.visited,
            weight: self.weight,
            threads: self.threads,
            count_optimal: self.count_optimal,
            list: self.list()?,
            ..base
        })
    }
}

/// A part of a request, for errors that name it in the front end's words
/// ([`Spelling`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RequestField {
    /// [`SolveRequest::heuristic`].
    Heuristic,
    /// [`SolveRequest::pdb`].
    Pdb,
    /// [`SolveRequest::catalogue`].
    Catalogue,
    /// [`SolveRequest::reflection`].
    Reflection,
    /// [`SolveRequest::all_optimal`].
    AllOptimal,
    /// [`SolveRequest::any_optimal`].
    AnyOptimal,
    /// [`SolveRequest::within`].
    Within,
    /// [`SolveRequest::limit`].
    Limit,
    /// [`LimitRequest::max_seconds`].
    MaxSeconds,
    /// [`LimitRequest::max_memory`].
    MaxMemory,
}

impl RequestField {
    /// The field's name as the library writes it (`pdb`, `all_optimal`, `max_seconds`):
    /// what keyword arguments and JSON fields are called.
    pub fn plain_name(self) -> &'static str {
        match self {
            RequestField::Heuristic => "heuristic",
            RequestField::Pdb => "pdb",
            RequestField::Catalogue => "catalogue",
            RequestField::Reflection => "reflection",
            RequestField::AllOptimal => "all_optimal",
            RequestField::AnyOptimal => "any_optimal",
            RequestField::Within => "within",
            RequestField::Limit => "limit",
            RequestField::MaxSeconds => "max_seconds",
            RequestField::MaxMemory => "max_memory",
        }
    }
}

/// How a front end writes the parts of a request, so that the library's refusal reads
/// in its words: `--pdb` on the command line, `pdb` in Python and JSON.
pub trait Spelling {
    /// The field's name: `--pdb`, `pdb`.
    fn name(&self, field: RequestField) -> String;
    /// A switch turned on: `--all-optimal`, `all_optimal=True`, `"all_optimal": true`.
    fn switched_on(&self, field: RequestField) -> String;
    /// A switch turned off: `--no-reflection`, `reflection=False`.
    fn switched_off(&self, field: RequestField) -> String;
}

/// A rule between the parts of a request that it breaks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RequestError {
    /// Two estimates named at once.
    TwoEstimates {
        /// The one named first in the rule (the heuristic, else the partition).
        first: RequestField,
        /// The other.
        second: RequestField,
    },
    /// Reflection turned off without pattern databases to turn it off for.
    ReflectionWithoutDatabases,
    /// A listing's bound (`within` or `limit`) without a listing.
    NotListing(RequestField),
    /// A listing asked beside any optimal path: the listing searches every optimal path
    /// and gives the smallest first.
    ListingAnyOptimal,
    /// A value out of its range: a time limit, a memory budget.
    BadValue {
        /// Which.
        field: RequestField,
        /// What is wrong, in the library's words.
        why: String,
    },
}

impl RequestError {
    /// The field the error is about, the one a front end's error code names.
    pub fn field(&self) -> RequestField {
        match self {
            RequestError::TwoEstimates { second, .. } => *second,
            RequestError::ReflectionWithoutDatabases => RequestField::Reflection,
            RequestError::ListingAnyOptimal => RequestField::AnyOptimal,
            RequestError::NotListing(field) | RequestError::BadValue { field, .. } => *field,
        }
    }

    /// The error in a front end's words.
    pub fn message(&self, spelling: &dyn Spelling) -> String {
        match self {
            RequestError::TwoEstimates {
                first: RequestField::Heuristic,
                second,
            } => {
                let second = spelling.name(*second);
                format!(
                    "{} and {second} both name an estimate: give one ({second} guides the \
                     puzzle-specific IDA* with pattern databases)",
                    spelling.name(RequestField::Heuristic)
                )
            }
            RequestError::TwoEstimates { first, second } => format!(
                "{} and {} both name pattern databases: give one",
                spelling.name(*first),
                spelling.name(*second)
            ),
            RequestError::ReflectionWithoutDatabases => format!(
                "{} applies to pattern databases: give {} or {} too",
                spelling.switched_off(RequestField::Reflection),
                spelling.name(RequestField::Pdb),
                spelling.name(RequestField::Catalogue)
            ),
            RequestError::NotListing(field) => format!(
                "{} applies to the solutions listed: give {} with it",
                spelling.name(*field),
                spelling.switched_on(RequestField::AllOptimal)
            ),
            RequestError::ListingAnyOptimal => format!(
                "{} stops at the first optimal path and {} lists them all, the smallest \
                 first: give one",
                spelling.switched_on(RequestField::AnyOptimal),
                spelling.switched_on(RequestField::AllOptimal)
            ),
            RequestError::BadValue { field, why } => format!("{}: {why}", spelling.name(*field)),
        }
    }
}

/// The request's own words: its fields as [`SolveRequest`] names them
/// (`all_optimal: true`), for [`RequestError`]'s `Display`.
struct FieldNames;

impl Spelling for FieldNames {
    fn name(&self, field: RequestField) -> String {
        field.plain_name().to_string()
    }

    fn switched_on(&self, field: RequestField) -> String {
        format!("{}: true", field.plain_name())
    }

    fn switched_off(&self, field: RequestField) -> String {
        format!("{}: false", field.plain_name())
    }
}

impl std::fmt::Display for RequestError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message(&FieldNames))
    }
}

impl std::error::Error for RequestError {}

#[cfg(test)]
mod tests {
    use super::*;

    struct Flags;
    impl Spelling for Flags {
        fn name(&self, field: RequestField) -> String {
            format!("--{}", field.plain_name().replace('_', "-"))
        }
        fn switched_on(&self, field: RequestField) -> String {
            self.name(field)
        }
        fn switched_off(&self, field: RequestField) -> String {
            format!("--no-{}", field.plain_name())
        }
    }

    fn partition() -> Partition {
        "7-8".parse().unwrap()
    }

    #[test]
    fn every_pair_of_estimates_is_refused_and_one_is_taken() {
        let heuristic = Some(HeuristicKind::Manhattan);
        let pdb = Some(partition());
        let catalogue = Some("small".parse::<Catalogue>().unwrap());
        for mask in 0..8u8 {
            let request = SolveRequest {
                heuristic: heuristic.filter(|_| mask & 1 != 0),
                pdb: pdb.clone().filter(|_| mask & 2 != 0),
                catalogue: catalogue.clone().filter(|_| mask & 4 != 0),
                ..SolveRequest::default()
            };
            let named = mask.count_ones();
            assert_eq!(request.estimate().is_ok(), named <= 1, "mask {mask}");
        }
    }

    #[test]
    fn refusals_name_the_fields_in_the_front_ends_words() {
        let two = SolveRequest {
            heuristic: Some(HeuristicKind::Manhattan),
            pdb: Some(partition()),
            ..SolveRequest::default()
        };
        assert_eq!(
            two.estimate().unwrap_err().message(&Flags),
            "--heuristic and --pdb both name an estimate: give one (--pdb guides the \
             puzzle-specific IDA* with pattern databases)"
        );
        let unreflected = SolveRequest {
            reflection: Some(false),
            ..SolveRequest::default()
        };
        assert_eq!(
            unreflected.estimate().unwrap_err().message(&Flags),
            "--no-reflection applies to pattern databases: give --pdb or --catalogue too"
        );
        let limited = SolveRequest {
            limit: Some(3),
            ..SolveRequest::default()
        };
        assert_eq!(
            limited.list().unwrap_err(),
            RequestError::NotListing(RequestField::Limit)
        );
        let both = SolveRequest {
            all_optimal: true,
            any_optimal: true,
            ..SolveRequest::default()
        };
        let refused = both.options(Limits::NONE).unwrap_err();
        assert_eq!(refused.field(), RequestField::AnyOptimal);
        assert_eq!(
            refused.message(&Flags),
            "--any-optimal stops at the first optimal path and --all-optimal lists them all, \
             the smallest first: give one"
        );
        let any = SolveRequest {
            any_optimal: true,
            count_optimal: true,
            ..SolveRequest::default()
        };
        assert!(any.options(Limits::NONE).unwrap().any_optimal);
    }

    #[test]
    fn reflection_said_on_needs_no_databases() {
        let request = SolveRequest {
            reflection: Some(true),
            ..SolveRequest::default()
        };
        assert_eq!(request.estimate(), Ok(EstimateChoice::Auto));
    }

    #[test]
    fn a_ceiling_is_lowered_never_raised() {
        let ceiling = Limits {
            max_expanded: Some(100),
            max_time: Some(Duration::from_secs(10)),
            max_bytes: Some(1 << 30),
            ..Limits::NONE
        };
        let asked = LimitRequest {
            max_nodes: Some(1000),
            max_seconds: Some(2.0),
            max_memory: None,
            max_memory_nodes: Some(7),
        };
        let limits = asked.under(ceiling).unwrap();
        assert_eq!(limits.max_expanded, Some(100));
        assert_eq!(limits.max_time, Some(Duration::from_secs(2)));
        assert_eq!(limits.max_bytes, Some(1 << 30));
        assert_eq!(limits.max_held, Some(7));
    }

    #[test]
    fn limits_out_of_range_are_refused_by_name() {
        for (asked, field) in [
            (
                LimitRequest {
                    max_seconds: Some(0.0),
                    ..LimitRequest::default()
                },
                RequestField::MaxSeconds,
            ),
            (
                LimitRequest {
                    max_memory: Some(1),
                    ..LimitRequest::default()
                },
                RequestField::MaxMemory,
            ),
        ] {
            let error = asked.with_defaults(Limits::NONE).unwrap_err();
            assert_eq!(error.field(), field);
            assert!(error
                .message(&Flags)
                .starts_with(&format!("--{}: ", field.plain_name().replace('_', "-"))));
        }
    }

    #[test]
    fn defaults_fill_what_is_unset() {
        let defaults = Limits {
            max_expanded: Some(5),
            max_held: Some(6),
            max_bytes: Some(1 << 30),
            max_time: Some(Duration::from_secs(60)),
            ..Limits::NONE
        };
        let limits = LimitRequest::default().with_defaults(defaults).unwrap();
        assert_eq!(
            (
                limits.max_expanded,
                limits.max_held,
                limits.max_bytes,
                limits.max_time
            ),
            (
                Some(5),
                Some(6),
                Some(1 << 30),
                Some(Duration::from_secs(60))
            )
        );
    }
}
