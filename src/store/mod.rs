//! The store: every SQL statement of the project lives under this module, behind a small API
//! (one file per concern), so that another backend could be added without touching the
//! service or the Discord layer. SQLite through sqlx is the default and needs no set-up;
//! PostgreSQL (a `postgres://` URL) runs the same statements.
//!
//! Two backends, typed columns: the store holds a pool of either backend ([`Store`]), and
//! every statement is written once in the dialect both accept (`$1` placeholders, `ON
//! CONFLICT`, `RETURNING`) inside [`on_conn!`], which expands it once per backend, so each
//! copy is compiled against a concrete sqlx driver (no `Any` driver, whose rows lose their
//! column types). Only what truly differs is written per backend, here and in
//! `test_support.rs`: how a write transaction begins, the read-only probe, the row and
//! advisory locks of `matches::load_in` and [`lock_key`], and the integrity check.

/// Runs `$body` on a [`Conn`], once per backend: `$c` is `&mut SqliteConnection` in one arm
/// and `&mut PgConnection` in the other, so the same text compiles twice, each time against
/// a concrete driver with typed columns.
macro_rules! on_conn {
    ($conn:expr, |$c:ident| $body:expr) => {
        match $conn {
            $crate::store::Conn::Sqlite($c) => $body,
            $crate::store::Conn::Postgres($c) => $body,
        }
    };
}

mod challenges;
mod copy;
mod decode;
mod error;
mod events;
mod held;
mod highlights;
mod ids;
mod ledger;
mod matches;
mod outbox;
mod players;
mod practice;
mod round;
mod seats;
mod settings;
mod sqlite_pool;
mod states;
#[cfg(feature = "test-support")]
mod test_support;
mod tournaments;
mod tournaments_sweep;

use std::str::FromStr;
use std::sync::Arc;
use std::time::Duration;

use sqlx::pool::PoolConnection;
use sqlx::postgres::{PgPool, PgPoolOptions};
use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqliteSynchronous};
use sqlx::{ConnectOptions as _, PgConnection, Postgres, SqliteConnection};

use held::{Held, Value};
use sqlite_pool::{SqliteLease, SqlitePool};
use states::States;

pub use challenges::{
    get as challenge_in, put_takers as put_challenge_takers_in, settle as settle_challenge_in,
    Challenge, ChallengeKind, ChallengeStatus, NewChallenge, Taker, UNRECORDED_GRACE_SECS,
};
pub use copy::TABLES;

pub use error::StoreError;
pub use events::{append as append_event, EventRow, Move, Origin};
pub use highlights::{put as put_highlights, StoredHighlight};
pub use ids::{ChallengeId, ChannelId, GuildId, MatchId, MessageId, TournamentId, UserId};
pub use ledger::{append as append_ledger, LedgerRow, LedgerTotals};
pub use matches::{
    active_between as active_match_between_in, active_of as active_match_of_in,
    cancel as cancel_match_in, insert as insert_match, load_in as load_match_in,
    update as update_match, GameRow, HistoryRow, MatchMeta, MatchRow, MatchStatus, MatchUpdate,
    NewMatchRow,
};
pub use outbox::{
    push as push_outbox, DamagedEntry, Notice, OutboxEntry, OutboxId, Pending, Shown,
};
pub use players::{get as player_in, put as put_player, Board, LeaderboardRow, PlayerStats};
pub use practice::{get as practice_record_in, put as put_practice_record, PracticeRecord};
pub use round::RoundRows;
pub use seats::{set_auto as set_seat_auto, Occupant, SeatMeta};
pub use settings::{get as guild_settings_in, GuildSettings, LocaleSetting};
#[cfg(feature = "test-support")]
pub use test_support::ExplainedQuery;
pub use tournaments::{
    add_entrant as add_tournament_entrant, add_entrant_from as add_tournament_entrant_from,
    clear_queue as clear_tournament_queue, entrants_in as tournament_entrants_in,
    get as tournament_in, grace_of_match as tournament_grace_of_match, insert as insert_tournament,
    insert_rolling_table, insert_tables as insert_tournament_tables, open_in as open_tournament_in,
    other_event_of, players_at_tables_in as players_at_tournament_tables_in,
    remove_entrant as remove_tournament_entrant, reseat_table as reseat_tournament_table,
    seats_that_moved, set_dropped as set_tournament_entrant_dropped,
    set_grace_done as set_tournament_grace_done, set_paused as set_tournament_paused,
    set_rounds as set_tournament_rounds, set_state as set_tournament_state,
    set_table_match as set_tournament_table_match, set_waiting as set_tournament_waiting,
    set_window_end as set_tournament_window_end, tables_in as tournament_tables_in,
    unfinished_tables_in as unfinished_tournament_tables_in, Entrant, EventTable, NewTournament,
    Rolling, Tournament, TournamentFiller, TournamentFormat, TournamentState, TournamentTable,
    Waiting, MAX_RUN,
};
pub use tournaments_sweep::RollingSweep;

