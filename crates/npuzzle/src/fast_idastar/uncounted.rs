//! Why the optimal solutions of a board asked for them were not counted: the counting
//! search's failures ([`super::count_paths`]) and a solve's ([`crate::solving::count`]).

use std::fmt;

use crate::search::GiveUp;

/// Why a count of optimal solutions could not be had.
///
/// ```
/// use npuzzle::fast_idastar::Uncounted;
/// use npuzzle::search::GiveUp;
///
/// let why = Uncounted::GaveUp(GiveUp::Expanded(10));
/// assert_eq!(why.to_string(), "gave up: node limit of 10 expanded nodes reached");
/// assert!(Uncounted::TooMany.to_string().contains("2^128"));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Uncounted {
    /// A limit stopped the count (the search itself finished).
    GaveUp(GiveUp),
    /// There are more than `u128::MAX`. Possible only for solutions longer than 80
    /// moves: solutions of `L` moves that never undo a move number at most 4·3^(L−1),
    /// under 2^128 up to `L` = 80: never on a 4x4 board (at most 80 moves from any
    /// goal) or any board of at most 12 cells.
    TooMany,
    /// The search stopped before it proved an optimal answer (a bounded or given-up
    /// solve): there is no optimum to count the paths of.
    Unproven,
    /// The multi-tile count walks the multi-tile table, which this solve did not build
    /// (building tables was not allowed).
    NoTable,
}

impl fmt::Display for Uncounted {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Uncounted::GaveUp(why) => why.fmt(f),
            Uncounted::TooMany => {
                f.write_str("gave up: more optimal solutions than 128 bits count (2^128 - 1)")
            }
            Uncounted::Unproven => {
                f.write_str("the search stopped before proving an optimum, so none is counted")
            }
            Uncounted::NoTable => f.write_str(
                "the multi-tile count needs the multi-tile table, which was not built \
                 (building tables is off)",
            ),
        }
    }
}
