//! A recorded solve analysed move by move, as speedsolvers review theirs: after each
//! move, how many moves the goal still needs at best, whether the move kept that
//! optimum or lost moves (+2 in the single-tile metric, +1 or more in the multi-tile
//! one), the moves that were better where one was lost, the total lost, and an optimal
//! finish from the board of the first mistake. The moves need not reach the goal: an
//! unfinished solve is analysed to its last move. With no moves at all,
//! [`good_moves`] lists each first move with what it leaves.
//!
//! In the multi-tile metric a move is a run of equal blank steps (`rrr` is one move of
//! three cells). Each board's optimum comes from [`solve`] with the caller's options;
//! where a limit stopped the optimal search but a bounded answer was found
//! ([`SolveOptions::bounded`]), the remaining length is that answer's, marked inexact.
//! The analysis follows the last optimal path it knows: a move that goes along it
//! costs no search.
//!
//! **A board is searched once.** What each board's search answered, exact or bounded, is
//! kept for the rest of the analysis, and a board met again (a solve that wanders back
//! and forth, `lrlrlr…`) is read from there: the searches an analysis runs
//! ([`Analysis::searches`]) are at most the distinct boards its moves reach and their
//! neighbours (searched for the better moves where a move lost some), however many moves
//! it has. The limits in `options` apply to each search alone: a time limit of `T` lets
//! each board's search run for `T`. A stop from outside ([`Limits::cancel`]) ends the
//! analysis at the move it reached, with what came before it ([`Analysis::gave_up`]).
//!
//! ```
//! use npuzzle::services::analysis::analyse;
//! use npuzzle::{parse_board, parse_moves, Board, SolveOptions};
//!
//! let start = parse_board("1 2 3/4 5 6/0 7 8", None)?;
//! let goal = Board::goal(start.size());
//! // Two moves solve it; the player went up first and came back.
//! let analysis = analyse(&start, &goal, &parse_moves("udrr")?, &SolveOptions::default())?;
//! assert_eq!(analysis.optimum, 2);
//! let remaining: Vec<usize> = analysis.steps.iter().map(|s| s.remaining).collect();
//! assert_eq!(remaining, [3, 2, 1, 0]);
//! assert_eq!(analysis.steps[0].lost, 2);
//! assert_eq!(analysis.lost, 2);
//! assert_eq!(analysis.first_mistake, Some(0));
//! assert_eq!(npuzzle::moves_to_string(&analysis.finish), "rr");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::collections::HashMap;
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use rayon::prelude::*;
use thiserror::Error;

use crate::answer::options::SolveOptions;
use crate::answer::solution::Status;
use crate::answer::solve_error::SolveError;
use crate::puzzle::board::{Board, Move};
use crate::puzzle::metric::Metric;
use crate::puzzle::notation::Notation;
use crate::puzzle::solvability::is_solvable;
use crate::search::{GiveUp, Limits};
use crate::solving::guide::Guide;
use crate::solving::plan::plan;
use crate::solving::solver::solve;
use crate::util::cancel::CancelToken;

mod walked;

use walked::{WalkOutcome, Walked};

/// One move of a recorded solve, analysed.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct AnalysedMove {
    /// The move's blank steps: one, or a run of equal ones in the multi-tile metric.
    pub steps: Vec<Move>,
    /// The fewest moves from the board after it to the goal.
    pub remaining: usize,
    /// Moves it lost: how much longer the best solve became (0 when it kept the optimum).
    pub lost: usize,
    /// Where it lost moves: each first move that would have kept the optimum, as its
    /// blank steps (empty when it lost none).
    pub better: Vec<Vec<Move>>,
    /// Whether `remaining` (and so `lost`) is proven: false when a limit stopped the
    /// optimal search and the length is that of a bounded answer.
    pub exact: bool,
}

