//! Every `npuzzle` example in the documentation ([`DOCUMENTS`]: README.md, docs/GUIDE.md,
//! docs/API.md) does what its comment says: each command line of the `sh` blocks runs
//! (from a scratch directory with the files the examples name) and succeeds, and where the
//! comment promises something, the output shows it. Commands that take minutes or
//! gigabytes (the big pattern databases, benchmarks over them, a server on a fixed port)
//! are listed in [`TOO_LONG`] and left out, and the test fails if a command is neither run
//! nor listed, or if a promise or an exclusion names no example in any of the files.

use crate::common;

use std::path::Path;
use std::process::Command;

/// Where the examples are: each file's path from the workspace root, and its text (a
/// file that is missing fails the build).
const DOCUMENTS: &[(&str, &str)] = &[
    ("README.md", include_str!("../../../README.md")),
    ("docs/GUIDE.md", include_str!("../../../docs/GUIDE.md")),
    ("docs/API.md", include_str!("../../../docs/API.md")),
];

/// The text of the documentation file at `path`, one of [`DOCUMENTS`].
fn document(path: &str) -> &'static str {
    let found = DOCUMENTS.iter().find(|(name, _)| *name == path);
    found
        .unwrap_or_else(|| panic!("{path} is not one of the documents"))
        .1
}

/// Commands not run here, each with the reason (substrings of the command line).
const TOO_LONG: &[(&str, &str)] = &[
    (
        "pdb build 7-8",
        "builds 288 MB of tables in minutes, 4 GB of memory",
    ),
    ("--pdb 7-8", "needs the 7-8 tables"),
    ("pdb build 6-6-6-6", "builds 255 MB of tables in minutes"),
    ("--pdb 6-6-6-6", "needs the 6-6-6-6 tables and hours"),
    (
        "--catalogue small",
        "builds or needs the small catalogue's 317 MB of tables (22 CPU-minutes)",
    ),
    (
        "pdb build best --metric mtm",
        "builds the 15-puzzle's three 2.7 GB five-colour multi-tile tables (minutes)",
    ),
    (
        "pdb build best --goal",
        "builds the small catalogue's tables (22 CPU-minutes)",
    ),
    (
        "bench-file data/korf100.txt",
        "the hard half of Korf's 100 takes minutes without 7-8",
    ),
    (
        "npuzzle serve",
        "a server that runs until stopped (tests/serve.rs starts one)",
    ),
];

/// What the output of a command must contain, by a substring of the command line.
const PROMISED: &[(&str, &str)] = &[
    ("--stream | head -3", "lurdrulurdlldrrululddruulddrurd\n"),
    ("--show", "4 r\n"),
    (
        "--heuristic manhattan --json",
        "\"heuristic\":\"manhattan\"",
    ),
    ("compare", "iddfs"),
    ("check 283104765 uldr", "valid and optimal"),
    (
        "analyse \"1 2 3/4 5 6/0 7 8\" udrr",
        "   1  u          3    +2  <- better: r\n",
    ),
    ("7 5 8\" --order dlru", "moves:     dlurdldr"),
    (
        "ldrulddr --order dlru",
        "valid and optimal: 8 moves reach the goal, the fewest possible\nnot canonical: another \
         optimal solution comes first in the order dlru",
    ),
    (
        "trace 283104765 --goal 123804765 --algorithm bfs",
        "goal      1 2 3/8 0 4/7 6 5  g=4",
    ),
    (
        "--algorithm idastar --json",
        "{\"event\":\"iteration\",\"bound\":4",
    ),
    ("echo 283104765 | npuzzle judge p1379", "4\n"),
    ("--max-nodes 200000; test", "(bounded: at most "),
    (
        "--size 7x7 --seed 1)\" --max-seconds 5",
        "(bounded: at most ",
    ),
    (
        "judge test poj1077 -- npuzzle judge poj1077",
        "poj1077: 25 of 25 cases accepted",
    ),
    ("--seed 7 --json -- npuzzle judge uva652", "\"accepted\":10"),
    ("judge path < start-and-goal", "4\n"),
    (
        "--cases 4 -- npuzzle judge path",
        "path: 9 of 9 cases accepted",
    ),
    (
        "--cases 4 -- npuzzle judge uva10181",
        "uva10181: 9 of 9 cases accepted",
    ),
    (
        "--cases 4 -- npuzzle judge abc224d",
        "abc224d: 12 of 12 cases accepted",
    ),
    ("judge hdu1043", "unsolvable"),
    ("judge --list", "abc224d      AtCoder ABC224 D"),
    ("judge hdu3567", "Case 2: 8\nurrulldr\n"),
    ("judge leetcode773", "5\n"),
    ("| npuzzle judge abc224d", "5\n"),
    (
        "judge uva10181 < puzzles",
        "LLLDRDRDR\nThis puzzle is not solvable.\n",
    ),
    ("stats --size 3x4", "\"max\":53"),
    (
        "--size 4x4 --probability 80",
        "exact: 17 of 10461394944000 boards",
    ),
    ("--probability 50..55", "chance:  0.424920, exact:"),
    (
        "--probability ..50 --sample --samples 200",
        "sampled; 95 % interval",
    ),
    (
        "stats --metric mtm --size 4x4",
        "max:     43 moves (16 boards)",
    ),
    (
        "--metric mtm --probability 43",
        "exact: 16 of 10461394944000 boards",
    ),
    ("rank \"8 6 7", "rank:   357478"),
    ("bench --depths 2,4,6,8", "| astar:manhattan | 8 | 20 |"),
    ("--iddfs-parent-pruning off", "| iddfs | 6 | 20 |"),
    ("echo 203184765 | npuzzle judge p1379", "3\n"),
    ("| npuzzle judge hdu1043", "rdr\nunsolvable\n"),
    ("| npuzzle judge poj1077", "ldruullddrurdllurrd\n"),
    (
        "| npuzzle judge uva652",
        "ldruullddrurdllurrd\n\nunsolvable\n",
    ),
    ("unrank 357478", "\"board\":\"8 6 7/2 5 4/3 0 1\""),
    ("100x100", "constructive"),
    ("--weight 1.5", "not proven optimal"),
    ("pdb list", "cache:"),
    ("--process 0", "length:    57 (optimal)"),
    ("7 5\" --notation tiles", "moves:     R2U2LDLD"),
    (
        "R2U2LDLDRURDLULDRULURDLU --notation tiles",
        "valid and optimal",
    ),
    (
        "--metric mtm --notation tiles",
        "length:    1 move in the multi-tile metric (optimal)\nmoves:     L2\n",
    ),
    (
        "rr --metric mtm",
        "valid and optimal in the multi-tile metric: 1 move reaches the goal, the fewest possible",
    ),
    (
        "\"metric\": \"mtm\"}' | npuzzle batch",
        "\"metric\":\"mtm\",\"length\":1,\"moves\":\"rr\",\"tile_moves\":\"L2\"",
    ),
];

