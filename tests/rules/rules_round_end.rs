//! Rules §8: the end of a round — a win moves the dealership or not; an exhaustive draw is
//! settled from the open sets of the tenpai players.

use crate::support::*;
use momojan::games::interface::ledger::Party;
use momojan::games::momojan::{Game, RoundEnd, Seat, Transfer, TransferReason};

/// Plays both players drawing and discarding the drawn card until the piles are empty, then
/// passes if the engine has not already ended the round.
fn finish_by_exhaustion(game: &mut Game) {
    drain_piles(game, 0);
    if let Some(s) = game.to_act() {
        play(game, &[&format!("{} pass", s.index())]);
    }
    assert!(game.round.is_none(), "the round is over");
}

fn last_draw(game: &Game) -> (Vec<bool>, Vec<u32>, Vec<Transfer>) {
    let record = game.records.last().unwrap();
    match &record.end {
        Some(RoundEnd::Draw { tenpai, values }) => {
            (tenpai.to_vec(), values.to_vec(), record.transfers.clone())
        }
        other => panic!("not a draw: {other:?}"),
    }
}

fn transfer(from: Party, to: Party, amount: i64, reason: TransferReason) -> Transfer {
    Transfer {
        from,
        to,
        amount,
        reason,
    }
}

const DEALER_NOTEN: &str = "Dog l9 o7 s5 p3 Sun Pheasant";

/// The non-dealer pons the dealer's Dog, draws s1 s2 s3, optionally lays them open, and
/// keeps l2 l3 l4 o5 (+ s1 s2 s3): tenpai on the 5s.
fn non_dealer_pon_deck() -> DeckBuilder {
    DeckBuilder::new()
        .dealer(DEALER_NOTEN)
        .non_dealer("Dog Dog l2 l3 l4 o5 o6")
        .pile(0, "Monkey s1")
        .pile(1, "s2")
        .pile(2, "s3")
}

#[test]
fn a_draw_pays_half_the_difference_rounded_up_and_the_pot_to_the_higher_value() {
    let mut game = dealt(&non_dealer_pon_deck().build());
    play(
        &mut game,
        &[
            "0 draw 0",
            "0 discard Dog",
            "1 pon Dog Dog",
            "1 draw3",
            "1 discard o6",
        ],
    );
    finish_by_exhaustion(&mut game);
    let (tenpai, values, transfers) = last_draw(&game);
    assert_eq!(tenpai, [false, true]);
    assert_eq!(values, [0, 1], "a pon is worth 1");
    let (zero, one) = (Party::Seat(Seat::ZERO), Party::Seat(Seat::ONE));
    assert_eq!(
        transfers,
        [
            transfer(one, Party::Pot, 1, TransferReason::Ante),
            transfer(zero, one, 1, TransferReason::Draw),
            transfer(Party::Pot, one, 1, TransferReason::Pot),
        ],
        "ceil(1 / 2) = 1"
    );
    assert_eq!(game.records[0].balances.to_vec(), [29, 31]);
    assert_eq!(game.records[0].pot, 0);
}

#[test]
fn a_kai_is_worth_2_and_a_value_of_3_receives_2() {
    let mut game = dealt(&non_dealer_pon_deck().build());
    play(
        &mut game,
        &[
            "0 draw 0",
            "0 discard Dog",
            "1 pon Dog Dog",
            "1 draw3",
            "1 kai s1 s2 s3",
            "1 discard o6",
        ],
    );
    finish_by_exhaustion(&mut game);
    let (tenpai, values, transfers) = last_draw(&game);
    assert_eq!(tenpai, [false, true]);
    assert_eq!(values, [0, 3]);
    assert_eq!(transfers[1].amount, 2, "ceil(3 / 2) = 2");
    assert_eq!(transfers[2].reason, TransferReason::Pot);
}

