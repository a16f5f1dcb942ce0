//! Per-guild settings.

use super::decode::At;
use super::ids::{GuildId, UserId};
use super::{Conn, Store, StoreError, TxConn};
use std::collections::BTreeMap;

use crate::games::interface::Hosted;
use crate::games::registry::{with_game, GameId};
use crate::i18n::Lang;

/// The language of a server's public messages.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum LocaleSetting {
    /// The server's Discord language.
    #[default]
    Auto,
    Fixed(Lang),
}

impl LocaleSetting {
    pub fn id(self) -> &'static str {
        match self {
            LocaleSetting::Auto => "auto",
            LocaleSetting::Fixed(lang) => lang.id(),
        }
    }

    pub fn from_id(id: &str) -> Option<LocaleSetting> {
        match id {
            "auto" => Some(LocaleSetting::Auto),
            other => Lang::from_id(other).map(LocaleSetting::Fixed),
        }
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct GuildSettings {
    pub guild_id: GuildId,
    pub turn_timeout_secs: i64,
    pub time_bank_secs: i64,
    pub challenge_expiry_secs: i64,
    pub use_threads: bool,
    pub locale: LocaleSetting,
    /// The server's rule options (yaku values) of each game that has any changed, as that
    /// game's options serialise (checked against the game's type when read).
    pub game_options: BTreeMap<GameId, serde_json::Value>,
    /// The season in play; closing it starts the next.
    pub season: i64,
    /// Timed-out turns are played by the `normal` computer instead of the minimum move.
    pub afk_computer: bool,
    /// Seconds a player with a live hand may take before a turn notice pings them.
    pub notice_delay_secs: i64,
    /// The game of `/momojan challenge` and `/momojan practice`, and of the records commands,
    /// when they name none.
    pub default_game: GameId,
    /// Seconds every asked player has to answer a claim window (a timeout is a pass).
    pub claim_secs: i64,
    /// Watchers of a match between people see every hand one round late (the previous
    /// round's, with its summary), never the round in play.
    pub spectate_hands: bool,
    /// New tables and practice are teaching ones unless their command says otherwise.
    pub teach: bool,
}

impl GuildSettings {
    pub fn defaults(guild_id: GuildId) -> GuildSettings {
        GuildSettings {
            guild_id,
            turn_timeout_secs: 180,
            time_bank_secs: 300,
            challenge_expiry_secs: 600,
            use_threads: true,
            locale: LocaleSetting::Auto,
            game_options: BTreeMap::new(),
            season: 1,
            afk_computer: false,
            notice_delay_secs: 45,
            default_game: GameId::Momojan,
            claim_secs: 30,
            spectate_hands: false,
            teach: false,
        }
    }

    /// The server's options of game `G` (the game's defaults where none are stored).
    pub fn options<G: Hosted>(&self) -> G::Options {
        let stored = GameId::from_id(G::ID).and_then(|game| self.game_options.get(&game));
        // Every stored value was decoded as `G::Options` when the row was read.
        stored
            .and_then(|v| serde_json::from_value(v.clone()).ok())
            .unwrap_or_default()
    }

    /// Sets the server's options of game `G`.
    pub fn set_options<G: Hosted>(&mut self, options: &G::Options) {
        if let Some(game) = GameId::from_id(G::ID) {
            let value = serde_json::to_value(options).expect("options serialise");
            self.game_options.insert(game, value);
        }
    }
}

/// Every game's options in one JSON object, each checked against its game's type.
fn decode_game_options(
    at: &At,
    text: &str,
) -> Result<BTreeMap<GameId, serde_json::Value>, StoreError> {
    let raw: BTreeMap<String, serde_json::Value> = at.json("game_options", text)?;
    let mut out = BTreeMap::new();
    for (id, value) in raw {
        let game = at.named("game_options", &id, GameId::from_id)?;
        with_game!(game, G => {
            serde_json::from_value::<<G as crate::games::interface::Play>::Options>(value.clone())
                .map_err(|e| at.corrupt("game_options", format!("{id}: {e}")))?;
        });
        out.insert(game, value);
    }
    Ok(out)
}

#[derive(sqlx::FromRow)]
struct RawSettings {
    guild_id: i64,
    turn_timeout_secs: i64,
    time_bank_secs: i64,
    challenge_expiry_secs: i64,
    use_threads: bool,
    locale: String,
    game_options: String,
    season: i64,
    afk_computer: bool,
    notice_delay_secs: i64,
    default_game: String,
    claim_secs: i64,
    spectate_hands: bool,
    teach: bool,
}

impl RawSettings {
    fn decode(self) -> Result<GuildSettings, StoreError> {
        let at = At::new("guild_settings", self.guild_id);
        Ok(GuildSettings {
            guild_id: GuildId(self.guild_id),
            turn_timeout_secs: self.turn_timeout_secs,
            time_bank_secs: self.time_bank_secs,
            challenge_expiry_secs: self.challenge_expiry_secs,
            use_threads: self.use_threads,
            locale: at.named("locale", &self.locale, LocaleSetting::from_id)?,
            game_options: decode_game_options(&at, &self.game_options)?,
            season: self.season,
            afk_computer: self.afk_computer,
            notice_delay_secs: self.notice_delay_secs,
            default_game: at.named("default_game", &self.default_game, GameId::from_id)?,
            claim_secs: self.claim_secs,
            spectate_hands: self.spectate_hands,
            teach: self.teach,
        })
    }
}

/// A guild's settings (the defaults when it has none).
async fn find(conn: Conn<'_>, guild: GuildId) -> Result<GuildSettings, StoreError> {
    let found = on_conn!(conn, |c| sqlx::query_as::<_, RawSettings>(
        "SELECT guild_id, turn_timeout_secs, time_bank_secs, challenge_expiry_secs, \
         use_threads, locale, game_options, season, afk_computer, notice_delay_secs, \
         default_game, claim_secs, spectate_hands, teach FROM guild_settings WHERE guild_id = $1",
    )
    .bind(guild)
    .fetch_optional(c)
    .await?);
    match found {
        Some(raw) => raw.decode(),
        None => Ok(GuildSettings::defaults(guild)),
    }
}

/// A guild's settings (the defaults when it has none), inside a transaction.
pub async fn get(tx: &mut TxConn, guild: GuildId) -> Result<GuildSettings, StoreError> {
    find(tx.conn().await?, guild).await
}

impl Store {
    /// A guild's settings (the defaults when it has none).
    ///
    /// # Errors
    /// A database error, or [`StoreError::Corrupt`] for a damaged value (never replaced by
    /// a default).
    pub async fn guild_settings(&self, guild: GuildId) -> Result<GuildSettings, StoreError> {
        find(self.acquire().await?.conn(), guild).await
    }

    /// Saves a guild's settings.
    ///
    /// # Errors
    /// A database error (including a CHECK on an invalid value).
    pub async fn save_guild_settings(&self, s: &GuildSettings) -> Result<(), StoreError> {
        let options = serde_json::to_string(&s.game_options).expect("options serialise");
        let mut tx = self.begin_write().await?;
        on_conn!(tx.conn().await?, |c| sqlx::query(
            "INSERT INTO guild_settings (guild_id, turn_timeout_secs, time_bank_secs, \
             challenge_expiry_secs, use_threads, locale, game_options, season, afk_computer, \
             notice_delay_secs, default_game, claim_secs, spectate_hands, teach) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14) \
             ON CONFLICT (guild_id) DO UPDATE SET turn_timeout_secs = excluded.turn_timeout_secs, \
             time_bank_secs = excluded.time_bank_secs, \
             challenge_expiry_secs = excluded.challenge_expiry_secs, \
             use_threads = excluded.use_threads, locale = excluded.locale, \
             game_options = excluded.game_options, season = excluded.season, \
             afk_computer = excluded.afk_computer, notice_delay_secs = excluded.notice_delay_secs, \
             default_game = excluded.default_game, claim_secs = excluded.claim_secs, \
             spectate_hands = excluded.spectate_hands, teach = excluded.teach",
        )
        .bind(s.guild_id)
        .bind(s.turn_timeout_secs)
        .bind(s.time_bank_secs)
        .bind(s.challenge_expiry_secs)
        .bind(s.use_threads)
        .bind(s.locale.id())
        .bind(&options)
        .bind(s.season)
        .bind(s.afk_computer)
        .bind(s.notice_delay_secs)
        .bind(s.default_game.id())
        .bind(s.claim_secs)
        .bind(s.spectate_hands)
        .bind(s.teach)
        .execute(c)
        .await?
        .rows_affected());
        tx.commit().await
    }

    /// Closes a guild's season in play and starts the next; returns the season closed.
    /// Nothing is deleted: the closed season's players stay readable. One transaction.
    ///
    /// # Errors
    /// A database error.
    pub async fn close_season(
        &self,
        guild: GuildId,
        by: UserId,
        now: i64,
    ) -> Result<i64, StoreError> {
        let mut tx = self.begin_write().await?;
        let conn = tx.conn().await?;
        // The settings row is locked (PostgreSQL) from the read of the season to its update,
        // so two closings at once close two seasons one after the other.
        let lock = super::for_update(&conn);
        let season = on_conn!(conn, |c| {
            sqlx::query(
                "INSERT INTO guild_settings (guild_id, locale) VALUES ($1, 'auto') \
                 ON CONFLICT (guild_id) DO NOTHING",
            )
            .bind(guild)
            .execute(&mut *c)
            .await?;
            let (season,): (i64,) = sqlx::query_as(&format!(
                "SELECT season FROM guild_settings WHERE guild_id = $1{lock}"
            ))
            .bind(guild)
            .fetch_one(&mut *c)
            .await?;
            sqlx::query(
                "INSERT INTO seasons_closed (guild_id, season, closed_at, closed_by) \
                 VALUES ($1, $2, $3, $4)",
            )
            .bind(guild)
            .bind(season)
            .bind(now)
            .bind(by)
            .execute(&mut *c)
            .await?;
            sqlx::query("UPDATE guild_settings SET season = $1 WHERE guild_id = $2")
                .bind(season + 1)
                .bind(guild)
                .execute(&mut *c)
                .await?;
            season
        });
        tx.commit().await?;
        Ok(season)
    }
}
