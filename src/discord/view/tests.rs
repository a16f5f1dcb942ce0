//! View tests: every state of many played games fits Discord's limits, the hand offers exactly
//! the engine's legal actions, no concealed card of the opponent shows, and the largest states
//! the rules allow still fit.

use std::collections::BTreeSet;

use super::model::Row;
use super::*;
use crate::discord::ids::{ButtonKind, GameButton};
use crate::engine::card::parse_cards;
use crate::engine::commitment::deal_proof;
use crate::engine::meld::{Meld, MeldSource};
use crate::engine::round::{Discard, Phase};
use crate::engine::shape::classify;
use crate::engine::{Action, Card, CardCounts, Game, PerSeat, RuleOptions, Seat, SeededGame};
use crate::i18n::Lang;
use crate::selfplay::Policy;
use rand::SeedableRng;

fn names() -> PerSeat<String> {
    // The longest names Discord allows (32 characters), to test the worst case.
    PerSeat::new("A".repeat(32), "B".repeat(32))
}

fn label(names: &PerSeat<String>) -> MatchLabel {
    label_in(names, Lang::En)
}

fn label_in(names: &PerSeat<String>, lang: Lang) -> MatchLabel {
    MatchLabel {
        match_id: crate::service::MatchId(i64::MAX),
        version: i64::MAX,
        names: names.clone(),
        mentions: PerSeat::new("<@1>".to_string(), "<@2>".to_string()),
        lang,
    }
}

/// Every enabled action a message offers, read back from the ids it carries.
fn offered_actions(message: &Message) -> BTreeSet<Action> {
    let mut out = BTreeSet::new();
    let mut add = |id: &str| {
        if let Ok(GameButton {
            kind: ButtonKind::Act(a),
            ..
        }) = id.parse()
        {
            out.insert(a);
        }
    };
    for row in &message.rows {
        match row {
            Row::Buttons(buttons) => buttons
                .iter()
                .filter(|b| !b.disabled)
                .for_each(|b| add(&b.id)),
            Row::Select { options, .. } => options.iter().for_each(|o| add(&o.value)),
        }
    }
    out
}

fn check_views(game: &Game, recent: &[String]) {
    let names = names();
    let label = label(&names);
    let info = TableInfo {
        recent: recent.to_vec(),
        deadline: Some(4_102_444_800),
        banks: PerSeat::new(300, 0),
        commitment: Some("f".repeat(64)),
    };
    let table = table(&game.public_view(), &label, &info);
    table
        .check_limits()
        .unwrap_or_else(|e| panic!("table: {e}"));
    // Japanese texts fit too.
    let ja = label_in(&names, Lang::Ja);
    super::table(&game.public_view(), &ja, &info)
        .check_limits()
        .unwrap_or_else(|e| panic!("Japanese table: {e}"));
    for seat in Seat::BOTH {
        for riichi in [false, true] {
            hand(&game.seat_view(seat), &ja, riichi)
                .check_limits()
                .unwrap_or_else(|e| panic!("Japanese hand: {e}"));
        }
    }
    for seat in Seat::BOTH {
        let view = game.seat_view(seat);
        let plain = hand(&view, &label, false);
        let riichi = hand(&view, &label, true);
        for m in [&plain, &riichi] {
            m.check_limits()
                .unwrap_or_else(|e| panic!("hand: {e}\n{m:#?}"));
            assert!(m.ephemeral);
        }
        let offered: BTreeSet<Action> = offered_actions(&plain)
            .union(&offered_actions(&riichi))
            .copied()
            .collect();
        let legal: BTreeSet<Action> = view.legal_actions.iter().copied().collect();
        assert_eq!(offered, legal, "the hand offers exactly the legal actions");
        if let Some(round) = &game.round {
            let hidden = round.players[seat.other()].hand.to_vec();
            // The waits line names card kinds, not where they are: leave it out.
            let shown_cards: Vec<String> = [plain.all_text(), table.all_text()]
                .iter()
                .map(|t| {
                    t.lines()
                        .filter(|l| !l.starts_with("Tenpai"))
                        .collect::<Vec<_>>()
                        .join("\n")
                })
                .collect();
            for text in shown_cards {
                for c in hidden.iter().filter(|c| c.is_number()) {
                    let shown = cards::card(*c);
                    assert!(!text.contains(&shown), "opponent's {c} shows in {text}");
                }
            }
        }
    }
}

