//! The beginners' card mahjong (かんたん麻雀ボドゲ) for two to four players, as
//! `beginners-rules.md` specifies it: pure, no I/O, no async. Every card is a whole group of
//! tiles, a hand has five units, and two shapes are tenpai. Start at [`Game`]: who acts, which
//! actions are legal, and applying one.
//!
//! - cards, kinds and forms, the deck: `card.rs`; open melds, tenpai and the completed hand:
//!   `hand.rs`; one player's cards: `player.rs`;
//! - the yaku table and scoring a win: `yaku.rs`; the server's points: `options.rs`;
//! - one round's turns, riichi and tsumo: `round.rs`; the claim window on a discard:
//!   `claim.rs`;
//! - rounds, settlement, the end and the ranking: `game.rs`;
//! - what a seat may see: `view.rs`; the computer players and the games they sample from a
//!   seat's view: `computer/`;
//! - `momojan scenario` for beginners files: `scenario.rs`;
//! - the host's interface, each trait beside the code it uses: `Play` in `rules.rs`,
//!   `Stored` (action codes) in `codes.rs`, `Records` in `records.rs`, `Settings` in
//!   `options.rs`, `Computer` in `computer/`, `ScenarioFiles` in `scenario.rs`, `Shows` in
//!   `shown.rs`, `Teach` (a teaching table's hints and reasons) in `teach.rs`;
//! - how the host shows it: `shown.rs` (the game-neutral model of the table, a hand that
//!   teaches, round summaries), `art.rs` (the cards' faces) and `messages/` (its words in
//!   English and Japanese).

pub mod action;
pub mod art;
pub mod card;
pub mod claim;
pub mod codes;
pub mod computer;
pub mod game;
pub mod hand;
pub mod highlights;
pub mod options;
pub mod player;
pub mod records;
pub mod round;
pub mod rules;
pub mod scenario;
pub mod shown;
pub mod teach;
pub mod view;
pub mod yaku;

pub use crate::games::interface::seat::Seat;
pub use action::{Action, Refusal, RiichiBar};
pub use card::{Card, Form, Kind, Shape};
pub use game::{EndReason, Event, Game, Outcome, RoundRecord};
pub use options::Options;
pub use rules::Beginners;
pub use yaku::Yaku;
