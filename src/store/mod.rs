//! The store: every SQL statement of the project lives under this module, behind a small API
//! (one file per concern), so that another backend could be added without touching the
//! service or the Discord layer. SQLite through sqlx is the default and needs no set-up.

mod challenges;
mod decode;
mod error;
mod events;
mod ids;
mod ledger;
mod matches;
mod outbox;
mod players;
mod practice;
mod settings;
#[cfg(feature = "test-support")]
mod test_support;

use std::str::FromStr;
use std::time::Duration;

use sqlx::pool::PoolConnection;
use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePoolOptions, SqliteSynchronous};
use sqlx::{Sqlite, SqlitePool};

pub use challenges::{
    get as challenge_in, settle as settle_challenge_in, Challenge, ChallengeStatus, NewChallenge,
};
pub use error::StoreError;
pub use events::{append as append_event, EventRow, Move, Origin};
pub use ids::{ChallengeId, ChannelId, GuildId, MatchId, MessageId, UserId};
pub use ledger::{append as append_ledger, LedgerReason, LedgerRow, LedgerTotals};
pub use matches::{
    active_between as active_match_between_in, active_of as active_match_of_in,
    insert as insert_match, load as load_match_in, update as update_match, HistoryRow, MatchMeta,
    MatchRow, MatchStatus, MatchUpdate, NewMatchRow,
};
pub use outbox::{push as push_outbox, Notice, OutboxEntry, OutboxId, Shown};
pub use players::{get as player_in, put as put_player, Board, LeaderboardRow, PlayerStats};
pub use practice::{get as practice_record_in, put as put_practice_record, PracticeRecord};
pub use settings::{get as guild_settings_in, GuildSettings, LocaleSetting};
#[cfg(feature = "test-support")]
pub use test_support::ExplainedQuery;

/// The database used when `DATABASE_URL` is not set: a file in the working directory,
/// created on first start.
pub const DEFAULT_DATABASE_URL: &str = "sqlite://momojan.db";

/// A write transaction, taken with `BEGIN IMMEDIATE` so it holds SQLite's write lock from
/// its first statement and two writers never interleave. Writers of this process also queue
/// on a fair in-process lock first: SQLite's busy handler retries with sleeps, which under
/// load gives long, unfair waits.
///
/// The transaction is driven by hand (`BEGIN`/`COMMIT`/`ROLLBACK` statements) rather than
/// by sqlx's `Transaction`: when SQLite rolls a transaction back by itself (a full disk, an
/// I/O error), sqlx's own rollback fails and it keeps counting the connection as inside a
/// transaction, so every later write on it was refused until a restart. Here a transaction
/// that is not committed is rolled back, and a connection whose rollback fails is closed.
pub struct WriteTx {
    conn: Option<PoolConnection<Sqlite>>,
    turn: Option<tokio::sync::OwnedMutexGuard<()>>,
}

impl WriteTx {
    /// Commits; the action is durable when this returns.
    ///
    /// # Errors
    /// A database error; nothing was committed then (the transaction is rolled back).
    pub async fn commit(mut self) -> Result<(), StoreError> {
        let mut conn = self.conn.take().expect("an open transaction");
        match sqlx::query("COMMIT").execute(&mut *conn).await {
            Ok(_) => Ok(()),
            Err(e) => {
                rollback(conn).await;
                Err(e.into())
            }
        }
    }
}

/// The most connections the pool opens.
const MAX_CONNECTIONS: u32 = 8;

/// A write that changes nothing, run first in every write transaction.
const WRITABLE_PROBE: &str = "DELETE FROM outbox WHERE 0";

/// SQLite's SQLITE_READONLY (8) and its extended codes (8 + n·256).
fn is_read_only(error: &sqlx::Error) -> bool {
    let sqlx::Error::Database(e) = error else {
        return false;
    };
    e.code()
        .and_then(|c| c.parse::<i32>().ok())
        .is_some_and(|c| c & 0xff == 8)
}

