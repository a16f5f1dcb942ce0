//! Bad scenario input (scenario-format.md, Errors): the right error `kind`, `round` and
//! `action` indices, exit code 2 from the binary, and never a panic.

use std::sync::OnceLock;

use crate::fuzz::{json_value, mutate};
use crate::support::*;
use momojan::games::interface::prelude::*;
use momojan::games::momojan::Momojan;
use proptest::prelude::*;
use serde_json::{json, Value};

/// A valid one-round scenario: the dealer draws and discards, the non-dealer draws.
fn valid() -> Value {
    let deck = DeckBuilder::new();
    scenario_json(
        0,
        vec![round_json(
            &deck,
            &["0 draw 0", "0 discard p1", "1 draw 1", "1 discard l1"],
        )],
    )
}

/// Runs `bytes` through the library and the binary; both must give the same error document
/// (exit code 2), which is returned.
fn error_of(bytes: &[u8]) -> Value {
    let lib = run_lib(bytes).expect_err("the library must refuse this input");
    let (code, bin) = run_binary_bytes(bytes);
    assert_eq!(code, 2, "exit code for an error: {bin}");
    assert_eq!(bin, lib, "binary and library disagree");
    let error = &lib["error"];
    assert!(
        error["message"].as_str().is_some_and(|m| !m.is_empty()),
        "an error says what is wrong: {lib}"
    );
    lib["error"].clone()
}

fn error_of_doc(doc: &Value) -> Value {
    error_of(doc.to_string().as_bytes())
}

/// Asserts kind, round and action of an error.
fn assert_error(error: &Value, kind: &str, round: Option<u64>, action: Option<u64>) {
    assert_eq!(error["kind"], kind, "{error}");
    assert_eq!(error["round"].as_u64(), round, "round of {error}");
    assert_eq!(error["action"].as_u64(), action, "action of {error}");
    if round.is_none() {
        assert!(error["round"].is_null(), "{error}");
    }
    if action.is_none() {
        assert!(error["action"].is_null(), "{error}");
    }
}

#[test]
fn the_valid_base_scenario_plays() {
    let (code, out) = run_binary_bytes(valid().to_string().as_bytes());
    assert_eq!(code, 0, "{out}");
    assert_eq!(round0(&out)["result"], "incomplete");
}

#[test]
fn malformed_json_is_malformed_json() {
    assert_error(&error_of(b"{\"rounds\": ["), "malformed_json", None, None);
    assert_error(&error_of(b""), "malformed_json", None, None);
}

#[test]
fn bytes_that_are_not_utf8_are_malformed_json() {
    assert_error(
        &error_of(b"{\"rounds\": [\xff\xfe]}"),
        "malformed_json",
        None,
        None,
    );
}

#[test]
fn a_missing_file_is_malformed_json_with_exit_code_2() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("no-such-scenario.json");
    let (code, out) = run_binary(path.to_str().unwrap(), None);
    assert_eq!(code, 2);
    assert_error(&out["error"], "malformed_json", None, None);
}

#[test]
fn a_file_argument_works_like_standard_input() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("s.json");
    std::fs::write(&path, valid().to_string()).unwrap();
    let (code, out) = run_binary(path.to_str().unwrap(), None);
    assert_eq!(code, 0);
    assert_eq!(out, run_value(&valid()).unwrap());
}

#[test]
fn wrong_structure_is_malformed_scenario() {
    assert_error(&error_of(b"[]"), "malformed_scenario", None, None);
    assert_error(&error_of(b"{}"), "malformed_scenario", None, None);
    assert_error(
        &error_of_doc(&json!({"rounds": 5})),
        "malformed_scenario",
        None,
        None,
    );
    let mut doc = valid();
    doc["rounds"][0]["deck"] = json!("p1 p2");
    assert_error(&error_of_doc(&doc), "malformed_scenario", Some(0), None);
    let mut doc = valid();
    doc["rounds"][0]["actions"] = json!({});
    assert_error(&error_of_doc(&doc), "malformed_scenario", Some(0), None);
    let mut doc = valid();
    doc["rounds"][0]["actions"][2] = json!({"seat": 1, "type": "pon", "cards": ["p1"]});
    assert_error(&error_of_doc(&doc), "malformed_scenario", Some(0), Some(2));
    let mut doc = valid();
    doc["rounds"][0]["actions"][1]["riichi"] = json!("yes");
    assert_error(&error_of_doc(&doc), "malformed_scenario", Some(0), Some(1));
}

