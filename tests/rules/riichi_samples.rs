//! Riichi's public sample scenarios (copies in `tests/data/riichi-samples/`): each output must
//! equal its `.expected.json`, compared as parsed JSON.

use std::path::{Path, PathBuf};

use momojan::games::riichi::scenario;
use serde_json::Value;

const DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/riichi-samples");

/// Every scenario file (not the `.expected.json` ones), in name order.
fn scenarios() -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(DIR)
        .expect("the riichi samples are copied into tests/data/riichi-samples")
        .map(|e| e.expect("directory entry").path())
        .filter(|p| {
            let name = p.file_name().unwrap().to_string_lossy().to_string();
            name.ends_with(".json") && !name.ends_with(".expected.json")
        })
        .collect();
    files.sort();
    files
}

fn read_json(path: &Path) -> Value {
    serde_json::from_slice(&std::fs::read(path).unwrap()).unwrap()
}

/// The first place two documents differ, as a path.
fn first_difference(a: &Value, b: &Value, at: &str) -> Option<String> {
    match (a, b) {
        (Value::Object(x), Value::Object(y)) => {
            let keys: std::collections::BTreeSet<&String> = x.keys().chain(y.keys()).collect();
            keys.into_iter().find_map(|k| match (x.get(k), y.get(k)) {
                (Some(p), Some(q)) => first_difference(p, q, &format!("{at}.{k}")),
                _ => Some(format!("{at}.{k} (missing on one side)")),
            })
        }
        (Value::Array(x), Value::Array(y)) if x.len() == y.len() => x
            .iter()
            .zip(y)
            .enumerate()
            .find_map(|(i, (p, q))| first_difference(p, q, &format!("{at}[{i}]"))),
        _ if a == b => None,
        _ => Some(format!("{at}: {a} ≠ {b}")),
    }
}

#[test]
fn every_riichi_sample_matches_its_expected_output() {
    let files = scenarios();
    assert_eq!(files.len(), 16, "eight games and eight cut points");
    let mut failures = Vec::new();
    for path in files {
        let expected = read_json(&path.with_extension("expected.json"));
        let actual = scenario::run(&std::fs::read(&path).unwrap()).unwrap_or_else(|e| e.to_json());
        if let Some(diff) = first_difference(&actual, &expected, "") {
            failures.push(format!(
                "{}: {diff}",
                path.file_name().unwrap().to_string_lossy()
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "samples that differ:\n{}",
        failures.join("\n")
    );
}

#[test]
fn every_riichi_sample_plays_the_same_through_the_binary() {
    for path in scenarios() {
        let expected = read_json(&path.with_extension("expected.json"));
        let (code, actual) = crate::support::run_binary(path.to_str().unwrap(), None);
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        assert_eq!(code, 0, "{name}");
        assert_eq!(first_difference(&actual, &expected, ""), None, "{name}");
    }
}

#[test]
fn a_malformed_riichi_file_exits_2_with_the_error_document() {
    let (code, doc) = crate::support::run_binary_bytes(br#"{"game": "riichi", "rounds": [{}]}"#);
    assert_eq!(code, 2);
    assert_eq!(doc["error"]["kind"], "malformed_scenario");
    assert_eq!(doc["error"]["round"], 0);
}
