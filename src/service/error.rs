//! Service errors: typed refusals a caller (the Discord layer) renders for a player, and
//! store failures it logs.

use crate::store::{MatchId, StoreError, UserId};

use super::settings::SettingsRefusal;

#[derive(Debug, thiserror::Error)]
pub enum ServiceError {
    #[error("there is no match {0}")]
    NotFound(MatchId),
    #[error("you are not playing in this match")]
    NotSeated,
    #[error("this match has ended")]
    Finished,
    /// The match is still being played: its decks and hands stay hidden until it ends.
    #[error("match {0} is still being played")]
    StillRunning(MatchId),
    /// The player acted on an outdated state; nothing was written.
    #[error("the game has moved on (now at version {current_version})")]
    Conflict { current_version: i64 },
    /// A button's action code that the match's game never made (a forged or damaged id);
    /// nothing was written.
    #[error("this button is not one the bot made")]
    UnknownAction,
    /// A match of a game this release does not play in Discord (`GameId::HOSTED`).
    #[error("{0} is not played here yet")]
    NotHosted(crate::games::registry::GameId),
    /// The engine refused the move: its game's typed reason (`Hosted::Refusal`), which the
    /// Discord layer words for that game.
    #[error("{0}")]
    Illegal(Box<dyn std::error::Error + Send + Sync>),
    #[error("{0:?}")]
    Challenge(ChallengeRefusal),
    #[error("{0:?}")]
    Settings(SettingsRefusal),
    #[error("{0:?}")]
    Tournament(super::tournament::TournamentRefusal),
    #[error(transparent)]
    Store(#[from] StoreError),
}

impl ServiceError {
    /// Whether the match's stored data is what failed (a row that does not decode), so
    /// trying again will fail the same way until the data is repaired.
    pub fn is_damaged_data(&self) -> bool {
        matches!(self, ServiceError::Store(StoreError::Corrupt { .. }))
    }
}

/// Why a challenge, or an answer to one, was refused. Nothing was written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ChallengeRefusal {
    Yourself,
    Bot,
    /// The two already play a match in this channel.
    AlreadyPlaying {
        opponent: UserId,
        match_id: MatchId,
    },
    /// No such challenge.
    Gone,
    /// Only the challenged players may answer (only the opener starts a table).
    NotYours {
        challenger: UserId,
    },
    /// It was answered or expired before.
    Closed,
    /// Someone is named twice in one challenge.
    Twice,
    /// The player has already accepted.
    Answered,
    /// The player already has a seat at the table.
    Seated,
    /// Every seat of the table is taken.
    Full,
    /// Only a seated player may ask for a rematch.
    NotAPlayer,
    /// The game is not played by that many (`allowed` lists the table sizes it is).
    Seats {
        asked: usize,
        allowed: &'static [crate::games::interface::seat::SeatCount],
    },
}

impl From<ChallengeRefusal> for ServiceError {
    fn from(r: ChallengeRefusal) -> ServiceError {
        ServiceError::Challenge(r)
    }
}

impl From<SettingsRefusal> for ServiceError {
    fn from(r: SettingsRefusal) -> ServiceError {
        ServiceError::Settings(r)
    }
}
