//! `npuzzle trace` against searches written here from their textbook definitions, in the
//! order the README documents: BFS (queue order, the start first, children in blank order
//! l, r, d, u, each board expanded once, the goal reported when generated) and IDA* with
//! Manhattan distance (a pass per bound, depth first, never straight back to the parent).
//! Event for event: kind, board, g, h, move, bound, frontier. `--algorithm` offers only
//! the searches a trace follows.

use std::collections::{HashSet, VecDeque};

use serde_json::{json, Value};

use crate::common;

use common::{npuzzle, stdout_of};

/// A 3x3 board, cells row-major, 0 the blank.
type Cells = [u8; 9];

fn cells(digits: &str) -> Cells {
    let mut out = [0; 9];
    for (cell, digit) in out.iter_mut().zip(digits.bytes()) {
        *cell = digit - b'0';
    }
    out
}

fn written(board: &Cells) -> String {
    board
        .chunks(3)
        .map(|row| {
            row.iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect::<Vec<_>>()
        .join("/")
}

/// The children of `board` in blank order l, r, d, u, with the blank's move.
fn children(board: &Cells) -> Vec<(Cells, char)> {
    let blank = board.iter().position(|&t| t == 0).unwrap();
    let (row, col) = (blank / 3, blank % 3);
    let mut out = Vec::new();
    for (mv, ok, to) in [
        ('l', col > 0, blank.wrapping_sub(1)),
        ('r', col < 2, blank + 1),
        ('d', row < 2, blank + 3),
        ('u', row > 0, blank.wrapping_sub(3)),
    ] {
        if ok {
            let mut next = *board;
            next.swap(blank, to);
            out.push((next, mv));
        }
    }
    out
}

fn manhattan(board: &Cells, goal: &Cells) -> u32 {
    let mut sum = 0;
    for (cell, &tile) in board.iter().enumerate() {
        if tile == 0 {
            continue;
        }
        let home = goal.iter().position(|&t| t == tile).unwrap();
        sum += (cell / 3).abs_diff(home / 3) + (cell % 3).abs_diff(home % 3);
    }
    sum as u32
}

fn mv(m: Option<char>) -> Value {
    m.map_or(Value::Null, |c| json!(c.to_string()))
}

/// Breadth-first search as the README describes it, as `trace --json` events.
fn textbook_bfs(start: &Cells, goal: &Cells) -> Vec<Value> {
    let mut events = Vec::new();
    let mut seen = HashSet::from([*start]);
    let mut queue = VecDeque::from([(*start, 0u32, None)]);
    let mut expanded = 0;
    while let Some((board, g, moved)) = queue.pop_front() {
        expanded += 1;
        events.push(
            json!({"event": "expand", "board": written(&board), "g": g, "h": 0,
            "f": g, "depth": g, "move": mv(moved), "frontier": queue.len(),
            "expanded": expanded}),
        );
        for (next, m) in children(&board) {
            if !seen.insert(next) {
                continue;
            }
            if next == *goal {
                events.push(json!({"event": "goal", "board": written(&next), "g": g + 1,
                    "h": 0, "f": g + 1, "depth": g + 1, "move": m.to_string(),
                    "expanded": expanded}));
                return events;
            }
            queue.push_back((next, g + 1, Some(m)));
        }
    }
    events
}

/// IDA* with Manhattan distance, recursive, as `trace --json` events.
fn textbook_idastar(start: &Cells, goal: &Cells) -> Vec<Value> {
    struct Run<'a> {
        goal: &'a Cells,
        events: Vec<Value>,
        expanded: u64,
        path: Vec<Cells>,
    }
    /// `Ok(())` when the goal is found, else the smallest f over the bound.
    fn visit(run: &mut Run, g: u32, bound: u32, moved: Option<char>) -> Result<(), u32> {
        let board = *run.path.last().unwrap();
        let h = manhattan(&board, run.goal);
        if g + h > bound {
            return Err(g + h);
        }
        if board == *run.goal {
            run.events
                .push(json!({"event": "goal", "board": written(&board), "g": g,
                "h": 0, "f": g, "depth": g, "move": mv(moved), "expanded": run.expanded}));
            return Ok(());
        }
        run.expanded += 1;
        run.events
            .push(json!({"event": "expand", "board": written(&board), "g": g,
            "h": h, "f": g + h, "depth": g, "move": mv(moved), "bound": bound,
            "frontier": run.path.len(), "expanded": run.expanded}));
        let mut smallest = u32::MAX;
        for (next, m) in children(&board) {
            if run.path.len() >= 2 && run.path[run.path.len() - 2] == next {
                continue;
            }
            run.path.push(next);
            let result = visit(run, g + 1, bound, Some(m));
            if result.is_ok() {
                return Ok(());
            }
            run.path.pop();
            smallest = smallest.min(result.unwrap_err());
        }
        Err(smallest)
    }
    let mut run = Run {
        goal,
        events: Vec::new(),
        expanded: 0,
        path: vec![*start],
    };
    let mut bound = manhattan(start, goal);
    loop {
        run.events
            .push(json!({"event": "iteration", "bound": bound, "expanded": run.expanded}));
        match visit(&mut run, 0, bound, None) {
            Ok(()) => return run.events,
            Err(next) => bound = next,
        }
    }
}

fn traced(args: &[&str]) -> Vec<Value> {
    stdout_of(args, "")
        .lines()
        .map(|line| serde_json::from_str(line).unwrap_or_else(|e| panic!("{e}: {line}")))
        .collect()
}

fn assert_same(ours: &[Value], theirs: &[Value]) {
    for (i, (a, b)) in ours.iter().zip(theirs).enumerate() {
        assert_eq!(a, b, "event {} differs", i + 1);
    }
    assert_eq!(ours.len(), theirs.len(), "event counts differ");
}

#[test]
fn bfs_trace_matches_a_textbook_bfs_event_for_event() {
    let ours = traced(&[
        "trace",
        "283104765",
        "--goal",
        "123804765",
        "--algorithm",
        "bfs",
        "--json",
    ]);
    let theirs = textbook_bfs(&cells("283104765"), &cells("123804765"));
    assert_eq!(theirs.len(), 21);
    assert_same(&ours, &theirs);
    // Harder boards, to the standard goal: thousands of events.
    for (board, goal) in [("867254301", "123456780"), ("125340678", "123456780")] {
        let ours = traced(&[
            "trace", board, "--goal", goal, "-a", "bfs", "--json", "--limit", "200000",
        ]);
        let theirs = textbook_bfs(&cells(board), &cells(goal));
        assert_same(&ours, &theirs);
    }
}

#[test]
fn idastar_trace_matches_a_textbook_idastar_event_for_event() {
    for (board, goal) in [
        ("283104765", "123804765"),
        ("867254301", "123456780"),
        ("125340678", "123456780"),
    ] {
        let ours = traced(&[
            "trace",
            board,
            "--goal",
            goal,
            "-a",
            "idastar",
            "--heuristic",
            "manhattan",
            "--json",
            "--limit",
            "1000000",
        ]);
        let theirs = textbook_idastar(&cells(board), &cells(goal));
        assert_same(&ours, &theirs);
    }
}

#[test]
fn the_limit_cuts_the_trace_and_says_so() {
    let out = npuzzle()
        .args(["trace", "867254301", "-a", "bfs", "--limit", "100"])
        .assert()
        .success();
    let output = out.get_output();
    assert_eq!(String::from_utf8_lossy(&output.stdout).lines().count(), 100);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("limit of 100 events"), "{stderr}");
}

