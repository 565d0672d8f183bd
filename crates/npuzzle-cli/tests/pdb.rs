//! The `pdb` commands and `solve --pdb`, run as a user would.

use predicates::prelude::*;

use crate::common;

use common::npuzzle;

#[test]
fn build_list_verify_and_solve_with_a_small_partition() {
    let dir = tempfile::tempdir().unwrap();
    let cache = dir.path().to_str().unwrap();
    npuzzle()
        .args(["pdb", "build", "4-4", "--size", "3x3", "--cache-dir", cache])
        .assert()
        .success()
        .stdout(predicate::str::contains("1,2,3,4 built; 5,6,7,8 built"));
    npuzzle()
        .args(["pdb", "build", "4-4", "--size", "3x3", "--cache-dir", cache])
        .assert()
        .success()
        .stdout(predicate::str::contains("1,2,3,4 loaded; 5,6,7,8 loaded"));
    npuzzle()
        .args(["pdb", "list", "--cache-dir", cache])
        .assert()
        .success()
        .stdout(predicate::str::contains("tiles 5,6,7,8"));
    npuzzle()
        .args(["pdb", "verify", "--cache-dir", cache])
        .assert()
        .success()
        .stdout(predicate::str::contains(": ok").count(2));

    let out = npuzzle()
        .args([
            "solve",
            "8 6 7/2 5 4/3 0 1",
            "--pdb",
            "4-4",
            "--json",
            "--cache-dir",
            cache,
        ])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let report: serde_json::Value = serde_json::from_slice(&out).unwrap();
    assert_eq!(report["length"], 31);
    assert_eq!(report["optimal"], true);
    assert_eq!(report["algorithm"], "fast-idastar");
    assert!(report["heuristic"].as_str().unwrap().starts_with("pdb 4-4"));
    assert!(report["stats"]["setup_seconds"].as_f64().unwrap() >= 0.0);
    assert!(report["stats"]["seconds"].as_f64().is_some());
    assert!(report["stats"]["expanded"].as_u64().unwrap() > 0);

    // A damaged file fails verification, then is rebuilt by the next use.
    let file = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| p.to_string_lossy().contains("1.2.3.4") && p.extension() == Some("tbl".as_ref()))
        .unwrap();
    let bytes = std::fs::read(&file).unwrap();
    std::fs::write(&file, &bytes[..bytes.len() - 10]).unwrap();
    npuzzle()
        .args(["pdb", "verify", "--cache-dir", cache])
        .assert()
        .code(1)
        .stdout(predicate::str::contains("invalid"));
    npuzzle()
        .args([
            "solve",
            "8 6 7/2 5 4/3 0 1",
            "--pdb",
            "4-4",
            "--cache-dir",
            cache,
        ])
        .assert()
        .success()
        .stdout(predicate::str::contains("length:    31 (optimal)"))
        .stdout(predicate::str::contains("rebuilt"));
}

#[test]
fn auto_uses_a_cached_pdb_for_large_boards_and_says_so() {
    let dir = tempfile::tempdir().unwrap();
    let cache = dir.path().to_str().unwrap();
    let goal = "0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15";
    // Korf's instance 55: 41 moves.
    let board = "13 8 14 3 9 1 0 7 15 5 4 10 12 2 6 11";
    let solve = |cache: &str| {
        let out = npuzzle()
            .args([
                "solve",
                board,
                "--goal",
                goal,
                "--json",
                "--cache-dir",
                cache,
            ])
            .assert()
            .success()
            .get_output()
            .stdout
            .clone();
        serde_json::from_slice::<serde_json::Value>(&out).unwrap()
    };
    let report = solve(cache);
    assert_eq!(report["length"], 41);
    assert_eq!(report["algorithm"], "fast-idastar");
    assert_eq!(report["heuristic"], "linear-conflict");
    npuzzle()
        .args([
            "pdb",
            "build",
            "5-5-5",
            "--goal",
            goal,
            "--cache-dir",
            cache,
            "-q",
        ])
        .assert()
        .success();
    let report = solve(cache);
    assert_eq!(report["length"], 41);
    assert_eq!(report["heuristic"], "pdb 5-5-5 + reflection");
}

