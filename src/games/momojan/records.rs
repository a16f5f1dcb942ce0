//! What MOMOJAN gives the host's records: the ledger of each step, the counters a move
//! changes, and what a finished game adds to each seat's record.

use super::game::STARTING_POINTS;
use super::{Action, Event, Game, Momojan, RoundEnd, TransferReason, WinBy};
use crate::games::interface::seat::{Opponent, Seat};
use crate::games::interface::{LedgerEntry, MoveCounters, Records, SeatRecord, FINAL_POT};
use crate::games::kit::records::{entry, final_pot, one_win_seat_record, pot_after};

/// The stable id of a transfer's reason.
pub fn reason_id(reason: TransferReason) -> &'static str {
    reason.into()
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
                .map(|t| entry(t, 0, reason_id))
                .collect();
        };
        let settled_round = before.records.len();
        let transfers: Vec<_> = events
            .iter()
            .filter_map(|e| match e {
                Event::Transferred(t) => Some(t),
                _ => None,
            })
            .collect();
        let mut rows: Vec<_> = transfers
            .iter()
            .map(|t| {
                // An ante is paid for the round after the one just settled.
                let round = if t.reason == TransferReason::Ante {
                    after.records.len()
                } else {
                    settled_round
                };
                entry(t, round, reason_id)
            })
            .collect();
        let pot = pot_after(before.pot, transfers);
        rows.extend(
            after
                .outcome
                .and_then(|o| final_pot(settled_round, o.winner, pot)),
        );
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
        let net = game.balances[seat] - STARTING_POINTS;
        one_win_seat_record(seat, net, &game.records, |round| match &round.end {
            Some(RoundEnd::Win {
                winner, score, by, ..
            }) => Some((
                *winner,
                (*by == WinBy::Ron).then(|| winner.opponent()),
                score.total,
                score.yaku.iter().map(|(y, _)| y.0.id()).collect(),
            )),
            _ => None,
        })
    }
}
