//! The yaku table (rules §7) and the per-server values (rules §10).

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

/// Which class a yaku belongs to (only the pawn rule and "a big yaku counts alone" use it).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Class {
    Small,
    Medium,
    Big,
}

/// Whether a yaku needs a closed or an open hand.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Hand {
    Any,
    ClosedOnly,
    OpenOnly,
}

/// Every yaku, in the order of the table of §7 (the scenario format's order).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Yaku {
    Riichi,
    Tsumo,
    Tenhou,
    Chiihou,
    Renhou,
    Yakuhai,
    Tsuuiisou,
    Rinshan,
    Chankan,
    Toitoi,
    Yontoitsu,
    Kokushi,
    Fuiisou,
    Kogoma,
    Nikantsu,
    NikantsuKogoma,
    Shugo,
    NikantsuShugo,
    Suushii,
    Shousangen,
    Daisangen,
    Shitennou,
}

/// One row of the table.
pub struct Info {
    pub id: &'static str,
    pub japanese: &'static str,
    pub english: &'static str,
    /// (closed, open) han.
    pub han: (u32, u32),
    pub hand: Hand,
    pub class: Class,
}

impl Yaku {
    pub const ALL: [Yaku; 22] = [
        Yaku::Riichi,
        Yaku::Tsumo,
        Yaku::Tenhou,
        Yaku::Chiihou,
        Yaku::Renhou,
        Yaku::Yakuhai,
        Yaku::Tsuuiisou,
        Yaku::Rinshan,
        Yaku::Chankan,
        Yaku::Toitoi,
        Yaku::Yontoitsu,
        Yaku::Kokushi,
        Yaku::Fuiisou,
        Yaku::Kogoma,
        Yaku::Nikantsu,
        Yaku::NikantsuKogoma,
        Yaku::Shugo,
        Yaku::NikantsuShugo,
        Yaku::Suushii,
        Yaku::Shousangen,
        Yaku::Daisangen,
        Yaku::Shitennou,
    ];

    pub fn info(self) -> Info {
        use Class::*;
        use Hand::*;
        let row = |id, japanese, english, han, hand, class| Info {
            id,
            japanese,
            english,
            han,
            hand,
            class,
        };
        match self {
            Yaku::Riichi => row("riichi", "立直", "riichi", (2, 2), ClosedOnly, Small),
            Yaku::Tsumo => row(
                "tsumo",
                "門前清自摸和",
                "closed self-draw",
                (1, 1),
                ClosedOnly,
                Small,
            ),
            Yaku::Tenhou => row("tenhou", "天和", "blessing of heaven", (2, 2), Any, Small),
            Yaku::Chiihou => row("chiihou", "地和", "blessing of earth", (2, 2), Any, Small),
            Yaku::Renhou => row(
                "renhou",
                "人和",
                "blessing of man",
                (1, 1),
                ClosedOnly,
                Small,
            ),
            Yaku::Yakuhai => row("yakuhai", "役牌", "dragon", (1, 1), Any, Small),
            Yaku::Tsuuiisou => row("tsuuiisou", "字一色", "no pawns", (1, 1), Any, Small),
            Yaku::Rinshan => row(
                "rinshan",
                "嶺上開花",
                "win on the replacement piece",
                (1, 1),
                Any,
                Small,
            ),
            Yaku::Chankan => row("chankan", "槍槓", "robbing a kan", (1, 1), Any, Small),
            Yaku::Toitoi => row("toitoi", "対々", "all triplets", (2, 1), Any, Medium),
            Yaku::Yontoitsu => row(
                "yontoitsu",
                "四対子",
                "four pairs",
                (3, 3),
                ClosedOnly,
                Medium,
            ),
            Yaku::Kokushi => row(
                "kokushi",
                "国士無双",
                "one of each",
                (4, 4),
                ClosedOnly,
                Medium,
            ),
            Yaku::Fuiisou => row("fuiisou", "歩一色", "all pawns", (5, 5), ClosedOnly, Medium),
            Yaku::Kogoma => row("kogoma", "小駒三役", "small pieces", (8, 5), Any, Medium),
            Yaku::Nikantsu => row("nikantsu", "二槓子", "two kans", (16, 10), Any, Big),
            Yaku::NikantsuKogoma => row(
                "nikantsu_kogoma",
                "二槓子小駒三役",
                "two kans of small pieces",
                (42, 21),
                Any,
                Big,
            ),
            Yaku::Shugo => row("shugo", "守護三役", "the guards", (32, 24), Any, Big),
            Yaku::NikantsuShugo => row(
                "nikantsu_shugo",
                "二槓子守護三役",
                "two kans of the guards",
                (90, 70),
                Any,
                Big,
            ),
            Yaku::Suushii => row("suushii", "四喜和", "four winds", (18, 18), ClosedOnly, Big),
            Yaku::Shousangen => row(
                "shousangen",
                "小三元",
                "little three dragons",
                (16, 16),
                OpenOnly,
                Big,
            ),
            Yaku::Daisangen => row(
                "daisangen",
                "大三元",
                "big three dragons",
                (50, 25),
                Any,
                Big,
            ),
            Yaku::Shitennou => row(
                "shitennou",
                "四天王",
                "the four great pieces",
                (75, 75),
                ClosedOnly,
                Big,
            ),
        }
    }

