//! What the beginners' card mahjong gives the host's records: the ledger of each step, the
//! counters a move changes, and what a finished game adds to each seat's record.

use super::action::Action;
use super::game::{Event, Game, STARTING_POINTS};
use super::round::{RoundEnd, WinBy};
use super::Beginners;
use crate::games::interface::seat::Seat;
use crate::games::interface::{LedgerEntry, MoveCounters, Records, SeatRecord, FINAL_POT};
use crate::games::kit::records::{entry, final_pot, one_win_seat_record};

impl Records for Beginners {
    const END_REASONS: &'static [&'static str] = &["bust", "complete", "resigned", "forfeit"];

    /// Every reason the game moves points for, the final pot included.
    const TRANSFER_REASONS: &'static [&'static str] = &["riichi", "win", "pot", FINAL_POT];

    /// The ledger of one step: riichi points count for the round in play, a settlement for the
    /// round it settles (the same one), and the pot left at the end of the game, which goes to
    /// the first-ranked seat without a transfer of its own (rules §9), as `final_pot`.
    fn ledger(before: Option<&Game>, after: &Game, events: &[Event]) -> Vec<LedgerEntry> {
        let Some(before) = before else {
            return after
                .pending
                .iter()
                .map(|t| entry(t, 0, |r| r.id()))
                .collect();
        };
        let round = before.records.len();
        let mut rows: Vec<LedgerEntry> = events
            .iter()
            .filter_map(|e| match e {
                Event::Transferred(t) => Some(entry(t, round, |r| r.id())),
                _ => None,
            })
            .collect();
        // The pot goes to the winner in the step that ends the game.
        if let Some(outcome) = after.outcome.as_ref().filter(|_| before.outcome.is_none()) {
            rows.extend(final_pot(round, outcome.winner(), outcome.final_pot));
        }
        rows
    }

    /// A riichi declaration (the game has no furiten).
    fn move_counters(_: &Game, _: &Game, _: Seat, action: Action) -> MoveCounters {
        MoveCounters {
            riichi: matches!(action, Action::Discard { riichi: true, .. }),
            furiten: false,
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
                match by {
                    WinBy::Ron { from } => Some(*from),
                    _ => None,
                },
                score.total,
                score.yaku.iter().map(|(y, _)| y.id()).collect(),
            )),
            _ => None,
        })
    }
}
