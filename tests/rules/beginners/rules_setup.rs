//! Rules §3 and §4.1: the deal, the pile of 30, the dealer first, a turn of a draw and a
//! discard, and the order of the legal actions.

use momojan::games::beginners::round::Phase;
use momojan::games::beginners::{Action, Game, Options};
use momojan::games::interface::seat::{Seat, SeatCount};
use serde_json::json;

use super::support::{cards, deck, doc, error, next_lines, play, round};

#[test]
fn the_player_i_places_after_the_dealer_takes_the_ith_five_cards_and_the_pile_follows() {
    let d = deck(
        3,
        &[
            "M-ko-man M-ko-man M-ko-man H-man H-man",
            "I-pin I-pin I-pin I-pin I-pin",
            "T-ko-sou T-ko-sou T-ko-sou H-sou H-sou",
        ],
        "I-dragon",
    );
    let mut game = Game::new(SeatCount::THREE, Seat::TWO, Options::default());
    game.deal(&d).unwrap();
    let round = game.round.as_ref().unwrap();
    assert_eq!(
        round.players[Seat::TWO].concealed,
        cards("M-ko-man M-ko-man M-ko-man H-man H-man")
    );
    assert_eq!(
        round.players[Seat::ZERO].concealed,
        cards("I-pin I-pin I-pin I-pin I-pin")
    );
    assert_eq!(
        round.players[Seat::ONE].concealed,
        cards("T-ko-sou T-ko-sou T-ko-sou H-sou H-sou")
    );
    assert_eq!(round.pile().len(), 30);
    assert_eq!(round.pile()[0], cards("I-dragon")[0]);
    assert_eq!(round.aside().len(), 108 - 45);
    // The dealer plays first, with a draw.
    assert_eq!(game.acting().iter().collect::<Vec<_>>(), [Seat::TWO]);
    assert_eq!(game.legal_actions(Seat::TWO), [Action::Draw]);
    assert!(game.legal_actions(Seat::ZERO).is_empty());
}

/// Plays a round in which every player draws and throws the card it drew (never an isolated
/// card, so nobody is asked), and returns how many cards were drawn.
fn draw_and_throw(players: usize) -> (usize, Game) {
    let seats = SeatCount::new(players).unwrap();
    // Only non-isolated cards are used: the isolated ones are all set aside.
    let mut order: Vec<_> = momojan::games::beginners::card::full_deck();
    order.sort_by_key(|c| c.is_isolated());
    let mut game = Game::new(seats, Seat::ONE, Options::default());
    game.deal(&order).unwrap();
    let mut draws = 0;
    while let Some(round) = game.round.as_ref() {
        let Phase::Turn { seat, drawn } = round.phase else {
            panic!("nobody is asked on a card that is not isolated");
        };
        let action = match drawn {
            None => {
                draws += 1;
                Action::Draw
            }
            Some(card) => Action::Discard {
                card,
                riichi: false,
            },
        };
        game.apply(seat, action).unwrap();
    }
    (draws, game)
}

#[test]
fn the_pile_holds_thirty_cards_at_every_table_and_an_empty_pile_at_a_draw_ends_the_round() {
    for players in 2..=4 {
        let (draws, game) = draw_and_throw(players);
        assert_eq!(draws, 30, "{players} players");
        let record = &game.records[0];
        assert!(matches!(
            record.end,
            Some(momojan::games::beginners::round::RoundEnd::Draw { .. })
        ));
        // The deal passes on after a draw: seat 1 dealt, seat 2 (or 0) deals next.
        assert_eq!(
            game.dealer,
            Seat::ONE.next(SeatCount::new(players).unwrap())
        );
    }
}

#[test]
fn a_turn_is_a_draw_then_a_discard_of_a_card_held() {
    let d = deck(
        2,
        &[
            "M-ko-man M-shun-pin T-ko-sou H-wind I-pin",
            "M-ko-sou M-ko-sou T-ko-man H-man I-sou",
        ],
        "M-ko-pin",
    );
    let discard_first = doc(2, 0, vec![round(&d, "0 discard I-pin")]);
    assert_eq!(
        error(&discard_first),
        ("illegal_action".into(), json!(0), json!(0))
    );
    let draw_twice = doc(2, 0, vec![round(&d, "0 draw; 0 draw")]);
    assert_eq!(
        error(&draw_twice),
        ("illegal_action".into(), json!(0), json!(1))
    );
    let not_held = doc(2, 0, vec![round(&d, "0 draw; 0 discard I-man")]);
    assert_eq!(
        error(&not_held),
        ("illegal_action".into(), json!(0), json!(1))
    );
    let other_seat = doc(2, 0, vec![round(&d, "1 draw")]);
    assert_eq!(
        error(&other_seat),
        ("wrong_seat".into(), json!(0), json!(0))
    );
    let out = play(&doc(2, 0, vec![round(&d, "0 draw; 0 discard M-ko-pin")]));
    assert_eq!(out["next"]["seats"], json!([1]));
    assert_eq!(next_lines(&out), ["1 draw"]);
}

#[test]
fn after_a_draw_the_actions_are_tsumo_then_each_distinct_discard_then_each_riichi_discard() {
    // 4 melds and a head: not tenpai; the drawn isolated card makes riichi possible by
    // discarding the head (4 melds + 1 isolated card remain).
    let d = deck(
        2,
        &[
            "M-ko-man M-shun-pin M-shun-pin M-ko-dragon H-wind",
            "T-ko-man T-ko-man T-ko-pin T-ko-pin H-pin",
        ],
        "I-sou",
    );
    let out = play(&doc(2, 0, vec![round(&d, "0 draw")]));
    assert_eq!(
        next_lines(&out),
        [
            "0 discard M-ko-man",
            "0 discard M-shun-pin",
            "0 discard I-sou",
            "0 discard H-wind",
            "0 discard M-ko-dragon",
            "0 riichi H-wind",
        ]
    );
}

#[test]
fn between_rounds_the_next_dealer_is_named_with_no_actions() {
    // A tenhou ends round 0 at once; the script has no entry for round 1.
    let d = deck(
        3,
        &[
            "M-ko-man M-shun-pin M-shun-pin M-ko-dragon H-wind",
            "I-man I-man I-man I-man I-man",
            "I-pin I-pin I-pin I-pin I-pin",
        ],
        "",
    );
    let out = play(&doc(3, 2, vec![round(&d, "2 tsumo")]));
    assert_eq!(out["next"], json!({"seats": [0], "legal_actions": []}));
    assert_eq!(out["rounds"][0]["dealer"], 2);
}
