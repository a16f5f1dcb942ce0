//! Rules §6: riichi needs a closed hand, a balance of 1, a pile of at least P cards and tenpai
//! after the discard; it costs 1 point into the pot at once, locks the hand, and the pot goes
//! whole to the next winner (after a draw it stays).

use momojan::games::beginners::round::{Phase, RoundEnd};
use momojan::games::beginners::{Action, Card, Game, Options};
use momojan::games::interface::seat::{Seat, SeatCount};
use serde_json::json;

use super::support::{cards, deck, doc, error, next_lines, play, round};

fn card(id: &str) -> Card {
    cards(id)[0]
}

#[test]
fn riichi_pays_one_point_into_the_pot_at_once_and_locks_the_hand() {
    let d = deck(
        2,
        &[
            "M-ko-man M-shun-pin M-shun-pin M-ko-dragon H-wind",
            "T-ko-man T-ko-man T-ko-pin T-ko-pin H-pin",
        ],
        "I-sou M-ko-sou M-ko-wind",
    );
    let script = "0 draw; 0 riichi H-wind";
    let out = play(&doc(2, 0, vec![round(&d, script)]));
    let r = &out["rounds"][0];
    assert_eq!(
        r["transfers"],
        json!([{"from": 0, "to": "pot", "amount": 1, "reason": "riichi"}])
    );
    assert_eq!(
        (r["balances"].clone(), r["pot"].clone()),
        (json!([14, 15]), json!(1))
    );
    assert_eq!(out["game"]["pot"], 1);
    // Next turn: only the drawn card may go.
    let out = play(&doc(
        2,
        0,
        vec![round(
            &d,
            &format!("{script}; 1 draw; 1 discard M-ko-sou; 0 draw"),
        )],
    ));
    assert_eq!(next_lines(&out), ["0 discard M-ko-wind"]);
    let locked = doc(
        2,
        0,
        vec![round(
            &d,
            &format!("{script}; 1 draw; 1 discard M-ko-sou; 0 draw; 0 discard M-ko-man"),
        )],
    );
    assert_eq!(
        error(&locked),
        ("illegal_action".into(), json!(0), json!(5))
    );
    let again = doc(
        2,
        0,
        vec![round(
            &d,
            &format!("{script}; 1 draw; 1 discard M-ko-sou; 0 draw; 0 riichi M-ko-wind"),
        )],
    );
    assert_eq!(error(&again), ("illegal_action".into(), json!(0), json!(5)));
}

#[test]
fn riichi_needs_tenpai_after_the_discard() {
    let d = deck(
        2,
        &[
            "M-ko-man M-shun-pin M-shun-pin M-ko-dragon H-wind",
            "T-ko-man T-ko-man T-ko-pin T-ko-pin H-pin",
        ],
        "I-sou",
    );
    let refused = doc(2, 0, vec![round(&d, "0 draw; 0 riichi I-sou")]);
    assert_eq!(
        error(&refused),
        ("illegal_action".into(), json!(0), json!(1))
    );
}

#[test]
fn an_open_hand_may_not_declare_riichi() {
    // Seat 1 chis, then draws into tenpai: it may discard but not declare riichi.
    let d = deck(
        2,
        &[
            "M-ko-man M-ko-man I-man I-sou I-sou",
            "M-ko-sou M-shun-pin M-ko-wind T-shun-man H-pin",
        ],
        "M-ko-pin M-ko-pin I-sou",
    );
    let script = "0 draw; 0 discard I-man; 1 chi; 0 draw; 0 discard M-ko-pin; 1 draw";
    let lines = next_lines(&play(&doc(2, 0, vec![round(&d, script)])));
    assert!(lines.contains(&"1 discard H-pin".to_string()));
    assert!(lines.iter().all(|l| !l.contains("riichi")), "{lines:?}");
}

#[test]
fn riichi_needs_a_balance_of_one() {
    // Round 0: seat 1 rons seat 0 with yakuhai worth 15, leaving seat 0 at 0 (not bust).
    let win = deck(
        2,
        &[
            "M-ko-man M-ko-man I-man I-sou I-sou",
            "M-ko-dragon M-shun-sou M-shun-sou M-ko-wind I-man",
        ],
        "M-ko-pin",
    );
    // Round 1 (seat 1 deals): seat 0 draws into a hand that could declare riichi.
    let next = deck(
        2,
        &[
            "T-ko-man T-ko-man T-ko-pin T-ko-pin H-pin",
            "M-ko-man M-shun-pin M-shun-pin M-ko-dragon H-wind",
        ],
        "M-ko-sou I-sou",
    );
    let mut file = doc(
        2,
        0,
        vec![
            round(&win, "0 draw; 0 discard I-man; 1 ron"),
            round(&next, "1 draw; 1 discard M-ko-sou; 0 draw"),
        ],
    );
    file["options"] = json!({"yaku_points": {"yakuhai": 15}});
    let out = play(&file);
    assert_eq!(out["rounds"][0]["balances"], json!([0, 30]));
    let lines = next_lines(&out);
    assert!(lines.contains(&"0 discard H-wind".to_string()));
    assert!(lines.iter().all(|l| !l.contains("riichi")), "{lines:?}");
}

