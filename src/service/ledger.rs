//! Ledger rows from the engine's transfers.

use crate::games::momojan::{Event, Game, Party, Transfer, TransferReason};
use crate::store::{LedgerReason, LedgerRow};

/// Rows for transfers of one round.
pub fn rows_for(transfers: &[Transfer], round: usize) -> Vec<LedgerRow> {
    transfers
        .iter()
        .map(|t| LedgerRow {
            round: round as i64,
            from: t.from,
            to: t.to,
            amount: t.amount,
            reason: LedgerReason::Transfer(t.reason),
        })
        .collect()
}

/// Rows for one applied action: the settlement of the round that ended (if any), the next
/// round's ante, and at the end of the game the pot left over, which the engine hands to the
/// winner without a transfer (rules §9) and the ledger records as `final_pot`.
pub fn rows_for_action(before: &Game, after: &Game, events: &[Event]) -> Vec<LedgerRow> {
    let settled_round = before.records.len();
    let mut rows = Vec::new();
    let mut pot = before.pot;
    for event in events {
        let Event::Transferred(t) = event else {
            continue;
        };
        // An ante is paid for the round after the one just settled.
        let round = if t.reason == TransferReason::Ante {
            after.records.len()
        } else {
            settled_round
        };
        rows.extend(rows_for(std::slice::from_ref(t), round));
        if t.to == Party::Pot {
            pot += t.amount;
        }
        if t.from == Party::Pot {
            pot -= t.amount;
        }
    }
    if let (Some(outcome), true) = (after.outcome, pot > 0) {
        rows.push(LedgerRow {
            round: settled_round as i64,
            from: Party::Pot,
            to: Party::Seat(outcome.winner),
            amount: pot,
            reason: LedgerReason::FinalPot,
        });
    }
    rows
}
