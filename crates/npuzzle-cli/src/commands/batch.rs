//! `npuzzle batch`: many instances on all cores, results as JSON Lines in input order.
//!
//! Nothing is lost: every result is written as soon as all results before it are out,
//! whole lines only (see `crate::result_lines`: a full disk stops the run with the file
//! ending on a whole line; Ctrl-C or SIGTERM writes every finished result before exiting),
//! and a run started again with the same `--output` skips the ids already there
//! (dropping a half-written last line) and appends the rest. Ids are unique (a
//! duplicate is refused before any solving, naming its lines) and come back exactly as
//! written, so no two lines can be mistaken for one another.

use std::collections::{HashMap, HashSet};
use std::fs::{self, OpenOptions};
use std::io;
use std::path::Path;
use std::process::ExitCode;
use std::sync::mpsc;

use anyhow::{bail, Context};
use npuzzle::answer::options::SOLVE_LIMITS;
use npuzzle::puzzle::heuristic::Heuristic;
use npuzzle::puzzle::notation::quoted;
use npuzzle::solving::report::SolveReport;
use npuzzle::util::plural::counted;
use npuzzle::util::progress::Progress;
use npuzzle::SolveOptions;
use npuzzle::{parse_board, solve, Algorithm, Board, HeuristicKind, Metric, MoveOrder, Size};
use rayon::prelude::*;
use serde::Deserialize;
use serde_json::value::RawValue;

use npuzzle::SolveRequest;

use crate::args::BatchArgs;
use crate::cluster;
use crate::input::{
    goal_of, longest_batch_line, not_utf8, read_file_bounded, read_lines_bounded, utf8, utf8_lossy,
};
use crate::interrupt::Interrupt;
use crate::options::{validate, Flags, OptionsBuilder};
use crate::progress::Bars;
use crate::result_lines::{write_in_order, Finished, Sink, Written};

/// One instance as JSON Lines input gives it.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Instance {
    /// Read before parsing (see [`Job::id`]); declared so it is not an unknown field.
    #[serde(rename = "id")]
    _id: Option<Box<RawValue>>,
    board: String,
    goal: Option<String>,
    algorithm: Option<String>,
    heuristic: Option<String>,
    order: Option<String>,
    metric: Option<String>,
}

/// The id of a JSON Lines input line, as written.
#[derive(Deserialize)]
struct IdOnly {
    id: Option<Box<RawValue>>,
}

/// What every line of a batch is solved with unless it names its own: the request the
/// flags make, and the options made of it with the batch's limits, cache and progress.
#[derive(Clone)]
pub(crate) struct Defaults {
    /// The flags' request, to which a line's own choices are added.
    pub request: SolveRequest,
    /// Its options.
    pub options: SolveOptions,
}

impl Defaults {
    /// The library's defaults, as a batch without flags has them.
    pub fn new() -> Defaults {
        Defaults {
            request: SolveRequest::default(),
            options: SolveOptions::default(),
        }
    }
}

/// An input line to solve.
pub(crate) struct Job {
    /// The id as JSON text, exactly as written (the line number when none is given).
    pub id: String,
    /// The line's number, from 1.
    pub number: usize,
    /// The line.
    pub line: String,
}

