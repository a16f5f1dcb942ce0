//! The options of §13, and what a server may set of them ([`Settings`]: the options as
//! switches; the han are riichi's own).

use serde::{Deserialize, Serialize};

use super::Mining;
use crate::games::interface::{self, Settings, Switch, SwitchRefusal};
use crate::games::kit::mahjong::yaku::Yaku;
use crate::games::kit::settings::fixed_han;

/// The game's length (§1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Length {
    East,
    South,
}

/// Every option of §13, chosen before a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default = "Options::spec")]
pub struct Options {
    pub length: Length,
    /// Turns per player per round (8–60).
    pub turns: u32,
    pub aka: bool,
    pub kan_ura: bool,
    pub kuitan: bool,
    pub double_ron: bool,
    pub dobon: bool,
    pub agari_yame: bool,
    pub jump: bool,
    pub discard_first: bool,
    pub warp: bool,
}

/// The host's options before a server changes them: §13's, but one wind of 12 turns a player
/// (a south game of 24 is some thousands of clicks in Discord).
impl Default for Options {
    fn default() -> Options {
        Options {
            length: Length::East,
            turns: 12,
            ..Options::spec()
        }
    }
}

impl Options {
    /// §13's defaults, which a scenario file's missing options take.
    pub fn spec() -> Options {
        Options {
            length: Length::South,
            turns: 24,
            aka: true,
            kan_ura: true,
            kuitan: true,
            double_ron: true,
            dobon: true,
            agari_yame: true,
            jump: false,
            discard_first: false,
            warp: false,
        }
    }
}

/// The range of option `turns`.
pub const TURNS: std::ops::RangeInclusive<u32> = 8..=60;

impl Options {
    /// Every option's key.
    pub const KEYS: [&'static str; 11] = [
        "length",
        "turns",
        "aka",
        "kan_ura",
        "kuitan",
        "double_ron",
        "dobon",
        "agari_yame",
        "jump",
        "discard_first",
        "warp",
    ];

    /// Sets option `key` from a JSON value; `Err` names what is wrong.
    pub fn set(&mut self, key: &str, value: &serde_json::Value) -> Result<(), String> {
        let flag = |v: &serde_json::Value| {
            v.as_bool()
                .ok_or(format!("option {key:?} must be true or false"))
        };
        match key {
            "length" => {
                self.length = match value.as_str() {
                    Some("east") => Length::East,
                    Some("south") => Length::South,
                    _ => return Err("option \"length\" must be \"east\" or \"south\"".into()),
                }
            }
            "turns" => {
                self.turns = value
                    .as_u64()
                    .and_then(|n| u32::try_from(n).ok())
                    .filter(|n| TURNS.contains(n))
                    .ok_or("option \"turns\" must be an integer from 8 to 60")?
            }
            "aka" => self.aka = flag(value)?,
            "kan_ura" => self.kan_ura = flag(value)?,
            "kuitan" => self.kuitan = flag(value)?,
            "double_ron" => self.double_ron = flag(value)?,
            "dobon" => self.dobon = flag(value)?,
            "agari_yame" => self.agari_yame = flag(value)?,
            "jump" => self.jump = flag(value)?,
            "discard_first" => self.discard_first = flag(value)?,
            "warp" => self.warp = flag(value)?,
            _ => return Err(format!("unknown option {key:?}")),
        }
        Ok(())
    }

    /// The options as a scenario file's `options` object.
    pub fn to_json(&self) -> serde_json::Value {
        serde_json::json!({
            "length": match self.length { Length::East => "east", Length::South => "south" },
            "turns": self.turns, "aka": self.aka, "kan_ura": self.kan_ura,
            "kuitan": self.kuitan, "double_ron": self.double_ron, "dobon": self.dobon,
            "agari_yame": self.agari_yame, "jump": self.jump,
            "discard_first": self.discard_first, "warp": self.warp,
        })
    }
}

/// The options as a server switches them (`/momojan config game:mining switch:… value:…`), in
/// §13's order, by their scenario keys; `turns` takes a few of its values.
pub const SWITCHES: [Switch; 11] = [
    Switch {
        id: "length",
        values: &["east", "south"],
    },
    Switch {
        id: "turns",
        values: &["8", "12", "16", "20", "24", "32", "40", "48", "60"],
    },
    Switch::on_off("aka"),
    Switch::on_off("kan_ura"),
    Switch::on_off("kuitan"),
    Switch::on_off("double_ron"),
    Switch::on_off("dobon"),
    Switch::on_off("agari_yame"),
    Switch::on_off("jump"),
    Switch::on_off("discard_first"),
    Switch::on_off("warp"),
];

/// The yaku of mining mahjong: riichi's without the hands dealt (§8: no tenhou or chiihou).
pub fn yaku() -> Vec<Yaku> {
    Yaku::ALL
        .iter()
        .copied()
        .filter(|y| !matches!(y, Yaku::Tenhou | Yaku::Chiihou))
        .collect()
}

impl Settings for Mining {
    fn yaku_ids() -> Vec<&'static str> {
        yaku().into_iter().map(Yaku::id).collect()
    }

    /// The han are riichi's own: a server cannot change them.
    fn set_yaku(_options: &mut Options, id: &str, _value: u32) -> Result<(), String> {
        fixed_han(
            yaku().into_iter().any(|y| y.id() == id),
            id,
            "mining's han are riichi's",
        )
    }

    fn switches() -> &'static [Switch] {
        &SWITCHES
    }

    /// The value switch `id` has, as [`SWITCHES`] writes it.
    fn switch_value(options: &Options, id: &str) -> Option<&'static str> {
        let switch = SWITCHES.iter().find(|s| s.id == id)?;
        let written = match &options.to_json()[id] {
            serde_json::Value::String(s) => s.clone(),
            other => other.to_string(),
        };
        switch.values.iter().copied().find(|v| *v == written)
    }

    /// Sets switch `id` to the value `typed` names.
    ///
    /// # Errors
    /// No such switch, or a value it does not take; the options are unchanged then.
    fn set_switch(options: &mut Options, id: &str, typed: &str) -> Result<(), SwitchRefusal> {
        let (switch, value) = interface::find(&SWITCHES, id, typed)?;
        let json = match value {
            "true" => serde_json::Value::Bool(true),
            "false" => serde_json::Value::Bool(false),
            v => match v.parse::<u64>() {
                Ok(n) => serde_json::Value::from(n),
                Err(_) => serde_json::Value::from(v),
            },
        };
        let mut changed = *options;
        changed
            .set(switch.id, &json)
            .map_err(|_| SwitchRefusal::Unknown)?;
        *options = changed;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_switch_reads_back_the_value_it_was_set_to() {
        crate::games::kit::settings::assert_switches_read_back::<Mining>();
        assert_eq!(
            Mining::set_switch(&mut Options::default(), "turns", "9"),
            Err(SwitchRefusal::BadValue {
                switch: "turns",
                allowed: SWITCHES[1].values,
            })
        );
    }
}
