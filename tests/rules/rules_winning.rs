//! Rules §6: the winning shape, at least one yaku, and furiten.

use crate::support::*;
use momojan::games::momojan::waits::{is_furiten, waits};
use momojan::games::momojan::{CardCounts, Game, RoundEnd};

fn win_yaku(game: &Game) -> Vec<&'static str> {
    match &game.records.last().expect("a finished round").end {
        Some(RoundEnd::Win { score, .. }) => yaku_ids(score),
        other => panic!("not a win: {other:?}"),
    }
}

#[test]
fn a_win_needs_at_least_three_sets() {
    // Two concealed sets and a head are not a win, even in riichi.
    let two_sets = HandSpec::tsumo("l1 l2 l3 o5 o6 o7 s9", "l9").situation(|s| s.riichi = true);
    assert!(two_sets.score().is_none());
    let three_sets = two_sets.clone().open(kai("Dog Dog Dog"));
    assert_eq!(three_sets.yaku(), ["riichi", "dog"]);
}

/// The dealer draws s9, lays l2 l3 l4 open, draws s1 s2 s3 and discards `x` with riichi,
/// keeping `o5 o6 o7 s1 s2 s3 s9` (waiting on the 9s). The non-dealer holds `non_dealer`;
/// pile 0 then gives the non-dealer Pheasant and the dealer `next`.
fn dealer_in_riichi(x: &str, non_dealer: &str, next: &str) -> Game {
    let deck = DeckBuilder::new()
        .dealer(&format!("l2 l3 l4 o5 o6 o7 {x}"))
        .non_dealer(non_dealer)
        .pile(0, &format!("s9 s1 Pheasant {next}"))
        .pile(1, "s2")
        .pile(2, "s3");
    let mut game = dealt(&deck.build());
    let riichi = format!("0 riichi {x}");
    play(
        &mut game,
        &["0 draw 0", "0 kai l2 l3 l4", "0 draw3", &riichi],
    );
    game
}

#[test]
fn furiten_blocks_ron_but_not_tsumo() {
    // The dealer discarded o9, one of its own waits.
    let mut game = dealer_in_riichi("o9", "l9 Dog Dog Dog Sun Monkey Moon", "p9");
    play(&mut game, &["1 draw 0", "1 discard l9"]);
    assert!(!is_legal(&game, "0 ron"));
    let why = refused(&mut game, "0 ron");
    assert!(why.contains("furiten"), "{why}");
    play(&mut game, &["0 draw 0"]);
    assert!(is_legal(&game, "0 tsumo"));
    play(&mut game, &["0 tsumo"]);
    assert_eq!(win_yaku(&game), ["riichi", "ippatsu"]);
}

#[test]
fn a_peach_discard_can_always_be_ronned() {
    let mut game = dealer_in_riichi("o9", "p9 Dog Dog Dog Sun Monkey Moon", "Sun");
    play(&mut game, &["1 draw 0", "1 discard p9"]);
    assert!(
        is_legal(&game, "0 ron"),
        "furiten, but the discard is a peach"
    );
    play(&mut game, &["0 ron"]);
}

#[test]
fn a_discarded_peach_never_causes_furiten() {
    let mut game = dealer_in_riichi("p9", "l9 Dog Dog Dog Sun Monkey Moon", "Sun");
    play(&mut game, &["1 draw 0", "1 discard l9"]);
    assert!(is_legal(&game, "0 ron"));
}

#[test]
fn a_claimed_discard_leaves_the_pile_and_no_longer_causes_furiten() {
    // The dealer keeps o5 o6 s1 s2 s3 s9 l9 (waiting on o4, o7, p4, p7) and discards o7
    // with riichi.
    let deck = DeckBuilder::new()
        .dealer("l2 l3 l4 o5 o6 o7 s9")
        .non_dealer("o8 o9 o4 Dog Monkey Pheasant Sun")
        .pile(0, "l9 s1 Moon")
        .pile(1, "s2")
        .pile(2, "s3");
    let setup = ["0 draw 0", "0 kai l2 l3 l4", "0 draw3", "0 riichi o7"];
    // Unclaimed, o7 makes the dealer furiten on o4.
    let mut game = dealt(&deck.build());
    play(&mut game, &setup);
    play(&mut game, &["1 draw 0", "1 discard o4"]);
    assert!(refused(&mut game, "0 ron").contains("furiten"));
    // Claimed by chi, o7 has left the pile.
    let mut game = dealt(&deck.build());
    play(&mut game, &setup);
    play(&mut game, &["1 chi o8 o9", "1 discard o4"]);
    assert!(is_legal(&game, "0 ron"));
    play(&mut game, &["0 ron"]);
    assert_eq!(
        win_yaku(&game),
        ["riichi"],
        "the claim also closed the ippatsu window"
    );
}

