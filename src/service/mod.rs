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

use crate::clock::Clock;
use crate::engine::deck::DeckSeed;
use crate::engine::view::SeatView;
use crate::engine::{Action, EndReason, Event, Game, RuleOptions, Seat, SeededGame};
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
    /// Each player's time bank for the game, drained only by turns that run over.
    pub time_bank_secs: i64,
    /// The server's season the match counts for.
    pub season: i64,
    /// Language of the match's public messages.
    pub lang: crate::i18n::Lang,
}

/// The result of a committed action.
#[derive(Debug, Clone)]
pub struct Applied {
    pub version: i64,
    /// The seat whose click (or timeout) this was.
    pub seat: Seat,
    pub events: Vec<Event>,
    /// Every move committed, in order, with who made it happen (a click can be followed by
    /// a riichi player's automatic discard; a timeout plays a whole turn).
    pub moves: Vec<(Seat, Move, Origin)>,
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
    clock: Clock,
}

impl MatchService {
    /// A service on the system clock.
    pub fn new(store: Store) -> MatchService {
        MatchService::with_clock(store, Clock::system())
    }

    /// A service on a given clock (tests move a manual one).
    pub fn with_clock(store: Store, clock: Clock) -> MatchService {
        MatchService { store, clock }
    }

    pub fn store(&self) -> &Store {
        &self.store
    }

    pub fn clock(&self) -> &Clock {
        &self.clock
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
        let now = self.clock.now();
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
            time_bank_secs: new.time_bank_secs,
            season: new.season,
            locale: new.lang.id(),
            state: &state,
            turn_deadline: Some(now + new.turn_timeout_secs + new.time_bank_secs),
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
    /// transaction; on any error nothing is written. A riichi player's automatic discard that
    /// follows (rules §5) is applied in the same transaction.
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
        self.act(
            match_id,
            user_id,
            Some(expected_version),
            Move::Play(action),
        )
        .await
    }

    /// `user_id` resigns: the match ends as their loss. `expected_version` is the version
    /// the confirmation was shown for (`None`: whatever the match is at now).
    ///
    /// # Errors
    /// As [`MatchService::apply`].
    pub async fn resign(
        &self,
        match_id: i64,
        user_id: i64,
        expected_version: Option<i64>,
    ) -> Result<Applied, ServiceError> {
        self.act(
            match_id,
            user_id,
            expected_version,
            Move::Concede(EndReason::Resigned),
        )
        .await
    }

    async fn act(
        &self,
        match_id: i64,
        user_id: i64,
        expected_version: Option<i64>,
        mv: Move,
    ) -> Result<Applied, ServiceError> {
        let mut tx = self.store.begin_write().await?;
        let loaded = load_active(&mut tx, match_id).await?;
        let seat = loaded.seat_of(user_id).ok_or(ServiceError::NotSeated)?;
        if expected_version.is_some_and(|v| v != loaded.meta.version) {
            return Err(ServiceError::Conflict {
                current_version: loaded.meta.version,
                view: Box::new(loaded.game.game.seat_view(seat)),
            });
        }
        let origin = match mv {
            Move::Play(_) => Origin::Player,
            Move::Concede(_) => Origin::Resign,
        };
        let mut turn = Turn::new(loaded, self.clock.now());
        turn.play(&mut tx, seat, mv, origin).await?;
        turn.auto_discards(&mut tx).await?;
        let applied = turn.finish(&mut tx, seat).await?;
        tx.commit().await?;
        Ok(applied)
    }

