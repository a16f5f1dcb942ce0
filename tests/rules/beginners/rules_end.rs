//! Rules §8 and §9: paying a win (a ron by the discarder; a tsumo shared, the remainder by
//! the dealer or, when the dealer won, by the next dealer), the deal moving on every round,
//! and the end: a balance below 0, or 2 × P rounds; the ranking with ties in turn order from
//! the first dealer; a pot left over to the first-ranked.

use momojan::games::beginners::card::{full_deck, Counts};
use serde_json::{json, Value};

use super::support::{cards, deck, doc, play, round};

/// Hands that claim nothing and win nothing in these scripts, one per other place.
const QUIET: [&str; 3] = [
    "T-ko-man T-ko-man T-ko-sou H-man H-man",
    "H-sou H-sou H-wind H-wind H-dragon",
    "T-ko-wind T-ko-wind T-ko-dragon T-ko-dragon H-dragon",
];

/// A round at `players` where the player `place` places after the dealer holds `hand`, the
/// players before it draw and throw a `T-shun-man`, and it draws `winning` and wins by tsumo.
fn tsumo(players: usize, first_dealer: usize, place: usize, hand: &str, winning: &str) -> Value {
    let mut quiet = QUIET.iter();
    let hands: Vec<&str> = (0..players)
        .map(|p| {
            if p == place {
                hand
            } else {
                quiet.next().unwrap()
            }
        })
        .collect();
    let pile = format!("{}{winning}", "T-shun-man ".repeat(place));
    let d = deck(players, &hands, &pile);
    let seat = |p: usize| (first_dealer + p) % players;
    let mut script: Vec<String> = (0..place)
        .map(|p| format!("{s} draw; {s} discard T-shun-man", s = seat(p)))
        .collect();
    script.push(format!("{s} draw; {s} tsumo", s = seat(place)));
    doc(players, first_dealer, vec![round(&d, &script.join("; "))])
}

/// Chinitsu and tsumo: 7 points on `I-pin`.
const SEVEN: &str = "M-shun-pin M-ko-pin M-shun-pin M-shun-pin I-pin";
/// Toitoi, yakuhai and tsumo: 5 points on `I-wind`.
const FIVE: &str = "M-ko-dragon M-ko-man M-ko-man M-ko-sou I-wind";
/// Tsumo alone: 1 point on `I-man`.
const ONE: &str = "M-ko-man M-shun-pin M-shun-sou M-ko-wind I-man";

fn wins(doc: &Value) -> Vec<(u64, u64)> {
    let out = play(doc);
    let r = &out["rounds"][0];
    assert_eq!(r["by"], "tsumo", "{r}");
    r["transfers"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|t| t["reason"] == "win")
        .map(|t| (t["from"].as_u64().unwrap(), t["amount"].as_u64().unwrap()))
        .collect()
}

#[test]
fn at_four_players_a_non_dealers_tsumo_of_seven_costs_the_dealer_three_and_the_others_two() {
    assert_eq!(
        wins(&tsumo(4, 0, 1, SEVEN, "I-pin")),
        [(0, 3), (2, 2), (3, 2)]
    );
    assert_eq!(
        wins(&tsumo(4, 2, 3, SEVEN, "I-pin")),
        [(0, 2), (2, 3), (3, 2)]
    );
}

#[test]
fn at_four_players_the_dealers_tsumo_of_five_costs_the_next_dealer_three_and_the_others_one() {
    assert_eq!(
        wins(&tsumo(4, 0, 0, FIVE, "I-wind")),
        [(1, 3), (2, 1), (3, 1)]
    );
    // The next dealer after seat 3 is seat 0.
    assert_eq!(
        wins(&tsumo(4, 3, 0, FIVE, "I-wind")),
        [(0, 3), (1, 1), (2, 1)]
    );
}

#[test]
fn a_tsumo_smaller_than_the_payers_is_paid_by_the_remainders_payer_alone() {
    assert_eq!(wins(&tsumo(4, 0, 2, ONE, "I-man")), [(0, 1)]);
    assert_eq!(wins(&tsumo(3, 1, 0, ONE, "I-man")), [(2, 1)]);
}

#[test]
fn at_three_players_the_remainder_falls_on_the_dealer_or_the_next_dealer() {
    assert_eq!(wins(&tsumo(3, 0, 1, SEVEN, "I-pin")), [(0, 4), (2, 3)]);
    assert_eq!(wins(&tsumo(3, 0, 0, FIVE, "I-wind")), [(1, 3), (2, 2)]);
}

#[test]
fn at_two_players_the_opponent_pays_every_tsumo_whole() {
    assert_eq!(wins(&tsumo(2, 0, 1, SEVEN, "I-pin")), [(0, 7)]);
    assert_eq!(wins(&tsumo(2, 1, 0, FIVE, "I-wind")), [(0, 5)]);
}

/// A round where every player draws and throws the card it drew, all cards used being
/// non-isolated so nobody is ever asked; the dealer may be given `dealer_hand` and declare
/// riichi with its first discard.
fn quiet_round(players: usize, dealer: usize, dealer_hand: Option<&str>) -> Value {
    let mut pool = Counts::of(&full_deck());
    let mut hands: Vec<String> = Vec::new();
    if let Some(hand) = dealer_hand {
        cards(hand)
            .into_iter()
            .for_each(|c| assert!(pool.remove(c)));
        hands.push(hand.to_string());
    }
    let mut quiet = pool.to_vec().into_iter().filter(|c| !c.is_isolated());
    let mut take =
        |n: usize| -> Vec<String> { quiet.by_ref().take(n).map(|c| c.to_string()).collect() };
    while hands.len() < players {
        hands.push(take(5).join(" "));
    }
    let pile = take(30);
    let refs: Vec<&str> = hands.iter().map(String::as_str).collect();
    let d = deck(players, &refs, &pile.join(" "));
    let script: Vec<String> = pile
        .iter()
        .enumerate()
        .map(|(k, card)| {
            let seat = (dealer + k) % players;
            let how = if k == 0 && dealer_hand.is_some() {
                "riichi"
            } else {
                "discard"
            };
            format!("{seat} draw; {seat} {how} {card}")
        })
        .collect();
    round(&d, &script.join("; "))
}

