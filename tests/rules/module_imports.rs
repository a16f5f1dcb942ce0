//! The layering of `src/`'s modules, read from the source text.
//!
//! Layers, lowest first: games ← store ← service ← discord. `games` imports no other module
//! of the crate; `store` may import `games`; `service` may import `store` and `games`;
//! `discord` may import `service` and `games` but not `store`. The other top-level modules
//! (`clock`, `i18n`) may be imported by any layer but `games`, and must not import `discord`.
//!
//! Each game lives in its own folder, `games/<game>/`: nothing outside that folder imports from
//! inside it except `games/registry.rs`, the list of games. What the games share sits in the
//! host's folders beside them (`games/interface/`, what a game implements; `games/kit/`, what
//! the games use; `games/art/`, the card-art renderer; `games/drivers/`, code written once over
//! the interface), and anyone may import it. The root of `games/` holds nothing else. Within `src/discord/` and within `src/discord/view/`, no two
//! sibling files (or a file and a sibling directory module) may import each other, directly
//! or round a longer cycle.
//!
//! Imports are `use crate::…`, `use super::…`, `use self::…`, `use child::…` (a child module of
//! the current one), in any `{…}` grouping, and `crate::…`/`super::…`/`self::…` paths written
//! inline in code. Comments and string literals are ignored; inline `mod x { … }` blocks
//! (such as unit tests) are followed so `super::` resolves correctly. Re-exports are not
//! followed: `use super::Message` in `view/table.rs` is an import of `view` itself, not of
//! `view/model.rs`.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// The crate's layers, lowest first.
const LAYERS: &[&str] = &["games", "store", "service", "discord"];
/// Top-level modules outside the layers.
const OTHERS: &[&str] = &["clock", "i18n"];
/// The one module outside a game's folder that may import from inside it.
const REGISTRY: &str = "games/registry.rs";
/// The folders of `games/` that are not games: the host's, shared by every game.
const HOST_FOLDERS: &[&str] = &["interface", "kit", "art", "drivers"];
/// The only files at the root of `games/`; everything else is in a folder.
const GAMES_ROOT_FILES: &[&str] = &["mod.rs", "registry.rs"];

/// One import of one module by a file.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
struct Import {
    /// The importing file, relative to `src/` (`discord/bot.rs`).
    file: String,
    line: usize,
    /// The importing file's module path (`["discord", "bot"]`).
    from: Vec<String>,
    /// The imported path, resolved from the crate root (`["store", "Store"]`).
    to: Vec<String>,
    /// Inside a `#[cfg(test)]` module (or a `tests` module).
    test_only: bool,
}

/// What is wrong with a source tree.
#[derive(Debug, Default, PartialEq, Eq)]
struct Report {
    /// `file:line: <from> imports <to> (path)` for each upward or forbidden import.
    layer_violations: Vec<String>,
    /// Each cycle: the directory, then its files in order, then the import lines that make it.
    cycles: Vec<Cycle>,
}

#[derive(Debug, PartialEq, Eq)]
struct Cycle {
    dir: String,
    /// The files of the strongly connected component, sorted.
    files: Vec<String>,
    /// `a.rs → b.rs (a.rs:12)` for each import between two of them.
    edges: Vec<String>,
}

impl Report {
    fn is_clean(&self) -> bool {
        self.layer_violations.is_empty() && self.cycles.is_empty()
    }

    fn describe(&self) -> String {
        let mut out = String::new();
        out += &format!(
            "{} upward or forbidden layer import(s):\n",
            self.layer_violations.len()
        );
        for v in &self.layer_violations {
            out += &format!("  {v}\n");
        }
        out += &format!("{} import cycle(s):\n", self.cycles.len());
        for c in &self.cycles {
            out += &format!("  in src/{}/: {}\n", c.dir, c.files.join(", "));
            for e in &c.edges {
                out += &format!("      {e}\n");
            }
        }
        out
    }
}

// ---- reading the source ------------------------------------------------------------------

/// The module path of a file relative to `src/`, or `None` for the binary's `main.rs`.
fn module_of(file: &str) -> Option<Vec<String>> {
    if file == "main.rs" || file.starts_with("bin/") {
        return None;
    }
    let stem = file.strip_suffix(".rs")?;
    let mut parts: Vec<String> = stem.split('/').map(str::to_string).collect();
    if matches!(parts.last().map(String::as_str), Some("mod") | Some("lib")) {
        parts.pop();
    }
    Some(parts)
}

