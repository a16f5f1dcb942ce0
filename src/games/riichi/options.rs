//! The rule options of §14, fixed when a game starts, and what a server may set of them
//! ([`Settings`]: the options as switches; the han of §8 are the rules' own).

use serde::{Deserialize, Serialize};

use super::Riichi;
use crate::games::interface::{self, on_off, Settings, Switch, SwitchRefusal};
use crate::games::kit::mahjong::yaku::Yaku;
use crate::games::kit::settings::fixed_han;

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

    /// The length with this id.
    pub fn from_id(id: &str) -> Option<Length> {
        [Length::East, Length::South]
            .into_iter()
            .find(|l| l.id() == id)
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

/// The options as a server switches them (`/momojan config game:riichi switch:… value:…`), in
/// §14's order: `length` and the boolean options, by their scenario keys.
pub const SWITCHES: [Switch; 9] = [
    Switch {
        id: "length",
        values: &["east", "south"],
    },
    Switch::on_off("dobon"),
    Switch::on_off("kan_ura"),
    Switch::on_off("aka"),
    Switch::on_off("two_han_shibari"),
    Switch::on_off("agari_yame"),
    Switch::on_off("double_ron"),
    Switch::on_off("triple_ron"),
    Switch::on_off("kuitan"),
];

impl Settings for Riichi {
    fn yaku_ids() -> Vec<&'static str> {
        Yaku::ALL.iter().map(|y| y.id()).collect()
    }

    /// The han of §8 are the rules' own: a server cannot change them.
    fn set_yaku(_options: &mut Options, id: &str, _value: u32) -> Result<(), String> {
        fixed_han(
            Yaku::from_id(id).is_some(),
            id,
            "riichi's han are fixed by its rules",
        )
    }

    fn switches() -> &'static [Switch] {
        &SWITCHES
    }

    /// The value switch `id` has, as [`SWITCHES`] writes it.
    fn switch_value(options: &Options, id: &str) -> Option<&'static str> {
        match id {
            "length" => Some(options.length.id()),
            flag => options.flag(flag).map(on_off),
        }
    }

    /// Sets switch `id` to the value `typed` names.
    ///
    /// # Errors
    /// No such switch, or a value it does not take; the options are unchanged then.
    fn set_switch(options: &mut Options, id: &str, typed: &str) -> Result<(), SwitchRefusal> {
        let (switch, value) = interface::find(&SWITCHES, id, typed)?;
        match (switch.id, Length::from_id(value)) {
            ("length", Some(length)) => options.length = length,
            (flag, _) => {
                let on = options.flag_mut(flag).ok_or(SwitchRefusal::Unknown)?;
                *on = value == on_off(true);
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_switch_reads_back_the_value_it_was_set_to() {
        crate::games::kit::settings::assert_switches_read_back::<Riichi>();
    }

    #[test]
    fn switches_set_the_options_they_name_and_nothing_else() {
        let mut options = Options::default();
        Riichi::set_switch(&mut options, "length", "EAST").unwrap();
        Riichi::set_switch(&mut options, "aka", "false").unwrap();
        let expected = Options {
            length: Length::East,
            aka: false,
            ..Options::default()
        };
        assert_eq!(options, expected);
        assert_eq!(
            Riichi::set_switch(&mut options, "akadora", "false"),
            Err(SwitchRefusal::Unknown)
        );
        assert_eq!(
            Riichi::set_switch(&mut options, "dobon", "yes"),
            Err(SwitchRefusal::BadValue {
                switch: "dobon",
                allowed: &["true", "false"],
            })
        );
        assert_eq!(options, expected, "a refused change changes nothing");
    }

    #[test]
    fn the_switches_are_the_flags_and_the_length() {
        let ids: Vec<&str> = SWITCHES.iter().map(|s| s.id).collect();
        let mut expected = vec!["length"];
        expected.extend(Options::FLAGS);
        assert_eq!(ids, expected);
    }
}
