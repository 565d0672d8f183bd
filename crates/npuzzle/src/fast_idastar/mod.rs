//! The fast IDA*: the fast path beside the generic, instrumented
//! [`search::idastar`](crate::search::idastar), for boards of up to 64 cells (8×8).
//!
//! ```
//! use npuzzle::fast_idastar::{search, LinearConflict, RunSettings};
//! use npuzzle::{parse_board, Board, Size};
//!
//! let goal = Board::blank_first_goal(Size::square(4)?);
//! let start = parse_board("14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3", None)?; // Korf's #1
//! let settings = RunSettings { threads: 2, ..RunSettings::default() };
//! let (moves, stats) = search(&start, &LinearConflict::new(&goal), &settings);
//! let moves = moves.expect("no limit was set");
//! assert_eq!(moves.len(), 57);
//! assert_eq!(start.boards_along(&moves).unwrap().last(), Some(&goal));
//! assert!(stats.expanded > 0);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! What makes it fast, each measured against the generic version:
//! - The board is a fixed `[u8; 64]` of tiles plus a `[u8; 64]` of tile positions,
//!   changed in place by make/unmake: no node is ever allocated or cloned. (A nibble-packed
//!   `u64` was not faster for 4×4: the search never hashes or stores states, and a byte
//!   swap is as cheap as a nibble splice.)
//! - Moves come from a table built once per board: for each blank cell, the legal moves in
//!   the caller's order and the cell each one takes the blank to.
//! - A move is never generated when the path would then end with a stretch that another
//!   stretch, no longer and earlier in the move order, does the same as: the move that
//!   undoes the previous one, six moves round a 2×2 block the wrong way, and every other
//!   such stretch of up to 8–14 moves (a finite-state machine, `move_pruner.rs`; Taylor
//!   & Korf 1993), longer as the search proves long. The canonical path never holds one,
//!   so the answer is unchanged.
//! - The estimate is updated incrementally ([`Estimate::step`]): a move changes one tile's
//!   Manhattan term, the linear conflicts of the two lines the tile leaves and enters, and,
//!   with pattern databases, one group's entry per orientation.
//!
//! The last iteration runs with the bound equal to the optimal length and tries moves in
//! order, and an admissible estimate prunes no optimal path in it, so the path found is
//! the smallest shortest path in the move order: the canonical one, whatever the estimate.

pub mod cluster_link;
mod count;
mod estimate;
mod fast_board;
mod forbidden_words;
pub mod in_process_cluster;
mod linear_conflict;
mod manhattan;
mod move_pruner;
pub mod multi_tile;
pub mod parallel;
mod run_settings;
mod runner;
mod shared_iteration;
mod uncounted;
mod weighted;

pub use count::count_paths;
pub use estimate::Estimate;
pub use fast_board::FastBoard;
pub(crate) use fast_board::MoveTable;
pub use linear_conflict::{LineNode, LinearConflict};
pub use manhattan::Manhattan;
use move_pruner::MovePruner;
pub use run_settings::{RunSettings, MAX_THREADS};
use runner::Runner;
use shared_iteration::Stop;
pub use uncounted::Uncounted;
pub use weighted::Weighted;

use std::time::Instant;

use crate::puzzle::board::{Board, Move};
use crate::search::{Budget, GiveUp, Outcome, Stats};
pub use manhattan::MAX_LINE;

/// Node limits below this many expansions a thread are searched on one thread, which
/// keeps to them exactly; threads may pass a limit by what they pool before checking it
/// ([`parallel::FLUSH_EVERY`] each) and the frontier, a thirty-second of this at most.
pub const SERIAL_BELOW_NODES: u64 = 32 * parallel::FLUSH_EVERY;

pub use crate::puzzle::state::MAX_FAST_CELLS;