/// A recorded solve, analysed move by move ([`analyse`]).
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Analysis {
    /// The metric moves are counted in.
    pub metric: Metric,
    /// The fewest moves from the start.
    pub optimum: usize,
    /// Each move, in order.
    pub steps: Vec<AnalysedMove>,
    /// Moves lost in all: the solve's length less the optimum when it reached the goal.
    pub lost: usize,
    /// The index in `steps` of the first move that lost moves.
    pub first_mistake: Option<usize>,
    /// An optimal finish from the board the first mistake was made on (from the last
    /// board when there was none and the moves stopped short of the goal; empty when
    /// they reached it without a mistake).
    pub finish: Vec<Move>,
    /// Whether every length above is proven optimal.
    pub exact: bool,
    /// The searches run: a board solved, or a multi-tile walk of a board at one length.
    /// A board met again is not searched again, so this grows with the distinct boards,
    /// not with the moves.
    pub searches: usize,
    /// Why the analysis stopped before the last move, if it did (a stop from outside):
    /// `steps` then holds the moves analysed before it.
    #[cfg_attr(feature = "serde", serde(serialize_with = "said"))]
    pub gave_up: Option<GiveUp>,
}

/// A reason to give up as its sentence (`gave up: interrupted`), as every report says it.
#[cfg(feature = "serde")]
#[expect(
    clippy::ref_option,
    reason = "serde's serialize_with hands the field as it is, a reference to it"
)]
fn said<S: serde::Serializer>(why: &Option<GiveUp>, out: S) -> Result<S::Ok, S::Error> {
    match why {
        Some(why) => out.collect_str(why),
        None => out.serialize_none(),
    }
}

impl Analysis {
    /// Whether the moves ended on the goal.
    pub fn reached_goal(&self) -> bool {
        self.steps
            .last()
            .map_or(self.optimum == 0, |s| s.remaining == 0)
    }
}