/// The text with comments and string/char literals blanked (newlines kept).
fn strip(text: &str) -> String {
    let c: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let blank = |out: &mut String, ch: char| out.push(if ch == '\n' { '\n' } else { ' ' });
    let mut i = 0;
    while i < c.len() {
        let at = |k: usize| c.get(k).copied().unwrap_or('\0');
        if at(i) == '/' && at(i + 1) == '/' {
            while i < c.len() && c[i] != '\n' {
                i += 1;
            }
        } else if at(i) == '/' && at(i + 1) == '*' {
            let mut depth = 0;
            while i < c.len() {
                if at(i) == '/' && at(i + 1) == '*' {
                    depth += 1;
                    out.push_str("  ");
                    i += 2;
                } else if at(i) == '*' && at(i + 1) == '/' {
                    depth -= 1;
                    out.push_str("  ");
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    blank(&mut out, c[i]);
                    i += 1;
                }
            }
        } else if at(i) == 'r'
            && (at(i + 1) == '"' || (at(i + 1) == '#' && matches!(at(i + 2), '"' | '#')))
            && !(i > 0 && (c[i - 1].is_alphanumeric() || c[i - 1] == '_'))
        {
            // Raw string r"…", r#"…"#.
            let mut hashes = 0;
            i += 1;
            while at(i) == '#' {
                hashes += 1;
                i += 1;
            }
            i += 1; // the opening quote
            out.push(' ');
            while i < c.len() {
                if c[i] == '"' && (1..=hashes).all(|k| at(i + k) == '#') {
                    i += 1 + hashes;
                    break;
                }
                blank(&mut out, c[i]);
                i += 1;
            }
        } else if at(i) == '"' {
            i += 1;
            while i < c.len() && c[i] != '"' {
                if c[i] == '\\' {
                    blank(&mut out, c[i]);
                    i += 1;
                }
                if i < c.len() {
                    blank(&mut out, c[i]);
                    i += 1;
                }
            }
            i += 1;
            out.push(' ');
        } else if at(i) == '\'' && (at(i + 1) == '\\' || at(i + 2) == '\'') {
            // A char literal ('x', '\n', '\u{..}'); a lifetime ('a) is left alone.
            i += 1;
            while i < c.len() && c[i] != '\'' {
                if c[i] == '\\' {
                    i += 1;
                }
                i += 1;
            }
            i += 1;
            out.push(' ');
        } else {
            out.push(c[i]);
            i += 1;
        }
    }
    out
}

#[derive(Debug, Clone, PartialEq)]
enum Tok {
    Ident(String),
    /// `::`
    Path,
    Punct(char),
}

fn tokens(text: &str) -> Vec<(Tok, usize)> {
    let c: Vec<char> = strip(text).chars().collect();
    let mut out = Vec::new();
    let (mut i, mut line) = (0, 1);
    while i < c.len() {
        let ch = c[i];
        if ch == '\n' {
            line += 1;
            i += 1;
        } else if ch.is_whitespace() {
            i += 1;
        } else if ch.is_alphanumeric() || ch == '_' {
            let start = i;
            while i < c.len() && (c[i].is_alphanumeric() || c[i] == '_') {
                i += 1;
            }
            out.push((Tok::Ident(c[start..i].iter().collect()), line));
        } else if ch == ':' && c.get(i + 1) == Some(&':') {
            out.push((Tok::Path, line));
            i += 2;
        } else {
            out.push((Tok::Punct(ch), line));
            i += 1;
        }
    }
    out
}