/// The `npuzzle` command lines of a document's `sh` blocks, with the variables the
/// blocks set before them.
fn commands_of(text: &str) -> Vec<String> {
    let mut commands = Vec::new();
    let mut variables = String::new();
    let mut in_block = false;
    for line in text.lines() {
        if line.starts_with("```") {
            in_block = line == "```sh";
            variables.clear();
            continue;
        }
        if !in_block {
            continue;
        }
        let command = line.split(" #").next().unwrap_or_default().trim();
        let assigns = command.split_once('=').is_some_and(|(name, _)| {
            !name.is_empty()
                && name
                    .chars()
                    .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '_')
        });
        if assigns {
            variables.push_str(command);
            variables.push('\n');
        } else if command.contains("npuzzle ") {
            commands.push(format!("{variables}{command}"));
        }
    }
    commands
}

fn scratch_directory() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let write = |name: &str, text: &str| std::fs::write(dir.path().join(name), text).unwrap();
    write(
        "start-and-goal.txt",
        "2 8 3\n1 0 4\n7 6 5\n1 2 3\n8 0 4\n7 6 5\n",
    );
    write("cases.txt", "2 3 4 1 5 x 7 6 8\n1 2 3 4 5 6 8 7 x\n");
    write(
        "puzzles.txt",
        "2\n2 3 4 0\n1 5 7 8\n9 6 10 12\n13 14 11 15\n13 1 2 4\n5 0 3 7\n9 6 10 12\n15 8 11 14\n",
    );
    write("boards.txt", "283104765\n8 6 7/2 5 4/3 0 1\n");
    // The cluster example's host file, on ports free now.
    let ports: Vec<std::net::TcpListener> = (0..2)
        .map(|_| std::net::TcpListener::bind("127.0.0.1:0").unwrap())
        .collect();
    let hosts: Vec<String> = ports
        .iter()
        .map(|l| l.local_addr().unwrap().to_string())
        .collect();
    write("hosts.txt", &(hosts.join("\n") + "\n"));
    dir
}

