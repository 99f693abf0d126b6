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

/// The code of a file as the import graph reads it: comments and the text of string literals
/// blanked, and inline test modules left out.
fn code(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '/' if chars.peek() == Some(&'/') => {
                for c in chars.by_ref() {
                    if c == '\n' {
                        out.push('\n');
                        break;
                    }
                }
            }
            '"' => {
                out.push('"');
                while let Some(c) = chars.next() {
                    match c {
                        '\\' => {
                            chars.next();
                        }
                        '"' => break,
                        '\n' => out.push('\n'),
                        _ => {}
                    }
                }
                out.push('"');
            }
            // A quote or a backslash as a character: not a string's start.
            '\'' if matches!(chars.peek(), Some('"' | '\\')) => {
                out.push_str("' '");
                for c in chars.by_ref() {
                    if c == '\'' {
                        break;
                    }
                }
            }
            _ => out.push(c),
        }
    }
    without_tests(&out)
}

/// `code` without its `#[cfg(test)] mod tests { … }` blocks (braces counted; strings are
/// already blank).
fn without_tests(code: &str) -> String {
    let mut out = String::new();
    let mut rest = code;
    while let Some(at) = rest.find("#[cfg(test)]") {
        out.push_str(&rest[..at]);
        let after = &rest[at..];
        // A test module written here (`mod tests { … }`), not one in its own file (`mod tests;`).
        let inline = |o: &usize| after[..*o].contains("mod ") && !after[..*o].contains(';');
        let Some(open) = after.find('{').filter(inline) else {
            out.push_str("#[cfg(test)]");
            rest = &after["#[cfg(test)]".len()..];
            continue;
        };
        let mut depth = 0;
        let mut end = after.len();
        for (i, c) in after[open..].char_indices() {
            match c {
                '{' => depth += 1,
                '}' => {
                    depth -= 1;
                    if depth == 0 {
                        end = open + i + 1;
                        break;
                    }
                }
                _ => {}
            }
        }
        rest = &after[end..];
    }
    out.push_str(rest);
    out
}

/// A file as the graph reads it: its code (see [`code`]) and its `use` statements, read once.
struct Source {
    code: String,
    uses: Vec<(bool, Vec<Used>)>,
}

impl Source {
    fn read(text: &str) -> Source {
        let code = code(text);
        let uses = uses(&code);
        Source { code, uses }
    }
}

/// One name a `use` brings in: its path's segments and the name it goes by here.
#[derive(Debug, PartialEq)]
struct Used {
    path: Vec<String>,
    name: String,
}

