//! Rules §9: the end of the game — normal end, five dealer wins, oshimai, bust, unpaid ante,
//! ties and the pot left at the end.

use crate::support::*;
use momojan::games::momojan::{EndReason, Game, Outcome, RuleOptions, Seat};
use serde_json::{json, Value};

fn scenario(name: &str) -> Value {
    let path = format!("{}/tests/scenarios/{name}.json", env!("CARGO_MANIFEST_DIR"));
    read_json(std::path::Path::new(&path))
}

fn with_points(mut doc: Value, points: Value) -> Value {
    doc["options"] = json!({ "yaku_points": points });
    doc
}

/// The same game with the seats exchanged: first dealer and every action's seat.
fn swap_seats(mut doc: Value) -> Value {
    let first = doc["first_dealer"].as_u64().unwrap_or(0);
    doc["first_dealer"] = json!(1 - first);
    for round in doc["rounds"].as_array_mut().unwrap() {
        for action in round["actions"].as_array_mut().unwrap() {
            let s = action["seat"].as_u64().unwrap();
            action["seat"] = json!(1 - s);
        }
    }
    doc
}

fn game_of(out: &Value) -> (&Value, &Value, Vec<i64>, i64) {
    let game = &out["game"];
    let balances = game["balances"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| b.as_i64().unwrap())
        .collect();
    (
        &game["reason"],
        &game["winner"],
        balances,
        game["pot"].as_i64().unwrap(),
    )
}

#[test]
fn a_balance_of_minus_one_busts() {
    // Example 2 with seat 1 dealing: base 1 + 10 + 2 + 2 = 15, doubled 30. Seat 0 paid the
    // ante (29) and drops to -1.
    let doc = with_points(
        swap_seats(scenario("rulebook-2")),
        json!({"onigashima": 10}),
    );
    let out = run_value(&doc).unwrap();
    assert_eq!(round0(&out)["total"], 30);
    let (reason, winner, balances, pot) = game_of(&out);
    assert_eq!((reason, winner), (&json!("bust"), &json!(1)));
    assert_eq!((balances, pot), (vec![-1, 61], 0));
}

#[test]
fn a_balance_of_exactly_0_is_safe() {
    // Example 1 worth 30: the dealer (seat 0, who paid no ante) drops to exactly 0. That is
    // no bust; the game then ends because seat 0, now non-dealer, cannot pay the ante.
    let doc = with_points(scenario("rulebook-1"), json!({"tabi": 10}));
    let out = run_value(&doc).unwrap();
    assert_eq!(round0(&out)["total"], 30);
    let (reason, winner, balances, _) = game_of(&out);
    assert_eq!((reason, winner), (&json!("ante_unpaid"), &json!(1)));
    assert_eq!(balances, vec![0, 60]);
}

#[test]
fn a_non_dealer_who_cannot_pay_the_ante_loses() {
    // Example 2 worth 28: seat 1 keeps 1, but the next ante is 2 (one dealer win).
    let mut doc = with_points(scenario("rulebook-2"), json!({"onigashima": 9}));
    let again = doc["rounds"][0].clone();
    doc["rounds"].as_array_mut().unwrap().push(again);
    let out = run_value(&doc).unwrap();
    assert_eq!(round0(&out)["total"], 28);
    let (reason, winner, balances, pot) = game_of(&out);
    assert_eq!((reason, winner), (&json!("ante_unpaid"), &json!(0)));
    assert_eq!(
        (balances, pot),
        (vec![59, 1], 0),
        "an unpaid ante is not paid at all"
    );
    assert_eq!(
        out["rounds"].as_array().unwrap().len(),
        1,
        "no entry for that round"
    );
    assert!(out.get("next").is_none());
}

