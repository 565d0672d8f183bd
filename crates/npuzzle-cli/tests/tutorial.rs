//! The tutorial (docs/tutorial/en and docs/tutorial/zh, two mdBooks) shows nothing it does
//! not run: every `sh` block of every chapter runs, in the order the book lists the
//! chapters, as one `sh` script under `set -e` (so a block's commands share its variables
//! and files, and a command meant to fail says so with `|| echo …`), from a scratch
//! directory of the book's own with an empty table cache (chapter 8 runs a Python program:
//! `python3` must be on the PATH). The `text` block that comes next after an `sh` block,
//! before any other fenced block, is what the script prints on stdout, exactly, but for
//! two marks: a line `…` stands for any number of lines (none too), and a line ending in
//! `…` for one line that starts with what comes before it (seconds, a cache's path); blank
//! lines at the end of the output are not shown. The books list every chapter and only
//! files that exist, and the two have the same chapters, the same commands (comments
//! aside) and the same outputs. The picture drawn by a chapter's command is the one
//! committed beside it.

use std::path::{Path, PathBuf};
use std::process::Command;

/// The books, by their directory under docs/tutorial.
const BOOKS: &[&str] = &["en", "zh"];

/// Each committed picture, with the file the tutorial's commands write it to (from the
/// scratch directory): the book's copy must be what the command draws.
const PICTURES: &[(&str, &str)] = &[("nodes-by-depth.svg", "plots/nodes-by-depth.svg")];

/// The largest picture a book may hold, in bytes: the books are in the repository.
const PICTURE_BYTES: u64 = 64 * 1024;

/// Screenshots of the page `npuzzle serve` opens, one a book in its language, taken with
/// headless Chromium as docs/tutorial/README.md says (a browser's pixels are not
/// reproducible byte for byte, so they are checked to be small PNGs, not redrawn).
const SCREENSHOTS: &[&str] = &["page.png"];

/// The largest screenshot a book may hold, in bytes.
const SCREENSHOT_BYTES: u64 = 128 * 1024;

/// One fenced block of a chapter: its kind (`sh`, `text`, `python`, …), its text and the
/// line it opens on.
struct FencedBlock {
    kind: String,
    text: String,
    line: usize,
}

