//! The documentation: the players' rules page shows the engine's own yaku table, every
//! repository path the README, BENCHMARKS.md and `docs/` name exists, and the README stays short.

use std::path::Path;

use momojan::games::momojan::yaku::markdown_table;
use momojan::games::momojan::{Yaku, YakuPoints};
use momojan::games::registry::GameId;

const RULES: &str = include_str!("../../docs/rules.md");

fn generated_block() -> &'static str {
    let start = RULES
        .find("<!-- yaku-table:start")
        .expect("docs/rules.md has a yaku-table:start marker");
    let body = &RULES[start..];
    let body = &body[body.find('\n').expect("marker line ends") + 1..];
    let end = body
        .find("<!-- yaku-table:end -->")
        .expect("docs/rules.md has a yaku-table:end marker");
    &body[..end]
}

#[test]
fn rules_page_yaku_table_matches_the_engine() {
    assert_eq!(
        generated_block(),
        markdown_table(&YakuPoints::default()),
        "docs/rules.md is out of date: regenerate its block with `momojan yaku-table`"
    );
}

#[test]
fn every_yaku_is_on_the_rules_page() {
    for y in Yaku::ALL {
        let info = y.info();
        assert!(generated_block().contains(&format!("| `{}` | {} |", info.id, info.japanese)));
    }
}

/// The pages a reader is sent to: the README, the benchmarks and every page under `docs/`.
fn documents() -> Vec<String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut pages: Vec<String> = std::fs::read_dir(root.join("docs"))
        .expect("docs/ exists")
        .map(|entry| entry.expect("directory entry").path())
        .filter(|path| path.extension().is_some_and(|e| e == "md"))
        .map(|path| {
            let name = path.file_name().unwrap().to_string_lossy();
            format!("docs/{name}")
        })
        .collect();
    pages.sort();
    let mut all = vec!["README.md".to_string(), "BENCHMARKS.md".to_string()];
    all.extend(pages);
    all
}

/// The folders a path named in a code span starts with to count as the repository's.
const REPO_FOLDERS: &[&str] = &[
    "src/",
    "tests/",
    "docs/",
    "migrations/",
    "scripts/",
    "benches/",
    "examples/",
    "assets/",
    "locales/",
    ".ci/",
];

/// `path` with its `<game>` and `{a,b}` placeholders expanded: one path per combination.
fn expand(path: &str) -> Vec<String> {
    if let Some(at) = path.find("<game>") {
        // A game's folder is named by its id: `src/games/riichi/`.
        return GameId::ALL
            .iter()
            .flat_map(|game| expand(&format!("{}{game}{}", &path[..at], &path[at + 6..])))
            .collect();
    }
    if let (Some(open), Some(close)) = (path.find('{'), path.find('}')) {
        if open < close {
            return path[open + 1..close]
                .split(',')
                .flat_map(|alt| expand(&format!("{}{alt}{}", &path[..open], &path[close + 1..])))
                .collect();
        }
    }
    vec![path.to_string()]
}

/// Whether a word of a code span names a file or folder of the repository (from its root).
fn looks_like_repo_path(word: &str) -> bool {
    if word.contains("://") {
        return false;
    }
    if REPO_FOLDERS.iter().any(|folder| word.starts_with(folder)) {
        return true;
    }
    // A top-level file: `Cargo.toml`, `BENCHMARKS.md`, `.env.example`.
    !word.contains('/')
        && (word.ends_with(".md")
            || word.ends_with(".toml")
            || word.ends_with(".lock")
            || word.starts_with(".env."))
}

/// `path` (relative to the folder `base`) as a path from the repository's root, `..` resolved;
/// `None` when it climbs out of the repository.
fn from_root(base: &str, path: &str) -> Option<String> {
    let mut parts: Vec<&str> = base.split('/').filter(|p| !p.is_empty()).collect();
    for part in path.split('/') {
        match part {
            "" | "." => {}
            ".." => {
                parts.pop()?;
            }
            _ => parts.push(part),
        }
    }
    let joined = parts.join("/");
    Some(if path.ends_with('/') {
        format!("{joined}/")
    } else {
        joined
    })
}

