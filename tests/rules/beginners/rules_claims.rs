//! Rules §4.2 and §4.3: only isolated cards are claimed; every seat with a claim answers once,
//! in any order; ron before calls, the nearest first, one winner; pon and chi rank equally so
//! a chi beats a pon; no calls in riichi or on the last discard; the caller's next seat plays.

use momojan::games::beginners::card::{full_deck, Counts};
use serde_json::json;

use super::support::{cards, deck, doc, error, next_lines, play, round, yaku};

/// Four players: the dealer (seat 0) draws `M-ko-sou` and throws `I-sou`; seat 1 may chi,
/// seat 2 may pon, seat 3 holds nothing of sou.
fn chi_and_pon() -> Vec<momojan::games::beginners::Card> {
    deck(
        4,
        &[
            "T-ko-man T-ko-man T-ko-pin H-man I-sou",
            "T-shun-sou I-man I-pin H-pin H-pin",
            "T-ko-sou I-man I-pin I-wind I-dragon",
            "M-ko-pin M-ko-pin M-ko-pin I-wind I-dragon",
        ],
        "M-ko-sou H-dragon",
    )
}

#[test]
fn every_seat_with_a_claim_is_asked_and_none_other() {
    let out = play(&doc(
        4,
        0,
        vec![round(&chi_and_pon(), "0 draw; 0 discard I-sou")],
    ));
    assert_eq!(out["next"]["seats"], json!([1, 2]));
    assert_eq!(next_lines(&out), ["1 chi", "1 pass", "2 pon", "2 pass"]);
}

#[test]
fn a_chi_beats_a_pon_whatever_the_order_of_the_answers_and_the_callers_next_seat_plays() {
    for answers in ["2 pon; 1 chi", "1 chi; 2 pon"] {
        let script = format!("0 draw; 0 discard I-sou; {answers}");
        let out = play(&doc(4, 0, vec![round(&chi_and_pon(), &script)]));
        assert_eq!(out["next"]["seats"], json!([2]), "{answers}");
        assert_eq!(next_lines(&out), ["2 draw"]);
    }
    // The caller neither drew nor discarded: the next seat draws the pile's second card.
    let script = "0 draw; 0 discard I-sou; 2 pon; 1 chi; 2 draw";
    let out = play(&doc(4, 0, vec![round(&chi_and_pon(), script)]));
    assert!(next_lines(&out).contains(&"2 discard H-dragon".to_string()));
}

#[test]
fn a_pon_may_come_from_any_seat_and_the_turn_skips_to_the_callers_next_seat() {
    let script = "0 draw; 0 discard I-sou; 1 pass; 2 pon";
    let out = play(&doc(4, 0, vec![round(&chi_and_pon(), script)]));
    assert_eq!(out["next"]["seats"], json!([3]));
    let out = play(&doc(
        4,
        0,
        vec![round(&chi_and_pon(), &format!("{script}; 3 draw"))],
    ));
    assert!(next_lines(&out).contains(&"3 discard H-dragon".to_string()));
}

#[test]
fn when_everyone_passes_the_discard_lies_and_the_discarders_next_seat_plays() {
    let script = "0 draw; 0 discard I-sou; 2 pass; 1 pass";
    let out = play(&doc(4, 0, vec![round(&chi_and_pon(), script)]));
    assert_eq!(next_lines(&out), ["1 draw"]);
}

#[test]
fn only_the_discarders_next_seat_may_chi() {
    // Seat 2 holds the sou sequence taatsu, seat 1 nothing: nobody is asked.
    let d = deck(
        4,
        &[
            "T-ko-man T-ko-man T-ko-pin H-man I-sou",
            "I-man I-man I-pin H-pin H-pin",
            "T-shun-sou I-man I-pin I-wind I-dragon",
            "M-ko-pin M-ko-pin M-ko-pin I-wind I-dragon",
        ],
        "M-ko-sou",
    );
    let out = play(&doc(4, 0, vec![round(&d, "0 draw; 0 discard I-sou")]));
    assert_eq!(next_lines(&out), ["1 draw"]);
    let refused = doc(4, 0, vec![round(&d, "0 draw; 0 discard I-sou; 2 chi")]);
    assert_eq!(error(&refused), ("wrong_seat".into(), json!(0), json!(2)));
}

#[test]
fn a_discarded_meld_taatsu_or_head_card_is_never_claimed() {
    let d = chi_and_pon();
    for card in ["M-ko-sou", "T-ko-man", "H-man"] {
        let out = play(&doc(
            4,
            0,
            vec![round(&d, &format!("0 draw; 0 discard {card}"))],
        ));
        assert_eq!(next_lines(&out), ["1 draw"], "{card}");
    }
}

/// Four players, `first_dealer` deals and throws `I-sou`: the player one place after it may
/// chi, the players two and three places after it may ron (both with yakuhai).
fn two_rons(first_dealer: usize) -> serde_json::Value {
    let d = deck(
        4,
        &[
            "T-ko-man T-ko-man T-ko-pin H-man I-sou",
            "T-shun-sou I-man I-pin H-pin H-pin",
            "M-ko-dragon M-shun-pin M-shun-pin M-ko-man I-sou",
            "M-ko-dragon M-ko-wind M-ko-wind M-ko-man I-sou",
        ],
        "M-ko-sou",
    );
    let s = |places: usize| (first_dealer + places) % 4;
    let script = format!(
        "{d} draw; {d} discard I-sou; {three} ron; {one} chi; {two} ron",
        d = s(0),
        one = s(1),
        two = s(2),
        three = s(3)
    );
    doc(4, first_dealer, vec![round(&d, &script)])
}