pub fn run(args: &BatchArgs) -> anyhow::Result<ExitCode> {
    let at_once = match args.jobs {
        0 => rayon::current_num_threads(),
        n => n,
    };
    // Each line is checked as it is read: it may name its own algorithm, order or metric.
    let mut request = SolveRequest {
        algorithm: args.algorithm,
        order: args.order.chosen(),
        metric: args.metric.metric,
        count_optimal: args.count_optimal,
        limits: args.limits.request(),
        ..SolveRequest::default()
    };
    args.estimate.fill(&mut request)?;
    args.list.fill(&mut request);
    let options = OptionsBuilder::asked(&request, SOLVE_LIMITS)?
        // The budget is shared by the boards solved at once.
        .memory_shared_by(at_once)
        .cache(args.cache.cache_for_many())
        // Table and database builds show their progress; the bar of the batch follows.
        .progress(args.cache.build_progress())
        .bounded(true)
        .build();
    let defaults = Defaults { request, options };
    if let Some(cluster) = cluster::join(&args.cluster, at_once)? {
        let outcome = on_cluster(args, &defaults, &cluster, at_once);
        // Leaves together, error or not: a process that ended first would look lost.
        cluster.finish();
        return outcome;
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(at_once)
        .build()
        .context("starting the batch's threads")?;
    pool.install(|| on_this_machine(args, &defaults))
}

/// The batch on this process's threads.
fn on_this_machine(args: &BatchArgs, defaults: &Defaults) -> anyhow::Result<ExitCode> {
    let (jobs, already) = prepare(args)?;
    write_results(args, jobs.len(), already, |sender, interrupt, bars| {
        jobs.par_iter()
            .enumerate()
            .for_each_with(sender, |sender, (index, job)| {
                if interrupt.requested().is_some() {
                    return;
                }
                let (record, bad) = record(job, args, defaults);
                bars.advance(1);
                let _ = sender.send((index, record, bad));
            });
    })
}

/// A line's result record, and whether the line was bad.
fn record(job: &Job, args: &BatchArgs, defaults: &Defaults) -> (String, bool) {
    match solve_line(job, args, defaults) {
        Ok(record) => (record, false),
        Err(e) => (error_record(&job.id, &format!("{e:#}")), true),
    }
}

/// The batch over a cluster (see docs/CLUSTER.md): process 0 reads the input and hands
/// out the boards not yet in the output, hardest first, to every process's `workers`
/// threads as they ask; it writes the results in input order, as on one machine.
fn on_cluster(
    args: &BatchArgs,
    defaults: &Defaults,
    cluster: &npuzzle_cluster::Cluster,
    workers: usize,
) -> anyhow::Result<ExitCode> {
    // A board's answer must not depend on where it is solved: every process holds each
    // board to the least per-board budget of the cluster (each process's own, unless
    // --max-memory is given, is half its machine's memory, shared by its threads).
    let mut defaults = defaults.clone();
    defaults.options.limits.max_bytes = npuzzle::fast_idastar::cluster_link::least(
        cluster.link().0.as_ref(),
        defaults.options.limits.max_bytes,
    );
    let defaults = &defaults;
    agree(args, defaults, cluster)?;
    std::thread::scope(|scope| {
        for _ in 0..workers {
            scope.spawn(|| {
                for (index, payload) in cluster.jobs() {
                    let (id, line) = payload.split_once('\n').unwrap_or(("null", &payload));
                    let job = Job {
                        id: id.to_string(),
                        number: index + 1,
                        line: line.to_string(),
                    };
                    let (record, bad) = record(&job, args, defaults);
                    cluster.finished(index, record, bad);
                }
            });
        }
        if cluster.process() != 0 {
            return Ok(ExitCode::SUCCESS);
        }
        // Whatever goes wrong here, the boards are offered (none, then), so that every
        // process's threads end and the cluster can finish.
        let prepared = prepare(args);
        let offered = match &prepared {
            Ok((jobs, _)) => hardest_first(jobs, args, defaults),
            Err(_) => Vec::new(),
        };
        let results = cluster.offer(offered);
        let (jobs, already) = prepared?;
        write_results(args, jobs.len(), already, |sender, _, bars| {
            for finished in results.iter().take(jobs.len()) {
                bars.advance(1);
                if sender.send(finished).is_err() {
                    break;
                }
            }
        })
    })
}

/// What a batch reads before solving: the lines to solve (those not already in the
/// output) and how many were already there.
fn prepare(args: &BatchArgs) -> anyhow::Result<(Vec<Job>, usize)> {
    let input = read_input(args.input.as_deref(), args.limits.max_memory)?;
    let jobs = jobs(&input)?;
    let done = match &args.output {
        Some(path) => finished_ids(path, args.limits.max_memory)?,
        None => HashSet::new(),
    };
    let already = jobs.iter().filter(|job| done.contains(&job.id)).count();
    let jobs = jobs
        .into_iter()
        .filter(|job| !done.contains(&job.id))
        .collect();
    Ok((jobs, already))
}

/// The boards as handed out, (index, id and line), the farthest from their goals by
/// Manhattan distance first: the long searches start early and the short ones fill the
/// gaps at the end. Lines that cannot be read cost nothing and go last.
fn hardest_first(jobs: &[Job], args: &BatchArgs, defaults: &Defaults) -> Vec<(usize, String)> {
    let mut estimated: Vec<(u32, usize)> = jobs
        .iter()
        .enumerate()
        .map(|(index, job)| {
            let estimate = read_line(
                &job.line,
                args.goal.goal.as_deref(),
                args.goal.size,
                defaults,
            )
            .map_or(0, |(start, goal, _)| {
                Heuristic::new(HeuristicKind::Manhattan, &goal).estimate_board(&start)
            });
            (estimate, index)
        })
        .collect();
    estimated.sort_by_key(|&(estimate, index)| (std::cmp::Reverse(estimate), index));
    estimated
        .into_iter()
        .map(|(_, index)| (index, format!("{}\n{}", jobs[index].id, jobs[index].line)))
        .collect()
}

/// Writes the `count` results `produce` sends (index among the lines solved, record,
/// whether the line was bad) in input order as they come, and says how the batch went.
/// Results are watched for Ctrl-C and SIGTERM from before the first is written: a stop
/// saves every finished result and ends the process.
fn write_results(
    args: &BatchArgs,
    count: usize,
    already: usize,
    produce: impl FnOnce(mpsc::Sender<Finished>, &Interrupt, &Bars),
) -> anyhow::Result<ExitCode> {
    let interrupt = Interrupt::watch().context("watching for Ctrl-C and SIGTERM")?;
    let sink = Sink::open(args.output.as_deref())?;
    let bars = Bars::new(args.cache.quiet);
    bars.start("solving", count as u64);
    let (sender, receiver) = mpsc::channel::<Finished>();
    let (total, failed, limited) =
        std::thread::scope(|scope| -> anyhow::Result<(usize, usize, usize)> {
            let (interrupt, bars) = (&interrupt, &bars);
            let writer = scope.spawn(move || match write_in_order(&receiver, sink, interrupt) {
                Ok(Written::All {
                    lines,
                    failed,
                    limited,
                }) => Ok((lines, failed, limited)),
                // The searches still running could take minutes, and their results would have
                // nowhere to go: what was finished is saved, so the process ends here.
                Ok(Written::Stopped { stop, lines }) => {
                    bars.finish();
                    eprintln!(
                        "stopped by {}: {lines} finished results written; run the same command \
                     again to solve the rest",
                        stop.name()
                    );
                    std::process::exit(stop.exit_code().into())
                }
                Err(error) => {
                    bars.finish();
                    eprintln!("error: {error:#}");
                    std::process::exit(i32::from(crate::failure::code(&error)))
                }
            });
            produce(sender, interrupt, bars);
            writer.join().expect("the writer thread does not panic")
        })?;
    bars.finish();
    summary(args, total, failed, already);
    // As `solve` exits 3 for an answer a limit stopped, a batch with one does.
    Ok(if limited > 0 {
        ExitCode::from(super::GAVE_UP)
    } else {
        ExitCode::SUCCESS
    })
}

/// Says how the batch went, unless asked to be quiet.
fn summary(args: &BatchArgs, total: usize, failed: usize, already: usize) {
    if !args.cache.quiet {
        eprintln!(
            "{total} solved or answered, {}{}",
            counted(failed as u64, "bad line", "bad lines"),
            if already == 0 {
                String::new()
            } else {
                format!(", {already} already done")
            }
        );
    }
}

/// The processes of a cluster batch compare the program, the flags that decide how boards
/// are solved and, where the flags name a goal, the tables its plan reads: a process
/// with other tables would answer its boards with other costs, so the run refuses.
fn agree(
    args: &BatchArgs,
    defaults: &Defaults,
    cluster: &npuzzle_cluster::Cluster,
) -> anyhow::Result<()> {
    let goal = match (&args.goal.goal, args.goal.size) {
        (None, None) => None,
        (goal, size) => Some(goal_of(goal.as_deref(), size.unwrap_or(Size::square(4)?))?),
    };
    let mut fields = if let Some(goal) = &goal {
        let mut fields = vec![("goal", goal.to_string())];
        let options = &defaults.options;
        fields.extend(npuzzle::solving::plan::plan(goal, options)?.identity(options));
        fields
    } else {
        // Each board's plan is made where it is solved; its record says which tables.
        vec![
            ("goal", "per board".to_string()),
            ("npuzzle version", env!("CARGO_PKG_VERSION").to_string()),
            ("algorithm", defaults.options.algorithm.to_string()),
            ("estimate", defaults.options.estimate.describe()),
            ("move order", defaults.options.order.to_string()),
        ]
    };
    // A line may name its own algorithm: every limit any search reads must be the same,
    // and so must the metric lines that name none are solved in.
    let metric = ("metric", defaults.options.metric.name().to_string());
    for field in npuzzle::solving::plan::limit_identity(&defaults.options, None)
        .into_iter()
        .chain([metric])
    {
        if !fields.iter().any(|(name, _)| *name == field.0) {
            fields.push(field);
        }
    }
    npuzzle::fast_idastar::cluster_link::agree(cluster.link().0.as_ref(), &fields)?;
    Ok(())
}

/// The input's text: the file, or stdin when there is none or it is `-`. A line that is
/// not UTF-8 gets an error record of its own (see [`read_line`]); the others are solved.
/// A line longer than any line of a batch can be (two boards of the largest size and
/// their fields) is refused as it passes that: `/dev/zero` is refused after megabytes.
fn read_input(path: Option<&Path>, limit: Option<u64>) -> anyhow::Result<String> {
    const SAID: &str = "a JSON line with a start and a goal of the largest board, 1000x1000, \
                        and 64 KiB for its other fields";
    let longest = longest_batch_line();
    let bytes = match path {
        Some(path) if path.as_os_str() != "-" => {
            let what = path.display().to_string();
            let file = std::fs::File::open(path).with_context(|| format!("reading {what}"))?;
            read_lines_bounded(file, limit, &what, longest, SAID)?
        }
        _ => read_lines_bounded(io::stdin().lock(), limit, "stdin", longest, SAID)?,
    };
    Ok(utf8_lossy(&bytes))
}

/// The lines to solve, with their ids; fails, naming the lines, when two share an id.
pub(crate) fn jobs(input: &str) -> anyhow::Result<Vec<Job>> {
    let jobs: Vec<Job> = input
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty() && !l.trim_start().starts_with('#'))
        .map(|(i, l)| Job {
            id: json_id(l).unwrap_or_else(|| (i + 1).to_string()),
            number: i + 1,
            line: l.to_string(),
        })
        .collect();
    let mut lines: HashMap<&str, Vec<usize>> = HashMap::new();
    for job in &jobs {
        lines.entry(&job.id).or_default().push(job.number);
    }
    let mut repeated: Vec<(&str, Vec<usize>)> =
        lines.into_iter().filter(|(_, l)| l.len() > 1).collect();
    if !repeated.is_empty() {
        repeated.sort_by_key(|(_, l)| l[0]);
        let list: Vec<String> = repeated
            .iter()
            .take(10)
            .map(|(id, l)| {
                let l: Vec<String> = l.iter().map(usize::to_string).collect();
                format!("id {} on lines {}", quoted(id), l.join(", "))
            })
            .collect();
        bail!(
            "{} given to more than one line ({}{}); a line without an id takes its line \
             number: give every line a distinct id",
            counted(repeated.len() as u64, "id is", "ids are"),
            list.join("; "),
            if repeated.len() > 10 { "; …" } else { "" }
        );
    }
    Ok(jobs)
}