/// Why a solve could not be analysed.
#[derive(Debug, Error)]
pub enum AnalysisError {
    /// A move takes the blank off the board: nothing after it is analysed.
    #[error("move {index} ('{}') takes the blank off the board", mv.letter())]
    OffBoard {
        /// 1-based position among the blank's steps.
        index: usize,
        /// The move.
        mv: Move,
    },
    /// The goal cannot be reached from the start: no move can keep or lose an optimum.
    #[error("the goal cannot be reached from this board: there is no optimum to measure moves by")]
    Unreachable,
    /// A search gave up with no answer: the analysis stops where the optimum is unknown.
    #[error("the search gave up on the board after {after} ({why}): raise the limit or give --max-seconds a bounded answer")]
    GaveUp {
        /// Where: `the start` or `move N`.
        after: String,
        /// The limit that stopped it.
        why: GiveUp,
    },
    /// The options cannot be planned, or start and goal differ in size.
    #[error(transparent)]
    Solve(#[from] SolveError),
}

impl AnalysisError {
    /// The error as a sentence, a move off the board written in `notation` (`move 3
    /// ('R') takes the blank off the board` in tile notation): what the command line and
    /// the web API both say.
    pub fn written_in(&self, notation: Notation) -> String {
        match self {
            AnalysisError::OffBoard { index, mv } => format!(
                "move {index} ('{}') takes the blank off the board",
                notation.write(&[*mv])
            ),
            other => other.to_string(),
        }
    }
}

/// What a board's best known solve is: its moves, its length in the metric, and whether
/// that length is proven optimal.
#[derive(Clone)]
struct Best {
    moves: Vec<Move>,
    length: usize,
    exact: bool,
}

/// The best solve of `board` under `options`, `place` naming the board for an error.
fn best(
    board: &Board,
    goal: &Board,
    options: &SolveOptions,
    place: &str,
) -> Result<Best, AnalysisError> {
    let solution = solve(board, goal, options)?;
    match solution.status {
        Status::Solved | Status::Bounded(_) => Ok(Best {
            length: options.metric.length(&solution.moves),
            exact: solution.status == Status::Solved && solution.optimal,
            moves: solution.moves,
        }),
        Status::Unsolvable => Err(AnalysisError::Unreachable),
        Status::GaveUp(why) => Err(AnalysisError::GaveUp {
            after: place.to_string(),
            why,
        }),
    }
}

/// Whether `goal` is one `board` can reach: of its size, and of its parity.
fn reachable(board: &Board, goal: &Board) -> Result<(), AnalysisError> {
    if board.size() != goal.size() {
        return Err(SolveError::SizeMismatch {
            start: board.size(),
            goal: goal.size(),
        }
        .into());
    }
    if !is_solvable(board, goal) {
        return Err(AnalysisError::Unreachable);
    }
    Ok(())
}

/// Each move from `board` in `options.metric`, in the move order in force (shorter jumps
/// first), with the board it leads to.
fn moves_from(board: &Board, options: &SolveOptions) -> Vec<(Vec<Move>, Board)> {
    let mut moves = Vec::new();
    for mv in options.order {
        let mut after = board.clone();
        let mut steps = Vec::new();
        while steps.len() < options.metric.longest_jump(board.size()) && after.apply(mv) {
            steps.push(mv);
            moves.push((steps.clone(), after.clone()));
        }
    }
    moves
}

/// The multi-tile IDA*'s walk of one analysis: where the analysis knows how many moves a
/// board needs, the boards around it are walked at a known length, ended by the first
/// solution, instead of solved from nothing. A solve goes through every shorter length
/// first and on to longer ones; a walk is one iteration of it. What each walk found is
/// kept for the rest of the analysis: a solve wanders back and forth, and its boards come
/// round again (on a recorded 4x4 solve of 95 moves, half the walks' time was walks
/// already made).
struct Walker {
    guide: Arc<dyn Guide>,
    walked: Mutex<Walked>,
    /// Walks run (not read from `walked`).
    walks: AtomicUsize,
}

impl Walker {
    /// The walker of boards towards `goal` under `options`: `None` where `options` do not
    /// plan the multi-tile IDA* (the single-tile metric, boards it does not take).
    fn new(goal: &Board, options: &SolveOptions) -> Result<Option<Walker>, AnalysisError> {
        if options.metric != Metric::MultiTile {
            return Ok(None);
        }
        let guide = plan(goal, options)?.guide;
        Ok(guide.walks_optimal().then(|| Walker {
            guide,
            walked: Mutex::default(),
            walks: AtomicUsize::new(0),
        }))
    }

    /// The first solution of `length` moves from `board` (in the canonical order, so the
    /// solve's own answer where no solution is shorter), or `None` when there is none.
    fn first(
        &self,
        board: &Board,
        goal: &Board,
        length: usize,
        options: &SolveOptions,
        place: &str,
    ) -> Result<Option<Vec<Move>>, AnalysisError> {
        match self.walked.lock().expect("not poisoned").get(board, length) {
            Some(WalkOutcome::Solution(path)) => return Ok(Some(path)),
            Some(WalkOutcome::NoSolution) => return Ok(None),
            None => {}
        }
        self.walks.fetch_add(1, Ordering::Relaxed);
        let mut found = None;
        let mut keep = |moves: Vec<Move>| {
            found = Some(moves);
            ControlFlow::Break(())
        };
        let order = options.order;
        let bound = u32::try_from(length).unwrap_or(u32::MAX);
        let (walked, _) = self
            .guide
            .list_optimal(board, goal, bound, &options.limits, order, &mut keep)
            .expect("a walker's guide walks the optimal answers");
        if let Err(why) = walked {
            return Err(AnalysisError::GaveUp {
                after: place.to_string(),
                why,
            });
        }
        // Only a walk that ran to its end is kept: one stopped by a limit, or because
        // its answer was no longer needed, proved nothing.
        self.walked
            .lock()
            .expect("not poisoned")
            .keep(board, length, found.as_ref());
        Ok(found)
    }