/// Ends a transaction that was not committed. When SQLite already rolled it back, its
/// answer is "no transaction is active" and the connection is clean; on any other failure
/// the connection is closed rather than returned to the pool.
async fn rollback(mut conn: PoolConnection<Sqlite>) {
    match sqlx::query("ROLLBACK").execute(&mut *conn).await {
        Ok(_) => {}
        Err(sqlx::Error::Database(e)) if e.message().contains("no transaction is active") => {}
        Err(e) => {
            tracing::warn!(error = %e, "a rollback failed; the connection is closed");
            conn.close_on_drop();
        }
    }
}

impl Drop for WriteTx {
    fn drop(&mut self) {
        let (Some(conn), turn) = (self.conn.take(), self.turn.take()) else {
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
    type Target = sqlx::SqliteConnection;
    fn deref(&self) -> &Self::Target {
        self.conn.as_ref().expect("an open transaction")
    }
}

impl std::ops::DerefMut for WriteTx {
    fn deref_mut(&mut self) -> &mut Self::Target {
        self.conn.as_mut().expect("an open transaction")
    }
}

/// An open store.
#[derive(Clone, Debug)]
pub struct Store {
    pool: SqlitePool,
    writer: std::sync::Arc<tokio::sync::Mutex<()>>,
}

static MIGRATOR: sqlx::migrate::Migrator = sqlx::migrate!("./migrations/sqlite");

impl Store {
    /// Opens (creating if missing) the database at `url`, applies the migrations, and checks
    /// that the schema is not newer than this program.
    ///
    /// Durability: WAL with `synchronous = NORMAL`. A commit is in the WAL file before it is
    /// acknowledged, so killing the process (SIGKILL, a crash) loses nothing acknowledged;
    /// only a power loss or kernel crash can lose the last commits before a checkpoint. Set
    /// `MOMOJAN_SQLITE_SYNC=full` to fsync every commit when the machine itself is at risk.
    ///
    /// # Errors
    /// [`StoreError::Open`] (unwritable path), [`StoreError::NotADatabase`],
    /// [`StoreError::SchemaTooNew`], or [`StoreError::Migrate`]; a file that is not one of
    /// ours is never written.
    pub async fn open(url: &str) -> Result<Store, StoreError> {
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
        let pool = SqlitePoolOptions::new()
            .max_connections(MAX_CONNECTIONS)
            .connect_with(options)
            .await
            .map_err(|e| StoreError::classify_open(url, e))?;
        let store = Store {
            pool,
            writer: Default::default(),
        };
        store.migrate(url).await?;
        Ok(store)
    }

    async fn migrate(&self, url: &str) -> Result<(), StoreError> {
        MIGRATOR.run(&self.pool).await.map_err(|e| match e {
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

    /// Starts a write transaction.
    ///
    /// # Errors
    /// A database error.
    pub async fn begin_write(&self) -> Result<WriteTx, StoreError> {
        let turn = self.writer.clone().lock_owned().await;
        // A connection SQLite opened while the file could not be written (made read-only or
        // immutable) stays read-only for good, even once the file is writable again: such a
        // connection is closed and another taken, so writes work as soon as the file does.
        let mut last = None;
        for _ in 0..=MAX_CONNECTIONS {
            let mut conn = self.pool.acquire().await?;
            if let Err(e) = sqlx::query("BEGIN IMMEDIATE").execute(&mut *conn).await {
                rollback(conn).await;
                return Err(e.into());
            }
            // A write that changes nothing: refused at once on a read-only connection.
            match sqlx::query(WRITABLE_PROBE).execute(&mut *conn).await {
                Ok(_) => {
                    return Ok(WriteTx {
                        conn: Some(conn),
                        turn: Some(turn),
                    })
                }
                Err(e) if is_read_only(&e) => {
                    tracing::warn!(error = %e, "a read-only database connection is closed");
                    let _ = sqlx::query("ROLLBACK").execute(&mut *conn).await;
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
        self.pool.close().await;
    }

    /// `PRAGMA integrity_check`: `"ok"` when the file is sound.
    ///
    /// # Errors
    /// A database error.
    pub async fn integrity_check(&self) -> Result<String, StoreError> {
        let row: (String,) = sqlx::query_as("PRAGMA integrity_check")
            .fetch_one(&self.pool)
            .await?;
        Ok(row.0)
    }

    pub(crate) fn pool(&self) -> &SqlitePool {
        &self.pool
    }
}
