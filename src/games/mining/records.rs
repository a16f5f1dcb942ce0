//! What mining mahjong gives the host's records: the ledger of each step, the counters a part
//! changes, and what a finished game adds to each seat's record.

use super::game::START;
use super::parts::Act;
use super::settle::Outcome;
use super::table::{seat, Event, Table};
use super::Mining;
use crate::games::interface::seat::Seat;
use crate::games::interface::{LedgerEntry, MoveCounters, Records, SeatRecord, WonHand, FINAL_POT};
use crate::games::kit::records::{entry, final_pot, pot_after, seat_record, Win};

impl Records for Mining {
    const END_REASONS: &'static [&'static str] =
        &["last_round", "dobon", "agari_yame", "resigned", "forfeit"];

    const TRANSFER_REASONS: &'static [&'static str] = &["riichi", "win", "pot", "noten", FINAL_POT];

    /// Each transfer for the round it happened in, and the pot left at the end of the game,
    /// handed to the first-ranked seat without a transfer, as `final_pot`.
    fn ledger(before: Option<&Table>, after: &Table, events: &[Event]) -> Vec<LedgerEntry> {
        let transfers: Vec<_> = events
            .iter()
            .filter_map(|e| match e {
                Event::Transferred { round, transfer } => Some((*round, transfer)),
                _ => None,
            })
            .collect();
        let mut rows: Vec<_> = transfers
            .iter()
            .map(|(round, t)| entry(t, *round, |r| r.id()))
            .collect();
        let ended = events.iter().any(|e| matches!(e, Event::Ended { .. }));
        if ended {
            let pot = pot_after(
                before.map_or(0, Table::pot),
                transfers.iter().map(|(_, t)| *t),
            );
            let round = after.game.rounds.len().saturating_sub(1);
            rows.extend(
                after
                    .game
                    .ranking()
                    .first()
                    .and_then(|&first| final_pot(round, seat(first), pot)),
            );
        }
        rows
    }

    /// A riichi discard, when its tiles are given (the cell of its last tile), and a discard
    /// that leaves its player furiten (they were not before).
    fn move_counters(before: &Table, after: &Table, s: Seat, _action: Act) -> MoveCounters {
        let i = s.index();
        fn live(t: &Table) -> Option<&super::round::Round> {
            t.game.round().filter(|r| r.outcome.is_none())
        }
        let riichi = |t: &Table| live(t).is_some_and(|r| r.players[i].in_riichi());
        let discards = |t: &Table| live(t).map_or(0, |r| r.players[i].discards.len());
        let furiten = |t: &Table| live(t).is_some_and(|r| r.is_furiten(i));
        let discarded = discards(after) > discards(before);
        MoveCounters {
            riichi: riichi(after) && !riichi(before),
            furiten: discarded && furiten(after) && !furiten(before),
        }
    }

    /// Rounds played, hands won with their points and yaku, and deal-ins of `seat`.
    fn seat_record(table: &Table, s: Seat) -> SeatRecord {
        let game = &table.game;
        let wins = game.rounds.iter().enumerate().flat_map(|(i, round)| {
            let wins = match &round.outcome {
                Some(Outcome::Wins(wins)) => wins.as_slice(),
                _ => &[],
            };
            wins.iter().map(move |w| Win {
                round: i,
                winner: seat(w.seat),
                dealt_in: w.from.map(seat),
                hand: WonHand {
                    points: super::settle::hand_value(round.n, round.dealer, w),
                    yaku: w.score.yaku.iter().map(|(y, _)| y.id()).collect(),
                },
            })
        });
        let net = game.points[s.index()] - START;
        seat_record(s, net, table.rounds_played(), wins)
    }
}
