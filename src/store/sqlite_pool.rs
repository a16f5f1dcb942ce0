//! SQLite's connections, lent without a round trip to their threads.
//!
//! sqlx runs each SQLite connection on a thread of its own and hands every command to it over
//! a channel. Its pool pings a connection (one command to that thread, and the wake-ups both
//! ways) when lending it and again when taking it back, on a task it spawns: two hand-offs for
//! each use that test nothing a SQLite connection in this process can lose (there is no
//! network in between; a connection that failed is closed by the store, see
//! [`SqliteLease::close_on_drop`]). This pool lends and takes back without asking the thread
//! anything. PostgreSQL keeps sqlx's pool, whose pings do find connections a restarted server
//! dropped.

use std::sync::{Arc, Mutex};

use sqlx::sqlite::SqliteConnectOptions;
use sqlx::{ConnectOptions, Connection, SqliteConnection};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

/// Up to `size` connections to one SQLite file, opened when first needed and kept.
#[derive(Debug)]
pub(crate) struct SqlitePool {
    options: SqliteConnectOptions,
    size: u32,
    /// One permit per connection that may be lent at once; closed with the pool.
    permits: Arc<Semaphore>,
    idle: Mutex<Vec<SqliteConnection>>,
}

/// A connection lent by [`SqlitePool`]; back in the pool when dropped, unless closed.
#[derive(Debug)]
pub(crate) struct SqliteLease {
    conn: Option<SqliteConnection>,
    pool: Arc<SqlitePool>,
    close: bool,
    _permit: OwnedSemaphorePermit,
}

impl SqlitePool {
    /// A pool of up to `size` connections opened with `options`; one is opened now, so that a
    /// path that cannot be opened is an error here.
    ///
    /// # Errors
    /// The error of opening the first connection.
    pub(crate) async fn open(
        options: SqliteConnectOptions,
        size: u32,
    ) -> Result<Arc<SqlitePool>, sqlx::Error> {
        let first = options.connect().await?;
        Ok(Arc::new(SqlitePool {
            options,
            size,
            permits: Arc::new(Semaphore::new(size as usize)),
            idle: Mutex::new(vec![first]),
        }))
    }

    /// A connection: an idle one, or a new one while fewer than `size` are open; otherwise
    /// waits (in turn) for one to come back.
    ///
    /// # Errors
    /// [`sqlx::Error::PoolClosed`] once the pool is closed, or the error of opening a
    /// connection.
    pub(crate) async fn acquire(self: &Arc<Self>) -> Result<SqliteLease, sqlx::Error> {
        let permit = Arc::clone(&self.permits)
            .acquire_owned()
            .await
            .map_err(|_| sqlx::Error::PoolClosed)?;
        let idle = self.idle.lock().ok().and_then(|mut idle| idle.pop());
        let conn = match idle {
            Some(conn) => conn,
            None => self.options.connect().await?,
        };
        Ok(SqliteLease {
            conn: Some(conn),
            pool: Arc::clone(self),
            close: false,
            _permit: permit,
        })
    }

    /// Refuses new loans, waits for every lent connection to come back, and closes them all.
    pub(crate) async fn close(&self) {
        // Every permit, in turn after those already waiting: no connection is lent then.
        let all = self.permits.acquire_many(self.size).await;
        self.permits.close();
        drop(all);
        let idle = match self.idle.lock() {
            Ok(mut idle) => std::mem::take(&mut *idle),
            Err(_) => Vec::new(),
        };
        for conn in idle {
            if let Err(e) = conn.close().await {
                tracing::warn!(error = %e, "a SQLite connection did not close cleanly");
            }
        }
    }

    /// Whether [`SqlitePool::close`] was called.
    pub(crate) fn is_closed(&self) -> bool {
        self.permits.is_closed()
    }
}

impl SqliteLease {
    /// The connection is closed when dropped instead of going back to the pool (its state is
    /// unknown: a rollback failed, or it opened read-only).
    pub(crate) fn close_on_drop(&mut self) {
        self.close = true;
    }
}

impl std::ops::Deref for SqliteLease {
    type Target = SqliteConnection;
    fn deref(&self) -> &SqliteConnection {
        self.conn.as_ref().expect("a lent connection")
    }
}

impl std::ops::DerefMut for SqliteLease {
    fn deref_mut(&mut self) -> &mut SqliteConnection {
        self.conn.as_mut().expect("a lent connection")
    }
}

impl Drop for SqliteLease {
    fn drop(&mut self) {
        let Some(conn) = self.conn.take() else {
            return;
        };
        // Dropping a connection ends its thread, which closes the SQLite handle.
        if self.close || self.pool.is_closed() {
            return;
        }
        if let Ok(mut idle) = self.pool.idle.lock() {
            idle.push(conn);
        }
        // The permit goes back after the connection (fields drop after this body).
    }
}