/// The database used when `DATABASE_URL` is not set: a file in the working directory,
/// created on first start.
pub const DEFAULT_DATABASE_URL: &str = "sqlite://momojan.db";

/// Which database a store runs on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

/// A borrowed connection of either backend: what every statement of the store runs on.
pub(crate) enum Conn<'a> {
    Sqlite(&'a mut SqliteConnection),
    Postgres(&'a mut PgConnection),
}

impl Conn<'_> {
    /// The same connection, borrowed again for one more statement.
    pub(crate) fn reborrow(&mut self) -> Conn<'_> {
        match self {
            Conn::Sqlite(c) => Conn::Sqlite(c),
            Conn::Postgres(c) => Conn::Postgres(c),
        }
    }
}

/// A connection taken from the pool (returned to it when dropped).
pub(crate) enum Pooled {
    Sqlite(SqliteLease),
    Postgres(PoolConnection<Postgres>),
}

impl Pooled {
    pub(crate) fn conn(&mut self) -> Conn<'_> {
        match self {
            Pooled::Sqlite(c) => Conn::Sqlite(c),
            Pooled::Postgres(c) => Conn::Postgres(c),
        }
    }

    /// After a write refused as read-only: the connection is closed rather than lent again
    /// (SQLite keeps a connection opened while the file was read-only so for good).
    pub(crate) fn close_if_read_only(&mut self, error: &sqlx::Error) {
        if is_read_only(error) {
            self.close_on_drop();
        }
    }

    fn close_on_drop(&mut self) {
        match self {
            Pooled::Sqlite(c) => c.close_on_drop(),
            Pooled::Postgres(c) => c.close_on_drop(),
        }
    }

    async fn execute(&mut self, sql: &str) -> Result<(), sqlx::Error> {
        on_conn!(self.conn(), |c| sqlx::query(sql)
            .execute(c)
            .await
            .map(|_| ()))
    }
}

/// The connection of an open write transaction (what [`WriteTx`] dereferences to): the
/// functions of this module that write, or read inside a transaction, take it.
pub struct TxConn {
    pooled: Pooled,
    /// Writes held back until the next statement or the commit (see `held.rs`).
    held: Held,
    states: Arc<States>,
    /// The state this transaction writes over a match's snapshot (see
    /// [`TxConn::keep_written`]), kept as parsed once the commit is done.
    written: Option<states::Written>,
}

impl TxConn {
    /// The connection, for a statement run now: the writes held before it are sent first.
    ///
    /// # Errors
    /// The error of a held write.
    pub(crate) async fn conn(&mut self) -> Result<Conn<'_>, StoreError> {
        if !self.held.is_empty() {
            self.held.send(self.pooled.conn(), None).await?;
        }
        Ok(self.pooled.conn())
    }

    /// Holds a write that returns nothing the transaction needs: it is sent with the next
    /// statement or the commit (its error fails that statement or the commit). It must not
    /// depend on another write held with it (see `held.rs`: no row written twice, none
    /// written that another one inserts).
    pub(crate) fn hold(&mut self, sql: &'static str, values: impl IntoIterator<Item = Value>) {
        self.held.push(sql, values);
    }

    /// The snapshot this transaction writes for a match, with the state it was written from:
    /// kept once committed, so that the next read of that snapshot skips its parse.
    pub(crate) fn keep_written(&mut self, written: states::Written) {
        self.written = Some(written);
    }
}

