//! Whether a player may win on a tile, the score of a win in its round (§6, §8–§10), and the
//! settlement of wins and of the exhaustive draw (§10, §11).

use super::round::{After, Phase};
use super::round::{Reason, Round, RoundEnd, Scores, Transfer, WinRecord, SEATS};
use super::wall::dora_kinds;
use crate::games::interface::ledger::Party;
use crate::games::interface::seat::{PerSeat, Seat};
use crate::games::kit::mahjong::hand::Hand;
use crate::games::kit::mahjong::score::{score, wins, Bonus, Payments, Score, WinningHand};
use crate::games::kit::mahjong::shanten::{is_complete, is_thirteen_orphans};
use crate::games::kit::mahjong::tile::{Kind, Tile};
use crate::games::kit::mahjong::waits::waits;
use crate::games::kit::mahjong::yaku::{Situation, WinBy};

/// The honba bonus of a ron; a tsumo's is a third of it from each payer.
const HONBA: i64 = 300;
/// The noten payments share this (§11).
const NOTEN_POOL: i64 = 3000;

impl Round {
    /// The round's facts about a win of `seat` by `by` (§8).
    pub fn situation(&self, seat: Seat, by: WinBy) -> Situation {
        let p = &self.players[seat];
        let (replacement, first) = match self.phase {
            Phase::Turn {
                after: After::Draw { replacement, first },
                ..
            } if by == WinBy::Tsumo => (replacement, first),
            _ => (false, false),
        };
        let live_empty = self.wall.live_left() == 0;
        Situation {
            by,
            seat_wind: self.seat_wind(seat),
            round_wind: self.round_wind(),
            riichi: p.riichi,
            ippatsu: p.ippatsu,
            haitei: by == WinBy::Tsumo && !replacement && live_empty,
            houtei: by == WinBy::Ron && live_empty,
            rinshan: by == WinBy::Tsumo && replacement,
            first_draw: by == WinBy::Tsumo && first,
            dealer: seat == self.dealer,
            kuitan: self.options.kuitan,
        }
    }

    /// The seat's concealed tiles with `tile` added for a ron (a tsumo's is in the hand).
    fn winning_concealed(&self, seat: Seat, tile: Tile, by: WinBy) -> Hand {
        let mut hand = self.players[seat].hand.clone();
        if by.is_ron() {
            hand.add(tile);
        }
        hand
    }

    /// Whether `seat` wins on `tile` by `by` (shape, yaku and minimum; not furiten).
    pub fn can_win(&self, seat: Seat, tile: Tile, by: WinBy) -> bool {
        let p = &self.players[seat];
        let concealed = self.winning_concealed(seat, tile, by);
        if !is_complete(concealed.counts(), p.melds.len()) {
            return false;
        }
        if by.is_ron() && self.is_furiten(seat) {
            return false;
        }
        let hand = WinningHand {
            concealed: &concealed,
            melds: &p.melds,
            won: tile,
        };
        wins(hand, &self.situation(seat, by), self.minimum_han)
    }

    /// Whether `seat` may rob a kan of `tile` (§5): by thirteen orphans only on a closed kan.
    pub fn can_rob(&self, seat: Seat, tile: Tile, closed_kan: bool) -> bool {
        if closed_kan {
            let concealed = self.winning_concealed(seat, tile, WinBy::Chankan);
            let orphans =
                self.players[seat].melds.is_empty() && is_thirteen_orphans(concealed.counts());
            if !orphans {
                return false;
            }
        }
        self.can_win(seat, tile, WinBy::Chankan)
    }

    /// The three furiten of §6.
    pub fn is_furiten(&self, seat: Seat) -> bool {
        let p = &self.players[seat];
        p.temporary_furiten
            || p.riichi_furiten
            || waits(p.hand.counts(), &p.melds).meets(p.discarded)
    }

