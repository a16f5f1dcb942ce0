//! The yaku table (rules §7): every yaku, its names, default value and condition.
//!
//! This is the one place that says what each yaku is. The scoring code asks each yaku's
//! condition of a [`HandFacts`] describing one partition of a winning hand; the player docs
//! (`docs/rules.md`) are checked against [`Yaku::ALL`] by a test.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::card::{Card, Picture};
use super::meld::MeldSource;
use super::shape::{fruit_fit, Group};

/// Every yaku, in the order of the rules table (the order they are listed and compared in).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Yaku {
    Riichi,
    Ippatsu,
    Tabi,
    Onigashima,
    Momotaro,
    NihonIchi,
    Dog,
    Monkey,
    Pheasant,
    Moon,
    Sun,
    Kerai,
    Ittsu,
    Kibidango,
    Kan,
    Rinshan,
    Oshimai,
    Haitei,
    Houtei,
    Nichigetsu,
    Tanyao,
    Chanta,
    Toitoi,
    Sanshoku,
    Honitsu,
    Chinitsu,
    Takaramono,
    Otomo,
}

/// Names and default value of a yaku, for the scoring output and the player docs.
pub struct YakuInfo {
    pub id: &'static str,
    pub japanese: &'static str,
    pub english: &'static str,
    pub points: u32,
    pub condition: &'static str,
}

const fn info(
    id: &'static str,
    japanese: &'static str,
    english: &'static str,
    points: u32,
    condition: &'static str,
) -> YakuInfo {
    YakuInfo {
        id,
        japanese,
        english,
        points,
        condition,
    }
}

impl Yaku {
    pub const ALL: [Yaku; 28] = [
        Yaku::Riichi,
        Yaku::Ippatsu,
        Yaku::Tabi,
        Yaku::Onigashima,
        Yaku::Momotaro,
        Yaku::NihonIchi,
        Yaku::Dog,
        Yaku::Monkey,
        Yaku::Pheasant,
        Yaku::Moon,
        Yaku::Sun,
        Yaku::Kerai,
        Yaku::Ittsu,
        Yaku::Kibidango,
        Yaku::Kan,
        Yaku::Rinshan,
        Yaku::Oshimai,
        Yaku::Haitei,
        Yaku::Houtei,
        Yaku::Nichigetsu,
        Yaku::Tanyao,
        Yaku::Chanta,
        Yaku::Toitoi,
        Yaku::Sanshoku,
        Yaku::Honitsu,
        Yaku::Chinitsu,
        Yaku::Takaramono,
        Yaku::Otomo,
    ];

    pub fn info(self) -> &'static YakuInfo {
        &TABLE[self as usize]
    }

    /// The id used in scenario files and options (`nihon_ichi`, …).
    pub fn id(self) -> &'static str {
        self.info().id
    }

    pub fn default_points(self) -> u32 {
        self.info().points
    }

    pub fn from_id(id: &str) -> Option<Yaku> {
        Yaku::ALL.into_iter().find(|y| y.id() == id)
    }
}

