//! Files survive faults: a batch's results on a full disk (a real one, a file size limit,
//! a full standard output) and through Ctrl-C or SIGTERM; every command that writes, on a
//! full standard output; two processes building the same pattern database at once;
//! damaged table files. A fault of the machine exits 1, a bad request 2.
//!
//! The full-disk test mounts a 16 KiB tmpfs in a mount namespace of its own (`unshare`,
//! root or unprivileged user namespaces); where neither is allowed it says it is skipped,
//! and `.ci/run` sets `NPUZZLE_REQUIRE_TMPFS=1` so that in CI it fails instead. The file
//! size limit test shows the same on any machine, with `EFBIG` for `ENOSPC`.

use std::io::Write;
use std::path::Path;
use std::process::{Command as Process, Output, Stdio};
use std::time::{Duration, Instant};

use crate::common;

use common::{json_lines, npuzzle, send_signal, wait_exit};

/// `count` random 3x3 boards (answered from the embedded table, at once).
fn easy_boards(count: usize) -> String {
    common::stdout_of(
        &["random", "--count", &count.to_string(), "--seed", "16"],
        "",
    )
}

fn npuzzle_path() -> std::path::PathBuf {
    assert_cmd::cargo::cargo_bin("npuzzle")
}

/// The ids of a results file, as numbers, in file order; every line must be whole JSON.
fn ids(text: &str) -> Vec<u64> {
    assert!(
        text.is_empty() || text.ends_with('\n'),
        "a cut line: {text:?}"
    );
    json_lines(text)
        .iter()
        .map(|r| r["id"].as_u64().expect("a numeric id"))
        .collect()
}

/// Runs the same batch again on a disk with room and checks that it completes the file.
fn rerun_completes(input: &Path, output: &Path, count: u64) {
    npuzzle()
        .args(["batch", input.to_str().unwrap(), "--output"])
        .arg(output)
        .arg("--quiet")
        .assert()
        .success();
    let text = std::fs::read_to_string(output).unwrap();
    assert_eq!(ids(&text), (1..=count).collect::<Vec<u64>>());
    assert!(json_lines(&text).iter().all(|r| r["status"] == "solved"));
}

/// Whether this process may make a mount namespace and mount a tmpfs in it.
fn can_mount_tmpfs() -> bool {
    Process::new("unshare")
        .args(["--mount", "--propagation", "private", "--", "sh", "-c"])
        .arg("d=$(mktemp -d) && mount -t tmpfs -o size=16k tmpfs \"$d\" && umount \"$d\"; r=$?; rmdir \"$d\"; exit $r")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

#[test]
fn a_full_disk_stops_the_batch_on_a_whole_line_and_a_rerun_finishes() {
    if !can_mount_tmpfs() {
        let why = "no tmpfs can be mounted here (needs root or user namespaces, and unshare)";
        let required = std::env::var("NPUZZLE_REQUIRE_TMPFS").is_ok_and(|v| v == "1");
        assert!(!required, "NPUZZLE_REQUIRE_TMPFS=1 but {why}");
        // Past the harness's capture, so a plain `cargo test` shows it.
        let _ = writeln!(
            std::io::stderr(),
            "a_full_disk_stops_the_batch_on_a_whole_line_and_a_rerun_finishes: skipped: {why}"
        );
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("boards.txt");
    std::fs::write(&input, easy_boards(150)).unwrap();
    let mount = dir.path().join("disk");
    std::fs::create_dir(&mount).unwrap();
    let kept = dir.path().join("results.jsonl");
    // In its own mount namespace: a 16 KiB disk, the batch writing to it, then a copy of
    // what it left for the checks (the tmpfs goes with the namespace).
    let script = r#"mount -t tmpfs -o size=16k tmpfs "$1" || exit 90
"$2" batch "$3" --output "$1/results.jsonl" --quiet
code=$?
cp "$1/results.jsonl" "$4"
exit $code"#;
    let out = Process::new("unshare")
        .args([
            "--mount",
            "--propagation",
            "private",
            "--",
            "sh",
            "-c",
            script,
            "sh",
        ])
        .args([&mount, &npuzzle_path(), &input, &kept])
        .env("NPUZZLE_CACHE_DIR", common::scratch_cache())
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("No space left on device"), "{stderr}");
    assert!(stderr.contains("ends on its last whole line"), "{stderr}");
    assert!(stderr.contains("run the same command again"), "{stderr}");
    let partial = std::fs::read_to_string(&kept).unwrap();
    let saved = ids(&partial);
    assert!(
        (10..150).contains(&saved.len()),
        "{} results fit on 16 KiB",
        saved.len()
    );
    assert_eq!(saved, (1..=saved.len() as u64).collect::<Vec<u64>>());
    rerun_completes(&input, &kept, 150);
}

#[test]
fn a_file_size_limit_stops_the_batch_on_a_whole_line_and_a_rerun_finishes() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("boards.txt");
    std::fs::write(&input, easy_boards(150)).unwrap();
    let output = dir.path().join("results.jsonl");
    // At most 16 blocks of 512 bytes: writes past that fail with EFBIG, as on a full disk.
    // SIGXFSZ, which would kill the process instead, is ignored (and stays so over exec).
    let out = Process::new("sh")
        .arg("-c")
        .arg("trap '' XFSZ; ulimit -f 16 && exec \"$0\" \"$@\"")
        .arg(npuzzle_path())
        .args(["batch", input.to_str().unwrap(), "--quiet", "--output"])
        .arg(&output)
        .env("NPUZZLE_CACHE_DIR", common::scratch_cache())
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("File too large"), "{stderr}");
    assert!(stderr.contains("ends on its last whole line"), "{stderr}");
    let saved = ids(&std::fs::read_to_string(&output).unwrap());
    assert!((5..150).contains(&saved.len()), "{}", saved.len());
    assert!(std::fs::metadata(&output).unwrap().len() <= 16 * 512);
    rerun_completes(&input, &output, 150);
}

