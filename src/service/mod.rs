//! The match service: owns live matches. One player action is one transaction: check the
//! version the player saw, apply the action through the engine, append the event, update the
//! snapshot, write the ledger, and at the end of a game update both players' stats and
//! ratings — all or nothing, before anyone is told it happened.

mod error;
mod ledger;
mod stats;
mod verify;

pub use error::ServiceError;
pub use verify::VerifyError;

use crate::engine::deck::DeckSeed;
use crate::engine::view::SeatView;
use crate::engine::{Action, Event, Game, RuleOptions, Seat, SeededGame};
use crate::store::{self, EventRow, MatchMeta, MatchRow, Store};

/// A match to start from an accepted challenge.
#[derive(Debug, Clone)]
pub struct NewMatch {
    pub guild_id: i64,
    pub channel_id: i64,
    /// Seat 0 and seat 1.
    pub players: [i64; 2],
    pub first_dealer: Seat,
    pub options: RuleOptions,
    /// Seconds a player has for a turn.
    pub turn_timeout_secs: i64,
}

/// The result of a committed action.
#[derive(Debug, Clone)]
pub struct Applied {
    pub version: i64,
    pub seat: Seat,
    pub events: Vec<Event>,
    pub game: Game,
    pub meta: MatchMeta,
}

/// A loaded match.
#[derive(Debug, Clone)]
pub struct Loaded {
    pub meta: MatchMeta,
    pub game: SeededGame,
}

impl Loaded {
    /// The seat of a user, if seated.
    pub fn seat_of(&self, user_id: i64) -> Option<Seat> {
        seat_of(&self.meta, user_id)
    }
}

fn seat_of(meta: &MatchMeta, user_id: i64) -> Option<Seat> {
    if user_id == meta.player0_id {
        Some(Seat::Zero)
    } else if user_id == meta.player1_id {
        Some(Seat::One)
    } else {
        None
    }
}

/// The match service over a store.
#[derive(Clone)]
pub struct MatchService {
    store: Store,
}

impl MatchService {
    pub fn new(store: Store) -> MatchService {
        MatchService { store }
    }

    pub fn store(&self) -> &Store {
        &self.store
    }

    /// Starts a match with a fresh secret seed; the first round is dealt and its ante paid.
    ///
    /// # Errors
    /// A store error; nothing is written then.
    pub async fn create_match(&self, new: &NewMatch) -> Result<(i64, Game), ServiceError> {
        let (game, _) = SeededGame::new(new.first_dealer, new.options.clone());
        self.create_with_game(new, game).await
    }

    /// Starts a match with a given seed (replays, tests and benchmarks).
    ///
    /// # Errors
    /// As [`MatchService::create_match`].
    pub async fn create_match_with_seed(
        &self,
        new: &NewMatch,
        seed: DeckSeed,
    ) -> Result<(i64, Game), ServiceError> {
        let (game, _) = SeededGame::with_seed(seed, new.first_dealer, new.options.clone());
        self.create_with_game(new, game).await
    }

    async fn create_with_game(
        &self,
        new: &NewMatch,
        game: SeededGame,
    ) -> Result<(i64, Game), ServiceError> {
        let now = store::now();
        let options = serde_json::to_string(&new.options).expect("options serialise");
        let state = game.game.to_json();
        let row = store::NewMatchRow {
            guild_id: new.guild_id,
            channel_id: new.channel_id,
            players: new.players,
            first_dealer: new.first_dealer.index() as i64,
            rule_options: &options,
            seed: &game.seed,
            turn_timeout_secs: new.turn_timeout_secs,
            state: &state,
            turn_deadline: Some(now + new.turn_timeout_secs),
            now,
        };
        let mut tx = self.store.begin_write().await?;
        let id = store::insert_match(&mut tx, &row).await?;
        let opening = ledger::rows_for(&game.game.pending_transfers, 0);
        store::append_ledger(&mut tx, id, &opening).await?;
        tx.commit().await?;
        Ok((id, game.game))
    }

