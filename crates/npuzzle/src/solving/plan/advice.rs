//! What a solve suggests doing next (building the tables that would answer faster).

use crate::solving::guide::Guide;

use crate::answer::solution::Advice;
use crate::pdb::{self, PartitionSet};
use crate::puzzle::board::{Board, Size};
use crate::tables::cache::Cache;
use crate::tables::catalogue::{Catalogue, NamedCatalogue};
use crate::tables::partition::Partition;

/// The stronger tables worth suggesting while they are not cached: the 15-puzzle's 7-8,
/// and the 24-puzzle's small catalogue where it applies (`auto` would have taken it, being
/// first in [`preferred_sets`], had it been cached).
pub(super) fn advice(goal: &Board, guide: &dyn Guide, cache: &Cache) -> Option<Advice> {
    let db = guide.database()?;
    if goal.size() == Size::square(5).ok()? {
        let small = Catalogue::Named(NamedCatalogue::Small);
        let set = PartitionSet::of_catalogue(&small, goal).ok()?;
        return (db.set() != &set).then_some(Advice::BuildCatalogue(small));
    }
    let big: Partition = "7-8".parse().ok()?;
    let groups = big.groups(goal).ok()?;
    let small = goal.size() == Size::square(4).ok()? && db.groups() != groups;
    let cached = pdb::find_cached(cache, goal).is_some_and(|found| found == groups);
    (small && !cached).then_some(Advice::BuildDatabase(big))
}
