//! What one round of the outbox's worker reads of a match: its pending entries, the match
//! and its recent log. On SQLite the three statements are one query, so one hand-off to the
//! connection's thread instead of three (each hand-off wakes two threads, which costs more
//! than the statements); on PostgreSQL, whose extended protocol takes one statement per
//! query, they are three round trips. (sqlx 0.8 runs a SQLite query of several statements
//! with bound values, as `held.rs` also relies on; sqlx has deprecated that for a later
//! version, launchbadge/sqlx#3108, so an upgrade revisits both.)

use std::sync::{Arc, OnceLock};

use sqlx::{FromRow, Row};

use super::events::RawEvent;
use super::matches::{self, LOAD_SQL};
use super::outbox::{RawEntry, PENDING_SQL};
use super::{Conn, MatchId, MatchRow, Pending, Store, StoreError};
use crate::games::interface::Hosted;
use crate::store::EventRow;

/// The oldest version (exclusive) whose moves a round reads: the first move a pending `show`
/// entry covers, or `$2` moves before the match's version if that is older. `$1` is the
/// match; `least` is the backend's smaller-of-two function (`MIN` on SQLite, `LEAST` on
/// PostgreSQL).
fn since_sql(least: &str) -> String {
    format!(
        "{least}(\
         COALESCE((SELECT MIN(from_version) FROM outbox \
             WHERE match_id = $1 AND failed IS NULL AND kind = 'show'), 9223372036854775807), \
         COALESCE((SELECT version FROM matches WHERE id = $1), 0) - $2)"
    )
}

/// The moves after [`since_sql`], each with that bound (so the reader knows what it holds).
fn log_sql(least: &str) -> String {
    let since = since_sql(least);
    format!(
        "SELECT match_id, seq, seat, action, events, created_at, origin, {since} AS since \
         FROM match_events WHERE match_id = $1 AND seq > {since} ORDER BY seq"
    )
}

/// A round's read (see the module's comment).
pub struct RoundRows {
    pub pending: Vec<Pending>,
    /// The match, if it exists.
    pub row: Option<MatchRow>,
    /// The bound the moves were read from (none when no move came back).
    since: Option<i64>,
    log: Vec<RawEvent>,
}

impl RoundRows {
    /// The moves read of versions `(since, version]` (`version` the match's, as read), with
    /// `since` (`version` itself when none are held: nothing is known to be).
    ///
    /// # Errors
    /// [`StoreError::Corrupt`] for a damaged move.
    pub fn log<G: Hosted>(self, version: i64) -> Result<(i64, Vec<EventRow<G>>), StoreError> {
        let log = self
            .log
            .into_iter()
            .map(RawEvent::decode::<G>)
            .filter(|row| row.as_ref().map_or(true, |r| r.seq <= version))
            .collect::<Result<Vec<_>, _>>()?;
        let since = match self.since {
            Some(since) if !log.is_empty() => since,
            _ => version,
        };
        Ok((since, log))
    }
}

impl Store {
    /// A match's pending entries, the match, and its moves from the first one an entry
    /// covers (or its last `last_moves`, if that goes further back).
    ///
    /// # Errors
    /// A database error, or [`StoreError::Corrupt`] for a damaged match (a damaged entry is
    /// reported in its place, see [`Store::pending_outbox`]).
    pub async fn round_read(
        &self,
        match_id: MatchId,
        last_moves: i64,
    ) -> Result<RoundRows, StoreError> {
        let mut pooled = self.acquire().await?;
        let (entries, matched, events, since) = match pooled.conn() {
            Conn::Sqlite(c) => {
                // sqlx runs every statement of a SQLite query and returns their rows in
                // order, each with its own columns (as `held.rs` relies on for writes); the
                // rows are told apart by a column only their statement has.
                static SQL: OnceLock<String> = OnceLock::new();
                let sql =
                    SQL.get_or_init(|| format!("{PENDING_SQL};\n{LOAD_SQL};\n{}", log_sql("MIN")));
                let rows = sqlx::query(sql)
                    .bind(match_id)
                    .bind(last_moves)
                    .fetch_all(&mut *c)
                    .await?;
                let (mut entries, mut matched, mut events) = (Vec::new(), Vec::new(), Vec::new());
                for row in rows {
                    if row.try_column("since").is_ok() {
                        events.push(row);
                    } else if row.try_column("attempts").is_ok() {
                        entries.push(row);
                    } else {
                        matched.push(row);
                    }
                }
                decoded(&entries, &matched, &events)?
            }
            Conn::Postgres(c) => {
                let entries = sqlx::query(PENDING_SQL)
                    .bind(match_id)
                    .fetch_all(&mut *c)
                    .await?;
                let matched = sqlx::query(LOAD_SQL)
                    .bind(match_id)
                    .fetch_all(&mut *c)
                    .await?;
                static LOG_SQL: OnceLock<String> = OnceLock::new();
                let events = sqlx::query(LOG_SQL.get_or_init(|| log_sql("LEAST")))
                    .bind(match_id)
                    .bind(last_moves)
                    .fetch_all(&mut *c)
                    .await?;
                decoded(&entries, &matched, &events)?
            }
        };
        let row = matches::decode_split(matched, match_id, &Arc::clone(&self.states))?;
        Ok(RoundRows {
            pending: entries.into_iter().map(RawEntry::pending).collect(),
            since,
            row,
            log: events,
        })
    }
}

/// The rows of the three statements, decoded: the entries, the match, the moves and the
/// bound the moves were read from.
type Decoded = (
    Vec<RawEntry>,
    Option<(matches::RawMatch, Vec<super::seats::JoinedSeat>)>,
    Vec<RawEvent>,
    Option<i64>,
);

fn decoded<R: Row>(entries: &[R], matched: &[R], events: &[R]) -> Result<Decoded, sqlx::Error>
where
    RawEntry: for<'r> FromRow<'r, R>,
    RawEvent: for<'r> FromRow<'r, R>,
    matches::RawMatch: for<'r> FromRow<'r, R>,
    super::seats::JoinedSeat: for<'r> FromRow<'r, R>,
    i64: for<'r> sqlx::Decode<'r, R::Database> + sqlx::Type<R::Database>,
    for<'s> &'s str: sqlx::ColumnIndex<R>,
{
    let since = events
        .first()
        .map(|r| r.try_get::<i64, _>("since"))
        .transpose()?;
    Ok((
        rows_of::<RawEntry, _>(entries)?,
        matches::split_rows(matched)?,
        rows_of::<RawEvent, _>(events)?,
        since,
    ))
}

fn rows_of<T, R: Row>(rows: &[R]) -> Result<Vec<T>, sqlx::Error>
where
    T: for<'r> FromRow<'r, R>,
{
    rows.iter().map(T::from_row).collect()
}