#[test]
fn bad_partitions_and_combinations_are_clear_errors() {
    let dir = tempfile::tempdir().unwrap();
    let cache = dir.path().to_str().unwrap();
    npuzzle()
        .args(["pdb", "build", "1,2/2,3", "--cache-dir", cache])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("tile 2 is in group 1 and group 2"));
    npuzzle()
        .args(["pdb", "build", "8-8", "--cache-dir", cache])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("16 tiles"));
    npuzzle()
        .args([
            "solve",
            "8 6 7/2 5 4/3 0 1",
            "--pdb",
            "4-4",
            "-a",
            "bfs",
            "--cache-dir",
            cache,
        ])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--algorithm auto or fast-idastar"));
}

#[test]
fn bench_file_checks_lengths() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("cases.txt");
    std::fs::write(
        &file,
        "# two 8-puzzles\n8 6 7 2 5 4 3 0 1 31\n1 2 3 4 5 6 7 0 8 1\n",
    )
    .unwrap();
    npuzzle()
        .args(["bench-file", file.to_str().unwrap()])
        .assert()
        .success()
        .stdout(predicate::str::contains("2 boards, 0 wrong, 0 gave up"));
    // A limit is not a wrong answer: it is reported as such, with the give-up exit code.
    npuzzle()
        .args([
            "bench-file",
            file.to_str().unwrap(),
            "--max-nodes",
            "5",
            "-j",
            "1",
        ])
        .assert()
        .code(3)
        .stdout(predicate::str::contains("1 wrong").not())
        .stdout(predicate::str::contains("node limit of 5"))
        .stdout(predicate::str::contains("0 wrong, 1 gave up"));
    // Two thread counts side by side, on the second board only.
    let output = npuzzle()
        .args([
            "bench-file",
            file.to_str().unwrap(),
            "-j",
            "1,2",
            "--instances",
            "2",
            "--json",
        ])
        .output()
        .unwrap();
    assert!(output.status.success());
    let summary: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(summary["boards"], 1);
    let runs = summary["runs"].as_array().unwrap();
    assert_eq!(runs.len(), 2);
    assert_eq!(
        (runs[0]["threads"].as_u64(), runs[1]["threads"].as_u64()),
        (Some(1), Some(2))
    );
    for run in runs {
        assert_eq!(run["wrong"], 0);
        assert_eq!(run["reports"][0]["moves"], "r");
    }
    npuzzle()
        .args(["bench-file", file.to_str().unwrap(), "--instances", "3"])
        .assert()
        .failure()
        .stderr(predicate::str::contains("there is no board 3"));
    npuzzle()
        .args(["bench-file", file.to_str().unwrap(), "--instances", "x"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("'x' is not a board number"));
    std::fs::write(&file, "1 2 3 4 5 6 7 0 8 2\n").unwrap();
    npuzzle()
        .args(["bench-file", file.to_str().unwrap()])
        .assert()
        .code(1)
        .stdout(predicate::str::contains("WRONG"));
}

/// A bench report without what depends on the run: times, and the command line itself.
fn timeless(value: &mut serde_json::Value) {
    match value {
        serde_json::Value::Object(map) => {
            for key in [
                "command",
                "seconds",
                "setup_seconds",
                "generated_per_second",
                "speedup",
            ] {
                map.remove(key);
            }
            map.values_mut().for_each(timeless);
        }
        serde_json::Value::Array(items) => items.iter_mut().for_each(timeless),
        _ => {}
    }
}