    /// A match with its state.
    ///
    /// # Errors
    /// [`ServiceError::NotFound`], or a store error for damaged data.
    pub async fn load(&self, match_id: i64) -> Result<Loaded, ServiceError> {
        let row = self
            .store
            .load_match(match_id)
            .await?
            .ok_or(ServiceError::NotFound(match_id))?;
        decode(row)
    }

    /// What one player may see of a match, with the version it was drawn from.
    ///
    /// # Errors
    /// [`ServiceError::NotFound`] or [`ServiceError::NotSeated`].
    pub async fn seat_view(
        &self,
        match_id: i64,
        user_id: i64,
    ) -> Result<(SeatView, i64), ServiceError> {
        let loaded = self.load(match_id).await?;
        let seat = loaded.seat_of(user_id).ok_or(ServiceError::NotSeated)?;
        Ok((loaded.game.game.seat_view(seat), loaded.meta.version))
    }

    /// Applies one action of `user_id`, who saw the match at `expected_version`. One
    /// transaction; on any error nothing is written.
    ///
    /// # Errors
    /// [`ServiceError::NotFound`], [`ServiceError::Finished`], [`ServiceError::NotSeated`],
    /// [`ServiceError::Conflict`] (a stale version: exactly one of two racing actions
    /// commits), [`ServiceError::Illegal`] (the engine's reason), or a store error.
    pub async fn apply(
        &self,
        match_id: i64,
        user_id: i64,
        expected_version: i64,
        action: Action,
    ) -> Result<Applied, ServiceError> {
        let mut tx = self.store.begin_write().await?;
        let row = store::load_match_in(&mut *tx, match_id)
            .await?
            .ok_or(ServiceError::NotFound(match_id))?;
        let mut loaded = decode(row)?;
        if loaded.meta.is_finished() {
            return Err(ServiceError::Finished);
        }
        let seat = loaded.seat_of(user_id).ok_or(ServiceError::NotSeated)?;
        if loaded.meta.version != expected_version {
            return Err(ServiceError::Conflict {
                current_version: loaded.meta.version,
                view: Box::new(loaded.game.game.seat_view(seat)),
            });
        }
        let before = loaded.game.game.clone();
        let events = loaded
            .game
            .apply(seat, action)
            .map_err(ServiceError::Illegal)?;
        let game = &loaded.game.game;
        let version = loaded.meta.version + 1;
        let now = store::now();
        let event_row = EventRow {
            seq: version,
            seat: seat.index() as i64,
            action: serde_json::to_string(&action).expect("actions serialise"),
            events: serde_json::to_string(&events).expect("events serialise"),
            created_at: now,
        };
        store::append_event(&mut tx, match_id, &event_row).await?;
        store::append_ledger(
            &mut tx,
            match_id,
            &ledger::rows_for_action(&before, game, &events),
        )
        .await?;
        let timeout = loaded.meta.turn_timeout_secs;
        let state = game.to_json();
        let finished = game.outcome.map(|o| {
            (
                o.winner.index() as i64,
                o.reason.id(),
                game.balances.to_array(),
            )
        });
        let update = store::MatchUpdate {
            id: match_id,
            version,
            state: &state,
            turn_deadline: finished.is_none().then_some(now + timeout),
            finished,
            now,
        };
        store::update_match(&mut tx, &update).await?;
        if game.is_over() {
            stats::record_game(&mut tx, &loaded.meta, game).await?;
        }
        tx.commit().await?;
        let mut meta = loaded.meta;
        meta.version = version;
        Ok(Applied {
            version,
            seat,
            events,
            game: loaded.game.game,
            meta,
        })
    }
}

fn decode(row: MatchRow) -> Result<Loaded, ServiceError> {
    let corrupt = |what: String| ServiceError::Store(store::StoreError::Corrupt(what));
    let seed: DeckSeed = row
        .meta
        .seed
        .as_slice()
        .try_into()
        .map_err(|_| corrupt(format!("match {} has a bad seed", row.meta.id)))?;
    let game =
        Game::from_json(&row.state).map_err(|e| corrupt(format!("match {}: {e}", row.meta.id)))?;
    Ok(Loaded {
        meta: row.meta,
        game: SeededGame { seed, game },
    })
}
