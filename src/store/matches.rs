//! Matches and their snapshots.

use sqlx::{Executor, Sqlite, SqliteConnection};

use super::{Store, StoreError};

/// Everything about a match except its engine state.
#[derive(Debug, Clone, PartialEq, sqlx::FromRow)]
pub struct MatchMeta {
    pub id: i64,
    pub guild_id: i64,
    pub channel_id: i64,
    pub thread_id: Option<i64>,
    pub table_message_id: Option<i64>,
    pub player0_id: i64,
    pub player1_id: i64,
    pub first_dealer: i64,
    pub status: String,
    pub winner_seat: Option<i64>,
    pub end_reason: Option<String>,
    pub rule_options: String,
    pub seed: Vec<u8>,
    pub version: i64,
    pub created_at: i64,
    pub updated_at: i64,
    pub turn_timeout_secs: i64,
    /// When the player to act runs out of time: turn start + turn time + their bank.
    pub turn_deadline: Option<i64>,
    /// The season the match counts for (the server's when it started).
    pub season: i64,
    /// Seconds of time bank left per seat.
    pub bank0: i64,
    pub bank1: i64,
    /// Consecutive timeouts per seat (3 forfeit the match).
    pub timeouts0: i64,
    pub timeouts1: i64,
    pub turn_started_at: Option<i64>,
    /// Language of the match's public messages (`en`, `ja`).
    pub locale: String,
}

impl MatchMeta {
    pub fn is_finished(&self) -> bool {
        self.status == "finished"
    }

    pub fn banks(&self) -> [i64; 2] {
        [self.bank0, self.bank1]
    }

    pub fn timeouts(&self) -> [i64; 2] {
        [self.timeouts0, self.timeouts1]
    }
}

/// A match with its current engine state (JSON of the snapshot).
#[derive(Debug, Clone)]
pub struct MatchRow {
    pub meta: MatchMeta,
    pub state: String,
}

/// A match to create.
pub struct NewMatchRow<'a> {
    pub guild_id: i64,
    pub channel_id: i64,
    pub players: [i64; 2],
    pub first_dealer: i64,
    pub rule_options: &'a str,
    pub seed: &'a [u8],
    pub turn_timeout_secs: i64,
    pub time_bank_secs: i64,
    pub season: i64,
    pub locale: &'a str,
    pub state: &'a str,
    pub turn_deadline: Option<i64>,
    pub now: i64,
}

/// One finished match in a player's history.
#[derive(Debug, Clone, PartialEq, sqlx::FromRow)]
pub struct HistoryRow {
    pub id: i64,
    pub opponent_id: i64,
    pub won: bool,
    pub end_reason: Option<String>,
    pub own_balance: Option<i64>,
    pub opponent_balance: Option<i64>,
    pub updated_at: i64,
}

const META_COLUMNS: &str = "id, guild_id, channel_id, thread_id, table_message_id, player0_id, \
    player1_id, first_dealer, status, winner_seat, end_reason, rule_options, seed, version, \
    created_at, updated_at, turn_timeout_secs, turn_deadline, season, bank0, bank1, timeouts0, \
    timeouts1, turn_started_at, locale";

pub(super) const HISTORY_SQL: &str = "\
    SELECT id, player1_id AS opponent_id, winner_seat = 0 AS won, end_reason, \
           final_balance0 AS own_balance, final_balance1 AS opponent_balance, updated_at \
    FROM matches WHERE guild_id = ? AND player0_id = ? AND status = 'finished' \
    UNION ALL \
    SELECT id, player0_id, winner_seat = 1, end_reason, final_balance1, final_balance0, updated_at \
    FROM matches WHERE guild_id = ? AND player1_id = ? AND status = 'finished' \
    ORDER BY updated_at DESC, id DESC LIMIT ?";

pub(super) const ACTIVE_SQL: &str =
    "SELECT id, guild_id, channel_id, thread_id, table_message_id, \
    player0_id, player1_id, first_dealer, status, winner_seat, end_reason, rule_options, seed, \
    version, created_at, updated_at, turn_timeout_secs, turn_deadline, season, bank0, bank1, \
    timeouts0, timeouts1, turn_started_at, locale FROM matches \
    WHERE status = 'active' \
    ORDER BY turn_deadline";

/// Active matches whose turn deadline has passed (uses `matches_by_status`).
pub(super) const DUE_SQL: &str = "SELECT id FROM matches \
    WHERE status = 'active' AND turn_deadline <= ? ORDER BY turn_deadline LIMIT ?";

