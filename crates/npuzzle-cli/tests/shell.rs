//! `npuzzle completions` and `npuzzle man`: scripts and pages for every subcommand; a
//! directory to write into that is a file is named (`man --dir`, as `bench --plots`).

use std::time::Duration;

use predicates::prelude::*;

use crate::common;

use common::{npuzzle, stdout_of};

fn stdout(args: &[&str]) -> String {
    stdout_of(args, "")
}

/// Every subcommand, as `npuzzle --help` lists them.
fn subcommands() -> Vec<String> {
    let help = stdout(&["--help"]);
    let listed = help
        .split("Commands:")
        .nth(1)
        .and_then(|rest| rest.split("Options:").next())
        .expect("the help lists commands");
    let names: Vec<String> = listed
        .lines()
        .filter_map(|line| line.split_whitespace().next())
        .filter(|name| *name != "help")
        .map(str::to_string)
        .collect();
    assert!(names.len() >= 13, "{names:?}");
    names
}

#[test]
fn bash_and_zsh_completions_name_every_subcommand() {
    let names = subcommands();
    for shell in ["bash", "zsh"] {
        let script = stdout(&["completions", shell]);
        assert!(script.len() > 1000, "{shell}: {} bytes", script.len());
        for name in &names {
            assert!(
                script.contains(name.as_str()),
                "{shell} completions lack {name}"
            );
        }
        for nested in ["p1379", "hdu1043", "verify"] {
            assert!(script.contains(nested), "{shell} completions lack {nested}");
        }
    }
    assert!(stdout(&["completions", "bash"]).contains("complete -F _npuzzle"));
    assert!(stdout(&["completions", "zsh"]).starts_with("#compdef npuzzle"));
    for shell in ["fish", "powershell", "elvish"] {
        assert!(
            stdout(&["completions", shell]).contains("npuzzle"),
            "{shell}"
        );
    }
    npuzzle()
        .args(["completions", "tcsh"])
        .assert()
        .code(2)
        .stderr(predicates::str::contains("invalid value 'tcsh'"));
}

#[test]
fn manual_pages() {
    // roff writes a hyphen as `\-`.
    let page = stdout(&["man"]).replace("\\-", "-");
    assert!(page.contains(".TH npuzzle 1"), "{page}");
    for name in subcommands() {
        assert!(page.contains(&name), "the page lacks {name}");
    }
    let dir = tempfile::tempdir().unwrap();
    let pages = dir.path().join("man1");
    npuzzle()
        .arg("man")
        .arg("--dir")
        .arg(&pages)
        .assert()
        .success();
    for name in [
        "npuzzle",
        "npuzzle-solve",
        "npuzzle-check",
        "npuzzle-pdb-build",
    ] {
        let text = std::fs::read_to_string(pages.join(format!("{name}.1"))).unwrap();
        assert!(text.starts_with(".ie"), "{name}");
    }
}

#[test]
fn a_directory_to_write_into_that_is_a_file_is_named() {
    // It said "creating /dev/null: File exists (os error 17)".
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("plain");
    std::fs::write(&file, "x").unwrap();
    let file = file.to_str().unwrap();
    let needle = format!("{file} is not a directory: name a directory to write the files into");
    for args in [
        vec!["man", "--dir", file],
        // A benchmark that would run a minute: the path is checked before it starts.
        vec![
            "bench",
            "--size",
            "5x5",
            "-n",
            "1",
            "--configs",
            "idastar:manhattan",
            "--plots",
            file,
            "-q",
        ],
    ] {
        npuzzle()
            .args(&args)
            .timeout(Duration::from_secs(20))
            .assert()
            .code(2)
            .stderr(predicate::str::contains(needle.as_str()));
    }
    // A directory still gets its files.
    let pages = dir.path().join("pages");
    npuzzle()
        .args(["man", "--dir", pages.to_str().unwrap()])
        .assert()
        .success();
    assert!(pages.join("npuzzle.1").is_file());
}
