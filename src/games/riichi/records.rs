//! What riichi gives the host's records: the ledger of each step, the counters a move changes,
//! and what a finished game adds to each seat's record.

use super::action::Action;
use super::game::{Event, Game, START};
use super::round::RoundEnd;
use super::Riichi;
use crate::games::interface::seat::Seat;
use crate::games::interface::{LedgerEntry, MoveCounters, Records, SeatRecord, WonHand, FINAL_POT};
use crate::games::kit::records::{entry, final_pot, pot_after, seat_record, Win};

impl Records for Riichi {
    const END_REASONS: &'static [&'static str] =
        &["last_round", "dobon", "agari_yame", "resigned", "forfeit"];

    /// Every reason riichi moves points for, the final pot included.
    const TRANSFER_REASONS: &'static [&'static str] = &["riichi", "win", "pot", "noten", FINAL_POT];

    /// The ledger of one step: each transfer for the round it happened in, and the pot left at
    /// the end of the game, which goes to the first-ranked seat without a transfer (§12), as
    /// `final_pot`.
    fn ledger(before: Option<&Game>, after: &Game, events: &[Event]) -> Vec<LedgerEntry> {
        let round = before.map_or(0, |g| g.records.len());
        let transfers: Vec<_> = events
            .iter()
            .filter_map(|e| match e {
                Event::Transferred { transfer } => Some(transfer),
                _ => None,
            })
            .collect();
        let mut rows: Vec<_> = transfers
            .iter()
            .map(|t| entry(t, round, |r| r.id()))
            .collect();
        let pot = pot_after(before.map_or(0, |g| g.scores.pot), transfers);
        rows.extend(
            after
                .outcome
                .as_ref()
                .and_then(|o| final_pot(round, o.ranking[0], pot)),
        );
        rows
    }

    /// A riichi declaration, and a discard that leaves its player furiten (they were not before).
    fn move_counters(before: &Game, after: &Game, seat: Seat, action: Action) -> MoveCounters {
        let Action::Discard { riichi, .. } = action else {
            return MoveCounters::default();
        };
        let furiten = |g: &Game| g.live_round().is_some_and(|r| r.is_furiten(seat));
        MoveCounters {
            riichi,
            furiten: furiten(after) && !furiten(before),
        }
    }

    /// Rounds played, hands won with their points and yaku, and deal-ins of `seat`.
    fn seat_record(game: &Game, seat: Seat) -> SeatRecord {
        let wins = game.records.iter().enumerate().flat_map(|(i, round)| {
            let wins = match &round.end {
                Some(RoundEnd::Win { wins }) => wins.as_slice(),
                _ => &[],
            };
            wins.iter().map(move |w| Win {
                round: i,
                winner: w.seat,
                dealt_in: w.from,
                hand: WonHand {
                    points: w.score.points,
                    yaku: w.score.yaku.iter().map(|(y, _)| y.id()).collect(),
                },
            })
        });
        let net = game.scores.points[seat] - START;
        seat_record(seat, net, game.records.len(), wins)
    }
}