/// Creates a match and its first snapshot (version 0).
pub async fn insert(tx: &mut SqliteConnection, m: &NewMatchRow<'_>) -> Result<i64, StoreError> {
    let id = sqlx::query(
        "INSERT INTO matches (guild_id, channel_id, player0_id, player1_id, first_dealer, status, \
         rule_options, seed, version, created_at, updated_at, turn_timeout_secs, turn_deadline, \
         season, bank0, bank1, turn_started_at, locale) \
         VALUES (?, ?, ?, ?, ?, 'active', ?, ?, 0, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
    )
    .bind(m.guild_id)
    .bind(m.channel_id)
    .bind(m.players[0])
    .bind(m.players[1])
    .bind(m.first_dealer)
    .bind(m.rule_options)
    .bind(m.seed)
    .bind(m.now)
    .bind(m.now)
    .bind(m.turn_timeout_secs)
    .bind(m.turn_deadline)
    .bind(m.season)
    .bind(m.time_bank_secs)
    .bind(m.time_bank_secs)
    .bind(m.now)
    .bind(m.locale)
    .execute(&mut *tx)
    .await?
    .last_insert_rowid();
    sqlx::query("INSERT INTO snapshots (match_id, version, state) VALUES (?, 0, ?)")
        .bind(id)
        .bind(m.state)
        .execute(&mut *tx)
        .await?;
    Ok(id)
}

/// A match with its snapshot, read on any connection (a transaction's included).
pub async fn load<'c, E>(executor: E, id: i64) -> Result<Option<MatchRow>, StoreError>
where
    E: Executor<'c, Database = Sqlite>,
{
    let sql = format!(
        "SELECT {META_COLUMNS}, (SELECT state FROM snapshots WHERE match_id = matches.id) AS state \
         FROM matches WHERE id = ?"
    );
    let found = sqlx::query_as::<_, MatchMetaWithState>(&sql)
        .bind(id)
        .fetch_optional(executor)
        .await?;
    found
        .map(|r| {
            let state = r
                .state
                .ok_or_else(|| StoreError::Corrupt(format!("match {id} has no snapshot")))?;
            Ok(MatchRow {
                meta: r.meta,
                state,
            })
        })
        .transpose()
}

#[derive(sqlx::FromRow)]
struct MatchMetaWithState {
    #[sqlx(flatten)]
    meta: MatchMeta,
    state: Option<String>,
}

/// What an applied action changes on the match row and its snapshot.
pub struct MatchUpdate<'a> {
    pub id: i64,
    pub version: i64,
    pub state: &'a str,
    pub turn_deadline: Option<i64>,
    /// `(winner seat, end reason, final balances)` when the game ended.
    pub finished: Option<(i64, &'a str, [i64; 2])>,
    pub now: i64,
    pub banks: [i64; 2],
    pub timeouts: [i64; 2],
}

/// Writes the new version, state and deadline of a match.
pub async fn update(tx: &mut SqliteConnection, u: &MatchUpdate<'_>) -> Result<(), StoreError> {
    let (status, winner, reason, balances) = match u.finished {
        Some((w, r, b)) => ("finished", Some(w), Some(r), [Some(b[0]), Some(b[1])]),
        None => ("active", None, None, [None, None]),
    };
    sqlx::query(
        "UPDATE matches SET version = ?, status = ?, winner_seat = ?, end_reason = ?, \
         final_balance0 = ?, final_balance1 = ?, updated_at = ?, turn_deadline = ?, \
         bank0 = ?, bank1 = ?, timeouts0 = ?, timeouts1 = ?, turn_started_at = ? WHERE id = ?",
    )
    .bind(u.version)
    .bind(status)
    .bind(winner)
    .bind(reason)
    .bind(balances[0])
    .bind(balances[1])
    .bind(u.now)
    .bind(u.turn_deadline)
    .bind(u.banks[0])
    .bind(u.banks[1])
    .bind(u.timeouts[0])
    .bind(u.timeouts[1])
    .bind(u.now)
    .bind(u.id)
    .execute(&mut *tx)
    .await?;
    sqlx::query("UPDATE snapshots SET version = ?, state = ? WHERE match_id = ?")
        .bind(u.version)
        .bind(u.state)
        .bind(u.id)
        .execute(&mut *tx)
        .await?;
    Ok(())
}

impl Store {
    /// A match with its current state.
    ///
    /// # Errors
    /// A database error, or [`StoreError::Corrupt`] for a match without a snapshot.
    pub async fn load_match(&self, id: i64) -> Result<Option<MatchRow>, StoreError> {
        load(self.pool(), id).await
    }