/// What a page names: a path from the repository's root, or a bare file name (`art.rs`) said
/// of the folders named in the same paragraph, table row or list item (it must be in one of
/// them or below).
#[derive(Debug, PartialEq)]
enum Named {
    Path(String),
    Below { name: String, folders: Vec<String> },
}

/// The file names a bare code span is checked for: the repository's own kinds of source.
fn is_bare_source_name(word: &str) -> bool {
    !word.contains('/')
        && [".rs", ".ftl", ".sql"]
            .iter()
            .any(|ext| word.len() > ext.len() && word.ends_with(ext))
}

/// The markdown `text` as its blocks: paragraphs, table rows and list items (prose only: the
/// code blocks are returned apart, one per line).
fn blocks(text: &str) -> (Vec<String>, Vec<String>) {
    let mut prose: Vec<String> = vec![String::new()];
    let mut code = Vec::new();
    let mut in_block = false;
    for line in text.lines() {
        let trimmed = line.trim_start();
        if trimmed.starts_with("```") {
            in_block = !in_block;
            prose.push(String::new());
            continue;
        }
        if in_block {
            code.push(line.to_string());
            continue;
        }
        let item = trimmed.starts_with("- ")
            || trimmed.starts_with("* ")
            || trimmed.starts_with('|')
            || trimmed
                .split_once(". ")
                .is_some_and(|(n, _)| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()));
        if trimmed.is_empty() || item {
            prose.push(String::new());
        }
        let last = prose.last_mut().expect("one block at least");
        last.push_str(line);
        last.push('\n');
    }
    prose.retain(|b| !b.trim().is_empty());
    (prose, code)
}

/// A word of a code span without the punctuation around it.
fn bare_word(word: &str) -> &str {
    word.trim_start_matches(['(', '[', '"', '\''])
        .trim_end_matches([')', ']', '"', '\'', ',', ';', ':', '.'])
}

/// Whether a path still holds a placeholder after expansion (`*`, `<code>`, `…`).
fn has_placeholder(path: &str) -> bool {
    ["*", "<", ">", "…", "...", "|", "$"]
        .iter()
        .any(|x| path.contains(x))
}

/// Every repository path the markdown `text` of the page `page` names: each word of a code
/// span or code block that looks like one (from the repository's root), each link or image
/// target that is not a URL or an anchor (from the page's folder, as GitHub reads it), and
/// each bare source file name of a block that names a folder. Placeholders are expanded
/// (`<game>`, `{en,ja}`); a path still holding one (`*`, `<code>`, `…`) is left out, and so
/// is anything under `target/` or `/tmp` (which no word here starts with).
fn named_paths(page: &str, text: &str) -> Vec<Named> {
    let folder = page.rsplit_once('/').map_or("", |(dir, _)| dir);
    let (prose, code) = blocks(text);
    let mut named = Vec::new();
    let root_path = |word: &str, named: &mut Vec<Named>| -> Vec<String> {
        let word = bare_word(word);
        if !looks_like_repo_path(word) {
            return Vec::new();
        }
        let paths: Vec<String> = expand(word)
            .into_iter()
            .filter(|p| !has_placeholder(p))
            .collect();
        named.extend(paths.iter().cloned().map(Named::Path));
        paths
    };
    for word in code.iter().flat_map(|line| line.split_whitespace()) {
        root_path(word, &mut named);
    }
    for block in &prose {
        // Odd pieces between backticks are code spans (which may wrap a line).
        let mut folders = Vec::new();
        let mut bare = Vec::new();
        for word in block
            .split('`')
            .skip(1)
            .step_by(2)
            .flat_map(str::split_whitespace)
        {
            let paths = root_path(word, &mut named);
            folders.extend(paths.into_iter().filter(|p| p.ends_with('/')));
            if is_bare_source_name(bare_word(word)) {
                bare.push(bare_word(word).to_string());
            }
        }
        if !folders.is_empty() {
            named.extend(bare.into_iter().map(|name| Named::Below {
                name,
                folders: folders.clone(),
            }));
        }
        let mut targets = Vec::new();
        for (opener, closer) in [("](", ')'), ("src=\"", '"'), ("href=\"", '"')] {
            let mut rest = block.as_str();
            while let Some(at) = rest.find(opener) {
                rest = &rest[at + opener.len()..];
                let end = rest.find(closer).unwrap_or(rest.len());
                targets.push(rest[..end].to_string());
                rest = &rest[end..];
            }
        }
        for target in targets {
            let target = target.split('#').next().unwrap_or_default().trim();
            let is_url = target.contains(':') || target.starts_with('<');
            if target.is_empty() || is_url {
                continue;
            }
            match from_root(folder, target) {
                Some(path) => named.extend(
                    expand(&path)
                        .into_iter()
                        .filter(|p| !has_placeholder(p))
                        .map(Named::Path),
                ),
                None => named.push(Named::Path(format!("{target} (outside the repository)"))),
            }
        }
    }
    named
}

