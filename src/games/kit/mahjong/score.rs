//! Scoring a win: fu (§9), han with dora, the limits and payments (§10), and the choice of the
//! best reading (§6, [R26]).

use std::cmp::Ordering;

use serde::{Deserialize, Serialize};

use super::hand::{Hand, Meld};
use super::reading::{readings, Reading, Shape};
use super::tile::{Kind, Tile, KINDS};
use super::yaku::{yaku_of, HandFacts, Situation, WinBy, Yaku};

/// A limit hand (§10).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Limit {
    Mangan,
    Haneman,
    Baiman,
    Sanbaiman,
    /// 13 han or more (kazoe) and real yakuman alike.
    Yakuman,
}

impl Limit {
    pub fn id(self) -> &'static str {
        match self {
            Limit::Mangan => "mangan",
            Limit::Haneman => "haneman",
            Limit::Baiman => "baiman",
            Limit::Sanbaiman => "sanbaiman",
            Limit::Yakuman => "yakuman",
        }
    }
}

/// Who pays what for a win, before honba (§10).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Payments {
    /// The discarder (or the kanning player) pays it all.
    Ron(i64),
    /// Each other player pays `others`; the dealer pays `dealer` (a dealer's tsumo: 0, the
    /// others pay `others` each).
    Tsumo { dealer: i64, others: i64 },
}

/// A scored win: the chosen reading and what it is worth.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Score {
    /// The yaku in §8's order with their han (13 per yakuman).
    pub yaku: Vec<(Yaku, u8)>,
    /// Yaku han plus dora, aka and ura; a yakuman's sum of its entries.
    pub han: u32,
    /// `None` for a yakuman.
    pub fu: Option<u32>,
    pub dora: u32,
    pub aka: u32,
    pub ura: u32,
    pub limit: Option<Limit>,
    /// The hand value: what the winner receives before honba and pot.
    pub points: i64,
    pub payments: Payments,
    pub reading: Reading,
}

impl Score {
    pub fn is_yakuman(&self) -> bool {
        self.yaku.first().is_some_and(|(y, _)| y.is_yakuman())
    }

    /// The base points of §10 (a yakuman's 8,000 per yakuman), for games that pay otherwise.
    pub fn base(&self) -> i64 {
        match self.fu {
            None => 8000 * i64::from(self.han / 13),
            Some(fu) => base_points(self.han, fu).0,
        }
    }
}

/// A winning hand as the round holds it.
#[derive(Debug, Clone, Copy)]
pub struct WinningHand<'a> {
    /// The concealed tiles, the winning tile among them.
    pub concealed: &'a Hand,
    pub melds: &'a [Meld],
    pub won: Tile,
}

/// The dora that count for a win: one kind per revealed indicator, and the ura's when the
/// winner is in riichi (empty otherwise).
#[derive(Debug, Clone, Copy, Default)]
pub struct Bonus<'a> {
    pub dora: &'a [Kind],
    pub ura: &'a [Kind],
}

/// The best reading of a win (§6, [R26]) that meets `minimum` han of yaku, scored; `None`
/// when the hand is no winning shape or no reading has enough yaku.
pub fn score(hand: WinningHand, s: &Situation, bonus: Bonus, minimum: u8) -> Option<Score> {
    let facts = facts(hand);
    readings(hand.concealed.counts(), hand.melds, hand.won.kind())
        .into_iter()
        .filter_map(|reading| score_reading(reading, &facts, hand, s, bonus, minimum))
        .max_by(compare)
}

/// Whether the hand wins at all (shape, yaku and minimum), without scoring every reading.
pub fn wins(hand: WinningHand, s: &Situation, minimum: u8) -> bool {
    let facts = facts(hand);
    readings(hand.concealed.counts(), hand.melds, hand.won.kind())
        .into_iter()
        .any(|reading| meets_minimum(&yaku_with_han(&reading, &facts, s), minimum))
}

fn facts(hand: WinningHand) -> HandFacts {
    let mut all = *hand.concealed.counts();
    for meld in hand.melds {
        for t in &meld.tiles {
            all[t.kind().index()] += 1;
        }
    }
    let mut before_win = *hand.concealed.counts();
    let won = hand.won.kind();
    before_win[won.index()] = before_win[won.index()].saturating_sub(1);
    HandFacts {
        all,
        closed: hand.melds.iter().all(|m| !m.kind.opens_hand()),
        no_calls: hand.melds.is_empty(),
        before_win,
        won,
    }
}

