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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_serialise_as_a_map_of_ids_and_read_back() {
        let mut options = Options::default();
        options.yaku_points.set(Yaku::Pinfu, 2);
        let json = serde_json::to_value(options).unwrap();
        assert_eq!(json["yaku_points"]["pinfu"], 2);
        assert_eq!(serde_json::from_value::<Options>(json).unwrap(), options);
        let partial: Options = serde_json::from_str(r#"{"yaku_points": {"tsumo": 0}}"#).unwrap();
        assert_eq!(partial.yaku_points.get(Yaku::Tsumo), 0);
        assert_eq!(partial.yaku_points.get(Yaku::Pinfu), 3);
    }
}
