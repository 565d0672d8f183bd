//! The limits a run is held to: each command's defaults as its help states them; time
//! limits (huge or malformed ones refused, a huge one written as given, the constructive
//! method held to them); memory (input without end stopped at the memory allowed, random
//! boards past it refused); walks longer than anyone waits for refused.

use std::time::{Duration, Instant};

use predicates::prelude::*;
use serde_json::Value;

use crate::common;

use common::{json_lines, npuzzle, stdout_of};

/// Each command's help states the limits a run without the flags is held to: its own,
/// not one command's for all.
#[test]
fn help_states_each_commands_limit_defaults() {
    let line = |help: &str, flag: &str| {
        let at = help
            .find(flag)
            .unwrap_or_else(|| panic!("{flag} in:\n{help}"));
        // The flag's whole entry: clap puts the text on the flag's line or, when some
        // entry of the page is long, on the lines below it.
        let mut lines = help[at..].lines();
        let first = lines.next().unwrap().to_string();
        let rest = lines.take_while(|l| {
            let l = l.trim_start();
            !l.is_empty() && !l.starts_with('-')
        });
        std::iter::once(first.as_str())
            .chain(rest)
            .flat_map(str::split_whitespace)
            .collect::<Vec<_>>()
            .join(" ")
    };
    for (command, nodes, seconds, held) in [
        ("bench", "no limit", "60", "200 million"),
        ("compare", "20 million", "20", "80 million"),
        ("solve", "no limit", "no limit", "100 million"),
        ("batch", "no limit", "no limit", "100 million"),
        ("check", "no limit", "no limit", "100 million"),
        ("trace", "no limit", "no limit", "100 million"),
        ("bench-file", "no limit", "no limit", "100 million"),
    ] {
        let help = stdout_of(&[command, "--help"], "");
        for (flag, default) in [
            ("--max-nodes <N>", nodes),
            ("--max-seconds <SECONDS>", seconds),
            ("--max-memory-nodes <N>", held),
        ] {
            let line = line(&help, flag);
            assert!(
                line.ends_with(&format!("(default: {default})")),
                "{command}: {line}"
            );
        }
    }
    // What the help says is what a run is held to: bench's report states its limits.
    let report = stdout_of(&["bench", "--count", "1", "--configs", "astar", "-q"], "");
    assert!(
        report.contains("Limits per run: 60 s, 200000000 nodes held"),
        "{report}"
    );
}

#[test]
fn huge_time_limits_are_refused_not_panics() {
    let file = tempfile::NamedTempFile::new().unwrap();
    std::fs::write(file.path(), "1 2 3 4 5 6 7 0 8 1\n").unwrap();
    let path = file.path().to_str().unwrap();
    for args in [
        &["solve", "--max-seconds", "1e20"][..],
        &[
            "solve",
            "1 2 3 4/5 6 7 8/9 10 11 12/13 14 0 15",
            "--max-seconds",
            "1e19",
        ],
        &["check", "283104765", "uldr", "--max-seconds", "1e20"],
        &["batch", "--max-seconds", "1e20"],
        &["compare", "283104765", "--max-seconds", "1e20"],
        &["bench", "--max-seconds", "1e20"],
        &["bench-file", path, "--max-seconds", "1e20"],
        &["serve", "--max-seconds", "1e20"],
        &["solve", "--max-seconds", "NaN"],
        &["solve", "--max-seconds=-1"],
    ] {
        npuzzle()
            .args(args)
            .write_stdin("")
            .assert()
            .code(2)
            .stderr(predicate::str::contains("--max-seconds"))
            .stderr(predicate::str::contains("panicked").not());
    }
    // A year is still a limit, and a search under it finishes.
    npuzzle()
        .args([
            "solve",
            "1 2 3 4/5 6 7 8/9 10 11 12/13 14 0 15",
            "--max-seconds",
            "31536000",
        ])
        .assert()
        .success();
}

#[test]
fn a_huge_time_limit_is_written_as_given() {
    // 1e308 was written out in 309 digits in the error.
    npuzzle()
        .args(["solve", "1 2 3/4 5 6/7 0 8", "--max-seconds", "1e308"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "a time limit of 1e308 seconds is not allowed: give a positive number of seconds, at most 31536000 (a year)",
        ));
}