/// Expands a use tree (`a::{b, c::{self, d}}`) into its paths; renames are dropped.
fn use_paths(toks: &[Tok]) -> Vec<Vec<String>> {
    fn tree(toks: &[Tok], i: &mut usize, prefix: &[String], out: &mut Vec<Vec<String>>) {
        let mut path = prefix.to_vec();
        loop {
            match toks.get(*i) {
                Some(Tok::Punct('{')) => {
                    *i += 1;
                    loop {
                        match toks.get(*i) {
                            Some(Tok::Punct('}')) => {
                                *i += 1;
                                return;
                            }
                            Some(Tok::Punct(',')) => *i += 1,
                            None => return,
                            _ => tree(toks, i, &path, out),
                        }
                    }
                }
                Some(Tok::Punct('*')) => {
                    *i += 1;
                    out.push(path);
                    return;
                }
                Some(Tok::Ident(s)) if s == "self" && !path.is_empty() && path == prefix => {
                    // `{self, …}` names the prefix itself.
                    *i += 1;
                    out.push(path.clone());
                }
                Some(Tok::Ident(s)) => {
                    path.push(s.clone());
                    *i += 1;
                }
                Some(Tok::Punct('$')) => *i += 1,
                _ => {}
            }
            match toks.get(*i) {
                Some(Tok::Path) => *i += 1,
                Some(Tok::Ident(s)) if s == "as" => {
                    *i += 2;
                    if path != prefix {
                        out.push(path);
                    }
                    return;
                }
                _ => {
                    if path != prefix {
                        out.push(path);
                    }
                    return;
                }
            }
        }
    }
    let mut out = Vec::new();
    let mut i = 0;
    if matches!(toks.first(), Some(Tok::Path)) {
        i = 1; // `use ::std::…`
    }
    tree(toks, &mut i, &[], &mut out);
    out
}

/// Every crate-internal import of one file, resolved from the crate root.
fn imports_of(file: &str, text: &str, modules: &BTreeSet<Vec<String>>) -> Vec<Import> {
    let Some(file_module) = module_of(file) else {
        return Vec::new();
    };
    let toks = tokens(text);
    let mut inline: Vec<(String, usize, bool)> = Vec::new(); // (name, `{` depth, test-only)
    let file_is_test = file_module.last().is_some_and(|m| m == "tests");
    let mut depth = 0;
    let mut out = Vec::new();
    let mut i = 0;
    let current = |inline: &[(String, usize, bool)]| -> Vec<String> {
        let mut m = file_module.clone();
        m.extend(inline.iter().map(|(n, _, _)| n.clone()));
        m
    };
    let in_test = |inline: &[(String, usize, bool)]| file_is_test || inline.iter().any(|m| m.2);
    let resolve = |path: &[String], here: &[String], relative: bool| -> Option<Vec<String>> {
        let first = path.first()?.as_str();
        match first {
            "crate" => Some(path[1..].to_vec()),
            "super" | "self" => {
                let mut base = here.to_vec();
                let mut rest = path;
                if first == "self" {
                    rest = &path[1..];
                }
                while rest.first().map(String::as_str) == Some("super") {
                    base.pop()?;
                    rest = &rest[1..];
                }
                base.extend(rest.iter().cloned());
                Some(base)
            }
            _ if relative => {
                let mut child = here.to_vec();
                child.push(first.to_string());
                modules.contains(&child).then(|| {
                    let mut p = here.to_vec();
                    p.extend(path.iter().cloned());
                    p
                })
            }
            _ => None,
        }
    };
    while i < toks.len() {
        let (tok, line) = &toks[i];
        match tok {
            Tok::Punct('{') => depth += 1,
            Tok::Punct('}') => {
                depth -= 1;
                while inline.last().is_some_and(|(_, d, _)| *d == depth) {
                    inline.pop();
                }
            }
            Tok::Ident(k) if k == "mod" => {
                if let (Some((Tok::Ident(name), _)), Some((Tok::Punct('{'), _))) =
                    (toks.get(i + 1), toks.get(i + 2))
                {
                    let cfg_test: Vec<Tok> = ["#", "[", "cfg", "(", "test", ")", "]"]
                        .iter()
                        .map(|t| match t.chars().next() {
                            Some(c) if t.len() == 1 && !c.is_alphanumeric() => Tok::Punct(c),
                            _ => Tok::Ident(t.to_string()),
                        })
                        .collect();
                    let before: Vec<Tok> = toks[i.saturating_sub(7)..i]
                        .iter()
                        .map(|(t, _)| t.clone())
                        .collect();
                    inline.push((name.clone(), depth, name == "tests" || before == cfg_test));
                    depth += 1;
                    i += 3;
                    continue;
                }
            }
            Tok::Ident(k) if k == "use" => {
                let end = toks[i..]
                    .iter()
                    .position(|(t, _)| *t == Tok::Punct(';'))
                    .map_or(toks.len(), |p| i + p);
                let body: Vec<Tok> = toks[i + 1..end].iter().map(|(t, _)| t.clone()).collect();
                let here = current(&inline);
                for path in use_paths(&body) {
                    if let Some(to) = resolve(&path, &here, true) {
                        out.push(Import {
                            file: file.to_string(),
                            line: *line,
                            from: file_module.clone(),
                            to,
                            test_only: in_test(&inline),
                        });
                    }
                }
                i = end + 1;
                continue;
            }
            Tok::Ident(k)
                if (k == "crate" || k == "super" || k == "self")
                    && toks.get(i + 1).map(|t| &t.0) == Some(&Tok::Path)
                    && !matches!(i.checked_sub(1).map(|p| &toks[p].0), Some(Tok::Path)) =>
            {
                let mut path = vec![k.clone()];
                let mut j = i + 1;
                while let (Some((Tok::Path, _)), Some((Tok::Ident(s), _))) =
                    (toks.get(j), toks.get(j + 1))
                {
                    path.push(s.clone());
                    j += 2;
                }
                if let Some(to) = resolve(&path, &current(&inline), false) {
                    out.push(Import {
                        file: file.to_string(),
                        line: *line,
                        from: file_module.clone(),
                        to,
                        test_only: in_test(&inline),
                    });
                }
                i = j;
                continue;
            }
            _ => {}
        }
        i += 1;
    }
    out
}

