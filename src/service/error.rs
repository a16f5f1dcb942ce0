//! Service errors: what a caller (the Discord layer) tells a player, and what it logs.

use crate::engine::view::SeatView;
use crate::engine::RuleError;
use crate::store::StoreError;

#[derive(Debug, thiserror::Error)]
pub enum ServiceError {
    #[error("there is no match {0}")]
    NotFound(i64),
    #[error("you are not playing in this match")]
    NotSeated,
    #[error("this match has ended")]
    Finished,
    /// The player acted on an outdated state; nothing was written. Carries what the player
    /// should see now.
    #[error("the game has moved on (now at version {current_version}); here is the current state")]
    Conflict {
        current_version: i64,
        view: Box<SeatView>,
    },
    #[error("{0}")]
    Illegal(RuleError),
    #[error(transparent)]
    Store(#[from] StoreError),
}