#[test]
fn bad_requests_are_clear_errors() {
    for (args, needle) in [
        (
            vec!["trace", "283104765", "-a", "bfs", "--limit", "0"],
            "--limit",
        ),
        (vec!["trace", "28310476", "-a", "bfs"], "board '28310476'"),
        (
            vec!["trace", "283104765", "-a", "dfs"],
            "invalid value 'dfs' for '--algorithm <ALGORITHM>'",
        ),
        (
            vec!["trace", "283104765", "-a", "table"],
            "[possible values: bfs, bidirectional, astar, idastar, iddfs]",
        ),
        (
            vec![
                "trace",
                "283104765",
                "-a",
                "bfs",
                "--heuristic",
                "manhattan",
            ],
            "takes no heuristic",
        ),
        (
            vec!["trace", "283104765", "-a", "bfs", "--goal", "1 2 3/4 5 6"],
            "goal",
        ),
    ] {
        let out = npuzzle().args(&args).assert().failure().code(2);
        let stderr = String::from_utf8_lossy(&out.get_output().stderr).to_string();
        assert!(stderr.contains(needle), "{args:?}: {stderr}");
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
    }
}

/// The hardest 15-puzzle board: any classic search on it runs far past these tests' limits.
const HARDEST_15: &str = "0 11 9 13 12 15 10 14 3 7 6 2 4 8 5 1";

