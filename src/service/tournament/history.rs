//! A server's events looked back on (`/momojan tournament history`): each event with its
//! field and, once it has finished, its winner; and the standings of any one of them.

use super::signup::TournamentRefusal;
use super::standings::Standings;
use crate::service::{MatchService, ServiceError};
use crate::store::{GuildId, Tournament, TournamentId, TournamentState, UserId};

/// How many of a server's events the history lists (the newest): one embed holds them.
pub const HISTORY_EVENTS: u32 = 15;

/// One event in a server's history.
#[derive(Debug, Clone)]
pub struct PastEvent {
    pub event: Tournament,
    /// Entrants who signed up (dropped ones included: they played).
    pub entrants: usize,
    /// The first of the final standings, once the event has finished with a game played.
    pub winner: Option<UserId>,
}

impl MatchService {
    /// The server's newest events (at most [`HISTORY_EVENTS`]), newest first.
    ///
    /// # Errors
    /// A store error.
    pub async fn tournament_history(&self, guild: GuildId) -> Result<Vec<PastEvent>, ServiceError> {
        let events = self
            .store
            .tournaments_of_guild(guild, HISTORY_EVENTS)
            .await?;
        let mut past = Vec::with_capacity(events.len());
        for event in events {
            let entrants = self.store.tournament_entrants(event.id).await?.len();
            let winner = if event.state == TournamentState::Finished {
                let standings = self.standings_of(event.clone()).await?;
                standings
                    .rows
                    .first()
                    .filter(|r| r.games > 0)
                    .map(|r| r.user)
            } else {
                None
            };
            past.push(PastEvent {
                event,
                entrants,
                winner,
            });
        }
        Ok(past)
    }

    /// The standings of the server's event `id` (its number in the history).
    ///
    /// # Errors
    /// [`TournamentRefusal::UnknownEvent`] when the server has no event of that number (an
    /// event of another server included), or a store error.
    pub async fn guild_standings(
        &self,
        guild: GuildId,
        id: TournamentId,
    ) -> Result<Standings, ServiceError> {
        match self.store.tournament(id).await? {
            Some(event) if event.guild_id == guild => self.standings_of(event).await,
            _ => Err(TournamentRefusal::UnknownEvent(id).into()),
        }
    }
}
