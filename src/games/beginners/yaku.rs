//! The yaku table (rules §7), the per-server points (rules §10) and scoring a win: every yaku
//! that holds counts and their points add up, but a hand with a yakuman scores that one
//! yakuman alone (R17).

use std::collections::BTreeMap;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::card::{Kind, Shape};
use super::hand::Completed;

/// Every yaku, in the order of the table of §7 (the output order).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Yaku {
    Tenhou,
    Daisuushii,
    Daisangen,
    Tsuuiisou,
    Chinitsu,
    Honitsu,
    Toitoi,
    Pinfu,
    Yakuhai,
    Riichi,
    Tsumo,
}

impl Yaku {
    pub const ALL: [Yaku; 11] = [
        Yaku::Tenhou,
        Yaku::Daisuushii,
        Yaku::Daisangen,
        Yaku::Tsuuiisou,
        Yaku::Chinitsu,
        Yaku::Honitsu,
        Yaku::Toitoi,
        Yaku::Pinfu,
        Yaku::Yakuhai,
        Yaku::Riichi,
        Yaku::Tsumo,
    ];

    pub fn index(self) -> usize {
        self as usize
    }

    /// The stable id (scenario files, records, server options).
    pub fn id(self) -> &'static str {
        [
            "tenhou",
            "daisuushii",
            "daisangen",
            "tsuuiisou",
            "chinitsu",
            "honitsu",
            "toitoi",
            "pinfu",
            "yakuhai",
            "riichi",
            "tsumo",
        ][self.index()]
    }

    /// The name in the source (Japanese).
    pub fn japanese(self) -> &'static str {
        [
            "天和",
            "大四喜",
            "大三元",
            "字一色",
            "チンイツ",
            "ホンイツ",
            "トイトイ",
            "平和",
            "役牌",
            "リーチ",
            "ツモ",
        ][self.index()]
    }

    pub fn from_id(id: &str) -> Option<Yaku> {
        Yaku::ALL.into_iter().find(|y| y.id() == id)
    }

    /// The points of the table (12 for a yakuman).
    pub fn default_points(self) -> u64 {
        match self {
            y if y.is_yakuman() => 12,
            Yaku::Chinitsu => 6,
            Yaku::Honitsu | Yaku::Toitoi | Yaku::Pinfu => 3,
            _ => 1,
        }
    }

    /// A yakuman stays one whatever its points (rules §10).
    pub fn is_yakuman(self) -> bool {
        matches!(
            self,
            Yaku::Tenhou | Yaku::Daisuushii | Yaku::Daisangen | Yaku::Tsuuiisou
        )
    }
}

/// Each yaku's points; 0 disables a yaku. Serialised as a map from yaku id to points (ids a
/// stored value lacks keep the table's points).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct YakuPoints([u64; 11]);

impl Default for YakuPoints {
    fn default() -> YakuPoints {
        YakuPoints(Yaku::ALL.map(Yaku::default_points))
    }
}

impl YakuPoints {
    pub fn get(&self, yaku: Yaku) -> u64 {
        self.0[yaku.index()]
    }

    pub fn set(&mut self, yaku: Yaku, points: u64) {
        self.0[yaku.index()] = points;
    }
}

impl Serialize for YakuPoints {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let map: BTreeMap<&str, u64> = Yaku::ALL.iter().map(|&y| (y.id(), self.get(y))).collect();
        map.serialize(s)
    }
}

impl<'de> Deserialize<'de> for YakuPoints {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<YakuPoints, D::Error> {
        let map = BTreeMap::<String, u64>::deserialize(d)?;
        let mut points = YakuPoints::default();
        for (id, value) in map {
            let yaku = Yaku::from_id(&id)
                .ok_or_else(|| serde::de::Error::custom(format!("unknown yaku {id:?}")))?;
            points.set(yaku, value);
        }
        Ok(points)
    }
}

/// How a hand won, beyond its sets.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WinContext {
    /// The dealer's dealt hand declared before its first draw.
    pub tenhou: bool,
    pub riichi: bool,
    /// No open meld.
    pub closed: bool,
    pub tsumo: bool,
}

/// A win's counted yaku, in table order, and its total.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Score {
    /// Each counted yaku with the points it scored (yakuhai once, for all its dragon melds).
    pub yaku: Vec<(Yaku, u64)>,
    pub total: u64,
}

impl Serialize for Yaku {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.id())
    }
}

impl<'de> Deserialize<'de> for Yaku {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Yaku, D::Error> {
        let id = String::deserialize(d)?;
        Yaku::from_id(&id).ok_or_else(|| serde::de::Error::custom(format!("unknown yaku {id:?}")))
    }
}