#[test]
fn five_dealer_wins_in_a_row_end_the_game() {
    // Example 2 worth 3 (pheasant 1 + dora 2), six times: the dealer wins five in a row; the
    // sixth entry is ignored. Seat 1 pays antes 1..5 and 3 a round: exactly 0 at the end,
    // which is no bust.
    let mut doc = with_points(scenario("rulebook-2"), json!({"onigashima": 0, "moon": 0}));
    let round = doc["rounds"][0].clone();
    for _ in 0..5 {
        doc["rounds"].as_array_mut().unwrap().push(round.clone());
    }
    let out = run_value(&doc).unwrap();
    let rounds = out["rounds"].as_array().unwrap();
    assert_eq!(rounds.len(), 5);
    for (i, r) in rounds.iter().enumerate() {
        assert_eq!(
            (r["honba"].as_u64(), r["ante"].as_u64()),
            (Some(i as u64), Some(i as u64 + 1))
        );
        assert_eq!(r["total"], 3);
    }
    let (reason, winner, balances, pot) = game_of(&out);
    assert_eq!((reason, winner), (&json!("five_dealer_wins"), &json!(0)));
    assert_eq!((balances, pot), (vec![60, 0], 0));
}

/// The dealer lays Dog Dog Dog open, draws Pheasant Sun Sun and tsumos a hand of pictures
/// only.
fn oshimai_scenario() -> Value {
    let deck = DeckBuilder::new()
        .dealer("Dog Dog Dog Monkey Monkey Monkey Pheasant")
        .dora("l5")
        .pile(0, "Pheasant Pheasant")
        .pile(1, "Sun")
        .pile(2, "Sun");
    let steps = ["0 draw 0", "0 kai Dog Dog Dog", "0 draw3", "0 tsumo"];
    scenario_json(0, vec![round_json(&deck, &steps)])
}

#[test]
fn oshimai_ends_the_game_and_its_winner_wins() {
    let doc = with_points(
        oshimai_scenario(),
        json!({"dog": 0, "monkey": 0, "pheasant": 0, "kerai": 0, "toitoi": 0}),
    );
    let out = run_value(&doc).unwrap();
    assert_eq!(doc_yaku(round0(&out)), ["oshimai"]);
    assert_eq!(round0(&out)["total"], 20);
    let (reason, winner, balances, _) = game_of(&out);
    assert_eq!((reason, winner), (&json!("oshimai"), &json!(0)));
    assert_eq!(balances, vec![51, 9]);
}

#[test]
fn oshimai_is_checked_before_bust() {
    let out = run_value(&oshimai_scenario()).unwrap();
    assert_eq!(
        doc_yaku(round0(&out)),
        ["dog", "monkey", "pheasant", "kerai", "oshimai", "toitoi"]
    );
    assert_eq!(round0(&out)["total"], 40);
    let (reason, winner, balances, _) = game_of(&out);
    assert_eq!((reason, winner), (&json!("oshimai"), &json!(0)));
    assert_eq!(balances, vec![71, -11]);
}

const NOTEN_DEALER: &str = "Dog l9 o7 s5 p3 Sun Pheasant";
const NOTEN_NON_DEALER: &str = "Monkey l1 o3 s6 p8 Moon l5";

/// Deals a round where nobody opens and both are noten, and plays it to the end.
fn play_noten_round(game: &mut Game) {
    let deck = DeckBuilder::new()
        .dealer(NOTEN_DEALER)
        .non_dealer(NOTEN_NON_DEALER)
        .build();
    game.deal(&deck).unwrap();
    drain_piles(game, 0);
    if let Some(s) = game.to_act() {
        play(game, &[&format!("{} pass", s.index())]);
    }
}

#[test]
fn after_four_dealerships_a_tie_goes_to_the_first_dealer_with_the_pot() {
    let mut game = Game::new(Seat::ONE, RuleOptions::default());
    for _ in 0..4 {
        assert!(!game.is_over());
        play_noten_round(&mut game);
    }
    assert_eq!(game.records.len(), 4);
    assert_eq!(game.records[3].balances.to_vec(), [28, 28]);
    assert_eq!(game.records[3].pot, 4);
    assert_eq!(
        game.outcome,
        Some(Outcome {
            winner: Seat::ONE,
            reason: EndReason::Normal
        })
    );
    assert_eq!(
        game.balances.to_vec(),
        [28, 32],
        "the pot goes to the winner"
    );
    assert_eq!(game.pot, 0);
    assert!(
        game.deal(&DeckBuilder::new().build()).is_err(),
        "the game is over"
    );
}

