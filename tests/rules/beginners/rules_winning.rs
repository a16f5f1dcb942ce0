//! Rules §5 and §7: the two tenpai forms, the winning card (only an isolated card of the wait,
//! only the one just drawn for a tsumo), a yaku needed, no furiten, 天和, and yaku as scored.

use serde_json::json;

use super::support::{deck, doc, error, next_lines, play, round, yaku};

/// Hands that claim nothing in these scripts.
const QUIET: &str = "H-man H-man H-pin H-pin H-sou";
const QUIET_TOO: &str = "T-ko-wind T-ko-wind H-sou H-dragon H-dragon";

#[test]
fn a_head_wait_wins_on_an_isolated_card_of_its_kind_drawn_by_tsumo() {
    // Seat 1 waits on wind with 4 melds + I-wind; it draws I-wind.
    let d = deck(
        2,
        &[
            "T-ko-man T-ko-man T-ko-pin T-ko-pin H-dragon",
            "M-ko-man M-shun-pin M-shun-sou M-ko-dragon I-wind",
        ],
        "M-ko-sou I-wind",
    );
    let out = play(&doc(
        2,
        0,
        vec![round(&d, "0 draw; 0 discard M-ko-sou; 1 draw; 1 tsumo")],
    ));
    let r = &out["rounds"][0];
    assert_eq!(
        (r["result"].clone(), r["winner"].clone(), r["by"].clone()),
        (json!("win"), json!(1), json!("tsumo"))
    );
    assert_eq!(r["winning_card"], "I-wind");
    assert_eq!(
        yaku(r),
        [("yakuhai".to_string(), 1), ("tsumo".to_string(), 1)]
    );
    assert_eq!(r["total"], 2);
}

#[test]
fn only_the_card_just_drawn_wins_and_a_head_card_completing_four_melds_is_no_win() {
    // Seat 1 holds 4 melds + I-wind; it draws H-wind: 4 melds and a head, but no win.
    let d = deck(
        2,
        &[
            "T-ko-man T-ko-man T-ko-pin T-ko-pin H-dragon",
            "M-ko-man M-shun-pin M-shun-sou M-ko-dragon I-wind",
        ],
        "M-ko-sou H-wind",
    );
    let out = play(&doc(
        2,
        0,
        vec![round(&d, "0 draw; 0 discard M-ko-sou; 1 draw")],
    ));
    assert!(!next_lines(&out).contains(&"1 tsumo".to_string()));
    let refused = doc(
        2,
        0,
        vec![round(&d, "0 draw; 0 discard M-ko-sou; 1 draw; 1 tsumo")],
    );
    assert_eq!(
        error(&refused),
        ("illegal_action".into(), json!(0), json!(3))
    );
}

#[test]
fn a_meld_wait_completes_the_taatsu_into_a_meld_of_its_shape() {
    // 3 pin sequences, a pin head and a pin sequence taatsu: chinitsu and pinfu on I-pin.
    let d = deck(
        2,
        &[
            "M-ko-man M-ko-man I-sou I-sou I-sou",
            "M-shun-pin M-shun-pin M-shun-pin H-pin T-shun-pin",
        ],
        "I-pin",
    );
    let out = play(&doc(
        2,
        0,
        vec![round(&d, "0 draw; 0 discard I-pin; 1 ron")],
    ));
    let r = &out["rounds"][0];
    assert_eq!(
        (r["by"].clone(), r["winning_card"].clone()),
        (json!("ron"), json!("I-pin"))
    );
    assert_eq!(
        yaku(r),
        [("chinitsu".to_string(), 6), ("pinfu".to_string(), 3)]
    );
    assert_eq!(
        r["transfers"],
        json!([{"from": 0, "to": 1, "amount": 9, "reason": "win"}])
    );
}

#[test]
fn a_closed_hand_with_no_yaku_but_tsumo_cannot_ron_and_is_not_asked() {
    // Seat 1 waits on man with no yaku for a ron (three suits, no dragon meld).
    let d = deck(
        2,
        &[
            "M-ko-sou M-ko-sou I-man I-sou I-sou",
            "M-ko-man M-shun-pin M-shun-sou M-ko-wind I-man",
        ],
        "M-ko-pin",
    );
    let out = play(&doc(2, 0, vec![round(&d, "0 draw; 0 discard I-man")]));
    assert_eq!(out["next"]["seats"], json!([1]));
    assert_eq!(next_lines(&out), ["1 draw"]);
    let refused = doc(2, 0, vec![round(&d, "0 draw; 0 discard I-man; 1 ron")]);
    assert_eq!(
        error(&refused),
        ("illegal_action".into(), json!(0), json!(2))
    );
}

