//! Mining mahjong (採掘麻雀, `mining-rules.md`) for 2–4 players: riichi's hand without a wall,
//! the tiles stacked into a mine that pieces walk over. Pure, no I/O, no async. Everything
//! about the hand is the shared [`crate::games::kit::mahjong`].
//!
//! - the board, the stage, steps, jumps, reachability and placements: `board.rs`;
//! - the options of §13: `options.rs`; actions: `action.rs`;
//! - one round's turns, moves, discards, claim windows, kans, riichi and furiten: `round.rs`,
//!   its legal actions in `legal.rs`, its payments in `settle.rs`;
//! - rounds, the dealer, honba and the end of the game: `game.rs`;
//! - `momojan scenario` for mining files: `scenario.rs`; the easy and the random
//!   computer players: `computer.rs`.

pub mod action;
pub mod board;
pub mod computer;
pub mod game;
pub mod legal;
pub mod options;
pub mod picture;
pub mod round;
pub mod scenario;
pub mod settle;
