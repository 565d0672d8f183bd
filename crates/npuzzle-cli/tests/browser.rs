//! The page of `npuzzle serve` end to end in headless Chromium, when Chromium is installed.
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

use serde_json::{json, Value};

use crate::common;

use common::Server;

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
    // The page works under its Content-Security-Policy: nothing it does is blocked.
    assert_eq!(result["csp_violations"], json!([]), "{result}");
}

#[test]
fn e2e_trace_player_reaches_the_goal_with_the_traces_counters() {
    let Some(chromium) =
        chromium_or_skip("e2e_trace_player_reaches_the_goal_with_the_traces_counters")
    else {
        return;
    };
    let server = Server::start(&[]);
    for (algorithm, board, lang) in [
        ("bfs", "3 2 0/1 5 4/7 8 6", "en"),
        ("idastar", "2 1 7/4 6 3/0 5 8", "zh"),
    ] {
        let query = format!(
            "/?tracetest={algorithm}&board={}&lang={lang}",
            board.replace(' ', "%20")
        );
        let dom = run_chromium(
            &chromium,
            &server.url(&query),
            &["--window-size=1280,1600".into(), "--dump-dom".into()],
            Duration::from_secs(120),
        );
        let result = selftest_result(&dom);
        println!("{algorithm}: {result}");
        assert_eq!(result["pass"], true, "{result}");
        // The counters at the end are the trace's, as the API gives it to anyone.
        let mut body = json!({"board": board, "algorithm": algorithm, "limit": 10000});
        if algorithm == "idastar" {
            body["heuristic"] = json!("manhattan");
        }
        let (status, text) = server.post_json("/api/trace", &body);
        assert_eq!(status, 200, "{text}");
        let trace: Value = serde_json::from_str(&text).unwrap();
        let events = trace["events"].as_array().unwrap();
        let last = events.last().unwrap();
        assert_eq!(last["event"], "goal");
        let count = events.len();
        assert_eq!(result["events"], count);
        assert_eq!(result["last_expanded"], last["expanded"]);
        let grouped = |n: u64| {
            let digits = n.to_string();
            let mut out = String::new();
            for (i, c) in digits.chars().enumerate() {
                if i > 0 && (digits.len() - i) % 3 == 0 {
                    out.push(',');
                }
                out.push(c);
            }
            out
        };
        let expanded = last["expanded"].as_u64().unwrap();
        assert_eq!(
            result["counter_event"],
            format!("{} / {}", grouped(count as u64), grouped(count as u64))
        );
        assert_eq!(result["counter_expanded"], grouped(expanded));
        // Hovering the tallest bar shows a board with its g, h and f.
        assert_eq!(result["hover"]["board"], true, "{result}");
        let caption = result["hover"]["caption"].as_str().unwrap();
        assert!(
            caption.contains(" · h ") && caption.contains(" · f "),
            "{caption}"
        );
        let expansions = events.iter().filter(|e| e["event"] == "expand").count();
        assert_eq!(result["bars_total"], expansions);
        if algorithm == "idastar" {
            let bound = events
                .iter()
                .rev()
                .find_map(|e| e["bound"].as_u64())
                .unwrap();
            assert_eq!(result["counter_bound"], bound.to_string());
            assert_eq!(result["bound_lines"], 1);
            assert_eq!(
                result["status"],
                format!(
                    "到达目标：{} 步，共扩展 {} 个局面。",
                    last["g"],
                    grouped(expanded)
                )
            );
        } else {
            assert_eq!(
                result["status"],
                format!(
                    "Goal reached: {} moves after {} expansions.",
                    last["g"],
                    grouped(expanded)
                )
            );
        }
    }
}

#[test]
fn e2e_chinese_page_has_no_english_left() {
    let Some(chromium) = chromium_or_skip("e2e_chinese_page_has_no_english_left") else {
        return;
    };
    let server = Server::start(&[]);
    // Everything the page can show: a solve played, a comparison, a trace played.
    let dom = run_chromium(
        &chromium,
        &server.url("/?selftest=7&lang=zh"),
        &["--window-size=1280,1600".into(), "--dump-dom".into()],
        Duration::from_secs(120),
    );
    let result = selftest_result(&dom);
    println!("zh: {result}");
    assert_eq!(result["lang"], "zh");
    assert_eq!(result["checker_works"], true, "{result}");
    assert_eq!(result["untranslated"], json!([]), "{result}");
    assert_eq!(result["pass"], true, "{result}");
    assert!(
        dom.contains("<html lang=\"zh-CN\""),
        "the document's language"
    );
    for term in [
        "广度优先搜索",
        "双向广度优先搜索",
        "迭代加深 A* (IDA*)",
        "迭代加深搜索",
        "曼哈顿距离",
        "线性冲突",
        "错位数",
    ] {
        assert!(dom.contains(term), "{term} missing from the Chinese page");
    }
}