#[test]
fn a_full_standard_output_is_a_clear_error() {
    if !Path::new("/dev/full").exists() {
        return; // Linux has it; elsewhere the file tests above stand for it.
    }
    let full = std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .unwrap();
    let out: Output = Process::new(npuzzle_path())
        .args(["batch", "--quiet"])
        .env("NPUZZLE_CACHE_DIR", common::scratch_cache())
        .stdin(Stdio::piped())
        .stdout(full)
        .stderr(Stdio::piped())
        .spawn()
        .and_then(|mut child| {
            child
                .stdin
                .take()
                .unwrap()
                .write_all(easy_boards(20).as_bytes())?;
            child.wait_with_output()
        })
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("standard output"), "{stderr}");
    assert!(stderr.contains("No space left on device"), "{stderr}");
}

#[test]
fn the_machine_failing_exits_1_and_a_bad_request_2() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("file");
    std::fs::write(&file, "not a directory").unwrap();
    let hardest = "8 6 7/2 5 4/3 0 1";
    let run = |args: &[&str]| {
        let out = npuzzle()
            .args(args)
            .args(["--quiet", "--cache-dir"])
            .arg(&file)
            .output()
            .unwrap();
        (
            out.status.code(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    };
    // Pattern databases the cache cannot take, and a distance table it cannot give: the
    // machine's fault, whatever the command.
    for args in [
        &["solve", hardest, "--pdb", "4-4"][..],
        &["solve", "1 2 3 4/5 6 7 8/9 10 0 11", "--algorithm", "table"],
        &["pdb", "build", "4-4", "--goal", "1 2 3/4 5 6/7 8 0"],
    ] {
        let (code, stderr) = run(args);
        assert_eq!(code, Some(1), "{args:?}: {stderr}");
        assert!(stderr.contains("Not a directory"), "{args:?}: {stderr}");
    }
    // A partition the board cannot take: the request's, the cache never read.
    let (code, stderr) = run(&["solve", hardest, "--pdb", "9-9"]);
    assert_eq!(code, Some(2), "{stderr}");
    assert!(stderr.contains("partition '9-9'"), "{stderr}");
    // A budget no search fits in is refused before anything runs, as every front end does.
    let (code, stderr) = run(&["solve", hardest, "--max-memory", "0"]);
    assert_eq!(code, Some(2), "{stderr}");
    assert!(
        stderr.contains("0 bytes is less than 1 MiB: no search or table fits in it"),
        "{stderr}"
    );
}

/// A 4x4 board that IDDFS takes far longer than a test to solve.
const FAR_4X4: &str = "0 12 9 13/15 11 10 14/3 7 2 5/4 8 6 1";

#[test]
fn ctrl_c_and_sigterm_during_a_batch_save_every_finished_result() {
    for (signal, code) in [("TERM", 143), ("INT", 130)] {
        let dir = tempfile::tempdir().unwrap();
        let input = dir.path().join("boards.txt");
        // The first line holds up all the others, which finish at once: only a stop
        // that writes results out of turn saves them.
        let slow = format!("{{\"board\": \"{FAR_4X4}\", \"algorithm\": \"iddfs\"}}\n");
        std::fs::write(&input, slow + &easy_boards(40)).unwrap();
        let output = dir.path().join("results.jsonl");
        let mut child = Process::new(npuzzle_path())
            .args([
                "batch",
                input.to_str().unwrap(),
                "--quiet",
                "--max-seconds",
                "60",
            ])
            .arg("--output")
            .arg(&output)
            .env("NPUZZLE_CACHE_DIR", common::scratch_cache())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        std::thread::sleep(Duration::from_secs(2));
        assert_eq!(
            std::fs::read_to_string(&output).unwrap(),
            "",
            "{signal}: nothing can be written in turn before the first line"
        );
        let stopped = Instant::now();
        send_signal(&child, signal);
        let (status, stderr) = wait_exit(&mut child, Duration::from_secs(10));
        assert!(stopped.elapsed() < Duration::from_secs(2), "{signal}");
        assert_eq!(status.code(), Some(code), "{signal}: {stderr}");
        assert!(stderr.contains("finished results written"), "{stderr}");
        // Every line that finished is there, in input order; which did depends on how the
        // threads shared the lines (one may wait behind the slow one), not the slow one.
        let saved = ids(&std::fs::read_to_string(&output).unwrap());
        assert!(saved.len() >= 30, "{signal}: only {saved:?}");
        assert!(
            saved.is_sorted() && !saved.contains(&1),
            "{signal}: {saved:?}"
        );

        // The rerun solves only what was not saved (the slow line with a short limit).
        npuzzle()
            .args([
                "batch",
                input.to_str().unwrap(),
                "--quiet",
                "--max-seconds",
                "0.2",
            ])
            .arg("--output")
            .arg(&output)
            .assert()
            // The slow line ends at its limit: exit 3.
            .code(3);
        let rows = json_lines(&std::fs::read_to_string(&output).unwrap());
        let mut all: Vec<u64> = rows.iter().map(|r| r["id"].as_u64().unwrap()).collect();
        assert_eq!(&all[..saved.len()], &saved[..], "the rerun only appended");
        all.sort_unstable();
        assert_eq!(all, (1..=41).collect::<Vec<u64>>());
        let slow = rows.iter().find(|r| r["id"] == 1).unwrap();
        // Stopped by its limit, with the best answer found beside the optimal search.
        assert_eq!(slow["status"], "bounded");
    }
}

/// The files of a cache directory, by name, but for the stamps of checked tables
/// (`.NAME.checked`).
fn files(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| !(name.starts_with('.') && name.ends_with(".checked")))
        .collect();
    names.sort();
    names
}

