//! `npuzzle solve`: one board, the library's plan, the report.

use std::io::{self, Write};
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;

use npuzzle::answer::options::SOLVE_LIMITS;
use npuzzle::answer::solution_list::{SolutionList, SolutionSink};
use npuzzle::puzzle::notation::grid;
use npuzzle::solving::report::SolveReport;
use npuzzle::util::cancel::CancelToken;
use npuzzle::util::plural::counted;
use npuzzle::{
    moves_to_string, solve, Advice, Board, Metric, Notation, Solution, SolveOptions, SolveRequest,
    Status,
};
use serde_json::Value;

use super::{exit_code, hint_after};
use crate::args::SolveArgs;
use crate::cluster;
use crate::input::{argument_or_stdin, start_and_goal, ANY_BOARD};
use crate::options::OptionsBuilder;
use crate::output::{self, Format, Render};

/// A hardest 8-puzzle position (31 moves), solved when no board is given.
const DEFAULT_BOARD: &str = "8 6 7/2 5 4/3 0 1";

/// A solve as the flags ask for it, checked.
struct Request {
    start: Board,
    goal: Board,
    options: SolveOptions,
    show: bool,
    notation: Notation,
    format: Format,
    quiet: bool,
    /// `--stream`: each listed solution printed as it comes.
    stream: bool,
}

fn parse(args: &SolveArgs) -> anyhow::Result<Request> {
    let text = argument_or_stdin(
        args.board.as_deref().unwrap_or(DEFAULT_BOARD),
        ANY_BOARD,
        args.limits.max_memory,
    )?;
    let (start, goal) = start_and_goal(&text, args.goal.goal.as_deref(), args.goal.size)?;
    let mut request = SolveRequest {
        algorithm: args.algorithm,
        visited: args.visited,
        order: args.order.chosen(),
        metric: args.metric.metric,
        weight: args.weight,
        threads: args.threads.threads,
        count_optimal: args.count_optimal,
        limits: args.limits.request(),
        ..SolveRequest::default()
    };
    args.estimate.fill(&mut request)?;
    args.list.fill(&mut request);
    let options = OptionsBuilder::asked(&request, SOLVE_LIMITS)?
        .stopped_by(crate::interrupt::stop_token()?)
        .cache(args.cache.cache())
        // Long work (a table build, a 24-puzzle search) shows it is alive.
        .progress(args.cache.progress())
        .bounded(true)
        .checked(&goal)?;
    Ok(Request {
        start,
        goal,
        options,
        show: args.show,
        notation: args.notation,
        format: Format::json_or(args.json, Format::Text),
        quiet: args.cache.quiet,
        stream: args.stream.stream,
    })
}

pub fn run(args: &SolveArgs) -> anyhow::Result<ExitCode> {
    let mut request = parse(args)?;
    let threads = request.options.run_settings().thread_count();
    let Some(cluster) = cluster::join(&args.cluster, threads)? else {
        return answer(&request);
    };
    // Every process runs the same solve; process 0 alone shows and prints it.
    request.options.cluster = Some(cluster.link());
    let printing = cluster.process() == 0;
    if !printing {
        request.options.progress = None;
        request.quiet = true;
    }
    let outcome = if printing {
        answer(&request)
    } else {
        solve(&request.start, &request.goal, &request.options)
            .map(|_| ExitCode::SUCCESS)
            .map_err(anyhow::Error::from)
    };
    // Leaves together: a process that ended first would look lost to the others.
    cluster.finish();
    outcome
}

/// Solves and prints the answer.
fn answer(request: &Request) -> anyhow::Result<ExitCode> {
    if request.stream {
        return stream(request);
    }
    let solution = solve(&request.start, &request.goal, &request.options)?;
    let shown = request.advised(&solution, None);
    output::print(&shown, request.format)?;
    Ok(exit_code(&solution.status))
}

impl Request {
    /// `solution` as printed, after the advice on stderr (unless quiet); `streamed`,
    /// how many solutions `--stream` printed as they came.
    fn advised<'a>(&'a self, solution: &'a Solution, streamed: Option<u64>) -> Solved<'a> {
        if !self.quiet {
            advise(solution, &self.goal);
            hint_after(solution);
        }
        Solved {
            start: &self.start,
            goal: &self.goal,
            solution,
            show: self.show && streamed.is_none(),
            notation: self.notation,
            streamed,
        }
    }
}