/// A write transaction.
///
/// On SQLite it is taken with `BEGIN IMMEDIATE`, so it holds SQLite's write lock from its
/// first statement and two writers never interleave. Writers of this process also queue on
/// a fair in-process lock first: SQLite's busy handler retries with sleeps, which under load
/// gives long, unfair waits.
///
/// On PostgreSQL it is a plain `BEGIN` (READ COMMITTED) and writers are not serialized: the
/// reads whose answer a transaction writes from take a lock instead — the match row
/// (`matches::load_in`, before the version the service checks is read), a challenge row, and
/// advisory locks on a channel's new matches and on a board's player rows ([`lock_key`]).
///
/// The transaction is driven by hand (`BEGIN`/`COMMIT`/`ROLLBACK` statements) rather than
/// by sqlx's `Transaction`: when SQLite rolls a transaction back by itself (a full disk, an
/// I/O error), sqlx's own rollback fails and it keeps counting the connection as inside a
/// transaction, so every later write on it was refused until a restart. Here a transaction
/// that is not committed is rolled back, and a connection whose rollback fails is closed.
pub struct WriteTx {
    conn: Option<TxConn>,
    turn: Option<tokio::sync::OwnedMutexGuard<()>>,
}

impl WriteTx {
    /// Commits; the action is durable when this returns.
    ///
    /// # Errors
    /// A database error; nothing was committed then (the transaction is rolled back).
    pub async fn commit(mut self) -> Result<(), StoreError> {
        let TxConn {
            pooled: mut conn,
            mut held,
            states,
            written,
        } = self.conn.take().expect("an open transaction");
        // On SQLite the held writes and the commit are one hand-off to the connection.
        match held.send(conn.conn(), Some("COMMIT")).await {
            Ok(()) => {
                if let Some(written) = written {
                    states.keep_written(written);
                }
                Ok(())
            }
            Err(e) => {
                rollback(conn).await;
                Err(e.into())
            }
        }
    }
}

/// The most connections the pool opens.
const MAX_CONNECTIONS: u32 = 8;

/// How long a PostgreSQL statement waits for a connection. While the server is down sqlx
/// keeps retrying the connect until then (its default is 30 s): within this, a command or a
/// click is still answered inside Discord's 3 seconds that the database cannot be reached,
/// and a server back within it is not noticed at all.
const PG_ACQUIRE_TIMEOUT: Duration = Duration::from_secs(2);

/// A PostgreSQL connection idle this long is pinged before it is lent, so that one a
/// restarted server dropped meanwhile is replaced rather than failing a statement. One used
/// more recently is lent at once (sqlx pings every connection coming back to its pool, so it
/// was checked within this time): a round trip per use saved under load.
const PG_PING_IDLE: Duration = Duration::from_secs(1);

/// How a SQLite write transaction begins: `BEGIN IMMEDIATE`, then a write that changes
/// nothing, refused at once on a read-only connection (one hand-off for both).
const SQLITE_BEGIN: &str = "BEGIN IMMEDIATE; DELETE FROM outbox WHERE 0";

/// SQLite's SQLITE_READONLY (8) and its extended codes (8 + n·256).
fn is_read_only(error: &sqlx::Error) -> bool {
    let sqlx::Error::Database(e) = error else {
        return false;
    };
    e.code()
        .and_then(|c| c.parse::<i32>().ok())
        .is_some_and(|c| c & 0xff == 8)
}

/// Ends a transaction that was not committed. When the database already rolled it back,
/// the connection is clean: SQLite answers "no transaction is active", PostgreSQL only
/// warns. On any other failure the connection is closed rather than returned to the pool.
async fn rollback(mut conn: Pooled) {
    match conn.execute("ROLLBACK").await {
        Ok(()) => {}
        Err(sqlx::Error::Database(e)) if e.message().contains("no transaction is active") => {}
        Err(e) => {
            tracing::warn!(error = %e, "a rollback failed; the connection is closed");
            conn.close_on_drop();
        }
    }
}

impl Drop for WriteTx {
    fn drop(&mut self) {
        let (Some(TxConn { pooled: conn, .. }), turn) = (self.conn.take(), self.turn.take()) else {
            return;
        };
        // Dropped without commit (a refusal, an error): roll back before the next writer of
        // this process takes its turn.
        match tokio::runtime::Handle::try_current() {
            Ok(runtime) => {
                runtime.spawn(async move {
                    rollback(conn).await;
                    drop(turn);
                });
            }
            Err(_) => {
                let mut conn = conn;
                conn.close_on_drop();
            }
        }
    }
}

