//! The repository is self-contained: no code, test or data file reads the project's shared
//! folder next to it. What the tests need from there is copied into `tests/data/`.

use std::path::{Path, PathBuf};

/// Files that may name the shared folder: they say where `tests/data/` came from.
const MAY_MENTION: &[&str] = &["tests/data/README.md", "tests/data/reduce_openapi.py"];

/// The path fragments that reach the shared folder (built here so this file holds neither).
fn patterns() -> [String; 2] {
    [[".", "./shared"].concat(), ["/shar", "ed/"].concat()]
}

fn files_under(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries {
        let path = entry.expect("directory entry").path();
        if path.is_dir() {
            files_under(&path, out);
        } else {
            out.push(path);
        }
    }
}

#[test]
fn nothing_reads_the_shared_folder() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    for dir in ["src", "tests", "benches", "examples"] {
        files_under(&root.join(dir), &mut files);
    }
    files.sort();
    assert!(
        files
            .iter()
            .any(|f| f.ends_with("tests/rules/no_shared_paths.rs")),
        "the scan must see this very file"
    );
    let mut offenders = Vec::new();
    for file in &files {
        let relative = file
            .strip_prefix(root)
            .unwrap()
            .to_string_lossy()
            .replace('\\', "/");
        if MAY_MENTION.contains(&relative.as_str()) {
            continue;
        }
        // Binary files cannot hold a path a test reads as text.
        let Ok(text) = std::fs::read_to_string(file) else {
            continue;
        };
        for (n, line) in text.lines().enumerate() {
            if patterns().iter().any(|p| line.contains(p.as_str())) {
                offenders.push(format!("{relative}:{}: {}", n + 1, line.trim()));
            }
        }
    }
    assert!(
        offenders.is_empty(),
        "these files use the shared folder outside the repository as a path \
         (copy what they need into tests/data/ instead):\n{}",
        offenders.join("\n")
    );
}
