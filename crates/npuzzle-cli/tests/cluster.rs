//! `solve` and `batch` with `--cluster FILE --process I`: several processes on loopback,
//! on free ports chosen here, give the answer of one process; a lost peer ends the run.

use crate::common;

use std::io::Write;
use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

use common::{json_lines, npuzzle, scratch_cache};
use serde_json::Value;

const GOAL_15: &str = "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 0";

/// Korf's instance 1 towards the blank-last goal's mirror: 10 million nodes with linear
/// conflict, enough iterations to share.
const KORF_1: &str = "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3";
const GOAL_BLANK_FIRST: &str = "0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15";

/// Held while a cluster runs: the ports of a host file are free when it is written, not
/// when its processes bind them, and the processes of another test running beside it
/// took one in that window (a CI run saw "process 1 … did not connect within 30 s").
fn one_cluster_at_a_time() -> std::sync::MutexGuard<'static, ()> {
    static CLUSTER: std::sync::Mutex<()> = std::sync::Mutex::new(());
    CLUSTER
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// A host file of `n` free loopback ports in `dir`.
fn host_file(dir: &Path, n: usize) -> PathBuf {
    let listeners: Vec<TcpListener> = (0..n)
        .map(|_| TcpListener::bind("127.0.0.1:0").unwrap())
        .collect();
    let lines: Vec<String> = listeners
        .iter()
        .map(|l| format!("127.0.0.1:{}", l.local_addr().unwrap().port()))
        .collect();
    let text = lines.join("\n") + "\n";
    let path = dir.join("hosts");
    std::fs::write(&path, format!("# a test cluster\n{text}")).unwrap();
    path
}

/// Starts process `index` of the cluster in `hosts` running `npuzzle args`.
fn start(args: &[&str], hosts: &Path, index: usize, stdin: &str) -> Child {
    let mut child = Command::new(assert_cmd::cargo::cargo_bin("npuzzle"))
        .args(args)
        .arg("--cluster")
        .arg(hosts)
        .args(["--process", &index.to_string()])
        .env("NPUZZLE_CACHE_DIR", scratch_cache())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(stdin.as_bytes())
        .unwrap();
    child
}

