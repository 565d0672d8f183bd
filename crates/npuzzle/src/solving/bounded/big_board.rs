//! The schedule of big boards (more than
//! [`AUTO_OPTIMAL_CELLS`](crate::solving::plan::AUTO_OPTIMAL_CELLS) cells) under a time
//! limit, where no optimal search finishes: beams of doubling width for the upper bound,
//! then the optimal search for the lower bound ([`super::solve`] hands them over).

use std::time::{Duration, Instant};

use super::ends::{bounded_answer, raising, Upper};
use crate::answer::algorithm::Algorithm;
use crate::answer::options::SolveOptions;
use crate::answer::solution::{Solution, Status};
use crate::answer::solve_error::SolveError;
use crate::fast_idastar::{Estimate, LinearConflict, RunSettings, MAX_LINE};
use crate::puzzle::board::Board;
use crate::puzzle::heuristic::{Heuristic, HeuristicKind};
use crate::puzzle::metric::Metric;
use crate::search::{GiveUp, Limits, Stats};
use crate::solving::beam::{self, Beam};
use crate::solving::constructive;
use crate::solving::network_ranking::NetworkRanking;
use crate::solving::plan::Plan;
use crate::util::cancel::CancelToken;
use crate::util::proven_bound::ProvenBound;

/// The schedule of big boards (more than
/// [`AUTO_OPTIMAL_CELLS`](crate::solving::plan::AUTO_OPTIMAL_CELLS) cells, a time limit):
/// the upper bound first, since no optimal search will finish and a stop from outside
/// should find the shortest answer there can be, then the lower bound.
///
/// 1. The constructive answer, at once.
/// 2. Beams of doubling width ([`widen`]) for [`BEAM_SHARE`] of the time, each cut off at
///    the best length so far, on boards the beam takes.
/// 3. The plan's optimal search for the rest of the time (and of the node limit), which
///    raises the lower bound with each iteration it completes (before any, the start's
///    linear-conflict estimate); if it finishes, its answer is optimal and is the answer.
///
/// A stop from outside (Ctrl-C, a dropped request) answers the best so far, bounded.
pub(super) fn solve_big(
    start: &Board,
    goal: &Board,
    plan: &Plan,
    options: &SolveOptions,
    optimal: impl FnOnce(&SolveOptions) -> Result<Solution, SolveError>,
) -> Result<Solution, SolveError> {
    let started = Instant::now();
    let limits = &options.limits;
    let whole = limits.max_time.expect("a time limit");
    let deadline = started.checked_add(whole);
    let upper = Upper::new(options.progress.clone(), Metric::SingleTile);
    let built = constructive::solve(start, goal, limits);
    if built.status == Status::Solved {
        upper.offer(built.moves);
    }
    let proven = ProvenBound::new();
    proven.raise(first_bound(start, goal));
    // Where no optimal search follows (the construction's plan: boards past the beam's
    // 64 cells or sides of 8), the beams have the whole time: a share kept for a search
    // that never runs would end the answer early.
    let beam_share = if plan.algorithm == Algorithm::Constructive {
        1.0
    } else {
        BEAM_SHARE
    };
    let beams_until = started.checked_add(whole.mul_f64(beam_share));
    let mut stats = widen(start, goal, plan, options, &upper, &proven, beams_until);
    let mut solution = Solution::new(plan.algorithm, plan.guide.name());
    let left = deadline.map_or(Duration::ZERO, |at| {
        at.saturating_duration_since(Instant::now())
    });
    if plan.algorithm != Algorithm::Constructive && !left.is_zero() && !stopped(options) {
        let lower = Limits {
            max_time: Some(left),
            // What the beams left: together the phases keep to the node limit.
            max_expanded: limits
                .max_expanded
                .map(|m| m.saturating_sub(stats.expanded)),
            ..limits.clone()
        };
        let searched = optimal(&raising(options, lower, &upper, &proven))?;
        if searched.status == Status::Solved {
            let mut searched = searched;
            searched.stats = searched.stats.plus(stats);
            return Ok(searched);
        }
        stats = stats.plus(searched.stats);
        solution = searched;
    }
    if let Some(progress) = &options.progress {
        progress.0.finish();
    }
    // The phases follow each other: the solve's wall time, construction included.
    stats.seconds = (started.elapsed().as_secs_f64() - stats.setup_seconds).max(0.0);
    solution.stats = stats;
    let why = if stopped(options) {
        GiveUp::Interrupted
    } else {
        GiveUp::Time(whole)
    };
    Ok(bounded_answer(solution, start, goal, &upper, &proven, why))
}