/// Whether a file called `name` is in `dir` or below it.
fn found_below(dir: &Path, name: &str) -> bool {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return false;
    };
    entries
        .map(|entry| entry.expect("directory entry").path())
        .any(|path| {
            path.file_name().is_some_and(|n| n == name)
                || (path.is_dir() && found_below(&path, name))
        })
}

#[test]
fn the_path_finder_sees_spans_blocks_and_links() {
    let page = "See `src/discord/art.rs` (and `locales/{en,ja}.ftl`), [rules](rules.md),\n\
                [spec](https://example.com/src/x.rs), `src/games/<game>/art.rs`, a wrapped `cargo\n\
                test --test rules` and `DIR/<game>/<code>.png`, `target/release/momojan`.\n\
                ```sh\nscripts/pg-cluster.sh start\n```\n\
                <img src=\"screens/a.png\"> `shared/spec/x.md` `Cargo.toml`; `tests/*.rs`\n\
                \n\
                | `src/discord/` | `emoji.rs` + `art.rs`, `view/` |\n\
                | no folder | `round.rs` |\n";
    let path = |p: &str| Named::Path(p.to_string());
    let below = |name: &str| Named::Below {
        name: name.to_string(),
        folders: vec!["src/discord/".to_string()],
    };
    assert_eq!(
        named_paths("docs/page.md", page),
        [
            path("scripts/pg-cluster.sh"),
            path("src/discord/art.rs"),
            path("locales/en.ftl"),
            path("locales/ja.ftl"),
            path("src/games/momojan/art.rs"),
            path("src/games/shogi/art.rs"),
            path("src/games/riichi/art.rs"),
            path("src/games/beginners/art.rs"),
            path("src/games/mining/art.rs"),
            path("docs/rules.md"),
            path("Cargo.toml"),
            path("docs/screens/a.png"),
            path("src/discord/"),
            below("emoji.rs"),
            below("art.rs"),
        ]
    );
}

#[test]
fn every_path_the_documents_name_exists() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut missing = Vec::new();
    let mut checked = 0;
    for page in documents() {
        let text = std::fs::read_to_string(root.join(&page))
            .unwrap_or_else(|e| panic!("{page} cannot be read: {e}"));
        for named in named_paths(&page, &text) {
            checked += 1;
            match named {
                Named::Path(path) if !root.join(&path).exists() => {
                    missing.push(format!("{page}: {path}"));
                }
                Named::Below { name, folders }
                    if !folders.iter().any(|f| found_below(&root.join(f), &name)) =>
                {
                    missing.push(format!("{page}: {name} (in {})", folders.join(" or ")));
                }
                _ => {}
            }
        }
    }
    assert!(
        checked > 50,
        "only {checked} paths found: is the finder blind?"
    );
    assert!(
        missing.is_empty(),
        "the documents name {} path(s) the repository does not have:\n  {}",
        missing.len(),
        missing.join("\n  ")
    );
}

#[test]
fn the_readme_fits_in_150_lines() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let readme = std::fs::read_to_string(root.join("README.md")).expect("README.md");
    let lines = readme.lines().count();
    assert!(
        lines <= 150,
        "README.md is the front door: at most 150 lines, not {lines} (move the rest to docs/)"
    );
}