#[test]
fn e2e_screenshots_desktop_and_phone() {
    let Some(chromium) = chromium_or_skip("e2e_screenshots_desktop_and_phone") else {
        return;
    };
    let server = Server::start(&[]);
    let dir = artifacts_dir();
    for lang in ["en", "zh"] {
        let url = server.url(&format!("/?selftest=7&lang={lang}"));
        for (name, size) in [("desktop", "1280,2000"), ("phone", "390,4200")] {
            let file = dir.join(format!("{name}-{lang}.png"));
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
            assert!(
                png.starts_with(b"\x89PNG") && png.len() > 10_000,
                "{name} {lang}"
            );
            println!("screenshot: {}", file.display());
        }
    }
}

/// `text` as a URL's query value.
fn query_value(text: &str) -> String {
    text.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' | b'~' => {
                char::from(b).to_string()
            }
            _ => format!("%{b:02X}"),
        })
        .collect()
}

/// The page's `/?solvetest=` hook on `board`, in `lang`, with the algorithms `only`
/// (every one of the menu when `None`): what the page showed.
fn page_solves(
    chromium: &Path,
    server: &Server,
    board: &str,
    lang: &str,
    only: Option<&str>,
) -> Value {
    let only = only.map_or(String::new(), |list| format!("&algorithms={list}"));
    let query = format!("/?solvetest={}&lang={lang}{only}", query_value(board));
    let dom = run_chromium(
        chromium,
        &server.url(&query),
        &["--window-size=1280,1600".into(), "--dump-dom".into()],
        Duration::from_secs(120),
    );
    let result = selftest_result(&dom);
    println!("{board} ({lang}): {result}");
    assert_eq!(result["pass"], true, "{result}");
    result
}

/// Asserts that each solve the page showed is the one `npuzzle solve --json` makes with
/// the cache `dir`: the same algorithm and estimate, and the length the page shows.
fn assert_solves_are_the_clis(result: &Value, board: &str, lang: &str, dir: &str) {
    for solve in result["solves"].as_array().unwrap() {
        let algorithm = solve["algorithm"].as_str().unwrap();
        let cli = common::json_of(
            &[
                "solve",
                board,
                "--algorithm",
                algorithm,
                "--cache-dir",
                dir,
                "--json",
                "-q",
            ],
            "",
        );
        let length = cli["length"].as_u64().unwrap();
        assert_eq!(solve["error"], false, "{algorithm}: {solve}");
        assert_eq!(solve["shown_length"], length, "{algorithm}: {solve}");
        let counter = if lang == "zh" {
            format!("第 0 / {length} 步")
        } else {
            format!("move 0 / {length}")
        };
        assert_eq!(solve["counter"], counter, "{algorithm}");
        // The run the page reports is the command line's, and the page says which.
        let reported = &solve["reported"];
        assert_eq!(
            reported["algorithm"], cli["algorithm"],
            "{algorithm}: {solve}"
        );
        assert_eq!(
            reported["heuristic"], cli["heuristic"],
            "{algorithm}: {solve}"
        );
        let how = solve["how"].as_str().unwrap();
        assert!(
            solve["status"].as_str().unwrap().contains(how),
            "{algorithm}: {solve}"
        );
        if algorithm == "auto" {
            // The library's plan: a table where there is one, else the cached databases.
            let cells = board.split([' ', '/']).filter(|t| !t.is_empty()).count();
            let planned = if cells == 9 {
                json!(["table", null])
            } else {
                json!(["fast-idastar", "pdb 5-5-5 + reflection"])
            };
            assert_eq!(json!([cli["algorithm"], cli["heuristic"]]), planned);
        }
    }
}

