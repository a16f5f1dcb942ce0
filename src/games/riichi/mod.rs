//! Four-player riichi mahjong as the Simple!雀 app plays it (`riichi-rules.md`): pure, no I/O,
//! no async.
//!
//! - the hand itself — tiles, shapes, readings, waits, yaku, fu and score — is the shared
//!   [`crate::games::kit::mahjong`];
//! - the options of §14: `options.rs`; actions and refusals: `action.rs`;
//! - the wall, dead wall and indicators: `wall.rs`;
//! - one round's turns, claim windows, kans, riichi and furiten: `round.rs`, its legal actions
//!   in `legal.rs`, wins and settlement in `settle.rs`; a claim window once closed, with the
//!   claims that lost: `closed.rs`;
//! - rounds, the dealer, honba and the end of the game: `game.rs`; what a seat sees: `view.rs`;
//! - the player's auto switches (auto-win, no calls): `auto.rs`;
//! - the computer players: `computer.rs`, the games they sample from a seat's view:
//!   `computer/sample.rs`;
//!   `momojan scenario` for riichi files: `scenario.rs`; the tenhou.net/6 log: `tenhou.rs`;
//! - the host's interface, each trait beside the code it uses: `Play` in `rules.rs`,
//!   `Stored` (action codes) in `codes.rs`, `Records` in `records.rs`, `Settings` in `options.rs`, `Computer` in
//!   `computer.rs`, `ScenarioFiles` in `scenario.rs`, `Shows` in `shown.rs`, `Teach` (a teaching table's
//!   hints and reasons) in `teach.rs`; the tile faces:
//!   `art.rs`; how it is shown: `shown.rs` (what a choice makes: `advice.rs`; round
//!   summaries: `summary.rs`) and its words in `messages/`.

pub use rules::Riichi;

pub mod action;
pub mod advice;
pub mod art;
pub mod auto;
#[cfg(feature = "test-support")]
pub mod bench;
pub mod closed;
pub mod codes;
pub mod computer;
pub mod game;
pub mod highlights;
pub mod legal;
pub mod names;
pub mod options;
pub mod records;
pub mod round;
pub mod rules;
pub mod scenario;
pub mod settle;
pub mod shown;
pub mod summary;
pub mod teach;
pub mod tenhou;
pub mod view;
pub mod wall;
