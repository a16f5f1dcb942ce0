//! The shared sample scenarios of every game (copies in `tests/data/samples/` for MOMOJAN and
//! `tests/data/shogi-samples/` for shogi mahjong): each output must equal its `.expected.json`,
//! compared as parsed JSON, through the library and through the binary.

use std::path::{Path, PathBuf};

use crate::support::{read_json, run_binary, run_lib, scenarios_in};

/// Each game's sample directory and how many scenarios it holds.
const SAMPLES: [(&str, usize); 2] = [
    (
        concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/samples"),
        36,
    ),
    (
        concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/shogi-samples"),
        16,
    ),
];

/// Every `*.json` scenario of every game (not the `.expected.json` files).
fn scenarios() -> Vec<PathBuf> {
    SAMPLES
        .iter()
        .flat_map(|(dir, _)| scenarios_in(dir))
        .collect()
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
fn every_game_has_its_samples() {
    for (dir, count) in SAMPLES {
        assert_eq!(scenarios_in(dir).len(), count, "{dir}");
    }
}
