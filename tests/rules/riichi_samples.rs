//! Riichi's public sample scenarios (copies in `tests/data/riichi-samples/`): each output must
//! equal its `.expected.json`, compared as parsed JSON.

use crate::support::{first_difference, read_json, scenarios_in};
use momojan::games::riichi::scenario;

const DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/riichi-samples");

#[test]
fn every_riichi_sample_matches_its_expected_output() {
    let files = scenarios_in(DIR);
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
    for path in scenarios_in(DIR) {
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
