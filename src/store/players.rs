//! Players per guild: rating and counters, the leaderboard.

use sqlx::SqliteConnection;

use super::{Store, StoreError};

/// A player's row in a guild.
#[derive(Debug, Clone, PartialEq, sqlx::FromRow)]
pub struct PlayerStats {
    pub guild_id: i64,
    pub user_id: i64,
    pub rating: f64,
    pub deviation: f64,
    pub volatility: f64,
    pub games: i64,
    pub wins: i64,
    pub losses: i64,
    pub points_won: i64,
    pub points_lost: i64,
    pub best_hand: i64,
    pub best_hand_yaku: Option<String>,
    pub yaku_counts: String,
}

impl PlayerStats {
    /// A player who has not played yet in a guild.
    pub fn new(guild_id: i64, user_id: i64) -> PlayerStats {
        PlayerStats {
            guild_id,
            user_id,
            rating: 1500.0,
            deviation: 350.0,
            volatility: 0.06,
            games: 0,
            wins: 0,
            losses: 0,
            points_won: 0,
            points_lost: 0,
            best_hand: 0,
            best_hand_yaku: None,
            yaku_counts: "{}".into(),
        }
    }
}

/// One line of a leaderboard.
#[derive(Debug, Clone, PartialEq, sqlx::FromRow)]
pub struct LeaderboardRow {
    pub user_id: i64,
    pub rating: f64,
    pub wins: i64,
    pub losses: i64,
    pub net_points: i64,
}

const STATS_COLUMNS: &str = "guild_id, user_id, rating, deviation, volatility, games, wins, \
    losses, points_won, points_lost, best_hand, best_hand_yaku, yaku_counts";

pub(super) const STATS_SQL: &str = "SELECT guild_id, user_id, rating, deviation, volatility, \
    games, wins, losses, points_won, points_lost, best_hand, best_hand_yaku, yaku_counts \
    FROM players WHERE guild_id = ? AND user_id = ?";

pub(super) const LEADERBOARD_SQL: &str = "SELECT user_id, rating, wins, losses, \
    points_won - points_lost AS net_points FROM players WHERE guild_id = ? \
    ORDER BY rating DESC, wins DESC LIMIT ? OFFSET ?";

/// A player's row inside a transaction (a fresh one if they have none yet).
pub async fn get(
    tx: &mut SqliteConnection,
    guild_id: i64,
    user_id: i64,
) -> Result<PlayerStats, StoreError> {
    let found = sqlx::query_as::<_, PlayerStats>(STATS_SQL)
        .bind(guild_id)
        .bind(user_id)
        .fetch_optional(&mut *tx)
        .await?;
    Ok(found.unwrap_or_else(|| PlayerStats::new(guild_id, user_id)))
}

/// Writes a player's row.
pub async fn put(tx: &mut SqliteConnection, p: &PlayerStats) -> Result<(), StoreError> {
    let sql = format!(
        "INSERT OR REPLACE INTO players ({STATS_COLUMNS}) \
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
    );
    sqlx::query(&sql)
        .bind(p.guild_id)
        .bind(p.user_id)
        .bind(p.rating)
        .bind(p.deviation)
        .bind(p.volatility)
        .bind(p.games)
        .bind(p.wins)
        .bind(p.losses)
        .bind(p.points_won)
        .bind(p.points_lost)
        .bind(p.best_hand)
        .bind(&p.best_hand_yaku)
        .bind(&p.yaku_counts)
        .execute(&mut *tx)
        .await?;
    Ok(())
}

impl Store {
    /// A guild's players by rating, then wins.
    ///
    /// # Errors
    /// A database error.
    pub async fn leaderboard(
        &self,
        guild_id: i64,
        limit: i64,
        offset: i64,
    ) -> Result<Vec<LeaderboardRow>, StoreError> {
        Ok(sqlx::query_as::<_, LeaderboardRow>(LEADERBOARD_SQL)
            .bind(guild_id)
            .bind(limit)
            .bind(offset)
            .fetch_all(self.pool())
            .await?)
    }

    /// A player's stats in a guild, if they have played there.
    ///
    /// # Errors
    /// A database error.
    pub async fn player_stats(
        &self,
        guild_id: i64,
        user_id: i64,
    ) -> Result<Option<PlayerStats>, StoreError> {
        Ok(sqlx::query_as::<_, PlayerStats>(STATS_SQL)
            .bind(guild_id)
            .bind(user_id)
            .fetch_optional(self.pool())
            .await?)
    }
}