fn yaku_with_han(reading: &Reading, facts: &HandFacts, s: &Situation) -> Vec<(Yaku, u8)> {
    yaku_of(reading, facts, s)
        .into_iter()
        .filter_map(|y| y.han(facts.closed, s.kuitan).map(|h| (y, h)))
        .collect()
}

fn meets_minimum(yaku: &[(Yaku, u8)], minimum: u8) -> bool {
    let yakuman = yaku.iter().any(|(y, _)| y.is_yakuman());
    let han: u32 = yaku.iter().map(|(_, h)| u32::from(*h)).sum();
    !yaku.is_empty() && (yakuman || han >= u32::from(minimum))
}

fn score_reading(
    reading: Reading,
    facts: &HandFacts,
    hand: WinningHand,
    s: &Situation,
    bonus: Bonus,
    minimum: u8,
) -> Option<Score> {
    let yaku = yaku_with_han(&reading, facts, s);
    if !meets_minimum(&yaku, minimum) {
        return None;
    }
    let yaku_han: u32 = yaku.iter().map(|(_, h)| u32::from(*h)).sum();
    let yakuman = yaku[0].0.is_yakuman();
    let (fu, dora, aka, ura) = if yakuman {
        (None, 0, 0, 0)
    } else {
        let pinfu = yaku.iter().any(|(y, _)| *y == Yaku::Pinfu);
        (
            Some(fu(&reading, facts, s, pinfu)),
            count_dora(&facts.all, bonus.dora),
            red_fives(hand),
            count_dora(&facts.all, bonus.ura),
        )
    };
    let han = yaku_han + dora + aka + ura;
    let (base, limit) = match fu {
        None => (8000 * i64::from(han / 13), Some(Limit::Yakuman)),
        Some(fu) => base_points(han, fu),
    };
    let payments = payments(base, s.dealer, s.by);
    Some(Score {
        yaku,
        han,
        fu,
        dora,
        aka,
        ura,
        limit,
        points: total(payments, s.dealer),
        payments,
        reading,
    })
}

/// [R26]: the higher payment, then a yakuman, then han, then fu, then the yaku's han in §8's
/// order.
fn compare(a: &Score, b: &Score) -> Ordering {
    a.points
        .cmp(&b.points)
        .then(a.is_yakuman().cmp(&b.is_yakuman()))
        .then(a.han.cmp(&b.han))
        .then(a.fu.cmp(&b.fu))
        .then_with(|| han_vector(a).cmp(&han_vector(b)))
}

fn han_vector(score: &Score) -> Vec<u8> {
    Yaku::ALL
        .iter()
        .map(|y| {
            score
                .yaku
                .iter()
                .find(|(x, _)| x == y)
                .map_or(0, |(_, h)| *h)
        })
        .collect()
}

fn count_dora(all: &[u8; KINDS], kinds: &[Kind]) -> u32 {
    kinds.iter().map(|k| u32::from(all[k.index()])).sum()
}

fn red_fives(hand: WinningHand) -> u32 {
    let in_melds = hand
        .melds
        .iter()
        .flat_map(|m| &m.tiles)
        .filter(|t| t.is_red())
        .count() as u32;
    u32::from(hand.concealed.red_count()) + in_melds
}

/// Fu of a reading (§9).
pub fn fu(reading: &Reading, facts: &HandFacts, s: &Situation, pinfu: bool) -> u32 {
    let Reading::Standard {
        groups,
        pair,
        win,
        wait,
    } = reading
    else {
        return 25;
    };
    let mut fu = 20;
    if facts.closed && s.by.is_ron() {
        fu += 10;
    }
    if s.by == WinBy::Tsumo && !pinfu {
        fu += 2;
    }
    for (i, g) in groups.iter().enumerate() {
        let open = g.called || (*win == Some(i) && s.by.is_ron());
        let base = match g.shape {
            Shape::Run => 0,
            Shape::Triplet => {
                if open {
                    2
                } else {
                    4
                }
            }
            Shape::Kan => {
                if g.called {
                    8
                } else {
                    16
                }
            }
        };
        fu += if g.first.is_yaochuu() { base * 2 } else { base };
    }
    fu += pair_fu(*pair, s);
    fu += wait.fu();
    let fu = fu.div_ceil(10) * 10;
    if !facts.closed && fu == 20 {
        30
    } else {
        fu
    }
}

