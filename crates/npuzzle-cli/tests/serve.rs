//! `npuzzle serve` as a process: it says where it listens and answers there; and the page
//! end to end in headless Chromium, when Chromium is installed.
//!
//! The browser tests load `/?selftest=SEED`, which drives the page as a person would
//! (a key press, Scramble, Solve, Play to the end, Compare) and writes what it saw into the
//! DOM; Chromium's `--dump-dom` with a virtual-time budget returns that DOM, so the test
//! needs no `WebDriver` and no `DevTools` client. Screenshots go to `target/e2e-artifacts/`.
//! All traffic stays on 127.0.0.1; every wait is bounded.

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::Value;

mod common;

use common::Server;

#[test]
fn serve_says_where_it_listens_and_answers() {
    let server = Server::start(&[]);
    assert!(server.addr.ip().is_loopback());
    let (status, body) = server.get("/api/health");
    assert_eq!(status, 200, "{body}");
    assert!(body.contains("\"ok\""), "{body}");
    let (status, body) = server.get("/");
    assert_eq!(status, 200);
    assert!(body.contains("<title>npuzzle</title>"));
    let (status, body) = server.get("/api/random?size=0x3");
    assert_eq!(status, 400);
    assert!(body.contains("\"error\""), "{body}");
}

#[test]
fn serve_rejects_bad_flags() {
    for (args, words) in [
        (&["--bind", "localhost"][..], "invalid socket address"),
        (&["--max-seconds", "0"][..], "--max-seconds"),
        (&["--max-concurrent", "0"][..], "--max-concurrent"),
    ] {
        let out = Command::new(assert_cmd::cargo::cargo_bin("npuzzle"))
            .arg("serve")
            .args(args)
            .output()
            .unwrap();
        assert!(!out.status.success(), "{args:?}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.contains(words), "{args:?}: {stderr}");
    }
}

// ---- the browser -----------------------------------------------------------------------

/// Chromium's path: `$NPUZZLE_CHROMIUM` (if that is a file), or the first of the usual names on `PATH`.
fn find_chromium() -> Option<PathBuf> {
    if let Some(path) = std::env::var_os("NPUZZLE_CHROMIUM") {
        return Some(PathBuf::from(path)).filter(|p| p.is_file());
    }
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .flat_map(|dir| ["chromium", "chromium-browser"].map(|name| dir.join(name)))
        .find(|candidate| candidate.is_file())
}

/// Chromium, or `None` after saying why the browser tests are skipped. With
/// `NPUZZLE_REQUIRE_BROWSER=1` (set by CI) a missing browser is a failure instead.
fn chromium_or_skip(test: &str) -> Option<PathBuf> {
    let found = find_chromium();
    if found.is_none() {
        let why = "chromium was not found on PATH or at $NPUZZLE_CHROMIUM \
                   (apt-get install chromium to run them)";
        assert!(
            !std::env::var("NPUZZLE_REQUIRE_BROWSER").is_ok_and(|v| v == "1"),
            "{test}: NPUZZLE_REQUIRE_BROWSER=1 but {why}"
        );
        // Written to the real stderr, past the test harness's capture, so that a plain
        // `cargo test` shows the skip and its reason.
        let _ = writeln!(std::io::stderr(), "{test}: skipped: {why}");
    }
    found
}

fn artifacts_dir() -> PathBuf {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../target/e2e-artifacts");
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Runs headless Chromium on `url` with `extra` flags, at most `limit`; its stdout.
fn run_chromium(chromium: &Path, url: &str, extra: &[String], limit: Duration) -> String {
    // A fresh profile each run: parallel browsers never share one, and none is left behind.
    let profile = tempfile::tempdir().unwrap();
    let mut child = Command::new(chromium)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--hide-scrollbars",
            // Virtual time runs timers (the animation) at once, but waits for the network.
            "--virtual-time-budget=60000",
        ])
        .arg(format!("--user-data-dir={}", profile.path().display()))
        .args(extra)
        .arg(url)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("starting chromium");
    let mut stdout = child.stdout.take().unwrap();
    let reader = std::thread::spawn(move || {
        let mut out = String::new();
        let _ = stdout.read_to_string(&mut out);
        out
    });
    let deadline = Instant::now() + limit;
    loop {
        if child.try_wait().unwrap().is_some() {
            break;
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            let _ = child.wait();
            panic!("chromium did not finish within {limit:?}");
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    reader.join().unwrap()
}

/// The page's self-test result from a dumped DOM.
fn selftest_result(dom: &str) -> Value {
    let start = dom
        .find("<pre id=\"selftest\"")
        .unwrap_or_else(|| panic!("no self-test result in the page:\n{dom}"));
    let text = &dom[start..];
    let text = &text[text.find('>').unwrap() + 1..text.find("</pre>").unwrap()];
    let text = text
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&amp;", "&");
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("self-test result {text:?}: {e}"))
}

#[test]
fn e2e_scramble_solve_animate_compare() {
    let Some(chromium) = chromium_or_skip("e2e_scramble_solve_animate_compare") else {
        return;
    };
    let server = Server::start(&[]);
    let url = server.url("/?selftest=7");
    let dom = run_chromium(
        &chromium,
        &url,
        &["--window-size=1280,1600".into(), "--dump-dom".into()],
        Duration::from_secs(120),
    );
    let result = selftest_result(&dom);
    println!("self-test: {result}");
    assert_eq!(result["pass"], true, "{result}");
    assert_eq!(result["ended_on_goal"], true);
    let moves = result["solution_moves"].as_u64().unwrap();
    assert_eq!(result["counter"], format!("move {moves} / {moves}"));
    // The solution is shown in tile notation too, its runs as many moves as the blank's.
    assert_eq!(result["tile_count"], moves, "{result}");
    let tiles = result["tile_moves"].as_str().unwrap();
    assert!(
        !tiles.is_empty() && tiles.chars().all(|c| "UDLR0123456789".contains(c)),
        "{tiles}"
    );
    assert_eq!(result["table_rows"], 9, "{result}");
    assert_eq!(result["charts"], 3);
}

#[test]
fn e2e_screenshots_desktop_and_phone() {
    let Some(chromium) = chromium_or_skip("e2e_screenshots_desktop_and_phone") else {
        return;
    };
    let server = Server::start(&[]);
    let url = server.url("/?selftest=7");
    let dir = artifacts_dir();
    for (name, size) in [("desktop", "1280,1400"), ("phone", "390,2600")] {
        let file = dir.join(format!("{name}.png"));
        let _ = std::fs::remove_file(&file);
        run_chromium(
            &chromium,
            &url,
            &[
                format!("--window-size={size}"),
                format!("--screenshot={}", file.display()),
            ],
            Duration::from_secs(120),
        );
        let png = std::fs::read(&file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        assert!(png.starts_with(b"\x89PNG") && png.len() > 10_000, "{name}");
        println!("screenshot: {}", file.display());
    }
}
