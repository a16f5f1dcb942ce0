//! The options of §13.

use serde::{Deserialize, Serialize};

/// The game's length (§1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Length {
    East,
    South,
}

/// Every option of §13, chosen before a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
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

impl Default for Options {
    fn default() -> Options {
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
