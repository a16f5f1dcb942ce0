//! The rolling format (Tenhou's "best run" lobby): while the event's window is open, entrants
//! queue for a game with the sign-up message's button, and a table starts as soon as enough
//! are waiting — first come, first seated — or, when the organiser set a wait, with computers
//! beside whoever has waited that long. A table's seat order is drawn from a seed of the
//! organiser's committed secret, the table's number and its players' queue clicks, so it can be
//! re-derived once the secret is revealed. Each entrant is ranked by their best total over
//! `run_games` consecutive games. The event ends when its window has closed and its last
//! table has finished.

use super::lobby::{queue, rolling_seats};
use super::signup::{SignUp, TournamentRefusal};
use super::standings::Standings;
use crate::service::{MatchService, ServiceError};
use crate::store::{
    self, RollingSweep, Tournament, TournamentId, TournamentState, TxConn, UserId, Waiting,
};

/// What the sweep has to do for a running rolling event, decided from one read (no write
/// transaction is opened for an event with nothing to do).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RollingDue {
    pub id: TournamentId,
    /// Its queue may seat a table: [`MatchService::seat_rolling`] is worth its write.
    pub seat: bool,
    /// Its window has closed.
    pub closed: bool,
    /// Its window has closed and its queue is to be emptied, or it may end (no table plays):
    /// [`MatchService::finish_rolling`] is worth its write.
    pub finish: bool,
}

impl RollingDue {
    /// What `event` needs at `now`. Generous where the read cannot be exact (an entrant
    /// waiting who is at another event's table counts here, and the seating leaves them out):
    /// the write then finds nothing to do, as every sweep's did before.
    pub fn of(event: &RollingSweep, now: i64) -> RollingDue {
        let closed = now >= event.window_ends_at;
        let waited = event
            .waiting_since
            .zip(event.fill_after_secs)
            .is_some_and(|(since, fill)| since + i64::from(fill) <= now);
        RollingDue {
            id: event.id,
            seat: !closed && !event.paused && (event.waiting >= event.seats || waited),
            closed,
            finish: closed && (event.waiting > 0 || event.unfinished_tables == 0),
        }
    }
}

/// The players at a table not finished yet of any running event of the event's server (a
/// player never sits at two tables at once).
async fn busy_players(tx: &mut TxConn, event: &Tournament) -> Result<Vec<UserId>, ServiceError> {
    Ok(store::players_at_tournament_tables_in(tx, event.guild_id).await?)
}

impl MatchService {
    /// A player queues for their next game of a rolling event (`join`: the click's id, part
    /// of their table's seed), joining it if they are new, or leaves the queue (`None`).
    pub(super) async fn rolling_click(
        &self,
        mut tx: store::WriteTx,
        event: Tournament,
        user: UserId,
        name: &str,
        join: Option<i64>,
    ) -> Result<SignUp, ServiceError> {
        let now = self.clock.now();
        let open = event
            .rolling
            .is_some_and(|r| event.state == TournamentState::Running && now < r.window_ends_at);
        if !open {
            return Err(TournamentRefusal::Closed.into());
        }
        let entrants = store::tournament_entrants_in(&mut tx, event.id).await?;
        let me = entrants.iter().find(|e| e.user == user);
        let waiting = match (join, me) {
            (Some(_), Some(e)) if e.dropped => {
                return Err(TournamentRefusal::PlayerDropped(user).into())
            }
            (Some(_), Some(e)) if e.waiting.is_some() => {
                return Err(TournamentRefusal::AlreadyWaiting.into())
            }
            (Some(interaction), me) => {
                if busy_players(&mut tx, &event).await?.contains(&user) {
                    return Err(TournamentRefusal::AtTable.into());
                }
                if me.is_none() {
                    store::add_tournament_entrant(&mut tx, event.id, user, name, interaction)
                        .await?;
                }
                Some(Waiting {
                    since: now,
                    interaction,
                })
            }
            (None, None) => return Err(TournamentRefusal::NotIn.into()),
            (None, Some(e)) if e.waiting.is_none() => {
                return Err(TournamentRefusal::NotWaiting.into())
            }
            (None, Some(_)) => None,
        };
        store::set_tournament_waiting(&mut tx, event.id, user, waiting).await?;
        let entrants = store::tournament_entrants_in(&mut tx, event.id).await?;
        tx.commit().await?;
        Ok(SignUp {
            event,
            entrants,
            as_of: now,
        })
    }

    /// Seats a rolling event's queue: a table for every `seats` entrants waiting, first come
    /// first, and one with computers beside whoever has waited the event's fill time. The
    /// tables are started by [`MatchService::start_tournament_tables`]. How many formed (none
    /// when the event is not a running rolling one, is paused or its window has closed).
    ///
    /// # Errors
    /// [`TournamentRefusal::Gone`] or a store error (nothing written then).
    pub async fn seat_rolling(&self, id: TournamentId) -> Result<usize, ServiceError> {
        let now = self.clock.now();
        let mut tx = self.store.begin_write().await?;
        let event = store::tournament_in(&mut tx, id)
            .await?
            .ok_or(TournamentRefusal::Gone)?;
        let Some(rules) = event.rolling else {
            return Ok(0);
        };
        if event.state != TournamentState::Running || event.paused || now >= rules.window_ends_at {
            return Ok(0);
        }
        let entrants = store::tournament_entrants_in(&mut tx, id).await?;
        let busy = busy_players(&mut tx, &event).await?;
        let waiting = queue(&entrants, &busy);
        let mut next = store::tournament_tables_in(&mut tx, id, 1).await?.len();
        let mut formed = Vec::new();
        for group in waiting.chunks(event.seats) {
            let full = group.len() == event.seats;
            let waited = group
                .first()
                .zip(rules.fill_after_secs)
                .is_some_and(|((_, w), fill)| w.since + i64::from(fill) <= now);
            if !full && !waited {
                break;
            }
            let queued: Vec<(UserId, i64)> =
                group.iter().map(|(e, w)| (e.user, w.interaction)).collect();
            let seats = rolling_seats(&event.secret, next, &queued, event.seats - group.len());
            store::insert_rolling_table(&mut tx, id, next, &seats, &queued).await?;
            for (user, _) in &queued {
                store::set_tournament_waiting(&mut tx, id, *user, None).await?;
            }
            formed.push(next);
            next += 1;
        }
        if formed.is_empty() {
            return Ok(0);
        }
        tx.commit().await?;
        Ok(formed.len())
    }

