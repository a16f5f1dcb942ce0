//! Malformed riichi scenario files (riichi-scenario-format.md "Errors"): each error kind, the
//! order the document is checked in, and where the error points.

use momojan::games::kit::mahjong::tile::Tile;
use momojan::games::riichi::scenario::run;
use serde_json::{json, Value};

/// The 136 tiles in tile order (red fives on), as names.
fn deck() -> Vec<Value> {
    Tile::full_set(true)
        .iter()
        .map(|t| json!(t.to_string()))
        .collect()
}

fn doc(rounds: Value) -> Value {
    json!({"game": "riichi", "rounds": rounds})
}

/// A round whose dealer (seat 0) holds 1m1m1m1m 2m2m2m2m 3m3m3m3m 4m and draws 4m.
fn one_round(actions: Value) -> Value {
    doc(json!([{ "deck": deck(), "actions": actions }]))
}

/// The error of a document: (kind, round, action).
fn error(doc: &Value) -> (String, Value, Value) {
    let e = run(doc.to_string().as_bytes())
        .expect_err("an error")
        .to_json();
    let e = &e["error"];
    (
        e["kind"].as_str().unwrap().to_string(),
        e["round"].clone(),
        e["action"].clone(),
    )
}

fn kind(doc: &Value) -> String {
    error(doc).0
}

#[test]
fn text_that_is_not_json_is_malformed_json() {
    for bad in [&b"{"[..], b"\xff\xfe", b"{\"game\": NaN}", b""] {
        let e = run(bad).expect_err("an error");
        assert_eq!(e.to_json()["error"]["kind"], "malformed_json", "{bad:?}");
    }
}

#[test]
fn a_wrong_structure_is_malformed_scenario() {
    let cases = [
        json!([]),
        json!({"game": "chess", "rounds": []}),
        json!({"game": "riichi", "first_dealer": 4, "rounds": []}),
        json!({"game": "riichi", "first_dealer": "0", "rounds": []}),
        json!({"game": "riichi", "first_dealer": 1.5, "rounds": []}),
        json!({"game": "riichi", "options": [], "rounds": []}),
        json!({"game": "riichi", "options": {"red": true}, "rounds": []}),
        json!({"game": "riichi", "options": {"length": "west"}, "rounds": []}),
        json!({"game": "riichi", "options": {"aka": "yes"}, "rounds": []}),
        json!({"game": "riichi"}),
        json!({"game": "riichi", "rounds": {}}),
        doc(json!([3])),
        doc(json!([{}])),
        doc(json!([{"deck": "1m"}])),
        doc(json!([{"deck": deck(), "actions": {}}])),
        one_round(json!([3])),
        one_round(json!([{"seat": 0}])),
        one_round(json!([{"type": 7, "seat": 0}])),
        one_round(json!([{"type": "tsumo"}])),
        one_round(json!([{"type": "tsumo", "seat": 4}])),
        one_round(json!([{"type": "discard", "seat": 0}])),
        one_round(json!([{"type": "discard", "seat": 0, "card": 5}])),
        one_round(json!([{"type": "discard", "seat": 0, "card": "4m", "riichi": "yes"}])),
        one_round(json!([{"type": "pon", "seat": 1, "cards": "4m4m"}])),
        one_round(json!([{"type": "ankan", "seat": 0}])),
    ];
    for case in cases {
        assert_eq!(kind(&case), "malformed_scenario", "{case}");
    }
}

#[test]
fn null_is_the_same_as_absent_for_optional_fields() {
    let d = json!({"game": "riichi", "first_dealer": null, "options": {"aka": null},
        "rounds": [{"deck": deck(), "actions": null}]});
    let out = run(d.to_string().as_bytes()).expect("plays");
    assert_eq!(out["next"]["seats"], json!([0]));
    let d = one_round(json!([{"type": "discard", "seat": 0, "card": "4m", "riichi": null}]));
    assert!(run(d.to_string().as_bytes()).is_ok());
}

#[test]
fn a_tile_name_outside_the_notation_is_unknown_card() {
    let mut bad = deck();
    bad[5] = json!("8z");
    assert_eq!(kind(&doc(json!([{"deck": bad}]))), "unknown_card");
    let d = one_round(json!([{"type": "discard", "seat": 0, "card": "0z"}]));
    assert_eq!(error(&d), ("unknown_card".into(), json!(0), json!(0)));
    let d = one_round(json!([{"type": "chi", "seat": 1, "cards": ["1m", "5x"]}]));
    assert_eq!(kind(&d), "unknown_card");
}

