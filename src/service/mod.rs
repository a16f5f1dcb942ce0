//! The match service: every use case of the bot, and the only door to the store. One player
//! action is one transaction (see [`play`]): check the version the player saw, apply the
//! action through the engine, append the event, update the snapshot, write the ledger, and
//! at the end of a game update both players' stats and ratings — all or nothing, before
//! anyone is told it happened.

mod anchors;
mod auto;
mod challenges;
mod click;
mod error;
mod export;
mod highlights;
mod outbox;
mod play;
mod practice;
mod records;
mod removals;
mod replay;
mod round;
mod settings;
mod stats;
mod table;
mod teaching;
pub mod tournament;
mod verify;
mod watching;

pub use challenges::{
    ChallengeAnswer, Named, NewChallenge, NewTable, PostedChallenge, TableClick, MAX_OPPONENTS,
};
pub use click::{ClickTx, MatchRead};
pub use error::{ChallengeRefusal, ServiceError};
pub use export::{Attachment, ExportFile};
pub use highlights::{HighlightBoard, BOARD_PER_CATEGORY};
pub use outbox::{OpenAnchor, ShowState};
pub use play::{Applied, Committed, FORFEIT_AFTER_TIMEOUTS};
pub use practice::{NewPractice, PracticeRecord, StartedPractice, MAX_CONCURRENT_SEARCHES};
pub use records::{LeaderboardPage, LedgerOf, LedgerPage, HISTORY_LEN, PAGE};
pub use replay::ReplayStep;
pub use settings::{public_lang, SettingLimit, SettingsChange, SettingsRefusal};
pub use table::TableState;
pub use teaching::{Explained, WhyMove};
pub use tournament::{
    Added, Advanced, ClosedEvent, Meetings, NewEvent, NoShows, PastEvent, Reseated, ResultsCsv,
    RollingDue, RollingRules, RoundSeated, SignUp, Standing, Standings, StartedTable,
    TournamentRefusal, Verification,
};
pub use verify::{Repair, VerifyError};
pub use watching::{hands_shown_late, PreviousRound, Watched};

/// The rows and ids the Discord layer shows, from the store through this one door.
pub use crate::store::{
    Challenge, ChallengeId, ChallengeKind, ChannelId, DamagedEntry, Entrant, EventRow, EventTable,
    GuildId, GuildSettings, HistoryRow, LeaderboardRow, LedgerRow, LocaleSetting, MatchId,
    MatchMeta, MessageId, Move, Notice, Occupant, Origin, OutboxEntry, OutboxId, Pending,
    PlayerStats, Rolling, SeatMeta, Shards, Shown, StoreError, StoredHighlight, Tournament,
    TournamentFiller, TournamentFormat, TournamentId, TournamentState, TournamentTable, Turn,
    UserId, Waiting, DEFAULT_DATABASE_URL,
};

use std::sync::Arc;

use crate::clock::Clock;
use crate::games::interface::deal::fresh_seed;
use crate::games::interface::deal::seating;
use crate::games::interface::deal::DeckSeed;
use crate::games::interface::seat::{PerSeat, Seat, SeatCount};
use crate::games::interface::Budget;
use crate::games::interface::Hosted;
use crate::games::registry::GameId;
use crate::store::{self, Store};

/// A match of game `G` to start (from an accepted challenge, a started table, practice).
#[derive(Debug, Clone)]
pub struct NewMatch<G: crate::games::interface::Play> {
    pub guild_id: GuildId,
    pub channel_id: ChannelId,
    /// Who plays (players and computers), in the order they came to the table: the one who
    /// challenged or opened it first. At a table of two they sit in this order; at a larger
    /// one the match's seed seats them (see [`crate::games::interface::deal::seating`]).
    pub players: Vec<Occupant>,
    /// The first dealer; `None`: drawn from the match's seed.
    pub first_dealer: Option<Seat>,
    pub options: G::Options,
    /// Seconds a player has for a turn.
    pub turn_timeout_secs: i64,
    /// Each player's time bank for the game, drained only by turns that run over.
    pub time_bank_secs: i64,
    /// Seconds each asked player has to answer a claim window.
    pub claim_secs: i64,
    /// The server's season the match counts for.
    pub season: i64,
    /// Language of the match's public messages.
    pub lang: crate::i18n::Lang,
    /// A timed-out turn is played by the `normal` computer (the server's setting).
    pub afk_computer: bool,
    /// Anyone in the server may watch the table (its players did not forbid it).
    pub watchable: bool,
    /// A teaching match (issue 39): hints for every player, never rated.
    pub teach: bool,
}