/// Asserts the page's words around a solve: counts of one agree with their nouns, a
/// comparison on a board that cannot reach the goal says so and draws nothing, the
/// heading names the board in both languages (八数码 only for 3x3), and the depth menu
/// is not labelled with the Scramble button's word.
fn assert_the_pages_words(result: &Value, lang: &str) {
    let one = &result["one_move"];
    if lang == "en" {
        assert!(
            one["status"]
                .as_str()
                .unwrap()
                .starts_with("Optimal solution: 1 move; 1 node expanded in "),
            "{one}"
        );
        assert_eq!(one["reached"], "Reached the goal in 1 move.");
        assert_eq!(one["trace"], "Goal reached: 1 move after 1 expansion.");
    } else {
        assert!(one["status"].as_str().unwrap().contains("1 步"), "{one}");
    }
    let compare = &result["unsolvable_compare"];
    assert_eq!(compare["charts"], 0, "{compare}");
    assert_eq!(compare["table_hidden"], true, "{compare}");
    let said = if lang == "zh" {
        "此局面无法到达目标（逆序对奇偶性不同），无需比较。"
    } else {
        "This board cannot reach the goal (its tile parity differs): there is nothing to compare."
    };
    assert_eq!(compare["status"], said);
    let labels = &result["labels"];
    for (size, en, zh) in [
        ("2x2", "A 2×2 puzzle", "数字华容道（2×2）"),
        ("3x3", "The 8-puzzle", "数字华容道（八数码）"),
        ("4x4", "The 15-puzzle", "数字华容道（十五数码）"),
        ("5x5", "The 24-puzzle", "数字华容道（二十四数码）"),
    ] {
        assert_eq!(labels["en"][size], en, "{labels}");
        assert_eq!(labels["zh"][size], zh, "{labels}");
    }
    for lang in ["en", "zh"] {
        assert_ne!(labels[lang]["depth"], labels[lang]["scramble"], "{labels}");
    }
}

