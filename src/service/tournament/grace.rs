//! A no-show's grace: when an event has one, a seated player who has made no move of their own
//! (a click or a resignation) within that many minutes of their table's start is played by
//! the computer, as a player away is, until they take their seat back from their hand. Each
//! table is looked at once, in the match's own transaction (its row lock), so two sweeps at
//! once change nothing twice.

use crate::games::interface::seat::Seat;
use crate::games::registry::with_game;
use crate::service::{Hosted, MatchService, ServiceError};
use crate::store::{self, MatchId, MatchMeta, UserId};

/// The players a computer now plays for, at one table.
#[derive(Debug, Clone)]
pub struct NoShows {
    pub meta: MatchMeta,
    pub users: Vec<UserId>,
    /// The event's grace, in minutes.
    pub minutes: u32,
}

impl MatchService {
    /// Tournament tables whose grace ran out with their no-shows not looked for yet, of the
    /// guilds this process sweeps.
    ///
    /// # Errors
    /// A store error.
    pub async fn tournament_graces_due(&self) -> Result<Vec<MatchId>, ServiceError> {
        Ok(self.store.tournament_graces_due(self.clock.now()).await?)
    }

    /// Looks for the no-shows of the tournament table that started `match_id`, once: those
    /// who made no move of their own are played by the computer from now on. `None` when
    /// everyone showed, the table was looked at already, or the match has ended.
    ///
    /// # Errors
    /// A store error.
    pub async fn run_tournament_grace(
        &self,
        match_id: MatchId,
    ) -> Result<Option<NoShows>, ServiceError> {
        let game = self.meta(match_id).await?.game;
        with_game!(game, G => self.grace_of::<G>(match_id).await)
    }

    async fn grace_of<G: Hosted>(
        &self,
        match_id: MatchId,
    ) -> Result<Option<NoShows>, ServiceError> {
        let (mut tx, loaded) = match self.begin_active::<G>(match_id).await {
            Ok(begun) => begun,
            Err(ServiceError::Finished) => {
                // Over before its grace ran out: nothing to look for again.
                let mut tx = self.store.begin_write().await?;
                store::set_tournament_grace_done(&mut tx, match_id).await?;
                tx.commit().await?;
                return Ok(None);
            }
            Err(e) => return Err(e),
        };
        let Some((_, false, Some(minutes))) =
            store::tournament_grace_of_match(&mut tx, match_id).await?
        else {
            return Ok(None);
        };
        let moved = store::seats_that_moved(&mut tx, match_id).await?;
        let absent: Vec<(Seat, UserId)> = loaded
            .meta
            .seats
            .iter()
            .filter(|(seat, s)| !s.away && !moved.contains(&u8::from(*seat)))
            .filter_map(|(seat, s)| s.occupant.user().map(|u| (seat, u)))
            .collect();
        store::set_tournament_grace_done(&mut tx, match_id).await?;
        if absent.is_empty() {
            tx.commit().await?;
            return Ok(None);
        }
        let seats: Vec<Seat> = absent.iter().map(|(seat, _)| *seat).collect();
        let applied = self.away_in::<G>((tx, loaded), &seats).await?;
        Ok(Some(NoShows {
            meta: applied.meta,
            users: absent.into_iter().map(|(_, u)| u).collect(),
            minutes,
        }))
    }
}