impl<G: Hosted> NewMatch<G> {
    /// The table's size, `None` unless 2 to 4 players.
    pub fn seat_count(&self) -> Option<SeatCount> {
        SeatCount::new(self.players.len())
    }
}

/// A loaded match of game `G`.
#[derive(Debug)]
pub struct Loaded<G: crate::games::interface::Play> {
    pub meta: MatchMeta,
    /// The secret seed that deals every round (shown only once the match is over).
    pub seed: DeckSeed,
    pub options: G::Options,
    pub state: G::State,
}

// By hand: a derive would ask the game's marker type to be `Clone` too.
impl<G: crate::games::interface::Play> Clone for Loaded<G> {
    fn clone(&self) -> Self {
        Loaded {
            meta: self.meta.clone(),
            seed: self.seed,
            options: self.options.clone(),
            state: self.state.clone(),
        }
    }
}

impl<G: Hosted> Loaded<G> {
    /// The seat of a user, if seated.
    pub fn seat_of(&self, user: UserId) -> Option<Seat> {
        self.meta.seat_of(user)
    }

    /// A stored match as game `G`'s: [`ServiceError::NotHosted`] when it is another game's
    /// (a caller that plays one game was handed another's match), a damaged state as the
    /// store reports it.
    fn decode(row: store::MatchRow) -> Result<Loaded<G>, ServiceError> {
        if row.meta.game.id() != G::ID {
            return Err(ServiceError::NotHosted(row.meta.game));
        }
        let row = row.decode::<G>()?;
        Ok(Loaded {
            meta: row.meta,
            seed: row.seed,
            options: row.options,
            state: row.state,
        })
    }
}

/// When the first seats to act run out of time: a player's first turn (the turn time and
/// their bank) or a claim window; none when only computers act, nor in a teaching match.
fn opening_deadline<G: Hosted>(
    new: &NewMatch<G>,
    seats: &PerSeat<SeatMeta>,
    state: &G::State,
    now: i64,
) -> Option<i64> {
    if new.teach {
        return None;
    }
    let acting = G::to_act(state);
    let clocked = acting
        .seats()
        .iter()
        .any(|s| seats[s].played_by_computer().is_none());
    match acting {
        _ if !clocked => None,
        crate::games::interface::Acting::Claims(_) => Some(now + new.claim_secs),
        _ => Some(now + new.turn_timeout_secs + new.time_bank_secs),
    }
}

/// The match service over a store.
#[derive(Clone)]
pub struct MatchService {
    store: Store,
    clock: Clock,
    /// Caps the computer's searches running at once (each takes a blocking thread).
    searches: Arc<tokio::sync::Semaphore>,
    /// The `hard` computer's budget per decision.
    hard_budget: Budget,
    /// The game of each match looked up so far (a match's game never changes).
    games: Arc<std::sync::Mutex<std::collections::HashMap<MatchId, GameId>>>,
    /// Each server's turn-notice delay and when it was read (see `settings.rs`).
    delays: Arc<std::sync::Mutex<std::collections::HashMap<GuildId, (std::time::Instant, i64)>>>,
    /// The last finished round of each watched match as it ended (`watching.rs`).
    late_rounds: watching::LateRounds,
    /// Outbox entries sent and not yet removed from the store (`removals.rs`).
    removals: removals::Removals,
    /// New matches whose thread waits for its first message (`anchors.rs`).
    anchors: anchors::Anchors,
    /// TEST ONLY: every new match gets this deck seed and first dealer.
    #[cfg(feature = "test-support")]
    fixed_deal: Option<(DeckSeed, Seat)>,
}

impl MatchService {
    /// A service on the system clock.
    pub fn new(store: Store) -> MatchService {
        MatchService::with_clock(store, Clock::system())
    }

    /// A service on a given clock (tests move a manual one).
    pub fn with_clock(store: Store, clock: Clock) -> MatchService {
        MatchService {
            store,
            clock,
            searches: Arc::new(tokio::sync::Semaphore::new(MAX_CONCURRENT_SEARCHES)),
            hard_budget: Budget::default(),
            games: Arc::default(),
            delays: Arc::default(),
            late_rounds: watching::LateRounds::default(),
            removals: removals::Removals::default(),
            anchors: anchors::Anchors::default(),
            #[cfg(feature = "test-support")]
            fixed_deal: None,
        }
    }

