//! Malformed documents (`beginners-scenario-format.md`, Errors): each error kind with its
//! round and action, and the order of checks — the whole document before play, then for each
//! action a finished round, its seat and its legality, in that order.

use serde_json::{json, Value};

use super::support::{deck, doc, error, round, run};

const NULL: Value = Value::Null;

/// A valid two-round document of three players: round 0 is a tenhou, round 1 starts.
fn valid() -> Value {
    let tenhou = deck(
        3,
        &[
            "M-ko-man M-shun-pin M-shun-pin M-ko-dragon H-wind",
            "H-man H-man H-pin H-pin H-sou",
            "T-ko-wind T-ko-wind H-sou H-dragon H-dragon",
        ],
        "",
    );
    let next = deck(3, &["T-ko-man T-ko-man T-ko-pin H-man I-sou"], "M-ko-sou");
    doc(
        3,
        0,
        vec![
            round(&tenhou, "0 tsumo"),
            round(&next, "1 draw; 1 discard M-ko-sou"),
        ],
    )
}

fn kind_at(doc: &Value) -> (String, Value, Value) {
    error(doc)
}

fn expect(doc: Value, kind: &str, round: Value, action: Value) {
    assert_eq!(kind_at(&doc), (kind.to_string(), round, action), "{doc}");
}

#[test]
fn the_valid_document_plays() {
    let out = run(&valid());
    assert_eq!(out["rounds"][1]["result"], "incomplete", "{out}");
    assert_eq!(out["next"]["seats"], json!([2]));
}

#[test]
fn a_document_that_is_not_json_is_malformed_json() {
    for bytes in [
        &b"{"[..],
        b"",
        b"{\"game\": NaN}",
        b"[1, Infinity]",
        b"\xff\xfe",
    ] {
        let e = momojan::games::beginners::scenario::run(bytes).unwrap_err();
        assert_eq!(e.to_json()["error"]["kind"], "malformed_json", "{bytes:?}");
        assert_eq!((e.round, e.action), (None, None));
    }
}

#[test]
fn a_wrong_top_level_game_players_or_first_dealer_is_malformed() {
    let top = |f: &dyn Fn(&mut Value)| {
        let mut d = valid();
        f(&mut d);
        d
    };
    for d in [
        json!([1, 2]),
        top(&|d| d["players"] = json!(5)),
        top(&|d| d["players"] = json!(1)),
        top(&|d| d["players"] = json!("3")),
        top(&|d| d["players"] = json!(3.0)),
        top(&|d| d["players"] = NULL),
        top(&|d| {
            d.as_object_mut().unwrap().remove("players");
        }),
        top(&|d| d["first_dealer"] = json!(3)),
        top(&|d| d["first_dealer"] = json!(-1)),
        top(&|d| d["first_dealer"] = json!(1.5)),
        top(&|d| d["rounds"] = json!({})),
        top(&|d| d["rounds"] = NULL),
        top(&|d| {
            d.as_object_mut().unwrap().remove("rounds");
        }),
    ] {
        expect(d, "malformed_scenario", NULL, NULL);
    }
    // null is an absent first_dealer (seat 0).
    let mut d = valid();
    d["first_dealer"] = NULL;
    assert!(run(&d).get("error").is_none());
}

#[test]
fn options_must_be_objects_of_known_yaku_and_whole_points() {
    for options in [
        json!(3),
        json!({"yaku_points": [1]}),
        json!({"yaku_points": {"dora": 1}}),
        json!({"yaku_points": {"pinfu": 1.5}}),
        json!({"yaku_points": {"pinfu": 2.0}}),
        json!({"yaku_points": {"pinfu": -1}}),
        json!({"yaku_points": {"pinfu": true}}),
        json!({"yaku_points": {"pinfu": "2"}}),
        // Past u32::MAX (as a server's settings and MOMOJAN's files): a whole game's points
        // would no longer fit a balance.
        json!({"yaku_points": {"pinfu": 4_294_967_296_u64}}),
        json!({"yaku_points": {"pinfu": u64::MAX}}),
    ] {
        let mut d = valid();
        d["options"] = options.clone();
        expect(d, "malformed_scenario", NULL, NULL);
    }
    for options in [
        NULL,
        json!({}),
        json!({"yaku_points": null}),
        json!({"yaku_points": {"pinfu": 0}}),
        json!({"yaku_points": {"pinfu": u32::MAX}}),
    ] {
        let mut d = valid();
        d["options"] = options;
        assert!(run(&d).get("error").is_none());
    }
}

#[test]
fn deck_errors_name_their_round_unknown_cards_before_the_108_card_check() {
    let mut d = valid();
    d["rounds"][1]["deck"][7] = json!("I-flower");
    expect(d, "unknown_card", json!(1), NULL);
    let mut d = valid();
    d["rounds"][1]["deck"][7] = json!("M-shun-wind");
    expect(d, "unknown_card", json!(1), NULL);
    // An unknown id in a short deck is still an unknown card.
    let mut d = valid();
    d["rounds"][1]["deck"] = json!(["I-man", "X"]);
    expect(d, "unknown_card", json!(1), NULL);
    let mut d = valid();
    d["rounds"][1]["deck"][7] = json!("I-man");
    expect(d, "bad_deck", json!(1), NULL);
    let mut d = valid();
    d["rounds"][1]["deck"].as_array_mut().unwrap().pop();
    expect(d, "bad_deck", json!(1), NULL);
    // Not a list of strings: the structure first.
    let mut d = valid();
    d["rounds"][1]["deck"][7] = json!(7);
    expect(d, "malformed_scenario", json!(1), NULL);
    let mut d = valid();
    d["rounds"][0] = json!([]);
    expect(d, "malformed_scenario", json!(0), NULL);
    let mut d = valid();
    d["rounds"][0].as_object_mut().unwrap().remove("deck");
    expect(d, "malformed_scenario", json!(0), NULL);
}

