//! Pending challenges.

use super::{Store, StoreError};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ChallengeStatus {
    Pending,
    Accepted,
    Declined,
    Expired,
}

impl ChallengeStatus {
    fn as_str(self) -> &'static str {
        match self {
            ChallengeStatus::Pending => "pending",
            ChallengeStatus::Accepted => "accepted",
            ChallengeStatus::Declined => "declined",
            ChallengeStatus::Expired => "expired",
        }
    }
}

#[derive(Debug, Clone, PartialEq, sqlx::FromRow)]
pub struct Challenge {
    pub id: i64,
    pub guild_id: i64,
    pub channel_id: i64,
    pub message_id: Option<i64>,
    pub challenger_id: i64,
    pub opponent_id: i64,
    pub status: String,
    pub created_at: i64,
    pub expires_at: i64,
}

impl Store {
    /// Records a new pending challenge.
    ///
    /// # Errors
    /// A database error.
    pub async fn create_challenge(
        &self,
        guild_id: i64,
        channel_id: i64,
        challenger_id: i64,
        opponent_id: i64,
        now: i64,
        expires_at: i64,
    ) -> Result<i64, StoreError> {
        let r = sqlx::query(
            "INSERT INTO challenges (guild_id, channel_id, challenger_id, opponent_id, status, \
             created_at, expires_at) VALUES (?, ?, ?, ?, 'pending', ?, ?)",
        )
        .bind(guild_id)
        .bind(channel_id)
        .bind(challenger_id)
        .bind(opponent_id)
        .bind(now)
        .bind(expires_at)
        .execute(self.pool())
        .await?;
        Ok(r.last_insert_rowid())
    }

    /// A challenge by id.
    ///
    /// # Errors
    /// A database error.
    pub async fn challenge(&self, id: i64) -> Result<Option<Challenge>, StoreError> {
        Ok(sqlx::query_as::<_, Challenge>(
            "SELECT id, guild_id, channel_id, message_id, challenger_id, opponent_id, status, \
             created_at, expires_at FROM challenges WHERE id = ?",
        )
        .bind(id)
        .fetch_optional(self.pool())
        .await?)
    }

    /// Moves a pending challenge to `status`; false when it was no longer pending (so two
    /// clicks never both accept it).
    ///
    /// # Errors
    /// A database error.
    pub async fn settle_challenge(
        &self,
        id: i64,
        status: ChallengeStatus,
    ) -> Result<bool, StoreError> {
        let r = sqlx::query("UPDATE challenges SET status = ? WHERE id = ? AND status = 'pending'")
            .bind(status.as_str())
            .bind(id)
            .execute(self.pool())
            .await?;
        Ok(r.rows_affected() == 1)
    }

    /// Pending challenges whose time is up, to be marked expired.
    ///
    /// # Errors
    /// A database error.
    pub async fn expired_challenges(&self, now: i64) -> Result<Vec<Challenge>, StoreError> {
        Ok(sqlx::query_as::<_, Challenge>(
            "SELECT id, guild_id, channel_id, message_id, challenger_id, opponent_id, status, \
             created_at, expires_at FROM challenges WHERE status = 'pending' AND expires_at <= ?",
        )
        .bind(now)
        .fetch_all(self.pool())
        .await?)
    }

    /// Records which message shows a challenge (so its expiry can be shown on it).
    ///
    /// # Errors
    /// A database error.
    pub async fn set_challenge_message(&self, id: i64, message_id: i64) -> Result<(), StoreError> {
        sqlx::query("UPDATE challenges SET message_id = ? WHERE id = ?")
            .bind(message_id)
            .bind(id)
            .execute(self.pool())
            .await?;
        Ok(())
    }
}