impl std::ops::Deref for WriteTx {
    type Target = TxConn;
    fn deref(&self) -> &Self::Target {
        self.conn.as_ref().expect("an open transaction")
    }
}

impl std::ops::DerefMut for WriteTx {
    fn deref_mut(&mut self) -> &mut Self::Target {
        self.conn.as_mut().expect("an open transaction")
    }
}

/// The pool of one backend.
#[derive(Clone, Debug)]
enum Pool {
    Sqlite(Arc<SqlitePool>),
    Postgres(PgPool),
}

/// An open store.
#[derive(Clone, Debug)]
pub struct Store {
    pool: Pool,
    /// SQLite only: writers of this process take turns (see [`WriteTx`]).
    writer: Arc<tokio::sync::Mutex<()>>,
    /// The states parsed from snapshots lately (see `states.rs`).
    states: Arc<States>,
    /// The guilds whose background work (due turns, the computer's moves, the outbox,
    /// expired challenges) this process does.
    owned: Shards,
}

/// The guilds of a range of Discord shards: those with `(guild_id >> 22) % total` from
/// `first` to `last`. Several processes sharing a database each sweep their own guilds, so
/// every due item is done by one process (the version check guards the rest).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shards {
    pub first: u32,
    pub last: u32,
    pub total: u32,
}

/// A turn of this process held in the database until dropped, for work the processes of
/// one bot must do one at a time: starting Discord shards (Discord allows one IDENTIFY per
/// 5 s per rate-limit bucket for the whole bot while serenity paces only the shards of its own
/// process) and syncing the card art (two processes uploading the same emoji would have one
/// refused). A PostgreSQL session-level advisory lock on a connection of its own (detached
/// from the pool, so closing it releases the lock whatever happens to the process).
pub struct Turn {
    _conn: Option<sqlx::PgConnection>,
}

/// The advisory-lock key of the start turn in an IDENTIFY rate-limit bucket (followed by the
/// bucket's number).
const START_TURN_KEY: &str = "momojan: shards starting in bucket";
/// The advisory-lock key of the card-art sync.
const CARD_ART_TURN_KEY: &str = "momojan: card art sync";

impl Shards {
    /// Every guild (one process).
    pub const ALL: Shards = Shards {
        first: 0,
        last: 0,
        total: 1,
    };
}

static MIGRATOR: sqlx::migrate::Migrator = sqlx::migrate!("./migrations/sqlite");
static PG_MIGRATOR: sqlx::migrate::Migrator = sqlx::migrate!("./migrations/postgres");

/// The backend a database URL names, if it names one this program runs on. A URL without a
/// scheme is a SQLite path, as it always was.
fn backend_of(url: &str) -> Option<Backend> {
    if url.starts_with("postgres://") || url.starts_with("postgresql://") {
        Some(Backend::Postgres)
    } else if url.starts_with("sqlite:") || !url.contains("://") {
        Some(Backend::Sqlite)
    } else {
        None
    }
}

impl Store {
    /// Opens the database at `url`, applies the migrations, and checks that the schema is
    /// not newer than this program. `sqlite://…` (or a bare path) is a SQLite file, created
    /// if missing; `postgres://…` or `postgresql://…` is an existing PostgreSQL database.
    ///
    /// SQLite durability: WAL with `synchronous = NORMAL`. A commit is in the WAL file
    /// before it is acknowledged, so killing the process (SIGKILL, a crash) loses nothing
    /// acknowledged; only a power loss or kernel crash can lose the last commits before a
    /// checkpoint. Set `MOMOJAN_SQLITE_SYNC=full` to fsync every commit when the machine
    /// itself is at risk.
    ///
    /// # Errors
    /// [`StoreError::Open`] (unwritable path, unreachable server, another scheme),
    /// [`StoreError::NotADatabase`], [`StoreError::SchemaTooNew`], or
    /// [`StoreError::Migrate`]; a file that is not one of ours is never written.
    pub async fn open(url: &str) -> Result<Store, StoreError> {
        let pool = match backend_of(url) {
            Some(Backend::Sqlite) => Pool::Sqlite(Self::open_sqlite(url).await?),
            Some(Backend::Postgres) => Pool::Postgres(
                PgPoolOptions::new()
                    .max_connections(MAX_CONNECTIONS)
                    .acquire_timeout(PG_ACQUIRE_TIMEOUT)
                    .test_before_acquire(false)
                    .before_acquire(|conn, meta| {
                        Box::pin(async move {
                            if meta.idle_for >= PG_PING_IDLE {
                                sqlx::Connection::ping(conn).await?;
                            }
                            Ok(true)
                        })
                    })
                    .connect(url)
                    .await
                    .map_err(|e| StoreError::open(url, e))?,
            ),
            None => {
                return Err(StoreError::open(
                    url,
                    "not a database URL momojan knows: use sqlite://… or postgres://…",
                ))
            }
        };
        let store = Store {
            pool,
            writer: Default::default(),
            states: Default::default(),
            owned: Shards::ALL,
        };
        store.migrate(url).await?;
        Ok(store)
    }