// ---- the checks --------------------------------------------------------------------------

/// Whether a module of top-level `from` may import top-level `to`.
fn allowed(from: &str, to: &str) -> bool {
    if from == to {
        return true;
    }
    match (from, to) {
        ("games", _) => false,
        (_, "discord") => false,
        ("discord", "store") => false,
        (_, "games") => true,
        (_, o) if OTHERS.contains(&o) => true,
        ("store", _) => false,
        ("service", "store") => true,
        ("service", _) => false,
        ("discord", "service") => true,
        // The other modules sit beside the layers; only the rules above restrict them.
        (f, _) if OTHERS.contains(&f) => true,
        _ => false,
    }
}

/// Checks a source tree given as (path relative to `src/`, text) pairs.
fn scan(files: &[(String, String)]) -> Report {
    let modules: BTreeSet<Vec<String>> = files.iter().filter_map(|(f, _)| module_of(f)).collect();
    let tops: BTreeSet<&str> = LAYERS.iter().chain(OTHERS).copied().collect();
    let mut report = Report::default();
    let mut imports = Vec::new();
    for (file, text) in files {
        imports.extend(imports_of(file, text, &modules));
    }
    imports.sort();

    let mut seen = BTreeSet::new();
    for imp in &imports {
        let (Some(from), Some(to)) = (imp.from.first(), imp.to.first()) else {
            continue;
        };
        if !tops.contains(from.as_str()) || !tops.contains(to.as_str()) || allowed(from, to) {
            continue;
        }
        if seen.insert((imp.file.clone(), imp.line, to.clone())) {
            report.layer_violations.push(format!(
                "src/{}:{}: {from} imports {to} (crate::{}){}",
                imp.file,
                imp.line,
                imp.to.join("::"),
                if imp.test_only { " [in test code]" } else { "" }
            ));
        }
    }

    // Every folder of the tree: a cycle between any two files is a cycle among the entries of
    // the folder that holds them both. The crate root's entries are the layers, where an
    // import upward is already a violation above.
    let folders: BTreeSet<Vec<String>> = modules
        .iter()
        .flat_map(|m| (1..m.len()).map(|n| m[..n].to_vec()))
        .collect();
    for dir in folders {
        // The sibling modules of `dir` and a file to name each by.
        let mut name_of: BTreeMap<String, String> = BTreeMap::new();
        for m in &modules {
            if m.len() > dir.len() && m.starts_with(&dir) {
                let sibling = &m[dir.len()];
                let is_dir = m.len() > dir.len() + 1
                    || files
                        .iter()
                        .any(|(f, _)| f == &format!("{}/{sibling}/mod.rs", dir.join("/")));
                name_of.insert(
                    sibling.clone(),
                    if is_dir {
                        format!("{sibling}/")
                    } else {
                        format!("{sibling}.rs")
                    },
                );
            }
        }
        let mut edges: BTreeMap<(String, String), Vec<String>> = BTreeMap::new();
        for imp in &imports {
            if imp.from.len() <= dir.len() || !imp.from.starts_with(&dir) {
                continue;
            }
            if imp.to.len() <= dir.len() || !imp.to.starts_with(&dir) {
                continue;
            }
            let (a, b) = (&imp.from[dir.len()], &imp.to[dir.len()]);
            if a != b && name_of.contains_key(b) {
                let at = format!(
                    "src/{}:{}{}",
                    imp.file,
                    imp.line,
                    if imp.test_only { " [test]" } else { "" }
                );
                let list = edges.entry((a.clone(), b.clone())).or_default();
                if !list.contains(&at) {
                    list.push(at);
                }
            }
        }
        for component in strongly_connected(&name_of, &edges) {
            let mut cycle_edges = Vec::new();
            for ((a, b), at) in &edges {
                if component.contains(a) && component.contains(b) {
                    cycle_edges.push(format!(
                        "{} → {} ({})",
                        name_of[a],
                        name_of[b],
                        at.join(", ")
                    ));
                }
            }
            report.cycles.push(Cycle {
                dir: dir.join("/"),
                files: component.iter().map(|m| name_of[m].clone()).collect(),
                edges: cycle_edges,
            });
        }
    }
    report
}

