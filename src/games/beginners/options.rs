//! The rule options of a match (rules §10), fixed when a game starts, and what a server may
//! set of them ([`Settings`]).

use serde::{Deserialize, Serialize};

use super::yaku::{Yaku, YakuPoints};
use super::Beginners;
use crate::games::interface::Settings;

/// The rule options of a match (rules §10).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Options {
    #[serde(default)]
    pub yaku_points: YakuPoints,
}

/// What a server sets: each yaku's points (the game has no switches).
impl Settings for Beginners {
    fn yaku_ids() -> Vec<&'static str> {
        Yaku::ALL.iter().map(|y| y.id()).collect()
    }

    fn set_yaku(options: &mut Options, id: &str, value: u32) -> Result<(), String> {
        let yaku = Yaku::from_id(id).ok_or_else(|| format!("no yaku {id:?}"))?;
        options.yaku_points.set(yaku, u64::from(value));
        Ok(())
    }
}