static TABLE: [YakuInfo; 28] = [
    info("riichi", "立直", "Riichi", 1, "Won after declaring riichi."),
    info("ippatsu", "一発", "Ippatsu (one shot)", 1, "Riichi, then won on the opponent's next discard or your own next draw, with no opening by the opponent in between."),
    info("tabi", "旅", "Journey", 1, "Exactly 4 sets."),
    info("onigashima", "鬼ヶ島", "Ogre Island", 2, "Exactly 5 sets."),
    info("momotaro", "桃太郎", "Momotaro", 4, "Exactly 6 sets."),
    info("nihon_ichi", "日本一", "Best in Japan", 7, "7 or more sets."),
    info("dog", "犬", "Dog", 1, "A dog set or kan."),
    info("monkey", "猿", "Monkey", 1, "A monkey set or kan."),
    info("pheasant", "雉", "Pheasant", 1, "A pheasant set or kan."),
    info("moon", "月", "Moon", 2, "A moon set (triplet or celestial set)."),
    info("sun", "太陽", "Sun", 2, "A sun set (triplet or celestial set)."),
    info("kerai", "家来", "Retainers", 5, "Dog, monkey and pheasant sets all present (on top of the three)."),
    info("ittsu", "一気通貫", "Straight", 1, "Sequences 1-2-3, 4-5-6 and 7-8-9, of any fruits."),
    info("kibidango", "きびだんご", "Millet dumplings", 2, "Won by ron with every set a pon/chi set or the set completed by the ron card."),
    info("kan", "槓", "Kan", 1, "You made a kan this round."),
    info("rinshan", "嶺上開花", "After a kan", 1, "Tsumo on the kan replacement card."),
    info("oshimai", "おしまい", "The end", 10, "Every card of the hand is a picture card. The game ends and you win it."),
    info("haitei", "海底", "Last draw", 1, "Tsumo right after the draw that emptied the piles."),
    info("houtei", "河底", "Last discard", 1, "Ron on a discard made while the piles were empty."),
    info("nichigetsu", "日月", "Sun and moon", 2, "A sun set and a moon set (on top of sun and moon)."),
    info("tanyao", "断么", "All simples", 1, "Only number cards 2 to 8."),
    info("chanta", "全帯", "Outside hand", 2, "Every set and the head hold a 1, a 9 or a picture, and at least one set is a sequence."),
    info("toitoi", "対々", "No sequences", 2, "No sequences."),
    info("sanshoku", "三色同順", "Three-fruit sequence", 2, "Three sequences with the same numbers, one each of lemon, orange and strawberry (peach fits any)."),
    info("honitsu", "混一色", "Half flush", 2, "Number cards of one fruit (peach fits any) plus picture cards."),
    info("chinitsu", "清一色", "Full flush", 5, "Only number cards, all of one fruit (peach fits any). Replaces half flush."),
    info("takaramono", "宝物", "Treasure", 2, "Won by tsumo with every set a kai set or the set completed by the tsumo card."),
    info("otomo", "お供", "Companions", 2, "Sets of two different animals and a head of the third."),
];

/// The yaku table of `docs/rules.md` as Markdown, from this table (a test keeps the two
/// equal, so the player docs cannot drift from the engine).
pub fn markdown_table(points: &YakuPoints) -> String {
    let mut out =
        String::from("| id | yaku | name | points | condition |\n|---|---|---|---|---|\n");
    for y in Yaku::ALL {
        let i = y.info();
        out.push_str(&format!(
            "| `{}` | {} | {} | {} | {} |\n",
            i.id,
            i.japanese,
            i.english,
            points.get(y),
            i.condition
        ));
    }
    out
}

/// Point value of every yaku for one game (rules §10). Serialises as `{id: points}` with only
/// the values that differ from the defaults.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct YakuPoints([u32; 28]);

impl Default for YakuPoints {
    fn default() -> Self {
        YakuPoints(Yaku::ALL.map(Yaku::default_points))
    }
}

impl YakuPoints {
    pub fn get(&self, yaku: Yaku) -> u32 {
        self.0[yaku as usize]
    }

    pub fn set(&mut self, yaku: Yaku, points: u32) {
        self.0[yaku as usize] = points;
    }

    /// The defaults with `overrides` applied; an unknown id is an error naming it.
    pub fn with_overrides<'a>(
        overrides: impl IntoIterator<Item = (&'a str, u32)>,
    ) -> Result<YakuPoints, String> {
        let mut points = YakuPoints::default();
        for (id, value) in overrides {
            let yaku = Yaku::from_id(id).ok_or_else(|| format!("unknown yaku id {id:?}"))?;
            points.set(yaku, value);
        }
        Ok(points)
    }

    fn overrides(&self) -> BTreeMap<String, u32> {
        Yaku::ALL
            .into_iter()
            .filter(|y| self.get(*y) != y.default_points())
            .map(|y| (y.id().to_string(), self.get(y)))
            .collect()
    }
}

impl Serialize for YakuPoints {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.overrides().serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for YakuPoints {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let map = BTreeMap::<String, u32>::deserialize(deserializer)?;
        YakuPoints::with_overrides(map.iter().map(|(k, v)| (k.as_str(), *v)))
            .map_err(serde::de::Error::custom)
    }
}