    pub fn id(self) -> &'static str {
        self.info().id
    }

    pub fn from_id(id: &str) -> Option<Yaku> {
        Yaku::ALL.into_iter().find(|y| y.id() == id)
    }

    pub fn class(self) -> Class {
        self.info().class
    }

    /// The seven yaku with a closed and an open value.
    pub fn has_two_values(self) -> bool {
        let (closed, open) = self.info().han;
        closed != open
    }
}

/// A server's yaku values: the table's unless changed (rules §10). Stored with each match.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct YakuHan {
    /// Changed values by id: (closed, open).
    #[serde(default)]
    changed: BTreeMap<String, (u32, u32)>,
}

impl YakuHan {
    /// The (closed, open) han of a yaku.
    pub fn get(&self, yaku: Yaku) -> (u32, u32) {
        self.changed
            .get(yaku.id())
            .copied()
            .unwrap_or(yaku.info().han)
    }

    /// The han a yaku scores in a closed or open hand.
    pub fn han(&self, yaku: Yaku, closed: bool) -> u32 {
        let (c, o) = self.get(yaku);
        if closed {
            c
        } else {
            o
        }
    }

    /// Sets both values.
    pub fn set(&mut self, yaku: Yaku, value: u32) {
        self.changed.insert(yaku.id().to_string(), (value, value));
    }

    /// Sets the closed and open values of one of the seven two-valued yaku.
    ///
    /// # Errors
    /// When the yaku has one value.
    pub fn set_pair(&mut self, yaku: Yaku, closed: u32, open: u32) -> Result<(), String> {
        if !yaku.has_two_values() {
            return Err(format!(
                "{} has one value: give a whole number, not [closed, open]",
                yaku.id()
            ));
        }
        self.changed.insert(yaku.id().to_string(), (closed, open));
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_has_22_yaku_and_seven_with_two_values() {
        assert_eq!(Yaku::ALL.len(), 22);
        let two: Vec<&str> = Yaku::ALL
            .into_iter()
            .filter(|y| y.has_two_values())
            .map(Yaku::id)
            .collect();
        assert_eq!(
            two,
            [
                "toitoi",
                "kogoma",
                "nikantsu",
                "nikantsu_kogoma",
                "shugo",
                "nikantsu_shugo",
                "daisangen"
            ]
        );
        for y in Yaku::ALL {
            assert_eq!(Yaku::from_id(y.id()), Some(y));
        }
    }

    #[test]
    fn options_change_values_and_refuse_pairs_for_one_valued_yaku() {
        let mut han = YakuHan::default();
        han.set(Yaku::Toitoi, 3);
        assert_eq!(han.get(Yaku::Toitoi), (3, 3));
        assert!(han.set_pair(Yaku::Tsumo, 1, 0).is_err());
        han.set_pair(Yaku::Kogoma, 9, 4).unwrap();
        assert_eq!(han.han(Yaku::Kogoma, false), 4);
    }
}