    /// Plays for the player whose turn deadline has passed (rules of the bot, not the game):
    /// the safest legal minimum for their whole turn — decline a claim or draw from the
    /// fullest pile, then discard the card drawn — or, at their third timeout in a row, ends
    /// the match as their forfeit. `None` when the match is not (or no longer) due: another
    /// action or sweep got there first. One transaction.
    ///
    /// # Errors
    /// [`ServiceError::NotFound`] or a store error.
    pub async fn run_timeout(&self, match_id: i64) -> Result<Option<Applied>, ServiceError> {
        let mut tx = self.store.begin_write().await?;
        let loaded = match load_active(&mut tx, match_id).await {
            Ok(loaded) => loaded,
            Err(ServiceError::Finished) => return Ok(None),
            Err(e) => return Err(e),
        };
        let now = self.clock.now();
        let due = loaded.meta.turn_deadline.is_some_and(|d| d <= now);
        let Some(seat) = loaded.game.game.to_act().filter(|_| due) else {
            return Ok(None);
        };
        let mut turn = Turn::new(loaded, now);
        turn.timeouts[seat.index()] += 1;
        if turn.timeouts[seat.index()] >= FORFEIT_AFTER_TIMEOUTS {
            turn.play(
                &mut tx,
                seat,
                Move::Concede(EndReason::Forfeit),
                Origin::Forfeit,
            )
            .await?;
        } else {
            // The whole turn: keep playing the minimum while it is still this seat's.
            while let Some(action) = turn
                .game()
                .timeout_action()
                .filter(|_| turn.game().to_act() == Some(seat))
            {
                turn.play(&mut tx, seat, Move::Play(action), Origin::Timeout)
                    .await?;
            }
            turn.auto_discards(&mut tx).await?;
        }
        let applied = turn.finish(&mut tx, seat).await?;
        tx.commit().await?;
        Ok(Some(applied))
    }
}

/// Consecutive timeouts that forfeit a match.
pub const FORFEIT_AFTER_TIMEOUTS: i64 = 3;

/// What a player (or the bot for them) does: a game action, or giving the game up.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Move {
    Play(Action),
    Concede(EndReason),
}

/// Who made a logged action happen (the event log's `origin`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Origin {
    Player,
    /// A riichi player's drawn card, discarded for them (rules §5).
    Auto,
    /// The bot, for a player whose time ran out.
    Timeout,
    Resign,
    Forfeit,
}

impl Origin {
    pub fn id(self) -> &'static str {
        match self {
            Origin::Player => "player",
            Origin::Auto => "auto",
            Origin::Timeout => "timeout",
            Origin::Resign => "resign",
            Origin::Forfeit => "forfeit",
        }
    }

    pub fn from_id(id: &str) -> Option<Origin> {
        [
            Origin::Player,
            Origin::Auto,
            Origin::Timeout,
            Origin::Resign,
            Origin::Forfeit,
        ]
        .into_iter()
        .find(|o| o.id() == id)
    }
}

/// The logged form of a concession (a game action is logged as the engine's JSON).
#[derive(Debug, serde::Serialize, serde::Deserialize)]
#[serde(tag = "type", rename = "concede")]
struct LoggedConcession {
    reason: EndReason,
}

/// A logged action as written in the event log's `action` column.
pub fn logged_move(action_json: &str) -> Result<Move, serde_json::Error> {
    match serde_json::from_str::<Action>(action_json) {
        Ok(action) => Ok(Move::Play(action)),
        Err(e) => serde_json::from_str::<LoggedConcession>(action_json)
            .map(|c| Move::Concede(c.reason))
            .map_err(|_| e),
    }
}

fn move_json(mv: Move) -> String {
    match mv {
        Move::Play(action) => serde_json::to_string(&action),
        Move::Concede(reason) => serde_json::to_string(&LoggedConcession { reason }),
    }
    .expect("moves serialise")
}

/// Applies a move to a seeded game.
///
/// # Errors
/// The engine's refusal; the game is unchanged then.
pub fn apply_move(
    game: &mut SeededGame,
    seat: Seat,
    mv: Move,
) -> Result<Vec<Event>, crate::engine::RuleError> {
    match mv {
        Move::Play(action) => game.apply(seat, action),
        Move::Concede(reason) => game.concede(seat, reason),
    }
}

async fn load_active(
    tx: &mut sqlx::SqliteConnection,
    match_id: i64,
) -> Result<Loaded, ServiceError> {
    let row = store::load_match_in(&mut *tx, match_id)
        .await?
        .ok_or(ServiceError::NotFound(match_id))?;
    let loaded = decode(row)?;
    if loaded.meta.is_finished() {
        return Err(ServiceError::Finished);
    }
    Ok(loaded)
}

/// One or more moves inside one transaction: each is logged with its origin, ledger rows
/// and stats counters are written as they happen, and the match row once at the end.
struct Turn {
    loaded: Loaded,
    now: i64,
    version: i64,
    banks: [i64; 2],
    timeouts: [i64; 2],
    events: Vec<Event>,
    moves: Vec<(Seat, Move, Origin)>,
}

