//! Rules §4: a turn — draws, claims, kai, kan, the three-card draw, pass, hand sizes.

use crate::support::*;
use momojan::games::interface::seat::Seat;
use momojan::games::interface::seat::{Opponent, BOTH};
use momojan::games::momojan::round::RoundEvent;
use momojan::games::momojan::{Action, Card, Event, Game, Phase, RoundEnd};

/// The seat to act draws from `pile` and discards the drawn card.
fn draw_discard(game: &mut Game, pile: u8) {
    let seat = game.to_act().unwrap();
    game.apply(seat, Action::Draw { pile }).unwrap();
    let Some(Phase::AfterDraw { drawn, .. }) = game.round.as_ref().map(|r| r.phase) else {
        panic!("after a draw")
    };
    game.apply(
        seat,
        Action::Discard {
            card: drawn,
            riichi: false,
        },
    )
    .unwrap();
}

/// The cards a three-card draw took.
fn drew_three(events: &[Event]) -> Vec<Card> {
    events
        .iter()
        .find_map(|e| match e {
            Event::Round(RoundEvent::DrewThree { cards, .. }) => Some(cards.clone()),
            _ => None,
        })
        .expect("a three-card draw")
}

/// Dealer holds l1 l2 l3, the non-dealer o1 o2 o3: either can kai at any time.
fn two_sets_deck() -> DeckBuilder {
    DeckBuilder::new()
        .dealer("l1 l2 l3 Dog Monkey Pheasant Sun")
        .non_dealer("o1 o2 o3 Dog Monkey Pheasant Sun")
}

#[test]
fn a_player_draws_from_any_non_empty_pile() {
    let deck = two_sets_deck().build();
    for pile in 0..3 {
        let mut game = dealt(&deck);
        assert!(is_legal(&game, &format!("0 draw {pile}")));
        play(&mut game, &[&format!("0 draw {pile}")]);
    }
    let mut game = dealt(&deck);
    for _ in 0..12 {
        draw_discard(&mut game, 0);
    }
    let why = refused(&mut game, "0 draw 0");
    assert!(why.contains("empty"), "{why}");
    assert!(is_legal(&game, "0 draw 1"));
}

#[test]
fn only_the_most_recent_discard_can_be_claimed() {
    let deck = DeckBuilder::new()
        .dealer("l4 l5 Dog Monkey Pheasant Sun Moon")
        .non_dealer("o5 o6 s1 s2 s9 l9 Sun")
        .pile(0, "o4 l3");
    let mut game = dealt(&deck.build());
    // The dealer discards o4; the non-dealer could chi it but draws and discards l9.
    play(&mut game, &["0 draw 0", "0 discard o4"]);
    assert!(is_legal(&game, "1 chi o5 o6"));
    play(&mut game, &["1 draw 0", "1 discard s9"]);
    // Now only s9 is claimable: l4 l5 + s9 is no sequence, and the older o4 is gone.
    assert!(!is_legal(&game, "0 chi l4 l5"));
    let why = refused(&mut game, "0 chi l4 l5");
    assert!(why.contains("not a set"), "{why}");
}

#[test]
fn pon_takes_same_number_picture_and_celestial_sets_and_chi_takes_sequences() {
    let deck = DeckBuilder::new()
        .dealer("l4 Dog Moon l1 s6 s7 s8")
        .non_dealer("o4 s4 Dog Dog o5 o6 Moon")
        .pile(0, "Moon");
    let mut game = dealt(&deck.build());
    play(&mut game, &["0 draw 0", "0 discard l4"]);
    assert!(is_legal(&game, "1 pon o4 s4"));
    assert!(
        !is_legal(&game, "1 chi o4 s4"),
        "a same-number set is claimed by pon"
    );
    assert!(!is_legal(&game, "1 pon o5 o6"), "l4 o5 o6 is no set");
    let why = refused(&mut game, "1 chi o4 s4");
    assert!(why.contains("pon"), "{why}");
    play(&mut game, &["1 pon o4 s4"]);
    assert!(matches!(
        game.round.as_ref().unwrap().phase,
        Phase::AfterOpening { .. }
    ));
    assert_eq!(hand(&game, seat(1)).len(), 5);
}

