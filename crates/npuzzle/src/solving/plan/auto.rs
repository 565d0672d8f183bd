//! The `auto` policy: which algorithm, estimate and tables answer a board when the caller leaves it to the library, and the plans for each algorithm asked for by name.

use super::advice::advice;
use super::frame::framed_tables;
use super::preferred::preferred_sets;
use super::upgrade::{build_cost, starter_partition};
use super::validate::{database_set, databases, fits_fast_idastar, tables_error, too_large};
use super::{Plan, AUTO_OPTIMAL_CELLS, FAST_AUTO_CELLS};
use std::sync::Arc;
use std::time::Instant;

use crate::answer::algorithm::Algorithm;
use crate::answer::options::{EstimateChoice, SolveOptions};
use crate::answer::solution::Advice;
use crate::answer::solve_error::SolveError;
use crate::pdb::registry::{self, SharedDatabase};
use crate::pdb::{self, PartitionSet, PatternDatabase};
use crate::puzzle::board::Board;
use crate::puzzle::heuristic::HeuristicKind;
use crate::puzzle::state::MAX_SEARCH_CELLS;
use crate::solving::guide::{
    ClassicGuide, ConstructionGuide, DatabaseGuide, LinearConflictGuide, TableGuide, Upgrade,
};
use crate::tables::distance_table::{self, table_name, Layout, Need};

/// `auto` with no estimate named (see the module documentation).
pub(super) fn auto(goal: &Board, options: &SolveOptions) -> Result<Plan, SolveError> {
    let size = goal.size();
    if size.cells() > AUTO_OPTIMAL_CELLS {
        return Ok(big_board(goal, options));
    }
    if let Ok(Some(plan)) = table(goal, options, Need::IfCheap) {
        return Ok(plan);
    }
    if options.weight > 1.0
        || size.cells() <= FAST_AUTO_CELLS
        || fits_fast_idastar(Algorithm::FastIdastar, size).is_err()
    {
        if size.cells() > MAX_SEARCH_CELLS {
            return Err(too_large(Algorithm::Idastar, size, MAX_SEARCH_CELLS));
        }
        return Ok(classic(Algorithm::Idastar, options));
    }
    let cache = options.cache();
    if let Some(found) = registry::cached(&cache, goal, &preferred_sets(goal), options.progress()) {
        let mut plan = with_database(found);
        plan.advice = advice(goal, plan.guide.as_ref(), &cache);
        return Ok(plan);
    }
    if let Some((frame, found)) = framed_tables(goal, options) {
        let mut plan = with_database(found);
        plan.advice = advice(frame.goal(), plan.guide.as_ref(), &cache);
        plan.frame = Some(frame);
        return Ok(plan);
    }
    let upgrade = starter_partition(goal)
        // A build that is not allowed, or would pass the memory budget, is not started.
        .filter(|_| options.build_tables)
        .filter(|(_, groups)| {
            let (need, _) = pdb::build_peak_bytes(goal, &PartitionSet::classic(groups.clone()));
            options.limits.max_bytes.is_none_or(|budget| need <= budget)
        })
        .map(|(partition, groups)| Upgrade {
            after_expanded: build_cost(goal, &groups),
            partition,
            groups,
        });
    Ok(Plan::new(LinearConflictGuide::new(
        HeuristicKind::LinearConflict,
        upgrade,
    )))
}

/// `auto` on a board of more than [`AUTO_OPTIMAL_CELLS`] cells, where no optimal search
/// finishes. Without a time limit, the constructive answer at once, with the advice that
/// a limit would shorten it. With one (and a bounded answer asked for: see
/// [`crate::solving::bounded`]), the time is spent on shorter answers and a lower bound:
/// on boards the fast IDA* takes, its plan with linear conflicts proves the bound and its
/// estimate guides the beams; larger ones are reduced to a block the beams take.
///
/// Linear conflicts, not a cached database: on eight random 6x6 boards at 46 s, the
/// 5-tile databases `pdb build best` makes answered 210.9 moves over a bound of 153.9,
/// linear conflicts 203.1 over 156.6 (docs/notes/big-boards.md).
fn big_board(goal: &Board, options: &SolveOptions) -> Plan {
    let timed = options.limits.max_time.is_some() && options.bounded;
    if !timed {
        let mut plan = Plan::new(ConstructionGuide);
        plan.advice = Some(Advice::TimeLimit);
        return plan;
    }
    if fits_fast_idastar(Algorithm::FastIdastar, goal.size()).is_err() {
        return Plan::new(ConstructionGuide);
    }
    Plan::new(LinearConflictGuide::new(
        HeuristicKind::LinearConflict,
        None,
    ))
}

