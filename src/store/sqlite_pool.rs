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
    /// The connection writes are lent first (see [`SqlitePool::acquire_for_write`]).
    writer: Mutex<Option<SqliteConnection>>,
}

/// A connection lent by [`SqlitePool`]; back in the pool when dropped, unless closed.
#[derive(Debug)]
pub(crate) struct SqliteLease {
    conn: Option<SqliteConnection>,
    pool: Arc<SqlitePool>,
    close: bool,
    /// Lent for writing: goes back to the writer's place.
    writing: bool,
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
            writer: Mutex::new(None),
        }))
    }

    /// A connection: an idle one, or a new one while fewer than `size` are open; otherwise
    /// waits (in turn) for one to come back.
    ///
    /// # Errors
    /// [`sqlx::Error::PoolClosed`] once the pool is closed, or the error of opening a
    /// connection.
    pub(crate) async fn acquire(self: &Arc<Self>) -> Result<SqliteLease, sqlx::Error> {
        self.lend(false).await
    }

    /// A connection for this process's writer (who holds the writers' turn): the same one
    /// each time while it is sound. In WAL mode a connection's page cache is emptied whenever
    /// another connection wrote since its last transaction; with every write on one
    /// connection, the writer's cache keeps the pages of the matches in play between actions.
    ///
    /// # Errors
    /// As [`SqlitePool::acquire`].
    pub(crate) async fn acquire_for_write(self: &Arc<Self>) -> Result<SqliteLease, sqlx::Error> {
        self.lend(true).await
    }

    async fn lend(self: &Arc<Self>, writing: bool) -> Result<SqliteLease, sqlx::Error> {
        let permit = Arc::clone(&self.permits)
            .acquire_owned()
            .await
            .map_err(|_| sqlx::Error::PoolClosed)?;
        let writer = if writing {
            self.writer.lock().ok().and_then(|mut writer| writer.take())
        } else {
            None
        };
        let conn = match writer.or_else(|| self.idle.lock().ok().and_then(|mut idle| idle.pop())) {
            Some(conn) => conn,
            None => self.options.connect().await?,
        };
        Ok(SqliteLease {
            conn: Some(conn),
            pool: Arc::clone(self),
            close: false,
            writing,
            _permit: permit,
        })
    }

    /// Refuses new loans, waits for every lent connection to come back, and closes them all.
    pub(crate) async fn close(&self) {
        // Every permit, in turn after those already waiting: no connection is lent then.
        let all = self.permits.acquire_many(self.size).await;
        self.permits.close();
        drop(all);
        let mut idle = match self.idle.lock() {
            Ok(mut idle) => std::mem::take(&mut *idle),
            Err(_) => Vec::new(),
        };
        idle.extend(self.writer.lock().ok().and_then(|mut writer| writer.take()));
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
        if self.writing {
            // (Another connection in the writer's place — lent for writing while this one
            // was out — stays there, and this one is idle.)
            if let Ok(mut writer) = self.pool.writer.lock() {
                if writer.is_none() {
                    *writer = Some(conn);
                    return;
                }
            }
        }
        if let Ok(mut idle) = self.pool.idle.lock() {
            idle.push(conn);
        }
        // The permit goes back after the connection (fields drop after this body).
    }
}

#[cfg(test)]
mod tests {
    use std::str::FromStr;

    use sqlx::Executor;

    use super::*;

    /// Whether `conn` is the one marked by [`mark`] (a temporary table is its connection's
    /// own).
    async fn marked(conn: &mut SqliteConnection) -> bool {
        conn.fetch_optional("SELECT 1 FROM temp.sqlite_master WHERE name = 'mark'")
            .await
            .unwrap()
            .is_some()
    }

    async fn mark(conn: &mut SqliteConnection) {
        conn.execute("CREATE TEMP TABLE mark (x)").await.unwrap();
    }

    #[tokio::test]
    async fn writes_get_the_same_connection_each_time_and_reads_the_others() {
        let dir = tempfile::tempdir().unwrap();
        let options = SqliteConnectOptions::from_str("sqlite://pool.db")
            .unwrap()
            .filename(dir.path().join("pool.db"))
            .create_if_missing(true);
        let pool = SqlitePool::open(options, 3).await.unwrap();

        let mut writer = pool.acquire_for_write().await.unwrap();
        mark(&mut writer).await;
        drop(writer);
        // A read meanwhile takes another connection; the writer's stays for the next write.
        let mut read = pool.acquire().await.unwrap();
        assert!(
            !marked(&mut read).await,
            "a read is not lent the writer's connection"
        );
        let mut writer = pool.acquire_for_write().await.unwrap();
        assert!(
            marked(&mut writer).await,
            "the next write gets the same connection"
        );
        // A second write lent while the first is out gets another one; back first, the
        // writer's connection takes its place again, and the other one is idle.
        let mut second = pool.acquire_for_write().await.unwrap();
        assert!(!marked(&mut second).await);
        drop(writer);
        drop(second);
        drop(read);
        let mut writer = pool.acquire_for_write().await.unwrap();
        assert!(
            marked(&mut writer).await,
            "the writer's place kept its connection"
        );
        drop(writer);
        pool.close().await;
        assert!(matches!(
            pool.acquire_for_write().await,
            Err(sqlx::Error::PoolClosed)
        ));
    }
}