impl Turn {
    fn new(loaded: Loaded, now: i64) -> Turn {
        Turn {
            version: loaded.meta.version,
            banks: loaded.meta.banks(),
            timeouts: loaded.meta.timeouts(),
            loaded,
            now,
            events: Vec::new(),
            moves: Vec::new(),
        }
    }

    fn game(&self) -> &Game {
        &self.loaded.game.game
    }

    async fn play(
        &mut self,
        tx: &mut sqlx::SqliteConnection,
        seat: Seat,
        mv: Move,
        origin: Origin,
    ) -> Result<(), ServiceError> {
        let before = self.loaded.game.game.clone();
        let events = apply_move(&mut self.loaded.game, seat, mv).map_err(ServiceError::Illegal)?;
        self.charge_time(seat, origin);
        self.version += 1;
        let match_id = self.loaded.meta.id;
        let row = EventRow {
            seq: self.version,
            seat: seat.index() as i64,
            action: move_json(mv),
            events: serde_json::to_string(&events).expect("events serialise"),
            created_at: self.now,
            origin: origin.id().to_string(),
        };
        store::append_event(tx, match_id, &row).await?;
        let game = &self.loaded.game.game;
        store::append_ledger(
            tx,
            match_id,
            &ledger::rows_for_action(&before, game, &events),
        )
        .await?;
        stats::record_move(tx, &self.loaded.meta, &before, game, seat, mv).await?;
        self.events.extend(events);
        self.moves.push((seat, mv, origin));
        Ok(())
    }

    /// A player's own move ends their run of timeouts and takes any overrun of the turn
    /// time from their bank; a timeout empties the bank (the deadline included it).
    fn charge_time(&mut self, seat: Seat, origin: Origin) {
        let i = seat.index();
        match origin {
            Origin::Player | Origin::Resign => {
                let started = self.loaded.meta.turn_started_at.unwrap_or(self.now);
                let overrun = (self.now - started - self.loaded.meta.turn_timeout_secs).max(0);
                self.banks[i] = (self.banks[i] - overrun).max(0);
                self.timeouts[i] = 0;
            }
            Origin::Timeout | Origin::Forfeit => self.banks[i] = 0,
            Origin::Auto => {}
        }
    }

    /// A riichi player's drawn card that does not win is discarded for them (rules §5).
    async fn auto_discards(&mut self, tx: &mut sqlx::SqliteConnection) -> Result<(), ServiceError> {
        while let Some(auto) = self.game().riichi_auto_discard() {
            let seat = self.game().to_act().expect("someone acts");
            self.play(tx, seat, Move::Play(auto), Origin::Auto).await?;
        }
        Ok(())
    }

    /// Writes the match row (version, snapshot, deadline, banks, result) and, at the end of
    /// the game, both players' stats and ratings.
    async fn finish(
        self,
        tx: &mut sqlx::SqliteConnection,
        seat: Seat,
    ) -> Result<Applied, ServiceError> {
        let game = &self.loaded.game.game;
        let state = game.to_json();
        let finished = game.outcome.map(|o| {
            (
                o.winner.index() as i64,
                o.reason.id(),
                game.balances.to_array(),
            )
        });
        let deadline = game
            .to_act()
            .map(|next| self.now + self.loaded.meta.turn_timeout_secs + self.banks[next.index()]);
        let update = store::MatchUpdate {
            id: self.loaded.meta.id,
            version: self.version,
            state: &state,
            turn_deadline: deadline.filter(|_| finished.is_none()),
            finished,
            now: self.now,
            banks: self.banks,
            timeouts: self.timeouts,
        };
        store::update_match(tx, &update).await?;
        if game.is_over() {
            stats::record_game(tx, &self.loaded.meta, game).await?;
        }
        let mut meta = self.loaded.meta;
        meta.version = self.version;
        meta.turn_deadline = update.turn_deadline;
        meta.turn_started_at = Some(self.now);
        meta.bank0 = self.banks[0];
        meta.bank1 = self.banks[1];
        meta.timeouts0 = self.timeouts[0];
        meta.timeouts1 = self.timeouts[1];
        if let Some((winner, reason, _)) = finished {
            meta.status = "finished".into();
            meta.winner_seat = Some(winner);
            meta.end_reason = Some(reason.to_string());
        }
        Ok(Applied {
            version: self.version,
            seat,
            events: self.events,
            moves: self.moves,
            game: self.loaded.game.game,
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
