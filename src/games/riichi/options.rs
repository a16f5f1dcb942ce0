//! The rule options of §14, fixed when a game starts.

use serde::{Deserialize, Serialize};

/// How many winds a game lasts (§2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Length {
    /// 東風戦: four dealerships.
    East,
    /// 東南戦: eight dealerships.
    #[default]
    South,
}

impl Length {
    /// The number of dealerships.
    pub fn dealerships(self) -> u8 {
        match self {
            Length::East => 4,
            Length::South => 8,
        }
    }

    pub fn id(self) -> &'static str {
        match self {
            Length::East => "east",
            Length::South => "south",
        }
    }
}

/// The options of §14, each with its default.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Options {
    pub length: Length,
    /// ドボン: a player below 0 points ends the game.
    pub dobon: bool,
    /// カン裏ドラ: the kan indicators' ura count too.
    pub kan_ura: bool,
    /// 赤ドラ: one red five per suit.
    pub aka: bool,
    /// 二翻しばり: 2 han minimum from five honba.
    pub two_han_shibari: bool,
    /// 和がりやめ: the last round's dealer may end the game after winning.
    pub agari_yame: bool,
    /// ダブロン: every ron on one discard wins.
    pub double_ron: bool,
    /// トリプルロン: three rons all win (with double ron on).
    pub triple_ron: bool,
    /// 喰いタン: tanyao counts in an open hand.
    pub kuitan: bool,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            length: Length::South,
            dobon: true,
            kan_ura: true,
            aka: true,
            two_han_shibari: false,
            agari_yame: true,
            double_ron: true,
            triple_ron: true,
            kuitan: true,
        }
    }
}

impl Options {
    /// The boolean options by their scenario keys, in §14's order.
    pub const FLAGS: [&'static str; 8] = [
        "dobon",
        "kan_ura",
        "aka",
        "two_han_shibari",
        "agari_yame",
        "double_ron",
        "triple_ron",
        "kuitan",
    ];

    /// The boolean option named `key`, to set.
    pub fn flag_mut(&mut self, key: &str) -> Option<&mut bool> {
        Some(match key {
            "dobon" => &mut self.dobon,
            "kan_ura" => &mut self.kan_ura,
            "aka" => &mut self.aka,
            "two_han_shibari" => &mut self.two_han_shibari,
            "agari_yame" => &mut self.agari_yame,
            "double_ron" => &mut self.double_ron,
            "triple_ron" => &mut self.triple_ron,
            "kuitan" => &mut self.kuitan,
            _ => return None,
        })
    }

    /// The boolean option named `key`.
    pub fn flag(&self, key: &str) -> Option<bool> {
        let mut copy = *self;
        copy.flag_mut(key).map(|v| *v)
    }
}