    /// TEST ONLY: every match this service starts gets this seed and first dealer.
    #[cfg(feature = "test-support")]
    pub fn with_fixed_deal(mut self, deal: Option<(DeckSeed, Seat)>) -> MatchService {
        self.fixed_deal = deal;
        self
    }

    /// Sweeps (due turns, the computer's moves, the outbox, expired challenges) only the
    /// guilds of `shards`: the process running those Discord shards does their work.
    pub fn with_shards(mut self, shards: Shards) -> MatchService {
        self.store = self.store.owning(shards);
        self
    }

    /// Waits for this process's turn to start its Discord shards in the IDENTIFY rate-limit
    /// `buckets` they fall in (the processes of one bot share Discord's pace per bucket); the
    /// turn is held until the value is dropped.
    ///
    /// # Errors
    /// A store error.
    pub async fn take_start_turn(&self, buckets: &[u32]) -> Result<Turn, ServiceError> {
        Ok(self.store.take_start_turn(buckets).await?)
    }

    /// Waits for this process's turn to sync the card art with the application's emojis (the
    /// processes of one bot take turns, so none uploads a face another has just uploaded);
    /// the turn is held until the value is dropped.
    ///
    /// # Errors
    /// A store error.
    pub async fn take_card_art_turn(&self) -> Result<Turn, ServiceError> {
        Ok(self.store.take_card_art_turn().await?)
    }

    /// The `hard` computer's budget per decision (the bot's `COMPUTER_THINK_MS` setting;
    /// tests use a small one, as debug builds are slow).
    pub fn with_hard_budget(mut self, budget: Budget) -> MatchService {
        self.hard_budget = budget;
        self
    }

    /// Opens the store at `url` (created on first start, migrations applied).
    ///
    /// # Errors
    /// A store error naming what is wrong with the path or file.
    pub async fn open(url: &str, clock: Clock) -> Result<MatchService, ServiceError> {
        Ok(MatchService::with_clock(Store::open(url).await?, clock))
    }

    pub fn clock(&self) -> &Clock {
        &self.clock
    }

    /// Closes the store: removes the outbox entries already sent, waits for transactions in
    /// flight, then closes every connection.
    pub async fn close(&self) {
        self.remove_sent().await;
        self.store.close().await;
    }

    /// Whether the store is closed (the process is shutting down).
    pub fn is_closed(&self) -> bool {
        self.store.is_closed()
    }

    /// TEST ONLY: the store underneath, for tests that inspect or damage rows.
    #[cfg(feature = "test-support")]
    pub fn store(&self) -> &Store {
        &self.store
    }

    /// Starts a match with a fresh secret seed; the first round is dealt and its ante paid.
    ///
    /// # Errors
    /// [`ChallengeRefusal::Seats`] when the game does not seat that many; a store error;
    /// nothing is written then.
    pub async fn create_match<G: Hosted>(
        &self,
        new: &NewMatch<G>,
    ) -> Result<(MatchId, G::State), ServiceError> {
        let (seed, dealer) = self.deal(new.first_dealer);
        self.create_match_dealt(new, seed, dealer).await
    }

    /// Starts a match with a given seed (replays, tests and benchmarks).
    ///
    /// # Errors
    /// As [`MatchService::create_match`].
    pub async fn create_match_with_seed<G: Hosted>(
        &self,
        new: &NewMatch<G>,
        seed: DeckSeed,
    ) -> Result<(MatchId, G::State), ServiceError> {
        self.create_match_dealt(new, seed, new.first_dealer).await
    }

    async fn create_match_dealt<G: Hosted>(
        &self,
        new: &NewMatch<G>,
        seed: DeckSeed,
        dealer: Option<Seat>,
    ) -> Result<(MatchId, G::State), ServiceError> {
        let mut tx = self.store.begin_write().await?;
        let (id, state) = self.insert_match(&mut tx, new, &seed, dealer).await?;
        tx.commit().await?;
        Ok((id, state))
    }