/// How a hand was won.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum WinBy {
    Ron,
    Tsumo,
}

/// The circumstances of a win that no partition changes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct WinSituation {
    pub riichi: bool,
    pub ippatsu: bool,
    pub made_kan: bool,
    pub rinshan: bool,
    pub haitei: bool,
    pub houtei: bool,
}

/// One partition of a winning hand: every set (open and concealed), the head, where the
/// winning card went, and every card.
pub struct HandFacts<'a> {
    /// Open sets and kan with how they were made, then concealed sets as `None`.
    pub sets: &'a [(Group, Option<MeldSource>)],
    pub head: Group,
    /// Index in `sets` of the concealed set that holds the winning card; `None` when the
    /// winning card completed the head.
    pub winning_set: Option<usize>,
    pub by: WinBy,
    pub situation: WinSituation,
    /// Every card of the hand: concealed cards, the winning card and open sets.
    pub all_cards: &'a [Card],
}

impl HandFacts<'_> {
    fn has_picture_set(&self, picture: Picture) -> bool {
        self.sets.iter().any(|(g, _)| g.picture() == Some(picture))
    }

    fn sequences(&self) -> impl Iterator<Item = &Group> {
        self.sets.iter().map(|(g, _)| g).filter(|g| g.is_sequence())
    }

    fn has_sequence_from(&self, start: u8) -> bool {
        self.sequences().any(|g| g.sequence_start() == Some(start))
    }

    /// Every set is an open set of one of `allowed` sources, or the one concealed set that
    /// the winning card completed (kibidango and takaramono).
    fn only_sets_from(&self, allowed: &[MeldSource]) -> bool {
        self.sets
            .iter()
            .enumerate()
            .all(|(i, (_, source))| match source {
                Some(s) => allowed.contains(s),
                None => self.winning_set == Some(i),
            })
    }

    fn number_cards_fit_one_fruit(&self) -> bool {
        let numbers: Vec<Card> = self
            .all_cards
            .iter()
            .copied()
            .filter(|c| c.is_number())
            .collect();
        fruit_fit(&numbers).is_some()
    }

    fn has_sanshoku(&self) -> bool {
        use super::card::Fruit::{Lemon, Orange, Strawberry};
        let seqs: Vec<&Group> = self.sequences().collect();
        let fits = |g: &Group, f| matches!(g.fruit_fit(), Some(x) if x == f || x == super::card::Fruit::Peach);
        (1..=7).any(|start| {
            let same: Vec<&&Group> = seqs
                .iter()
                .filter(|g| g.sequence_start() == Some(start))
                .collect();
            // Assign three distinct sequences to lemon, orange and strawberry.
            same.iter().enumerate().any(|(i, a)| {
                same.iter().enumerate().any(|(j, b)| {
                    same.iter().enumerate().any(|(k, c)| {
                        i != j
                            && j != k
                            && i != k
                            && fits(a, Lemon)
                            && fits(b, Orange)
                            && fits(c, Strawberry)
                    })
                })
            })
        })
    }

    fn has_otomo(&self) -> bool {
        let Some(head) = self.head.cards()[0].as_picture().filter(|p| p.is_animal()) else {
            return false;
        };
        [Picture::Dog, Picture::Monkey, Picture::Pheasant]
            .into_iter()
            .filter(|p| *p != head)
            .all(|p| self.has_picture_set(p))
    }

    fn every_group_is_outside(&self) -> bool {
        let outside = |g: &Group| g.cards().iter().any(|c| c.is_terminal() || c.is_picture());
        outside(&self.head) && self.sets.iter().all(|(g, _)| outside(g))
    }

    /// Whether `yaku`'s condition holds for this partition (values and combination rules are
    /// applied by the caller).
    pub fn holds(&self, yaku: Yaku) -> bool {
        let sets = self.sets.len();
        let s = &self.situation;
        match yaku {
            Yaku::Riichi => s.riichi,
            Yaku::Ippatsu => s.ippatsu,
            Yaku::Tabi => sets == 4,
            Yaku::Onigashima => sets == 5,
            Yaku::Momotaro => sets == 6,
            Yaku::NihonIchi => sets >= 7,
            Yaku::Dog => self.has_picture_set(Picture::Dog),
            Yaku::Monkey => self.has_picture_set(Picture::Monkey),
            Yaku::Pheasant => self.has_picture_set(Picture::Pheasant),
            Yaku::Moon => self.has_picture_set(Picture::Moon),
            Yaku::Sun => self.has_picture_set(Picture::Sun),
            Yaku::Kerai => [Picture::Dog, Picture::Monkey, Picture::Pheasant]
                .into_iter()
                .all(|p| self.has_picture_set(p)),
            Yaku::Ittsu => [1, 4, 7].into_iter().all(|n| self.has_sequence_from(n)),
            Yaku::Kibidango => {
                self.by == WinBy::Ron && self.only_sets_from(&[MeldSource::Pon, MeldSource::Chi])
            }
            Yaku::Kan => s.made_kan,
            Yaku::Rinshan => s.rinshan,
            Yaku::Oshimai => self.all_cards.iter().all(|c| c.is_picture()),
            Yaku::Haitei => s.haitei,
            Yaku::Houtei => s.houtei,
            Yaku::Nichigetsu => {
                self.has_picture_set(Picture::Sun) && self.has_picture_set(Picture::Moon)
            }
            Yaku::Tanyao => self
                .all_cards
                .iter()
                .all(|c| matches!(c.number(), Some(2..=8))),
            Yaku::Chanta => self.every_group_is_outside() && self.sequences().next().is_some(),
            Yaku::Toitoi => self.sequences().next().is_none(),
            Yaku::Sanshoku => self.has_sanshoku(),
            Yaku::Honitsu => {
                self.all_cards.iter().any(|c| c.is_number())
                    && self.all_cards.iter().any(|c| c.is_picture())
                    && self.number_cards_fit_one_fruit()
            }
            Yaku::Chinitsu => {
                self.all_cards.iter().all(|c| c.is_number()) && self.number_cards_fit_one_fruit()
            }
            Yaku::Takaramono => self.by == WinBy::Tsumo && self.only_sets_from(&[MeldSource::Kai]),
            Yaku::Otomo => self.has_otomo(),
        }
    }

    /// The yaku this partition earns with their values: only the set-count yaku that matches,
    /// chinitsu instead of honitsu, and nothing worth 0 points.
    pub fn yaku(&self, points: &YakuPoints) -> Vec<(Yaku, u32)> {
        let chinitsu = self.holds(Yaku::Chinitsu) && points.get(Yaku::Chinitsu) > 0;
        Yaku::ALL
            .into_iter()
            .filter(|&y| !(y == Yaku::Honitsu && chinitsu))
            .filter(|&y| points.get(y) > 0 && self.holds(y))
            .map(|y| (y, points.get(y)))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_is_in_enum_order_with_unique_ids() {
        for (i, y) in Yaku::ALL.into_iter().enumerate() {
            assert_eq!(y as usize, i);
            assert_eq!(Yaku::from_id(y.id()), Some(y));
        }
        assert_eq!(Yaku::from_id("tsumo"), None);
    }

    #[test]
    fn default_values_follow_the_rules_table() {
        let expected = [
            1, 1, 1, 2, 4, 7, 1, 1, 1, 2, 2, 5, 1, 2, 1, 1, 10, 1, 1, 2, 1, 2, 2, 2, 2, 5, 2, 2,
        ];
        assert_eq!(Yaku::ALL.map(Yaku::default_points), expected);
    }

    #[test]
    fn points_serialise_as_overrides_only() {
        let mut p = YakuPoints::default();
        p.set(Yaku::Momotaro, 5);
        let json = serde_json::to_string(&p).unwrap();
        assert_eq!(json, r#"{"momotaro":5}"#);
        let back: YakuPoints = serde_json::from_str(&json).unwrap();
        assert_eq!(back, p);
        assert!(serde_json::from_str::<YakuPoints>(r#"{"bogus":1}"#).is_err());
    }
}