#[test]
fn after_two_rounds_dealt_by_each_player_the_game_is_complete_and_ties_rank_in_turn_order() {
    for players in 2..=4 {
        let first = players - 1;
        let rounds = (0..2 * players)
            .map(|r| quiet_round(players, (first + r) % players, None))
            .collect();
        let out = play(&doc(players, first, rounds));
        let dealers: Vec<u64> = out["rounds"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| r["dealer"].as_u64().unwrap())
            .collect();
        let expected: Vec<u64> = (0..2 * players)
            .map(|r| ((first + r) % players) as u64)
            .collect();
        assert_eq!(dealers, expected);
        assert!(out["rounds"]
            .as_array()
            .unwrap()
            .iter()
            .all(|r| r["result"] == "draw"));
        let g = &out["game"];
        assert_eq!(
            (g["over"].clone(), g["reason"].clone()),
            (json!(true), json!("complete"))
        );
        let ranking: Vec<u64> = (0..players)
            .map(|k| ((first + k) % players) as u64)
            .collect();
        assert_eq!(g["ranking"], json!(ranking));
        assert_eq!(g["winner"], json!(first));
        assert!(out.get("next").is_none());
    }
}

#[test]
fn a_pot_left_at_the_end_goes_to_the_first_ranked_in_the_game_balances_only() {
    // Seat 1 deals first and declares riichi in round 0: seats 0 and 2 tie at 15, and seat 2
    // comes first in turn order from seat 1.
    let tenpai = "M-ko-man M-shun-pin M-shun-pin H-dragon T-ko-sou";
    let rounds = (0..6)
        .map(|r| quiet_round(3, (1 + r) % 3, (r == 0).then_some(tenpai)))
        .collect();
    let out = play(&doc(3, 1, rounds));
    let first = &out["rounds"][0];
    assert_eq!(first["tenpai"], json!([false, true, false]));
    assert_eq!(
        (first["balances"].clone(), first["pot"].clone()),
        (json!([15, 14, 15]), json!(1))
    );
    let last = &out["rounds"][5];
    assert_eq!(
        (last["balances"].clone(), last["pot"].clone()),
        (json!([15, 14, 15]), json!(1))
    );
    let g = &out["game"];
    assert_eq!(g["ranking"], json!([2, 0, 1]));
    assert_eq!(
        (g["balances"].clone(), g["pot"].clone()),
        (json!([15, 14, 16]), json!(0))
    );
}

#[test]
fn a_balance_below_zero_ends_the_game_but_zero_does_not() {
    let d = deck(
        2,
        &[
            "M-ko-man M-ko-man I-man I-sou I-sou",
            "M-ko-dragon M-shun-sou M-shun-sou M-ko-wind I-man",
        ],
        "M-ko-pin",
    );
    for (points, over) in [(15, false), (16, true)] {
        let mut file = doc(2, 0, vec![round(&d, "0 draw; 0 discard I-man; 1 ron")]);
        file["options"] = json!({"yaku_points": {"yakuhai": points}});
        let out = play(&file);
        assert_eq!(out["game"]["over"], json!(over), "{points}");
        if over {
            assert_eq!(out["game"]["reason"], "bust");
            assert_eq!(out["game"]["ranking"], json!([1, 0]));
            assert_eq!(out["game"]["balances"], json!([-1, 31]));
        } else {
            assert_eq!(out["next"], json!({"seats": [1], "legal_actions": []}));
        }
    }
}

#[test]
fn the_largest_points_a_file_may_give_are_paid_exactly() {
    let d = deck(
        2,
        &[
            "M-ko-man M-ko-man I-man I-sou I-sou",
            "M-ko-dragon M-shun-sou M-shun-sou M-ko-wind I-man",
        ],
        "M-ko-pin",
    );
    let mut file = doc(2, 0, vec![round(&d, "0 draw; 0 discard I-man; 1 ron")]);
    file["options"] = json!({"yaku_points": {"yakuhai": u32::MAX}});
    let out = play(&file);
    let points = i64::from(u32::MAX);
    assert_eq!(out["game"]["reason"], "bust");
    assert_eq!(out["game"]["balances"], json!([15 - points, 15 + points]));
}

#[test]
fn a_ron_is_paid_whole_by_the_discarder_at_any_table() {
    let d = deck(
        4,
        &[
            "M-ko-man M-ko-man I-man I-sou I-sou",
            QUIET[1],
            "M-ko-dragon M-shun-sou M-shun-sou M-ko-wind I-man",
            QUIET[2],
        ],
        "M-ko-pin",
    );
    let out = play(&doc(
        4,
        0,
        vec![round(&d, "0 draw; 0 discard I-man; 2 ron")],
    ));
    assert_eq!(
        out["rounds"][0]["transfers"],
        json!([{"from": 0, "to": 2, "amount": 1, "reason": "win"}])
    );
    assert_eq!(out["rounds"][0]["balances"], json!([14, 15, 16, 15]));
}
