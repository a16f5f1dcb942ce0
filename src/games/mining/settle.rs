//! The end of a round (§9): payments of a win for 2–4 players, honba and pot, the noten
//! payments of an exhaustive draw.

use serde::{Deserialize, Serialize};

use crate::games::kit::mahjong::score::Score;
use crate::games::kit::mahjong::tile::Tile;
use crate::games::kit::mahjong::yaku::WinBy;

/// One win of a round.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Win {
    pub seat: usize,
    /// The discarder (or the kanning player); `None` for a tsumo.
    pub from: Option<usize>,
    pub by: WinBy,
    pub card: Tile,
    pub score: Score,
}

/// A seat or the pot.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Party {
    Seat(usize),
    Pot,
}

/// Points moving, in the order they move.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Transfer {
    pub from: Party,
    pub to: Party,
    pub amount: i64,
    pub reason: String,
}

fn round_up(points: i64) -> i64 {
    (points + 99) / 100 * 100
}

/// What each other seat pays for a tsumo of `winner` with base `base` (§9), before honba, in
/// turn order from the winner.
pub fn tsumo_shares(n: usize, dealer: usize, winner: usize, base: i64) -> Vec<(usize, i64)> {
    (1..n)
        .map(|d| (winner + d) % n)
        .map(|payer| {
            // Twentieths of the base, so that 2.5 and 1.5 stay whole.
            let tenths = match (n, winner == dealer, payer == dealer) {
                (4, true, _) => 20,
                (4, false, true) => 20,
                (4, false, false) => 10,
                (3, true, _) => 30,
                (3, false, true) => 25,
                (3, false, false) => 15,
                (_, true, _) => 60,
                _ => 40,
            };
            (payer, round_up(base * tenths / 10))
        })
        .collect()
}

/// The hand value of a win (§9): a ron's payment, or the sum of the tsumo shares.
pub fn hand_value(n: usize, dealer: usize, win: &Win) -> i64 {
    let base = win.score.base();
    if win.by.is_ron() {
        round_up(base * if win.seat == dealer { 6 } else { 4 })
    } else {
        tsumo_shares(n, dealer, win.seat, base)
            .iter()
            .map(|(_, a)| a)
            .sum()
    }
}

/// How a round ended.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Outcome {
    Wins(Vec<Win>),
    Draw { tenpai: Vec<bool> },
}

/// The payments of a round's outcome (§9) at a table of `n` with `pot` in the pot, in the
/// order they happen.
pub fn payments(n: usize, dealer: usize, honba: u32, pot: i64, outcome: &Outcome) -> Vec<Transfer> {
    let honba = i64::from(honba);
    let mut out = Vec::new();
    let mut pay = |from: Party, to: Party, amount: i64, reason: &str| {
        out.push(Transfer {
            from,
            to,
            amount,
            reason: reason.to_string(),
        })
    };
    match outcome {
        Outcome::Wins(wins) => {
            for win in wins {
                let base = win.score.base();
                let payments: Vec<(usize, i64)> = match win.from {
                    Some(from) => vec![(from, hand_value(n, dealer, win) + 300 * honba)],
                    None => tsumo_shares(n, dealer, win.seat, base)
                        .into_iter()
                        .map(|(p, a)| (p, a + 300 * honba / (n as i64 - 1)))
                        .collect(),
                };
                for (payer, amount) in payments {
                    pay(Party::Seat(payer), Party::Seat(win.seat), amount, "win");
                }
            }
            if let Some(first) = wins.first() {
                if pot > 0 {
                    pay(Party::Pot, Party::Seat(first.seat), pot, "pot");
                }
            }
        }
        Outcome::Draw { tenpai } => {
            let ready = tenpai.iter().filter(|t| **t).count();
            if ready > 0 && ready < n {
                let amount = 1000 * (n as i64 - 1) / (n - ready) as i64 / ready as i64;
                for payer in (0..n).filter(|s| !tenpai[*s]) {
                    for to in (0..n).filter(|s| tenpai[*s]) {
                        pay(Party::Seat(payer), Party::Seat(to), amount, "noten");
                    }
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tsumo_shares_split_the_missing_seats() {
        // 4 players, non-dealer 2,000 base (mangan): 4,000 from the dealer, 2,000 each.
        assert_eq!(
            tsumo_shares(4, 0, 1, 2000),
            [(2, 2000), (3, 2000), (0, 4000)]
        );
        // 3 players: non-dealer mangan, the dealer 5,000 and the other 3,000.
        assert_eq!(tsumo_shares(3, 0, 1, 2000), [(2, 3000), (0, 5000)]);
        // 3 players, dealer: 3b each, rounded up.
        assert_eq!(tsumo_shares(3, 0, 0, 320), [(1, 1000), (2, 1000)]);
        // 2 players: 6b and 4b.
        assert_eq!(tsumo_shares(2, 0, 0, 2000), [(1, 12000)]);
        assert_eq!(tsumo_shares(2, 0, 1, 640), [(0, 2600)]);
    }
}