#[test]
fn every_readme_example_runs_and_keeps_its_promise() {
    let dir = scratch_directory();
    let binary = assert_cmd::cargo::cargo_bin("npuzzle");
    let bin_dir = binary.parent().unwrap();
    let path = format!(
        "{}:{}",
        bin_dir.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let commands: Vec<String> = DOCUMENTS
        .iter()
        .flat_map(|(_, text)| commands_of(text))
        .collect();
    assert!(
        commands.len() > 20,
        "the documents' examples were not found"
    );
    let mut ran = 0;
    for command in &commands {
        if let Some((_, why)) = TOO_LONG.iter().find(|(key, _)| command.contains(key)) {
            eprintln!("not run ({why}): {command}");
            continue;
        }
        let output = Command::new("sh")
            .args(["-c", command])
            .current_dir(dir.path())
            .env("PATH", &path)
            .env("NPUZZLE_CACHE_DIR", common::scratch_cache())
            // The install examples (completions, manual pages) write under ~.
            .env("HOME", dir.path())
            .output()
            .unwrap();
        let stdout = String::from_utf8_lossy(&output.stdout);
        assert!(
            output.status.success(),
            "documented example failed: {command}\n{stdout}\n{}",
            String::from_utf8_lossy(&output.stderr)
        );
        for (key, promise) in PROMISED {
            if command.contains(key) {
                assert!(
                    stdout.contains(promise),
                    "documented example {command} does not show {promise:?}:\n{stdout}"
                );
            }
        }
        ran += 1;
    }
    assert!(ran >= 15, "only {ran} documented examples ran");
    assert!(Path::new(&dir.path().join("results.jsonl")).exists());
    assert!(dir.path().join("docs/plots/nodes.svg").exists());
    let installed = |path: &str| std::fs::read_to_string(dir.path().join(path)).unwrap();
    assert!(installed(".local/share/bash-completion/completions/npuzzle").contains("_npuzzle"));
    assert!(installed(".zfunc/_npuzzle").starts_with("#compdef npuzzle"));
    assert!(installed(".config/fish/completions/npuzzle.fish").contains("complete -c npuzzle"));
    assert!(installed(".local/share/man/man1/npuzzle-solve.1").contains(".TH npuzzle-solve"));
    assert!(installed("npuzzle.1").contains(".TH npuzzle 1"));
}

/// The fenced block of `kind` (`sh`, `json`) that opens first after `from` in `text`: its
/// lines, and where the text after it starts.
fn next_block<'a>(text: &'a str, from: usize, kind: &str) -> (Vec<&'a str>, usize) {
    let fence = format!("```{kind}\n");
    let start = from + text[from..].find(&fence).expect("a fenced block") + fence.len();
    let end = start + text[start..].find("```").expect("the block's end");
    (text[start..end].lines().collect(), end + 3)
}

/// The JSON Lines under the guide's "Watching a search" are what the command above them
/// prints, all of them: one real search, not lines gathered from several.
#[test]
fn the_trace_example_is_one_real_search() {
    let guide = document("docs/GUIDE.md");
    let section = guide
        .find("## Watching a search")
        .expect("the trace section");
    let (commands, after) = next_block(guide, section, "sh");
    let [command] = commands[..] else {
        panic!("one command above the trace example: {commands:?}")
    };
    let (lines, _) = next_block(guide, after, "json");
    let args: Vec<&str> = command
        .strip_prefix("npuzzle ")
        .expect("an npuzzle command")
        .split_whitespace()
        .collect();
    let printed = common::stdout_of(&args, "");
    assert_eq!(printed.lines().collect::<Vec<_>>(), lines, "{command}");
    // The line said to go to stderr is the one printed there.
    let out = common::npuzzle().args(&args).assert().success();
    let stderr = String::from_utf8_lossy(&out.get_output().stderr)
        .trim()
        .to_string();
    assert!(
        guide[section..].contains(&format!("`{stderr}`")),
        "the guide does not quote {stderr:?}"
    );
}

/// Each document holds examples, and every promise and every exclusion above names a
/// command of one of them: an example moved or dropped cannot leave its check behind
/// checking nothing.
#[test]
fn every_promise_and_exclusion_names_a_documented_example() {
    let mut all = Vec::new();
    for (path, text) in DOCUMENTS {
        let commands = commands_of(text);
        assert!(!commands.is_empty(), "{path} has no npuzzle example");
        all.extend(commands);
    }
    let keys = PROMISED.iter().chain(TOO_LONG).map(|(key, _)| key);
    for key in keys {
        assert!(
            all.iter().any(|command| command.contains(key)),
            "no documented example contains {key:?}"
        );
    }
}

/// The README opens with the two commands users and CI rely on, as its first code block:
/// `.ci/run` runs the second as the test suite.
#[test]
fn the_readme_opens_with_the_two_commands() {
    let readme = document("README.md");
    assert!(
        readme[readme.find("```").expect("a code block")..].starts_with("```sh\n"),
        "the README's first code block is not an sh block"
    );
    let (first, _) = next_block(readme, 0, "sh");
    let [run, test] = first[..] else {
        panic!("two commands in the README's first block: {first:?}")
    };
    assert!(run.starts_with("cargo run --release -- solve "), "{run}");
    assert!(
        test.starts_with("cargo test --workspace --release "),
        "{test}"
    );
}