/// A `use` tree expanded into what it brings in: `a::{b, c::d as e, self}` is `a::b` as `b`,
/// `a::c::d` as `e` and `a` as `a`. Globs (`a::*`) keep `*` as their name.
fn expand(tree: &str, prefix: &[String], out: &mut Vec<Used>) {
    let tree = tree.trim();
    let Some(open) = tree.find('{') else {
        let (text, alias) = match tree.split_once(" as ") {
            Some((text, alias)) => (text.trim(), Some(alias.trim())),
            None => (tree, None),
        };
        let mut path: Vec<String> = prefix.to_vec();
        path.extend(
            path_segments(text)
                .into_iter()
                .filter(|s| s != "self" || prefix.is_empty()),
        );
        if let Some(last) = path.last() {
            let name = alias.unwrap_or(last).to_string();
            out.push(Used { path, name });
        }
        return;
    };
    let mut head = prefix.to_vec();
    head.extend(path_segments(&tree[..open]));
    let Some(close) = tree.rfind('}').filter(|&c| c > open) else {
        return;
    };
    let inner = &tree[open + 1..close];
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

fn path_segments(text: &str) -> Vec<String> {
    text.split("::")
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(String::from)
        .collect()
}

/// A file's `use` statements: whether each is a re-export (`pub`, `pub(crate)`, …), and what
/// it brings in.
fn uses(code: &str) -> Vec<(bool, Vec<Used>)> {
    let mut out = Vec::new();
    let bytes = code.as_bytes();
    for (at, _) in code.match_indices("use ") {
        if at > 0 && (bytes[at - 1].is_ascii_alphanumeric() || bytes[at - 1] == b'_') {
            continue;
        }
        let line_start = code[..at].rfind('\n').map_or(0, |n| n + 1);
        let lead = code[line_start..at].trim();
        if !(lead.is_empty() || lead.starts_with("pub")) {
            continue;
        }
        let Some(end) = code[at..].find(';') else {
            continue;
        };
        let tree = code[at + 4..at + end]
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ");
        let mut used = Vec::new();
        expand(&tree, &[], &mut used);
        out.push((lead.starts_with("pub"), used));
    }
    out
}

/// The names a module declares public at its top level (`pub fn x`, `pub struct X`, …) and
/// those its own re-exports bring in.
fn public_names(source: &Source) -> Vec<String> {
    let mut names = Vec::new();
    for line in source.code.lines().filter(|l| l.starts_with("pub")) {
        let words: Vec<&str> = line
            .split(|c: char| !(c.is_alphanumeric() || c == '_'))
            .filter(|w| !w.is_empty())
            .collect();
        let kinds = [
            "fn", "struct", "enum", "const", "static", "type", "trait", "mod",
        ];
        if let Some(k) = words.iter().position(|w| kinds.contains(w)) {
            if let Some(name) = words.get(k + 1) {
                names.push(name.to_string());
            }
        }
    }
    for (public, used) in &source.uses {
        if *public {
            names.extend(used.iter().map(|u| u.name.clone()).filter(|n| n != "*"));
        }
    }
    names
}

/// The modules of `src/`, and the items each re-exports from a child (`pub use child::Item`,
/// `pub use child::*`), so that a path through a re-export counts as importing the child that
/// defines the item.
struct Modules {
    known: BTreeSet<Vec<String>>,
    reexports: BTreeMap<(Vec<String>, String), Vec<String>>,
}

impl Modules {
    fn read(files: &BTreeMap<Vec<String>, Source>) -> Modules {
        let known: BTreeSet<Vec<String>> = files.keys().cloned().collect();
        let mut reexports = BTreeMap::new();
        for (module, source) in files {
            for (_, used) in source.uses.iter().filter(|(public, _)| *public) {
                for u in used {
                    let path = match u.path.first().map(String::as_str) {
                        Some("self") => &u.path[1..],
                        _ => &u.path[..],
                    };
                    let Some(child_name) = path.first().filter(|_| path.len() > 1) else {
                        continue;
                    };
                    let child = [module.clone(), vec![child_name.clone()]].concat();
                    if !known.contains(&child) {
                        continue;
                    }
                    if u.name == "*" {
                        for name in public_names(&files[&child]) {
                            reexports
                                .entry((module.clone(), name))
                                .or_insert(child.clone());
                        }
                    } else {
                        reexports.insert((module.clone(), u.name.clone()), child);
                    }
                }
            }
        }
        Modules { known, reexports }
    }

    /// Where a path begins, from `module`'s code: `crate::`, `super::` (as many as there
    /// are), or a name `aliases` maps to a module; and the segments after that.
    fn start<'p>(
        path: &'p [String],
        module: &[String],
        aliases: &BTreeMap<String, Vec<String>>,
    ) -> Option<(Vec<String>, &'p [String])> {
        match path.first().map(String::as_str)? {
            "crate" => Some((crate_root(module), &path[1..])),
            "super" => {
                // `super` of `a/b.rs` and of `a/b/mod.rs` (both module `a::b`) is `a`.
                let ups = path.iter().take_while(|s| *s == "super").count();
                let base = module[..module.len().checked_sub(ups)?].to_vec();
                Some((base, &path[ups..]))
            }
            name => aliases.get(name).map(|m| (m.clone(), &path[1..])),
        }
    }

    /// The module a path names, from `module`'s code: the longest known module it begins with,
    /// followed through the re-exports of the items after it.
    fn target(
        &self,
        path: &[String],
        module: &[String],
        aliases: &BTreeMap<String, Vec<String>>,
    ) -> Option<Vec<String>> {
        let (mut base, rest) = Self::start(path, module, aliases)?;
        let mut found = self.known.contains(&base).then(|| base.clone());
        for s in rest {
            let mut deeper = base.clone();
            deeper.push(s.clone());
            if self.known.contains(&deeper) {
                base = deeper;
            } else if let Some(child) = self.reexports.get(&(base.clone(), s.clone())) {
                base = child.clone();
            } else {
                break;
            }
            found = Some(base.clone());
        }
        found
    }

    /// The modules a file's `use` statements name as modules (`use super::words;`), by the
    /// name they go by there.
    fn aliases(&self, source: &Source, module: &[String]) -> BTreeMap<String, Vec<String>> {
        let none = BTreeMap::new();
        let mut aliases = BTreeMap::new();
        for (_, used) in &source.uses {
            for u in used {
                let Some((mut base, rest)) = Self::start(&u.path, module, &none) else {
                    continue;
                };
                base.extend(rest.iter().cloned());
                if u.name != "*" && self.known.contains(&base) {
                    aliases.insert(u.name.clone(), base);
                }
            }
        }
        aliases
    }
}

