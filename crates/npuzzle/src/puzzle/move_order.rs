//! Move orders: the order a search tries the blank's four moves in, written as a
//! permutation of the letters `l r d u` (`lrdu`, the default; `dlru`, …). Where a board
//! has several optimal solutions, the searches that return the canonical one (the
//! distance tables, BFS, IDA*, IDDFS, the fast IDA*) return the lexicographically
//! smallest in the order asked for.
//!
//! ```
//! use npuzzle::puzzle::move_order::MoveOrder;
//! use npuzzle::Move;
//!
//! let order: MoveOrder = "dlru".parse()?;
//! assert_eq!(order.moves(), [Move::Down, Move::Left, Move::Right, Move::Up]);
//! assert_eq!(order.to_string(), "dlru");
//! assert_eq!(MoveOrder::default().to_string(), "lrdu");
//! let error = "lrxu".parse::<MoveOrder>().unwrap_err();
//! assert_eq!(error.to_string(), "'x' at position 3 is not a move (l, r, d, u)");
//! # Ok::<(), npuzzle::puzzle::move_order::OrderError>(())
//! ```
//!
//! Letters are lowercase only, as the blank's moves are everywhere (see
//! [`crate::puzzle::notation::parse_moves`]): a capital is tile notation, where each
//! letter names the opposite of the blank's move, so `L` is refused with that said
//! rather than read as either.

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use crate::puzzle::board::{moves_to_string, Move};
use crate::util::excerpt::shortened;

/// The order a search tries the blank's moves in: each of the four moves once.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MoveOrder([Move; 4]);

impl MoveOrder {
    /// l, r, d, u: the order every front end uses unless told otherwise
    /// ([`Move::ALL`]).
    pub const DEFAULT: MoveOrder = MoveOrder(Move::ALL);

    /// The order of `moves`, if it names each of the four moves once.
    pub const fn new(moves: [Move; 4]) -> Option<MoveOrder> {
        let mut i = 0;
        while i < 4 {
            let mut j = 0;
            while j < i {
                if moves[i] as u8 == moves[j] as u8 {
                    return None;
                }
                j += 1;
            }
            i += 1;
        }
        Some(MoveOrder(moves))
    }

    /// The four moves, first tried first: what [`crate::SolveOptions::order`] takes.
    pub fn moves(self) -> [Move; 4] {
        self.0
    }

    /// The moves in order, borrowed: for iterators kept beside the order.
    pub fn as_slice(&self) -> &[Move] {
        &self.0
    }

    /// Every order: the 24 permutations of the four moves, the default first.
    pub fn all() -> Vec<MoveOrder> {
        let d = Move::ALL;
        let mut orders = Vec::with_capacity(24);
        for a in d {
            for b in d {
                for c in d {
                    for e in d {
                        orders.extend(MoveOrder::new([a, b, c, e]));
                    }
                }
            }
        }
        orders
    }
}

impl Default for MoveOrder {
    fn default() -> MoveOrder {
        MoveOrder::DEFAULT
    }
}

/// The move at a position of the order: the searches keep the order and index it by
/// a child's slot.
impl std::ops::Index<usize> for MoveOrder {
    type Output = Move;

    fn index(&self, position: usize) -> &Move {
        &self.0[position]
    }
}

impl IntoIterator for MoveOrder {
    type Item = Move;
    type IntoIter = std::array::IntoIter<Move, 4>;

    /// The four moves, first tried first.
    fn into_iter(self) -> Self::IntoIter {
        self.0.into_iter()
    }
}

impl From<MoveOrder> for [Move; 4] {
    fn from(order: MoveOrder) -> [Move; 4] {
        order.0
    }
}

impl fmt::Display for MoveOrder {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&moves_to_string(&self.0))
    }
}

/// Text that is not a move order. Positions are 1-based characters, as an editor counts
/// them.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum OrderError {
    /// A character that is not one of the blank's moves `l r d u`.
    #[error("{}", not_a_move(*index, *found))]
    NotAMove {
        /// 1-based position of the character.
        index: usize,
        /// The character.
        found: char,
    },
    /// A move named a second time.
    #[error(
        "'{found}' at position {index} repeats the move at position {first}: an order names \
         each of l, r, d, u once"
    )]
    Repeated {
        /// 1-based position of the repeat.
        index: usize,
        /// The move's letter.
        found: char,
        /// 1-based position where it was first named.
        first: usize,
    },
    /// Fewer than four moves, each named once.
    #[error("{}", too_few(given, missing))]
    Missing {
        /// The order as given (cut short when long).
        given: String,
        /// The letters of the moves it leaves out, in the default order.
        missing: String,
    },
}

/// What is wrong with `found`, character `index` of an order.
fn not_a_move(index: usize, found: char) -> String {
    let problem = format!("'{found}' at position {index} is not a move (l, r, d, u)");
    match Move::from_tile_letter(found) {
        Some(mv) => format!(
            "{problem}: an order names the blank's moves, in lowercase; a capital is tile \
             notation, where '{found}' is the blank's '{}'",
            mv.letter()
        ),
        None => problem,
    }
}

