//! The rules engine: pure, no I/O, no async. Everything MOMOJAN is, from cards to the end of a
//! game. Start at [`Game`]: it says who acts, which actions are legal, and applies one.

pub mod action;
pub mod art;
pub mod auto;
#[cfg(feature = "test-support")]
pub mod bench;
pub mod card;
pub mod codes;
pub mod game;
pub mod highlights;
mod legal;
pub mod meld;
pub mod options;
pub mod partition;
pub mod records;
pub mod refusal;
pub mod round;
pub mod rules;
pub mod score;
pub mod shape;
pub mod shown;
pub mod teach;
pub mod view;

pub mod computer;
pub mod scenario;
pub mod waits;
pub mod yaku;

pub use action::{Action, PerSeat, Seat};
pub use card::{Card, CardCounts};
pub use game::{EndReason, Event, Game, Outcome, RoundRecord, Transfer, TransferReason};
pub use options::RuleOptions;
pub use refusal::RuleError;
pub use round::{Phase, RoundEnd};
pub use score::Score;
pub use yaku::{WinBy, Yaku, YakuPoints};

/// MOMOJAN (桃雀), the game of `momojan-rules.md`: the host's interface is implemented for it
/// beside the code each part calls (`rules.rs`: playing; `codes.rs`, `records.rs`,
/// `options.rs`, `computer/`, `scenario/`, `shown.rs`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Momojan;
