//! Mining mahjong (採掘麻雀, `mining-rules.md`) for 2–4 players: riichi's hand without a wall,
//! the tiles stacked into a mine that pieces walk over. Pure, no I/O, no async. Everything
//! about the hand is the shared [`crate::games::kit::mahjong`].
//!
//! - the board, the stage, steps, jumps, reachability and placements: `board.rs`; paths
//!   walked without copying the board: `walk.rs`; the engine's fingerprint over random
//!   games, for comparing two builds (test support): `trace.rs`;
//! - the options of §13: `options.rs`; actions: `action.rs`;
//! - one round's turns, moves, discards, claim windows, kans, riichi and furiten: `round.rs`,
//!   its legal actions in `legal.rs`, its payments in `settle.rs`;
//! - rounds, the dealer, honba and the end of the game: `game.rs`;
//! - `momojan scenario` for mining files: `scenario.rs`; the computer players:
//!   `computer.rs` (`computer/judge.rs` weighs a hand, `computer/play.rs` chooses the parts of
//!   `normal` and `hard`, `computer/rates.rs` measures them round by round);
//! - the host's interface, each trait beside the code it uses: `Play` in `rules.rs` (the
//!   match it keeps: `table.rs`; a move of many parts, one button each: `parts.rs`; what a
//!   seat sees: `view.rs`), `Stored`
//!   (part codes) in `codes.rs`, `Records` in `records.rs`, `Settings` in `options.rs`,
//!   `Computer` in `computer.rs`, `ScenarioFiles` in `scenario.rs`, `Shows` in `shown.rs`
//!   with its words in `messages/`; the tile faces: `art.rs`.

pub use rules::Mining;

pub mod action;
pub mod art;
pub mod board;
pub mod codes;
pub mod computer;
pub mod game;
pub mod highlights;
pub mod legal;
pub mod options;
pub mod parts;
pub mod picture;
pub mod records;
pub mod round;
pub mod rules;
pub mod scenario;
pub mod settle;
pub mod shown;
pub mod table;
pub mod teach;
#[cfg(feature = "test-support")]
pub mod trace;
pub mod view;
mod walk;