#[test]
fn after_four_dealerships_the_higher_balance_wins() {
    let mut game = Game::new(Seat::ONE, RuleOptions::default());
    // Round 0, seat 1 deals: seat 0 pons a Dog and is tenpai; it receives 1 and the pot.
    let deck = DeckBuilder::new()
        .dealer(NOTEN_DEALER)
        .non_dealer("Dog Dog l2 l3 l4 o5 o6")
        .pile(0, "Monkey s1")
        .pile(1, "s2")
        .pile(2, "s3")
        .build();
    game.deal(&deck).unwrap();
    play(
        &mut game,
        &[
            "1 draw 0",
            "1 discard Dog",
            "0 pon Dog Dog",
            "0 draw3",
            "0 discard o6",
        ],
    );
    drain_piles(&mut game, 0);
    if let Some(s) = game.to_act() {
        play(&mut game, &[&format!("{} pass", s.index())]);
    }
    assert_eq!(game.records[0].balances.to_vec(), [31, 29]);
    for _ in 0..3 {
        play_noten_round(&mut game);
    }
    assert_eq!(game.records[3].balances.to_vec(), [30, 27]);
    assert_eq!(
        game.outcome,
        Some(Outcome {
            winner: Seat::ZERO,
            reason: EndReason::Normal
        })
    );
    assert_eq!(game.balances.to_vec(), [33, 27]);
}

#[test]
fn renchan_adds_rounds_but_not_dealerships() {
    // Three dealer wins by seat 0 (example 2 worth 3), then four noten draws end the game.
    let mut doc = with_points(scenario("rulebook-2"), json!({"onigashima": 0, "moon": 0}));
    let round = doc["rounds"][0].clone();
    for _ in 0..2 {
        doc["rounds"].as_array_mut().unwrap().push(round.clone());
    }
    let out = run_value(&doc).unwrap();
    assert_eq!(out["game"]["over"], false);
    assert_eq!(out["rounds"].as_array().unwrap().len(), 3);
    assert_eq!(out["next"]["seat"], 0, "still seat 0's first dealership");
}

/// Plays round entry 0 of a scenario file on `game`.
fn play_entry(game: &mut Game, doc: &Value) {
    let scenario = momojan::games::momojan::scenario::parse(doc.to_string().as_bytes()).unwrap();
    let entry = &scenario.rounds[0];
    game.deal(&entry.deck).unwrap();
    for &(s, action) in &entry.actions {
        game.apply(s, action).unwrap();
    }
}

#[test]
fn a_pot_left_when_the_ante_cannot_be_paid_goes_to_the_winner() {
    let points = json!({"onigashima": 8});
    let doc = with_points(scenario("rulebook-2"), points.clone());
    let options: RuleOptions = serde_json::from_value(json!({ "yaku_points": points })).unwrap();
    let mut game = Game::new(Seat::ZERO, options);
    // Round 0: the dealer (seat 0) tsumos for 26; seat 1 keeps 3 and pays the ante of 2.
    play_entry(&mut game, &doc);
    assert_eq!(game.balances.to_vec(), [57, 1]);
    // Round 1: seat 0 deals, is tenpai with a kai (value 2); seat 1 is noten and pays 1.
    let deck = DeckBuilder::new()
        .dealer("l2 l3 l4 o5 o6 o7 s9")
        .non_dealer(NOTEN_NON_DEALER)
        .pile(0, "Dog s1")
        .pile(1, "s2")
        .pile(2, "s3")
        .build();
    game.deal(&deck).unwrap();
    play(
        &mut game,
        &["0 draw 0", "0 kai l2 l3 l4", "0 draw3", "0 discard Dog"],
    );
    drain_piles(&mut game, 0);
    if let Some(s) = game.to_act() {
        play(&mut game, &[&format!("{} pass", s.index())]);
    }
    assert_eq!(game.records[1].balances.to_vec(), [60, 0], "0 is no bust");
    assert!(!game.is_over());
    // Round 2: seat 1 deals (seat 0 paid the ante); nobody is tenpai, the pot stays.
    assert_eq!((game.dealer, game.pot), (Seat::ONE, 1));
    play_noten_round(&mut game);
    // Seat 1, now non-dealer, cannot pay: seat 0 wins and takes the pot left.
    assert_eq!(
        game.outcome,
        Some(Outcome {
            winner: Seat::ZERO,
            reason: EndReason::AnteUnpaid
        })
    );
    assert_eq!(game.balances.to_vec(), [60, 0]);
    assert_eq!(game.pot, 0);
}