/// Every algorithm of the page's menu solves a 3x3 and a 4x4 board through the page, which
/// shows the length `npuzzle solve` finds; each run is the one the command line makes with
/// the same cache (the same algorithm and estimate: auto is the library's plan, a distance
/// table on 3x3, the cached pattern databases on the 15-puzzle, not IDA* because the page
/// named a heuristic); and what the page sends is only what the algorithm takes (BFS,
/// bidirectional BFS and IDDFS answer, not 400).
#[test]
fn e2e_every_menu_algorithm_solves_as_the_cli_does() {
    let Some(chromium) = chromium_or_skip("e2e_every_menu_algorithm_solves_as_the_cli_does") else {
        return;
    };
    // A small pattern database for the 15-puzzle (about two seconds to build), which auto
    // uses when it finds it cached.
    let cache = tempfile::tempdir().unwrap();
    let dir = cache.path().to_str().unwrap();
    common::stdout_of(&["pdb", "build", "5-5-5", "--cache-dir", dir, "-q"], "");
    let server = Server::start(&["--cache-dir", dir]);
    let fifteen = common::stdout_of(&["random", "--size", "4x4", "--seed", "5"], "");
    let menu = ["auto", "idastar", "astar", "bidirectional", "bfs", "iddfs"];
    for (board, lang, only) in [
        ("1 3 2/8 7 5/0 6 4", "en", None),
        ("1 4 8 7/5 2 6 0/9 10 12 3/13 14 11 15", "zh", None),
        (fifteen.trim(), "en", Some("auto")),
    ] {
        let result = page_solves(&chromium, &server, board, lang, only);
        let solved: Vec<&str> = result["solves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s["algorithm"].as_str().unwrap())
            .collect();
        assert_eq!(solved, only.map_or(menu.to_vec(), |a| vec![a]));
        assert_solves_are_the_clis(&result, board, lang, dir);
        assert_the_pages_words(&result, lang);
    }
}

/// On a phone (390 px wide), the charts' labels keep apart: the comparison's axis ticks
/// once ran together.
#[test]
fn e2e_phone_charts_keep_their_labels_apart() {
    let Some(chromium) = chromium_or_skip("e2e_phone_charts_keep_their_labels_apart") else {
        return;
    };
    let server = Server::start(&[]);
    for lang in ["en", "zh"] {
        let dom = run_chromium(
            &chromium,
            &server.url(&format!("/?selftest=7&lang={lang}")),
            &["--window-size=390,4200".into(), "--dump-dom".into()],
            Duration::from_secs(120),
        );
        let result = selftest_result(&dom);
        println!("phone {lang}: {result}");
        assert_eq!(result["overlaps"], json!([]), "{result}");
        assert_eq!(result["pass"], true, "{result}");
    }
}

/// The metric menu at the top changes what a solve counts: on a board whose optimum
/// differs in the two metrics the page shows each length `npuzzle solve --metric` finds,
/// names the multi-tile metric beside it, plays a multi-tile run as one move and remembers
/// the choice; a trace counts in it too. Two moves played by hand (clicking tiles) and
/// Analyse give the table `npuzzle analyse --json` describes, in each metric, in English
/// and in Chinese (with no English left).
#[test]
fn e2e_metric_menu_and_analysis_of_moves_played_by_hand() {
    let Some(chromium) = chromium_or_skip("e2e_metric_menu_and_analysis_of_moves_played_by_hand")
    else {
        return;
    };
    let server = Server::start(&[]);
    let (board, from, played) = ("8 6 7/2 5 4/3 0 1", "1 2 3/4 5 6/0 7 8", "ud");
    let length = |metric: &str| {
        common::json_of(&["solve", board, "--metric", metric, "--json"], "")["length"]
            .as_u64()
            .unwrap()
    };
    let (stm, mtm) = (length("stm"), length("mtm"));
    assert_ne!(stm, mtm, "the board should tell the metrics apart");
    for lang in ["en", "zh"] {
        let query = format!(
            "/?metrictest={}&from={}&played={played}&lang={lang}",
            query_value(board),
            query_value(from)
        );
        let dom = run_chromium(
            &chromium,
            &server.url(&query),
            &["--window-size=1280,1600".into(), "--dump-dom".into()],
            Duration::from_secs(120),
        );
        let result = selftest_result(&dom);
        println!("metric {lang}: {result}");
        assert_eq!(result["pass"], true, "{result}");
        assert_eq!(result["remembered"], "mtm", "{result}");
        for (metric, length) in [("stm", stm), ("mtm", mtm)] {
            let solve = &result["solves"][metric];
            assert_eq!(solve["reported"]["length"], length, "{metric}: {solve}");
            assert_eq!(solve["shown_length"], length, "{metric}: {solve}");
            let (start, end) = if lang == "zh" {
                (
                    format!("第 0 / {length} 步"),
                    format!("第 {length} / {length} 步"),
                )
            } else {
                (
                    format!("move 0 / {length}"),
                    format!("move {length} / {length}"),
                )
            };
            assert_eq!(solve["counter"], start, "{metric}: {solve}");
            assert_eq!(solve["played_counter"], end, "{metric}: {solve}");
            let named = if lang == "zh" {
                "（多块计步）"
            } else {
                " (multi-tile)"
            };
            for said in [&solve["status"], &solve["reached"]] {
                let said = said.as_str().unwrap();
                assert_eq!(said.contains(named), metric == "mtm", "{metric}: {said}");
            }
            assert_analysis_is_the_clis(&result["analyses"][metric], from, played, metric, lang);
        }
        let trace = result["trace_mtm"].as_str().unwrap();
        let named = if lang == "zh" {
            "（多块计步）"
        } else {
            " (multi-tile)"
        };
        assert!(trace.contains(named), "{trace}");
    }
}

/// Asserts that the analysis table the page showed for `played` from `from` in `metric`
/// is `npuzzle analyse --json`'s, row for row, with its headers and summary in `lang`.
fn assert_analysis_is_the_clis(
    analysis: &Value,
    from: &str,
    played: &str,
    metric: &str,
    lang: &str,
) {
    // The analysis table is the command line's, row for row.
    let cli = common::json_of(&["analyse", from, played, "--metric", metric, "--json"], "");
    let want: Vec<Value> = cli["steps"]
        .as_array()
        .unwrap()
        .iter()
        .enumerate()
        .map(|(i, step)| {
            let lost = step["lost"].as_u64().unwrap();
            let better: Vec<&str> = step["better"]
                .as_array()
                .unwrap()
                .iter()
                .map(|m| m.as_str().unwrap())
                .collect();
            json!([
                (i + 1).to_string(),
                step["move"],
                step["remaining"].to_string(),
                if lost > 0 {
                    format!("+{lost}")
                } else {
                    String::new()
                },
                better.join(" "),
            ])
        })
        .collect();
    assert_eq!(analysis["played"], played, "{analysis}");
    assert_eq!(analysis["rows"], json!(want), "{metric}: {analysis}");
    let mistakes: Vec<bool> = cli["steps"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["lost"].as_u64().unwrap() > 0)
        .collect();
    assert_eq!(
        analysis["mistakes"],
        json!(mistakes),
        "{metric}: {analysis}"
    );
    let status = analysis["status"].as_str().unwrap();
    let first = cli["first_mistake"].as_u64().unwrap();
    if lang == "en" {
        assert_eq!(
            analysis["headers"],
            json!(["#", "move", "left after it", "lost", "better moves"])
        );
        assert!(
            status.contains(&format!(
                "; {} played, {} lost. ",
                cli["steps"].as_array().unwrap().len(),
                cli["lost"]
            )) && status.contains(&format!("First mistake: move {first}; ")),
            "{status}"
        );
    } else {
        assert_eq!(
            analysis["headers"],
            json!(["#", "走法", "之后还需", "多走", "更好的走法"])
        );
        assert!(
            status.contains(&format!("第一处失误：第 {first} 步")),
            "{status}"
        );
    }
}
