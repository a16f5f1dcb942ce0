//! Rules §5: riichi, its locked hand, and ippatsu.

use crate::support::*;
use momojan::games::momojan::{Action, Game, RoundEnd};

/// The dealer draws s9, lays l2 l3 l4 open, draws s1 s2 s3 and discards `x` with riichi,
/// keeping `o5 o6 o7 s1 s2 s3 s9` (waiting on l9, o9 and p9). The non-dealer holds
/// `l9 Dog Dog Dog Sun Monkey o8`; the next pile-0 cards are Pheasant, then `next`.
fn dealer_in_riichi(x: &str, next: &str) -> Game {
    let mut game = dealt(&riichi_deck(x, "l9 Dog Dog Dog Sun Monkey o8", next).build());
    let riichi = format!("0 riichi {x}");
    play(
        &mut game,
        &["0 draw 0", "0 kai l2 l3 l4", "0 draw3", &riichi],
    );
    game
}

fn riichi_deck(x: &str, non_dealer: &str, next: &str) -> DeckBuilder {
    DeckBuilder::new()
        .dealer(&format!("l2 l3 l4 o5 o6 o7 {x}"))
        .non_dealer(non_dealer)
        .pile(0, &format!("s9 s1 Pheasant {next}"))
        .pile(1, "s2")
        .pile(2, "s3")
}

fn win_yaku(game: &Game) -> Vec<&'static str> {
    match &game.records.last().expect("a finished round").end {
        Some(RoundEnd::Win { score, .. }) => yaku_ids(score),
        other => panic!("not a win: {other:?}"),
    }
}

#[test]
fn riichi_needs_a_tenpai_hand() {
    let mut game = dealt(&riichi_deck("Monkey", "l9 Dog Dog Dog Sun Monkey o8", "Sun").build());
    play(&mut game, &["0 draw 0", "0 kai l2 l3 l4", "0 draw3"]);
    assert!(is_legal(&game, "0 riichi Monkey"));
    // Discarding o5 leaves o6 o7 s1 s2 s3 s9 Monkey: no card completes it.
    assert!(!is_legal(&game, "0 riichi o5"));
    let why = refused(&mut game, "0 riichi o5");
    assert!(why.contains("not tenpai"), "{why}");
}

#[test]
fn riichi_is_a_yaku_and_ippatsu_counts_a_ron_on_the_next_discard() {
    let mut game = dealer_in_riichi("Monkey", "Sun");
    assert!(game.round.as_ref().unwrap().players[seat(0)].riichi);
    play(&mut game, &["1 draw 0", "1 discard l9", "0 ron"]);
    assert_eq!(win_yaku(&game), ["riichi", "ippatsu"]);
}

#[test]
fn ippatsu_counts_a_tsumo_on_the_own_next_draw() {
    let mut game = dealer_in_riichi("Monkey", "p9");
    play(
        &mut game,
        &["1 draw 0", "1 discard Pheasant", "0 draw 0", "0 tsumo"],
    );
    assert_eq!(win_yaku(&game), ["riichi", "ippatsu"]);
}

#[test]
fn an_opening_by_the_opponent_cancels_ippatsu() {
    let mut game = dealer_in_riichi("Monkey", "Sun");
    play(
        &mut game,
        &["1 draw 0", "1 kai Dog Dog Dog", "1 discard l9", "0 ron"],
    );
    assert_eq!(win_yaku(&game), ["riichi"]);
}

#[test]
fn a_kan_by_the_opponent_cancels_ippatsu() {
    let deck = riichi_deck("Pheasant", "l9 Monkey Monkey Monkey Monkey Sun o8", "Sun");
    let mut game = dealt(&deck.build());
    play(
        &mut game,
        &[
            "0 draw 0",
            "0 kai l2 l3 l4",
            "0 draw3",
            "0 riichi Pheasant",
            "1 draw 0",
            "1 kan Monkey Monkey Monkey Monkey",
            "1 discard l9",
            "0 ron",
        ],
    );
    assert_eq!(win_yaku(&game), ["riichi"]);
}

#[test]
fn claiming_the_riichi_discard_closes_the_ippatsu_window() {
    let deck = riichi_deck("Dog", "l9 Dog Dog Sun Monkey o8 Moon", "Sun");
    let mut game = dealt(&deck.build());
    play(
        &mut game,
        &[
            "0 draw 0",
            "0 kai l2 l3 l4",
            "0 draw3",
            "0 riichi Dog",
            "1 pon Dog Dog",
            "1 discard l9",
            "0 ron",
        ],
    );
    assert_eq!(win_yaku(&game), ["riichi"]);
}

