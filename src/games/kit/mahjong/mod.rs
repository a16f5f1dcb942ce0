//! The riichi hand, shared by the games whose hands are riichi's (riichi, mining): what a hand
//! is worth, with "§n" meaning `riichi-rules.md`'s sections. Pure, no I/O.
//!
//! - tiles and the notation: `tile.rs`; concealed hands, calls and the hand notation of the
//!   tests: `hand.rs`;
//! - shanten and winning shapes: `shanten.rs`; readings of a winning hand: `reading.rs`;
//! - waits and tenpai: `waits.rs`; what a discard does for the hand, for teaching hints:
//!   `teach.rs`; one seat's hand as the teaching words read it: `teach_seat.rs`;
//! - the yaku table: `yaku.rs`; fu, limits, payments and the best reading: `score.rs`;
//! - how the games show them: the tiles' faces (`art.rs`), a tile's and a yaku's names
//!   (`names.rs`).

pub mod art;
// Half A of issue 36: the tiles a hand may call a discard with.
pub mod calls;
pub mod hand;
pub mod names;
pub mod reading;
pub mod score;
pub mod shanten;
pub mod teach;
// Half B of issue 36: the seat hand riichi and mining teach from, written once.
pub mod revealed;
pub mod teach_seat;
pub mod tile;
pub mod waits;
pub mod yaku;
