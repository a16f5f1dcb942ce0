//! The words for riichi's tiles and yaku, the kit's ([`crate::games::kit::mahjong::names`]).

pub use crate::games::kit::mahjong::names::{piece, pieces, yaku_names};