/// What the solutions streamed so far came to.
#[derive(Default)]
struct Streamed {
    /// Solutions printed.
    printed: AtomicU64,
    /// Whether stdout's reader has gone (a closed pipe): the listing is stopped.
    reader_gone: AtomicBool,
}

/// `--stream`: each solution printed on stdout the moment the library lists it, then
/// the report: in text on stderr unless quiet (stdout holds the solutions alone, for a
/// pipe), in JSON
/// as the last line of stdout, without the solutions it would repeat. A reader that
/// stops reading stops the listing, and the command ends quietly, as `| head` expects.
fn stream(request: &Request) -> anyhow::Result<ExitCode> {
    let mut options = request.options.clone();
    // A token of the listing's own: a reader gone stops it, not the process's Ctrl-C.
    let cancel = CancelToken::child_of(options.limits.cancel.as_ref());
    options.limits.cancel = Some(cancel.clone());
    let streamed = Arc::new(Streamed::default());
    let told = Arc::clone(&streamed);
    let (notation, json) = (request.notation, request.format == Format::Json);
    options.solution_sink = Some(SolutionSink::new(move |moves| {
        let line = if json {
            serde_json::json!({ "solution": moves_to_string(moves) }).to_string()
        } else {
            notation.write(moves)
        };
        let mut out = io::stdout().lock();
        // Flushed a line at a time: the reader sees each solution as it is listed.
        if writeln!(out, "{line}").and_then(|()| out.flush()).is_ok() {
            told.printed.fetch_add(1, Ordering::Relaxed);
        } else {
            told.reader_gone.store(true, Ordering::Relaxed);
            cancel.cancel();
        }
    }));
    let solution = solve(&request.start, &request.goal, &options)?;
    if streamed.reader_gone.load(Ordering::Relaxed) {
        return Ok(ExitCode::SUCCESS);
    }
    let shown = request.advised(&solution, Some(streamed.printed.load(Ordering::Relaxed)));
    if json {
        let mut report = shown.json();
        if let Some(fields) = report.as_object_mut() {
            fields.remove("solutions");
        }
        let mut out = io::stdout().lock();
        writeln!(out, "{report}")?;
        out.flush()?;
    } else if !request.quiet {
        shown.text(&mut io::stderr().lock())?;
    }
    Ok(exit_code(&solution.status))
}

/// Says on stderr what would make such solves faster, if the library suggests anything.
pub fn advise(solution: &Solution, goal: &Board) {
    match &solution.advice {
        Some(Advice::BuildDatabase(partition)) => eprintln!(
            "note: the {partition} pattern databases would make searches like this one much \
             faster; build them once with: npuzzle pdb build {partition} --goal \"{goal}\" \
             (minutes, and gigabytes of memory while building)"
        ),
        Some(Advice::BuildCatalogue(catalogue)) => eprintln!(
            "note: the {catalogue} catalogue's zero-aware pattern databases would make searches \
             like this one faster; build them once with: npuzzle pdb build --catalogue \
             {catalogue} --goal \"{goal}\" (minutes on every core, hundreds of megabytes)"
        ),
        Some(Advice::TimeLimit) => eprintln!(
            "note: this board is too big to solve optimally and was answered constructively; \
             a time limit (--max-seconds 60) spends the time on a shorter answer and a lower \
             bound on the optimum"
        ),
        None => {}
    }
}

/// A length as the text shows it: the bare number in the default single-tile metric, as
/// it always was, else `12 moves in the multi-tile metric`.
fn length_in(length: usize, metric: Metric) -> String {
    if metric == Metric::SingleTile {
        length.to_string()
    } else {
        let moves = counted(length as u64, "move", "moves");
        format!("{moves} in {}", metric.in_words())
    }
}

/// A solve's answer as printed.
struct Solved<'a> {
    start: &'a Board,
    goal: &'a Board,
    solution: &'a Solution,
    show: bool,
    notation: Notation,
    /// With `--stream`: how many solutions were printed as they came (the list then
    /// holds none, and the report only says how many).
    streamed: Option<u64>,
}