/// The files outside a game's folder (`games/<game>/`) that import from inside it, the
/// registry excepted, each with its first such line.
fn reaching_into_games(files: &[(String, String)]) -> BTreeMap<String, usize> {
    let modules: BTreeSet<Vec<String>> = files.iter().filter_map(|(f, _)| module_of(f)).collect();
    let folders: BTreeSet<&str> = files
        .iter()
        .filter_map(|(f, _)| f.strip_prefix("games/")?.strip_suffix("/mod.rs"))
        .filter(|game| !game.contains('/') && !HOST_FOLDERS.contains(game))
        .collect();
    let mut out = BTreeMap::new();
    for (file, text) in files {
        if file == REGISTRY {
            continue;
        }
        for imp in imports_of(file, text, &modules) {
            let [top, game, ..] = imp.to.as_slice() else {
                continue;
            };
            let inside = top == "games" && folders.contains(game.as_str());
            if inside && !file.starts_with(&format!("games/{game}/")) {
                out.entry(file.clone()).or_insert(imp.line);
            }
        }
    }
    out
}

/// The strongly connected components of more than one node (Tarjan).
fn strongly_connected(
    nodes: &BTreeMap<String, String>,
    edges: &BTreeMap<(String, String), Vec<String>>,
) -> Vec<BTreeSet<String>> {
    struct State<'a> {
        edges: &'a BTreeMap<(String, String), Vec<String>>,
        index: BTreeMap<String, usize>,
        low: BTreeMap<String, usize>,
        stack: Vec<String>,
        on_stack: BTreeSet<String>,
        out: Vec<BTreeSet<String>>,
    }
    fn visit(v: &str, s: &mut State) {
        let n = s.index.len();
        s.index.insert(v.to_string(), n);
        s.low.insert(v.to_string(), n);
        s.stack.push(v.to_string());
        s.on_stack.insert(v.to_string());
        let next: Vec<String> = s
            .edges
            .keys()
            .filter(|(a, _)| a == v)
            .map(|(_, b)| b.clone())
            .collect();
        for w in next {
            if !s.index.contains_key(&w) {
                visit(&w, s);
                let low = s.low[v].min(s.low[&w]);
                s.low.insert(v.to_string(), low);
            } else if s.on_stack.contains(&w) {
                let low = s.low[v].min(s.index[&w]);
                s.low.insert(v.to_string(), low);
            }
        }
        if s.low[v] == s.index[v] {
            let mut component = BTreeSet::new();
            while let Some(w) = s.stack.pop() {
                s.on_stack.remove(&w);
                let done = w == v;
                component.insert(w);
                if done {
                    break;
                }
            }
            if component.len() > 1 {
                s.out.push(component);
            }
        }
    }
    let mut s = State {
        edges,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on_stack: BTreeSet::new(),
        out: Vec::new(),
    };
    for v in nodes.keys() {
        if !s.index.contains_key(v) {
            visit(v, &mut s);
        }
    }
    s.out.sort();
    s.out
}