    /// The score of a win of `seat` on `tile`, its best reading (§6, [R26]).
    pub fn score_win(&self, seat: Seat, tile: Tile, by: WinBy) -> Option<Score> {
        let p = &self.players[seat];
        let concealed = self.winning_concealed(seat, tile, by);
        let dora = dora_kinds(self.wall.dora_indicators());
        let ura = if p.in_riichi() {
            dora_kinds(self.wall.ura_indicators(self.options.kan_ura))
        } else {
            Vec::new()
        };
        let hand = WinningHand {
            concealed: &concealed,
            melds: &p.melds,
            won: tile,
        };
        let bonus = Bonus {
            dora: &dora,
            ura: &ura,
        };
        score(hand, &self.situation(seat, by), bonus, self.minimum_han)
    }

    /// Pays every winner in order, then the pot to the first (§10), and ends the round.
    pub(super) fn settle_wins(
        &mut self,
        winners: &[Seat],
        by: WinBy,
        from: Option<Seat>,
        tile: Tile,
        scores: &mut Scores,
    ) {
        let honba = i64::from(self.honba);
        let mut records = Vec::new();
        for &seat in winners {
            let Some(score) = self.score_win(seat, tile, by) else {
                continue;
            };
            for (payer, amount) in self.payers(seat, from, score.payments) {
                let per_payer = if by.is_ron() { HONBA } else { HONBA / 3 };
                let bonus = per_payer * honba;
                self.pay(win_transfer(payer, seat, amount + bonus), scores);
            }
            records.push(WinRecord {
                seat,
                from,
                by,
                tile,
                score,
                honba: HONBA * honba,
            });
        }
        if let (Some(first), true) = (records.first(), scores.pot > 0) {
            let pot = Transfer {
                from: Party::Pot,
                to: Party::Seat(first.seat),
                amount: scores.pot,
                reason: Reason::Pot,
            };
            self.pay(pot, scores);
        }
        self.finish(RoundEnd::Win { wins: records });
    }

    /// Who pays the winner what, before honba: the discarder, or each other player in turn
    /// order from the winner.
    fn payers(&self, winner: Seat, from: Option<Seat>, p: Payments) -> Vec<(Seat, i64)> {
        match (p, from) {
            (Payments::Ron(all), Some(from)) => vec![(from, all)],
            (Payments::Tsumo { dealer, others }, _) => SEATS
                .from_seat(winner)
                .skip(1)
                .map(|s| (s, if s == self.dealer { dealer } else { others }))
                .collect(),
            (Payments::Ron(_), None) => Vec::new(),
        }
    }

    /// Each player's formal tenpai now ([R22]).
    pub fn tenpai(&self) -> PerSeat<bool> {
        self.players
            .map(|_, p| !waits(p.hand.counts(), &p.melds).is_empty())
    }

    /// The exhaustive draw: tenpai shown, the noten payments (§11).
    pub(super) fn end_exhaustive(&mut self, scores: &mut Scores) {
        let tenpai = self.tenpai();
        let ready: Vec<Seat> = SEATS.seats().filter(|&s| tenpai[s]).collect();
        if (1..=3).contains(&ready.len()) {
            let each = NOTEN_POOL / (ready.len() * (4 - ready.len())) as i64;
            for payer in SEATS.seats().filter(|&s| !tenpai[s]) {
                for &to in &ready {
                    let t = Transfer {
                        from: Party::Seat(payer),
                        to: Party::Seat(to),
                        amount: each,
                        reason: Reason::Noten,
                    };
                    self.pay(t, scores);
                }
            }
        }
        self.finish(RoundEnd::ExhaustiveDraw { tenpai });
    }

    /// Whether a first-draw hand holds nine different terminals and honors (§11).
    pub fn has_nine_terminals(&self, seat: Seat) -> bool {
        let hand = &self.players[seat].hand;
        Kind::all()
            .filter(|k| k.is_yaochuu() && hand.count(*k) > 0)
            .count()
            >= 9
    }
}

fn win_transfer(payer: Seat, winner: Seat, amount: i64) -> Transfer {
    Transfer {
        from: Party::Seat(payer),
        to: Party::Seat(winner),
        amount,
        reason: Reason::Win,
    }
}
