//! What the CLI writes for people to read: help as plain text (no Markdown left from the
//! doc comments it comes from), and a count of one with a singular noun wherever counts
//! are written.

use crate::common::{npuzzle, stdout_of};

/// The standard output and error of `npuzzle args`, whatever its exit code.
fn outputs_of(args: &[&str], stdin: &str) -> (String, String) {
    let out = npuzzle().args(args).write_stdin(stdin).output().unwrap();
    let text = |bytes: Vec<u8>| String::from_utf8(bytes).expect("UTF-8 output");
    (text(out.stdout), text(out.stderr))
}

/// Every command's help, short and long: the top level, each subcommand, and each
/// subcommand of `pdb` and `judge`.
fn every_help() -> Vec<(String, String)> {
    let listed = |args: &[&str]| -> Vec<String> {
        let help = stdout_of(args, "");
        let commands = help
            .split("Commands:\n")
            .nth(1)
            .and_then(|rest| rest.split("\n\n").next())
            .unwrap_or_default()
            .to_string();
        commands
            .lines()
            .filter_map(|l| l.split_whitespace().next())
            .filter(|name| *name != "help")
            .map(str::to_string)
            .collect()
    };
    let mut commands: Vec<Vec<String>> = vec![vec![]];
    for name in listed(&["--help"]) {
        if name == "pdb" || name == "judge" {
            for inner in listed(&[name.as_str(), "--help"]) {
                commands.push(vec![name.clone(), inner]);
            }
        }
        commands.push(vec![name]);
    }
    assert!(commands.len() > 15, "{commands:?}");
    let mut helps = Vec::new();
    for command in commands {
        for flag in ["-h", "--help"] {
            let mut args: Vec<&str> = command.iter().map(String::as_str).collect();
            args.push(flag);
            helps.push((args.join(" "), stdout_of(&args, "")));
        }
    }
    helps
}

/// Help is plain text: no Markdown backticks left from the doc comments it comes from.
#[test]
fn help_has_no_stray_backticks() {
    for (command, help) in every_help() {
        assert!(!help.contains('`'), "npuzzle {command}:\n{help}");
    }
    let help = stdout_of(&["solve", "--help"], "");
    assert!(
        help.contains("(default: $NPUZZLE_CACHE_DIR, else"),
        "{help}"
    );
}

/// A count of one is written with a singular noun, wherever the CLI writes counts.
#[test]
fn counts_agree_with_their_nouns() {
    let one_move = "1 2 3/4 5 6/7 0 8";
    let hard = "8 6 7/2 5 4/3 0 1";
    for (args, stdin, said) in [
        (
            &["trace", one_move, "-a", "bfs"][..],
            "",
            "bfs: 2 events, 1 expanded, goal reached in 1 move\n",
        ),
        (
            &["trace", hard, "-a", "bfs", "--limit", "1"][..],
            "",
            "bfs: 1 event, 1 expanded, stopped at the limit of 1 event (raise --limit to see more)\n",
        ),
        (
            &["trace", one_move, "-a", "bfs", "--limit", "1"][..],
            "",
            "bfs: 1 event, 1 expanded, goal reached in 1 move (only the first 1 event shown: raise --limit)\n",
        ),
        (
            &["solve", "0", "--size", "2x2"][..],
            "",
            "a 2x2 board has 4 cells, but 1 was given",
        ),
        (
            &["solve", "283104765", "--goal", "0"][..],
            "",
            "it has 1 cell but the board to solve is 3x3 (9 cells)",
        ),
        (&["judge", "p1379"][..], "1\n", "found 1 character\n"),
    ] {
        let (_, stderr) = outputs_of(args, stdin);
        assert!(stderr.contains(said), "{args:?}: {stderr}");
    }
    let (gave_up, _) = outputs_of(&["solve", hard, "-a", "bfs", "--max-nodes", "1"], "");
    assert!(
        gave_up.contains("gave up: node limit of 1 expanded node reached"),
        "{gave_up}"
    );
    let (json, _) = outputs_of(
        &[
            "solve",
            hard,
            "-a",
            "bfs",
            "--max-memory-nodes",
            "1",
            "--json",
        ],
        "",
    );
    assert!(
        json.contains("gave up: memory limit of 1 held node reached"),
        "{json}"
    );
    let bench = stdout_of(&["bench", "--count", "1", "--configs", "astar", "-q"], "");
    assert!(
        bench.contains("1 uniformly random 3x3 board (seed 1)"),
        "{bench}"
    );
    let per_board = stdout_of(
        &[
            "bench",
            "--count",
            "1",
            "--configs",
            "astar",
            "-q",
            "--per-board",
        ],
        "",
    );
    assert!(
        per_board.contains("total, 1 thread: 1 board, 0 wrong"),
        "{per_board}"
    );
}