#[test]
fn bad_options_are_malformed_scenario() {
    for points in [
        json!({"bogus": 1}),
        json!({"riichi": -1}),
        json!({"riichi": 1.5}),
    ] {
        let mut doc = valid();
        doc["options"] = json!({ "yaku_points": points });
        assert_error(&error_of_doc(&doc), "malformed_scenario", None, None);
    }
    // A valid override plays.
    let mut doc = valid();
    doc["options"] = json!({"yaku_points": {"momotaro": 5, "otomo": 0}});
    assert!(run_value(&doc).is_ok());
}

#[test]
fn first_dealer_must_be_0_or_1() {
    let mut doc = valid();
    doc["first_dealer"] = json!(2);
    assert_error(&error_of_doc(&doc), "malformed_scenario", None, None);
}

#[test]
fn seat_must_be_0_or_1() {
    let mut doc = valid();
    doc["rounds"][0]["actions"][3]["seat"] = json!(2);
    assert_error(&error_of_doc(&doc), "malformed_scenario", Some(0), Some(3));
}

#[test]
fn pile_must_be_0_to_2() {
    let mut doc = valid();
    doc["rounds"][0]["actions"][2]["pile"] = json!(3);
    assert_error(&error_of_doc(&doc), "malformed_scenario", Some(0), Some(2));
}

#[test]
fn an_unknown_card_is_unknown_card() {
    let mut doc = valid();
    doc["rounds"][0]["deck"][5] = json!("x5");
    assert_error(&error_of_doc(&doc), "unknown_card", Some(0), None);
    let mut doc = valid();
    doc["rounds"][0]["actions"][1]["card"] = json!("dog");
    assert_error(&error_of_doc(&doc), "unknown_card", Some(0), Some(1));
}

#[test]
fn a_deck_of_53_or_with_a_duplicate_is_bad_deck() {
    let mut doc = valid();
    doc["rounds"][0]["deck"].as_array_mut().unwrap().pop();
    assert_error(&error_of_doc(&doc), "bad_deck", Some(0), None);
    let mut doc = valid();
    doc["rounds"][0]["deck"][0] = doc["rounds"][0]["deck"][1].clone();
    assert_error(&error_of_doc(&doc), "bad_deck", Some(0), None);
}

#[test]
fn an_unknown_action_type_is_unknown_action() {
    let mut doc = valid();
    doc["rounds"][0]["actions"][1] = json!({"seat": 0, "type": "riichi", "card": "p1"});
    assert_error(&error_of_doc(&doc), "unknown_action", Some(0), Some(1));
}

#[test]
fn acting_out_of_turn_is_wrong_seat() {
    let mut doc = valid();
    doc["rounds"][0]["actions"][2]["seat"] = json!(0);
    assert_error(&error_of_doc(&doc), "wrong_seat", Some(0), Some(2));
}

#[test]
fn the_seat_is_checked_before_legality() {
    let mut doc = valid();
    // Seat 1 acts in seat 0's turn, with an action that would be illegal anyway.
    doc["rounds"][0]["actions"][0] = action_json("1 tsumo");
    assert_error(&error_of_doc(&doc), "wrong_seat", Some(0), Some(0));
}

