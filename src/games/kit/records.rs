//! What every game's [`Records`](crate::games::interface::Records) does the same way, written
//! once: a step's transfers as ledger rows, the pot a step leaves, the row of the pot handed to
//! the winner at the end, and a seat's record folded from its game's won hands.

use crate::games::interface::ledger::{Party, Transfer};
use crate::games::interface::seat::Seat;
use crate::games::interface::{LedgerEntry, SeatRecord, WonHand, FINAL_POT};

/// A transfer of the game's own reason as a ledger row of `round`, the reason by its id.
pub fn entry<R: Copy>(
    t: &Transfer<R>,
    round: usize,
    id: impl Fn(R) -> &'static str,
) -> LedgerEntry {
    LedgerEntry {
        round,
        transfer: Transfer {
            from: t.from,
            to: t.to,
            amount: t.amount,
            reason: id(t.reason),
        },
    }
}

/// The pot after `transfers`, from `before`.
pub fn pot_after<'a, R: 'a>(
    before: i64,
    transfers: impl IntoIterator<Item = &'a Transfer<R>>,
) -> i64 {
    transfers.into_iter().fold(before, |pot, t| {
        pot + if t.to == Party::Pot { t.amount } else { 0 }
            - if t.from == Party::Pot { t.amount } else { 0 }
    })
}

/// The row of the pot left at the end of a game, which every game hands to a seat without a
/// transfer of its own; none when the pot is empty.
pub fn final_pot(round: usize, to: Seat, pot: i64) -> Option<LedgerEntry> {
    (pot > 0).then_some(LedgerEntry {
        round,
        transfer: Transfer {
            from: Party::Pot,
            to: Party::Seat(to),
            amount: pot,
            reason: FINAL_POT,
        },
    })
}

/// One hand won in a game, in the records' terms.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Win {
    /// The 0-based round it was won in.
    pub round: usize,
    pub winner: Seat,
    /// The seat whose discard it won on (`None`: a win on one's own draw).
    pub dealt_in: Option<Seat>,
    pub hand: WonHand,
}

/// What a finished game adds to `seat`'s record: its points against the start, the rounds
/// played, the hands it won, and the rounds in which it dealt in (once a round, however many
/// won on that discard).
pub fn seat_record(
    seat: Seat,
    net: i64,
    rounds: usize,
    wins: impl IntoIterator<Item = Win>,
) -> SeatRecord {
    let mut record = SeatRecord {
        net,
        rounds: rounds as i64,
        ..SeatRecord::default()
    };
    let mut dealt_in_rounds = Vec::new();
    for win in wins {
        if win.winner == seat {
            record.won.push(win.hand);
        } else if win.dealt_in == Some(seat) && !dealt_in_rounds.contains(&win.round) {
            dealt_in_rounds.push(win.round);
        }
    }
    record.deal_ins = dealt_in_rounds.len() as i64;
    record
}

/// What a finished game adds to `seat`'s record (see [`seat_record`]), in a game whose rounds
/// each have at most one winner: `won` reads a finished round's win as its winner, the seat
/// that dealt in (`None`: a win on one's own draw), the score's total and its yaku ids.
pub fn one_win_seat_record<R>(
    seat: Seat,
    net: i64,
    rounds: &[R],
    won: impl Fn(&R) -> Option<(Seat, Option<Seat>, u64, Vec<&'static str>)>,
) -> SeatRecord {
    let wins = rounds.iter().enumerate().filter_map(|(i, round)| {
        let (winner, dealt_in, total, yaku) = won(round)?;
        Some(Win {
            round: i,
            winner,
            dealt_in,
            hand: WonHand {
                points: points(total),
                yaku,
            },
        })
    });
    seat_record(seat, net, rounds.len(), wins)
}

/// A score's points as the records keep them (an unrepresentable score saturates).
pub fn points(total: u64) -> i64 {
    i64::try_from(total).unwrap_or(i64::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;

    const A: Seat = Seat::ZERO;
    const B: Seat = Seat::ONE;

    fn hand(points: i64) -> WonHand {
        WonHand {
            points,
            yaku: vec!["riichi"],
        }
    }

    #[test]
    fn a_seat_record_counts_its_wins_and_one_deal_in_a_round() {
        let c = B.next(crate::games::interface::seat::SeatCount::FOUR);
        let wins = vec![
            Win {
                round: 0,
                winner: A,
                dealt_in: Some(B),
                hand: hand(8),
            },
            Win {
                round: 1,
                winner: B,
                dealt_in: None,
                hand: hand(2),
            },
            // A double ron on B's discard: one deal-in.
            Win {
                round: 2,
                winner: A,
                dealt_in: Some(B),
                hand: hand(3),
            },
            Win {
                round: 2,
                winner: c,
                dealt_in: Some(B),
                hand: hand(5),
            },
        ];
        let a = seat_record(A, 7, 3, wins.clone());
        assert_eq!((a.net, a.rounds, a.deal_ins), (7, 3, 0));
        assert_eq!(a.won, [hand(8), hand(3)]);
        let b = seat_record(B, -7, 3, wins);
        assert_eq!((b.deal_ins, b.won.len()), (2, 1));
    }

    #[test]
    fn the_pot_follows_transfers_and_an_empty_one_has_no_row() {
        let t = |from, to, amount| Transfer {
            from,
            to,
            amount,
            reason: (),
        };
        let moves = [
            t(Party::Seat(A), Party::Pot, 10),
            t(Party::Pot, Party::Seat(B), 4),
        ];
        assert_eq!(pot_after(5, &moves), 11);
        assert_eq!(final_pot(1, B, 0), None);
        let row = final_pot(1, B, 11).unwrap();
        assert_eq!(
            (row.round, row.transfer.amount, row.transfer.reason),
            (1, 11, FINAL_POT)
        );
        assert_eq!(entry(&moves[0], 2, |()| "riichi").transfer.reason, "riichi");
    }
}
