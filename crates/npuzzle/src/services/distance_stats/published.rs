//! Exact distributions too large to count here, shipped as data with their source: every
//! board of 13 to 16 cells (4x4, 5x3, 7x2, 8x2 and their transposes) in both metrics. The
//! 15-puzzle's single-tile counts are Korf & Schultze's complete breadth-first search; the
//! others are lightln2's (`SlidingTilesSolver`, a complete breadth-first search on a GPU),
//! whose counts of the smaller boards agree with this library's distance tables. Each
//! file (`data/distances-WxH-METRIC.txt`) opens with a header naming its source.

use std::sync::OnceLock;

use crate::puzzle::board::{Board, Size};
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
    /// Every board at the largest distance, where the source lists them (the 4x4
    /// board's: Korf & Schultze's 17 at 80 single-tile moves, Norskog & Davidson's 16
    /// antipodes at 43 multi-tile moves), else none.
    pub hardest: Vec<Board>,
}

/// lightln2's complete breadth-first searches, as reports cite them.
const LIGHTLN2: &str = "lightln2, SlidingTilesSolver (github.com/lightln2/SlidingTilesSolver, \
    2022): a complete breadth-first search on a GPU";

/// A shipped distribution: the wider side, the narrower, the metric, the citation, the
/// counts' file (a header of `#` lines naming the source, then `distance count` a line)
/// and the file of the hardest boards where they are listed (a header of `#` lines, then
/// a board's cells row-major and its distance a line: `data/`'s benchmark files are
/// these).
type Shipped = (
    usize,
    usize,
    Metric,
    &'static str,
    &'static str,
    Option<&'static str>,
);

/// What is shipped.
const SHIPPED: [Shipped; 8] = [
    (
        4,
        4,
        Metric::SingleTile,
        "R. E. Korf and P. Schultze, Large-Scale Parallel Breadth-First Search, AAAI 2005 \
         (a complete breadth-first search); OEIS A089484",
        include_str!("../../../data/distances-4x4-stm.txt"),
        Some(include_str!("../../../data/hardest-4x4-stm.txt")),
    ),
    (
        4,
        4,
        Metric::MultiTile,
        "lightln2, SlidingTilesSolver (github.com/lightln2/SlidingTilesSolver, 2022): a \
         complete breadth-first search on a GPU, agreeing with Norskog & Davidson's 43-move \
         diameter and 16 antipodes (2010)",
        include_str!("../../../data/distances-4x4-mtm.txt"),
        Some(include_str!("../../../data/hardest-4x4-mtm.txt")),
    ),
    (
        5,
        3,
        Metric::SingleTile,
        LIGHTLN2,
        include_str!("../../../data/distances-5x3-stm.txt"),
        None,
    ),
    (
        5,
        3,
        Metric::MultiTile,
        LIGHTLN2,
        include_str!("../../../data/distances-5x3-mtm.txt"),
        None,
    ),
    (
        7,
        2,
        Metric::SingleTile,
        LIGHTLN2,
        include_str!("../../../data/distances-7x2-stm.txt"),
        None,
    ),
    (
        7,
        2,
        Metric::MultiTile,
        LIGHTLN2,
        include_str!("../../../data/distances-7x2-mtm.txt"),
        None,
    ),
    (
        8,
        2,
        Metric::SingleTile,
        LIGHTLN2,
        include_str!("../../../data/distances-8x2-stm.txt"),
        None,
    ),
    (
        8,
        2,
        Metric::MultiTile,
        LIGHTLN2,
        include_str!("../../../data/distances-8x2-mtm.txt"),
        None,
    ),
];

/// The published distribution of `size` in `metric`, if one is shipped: the boards of
/// 13 to 16 cells that are 4x4, 5x3, 7x2 or 8x2 either way round, in either metric. It
/// counts distances to a goal with the blank in a corner (the default goal, tiles in
/// order and the blank last; the four corners are mirrors of one another, and a board
/// turned on its side is the same puzzle, so they share it).
///
/// # Panics
/// Never on the crate's own files, which the tests read.
pub fn published(size: Size, metric: Metric) -> Option<&'static Publication> {
    static PUBLICATIONS: OnceLock<Vec<Publication>> = OnceLock::new();
    PUBLICATIONS
        .get_or_init(|| {
            let mut all = Vec::new();
            for (wide, narrow, metric, citation, text, hardest) in SHIPPED {
                let counts = counts_of(text);
                let sizes = [(wide, narrow), (narrow, wide)];
                let distinct = if wide == narrow { 1 } else { 2 };
                for &(width, height) in &sizes[..distinct] {
                    let size = Size::new(width, height).expect("a shipped size is a board size");
                    all.push(Publication {
                        size,
                        metric,
                        citation,
                        counts: counts.clone(),
                        hardest: hardest.map_or_else(Vec::new, |text| boards_of(text, size)),
                    });
                }
            }
            all
        })
        .iter()
        .find(|publication| publication.size == size && publication.metric == metric)
}