/// Boards of up to this many cells are bounded at first by linear conflicts (whose
/// table of distances has a byte per pair of cells), larger ones by Manhattan distance.
const CONFLICT_TABLE_CELLS: usize = 1024;

/// The admissible estimate a big board's lower bound starts from.
fn first_bound(start: &Board, goal: &Board) -> u32 {
    let size = start.size();
    if size.cells() <= CONFLICT_TABLE_CELLS {
        return Heuristic::new(HeuristicKind::LinearConflict, goal).estimate_board(start);
    }
    let mut home = vec![0; size.cells()];
    for (cell, &tile) in goal.cells().iter().enumerate() {
        home[tile as usize] = cell;
    }
    let tiles = start
        .cells()
        .iter()
        .enumerate()
        .filter(|&(_, &tile)| tile != 0);
    tiles
        .map(|(cell, &tile)| size.cell_distance(cell, home[tile as usize]) as u32)
        .sum()
}

/// Whether the caller's token has stopped the solve.
fn stopped(options: &SolveOptions) -> bool {
    CancelToken::is_set(options.limits.cancel.as_ref())
}

/// The share of a big board's time limit the beams have before the lower bound gets the
/// rest.
pub const BEAM_SHARE: f64 = 0.85;

/// The first beam's width: answers in milliseconds on any board the beam takes.
pub const FIRST_WIDTH: usize = 256;

/// Beams of doubling width, from [`FIRST_WIDTH`], each cut off at the best answer so far,
/// until `until` passes, a stop from outside, the node limit (two thirds of it), or the
/// memory limit would be passed; a round that would not end in time is not started (the
/// next width's time is foretold from the last one's, twice as long). Where two more
/// doublings would not end in time, the widest beams that would ([`fitting_width`]) run
/// until the time is spent, rather than up to half of it left. Each answer is kept
/// when shorter. Ranked by the network that ships for the board ([`NetworkRanking`]),
/// else guided by the plan's pattern databases when it has them, else by linear
/// conflicts. Returns what the beams cost.
fn widen(
    start: &Board,
    goal: &Board,
    plan: &Plan,
    options: &SolveOptions,
    upper: &Upper,
    proven: &ProvenBound,
    until: Option<Instant>,
) -> Stats {
    if !beam::fits(start.size()) {
        return widen_reduced(start, goal, options, upper, until);
    }
    // The network first where weights ship for the board: it ranks far better than linear
    // conflicts for a little more time a node, and the databases rank no better than
    // linear conflicts (BENCHMARKS "Big boards", notes/big-boards.md).
    let refused = match NetworkRanking::built_in(goal) {
        Some(Ok(ranking)) => return widen_with(&ranking, start, options, upper, proven, until),
        Some(Err(why)) => Some(why),
        None => None,
    };
    if let Some(why) = refused {
        upper.show(&format!("network ranking refused ({why})"), proven);
    }
    match plan.guide.database() {
        Some(db) => widen_with(db.as_ref(), start, options, upper, proven, until),
        None => widen_with(
            &LinearConflict::new(goal),
            start,
            options,
            upper,
            proven,
            until,
        ),
    }
}

/// [`widen`] on a board the beam does not take: the construction places rows and
/// columns until the unsolved block has sides of at most 8, beams of doubling width
/// finish the block (towards its goal, by linear conflicts), and the shortest whole
/// answer is kept.
fn widen_reduced(
    start: &Board,
    goal: &Board,
    options: &SolveOptions,
    upper: &Upper,
    until: Option<Instant>,
) -> Stats {
    // The reduction alone reads the whole board (its parity first): not when the time is
    // already spent, as on a board whose construction took it all.
    if until.is_some_and(|at| Instant::now() >= at) {
        return Stats::default();
    }
    let limits = Limits {
        max_time: until.map(|at| at.saturating_duration_since(Instant::now())),
        ..options.limits.clone()
    };
    let Ok(Some(reduced)) = constructive::reduce_within(start, goal, MAX_LINE, &limits) else {
        return Stats::default();
    };
    // The block's own construction bounds its beams' depth: a narrow beam that wanders
    // stops there.
    let block = Upper::new(None, Metric::SingleTile);
    if let Some(built) = constructive::construct(&reduced.block_start, &reduced.block_goal) {
        block.offer(built.moves);
    }
    let estimate = LinearConflict::new(&reduced.block_goal);
    let stats = widen_with(
        &estimate,
        &reduced.block_start,
        options,
        &block,
        &ProvenBound::new(),
        until,
    );
    if let Some(finish) = block.best() {
        let mut moves = reduced.moves;
        moves.extend(finish);
        moves.extend(reduced.walk_back);
        upper.offer(constructive::cancel_inverse_pairs(moves));
    }
    stats
}