/// `npuzzle pdb verify` on `cache`: whether every file is valid, and its report.
fn verify(cache: &Path) -> (bool, String) {
    let out = npuzzle()
        .args(["pdb", "verify", "--cache-dir"])
        .arg(cache)
        .output()
        .unwrap();
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
    )
}

const GOAL_4X4: &str = "1 2 3 4/5 6 7 8/9 10 11 12/13 14 15 0";

#[test]
fn two_processes_building_the_same_database_end_with_valid_files() {
    for round in 0..2 {
        let cache = tempfile::tempdir().unwrap();
        let build = || {
            Process::new(npuzzle_path())
                .args(["pdb", "build", "5-5-5", "--goal", GOAL_4X4, "--cache-dir"])
                .arg(cache.path())
                .stdout(Stdio::piped())
                .stderr(Stdio::piped())
                .spawn()
                .unwrap()
        };
        let (first, second) = (build(), build());
        for child in [first, second] {
            let out = child.wait_with_output().unwrap();
            let text = String::from_utf8_lossy(&out.stdout);
            assert!(out.status.success(), "round {round}: {text}");
            assert!(text.contains("built") || text.contains("loaded"), "{text}");
        }
        // Three whole tables, nothing half-written left behind, each one valid.
        let names = files(cache.path());
        assert_eq!(names.len(), 3, "round {round}: {names:?}");
        assert!(
            names.iter().all(|n| !n.starts_with('.')),
            "a temporary file was left: {names:?}"
        );
        let (valid, report) = verify(cache.path());
        assert!(valid, "round {round}: {report}");
    }
}

#[test]
fn damaged_tables_are_detected_and_rebuilt() {
    let cache = tempfile::tempdir().unwrap();
    let build = || {
        let out = npuzzle()
            .args([
                "pdb",
                "build",
                "4-4",
                "--goal",
                "1 2 3/4 5 6/7 8 0",
                "--cache-dir",
            ])
            .arg(cache.path())
            .assert()
            .success();
        String::from_utf8_lossy(&out.get_output().stdout).into_owned()
    };
    assert!(build().contains("built; "), "first build");
    assert!(build().contains("loaded; "), "a valid file is loaded");
    let table = cache.path().join(&files(cache.path())[0]);
    let whole = std::fs::read(&table).unwrap();
    let damages: [(&str, Vec<u8>); 3] = [
        ("truncated", whole[..whole.len() - 7].to_vec()),
        ("checksum", {
            let mut flipped = whole.clone();
            let last = flipped.len() - 1;
            flipped[last] ^= 0x10;
            flipped
        }),
        ("header", {
            let mut flipped = whole.clone();
            flipped[20] ^= 0x01;
            flipped
        }),
    ];
    for (what, bytes) in damages {
        std::fs::write(&table, &bytes).unwrap();
        let (valid, report) = verify(cache.path());
        assert!(
            !valid && report.matches(": invalid").count() == 1,
            "{what}: {report}"
        );
        let out = build();
        assert!(out.contains("rebuilt"), "{what}: {out}");
        assert_eq!(std::fs::read(&table).unwrap(), whole, "{what}");
    }
}

