//! Every command's text and JSON output, pinned with insta snapshots
//! (`tests/snapshots/`). Times vary from run to run, so they are replaced by `[time]`;
//! everything else (moves, node counts, layouts, messages) must match to the byte.
//! After a deliberate change of output, review it with `cargo insta review` (or run with
//! `INSTA_UPDATE=always`) and commit the new snapshots.

use crate::common;

use std::fmt::Write as _;

use common::npuzzle;

/// Output of `npuzzle args` with `stdin`: stdout, then stderr and the exit code when the
/// run failed.
fn run(args: &[&str], stdin: &str) -> String {
    let output = npuzzle().args(args).write_stdin(stdin).output().unwrap();
    let mut text = String::from_utf8(output.stdout).unwrap();
    if !output.status.success() {
        let _ = write!(
            text,
            "--- stderr (exit {}) ---\n{}",
            output.status.code().unwrap_or(-1),
            String::from_utf8_lossy(&output.stderr)
        );
    }
    text
}

/// Snapshots `run(args, stdin)` with times (and temporary paths) blanked out.
macro_rules! pin {
    ($name:expr, $args:expr) => {
        pin!($name, $args, "")
    };
    ($name:expr, $args:expr, $stdin:expr) => {{
        let text = run($args, $stdin);
        insta::with_settings!({
            description => $args.join(" "),
            omit_expression => true,
            // Named as when this file was a test binary of its own (`snapshots__NAME`),
            // not by its module path in the one binary.
            prepend_module_to_snapshot => false,
            filters => vec![
                // Times and rates, wherever they are printed; node counts, lengths and
                // moves are deterministic and stay.
                (r#""(seconds|setup_seconds|generated_per_second|speedup)":( ?)[0-9.eE+-]+"#, r#""$1":$2"[time]""#),
                (r"\d+\.\d+(e-?\d+)? s\b", "[time] s"),
                (r"\d+\.\d+x", "[speed]x"),
                (r"\| \d+\.\d+ ", "| [ms] "),
                (r"seconds:(\s+)\d+\.\d+", "seconds:$1[time]"),
                (r"(?m)^(\s+\d+\s+\d+\s+\d+\s+\S+\s+\d+\s+\d+)\s+\d+\.\d+\s+\d+", "$1 [time] [rate]"),
                (r"\d+ generated/s", "[rate] generated/s"),
                (r"(?m) \d+\.\d{6}$", " [time]"),
                (r"/tmp/[^\s/]+", "[tmp]"),
                // The default memory budget is half of what the machine has free.
                (r"[0-9.]+ [KMGT]iB of memory", "[budget] of memory"),
            ],
        }, {
            insta::assert_snapshot!(concat!("snapshots__", $name), text);
        });
    }};
}

const EIGHT: &str = "283104765";
const EIGHT_GOAL: &str = "123804765";

#[test]
fn solve_outputs() {
    pin!("solve_text", &["solve", EIGHT, "--goal", EIGHT_GOAL]);
    pin!(
        "solve_json",
        &["solve", EIGHT, "--goal", EIGHT_GOAL, "--json"]
    );
    pin!(
        "solve_show",
        &["solve", EIGHT, "--goal", EIGHT_GOAL, "--show"]
    );
    pin!(
        "solve_show_json",
        &["solve", EIGHT, "--goal", EIGHT_GOAL, "--show", "--json"]
    );
    pin!(
        "solve_astar_json",
        &[
            "solve",
            "8 6 7/2 5 4/3 0 1",
            "-a",
            "astar",
            "--heuristic",
            "manhattan",
            "--json"
        ]
    );
    pin!("solve_unsolvable", &["solve", "1 2 3/4 5 6/8 7 0"]);
    pin!(
        "solve_unsolvable_json",
        &["solve", "1 2 3/4 5 6/8 7 0", "--json"]
    );
    pin!(
        "solve_gave_up",
        &[
            "solve",
            "8 6 7/2 5 4/3 0 1",
            "-a",
            "iddfs",
            "--max-nodes",
            "1000"
        ]
    );
    pin!(
        "solve_gave_up_json",
        &[
            "solve",
            "8 6 7/2 5 4/3 0 1",
            "-a",
            "bfs",
            "--max-nodes",
            "1000",
            "--json"
        ]
    );
    pin!(
        "solve_15_puzzle",
        &["solve", "1 2 3 4/5 6 7 8/9 10 0 11/13 14 15 12", "-j", "1"]
    );
    pin!(
        "solve_tiles_show",
        &[
            "solve",
            EIGHT,
            "--goal",
            EIGHT_GOAL,
            "--show",
            "--notation",
            "tiles"
        ]
    );
    pin!(
        "solve_tiles",
        &["solve", "8 2 0/4 6 1/3 7 5", "--notation", "tiles"]
    );
    pin!("solve_bad_board", &["solve", "1 2 3/4 5"]);
    pin!(
        "solve_bad_flags",
        &["solve", EIGHT, "-a", "table", "--heuristic", "manhattan"]
    );
}

#[test]
fn trace_outputs() {
    pin!(
        "trace_bfs_text",
        &["trace", EIGHT, "--goal", EIGHT_GOAL, "--algorithm", "bfs"]
    );
    pin!(
        "trace_bidirectional_json",
        &[
            "trace",
            EIGHT,
            "--goal",
            EIGHT_GOAL,
            "-a",
            "bidirectional",
            "--json"
        ]
    );
    pin!(
        "trace_astar_json",
        &[
            "trace",
            EIGHT,
            "--goal",
            EIGHT_GOAL,
            "-a",
            "astar",
            "--heuristic",
            "manhattan",
            "--json"
        ]
    );
    pin!(
        "trace_iddfs_limited",
        &["trace", EIGHT, "--goal", EIGHT_GOAL, "-a", "iddfs", "--limit", "12"]
    );
    pin!("trace_bad_flags", &["trace", EIGHT, "-a", "fast-idastar"]);
}

#[test]
fn compare_outputs() {
    pin!("compare_text", &["compare", EIGHT, "--goal", EIGHT_GOAL]);
    pin!(
        "compare_json",
        &["compare", EIGHT, "--goal", EIGHT_GOAL, "--json"]
    );
}

#[test]
fn check_outputs() {
    pin!(
        "check_optimal",
        &["check", EIGHT, "uldr", "--goal", EIGHT_GOAL]
    );
    pin!(
        "check_not_optimal_json",
        &["check", EIGHT, "uldrlrlr", "--goal", EIGHT_GOAL, "--json"]
    );
    pin!(
        "check_invalid",
        &["check", EIGHT, "uuu", "--goal", EIGHT_GOAL]
    );
    pin!(
        "check_tiles_json",
        &[
            "check",
            "8 2 0/4 6 1/3 7 5",
            "R2U2LDLDRURDLULDRULURDLU",
            "--notation",
            "tiles",
            "--json"
        ]
    );
    pin!(
        "check_tiles_without_the_flag",
        &["check", "8 2 0/4 6 1/3 7 5", "R2U2LDLDRURDLULDRULURDLU"]
    );
}

#[test]
fn random_outputs() {
    pin!(
        "random_seeded",
        &["random", "--size", "4x3", "--count", "3", "--seed", "5"]
    );
    pin!(
        "random_flat_walk",
        &["random", "--walk", "10", "--seed", "2", "--count", "2", "--flat"]
    );
}

#[test]
fn batch_output() {
    pin!(
        "batch_json_lines",
        &["batch", "--goal", EIGHT_GOAL, "--quiet"],
        "283104765\n{\"id\":\"x\",\"board\":\"1 2 3/8 4 0/7 6 5\",\"algorithm\":\"bfs\"}\n1 2 3\n"
    );
}

#[test]
fn bench_outputs() {
    pin!(
        "bench_markdown",
        &[
            "bench",
            "--configs",
            "idastar:manhattan,bfs",
            "--count",
            "3",
            "--seed",
            "4",
            "-q"
        ]
    );
    pin!(
        "bench_per_board",
        &[
            "bench",
            "--configs",
            "fast-idastar:manhattan",
            "--count",
            "2",
            "--size",
            "4x3",
            "--per-board",
            "-q"
        ]
    );
}

#[test]
fn stats_outputs() {
    pin!("stats_text", &["stats", "--size", "2x3"]);
    pin!("stats_json", &["stats", "--size", "2x3", "--json"]);
    pin!("stats_published_text", &["stats", "--size", "4x4"]);
    pin!(
        "stats_probability_text",
        &["stats", "--size", "4x4", "--probability", "50..55"]
    );
    pin!(
        "stats_probability_json",
        &["stats", "--size", "3x3", "--probability", "..20", "--json"]
    );
}

#[test]
fn judge_outputs() {
    pin!("judge_p1379", &["judge", "p1379"], "283104765\n");
    pin!(
        "judge_path",
        &["judge", "path"],
        "2 8 3\n1 0 4\n7 6 5\n1 2 3\n8 0 4\n7 6 5\n"
    );
    pin!(
        "judge_hdu1043",
        &["judge", "hdu1043"],
        "2 3 4 1 5 x 7 6 8\n1 2 3 4 5 6 8 7 x\n"
    );
}

#[test]
fn pdb_outputs() {
    let dir = tempfile::tempdir().unwrap();
    let cache = dir.path().to_str().unwrap();
    pin!(
        "pdb_build",
        &["pdb", "build", "4-4", "--size", "3x3", "--cache-dir", cache]
    );
    pin!("pdb_list", &["pdb", "list", "--cache-dir", cache]);
    pin!("pdb_verify", &["pdb", "verify", "--cache-dir", cache]);
    pin!(
        "solve_with_pdb",
        &[
            "solve",
            "8 6 7/2 5 4/3 0 1",
            "--pdb",
            "4-4",
            "--cache-dir",
            cache,
            "-q"
        ]
    );
}