    /// Ends a rolling event whose window has closed once its last table has finished: its
    /// final standings (the secret revealed). `None` while a table still plays, or when the
    /// event is not a running rolling one whose window has closed. The queue is emptied once
    /// the window has closed.
    ///
    /// # Errors
    /// [`TournamentRefusal::Gone`] or a store error.
    pub async fn finish_rolling(
        &self,
        id: TournamentId,
    ) -> Result<Option<Standings>, ServiceError> {
        let now = self.clock.now();
        let mut tx = self.store.begin_write().await?;
        let event = store::tournament_in(&mut tx, id)
            .await?
            .ok_or(TournamentRefusal::Gone)?;
        let closed = event.rolling.is_some_and(|r| now >= r.window_ends_at);
        if event.state != TournamentState::Running || !closed {
            return Ok(None);
        }
        store::clear_tournament_queue(&mut tx, id).await?;
        let playing = !store::unfinished_tournament_tables_in(&mut tx, id)
            .await?
            .is_empty();
        if !playing {
            store::set_tournament_state(&mut tx, id, TournamentState::Finished, 1, None).await?;
        }
        tx.commit().await?;
        if playing {
            return Ok(None);
        }
        Ok(Some(self.tournament_standings(id).await?))
    }

    /// The organiser closes a rolling event's window now: no table forms after this, the
    /// queue empties, and the event ends when its tables in play have finished.
    pub(super) async fn close_rolling_window(
        &self,
        tx: &mut TxConn,
        event: &Tournament,
    ) -> Result<(), ServiceError> {
        let now = self.clock.now();
        if event.rolling.is_some_and(|r| r.window_ends_at > now) {
            store::set_tournament_window_end(tx, event.id, now).await?;
        }
        store::clear_tournament_queue(tx, event.id).await?;
        Ok(())
    }

    /// What each running rolling event of the guilds this process sweeps needs now, from one
    /// read.
    ///
    /// # Errors
    /// A store error.
    pub async fn rolling_due(&self) -> Result<Vec<RollingDue>, ServiceError> {
        let now = self.clock.now();
        let events = self.store.rolling_sweep().await?;
        Ok(events.iter().map(|e| RollingDue::of(e, now)).collect())
    }

    /// Running rolling events of the guilds this process sweeps.
    ///
    /// # Errors
    /// A store error.
    pub async fn rolling_tournaments(&self) -> Result<Vec<TournamentId>, ServiceError> {
        Ok(self.store.rolling_tournaments().await?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const NOW: i64 = 1_000_000;

    fn event() -> RollingSweep {
        RollingSweep {
            id: TournamentId(3),
            seats: 4,
            paused: false,
            window_ends_at: NOW + 600,
            fill_after_secs: Some(300),
            waiting: 0,
            waiting_since: None,
            unfinished_tables: 2,
        }
    }

    #[test]
    fn a_quiet_event_needs_no_write() {
        let due = RollingDue::of(&event(), NOW);
        assert_eq!((due.seat, due.closed, due.finish), (false, false, false));
        // Some wait, not enough for a table nor long enough for computers.
        let few = RollingSweep {
            waiting: 3,
            waiting_since: Some(NOW - 299),
            ..event()
        };
        assert!(!RollingDue::of(&few, NOW).seat);
    }

    #[test]
    fn a_queue_is_seated_when_a_table_is_full_or_the_longest_wait_is_over() {
        let full = RollingSweep {
            waiting: 4,
            waiting_since: Some(NOW),
            ..event()
        };
        assert!(RollingDue::of(&full, NOW).seat);
        let waited = RollingSweep {
            waiting: 1,
            waiting_since: Some(NOW - 300),
            ..event()
        };
        assert!(RollingDue::of(&waited, NOW).seat);
        let never = RollingSweep {
            fill_after_secs: None,
            ..waited
        };
        assert!(!RollingDue::of(&never, NOW).seat);
        let paused = RollingSweep {
            paused: true,
            ..full
        };
        assert!(!RollingDue::of(&paused, NOW).seat);
        // After the window, nobody is seated.
        assert!(!RollingDue::of(&full, NOW + 600).seat);
    }

    #[test]
    fn after_the_window_the_queue_is_emptied_and_the_event_ends_once_no_table_plays() {
        let closed = NOW + 600;
        let playing = RollingDue::of(&event(), closed);
        assert_eq!((playing.closed, playing.finish), (true, false));
        let queued = RollingSweep {
            waiting: 1,
            waiting_since: Some(NOW),
            ..event()
        };
        assert!(RollingDue::of(&queued, closed).finish);
        let over = RollingSweep {
            unfinished_tables: 0,
            ..event()
        };
        assert!(RollingDue::of(&over, closed).finish);
        assert!(!RollingDue::of(&over, closed - 1).finish);
    }
}
