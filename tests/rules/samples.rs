//! The shared sample scenarios (a copy in `tests/data/samples/`): each output must equal its
//! `.expected.json`, compared as parsed JSON, through the library and through the binary.

use std::path::{Path, PathBuf};

use crate::support::{read_json, run_binary, run_lib};

const SAMPLES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/samples");

/// Every `*.json` scenario in the samples directory (not the `.expected.json` files).
fn scenarios() -> Vec<PathBuf> {
    let dir = Path::new(SAMPLES);
    let entries = std::fs::read_dir(dir).unwrap_or_else(|e| {
        panic!(
            "the sample directory {} is missing or unreadable ({e}); \
             the samples are copied into tests/data/samples (see tests/data/README.md)",
            dir.display()
        )
    });
    let mut files: Vec<PathBuf> = entries
        .map(|e| e.expect("directory entry").path())
        .filter(|p| {
            let name = p.file_name().unwrap().to_string_lossy().to_string();
            name.ends_with(".json") && !name.ends_with(".expected.json")
        })
        .collect();
    files.sort();
    assert!(
        !files.is_empty(),
        "no sample scenarios in {}",
        dir.display()
    );
    files
}

fn expected_for(path: &Path) -> PathBuf {
    path.with_extension("expected.json")
}

#[test]
fn every_sample_matches_its_expected_output_through_the_library() {
    let mut failures = Vec::new();
    for path in scenarios() {
        let bytes = std::fs::read(&path).unwrap();
        let expected = read_json(&expected_for(&path));
        let actual = run_lib(&bytes).unwrap_or_else(|e| e);
        if actual != expected {
            failures.push(path.file_name().unwrap().to_string_lossy().to_string());
        }
    }
    assert!(failures.is_empty(), "samples that differ: {failures:?}");
}

#[test]
fn every_sample_matches_its_expected_output_through_the_binary() {
    let mut failures = Vec::new();
    for path in scenarios() {
        let expected = read_json(&expected_for(&path));
        let (code, actual) = run_binary(path.to_str().unwrap(), None);
        let expected_code = if expected.get("error").is_some() {
            2
        } else {
            0
        };
        if actual != expected || code != expected_code {
            failures.push(path.file_name().unwrap().to_string_lossy().to_string());
        }
    }
    assert!(failures.is_empty(), "samples that differ: {failures:?}");
}

#[test]
fn there_are_thirty_six_samples() {
    assert_eq!(scenarios().len(), 36);
}
