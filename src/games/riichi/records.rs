//! What riichi gives the host's records: the ledger of each step, the counters a move changes,
//! and what a finished game adds to each seat's record.

use super::action::Action;
use super::game::{Event, Game, START};
use super::round::RoundEnd;
use super::Riichi;
use crate::games::interface::ledger::{Party, Transfer};
use crate::games::interface::seat::Seat;
use crate::games::interface::{LedgerEntry, MoveCounters, Records, SeatRecord, WonHand, FINAL_POT};

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
        let mut pot = before.map_or(0, |g| g.scores.pot);
        let mut rows = Vec::new();
        for event in events {
            let Event::Transferred { transfer: t } = event else {
                continue;
            };
            rows.push(LedgerEntry {
                round,
                transfer: Transfer {
                    from: t.from,
                    to: t.to,
                    amount: t.amount,
                    reason: t.reason.id(),
                },
            });
            if t.to == Party::Pot {
                pot += t.amount;
            }
            if t.from == Party::Pot {
                pot -= t.amount;
            }
        }
        if let (Some(outcome), true) = (&after.outcome, pot > 0) {
            rows.push(LedgerEntry {
                round,
                transfer: Transfer {
                    from: Party::Pot,
                    to: Party::Seat(outcome.ranking[0]),
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
        let furiten = |g: &Game| g.live_round().is_some_and(|r| r.is_furiten(seat));
        MoveCounters {
            riichi,
            furiten: furiten(after) && !furiten(before),
        }
    }

    /// Rounds played, hands won with their points and yaku, and deal-ins of `seat`.
    fn seat_record(game: &Game, seat: Seat) -> SeatRecord {
        let mut record = SeatRecord {
            net: game.scores.points[seat] - START,
            rounds: game.records.len() as i64,
            ..SeatRecord::default()
        };
        for round in &game.records {
            let Some(RoundEnd::Win { wins }) = &round.end else {
                continue;
            };
            if wins.iter().any(|w| w.from == Some(seat)) {
                record.deal_ins += 1;
            }
            for w in wins.iter().filter(|w| w.seat == seat) {
                record.won.push(WonHand {
                    points: w.score.points,
                    yaku: w.score.yaku.iter().map(|(y, _)| y.id()).collect(),
                });
            }
        }
        record
    }
}
