//! An organiser's controls while an event runs, each one transaction under the channel's
//! lock that changes nothing when it is refused ([`TournamentRefusal`]): a player dropped from
//! the next round on (their games so far still count) or added for it (a drop not yet seated
//! is taken back), the event paused (the tables in play finish; the next round waits) and
//! resumed, and ended early (the current round is its last: the final standings come when
//! its tables have finished, at once if they have).

use super::seating::{Field, Filler};
use super::signup::TournamentRefusal;
use crate::service::{MatchService, ServiceError};
use crate::store::{
    self, ChannelId, Tournament, TournamentFiller, TournamentFormat, TournamentState, TxConn,
    UserId,
};

/// What adding a player did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Added {
    /// A new entrant, seated from this round on.
    From(u32),
    /// Their drop, not seated yet, is taken back: they play this round on.
    Back(u32),
}

impl MatchService {
    /// The organiser drops `player` from the channel's running event: they are not seated
    /// from the next round on; the round that returned is that round.
    ///
    /// # Errors
    /// [`TournamentRefusal`] (no running event, not the organiser, sign-up still open, the
    /// last round in play, not an entrant, dropped already, too few left), or a store error.
    pub async fn drop_tournament_player(
        &self,
        channel: ChannelId,
        by: UserId,
        player: UserId,
    ) -> Result<(Tournament, u32), ServiceError> {
        let mut tx = self.store.begin_write().await?;
        let event = organised(&mut tx, channel, by).await?;
        if event.format == TournamentFormat::Rolling {
            // A rolling event has no next round: the player leaves its queue for good (a table
            // they sit at now plays on, and counts).
            let entrants = store::tournament_entrants_in(&mut tx, event.id).await?;
            match entrants.iter().find(|e| e.user == player) {
                None => return Err(TournamentRefusal::PlayerNotIn(player).into()),
                Some(e) if e.dropped => return Err(TournamentRefusal::PlayerDropped(player).into()),
                Some(_) => {}
            }
            let next = event.round + 1;
            store::set_tournament_entrant_dropped(&mut tx, event.id, player, Some(next)).await?;
            store::set_tournament_waiting(&mut tx, event.id, player, None).await?;
            tx.commit().await?;
            return Ok((event, next));
        }
        let next = next_round(&event)?;
        let entrants = store::tournament_entrants_in(&mut tx, event.id).await?;
        let entrant = entrants
            .iter()
            .find(|e| e.user == player)
            .ok_or(TournamentRefusal::PlayerNotIn(player))?;
        if !entrant.plays_in(next) {
            return Err(TournamentRefusal::PlayerDropped(player).into());
        }
        let left = entrants
            .iter()
            .filter(|e| e.user != player && e.plays_in(next))
            .count();
        let filler = match event.filler {
            TournamentFiller::Computers => Filler::Computers,
            TournamentFiller::SitOut => Filler::SitOut,
        };
        if left < 2 || Field::new(left, event.seats, filler).is_err() {
            let needed = match event.filler {
                TournamentFiller::Computers => 2,
                TournamentFiller::SitOut => event.seats,
            };
            return Err(TournamentRefusal::TooFew {
                entrants: left,
                needed,
            }
            .into());
        }
        store::set_tournament_entrant_dropped(&mut tx, event.id, player, Some(next)).await?;
        tx.commit().await?;
        Ok((event, next))
    }