    /// The deal of a new match: a fresh secret seed (or the test's fixed deal) and its first
    /// dealer when one is set.
    fn deal(&self, first_dealer: Option<Seat>) -> (DeckSeed, Option<Seat>) {
        #[cfg(feature = "test-support")]
        if let Some((seed, dealer)) = self.fixed_deal {
            return (seed, Some(dealer));
        }
        (fresh_seed(), first_dealer)
    }

    /// Seats the players, deals the first round and writes the new match, its seats, its first
    /// snapshot and its opening ante inside `tx`. Without a first dealer, the seed draws it
    /// and, at a table of more than two, the seats.
    async fn insert_match<G: Hosted>(
        &self,
        tx: &mut store::TxConn,
        new: &NewMatch<G>,
        seed: &DeckSeed,
        first_dealer: Option<Seat>,
    ) -> Result<(MatchId, G::State), ServiceError> {
        let count =
            new.seat_count()
                .filter(|n| G::SEATS.contains(n))
                .ok_or(ChallengeRefusal::Seats {
                    asked: new.players.len(),
                    allowed: G::SEATS,
                })?;
        let (order, drawn) = seating(seed, count);
        let order: Vec<usize> = match first_dealer {
            None if count > SeatCount::TWO => order,
            _ => (0..count.get()).collect(),
        };
        let dealer = first_dealer.unwrap_or(drawn);
        let seats = PerSeat::from_fn(count, |seat| {
            SeatMeta::new(new.players[order[seat.index()]].clone(), new.time_bank_secs)
        });
        let (state, _) = G::start(seed, count, dealer, new.options.clone());
        let now = self.clock.now();
        let row = store::NewMatchRow::<G> {
            guild_id: new.guild_id,
            channel_id: new.channel_id,
            seats: &seats,
            first_dealer: dealer,
            options: &new.options,
            seed,
            turn_timeout_secs: new.turn_timeout_secs,
            claim_secs: new.claim_secs,
            season: new.season,
            lang: new.lang,
            afk_computer: new.afk_computer,
            watchable: new.watchable,
            teach: new.teach,
            state: &state,
            turn_deadline: opening_deadline::<G>(new, &seats, &state, now),
            now,
        };
        let id = store::insert_match(&mut *tx, &row).await?;
        let opening: Vec<store::LedgerRow> = G::ledger(None, &state, &[])
            .into_iter()
            .map(Into::into)
            .collect();
        store::append_ledger(&mut *tx, id, &opening);
        Ok((id, state))
    }

    /// Writes a new match inside `tx` (see [`MatchService::insert_match`]) with its outbox
    /// entry, and reads it back as the caller will show it.
    async fn insert_and_load<G: Hosted>(
        &self,
        tx: &mut store::TxConn,
        new: &NewMatch<G>,
        open: Notice,
    ) -> Result<Loaded<G>, ServiceError> {
        let (seed, dealer) = self.deal(new.first_dealer);
        let (match_id, _) = self.insert_match(&mut *tx, new, &seed, dealer).await?;
        // Its thread and table, committed with the match: shown after any crash.
        store::push_outbox(&mut *tx, match_id, &open, self.clock.now());
        let row = store::load_match_in(&mut *tx, match_id)
            .await?
            .ok_or(ServiceError::NotFound(match_id))?;
        Loaded::decode(row)
    }

    /// A match with its state.
    ///
    /// # Errors
    /// [`ServiceError::NotFound`], or a store error for damaged data.
    pub async fn load<G: Hosted>(&self, match_id: MatchId) -> Result<Loaded<G>, ServiceError> {
        self.load_for_round::<G>(match_id).await
    }

    /// A match with its state, read from the store now.
    async fn load_now<G: Hosted>(&self, match_id: MatchId) -> Result<Loaded<G>, ServiceError> {
        let row = self
            .store
            .load_match(match_id)
            .await?
            .ok_or(ServiceError::NotFound(match_id))?;
        Loaded::decode(row)
    }

    /// The game a match is.
    ///
    /// # Errors
    /// [`ServiceError::NotFound`], or a store error for damaged data.
    pub async fn game_of(&self, match_id: MatchId) -> Result<GameId, ServiceError> {
        let known = self
            .games
            .lock()
            .ok()
            .and_then(|g| g.get(&match_id).copied());
        if let Some(game) = known {
            return Ok(game);
        }
        let game = self
            .store
            .game_of(match_id)
            .await?
            .ok_or(ServiceError::NotFound(match_id))?;
        if let Ok(mut games) = self.games.lock() {
            games.insert(match_id, game);
        }
        Ok(game)
    }