/// The fast IDA* with the estimate the options name.
pub(super) fn fast_idastar_plan(goal: &Board, options: &SolveOptions) -> Result<Plan, SolveError> {
    match &options.estimate {
        EstimateChoice::Auto => Ok(Plan::new(LinearConflictGuide::new(
            HeuristicKind::LinearConflict,
            None,
        ))),
        EstimateChoice::Heuristic(kind) => Ok(Plan::new(LinearConflictGuide::new(*kind, None))),
        EstimateChoice::PatternDatabase { reflection, .. }
        | EstimateChoice::Catalogue { reflection, .. } => {
            let (set, _) = database_set(goal, &options.estimate)?.expect("a database is named");
            if !options.build_tables && PatternDatabase::load(&options.cache(), goal, &set).is_err()
            {
                let named = match &options.estimate {
                    EstimateChoice::Catalogue { catalogue, .. } => format!("catalogue {catalogue}"),
                    EstimateChoice::PatternDatabase { partition, .. } => partition.to_string(),
                    EstimateChoice::Auto | EstimateChoice::Heuristic(_) => set.describe(),
                };
                return Err(SolveError::NotBuilt(format!(
                    "the {named} pattern database for goal {goal}"
                )));
            }
            let found = registry::shared(
                &options.cache(),
                goal,
                &set,
                &options.limits,
                options.progress(),
            )
            .map_err(tables_error(databases(&set)))?;
            let found = if *reflection {
                found
            } else {
                SharedDatabase {
                    db: Arc::new(found.db.without_reflection()),
                    ..found
                }
            };
            Ok(with_database(found))
        }
    }
}

/// The plan of a database the registry handed out.
pub(super) fn with_database(found: SharedDatabase) -> Plan {
    let mut plan = Plan::new(DatabaseGuide(found.db));
    plan.tables = Some(found.origin);
    plan.setup_seconds = found.seconds;
    plan
}

/// A classic search, with the heuristic it takes (validated before).
pub(super) fn classic(algorithm: Algorithm, options: &SolveOptions) -> Plan {
    Plan::new(classic_guide(algorithm, options))
}

/// The guide of [`classic`]: the heuristic named, else linear conflict, where the
/// algorithm takes one.
pub(super) fn classic_guide(algorithm: Algorithm, options: &SolveOptions) -> ClassicGuide {
    let heuristic = algorithm.uses_heuristic().then(|| {
        options
            .estimate
            .heuristic()
            .unwrap_or(HeuristicKind::LinearConflict)
    });
    ClassicGuide::new(algorithm, heuristic)
}

/// The plan of `--algorithm table`: the table, built when missing if the options allow.
///
/// # Errors
/// [`SolveError::NotBuilt`] when it is not at hand and may not be built, and the errors
/// of [`table`].
pub(super) fn asked_table(goal: &Board, options: &SolveOptions) -> Result<Plan, SolveError> {
    let need = if options.build_tables {
        Need::Always
    } else {
        Need::IfCheap
    };
    table(goal, options, need)?.ok_or_else(|| {
        SolveError::NotBuilt(format!(
            "the {} of {} boards",
            table_name(options.metric),
            goal.size()
        ))
    })
}

/// The distance table of `goal`'s layout when `need` allows (see
/// [`distance_table::shared`]); `None` when the board has none or it is not at hand.
pub(super) fn table(
    goal: &Board,
    options: &SolveOptions,
    need: Need,
) -> Result<Option<Plan>, SolveError> {
    let Ok(layout) = Layout::for_goal(goal) else {
        return Ok(None);
    };
    let layout = layout.in_metric(options.metric);
    let started = Instant::now();
    let found = distance_table::shared(
        layout,
        &options.cache(),
        need,
        &options.limits,
        options.progress(),
    )
    .map_err(tables_error(format!(
        "the {} of {} boards",
        table_name(options.metric),
        goal.size()
    )))?;
    Ok(found.map(|table| {
        let mut plan = Plan::new(TableGuide(table));
        plan.tables = Some(format!("{} of {}", table_name(options.metric), goal.size()));
        plan.setup_seconds = started.elapsed().as_secs_f64();
        plan
    }))
}