/// How many times `yaku` holds for the hand: 0 when it does not, the number of dragon melds
/// for yakuhai, 1 for any other that holds.
fn times(yaku: Yaku, hand: &Completed, how: WinContext) -> u64 {
    let melds = hand.melds;
    let kinds = hand.kinds();
    let count = |f: &dyn Fn(Kind) -> bool| melds.iter().filter(|m| f(m.kind)).count();
    let holds = match yaku {
        Yaku::Tenhou => how.tenhou,
        Yaku::Daisuushii => count(&|k| k == Kind::Wind) == 4,
        Yaku::Daisangen => count(&|k| k == Kind::Dragon) >= 3,
        Yaku::Tsuuiisou => kinds.iter().all(|k| k.is_honour()),
        Yaku::Chinitsu => kinds[0].is_suit() && kinds.iter().all(|&k| k == kinds[0]),
        Yaku::Honitsu => is_honitsu(&kinds),
        Yaku::Toitoi => melds.iter().all(|m| m.shape == Shape::Ko),
        Yaku::Pinfu => melds.iter().all(|m| m.shape == Shape::Shun),
        Yaku::Yakuhai => return count(&|k| k == Kind::Dragon) as u64,
        Yaku::Riichi => how.riichi,
        Yaku::Tsumo => how.closed && how.tsumo,
    };
    u64::from(holds)
}

/// One suit and honours, with at least one set of each (the head counts, R16).
fn is_honitsu(kinds: &[Kind; 5]) -> bool {
    let mut suits = kinds.iter().filter(|k| k.is_suit());
    let Some(&suit) = suits.next() else {
        return false;
    };
    suits.all(|&k| k == suit) && kinds.iter().any(|k| k.is_honour())
}

