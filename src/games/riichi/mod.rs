//! Four-player riichi mahjong as the Simple!雀 app plays it (`riichi-rules.md`): pure, no I/O,
//! no async.
//!
//! - tiles and the notation: `tile.rs`; concealed hands, calls and the hand notation of the
//!   tests: `hand.rs`;
//! - shanten and winning shapes: `shanten.rs`; readings of a winning hand: `reading.rs`;
//! - the yaku table: `yaku.rs`; fu, limits, payments and the best reading: `score.rs`;
//! - the options of §14: `options.rs`;

pub mod hand;
pub mod options;
pub mod reading;
pub mod score;
pub mod shanten;
pub mod tile;
pub mod yaku;
