//! The shape of the source, kept as the team agreed it: no file in `src/` over 600 lines, and
//! no two modules that import each other, directly or round a longer circle (each module of
//! a circle can only be read, tested and moved with all the others).

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The most lines a source file may have.
const MOST_LINES: usize = 600;

/// Every `.rs` file below `dir`.
fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

/// A file's module path from `src/` (`app/schema/mod.rs` is `app::schema`); a binary's files
/// start with `bin` and the binary's name, its own crate.
fn module_of(file: &Path) -> Vec<String> {
    let relative = file.strip_prefix(src()).unwrap().with_extension("");
    let mut parts: Vec<String> = relative
        .iter()
        .map(|p| p.to_string_lossy().into_owned())
        .collect();
    if matches!(
        parts.last().map(String::as_str),
        Some("mod" | "lib" | "main")
    ) {
        parts.pop();
    }
    parts
}

/// The crate a module belongs to: the library's (empty) or a binary's (`bin`, its name).
fn crate_root(module: &[String]) -> Vec<String> {
    match module {
        [bin, name, ..] if bin == "bin" => vec![bin.clone(), name.clone()],
        _ => Vec::new(),
    }
}

/// The code of a file without its comments and inline test module.
fn code(text: &str) -> String {
    let text = match text.find("#[cfg(test)]\nmod tests {") {
        Some(at) => &text[..at],
        None => text,
    };
    text.lines()
        .map(|l| match l.trim_start().starts_with("//") {
            true => "",
            false => l,
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// `use` trees expanded into their paths: `a::{b, c::d}` is `a::b` and `a::c::d`.
fn expand(tree: &str, prefix: &str, out: &mut Vec<String>) {
    let tree = tree.trim();
    match tree.find('{') {
        None => out.push(format!("{prefix}{tree}")),
        Some(open) => {
            let head = format!("{prefix}{}", &tree[..open]);
            let inner = &tree[open + 1..tree.rfind('}').unwrap()];
            let (mut depth, mut start) = (0, 0);
            for (i, c) in inner.char_indices() {
                match c {
                    '{' => depth += 1,
                    '}' => depth -= 1,
                    ',' if depth == 0 => {
                        expand(&inner[start..i], &head, out);
                        start = i + 1;
                    }
                    _ => {}
                }
            }
            if !inner[start..].trim().is_empty() {
                expand(&inner[start..], &head, out);
            }
        }
    }
}

/// Every path a file's code names from `crate::` or `super::`: its `use` items and the paths
/// written in its code.
fn paths(code: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = code;
    while let Some(at) = rest.find("use ") {
        let before = rest[..at].chars().last();
        rest = &rest[at + 4..];
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
            continue;
        }
        if let Some(end) = rest.find(';') {
            expand(&rest[..end].replace(char::is_whitespace, ""), "", &mut out);
        }
    }
    let bytes = code.as_bytes();
    for start in ["crate::", "super::"] {
        for (at, _) in code.match_indices(start) {
            if at > 0 && (bytes[at - 1].is_ascii_alphanumeric() || bytes[at - 1] == b'_') {
                continue;
            }
            let end = code[at..]
                .find(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':'))
                .map_or(code.len(), |e| at + e);
            out.push(code[at..end].to_string());
        }
    }
    out
}

/// The modules of `src/`, and the items each re-exports from a child (`pub use child::Item`),
/// so that a path through a re-export counts as importing the child that defines the item.
struct Modules {
    known: BTreeSet<Vec<String>>,
    reexports: BTreeMap<(Vec<String>, String), Vec<String>>,
}

impl Modules {
    fn read(files: &[(Vec<String>, String)]) -> Modules {
        let known: BTreeSet<Vec<String>> = files.iter().map(|(m, _)| m.clone()).collect();
        let mut reexports = BTreeMap::new();
        for (module, code) in files {
            for line in code.split(';') {
                let Some(tree) = line.trim().strip_prefix("pub use ") else {
                    continue;
                };
                let mut items = Vec::new();
                expand(&tree.replace(char::is_whitespace, " "), "", &mut items);
                for item in items {
                    // `child::Item as Name` exports `Name`.
                    let (item, renamed) = match item.split_once(" as ") {
                        Some((item, name)) => {
                            (item.replace(' ', ""), Some(name.trim().to_string()))
                        }
                        None => (item.replace(' ', ""), None),
                    };
                    let item = item.strip_prefix("self::").unwrap_or(&item);
                    let Some((child, rest)) = item.split_once("::") else {
                        continue;
                    };
                    let child = [module.clone(), vec![child.to_string()]].concat();
                    let name = renamed
                        .unwrap_or_else(|| rest.rsplit("::").next().unwrap_or(rest).to_string());
                    if known.contains(&child) {
                        reexports.insert((module.clone(), name), child);
                    }
                }
            }
        }
        Modules { known, reexports }
    }

    /// The module a path names, from `module`'s code: the longest known module it begins with,
    /// followed through the re-exports of the item after it.
    fn target(&self, path: &str, module: &[String]) -> Option<Vec<String>> {
        let mut segments = path.split("::").filter(|s| !s.is_empty()).peekable();
        let mut base: Vec<String> = match segments.peek().copied() {
            Some("crate") => {
                segments.next();
                crate_root(module)
            }
            Some("super") => {
                // `super` of `a/b.rs` and of `a/b/mod.rs` (both module `a::b`) is `a`.
                let mut base = module.to_vec();
                while segments.peek() == Some(&"super") {
                    segments.next();
                    base.pop();
                }
                base
            }
            _ => return None,
        };
        let mut found = None;
        for s in segments {
            if let Some(child) = found
                .as_ref()
                .filter(|f| *f == &base)
                .and_then(|f: &Vec<String>| self.reexports.get(&(f.clone(), s.to_string())))
            {
                found = Some(child.clone());
                base = child.clone();
                continue;
            }
            base.push(s.to_string());
            if self.known.contains(&base) {
                found = Some(base.clone());
            }
        }
        found
    }
}

/// Module -> the modules it imports, neither its ancestors nor its descendants.
fn imports() -> BTreeMap<Vec<String>, BTreeSet<Vec<String>>> {
    let mut files = Vec::new();
    sources(&src(), &mut files);
    let files: Vec<(Vec<String>, String)> = files
        .iter()
        .map(|f| (module_of(f), code(&std::fs::read_to_string(f).unwrap())))
        .collect();
    let modules = Modules::read(&files);
    let mut graph = BTreeMap::new();
    for (module, code) in &files {
        let mut to = BTreeSet::new();
        for path in paths(code) {
            if let Some(t) = modules.target(&path, module) {
                if !t.starts_with(module) && !module.starts_with(&t) {
                    to.insert(t);
                }
            }
        }
        graph.insert(module.clone(), to);
    }
    graph
}

/// The circles of `graph`: its strongly connected parts of two modules or more (Tarjan).
fn circles(graph: &BTreeMap<Vec<String>, BTreeSet<Vec<String>>>) -> Vec<Vec<String>> {
    struct Walk<'a> {
        graph: &'a BTreeMap<Vec<String>, BTreeSet<Vec<String>>>,
        index: BTreeMap<&'a Vec<String>, (usize, usize)>,
        stack: Vec<&'a Vec<String>>,
        found: Vec<Vec<String>>,
    }
    fn visit<'a>(w: &mut Walk<'a>, v: &'a Vec<String>) {
        let n = w.index.len();
        w.index.insert(v, (n, n));
        w.stack.push(v);
        for t in w.graph.get(v).into_iter().flatten() {
            let Some((t, _)) = w.graph.get_key_value(t) else {
                continue;
            };
            match w.index.get(t).copied() {
                None => {
                    visit(w, t);
                    let low = w.index[t].1.min(w.index[v].1);
                    w.index.get_mut(v).unwrap().1 = low;
                }
                Some((ti, _)) if w.stack.contains(&t) => {
                    let low = ti.min(w.index[v].1);
                    w.index.get_mut(v).unwrap().1 = low;
                }
                Some(_) => {}
            }
        }
        let (i, low) = w.index[v];
        if i == low {
            let mut part = Vec::new();
            while let Some(m) = w.stack.pop() {
                part.push(m.join("::"));
                if m == v {
                    break;
                }
            }
            if part.len() > 1 {
                part.sort();
                w.found.push(part);
            }
        }
    }
    let mut w = Walk {
        graph,
        index: BTreeMap::new(),
        stack: Vec::new(),
        found: Vec::new(),
    };
    for v in graph.keys() {
        if !w.index.contains_key(v) {
            visit(&mut w, v);
        }
    }
    w.found
}