#[test]
fn every_state_of_played_games_fits_and_offers_exactly_the_legal_actions() {
    for (seed, policy) in (0..6u64).map(|s| {
        (
            s,
            if s % 2 == 0 {
                Policy::Greedy
            } else {
                Policy::Random
            },
        )
    }) {
        let mut deck_seed = [0u8; 32];
        deck_seed[..8].copy_from_slice(&seed.to_le_bytes());
        let (mut game, _) = SeededGame::with_seed(deck_seed, Seat::Zero, RuleOptions::default());
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let mut recent = Vec::new();
        let names = names();
        while let Some(seat) = game.game.to_act() {
            check_views(&game.game, &recent);
            let legal = game.game.legal_actions();
            let action = policy.choose(&game.game, &legal, &mut rng);
            let rounds = game.game.records.len();
            game.apply(seat, action).unwrap();
            recent.push(format!(
                "{} — {}",
                names[seat],
                hand::action_label(action, Lang::Ja)
            ));
            if game.game.records.len() > rounds {
                // A new round: earlier actions named cards that have been reshuffled.
                recent.clear();
                let record = game.game.records.last().unwrap();
                let proof = deal_proof(&game.seed, record.index);
                let summary = round_summary(record, &label(&names), Some(&proof));
                summary.check_limits().unwrap();
                // The summary shows the short commitment; "Check deal" shows the whole proof.
                assert!(summary.all_text().contains(&proof.commitment[..16]));
                assert!(!summary.all_text().contains(&proof.deck));
                let check = super::summary::deal_check(&proof, record.index, Lang::Ja);
                check.check_limits().unwrap();
                assert!(check.all_text().contains(&proof.deck));
                round_summary(record, &label_in(&names, Lang::Ja), Some(&proof))
                    .check_limits()
                    .unwrap();
            }
        }
        let outcome = game.game.outcome.unwrap();
        let result = game_result(outcome, game.game.balances.to_array(), &label(&names));
        result.check_limits().unwrap();
        assert!(result.all_text().contains(&names[outcome.winner]));
    }
}

fn meld(source: MeldSource, text: &str) -> Meld {
    let cards = parse_cards(text).unwrap();
    let called = source.is_call().then_some(cards[0]);
    Meld::new(source, classify(&cards).unwrap(), &cards, called)
}

#[test]
fn the_largest_table_fits() {
    let (mut game, _) = SeededGame::with_seed([1; 32], Seat::Zero, RuleOptions::default());
    let round = game.game.round.as_mut().unwrap();
    // Far more than a round allows: seven open sets each (kan included) and 20 discards each.
    for seat in Seat::BOTH {
        let p = &mut round.players[seat];
        p.melds = vec![
            meld(MeldSource::Kan, "Dog Dog Dog Dog"),
            meld(MeldSource::Pon, "Moon Moon l1"),
            meld(MeldSource::Chi, "l7 l8 l9"),
            meld(MeldSource::Kai, "p4 o5 o6"),
            meld(MeldSource::Pon, "Pheasant Pheasant Pheasant"),
            meld(MeldSource::Kai, "s1 s2 s3"),
            meld(MeldSource::Chi, "o7 o8 o9"),
        ];
        p.discards = (0..20)
            .map(|i| Discard {
                card: Card::SUN,
                riichi: i == 3,
                claimed: i % 4 == 0,
            })
            .collect();
        p.riichi = true;
    }
    round.kan_made = true;
    let recent: Vec<String> = (0..50)
        .map(|i| format!("{} — Riichi 🍓9 {i}", "X".repeat(32)))
        .collect();
    let names = names();
    let info = TableInfo {
        recent,
        deadline: Some(i64::MAX),
        banks: PerSeat::new(i64::MAX, i64::MAX),
        commitment: Some("f".repeat(64)),
    };
    let table = table(&game.game.public_view(), &label(&names), &info);
    table.check_limits().unwrap();
}

#[test]
fn a_dense_hand_puts_many_openings_in_select_menus() {
    let (mut game, _) = SeededGame::with_seed([1; 32], Seat::Zero, RuleOptions::default());
    let round = game.game.round.as_mut().unwrap();
    // Eight cards with many sets among them, right after a draw: every kai is offered.
    let hand_cards = parse_cards("p1 p2 p3 l1 l2 l3 o1 o2").unwrap();
    round.players.zero.hand = CardCounts::from_cards(&hand_cards);
    round.phase = Phase::AfterDraw {
        seat: Seat::Zero,
        drawn: hand_cards[7],
        three: false,
    };
    let view = game.game.seat_view(Seat::Zero);
    let kai = view
        .legal_actions
        .iter()
        .filter(|a| matches!(a, Action::Kai { .. }))
        .count();
    assert!(kai > 5, "{kai} kai options");
    let names = names();
    let message = hand(&view, &label(&names), false);
    message.check_limits().unwrap();
    assert!(message.rows.iter().any(|r| matches!(r, Row::Select { .. })));
    let legal: BTreeSet<Action> = view.legal_actions.iter().copied().collect();
    let mut offered = offered_actions(&message);
    offered.extend(offered_actions(&hand(&view, &label(&names), true)));
    assert_eq!(offered, legal);
}