/// The sentence of [`OrderError::Missing`].
fn too_few(given: &str, missing: &str) -> String {
    let missing: Vec<String> = missing.chars().map(String::from).collect();
    if given.is_empty() {
        "the order is empty: it names each of l, r, d, u once (e.g. lrdu)".to_string()
    } else {
        format!(
            "the order '{given}' leaves out {}: an order names each of l, r, d, u once \
             (e.g. lrdu)",
            missing.join(", ")
        )
    }
}

impl FromStr for MoveOrder {
    type Err = OrderError;

    /// Reads an order: the four letters `l r d u`, each once, lowercase, nothing else.
    ///
    /// # Errors
    /// [`OrderError`] naming the first character that is not a move or repeats one, else
    /// the moves left out.
    fn from_str(text: &str) -> Result<MoveOrder, OrderError> {
        let mut moves: Vec<Move> = Vec::with_capacity(4);
        for (found, index) in text.chars().zip(1..) {
            let mv = Move::from_letter(found).ok_or(OrderError::NotAMove { index, found })?;
            if let Some(first) = moves.iter().position(|&m| m == mv) {
                return Err(OrderError::Repeated {
                    index,
                    found,
                    first: first + 1,
                });
            }
            moves.push(mv);
        }
        // Four distinct moves are all of them: a fifth letter repeats one or names none.
        match <[Move; 4]>::try_from(moves.as_slice()) {
            Ok(order) => Ok(MoveOrder(order)),
            Err(_) => Err(OrderError::Missing {
                given: shortened(text),
                missing: Move::ALL
                    .iter()
                    .filter(|mv| !moves.contains(mv))
                    .map(|mv| mv.letter())
                    .collect(),
            }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn all_24_permutations_read_and_write_back() {
        let orders = MoveOrder::all();
        assert_eq!(orders.len(), 24);
        assert_eq!(orders[0], MoveOrder::DEFAULT);
        let mut seen = std::collections::HashSet::new();
        for order in &orders {
            let text = order.to_string();
            assert!(seen.insert(text.clone()), "{text} twice");
            assert_eq!(text.parse::<MoveOrder>(), Ok(*order));
            let moves: [Move; 4] = (*order).into();
            assert_eq!(MoveOrder::new(moves), Some(*order));
        }
        // Every string of four letters drawn from l r d u is read iff it is one of them.
        let letters = ['l', 'r', 'd', 'u'];
        for n in 0..256usize {
            let text: String = (0..4).map(|i| letters[(n >> (2 * i)) & 3]).collect();
            assert_eq!(
                text.parse::<MoveOrder>().is_ok(),
                seen.contains(&text),
                "{text}"
            );
        }
    }

    #[test]
    fn every_bad_kind_is_refused_naming_the_letter_and_its_place() {
        let cases = [
            ("lrxu", "'x' at position 3 is not a move (l, r, d, u)"),
            ("lr du", "' ' at position 3 is not a move (l, r, d, u)"),
            ("é", "'é' at position 1 is not a move (l, r, d, u)"),
            (
                "lrDu",
                "'D' at position 3 is not a move (l, r, d, u): an order names the blank's \
                 moves, in lowercase; a capital is tile notation, where 'D' is the blank's 'u'",
            ),
            (
                "lrdl",
                "'l' at position 4 repeats the move at position 1: an order names each of l, \
                 r, d, u once",
            ),
            (
                "lrdur",
                "'r' at position 5 repeats the move at position 2: an order names each of l, \
                 r, d, u once",
            ),
            (
                "lrd",
                "the order 'lrd' leaves out u: an order names each of l, r, d, u once (e.g. lrdu)",
            ),
            (
                "u",
                "the order 'u' leaves out l, r, d: an order names each of l, r, d, u once \
                 (e.g. lrdu)",
            ),
            (
                "",
                "the order is empty: it names each of l, r, d, u once (e.g. lrdu)",
            ),
        ];
        for (text, message) in cases {
            let error = text.parse::<MoveOrder>().unwrap_err();
            assert_eq!(error.to_string(), message, "{text:?}");
        }
        // Each capital is refused, and the hint names the blank move it stands for.
        for (capital, blank) in [('L', 'r'), ('R', 'l'), ('U', 'd'), ('D', 'u')] {
            let error = format!("{capital}rdu").parse::<MoveOrder>().unwrap_err();
            assert_eq!(
                error,
                OrderError::NotAMove {
                    index: 1,
                    found: capital
                }
            );
            assert!(
                error
                    .to_string()
                    .ends_with(&format!("is the blank's '{blank}'")),
                "{error}"
            );
        }
    }

    #[test]
    fn new_refuses_a_repeated_move() {
        assert_eq!(
            MoveOrder::new([Move::Up, Move::Up, Move::Left, Move::Right]),
            None
        );
    }
}
