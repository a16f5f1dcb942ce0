//! Rules §3: the deal, the dead wall, the piles, the ante and dora.

use crate::support::*;
use momojan::games::interface::seat::{Opponent, BOTH};
use momojan::games::momojan::{Action, Game, RuleError, RuleOptions, Seat};

fn numbered_deck() -> Vec<momojan::games::momojan::Card> {
    DeckBuilder::new()
        .dealer("l1 l2 l3 l4 l5 l6 l7")
        .non_dealer("o1 o2 o3 o4 o5 o6 o7")
        .dora("s1")
        .kan_dora("s2")
        .at(UNUSED, "s3")
        .replacement("s4")
        .pile(0, "p1")
        .pile(1, "p2")
        .pile(2, "p3")
        .build()
}

#[test]
fn the_deal_follows_the_deterministic_layout() {
    let deck = numbered_deck();
    for first_dealer in BOTH {
        let mut game = Game::new(first_dealer, RuleOptions::default());
        game.deal(&deck).unwrap();
        let round = game.round.as_ref().unwrap();
        assert_eq!(hand(&game, first_dealer), cards("l1 l2 l3 l4 l5 l6 l7"));
        assert_eq!(
            hand(&game, first_dealer.opponent()),
            cards("o1 o2 o3 o4 o5 o6 o7")
        );
        assert_eq!(round.dead_wall.to_vec(), cards("s1 s2 s3 s4"));
        assert_eq!(
            round.dora_indicators(),
            cards("s1"),
            "only the first is face up"
        );
        assert_eq!(round.pile_sizes(), [12, 12, 12]);
        assert_eq!(
            game.to_act(),
            Some(first_dealer),
            "the dealer takes the first turn"
        );
    }
}

#[test]
fn the_top_of_each_pile_is_its_first_card() {
    let deck = numbered_deck();
    for (pile, top) in [(0, "p1"), (1, "p2"), (2, "p3")] {
        let mut game = dealt(&deck);
        play(&mut game, &[&format!("0 draw {pile}")]);
        let round = game.round.as_ref().unwrap();
        assert!(matches!(
            round.phase,
            momojan::games::momojan::Phase::AfterDraw { drawn, .. } if drawn == card(top)
        ));
        assert_eq!(round.pile_sizes()[pile], 11);
    }
}

#[test]
fn the_non_dealer_pays_the_ante_into_the_pot() {
    let game = Game::new(Seat::ZERO, RuleOptions::default());
    assert_eq!(game.balances.to_vec(), [30, 29]);
    assert_eq!(game.pot, 1);
    assert_eq!(game.ante(), 1);
    let game = Game::new(Seat::ONE, RuleOptions::default());
    assert_eq!(game.balances.to_vec(), [29, 30]);
}

#[test]
fn the_ante_grows_by_one_per_consecutive_dealer_win() {
    // Rulebook example 2 is a dealer tsumo; played twice, the second round's ante is 2.
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/scenarios/rulebook-2.json"
    );
    let mut doc = read_json(std::path::Path::new(path));
    let round = doc["rounds"][0].clone();
    doc["rounds"].as_array_mut().unwrap().push(round);
    // Worth pheasant 1 + dora 2 = 3 only, so nobody busts.
    doc["options"] = serde_json::json!({"yaku_points": {"onigashima": 0, "moon": 0}});
    let out = run_value(&doc).unwrap();
    let second = &out["rounds"][1];
    assert_eq!(second["honba"], 1);
    assert_eq!(second["ante"], 2);
    assert_eq!(second["transfers"][0]["amount"], 2);
    assert_eq!(second["transfers"][0]["reason"], "ante");
    assert_eq!(
        out["game"]["pot"], 3,
        "the third round's ante of 3 is already paid"
    );
}

#[test]
fn a_deck_that_is_not_the_54_cards_is_refused() {
    let mut game = Game::new(Seat::ZERO, RuleOptions::default());
    let mut deck = numbered_deck();
    deck.pop();
    assert!(matches!(game.deal(&deck), Err(RuleError::BadDeck(_))));
    let mut deck = numbered_deck();
    deck[0] = deck[1];
    assert!(matches!(game.deal(&deck), Err(RuleError::BadDeck(_))));
    assert!(game.round.is_none(), "nothing changes");
    assert!(game.legal_actions().is_empty());
}

#[test]
fn dora_is_the_card_after_the_indicator() {
    let is_dora = |indicator: &str, c: &str| card(c).is_dora_for(card(indicator).dora_target());
    // Numbers: n to n + 1 of every fruit, 9 to 1.
    assert!(is_dora("l4", "o5") && is_dora("l4", "p5") && is_dora("l4", "l5"));
    assert!(is_dora("s9", "l1") && is_dora("s9", "p1"));
    assert!(!is_dora("l4", "l4"));
    // Animals: Dog, Monkey, Pheasant, Dog. Celestials: Sun, Moon, Sun.
    assert!(is_dora("Dog", "Monkey") && is_dora("Monkey", "Pheasant"));
    assert!(is_dora("Pheasant", "Dog"));
    assert!(is_dora("Sun", "Moon") && is_dora("Moon", "Sun"));
    assert!(!is_dora("Sun", "Sun"));
}

#[test]
fn the_first_legal_actions_are_the_three_pile_draws() {
    let game = dealt(&numbered_deck());
    assert_eq!(
        game.legal_actions(),
        (0..3).map(|pile| Action::Draw { pile }).collect::<Vec<_>>()
    );
}
