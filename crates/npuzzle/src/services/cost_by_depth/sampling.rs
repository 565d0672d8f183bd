//! Boards drawn uniformly among all boards at exactly one optimal distance from a goal,
//! read off an exact distance table: count the boards at that distance, draw ranks among
//! them with the seeded RNG, and pick those boards in one pass over the table.

use std::collections::BTreeMap;

use rand::Rng;

use crate::puzzle::board::Board;
use crate::puzzle::metric::Metric;
use crate::tables::distance_table::{self, Layout};

use super::{layers, DepthTableError};

/// About the bytes the boards of a table take, held at once: `count` boards at each of
/// `depths` depths, of `goal`'s size. Front ends refuse a count past their memory budget
/// before drawing any.
#[must_use]
pub fn sample_bytes(goal: &Board, count: usize, depths: usize) -> u64 {
    let per_board = goal.size().cells() as u64 * 4 + 64;
    (count as u64)
        .saturating_mul(depths as u64)
        .saturating_mul(per_board)
}

/// `count` boards drawn independently and uniformly (with replacement) among all boards
/// at exactly `depth` moves in `metric` from `goal`, in the order drawn.
///
/// Boards of at most [`distance_table::IN_MEMORY_STATES`] states are read off their
/// exact distance table; larger ones (12-cell tables hold distances mod 3), up to 16
/// cells, from the list of every board at the depth, made layer by layer from the goal.
///
/// # Errors
/// [`DepthTableError::NoExactTable`] for boards of more than 16 cells,
/// [`DepthTableError::LayerTooLarge`] when the boards at a depth on the way are too many
/// to list, [`DepthTableError::NoBoards`] when no board is `depth` moves away.
///
/// # Panics
/// Never: every draw is below the number of boards at the depth, all of which the pass
/// over the table meets.
pub fn boards_at_depth(
    goal: &Board,
    metric: Metric,
    depth: usize,
    count: usize,
    rng: &mut impl Rng,
) -> Result<Vec<Board>, DepthTableError> {
    let size = goal.size();
    let no_table = || DepthTableError::NoExactTable {
        size,
        cells: size.cells(),
    };
    let layout = Layout::for_goal(goal)
        .ok()
        .map(|layout| layout.in_metric(metric))
        .filter(|layout| layout.states() <= distance_table::IN_MEMORY_STATES);
    let Some(layout) = layout else {
        // Distances mod 3, or no table: list the depth's boards from the goal instead.
        layers::check_depth(goal, metric, depth)?;
        let layer = layers::layer_at(goal, metric, depth)?;
        let len = layer.len() as u64;
        return Ok((0..count)
            .map(|_| layers::board_of(layer[rng.gen_range(0..len) as usize], goal))
            .collect());
    };
    let table = distance_table::in_memory(layout).ok_or_else(no_table)?;
    let distances = table.exact_distances().ok_or_else(no_table)?;
    let counts = &table.summary().counts;
    let at_depth = counts.get(depth).copied().unwrap_or(0);
    if at_depth == 0 {
        return Err(DepthTableError::NoBoards {
            depth,
            max: counts.len().saturating_sub(1),
        });
    }
    // Which draws take the k-th board at this depth (in table order).
    let draws: Vec<u64> = (0..count).map(|_| rng.gen_range(0..at_depth)).collect();
    let mut wanted: BTreeMap<u64, Vec<usize>> = BTreeMap::new();
    for (draw, &k) in draws.iter().enumerate() {
        wanted.entry(k).or_default().push(draw);
    }
    let mut boards: Vec<Option<Board>> = vec![None; count];
    let mut pending = wanted.into_iter().peekable();
    let mut seen = 0u64;
    let standard = layout.goal();
    for (index, &d) in distances.iter().enumerate() {
        if usize::from(d) != depth {
            continue;
        }
        while let Some((_, draws)) = pending.next_if(|(k, _)| *k == seen) {
            // The table's boards are towards its standard goal; rename onto `goal`.
            let board = layout.board(index as u64).relabeled(&standard, goal);
            for draw in draws {
                boards[draw] = Some(board.clone());
            }
        }
        if pending.peek().is_none() {
            break;
        }
        seen += 1;
    }
    Ok(boards
        .into_iter()
        .map(|b| b.expect("every draw is below the count at its depth"))
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::board::Size;
    use crate::puzzle::oracle::bfs_distances;
    use rand::rngs::StdRng;
    use rand::SeedableRng;
    use std::collections::HashMap;

    #[test]
    fn draws_only_boards_at_the_depth_and_covers_them_uniformly() {
        // A goal with the blank off the corner and tiles renamed: the sampler must rename.
        let goal = Board::new(Size::new(3, 2).unwrap(), vec![5, 3, 1, 0, 2, 4]).unwrap();
        let distances = bfs_distances(&goal);
        let mut rng = StdRng::seed_from_u64(3);
        for depth in [1, 5, 9, 14] {
            for board in boards_at_depth(&goal, Metric::SingleTile, depth, 200, &mut rng).unwrap() {
                assert_eq!(distances[&board], depth, "{board}");
            }
        }
        // Chi-square over every board at one depth: 60 draws a board on average.
        let depth = 6;
        let population: Vec<&Board> = distances
            .iter()
            .filter(|(_, &d)| d == depth)
            .map(|(b, _)| b)
            .collect();
        let m = population.len();
        assert!(m >= 10, "{m} boards at depth {depth}");
        let draws = 60 * m;
        let mut counts: HashMap<Board, usize> = HashMap::new();
        for board in boards_at_depth(&goal, Metric::SingleTile, depth, draws, &mut rng).unwrap() {
            *counts.entry(board).or_default() += 1;
        }
        assert_eq!(counts.len(), m, "every board at the depth is drawn");
        let expected = draws as f64 / m as f64;
        let chi2: f64 = population
            .iter()
            .map(|b| {
                let o = counts[*b] as f64;
                (o - expected).powi(2) / expected
            })
            .sum();
        // Mean m − 1, standard deviation √(2(m − 1)): six deviations is far out.
        let df = (m - 1) as f64;
        assert!(
            chi2 < df + 6.0 * (2.0 * df).sqrt(),
            "chi2 {chi2} with {df} degrees of freedom"
        );
    }

    #[test]
    fn boards_past_the_exact_tables_come_from_the_layers_at_their_exact_depth() {
        let mut rng = StdRng::seed_from_u64(5);
        // A goal with the blank mid-board: the layers start from the goal given.
        let goal = Board::new(
            Size::square(4).unwrap(),
            (0..16).map(|t| (t + 5) % 16).collect(),
        )
        .unwrap();
        for depth in [1, 7, 12] {
            let boards = boards_at_depth(&goal, Metric::SingleTile, depth, 30, &mut rng).unwrap();
            assert_eq!(boards.len(), 30);
            for board in boards {
                let found = crate::solving::solver::solve(
                    &board,
                    &goal,
                    &crate::answer::options::SolveOptions::default(),
                )
                .unwrap();
                assert_eq!(found.length(), Some(depth), "{board}");
            }
        }
    }

    #[test]
    fn refuses_where_no_exact_table_exists_and_depths_with_no_boards() {
        let mut rng = StdRng::seed_from_u64(1);
        let five = Board::goal(Size::square(5).unwrap());
        let error = boards_at_depth(&five, Metric::SingleTile, 10, 1, &mut rng).unwrap_err();
        assert!(
            matches!(error, DepthTableError::NoExactTable { cells: 25, .. }),
            "{error}"
        );
        let three = Board::goal(Size::square(3).unwrap());
        let error = boards_at_depth(&three, Metric::SingleTile, 32, 1, &mut rng).unwrap_err();
        assert!(
            matches!(error, DepthTableError::NoBoards { depth: 32, max: 31 }),
            "{error}"
        );
    }
}