#[test]
fn after_an_opening_only_draw_three_or_a_discard_follow() {
    let deck = two_sets_deck().pile(0, "s9");
    let mut game = dealt(&deck.build());
    play(&mut game, &["0 draw 0", "0 kai l1 l2 l3"]);
    let actions = game.legal_actions();
    assert!(actions.contains(&Action::DrawThree));
    assert!(actions
        .iter()
        .all(|a| matches!(a, Action::DrawThree | Action::Discard { .. })));
    // A second set in hand must wait for a three-card draw.
    assert!(refused(&mut game, "0 kai Dog Monkey Pheasant").contains("kai"));
    assert!(refused(&mut game, "0 tsumo").contains("tsumo"));
}

#[test]
fn after_a_three_card_draw_the_player_may_kai_again() {
    let deck = DeckBuilder::new()
        .dealer("l1 l2 l3 l4 l5 l6 Sun")
        .pile(0, "s9");
    let mut game = dealt(&deck.build());
    play(
        &mut game,
        &[
            "0 draw 0",
            "0 kai l1 l2 l3",
            "0 draw3",
            "0 kai l4 l5 l6",
            "0 draw3",
        ],
    );
    assert_eq!(hand(&game, seat(0)).len(), 8);
}

#[test]
fn the_three_card_draw_takes_one_from_each_pile_in_order() {
    let mut game = dealt(&two_sets_deck().pile(0, "s9").build());
    let deck = two_sets_deck().pile(0, "s9").build();
    play(&mut game, &["0 draw 0", "0 kai l1 l2 l3"]);
    let events = game.apply(seat(0), Action::DrawThree).unwrap();
    assert_eq!(drew_three(&events), vec![deck[19], deck[30], deck[42]]);
    // The winning card of a later tsumo would be the last of the three.
    let Some(Phase::AfterDraw { drawn, three, .. }) = game.round.as_ref().map(|r| r.phase) else {
        panic!("after a three-card draw the player is again after a draw")
    };
    assert!(three);
    assert_eq!(drawn, deck[42]);
}

#[test]
fn with_a_pile_empty_the_missing_cards_come_from_the_largest_pile() {
    let deck = two_sets_deck().build();
    // Pile 0 emptied by twelve draws; the dealer then draws pile 1: sizes 0, 11, 12.
    let mut game = dealt(&deck);
    for _ in 0..12 {
        draw_discard(&mut game, 0);
    }
    play(&mut game, &["0 draw 1", "0 kai l1 l2 l3"]);
    let events = game.apply(seat(0), Action::DrawThree).unwrap();
    // Tops of piles 1 and 2, then pile 2 again (11 left against 10).
    assert_eq!(drew_three(&events), vec![deck[31], deck[42], deck[43]]);

    // Same, but the dealer draws pile 2: sizes 0, 12, 11, so the third card comes from pile 1.
    let mut game = dealt(&deck);
    for _ in 0..12 {
        draw_discard(&mut game, 0);
    }
    play(&mut game, &["0 draw 2", "0 kai l1 l2 l3"]);
    let events = game.apply(seat(0), Action::DrawThree).unwrap();
    assert_eq!(drew_three(&events), vec![deck[30], deck[43], deck[31]]);
}

