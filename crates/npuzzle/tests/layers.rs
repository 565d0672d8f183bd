//! The library's layout is its architecture: modules are grouped into bands (folders of
//! `src/`), and a module uses only its own band and the bands below it. This test reads
//! every source file and fails on a use of a higher band, on a path that names no band
//! (so the band of every use can be seen where it is written), and on files that use each
//! other round a loop. Test modules may use anything.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::Path;

/// The bands, lowest first (docs/ARCHITECTURE.md says what each holds).
const BANDS: &[&str] = &[
    "util",
    "search",
    "puzzle",
    "tables",
    "fast_idastar",
    "pdb",
    "answer",
    "solving",
    "services",
];

/// A module's path from the crate root, e.g. `["tables", "cache"]`.
type ModulePath = Vec<String>;

/// Every source file of the crate: its module path and its text without tests and
/// comments. A test module in a file of its own (`#[cfg(test)] mod tests;`) reads as empty.
fn sources() -> BTreeMap<ModulePath, String> {
    let texts = raw_sources();
    texts
        .iter()
        .map(|(module, text)| {
            let code = if is_test_file(module, &texts) {
                String::new()
            } else {
                code_of(text)
            };
            (module.clone(), code)
        })
        .collect()
}

/// Whether `module`'s parent declares it under `#[cfg(test)]`.
fn is_test_file(module: &ModulePath, texts: &BTreeMap<ModulePath, String>) -> bool {
    let Some((name, parent)) = module.split_last() else {
        return false;
    };
    let declaration = format!("mod {name};");
    texts.get(parent).is_some_and(|text| {
        let lines: Vec<&str> = text.lines().map(str::trim).collect();
        lines
            .windows(2)
            .any(|pair| pair[0] == "#[cfg(test)]" && pair[1] == declaration)
    })
}

/// Every source file of the crate: its module path and its whole text.
fn raw_sources() -> BTreeMap<ModulePath, String> {
    fn walk(dir: &Path, prefix: &[String], out: &mut BTreeMap<ModulePath, String>) {
        for entry in fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            let name = path.file_stem().unwrap().to_string_lossy().into_owned();
            if path.is_dir() {
                let mut inner = prefix.to_vec();
                inner.push(name);
                walk(&path, &inner, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let mut module = prefix.to_vec();
                if name != "mod" && name != "lib" {
                    module.push(name);
                }
                out.insert(module, fs::read_to_string(&path).unwrap());
            }
        }
    }
    let mut out = BTreeMap::new();
    walk(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("src"),
        &[],
        &mut out,
    );
    out
}

