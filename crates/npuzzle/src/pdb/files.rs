//! Table files of pattern databases: what each is named, what its header says it holds,
//! and which cached tables make a partition for a goal.

use xxhash_rust::xxh3::xxh3_64;

use crate::fast_idastar::MAX_FAST_CELLS;
use crate::puzzle::board::{Board, Size};
use crate::puzzle::notation::parse_board;
use crate::tables::cache::Cache;
use crate::tables::partition::{group_text, MAX_GROUPS};

use super::TableKind;

/// Written in every classic table's identity: a change of entry meaning changes this.
const CLASSIC: &str = "additive pattern database v1 (entries: (moves - manhattan) / 2)";
/// Written in every zero-aware table's identity.
const ZERO_AWARE: &str =
    "zero-aware additive pattern database v2 (entries: one bit, floor(moves / 2) mod 2, by placement and blank region)";

/// The identity string of a group's table: what it is a table of.
pub fn identity(goal: &Board, group: &[u8], kind: TableKind) -> String {
    let what = match kind {
        TableKind::Classic => CLASSIC,
        TableKind::ZeroAware => ZERO_AWARE,
    };
    format!(
        "{what}; board {}; goal {}; group {}",
        goal.size(),
        goal,
        group_text(group)
    )
}

/// The cache file name of a group's table: `pdb-…` for a classic table, `zpdb-…` for a
/// zero-aware one.
pub fn file_name(goal: &Board, group: &[u8], kind: TableKind) -> String {
    let tiles: Vec<String> = group.iter().map(u8::to_string).collect();
    let prefix = match kind {
        TableKind::Classic => "pdb",
        TableKind::ZeroAware => "zpdb",
    };
    format!(
        "{prefix}-{}-{:08x}-{}.tbl",
        goal.size(),
        xxh3_64(goal.to_string().as_bytes()) as u32,
        tiles.join(".")
    )
}

/// What the identity of a pattern database's file says it holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableIdentity {
    /// Classic or zero-aware.
    pub kind: TableKind,
    /// The board size, as written (`5x5`).
    pub size: String,
    /// The goal, as written.
    pub goal: String,
    /// The group's tiles.
    pub group: Vec<u8>,
}

/// What an identity string says, if it names a pattern database's table.
pub fn parse_identity(identity: &str) -> Option<TableIdentity> {
    let (kind, rest) = if let Some(rest) = identity.strip_prefix(CLASSIC) {
        (TableKind::Classic, rest)
    } else {
        (TableKind::ZeroAware, identity.strip_prefix(ZERO_AWARE)?)
    };
    let rest = rest.strip_prefix("; board ")?;
    let (size, rest) = rest.split_once("; goal ")?;
    let (goal, group) = rest.split_once("; group ")?;
    let group = group
        .split(',')
        .map(|t| t.parse().ok())
        .collect::<Option<Vec<u8>>>()?;
    Some(TableIdentity {
        kind,
        size: size.to_string(),
        goal: goal.to_string(),
        group,
    })
}

/// The groups whose tables of `kind` for `goal` the cache holds (by the files' headers,
/// not yet checked).
pub fn cached_groups(cache: &Cache, goal: &Board, kind: TableKind) -> Vec<Vec<u8>> {
    let want = goal.to_string();
    cache
        .list()
        .unwrap_or_default()
        .into_iter()
        .filter_map(|(_, identity)| parse_identity(&identity?))
        .filter(|t| t.kind == kind && t.goal == want)
        .map(|t| t.group)
        .collect()
}

/// The goals of `size` that the cache holds tables for (by the files' headers, not yet
/// checked), each once, in the order of their text.
pub fn cached_goals(cache: &Cache, size: Size) -> Vec<Board> {
    let want = size.to_string();
    let mut goals: Vec<String> = cache
        .list()
        .unwrap_or_default()
        .into_iter()
        .filter_map(|(_, identity)| parse_identity(&identity?))
        .filter(|t| t.size == want)
        .map(|t| t.goal)
        .collect();
    goals.sort();
    goals.dedup();
    goals
        .iter()
        .filter_map(|goal| parse_board(goal, Some(size)).ok())
        .collect()
}

/// The best partition cached for `goal`: disjoint groups from the cached tables covering
/// every tile, largest groups first. `None` when the cached groups do not cover the tiles.
pub fn find_cached(cache: &Cache, goal: &Board) -> Option<Vec<Vec<u8>>> {
    let mut groups = cached_groups(cache, goal, TableKind::Classic);
    groups.sort_by(|a, b| b.len().cmp(&a.len()).then(a.cmp(b)));
    let n = goal.size().cells();
    let mut taken = [false; MAX_FAST_CELLS];
    let mut chosen = Vec::new();
    for g in groups {
        if g.iter().any(|&t| t as usize >= n || taken[t as usize]) || chosen.len() == MAX_GROUPS {
            continue;
        }
        for &t in &g {
            taken[t as usize] = true;
        }
        chosen.push(g);
    }
    // Largest first to choose, goal order to name: `7-8`, not `8-7`.
    chosen.sort();
    (taken[1..n].iter().all(|&t| t)).then_some(chosen)
}
