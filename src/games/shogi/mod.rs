//! 将棋麻雀 (shogi mahjong) for two players, as `shogi-mahjong-rules.md` specifies it: pure,
//! no I/O, no async. Start at [`Game`]: who acts, which actions are legal, and applying one.
//!
//! - pieces and counts: `piece.rs`; groups, winning shapes, readings and waits: `group.rs`;
//! - the yaku table: `yaku.rs`; the server's values: `options.rs`; scoring a win: `score.rs`;
//! - one round's turn state machine, furiten and riichi: `round.rs`;
//! - rounds, settlement and the end of a game: `game.rs`;
//! - what a seat may see: `view.rs`; the computer player and the games its search samples:
//!   `computer.rs`;
//! - `momojan scenario` for shogi files: `scenario.rs`; the host's records: `records.rs`;
//! - the host's interface: playing in `rules.rs`, action codes in `codes.rs`, each other part
//!   in the file above that holds its code.

pub mod action;
pub mod art;
pub mod codes;
pub mod computer;
pub mod game;
pub mod group;
pub mod highlights;
pub mod options;
pub mod piece;
pub mod records;
pub mod round;
pub mod rules;
pub mod scenario;
pub mod score;
pub mod shown;
pub mod teach;
pub mod view;
pub mod yaku;

pub use action::{Action, Refusal};
pub use game::{EndReason, Event, Game, Outcome, RoundRecord};
pub use options::Options;
pub use piece::Kind;
pub use yaku::Yaku;

/// 将棋麻雀, the game of `shogi-mahjong-rules.md`: the host's interface is implemented for it
/// beside the code each part calls (`rules.rs`: playing; `codes.rs`, `records.rs`,
/// `options.rs`, `computer.rs`, `scenario.rs`, `shown.rs`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shogi;