/// A field of `/proc/<pid>/status` in KiB (`VmHWM:`, the peak resident memory).
fn status_kib(pid: u32, field: &str) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    status
        .lines()
        .find_map(|l| l.strip_prefix(field))
        .and_then(|rest| rest.split_whitespace().next()?.parse().ok())
}

/// `--max-memory` bounds the whole trace: its events are written, not held, so it stops
/// at the search's memory limit, with the limit's message and exit code, its peak under
/// the budget and the program itself. (Holding the events, it took 230 MB under 64M.)
#[test]
fn a_trace_keeps_to_max_memory() {
    use std::process::Stdio;
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("npuzzle"))
        .args(["trace", HARDEST_15, "-a", "bfs", "--json"])
        .args(["--limit", "10000000", "--max-memory", "64M"])
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let pid = child.id();
    // Polled: the peak grows with the search, and a reading after it keeps it.
    let mut peak = 0;
    while child.try_wait().unwrap().is_none() {
        peak = peak.max(status_kib(pid, "VmHWM:").unwrap_or(0));
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    let output = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(3), "{stderr}");
    assert!(
        stderr.contains("gave up: memory budget of 64 MiB reached"),
        "{stderr}"
    );
    assert!(peak > 0, "no reading of the trace's memory");
    assert!(
        peak < (64 + 24) << 10,
        "peak {peak} KiB under a 64 MiB budget"
    );
}

/// The first event is printed as soon as the search makes it: read while the search still
/// runs, before it has held much (holding its events, the first came after them all).
#[test]
fn a_trace_prints_its_first_event_at_once() {
    use std::io::BufRead;
    use std::process::Stdio;
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("npuzzle"))
        .args([
            "trace",
            HARDEST_15,
            "-a",
            "idastar",
            "--heuristic",
            "misplaced",
        ])
        .args(["--json", "--limit", "3000000"])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let started = std::time::Instant::now();
    let mut first = String::new();
    let mut stdout = std::io::BufReader::new(child.stdout.take().unwrap());
    stdout.read_line(&mut first).unwrap();
    let waited = started.elapsed();
    let held = status_kib(child.id(), "VmHWM:");
    let running = child.try_wait().unwrap().is_none();
    child.kill().unwrap();
    child.wait().unwrap();
    let first: Value = serde_json::from_str(&first).unwrap();
    assert_eq!(
        first,
        json!({"event": "iteration", "bound": 15, "expanded": 0})
    );
    assert!(running, "the trace ended before its first line was read");
    assert!(held.is_some_and(|kib| kib < 64 << 10), "{held:?} KiB held");
    assert!(waited.as_secs() < 10, "the first line took {waited:?}");
}

/// `trace --algorithm` offers only the searches a trace follows, in its help and in the
/// error for any other name.
#[test]
fn trace_offers_only_the_traced_searches() {
    let traced = "[possible values: bfs, bidirectional, astar, idastar, iddfs]";
    let help = stdout_of(&["trace", "--help"], "");
    assert!(help.contains(traced), "{help}");
    for wrong in ["dfs", "table", "fast-idastar", "auto"] {
        let out = npuzzle()
            .args(["trace", "283104765", "--algorithm", wrong])
            .assert()
            .code(2);
        let stderr = String::from_utf8_lossy(&out.get_output().stderr).to_string();
        assert!(stderr.contains(traced), "{wrong}: {stderr}");
        assert!(!stderr.contains("constructive"), "{wrong}: {stderr}");
    }
}
