//! The beginners' card mahjong (`beginners-rules.md`, `beginners-scenario-format.md`): the
//! public samples, section by section rules tests through scenario documents, malformed files
//! with the order of checks, and invariants over random games at two, three and four seats.

use std::path::{Path, PathBuf};

use serde_json::Value;

use crate::support::{read_json, run_binary, run_lib};

const SAMPLES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/beginners-samples");

/// Every `*.json` scenario of the samples (not the `.expected.json` files).
fn samples() -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(SAMPLES)
        .expect("the beginners samples are copied into tests/data/beginners-samples")
        .map(|e| e.expect("directory entry").path())
        .filter(|p| {
            let name = p.file_name().unwrap().to_string_lossy().to_string();
            name.ends_with(".json") && !name.ends_with(".expected.json")
        })
        .collect();
    files.sort();
    files
}

fn run(bytes: &[u8]) -> Value {
    run_lib(bytes).unwrap_or_else(|e| e)
}

#[test]
fn every_public_sample_prints_its_expected_output() {
    let files = samples();
    assert_eq!(files.len(), 12);
    let mut failures = Vec::new();
    for path in files {
        let expected = read_json(&path.with_extension("expected.json"));
        let actual = run(&std::fs::read(&path).unwrap());
        if actual != expected {
            failures.push(path.file_name().unwrap().to_string_lossy().to_string());
            eprintln!(
                "{}:\n{}\n",
                path.display(),
                serde_json::to_string(&actual).unwrap()
            );
        }
    }
    assert!(failures.is_empty(), "samples that differ: {failures:?}");
}

#[test]
fn every_public_sample_prints_its_expected_output_through_the_binary() {
    for path in samples() {
        let expected = read_json(&path.with_extension("expected.json"));
        let (code, actual) = run_binary(path.to_str().unwrap(), None);
        assert_eq!((code, actual), (0, expected), "{}", path.display());
    }
}

#[test]
fn a_malformed_file_exits_with_code_2_and_the_error_document() {
    let path = Path::new(SAMPLES).join("beginners-5-options-and-bust.json");
    let mut doc = read_json(&path);
    doc["rounds"][1]["actions"][3]["type"] = serde_json::json!("kan");
    let (code, out) = crate::support::run_binary_bytes(doc.to_string().as_bytes());
    assert_eq!(code, 2);
    assert_eq!(out["error"]["kind"], "unknown_action");
    assert_eq!(
        (
            out["error"]["round"].clone(),
            out["error"]["action"].clone()
        ),
        (serde_json::json!(1), serde_json::json!(3))
    );
}