#[test]
fn an_illegal_action_is_illegal_action_and_says_why() {
    let mut doc = valid();
    doc["rounds"][0]["actions"][0] = action_json("0 discard p1");
    let error = error_of_doc(&doc);
    assert_error(&error, "illegal_action", Some(0), Some(0));
    assert!(
        error["message"].as_str().unwrap().contains("draw"),
        "{error}"
    );

    let mut doc = valid();
    doc["rounds"][0]["actions"][0] = action_json("0 pass");
    let error = error_of_doc(&doc);
    assert_error(&error, "illegal_action", Some(0), Some(0));
    assert!(
        error["message"].as_str().unwrap().contains("pass"),
        "{error}"
    );

    let mut doc = valid();
    doc["rounds"][0]["actions"][2] = action_json("1 pon p1 p2");
    let error = error_of_doc(&doc);
    assert_error(&error, "illegal_action", Some(0), Some(2));
    assert!(
        error["message"].as_str().unwrap().contains("hold"),
        "{error}"
    );
}

#[test]
fn an_action_after_the_round_ended_is_illegal_action() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/scenarios/rulebook-1.json"
    );
    let mut doc = read_json(std::path::Path::new(path));
    let actions = doc["rounds"][0]["actions"].as_array_mut().unwrap();
    let after = actions.len();
    actions.push(action_json("1 draw 0"));
    let error = error_of_doc(&doc);
    assert_error(&error, "illegal_action", Some(0), Some(after as u64));
    assert!(
        error["message"].as_str().unwrap().contains("ended"),
        "{error}"
    );
}

#[test]
fn the_whole_document_is_checked_before_play() {
    // Round 0 has an illegal action, round 1 a bad deck: the deck is reported.
    let mut doc = valid();
    doc["rounds"][0]["actions"][0] = action_json("0 pass");
    let mut second = doc["rounds"][0].clone();
    second["deck"].as_array_mut().unwrap().pop();
    doc["rounds"].as_array_mut().unwrap().push(second);
    assert_error(&error_of_doc(&doc), "bad_deck", Some(1), None);
}

#[test]
fn options_are_checked_before_rounds_and_rounds_in_order() {
    let mut doc = valid();
    doc["options"] = json!({"yaku_points": {"bogus": 1}});
    doc["rounds"][0]["deck"][0] = json!("x1");
    assert_error(&error_of_doc(&doc), "malformed_scenario", None, None);

    // Within a round: deck names, then the 54-card check, then the actions.
    let mut doc = valid();
    doc["rounds"][0]["deck"].as_array_mut().unwrap().pop();
    doc["rounds"][0]["deck"][3] = json!("Cat");
    doc["rounds"][0]["actions"][0]["type"] = json!("jump");
    assert_error(&error_of_doc(&doc), "unknown_card", Some(0), None);
    let mut doc = valid();
    doc["rounds"][0]["deck"].as_array_mut().unwrap().pop();
    doc["rounds"][0]["actions"][0]["type"] = json!("jump");
    assert_error(&error_of_doc(&doc), "bad_deck", Some(0), None);

    // Round 0's unknown action comes before round 1's bad deck.
    let mut doc = valid();
    doc["rounds"][0]["actions"][0]["type"] = json!("jump");
    let mut second = valid()["rounds"][0].clone();
    second["deck"][0] = json!("Cat");
    doc["rounds"].as_array_mut().unwrap().push(second);
    assert_error(&error_of_doc(&doc), "unknown_action", Some(0), Some(0));
}

#[test]
fn more_structure_errors_are_malformed_scenario() {
    for (k, bad) in [
        (0, json!({"seat": 0, "type": "draw"})),
        (0, json!({"seat": "0", "type": "draw", "pile": 0})),
        (0, json!({"seat": 0, "type": "draw", "pile": 0.5})),
        (1, json!({"seat": 0, "type": "kai", "cards": ["p1", "p2"]})),
        (1, json!({"seat": 0, "type": "discard"})),
        (1, json!(["seat", 0])),
    ] {
        let mut doc = valid();
        doc["rounds"][0]["actions"][k] = bad.clone();
        assert_error(
            &error_of_doc(&doc),
            "malformed_scenario",
            Some(0),
            Some(k as u64),
        );
    }
    let mut doc = valid();
    doc["first_dealer"] = json!(0.5);
    assert_error(&error_of_doc(&doc), "malformed_scenario", None, None);
}