#[test]
fn action_errors_name_their_round_and_action() {
    let set = |k: usize, action: Value| {
        let mut d = valid();
        d["rounds"][1]["actions"][k] = action;
        d
    };
    expect(
        set(1, json!({"seat": 1, "type": "kan"})),
        "unknown_action",
        json!(1),
        json!(1),
    );
    expect(
        set(1, json!({"seat": 1, "type": 3})),
        "malformed_scenario",
        json!(1),
        json!(1),
    );
    expect(
        set(1, json!({"seat": 1})),
        "malformed_scenario",
        json!(1),
        json!(1),
    );
    expect(
        set(1, json!("draw")),
        "malformed_scenario",
        json!(1),
        json!(1),
    );
    expect(
        set(1, json!({"seat": 3, "type": "draw"})),
        "malformed_scenario",
        json!(1),
        json!(1),
    );
    expect(
        set(1, json!({"seat": null, "type": "draw"})),
        "malformed_scenario",
        json!(1),
        json!(1),
    );
    expect(
        set(1, json!({"type": "draw"})),
        "malformed_scenario",
        json!(1),
        json!(1),
    );
    expect(
        set(1, json!({"seat": 1, "type": "discard"})),
        "malformed_scenario",
        json!(1),
        json!(1),
    );
    expect(
        set(1, json!({"seat": 1, "type": "discard", "card": 5})),
        "malformed_scenario",
        json!(1),
        json!(1),
    );
    expect(
        set(
            1,
            json!({"seat": 1, "type": "discard", "card": "M-ko-sou", "riichi": "no"}),
        ),
        "malformed_scenario",
        json!(1),
        json!(1),
    );
    expect(
        set(1, json!({"seat": 1, "type": "discard", "card": "I-joker"})),
        "unknown_card",
        json!(1),
        json!(1),
    );
    // The type is checked before the seat, the seat before the fields, the fields' JSON types
    // before the card id.
    expect(
        set(1, json!({"seat": 9, "type": "kan"})),
        "unknown_action",
        json!(1),
        json!(1),
    );
    expect(
        set(1, json!({"seat": 9, "type": "discard", "card": "I-joker"})),
        "malformed_scenario",
        json!(1),
        json!(1),
    );
    expect(
        set(
            1,
            json!({"seat": 1, "type": "discard", "card": "I-joker", "riichi": 1}),
        ),
        "malformed_scenario",
        json!(1),
        json!(1),
    );
    let mut d = valid();
    d["rounds"][1]["actions"] = json!({});
    expect(d, "malformed_scenario", json!(1), NULL);
    let mut d = valid();
    d["rounds"][1]["actions"] = NULL;
    assert!(run(&d).get("error").is_none());
}

#[test]
fn the_whole_document_is_checked_before_play() {
    // An illegal action in round 0 and a bad deck in round 1: the deck is reported.
    let mut d = valid();
    d["rounds"][0]["actions"][0] = json!({"seat": 0, "type": "pass"});
    d["rounds"][1]["deck"][0] = json!("I-man");
    expect(d, "bad_deck", json!(1), NULL);
    // An entry after the game is over is ignored, but still checked.
    let mut d = valid();
    d["rounds"]
        .as_array_mut()
        .unwrap()
        .push(json!({"deck": ["nope"]}));
    expect(d, "unknown_card", json!(2), NULL);
}

#[test]
fn in_play_a_finished_round_comes_before_the_seat_and_the_seat_before_legality() {
    // After the tenhou, a further action in round 0 is illegal, whatever its seat.
    let mut d = valid();
    d["rounds"][0]["actions"]
        .as_array_mut()
        .unwrap()
        .push(json!({"seat": 2, "type": "draw"}));
    expect(d, "illegal_action", json!(0), json!(1));
    // Not this seat's turn, and not legal either: wrong seat.
    let mut d = valid();
    d["rounds"][1]["actions"][0] = json!({"seat": 2, "type": "tsumo"});
    expect(d, "wrong_seat", json!(1), json!(0));
    let mut d = valid();
    d["rounds"][1]["actions"][0] = json!({"seat": 1, "type": "tsumo"});
    expect(d, "illegal_action", json!(1), json!(0));
}

#[test]
fn an_illegal_action_says_why_in_words() {
    let mut d = valid();
    d["rounds"][1]["actions"][0] = json!({"seat": 1, "type": "discard", "card": "I-sou"});
    let out = run(&d);
    let message = out["error"]["message"].as_str().unwrap();
    assert!(message.contains("draw a card first"), "{message}");
}
