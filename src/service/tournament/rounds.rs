//! A round's tables started as matches: each table in a transaction of its own that reads the
//! table under the event's lock, starts its match (seats as the seating gave them, East
//! first, computers at `normal`) with its thread and table in the outbox, and records the
//! match on the table — so a table is started exactly once, whoever tries it again (a restart,
//! another process).

use super::signup::TournamentRefusal;
use crate::games::interface::seat::Seat;
use crate::games::interface::{Hosted, Level};
use crate::games::registry::with_game;
use crate::service::challenges::match_with_settings;
use crate::service::{MatchService, ServiceError};
use crate::store::{
    self, MatchMeta, Notice, Occupant, StoreError, Tournament, TournamentId, TournamentState,
    TxConn, UserId,
};

/// A table just started.
#[derive(Debug, Clone)]
pub struct StartedTable {
    pub event: TournamentId,
    pub name: String,
    pub round: u32,
    /// Its number in the round, from 0.
    pub table: usize,
    pub meta: MatchMeta,
    /// Its occupants in seat order (`None`: a computer).
    pub seats: Vec<Option<UserId>>,
    /// The match plays in a thread of its own (the server's setting).
    pub in_thread: bool,
    /// A rolling event's table (numbered in the order its tables formed; no rounds).
    pub rolling: bool,
}

impl MatchService {
    /// Which event's table `match_id` is (its thread is named after it), if any.
    ///
    /// # Errors
    /// A store error.
    pub async fn event_table(
        &self,
        match_id: crate::store::MatchId,
    ) -> Result<Option<crate::store::EventTable>, ServiceError> {
        Ok(self.store.table_of_match(match_id).await?)
    }

    /// Starts every table of the event's current round that has no match yet; the tables
    /// started now (none when another process or an earlier run did them all).
    ///
    /// # Errors
    /// [`TournamentRefusal::Gone`] or a store error (the tables started before it stay
    /// started).
    pub async fn start_tournament_tables(
        &self,
        id: TournamentId,
    ) -> Result<Vec<StartedTable>, ServiceError> {
        let SignUpRound { round, tables } = self.current_round(id).await?;
        let mut started = Vec::new();
        for table in tables {
            if let Some(done) = self.start_table(id, round, table).await? {
                started.push(done);
            }
        }
        Ok(started)
    }

    /// Running events with a table of their current round not started yet (to finish after a
    /// restart), of the guilds this process sweeps.
    ///
    /// # Errors
    /// A store error.
    pub async fn tournaments_to_start(&self) -> Result<Vec<TournamentId>, ServiceError> {
        Ok(self.store.tournaments_with_unstarted_tables().await?)
    }

    async fn current_round(&self, id: TournamentId) -> Result<SignUpRound, ServiceError> {
        let event = self
            .store
            .tournament(id)
            .await?
            .ok_or(TournamentRefusal::Gone)?;
        if event.state != TournamentState::Running {
            return Ok(SignUpRound {
                round: event.round,
                tables: Vec::new(),
            });
        }
        let tables = self.store.tournament_tables(id, event.round).await?;
        Ok(SignUpRound {
            round: event.round,
            tables: tables
                .into_iter()
                .filter(|t| t.match_id.is_none())
                .map(|t| t.table)
                .collect(),
        })
    }

    /// Starts one table of `round` in one transaction, unless it has its match already (or
    /// the event has moved on): the table started, `None` otherwise.
    ///
    /// # Errors
    /// [`TournamentRefusal::Gone`] or a store error (nothing written then).
    pub async fn start_table(
        &self,
        id: TournamentId,
        round: u32,
        table: usize,
    ) -> Result<Option<StartedTable>, ServiceError> {
        let mut tx = self.store.begin_write().await?;
        // The event's row lock: two starts of one table wait for each other.
        let event = store::tournament_in(&mut tx, id)
            .await?
            .ok_or(TournamentRefusal::Gone)?;
        if event.state != TournamentState::Running || event.round != round {
            return Ok(None);
        }
        let Some(started) = self.start_table_in(&mut tx, event, table).await? else {
            return Ok(None);
        };
        tx.commit().await?;
        Ok(Some(started))
    }

    /// Starts table `table` of the event's current round inside `tx` (which holds the event's
    /// lock), unless it has its match already: the table started, `None` otherwise (then the
    /// caller must not commit: a match may have been written). A re-seat
    /// starts its table's new match through it, in its own transaction.
    pub(super) async fn start_table_in(
        &self,
        tx: &mut TxConn,
        event: Tournament,
        table: usize,
    ) -> Result<Option<StartedTable>, ServiceError> {
        let (id, round) = (event.id, event.round);
        let tables = store::tournament_tables_in(tx, id, round).await?;
        let Some(row) = tables
            .into_iter()
            .find(|t| t.table == table && t.match_id.is_none())
        else {
            return Ok(None);
        };
        let entrants = store::tournament_entrants_in(tx, id).await?;
        let name_of = |user: UserId| {
            entrants
                .iter()
                .find(|e| e.user == user)
                .map_or("", |e| e.name.as_str())
        };
        let players: Vec<Occupant> = row
            .seats
            .iter()
            .map(|seat| match seat {
                Some(user) => Occupant::player(*user, name_of(*user)),
                None => Occupant::Computer(Level::Normal),
            })
            .collect();
        let settings = store::guild_settings_in(tx, event.guild_id).await?;
        let open = Notice::Open {
            anchor: None,
            in_thread: settings.use_threads,
        };
        let meta = with_game!(event.game, G => {
            let mut new = match_with_settings::<G>(
                (event.guild_id, event.channel_id),
                players,
                &settings,
                event.lang,
            );
            if let Some(options) = event_options::<G>(&event)? {
                new.options = options;
            }
            // The seating's seat order, East (the first dealer) first.
            new.first_dealer = Some(Seat::ZERO);
            self.start_in::<G>(tx, &new, open).await?.meta
        });
        if settings.use_threads {
            // Before the commit: no worker may open the thread before the table's message is
            // posted (`anchors.rs`).
            self.anchors.hold(meta.id);
        }
        if !store::set_tournament_table_match(tx, id, round, table, meta.id).await? {
            // Cannot happen under the event's lock; the caller does not commit on `None`.
            return Ok(None);
        }
        Ok(Some(StartedTable {
            event: id,
            name: event.name,
            round,
            table,
            meta,
            seats: row.seats,
            in_thread: settings.use_threads,
            rolling: event.rolling.is_some(),
        }))
    }
}

/// The game's options the event fixed when it was created; `None` for an event created before
/// events had their own (its tables play the server's options of the day).
fn event_options<G: Hosted>(event: &Tournament) -> Result<Option<G::Options>, StoreError> {
    if event.options.as_object().is_some_and(|o| o.is_empty()) {
        return Ok(None);
    }
    serde_json::from_value(event.options.clone())
        .map(Some)
        .map_err(|e| StoreError::Corrupt {
            table: "tournaments",
            row: event.id.0.to_string(),
            column: "options",
            detail: e.to_string(),
        })
}

/// The tables of an event's current round still to start.
struct SignUpRound {
    round: u32,
    tables: Vec<usize>,
}