/// `text` without its test module (from `#[cfg(test)]` before `mod`) and comments.
fn code_of(text: &str) -> String {
    let lines: Vec<&str> = text.lines().collect();
    let end = (0..lines.len())
        .find(|&i| {
            lines[i].trim() == "#[cfg(test)]"
                && lines
                    .get(i + 1)
                    .is_some_and(|next| next.trim_start().starts_with("mod "))
        })
        .unwrap_or(lines.len());
    lines[..end]
        .iter()
        .map(|line| match line.find("//") {
            Some(at) => &line[..at],
            None => line,
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// Every path the code names from `crate` or `super`, made absolute, with
/// groups (`crate::a::{b, c::d}`) spread out.
fn paths_used(module: &ModulePath, code: &str) -> Vec<ModulePath> {
    let tokens = tokens(code);
    let mut out = Vec::new();
    for (i, token) in tokens.iter().enumerate() {
        let base: ModulePath = match token.as_str() {
            "crate" => Vec::new(),
            "super" => module[..module.len().saturating_sub(1)].to_vec(),
            _ => continue,
        };
        if i > 0 && tokens[i - 1] == "::" || tokens.get(i + 1).is_none_or(|t| t != "::") {
            continue; // `super::super` is read from its first `super`; `pub(crate)` is no path
        }
        let mut rest = &tokens[i + 1..];
        tree(&mut rest, base, &mut out);
    }
    out
}

/// Reads a use-tree after its root: `::name::name`, `::{tree, tree}`, `::*`.
fn tree(tokens: &mut &[String], mut path: ModulePath, out: &mut Vec<ModulePath>) {
    while tokens.first().is_some_and(|t| t == "::") {
        *tokens = &tokens[1..];
        match tokens.first().map(String::as_str) {
            Some("{") => {
                *tokens = &tokens[1..];
                loop {
                    match tokens.first().map(String::as_str) {
                        Some("}") | None => break,
                        Some(",") => *tokens = &tokens[1..],
                        Some(_) => {
                            let mut inner = path.clone();
                            inner.push(tokens[0].clone());
                            *tokens = &tokens[1..];
                            tree(tokens, inner, out);
                        }
                    }
                }
                *tokens = tokens.get(1..).unwrap_or(&[]);
                out.push(path);
                return;
            }
            Some("super") => {
                path.pop();
                *tokens = &tokens[1..];
            }
            Some(name) if name.chars().all(|c| c.is_alphanumeric() || c == '_') => {
                path.push(name.to_string());
                *tokens = &tokens[1..];
            }
            _ => break,
        }
    }
    out.push(path);
}

/// Identifiers, `::`, braces and commas, in order.
fn tokens(code: &str) -> Vec<String> {
    let mut out = Vec::new();
    let chars: Vec<char> = code.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c.is_alphanumeric() || c == '_' {
            let start = i;
            while i < chars.len() && (chars[i].is_alphanumeric() || chars[i] == '_') {
                i += 1;
            }
            out.push(chars[start..i].iter().collect());
            continue;
        }
        if c == ':' && chars.get(i + 1) == Some(&':') {
            out.push("::".into());
            i += 2;
            continue;
        }
        if matches!(c, '{' | '}' | ',' | '*') {
            out.push(c.to_string());
        } else if !c.is_whitespace() {
            out.push(" ".into());
        }
        i += 1;
    }
    out
}

/// The module files of the crate and what each uses: its band checked, its file edges.
struct Layout {
    files: BTreeMap<ModulePath, String>,
}

impl Layout {
    fn read() -> Layout {
        Layout { files: sources() }
    }

    /// The longest prefix of `path` that is a module file.
    fn file_of(&self, path: &[String]) -> ModulePath {
        (0..=path.len())
            .rev()
            .map(|n| path[..n].to_vec())
            .find(|p| self.files.contains_key(p))
            .unwrap_or_default()
    }

    fn uses(&self, module: &ModulePath) -> Vec<ModulePath> {
        paths_used(module, &self.files[module])
    }
}

fn band_of(path: &[String]) -> Option<usize> {
    BANDS
        .iter()
        .position(|b| path.first().is_some_and(|p| p == b))
}

#[test]
fn every_module_uses_only_its_band_and_those_below() {
    let layout = Layout::read();
    let mut wrong = Vec::new();
    for module in layout.files.keys().filter(|m| !m.is_empty()) {
        let own = band_of(module)
            .unwrap_or_else(|| panic!("src/{} is in no band of {BANDS:?}", module.join("/")));
        for used in layout.uses(module) {
            match band_of(&used) {
                Some(band) if band <= own => {}
                Some(_) => wrong.push(format!(
                    "{} (band {}) uses {} of a higher band",
                    module.join("::"),
                    BANDS[own],
                    used.join("::")
                )),
                None => wrong.push(format!(
                    "{} uses crate::{}, which names no band (write the band's path)",
                    module.join("::"),
                    used.join("::")
                )),
            }
        }
    }
    wrong.sort();
    wrong.dedup();
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn no_files_use_each_other_round_a_loop() {
    let layout = Layout::read();
    // Edges between files; a file's use of its own ancestors (a module's parent
    // declares it) is not one.
    let mut edges: BTreeMap<ModulePath, BTreeSet<ModulePath>> = BTreeMap::new();
    for module in layout.files.keys() {
        for used in layout.uses(module) {
            let file = layout.file_of(&used);
            if file != *module && !module.starts_with(&file) && !file.starts_with(module) {
                edges.entry(module.clone()).or_default().insert(file);
            }
        }
    }
    let mut state = BTreeMap::new();
    for module in layout.files.keys() {
        let cycle = visit(module, &edges, &mut state, &mut Vec::new());
        assert!(
            cycle.is_none(),
            "files used round a loop: {}",
            cycle
                .unwrap()
                .iter()
                .map(|m| m.join("::"))
                .collect::<Vec<_>>()
                .join(" -> ")
        );
    }
}

/// A loop of edges through `node`, found depth first (`state`: false while on the stack).
fn visit(
    node: &ModulePath,
    edges: &BTreeMap<ModulePath, BTreeSet<ModulePath>>,
    state: &mut BTreeMap<ModulePath, bool>,
    stack: &mut Vec<ModulePath>,
) -> Option<Vec<ModulePath>> {
    match state.get(node) {
        Some(true) => return None,
        Some(false) => {
            let at = stack.iter().position(|n| n == node).unwrap();
            return Some(stack[at..].to_vec());
        }
        None => {}
    }
    state.insert(node.clone(), false);
    stack.push(node.clone());
    for next in edges.get(node).into_iter().flatten() {
        if let Some(cycle) = visit(next, edges, state, stack) {
            return Some(cycle);
        }
    }
    stack.pop();
    state.insert(node.clone(), true);
    None
}

/// The reader itself: a group, `super` and a higher band are read as written.
#[test]
fn the_reader_spreads_groups_and_resolves_super() {
    let module: ModulePath = vec!["pdb".into(), "database".into()];
    let used = paths_used(
        &module,
        "use crate::tables::{cache::Cache, partition::{self, Partition}};\n\
         use super::build::Build; let x = crate::solving::plan::x();",
    );
    let text: Vec<String> = used.iter().map(|p| p.join("::")).collect();
    for expected in [
        "tables::cache::Cache",
        "tables::partition::self",
        "tables::partition::Partition",
        "pdb::build::Build",
        "solving::plan::x",
    ] {
        assert!(
            text.contains(&expected.to_string()),
            "{expected} not in {text:?}"
        );
    }
    assert_eq!(band_of(&used[used.len() - 1]), Some(7));
}

#[test]
fn only_a_file_declared_under_cfg_test_is_a_test_module() {
    let path = |p: &str| -> ModulePath { p.split('/').map(String::from).collect() };
    let texts: BTreeMap<ModulePath, String> = [
        (
            path("search/walk"),
            "fn f() {}\n#[cfg(test)]\nmod tests;\nmod steps;\n".into(),
        ),
        (path("search/walk/tests"), "use crate::solving::x;".into()),
        (path("search/walk/steps"), "use crate::solving::x;".into()),
    ]
    .into();
    assert!(is_test_file(&path("search/walk/tests"), &texts));
    assert!(!is_test_file(&path("search/walk/steps"), &texts));
    assert!(!is_test_file(&path("search/walk"), &texts));
}
