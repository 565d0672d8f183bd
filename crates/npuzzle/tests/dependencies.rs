//! The library stays light: with its default features it pulls in no web server, command
//! line, terminal, plotting or Python crate (those belong to the front ends).

use std::process::Command;

/// The crates `npuzzle` depends on to build and run, by name, as `cargo tree` lists them.
fn dependencies(features: &[&str]) -> Vec<String> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_string());
    let out = Command::new(cargo)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args([
            "tree",
            "-p",
            "npuzzle",
            "--edges",
            "normal,build",
            "--prefix",
            "none",
        ])
        .args(["--format", "{p}", "--offline"])
        .args(features)
        .output()
        .expect("cargo runs");
    assert!(
        out.status.success(),
        "cargo tree: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let mut names: Vec<String> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .filter_map(|line| line.split_whitespace().next())
        .map(str::to_string)
        .collect();
    names.sort();
    names.dedup();
    names
}

#[test]
fn default_features_pull_no_front_end() {
    for features in [&[][..], &["--no-default-features"][..]] {
        let names = dependencies(features);
        assert!(names.contains(&"rayon".to_string()), "{names:?}");
        for front_end in [
            "axum",
            "tokio",
            "hyper",
            "tower",
            "clap",
            "clap_complete",
            "clap_mangen",
            "indicatif",
            "plotters",
            "pyo3",
            "anyhow",
            "npuzzle-cli",
            "npuzzle-py",
        ] {
            assert!(
                !names.iter().any(|n| n == front_end),
                "npuzzle {features:?} depends on {front_end}: {names:?}"
            );
        }
        assert!(names.len() < 40, "{} crates: {names:?}", names.len());
    }
    assert!(!dependencies(&["--no-default-features"]).contains(&"serde".to_string()));
}