    /// The best solve of `after`, the board a move `played` left from a board that
    /// needs `need` (exactly) by the optimal path `path`: it needs one fewer, as many, or
    /// one more (a move changes the optimum by at most one). The first two are walked;
    /// the third is the way back and then `path`. `None` where none of them is (not when
    /// `need` and `path` are what they claim): the caller solves the board then.
    fn after_move(
        &self,
        after: &Board,
        goal: &Board,
        played: &[Move],
        (need, path): (usize, &[Move]),
        options: &SolveOptions,
        place: &str,
    ) -> Result<Option<Best>, AnalysisError> {
        for length in [need.saturating_sub(1), need] {
            if let Some(moves) = self.first(after, goal, length, options, place)? {
                return Ok(Some(Best {
                    moves,
                    length,
                    exact: true,
                }));
            }
        }
        let mut moves: Vec<Move> = played.iter().rev().map(|mv| mv.inverse()).collect();
        moves.extend_from_slice(path);
        Ok((options.metric.length(&moves) == need + 1).then_some(Best {
            moves,
            length: need + 1,
            exact: true,
        }))
    }
}

/// Every move from `board` in `options.metric`, with the fewest moves left after it,
/// in the move order in force (shorter jumps first): the good moves are those leaving
/// one fewer than the board needs.
///
/// # Errors
/// As [`analyse`].
pub fn good_moves(
    board: &Board,
    goal: &Board,
    options: &SolveOptions,
) -> Result<Vec<(Vec<Move>, usize)>, AnalysisError> {
    reachable(board, goal)?;
    let moves = moves_from(board, options);
    let analyser = Analyser::new(goal, options, None);
    let lengths = analyser.lengths_after(&moves, &[], "the start")?;
    Ok(moves
        .into_iter()
        .map(|(steps, _)| steps)
        .zip(lengths)
        .collect())
}

/// What an analysis holds throughout: the goal, the options, the multi-tile walker
/// where there is one, and what each board's search answered.
struct Analyser<'a> {
    goal: &'a Board,
    options: &'a SolveOptions,
    walker: Option<Walker>,
    /// Each board searched (or reached along a known path) and its best solve, exact or
    /// bounded: a board met again is read from here, never searched again, and so
    /// reads the same length each time.
    known: Mutex<HashMap<Board, Best>>,
    /// Boards solved (not read from `known`).
    solves: AtomicUsize,
}