    /// The organiser adds `player` to the channel's running event from the next round on
    /// (`join`: the command's interaction id, kept as their Join's; not part of the seed,
    /// drawn before).
    ///
    /// # Errors
    /// [`TournamentRefusal`] (no running event, not the organiser, sign-up still open, the
    /// last round in play, an entrant already, dropped for good), or a store error.
    pub async fn add_tournament_player(
        &self,
        channel: ChannelId,
        by: UserId,
        player: UserId,
        name: &str,
        join: i64,
    ) -> Result<(Tournament, Added), ServiceError> {
        let mut tx = self.store.begin_write().await?;
        let event = organised(&mut tx, channel, by).await?;
        let next = next_round(&event)?;
        let entrants = store::tournament_entrants_in(&mut tx, event.id).await?;
        let added = match entrants.iter().find(|e| e.user == player) {
            Some(e) if e.plays_in(next) => {
                return Err(TournamentRefusal::PlayerAlreadyIn(player).into())
            }
            // Dropped, but not left out of a round yet: the drop is taken back.
            Some(e) if e.dropped_round == Some(next) => {
                store::set_tournament_entrant_dropped(&mut tx, event.id, player, None).await?;
                Added::Back(next)
            }
            Some(_) => return Err(TournamentRefusal::PlayerDropped(player).into()),
            None if event.format == TournamentFormat::RoundRobin => {
                return Err(TournamentRefusal::FixedSchedule.into())
            }
            None => {
                let other =
                    store::other_event_of(&mut tx, event.guild_id, player, event.id).await?;
                if let (Some(other), false) = (other, event.format == TournamentFormat::Rolling) {
                    return Err(TournamentRefusal::InOtherEvent(other).into());
                }
                store::add_tournament_entrant_from(&mut tx, event.id, player, name, join, next)
                    .await?;
                Added::From(next)
            }
        };
        tx.commit().await?;
        Ok((event, added))
    }

    /// The organiser pauses the channel's running event (`pause`: the tables in play finish
    /// and the next round waits) or resumes it.
    ///
    /// # Errors
    /// [`TournamentRefusal`] (no running event, not the organiser, sign-up still open,
    /// paused already, not paused), or a store error.
    pub async fn pause_tournament(
        &self,
        channel: ChannelId,
        by: UserId,
        pause: bool,
    ) -> Result<Tournament, ServiceError> {
        let mut tx = self.store.begin_write().await?;
        let event = organised(&mut tx, channel, by).await?;
        match (pause, event.paused) {
            (true, true) => return Err(TournamentRefusal::AlreadyPaused.into()),
            (false, false) => return Err(TournamentRefusal::NotPaused.into()),
            _ => {}
        }
        store::set_tournament_paused(&mut tx, event.id, pause).await?;
        tx.commit().await?;
        Ok(Tournament {
            paused: pause,
            ..event
        })
    }

    /// The organiser ends the channel's running event early: its current round is its last
    /// (and it is resumed, if paused). The final standings come when the round's tables have
    /// all finished: [`MatchService::advance_tournament`] finishes it then (at once, if they
    /// have).
    ///
    /// # Errors
    /// [`TournamentRefusal`] (no running event, not the organiser, sign-up still open, its
    /// round already its last), or a store error.
    pub async fn end_tournament(
        &self,
        channel: ChannelId,
        by: UserId,
    ) -> Result<Tournament, ServiceError> {
        let mut tx = self.store.begin_write().await?;
        let event = organised(&mut tx, channel, by).await?;
        if event.format == TournamentFormat::Rolling {
            // Its window closes now: the tables in play finish, and it ends after them.
            self.close_rolling_window(&mut tx, &event).await?;
            store::set_tournament_paused(&mut tx, event.id, false).await?;
            tx.commit().await?;
            return Ok(Tournament {
                paused: false,
                ..event
            });
        }
        if event.round >= event.rounds && !event.paused {
            return Err(TournamentRefusal::LastRound(event.round).into());
        }
        store::set_tournament_rounds(&mut tx, event.id, event.round).await?;
        tx.commit().await?;
        Ok(Tournament {
            rounds: event.round,
            paused: false,
            ..event
        })
    }
}

/// The channel's running event, under its lock, when `by` organises it.
pub(super) async fn organised(
    tx: &mut TxConn,
    channel: ChannelId,
    by: UserId,
) -> Result<Tournament, ServiceError> {
    let event = store::open_tournament_in(tx, channel)
        .await?
        .ok_or(TournamentRefusal::NotRunning)?;
    if event.organiser != by {
        return Err(TournamentRefusal::NotOrganiser(event.organiser).into());
    }
    if event.state == TournamentState::SignUp {
        return Err(TournamentRefusal::SignUpOpen.into());
    }
    Ok(event)
}

/// The round a drop or an addition takes effect in: the next one, if there is one.
fn next_round(event: &Tournament) -> Result<u32, ServiceError> {
    if event.round >= event.rounds {
        return Err(TournamentRefusal::LastRound(event.round).into());
    }
    Ok(event.round + 1)
}