#[test]
fn the_ippatsu_window_closes_at_the_riichi_players_next_discard() {
    let mut game = dealer_in_riichi("Monkey", "Sun");
    play(
        &mut game,
        &[
            "1 draw 0",
            "1 discard Pheasant",
            "0 draw 0",
            "0 discard Sun",
            "1 draw 0",
            "1 discard l9",
            "0 ron",
        ],
    );
    assert_eq!(win_yaku(&game), ["riichi"]);
}

#[test]
fn a_riichi_player_cannot_pon_chi_kai_or_kan_and_discards_only_the_drawn_card() {
    let mut game = dealer_in_riichi("Monkey", "Sun");
    play(&mut game, &["1 draw 0", "1 discard o8"]);
    // o6 o7 + o8 would be a chi: not for a player in riichi.
    assert!(game
        .legal_actions()
        .iter()
        .all(|a| matches!(a, Action::Draw { .. })));
    assert!(refused(&mut game, "0 chi o6 o7").contains("riichi"));
    assert!(refused(&mut game, "0 pon o5 o6").contains("riichi"));
    play(&mut game, &["0 draw 0"]);
    assert_eq!(
        game.legal_actions(),
        vec![Action::Discard {
            card: card("Sun"),
            riichi: false
        }]
    );
    assert!(refused(&mut game, "0 kai o5 o6 o7").contains("riichi"));
    assert!(refused(&mut game, "0 kan o5 o6 o7 s9").contains("riichi"));
    assert!(refused(&mut game, "0 discard o5").contains("the card you drew"));
    assert!(refused(&mut game, "0 riichi Sun").contains("already"));
    play(&mut game, &["0 discard Sun"]);
}

#[test]
fn a_riichi_player_can_still_ron() {
    let mut game = dealer_in_riichi("Monkey", "Sun");
    play(&mut game, &["1 draw 0", "1 discard l9"]);
    assert!(is_legal(&game, "0 ron"));
}

#[test]
fn riichi_needs_a_card_left_in_the_piles() {
    // The dealer lays l2 l3 l4 open and keeps o5 o6 o7 s1 s2 s3 s9 (tenpai); the piles are
    // drained until the dealer draws the very last card (Sun, the bottom of pile 2).
    let deck = DeckBuilder::new()
        .dealer("l2 l3 l4 o5 o6 o7 s9")
        .non_dealer("Monkey Pheasant Moon Moon l1 o1 Sun")
        .pile(0, "Dog s1")
        .pile(1, "s2")
        .pile(2, "s3")
        .at(PILE[2] + 11, "Sun");
    let mut game = dealt(&deck.build());
    play(&mut game, &["0 draw 0", "0 kai l2 l3 l4", "0 draw3"]);
    assert!(
        is_legal(&game, "0 riichi Dog"),
        "tenpai with cards in the piles"
    );
    play(&mut game, &["0 discard Dog"]);
    drain_piles(&mut game, 1);
    assert_eq!(game.to_act(), Some(seat(0)));
    play(&mut game, &["0 draw 2"]);
    assert_eq!(game.round.as_ref().unwrap().cards_in_piles(), 0);
    assert!(!is_legal(&game, "0 riichi Sun"));
    let why = refused(&mut game, "0 riichi Sun");
    assert!(why.contains("at least one card"), "{why}");
    assert!(is_legal(&game, "0 discard Sun"));
}

/// Moved from the engine's unit tests: it plays with the easy computer (the greedy player).
#[test]
fn riichi_players_discard_the_drawn_card_unless_it_wins() {
    let mut automatic = 0;
    for seed in 0..30u8 {
        let (mut game, _) =
            momojan::games::drivers::seeded::Seeded::<momojan::games::momojan::Momojan>::start(
                [seed; 32],
                momojan::games::interface::seat::SeatCount::TWO,
                momojan::games::momojan::Seat::ZERO,
                momojan::games::momojan::RuleOptions::default(),
            );
        while let Some(seat) = game.game.to_act() {
            let legal = game.game.legal_actions();
            let in_riichi = game.game.round.as_ref().unwrap().players[seat].riichi;
            match game.game.riichi_auto_discard() {
                Some(a) => {
                    automatic += 1;
                    assert!(in_riichi);
                    assert_eq!(legal, [a]);
                }
                None => assert!(
                    !in_riichi
                        || legal.len() != 1
                        || legal
                            .iter()
                            .all(|a| !matches!(a, momojan::games::momojan::Action::Discard { .. }))
                ),
            }
            let action =
                <momojan::games::momojan::Momojan as momojan::games::interface::Computer>::decide(
                    momojan::games::interface::Level::Easy,
                    &game.game.seat_view(seat),
                    &game.game.options,
                    momojan::games::interface::Budget::default(),
                    0,
                )
                .expect("a seat to act has a choice");
            game.apply(seat, action).unwrap();
        }
    }
    assert!(
        automatic > 0,
        "some riichi player drew a card that did not win"
    );
}