#[test]
fn no_two_modules_import_each_other() {
    let graph = imports();
    assert!(graph.len() > 100, "the source was not found");
    // The reading must see real imports: Epoch's refusals read its board's square names.
    let m = |s: &str| s.split("::").map(String::from).collect::<Vec<_>>();
    assert!(graph[&m("rules::epoch::refusal")].contains(&m("rules::epoch::board")));
    // ... and through re-exports: `crate::rules::VariantId` is defined by the registry.
    assert!(graph[&m("rules::chess")].contains(&m("rules::registry")));
    let found = circles(&graph);
    assert!(
        found.is_empty(),
        "modules that import each other (move what they share to one of them, or below both): {found:?}"
    );
}

#[test]
fn the_circle_finder_finds_a_circle() {
    let m = |s: &str| s.split("::").map(String::from).collect::<Vec<_>>();
    let mut graph = BTreeMap::new();
    graph.insert(m("a"), BTreeSet::from([m("b")]));
    graph.insert(m("b"), BTreeSet::from([m("c")]));
    graph.insert(m("c"), BTreeSet::from([m("a")]));
    graph.insert(m("d"), BTreeSet::from([m("a")]));
    assert_eq!(circles(&graph), vec![vec!["a", "b", "c"]]);
    let mut paths_of = Vec::new();
    expand("super::{board::{tables, SIZE}, Kind}", "", &mut paths_of);
    assert_eq!(
        paths_of,
        ["super::board::tables", "super::board::SIZE", "super::Kind"]
    );
}

#[test]
fn no_source_file_is_over_600_lines() {
    let mut files = Vec::new();
    sources(&src(), &mut files);
    let long: Vec<String> = files
        .iter()
        .filter_map(|f| {
            let lines = std::fs::read_to_string(f).unwrap().lines().count();
            (lines > MOST_LINES).then(|| format!("{} ({lines} lines)", module_of(f).join("/")))
        })
        .collect();
    assert!(long.is_empty(), "files over {MOST_LINES} lines: {long:?}");
}
