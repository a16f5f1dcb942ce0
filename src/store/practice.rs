//! Practice records: a player's games against each computer level, per server. Never rated.

use super::decode::At;
use super::ids::{GuildId, UserId};
use super::{lock_key, Store, StoreError, TxConn};
use crate::games::interface::Level;
use crate::games::registry::GameId;

/// A player's practice games against one level.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct PracticeRecord {
    pub games: i64,
    pub wins: i64,
    pub losses: i64,
    pub points_won: i64,
    pub points_lost: i64,
}

#[derive(sqlx::FromRow)]
struct RawRecord {
    level: String,
    games: i64,
    wins: i64,
    losses: i64,
    points_won: i64,
    points_lost: i64,
}

impl RawRecord {
    fn decode(
        self,
        guild: GuildId,
        user: UserId,
        game: GameId,
    ) -> Result<(Level, PracticeRecord), StoreError> {
        let at = At::new(
            "practice_records",
            format!("{}/{}/{}/{}", guild.0, user.0, game, self.level),
        );
        let level = at.named("level", &self.level, |t| t.parse().ok())?;
        Ok((
            level,
            PracticeRecord {
                games: self.games,
                wins: self.wins,
                losses: self.losses,
                points_won: self.points_won,
                points_lost: self.points_lost,
            },
        ))
    }
}

const RECORDS_SQL: &str = "SELECT level, games, wins, losses, points_won, points_lost \
    FROM practice_records WHERE guild_id = $1 AND user_id = $2 AND game = $3 ORDER BY level";

/// A player's record against one level (zero when none), inside a transaction that may
/// then write it: the player's practice records stay locked until it ends (PostgreSQL: an
/// advisory lock, since the row may not exist yet).
pub async fn get(
    tx: &mut TxConn,
    guild: GuildId,
    user: UserId,
    game: GameId,
    level: Level,
) -> Result<PracticeRecord, StoreError> {
    lock_key(
        tx.conn().await?,
        &format!("momojan/practice/{guild}/{user}/{game}"),
    )
    .await?;
    let raw = on_conn!(tx.conn().await?, |c| sqlx::query_as::<_, RawRecord>(
        "SELECT level, games, wins, losses, points_won, points_lost FROM practice_records \
         WHERE guild_id = $1 AND user_id = $2 AND game = $3 AND level = $4",
    )
    .bind(guild)
    .bind(user)
    .bind(game.id())
    .bind(level.id())
    .fetch_optional(c)
    .await?);
    match raw {
        Some(raw) => Ok(raw.decode(guild, user, game)?.1),
        None => Ok(PracticeRecord::default()),
    }
}

/// Writes a player's record against one level.
pub async fn put(
    tx: &mut TxConn,
    guild: GuildId,
    user: UserId,
    game: GameId,
    level: Level,
    r: &PracticeRecord,
) -> Result<(), StoreError> {
    on_conn!(tx.conn().await?, |c| sqlx::query(
        "INSERT INTO practice_records \
         (guild_id, user_id, game, level, games, wins, losses, points_won, points_lost) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) \
         ON CONFLICT (guild_id, user_id, game, level) DO UPDATE SET games = excluded.games, \
         wins = excluded.wins, losses = excluded.losses, points_won = excluded.points_won, \
         points_lost = excluded.points_lost",
    )
    .bind(guild)
    .bind(user)
    .bind(game.id())
    .bind(level.id())
    .bind(r.games)
    .bind(r.wins)
    .bind(r.losses)
    .bind(r.points_won)
    .bind(r.points_lost)
    .execute(c)
    .await?
    .rows_affected());
    Ok(())
}

impl Store {
    /// A player's practice records of one game in a guild, one per level played, easiest
    /// first.
    ///
    /// # Errors
    /// A database error, or [`StoreError::Corrupt`].
    pub async fn practice_records(
        &self,
        guild: GuildId,
        user: UserId,
        game: GameId,
    ) -> Result<Vec<(Level, PracticeRecord)>, StoreError> {
        let mut records = on_conn!(self.acquire().await?.conn(), |c| sqlx::query_as::<
            _,
            RawRecord,
        >(RECORDS_SQL)
        .bind(guild)
        .bind(user)
        .bind(game.id())
        .fetch_all(c)
        .await?)
        .into_iter()
        .map(|r| r.decode(guild, user, game))
        .collect::<Result<Vec<_>, _>>()?;
        records.sort_by_key(|(level, _)| *level);
        Ok(records)
    }
}