/// The `id` of a JSON Lines input line as written, when it has one.
fn json_id(line: &str) -> Option<String> {
    let line = line.trim();
    // A line that is not UTF-8 cannot have its id echoed as written: its number stands in.
    if !line.starts_with('{') || not_utf8(line).is_err() {
        return None;
    }
    let parsed: IdOnly = serde_json::from_str(line).ok()?;
    parsed
        .id
        .map(|raw| raw.get().trim().to_string())
        .filter(|id| id != "null")
}

/// A result record: `fields` (a JSON object's text) with the id added last.
pub(crate) fn with_id(fields: &str, id: &str) -> String {
    let body = fields.trim_end().strip_suffix('}').unwrap_or(fields);
    if body.trim_end().ends_with('{') {
        format!("{body}\"id\":{id}}}")
    } else {
        format!("{body},\"id\":{id}}}")
    }
}

/// The record of a line that could not be solved.
pub(crate) fn error_record(id: &str, message: &str) -> String {
    let message = serde_json::to_string(message).expect("a string serializes");
    format!("{{\"id\":{id},\"error\":{message}}}")
}

/// Solves one line into a result record.
fn solve_line(job: &Job, args: &BatchArgs, defaults: &Defaults) -> anyhow::Result<String> {
    let (start, goal, options) = read_line(
        &job.line,
        args.goal.goal.as_deref(),
        args.goal.size,
        defaults,
    )?;
    let solution = solve(&start, &goal, &options)?;
    let report = serde_json::to_string(&SolveReport::new(&start, &goal, &solution))?;
    Ok(with_id(&report, &job.id))
}