    async fn open_sqlite(url: &str) -> Result<Arc<SqlitePool>, StoreError> {
        let sync = match std::env::var("MOMOJAN_SQLITE_SYNC").as_deref() {
            Ok("full") => SqliteSynchronous::Full,
            _ => SqliteSynchronous::Normal,
        };
        let options = SqliteConnectOptions::from_str(url)
            .map_err(|e| StoreError::open(url, e))?
            .create_if_missing(true)
            .journal_mode(SqliteJournalMode::Wal)
            .synchronous(sync)
            .foreign_keys(true)
            .busy_timeout(Duration::from_secs(10));
        SqlitePool::open(options, MAX_CONNECTIONS)
            .await
            .map_err(|e| StoreError::classify_open(url, e))
    }

    async fn migrate(&self, url: &str) -> Result<(), StoreError> {
        let ran = match &self.pool {
            // `run_direct`: `run` over a `&mut` connection (its `Acquire` bound) makes a
            // future that tasks spawned on it cannot prove `Send` for every lifetime.
            Pool::Sqlite(pool) => match pool.acquire().await {
                Ok(mut conn) => MIGRATOR.run_direct(&mut *conn).await,
                Err(e) => Err(sqlx::migrate::MigrateError::Execute(e)),
            },
            Pool::Postgres(pool) => PG_MIGRATOR.run(pool).await,
        };
        ran.map_err(|e| match e {
            sqlx::migrate::MigrateError::VersionMissing(version) => StoreError::SchemaTooNew {
                url: url.to_string(),
                version,
            },
            sqlx::migrate::MigrateError::Execute(sqlx::Error::Database(d))
                if d.message().contains("not a database") =>
            {
                StoreError::NotADatabase(url.to_string())
            }
            other => StoreError::Migrate(other),
        })
    }

    /// The backend this store runs on.
    /// This store, sweeping only the guilds of `shards`.
    pub fn owning(mut self, shards: Shards) -> Store {
        self.owned = shards;
        self
    }

    /// Waits for this process's turn to start its shards in the IDENTIFY rate-limit
    /// `buckets` they fall in (Discord: `shard_id % max_concurrency`), and holds it until the
    /// returned value is dropped: processes whose shards share no bucket start at once. The
    /// buckets are locked in ascending order, so two processes never wait for each other in a
    /// circle. On SQLite (one process) the turn is at once.
    ///
    /// # Errors
    /// A database error.
    pub async fn take_start_turn(&self, buckets: &[u32]) -> Result<Turn, StoreError> {
        let mut buckets = buckets.to_vec();
        buckets.sort_unstable();
        buckets.dedup();
        let keys = buckets.iter().map(|b| format!("{START_TURN_KEY} {b}"));
        self.take_turn(keys.collect()).await
    }

    /// Waits for this process's turn to sync the card art with the application's emojis,
    /// and holds it until the returned value is dropped. On SQLite (one process) the turn is
    /// at once.
    ///
    /// # Errors
    /// A database error.
    pub async fn take_card_art_turn(&self) -> Result<Turn, StoreError> {
        self.take_turn(vec![CARD_ART_TURN_KEY.to_string()]).await
    }