/// `bench-file FILE` is `bench --file FILE --per-board` with the puzzle-specific IDA*
/// and linear conflict (or the estimate named): the same report, times aside, for the
/// same flags — the estimate flags are one set, bench's.
#[test]
fn bench_file_is_bench_per_board_on_the_file() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("cases.txt");
    let cache = dir.path().to_str().unwrap();
    std::fs::write(
        &file,
        "# three 8-puzzles\n8 6 7 2 5 4 3 0 1 31\n1 2 3 4 5 6 7 0 8 1\n8 1 3 4 0 2 7 6 5 14\n",
    )
    .unwrap();
    let file = file.to_str().unwrap();
    // Both held to the same limits, which each command would otherwise default apart.
    let shared = [
        "-j",
        "1,2",
        "--json",
        "-q",
        "--cache-dir",
        cache,
        "--max-seconds",
        "600",
        "--max-memory-nodes",
        "1000000",
        "--max-nodes",
        "10000000",
        "--max-memory",
        "1G",
    ];
    let report = |args: &[&str]| {
        let output = npuzzle().args(args).args(shared).output().unwrap();
        assert!(
            output.status.success(),
            "{args:?}: {}",
            String::from_utf8_lossy(&output.stderr)
        );
        let mut json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
        timeless(&mut json);
        // Threads share the last iteration's work as they reach it, so a run on two
        // threads expands a few nodes more or less each time: its counts are left out.
        for run in json["runs"].as_array_mut().unwrap() {
            if run["threads"] != 1 {
                let run = run.as_object_mut().unwrap();
                run.remove("generated");
                run.remove("expanded");
                for board in run["reports"].as_array_mut().unwrap() {
                    board.as_object_mut().unwrap().remove("stats");
                }
            }
        }
        json
    };
    for (estimate, config) in [
        (&[][..], "fast-idastar:linear-conflict"),
        (&["--heuristic", "manhattan"][..], "fast-idastar:manhattan"),
        (
            &["--pdb", "4-4", "--no-reflection"][..],
            "fast-idastar:pdb=4-4 (no reflection)",
        ),
    ] {
        let alias = report(&[&["bench-file", file, "--instances", "1,3"][..], estimate].concat());
        let mut bench = vec!["bench", "--file", file, "--per-board", "--instances", "1,3"];
        if estimate.is_empty() {
            bench.extend(["--configs", "fast-idastar:linear-conflict"]);
        } else {
            bench.extend(["--configs", "fast-idastar"]);
            bench.extend(estimate);
        }
        let bench = report(&bench);
        assert_eq!(alias, bench, "{estimate:?}");
        assert_eq!(alias["runs"][0]["config"], config, "{alias}");
        assert_eq!(alias["runs"].as_array().unwrap().len(), 2, "{alias}");
        assert_eq!(alias["boards"], 2);
    }
    // Two estimates named are refused by both, as by solve (bench-file once let --pdb
    // win silently over --heuristic).
    for command in [&["bench-file", file][..], &["bench", "--file", file][..]] {
        npuzzle()
            .args(command)
            .args([
                "--heuristic",
                "manhattan",
                "--pdb",
                "4-4",
                "-q",
                "--cache-dir",
                cache,
            ])
            .assert()
            .code(2)
            .stderr(predicate::str::contains(
                "--heuristic and --pdb both name an estimate",
            ));
    }
}

#[test]
fn solve_on_several_threads_prints_the_serial_path() {
    // Korf's instance 1 (57 moves), blank-first goal: long enough for many work items.
    let board = "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3";
    let goal = "0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15";
    let moves = |threads: &str| {
        let out = npuzzle()
            .args(["solve", board, "--goal", goal, "-j", threads, "--json"])
            .output()
            .unwrap();
        assert!(out.status.success());
        let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(report["length"], 57);
        report["moves"].as_str().unwrap().to_string()
    };
    let serial = moves("1");
    assert_eq!(moves("2"), serial);
    assert_eq!(moves("3"), serial);
    npuzzle()
        .args(["solve", board, "--goal", goal, "-j", "257"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("more than the 256 allowed"));
    npuzzle()
        .args(["solve", board, "--goal", goal, "--threads", "two"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("'two' is not a number of threads"));
}

#[test]
fn catalogues_build_list_and_solve_with_zero_aware_tables() {
    let dir = tempfile::tempdir().unwrap();
    let cache = dir.path().to_str().unwrap();
    let catalogue = "4-4; 1,4,7/2,5,8/3,6";
    npuzzle()
        .args([
            "pdb",
            "build",
            "--catalogue",
            catalogue,
            "--size",
            "3x3",
            "--cache-dir",
            cache,
        ])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "set:       catalogue (2 partitions, 5 tables), zero-aware",
        ))
        .stdout(predicate::str::contains(
            "partitions: 1,2,3,4/5,6,7,8; 1,4,7/2,5,8/3,6",
        ))
        .stdout(predicate::str::contains("3,6 built"))
        .stdout(predicate::str::contains("zpdb-3x3-").count(5));
    npuzzle()
        .args(["pdb", "list", "--cache-dir", cache])
        .assert()
        .success()
        .stdout(predicate::str::contains("zero-aware pattern database 3x3").count(5));
    npuzzle()
        .args(["pdb", "verify", "--cache-dir", cache])
        .assert()
        .success()
        .stdout(predicate::str::contains(": ok").count(5));

    // The same catalogue from a file, a partition a line, in solve and bench.
    let file = dir.path().join("two.cat");
    std::fs::write(&file, "# rows, then columns\n4-4\n1,4,7/2,5,8/3,6\n").unwrap();
    let file = file.to_str().unwrap();
    let out = npuzzle()
        .args([
            "solve",
            "8 6 7/2 5 4/3 0 1",
            "--catalogue",
            file,
            "--json",
            "--cache-dir",
            cache,
        ])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let report: serde_json::Value = serde_json::from_slice(&out).unwrap();
    assert_eq!(report["length"], 31);
    assert_eq!(report["optimal"], true);
    assert_eq!(
        report["heuristic"],
        "pdb catalogue (2 partitions, 5 tables), zero-aware + reflection"
    );
    let cases = dir.path().join("cases.txt");
    std::fs::write(&cases, "8 6 7 2 5 4 3 0 1 31\n1 2 3 4 5 6 7 0 8 1\n").unwrap();
    npuzzle()
        .args([
            "bench",
            "--file",
            cases.to_str().unwrap(),
            "--configs",
            &format!("fast-idastar:cat={file},fast-idastar:pdb=4-4"),
            "--cache-dir",
            cache,
            "-q",
        ])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "fast-idastar:cat=4-4; 1,4,7/2,5,8/3,6",
        ));
    npuzzle()
        .args([
            "bench-file",
            cases.to_str().unwrap(),
            "--catalogue",
            file,
            "--no-reflection",
            "--cache-dir",
            cache,
        ])
        .assert()
        .success()
        .stdout(predicate::str::contains("2 boards, 0 wrong, 0 gave up"));
}