#[test]
fn when_both_are_tenpai_the_higher_value_receives_half_the_difference() {
    // The dealer: kai l2 l3 l4 and o5 o6 o7 s1 s2 s3 s9 (value 2). The non-dealer: pon of
    // the dealer's Dog and l5 l6 l7 o1 o2 o3 Moon (value 1).
    let deck = DeckBuilder::new()
        .dealer("l2 l3 l4 o5 o6 o7 s9")
        .non_dealer("Dog Dog l5 l6 l7 o1 o2")
        .pile(0, "Dog s1 o3")
        .pile(1, "s2 Moon")
        .pile(2, "s3 Sun");
    let mut game = dealt(&deck.build());
    play(
        &mut game,
        &[
            "0 draw 0",
            "0 kai l2 l3 l4",
            "0 draw3",
            "0 discard Dog",
            "1 pon Dog Dog",
            "1 draw3",
            "1 discard Sun",
        ],
    );
    finish_by_exhaustion(&mut game);
    let (tenpai, values, transfers) = last_draw(&game);
    assert_eq!((tenpai, values), (vec![true, true], vec![2, 1]));
    let (zero, one) = (Party::Seat(Seat::ZERO), Party::Seat(Seat::ONE));
    assert_eq!(transfers[1], transfer(one, zero, 1, TransferReason::Draw));
    assert_eq!(
        transfers[2],
        transfer(Party::Pot, zero, 1, TransferReason::Pot)
    );
}

#[test]
fn on_equal_values_nobody_pays_and_the_pot_carries_over() {
    let deck = DeckBuilder::new()
        .dealer(DEALER_NOTEN)
        .non_dealer("Monkey l1 o3 s6 p8 Moon l5");
    let mut game = dealt(&deck.build());
    finish_by_exhaustion(&mut game);
    let (tenpai, values, transfers) = last_draw(&game);
    assert_eq!((tenpai, values), (vec![false, false], vec![0, 0]));
    assert_eq!(transfers.len(), 1, "only the ante: {transfers:?}");
    assert_eq!(game.records[0].pot, 1);
    // The next ante joins the pot.
    assert_eq!(game.pot, 2);
    assert_eq!(game.balances.to_vec(), [29, 29]);
}

#[test]
fn a_noten_seat_lists_its_open_set_value_but_is_worth_0() {
    let deck = DeckBuilder::new()
        .dealer(DEALER_NOTEN)
        .non_dealer("Dog Dog l2 s4 o6 p8 Moon")
        .pile(0, "Monkey");
    let mut game = dealt(&deck.build());
    play(
        &mut game,
        &[
            "0 draw 0",
            "0 discard Dog",
            "1 pon Dog Dog",
            "1 discard Moon",
        ],
    );
    finish_by_exhaustion(&mut game);
    let (tenpai, values, transfers) = last_draw(&game);
    assert_eq!(tenpai, [false, false]);
    assert_eq!(values, [0, 1]);
    assert_eq!(transfers.len(), 1, "both count 0: nobody pays");
    assert_eq!(game.pot, 2);
}

#[test]
fn the_dealer_always_passes_after_a_draw() {
    let deck = DeckBuilder::new()
        .dealer(DEALER_NOTEN)
        .non_dealer("Monkey l1 o3 s6 p8 Moon l5");
    let mut game = dealt(&deck.build());
    finish_by_exhaustion(&mut game);
    assert_eq!((game.dealer, game.honba), (Seat::ONE, 0));
    assert!(game.needs_deal());
    // Also when the non-dealer is the one paid (seat 1 deals, seat 0 pons and is tenpai).
    let mut game = dealt_with(
        &non_dealer_pon_deck().build(),
        Seat::ONE,
        momojan::games::momojan::RuleOptions::default(),
    );
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
    finish_by_exhaustion(&mut game);
    let (tenpai, _, _) = last_draw(&game);
    assert_eq!(tenpai, [true, false]);
    assert_eq!((game.dealer, game.honba), (Seat::ZERO, 0));
}

#[test]
fn a_dealer_win_keeps_the_dealer_and_adds_honba_a_non_dealer_win_passes_it() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/scenarios");
    // Example 2: the dealer (seat 0) wins by tsumo.
    let out = run_value(&read_json(
        &std::path::Path::new(dir).join("rulebook-2.json"),
    ))
    .unwrap();
    assert_eq!(out["next"]["seat"], 0);
    assert_eq!(out["game"]["pot"], 2, "the next ante is 1 + honba 1");
    // Example 1: the non-dealer (seat 1) wins by ron and becomes dealer.
    let out = run_value(&read_json(
        &std::path::Path::new(dir).join("rulebook-1.json"),
    ))
    .unwrap();
    assert_eq!(out["next"]["seat"], 1);
    assert_eq!(out["game"]["pot"], 1);
    // The winner takes the pot.
    let transfers = out["rounds"][0]["transfers"].as_array().unwrap();
    assert_eq!(transfers.last().unwrap()["reason"], "pot");
    assert_eq!(transfers.last().unwrap()["to"], 1);
}
