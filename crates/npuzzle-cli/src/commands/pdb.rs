//! `npuzzle pdb build|list|verify`, and the loading of pattern databases for `solve` and
//! `bench-file`.

use std::io::{self, Write};
use std::process::ExitCode;
use std::time::Instant;

use anyhow::Context;
use npuzzle::cache::Cache;
use npuzzle::pdb::{self, PatternDatabase};
use npuzzle::solver::{AUTO_OPTIMAL_CELLS, FAST_AUTO_CELLS};
use npuzzle::{Algorithm, Board, HeuristicKind, Size};

use super::goal_or_standard;
use crate::args::{PdbBuildArgs, PdbCommand, TableArgs};
use crate::progress::Bars;

pub fn run(command: PdbCommand) -> anyhow::Result<ExitCode> {
    match command {
        PdbCommand::Build(args) => build(args),
        PdbCommand::List(tables) => list(&tables),
        PdbCommand::Verify(tables) => verify(&tables),
    }
}

/// The cache these flags name.
pub fn cache(tables: &TableArgs) -> Cache {
    match &tables.cache_dir {
        Some(dir) => Cache::new(dir),
        None => Cache::from_env(),
    }
}

/// A loaded database, how it was obtained, and the seconds that took.
pub struct Loaded {
    pub db: PatternDatabase,
    pub how: String,
    pub seconds: f64,
}

/// The database of `partition` for `goal`, loaded from the cache or built into it.
pub fn load(partition: &str, goal: &Board, tables: &TableArgs) -> anyhow::Result<Loaded> {
    let groups = pdb::parse_groups(partition, goal)?;
    load_groups(&groups, goal, tables)
}

/// The pattern database `--algorithm auto` picks up for `goal`: on a board the fast
/// search takes (13 to 25 cells, sides of at most 8) with no heuristic asked for, the
/// tables cached for that goal, if any.
pub fn cached_for_auto(
    algorithm: Algorithm,
    heuristic: Option<HeuristicKind>,
    goal: &Board,
    tables: &TableArgs,
) -> anyhow::Result<Option<Loaded>> {
    let size = goal.size();
    let fits = size.cells() > FAST_AUTO_CELLS
        && size.cells() <= AUTO_OPTIMAL_CELLS
        && size.width <= 8
        && size.height <= 8;
    if algorithm != Algorithm::Auto || !fits || heuristic.is_some() {
        return Ok(None);
    }
    match pdb::find_cached(&cache(tables), goal) {
        Some(groups) => load_groups(&groups, goal, tables).map(Some),
        None => Ok(None),
    }
}

/// The database of `groups` (already validated) for `goal`.
pub fn load_groups(groups: &[Vec<u8>], goal: &Board, tables: &TableArgs) -> anyhow::Result<Loaded> {
    let started = Instant::now();
    let cache = cache(tables);
    let bars = Bars::new(tables.quiet);
    let (db, origins) = PatternDatabase::load_or_build(&cache, goal, groups, &bars)
        .with_context(|| format!("pattern database in {}", cache.dir().display()))?;
    Ok(Loaded {
        db,
        how: pdb::describe_origins(&origins),
        seconds: started.elapsed().as_secs_f64(),
    })
}

fn build(args: PdbBuildArgs) -> anyhow::Result<ExitCode> {
    let four = Size::square(4).expect("4x4 is a size");
    let goal = goal_or_standard(args.goal.as_deref(), args.size, four)?;
    let loaded = load(&args.partition, &goal, &args.tables)?;
    let cache = cache(&args.tables);
    let mut out = io::stdout().lock();
    writeln!(out, "goal:      {goal}")?;
    writeln!(out, "groups:    {}", pdb::groups_text(&loaded.db.groups()))?;
    writeln!(out, "tables:    {}", loaded.how)?;
    for g in loaded.db.groups() {
        writeln!(
            out,
            "file:      {}",
            cache.path(&pdb::file_name(&goal, &g)).display()
        )?;
    }
    writeln!(
        out,
        "size:      {} bytes; reflection {}",
        loaded.db.table_bytes(),
        if loaded.db.reflects() {
            "applies"
        } else {
            "does not apply"
        }
    )?;
    let largest: Vec<String> = loaded
        .db
        .max_entries()
        .iter()
        .map(|e| e.to_string())
        .collect();
    writeln!(
        out,
        "largest:   {} (entries are (moves - manhattan)/2; 4 bits hold up to 15)",
        largest.join(", ")
    )?;
    writeln!(out, "seconds:   {:.2}", loaded.seconds)?;
    Ok(ExitCode::SUCCESS)
}

fn list(tables: &TableArgs) -> anyhow::Result<ExitCode> {
    let cache = cache(tables);
    let mut out = io::stdout().lock();
    writeln!(out, "cache: {}", cache.dir().display())?;
    for (name, identity) in cache.list()? {
        let bytes = std::fs::metadata(cache.path(&name)).map_or(0, |m| m.len());
        let what = match identity.as_deref().and_then(pdb::parse_identity) {
            Some((size, goal, group)) => {
                format!(
                    "pattern database {size}, goal {goal}, tiles {}",
                    pdb::group_text(&group)
                )
            }
            None => identity.unwrap_or_else(|| "not a table file".to_string()),
        };
        writeln!(out, "{name}\t{bytes}\t{what}")?;
    }
    Ok(ExitCode::SUCCESS)
}

fn verify(tables: &TableArgs) -> anyhow::Result<ExitCode> {
    let cache = cache(tables);
    let mut out = io::stdout().lock();
    let mut bad = 0;
    for (name, identity) in cache.list()? {
        let verdict = match identity {
            None => "invalid: no readable table header".to_string(),
            Some(identity) => match cache.load(&name, &identity) {
                Ok(_) => "ok".to_string(),
                Err(e) => format!("invalid: {e}"),
            },
        };
        if verdict != "ok" {
            bad += 1;
        }
        writeln!(out, "{name}: {verdict}")?;
    }
    Ok(if bad == 0 {
        ExitCode::SUCCESS
    } else {
        writeln!(
            out,
            "{bad} invalid file(s): they are rebuilt when next used"
        )?;
        ExitCode::from(1)
    })
}