/// Waits for `child` at most `limit`, killing it (and failing) past that.
fn finish(mut child: Child, limit: Duration) -> Output {
    let started = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if started.elapsed() > limit {
            child.kill().ok();
            panic!("a cluster process ran past {limit:?}");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.wait_with_output().unwrap()
}

/// Runs `npuzzle args` on a cluster of `processes` on loopback, each with its own
/// `extra` flags; returns every process's output, process 0's first.
fn on_cluster(args: &[&str], extra: &[&[&str]], stdin: &str) -> Vec<Output> {
    let _alone = one_cluster_at_a_time();
    let dir = tempfile::tempdir().unwrap();
    let hosts = host_file(dir.path(), extra.len());
    // The later processes start first: process 0 waits for them as they wait for it.
    let children: Vec<Child> = (0..extra.len())
        .rev()
        .map(|i| {
            let all: Vec<&str> = args.iter().chain(extra[i]).copied().collect();
            start(&all, &hosts, i, stdin)
        })
        .collect();
    let mut outputs: Vec<Output> = children
        .into_iter()
        .map(|c| finish(c, Duration::from_secs(120)))
        .collect();
    outputs.reverse();
    outputs
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// The answer of one process, as JSON.
fn alone(args: &[&str]) -> Value {
    let out = npuzzle().args(args).assert().success();
    serde_json::from_slice(&out.get_output().stdout).unwrap()
}

/// Process 0 printed the answer, the others nothing, and every one ended well.
fn answer_of(outputs: &[Output]) -> Value {
    for (i, out) in outputs.iter().enumerate() {
        assert!(out.status.success(), "process {i}: {}", text(&out.stderr));
        if i > 0 {
            assert!(
                out.stdout.is_empty(),
                "process {i} printed {}",
                text(&out.stdout)
            );
        }
    }
    serde_json::from_slice(&outputs[0].stdout).unwrap()
}

fn random_boards(size: &str, walk: usize, count: usize, seed: u64) -> Vec<String> {
    let out = npuzzle()
        .args(["random", "--size", size, "--walk", &walk.to_string()])
        .args([
            "--count",
            &count.to_string(),
            "--seed",
            &seed.to_string(),
            "--flat",
        ])
        .assert()
        .success();
    text(&out.get_output().stdout)
        .lines()
        .map(str::to_string)
        .collect()
}

#[test]
fn the_path_is_the_single_process_path_on_15_puzzles() {
    let mut boards = random_boards("4x4", 50, 4, 11);
    boards.push(KORF_1.to_string());
    for (n, board) in boards.iter().enumerate() {
        let goal = if n == 4 { GOAL_BLANK_FIRST } else { GOAL_15 };
        let args = [
            "solve",
            board,
            "--goal",
            goal,
            "--json",
            "-a",
            "fast-idastar",
            "--heuristic",
            "linear-conflict",
        ];
        let single: Vec<&str> = args.iter().copied().chain(["-j", "1"]).collect();
        let expected = alone(&single);
        for shape in [
            &[&["-j", "1"][..], &["-j", "1"]][..],
            &[&["-j", "2"], &["-j", "1"], &["-j", "1"]],
        ] {
            let answer = answer_of(&on_cluster(&args, shape, ""));
            assert_eq!(
                answer["moves"],
                expected["moves"],
                "{board} on {} processes",
                shape.len()
            );
            assert_eq!(answer["optimal"], true);
        }
    }
}

#[test]
fn the_path_is_the_single_process_path_on_a_24_puzzle_with_a_small_partition() {
    let goal = "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 0";
    npuzzle()
        .args(["pdb", "build", "4-4-4-4-4-4", "--goal", goal, "--quiet"])
        .assert()
        .success();
    for board in random_boards("5x5", 60, 2, 5) {
        let args = [
            "solve",
            &board,
            "--goal",
            goal,
            "--json",
            "-a",
            "fast-idastar",
            "--pdb",
            "4-4-4-4-4-4",
            "-j",
            "1",
        ];
        let expected = alone(&args);
        let answer = answer_of(&on_cluster(&args, &[&[], &[]], ""));
        assert_eq!(answer["moves"], expected["moves"], "{board}");
        assert_eq!(answer["heuristic"], expected["heuristic"]);
    }
}

/// A batch's output without the measured parts, line by line.
fn records(output: &str) -> Vec<Value> {
    json_lines(output)
        .into_iter()
        .map(|mut v| {
            if let Some(o) = v.as_object_mut() {
                o.remove("stats");
            }
            v
        })
        .collect()
}

#[test]
fn a_batch_gives_the_single_process_output_and_resumes() {
    let mut input: Vec<String> = random_boards("4x4", 40, 10, 3);
    input.insert(3, "1 2 3 oops".to_string());
    input.push(r#"{"id": "last", "board": "1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15"}"#.into());
    let input = input.join("\n") + "\n";
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("boards.txt");
    std::fs::write(&file, &input).unwrap();
    let file = file.to_str().unwrap();
    let single = npuzzle()
        .args(["batch", file, "-j", "1", "--quiet"])
        .assert()
        .success();
    let expected = records(&text(&single.get_output().stdout));
    assert_eq!(expected.len(), 12);

    let outputs = on_cluster(
        &["batch", file, "--quiet"],
        &[&["-j", "1"], &["-j", "2"]],
        "",
    );
    let answer = answer_of_lines(&outputs);
    assert_eq!(records(&answer), expected);

    // Resuming: a run killed after five lines and half of the sixth.
    let out = dir.path().join("out.jsonl");
    let cut: Vec<&str> = answer.lines().take(6).collect();
    std::fs::write(&out, format!("{}\n{}", cut[..5].join("\n"), &cut[5][..20])).unwrap();
    let out_arg = out.to_str().unwrap();
    let outputs = on_cluster(
        &["batch", file, "-o", out_arg],
        &[&["-j", "1"], &["-j", "1"]],
        "",
    );
    assert!(outputs.iter().all(|o| o.status.success()));
    assert!(
        text(&outputs[0].stderr).contains("5 already done"),
        "{}",
        text(&outputs[0].stderr)
    );
    assert_eq!(records(&std::fs::read_to_string(&out).unwrap()), expected);
}

#[test]
fn a_batch_of_quick_boards_ends_on_every_process() {
    // Boards solved in microseconds: requests for boards still on their way when the
    // last result arrives must be answered before process 0 leaves.
    let input = random_boards("3x3", 30, 60, 8).join("\n") + "\n";
    let single = npuzzle()
        .args(["batch", "-j", "1", "--quiet"])
        .write_stdin(input.as_str())
        .assert()
        .success();
    let expected = records(&text(&single.get_output().stdout));
    for _ in 0..3 {
        let outputs = on_cluster(
            &["batch", "--quiet", "--cluster-timeout", "20"],
            &[&["-j", "2"], &["-j", "2"], &["-j", "1"]],
            &input,
        );
        assert_eq!(records(&answer_of_lines(&outputs)), expected);
    }
}

/// Process 0's standard output, every process having ended well and the others silent.
fn answer_of_lines(outputs: &[Output]) -> String {
    for (i, out) in outputs.iter().enumerate() {
        assert!(out.status.success(), "process {i}: {}", text(&out.stderr));
        if i > 0 {
            assert!(out.stdout.is_empty());
        }
    }
    text(&outputs[0].stdout)
}

#[test]
fn processes_that_would_search_differently_refuse_together() {
    let args = ["solve", "-a", "fast-idastar", "-j", "1", "--goal", GOAL_15];
    let outputs = on_cluster(
        &args,
        &[
            &["1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15"],
            &["1 2 3 4 5 6 7 8 9 10 11 12 13 0 14 15"],
        ],
        "",
    );
    for out in &outputs {
        assert_eq!(out.status.code(), Some(2));
        let error = text(&out.stderr);
        assert!(error.contains("process 1 (127.0.0.1:"), "{error}");
        assert!(
            error.contains("would search differently: its board is"),
            "{error}"
        );
    }
}

#[test]
fn processes_with_other_limits_refuse_together_saying_so_in_words() {
    // Issue 34: a process with a time limit of its own searched on, and process 0
    // reported a limit it was never given.
    let solve = [
        "solve",
        KORF_1,
        "--goal",
        GOAL_BLANK_FIRST,
        "-a",
        "fast-idastar",
        "-j",
        "1",
    ];
    let batch = ["batch", "--goal", GOAL_15, "-j", "1", "--quiet"];
    let board = "1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15
";
    for (args, extra, stdin, message) in [
        (
            &solve[..],
            [&[][..], &["--max-seconds", "3"]],
            "",
            "would search differently: its time limit is 3 s, process 0's is none",
        ),
        (
            &solve[..],
            [&["--max-nodes", "1000"][..], &[]],
            "",
            "would search differently: its node limit is none, process 0's is 1000 expanded \
             nodes",
        ),
        (
            &batch[..],
            [&[][..], &["--max-seconds", "0.5"]],
            board,
            "would search differently: its time limit is 0.5 s, process 0's is none",
        ),
    ] {
        let outputs = on_cluster(args, &extra, stdin);
        for out in &outputs {
            let error = text(&out.stderr);
            assert_eq!(out.status.code(), Some(2), "{error}");
            assert!(error.contains("process 1 (127.0.0.1:"), "{error}");
            assert!(error.contains(message), "{error}");
            assert!(!error.contains("Some("), "{error}");
            assert!(out.stdout.is_empty(), "{}", text(&out.stdout));
        }
    }
    // The same limit everywhere: they search together, and process 0 reports that limit.
    let limited = ["--max-seconds", "0.3"];
    let outputs = on_cluster(
        &[
            "solve",
            KORF_1,
            "--goal",
            GOAL_BLANK_FIRST,
            "-a",
            "fast-idastar",
            "--heuristic",
            "manhattan",
            "-j",
            "1",
            "--json",
        ],
        &[&limited, &limited],
        "",
    );
    assert_eq!(
        outputs[0].status.code(),
        Some(3),
        "{}",
        text(&outputs[0].stderr)
    );
    let answer: Value = serde_json::from_slice(&outputs[0].stdout).unwrap();
    assert_eq!(answer["gave_up"], "gave up: time limit of 0.300 s reached");
}

#[test]
fn a_cluster_agrees_on_the_move_order() {
    // Processes told other orders would find other paths: they refuse, in words.
    let solve = [
        "solve",
        KORF_1,
        "--goal",
        GOAL_BLANK_FIRST,
        "-a",
        "fast-idastar",
        "-j",
        "1",
    ];
    let batch = ["batch", "--goal", GOAL_15, "-j", "1", "--quiet"];
    let board = "1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15\n";
    for (args, stdin) in [(&solve[..], ""), (&batch[..], board)] {
        let outputs = on_cluster(args, &[&[], &["--order", "dlru"]], stdin);
        for out in &outputs {
            let error = text(&out.stderr);
            assert_eq!(out.status.code(), Some(2), "{error}");
            assert!(
                error.contains(
                    "would search differently: its move order is dlru, process 0's is lrdu"
                ),
                "{error}"
            );
        }
    }
    // The same order everywhere: the one-process answer in that order.
    for board in random_boards("4x4", 40, 2, 36) {
        let args = [
            "solve",
            &board,
            "--goal",
            GOAL_15,
            "--json",
            "-a",
            "fast-idastar",
            "--order",
            "urdl",
        ];
        let single: Vec<&str> = args.iter().copied().chain(["-j", "1"]).collect();
        let expected = alone(&single);
        let answer = answer_of(&on_cluster(&args, &[&["-j", "1"], &["-j", "1"]], ""));
        assert_eq!(answer["moves"], expected["moves"], "{board}");
        let default = alone(&["solve", &board, "--goal", GOAL_15, "--json", "-j", "1"]);
        assert_eq!(answer["length"], default["length"], "{board}");
    }
}

#[test]
fn a_stray_client_on_a_port_does_not_stop_the_cluster() {
    let dir = tempfile::tempdir().unwrap();
    let _alone = one_cluster_at_a_time();
    let hosts = host_file(dir.path(), 2);
    let address = std::fs::read_to_string(&hosts)
        .unwrap()
        .lines()
        .nth(1)
        .unwrap()
        .to_string();
    let args = [
        "solve",
        "1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15",
        "-j",
        "1",
        "--json",
    ];
    let first = start(&args, &hosts, 0, "");
    // Something else connects to process 0 and says nonsense, another says nothing.
    let mut stray = loop {
        if let Ok(s) = std::net::TcpStream::connect(&address) {
            break s;
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    stray
        .write_all(b"GET / HTTP/1.0\r\n\r\nmore than twenty-four bytes")
        .unwrap();
    let _silent = std::net::TcpStream::connect(&address).unwrap();
    let second = start(&args, &hosts, 1, "");
    let outputs = [
        finish(first, Duration::from_secs(30)),
        finish(second, Duration::from_secs(30)),
    ];
    assert_eq!(answer_of(&outputs)["moves"], "r");
}

#[test]
fn a_process_that_never_comes_is_named_within_the_timeout() {
    let dir = tempfile::tempdir().unwrap();
    let _alone = one_cluster_at_a_time();
    let hosts = host_file(dir.path(), 3);
    let started = Instant::now();
    let child = start(&["solve", "--cluster-timeout", "1"], &hosts, 0, "");
    let out = finish(child, Duration::from_secs(20));
    assert_eq!(out.status.code(), Some(2));
    let error = text(&out.stderr);
    assert!(error.contains("process 1 (127.0.0.1:"), "{error}");
    assert!(error.contains("process 2 (127.0.0.1:"), "{error}");
    assert!(error.contains("did not connect within 1 s"), "{error}");
    assert!(started.elapsed() < Duration::from_secs(10));
    let refused = |process: &str, message: &str| {
        let hosts = hosts.to_str().unwrap();
        npuzzle()
            .args(["solve", "--cluster", hosts, "--process", process])
            .assert()
            .code(2)
            .stderr(predicates::str::contains(message));
    };
    refused("3", "process 3 is not in the host file, which gives 3");
    std::fs::write(&hosts, "127.0.0.1:5000\nlocalhost\n").unwrap();
    refused("0", "line 2: 'localhost' is not host:port");
    // A file named that is not there is the request's fault, as a bad flag is.
    let missing = npuzzle()
        .args(["solve", "--cluster", "no-such-hosts", "--process", "0"])
        .assert()
        .code(2);
    let error = text(&missing.get_output().stderr);
    assert!(
        error.contains("cannot read the host file no-such-hosts"),
        "{error}"
    );
    assert_eq!(error.matches("os error").count(), 1, "said once: {error}");
}

#[test]
fn killing_a_process_ends_the_others_with_an_error_naming_it() {
    // A search of minutes on two processes; the one killed is each in turn.
    let board = &random_boards("5x5", 1000, 1, 9)[0];
    let args = [
        "solve",
        board,
        "-a",
        "fast-idastar",
        "--heuristic",
        "manhattan",
        "-j",
        "1",
    ];
    for victim in [1, 0] {
        let dir = tempfile::tempdir().unwrap();
        let _alone = one_cluster_at_a_time();
        let hosts = host_file(dir.path(), 2);
        let mut children: Vec<Child> = (0..2).rev().map(|i| start(&args, &hosts, i, "")).collect();
        children.reverse();
        std::thread::sleep(Duration::from_secs(3));
        children[victim].kill().unwrap();
        children[victim].wait().unwrap();
        let survivor = children.remove(1 - victim);
        let started = Instant::now();
        let out = finish(survivor, Duration::from_secs(30));
        assert!(started.elapsed() < Duration::from_secs(30));
        assert_eq!(out.status.code(), Some(4), "{}", text(&out.stderr));
        let error = text(&out.stderr);
        assert!(
            error.contains(&format!("process {victim} (127.0.0.1:")) && error.contains("lost"),
            "{error}"
        );
        assert!(!error.contains("panicked"), "{error}");
        assert!(out.stdout.is_empty());
    }
}

#[test]
fn a_cluster_batch_agrees_on_the_metric() {
    // Lines that name no metric are solved in the flag's: processes told other metrics
    // would count other lengths, so they refuse, in words.
    let batch = ["batch", "-j", "1", "--quiet"];
    let outputs = on_cluster(&batch, &[&[], &["--metric", "mtm"]], "867254301\n");
    for out in &outputs {
        let error = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{error}");
        assert!(
            error.contains("would search differently: its metric is mtm, process 0's is stm"),
            "{error}"
        );
    }
}

#[test]
fn a_cluster_solve_in_the_multi_tile_metric_is_refused_in_words() {
    let solve = ["solve", "867254301", "--metric", "mtm"];
    for out in on_cluster(&solve, &[&[], &[]], "") {
        let error = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{error}");
        assert!(
            error.contains("a cluster search cannot be used in the multi-tile metric"),
            "{error}"
        );
    }
}
