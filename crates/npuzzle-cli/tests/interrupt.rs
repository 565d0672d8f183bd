//! Ctrl-C (SIGINT) and SIGTERM on the long-running commands: each answers what it has
//! (the best answer so far, the analysis up to the move reached, no half-built table) and
//! exits 130 or 143, as GUIDE.md's exit codes say. Each runs the real binary as a child
//! and signals it; a deadline makes a command that does not stop fail, not hang.

use std::path::Path;
use std::process::{Child, Command as Process, Stdio};
use std::time::Duration;

use serde_json::Value;

use crate::common::{npuzzle, scratch_cache, send_signal, stdout_of, wait_exit};

/// How long a stopped command may take to exit here: far more than the half second it
/// takes (debug builds, a loaded machine), far less than the work it was stopped in.
const EXIT_WITHIN: Duration = Duration::from_secs(10);

/// How long the work runs before the signal: long enough to be under way.
const RUN_FOR: Duration = Duration::from_millis(1500);

/// `npuzzle args` started with its output piped, the test cache, and `stdin`.
fn started(args: &[&str], stdin: Stdio) -> Child {
    Process::new(assert_cmd::cargo::cargo_bin("npuzzle"))
        .args(args)
        .env("NPUZZLE_CACHE_DIR", scratch_cache())
        .stdin(stdin)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("starting npuzzle")
}

/// Runs `args`, sends `signal` (a `kill` name) once the work is under way, and answers
/// the exit code, stdout and stderr; fails if the command ended before the signal or
/// does not exit within [`EXIT_WITHIN`] of it.
fn stopped(args: &[&str], signal: &str) -> (i32, String, String) {
    stopped_after(RUN_FOR, args, signal)
}

/// [`stopped`], the signal sent after `running`.
fn stopped_after(running: Duration, args: &[&str], signal: &str) -> (i32, String, String) {
    stopped_reading(Stdio::null(), running, args, signal)
}

/// [`stopped_after`], the command reading `stdin`.
fn stopped_reading(
    stdin: Stdio,
    running: Duration,
    args: &[&str],
    signal: &str,
) -> (i32, String, String) {
    let mut child = started(args, stdin);
    // Read as it comes, so a full pipe never holds the command up.
    let mut pipe = child.stdout.take().unwrap();
    let reader = std::thread::spawn(move || {
        let mut out = String::new();
        std::io::Read::read_to_string(&mut pipe, &mut out).unwrap();
        out
    });
    std::thread::sleep(running);
    assert!(
        child.try_wait().unwrap().is_none(),
        "`npuzzle {}` ended before it was signalled",
        args.join(" ")
    );
    send_signal(&child, signal);
    let (status, stderr) = wait_exit(&mut child, EXIT_WITHIN);
    let stdout = reader.join().unwrap();
    let code = status
        .code()
        .unwrap_or_else(|| panic!("killed by the signal, not stopped by it: {status}"));
    (code, stdout, stderr)
}

fn json(text: &str) -> Value {
    serde_json::from_str(text).unwrap_or_else(|e| panic!("not JSON ({e}): {text}"))
}

fn random(size: &str, seed: &str) -> String {
    stdout_of(&["random", "--size", size, "--seed", seed], "")
        .trim()
        .to_string()
}

/// Whether `moves` (the blank's) take `board` to the goal.
fn reaches_goal(board: &str, moves: &str) -> bool {
    let mut board = npuzzle::parse_board(board, None).unwrap();
    let moves = npuzzle::parse_moves(moves).unwrap();
    board.apply_all(&moves).is_ok() && board == npuzzle::Board::goal(board.size())
}

#[test]
fn ctrl_c_on_solve_answers_the_best_so_far_bounded_and_exits_130() {
    let board = random("7x7", "3");
    let (code, stdout, stderr) =
        stopped(&["solve", &board, "--max-seconds", "600", "--json"], "INT");
    assert_eq!(code, 130, "{stderr}");
    assert!(!stdout.is_empty(), "{stderr}");
    let answer = json(&stdout);
    assert_eq!(answer["status"], "bounded", "{answer}");
    assert_eq!(answer["gave_up"], "gave up: interrupted");
    let moves = answer["moves"].as_str().unwrap();
    assert!(reaches_goal(&board, moves), "{moves}");
    assert!(answer["lower_bound"].as_u64().unwrap() <= answer["length"].as_u64().unwrap());
}

#[test]
fn sigterm_on_an_optimal_search_says_it_gave_up_and_exits_143() {
    // The fast IDA* by linear conflict takes hours on a random 24-puzzle.
    let board = random("5x5", "4");
    let (code, stdout, stderr) = stopped(
        &[
            "solve",
            &board,
            "--algorithm",
            "fast-idastar",
            "--heuristic",
            "linear-conflict",
            "--json",
        ],
        "TERM",
    );
    assert_eq!(code, 143, "{stderr}");
    let answer = json(&stdout);
    assert_eq!(answer["status"], "gave-up", "{answer}");
    assert_eq!(answer["gave_up"], "gave up: interrupted");
}

#[test]
fn ctrl_c_on_analyse_prints_the_analysis_up_to_the_move_reached() {
    let board = random("5x5", "4");
    let moves = "lr".repeat(200);
    // Each board's search has 1 s: the start's is answered (a stop during it leaves no
    // optimum to measure moves by, an error), and the analysis is under way at 4 s.
    let (code, stdout, stderr) = stopped_after(
        Duration::from_secs(4),
        &[
            "analyse",
            &board,
            &moves,
            "--metric",
            "mtm",
            "--max-seconds",
            "1",
            "--json",
        ],
        "INT",
    );
    assert_eq!(code, 130, "{stderr}");
    assert!(!stdout.is_empty(), "{stderr}");
    let analysis = json(&stdout);
    assert_eq!(analysis["gave_up"], "gave up: interrupted", "{analysis}");
    let steps = analysis["steps"].as_array().unwrap();
    assert!(steps.len() < moves.len(), "stopped before the end");
    assert_eq!(analysis["reached_goal"], false);
}