fn read_tree(dir: &Path, root: &Path, out: &mut Vec<(String, String)>) {
    for entry in std::fs::read_dir(dir).expect("src/ is readable") {
        let path = entry.expect("directory entry").path();
        if path.is_dir() {
            read_tree(&path, root, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            let relative = path.strip_prefix(root).unwrap().to_string_lossy();
            let text = std::fs::read_to_string(&path).expect("a Rust file is UTF-8");
            out.push((relative.replace('\\', "/"), text));
        }
    }
}

// ---- the tests ---------------------------------------------------------------------------

#[test]
fn src_modules_respect_the_layers_and_have_no_import_cycles() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    read_tree(&src, &src, &mut files);
    files.sort();
    assert!(
        files.iter().any(|(f, _)| f == "discord/mod.rs"),
        "the scan reads src/"
    );
    let report = scan(&files);
    assert!(
        report.is_clean(),
        "src/ breaks the module layering:\n{}",
        report.describe()
    );
}

#[test]
fn nothing_outside_a_game_folder_reaches_into_it_but_the_registry() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    read_tree(&src, &src, &mut files);
    let reaching: Vec<String> = reaching_into_games(&files)
        .iter()
        .map(|(f, line)| format!("src/{f}:{line}"))
        .collect();
    assert!(
        reaching.is_empty(),
        "these files import from inside a game's folder; reach the game through \
         games::interface / games::registry instead:\n  {}",
        reaching.join("\n  ")
    );
}

#[test]
fn the_root_of_games_holds_only_its_module_the_registry_and_folders() {
    let games = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/games");
    let mut loose: Vec<String> = std::fs::read_dir(&games)
        .expect("src/games is readable")
        .map(|e| e.expect("directory entry").path())
        .filter(|p| p.is_file())
        .map(|p| p.file_name().unwrap().to_string_lossy().into_owned())
        .filter(|name| !GAMES_ROOT_FILES.contains(&name.as_str()))
        .collect();
    loose.sort();
    assert!(
        loose.is_empty(),
        "src/games/ holds only mod.rs, registry.rs and folders (the host's: {}; then one per \
         game); put these in the folder that says what they are: {loose:?}",
        HOST_FOLDERS.join(", ")
    );
    for folder in HOST_FOLDERS {
        assert!(
            games.join(folder).join("mod.rs").is_file(),
            "src/games/{folder}/mod.rs"
        );
    }
}

#[test]
fn the_host_folders_of_games_are_not_taken_for_games() {
    let files = tree(&[
        (
            "games/mod.rs",
            "pub mod interface; pub mod momojan; pub mod registry;",
        ),
        ("games/interface/mod.rs", "pub struct Seat;"),
        ("games/momojan/mod.rs", "use crate::games::interface::Seat;"),
        ("service/play.rs", "use crate::games::interface::Seat;"),
        ("service/bad.rs", "use crate::games::momojan::Card;"),
    ]);
    assert_eq!(
        reaching_into_games(&files).into_keys().collect::<Vec<_>>(),
        vec!["service/bad.rs".to_string()]
    );
}

#[test]
fn the_scanner_finds_imports_into_a_game_folder() {
    let files = tree(&[
        (
            "games/mod.rs",
            "pub mod momojan; pub mod shogi; pub mod registry; pub mod seat;",
        ),
        ("games/seat.rs", "pub enum Seat {}"),
        (
            "games/momojan/mod.rs",
            "pub mod card; use crate::games::seat::Seat;",
        ),
        ("games/momojan/card.rs", "use crate::games::momojan::Seat;"),
        (
            "games/shogi/mod.rs",
            "use crate::games::momojan::card::Card;",
        ),
        (
            "games/registry.rs",
            "use super::momojan::Momojan;\nuse super::shogi::Shogi;",
        ),
        (
            "service/play.rs",
            "use crate::games::seat::Seat;\nuse crate::games::registry::GameId;",
        ),
        (
            "discord/view.rs",
            "fn f() {}\nfn g() { crate::games::shogi::legal(); }",
        ),
    ]);
    let reaching = reaching_into_games(&files);
    let found: Vec<(String, usize)> = reaching.into_iter().collect();
    assert_eq!(
        found,
        vec![
            ("discord/view.rs".to_string(), 2),
            ("games/shogi/mod.rs".to_string(), 1),
        ]
    );
}

