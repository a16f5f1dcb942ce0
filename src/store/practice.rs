//! Practice records: a player's games against each computer level, per server. Never rated.

use sqlx::{Executor, Sqlite};

use super::decode::At;
use super::ids::{GuildId, UserId};
use super::{Store, StoreError};
use crate::games::computer::Level;
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
    FROM practice_records WHERE guild_id = ? AND user_id = ? AND game = ? ORDER BY level";

/// A player's record against one level (zero when none), on any connection.
pub async fn get<'c, E>(
    executor: E,
    guild: GuildId,
    user: UserId,
    game: GameId,
    level: Level,
) -> Result<PracticeRecord, StoreError>
where
    E: Executor<'c, Database = Sqlite>,
{
    let raw = sqlx::query_as::<_, RawRecord>(
        "SELECT level, games, wins, losses, points_won, points_lost \
         FROM practice_records WHERE guild_id = ? AND user_id = ? AND game = ? AND level = ?",
    )
    .bind(guild)
    .bind(user)
    .bind(game.id())
    .bind(level.id())
    .fetch_optional(executor)
    .await?;
    match raw {
        Some(raw) => Ok(raw.decode(guild, user, game)?.1),
        None => Ok(PracticeRecord::default()),
    }
}

/// Writes a player's record against one level.
pub async fn put<'c, E>(
    executor: E,
    guild: GuildId,
    user: UserId,
    game: GameId,
    level: Level,
    r: &PracticeRecord,
) -> Result<(), StoreError>
where
    E: Executor<'c, Database = Sqlite>,
{
    sqlx::query(
        "INSERT OR REPLACE INTO practice_records \
         (guild_id, user_id, game, level, games, wins, losses, points_won, points_lost) \
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
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
    .execute(executor)
    .await?;
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
        let mut records = sqlx::query_as::<_, RawRecord>(RECORDS_SQL)
            .bind(guild)
            .bind(user)
            .bind(game.id())
            .fetch_all(self.pool())
            .await?
            .into_iter()
            .map(|r| r.decode(guild, user, game))
            .collect::<Result<Vec<_>, _>>()?;
        records.sort_by_key(|(level, _)| *level);
        Ok(records)
    }
}