/// A table loaded well after it was written gets a stamp, and later loads map it without
/// hashing every byte; one flipped bit written into it afterwards, same size, is still
/// caught by the next use and rebuilt, and a search never answers from it.
#[test]
fn a_table_damaged_after_its_stamp_is_caught() {
    let cache = tempfile::tempdir().unwrap();
    let build = || {
        let out = npuzzle()
            .args([
                "pdb",
                "build",
                "4-4",
                "--goal",
                "1 2 3/4 5 6/7 8 0",
                "--cache-dir",
            ])
            .arg(cache.path())
            .assert()
            .success();
        String::from_utf8_lossy(&out.get_output().stdout).into_owned()
    };
    assert!(build().contains("built; "), "first build");
    // Stamps are written only for files last changed five seconds before their check.
    std::thread::sleep(Duration::from_secs(6));
    assert!(build().contains("loaded; "));
    let stamps: Vec<String> = std::fs::read_dir(cache.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| name.ends_with(".checked"))
        .collect();
    if cfg!(unix) {
        assert_eq!(stamps.len(), 2, "one stamp a table: {stamps:?}");
    }
    assert!(build().contains("loaded; "), "loaded by its stamp");
    let table = cache.path().join(&files(cache.path())[0]);
    let mut bytes = std::fs::read(&table).unwrap();
    let middle = bytes.len() - 1000;
    bytes[middle] ^= 0x20;
    std::fs::write(&table, &bytes).unwrap();
    // A solve with the tables answers right: the damaged one was rebuilt, not read.
    let out = npuzzle()
        .args([
            "solve",
            "8 6 7/2 5 4/3 0 1",
            "--goal",
            "1 2 3/4 5 6/7 8 0",
            "--pdb",
            "4-4",
            "--json",
            "--cache-dir",
        ])
        .arg(cache.path())
        .assert()
        .success();
    let report: serde_json::Value = serde_json::from_slice(&out.get_output().stdout).unwrap();
    assert_eq!(report["length"], 31);
    assert_eq!(report["optimal"], true);
    let (valid, report) = verify(cache.path());
    assert!(valid, "{report}");
}

/// Under an address-space limit (`ulimit -v`) and no `--max-memory`, the default budget
/// is half what the limit leaves, not half the machine's memory: a BFS on the hardest
/// 15-puzzle gives up at its budget and says so (exit 3) where it was aborted by a failed
/// allocation (signal 6) at the limit.
#[test]
fn the_default_budget_keeps_within_an_address_space_limit() {
    const LIMIT_KIB: u64 = 1 << 20;
    let out = Process::new("sh")
        .arg("-c")
        .arg(format!("ulimit -v {LIMIT_KIB} && exec \"$0\" \"$@\""))
        .arg(npuzzle_path())
        .args([
            "solve",
            "0 11 9 13 12 15 10 14 3 7 6 2 4 8 5 1",
            "-a",
            "bfs",
        ])
        .args(["--max-seconds", "120", "--json"])
        .env("NPUZZLE_CACHE_DIR", common::scratch_cache())
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(3), "{:?}: {stderr}", out.status);
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(report["status"], "gave-up", "{report}");
    assert!(
        report["gave_up"]
            .as_str()
            .unwrap()
            .contains("memory budget"),
        "{report}"
    );
    let peak = report["stats"]["peak_bytes"].as_u64().unwrap();
    assert!(peak <= (LIMIT_KIB << 10) / 2, "{peak} bytes held");
}

#[cfg(target_os = "linux")]
#[test]
fn a_full_disk_is_an_error_not_a_panic() {
    for args in [
        vec!["completions", "bash"],
        vec!["man"],
        vec!["solve", "1 2 3/4 5 6/7 0 8", "--json"],
        vec!["random", "--size", "3x3", "--count", "3"],
    ] {
        let full = std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .unwrap();
        let out = std::process::Command::new(assert_cmd::cargo::cargo_bin("npuzzle"))
            .args(&args)
            .stdout(full)
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        // The machine failed, not the request: exit 1.
        assert_eq!(out.status.code(), Some(1), "{args:?}: {stderr}");
        assert!(
            stderr.contains("No space left on device"),
            "{args:?}: {stderr}"
        );
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
    }
}
