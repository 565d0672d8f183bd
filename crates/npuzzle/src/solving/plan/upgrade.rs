//! When `auto` builds tables on the way: the starter partition and the search spent before its build pays.

use crate::pdb::{self, PartitionSet};
use crate::puzzle::board::Board;
use crate::puzzle::rank::PartialRank;
use crate::tables::partition::{Groups, Partition};

/// The most placements a group of the database `auto` builds by itself may have: its
/// build then takes seconds to a few minutes and at most about 1.5 GB.
pub(super) const STARTER_PLACEMENTS: u64 = 130_000_000;

/// The database `auto` builds on the way for `goal`'s board (see [`Upgrade`]): on the
/// 24-puzzle Korf & Felner's 6-6-6-6; on the 15-puzzle 7-7-1; elsewhere groups as large as
/// [`STARTER_PLACEMENTS`] allows, in goal order.
pub(super) fn starter_partition(goal: &Board) -> Option<(Partition, Groups)> {
    let size = goal.size();
    let n = size.cells();
    let tiles = n - 1;
    let largest = (1..=tiles)
        .take_while(|&k| PartialRank::new(n, k).count <= STARTER_PLACEMENTS)
        .last()?;
    let mut sizes = vec![largest; tiles / largest];
    if tiles % largest != 0 {
        sizes.push(tiles % largest);
    }
    let partition = Partition::Sizes(sizes);
    let groups = partition.groups(goal).ok()?;
    pdb::check_buildable(goal, &PartitionSet::classic(groups.clone())).ok()?;
    Some((partition, groups))
}

/// Expansions of the linear-conflict search after which `auto` builds the tables of
/// `groups` on `goal`'s board: what the search expands in a sixteenth of the build's
/// time, so boards that linear conflict solves in a second or two never pay for a build,
/// and a hard board pays about a sixteenth more than the build (docs/BENCHMARKS.md,
/// "`auto` from an empty cache").
pub(super) fn build_cost(goal: &Board, groups: &Groups) -> u64 {
    build_states(goal, groups) / (16 * STATES_PER_EXPANSION)
}

/// About the (placement, blank cell) states a build of `groups`' tables visits.
fn build_states(goal: &Board, groups: &Groups) -> u64 {
    let n = goal.size().cells() as u64;
    groups
        .iter()
        .map(|g| {
            PartialRank::new(n as usize, g.len())
                .count
                .saturating_mul(n)
        })
        .sum()
}

/// The (placement, blank cell) states a build visits in the time the linear-conflict
/// search expands one node. Measured on the 15-puzzle: 7-7-1's 1.84 billion states in
/// 13.9 s of CPU (133 million a second, built a block of tile orders at a time), the
/// search 40 million expansions in 2.0 s (20 million a second): about 6. When builds went
/// a state at a time (73 s for 7-7-1) it was about 1, and the search spent 115 million
/// expansions, more CPU than the build now takes, before building.
const STATES_PER_EXPANSION: u64 = 6;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pdb::TableKind;
    use crate::puzzle::board::Size;
    use crate::solving::guide::Upgrade;
    use crate::tables::cache::Cache;

    /// The line names the partition, the size of its tables (three 19.5 MB tables of six
    /// tiles and one of two on 7x3) and the time; once the cache holds every table there
    /// is no build, and no line.
    #[test]
    fn a_build_is_announced_with_its_size_unless_the_tables_are_cached() {
        let goal = Board::goal(Size::new(7, 3).unwrap());
        let (partition, groups) = starter_partition(&goal).unwrap();
        assert_eq!(partition.to_string(), "6-6-6-2");
        let upgrade = Upgrade {
            after_expanded: build_cost(&goal, &groups),
            partition,
            groups,
        };
        let dir = tempfile::tempdir().unwrap();
        let cache = Cache::new(dir.path());
        let line = upgrade.build_notice(&goal, &cache).unwrap();
        assert!(
            line.starts_with("building the pattern database 6-6-6-2 of 7x3 (58.6 MB, about 11 s"),
            "{line}"
        );
        for group in &upgrade.groups {
            let name = pdb::file_name(&goal, group, TableKind::Classic);
            std::fs::write(cache.path(&name), b"").unwrap();
        }
        assert_eq!(upgrade.build_notice(&goal, &cache), None);
    }
}