/// [`widen`] with `estimate`.
fn widen_with<E: Estimate>(
    estimate: &E,
    start: &Board,
    options: &SolveOptions,
    upper: &Upper,
    proven: &ProvenBound,
    until: Option<Instant>,
) -> Stats {
    let began = Instant::now();
    let mut stats = Stats::default();
    let mut nodes_left = options.limits.max_expanded.map(|m| m - m / 3);
    let threads = RunSettings {
        threads: options.threads,
        ..RunSettings::default()
    }
    .thread_count();
    let mut last: Option<Round> = None;
    loop {
        let now = Instant::now();
        let left = until.map(|at| at.saturating_duration_since(now).as_secs_f64());
        let done = upper.length().is_some_and(|l| l <= proven.get() as usize);
        if done || stopped(options) {
            break;
        }
        let Some(width) = fitting_width(last, left) else {
            break;
        };
        let cutoff = upper.length().unwrap_or(usize::MAX);
        let round = Beam {
            width,
            cutoff,
            threads,
            order: options.order,
        };
        let depth = cutoff.min(16 * start.size().cells());
        let too_big = options
            .limits
            .max_bytes
            .is_some_and(|budget| round.bytes::<E>(depth) > budget);
        if too_big || nodes_left == Some(0) {
            break;
        }
        upper.show(
            &format!("beam search by {}, width {width}", estimate.name()),
            proven,
        );
        let stop = || until.is_some_and(|at| Instant::now() >= at) || stopped(options);
        let found = beam::beam_search(start, estimate, &round, &stop);
        stats.expanded += found.expanded;
        stats.generated += found.generated;
        stats.peak_nodes = stats.peak_nodes.max(width as u64);
        stats.peak_bytes = stats.peak_bytes.max(round.bytes::<E>(depth));
        if let Some(n) = &mut nodes_left {
            *n = n.saturating_sub(found.expanded);
        }
        if let Some(moves) = found.moves {
            upper.offer(moves);
        }
        if found.stopped {
            break;
        }
        last = Some(Round::after(last, width, now.elapsed().as_secs_f64()));
    }
    stats.seconds = began.elapsed().as_secs_f64();
    stats
}

/// The share of the time left the last round is foretold to take: a round foretold a
/// little short still ends in time (one cut at the deadline answers nothing, and the
/// limit was then reached). At 0.8, 2x20 and 12x3 boards at 6 s on a loaded machine
/// (load 4.5 on two cores) left up to a fifth of the time unused.
const FIT_MARGIN: f64 = 0.9;

/// How a round's time is foretold to grow with its width before two rounds have
/// measured it: as `width^WIDTH_GROWTH`. Beams of 2x20 and 9x9 boards measured 1.9 to
/// 2.4 times as long at twice the width (the selection of a layer's best grows faster
/// than the layer), so a little over linear; measured growth is kept within
/// [`GROWTH_RANGE`].
const WIDTH_GROWTH: f64 = 1.25;

/// The least and most growth (as [`WIDTH_GROWTH`]) a measurement is believed.
const GROWTH_RANGE: (f64, f64) = (0.9, 1.6);

/// A round of the beams: its width and seconds, and how its time grew from the round
/// before (as [`WIDTH_GROWTH`]).
#[derive(Clone, Copy, Debug)]
struct Round {
    width: usize,
    seconds: f64,
    growth: f64,
}

impl Round {
    /// The round of `width` that took `seconds`, after `before`.
    fn after(before: Option<Round>, width: usize, seconds: f64) -> Round {
        let growth = before
            .filter(|b| b.width < width && b.seconds > 0.0 && seconds > 0.0)
            .map_or(WIDTH_GROWTH, |b| {
                #[expect(clippy::cast_precision_loss, reason = "a ratio of widths")]
                let widened = (width as f64 / b.width as f64).ln();
                ((seconds / b.seconds).ln() / widened).clamp(GROWTH_RANGE.0, GROWTH_RANGE.1)
            });
        Round {
            width,
            seconds,
            growth,
        }
    }
}

