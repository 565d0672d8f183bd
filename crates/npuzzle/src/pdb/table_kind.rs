//! The kinds of pattern-database table: classic (Korf & Felner) or zero-aware (Clausecker
//! & Reinefeld): re-exported as [`crate::pdb::TableKind`].

/// What a group's table holds for each placement of its tiles.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum TableKind {
    /// One entry per placement, the blank anywhere (Korf & Felner 2002).
    Classic,
    /// One entry per placement and connected region of free cells holding the blank
    /// (Clausecker & Reinefeld 2019): the group's tiles often cannot all move the way
    /// the entry of a classic table assumes without the blank going round them, and the
    /// region tells. About 1.4 times the entries of a classic table on 5×5 (2.4 to 2.7
    /// times on 4×4), stored in one bit each (their 1-bit compression): 22.6 MB for a
    /// 6-tile group on 5×5, against 63.8 MB for the classic table at four bits.
    ZeroAware,
}

impl TableKind {
    /// The kind's name in reports.
    pub fn name(self) -> &'static str {
        match self {
            TableKind::Classic => "classic",
            TableKind::ZeroAware => "zero-aware",
        }
    }
}
