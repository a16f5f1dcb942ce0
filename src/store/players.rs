//! Players per guild and season: rating and counters, the leaderboard.

use sqlx::SqliteConnection;

use super::{Store, StoreError};

/// A player's row in a guild's season.
#[derive(Debug, Clone, PartialEq, sqlx::FromRow)]
pub struct PlayerStats {
    pub guild_id: i64,
    pub season: i64,
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
    /// `{"riichi": 3, ...}`: how often each yaku was in this player's winning hands.
    pub yaku_counts: String,
    /// Rounds played (for the deal-in rate).
    pub rounds: i64,
    /// Rounds won, and the points of those hands (for the average winning hand).
    pub hands_won: i64,
    pub hand_points: i64,
    /// Riichi declared; times the player's own discard left them furiten; rons given.
    pub riichi: i64,
    pub furiten: i64,
    pub deal_ins: i64,
}

impl PlayerStats {
    /// A player who has not played yet in a guild's season.
    pub fn new(guild_id: i64, season: i64, user_id: i64) -> PlayerStats {
        PlayerStats {
            guild_id,
            season,
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
            rounds: 0,
            hands_won: 0,
            hand_points: 0,
            riichi: 0,
            furiten: 0,
            deal_ins: 0,
        }
    }

    pub fn net_points(&self) -> i64 {
        self.points_won - self.points_lost
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

const STATS_COLUMNS: &str = "guild_id, season, user_id, rating, deviation, volatility, games, \
    wins, losses, points_won, points_lost, best_hand, best_hand_yaku, yaku_counts, rounds, \
    hands_won, hand_points, riichi, furiten, deal_ins";

pub(super) const STATS_SQL: &str = "SELECT guild_id, season, user_id, rating, deviation, \
    volatility, games, wins, losses, points_won, points_lost, best_hand, best_hand_yaku, \
    yaku_counts, rounds, hands_won, hand_points, riichi, furiten, deal_ins \
    FROM players WHERE guild_id = ? AND season = ? AND user_id = ?";

/// The order of the leaderboard: rating, then wins, then the user id so that ties are stable.
pub(super) const LEADERBOARD_SQL: &str = "SELECT user_id, rating, wins, losses, \
    points_won - points_lost AS net_points FROM players WHERE guild_id = ? AND season = ? \
    ORDER BY rating DESC, wins DESC, user_id LIMIT ? OFFSET ?";

/// A player's row inside a transaction (a fresh one if they have none yet).
pub async fn get(
    tx: &mut SqliteConnection,
    guild_id: i64,
    season: i64,
    user_id: i64,
) -> Result<PlayerStats, StoreError> {
    let found = sqlx::query_as::<_, PlayerStats>(STATS_SQL)
        .bind(guild_id)
        .bind(season)
        .bind(user_id)
        .fetch_optional(&mut *tx)
        .await?;
    Ok(found.unwrap_or_else(|| PlayerStats::new(guild_id, season, user_id)))
}

/// Writes a player's row.
pub async fn put(tx: &mut SqliteConnection, p: &PlayerStats) -> Result<(), StoreError> {
    let sql = format!(
        "INSERT OR REPLACE INTO players ({STATS_COLUMNS}) \
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
    );
    sqlx::query(&sql)
        .bind(p.guild_id)
        .bind(p.season)
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
        .bind(p.rounds)
        .bind(p.hands_won)
        .bind(p.hand_points)
        .bind(p.riichi)
        .bind(p.furiten)
        .bind(p.deal_ins)
        .execute(&mut *tx)
        .await?;
    Ok(())
}

impl Store {
    /// A guild season's players by rating, then wins.
    ///
    /// # Errors
    /// A database error.
    pub async fn leaderboard(
        &self,
        guild_id: i64,
        season: i64,
        limit: i64,
        offset: i64,
    ) -> Result<Vec<LeaderboardRow>, StoreError> {
        Ok(sqlx::query_as::<_, LeaderboardRow>(LEADERBOARD_SQL)
            .bind(guild_id)
            .bind(season)
            .bind(limit)
            .bind(offset)
            .fetch_all(self.pool())
            .await?)
    }

    /// How many players a guild's season has.
    ///
    /// # Errors
    /// A database error.
    pub async fn player_count(&self, guild_id: i64, season: i64) -> Result<i64, StoreError> {
        let (n,): (i64,) =
            sqlx::query_as("SELECT count(*) FROM players WHERE guild_id = ? AND season = ?")
                .bind(guild_id)
                .bind(season)
                .fetch_one(self.pool())
                .await?;
        Ok(n)
    }

    /// A player's place (1 = first) on a season's leaderboard, if they have played in it.
    ///
    /// # Errors
    /// A database error.
    pub async fn rank_of(
        &self,
        guild_id: i64,
        season: i64,
        user_id: i64,
    ) -> Result<Option<i64>, StoreError> {
        let Some(me) = self.player_stats(guild_id, season, user_id).await? else {
            return Ok(None);
        };
        let (ahead,): (i64,) = sqlx::query_as(
            "SELECT count(*) FROM players WHERE guild_id = ? AND season = ? AND \
             (rating > ? OR (rating = ? AND (wins > ? OR (wins = ? AND user_id < ?))))",
        )
        .bind(guild_id)
        .bind(season)
        .bind(me.rating)
        .bind(me.rating)
        .bind(me.wins)
        .bind(me.wins)
        .bind(user_id)
        .fetch_one(self.pool())
        .await?;
        Ok(Some(ahead + 1))
    }

    /// A player's stats in a guild's season, if they have played in it.
    ///
    /// # Errors
    /// A database error.
    pub async fn player_stats(
        &self,
        guild_id: i64,
        season: i64,
        user_id: i64,
    ) -> Result<Option<PlayerStats>, StoreError> {
        Ok(sqlx::query_as::<_, PlayerStats>(STATS_SQL)
            .bind(guild_id)
            .bind(season)
            .bind(user_id)
            .fetch_optional(self.pool())
            .await?)
    }
}