/// The width of the next beam, after the `last` round with `left` seconds to go:
/// [`FIRST_WIDTH`] first; then twice the last while the time left holds that round
/// (foretold twice as long) and the one after it (four times); else the widest foretold
/// (by the growth the last rounds measured) to take [`FIT_MARGIN`] of the time left,
/// narrower than the last too where a round ended sooner than foretold (a beam's answer
/// is not monotone in its width, and each shorter one is kept); none once that would be
/// narrower than the first. Doubling to the end would leave up to half the time unused
/// (measured: 3.8 s of 10 on a 2x20 board), and a last round foretold too long (a wide
/// beam finds shorter answers, and its cutoff then prunes more) up to a third.
fn fitting_width(last: Option<Round>, left: Option<f64>) -> Option<usize> {
    let Some(Round {
        width,
        seconds,
        growth,
    }) = last
    else {
        return Some(FIRST_WIDTH);
    };
    let Some(left) = left.filter(|&left| left < 6.0 * seconds) else {
        return Some(width * 2);
    };
    let wider = (FIT_MARGIN * left / seconds.max(f64::EPSILON)).powf(growth.recip());
    #[expect(
        clippy::cast_possible_truncation,
        clippy::cast_sign_loss,
        clippy::cast_precision_loss,
        reason = "a width of at most a few times the last, from a positive ratio"
    )]
    let fits = (width as f64 * wider) as usize;
    (fits >= FIRST_WIDTH).then_some(fits)
}

#[cfg(test)]
mod tests {
    use super::super::reaches;
    use super::*;
    use crate::puzzle::board::Size;
    use crate::puzzle::random::random_board;
    use crate::solving::solver::solve as solve_board;
    use rand::SeedableRng;

    /// A big board under a time limit: what every answer must be, and the best length.
    fn big(start: &Board, goal: &Board, seconds: f64) -> Solution {
        let options = SolveOptions {
            threads: 2,
            limits: Limits {
                max_time: Some(Duration::from_secs_f64(seconds)),
                ..Limits::NONE
            },
            bounded: true,
            ..SolveOptions::default()
        };
        let began = Instant::now();
        let answer = solve_board(start, goal, &options).unwrap();
        let spent = began.elapsed().as_secs_f64();
        assert!(spent < seconds * 1.05 + 0.2, "{spent} s for {seconds}");
        assert!(reaches(start, goal, &answer.moves), "{start}: not a path");
        let lower = answer.lower_bound.expect("a lower bound");
        let admissible = Heuristic::new(HeuristicKind::LinearConflict, goal).estimate_board(start);
        assert!(lower >= admissible as usize && lower <= answer.moves.len());
        answer
    }

    #[test]
    fn the_last_beam_is_as_wide_as_the_time_left_holds() {
        assert_eq!(fitting_width(None, Some(1.0)), Some(FIRST_WIDTH));
        let first = Round::after(None, 256, 1.0);
        assert_eq!(fitting_width(Some(first), None), Some(512));
        // Time for this doubling and the next: doubled.
        assert_eq!(fitting_width(Some(first), Some(6.5)), Some(512));
        // Not for both: the last round, foretold by the growth measured (here 2.5 times
        // as long at twice the width) to take 90 % of what is left.
        let measured = Round::after(Some(Round::after(None, 500, 0.4)), 1000, 1.0);
        let last = fitting_width(Some(measured), Some(5.0)).unwrap();
        let foretold = (last as f64 / 1000.0).powf(2.5f64.log2());
        assert!((foretold - 4.5).abs() < 0.01, "{last}: {foretold} s");
        // A growth past belief is held to the range.
        let wild = Round::after(Some(Round::after(None, 500, 0.01)), 1000, 1.0);
        assert!((wild.growth - GROWTH_RANGE.1).abs() < 1e-9);
        // Less left than the last round took: a narrower beam, another answer.
        let narrower = fitting_width(Some(measured), Some(0.8)).unwrap();
        assert!((FIRST_WIDTH..1000).contains(&narrower), "{narrower}");
        // Too little left for the narrowest.
        assert_eq!(fitting_width(Some(measured), Some(0.1)), None);
    }

