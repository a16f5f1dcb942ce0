//! Challenges: pending until answered or expired.

use super::decode::At;
use super::ids::{ChallengeId, ChannelId, GuildId, MessageId, UserId};
use super::{for_update, Conn, Store, StoreError, TxConn};
use crate::games::registry::GameId;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ChallengeStatus {
    Pending,
    Accepted,
    Declined,
    Expired,
}

impl ChallengeStatus {
    pub fn id(self) -> &'static str {
        match self {
            ChallengeStatus::Pending => "pending",
            ChallengeStatus::Accepted => "accepted",
            ChallengeStatus::Declined => "declined",
            ChallengeStatus::Expired => "expired",
        }
    }

    pub fn from_id(id: &str) -> Option<ChallengeStatus> {
        [
            ChallengeStatus::Pending,
            ChallengeStatus::Accepted,
            ChallengeStatus::Declined,
            ChallengeStatus::Expired,
        ]
        .into_iter()
        .find(|s| s.id() == id)
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct Challenge {
    pub id: ChallengeId,
    /// The game to be played.
    pub game: GameId,
    pub guild_id: GuildId,
    pub channel_id: ChannelId,
    pub message_id: Option<MessageId>,
    pub challenger_id: UserId,
    pub opponent_id: UserId,
    pub status: ChallengeStatus,
    pub created_at: i64,
    pub expires_at: i64,
    /// Display names when the challenge was made (empty: unknown).
    pub challenger_name: String,
    pub opponent_name: String,
}

#[derive(sqlx::FromRow)]
struct RawChallenge {
    id: i64,
    game: String,
    guild_id: i64,
    channel_id: i64,
    message_id: Option<i64>,
    challenger_id: i64,
    opponent_id: i64,
    status: String,
    created_at: i64,
    expires_at: i64,
    challenger_name: String,
    opponent_name: String,
}

impl RawChallenge {
    fn decode(self) -> Result<Challenge, StoreError> {
        let at = At::new("challenges", self.id);
        Ok(Challenge {
            id: ChallengeId(self.id),
            game: at.named("game", &self.game, GameId::from_id)?,
            guild_id: GuildId(self.guild_id),
            channel_id: ChannelId(self.channel_id),
            message_id: self.message_id.map(MessageId),
            challenger_id: UserId(self.challenger_id),
            opponent_id: UserId(self.opponent_id),
            status: at.named("status", &self.status, ChallengeStatus::from_id)?,
            created_at: self.created_at,
            expires_at: self.expires_at,
            challenger_name: self.challenger_name,
            opponent_name: self.opponent_name,
        })
    }
}

const COLUMNS: &str =
    "id, game, guild_id, channel_id, message_id, challenger_id, opponent_id, status, \
    created_at, expires_at, challenger_name, opponent_name";

/// A new pending challenge.
pub struct NewChallenge {
    pub game: GameId,
    pub guild_id: GuildId,
    pub channel_id: ChannelId,
    pub challenger_id: UserId,
    pub opponent_id: UserId,
    pub now: i64,
    pub expires_at: i64,
    pub challenger_name: String,
    pub opponent_name: String,
}

/// A challenge by id; `lock` adds the backend's row lock (see [`for_update`]).
async fn find(
    conn: Conn<'_>,
    id: ChallengeId,
    lock: bool,
) -> Result<Option<Challenge>, StoreError> {
    let lock = if lock { for_update(&conn) } else { "" };
    let sql = format!("SELECT {COLUMNS} FROM challenges WHERE id = $1{lock}");
    on_conn!(conn, |c| sqlx::query_as::<_, RawChallenge>(&sql)
        .bind(id)
        .fetch_optional(c)
        .await?
        .map(RawChallenge::decode)
        .transpose())
}

/// A challenge by id inside a transaction; the row stays locked until it ends (PostgreSQL),
/// so two answers at once see each other's status rather than both a pending challenge.
pub async fn get(tx: &mut TxConn, id: ChallengeId) -> Result<Option<Challenge>, StoreError> {
    find(tx.conn(), id, true).await
}

/// Moves a pending challenge to `status`; false when it was no longer pending (so two
/// clicks never both accept it).
pub async fn settle(
    tx: &mut TxConn,
    id: ChallengeId,
    status: ChallengeStatus,
) -> Result<bool, StoreError> {
    let r = on_conn!(tx.conn(), |c| sqlx::query(
        "UPDATE challenges SET status = $1 WHERE id = $2 AND status = 'pending'"
    )
    .bind(status.id())
    .bind(id)
    .execute(c)
    .await?
    .rows_affected());
    Ok(r == 1)
}

impl Store {
    /// Records a new pending challenge.
    ///
    /// # Errors
    /// A database error.
    pub async fn create_challenge(&self, c: &NewChallenge) -> Result<ChallengeId, StoreError> {
        let (id,): (i64,) = on_conn!(self.acquire().await?.conn(), |conn| {
            sqlx::query_as(
            "INSERT INTO challenges (guild_id, channel_id, challenger_id, opponent_id, status, \
             created_at, expires_at, challenger_name, opponent_name, game) \
             VALUES ($1, $2, $3, $4, 'pending', $5, $6, $7, $8, $9) RETURNING id",
        )
        .bind(c.guild_id)
        .bind(c.channel_id)
        .bind(c.challenger_id)
        .bind(c.opponent_id)
        .bind(c.now)
        .bind(c.expires_at)
        .bind(&c.challenger_name)
        .bind(&c.opponent_name)
        .bind(c.game.id())
        .fetch_one(conn)
        .await?
        });
        Ok(ChallengeId(id))
    }

    /// A challenge by id.
    ///
    /// # Errors
    /// A database error, or [`StoreError::Corrupt`].
    pub async fn challenge(&self, id: ChallengeId) -> Result<Option<Challenge>, StoreError> {
        find(self.acquire().await?.conn(), id, false).await
    }

    /// Moves a pending challenge to `status` (see [`settle`]).
    ///
    /// # Errors
    /// A database error.
    pub async fn settle_challenge(
        &self,
        id: ChallengeId,
        status: ChallengeStatus,
    ) -> Result<bool, StoreError> {
        let mut tx = self.begin_write().await?;
        let settled = settle(&mut tx, id, status).await?;
        tx.commit().await?;
        Ok(settled)
    }

    /// Pending challenges whose time is up, to be marked expired.
    ///
    /// # Errors
    /// A database error, or [`StoreError::Corrupt`].
    pub async fn expired_challenges(&self, now: i64) -> Result<Vec<Challenge>, StoreError> {
        let sql = format!(
            "SELECT {COLUMNS} FROM challenges WHERE status = 'pending' AND expires_at <= $1 \
             AND ((guild_id / 4194304) % $2) BETWEEN $3 AND $4"
        );
        let o = self.owned;
        on_conn!(self.acquire().await?.conn(), |c| sqlx::query_as::<
            _,
            RawChallenge,
        >(&sql)
        .bind(now)
        .bind(i64::from(o.total))
        .bind(i64::from(o.first))
        .bind(i64::from(o.last))
        .fetch_all(c)
        .await?)
        .into_iter()
        .map(RawChallenge::decode)
        .collect()
    }

    /// Records which message shows a challenge (so its expiry can be shown on it).
    ///
    /// # Errors
    /// A database error.
    pub async fn set_challenge_message(
        &self,
        id: ChallengeId,
        message: MessageId,
    ) -> Result<(), StoreError> {
        on_conn!(self.acquire().await?.conn(), |c| sqlx::query(
            "UPDATE challenges SET message_id = $1 WHERE id = $2"
        )
        .bind(message)
        .bind(id)
        .execute(c)
        .await?
        .rows_affected());
        Ok(())
    }
}