impl<'a> Analyser<'a> {
    /// An analyser of boards towards `goal` under `options`.
    fn new(goal: &'a Board, options: &'a SolveOptions, walker: Option<Walker>) -> Analyser<'a> {
        Analyser {
            goal,
            options,
            walker,
            known: Mutex::default(),
            solves: AtomicUsize::new(0),
        }
    }

    /// The searches run so far: solves and walks.
    fn searches(&self) -> usize {
        let walks = self
            .walker
            .as_ref()
            .map_or(0, |w| w.walks.load(Ordering::Relaxed));
        self.solves.load(Ordering::Relaxed) + walks
    }

    /// The best solve of `board`: what is known of it, else [`best`]'s, kept.
    fn best(&self, board: &Board, place: &str) -> Result<Best, AnalysisError> {
        if let Some(known) = self.known.lock().expect("not poisoned").get(board) {
            return Ok(known.clone());
        }
        self.solves.fetch_add(1, Ordering::Relaxed);
        let found = best(board, self.goal, self.options, place)?;
        Ok(self.keep(board, found))
    }

    /// Keeps `found` as what `board` needs unless something is known of it already, and
    /// answers what is kept: the first answer stays, so a board reads one length.
    fn keep(&self, board: &Board, found: Best) -> Best {
        let mut known = self.known.lock().expect("not poisoned");
        known.entry(board.clone()).or_insert(found).clone()
    }

    /// Which of `moves` from a board that needs `need` (exactly) leave one fewer: the
    /// better moves. What `lengths` holds is taken from it; the rest are walked at
    /// `need - 1` by `walker` ([`Walker::first`], under `walk_options`) where there is
    /// one, else solved; each board on its own core where there are several.
    fn leaving_one_fewer(
        &self,
        moves: &[(Vec<Move>, Board)],
        lengths: &[(Board, usize)],
        need: usize,
        (walker, walk_options): (Option<&Walker>, &SolveOptions),
        place: &str,
    ) -> Result<Vec<bool>, AnalysisError> {
        let Some(fewer) = need.checked_sub(1) else {
            // From the goal every move leaves more.
            return Ok(vec![false; moves.len()]);
        };
        let goal = self.goal;
        moves
            .par_iter()
            .map(
                |(_, after)| match (lengths.iter().find(|(board, _)| board == after), walker) {
                    (Some(&(_, length)), _) => Ok(length == fewer),
                    (None, Some(walker)) => walker
                        .first(after, goal, fewer, walk_options, place)
                        .map(|found| found.is_some()),
                    (None, None) => self.best(after, place).map(|b| b.length + 1 == need),
                },
            )
            .collect()
    }

    /// The fewest moves left after each of `moves`: what `lengths` holds is taken from
    /// it, the rest is searched, each board on its own core where there are several.
    fn lengths_after(
        &self,
        moves: &[(Vec<Move>, Board)],
        lengths: &[(Board, usize)],
        place: &str,
    ) -> Result<Vec<usize>, AnalysisError> {
        moves
            .par_iter()
            .map(
                |(_, after)| match lengths.iter().find(|(board, _)| board == after) {
                    Some(&(_, length)) => Ok(length),
                    None => self.best(after, place).map(|b| b.length),
                },
            )
            .collect()
    }

    /// The best solve after `played` from `before`, which needs `known`, and where the
    /// move lost some, the moves that were better; `previous` is the board before
    /// `before` and what it needs (a move back to it needs no search).
    fn next(
        &self,
        before: &Board,
        played: &[Move],
        known: &Best,
        previous: Option<&(Board, usize)>,
        place: &str,
    ) -> Result<(Best, Vec<Vec<Move>>), AnalysisError> {
        let (goal, options, metric) = (self.goal, self.options, self.options.metric);
        let need = known.length;
        let mut board = before.clone();
        board.apply_all(played).expect("checked by the caller");
        // What is known of the moves from `before`: the first move of the best path,
        // and the way back.
        let mut lengths = Vec::new();
        let first = metric.moves(&known.moves).first().copied();
        if let Some(first) = first {
            let mut along = before.clone();
            along.apply_all(first).expect("a path's move");
            lengths.push((along, need - 1));
        }
        lengths.extend(previous.cloned());
        let moves_here = moves_from(before, options);
        // Walked only where `need` is exact: a bounded one may be above the optimum.
        let walking = self.walker.as_ref().filter(|_| known.exact);
        let (after, better) = if first == Some(played) {
            // A move along the known best path leaves the rest of it, and loses nothing.
            let along = Best {
                moves: known.moves[played.len()..].to_vec(),
                length: need - 1,
                exact: known.exact,
            };
            (self.keep(&board, along), None)
        } else if let Some(walker) = walking {
            // The move played and the others walked at once, on two cores: most moves
            // off the best path lose some, and then the others are needed. The move
            // played is not better where it loses, which is when they are read. Where
            // it loses nothing (another optimal move), the others' walks are stopped at
            // once: a walk of a move that is not better runs a whole iteration.
            let mut others = lengths.clone();
            others.push((board.clone(), need));
            let from = (need, known.moves.as_slice());
            let spare = CancelToken::child_of(options.limits.cancel.as_ref());
            let others_options = SolveOptions {
                limits: Limits {
                    cancel: Some(spare.clone()),
                    ..options.limits.clone()
                },
                ..options.clone()
            };
            let (after, better) = rayon::join(
                || {
                    let after = walker.after_move(&board, goal, played, from, options, place);
                    if !matches!(&after, Ok(Some(best)) if best.length >= need) {
                        spare.cancel();
                    }
                    after
                },
                || {
                    let by_walks = (Some(walker), &others_options);
                    self.leaving_one_fewer(&moves_here, &others, need, by_walks, place)
                },
            );
            // The others' answer is read only for a move that lost (else it may have
            // been stopped), after the check below.
            let after = match after? {
                Some(after) => after,
                None => self.best(&board, place)?,
            };
            (after, Some(better))
        } else {
            (self.best(&board, place)?, None)
        };
        if after.length < need {
            return Ok((after, Vec::new()));
        }
        let better = if let Some(better) = better {
            better?
        } else {
            lengths.push((board.clone(), after.length));
            if known.exact {
                let by_walks = (walking, options);
                self.leaving_one_fewer(&moves_here, &lengths, need, by_walks, place)?
            } else {
                let left = self.lengths_after(&moves_here, &lengths, place)?;
                left.into_iter().map(|left| left + 1 == need).collect()
            }
        };
        let better = moves_here
            .into_iter()
            .zip(better)
            .filter(|(_, better)| *better)
            .map(|((steps, _), _)| steps)
            .collect();
        Ok((after, better))
    }
}

