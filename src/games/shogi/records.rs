//! What shogi mahjong gives the host's records: the ledger of each step, the counters a move
//! changes, and what a finished game adds to each seat's record.

use super::action::Action;
use super::game::{Event, Game, Reason, STARTING_POINTS};
use super::round::RoundEnd;
use super::score::WinBy;
use super::yaku::Yaku;
use super::Shogi;
use crate::games::interface::ledger::{Party, Transfer};
use crate::games::interface::seat::Seat;
use crate::games::interface::{LedgerEntry, MoveCounters, Records, SeatRecord, WonHand, FINAL_POT};

fn entry(t: &super::game::Transfer, round: usize) -> LedgerEntry {
    LedgerEntry {
        round,
        transfer: Transfer {
            from: t.from,
            to: t.to,
            amount: t.amount,
            reason: Reason::id(t.reason),
        },
    }
}

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
            return after.pending.iter().map(|t| entry(t, 0)).collect();
        };
        let round = before.records.len();
        let mut rows = Vec::new();
        let mut pot = before.pot;
        for event in events {
            let Event::Transferred(t) = event else {
                continue;
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
                round,
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
                record.deal_ins += i64::from(matches!(by, WinBy::Ron | WinBy::Chankan));
                continue;
            }
            record.won.push(WonHand {
                points: i64::try_from(score.total).unwrap_or(i64::MAX),
                // The score names its yaku by the table's ids.
                yaku: score
                    .yaku
                    .iter()
                    .filter_map(|(id, _)| Yaku::from_id(id).map(Yaku::id))
                    .collect(),
            });
        }
        record
    }
}
