//! What MOMOJAN gives the host's records: the ledger of each step, the counters a move
//! changes, and what a finished game adds to each seat's record.

use super::game::STARTING_POINTS;
use super::{Action, Event, Game, Momojan, RoundEnd, TransferReason, WinBy};
use crate::games::interface::ledger::Party;
use crate::games::interface::ledger::Transfer;
use crate::games::interface::seat::Seat;
use crate::games::interface::{LedgerEntry, MoveCounters, Records, SeatRecord, WonHand, FINAL_POT};

/// The stable id of a transfer's reason.
pub fn reason_id(reason: TransferReason) -> &'static str {
    match reason {
        TransferReason::Ante => "ante",
        TransferReason::Win => "win",
        TransferReason::Draw => "draw",
        TransferReason::Pot => "pot",
    }
}

fn entry(t: &super::Transfer, round: usize) -> LedgerEntry {
    LedgerEntry {
        round,
        transfer: Transfer {
            from: t.from,
            to: t.to,
            amount: t.amount,
            reason: reason_id(t.reason),
        },
    }
}

impl Records for Momojan {
    const END_REASONS: &'static [&'static str] = &[
        "normal",
        "five_dealer_wins",
        "oshimai",
        "bust",
        "ante_unpaid",
        "resigned",
        "forfeit",
    ];

    /// Every reason MOMOJAN moves points for, the final pot included.
    const TRANSFER_REASONS: &'static [&'static str] = &["ante", "win", "draw", "pot", FINAL_POT];

    /// The ledger of one step: the settlement of the round that ended (if any), the next
    /// round's ante, and at the end of the game the pot left over, which the engine hands to the
    /// winner without a transfer (rules §9). The game's start pays the first ante.
    fn ledger(before: Option<&Game>, after: &Game, events: &[Event]) -> Vec<LedgerEntry> {
        let Some(before) = before else {
            return after
                .pending_transfers
                .iter()
                .map(|t| entry(t, 0))
                .collect();
        };
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
            rows.push(entry(t, round));
            if t.to == Party::Pot {
                pot += t.amount;
            }
            if t.from == Party::Pot {
                pot -= t.amount;
            }
        }
        if let (Some(outcome), true) = (after.outcome, pot > 0) {
            rows.push(LedgerEntry {
                round: settled_round,
                transfer: Transfer {
                    from: Party::Pot,
                    to: Party::Seat(outcome.winner),
                    amount: pot,
                    reason: FINAL_POT,
                },
            });
        }
        rows
    }

    /// A riichi declaration, and a discard that leaves its player furiten (they were not before).
    fn move_counters(before: &Game, after: &Game, seat: Seat, action: Action) -> MoveCounters {
        let Action::Discard { riichi, .. } = action else {
            return MoveCounters::default();
        };
        let furiten = |g: &Game| {
            g.round
                .as_ref()
                .is_some_and(|r| r.players[seat].is_furiten())
        };
        // A discard that ends the round (none does today) leaves no round to look at.
        MoveCounters {
            riichi,
            furiten: after.round.is_some() && furiten(after) && !furiten(before),
        }
    }

    /// Rounds played, hands won with their points and yaku, and deal-ins of `seat`.
    fn seat_record(game: &Game, seat: Seat) -> SeatRecord {
        let mut record = SeatRecord {
            net: game.balances[seat] - STARTING_POINTS,
            rounds: game.records.len() as i64,
            ..SeatRecord::default()
        };
        for round in &game.records {
            let Some(RoundEnd::Win {
                winner, score, by, ..
            }) = &round.end
            else {
                continue;
            };
            if *winner != seat {
                record.deal_ins += i64::from(*by == WinBy::Ron);
                continue;
            }
            record.won.push(WonHand {
                points: i64::try_from(score.total).unwrap_or(i64::MAX),
                yaku: score.yaku.iter().map(|(y, _)| y.0.id()).collect(),
            });
        }
        record
    }
}