#[test]
fn time_limits_bound_the_constructive_method() {
    let board = stdout_of(&["random", "--size", "250x250", "--seed", "1"], "");
    let started = Instant::now();
    let out = npuzzle()
        .args(["solve", "-", "--max-seconds", "0.5", "--json"])
        .write_stdin(board.clone())
        .assert()
        .code(3);
    assert!(
        started.elapsed() < Duration::from_secs(5),
        "{:?}",
        started.elapsed()
    );
    let report: Value = serde_json::from_slice(&out.get_output().stdout).unwrap();
    assert_eq!(report["gave_up"], "gave up: time limit of 0.500 s reached");
    let started = Instant::now();
    let out = npuzzle()
        .args(["batch", "--max-seconds", "0.5", "-q"])
        .write_stdin(board)
        .assert()
        // A line a limit stopped exits 3, as `solve` does.
        .code(3);
    assert!(
        started.elapsed() < Duration::from_secs(5),
        "{:?}",
        started.elapsed()
    );
    assert!(String::from_utf8_lossy(&out.get_output().stdout).contains("time limit"));
}

#[test]
fn input_without_end_stops_at_the_memory_allowed() {
    // `/dev/zero` as a file, or a stream longer than the memory allowed, used to be read
    // until the machine's memory ran out; now it is an error once it passes the budget.
    let long = "#".repeat(1536 * 1024);
    for (args, stdin, named) in [
        (vec!["batch", "--max-memory", "1M"], long.as_str(), "stdin"),
        (
            vec!["solve", "-", "--max-memory", "1M"],
            long.as_str(),
            "stdin",
        ),
        (
            vec!["batch", "/dev/zero", "--max-memory", "1M"],
            "",
            "/dev/zero",
        ),
        (
            vec!["bench-file", "/dev/zero", "--max-memory", "1M"],
            "",
            "/dev/zero",
        ),
        (
            vec!["bench", "--file", "/dev/zero", "--max-memory", "1M"],
            "",
            "/dev/zero",
        ),
    ] {
        npuzzle()
            .args(&args)
            .write_stdin(stdin)
            .timeout(Duration::from_secs(60))
            .assert()
            .code(2)
            .stderr(predicate::str::contains(format!(
                "{named} holds more than 1 MiB, the memory allowed by --max-memory"
            )));
    }
    // Within the budget, the same kind of input is read as before.
    let fits = format!("{}\n1 2 3 4 5 6 7 0 8\n", "#".repeat(1000));
    let records = json_lines(&stdout_of(&["batch", "--max-memory", "1M"], &fits));
    assert_eq!(records.len(), 1);
    assert_eq!(records[0]["length"], 1);
}

/// A board read from stdin (`-`) used to be read to the end of the input, or until half
/// the machine's memory: `solve - < /dev/zero` reached 5.2 GB, `check - u` 9.7 GB. Every
/// command that reads a board from stdin now stops at the longest text of a board it
/// takes, at once and in that much memory, and says so naming only that cap (`rank`
/// named `--max-memory`, which it does not have).
#[test]
fn a_board_from_stdin_is_read_no_further_than_any_board_can_be() {
    use npuzzle::puzzle::notation::longest_board_text;
    let zero = std::path::Path::new("/dev/zero");
    let any = longest_board_text(1000 * 1000);
    let ranked = longest_board_text(34);
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("long"), "1 ".repeat(8 << 20)).unwrap();
    for (args, cap, boards) in [
        (&["solve", "-"][..], any, "1000x1000"),
        (&["analyse", "-"], any, "1000x1000"),
        (&["analyse", "-", "u"], any, "1000x1000"),
        (&["check", "-", "u"], any, "1000x1000"),
        (&["compare", "-"], any, "1000x1000"),
        (&["trace", "-", "--algorithm", "bfs"], any, "1000x1000"),
        (&["rank", "-"], ranked, "34 cells"),
    ] {
        for input in [zero, std::path::Path::new("/dev/urandom")] {
            let (code, stderr, peak, elapsed) =
                common::measured_within(args, input, Duration::from_secs(60));
            assert_eq!(code, 2, "{args:?}: {stderr}");
            assert!(
                stderr.starts_with(&format!("error: stdin holds more than {cap} bytes")),
                "{args:?}: {stderr}"
            );
            assert!(stderr.contains(boards), "{args:?}: {stderr}");
            assert!(!stderr.contains("max-memory"), "{args:?}: {stderr}");
            assert!(elapsed < Duration::from_secs(20), "{args:?}: {elapsed:?}");
            // The text held and the program: far below the gigabytes before (the
            // peak also counts what the test process held when the child was forked,
            // about 100 MB with the other tests running).
            assert!(
                peak < cap + (256 << 20),
                "{args:?}: {peak} bytes at the peak"
            );
        }
        // Exactly: what it read of a long file, through a descriptor that shares its
        // offset with ours, is the cap and one byte (to know there was more), and at
        // most what stdin's 8 KiB buffer read ahead.
        let path = dir.path().join("long");
        let mut file = std::fs::File::open(&path).unwrap();
        let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("npuzzle"))
            .args(args)
            .stdin(file.try_clone().unwrap())
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        let (status, stderr) = common::wait_exit(&mut child, Duration::from_secs(60));
        assert_eq!(status.code(), Some(2), "{args:?}: {stderr}");
        let read = std::io::Seek::stream_position(&mut file).unwrap();
        assert!(
            (cap + 1..=cap + 1 + (8 << 10)).contains(&read),
            "{args:?}: {read} bytes read"
        );
    }
    // A flag the command has is named when it is the lower cap.
    npuzzle()
        .args(["check", "-", "u", "--max-memory", "1M"])
        .write_stdin(vec![0u8; 2 << 20])
        .timeout(Duration::from_secs(60))
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "stdin holds more than 1 MiB, the memory allowed by --max-memory",
        ));
    // A board just under the cap is read: the cap is no smaller than a board.
    let board = (1..25)
        .chain([0])
        .map(|n| n.to_string())
        .collect::<Vec<_>>();
    let mut text = board.join(", ");
    text.push_str(&" ".repeat(usize::try_from(ranked).unwrap() - text.len()));
    npuzzle()
        .args(["rank", "-"])
        .write_stdin(text)
        .timeout(Duration::from_secs(60))
        .assert()
        .success();
}