    /// Takes the advisory locks of `keys` in their order on a connection of the turn's own.
    async fn take_turn(&self, keys: Vec<String>) -> Result<Turn, StoreError> {
        let Pool::Postgres(pool) = &self.pool else {
            return Ok(Turn { _conn: None });
        };
        // A connection of the turn's own, made with the pool's options but for one: the
        // lock may be waited for a while, which sqlx would log as a slow statement.
        let options = (*pool.connect_options())
            .clone()
            .log_slow_statements(log::LevelFilter::Off, Duration::ZERO);
        let mut conn = options.connect().await?;
        for key in keys {
            sqlx::query("SELECT pg_advisory_lock(hashtextextended($1, 0))")
                .bind(key)
                .execute(&mut conn)
                .await?;
        }
        Ok(Turn { _conn: Some(conn) })
    }

    /// The shards whose guilds this store sweeps.
    pub fn owned(&self) -> Shards {
        self.owned
    }

    pub fn backend(&self) -> Backend {
        match self.pool {
            Pool::Sqlite(_) => Backend::Sqlite,
            Pool::Postgres(_) => Backend::Postgres,
        }
    }

    /// A connection from the pool, for reads outside a transaction.
    pub(crate) async fn acquire(&self) -> Result<Pooled, StoreError> {
        Ok(match &self.pool {
            Pool::Sqlite(pool) => Pooled::Sqlite(pool.acquire().await?),
            Pool::Postgres(pool) => Pooled::Postgres(pool.acquire().await?),
        })
    }

    /// A connection for a write made in this process's writers' turn: on SQLite the
    /// writer's own (see [`SqlitePool::acquire_for_write`]).
    pub(crate) async fn acquire_for_write(&self) -> Result<Pooled, StoreError> {
        Ok(match &self.pool {
            Pool::Sqlite(pool) => Pooled::Sqlite(pool.acquire_for_write().await?),
            Pool::Postgres(pool) => Pooled::Postgres(pool.acquire().await?),
        })
    }

    /// This process's writers' turn on SQLite (see [`WriteTx`]); nothing to wait for on
    /// PostgreSQL.
    pub(crate) async fn writer_turn(&self) -> Option<tokio::sync::OwnedMutexGuard<()>> {
        match self.pool {
            Pool::Sqlite(_) => Some(self.writer.clone().lock_owned().await),
            Pool::Postgres(_) => None,
        }
    }

    /// A write transaction on `conn`, just begun.
    fn write_tx(&self, conn: Pooled, turn: Option<tokio::sync::OwnedMutexGuard<()>>) -> WriteTx {
        WriteTx {
            conn: Some(TxConn {
                pooled: conn,
                held: Held::default(),
                states: Arc::clone(&self.states),
                written: None,
            }),
            turn,
        }
    }

    /// Starts a write transaction.
    ///
    /// # Errors
    /// A database error.
    pub async fn begin_write(&self) -> Result<WriteTx, StoreError> {
        match &self.pool {
            Pool::Sqlite(pool) => self.begin_sqlite(pool).await,
            Pool::Postgres(pool) => {
                // Row and advisory locks guard what SQLite's global write lock guarded.
                let mut conn = Pooled::Postgres(pool.acquire().await?);
                if let Err(e) = conn.execute("BEGIN").await {
                    rollback(conn).await;
                    return Err(e.into());
                }
                Ok(self.write_tx(conn, None))
            }
        }
    }

    /// Starts a write transaction and reads match `id` in it (as [`load_match_in`] does): on
    /// SQLite `BEGIN` and the read are one query, so one hand-off to the connection's thread
    /// instead of two.
    ///
    /// # Errors
    /// A database error, or [`StoreError::Corrupt`] naming a damaged column.
    pub async fn begin_write_loading(
        &self,
        id: MatchId,
    ) -> Result<(WriteTx, Option<MatchRow>), StoreError> {
        match &self.pool {
            Pool::Sqlite(pool) => {
                static SQL: std::sync::OnceLock<String> = std::sync::OnceLock::new();
                let sql = SQL.get_or_init(|| format!("{SQLITE_BEGIN};\n{}", matches::LOAD_SQL));
                let (tx, rows) = self.begin_sqlite_with(pool, Some((sql, id))).await?;
                let split = {
                    use sqlx::Row as _;
                    // Only the read returns rows (BEGIN and the probe return none).
                    let rows: Vec<_> = rows
                        .into_iter()
                        .filter(|r| r.try_column("seed").is_ok())
                        .collect();
                    matches::split_rows(&rows)?
                };
                let row = matches::decode_split(split, id, &self.states)?;
                Ok((tx, row))
            }
            Pool::Postgres(_) => {
                let mut tx = self.begin_write().await?;
                let row = load_match_in(&mut tx, id).await?;
                Ok((tx, row))
            }
        }
    }