/// Runs the fast IDA* from `start` to the goal `estimate` was made for.
///
/// Returns the moves of the smallest shortest path in `settings.order`, or why it gave
/// up. With more than one thread the [`parallel`] search runs, returning the same path.
/// The start must be solvable (check with
/// [`is_solvable`](crate::puzzle::solvability::is_solvable) first: on an unreachable goal
/// this searches until a limit stops it). `stats.peak_nodes` is the longest path held;
/// `stats.setup_seconds` the time spent getting move pruners (once per process each),
/// which `stats.seconds`, the rest of the call, leaves out.
///
/// # Panics
/// When the board has more than [`MAX_FAST_CELLS`] cells.
pub fn search<E: Estimate>(
    start: &Board,
    estimate: &E,
    settings: &RunSettings,
) -> (Result<Vec<Move>, GiveUp>, Stats) {
    let size = start.size();
    assert!(
        size.cells() <= MAX_FAST_CELLS,
        "the fast search takes at most 64 cells"
    );
    let began = Instant::now();
    let mut table = MoveTable::new(size, settings.order);
    // A node limit small beside what the threads may pass it by (what each pools before
    // it checks, and the frontier) is kept exactly by one thread: a bounded answer's
    // phases together keep to the caller's number only if the optimal search keeps to
    // its share.
    let small_limit = settings
        .limits
        .max_expanded
        .is_some_and(|max| max < SERIAL_BELOW_NODES * settings.thread_count() as u64);
    let threads = if small_limit && settings.cluster.is_none() {
        1
    } else {
        settings.thread_count()
    };
    let started = Instant::now();
    let show = |what: &str| {
        if let Some(progress) = &settings.progress {
            progress.0.finish();
            progress.0.start(what, 0);
        }
    };
    let iteration = |bound: u32, expanded: u64| {
        if let Some(proven) = &settings.proven {
            proven.raise(bound);
        }
        // On a cluster the count is the whole cluster's, and so is the rate.
        let seconds = started.elapsed().as_secs_f64();
        let rate = if seconds > 0.0 {
            format!(", {:.1} million a second", expanded as f64 / seconds / 1e6)
        } else {
            String::new()
        };
        show(&format!(
            "fast IDA*: bound {bound}, {expanded} nodes expanded so far{rate}"
        ));
        if let Some(progress) = &settings.progress {
            progress.0.searched(expanded, Some(bound));
        }
    };
    let pruning = |length: usize| {
        show(&format!(
            "fast IDA*: finding the duplicate paths of up to {length} moves to prune"
        ));
    };
    let reports = Reports {
        iteration: &iteration,
        pruning: &pruning,
    };
    let link = settings.cluster.as_ref().map(|l| l.0.as_ref());
    let outcome = if threads > 1 || link.is_some() {
        parallel::search(
            start, estimate, &mut table, settings, threads, link, &reports,
        )
    } else {
        serial(start, estimate, &mut table, settings, &reports)
    };
    if let Some(progress) = &settings.progress {
        progress.0.finish();
    }
    let (outcome, mut stats) = outcome;
    stats.setup_seconds += table.setup().as_secs_f64();
    stats.seconds = began.elapsed().saturating_sub(table.setup()).as_secs_f64();
    (outcome, stats)
}

/// The first iteration's bound: the start's `estimate`, or the bound already proven
/// ([`RunSettings::proven`]) when larger: no path is shorter than either, so the
/// iterations below it would find nothing.
fn first_bound(estimate: u32, settings: &RunSettings) -> u32 {
    settings
        .proven
        .as_ref()
        .map_or(estimate, |proven| estimate.max(proven.get()))
}

/// What a search tells the caller's progress display.
struct Reports<'a> {
    /// Before each iteration: its bound and the nodes expanded so far.
    iteration: &'a dyn Fn(u32, u64),
    /// Before finding longer duplicate paths for move pruning: their length.
    pruning: &'a dyn Fn(usize),
}