fn book_dir(book: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../docs/tutorial")
        .join(book)
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The chapter files SUMMARY.md links to, in its order.
fn chapters(book: &str) -> Vec<String> {
    let summary = read(&book_dir(book).join("src/SUMMARY.md"));
    let mut files = Vec::new();
    for line in summary.lines() {
        let mut rest = line;
        while let Some(open) = rest.find("](") {
            let after = &rest[open + 2..];
            let close = after.find(')').expect("a link's closing parenthesis");
            files.push(after[..close].to_string());
            rest = &after[close..];
        }
    }
    files
}

/// The pictures a chapter shows (`![…](file)`).
fn pictures(text: &str) -> Vec<&str> {
    text.split("![")
        .skip(1)
        .filter_map(|rest| {
            let link = &rest[rest.find("](")? + 2..];
            Some(&link[..link.find(')')?])
        })
        .collect()
}

/// The fenced blocks of a chapter, in order.
fn blocks(text: &str) -> Vec<FencedBlock> {
    let mut found = Vec::new();
    let mut open: Option<FencedBlock> = None;
    for (number, line) in text.lines().enumerate() {
        if let Some(kind) = line.strip_prefix("```") {
            match open.take() {
                Some(block) => found.push(block),
                None => {
                    open = Some(FencedBlock {
                        kind: kind.trim().to_string(),
                        text: String::new(),
                        line: number + 1,
                    });
                }
            }
        } else if let Some(block) = open.as_mut() {
            block.text.push_str(line);
            block.text.push('\n');
        }
    }
    assert!(open.is_none(), "a fenced block is not closed");
    found
}

/// The `sh` blocks of a chapter, each with the output promised after it (if any).
fn examples(blocks: &[FencedBlock]) -> Vec<(&FencedBlock, Option<&FencedBlock>)> {
    blocks
        .iter()
        .enumerate()
        .filter(|(_, b)| b.kind == "sh")
        .map(|(i, b)| (b, blocks.get(i + 1).filter(|next| next.kind == "text")))
        .collect()
}

/// Whether `printed` is what `promised` shows, with its `…` marks (see the module's docs).
fn shows(promised: &[&str], printed: &[&str]) -> bool {
    match promised.split_first() {
        None => printed.is_empty(),
        Some((&"…", rest)) => (0..=printed.len()).any(|skip| shows(rest, &printed[skip..])),
        Some((line, rest)) => printed.split_first().is_some_and(|(first, others)| {
            let same = match line.strip_suffix('…') {
                Some(start) => first.starts_with(start),
                None => first == line,
            };
            same && shows(rest, others)
        }),
    }
}

/// The commands of an `sh` block without their comments, to compare the two books.
fn commands(script: &str) -> Vec<String> {
    script
        .lines()
        .map(|line| line.split(" #").next().unwrap_or_default().trim_end())
        .filter(|line| !line.starts_with('#') && !line.is_empty())
        .map(str::to_string)
        .collect()
}

#[test]
fn the_mark_matching_is_strict() {
    let printed = ["a", "b 0.12 s", "c", "d"];
    assert!(shows(&["a", "b …", "c", "d"], &printed));
    assert!(shows(&["a", "…", "d"], &printed));
    assert!(shows(&["…"], &printed));
    assert!(shows(&["a", "b …", "…", "c", "d"], &printed));
    assert!(
        !shows(&["a", "c", "d"], &printed),
        "a line left out unmarked"
    );
    assert!(
        !shows(&["a", "b …", "c"], &printed),
        "the last line left out"
    );
    assert!(!shows(&["a", "x …", "…"], &printed));
    assert!(!shows(&["a", "b 0.12 s", "c", "d", "e"], &printed));
}

#[test]
fn each_book_lists_every_chapter_and_the_two_match() {
    let mut lists = Vec::new();
    for book in BOOKS {
        let dir = book_dir(book);
        let toml = read(&dir.join("book.toml"));
        assert!(
            toml.contains("[book]") && toml.contains("src = \"src\""),
            "{book}/book.toml"
        );
        let listed = chapters(book);
        assert!(listed.len() >= 8, "{book}: {listed:?}");
        for file in &listed {
            assert!(
                dir.join("src").join(file).is_file(),
                "{book}: {file} is listed but missing"
            );
        }
        let mut present: Vec<String> = std::fs::read_dir(dir.join("src"))
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|name| {
                Path::new(name).extension().is_some_and(|e| e == "md") && name != "SUMMARY.md"
            })
            .collect();
        present.sort();
        let mut sorted = listed.clone();
        sorted.sort();
        sorted.dedup();
        assert_eq!(sorted.len(), listed.len(), "{book}: a chapter listed twice");
        assert_eq!(
            present, sorted,
            "{book}: chapters on disk and in SUMMARY.md differ"
        );
        for file in &listed {
            let text = read(&dir.join("src").join(file));
            let found = blocks(&text);
            for (i, block) in found.iter().enumerate() {
                assert!(
                    block.kind != "text" || i > 0 && found[i - 1].kind == "sh",
                    "{book}/{file}:{}: output shown under no command, so checked by nothing",
                    block.line
                );
            }
            for picture in pictures(&text) {
                if SCREENSHOTS.contains(&picture) {
                    let path = dir.join("src").join(picture);
                    let png =
                        std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
                    assert!(
                        png.starts_with(b"\x89PNG\r\n") && png.len() as u64 <= SCREENSHOT_BYTES,
                        "{}: a PNG of at most {SCREENSHOT_BYTES} bytes",
                        path.display()
                    );
                    continue;
                }
                assert!(
                    PICTURES.iter().any(|(name, _)| *name == picture),
                    "{book}/{file} shows {picture}, which no command is checked to draw"
                );
            }
        }
        lists.push(listed);
    }
    assert!(
        lists.windows(2).all(|w| w[0] == w[1]),
        "the books' chapters differ: {lists:?}"
    );
}

/// The Markdown files under `dir`, at any depth.
fn markdown_under(dir: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            found.extend(markdown_under(&path));
        } else if path.extension().is_some_and(|e| e == "md") {
            found.push(path);
        }
    }
    found
}