#[test]
fn within_an_action_type_comes_before_seat_before_fields_before_card_names() {
    for (bad, kind) in [
        (json!({"seat": 7, "type": "jump"}), "unknown_action"),
        (
            json!({"seat": 7, "type": "discard", "card": "x9"}),
            "malformed_scenario",
        ),
        (
            json!({"seat": 0, "type": "discard", "card": "x9", "riichi": "yes"}),
            "malformed_scenario",
        ),
        (
            json!({"seat": 0, "type": "pon", "cards": ["x9"]}),
            "malformed_scenario",
        ),
        (
            json!({"seat": 0, "type": "pon", "cards": ["x9", "p1"]}),
            "unknown_card",
        ),
    ] {
        let mut doc = valid();
        doc["rounds"][0]["actions"][1] = bad.clone();
        assert_error(&error_of_doc(&doc), kind, Some(0), Some(1));
    }
}

#[test]
fn a_scenario_without_rounds_reports_the_first_deal_to_come() {
    let out = run_value(&json!({"first_dealer": 1, "rounds": []})).unwrap();
    assert_eq!(out["rounds"], json!([]));
    assert_eq!(out["game"]["balances"], json!([29, 30]));
    assert_eq!(out["game"]["pot"], 1);
    assert_eq!(out["next"]["seat"], 1);
    assert_eq!(out["next"]["legal_actions"].as_array().unwrap().len(), 3);
}

#[test]
fn round_entries_after_an_incomplete_round_are_ignored_but_still_checked() {
    let mut doc = valid();
    // A second entry whose script would be illegal: never played, as round 0 is incomplete.
    let mut second = valid()["rounds"][0].clone();
    second["actions"] = json!([action_json("1 tsumo")]);
    doc["rounds"].as_array_mut().unwrap().push(second);
    let out = run_value(&doc).unwrap();
    assert_eq!(out["rounds"].as_array().unwrap().len(), 1);
    assert_eq!(round0(&out)["result"], "incomplete");
}

#[test]
fn input_card_lists_may_come_in_any_order() {
    let deck = DeckBuilder::new()
        .dealer("l4 Dog Moon l1 s6 s7 s8")
        .non_dealer("o4 s4 Dog Dog o5 o6 Moon")
        .pile(0, "Moon");
    let doc = scenario_json(
        0,
        vec![round_json(
            &deck,
            &["0 draw 0", "0 kai s8 s6 s7", "0 discard l4", "1 pon s4 o4"],
        )],
    );
    assert!(run_value(&doc).is_ok());
}

/// Yaku values are whole numbers of at least 0 (scenario-format.md); nothing bounds them
/// above, so a huge value must either be refused as `malformed_scenario` or scored exactly —
/// never panic or wrap around. Rulebook example 1 with riichi worth 2^31 and 2^32 - 1.
#[test]
fn huge_yaku_values_never_panic_or_wrap() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/scenarios/rulebook-1.json"
    );
    for riichi in [2_147_483_648_u64, 4_294_967_295] {
        let mut doc = read_json(std::path::Path::new(path));
        doc["options"] = json!({"yaku_points": {"riichi": riichi}});
        let bytes = doc.to_string().into_bytes();
        let result = std::panic::catch_unwind(|| Momojan::scenario(&bytes));
        let Ok(result) = result else {
            panic!("riichi worth {riichi}: the runner panicked")
        };
        match result {
            // riichi + tabi 1 + dog 1 + ittsu 1 + dora 1 + ron 1, doubled.
            Ok(out) => assert_eq!(round0(&out)["total"].as_u64(), Some(2 * (riichi + 5))),
            Err(e) => assert_eq!(e.to_json()["error"]["kind"], "malformed_scenario"),
        }
        let (code, _) = run_binary_bytes(&bytes);
        assert!(
            code == 0 || code == 2,
            "exit code {code} for riichi worth {riichi}"
        );
    }
}