    #[test]
    fn big_boards_under_a_time_limit_get_shorter_answers_never_longer_with_more_time() {
        let goal = Board::goal(Size::square(6).unwrap());
        let start = random_board(&goal, &mut rand::rngs::StdRng::seed_from_u64(44));
        let built = constructive::solve(&start, &goal, &Limits::NONE)
            .moves
            .len();
        let mut last = built;
        for seconds in [0.3, 1.0, 3.0] {
            let answer = big(&start, &goal, seconds);
            assert!(matches!(answer.status, Status::Bounded(GiveUp::Time(_))));
            assert!(
                answer.moves.len() <= last,
                "{seconds} s: {} after {last}",
                answer.moves.len()
            );
            last = answer.moves.len();
        }
        assert!(
            last * 3 < built * 2,
            "{last} moves against the constructive {built}"
        );
    }

    #[test]
    fn boards_past_the_beam_are_reduced_to_a_block_it_takes_and_bounded_by_their_estimate() {
        let goal = Board::goal(Size::square(10).unwrap());
        let start = random_board(&goal, &mut rand::rngs::StdRng::seed_from_u64(10));
        // 8 s, not less: the reduction and the block's beams need a share of a core that a
        // loaded machine (load 9 on two cores) did not give them in 3 s.
        let answer = big(&start, &goal, 8.0);
        assert!(matches!(answer.status, Status::Bounded(_)));
        assert_eq!(answer.algorithm, Algorithm::Constructive);
        // The last 8x8 block finished by beams: shorter than the construction alone.
        let built = constructive::solve(&start, &goal, &Limits::NONE)
            .moves
            .len();
        assert!(
            answer.moves.len() < built,
            "{} against {built}",
            answer.moves.len()
        );
    }

    #[test]
    fn a_stop_from_outside_answers_the_best_so_far() {
        let goal = Board::goal(Size::square(7).unwrap());
        let start = random_board(&goal, &mut rand::rngs::StdRng::seed_from_u64(4));
        let token = CancelToken::new();
        let options = SolveOptions {
            limits: Limits {
                max_time: Some(Duration::from_secs(100)),
                cancel: Some(token.clone()),
                ..Limits::NONE
            },
            bounded: true,
            ..SolveOptions::default()
        };
        let stopper = std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(500));
            token.cancel();
        });
        let began = Instant::now();
        let answer = solve_board(&start, &goal, &options).unwrap();
        stopper.join().unwrap();
        assert!(began.elapsed() < Duration::from_secs(5));
        assert_eq!(answer.status, Status::Bounded(GiveUp::Interrupted));
        assert!(reaches(&start, &goal, &answer.moves));
    }

    #[test]
    fn without_a_time_limit_a_big_board_is_constructed_and_told_a_limit_would_shorten_it() {
        let goal = Board::goal(Size::square(6).unwrap());
        let start = random_board(&goal, &mut rand::rngs::StdRng::seed_from_u64(5));
        let answer = solve_board(
            &start,
            &goal,
            &SolveOptions {
                bounded: true,
                ..SolveOptions::default()
            },
        )
        .unwrap();
        assert_eq!(
            (answer.algorithm, answer.status.clone()),
            (Algorithm::Constructive, Status::Solved)
        );
        assert_eq!(
            answer.advice,
            Some(crate::answer::solution::Advice::TimeLimit)
        );
    }

    #[test]
    fn the_constructive_method_asked_for_by_name_is_not_searched_past() {
        let goal = Board::goal(Size::square(6).unwrap());
        let start = random_board(&goal, &mut rand::rngs::StdRng::seed_from_u64(6));
        let options = SolveOptions {
            algorithm: Algorithm::Constructive,
            limits: Limits {
                max_time: Some(Duration::from_secs(30)),
                ..Limits::NONE
            },
            bounded: true,
            ..SolveOptions::default()
        };
        let began = Instant::now();
        let answer = solve_board(&start, &goal, &options).unwrap();
        assert!(began.elapsed() < Duration::from_secs(2));
        assert_eq!((answer.status, answer.lower_bound), (Status::Solved, None));
        assert_eq!(
            answer.moves,
            constructive::solve(&start, &goal, &Limits::NONE).moves
        );
    }
}
