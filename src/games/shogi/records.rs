//! What shogi mahjong gives the host's records: the ledger of each step, the counters a move
//! changes, and what a finished game adds to each seat's record.

use super::action::Action;
use super::game::{Event, Game, Reason, STARTING_POINTS};
use super::round::RoundEnd;
use super::score::WinBy;
use super::yaku::Yaku;
use super::Shogi;
use crate::games::interface::seat::{Opponent, Seat};
use crate::games::interface::{LedgerEntry, MoveCounters, Records, SeatRecord, FINAL_POT};
use crate::games::kit::records::{entry, final_pot, one_win_seat_record, pot_after};

impl Records for Shogi {
    const END_REASONS: &'static [&'static str] = &["bust", "round_limit", "resigned", "forfeit"];

    /// Every reason shogi mahjong moves points for, the final pot included.
    const TRANSFER_REASONS: &'static [&'static str] =
        &["riichi", "win", "pot", "chombo", "noten", FINAL_POT];

    /// The ledger of one step: riichi sticks count for the round in play, a settlement for the
    /// round it settles (the same one), and the pot left at the end of the game, which the engine
    /// hands to the winner without a transfer (rules §9), as `final_pot`.
    fn ledger(before: Option<&Game>, after: &Game, events: &[Event]) -> Vec<LedgerEntry> {
        let Some(before) = before else {
            return after
                .pending
                .iter()
                .map(|t| entry(t, 0, Reason::id))
                .collect();
        };
        let round = before.records.len();
        let transfers: Vec<_> = events
            .iter()
            .filter_map(|e| match e {
                Event::Transferred(t) => Some(t),
                _ => None,
            })
            .collect();
        let mut rows: Vec<_> = transfers
            .iter()
            .map(|t| entry(t, round, Reason::id))
            .collect();
        let pot = pot_after(before.pot, transfers);
        rows.extend(after.outcome.and_then(|o| final_pot(round, o.winner, pot)));
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
                matches!(by, WinBy::Ron | WinBy::Chankan).then(|| winner.opponent()),
                score.total,
                // The score names its yaku by the table's ids.
                score
                    .yaku
                    .iter()
                    .filter_map(|(id, _)| Yaku::from_id(id).map(Yaku::id))
                    .collect(),
            )),
            _ => None,
        })
    }
}