/// The dealer lays l1 l2 l3 and o7 o8 o9 open and discards s5 with riichi, keeping
/// `Moon Moon l5 o5`: waits Moon and the 1s (celestial) and p5, s5 (not celestial).
fn celestial_wait(non_dealer: &str) -> Game {
    let deck = DeckBuilder::new()
        .dealer("l1 l2 l3 o7 o8 o9 Moon")
        .non_dealer(non_dealer)
        .dora("l8")
        .pile(0, "Moon l5 Pheasant")
        .pile(1, "o5")
        .pile(2, "s5");
    let mut game = dealt(&deck.build());
    play(
        &mut game,
        &[
            "0 draw 0",
            "0 kai l1 l2 l3",
            "0 draw3",
            "0 kai o7 o8 o9",
            "0 riichi s5",
        ],
    );
    game
}

#[test]
fn celestial_waits_are_exempt_from_furiten() {
    let game = celestial_wait("Moon s1 Dog Dog Monkey Monkey Sun");
    let player = &game.round.as_ref().unwrap().players[seat(0)];
    let w = waits(&player.hand, &player.melds);
    let described: Vec<(String, bool)> = w
        .iter()
        .map(|w| (w.card.to_string(), w.celestial))
        .collect();
    for (c, celestial) in [("Moon", true), ("s1", true), ("p5", false), ("s5", false)] {
        assert!(
            described.contains(&(c.to_string(), celestial)),
            "{c} celestial={celestial} in {described:?}"
        );
    }
    // s5 lies in the dealer's discard pile and is a plain wait: furiten for plain waits.
    let discards: Vec<_> = player.discard_pile().collect();
    assert!(is_furiten(&w, discards.iter().copied(), card("s5")));
    assert!(!is_furiten(&w, discards.iter().copied(), card("Moon")));
    assert!(!is_furiten(&w, discards.iter().copied(), card("s1")));

    // Ron on the Moon: a celestial wait.
    let mut game = celestial_wait("Moon s1 Dog Dog Monkey Monkey Sun");
    play(&mut game, &["1 draw 0", "1 discard Moon"]);
    assert!(is_legal(&game, "0 ron"));
    play(&mut game, &["0 ron"]);
    assert_eq!(win_yaku(&game), ["riichi", "ippatsu", "moon"]);

    // Ron on s1: Moon Moon s1 is a celestial set.
    let mut game = celestial_wait("Moon s1 Dog Dog Monkey Monkey Sun");
    play(&mut game, &["1 draw 0", "1 discard s1"]);
    assert!(is_legal(&game, "0 ron"));
}

#[test]
fn waits_count_cards_held_by_the_opponent_but_not_all_in_the_own_hand() {
    // A single s8 waits on every other 8, not on itself.
    let hand = CardCounts::from_cards(&cards("s8"));
    let melds = vec![
        kai("Dog Dog Dog"),
        kai("Monkey Monkey Monkey"),
        kai("Pheasant Pheasant Pheasant"),
    ];
    let names: Vec<String> = waits(&hand, &melds)
        .iter()
        .map(|w| w.card.to_string())
        .collect();
    assert_eq!(names, ["p8", "l8", "o8"]);
}

#[test]
fn the_score_is_yaku_plus_dora_plus_the_ron_bonus_doubled_from_seven() {
    // Riichi 1 + ron 1 + dora: indicator l4 names o5 (1) → 3, not doubled.
    let six = HandSpec::ron("o5 o6 o7 s2 s3 s4 l9", "o9")
        .open(kai("l2 l3 l4"))
        .situation(|s| s.riichi = true)
        .indicators("l4");
    let score = six.score().unwrap();
    assert_eq!(
        (
            score.dora,
            score.ron_bonus,
            score.base,
            score.doubled,
            score.total
        ),
        (1, 1, 3, false, 3)
    );
    // Base 6 stays 6; base 7 doubles to 14 (rulebook examples 1 and 2 in rules_yaku.rs).
}

#[test]
fn a_card_whose_copies_are_all_the_players_own_is_no_wait() {
    // A single Moon whose two other copies lie in the player's own open celestial set: the
    // head Moon Moon cannot be completed, so the hand is not tenpai.
    let melds = vec![
        kai("Moon Moon l1"),
        kai("Dog Dog Dog"),
        kai("Monkey Monkey Monkey"),
    ];
    let hand = CardCounts::from_cards(&cards("Moon"));
    assert!(waits(&hand, &melds).is_empty());
    assert!(!momojan::games::momojan::waits::is_tenpai(&hand, &melds));
    // The same with a single Sun: the other two suns are still out there.
    let hand = CardCounts::from_cards(&cards("Sun"));
    assert_eq!(waits(&hand, &melds).len(), 1);
}
