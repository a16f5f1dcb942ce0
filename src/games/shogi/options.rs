//! The rule options of a match (rules §10), fixed when a game starts, and what a server may
//! set of them ([`Settings`]).

use serde::{Deserialize, Serialize};

use super::yaku::{Yaku, YakuHan};
use super::Shogi;
use crate::games::interface::Settings;

/// The rule options of a match (rules §10).
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Options {
    #[serde(default)]
    pub yaku_han: YakuHan,
}

impl Settings for Shogi {
    fn set_yaku(options: &mut Options, id: &str, value: u32) -> Result<(), String> {
        let yaku = Yaku::from_id(id).ok_or_else(|| format!("no yaku {id:?}"))?;
        options.yaku_han.set(yaku, value);
        Ok(())
    }

    fn yaku_ids() -> Vec<&'static str> {
        Yaku::ALL.iter().map(|y| y.id()).collect()
    }
}
