//! Per-guild settings.

use super::{Store, StoreError};

#[derive(Debug, Clone, PartialEq, sqlx::FromRow)]
pub struct GuildSettings {
    pub guild_id: i64,
    pub turn_timeout_secs: i64,
    pub time_bank_secs: i64,
    pub challenge_expiry_secs: i64,
    pub use_threads: bool,
    /// Language of public messages: `auto` (the server's Discord language), `en` or `ja`.
    pub locale: String,
    pub yaku_overrides: String,
    /// The season in play; closing it starts the next.
    pub season: i64,
}

impl GuildSettings {
    pub fn defaults(guild_id: i64) -> GuildSettings {
        GuildSettings {
            guild_id,
            turn_timeout_secs: 180,
            time_bank_secs: 300,
            challenge_expiry_secs: 600,
            use_threads: true,
            locale: "auto".into(),
            yaku_overrides: "{}".into(),
            season: 1,
        }
    }
}

impl Store {
    /// A guild's settings (the defaults when it has none).
    ///
    /// # Errors
    /// A database error.
    pub async fn guild_settings(&self, guild_id: i64) -> Result<GuildSettings, StoreError> {
        let found = sqlx::query_as::<_, GuildSettings>(
            "SELECT guild_id, turn_timeout_secs, time_bank_secs, challenge_expiry_secs, \
             use_threads, locale, yaku_overrides, season FROM guild_settings WHERE guild_id = ?",
        )
        .bind(guild_id)
        .fetch_optional(self.pool())
        .await?;
        Ok(found.unwrap_or_else(|| GuildSettings::defaults(guild_id)))
    }

    /// Saves a guild's settings.
    ///
    /// # Errors
    /// A database error (including a CHECK on an invalid value).
    pub async fn save_guild_settings(&self, s: &GuildSettings) -> Result<(), StoreError> {
        sqlx::query(
            "INSERT OR REPLACE INTO guild_settings (guild_id, turn_timeout_secs, time_bank_secs, \
             challenge_expiry_secs, use_threads, locale, yaku_overrides, season) \
             VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        )
        .bind(s.guild_id)
        .bind(s.turn_timeout_secs)
        .bind(s.time_bank_secs)
        .bind(s.challenge_expiry_secs)
        .bind(s.use_threads)
        .bind(&s.locale)
        .bind(&s.yaku_overrides)
        .bind(s.season)
        .execute(self.pool())
        .await?;
        Ok(())
    }

    /// Closes a guild's season in play and starts the next; returns the season closed.
    /// Nothing is deleted: the closed season's players stay readable. One transaction.
    ///
    /// # Errors
    /// A database error.
    pub async fn close_season(&self, guild_id: i64, by: i64, now: i64) -> Result<i64, StoreError> {
        let mut tx = self.begin_write().await?;
        sqlx::query("INSERT OR IGNORE INTO guild_settings (guild_id) VALUES (?)")
            .bind(guild_id)
            .execute(&mut *tx)
            .await?;
        let (season,): (i64,) =
            sqlx::query_as("SELECT season FROM guild_settings WHERE guild_id = ?")
                .bind(guild_id)
                .fetch_one(&mut *tx)
                .await?;
        sqlx::query(
            "INSERT INTO seasons_closed (guild_id, season, closed_at, closed_by) VALUES (?, ?, ?, ?)",
        )
        .bind(guild_id)
        .bind(season)
        .bind(now)
        .bind(by)
        .execute(&mut *tx)
        .await?;
        sqlx::query("UPDATE guild_settings SET season = ? WHERE guild_id = ?")
            .bind(season + 1)
            .bind(guild_id)
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(season)
    }
}