/// What one input line asks: its start, its goal (else `goal`, else the standard one) and
/// the options to solve it with (`defaults` with the line's own choices), checked.
pub(crate) fn read_line(
    line: &str,
    goal: Option<&str>,
    size: Option<Size>,
    defaults: &Defaults,
) -> anyhow::Result<(Board, Board, SolveOptions)> {
    not_utf8(line)?;
    let text = line.trim();
    let (board_text, goal_text, options) = if text.starts_with('{') {
        let instance: Instance =
            serde_json::from_str(text).context("not a valid instance object")?;
        let mut request = defaults.request.clone();
        if let Some(a) = &instance.algorithm {
            request.algorithm = a.parse::<Algorithm>().map_err(anyhow::Error::msg)?;
        }
        if let Some(h) = &instance.heuristic {
            // A line's heuristic takes the place of the estimate the flags name.
            request.heuristic = Some(h.parse::<HeuristicKind>().map_err(anyhow::Error::msg)?);
            request.pdb = None;
            request.catalogue = None;
            request.reflection = None;
        }
        if let Some(order) = &instance.order {
            request.order = order.parse::<MoveOrder>().context("order")?;
        }
        if let Some(metric) = &instance.metric {
            request.metric = metric.parse::<Metric>().context("metric")?;
        }
        // The line's choices over the batch's limits, cache and progress.
        let options = request
            .choices_over(defaults.options.clone())
            .map_err(|error| anyhow::anyhow!(error.message(&Flags)))?;
        (
            instance.board,
            instance.goal.or_else(|| goal.map(str::to_string)),
            options,
        )
    } else {
        (
            text.to_string(),
            goal.map(str::to_string),
            defaults.options.clone(),
        )
    };
    let start = parse_board(&board_text, size)
        .with_context(|| format!("board '{}'", quoted(&board_text)))?;
    let goal = goal_of(goal_text.as_deref(), start.size())?;
    validate(&goal, &options)?;
    Ok((start, goal, options))
}

