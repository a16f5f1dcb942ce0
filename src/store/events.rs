//! The append-only event log: one row per applied action.

use sqlx::SqliteConnection;

use super::{Store, StoreError};

/// One applied action: the version it produced, who acted, the action and the engine events
/// it caused (JSON).
#[derive(Debug, Clone, PartialEq, sqlx::FromRow)]
pub struct EventRow {
    pub seq: i64,
    pub seat: i64,
    pub action: String,
    pub events: String,
    pub created_at: i64,
    /// Who made it happen: `player`, `auto` (a riichi player's automatic discard),
    /// `timeout`, `resign` or `forfeit`.
    pub origin: String,
}

pub(super) const LOG_SQL: &str =
    "SELECT seq, seat, action, events, created_at, origin FROM match_events WHERE match_id = ? \
    ORDER BY seq";

/// Appends an action to a match's log.
pub async fn append(
    tx: &mut SqliteConnection,
    match_id: i64,
    row: &EventRow,
) -> Result<(), StoreError> {
    sqlx::query(
        "INSERT INTO match_events (match_id, seq, seat, action, events, created_at, origin) \
         VALUES (?, ?, ?, ?, ?, ?, ?)",
    )
    .bind(match_id)
    .bind(row.seq)
    .bind(row.seat)
    .bind(&row.action)
    .bind(&row.events)
    .bind(row.created_at)
    .bind(&row.origin)
    .execute(&mut *tx)
    .await?;
    Ok(())
}

/// A match's whole log inside a transaction (end-of-game stats are counted from it).
pub async fn log_in(tx: &mut SqliteConnection, match_id: i64) -> Result<Vec<EventRow>, StoreError> {
    Ok(sqlx::query_as::<_, EventRow>(LOG_SQL)
        .bind(match_id)
        .fetch_all(&mut *tx)
        .await?)
}

impl Store {
    /// A match's whole log, in order (for replays and consistency checks).
    ///
    /// # Errors
    /// A database error.
    pub async fn event_log(&self, match_id: i64) -> Result<Vec<EventRow>, StoreError> {
        Ok(sqlx::query_as::<_, EventRow>(LOG_SQL)
            .bind(match_id)
            .fetch_all(self.pool())
            .await?)
    }

    /// The last `n` actions of a match, oldest first (the table's "last actions").
    ///
    /// # Errors
    /// A database error.
    pub async fn recent_events(&self, match_id: i64, n: i64) -> Result<Vec<EventRow>, StoreError> {
        let mut rows = sqlx::query_as::<_, EventRow>(
            "SELECT seq, seat, action, events, created_at, origin FROM match_events WHERE match_id = ? \
             ORDER BY seq DESC LIMIT ?",
        )
        .bind(match_id)
        .bind(n)
        .fetch_all(self.pool())
        .await?;
        rows.reverse();
        Ok(rows)
    }
}
