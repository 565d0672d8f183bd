//! `npuzzle batch`: many instances on all cores, results as JSON Lines in input order.
//!
//! Nothing is lost: every result is written and flushed as soon as all results before
//! it are out, and a run started again with the same `--output` skips the ids already
//! there (dropping a half-written last line) and appends the rest.

use std::collections::{BTreeMap, HashMap, HashSet};
use std::fs::{self, OpenOptions};
use std::io::{self, BufRead, BufWriter, Read, Write};
use std::path::Path;
use std::process::ExitCode;
use std::sync::mpsc;
use std::sync::{Arc, Mutex};

use anyhow::Context;
use npuzzle::progress::Progress;
use npuzzle::report::SolveReport;
use npuzzle::{parse_board, solve, Algorithm, HeuristicKind, SolveOptions};
use rayon::prelude::*;
use serde::Deserialize;
use serde_json::{json, Value};

use super::{pdb, read_goal};
use crate::args::{BatchArgs, TableArgs};
use crate::progress::Bars;

/// One instance as JSON Lines input gives it.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Instance {
    /// Read before parsing (see `json_id`); declared so it is not an unknown field.
    #[allow(dead_code)]
    id: Option<Value>,
    board: String,
    goal: Option<String>,
    algorithm: Option<String>,
    heuristic: Option<String>,
}

/// Pattern databases found in the cache, loaded once per goal and shared by all threads
/// (`None`: no tables cached for that goal).
type PatternDatabases = Mutex<HashMap<String, Option<Arc<pdb::Loaded>>>>;

/// An input line to solve: its id, and the text of the line.
struct Job {
    id: Value,
    line: String,
}

pub fn run(args: BatchArgs) -> anyhow::Result<ExitCode> {
    let mut input = String::new();
    match &args.input {
        Some(path) if path.as_os_str() != "-" => {
            fs::File::open(path)
                .with_context(|| format!("opening {}", path.display()))?
                .read_to_string(&mut input)
                .with_context(|| format!("reading {}", path.display()))?;
        }
        _ => {
            io::stdin()
                .read_to_string(&mut input)
                .context("reading stdin")?;
        }
    }
    let options = SolveOptions {
        algorithm: args.algorithm,
        heuristic: args.heuristic,
        limits: args.limits.limits()?,
        ..SolveOptions::default()
    };
    let done = match &args.output {
        Some(path) => finished_ids(path)?,
        None => HashSet::new(),
    };
    let jobs: Vec<Job> = input
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty() && !l.trim_start().starts_with('#'))
        .map(|(i, l)| Job {
            id: json_id(l).unwrap_or_else(|| json!(i + 1)),
            line: l.to_string(),
        })
        .filter(|job| !done.contains(&job.id.to_string()))
        .collect();

    let mut out: Box<dyn Write + Send> = match &args.output {
        Some(path) => Box::new(BufWriter::new(
            OpenOptions::new()
                .create(true)
                .append(true)
                .open(path)
                .with_context(|| format!("opening {}", path.display()))?,
        )),
        None => Box::new(BufWriter::new(io::stdout())),
    };
    let tables = TableArgs {
        cache_dir: args.cache_dir.clone(),
        quiet: args.quiet,
    };
    let databases = PatternDatabases::default();
    let bars = Bars::new(args.quiet);
    bars.start("solving", jobs.len() as u64);
    let (sender, receiver) = mpsc::channel::<(usize, Value)>();
    let (total, failed) = std::thread::scope(|scope| -> anyhow::Result<(usize, usize)> {
        let writer = scope.spawn(move || -> anyhow::Result<(usize, usize)> {
            // Results arrive in any order; each is written once all before it are.
            let mut pending = BTreeMap::new();
            let (mut next, mut failed) = (0, 0);
            for (index, record) in receiver {
                pending.insert(index, record);
                while let Some(record) = pending.remove(&next) {
                    failed += usize::from(record.get("error").is_some());
                    serde_json::to_writer(&mut out, &record)?;
                    out.write_all(b"\n")?;
                    out.flush()?;
                    next += 1;
                }
            }
            Ok((next, failed))
        });
        jobs.par_iter()
            .enumerate()
            .for_each_with(sender, |sender, (index, job)| {
                let record = solve_line(job, &args, &options, &tables, &databases);
                bars.advance(1);
                // The writer only stops early on an output error, reported below.
                let _ = sender.send((index, record));
            });
        writer.join().expect("the writer thread does not panic")
    })?;
    bars.finish();
    if !args.quiet {
        eprintln!(
            "{total} solved or answered, {failed} bad lines{}",
            if done.is_empty() {
                String::new()
            } else {
                format!(", {} already done", done.len())
            }
        );
    }
    Ok(ExitCode::SUCCESS)
}