#[test]
fn ron_comes_before_any_call_and_the_ron_nearest_the_discarder_wins_alone() {
    for first_dealer in [0, 2] {
        let out = play(&two_rons(first_dealer));
        let r = &out["rounds"][0];
        let nearest = (first_dealer + 2) % 4;
        assert_eq!(
            (r["winner"].clone(), r["by"].clone()),
            (json!(nearest), json!("ron"))
        );
        assert_eq!(yaku(r), [("yakuhai".to_string(), 1)]);
        assert_eq!(
            r["transfers"],
            json!([{"from": first_dealer, "to": nearest, "amount": 1, "reason": "win"}])
        );
    }
}

#[test]
fn each_asked_seat_answers_once_and_only_with_a_claim_it_has() {
    let d = chi_and_pon();
    let twice = doc(
        4,
        0,
        vec![round(&d, "0 draw; 0 discard I-sou; 1 pass; 1 chi")],
    );
    assert_eq!(error(&twice), ("wrong_seat".into(), json!(0), json!(3)));
    let not_asked = doc(4, 0, vec![round(&d, "0 draw; 0 discard I-sou; 3 pass")]);
    assert_eq!(error(&not_asked), ("wrong_seat".into(), json!(0), json!(2)));
    let discarder = doc(4, 0, vec![round(&d, "0 draw; 0 discard I-sou; 0 draw")]);
    assert_eq!(error(&discarder), ("wrong_seat".into(), json!(0), json!(2)));
    let no_taatsu = doc(4, 0, vec![round(&d, "0 draw; 0 discard I-sou; 1 pon")]);
    assert_eq!(
        error(&no_taatsu),
        ("illegal_action".into(), json!(0), json!(2))
    );
    let no_win = doc(4, 0, vec![round(&d, "0 draw; 0 discard I-sou; 2 ron")]);
    assert_eq!(
        error(&no_win),
        ("illegal_action".into(), json!(0), json!(2))
    );
    let not_an_answer = doc(4, 0, vec![round(&d, "0 draw; 0 discard I-sou; 2 draw")]);
    assert_eq!(
        error(&not_an_answer),
        ("illegal_action".into(), json!(0), json!(2))
    );
}

#[test]
fn a_player_in_riichi_may_ron_but_not_pon_or_chi() {
    // Seat 1 waits on sou with a sou triplet taatsu: in riichi it is asked for ron only;
    // closed without riichi it has no yaku to ron with, and may pon.
    let d = deck(
        2,
        &[
            "T-ko-man T-ko-man T-ko-pin H-man I-sou",
            "M-ko-man M-shun-pin M-shun-pin H-dragon T-ko-sou",
        ],
        "M-ko-pin M-ko-wind M-ko-pin",
    );
    let riichi = "0 draw; 0 discard M-ko-pin; 1 draw; 1 riichi M-ko-wind; 0 draw; 0 discard I-sou";
    let out = play(&doc(2, 0, vec![round(&d, riichi)]));
    assert_eq!(next_lines(&out), ["1 ron", "1 pass"]);
    let pon = doc(2, 0, vec![round(&d, &format!("{riichi}; 1 pon"))]);
    assert_eq!(error(&pon), ("illegal_action".into(), json!(0), json!(6)));
    let closed = "0 draw; 0 discard M-ko-pin; 1 draw; 1 discard M-ko-wind; 0 draw; 0 discard I-sou";
    assert_eq!(
        next_lines(&play(&doc(2, 0, vec![round(&d, closed)]))),
        ["1 pon", "1 pass"]
    );
}

/// Two players, seat 1 deals: every draw is a card nobody can claim until seat 0's last,
/// `I-sou`, which seat 1 (holding `hand`) might claim.
fn last_discard(hand: &str) -> serde_json::Value {
    let quiet = "H-man H-man H-pin H-pin H-wind";
    let mut left = Counts::of(&full_deck());
    for c in cards(&format!("{hand} {quiet} I-sou")) {
        left.remove(c);
    }
    let pile: Vec<String> = left
        .to_vec()
        .into_iter()
        .filter(|c| !c.is_isolated())
        .take(29)
        .map(|c| c.to_string())
        .chain(["I-sou".to_string()])
        .collect();
    let d = deck(2, &[hand, quiet], &pile.join(" "));
    let mut lines = Vec::new();
    for (k, card) in pile.iter().enumerate() {
        let seat = if k % 2 == 0 { 1 } else { 0 };
        lines.push(format!("{seat} draw; {seat} discard {card}"));
    }
    doc(2, 1, vec![round(&d, &lines.join("; "))])
}

#[test]
fn the_discard_after_the_last_draw_can_only_be_ronned_and_then_the_round_is_drawn() {
    let out = play(&last_discard(
        "T-ko-sou T-shun-sou M-ko-man M-ko-man H-dragon",
    ));
    let r = &out["rounds"][0];
    assert_eq!(r["result"], "draw");
    assert_eq!(r["tenpai"], json!([false, false]));
    assert_eq!(r["transfers"], json!([]));
    // Tenpai on sou with a dragon meld: asked for ron only.
    let out = play(&last_discard(
        "M-ko-dragon M-ko-man M-ko-man H-dragon T-ko-sou",
    ));
    assert_eq!(next_lines(&out), ["1 ron", "1 pass"]);
}
