//! What the beginners' card mahjong gives the host's records: the ledger of each step, the
//! counters a move changes, and what a finished game adds to each seat's record.

use super::action::Action;
use super::game::{Event, Game, STARTING_POINTS};
use super::round::{RoundEnd, WinBy};
use super::Beginners;
use crate::games::interface::ledger::{Party, Transfer};
use crate::games::interface::seat::Seat;
use crate::games::interface::{LedgerEntry, MoveCounters, Records, SeatRecord, WonHand, FINAL_POT};

impl Records for Beginners {
    const END_REASONS: &'static [&'static str] = &["bust", "complete", "resigned", "forfeit"];

    /// Every reason the game moves points for, the final pot included.
    const TRANSFER_REASONS: &'static [&'static str] = &["riichi", "win", "pot", FINAL_POT];

    /// The ledger of one step: riichi points count for the round in play, a settlement for the
    /// round it settles (the same one), and the pot left at the end of the game, which goes to
    /// the first-ranked seat without a transfer of its own (rules §9), as `final_pot`.
    fn ledger(before: Option<&Game>, after: &Game, events: &[Event]) -> Vec<LedgerEntry> {
        let Some(before) = before else {
            return after.pending.iter().map(|t| entry(t, 0)).collect();
        };
        let round = before.records.len();
        let mut rows: Vec<LedgerEntry> = events
            .iter()
            .filter_map(|e| match e {
                Event::Transferred(t) => Some(entry(t, round)),
                _ => None,
            })
            .collect();
        if let Some(outcome) = after.outcome.as_ref().filter(|o| o.final_pot > 0) {
            let ended_now = before.outcome.is_none();
            if ended_now {
                rows.push(LedgerEntry {
                    round,
                    transfer: Transfer {
                        from: Party::Pot,
                        to: Party::Seat(outcome.winner()),
                        amount: outcome.final_pot,
                        reason: FINAL_POT,
                    },
                });
            }
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
            if *winner == seat {
                record.won.push(WonHand {
                    points: i64::try_from(score.total).unwrap_or(i64::MAX),
                    yaku: score.yaku.iter().map(|(y, _)| y.id()).collect(),
                });
            } else if *by == (WinBy::Ron { from: seat }) {
                record.deal_ins += 1;
            }
        }
        record
    }
}

fn entry(t: &super::game::Transfer, round: usize) -> LedgerEntry {
    LedgerEntry {
        round,
        transfer: Transfer {
            from: t.from,
            to: t.to,
            amount: t.amount,
            reason: t.reason.id(),
        },
    }
}