/// Commands outside the books' chapters would be run by nothing.
#[test]
fn every_command_under_docs_tutorial_is_in_a_chapter() {
    let root = book_dir("");
    let chapters: Vec<PathBuf> = BOOKS
        .iter()
        .flat_map(|book| {
            chapters(book)
                .into_iter()
                .map(|c| book_dir(book).join("src").join(c))
        })
        .collect();
    for file in markdown_under(&root) {
        if !chapters.contains(&file) {
            assert!(
                !blocks(&read(&file)).iter().any(|b| b.kind == "sh"),
                "{} has commands, but is no book's chapter: nothing runs them",
                file.display()
            );
        }
    }
}

#[test]
fn the_books_run_the_same_commands_and_show_the_same_outputs() {
    let [first, others @ ..] = BOOKS else {
        unreachable!()
    };
    for chapter in chapters(first) {
        let reference = blocks(&read(&book_dir(first).join("src").join(&chapter)));
        assert!(
            reference.iter().any(|b| b.kind == "sh"),
            "{first}/{chapter} runs no command"
        );
        for book in others {
            let translated = blocks(&read(&book_dir(book).join("src").join(&chapter)));
            let pairs = |blocks: &[FencedBlock]| -> Vec<(Vec<String>, Option<String>)> {
                examples(blocks)
                    .into_iter()
                    .map(|(sh, text)| (commands(&sh.text), text.map(|t| t.text.clone())))
                    .collect()
            };
            assert_eq!(
                pairs(&reference),
                pairs(&translated),
                "{book}/{chapter} does not run what {first}/{chapter} runs, or shows other output"
            );
        }
    }
}

/// Runs every example of `book` in order in a fresh scratch directory, checking each
/// promised output; returns the directory.
fn run_book(book: &str) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let binary = assert_cmd::cargo::cargo_bin("npuzzle");
    let path = format!(
        "{}:{}",
        binary.parent().unwrap().display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let mut ran = 0;
    for chapter in chapters(book) {
        let text = read(&book_dir(book).join("src").join(&chapter));
        for (script, promised) in examples(&blocks(&text)) {
            let place = format!("{book}/{chapter}:{}", script.line);
            let output = Command::new("sh")
                .arg("-c")
                .arg(format!("set -e\n{}", script.text))
                .current_dir(dir.path())
                .env("PATH", &path)
                .env("HOME", dir.path())
                .env("NPUZZLE_CACHE_DIR", dir.path().join("cache"))
                .output()
                .unwrap();
            let stdout = String::from_utf8_lossy(&output.stdout);
            assert!(
                output.status.success(),
                "{place}: the example failed ({}):\n{}\n{stdout}\n{}",
                output.status,
                script.text,
                String::from_utf8_lossy(&output.stderr)
            );
            if let Some(promised) = promised {
                let lines: Vec<&str> = promised.text.lines().collect();
                let mut printed: Vec<&str> = stdout.lines().map(str::trim_end).collect();
                // A fenced block cannot end on a blank line.
                while printed.last() == Some(&"") {
                    printed.pop();
                }
                assert!(
                    shows(&lines, &printed),
                    "{place}: the output is not what the book shows under it:\n{}\n\
                     printed:\n{stdout}",
                    promised.text
                );
            }
            ran += 1;
        }
    }
    assert!(ran >= 16, "{book}: only {ran} examples ran");
    dir
}

#[test]
fn every_tutorial_example_runs_and_prints_what_the_book_shows() {
    for book in BOOKS {
        let scratch = run_book(book);
        for (picture, drawn) in PICTURES {
            let committed = book_dir(book).join("src").join(picture);
            let size = std::fs::metadata(&committed).unwrap().len();
            assert!(
                size <= PICTURE_BYTES,
                "{}: {size} bytes",
                committed.display()
            );
            assert!(
                std::fs::read(&committed).unwrap()
                    == std::fs::read(scratch.path().join(drawn)).unwrap(),
                "{} is not what the tutorial's command draws: copy {drawn} over it",
                committed.display()
            );
        }
    }
}