#[test]
fn on_a_tie_the_missing_card_comes_from_the_lowest_pile() {
    let deck = two_sets_deck().build();
    let mut game = dealt(&deck);
    for _ in 0..12 {
        draw_discard(&mut game, 0);
    }
    // Dealer's turn: piles 0, 12, 12. Dealer draws pile 1, non-dealer pile 2: 0, 11, 11.
    draw_discard(&mut game, 1);
    play(&mut game, &["1 draw 2", "1 kai o1 o2 o3"]);
    let events = game.apply(seat(1), Action::DrawThree).unwrap();
    // Tops of piles 1 and 2 (10 and 10 left), then pile 1.
    assert_eq!(drew_three(&events), vec![deck[31], deck[43], deck[32]]);
}

#[test]
fn with_two_piles_empty_all_three_come_from_the_last_pile() {
    let deck = two_sets_deck().build();
    let mut game = dealt(&deck);
    drain_piles(&mut game, 4);
    let round = game.round.as_ref().unwrap();
    assert_eq!(round.pile_sizes(), [0, 0, 4]);
    let s = game.to_act().unwrap();
    let set = if s == seat(0) { "l1 l2 l3" } else { "o1 o2 o3" };
    play(
        &mut game,
        &[
            &format!("{} draw 2", s.index()),
            &format!("{} kai {set}", s.index()),
        ],
    );
    let events = game.apply(s, Action::DrawThree).unwrap();
    assert_eq!(drew_three(&events), vec![deck[51], deck[52], deck[53]]);
}

#[test]
fn draw_three_needs_three_cards_in_the_piles() {
    let deck = two_sets_deck().build();
    let mut game = dealt(&deck);
    drain_piles(&mut game, 2);
    let s = game.to_act().unwrap();
    let set = if s == seat(0) { "l1 l2 l3" } else { "o1 o2 o3" };
    play(
        &mut game,
        &[
            &format!("{} draw 2", s.index()),
            &format!("{} kai {set}", s.index()),
        ],
    );
    assert!(!game.legal_actions().contains(&Action::DrawThree));
    let why = refused(&mut game, &format!("{} draw3", s.index()));
    assert!(why.contains("1 card"), "{why}");
}

#[test]
fn pass_is_legal_only_at_turn_start_with_the_piles_empty() {
    let deck = two_sets_deck().build();
    let mut game = dealt(&deck);
    let why = refused(&mut game, "0 pass");
    assert!(why.contains("draw instead"), "{why}");
    play(&mut game, &["0 draw 0"]);
    assert!(refused(&mut game, "0 pass").contains("start of your turn"));
}

/// The dealer ends up with `o5 o6 o7 Pheasant` and a kai of l2 l3 l4, the non-dealer with
/// `o9 Dog Monkey Pheasant Sun Moon Moon`; the piles are drained (each draws and discards the
/// drawn card) until one card (`last`, the bottom of pile 2) remains, the non-dealer to act.
fn dealer_waits_on_nines_at_the_end(last: &str) -> Game {
    let deck = DeckBuilder::new()
        .dealer("l2 l3 l4 o5 o6 o7 Pheasant")
        .non_dealer("o9 Dog Monkey Pheasant Sun Moon Moon")
        .at(UNUSED, "p9")
        .pile(0, "Dog")
        .pile(2, &format!("_ _ _ _ _ _ _ _ _ _ _ {last}"))
        .at(PILE[1] + 11, "s9");
    let mut game = dealt(&deck.build());
    play(&mut game, &["0 draw 0", "0 kai l2 l3 l4", "0 discard Dog"]);
    drain_piles(&mut game, 1);
    assert_eq!(game.to_act(), Some(seat(1)));
    assert_eq!(game.round.as_ref().unwrap().cards_in_piles(), 1);
    game
}

#[test]
fn the_engine_ends_the_round_itself_when_the_piles_are_empty_and_nothing_can_be_claimed() {
    let mut game = dealer_waits_on_nines_at_the_end("Sun");
    play(&mut game, &["1 draw 2"]);
    assert_eq!(game.round.as_ref().unwrap().cards_in_piles(), 0);
    // The non-dealer discards a Moon: the dealer can neither claim nor ron it.
    play(&mut game, &["1 discard Moon"]);
    assert!(game.round.is_none(), "the round ended by itself");
    let record = game.records.last().unwrap();
    assert!(matches!(record.end, Some(RoundEnd::Draw { .. })));
}