fn tree(files: &[(&str, &str)]) -> Vec<(String, String)> {
    files
        .iter()
        .map(|(f, t)| (f.to_string(), t.to_string()))
        .collect()
}

/// A small crate that follows every rule.
fn clean_tree() -> Vec<(String, String)> {
    tree(&[
        ("lib.rs", "pub mod games; pub mod store; pub mod service; pub mod discord; pub mod i18n;"),
        ("main.rs", "use momojan::discord; fn main() { crate::run(); }"),
        ("games/mod.rs", "pub mod card;\npub use card::Card;\n"),
        ("games/card.rs", "use super::Card; // use crate::store::Nope;\nconst S: &str = \"crate::discord::x\";"),
        ("store/mod.rs", "use crate::games::momojan::{card::Card, Card as C};\nuse crate::i18n::Lang;"),
        ("service/mod.rs", "use crate::store::Store;\nfn f() { crate::games::momojan::card::deal(); }"),
        ("i18n/mod.rs", "pub(crate) fn tr() { let _ = 'x'; }"),
        ("discord/mod.rs", "pub mod bot; pub mod render; pub mod view;\npub use bot::run;"),
        ("discord/bot.rs", "use super::render;\nuse super::view::{self, Message};\nuse crate::service::MatchService;"),
        ("discord/render.rs", "use super::view::model::Row;\n#[cfg(test)]\nmod tests {\n    use super::*;\n    use super::super::view::model;\n}"),
        ("discord/view/mod.rs", "pub mod model; pub mod table;\npub use model::Message;"),
        ("discord/view/model.rs", "use crate::games::momojan::Card;"),
        ("discord/view/table.rs", "use super::model::Row;\nuse super::Message;\nfn f() -> crate::i18n::Lang { todo!() }"),
    ])
}

#[test]
fn the_scanner_passes_a_clean_tree() {
    let report = scan(&clean_tree());
    assert!(report.is_clean(), "{}", report.describe());
}

#[test]
fn the_scanner_finds_upward_and_forbidden_imports() {
    let mut files = clean_tree();
    files.extend(tree(&[
        (
            "games/deck.rs",
            "use crate::{store::Store, engine::card::Card};",
        ),
        ("games/clock_user.rs", "fn now() { crate::i18n::tr(); }"),
        ("store/events.rs", "use crate::service::MatchService;"),
        (
            "discord/admin.rs",
            "use crate::store::GuildSettings;\nuse super::bot;",
        ),
        ("i18n/keys.rs", "use crate::discord::ids;"),
    ]));
    let report = scan(&files);
    assert_eq!(
        report.layer_violations,
        vec![
            "src/discord/admin.rs:1: discord imports store (crate::store::GuildSettings)",
            "src/games/clock_user.rs:1: games imports i18n (crate::i18n::tr)",
            "src/games/deck.rs:1: games imports store (crate::store::Store)",
            "src/i18n/keys.rs:1: i18n imports discord (crate::discord::ids)",
            "src/store/events.rs:1: store imports service (crate::service::MatchService)",
        ]
    );
    assert!(report.cycles.is_empty(), "{}", report.describe());
}

#[test]
fn the_scanner_finds_a_cycle_among_discord_files() {
    let mut files = clean_tree();
    // render → view/ (clean tree); view/ → bot → render closes a three-file cycle.
    files.retain(|(f, _)| f != "discord/view/model.rs");
    files.extend(tree(&[(
        "discord/view/model.rs",
        "use crate::games::momojan::Card;\nfn f() { crate::discord::bot::run(); }",
    )]));
    let report = scan(&files);
    assert!(report.layer_violations.is_empty(), "{}", report.describe());
    assert_eq!(report.cycles.len(), 1, "{}", report.describe());
    let cycle = &report.cycles[0];
    assert_eq!(cycle.dir, "discord");
    assert_eq!(cycle.files, vec!["bot.rs", "render.rs", "view/"]);
    assert_eq!(
        cycle.edges,
        vec![
            "bot.rs → render.rs (src/discord/bot.rs:1)",
            "bot.rs → view/ (src/discord/bot.rs:2)",
            "render.rs → view/ (src/discord/render.rs:1, src/discord/render.rs:5 [test])",
            "view/ → bot.rs (src/discord/view/model.rs:2)",
        ]
    );
}

