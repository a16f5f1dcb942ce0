//! Words several messages share: why a game ended, why points moved.

use crate::engine::{EndReason, TransferReason};
use crate::i18n::{tr, Lang};
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