fn pair_fu(pair: Kind, s: &Situation) -> u32 {
    let mut fu = 0;
    if pair.is_dragon() {
        fu += 2;
    }
    if pair == s.seat_wind {
        fu += 2;
    }
    if pair == s.round_wind {
        fu += 2;
    }
    fu
}

/// Base points and limit of a counted hand (§10; no kiriage mangan, [R3]).
pub fn base_points(han: u32, fu: u32) -> (i64, Option<Limit>) {
    match han {
        13.. => (8000, Some(Limit::Yakuman)),
        11 | 12 => (6000, Some(Limit::Sanbaiman)),
        8..=10 => (4000, Some(Limit::Baiman)),
        6 | 7 => (3000, Some(Limit::Haneman)),
        5 => (2000, Some(Limit::Mangan)),
        _ => {
            let base = i64::from(fu) << (han + 2);
            if base >= 2000 {
                (2000, Some(Limit::Mangan))
            } else {
                (base, None)
            }
        }
    }
}

fn round_up(points: i64) -> i64 {
    (points + 99) / 100 * 100
}

/// Who pays what for base points `base` (§10), each payment rounded up to 100.
pub fn payments(base: i64, dealer: bool, by: WinBy) -> Payments {
    match (by.is_ron(), dealer) {
        (true, true) => Payments::Ron(round_up(6 * base)),
        (true, false) => Payments::Ron(round_up(4 * base)),
        (false, true) => Payments::Tsumo {
            dealer: 0,
            others: round_up(2 * base),
        },
        (false, false) => Payments::Tsumo {
            dealer: round_up(2 * base),
            others: round_up(base),
        },
    }
}

/// What the winner receives before honba.
fn total(p: Payments, dealer: bool) -> i64 {
    match p {
        Payments::Ron(all) => all,
        Payments::Tsumo { others, .. } if dealer => 3 * others,
        Payments::Tsumo { dealer, others } => dealer + 2 * others,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_limits_follow_han_and_base_points() {
        assert_eq!(base_points(4, 30), (1920, None));
        assert_eq!(base_points(3, 60), (1920, None));
        assert_eq!(base_points(4, 40), (2000, Some(Limit::Mangan)));
        assert_eq!(base_points(5, 20), (2000, Some(Limit::Mangan)));
        assert_eq!(base_points(7, 30), (3000, Some(Limit::Haneman)));
        assert_eq!(base_points(10, 30), (4000, Some(Limit::Baiman)));
        assert_eq!(base_points(12, 30), (6000, Some(Limit::Sanbaiman)));
        assert_eq!(base_points(13, 30), (8000, Some(Limit::Yakuman)));
    }

    #[test]
    fn the_rules_examples_pay_what_section_10_says() {
        let p = |han, fu, dealer, by| {
            let (base, _) = base_points(han, fu);
            let pay = payments(base, dealer, by);
            (pay, total(pay, dealer))
        };
        assert_eq!(p(3, 30, false, WinBy::Ron), (Payments::Ron(3900), 3900));
        assert_eq!(
            p(3, 30, false, WinBy::Tsumo),
            (
                Payments::Tsumo {
                    dealer: 2000,
                    others: 1000
                },
                4000
            )
        );
        assert_eq!(p(2, 40, true, WinBy::Ron), (Payments::Ron(3900), 3900));
        assert_eq!(
            p(2, 40, true, WinBy::Tsumo).0,
            Payments::Tsumo {
                dealer: 0,
                others: 1300
            }
        );
        assert_eq!(
            p(5, 30, false, WinBy::Tsumo).0,
            Payments::Tsumo {
                dealer: 4000,
                others: 2000
            }
        );
        assert_eq!(p(4, 30, false, WinBy::Ron).0, Payments::Ron(7700));
        assert_eq!(p(3, 60, false, WinBy::Ron).0, Payments::Ron(7700));
        assert_eq!(p(4, 30, true, WinBy::Ron).0, Payments::Ron(11600));
    }
}