impl Solved<'_> {
    /// The solutions listed: a line saying which, then one a line in the notation asked
    /// for, then why the list stops short, if it does.
    fn write_list(&self, list: &SolutionList, out: &mut dyn Write) -> io::Result<()> {
        let listed = self.streamed.unwrap_or(list.solutions.len() as u64);
        let printed = if self.streamed.is_some() {
            ", printed on stdout as they were found"
        } else {
            ""
        };
        match (list.request.within, self.solution.length()) {
            (0, _) | (_, None) => writeln!(out, "listed:    {listed} optimal{printed}")?,
            (within, Some(length)) => {
                let most = length + within as usize;
                let most = match self.solution.metric {
                    Metric::SingleTile => counted(most as u64, "move", "moves"),
                    Metric::MultiTile => length_in(most, Metric::MultiTile),
                };
                writeln!(
                    out,
                    "listed:    {listed} of at most {most} (the optimum and up to {within} \
                     more){printed}"
                )?;
            }
        }
        for moves in &list.solutions {
            if moves.is_empty() {
                writeln!(out, "  (no move: the board is the goal)")?;
            } else {
                writeln!(out, "  {}", self.notation.write(moves))?;
            }
        }
        if let Some(why) = list.cut_short() {
            writeln!(out, "  ... and no more listed: {why}")?;
        }
        Ok(())
    }
}

impl Render for Solved<'_> {
    fn text(&self, out: &mut dyn Write) -> io::Result<()> {
        let report = SolveReport::new(self.start, self.goal, self.solution);
        writeln!(out, "board:     {}", report.board)?;
        writeln!(out, "goal:      {}", report.goal)?;
        let heuristic = report
            .heuristic
            .as_deref()
            .map(|h| format!(" ({h})"))
            .unwrap_or_default();
        writeln!(out, "algorithm: {}{heuristic}", report.algorithm)?;
        match &self.solution.status {
            Status::Solved => {
                let proof = match (report.optimal, report.any_optimal) {
                    (true, false) => "optimal",
                    (true, true) => "optimal; the first found, not the smallest in the move order",
                    (false, _) => "not proven optimal",
                };
                writeln!(
                    out,
                    "length:    {} ({proof})",
                    length_in(report.length.unwrap_or_default(), self.solution.metric)
                )?;
                writeln!(
                    out,
                    "moves:     {}",
                    self.notation.write(&self.solution.moves)
                )?;
            }
            Status::Unsolvable => writeln!(
                out,
                "unsolvable: the goal cannot be reached from this board"
            )?,
            Status::GaveUp(why) => writeln!(out, "{why}")?,
            Status::Bounded(why) => {
                writeln!(out, "{why}")?;
                let lower = report.lower_bound.unwrap_or_default();
                let length = length_in(report.length.unwrap_or_default(), self.solution.metric);
                if report.optimal {
                    writeln!(
                        out,
                        "length:    {length} (optimal, proven; the first found, not the \
                         smallest in the move order, which the limit left unfinished)"
                    )?;
                } else {
                    writeln!(
                        out,
                        "length:    {length} (bounded: at most {} over the optimum, which is \
                         at least {lower})",
                        report.gap.unwrap_or_default()
                    )?;
                }
                writeln!(
                    out,
                    "moves:     {}",
                    self.notation.write(&self.solution.moves)
                )?;
            }
        }
        match &self.solution.optimal_solutions {
            Some(Ok(count)) => writeln!(out, "solutions: {count} optimal")?,
            Some(Err(why)) => writeln!(out, "solutions: not counted ({why})")?,
            None => {}
        }
        if let Some(list) = &self.solution.solutions {
            self.write_list(list, out)?;
        }
        let s = &report.stats;
        writeln!(
            out,
            "stats:     {} expanded, {} generated, {} peak nodes, {:.6} s",
            s.expanded, s.generated, s.peak_nodes, s.seconds
        )?;
        if let Some(tables) = &self.solution.tables {
            writeln!(out, "tables:    {tables} ({:.3} s)", s.setup_seconds)?;
        }
        if self.show && self.solution.length().is_some() {
            let boards = self.solution.boards(self.start);
            writeln!(out, "\nstart\n{}", grid(&boards[0]))?;
            for (i, (mv, board)) in self.solution.moves.iter().zip(&boards[1..]).enumerate() {
                let mv = self.notation.write(std::slice::from_ref(mv));
                writeln!(out, "{} {mv}\n{}", i + 1, grid(board))?;
            }
        }
        Ok(())
    }

    fn json(&self) -> Value {
        let report = SolveReport::new(self.start, self.goal, self.solution);
        let mut value = serde_json::to_value(report).expect("a report is plain data");
        if self.show {
            // `--show` asks for the boards along the way: in JSON, as the API gives them.
            let boards: Vec<String> = self
                .solution
                .boards(self.start)
                .iter()
                .map(Board::to_string)
                .collect();
            value["boards"] = boards.into();
        }
        value
    }
}