#[test]
fn a_claim_is_still_possible_with_the_piles_empty_and_pass_declines_it() {
    let mut game = dealer_waits_on_nines_at_the_end("Sun");
    let dealer_hand = hand(&game, seat(0));
    assert_eq!(dealer_hand, cards("o5 o6 o7 Pheasant"));
    // The dealer holds a single Pheasant: a discarded Pheasant cannot be claimed, so the
    // engine ends the round.
    play(&mut game, &["1 draw 2", "1 discard Pheasant"]);
    assert!(game.round.is_none());

    // A claimable discard: p4 (standing for orange 4) makes a sequence with o5 o6.
    let mut game = dealer_waits_on_nines_at_the_end("p4");
    play(&mut game, &["1 draw 2", "1 discard p4"]);
    assert!(
        game.round.is_some(),
        "a chi is possible, so the round goes on"
    );
    assert!(is_legal(&game, "0 chi o5 o6"));
    assert!(is_legal(&game, "0 pass"));
    assert!(!is_legal(&game, "0 draw 0"));
    play(&mut game, &["0 chi o5 o6"]);
    assert!(!game.legal_actions().contains(&Action::DrawThree));

    let mut game = dealer_waits_on_nines_at_the_end("p4");
    play(&mut game, &["1 draw 2", "1 discard p4", "0 pass"]);
    assert!(matches!(
        game.records.last().unwrap().end,
        Some(RoundEnd::Draw { .. })
    ));
}

/// The dealer draws o4, lays l1 l2 l3 open, draws o5 o6 s9 and holds four dogs; the kan
/// replacement is l9 (o4 o5 o6 and the head s9 l9 then win), the kan dora indicator Pheasant.
fn kan_deck() -> DeckBuilder {
    DeckBuilder::new()
        .dealer("Dog Dog Dog Dog l1 l2 l3")
        .non_dealer("Monkey Monkey Monkey Monkey o1 o2 o3")
        .dora("Sun")
        .kan_dora("Pheasant")
        .replacement("l9")
        .pile(0, "o4 o5")
        .pile(1, "o6")
        .pile(2, "s9")
}

#[test]
fn kan_lays_four_cards_open_reveals_the_kan_dora_and_draws_the_replacement() {
    let mut game = dealt(&kan_deck().build());
    play(&mut game, &["0 draw 0", "0 kai l1 l2 l3", "0 draw3"]);
    assert!(is_legal(&game, "0 kan Dog Dog Dog Dog"));
    assert_eq!(game.round.as_ref().unwrap().dora_indicators(), cards("Sun"));
    play(&mut game, &["0 kan Dog Dog Dog Dog"]);
    let round = game.round.as_ref().unwrap();
    assert_eq!(round.dora_indicators(), cards("Sun Pheasant"));
    assert_eq!(hand(&game, seat(0)), cards("l9 o4 o5 o6 s9"));
    assert!(matches!(round.phase, Phase::AfterKan { drawn, .. } if drawn == card("l9")));
    // No kai right after the replacement draw (o4 o5 o6 is a set in hand).
    assert!(!is_legal(&game, "0 kai o4 o5 o6"));
    let why = refused(&mut game, "0 kai o4 o5 o6");
    assert!(why.contains("kai"), "{why}");
    assert!(is_legal(&game, "0 draw3"));
    assert!(is_legal(&game, "0 discard l9"));
    assert!(is_legal(&game, "0 riichi s9"));
    assert!(is_legal(&game, "0 tsumo"), "rinshan");
}