#[test]
fn a_deck_that_is_not_the_136_tiles_is_bad_deck() {
    let mut short = deck();
    short.pop();
    assert_eq!(kind(&doc(json!([{"deck": short}]))), "bad_deck");
    let mut five = deck();
    let red = five.iter().position(|t| t == "0m").unwrap();
    five[red] = json!("5m");
    assert_eq!(kind(&doc(json!([{"deck": five.clone()}]))), "bad_deck");
    // Without red fives, four plain fives are right and a red one is wrong.
    let mut plain = deck();
    for t in plain.iter_mut() {
        if t.as_str().is_some_and(|s| s.starts_with('0')) {
            *t = json!(format!("5{}", &t.as_str().unwrap()[1..]));
        }
    }
    let no_aka = |d: Vec<Value>| json!({"game": "riichi", "options": {"aka": false}, "rounds": [{"deck": d}]});
    assert!(run(no_aka(plain).to_string().as_bytes()).is_ok());
    assert_eq!(kind(&no_aka(deck())), "bad_deck");
}

#[test]
fn an_unknown_type_is_unknown_action() {
    let d = one_round(json!([{"type": "draw", "seat": 0}]));
    assert_eq!(error(&d), ("unknown_action".into(), json!(0), json!(0)));
    let d = one_round(json!([{"type": "riichi", "seat": 0, "card": "4m"}]));
    assert_eq!(kind(&d), "unknown_action");
}

#[test]
fn a_seat_that_need_not_act_is_wrong_seat() {
    let d = one_round(json!([{"type": "discard", "seat": 1, "card": "4m"}]));
    assert_eq!(error(&d), ("wrong_seat".into(), json!(0), json!(0)));
    // Seat 1 is asked about the dealer's 4m; the dealer is not.
    let d = one_round(json!([
        {"type": "discard", "seat": 0, "card": "4m"},
        {"type": "pass", "seat": 0}
    ]));
    assert_eq!(error(&d), ("wrong_seat".into(), json!(0), json!(1)));
}

#[test]
fn an_action_the_rules_refuse_is_illegal_action() {
    let cases = [
        json!([{"type": "discard", "seat": 0, "card": "9s"}]),
        json!([{"type": "tsumo", "seat": 0}]),
        json!([{"type": "kyuushu", "seat": 0}]),
        json!([{"type": "agari_yame", "seat": 0}]),
    ];
    for actions in cases {
        let d = one_round(actions.clone());
        assert_eq!(kind(&d), "illegal_action", "{actions}");
    }
}

#[test]
fn a_chi_or_pon_without_two_tiles_is_illegal_when_played() {
    // The dealer discards 4m; seat 1 holds 4m4m4m3m… and may pon it.
    let d = one_round(json!([
        {"type": "discard", "seat": 0, "card": "4m"},
        {"type": "pon", "seat": 1, "cards": ["4m", "4m", "4m"]}
    ]));
    assert_eq!(error(&d), ("illegal_action".into(), json!(0), json!(1)));
}

#[test]
fn the_document_is_checked_in_order_before_play() {
    // An unknown option is found before a bad deck, a bad deck before a bad action.
    let mut bad = deck();
    bad.pop();
    let d = json!({"game": "riichi", "options": {"nope": 1}, "rounds": [{"deck": bad}]});
    assert_eq!(kind(&d), "malformed_scenario");
    let d = doc(json!([{"deck": bad, "actions": [{"type": "draw", "seat": 0}]}]));
    assert_eq!(kind(&d), "bad_deck");
    // The deck must be a list of strings before any name is read.
    let mut mixed = deck();
    mixed[0] = json!("8z");
    mixed[1] = json!(3);
    assert_eq!(kind(&doc(json!([{"deck": mixed}]))), "malformed_scenario");
    // Every field's type before a tile name: a bad riichi before an unknown card.
    let d = one_round(json!([{"type": "discard", "seat": 0, "card": "0z", "riichi": 1}]));
    assert_eq!(kind(&d), "malformed_scenario");
    // A malformed later round is found before an illegal first action is played.
    let d = doc(json!([
        {"deck": deck(), "actions": [{"type": "tsumo", "seat": 0}]},
        {"deck": []}
    ]));
    assert_eq!(error(&d), ("bad_deck".into(), json!(1), Value::Null));
    // A type is read before the seat.
    let d = one_round(json!([{"type": "draw", "seat": 9}]));
    assert_eq!(kind(&d), "unknown_action");
}

#[test]
fn an_action_after_its_round_is_over_is_illegal() {
    // Nine terminals ends the round; a further action in the same entry is refused.
    let mut tiles: Vec<Value> = deck();
    // Give the dealer 1m 9m 1p 9p 1s 9s 1z…7z (13 kinds) by swapping them to the front.
    let wanted = [
        "1m", "9m", "1p", "9p", "1s", "9s", "1z", "2z", "3z", "4z", "5z", "6z", "7z",
    ];
    for (i, name) in wanted.iter().enumerate() {
        let at = tiles.iter().rposition(|t| t == name).unwrap();
        tiles.swap(i, at);
    }
    let d = doc(json!([{"deck": tiles, "actions": [
        {"type": "kyuushu", "seat": 0},
        {"type": "discard", "seat": 0, "card": "1m"}
    ]}]));
    assert_eq!(error(&d), ("illegal_action".into(), json!(0), json!(1)));
}