    /// What one player may see of a match, with the version it was drawn from.
    ///
    /// # Errors
    /// [`ServiceError::NotFound`] or [`ServiceError::NotSeated`].
    pub async fn seat_view<G: Hosted>(
        &self,
        match_id: MatchId,
        user: UserId,
    ) -> Result<(G::View, i64), ServiceError> {
        let loaded = self.load::<G>(match_id).await?;
        let seat = loaded.seat_of(user).ok_or(ServiceError::NotSeated)?;
        Ok((G::view(&loaded.state, seat), loaded.meta.version))
    }

    /// A match's row without its state (any game).
    ///
    /// # Errors
    /// [`ServiceError::NotFound`], or a store error for damaged data.
    pub async fn meta(&self, match_id: MatchId) -> Result<MatchMeta, ServiceError> {
        Ok(self
            .store
            .load_match(match_id)
            .await?
            .ok_or(ServiceError::NotFound(match_id))?
            .meta)
    }

    /// The caller's match in play in a channel (or in a match thread of it) and its game, if
    /// any.
    ///
    /// # Errors
    /// A store error.
    pub async fn own_active_game(
        &self,
        channel: ChannelId,
        user: UserId,
    ) -> Result<Option<(MatchId, GameId)>, ServiceError> {
        let Some(id) = self.store.active_match_of(channel, user).await? else {
            return Ok(None);
        };
        Ok(Some((id, self.game_of(id).await?)))
    }

    /// The caller's match in play in a channel (or in a match thread of it), if any.
    ///
    /// # Errors
    /// A store error.
    pub async fn own_active_match<G: Hosted>(
        &self,
        channel: ChannelId,
        user: UserId,
    ) -> Result<Option<(Loaded<G>, Seat)>, ServiceError> {
        let Some(id) = self.store.active_match_of(channel, user).await? else {
            return Ok(None);
        };
        let loaded = self.load::<G>(id).await?;
        let seat = loaded.seat_of(user).ok_or(ServiceError::NotSeated)?;
        Ok(Some((loaded, seat)))
    }

    /// Records where a match is shown (its thread or channel, and the table message).
    ///
    /// # Errors
    /// A store error.
    pub async fn set_match_messages(
        &self,
        match_id: MatchId,
        thread: ChannelId,
        table: MessageId,
    ) -> Result<(), ServiceError> {
        MatchService::forget_round_read(match_id);
        Ok(self
            .store
            .set_match_messages(match_id, thread, table)
            .await?)
    }

    /// Records the match's turn notice (`None`: deleted).
    ///
    /// # Errors
    /// A store error.
    pub async fn set_match_notice(
        &self,
        match_id: MatchId,
        notice: Option<MessageId>,
    ) -> Result<(), ServiceError> {
        MatchService::forget_round_read(match_id);
        Ok(self.store.set_match_notice(match_id, notice).await?)
    }

    /// Ids of active matches whose turn deadline has passed, soonest first.
    ///
    /// # Errors
    /// A store error.
    pub async fn due_matches(&self, limit: i64) -> Result<Vec<MatchId>, ServiceError> {
        Ok(self.store.due_matches(self.clock.now(), limit).await?)
    }

    /// Ids of every match (for `check-db`).
    ///
    /// # Errors
    /// A store error.
    pub async fn match_ids(&self) -> Result<Vec<MatchId>, ServiceError> {
        Ok(self.store.match_ids().await?)
    }

    /// SQLite's integrity check: `"ok"` when the file is sound (on PostgreSQL, which has
    /// none, an answer starting with `"skipped"`).
    ///
    /// # Errors
    /// A store error.
    pub async fn integrity_check(&self) -> Result<String, ServiceError> {
        Ok(self.store.integrity_check().await?)
    }

    /// Copies every table of this (SQLite) database into `target` (an empty PostgreSQL
    /// one), in one transaction of the target: the rows copied per table.
    ///
    /// # Errors
    /// A target that holds data, another pair of backends, a value the target cannot hold,
    /// or a database error; the target is unchanged then.
    pub async fn copy_into(
        &self,
        target: &MatchService,
    ) -> Result<Vec<(&'static str, u64)>, ServiceError> {
        Ok(self.store.copy_into(&target.store).await?)
    }
}
