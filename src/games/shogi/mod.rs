//! 将棋麻雀 (shogi mahjong) for two players, as `shogi-mahjong-rules.md` specifies it: pure,
//! no I/O, no async. Start at [`Game`]: who acts, which actions are legal, and applying one.
//!
//! - pieces and counts: `piece.rs`; groups, winning shapes, readings and waits: `group.rs`;
//! - the yaku table and the server's values: `yaku.rs`; scoring a win: `score.rs`;
//! - one round's turn state machine, furiten and riichi: `round.rs`;
//! - rounds, settlement and the end of a game: `game.rs`;
//! - what a seat may see: `view.rs`; the computer player: `computer.rs`;
//! - `momojan scenario` for shogi files: `scenario.rs`; the host's interface: `rules.rs`.

pub mod action;
pub mod art;
pub mod computer;
pub mod game;
pub mod group;
pub mod piece;
pub mod records;
pub mod round;
pub mod rules;
pub mod sample;
pub mod scenario;
pub mod score;
pub mod shown;
pub mod view;
pub mod yaku;

pub use action::{Action, Refusal};
pub use game::{EndReason, Event, Game, Outcome, RoundRecord};
pub use piece::Kind;
pub use rules::Shogi;
pub use yaku::{Options, Yaku};
