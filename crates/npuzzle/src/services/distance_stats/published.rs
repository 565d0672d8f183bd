//! Exact distributions too large to count here, shipped as data with their source: the
//! 15-puzzle in the single-tile metric, from Korf & Schultze's complete breadth-first
//! search (`data/fifteen_puzzle_stm.txt`, its header naming the source). The multi-tile
//! 15-puzzle's distribution (Norskog & Davidson's 43 moves, OEIS A389728) is not shipped:
//! no complete copy of its counts could be checked.

use std::sync::OnceLock;

use crate::puzzle::board::Size;
use crate::puzzle::metric::Metric;

/// A distribution counted elsewhere and published, as shipped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Publication {
    /// The board size it counts, every board to the goal with the blank in a corner.
    pub size: Size,
    /// How it counts moves.
    pub metric: Metric,
    /// Who counted it and where it was published, in one line.
    pub citation: &'static str,
    /// `counts[d]`: the solvable boards exactly `d` moves from the goal.
    pub counts: Vec<u64>,
}

/// The 15-puzzle's single-tile counts as shipped: a header of `#` lines naming the
/// source, then `distance count` a line.
const FIFTEEN_PUZZLE_STM: &str = include_str!("../../../data/fifteen_puzzle_stm.txt");

/// The source of [`FIFTEEN_PUZZLE_STM`], as reports cite it.
const FIFTEEN_PUZZLE_STM_CITATION: &str = "R. E. Korf and P. Schultze, Large-Scale Parallel \
    Breadth-First Search, AAAI 2005 (a complete breadth-first search); OEIS A089484";

/// The published distribution of `size` in `metric`, if one is shipped: the 4x4 board in
/// the single-tile metric. It counts distances to a goal with the blank in a corner
/// (the default goal, `1 2 3 4/5 6 7 8/9 10 11 12/13 14 15 0`; the four corners are
/// mirrors of one another, so they share it).
pub fn published(size: Size, metric: Metric) -> Option<&'static Publication> {
    static FIFTEEN: OnceLock<Publication> = OnceLock::new();
    (size.width() == 4 && size.height() == 4 && metric == Metric::SingleTile).then(|| {
        FIFTEEN.get_or_init(|| Publication {
            size,
            metric,
            citation: FIFTEEN_PUZZLE_STM_CITATION,
            counts: counts_of(FIFTEEN_PUZZLE_STM),
        })
    })
}

/// The counts of a shipped file: `distance count` lines, in order from 0, after `#`
/// lines.
///
/// # Panics
/// On a file out of that form: the files are the crate's own, and the tests read them.
fn counts_of(text: &str) -> Vec<u64> {
    let mut counts = Vec::new();
    for line in text.lines() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let mut fields = line.split_whitespace();
        let distance: usize = fields
            .next()
            .and_then(|d| d.parse().ok())
            .expect("a shipped distance");
        let count: u64 = fields
            .next()
            .and_then(|c| c.parse().ok())
            .expect("a shipped count");
        assert!(
            distance == counts.len() && fields.next().is_none(),
            "shipped distances run 0, 1, 2, … one a line"
        );
        counts.push(count);
    }
    counts
}

#[cfg(test)]
mod tests {
    use super::{published, FIFTEEN_PUZZLE_STM};
    use crate::puzzle::board::{Board, Move, Size};
    use crate::puzzle::metric::Metric;

    /// 16!/2: the solvable 4x4 boards.
    const HALF_16_FACTORIAL: u64 = 10_461_394_944_000;

    fn fifteen() -> &'static super::Publication {
        published(Size::square(4).unwrap(), Metric::SingleTile).expect("shipped")
    }

    #[test]
    fn the_fifteen_puzzle_counts_have_their_published_anchors() {
        let counts = &fifteen().counts;
        assert_eq!(counts.len(), 81, "distances 0 to 80");
        assert_eq!(counts.iter().sum::<u64>(), HALF_16_FACTORIAL);
        assert_eq!(counts[80], 17, "Korf & Schultze's 17 positions at 80 moves");
        assert_eq!(counts[53], 784_195_801_886, "the mode");
        let mean = counts
            .iter()
            .enumerate()
            .map(|(d, &c)| d as f64 * c as f64)
            .sum::<f64>()
            / HALF_16_FACTORIAL as f64;
        assert!((mean - 52.5895).abs() < 1e-4, "{mean}");
        // Each move takes the blank to a cell of the other colour of the chessboard, so
        // half the boards lie at even distances and half at odd ones.
        let even: u64 = counts.iter().step_by(2).sum();
        assert_eq!(even, HALF_16_FACTORIAL / 2);
        assert!(FIFTEEN_PUZZLE_STM.contains("Korf") && FIFTEEN_PUZZLE_STM.contains("A089484"));
        assert!(fifteen().citation.contains("Korf") && fifteen().citation.contains("A089484"));
    }

    #[test]
    fn the_first_counts_agree_with_a_breadth_first_search_here() {
        // Every board within 14 moves of the goal, counted layer by layer by a plain
        // breadth-first search over whole boards (about 50,000 boards: fast).
        const DEPTH: usize = 14;
        let goal = Board::goal(Size::square(4).unwrap());
        let mut layers = [0u64; DEPTH + 1];
        let mut frontier = vec![goal.clone()];
        let mut seen = std::collections::HashSet::from([goal]);
        layers[0] = 1;
        for layer in layers.iter_mut().skip(1) {
            let mut next = Vec::new();
            for board in &frontier {
                for child in Move::ALL.iter().filter_map(|&m| board.moved(m)) {
                    if seen.insert(child.clone()) {
                        next.push(child);
                    }
                }
            }
            *layer = next.len() as u64;
            frontier = next;
        }
        assert_eq!(&fifteen().counts[..=DEPTH], &layers[..]);
    }

    #[test]
    fn nothing_else_is_shipped() {
        let four = Size::square(4).unwrap();
        assert!(published(four, Metric::MultiTile).is_none());
        assert!(published(Size::new(3, 5).unwrap(), Metric::SingleTile).is_none());
        assert!(published(Size::square(3).unwrap(), Metric::SingleTile).is_none());
    }
}
