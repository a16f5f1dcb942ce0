//! Words several messages share: why a game ended, why points moved.

use super::cards::{card, cards};
use crate::games::momojan::view::WaitInfo;
use crate::games::momojan::{Action, EndReason, TransferReason};
use crate::i18n::{tr, tr_args, Lang};
use crate::service::LedgerReason;

/// Why a game ended, for players.
pub fn end_reason_text(reason: EndReason, lang: Lang) -> String {
    let key = match reason {
        EndReason::Normal => "end-normal",
        EndReason::FiveDealerWins => "end-five-dealer-wins",
        EndReason::Oshimai => "end-oshimai",
        EndReason::Bust => "end-bust",
        EndReason::AnteUnpaid => "end-ante-unpaid",
        EndReason::Resigned => "end-resigned",
        EndReason::Forfeit => "end-forfeit",
    };
    tr(lang, key)
}

/// Why points moved, for players.
pub fn transfer_reason_text(reason: TransferReason, lang: Lang) -> String {
    let key = match reason {
        TransferReason::Ante => "why-ante",
        TransferReason::Win => "why-win",
        TransferReason::Draw => "why-draw",
        TransferReason::Pot => "why-pot",
    };
    tr(lang, key)
}

/// Why a ledger row moved points.
pub fn ledger_reason_text(reason: LedgerReason, lang: Lang) -> String {
    match reason {
        LedgerReason::Transfer(r) => transfer_reason_text(r, lang),
        LedgerReason::FinalPot => tr(lang, "why-final-pot"),
    }
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
