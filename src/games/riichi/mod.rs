//! Four-player riichi mahjong as the Simple!雀 app plays it (`riichi-rules.md`): pure, no I/O,
//! no async.
//!
//! - tiles and the notation: `tile.rs`; concealed hands, calls and the hand notation of the
//!   tests: `hand.rs`;
//! - shanten and winning shapes: `shanten.rs`;

pub mod hand;
pub mod shanten;
pub mod tile;