/// The ids already in an earlier run's output, as written. A last line cut short by a
/// killed run is removed so that appending starts on a fresh line.
fn finished_ids(path: &Path, limit: Option<u64>) -> anyhow::Result<HashSet<String>> {
    // A device or a pipe (`-o /dev/null`, a named pipe) holds no earlier run, and is not
    // opened to read one: reading `/dev/zero` never ends, and opening a named pipe to
    // read waits for a writer that never comes.
    match fs::metadata(path) {
        Ok(meta) if meta.is_file() => {}
        Ok(_) => return Ok(HashSet::new()),
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(HashSet::new()),
        Err(e) => return Err(e).with_context(|| format!("reading {}", path.display())),
    }
    let bytes = read_file_bounded(path, limit)?;
    let complete = bytes.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
    if complete < bytes.len() {
        OpenOptions::new()
            .write(true)
            .open(path)
            .and_then(|f| f.set_len(complete as u64))
            .with_context(|| format!("trimming the unfinished last line of {}", path.display()))?;
    }
    read_finished_ids(&bytes[..complete], &path.display().to_string())
}

/// The ids in the whole lines of an earlier run's output, `name` naming it in errors.
pub(crate) fn read_finished_ids(bytes: &[u8], name: &str) -> anyhow::Result<HashSet<String>> {
    let text = utf8(bytes.to_vec(), name)?;
    let mut ids = HashSet::new();
    for (number, line) in text.lines().enumerate() {
        let record: IdOnly = serde_json::from_str(line)
            .with_context(|| format!("{name} line {} is not a result record", number + 1))?;
        let id = record
            .id
            .with_context(|| format!("{name} line {} has no id", number + 1))?;
        ids.insert(id.get().trim().to_string());
    }
    Ok(ids)
}
