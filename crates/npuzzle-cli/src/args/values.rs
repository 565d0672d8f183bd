//! The parsers that check a flag's value as clap reads it, so a bad value is refused
//! with the flag's name before any work starts.

use clap::builder::{PossibleValuesParser, TypedValueParser};
use npuzzle::answer::options::{checked_threads, time_limit};
use npuzzle::services::trace::TRACED;
use npuzzle::tables::partition::Partition;
use npuzzle::{Algorithm, Notation};

/// A `--max-memory` value: at least a megabyte ([`npuzzle::util::memory::budget`]).
pub(super) fn memory_size(text: &str) -> Result<u64, String> {
    let bytes = npuzzle::util::memory::parse_bytes(text).map_err(|e| e.to_string())?;
    npuzzle::util::memory::budget(bytes).map_err(|e| e.to_string())
}

/// A number of seconds: positive, finite, at most a year ([`time_limit`] says).
pub(super) fn seconds(text: &str) -> Result<f64, String> {
    let value: f64 = text
        .trim()
        .parse()
        .map_err(|_| format!("'{text}' is not a number of seconds"))?;
    time_limit(value).map_err(|e| e.to_string())?;
    Ok(value)
}

/// A `--threads` value: 0 (one per core) up to what [`checked_threads`] allows.
pub(super) fn thread_count(text: &str) -> Result<usize, String> {
    let n: usize = text
        .trim()
        .parse()
        .map_err(|_| format!("'{text}' is not a number of threads"))?;
    checked_threads(n).map_err(|e| e.to_string())
}

/// A `--notation` value, its possible values listed for help and completions.
pub(super) fn notation() -> impl TypedValueParser<Value = Notation> {
    PossibleValuesParser::new(Notation::ALL.map(Notation::name))
        .map(|name| name.parse::<Notation>().expect("a listed notation"))
}

/// A `trace --algorithm` value: only the searches a trace follows are offered, in help,
/// completions and the error for any other name.
pub(super) fn traced_algorithm() -> impl TypedValueParser<Value = Algorithm> {
    PossibleValuesParser::new(TRACED.map(Algorithm::name))
        .map(|name| name.parse::<Algorithm>().expect("a traced algorithm"))
}

/// The length of a random walk, at most [`npuzzle::puzzle::random::MAX_WALK`].
pub(super) fn walk(text: &str) -> Result<usize, String> {
    let steps: u64 = text
        .trim()
        .parse()
        .map_err(|_| format!("'{text}' is not a number of moves"))?;
    npuzzle::puzzle::random::walk_length(steps).map_err(|e| e.to_string())
}

/// `--lazy-walk`: a number of steps or a range of them.
pub(super) fn lazy_walk(text: &str) -> Result<npuzzle::puzzle::lazy_walk::LazyWalk, String> {
    text.parse()
        .map_err(|e: npuzzle::puzzle::lazy_walk::LazyWalkError| e.to_string())
}

/// A board number of `--instances`: 1 or more.
pub(super) fn board_number(text: &str) -> Result<usize, String> {
    match text.trim().parse::<usize>() {
        Ok(n) if n >= 1 => Ok(n),
        _ => Err(format!(
            "'{text}' is not a board number (boards are numbered from 1)"
        )),
    }
}

/// What `pdb build` builds: a partition, or the best tables for the goal.
#[derive(Debug, Clone)]
pub enum BuildTarget {
    /// The tables `solve` prefers for the goal.
    Best,
    /// A partition's classic tables.
    Partition(Partition),
}

impl std::str::FromStr for BuildTarget {
    type Err = String;

    fn from_str(text: &str) -> Result<BuildTarget, String> {
        if text.trim() == "best" {
            return Ok(BuildTarget::Best);
        }
        text.parse()
            .map(BuildTarget::Partition)
            .map_err(|e: npuzzle::tables::partition::PartitionError| e.to_string())
    }
}
