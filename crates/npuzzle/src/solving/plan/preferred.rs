//! Which pattern databases `auto` prefers for a goal, fastest first, and which are the
//! best to build for it.

use crate::pdb::PartitionSet;
use crate::puzzle::board::{Board, Size};
use crate::tables::catalogue::{Catalogue, NamedCatalogue};
use crate::tables::partition::Partition;

use super::upgrade::starter_partition;

/// The pattern databases `auto` uses when they are cached, fastest first: on the 24-puzzle,
/// for a goal with the blank in a corner, Clausecker & Reinefeld's small catalogue with
/// zero-aware tables, then Korf & Felner's 6-6-6-6 (for any goal). Classic partitions the
/// cached tables make come after these (see [`crate::pdb::registry::cached`]).
///
/// Fastest, not fewest nodes: measured side by side on eleven of Korf's 24-puzzles
/// (docs/BENCHMARKS.md, "Which database `auto` prefers"), the catalogue
/// generates 2.9–18× fewer nodes than 6-6-6-6, each costing 5–6× more (a move reads
/// three or four of its 14 one-bit tables per orientation), and took 0.93× as long over
/// the eleven; the median board takes both the same time (1.01×), and the catalogue wins
/// most where a search is long (Korf's #1 3.3×, #29 1.34×).
pub fn preferred_sets(goal: &Board) -> Vec<PartitionSet> {
    let korf_felner = (Size::square(5).ok() == Some(goal.size()))
        .then(|| "6-6-6-6".parse::<Partition>().ok()?.groups(goal).ok())
        .flatten()
        .map(PartitionSet::classic);
    [Catalogue::Named(NamedCatalogue::Small)]
        .iter()
        .filter_map(|catalogue| PartitionSet::of_catalogue(catalogue, goal).ok())
        .chain(korf_felner)
        .collect()
}

/// The pattern databases `npuzzle pdb build best` builds for `goal`: the first `auto`
/// prefers ([`preferred_sets`]); on the 15-puzzle the classic 7-8 partition; elsewhere the
/// partition `auto` builds by itself on a long search. `None` for a board too large for
/// tables.
pub fn best_set(goal: &Board) -> Option<PartitionSet> {
    if let Some(best) = preferred_sets(goal).into_iter().next() {
        return Some(best);
    }
    if goal.size() == Size::square(4).ok()? {
        let groups = "7-8".parse::<Partition>().ok()?.groups(goal).ok()?;
        return Some(PartitionSet::classic(groups));
    }
    starter_partition(goal).map(|(_, groups)| PartitionSet::classic(groups))
}