#[test]
fn the_scanner_finds_a_cycle_among_view_files() {
    let mut files = clean_tree();
    files.extend(tree(&[(
        "discord/view/model.rs",
        "use crate::games::momojan::Card;\nuse crate::discord::view::{table::{self, TableInfo}};",
    )]));
    files.retain(|(f, t)| f != "discord/view/model.rs" || t.contains("table"));
    let report = scan(&files);
    assert_eq!(report.cycles.len(), 1, "{}", report.describe());
    assert_eq!(report.cycles[0].dir, "discord/view");
    assert_eq!(report.cycles[0].files, vec!["model.rs", "table.rs"]);
}

#[test]
fn the_scanner_finds_a_cycle_anywhere_in_the_tree() {
    let mut files = clean_tree();
    // Two files of `games/` importing each other: a game interface and its error type.
    files.extend(tree(&[
        (
            "games/rules.rs",
            "use super::scenario::ScenarioError;\npub struct Concession;",
        ),
        (
            "games/scenario.rs",
            "use crate::games::rules::Concession;\npub struct ScenarioError;",
        ),
    ]));
    let report = scan(&files);
    assert!(report.layer_violations.is_empty(), "{}", report.describe());
    assert_eq!(report.cycles.len(), 1, "{}", report.describe());
    assert_eq!(report.cycles[0].dir, "games");
    assert_eq!(report.cycles[0].files, vec!["rules.rs", "scenario.rs"]);
}

#[test]
fn inline_test_modules_resolve_super_to_their_own_file() {
    let modules: BTreeSet<Vec<String>> = [vec!["discord".to_string()]].into_iter().collect();
    let imports = imports_of(
        "discord/render.rs",
        "mod tests {\n    use super::*;\n    use super::super::bot::X;\n}\nuse self::inner::Y;",
        &modules,
    );
    let to: Vec<String> = imports.iter().map(|i| i.to.join("::")).collect();
    assert_eq!(
        to,
        vec![
            "discord::render",
            "discord::bot::X",
            "discord::render::inner::Y"
        ]
    );
    let test_only: Vec<bool> = imports.iter().map(|i| i.test_only).collect();
    assert_eq!(test_only, vec![true, true, false]);
}

/// The game folders of `src/games/`: every folder that is not one of the host's.
fn game_folders() -> Vec<String> {
    let games = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/games");
    let mut out: Vec<String> = std::fs::read_dir(&games)
        .expect("src/games is readable")
        .map(|e| e.expect("directory entry").path())
        .filter(|p| p.is_dir())
        .map(|p| p.file_name().unwrap().to_string_lossy().into_owned())
        .filter(|name| !HOST_FOLDERS.contains(&name.as_str()))
        .collect();
    out.sort();
    out
}

/// `line: text` of each place in `source` (comments left out) that names a path inside a game's
/// folder, `games::<game>::…`.
fn names_game_internals(source: &str, games: &[String]) -> Vec<String> {
    source
        .lines()
        .enumerate()
        .filter_map(|(i, line)| {
            let code = line.split("//").next().unwrap_or("");
            games
                .iter()
                .any(|g| code.contains(&format!("games::{g}::")))
                .then(|| format!("{}: {}", i + 1, line.trim()))
        })
        .collect()
}

#[test]
fn the_binary_reaches_every_game_through_the_registry() {
    let main = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("src/main.rs"))
        .expect("src/main.rs is readable");
    let found = names_game_internals(&main, &game_folders());
    assert!(
        found.is_empty(),
        "src/main.rs names a game's internals; go through games::registry or games::interface:\n  {}",
        found.join("\n  ")
    );
}

#[test]
fn naming_a_game_s_internals_is_found() {
    let games = vec!["momojan".to_string(), "shogi".to_string()];
    let source = "use momojan::games::registry::GameId;\n\
                  // momojan::games::shogi::Game in a comment\n\
                  let x = momojan::games::shogi::round::Phase::Draw;\n";
    assert_eq!(
        names_game_internals(source, &games),
        vec!["3: let x = momojan::games::shogi::round::Phase::Draw;".to_string()]
    );
    assert!(game_folders().contains(&"momojan".to_string()));
    assert!(!game_folders().contains(&"kit".to_string()));
}
