//! How many shortest paths lead from a board to the goal, read off the table: the number
//! of a board's shortest paths is the sum of those of its neighbours one move nearer.

use crate::puzzle::board::Board;
use crate::puzzle::move_order::MoveOrder;
use crate::puzzle::rank::sequence_rank;
use crate::search::{vec_bytes, Budget, GiveUp, Limits, Outcome, Stats};

use super::{pack, DistanceTable};

/// A board of one layer: its index, its packed arrangement, and the shortest paths from
/// the start that reach it.
type Entry = (u64, u64, u128);

impl DistanceTable {
    /// The number of distinct shortest move sequences from `board` to [`super::Layout::goal`]
    /// (1 on the goal), or `None` when the board has another size or cannot reach the goal.
    ///
    /// The boards `k` moves along some shortest path form one layer, all at the same
    /// distance; each carries the number of shortest paths from `board` that reach it, and
    /// passes it on to each neighbour one move nearer. The work is the boards on shortest
    /// paths, not the whole table. The count cannot overflow: a table's boards are at most
    /// 80 moves from the goal (2x6), and a shortest path never undoes a move, so there are
    /// at most 4·3^79 < 2^128 of them. `limits` bound the layers' boards (expansions, the
    /// memory budget) and the time.
    ///
    /// ```
    /// use npuzzle::tables::distance_table::{DistanceTable, Layout};
    /// use npuzzle::{parse_board, search::Limits};
    ///
    /// let goal = parse_board("1 2 3/4 5 6/7 8 0", None)?;
    /// let table = DistanceTable::embedded(Layout::for_goal(&goal)?).expect("3x3 is embedded");
    /// let near = parse_board("1 2 3/4 5 6/7 0 8", None)?; // one move away: one way
    /// assert_eq!(table.count_paths(&near, &Limits::NONE).map(|(n, _)| n), Some(Ok(1)));
    /// let board = parse_board("1 2 3/8 7 5/0 4 6", None)?; // eight moves away, two ways
    /// let (count, _) = table.count_paths(&board, &Limits::NONE).expect("reaches the goal");
    /// assert_eq!(count, Ok(2));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn count_paths(
        &self,
        board: &Board,
        limits: &Limits,
    ) -> Option<(Result<u128, GiveUp>, Stats)> {
        let index = self.layout.index(board)?;
        let cells = self.layout.size().cells();
        let mut budget = Budget::new(limits);
        let mut layer: Vec<Entry> = vec![(index, pack(board), 1)];
        let mut next: Vec<Entry> = Vec::new();
        let outcome = loop {
            // Every board of a layer is at the same distance: only the last holds the goal.
            if layer[0].0 == self.goal_index {
                break Ok(layer[0].2);
            }
            next.clear();
            let mut stopped = None;
            for &(here, packed, count) in &layer {
                if let Err(why) = budget.expand() {
                    stopped = Some(why);
                    break;
                }
                let (rank, _) = sequence_rank(packed, cells);
                self.layout.for_each_neighbour(
                    packed,
                    rank,
                    MoveOrder::DEFAULT,
                    |_, there, moved| {
                        if self.nearer(here, there) {
                            next.push((there, moved, count));
                        }
                    },
                );
            }
            if let Some(why) = stopped {
                break Err(why);
            }
            let held = layer.len() + next.len();
            let bytes = vec_bytes::<Entry>(layer.len(), layer.capacity())
                + vec_bytes::<Entry>(next.len(), next.capacity());
            if let Err(why) = budget.hold_bytes(held, bytes) {
                break Err(why);
            }
            merge(&mut next, &mut layer);
        };
        Some((outcome, budget.finish(Outcome::<()>::Exhausted).stats))
    }
}

/// Sums the counts of the boards `found` more than once into `into`, one entry a board.
fn merge(found: &mut [Entry], into: &mut Vec<Entry>) {
    found.sort_unstable_by_key(|&(index, _, _)| index);
    into.clear();
    for &(index, packed, count) in found.iter() {
        match into.last_mut() {
            Some(last) if last.0 == index => {
                last.2 = last.2.checked_add(count).expect("under 4·3^79 paths");
            }
            _ => into.push((index, packed, count)),
        }
    }
}