/// The score of a win, `None` when no yaku counts (no win, R8). 天和 is a win only by its own
/// yaku: with `how.tenhou` and 天和 disabled there is no win.
pub fn score(hand: &Completed, how: WinContext, points: &YakuPoints) -> Option<Score> {
    let counted: Vec<(Yaku, u64)> = Yaku::ALL
        .into_iter()
        .map(|y| (y, points.get(y).saturating_mul(times(y, hand, how))))
        .filter(|&(_, p)| p > 0)
        .collect();
    if how.tenhou && !counted.iter().any(|(y, _)| *y == Yaku::Tenhou) {
        return None;
    }
    // The yakuman worth the most, the first in table order among equals, alone.
    let yakuman = counted.iter().filter(|(y, _)| y.is_yakuman()).fold(
        None,
        |best: Option<(Yaku, u64)>, &(y, p)| match best {
            Some((_, b)) if b >= p => best,
            _ => Some((y, p)),
        },
    );
    let yaku = match yakuman {
        Some(one) => vec![one],
        None if counted.is_empty() => return None,
        None => counted,
    };
    let total = yaku.iter().fold(0u64, |t, (_, p)| t.saturating_add(*p));
    Some(Score { yaku, total })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::beginners::hand::Set;

    fn set(text: &str) -> Set {
        let (shape, kind) = text.split_once('-').expect("shape-kind");
        let shape = if shape == "ko" {
            Shape::Ko
        } else {
            Shape::Shun
        };
        let kind = Kind::ALL
            .into_iter()
            .find(|k| k.id() == kind)
            .expect("kind");
        Set { kind, shape }
    }

    /// A completed hand from four melds (`ko-man`, `shun-pin`, …) and a head kind.
    fn hand(melds: [&str; 4], head: Kind) -> Completed {
        Completed {
            melds: melds.map(set),
            head,
        }
    }

    const RON: WinContext = WinContext {
        tenhou: false,
        riichi: false,
        closed: true,
        tsumo: false,
    };

    fn ids(score: &Option<Score>) -> Vec<(&'static str, u64)> {
        score
            .iter()
            .flat_map(|s| s.yaku.iter().map(|(y, p)| (y.id(), *p)))
            .collect()
    }

    #[test]
    fn a_closed_ron_without_any_yaku_is_no_win() {
        let h = hand(["ko-man", "shun-pin", "shun-sou", "ko-wind"], Kind::Man);
        assert_eq!(score(&h, RON, &YakuPoints::default()), None);
    }

    #[test]
    fn a_closed_tsumo_always_has_its_yaku_and_riichi_adds_one() {
        let h = hand(["ko-man", "shun-pin", "shun-sou", "ko-wind"], Kind::Man);
        let how = WinContext {
            tsumo: true,
            riichi: true,
            ..RON
        };
        let s = score(&h, how, &YakuPoints::default());
        assert_eq!(ids(&s), [("riichi", 1), ("tsumo", 1)]);
        let open = WinContext {
            closed: false,
            riichi: false,
            ..how
        };
        assert_eq!(score(&h, open, &YakuPoints::default()), None);
    }

    #[test]
    fn chinitsu_is_five_sets_of_one_suit_and_adds_to_pinfu() {
        let h = hand(["shun-pin", "shun-pin", "shun-pin", "shun-pin"], Kind::Pin);
        let s = score(&h, RON, &YakuPoints::default());
        assert_eq!(ids(&s), [("chinitsu", 6), ("pinfu", 3)]);
        assert_eq!(s.unwrap().total, 9);
    }

    #[test]
    fn honitsu_needs_one_suit_and_at_least_one_honour_set_the_head_counting() {
        let h = hand(["ko-sou", "shun-sou", "shun-sou", "ko-sou"], Kind::Wind);
        assert_eq!(
            ids(&score(&h, RON, &YakuPoints::default())),
            [("honitsu", 3)]
        );
        let two_suits = hand(["ko-sou", "shun-man", "shun-sou", "ko-wind"], Kind::Wind);
        assert_eq!(score(&two_suits, RON, &YakuPoints::default()), None);
    }

    #[test]
    fn toitoi_and_yakuhai_per_dragon_meld_add_up() {
        let h = hand(["ko-dragon", "ko-dragon", "ko-man", "ko-man"], Kind::Dragon);
        let s = score(&h, RON, &YakuPoints::default());
        assert_eq!(ids(&s), [("honitsu", 3), ("toitoi", 3), ("yakuhai", 2)]);
    }

    #[test]
    fn a_dragon_head_is_no_yakuhai() {
        let h = hand(["ko-man", "shun-pin", "shun-sou", "ko-wind"], Kind::Dragon);
        assert_eq!(score(&h, RON, &YakuPoints::default()), None);
    }

    #[test]
    fn a_yakuman_scores_alone_the_first_in_table_order_among_equals() {
        // Three dragon melds and a wind meld with a wind head: 大三元 and 字一色, toitoi too.
        let h = hand(
            ["ko-dragon", "ko-dragon", "ko-dragon", "ko-wind"],
            Kind::Wind,
        );
        let s = score(&h, RON, &YakuPoints::default());
        assert_eq!(ids(&s), [("daisangen", 12)]);
        let four_winds = hand(["ko-wind", "ko-wind", "ko-wind", "ko-wind"], Kind::Dragon);
        assert_eq!(
            ids(&score(&four_winds, RON, &YakuPoints::default())),
            [("daisuushii", 12)]
        );
        // The yakuman worth the most wins.
        let mut points = YakuPoints::default();
        points.set(Yaku::Tsuuiisou, 20);
        assert_eq!(ids(&score(&h, RON, &points)), [("tsuuiisou", 20)]);
    }

    #[test]
    fn a_disabled_yakuman_lets_the_other_yaku_count() {
        let h = hand(["ko-dragon", "ko-dragon", "ko-dragon", "ko-man"], Kind::Man);
        let mut points = YakuPoints::default();
        points.set(Yaku::Daisangen, 0);
        let s = score(&h, RON, &points);
        assert_eq!(ids(&s), [("honitsu", 3), ("toitoi", 3), ("yakuhai", 3)]);
    }

    #[test]
    fn a_yakuman_stays_one_whatever_its_points() {
        let h = hand(["ko-wind", "ko-wind", "ko-wind", "ko-wind"], Kind::Wind);
        let mut points = YakuPoints::default();
        points.set(Yaku::Daisuushii, 2);
        points.set(Yaku::Tsuuiisou, 0);
        assert_eq!(ids(&score(&h, RON, &points)), [("daisuushii", 2)]);
    }

    #[test]
    fn tenhou_is_a_win_only_by_its_own_yaku() {
        let h = hand(["ko-man", "shun-pin", "shun-sou", "ko-wind"], Kind::Man);
        let how = WinContext {
            tenhou: true,
            tsumo: true,
            ..RON
        };
        assert_eq!(
            ids(&score(&h, how, &YakuPoints::default())),
            [("tenhou", 12)]
        );
        let mut points = YakuPoints::default();
        points.set(Yaku::Tenhou, 0);
        assert_eq!(score(&h, how, &points), None);
    }
}