    async fn begin_sqlite(&self, pool: &Arc<SqlitePool>) -> Result<WriteTx, StoreError> {
        Ok(self.begin_sqlite_with(pool, None).await?.0)
    }

    /// `BEGIN IMMEDIATE` on SQLite; with `read`, the query `read.0` (which begins the same way)
    /// run with `read.1` bound instead, and its rows.
    async fn begin_sqlite_with(
        &self,
        pool: &Arc<SqlitePool>,
        read: Option<(&str, MatchId)>,
    ) -> Result<(WriteTx, Vec<sqlx::sqlite::SqliteRow>), StoreError> {
        let turn = self.writer.clone().lock_owned().await;
        // A connection SQLite opened while the file could not be written (made read-only or
        // immutable) stays read-only for good, even once the file is writable again: such a
        // connection is closed and another taken, so writes work as soon as the file does.
        let mut last = None;
        for _ in 0..=MAX_CONNECTIONS {
            let mut conn = Pooled::Sqlite(pool.acquire_for_write().await?);
            let begun = match (read, &mut conn) {
                (Some((sql, id)), Pooled::Sqlite(c)) => {
                    sqlx::query(sql).bind(id).fetch_all(&mut **c).await
                }
                _ => conn.execute(SQLITE_BEGIN).await.map(|()| Vec::new()),
            };
            match begun {
                Ok(rows) => return Ok((self.write_tx(conn, Some(turn)), rows)),
                Err(e) if is_read_only(&e) => {
                    tracing::warn!(error = %e, "a read-only database connection is closed");
                    let _ = conn.execute("ROLLBACK").await;
                    conn.close_on_drop();
                    last = Some(e);
                }
                Err(e) => {
                    rollback(conn).await;
                    return Err(e.into());
                }
            }
        }
        Err(last.expect("a read-only refusal").into())
    }

    /// Closes every connection (the process may then exit, or open the store again).
    pub async fn close(&self) {
        match &self.pool {
            Pool::Sqlite(pool) => pool.close().await,
            Pool::Postgres(pool) => pool.close().await,
        }
    }

    /// Whether [`Self::close`] was called (background work then ends).
    pub fn is_closed(&self) -> bool {
        match &self.pool {
            Pool::Sqlite(pool) => pool.is_closed(),
            Pool::Postgres(pool) => pool.is_closed(),
        }
    }

    /// SQLite's `PRAGMA integrity_check`: `"ok"` when the file is sound. PostgreSQL has no
    /// counterpart (the server checks its own pages): the answer then starts with
    /// `"skipped"`.
    ///
    /// # Errors
    /// A database error.
    pub async fn integrity_check(&self) -> Result<String, StoreError> {
        match &self.pool {
            Pool::Sqlite(pool) => {
                let row: (String,) = sqlx::query_as("PRAGMA integrity_check")
                    .fetch_one(&mut *pool.acquire().await?)
                    .await?;
                Ok(row.0)
            }
            Pool::Postgres(_) => {
                Ok("skipped (SQLite only; PostgreSQL checks its own pages)".into())
            }
        }
    }
}

/// Inside a write transaction: a lock on a name until the transaction ends, for a
/// read-then-write whose rows may not exist yet (so `FOR UPDATE` has nothing to lock).
/// Nothing on SQLite, whose write lock already serializes writers; a transaction-scoped
/// advisory lock on PostgreSQL.
pub(crate) async fn lock_key(conn: Conn<'_>, key: &str) -> Result<(), StoreError> {
    if let Conn::Postgres(c) = conn {
        sqlx::query("SELECT pg_advisory_xact_lock(hashtextextended($1, 0))")
            .bind(key)
            .execute(c)
            .await?;
    }
    Ok(())
}

/// ` FOR UPDATE` on PostgreSQL (a row lock held until the transaction ends), nothing on
/// SQLite (whose write transaction already holds the whole database).
pub(crate) fn for_update(conn: &Conn<'_>) -> &'static str {
    match conn {
        Conn::Sqlite(_) => "",
        Conn::Postgres(_) => " FOR UPDATE",
    }
}
