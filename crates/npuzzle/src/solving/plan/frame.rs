//! Where `auto` finds no tables for the goal asked for, the tables of another goal that a
//! symmetry and a renaming of the tiles take it to ([`GoalFrame`]).

use crate::answer::options::SolveOptions;
use crate::pdb::registry::{self, SharedDatabase};
use crate::puzzle::board::Board;
use crate::puzzle::symmetry::Symmetry;
use crate::solving::goal_frame::GoalFrame;

use super::preferred::preferred_sets;

/// The frame `auto` solves towards `goal` in, with the framed goal's tables: the first
/// symmetry (the board as it is first) and cached goal (in the order of their text)
/// whose tables `auto` would take. Asked only where `auto` reads pattern databases and
/// the goal's own are not cached; never on a cluster, whose processes must agree on the
/// board searched.
pub(super) fn framed_tables(
    goal: &Board,
    options: &SolveOptions,
) -> Option<(GoalFrame, SharedDatabase)> {
    if options.cluster.is_some() {
        return None;
    }
    let size = goal.size();
    let cache = options.cache();
    let goals = registry::goals_with_tables(&cache, size);
    Symmetry::all(size).into_iter().find_map(|symmetry| {
        let blank = symmetry.cell(size, goal.blank());
        goals
            .iter()
            .filter(|framed| framed.blank() == blank && *framed != goal)
            .find_map(|framed| {
                let found =
                    registry::cached(&cache, framed, &preferred_sets(framed), options.progress())?;
                Some((GoalFrame::new(symmetry, goal, framed), found))
            })
    })
}