#[test]
fn there_is_no_furiten_a_passed_or_discarded_wait_may_still_be_ronned() {
    // Seat 1 (riichi, waiting on sou) passes a first I-sou, then rons the second.
    let d = deck(
        2,
        &[
            "M-ko-man M-ko-man I-sou I-sou T-ko-pin",
            "M-ko-man M-shun-pin M-shun-pin M-ko-dragon H-wind",
        ],
        "M-ko-pin I-sou M-ko-wind M-ko-wind",
    );
    let script = "0 draw; 0 discard M-ko-pin; 1 draw; 1 riichi H-wind; \
                  0 draw; 0 discard I-sou; 1 pass; 1 draw; 1 discard M-ko-wind; \
                  0 draw; 0 discard I-sou; 1 ron";
    let out = play(&doc(2, 0, vec![round(&d, script)]));
    let r = &out["rounds"][0];
    assert_eq!(
        (r["winner"].clone(), r["by"].clone()),
        (json!(1), json!("ron"))
    );
    assert_eq!(
        yaku(r),
        [("yakuhai".to_string(), 1), ("riichi".to_string(), 1)]
    );
}

#[test]
fn tenhou_is_the_dealers_dealt_hand_of_four_melds_and_a_head_declared_before_its_draw() {
    let d = deck(
        3,
        &[
            "M-ko-man M-shun-pin M-shun-pin M-ko-dragon H-wind",
            QUIET,
            QUIET_TOO,
        ],
        "",
    );
    let before = play(&doc(3, 0, vec![round(&d, "")]));
    assert_eq!(next_lines(&before), ["0 draw", "0 tsumo"]);
    let out = play(&doc(3, 0, vec![round(&d, "0 tsumo")]));
    let r = &out["rounds"][0];
    assert_eq!(
        (r["by"].clone(), r["winning_card"].clone()),
        (json!("tsumo"), json!(null))
    );
    assert_eq!(yaku(r), [("tenhou".to_string(), 12)]);
    assert_eq!(
        r["transfers"],
        json!([
            {"from": 1, "to": 0, "amount": 6, "reason": "win"},
            {"from": 2, "to": 0, "amount": 6, "reason": "win"}
        ])
    );
    // After the draw it is too late.
    let late = doc(3, 0, vec![round(&d, "0 draw; 0 tsumo")]);
    assert_eq!(error(&late), ("illegal_action".into(), json!(0), json!(1)));
}

#[test]
fn a_non_dealer_dealt_four_melds_and_a_head_has_no_win_and_plays_on() {
    let d = deck(
        2,
        &[QUIET, "M-ko-man M-shun-pin M-shun-pin M-ko-dragon H-wind"],
        "M-ko-sou M-ko-sou",
    );
    let out = play(&doc(2, 0, vec![round(&d, "0 draw; 0 discard M-ko-sou")]));
    assert_eq!(next_lines(&out), ["1 draw"]);
}

#[test]
fn with_tenhou_disabled_a_dealt_complete_hand_is_no_win_even_with_another_yakuman() {
    let d = deck(
        2,
        &["M-ko-wind M-ko-wind M-ko-wind M-ko-wind H-wind", QUIET],
        "",
    );
    let mut file = doc(2, 0, vec![round(&d, "")]);
    assert_eq!(next_lines(&play(&file)), ["0 draw", "0 tsumo"]);
    let won = play(&doc(2, 0, vec![round(&d, "0 tsumo")]));
    // 天和 and 大四喜 and 字一色 hold: one yakuman, the first in table order.
    assert_eq!(yaku(&won["rounds"][0]), [("tenhou".to_string(), 12)]);
    file["options"] = json!({"yaku_points": {"tenhou": 0}});
    assert_eq!(next_lines(&play(&file)), ["0 draw"]);
}

#[test]
fn a_yakuman_worth_more_than_tenhou_is_the_one_scored() {
    let d = deck(
        2,
        &["M-ko-wind M-ko-wind M-ko-wind M-ko-wind H-wind", QUIET],
        "",
    );
    let mut file = doc(2, 0, vec![round(&d, "0 tsumo")]);
    file["options"] = json!({"yaku_points": {"daisuushii": 20}});
    let r = &play(&file)["rounds"][0];
    assert_eq!(yaku(r), [("daisuushii".to_string(), 20)]);
    assert_eq!(r["total"], 20);
}

#[test]
fn an_open_hand_wins_only_with_a_yaku_of_its_own_and_never_scores_tsumo() {
    // Seat 1 chis I-man with T-shun-man (no yaku: mixed shapes and suits) and is then tenpai
    // on pin; it may not ron or tsumo I-pin. With a dragon meld it may, without tsumo.
    let hand = "M-ko-sou M-shun-pin M-ko-wind T-shun-man I-pin";
    let d = deck(
        2,
        &["M-ko-man M-ko-man I-man I-sou I-sou", hand],
        "M-ko-pin M-ko-pin I-pin",
    );
    let script = "0 draw; 0 discard I-man; 1 chi; 0 draw; 0 discard M-ko-pin; 1 draw";
    let out = play(&doc(2, 0, vec![round(&d, script)]));
    assert!(!next_lines(&out).contains(&"1 tsumo".to_string()), "{out}");
    let dragon = "M-ko-sou M-shun-pin M-ko-dragon T-shun-man I-pin";
    let d = deck(
        2,
        &["M-ko-man M-ko-man I-man I-sou I-sou", dragon],
        "M-ko-pin M-ko-pin I-pin",
    );
    let out = play(&doc(2, 0, vec![round(&d, &format!("{script}; 1 tsumo"))]));
    assert_eq!(yaku(&out["rounds"][0]), [("yakuhai".to_string(), 1)]);
}
