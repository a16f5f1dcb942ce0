//! Words several messages share: why a game ended, why points moved.

use super::cards::{card, cards};
use crate::games::momojan::view::WaitInfo;
use crate::games::momojan::Action;
use crate::i18n::{tr, tr_args, Lang};

/// Why a game ended, for players, from the game's id of it (`five_dealer_wins` is worded by
/// `end-five-dealer-wins`).
pub fn end_reason_text(reason: &str, lang: Lang) -> String {
    tr(lang, &format!("end-{}", reason.replace('_', "-")))
}

/// Why points moved, for players, from the game's id of it (`final_pot` is worded by
/// `why-final-pot`).
pub fn transfer_reason_text(reason: &str, lang: Lang) -> String {
    tr(lang, &format!("why-{}", reason.replace('_', "-")))
}

/// Waits as `🍋5 ×2 left, 🐕 ×1 left (no ron)`.
pub fn waits_text(waits: &[WaitInfo], lang: Lang) -> String {
    waits
        .iter()
        .map(|w| {
            let left = tr_args(
                lang,
                "wait-left",
                &[("card", card(w.card).into()), ("n", w.unseen.into())],
            );
            if w.ron_blocked {
                format!("{left} {}", tr(lang, "wait-no-ron"))
            } else {
                left
            }
        })
        .collect::<Vec<_>>()
        .join(", ")
}

const PILES: [&str; 3] = ["A", "B", "C"];

/// Short, readable words for an action, from what the action itself holds (the table's list
/// of last actions; the hand's buttons say more, see [`super::choices::choice_label`]).
pub fn action_label(a: Action, lang: Lang) -> String {
    let with_cards = |key: &str, c: &[crate::games::momojan::Card]| {
        tr_args(lang, key, &[("cards", cards(c).into())])
    };
    match a {
        Action::Draw { pile } => tr_args(
            lang,
            "act-draw",
            &[("pile", PILES[pile as usize % 3].into())],
        ),
        Action::Pon { cards: c } => with_cards("act-pon", &c),
        Action::Chi { cards: c } => with_cards("act-chi", &c),
        Action::Ron => tr(lang, "act-ron"),
        Action::Tsumo => tr(lang, "act-tsumo"),
        Action::Kai { cards: c } => with_cards("act-kai", &c),
        Action::Kan { cards: c } => with_cards("act-kan", &c),
        Action::DrawThree => tr(lang, "act-draw-three"),
        Action::Discard {
            card: c,
            riichi: false,
        } => card(c),
        Action::Discard {
            card: c,
            riichi: true,
        } => tr_args(lang, "act-riichi", &[("card", card(c).into())]),
        Action::Pass => tr(lang, "act-pass"),
    }
}