#[test]
fn ctrl_c_stops_every_long_running_command_and_exits_130() {
    let board = random("5x5", "4");
    let built = json(&stdout_of(
        &["solve", &board, "--algorithm", "constructive", "--json"],
        "",
    ));
    let constructed = built["moves"].as_str().unwrap().to_string();
    let commands: [&[&str]; 5] = [
        &["compare", &board, "--max-seconds", "600", "--json"],
        &[
            "trace",
            &board,
            "--algorithm",
            "astar",
            "--heuristic",
            "manhattan",
            "--limit",
            "10000000",
            "--json",
        ],
        // Is the constructed answer optimal? Only a long search could say.
        &["check", &board, &constructed, "--json"],
        &[
            "bench",
            "--size",
            "5x5",
            "--count",
            "3",
            "--max-seconds",
            "600",
        ],
        &[
            "solve",
            &board,
            "--algorithm",
            "astar",
            "--heuristic",
            "manhattan",
        ],
    ];
    for args in commands {
        let (code, stdout, stderr) = stopped(args, "INT");
        assert_eq!(code, 130, "{args:?}: {stderr}");
        // A trace's events are on stdout, and its last line on stderr; a benchmark's
        // table counts the runs that gave up.
        let said = |text: &str| text.contains("interrupted") || text.contains("gave up");
        assert!(
            said(&stdout) || said(&stderr),
            "{args:?} answers what it has: {stdout} {stderr}"
        );
    }
}

/// The names of the files in `dir`.
fn files_in(dir: &Path) -> Vec<String> {
    std::fs::read_dir(dir)
        .map(|entries| {
            entries
                .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
                .collect()
        })
        .unwrap_or_default()
}

#[test]
fn ctrl_c_on_a_table_build_leaves_nothing_half_built_in_the_cache() {
    let dir = tempfile::tempdir().unwrap();
    let cache = dir.path().to_str().unwrap();
    // Minutes of work: four 6-tile tables of the 24-puzzle.
    let (code, stdout, stderr) = stopped(
        &[
            "pdb",
            "build",
            "6-6-6-6",
            "--size",
            "5x5",
            "--cache-dir",
            cache,
        ],
        "INT",
    );
    assert_eq!(code, 130, "{stderr}");
    assert!(stdout.is_empty(), "nothing built to report: {stdout}");
    assert!(stderr.contains("interrupted"), "{stderr}");
    assert_eq!(files_in(dir.path()), Vec::<String>::new());
    // The 4x3 distance table, by `stats`: it reads the token between chunks of its
    // breadth-first layers, tenths of a second each in a release build (stopped within
    // 30 to 220 ms), but up to half a minute unoptimised.
    if cfg!(debug_assertions) {
        return;
    }
    let (code, _, stderr) = stopped(&["stats", "--size", "4x3", "--cache-dir", cache], "TERM");
    assert_eq!(code, 143, "{stderr}");
    assert!(stderr.contains("interrupted"), "{stderr}");
    assert_eq!(files_in(dir.path()), Vec::<String>::new());
}

#[test]
fn pdb_build_quiet_says_nothing_on_stdout_or_stderr() {
    let dir = tempfile::tempdir().unwrap();
    let cache = dir.path().to_str().unwrap();
    // Built, then loaded: quiet both times.
    for _ in 0..2 {
        npuzzle()
            .args(["pdb", "build", "5-5-5", "--cache-dir", cache, "-q"])
            .assert()
            .success()
            .stdout("")
            .stderr("");
    }
    let tables = files_in(dir.path());
    let tables = (tables.iter()).filter(|name| Path::new(name).extension() == Some("tbl".as_ref()));
    assert_eq!(tables.count(), 3);
    // Without -q, the summary.
    let out = stdout_of(&["pdb", "build", "5-5-5", "--cache-dir", cache], "");
    assert!(out.contains("tables:"), "{out}");
    // An error is still said under -q.
    npuzzle()
        .args(["pdb", "build", "9-9-9", "--cache-dir", cache, "-q"])
        .assert()
        .failure()
        .stdout("")
        .stderr(predicates::str::contains("error"));
}

#[test]
fn ctrl_c_on_a_judge_that_searches_writes_the_cases_answered_before_the_one_under_way() {
    // UVa 10181: a 1-move board, one of the 80-move 15-puzzles (seconds of search on both
    // threads), another short board. The searches run two at a time, so the third may
    // finish before the stop, but its answer cannot come before the second's.
    let hardest = "0 12 9 13\n15 11 10 14\n3 7 2 5\n4 8 6 1\n";
    let near = |last_row: &str| format!("1 2 3 4\n5 6 7 8\n9 10 11 12\n{last_row}\n");
    let input = format!("3\n{}{hardest}{}", near("13 14 0 15"), near("0 13 14 15"));
    let mut file = tempfile::NamedTempFile::new().unwrap();
    std::io::Write::write_all(&mut file, input.as_bytes()).unwrap();
    let stdin = Stdio::from(file.reopen().unwrap());
    let (code, stdout, stderr) = stopped_reading(stdin, RUN_FOR, &["judge", "uva10181"], "INT");
    assert_eq!(code, 130, "{stderr}");
    assert_eq!(stdout, "R\n", "the first case's answer alone: {stderr}");
    assert!(
        stderr.contains("stopped by SIGINT") && stderr.contains("before case 2"),
        "{stderr}"
    );
}
