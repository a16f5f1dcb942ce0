//! Why the engine refused something.

use super::action::{Action, Seat};
use super::refusal::Refusal;

/// A refused deal or action. The game is unchanged whenever one is returned.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RuleError {
    #[error("the game is over")]
    GameOver,
    #[error("no round is in play: the next round has not been dealt")]
    AwaitingDeal,
    #[error("a round is already in play")]
    AlreadyDealt,
    #[error("bad deck: {0}")]
    BadDeck(String),
    #[error("it is {expected}'s turn, not {actual}'s")]
    WrongSeat { expected: Seat, actual: Seat },
    #[error("only a resignation or a forfeit can end a game outside play")]
    NotAConcession,
    #[error("cannot {action}: {reason}")]
    Illegal { action: Action, reason: Refusal },
}