/// `batch` reads any number of lines, up to the memory allowed, but no line longer than
/// a line of a batch can be (a JSON line with a start and a goal of the largest board):
/// `batch < /dev/zero` read half the machine's memory before it was refused.
#[test]
fn a_batch_line_is_read_no_further_than_any_line_can_be() {
    let zero = std::path::Path::new("/dev/zero");
    let longest = 2 * npuzzle::puzzle::notation::longest_board_text(1000 * 1000) + (64 << 10);
    for (args, named) in [
        (&["batch"][..], "stdin"),
        (&["batch", "/dev/zero"], "/dev/zero"),
    ] {
        let (code, stderr, peak, elapsed) =
            common::measured_within(args, zero, Duration::from_secs(60));
        assert_eq!(code, 2, "{args:?}: {stderr}");
        assert!(
            stderr.starts_with(&format!(
                "error: {named}: line 1 is longer than {longest} bytes (reading stopped there)"
            )),
            "{args:?}: {stderr}"
        );
        assert!(!stderr.contains("max-memory"), "{args:?}: {stderr}");
        assert!(elapsed < Duration::from_secs(20), "{args:?}: {elapsed:?}");
        assert!(
            peak < longest + (256 << 20),
            "{args:?}: {peak} bytes at the peak"
        );
    }
}

#[test]
fn random_instances_past_the_memory_allowed_are_refused() {
    // `bench --count 18446744073709551615` panicked (a capacity overflow): now every
    // count is weighed against the memory allowed before a board is made.
    npuzzle()
        .args(["bench", "--count", "18446744073709551615", "-q"])
        .timeout(Duration::from_secs(20))
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "--count 18446744073709551615: 18446744073709551615 random 3x3 boards take",
        ))
        .stderr(predicate::str::contains(
            "more than half the memory available",
        ));
    npuzzle()
        .args([
            "bench",
            "--count",
            "1000",
            "--size",
            "100x100",
            "--max-memory",
            "10M",
            "-q",
        ])
        .timeout(Duration::from_secs(20))
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "1000 random 100x100 boards take 38.2 MiB, more than the memory allowed by --max-memory (10 MiB)",
        ));
}

#[test]
fn a_walk_longer_than_anyone_waits_for_is_refused() {
    // `--walk 99999999999999999` used to run for years (a walk of that many moves);
    // now it is refused before one move, naming the most allowed.
    for command in [
        vec!["random", "--walk", "99999999999999999"],
        vec!["bench", "--walk", "100000001", "-q"],
    ] {
        npuzzle()
            .args(&command)
            .timeout(Duration::from_secs(20))
            .assert()
            .code(2)
            .stderr(predicate::str::contains(
                "moves is more than the 100000000 allowed",
            ));
    }
    npuzzle()
        .args(["random", "--walk", "100", "--seed", "1"])
        .assert()
        .success();
}