/// A four-player game whose dealer (seat 0) holds 4 melds and a head and will draw `I-sou`
/// after `drawn` cards have left the pile.
fn dealer_drawing_late(drawn: usize) -> Game {
    let hand = "M-ko-man M-shun-pin M-shun-pin M-ko-dragon H-wind";
    let pile = format!("{} I-sou", vec!["_"; drawn].join(" "));
    let d = deck_with_gaps(4, hand, &pile);
    let mut game = Game::new(SeatCount::FOUR, Seat::ZERO, Options::default());
    game.deal(&d).unwrap();
    game.round.as_mut().unwrap().drawn = drawn;
    game.apply(Seat::ZERO, Action::Draw).unwrap();
    game
}

/// `deck` with `_` standing for a slot left to the filler.
fn deck_with_gaps(players: usize, dealer: &str, pile: &str) -> Vec<Card> {
    let mut d = deck(players, &[dealer], "");
    let wanted: Vec<(usize, Card)> = pile
        .split_whitespace()
        .enumerate()
        .filter(|(_, w)| *w != "_")
        .map(|(k, w)| (5 * players + k, card(w)))
        .collect();
    for (slot, c) in wanted {
        let from = d
            .iter()
            .rposition(|x| *x == c)
            .expect("a copy in the filler");
        d.swap(slot, from);
    }
    d
}

#[test]
fn riichi_needs_at_least_as_many_cards_in_the_pile_as_players() {
    let riichi = Action::Discard {
        card: card("H-wind"),
        riichi: true,
    };
    // After the draw the pile holds 4: riichi; 3: none.
    let game = dealer_drawing_late(25);
    assert_eq!(game.round.as_ref().unwrap().pile_left(), 4);
    assert!(game.legal_actions(Seat::ZERO).contains(&riichi));
    let mut game = dealer_drawing_late(26);
    assert_eq!(game.round.as_ref().unwrap().pile_left(), 3);
    assert!(!game.legal_actions(Seat::ZERO).contains(&riichi));
    let before = game.clone();
    assert!(game.apply(Seat::ZERO, riichi).is_err());
    assert_eq!(game, before);
}

#[test]
fn a_riichi_discard_that_is_ronned_still_pays_its_point_and_the_pot_goes_to_the_winner() {
    let d = deck(
        2,
        &[
            "M-ko-man M-shun-pin M-shun-pin M-ko-dragon I-sou",
            "M-ko-dragon M-shun-sou M-shun-sou M-ko-wind I-man",
        ],
        "I-man",
    );
    let out = play(&doc(2, 0, vec![round(&d, "0 draw; 0 riichi I-man; 1 ron")]));
    let r = &out["rounds"][0];
    assert_eq!(
        r["transfers"],
        json!([
            {"from": 0, "to": "pot", "amount": 1, "reason": "riichi"},
            {"from": 0, "to": 1, "amount": 1, "reason": "win"},
            {"from": "pot", "to": 1, "amount": 1, "reason": "pot"}
        ])
    );
    assert_eq!(
        (r["balances"].clone(), r["pot"].clone()),
        (json!([13, 17]), json!(0))
    );
}

#[test]
fn the_pot_stays_over_an_exhaustive_draw_and_goes_whole_to_the_next_winner() {
    // Round 0: seat 0 declares riichi, then everyone throws what it draws until the pile is
    // empty. Round 1: seat 1 deals a tenhou.
    let mut game = Game::new(SeatCount::TWO, Seat::ZERO, Options::default());
    let d = deck_with_gaps(
        2,
        "M-ko-man M-shun-pin M-shun-pin M-ko-dragon H-wind",
        "I-sou",
    );
    game.deal(&d).unwrap();
    game.apply(Seat::ZERO, Action::Draw).unwrap();
    let riichi = Action::Discard {
        card: card("H-wind"),
        riichi: true,
    };
    game.apply(Seat::ZERO, riichi).unwrap();
    while let Some(round) = game.round.as_ref() {
        let (seat, action) = match round.phase {
            Phase::Turn { seat, drawn: None } => (seat, Action::Draw),
            Phase::Turn {
                seat,
                drawn: Some(card),
            } => (
                seat,
                Action::Discard {
                    card,
                    riichi: false,
                },
            ),
            Phase::Claims(w) => (w.pending.first().unwrap(), Action::Pass),
            Phase::Over => unreachable!("a round over is settled"),
        };
        game.apply(seat, action).unwrap();
    }
    let record = &game.records[0];
    assert!(matches!(record.end, Some(RoundEnd::Draw { .. })));
    assert_eq!((record.pot, game.balances.to_vec()), (1, vec![14, 15]));
    let tenhou = deck(
        2,
        &[
            "M-ko-sou M-shun-pin M-shun-pin M-ko-dragon H-wind",
            "H-man H-man H-pin H-pin I-man",
        ],
        "",
    );
    game.deal(&tenhou).unwrap();
    game.apply(Seat::ONE, Action::Tsumo).unwrap();
    let record = &game.records[1];
    assert_eq!(
        record.transfers.last().map(|t| (t.to, t.amount)),
        Some((momojan::games::interface::ledger::Party::Seat(Seat::ONE), 1))
    );
    assert_eq!((game.balances.to_vec(), game.pot), (vec![2, 28], 0));
}
