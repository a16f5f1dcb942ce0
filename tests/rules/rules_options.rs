//! Rules §10: per-game yaku values.

use crate::support::*;
use momojan::games::momojan::{Game, RuleOptions, Seat, Yaku, YakuPoints};
use serde_json::{json, Value};

fn rulebook_1_with(points: Value) -> Value {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/scenarios/rulebook-1.json"
    );
    let mut doc = read_json(std::path::Path::new(path));
    doc["options"] = json!({ "yaku_points": points });
    doc
}

fn yaku_points(round: &Value) -> Vec<(String, u64)> {
    round["yaku"]
        .as_array()
        .unwrap()
        .iter()
        .map(|y| {
            (
                y["id"].as_str().unwrap().to_string(),
                y["points"].as_u64().unwrap(),
            )
        })
        .collect()
}

#[test]
fn a_yaku_value_can_be_overridden() {
    let out = run_value(&rulebook_1_with(json!({"tabi": 3}))).unwrap();
    let round = round0(&out);
    assert_eq!(
        yaku_points(round),
        [("riichi", 1), ("tabi", 3), ("dog", 1), ("ittsu", 1)].map(|(y, p)| (y.to_string(), p))
    );
    // 3 + 3 + dora 1 + ron 1 = 8, doubled.
    assert_eq!(
        (round["base"].as_u64(), round["total"].as_u64()),
        (Some(8), Some(16))
    );
}

#[test]
fn a_yaku_set_to_0_is_not_listed() {
    let out = run_value(&rulebook_1_with(json!({"dog": 0}))).unwrap();
    let round = round0(&out);
    assert_eq!(doc_yaku(round), ["riichi", "tabi", "ittsu"]);
    assert_eq!(round["total"], 5);
}

#[test]
fn yaku_set_to_0_do_not_make_a_hand_winnable() {
    let doc = rulebook_1_with(json!({"riichi": 0, "tabi": 0, "dog": 0, "ittsu": 0}));
    let error = run_value(&doc).unwrap_err();
    assert_eq!(error["error"]["kind"], "illegal_action");
    assert_eq!(error["error"]["action"], 15, "the ron");
    let message = error["error"]["message"].as_str().unwrap();
    assert!(message.contains("yaku"), "{message}");
}

#[test]
fn options_are_fixed_when_the_game_starts() {
    let mut points = YakuPoints::default();
    points.set(Yaku::Momotaro, 5);
    points.set(Yaku::Otomo, 0);
    let options = RuleOptions {
        yaku_points: points.clone(),
    };
    let game = Game::new(Seat::ZERO, options.clone());
    assert_eq!(game.options, options);
    assert_eq!(game.points().get(Yaku::Momotaro), 5);
    assert_eq!(game.points().get(Yaku::Otomo), 0);
    assert_eq!(
        game.points().get(Yaku::Tabi),
        1,
        "the rest keep their defaults"
    );
    // The stored game keeps its options.
    let stored = serde_json::to_string(&game).unwrap();
    let back: Game = serde_json::from_str(&stored).unwrap();
    assert_eq!(back.options, options);
}

#[test]
fn every_default_value_follows_the_rules_table() {
    let expected = [
        ("riichi", 1),
        ("ippatsu", 1),
        ("tabi", 1),
        ("onigashima", 2),
        ("momotaro", 4),
        ("nihon_ichi", 7),
        ("dog", 1),
        ("monkey", 1),
        ("pheasant", 1),
        ("moon", 2),
        ("sun", 2),
        ("kerai", 5),
        ("ittsu", 1),
        ("kibidango", 2),
        ("kan", 1),
        ("rinshan", 1),
        ("oshimai", 10),
        ("haitei", 1),
        ("houtei", 1),
        ("nichigetsu", 2),
        ("tanyao", 1),
        ("chanta", 2),
        ("toitoi", 2),
        ("sanshoku", 2),
        ("honitsu", 2),
        ("chinitsu", 5),
        ("takaramono", 2),
        ("otomo", 2),
    ];
    let points = YakuPoints::default();
    for (id, value) in expected {
        let yaku = Yaku::from_id(id).unwrap_or_else(|| panic!("{id}"));
        assert_eq!(points.get(yaku), value, "{id}");
    }
}
