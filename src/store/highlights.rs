//! Highlights kept for the server's board, and the players who turned highlights off.

use super::ids::{GuildId, MatchId, UserId};
use super::{Store, StoreError, TxConn};
use crate::games::interface::Category;
use crate::games::registry::GameId;

/// One highlight of a finished game about one person, as the board counts it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredHighlight {
    pub match_id: MatchId,
    /// Its place in the game's list of highlights (the key with the match).
    pub line: i64,
    pub guild: GuildId,
    pub season: i64,
    pub game: GameId,
    pub user: UserId,
    pub kind: String,
    pub category: Category,
    pub value: i64,
}

#[derive(sqlx::FromRow)]
struct Raw {
    match_id: i64,
    line: i64,
    guild_id: i64,
    season: i64,
    game: String,
    user_id: i64,
    kind: String,
    category: String,
    value: i64,
}

impl Raw {
    fn decode(self) -> Result<StoredHighlight, StoreError> {
        let at = super::decode::At::new("highlights", format!("{}/{}", self.match_id, self.line));
        let game = at.named("game", &self.game, GameId::from_id)?;
        let category = at.named("category", &self.category, Category::from_id)?;
        Ok(StoredHighlight {
            match_id: MatchId(self.match_id),
            line: self.line,
            guild: GuildId(self.guild_id),
            season: self.season,
            game,
            user: UserId(self.user_id),
            kind: self.kind,
            category,
            value: self.value,
        })
    }
}

/// Writes a finished game's highlights inside its transaction; a line already stored (the
/// same match and place) is left as it is, so a second write of one game stores nothing.
pub async fn put(tx: &mut TxConn, lines: &[StoredHighlight]) -> Result<(), StoreError> {
    for h in lines {
        on_conn!(tx.conn().await?, |c| sqlx::query(
            "INSERT INTO highlights \
             (match_id, line, guild_id, season, game, user_id, kind, category, value) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) \
             ON CONFLICT (match_id, line) DO NOTHING",
        )
        .bind(h.match_id)
        .bind(h.line)
        .bind(h.guild)
        .bind(h.season)
        .bind(h.game.id())
        .bind(h.user)
        .bind(h.kind.as_str())
        .bind(h.category.id())
        .bind(h.value)
        .execute(c)
        .await?
        .rows_affected());
    }
    Ok(())
}

impl Store {
    /// Turns a player's highlights off (`off`) or back on, everywhere.
    ///
    /// # Errors
    /// A database error.
    pub async fn set_highlights_off(
        &self,
        user: UserId,
        off: bool,
        now: i64,
    ) -> Result<(), StoreError> {
        let mut tx = self.begin_write().await?;
        if off {
            on_conn!(tx.conn().await?, |c| sqlx::query(
                "INSERT INTO highlight_optouts (user_id, created_at) VALUES ($1, $2) \
                 ON CONFLICT (user_id) DO NOTHING",
            )
            .bind(user)
            .bind(now)
            .execute(c)
            .await?
            .rows_affected());
        } else {
            on_conn!(tx.conn().await?, |c| sqlx::query(
                "DELETE FROM highlight_optouts WHERE user_id = $1",
            )
            .bind(user)
            .execute(c)
            .await?
            .rows_affected());
        }
        tx.commit().await
    }

    /// Of `users`, those who turned highlights off.
    ///
    /// # Errors
    /// A database error.
    pub async fn highlights_muted(&self, users: &[UserId]) -> Result<Vec<UserId>, StoreError> {
        if users.is_empty() {
            return Ok(Vec::new());
        }
        // One statement for every player of a table (one hand-off on SQLite, one round trip
        // on PostgreSQL), not one each.
        let places: Vec<String> = (1..=users.len()).map(|i| format!("${i}")).collect();
        let sql = format!(
            "SELECT user_id FROM highlight_optouts WHERE user_id IN ({})",
            places.join(", ")
        );
        let mut conn = self.acquire().await?;
        let found: Vec<i64> = on_conn!(conn.conn(), |c| {
            let mut query = sqlx::query_scalar::<_, i64>(&sql);
            for &u in users {
                query = query.bind(u);
            }
            query.fetch_all(c).await?
        });
        Ok(users
            .iter()
            .copied()
            .filter(|u| found.contains(&u.0))
            .collect())
    }

    /// A season's stored highlights of one game on a server, of players who have not turned
    /// highlights off, largest value first within each category.
    ///
    /// # Errors
    /// A database error, or [`StoreError::Corrupt`].
    pub async fn season_highlights(
        &self,
        guild: GuildId,
        season: i64,
        game: GameId,
    ) -> Result<Vec<StoredHighlight>, StoreError> {
        let raw = on_conn!(self.acquire().await?.conn(), |c| sqlx::query_as::<_, Raw>(
            "SELECT match_id, line, guild_id, season, game, user_id, kind, category, value \
             FROM highlights h WHERE guild_id = $1 AND season = $2 AND game = $3 \
             AND NOT EXISTS (SELECT 1 FROM highlight_optouts o WHERE o.user_id = h.user_id) \
             ORDER BY category, value DESC, match_id, line",
        )
        .bind(guild)
        .bind(season)
        .bind(game.id())
        .fetch_all(c)
        .await?);
        raw.into_iter().map(Raw::decode).collect()
    }
}
