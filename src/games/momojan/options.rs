//! The rule options of a game (rules §10), fixed when it starts, and what a server may set of
//! them ([`Settings`]).

use serde::{Deserialize, Serialize};

use super::yaku::{Yaku, YakuPoints};
use super::Momojan;
use crate::games::interface::Settings;

/// Per-game rule options (rules §10), fixed when the game starts.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct RuleOptions {
    #[serde(default)]
    pub yaku_points: YakuPoints,
}

impl Settings for Momojan {
    fn set_yaku(options: &mut RuleOptions, id: &str, value: u32) -> Result<(), String> {
        let yaku = Yaku::from_id(id).ok_or_else(|| format!("no yaku {id:?}"))?;
        options.yaku_points.set(yaku, value);
        Ok(())
    }

    fn yaku_ids() -> Vec<&'static str> {
        Yaku::ALL.iter().map(|y| y.id()).collect()
    }
}
