//! What a pattern database is made of: partitions of the tiles into groups, one table per
//! distinct group, all of one kind.

use crate::puzzle::board::Board;
use crate::tables::catalogue::{Catalogue, CatalogueError};
use crate::tables::partition::{groups_text, Groups};

use super::TableKind;

/// The tables a pattern database reads and how their entries combine: one or more
/// partitions of the tiles into disjoint groups, each group's table of the same kind.
/// A group in several partitions is one table. The estimate is the largest partition
/// sum (see [`PatternDatabase`](super::PatternDatabase)).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct PartitionSet {
    partitions: Vec<Groups>,
    kind: TableKind,
    name: Option<String>,
}

impl PartitionSet {
    /// The set of `partitions` (at least one), each group's table of `kind`, known in
    /// reports as `name` if given. Each group's tiles are put in increasing order, so
    /// that a group is one table however it is written.
    ///
    /// # Panics
    /// When `partitions` is empty.
    pub fn new(partitions: Vec<Groups>, kind: TableKind, name: Option<String>) -> PartitionSet {
        assert!(!partitions.is_empty(), "a set has a partition");
        let partitions = partitions
            .into_iter()
            .map(|groups| {
                groups
                    .into_iter()
                    .map(|mut g| {
                        g.sort_unstable();
                        g
                    })
                    .collect()
            })
            .collect();
        PartitionSet {
            partitions,
            kind,
            name,
        }
    }

    /// The zero-aware tables of `catalogue`'s partitions of `goal`'s tiles, named after
    /// the catalogue when it has a name.
    ///
    /// # Errors
    /// When the catalogue does not fit the goal's board.
    pub fn of_catalogue(
        catalogue: &Catalogue,
        goal: &Board,
    ) -> Result<PartitionSet, CatalogueError> {
        let name = match catalogue {
            Catalogue::Named(named) => Some(named.name().to_string()),
            Catalogue::Partitions(_) => None,
        };
        Ok(PartitionSet::new(
            catalogue.partitions(goal)?,
            TableKind::ZeroAware,
            name,
        ))
    }

    /// One partition of classic tables: Korf & Felner's additive database.
    pub fn classic(groups: Groups) -> PartitionSet {
        PartitionSet::new(vec![groups], TableKind::Classic, None)
    }

    /// The partitions.
    pub fn partitions(&self) -> &[Groups] {
        &self.partitions
    }

    /// The kind of every table.
    pub fn kind(&self) -> TableKind {
        self.kind
    }

    /// The name given, if any.
    pub fn name(&self) -> Option<&str> {
        self.name.as_deref()
    }

    /// The distinct groups, in order of first appearance: one table each.
    pub fn groups(&self) -> Groups {
        let mut out: Groups = Vec::new();
        for g in self.partitions.iter().flatten() {
            if !out.contains(g) {
                out.push(g.clone());
            }
        }
        out
    }

    /// A description for reports: `6-6-6-6` for one partition, else the name or the
    /// number of partitions and tables, and the kind when zero-aware.
    pub fn describe(&self) -> String {
        let mut text = match (&self.name, &self.partitions[..]) {
            (None, [groups]) => {
                let sizes: Vec<String> = groups.iter().map(|g| g.len().to_string()).collect();
                sizes.join("-")
            }
            (Some(name), [_]) => name.clone(),
            (name, partitions) => format!(
                "catalogue {}({} partitions, {} tables)",
                name.as_ref().map_or(String::new(), |n| format!("{n} ")),
                partitions.len(),
                self.groups().len()
            ),
        };
        if self.kind == TableKind::ZeroAware {
            text.push_str(", zero-aware");
        }
        text
    }

    /// Every partition written out, `;` between partitions.
    pub fn partitions_text(&self) -> String {
        let parts: Vec<String> = self.partitions.iter().map(|g| groups_text(g)).collect();
        parts.join("; ")
    }
}
