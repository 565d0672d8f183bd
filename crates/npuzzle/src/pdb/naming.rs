//! What a pattern database is called in reports, and how its tables were had.

use std::fmt::Write as _;

use crate::puzzle::board::Board;
use crate::tables::cache::Origin;
use crate::tables::partition::group_text;

use super::partition_set::PartitionSet;
use super::reflection::Reflection;

/// How a group's table was obtained, for reports.
#[derive(Clone, Debug)]
pub struct GroupOrigin {
    /// The group.
    pub tiles: Vec<u8>,
    /// Loaded, built or rebuilt (with why).
    pub origin: Origin,
    /// Its cache file.
    pub file: String,
}

/// The name in reports of the database `set` makes for `goal`, with reflection where
/// asked for and the goal allows it: what [`super::PatternDatabase`]'s estimate is called, had
/// without loading or building its tables.
pub fn estimate_name(goal: &Board, set: &PartitionSet, reflection: bool) -> String {
    name_of(set, reflection && Reflection::new(goal).is_some())
}

pub(super) fn name_of(set: &PartitionSet, reflected: bool) -> String {
    let mut name = format!("pdb {}", set.describe());
    if reflected {
        name.push_str(" + reflection");
    }
    name
}

/// A one-line description of the database's groups and how each was obtained.
pub fn describe_origins(origins: &[GroupOrigin]) -> String {
    let mut out = String::new();
    for o in origins {
        let _ = write!(
            out,
            "{}{} {}",
            if out.is_empty() { "" } else { "; " },
            group_text(&o.tiles),
            o.origin
        );
    }
    out
}