/// Every path written in a file (`a::b::c`), as segments; `use` statements included.
fn written_paths(source: &Source) -> Vec<Vec<String>> {
    let code = &source.code;
    let mut out = Vec::new();
    for (_, used) in &source.uses {
        out.extend(used.iter().map(|u| u.path.clone()));
    }
    let is_ident = |c: char| c.is_alphanumeric() || c == '_';
    let chars: Vec<(usize, char)> = code.char_indices().collect();
    let mut i = 0;
    while i < chars.len() {
        let (at, c) = chars[i];
        let starts = is_ident(c)
            && (i == 0 || {
                let before = chars[i - 1].1;
                !is_ident(before) && before != ':'
            });
        if !starts {
            i += 1;
            continue;
        }
        let mut j = i;
        while j < chars.len() && (is_ident(chars[j].1) || chars[j].1 == ':') {
            j += 1;
        }
        let end = chars.get(j).map_or(code.len(), |(e, _)| *e);
        let text = &code[at..end];
        if text.contains("::") {
            out.push(path_segments(text));
        }
        i = j;
    }
    out
}

/// Module -> the modules it imports, neither its ancestors nor its descendants.
fn imports() -> BTreeMap<Vec<String>, BTreeSet<Vec<String>>> {
    let mut files = Vec::new();
    sources(&src(), &mut files);
    let files: BTreeMap<Vec<String>, Source> = files
        .iter()
        .map(|f| {
            (
                module_of(f),
                Source::read(&std::fs::read_to_string(f).unwrap()),
            )
        })
        .collect();
    let modules = Modules::read(&files);
    let mut graph = BTreeMap::new();
    for (module, source) in &files {
        let aliases = modules.aliases(source, module);
        let mut to = BTreeSet::new();
        for path in written_paths(source) {
            if let Some(t) = modules.target(&path, module, &aliases) {
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
    // Each circle with its imports, so whoever breaks it sees where.
    let shown: Vec<String> = found
        .iter()
        .map(|circle| {
            let edges: Vec<String> = circle
                .iter()
                .flat_map(|a| {
                    let from = a.split("::").map(String::from).collect::<Vec<_>>();
                    graph[&from]
                        .iter()
                        .map(|t| t.join("::"))
                        .filter(|t| circle.contains(t))
                        .map(|t| format!("{a} -> {t}"))
                        .collect::<Vec<_>>()
                })
                .collect();
            edges.join(", ")
        })
        .collect();
    assert!(
        found.is_empty(),
        "modules that import each other (move what they share to one of them, or below \
         both):\n{}",
        shown.join("\n")
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
    let mut used = Vec::new();
    expand(
        "super::{board::{tables, SIZE as N}, self, Kind}",
        &[],
        &mut used,
    );
    let read: Vec<(String, &str)> = used
        .iter()
        .map(|u| (u.path.join("::"), u.name.as_str()))
        .collect();
    let expected = [
        ("super::board::tables", "tables"),
        ("super::board::SIZE", "N"),
        ("super", "super"),
        ("super::Kind", "Kind"),
    ];
    assert_eq!(read, expected.map(|(p, n)| (p.to_string(), n)));
}

#[test]
fn the_reading_skips_strings_comments_and_tests() {
    let text = "use super::a; // use crate::b;\n\
                fn f() { let s = \"crate::c and use crate::d;\"; words::g(); }\n\
                #[cfg(test)]\nmod tests { use crate::e; }\n\
                pub struct After(crate::f::F);\n\
                #[cfg(test)]\nmod other;\n\
                fn g() -> crate::h::H { todo!() }\n";
    let paths: BTreeSet<String> = written_paths(&Source::read(text))
        .iter()
        .map(|p| p.join("::"))
        .collect();
    let expected = ["super::a", "words::g", "crate::f::F", "crate::h::H"];
    assert_eq!(paths, BTreeSet::from(expected.map(String::from)));
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