/// The search on the calling thread.
fn serial<E: Estimate>(
    start: &Board,
    estimate: &E,
    table: &mut MoveTable,
    settings: &RunSettings,
    reports: &Reports,
) -> (Result<Vec<Move>, GiveUp>, Stats) {
    let board = FastBoard::new(start);
    let root = estimate.init(&board);
    let mut bound = first_bound(estimate.value(&root), settings);
    let mut budget = Budget::new(&settings.limits);
    loop {
        let stop = || budget.stopped();
        if let Err(why) = table.lengthen_for(budget.expanded(), reports.pruning, Some(&stop)) {
            let stats = budget.finish(Outcome::<()>::Exhausted).stats;
            return (Err(why), stats);
        }
        (reports.iteration)(bound, budget.expanded());
        let mut runner = Runner::new(estimate, table, board.clone(), start.blank(), budget);
        runner.by_estimate = settings.any_optimal;
        if runner.pass(0, bound, root, MovePruner::START) {
            let _ = runner.budget.hold(runner.path.len() + 1);
            let stats = runner.budget.finish(Outcome::<()>::Exhausted).stats;
            return (Ok(runner.path), stats);
        }
        if let Some(Stop::GaveUp(why)) = runner.stopped {
            let stats = runner.budget.finish(Outcome::<()>::Exhausted).stats;
            return (Err(why), stats);
        }
        budget = runner.budget;
        let _ = budget.hold(bound as usize + 1);
        // A solvable board always has a path, so the bound always grows to meet it.
        bound = runner.next_bound;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::board::Size;
    use crate::puzzle::heuristic::Heuristic;
    use crate::puzzle::heuristic::HeuristicKind;
    use crate::puzzle::move_order::MoveOrder;
    use crate::puzzle::random::random_board;
    use crate::puzzle::solvability::is_solvable;
    use crate::search::Limits;
    use crate::{Algorithm, Solution, SolveOptions, Status};
    use rand::SeedableRng;

    /// What `solving::fast_solve::solve_with` answers on a board within the search's
    /// reach, made here from [`search`] so that the tests of the fast IDA* keep to its band.
    pub(super) fn solve_with<E: Estimate>(
        start: &Board,
        goal: &Board,
        estimate: &E,
        settings: &RunSettings,
    ) -> Solution {
        let mut solution = Solution::new(Algorithm::FastIdastar, Some(estimate.name()));
        if is_solvable(start, goal) {
            let (outcome, stats) = search(start, estimate, settings);
            solution.stats = stats;
            solution.conclude(outcome);
        }
        solution
    }

    /// The fast IDA* with Manhattan or linear conflict.
    pub(super) fn solve(
        start: &Board,
        goal: &Board,
        kind: HeuristicKind,
        settings: &RunSettings,
    ) -> Solution {
        let estimate = match kind {
            HeuristicKind::Manhattan => LinearConflict::manhattan_only(goal),
            _ => LinearConflict::new(goal),
        };
        solve_with(start, goal, &estimate, settings)
    }

    #[test]
    fn incremental_estimate_matches_full_evaluation() {
        let mut rng = rand::rngs::StdRng::seed_from_u64(11);
        for (w, h) in [(3, 3), (4, 4), (5, 3), (3, 5)] {
            let goal = Board::goal(Size::new(w, h).unwrap());
            let fast = LinearConflict::new(&goal);
            let slow = Heuristic::new(HeuristicKind::LinearConflict, &goal);
            let mut board = random_board(&goal, &mut rng);
            let mut fb = FastBoard::new(&board);
            let mut node = fast.init(&fb);
            for _ in 0..500 {
                assert_eq!(fast.value(&node), slow.estimate_board(&board));
                let legal: Vec<Move> = Move::ALL
                    .into_iter()
                    .filter(|&m| board.size().step(board.blank(), m).is_some())
                    .collect();
                let mv = legal[rand::Rng::gen_range(&mut rng, 0..legal.len())];
                let blank = board.blank();
                let to = board.size().step(blank, mv).unwrap();
                let tile = board.tile_at(to) as u8;
                board.apply(mv);
                fb.tiles[blank] = tile;
                fb.tiles[to] = 0;
                fb.pos[tile as usize] = blank as u8;
                node = fast.step(&node, &fb, tile, to, blank);
            }
        }
    }

    /// The generic IDA*'s answer and the fast one's, with `kind` guiding the fast one.
    fn both(start: &Board, goal: &Board, kind: HeuristicKind) -> (Solution, Solution) {
        let options = SolveOptions {
            algorithm: Algorithm::Idastar,
            ..SolveOptions::default()
        };
        let generic = crate::solve(start, goal, &options).unwrap();
        let fast = solve(start, goal, kind, &RunSettings::default());
        (generic, fast)
    }

    #[test]
    fn same_length_and_moves_as_the_generic_idastar() {
        let mut rng = rand::rngs::StdRng::seed_from_u64(5);
        for (w, h, count) in [(3, 3, 12), (4, 3, 4), (3, 4, 4)] {
            let goal = Board::goal(Size::new(w, h).unwrap());
            for _ in 0..count {
                let start = random_board(&goal, &mut rng);
                let (generic, fast) = both(&start, &goal, HeuristicKind::LinearConflict);
                assert_eq!(fast.length(), generic.length(), "{start}");
                assert_eq!(fast.moves, generic.moves, "{start}");
                assert!(
                    fast.stats.generated <= generic.stats.generated,
                    "parent never generated"
                );
            }
        }
    }

    #[test]
    fn walks_on_4x4_match_the_generic_search() {
        let mut rng = rand::rngs::StdRng::seed_from_u64(8);
        let goal = Board::blank_first_goal(Size::square(4).unwrap());
        for _ in 0..6 {
            let start = crate::puzzle::random::random_walk(&goal, 30, &mut rng);
            let (generic, fast) = both(&start, &goal, HeuristicKind::Manhattan);
            assert_eq!(fast.moves, generic.moves, "{start}");
        }
    }

    #[test]
    fn finding_move_pruners_is_setup_not_search() {
        // An order no other test searches in: its pruner is found by this search.
        let order = MoveOrder::new([Move::Down, Move::Right, Move::Up, Move::Left]).unwrap();
        let goal = Board::goal(Size::square(4).unwrap());
        let start = crate::parse_board("1 2 3 4/5 6 7 8/9 10 0 11/13 14 15 12", None).unwrap();
        let settings = RunSettings {
            order,
            ..RunSettings::default()
        };
        let began = Instant::now();
        let first = solve(&start, &goal, HeuristicKind::LinearConflict, &settings);
        let whole = began.elapsed().as_secs_f64();
        assert_eq!(first.length(), Some(2));
        assert!(first.stats.setup_seconds > 0.0, "{:?}", first.stats);
        assert!(
            first.stats.seconds + first.stats.setup_seconds <= whole,
            "{:?} in {whole} s",
            first.stats
        );
        // The next search finds it made: no setup.
        let again = solve(&start, &goal, HeuristicKind::LinearConflict, &settings);
        assert_eq!(again.moves, first.moves);
        assert!(again.stats.setup_seconds < first.stats.setup_seconds);
    }

    #[test]
    fn limits_stop_cleanly_and_unsolvable_is_decided() {
        // Korf's instance 1 (57 moves from the blank-first goal).
        let goal = Board::blank_first_goal(Size::square(4).unwrap());
        let start = crate::parse_board("14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3", None).unwrap();
        let settings = RunSettings {
            limits: Limits {
                max_expanded: Some(1000),
                ..Limits::NONE
            },
            ..RunSettings::default()
        };
        let s = solve(&start, &goal, HeuristicKind::LinearConflict, &settings);
        assert_eq!(s.status, Status::GaveUp(GiveUp::Expanded(1000)));
        assert!(!s.optimal);
        let swapped = crate::puzzle::solvability::swap_parity(&start);
        let s = solve(&swapped, &goal, HeuristicKind::LinearConflict, &settings);
        // Exactly one of the two is reachable: the other is decided without a search.
        assert_eq!(s.status, Status::Unsolvable);
        assert_ne!(is_solvable(&start, &goal), is_solvable(&swapped, &goal));
        let misplaced = SolveOptions {
            algorithm: Algorithm::FastIdastar,
            estimate: crate::EstimateChoice::Heuristic(HeuristicKind::Misplaced),
            ..SolveOptions::default()
        };
        assert!(crate::solve(&start, &goal, &misplaced).is_err());
    }
}
