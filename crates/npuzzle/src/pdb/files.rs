//! Table files of pattern databases: what each is named, what its header says it holds,
//! and which cached tables make a partition for a goal.

use xxhash_rust::xxh3::xxh3_64;

use crate::board::Board;
use crate::cache::Cache;
use crate::partition::{group_text, MAX_GROUPS};
use crate::puzzle_idastar::MAX_FAST_CELLS;

/// Written in every table's identity: a change of entry meaning changes this.
const KIND: &str = "additive pattern database v1 (entries: (moves - manhattan) / 2)";

/// The identity string of a group's table: what it is a table of.
pub fn identity(goal: &Board, group: &[u8]) -> String {
    format!(
        "{KIND}; board {}; goal {}; group {}",
        goal.size(),
        goal,
        group_text(group)
    )
}

/// The cache file name of a group's table.
pub fn file_name(goal: &Board, group: &[u8]) -> String {
    let tiles: Vec<String> = group.iter().map(u8::to_string).collect();
    format!(
        "pdb-{}-{:08x}-{}.tbl",
        goal.size(),
        xxh3_64(goal.to_string().as_bytes()) as u32,
        tiles.join(".")
    )
}

/// What an identity string says: board size, goal and group, if it names a table of
/// this kind.
pub fn parse_identity(identity: &str) -> Option<(String, String, Vec<u8>)> {
    let rest = identity.strip_prefix(KIND)?.strip_prefix("; board ")?;
    let (size, rest) = rest.split_once("; goal ")?;
    let (goal, group) = rest.split_once("; group ")?;
    let tiles = group
        .split(',')
        .map(|t| t.parse().ok())
        .collect::<Option<Vec<u8>>>()?;
    Some((size.to_string(), goal.to_string(), tiles))
}

/// The best partition cached for `goal`: disjoint groups from the cached tables covering
/// every tile, largest groups first. `None` when the cached groups do not cover the tiles.
pub fn find_cached(cache: &Cache, goal: &Board) -> Option<Vec<Vec<u8>>> {
    let want = goal.to_string();
    let mut groups: Vec<Vec<u8>> = cache
        .list()
        .ok()?
        .into_iter()
        .filter_map(|(_, identity)| parse_identity(&identity?))
        .filter(|(_, g, _)| *g == want)
        .map(|(_, _, tiles)| tiles)
        .collect();
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