    /// Matches still in play, soonest deadline first (for resuming timers at start-up).
    ///
    /// # Errors
    /// A database error.
    pub async fn active_matches(&self) -> Result<Vec<MatchMeta>, StoreError> {
        Ok(sqlx::query_as::<_, MatchMeta>(ACTIVE_SQL)
            .fetch_all(self.pool())
            .await?)
    }

    /// Ids of active matches whose turn deadline is at or before `now`, soonest first.
    ///
    /// # Errors
    /// A database error.
    pub async fn due_matches(&self, now: i64, limit: i64) -> Result<Vec<i64>, StoreError> {
        let rows: Vec<(i64,)> = sqlx::query_as(DUE_SQL)
            .bind(now)
            .bind(limit)
            .fetch_all(self.pool())
            .await?;
        Ok(rows.into_iter().map(|r| r.0).collect())
    }

    /// Ids of every match, for consistency checks.
    ///
    /// # Errors
    /// A database error.
    pub async fn match_ids(&self) -> Result<Vec<i64>, StoreError> {
        let rows: Vec<(i64,)> = sqlx::query_as("SELECT id FROM matches ORDER BY id")
            .fetch_all(self.pool())
            .await?;
        Ok(rows.into_iter().map(|r| r.0).collect())
    }

    /// A player's finished matches in a guild, newest first.
    ///
    /// # Errors
    /// A database error.
    pub async fn history(
        &self,
        guild_id: i64,
        user_id: i64,
        limit: i64,
    ) -> Result<Vec<HistoryRow>, StoreError> {
        Ok(sqlx::query_as::<_, HistoryRow>(HISTORY_SQL)
            .bind(guild_id)
            .bind(user_id)
            .bind(guild_id)
            .bind(user_id)
            .bind(limit)
            .fetch_all(self.pool())
            .await?)
    }

    /// Records where a match is shown (its thread and table message).
    ///
    /// # Errors
    /// A database error.
    pub async fn set_match_messages(
        &self,
        id: i64,
        thread_id: Option<i64>,
        table_message_id: Option<i64>,
    ) -> Result<(), StoreError> {
        sqlx::query("UPDATE matches SET thread_id = ?, table_message_id = ? WHERE id = ?")
            .bind(thread_id)
            .bind(table_message_id)
            .bind(id)
            .execute(self.pool())
            .await?;
        Ok(())
    }

    /// An active match between two players in a channel, if any.
    ///
    /// # Errors
    /// A database error.
    pub async fn active_match_between(
        &self,
        channel_id: i64,
        a: i64,
        b: i64,
    ) -> Result<Option<i64>, StoreError> {
        let row: Option<(i64,)> = sqlx::query_as(
            "SELECT id FROM matches WHERE status = 'active' AND channel_id = ? \
             AND ((player0_id = ? AND player1_id = ?) OR (player0_id = ? AND player1_id = ?))",
        )
        .bind(channel_id)
        .bind(a)
        .bind(b)
        .bind(b)
        .bind(a)
        .fetch_optional(self.pool())
        .await?;
        Ok(row.map(|r| r.0))
    }

    /// A user's most recent match in a guild (active or finished), if any.
    ///
    /// # Errors
    /// A database error.
    pub async fn latest_match_of(
        &self,
        guild_id: i64,
        user_id: i64,
    ) -> Result<Option<i64>, StoreError> {
        let row: Option<(i64,)> = sqlx::query_as(
            "SELECT id FROM (\
               SELECT id, updated_at FROM matches WHERE guild_id = ? AND player0_id = ? \
               UNION ALL \
               SELECT id, updated_at FROM matches WHERE guild_id = ? AND player1_id = ?) \
             ORDER BY updated_at DESC, id DESC LIMIT 1",
        )
        .bind(guild_id)
        .bind(user_id)
        .bind(guild_id)
        .bind(user_id)
        .fetch_optional(self.pool())
        .await?;
        Ok(row.map(|r| r.0))
    }

    /// The active match a user plays in a channel (or in a match thread of it), if any.
    ///
    /// # Errors
    /// A database error.
    pub async fn active_match_of(
        &self,
        channel_id: i64,
        user_id: i64,
    ) -> Result<Option<i64>, StoreError> {
        let row: Option<(i64,)> = sqlx::query_as(
            "SELECT id FROM matches WHERE status = 'active' AND (channel_id = ? OR thread_id = ?) \
             AND (player0_id = ? OR player1_id = ?) ORDER BY updated_at DESC LIMIT 1",
        )
        .bind(channel_id)
        .bind(channel_id)
        .bind(user_id)
        .bind(user_id)
        .fetch_optional(self.pool())
        .await?;
        Ok(row.map(|r| r.0))
    }
}
