//! The rules engine: pure, no I/O, no async. Everything MOMOJAN is, from cards to the end of a
//! game. Start at [`Game`]: it says who acts, which actions are legal, and applies one.

pub mod action;
pub mod art;
pub mod auto;
pub mod card;
pub mod codes;
pub mod commitment;
pub mod deck;
pub mod error;
pub mod game;
pub mod ledger;
mod legal;
pub mod meld;
pub mod options;
pub mod partition;
pub mod records;
pub mod refusal;
pub mod round;
pub mod rules;
pub mod score;
pub mod seeded;
pub mod shape;
pub mod shown;
pub mod view;

pub mod computer;
pub mod scenario;
pub mod selfplay;
pub mod waits;
pub mod yaku;

pub use action::{Action, PerSeat, Seat};
pub use card::{Card, CardCounts};
pub use error::RuleError;
pub use game::{EndReason, Event, Game, Outcome, RoundRecord};
pub use ledger::{Party, Transfer, TransferReason};
pub use options::RuleOptions;
pub use round::{Phase, RoundEnd};
pub use score::Score;
pub use seeded::SeededGame;
pub use yaku::{WinBy, Yaku, YakuPoints};

/// MOMOJAN (桃雀), the game of `momojan-rules.md`: the host's interface is implemented for it
/// beside the code each part calls (`rules.rs`: playing; `codes.rs`, `records.rs`,
/// `options.rs`, `computer/`, `scenario/`, `shown.rs`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Momojan;