#[test]
fn rinshan_tsumo_scores_kan_rinshan_and_both_dora_indicators() {
    let mut game = dealt(&kan_deck().build());
    play(
        &mut game,
        &[
            "0 draw 0",
            "0 kai l1 l2 l3",
            "0 draw3",
            "0 kan Dog Dog Dog Dog",
            "0 tsumo",
        ],
    );
    let record = game.records.last().unwrap();
    let Some(RoundEnd::Win {
        score,
        card: won_on,
        ..
    }) = &record.end
    else {
        panic!("a win")
    };
    assert_eq!(*won_on, card("l9"), "the winning card is the replacement");
    assert_eq!(yaku_ids(score), ["dog", "kan", "rinshan"]);
    assert_eq!(score.dora, 4, "Pheasant names Dog: four dogs");
    assert_eq!(score.total, 14);
    assert_eq!(record.dora_indicators, cards("Sun Pheasant"));
}

#[test]
fn only_one_kan_per_round_across_both_players() {
    let deck = DeckBuilder::new()
        .dealer("Dog Dog Dog Dog l1 l2 l3")
        .non_dealer("Monkey Monkey Monkey Monkey o1 o2 o3")
        .replacement("s5")
        .pile(0, "o5 Sun");
    let mut game = dealt(&deck.build());
    play(
        &mut game,
        &[
            "0 draw 0",
            "0 kan Dog Dog Dog Dog",
            "0 discard s5",
            "1 draw 0",
        ],
    );
    assert!(!is_legal(&game, "1 kan Monkey Monkey Monkey Monkey"));
    let why = refused(&mut game, "1 kan Monkey Monkey Monkey Monkey");
    assert!(why.contains("one kan"), "{why}");
}

#[test]
fn kan_is_not_allowed_right_after_an_opening() {
    let deck = DeckBuilder::new()
        .dealer("Dog Dog Dog Dog l1 l2 l3")
        .pile(0, "o5");
    let mut game = dealt(&deck.build());
    play(&mut game, &["0 draw 0", "0 kai l1 l2 l3"]);
    assert!(!is_legal(&game, "0 kan Dog Dog Dog Dog"));
    let why = refused(&mut game, "0 kan Dog Dog Dog Dog");
    assert!(why.contains("right after a pile draw"), "{why}");
    // Nor at the start of a turn (never from a discard).
    let mut game = dealt(&deck.build());
    assert!(!is_legal(&game, "0 kan Dog Dog Dog Dog"));
    refused(&mut game, "0 kan Dog Dog Dog Dog");
}

#[test]
fn a_kan_is_possible_with_the_piles_empty() {
    let deck = DeckBuilder::new()
        .dealer("Dog Dog Dog Dog l1 l2 l3")
        .non_dealer("Monkey Monkey Monkey Monkey o1 o2 o3");
    let mut game = dealt(&deck.build());
    drain_piles(&mut game, 1);
    let s = game.to_act().unwrap();
    let pile = game
        .round
        .as_ref()
        .unwrap()
        .piles
        .iter()
        .position(|p| !p.is_empty())
        .unwrap();
    play(&mut game, &[&format!("{} draw {pile}", s.index())]);
    let four = if s == seat(0) { "Dog" } else { "Monkey" };
    play(
        &mut game,
        &[&format!("{} kan {four} {four} {four} {four}", s.index())],
    );
    assert_eq!(game.round.as_ref().unwrap().dora_indicators().len(), 2);
}

/// Hand sizes after every discard of the rulebook examples: always 7, 4 or 1.
#[test]
fn hand_size_at_the_end_of_a_turn_is_7_4_or_1() {
    let mut seen = std::collections::BTreeSet::new();
    for name in ["rulebook-1", "rulebook-2", "rulebook-3"] {
        let path = format!("{}/tests/scenarios/{name}.json", env!("CARGO_MANIFEST_DIR"));
        let bytes = std::fs::read(path).unwrap();
        let scenario = momojan::games::momojan::scenario::parse(&bytes).unwrap();
        let mut game = Game::new(scenario.first_dealer, scenario.options.clone());
        let entry = &scenario.rounds[0];
        game.deal(&entry.deck).unwrap();
        for &(s, action) in &entry.actions {
            game.apply(s, action).unwrap();
            if let (Action::Discard { .. }, Some(round)) = (action, game.round.as_ref()) {
                let size = round.players[s].hand.len();
                assert!([7, 4, 1].contains(&size), "{name}: hand of {size}");
                seen.insert(size);
            }
        }
    }
    assert_eq!(seen.into_iter().collect::<Vec<_>>(), [1, 4, 7]);
}