/// The `id` of a JSON Lines input line, when it has one.
fn json_id(line: &str) -> Option<Value> {
    let value: Value = serde_json::from_str(line.trim()).ok()?;
    value.get("id").filter(|id| !id.is_null()).cloned()
}

/// Solves one line into a result record (or an error record).
fn solve_line(
    job: &Job,
    args: &BatchArgs,
    defaults: &SolveOptions,
    tables: &TableArgs,
    databases: &PatternDatabases,
) -> Value {
    match try_solve_line(job, args, defaults, tables, databases) {
        Ok(record) => record,
        Err(e) => json!({ "id": job.id, "error": format!("{e:#}") }),
    }
}

fn try_solve_line(
    job: &Job,
    args: &BatchArgs,
    defaults: &SolveOptions,
    tables: &TableArgs,
    databases: &PatternDatabases,
) -> anyhow::Result<Value> {
    let text = job.line.trim();
    let (board_text, goal_text, mut options) = if text.starts_with('{') {
        let instance: Instance =
            serde_json::from_str(text).context("not a valid instance object")?;
        let mut options = defaults.clone();
        if let Some(a) = &instance.algorithm {
            options.algorithm = a.parse::<Algorithm>().map_err(anyhow::Error::msg)?;
        }
        if let Some(h) = &instance.heuristic {
            options.heuristic = Some(h.parse::<HeuristicKind>().map_err(anyhow::Error::msg)?);
        }
        (
            instance.board,
            instance.goal.or_else(|| args.boards.goal.clone()),
            options,
        )
    } else {
        (text.to_string(), args.boards.goal.clone(), defaults.clone())
    };
    let start = parse_board(&board_text, args.boards.size)
        .with_context(|| format!("board '{board_text}'"))?;
    let goal = read_goal(goal_text.as_deref(), start.size())?;
    options.order = defaults.order;
    let database = {
        let mut known = databases.lock().expect("no thread panics holding the lock");
        match known.get(&goal.to_string()) {
            Some(found) => found.clone(),
            None => {
                let found =
                    pdb::cached_for_auto(options.algorithm, options.heuristic, &goal, tables)?
                        .map(Arc::new);
                known.insert(goal.to_string(), found.clone());
                found
            }
        }
    };
    let (solution, heuristic) = match &database {
        Some(loaded) => (
            npuzzle::pdb::solve(&start, &goal, &loaded.db, &options.run_settings(), 0.0)?,
            Some(npuzzle::fast_idastar::Estimate::name(&loaded.db)),
        ),
        None => (solve(&start, &goal, &options)?, None),
    };
    let mut report = SolveReport::new(&start, &goal, &solution);
    if heuristic.is_some() {
        report.heuristic = heuristic;
    }
    let mut record = serde_json::to_value(report)?;
    record
        .as_object_mut()
        .expect("a report is an object")
        .insert("id".into(), job.id.clone());
    Ok(record)
}

/// The ids already in an earlier run's output. A last line cut short by a killed run is
/// removed so that appending starts on a fresh line.
fn finished_ids(path: &Path) -> anyhow::Result<HashSet<String>> {
    let bytes = match fs::read(path) {
        Ok(b) => b,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(HashSet::new()),
        Err(e) => return Err(e).with_context(|| format!("reading {}", path.display())),
    };
    let complete = bytes.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
    if complete < bytes.len() {
        OpenOptions::new()
            .write(true)
            .open(path)
            .and_then(|f| f.set_len(complete as u64))
            .with_context(|| format!("trimming the unfinished last line of {}", path.display()))?;
    }
    let mut ids = HashSet::new();
    for (number, line) in bytes[..complete].lines().enumerate() {
        let line = line.with_context(|| format!("{} line {}", path.display(), number + 1))?;
        let value: Value = serde_json::from_str(&line).with_context(|| {
            format!(
                "{} line {} is not a result record",
                path.display(),
                number + 1
            )
        })?;
        let id = value
            .get("id")
            .with_context(|| format!("{} line {} has no id", path.display(), number + 1))?;
        ids.insert(id.to_string());
    }
    Ok(ids)
}