/// The boards of a shipped file of hardest boards: a board's cells and its distance a
/// line, after `#` lines.
///
/// # Panics
/// On a file out of that form: the files are the crate's own, and the tests read them.
fn boards_of(text: &str, size: Size) -> Vec<Board> {
    text.lines()
        .map(str::trim)
        .filter(|line| !line.is_empty() && !line.starts_with('#'))
        .map(|line| {
            let numbers: Vec<u32> = line
                .split_whitespace()
                .map(|n| n.parse().expect("a shipped number"))
                .collect();
            let (cells, _distance) = numbers.split_at(size.cells());
            Board::new(size, cells.to_vec()).expect("a shipped board")
        })
        .collect()
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
    use std::collections::HashSet;

    use super::{published, Publication, SHIPPED};
    use crate::puzzle::board::{Board, Move, Size};
    use crate::puzzle::metric::Metric;

    fn size(width: usize, height: usize) -> Size {
        Size::new(width, height).unwrap()
    }

    fn shipped(width: usize, height: usize, metric: Metric) -> &'static Publication {
        published(size(width, height), metric).expect("shipped")
    }

    /// `cells!/2`: the solvable boards.
    fn solvable(cells: usize) -> u64 {
        (1..=cells as u64).product::<u64>() / 2
    }

    fn mean(counts: &[u64]) -> f64 {
        let total: u64 = counts.iter().sum();
        counts
            .iter()
            .enumerate()
            .map(|(d, &c)| d as f64 * c as f64)
            .sum::<f64>()
            / total as f64
    }

    /// Every board within `depth` moves of the goal, counted layer by layer by a plain
    /// breadth-first search over whole boards: in the multi-tile metric a move is the
    /// blank's run of one or more steps one way.
    fn layers(size: Size, metric: Metric, depth: usize) -> Vec<u64> {
        let goal = Board::goal(size);
        let mut layers = vec![1];
        let mut frontier = vec![goal.clone()];
        let mut seen = HashSet::from([goal]);
        while layers.len() <= depth {
            let mut next = Vec::new();
            for board in &frontier {
                for mv in Move::ALL {
                    let mut run = board.moved(mv);
                    while let Some(child) = run {
                        run = match metric {
                            Metric::MultiTile => child.moved(mv),
                            Metric::SingleTile => None,
                        };
                        if seen.insert(child.clone()) {
                            next.push(child);
                        }
                    }
                }
            }
            layers.push(next.len() as u64);
            frontier = next;
        }
        layers
    }

    #[test]
    fn every_shipped_distribution_counts_every_solvable_board_once() {
        for (wide, narrow, metric, _, text, _) in SHIPPED {
            for (width, height) in [(wide, narrow), (narrow, wide)] {
                let publication = shipped(width, height, metric);
                assert_eq!(publication.size, size(width, height));
                let total: u64 = publication.counts.iter().sum();
                assert_eq!(total, solvable(wide * narrow), "{wide}x{narrow} {metric:?}");
                assert!(publication.counts.iter().all(|&c| c > 0));
                assert!(text.contains("# source:"), "{wide}x{narrow} {metric:?}");
            }
        }
    }

    #[test]
    fn the_radii_and_anchors_are_the_published_ones() {
        // (size, metric, radius, boards at the radius): Korf & Schultze's 17 positions at
        // 80 moves; Norskog & Davidson's 16 antipodes at 43; the rest the radii of
        // lightln2's tables, in both metrics.
        let anchors = [
            (4, 4, Metric::SingleTile, 80, 17),
            (4, 4, Metric::MultiTile, 43, 16),
            (5, 3, Metric::SingleTile, 84, 1),
            (5, 3, Metric::MultiTile, 44, 1),
            (7, 2, Metric::SingleTile, 108, 1),
            (7, 2, Metric::MultiTile, 52, 1),
            (8, 2, Metric::SingleTile, 140, 1),
            (8, 2, Metric::MultiTile, 57, 80),
        ];
        for (width, height, metric, radius, hardest) in anchors {
            let counts = &shipped(width, height, metric).counts;
            assert_eq!(counts.len(), radius + 1, "{width}x{height} {metric:?}");
            assert_eq!(counts[radius], hardest, "{width}x{height} {metric:?}");
        }
        let fifteen = &shipped(4, 4, Metric::SingleTile).counts;
        assert_eq!(fifteen[53], 784_195_801_886, "the mode");
        assert!((mean(fifteen) - 52.5895).abs() < 1e-4);
        assert!((mean(&shipped(4, 4, Metric::MultiTile).counts) - 32.0369).abs() < 1e-4);
        assert!(shipped(4, 4, Metric::SingleTile)
            .citation
            .contains("A089484"));
        let fifteen_file = SHIPPED[0].4;
        assert!(fifteen_file.contains("Korf") && fifteen_file.contains("A089484"));
        assert!(shipped(4, 4, Metric::MultiTile)
            .citation
            .contains("Norskog"));
        assert!(shipped(7, 2, Metric::MultiTile)
            .citation
            .contains("lightln2"));
    }

    #[test]
    fn single_tile_distances_follow_the_blanks_colour() {
        // Each single-tile move takes the blank to a cell of the other colour of the
        // chessboard, and every cell holds the blank in as many boards: the boards at even
        // distances are those whose blank shares the goal corner's colour (half of them
        // on 16 cells, 8 of 15 on 5x3).
        for (wide, narrow, metric, _, _, _) in SHIPPED {
            if metric == Metric::SingleTile {
                let cells = wide * narrow;
                let corner_coloured = cells.div_ceil(2);
                let counts = &shipped(wide, narrow, metric).counts;
                let even: u64 = counts.iter().step_by(2).sum();
                let expected = solvable(cells) / cells as u64 * corner_coloured as u64;
                assert_eq!(even, expected, "{wide}x{narrow}");
            }
        }
    }

    #[test]
    fn the_first_counts_agree_with_a_breadth_first_search_here() {
        // Each distribution's first layers, to the last that keeps the search within
        // 100,000 boards (the 15-puzzle's to 14 single-tile moves, as before), on the
        // board both ways round.
        for (wide, narrow, metric, _, _, _) in SHIPPED {
            let counts = &shipped(wide, narrow, metric).counts;
            let depth = (0..counts.len())
                .take_while(|&d| counts[..=d].iter().sum::<u64>() <= 100_000)
                .last()
                .unwrap();
            assert!(depth >= 7, "{wide}x{narrow} {metric:?}: {depth}");
            if (wide, narrow, metric) == (4, 4, Metric::SingleTile) {
                assert!(depth >= 14, "{depth}");
            }
            for board in [size(wide, narrow), size(narrow, wide)] {
                assert_eq!(
                    &counts[..=depth],
                    &layers(board, metric, depth)[..],
                    "{board} {metric:?}"
                );
            }
        }
    }

    #[test]
    fn the_4x4_hardest_boards_are_every_board_at_the_radius() {
        for metric in [Metric::SingleTile, Metric::MultiTile] {
            let publication = shipped(4, 4, metric);
            let hardest = &publication.hardest;
            assert_eq!(hardest.len() as u64, *publication.counts.last().unwrap());
            let distinct: HashSet<&Board> = hardest.iter().collect();
            assert_eq!(distinct.len(), hardest.len(), "{metric:?}");
            assert!(hardest.iter().all(|b| b.size() == size(4, 4)));
            assert!(hardest
                .iter()
                .all(|b| crate::puzzle::solvability::is_solvable(b, &Board::goal(size(4, 4)))));
        }
        // Norskog & Davidson describe their antipodes: mirrored in the main diagonal
        // (which keeps the goal's blank corner) the sixteen are the sixteen again, two of
        // them their own mirror images, and four pairs of them lie one move apart.
        let antipodes = &shipped(4, 4, Metric::MultiTile).hardest;
        let set: HashSet<&Board> = antipodes.iter().collect();
        let transposed = |board: &Board| {
            // The tile in cell (row, column) goes to (column, row), renamed to the tile
            // the goal has there.
            let goal = Board::goal(size(4, 4));
            let flip = |cell: usize| (cell % 4) * 4 + cell / 4;
            let mut cells = vec![0; 16];
            for (cell, &tile) in board.cells().iter().enumerate() {
                let home = goal.cells().iter().position(|&t| t == tile).unwrap();
                cells[flip(cell)] = goal.cells()[flip(home)];
            }
            Board::new(size(4, 4), cells).unwrap()
        };
        let mirrored: Vec<Board> = antipodes.iter().map(transposed).collect();
        assert!(mirrored.iter().all(|m| set.contains(m)));
        let own = antipodes.iter().zip(&mirrored).filter(|(a, m)| a == m);
        assert_eq!(own.count(), 2);
        let apart_by_one_move = antipodes
            .iter()
            .flat_map(|board| {
                Move::ALL.into_iter().flat_map(move |mv| {
                    std::iter::successors(board.moved(mv), move |b| b.moved(mv))
                })
            })
            .filter(|neighbour| set.contains(neighbour))
            .count();
        assert_eq!(apart_by_one_move, 2 * 4);
    }

    #[test]
    fn nothing_else_is_shipped() {
        assert!(published(size(3, 3), Metric::SingleTile).is_none());
        assert!(published(size(6, 2), Metric::MultiTile).is_none());
        assert!(published(size(5, 5), Metric::SingleTile).is_none());
        assert!(published(size(6, 3), Metric::MultiTile).is_none());
    }
}