// ---------------------------------------------------------------------------------------------
// Random games: invariants that hold after every step.

/// Every card is somewhere: hands, open sets, discard piles (claimed discards are in open
/// sets), piles and the dead wall (less the replacement card once a kan drew it).
fn assert_cards_conserved(game: &Game) {
    let Some(round) = game.round.as_ref() else {
        return;
    };
    let mut total = round.cards_in_piles() + if round.kan_made { 3 } else { 4 };
    for s in BOTH {
        let p = &round.players[s];
        total += p.hand.len();
        total += p.melds.iter().map(|m| m.cards.len()).sum::<usize>();
        total += p.discard_pile().count();
    }
    assert_eq!(total, 54, "cards lost or duplicated");
}

#[test]
fn random_games_keep_the_invariants() {
    use rand::seq::{IndexedRandom, SliceRandom};
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    let mut ends = std::collections::BTreeSet::new();
    for seed in 0..12u64 {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let first = if seed % 2 == 0 { seat(0) } else { seat(1) };
        let mut game = Game::new(first, momojan::games::momojan::RuleOptions::default());
        let mut steps = 0;
        while !game.is_over() {
            if game.needs_deal() {
                let mut deck = momojan::games::momojan::card::full_deck();
                deck.shuffle(&mut rng);
                game.deal(&deck).unwrap();
            }
            let s = game.to_act().expect("a seat acts while a round is in play");
            let legal = game.legal_actions();
            assert!(!legal.is_empty(), "a seat to act always has an action");
            for a in &legal {
                assert!(game.check(s, *a).is_ok(), "{a} is listed but refused");
                assert!(
                    game.check(s.opponent(), *a).is_err(),
                    "the other seat may not act"
                );
            }
            let wins: Vec<&Action> = legal
                .iter()
                .filter(|a| matches!(a, Action::Ron | Action::Tsumo))
                .collect();
            let action = if !wins.is_empty() && rng.random_bool(0.8) {
                *wins[0]
            } else {
                *legal.choose(&mut rng).unwrap()
            };
            let before = game.records.len();
            game.apply(s, action).unwrap();
            steps += 1;
            assert_eq!(
                game.balances[Seat::ZERO] + game.balances[Seat::ONE] + game.pot,
                60,
                "points are conserved"
            );
            assert_cards_conserved(&game);
            if let (Action::Discard { .. }, Some(round)) = (action, game.round.as_ref()) {
                let size = round.players[s].hand.len();
                assert!([7, 4, 1].contains(&size), "hand of {size} after a discard");
            }
            if game.records.len() > before {
                let record = game.records.last().unwrap();
                if let Some(RoundEnd::Win { score, .. }) = &record.end {
                    assert!(!score.yaku.is_empty(), "a win has a yaku");
                    let sum: u64 = score.yaku.iter().map(|(_, p)| u64::from(*p)).sum();
                    let bonus = u64::from(score.dora + score.ron_bonus);
                    assert_eq!(score.base, sum + bonus);
                    let doubled = score.base >= 7;
                    assert_eq!(
                        score.total,
                        if doubled { 2 * score.base } else { score.base }
                    );
                }
            }
            assert!(steps < 20_000, "the game ends");
        }
        ends.insert(game.outcome.unwrap().reason.id());
    }
    assert!(!ends.is_empty());
}