#[test]
fn pdb_build_best_builds_what_solve_prefers() {
    let dir = tempfile::tempdir().unwrap();
    let cache = dir.path().to_str().unwrap();
    // The 8-puzzle's best is one table of every tile: exact distances.
    npuzzle()
        .args([
            "pdb",
            "build",
            "best",
            "--size",
            "3x3",
            "--cache-dir",
            cache,
        ])
        .assert()
        .success()
        .stdout(predicate::str::contains("groups:    1,2,3,4,5,6,7,8"));
    npuzzle()
        .args(["pdb", "build", "--size", "3x3", "--cache-dir", cache])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--catalogue"));
}

#[test]
fn bad_catalogues_are_clear_errors() {
    let dir = tempfile::tempdir().unwrap();
    let cache = dir.path().to_str().unwrap();
    for (args, needle) in [
        (
            vec!["pdb", "build", "--catalogue", "smal", "--size", "3x3"],
            "no catalogue has that name (known: small)",
        ),
        (
            vec!["pdb", "build", "--catalogue", "small", "--size", "3x3"],
            "defined for 5x5 boards whose goal has the blank in a corner",
        ),
        (
            vec![
                "pdb",
                "build",
                "--catalogue",
                "4-4; 1,2/2,3",
                "--size",
                "3x3",
            ],
            "partition 2: partition '1,2/2,3': tile 2 is in group 1 and group 2",
        ),
        (
            vec!["pdb", "build", "4-4", "--catalogue", "4-4", "--size", "3x3"],
            "cannot be used with",
        ),
        (
            vec![
                "solve",
                "8 6 7/2 5 4/3 0 1",
                "--catalogue",
                "4-4",
                "-a",
                "bfs",
            ],
            "--catalogue guides the puzzle-specific IDA*",
        ),
        (
            vec![
                "solve",
                "8 6 7/2 5 4/3 0 1",
                "--catalogue",
                "4-4",
                "--heuristic",
                "manhattan",
            ],
            "--heuristic and --catalogue both name an estimate",
        ),
        (
            vec!["solve", "8 6 7/2 5 4/3 0 1", "--catalogue", "4-4; 9,10"],
            "tile 9 in group 1 is not on a 3x3",
        ),
        (
            vec![
                "bench",
                "--configs",
                "fast-idastar:cat=smal",
                "--size",
                "3x3",
                "-n",
                "1",
            ],
            "no catalogue has that name",
        ),
    ] {
        let mut full = args.clone();
        full.extend(["--cache-dir", cache]);
        npuzzle()
            .args(&full)
            .assert()
            .code(2)
            .stderr(predicate::str::contains(needle));
    }
}