/// Analyses `moves` (the blank's steps) from `start` towards `goal`, move by move in
/// `options.metric`, each board's optimum found by [`solve`] under `options`.
///
/// Each board is searched at most once, under the limits in `options` (each search
/// its own time limit); a stop from outside ends the analysis at the move reached (see
/// the module documentation).
///
/// # Errors
/// A move off the board (nothing is analysed then), a goal the start cannot reach, a
/// search that gave up without an answer, or options [`solve`] refuses.
///
/// # Panics
/// Never: every move is checked before any search.
pub fn analyse(
    start: &Board,
    goal: &Board,
    moves: &[Move],
    options: &SolveOptions,
) -> Result<Analysis, AnalysisError> {
    let mut end = start.clone();
    if let Err(index) = end.apply_all(moves) {
        return Err(AnalysisError::OffBoard {
            index: index + 1,
            mv: moves[index],
        });
    }
    reachable(start, goal)?;
    let metric = options.metric;
    let analyser = Analyser::new(goal, options, Walker::new(goal, options)?);
    let mut known = analyser.best(start, "the start")?;
    let mut analysis = Analysis {
        metric,
        optimum: known.length,
        steps: Vec::new(),
        lost: 0,
        first_mistake: None,
        finish: Vec::new(),
        exact: known.exact,
        searches: 0,
        gave_up: None,
    };
    let mut board = start.clone();
    // The board before this one and its fewest moves: a move back to it needs no search.
    let mut previous: Option<(Board, usize)> = None;
    for (index, played) in metric.moves(moves).into_iter().enumerate() {
        let before = board.clone();
        let need = known.length;
        board.apply_all(played).expect("checked above");
        let place = format!("move {}", index + 1);
        let next = analyser.next(&before, played, &known, previous.as_ref(), &place);
        // A stop from outside cut this move's searches short: what they answered is not
        // this move's analysis, so the analysis ends before it.
        if CancelToken::is_set(options.limits.cancel.as_ref()) {
            analysis.gave_up = Some(GiveUp::Interrupted);
            break;
        }
        let (after, better) = next?;
        // An optimum falls by at most one a move: anything above that was lost.
        let lost = (after.length + 1).saturating_sub(need);
        if lost > 0 && analysis.first_mistake.is_none() {
            analysis.first_mistake = Some(index);
            analysis.finish.clone_from(&known.moves);
        }
        analysis.lost += lost;
        analysis.exact &= after.exact;
        analysis.steps.push(AnalysedMove {
            steps: played.to_vec(),
            remaining: after.length,
            lost,
            better,
            exact: after.exact,
        });
        previous = Some((before, need));
        known = after;
    }
    if analysis.first_mistake.is_none() {
        analysis.finish = known.moves;
    }
    analysis.searches = analyser.searches();
    Ok(analysis)
}

#[cfg(test)]
mod tests;