// ---------------------------------------------------------------------------------------------
// Nothing makes the runner panic.

const KINDS: [&str; 7] = [
    "malformed_json",
    "malformed_scenario",
    "unknown_card",
    "bad_deck",
    "unknown_action",
    "wrong_seat",
    "illegal_action",
];

/// Runs the library and checks the answer is a valid output or a valid error document.
fn assert_well_formed(bytes: &[u8]) -> Result<(), TestCaseError> {
    match Momojan::scenario(bytes) {
        Ok(doc) => {
            let game = &doc["game"];
            let balances: i64 = game["balances"]
                .as_array()
                .unwrap()
                .iter()
                .map(|b| b.as_i64().unwrap())
                .sum();
            prop_assert_eq!(balances + game["pot"].as_i64().unwrap(), 60);
        }
        Err(e) => {
            let doc = e.to_json();
            let kind = doc["error"]["kind"]
                .as_str()
                .unwrap_or_default()
                .to_string();
            prop_assert!(KINDS.contains(&kind.as_str()), "unknown kind {}", kind);
        }
    }
    Ok(())
}

fn samples() -> &'static Vec<Value> {
    static SAMPLES: OnceLock<Vec<Value>> = OnceLock::new();
    SAMPLES.get_or_init(|| {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/samples");
        let mut docs: Vec<(String, Value)> = std::fs::read_dir(dir)
            .unwrap_or_else(|e| panic!("the sample directory {dir} is missing ({e})"))
            .map(|e| e.unwrap().path())
            .filter(|p| {
                let n = p.to_string_lossy();
                n.ends_with(".json") && !n.ends_with(".expected.json")
            })
            .map(|p| (p.to_string_lossy().to_string(), read_json(&p)))
            .collect();
        docs.sort_by(|a, b| a.0.cmp(&b.0));
        docs.into_iter().map(|(_, d)| d).collect()
    })
}

proptest! {
    // Failures are reported, not stored next to the tests.
    #![proptest_config(ProptestConfig {
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    #[test]
    fn arbitrary_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..256)) {
        assert_well_formed(&bytes)?;
    }

    #[test]
    fn arbitrary_json_never_panics(doc in json_value()) {
        assert_well_formed(doc.to_string().as_bytes())?;
        let wrapped = json!({ "rounds": [doc] });
        assert_well_formed(wrapped.to_string().as_bytes())?;
    }

    #[test]
    fn mutated_samples_never_panic(
        sample in any::<prop::sample::Index>(),
        edits in prop::collection::vec(
            (prop::collection::vec(any::<usize>(), 0..6), prop::option::of(json_value())),
            1..4,
        ),
    ) {
        let docs = samples();
        let mut doc = docs[sample.index(docs.len())].clone();
        for (path, new) in edits {
            mutate(&mut doc, &path, new);
        }
        assert_well_formed(doc.to_string().as_bytes())?;
    }

    #[test]
    fn arbitrary_yaku_values_never_panic(
        sample in any::<prop::sample::Index>(),
        values in prop::collection::btree_map(
            prop::sample::select(momojan::games::momojan::Yaku::ALL.map(|y| y.id()).to_vec()),
            prop_oneof![0u64..20, any::<u32>().prop_map(u64::from)],
            0..6,
        ),
    ) {
        let docs = samples();
        let mut doc = docs[sample.index(docs.len())].clone();
        doc["options"] = json!({ "yaku_points": values });
        assert_well_formed(doc.to_string().as_bytes())?;
    }

    #[test]
    fn truncated_samples_never_panic(sample in any::<prop::sample::Index>(), cut in any::<prop::sample::Index>()) {
        let docs = samples();
        let text = docs[sample.index(docs.len())].to_string();
        let bytes = text.as_bytes();
        assert_well_formed(&bytes[..cut.index(bytes.len())])?;
    }
}