#[test]
fn catalogue_paths_that_hold_no_catalogue_say_why() {
    let dir = tempfile::tempdir().unwrap();
    let cache = dir.path().join("cache");
    let cache = cache.to_str().unwrap();
    let missing = dir.path().join("missing.cat");
    let huge = dir.path().join("huge.cat");
    // A comment two megabytes long: no catalogue, and not to be read into memory.
    std::fs::write(&huge, "#".repeat(2 << 20)).unwrap();
    let folder = dir.path().to_str().unwrap().to_string();
    for (catalogue, needle) in [
        (
            missing.to_str().unwrap().to_string(),
            format!("no catalogue file {} exists", missing.display()),
        ),
        (
            folder.clone(),
            format!("{folder} is a directory, not a catalogue file"),
        ),
        (
            huge.to_str().unwrap().to_string(),
            "holds 2097152 bytes; a catalogue file holds at most 1048576".to_string(),
        ),
    ] {
        npuzzle()
            .args(["solve", "8 6 7/2 5 4/3 0 1", "--catalogue", &catalogue])
            .args(["--cache-dir", cache])
            .assert()
            .code(2)
            .stderr(predicate::str::contains(needle));
    }
    // A partition that does not fit is named once, not once more by the error chain.
    let out = npuzzle()
        .args(["solve", "8 6 7/2 5 4/3 0 1", "--catalogue", "7-8"])
        .args(["--cache-dir", cache])
        .assert()
        .code(2)
        .get_output()
        .stderr
        .clone();
    let stderr = String::from_utf8(out).unwrap();
    assert_eq!(
        stderr.matches("the groups hold 15 tiles").count(),
        1,
        "{stderr}"
    );
    assert!(!std::path::Path::new(cache).exists(), "nothing built");
}

#[test]
fn a_build_says_its_cost_before_it_starts_and_a_big_board_is_refused_in_words() {
    let dir = tempfile::tempdir().unwrap();
    let cache = dir.path().to_str().unwrap();
    let build = |extra: &[&str]| {
        let mut args = vec![
            "pdb",
            "build",
            "5-5-5",
            "--size",
            "4x4",
            "--cache-dir",
            cache,
        ];
        args.extend_from_slice(extra);
        npuzzle().args(args).assert().success()
    };
    // Three 5-tile tables of 524,160 placements, four bits each, none cached yet.
    let said = build(&[]).get_output().stderr.clone();
    let said = String::from_utf8_lossy(&said);
    assert!(
        said.contains("building 3 of 3 tables (767.8 KiB on disk, at most ")
            && said.contains(" of memory): about 1 second on "),
        "{said}"
    );
    // Cached: nothing to build, nothing said; --quiet says nothing either way.
    build(&[]).stderr(predicate::str::contains("building").not());
    // 8x8 tables past any budget, refused in words (not a division by zero).
    npuzzle()
        .args([
            "pdb",
            "build",
            "best",
            "--size",
            "8x8",
            "--cache-dir",
            cache,
        ])
        .args(["--max-memory", "10M", "-q"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("the memory budget is 10 MiB"))
        .stderr(predicate::str::contains("panicked").not());
}

/// A long search that builds its pattern database on the way says so on stderr before
/// the build starts, even under `--quiet`, with the database's size and about how long
/// it takes: a random 7x3 board towards a random goal built 58 MB without a word (issue
/// 48 item 14). The build itself is not waited for: the line is read, then the solve is
/// ended.
#[test]
fn a_database_built_on_the_way_is_announced_even_under_quiet() {
    use std::io::BufRead;
    let dir = tempfile::tempdir().unwrap();
    let board = common::stdout_of(&["random", "--size", "7x3", "--seed", "1"], "");
    let goal = common::stdout_of(&["random", "--size", "7x3", "--seed", "2"], "");
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("npuzzle"))
        .args(["solve", board.trim(), "--goal", goal.trim(), "-q"])
        .arg("--cache-dir")
        .arg(dir.path())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let stderr = std::io::BufReader::new(child.stderr.take().unwrap());
    let first = stderr.lines().next().map(Result::unwrap);
    // Said before the build: no table is written yet when the line comes.
    let tables = std::fs::read_dir(dir.path())
        .unwrap()
        .filter(|f| {
            let name = f.as_ref().unwrap().file_name();
            name.to_string_lossy().ends_with(".tbl")
        })
        .count();
    child.kill().unwrap();
    child.wait().unwrap();
    let line = first.expect("a line before the build");
    assert!(
        line.starts_with("building the pattern database 6-6-6-2 of 7x3 (58.6 MB, about 11 s"),
        "{line}"
    );
    assert!(line.contains(&dir.path().display().to_string()), "{line}");
    assert_eq!(tables, 0, "tables written before the line");
}
