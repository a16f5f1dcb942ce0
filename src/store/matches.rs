//! Matches and their snapshots.

use super::decode::At;
use super::ids::{ChannelId, GuildId, MatchId, MessageId, UserId};
use super::{lock_match, Conn, Store, StoreError, TxConn};
use crate::games::computer::Level;
use crate::games::deal::DeckSeed;
use crate::games::registry::GameId;
use crate::games::rules::Rules;
use crate::games::seat::BOTH;
use crate::games::seat::{PerSeat, Seat};
use crate::i18n::Lang;

/// Whether a match is being played.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MatchStatus {
    Active,
    Finished,
}

impl MatchStatus {
    pub fn id(self) -> &'static str {
        match self {
            MatchStatus::Active => "active",
            MatchStatus::Finished => "finished",
        }
    }

    pub fn from_id(id: &str) -> Option<MatchStatus> {
        [MatchStatus::Active, MatchStatus::Finished]
            .into_iter()
            .find(|s| s.id() == id)
    }
}

/// Everything about a match except its engine state.
#[derive(Debug, Clone, PartialEq)]
pub struct MatchMeta {
    pub id: MatchId,
    /// The game played (its state is that game's).
    pub game: GameId,
    pub guild_id: GuildId,
    pub channel_id: ChannelId,
    /// Where the match is shown: its thread (or the channel) and the table message.
    pub thread_id: Option<ChannelId>,
    pub table_message_id: Option<MessageId>,
    /// The turn notice in the thread now, if any (at most one at a time).
    pub notice_message_id: Option<MessageId>,
    pub players: PerSeat<UserId>,
    pub first_dealer: Seat,
    pub status: MatchStatus,
    pub winner: Option<Seat>,
    /// The game's id of how it ended (`Rules::END_REASONS`).
    pub end_reason: Option<&'static str>,
    pub version: i64,
    pub created_at: i64,
    pub updated_at: i64,
    pub turn_timeout_secs: i64,
    /// When the player to act runs out of time: turn start + turn time + their bank.
    pub turn_deadline: Option<i64>,
    /// The season the match counts for (the server's when it started).
    pub season: i64,
    /// Seconds of time bank left per seat.
    pub banks: PerSeat<i64>,
    /// Consecutive timeouts per seat (3 forfeit the match).
    pub timeouts: PerSeat<i64>,
    pub turn_started_at: Option<i64>,
    /// Language of the match's public messages.
    pub lang: Lang,
    /// A practice match: the level of the computer, which sits in seat 1.
    pub practice: Option<Level>,
    /// A timed-out turn is played by the `normal` computer (the server's setting at start).
    pub afk_computer: bool,
    /// The players' display names, captured when the match started (empty: unknown).
    pub names: PerSeat<String>,
}

impl MatchMeta {
    pub fn is_finished(&self) -> bool {
        self.status == MatchStatus::Finished
    }

    /// The records this match counts for: its game's, in its season of its server.
    pub fn board(&self) -> super::players::Board {
        super::players::Board {
            guild: self.guild_id,
            season: self.season,
            game: self.game,
        }
    }

    /// The seat of a user, if seated.
    pub fn seat_of(&self, user: UserId) -> Option<Seat> {
        BOTH.into_iter().find(|s| self.players[*s] == user)
    }

    /// The computer's seat in a practice match.
    pub const COMPUTER_SEAT: Seat = Seat::ONE;

    /// The seat the computer plays, in a practice match.
    pub fn computer_seat(&self) -> Option<Seat> {
        self.practice.map(|_| Self::COMPUTER_SEAT)
    }
}

/// A match as stored: its meta, its secret seed, and its game's rule options and state as
/// that game wrote them (read with [`MatchRow::decode`] once the game is known).
#[derive(Debug, Clone)]
pub struct MatchRow {
    pub meta: MatchMeta,
    pub seed: DeckSeed,
    options: String,
    state: String,
}

/// A match of game `G` with its current state and secret seed.
#[derive(Debug, Clone)]
pub struct GameRow<G: Rules> {
    pub meta: MatchMeta,
    pub seed: DeckSeed,
    pub options: G::Options,
    pub state: G::State,
}

impl MatchRow {
    /// The match as game `G`'s.
    ///
    /// # Errors
    /// [`StoreError::Corrupt`] naming the column when the options or the state do not read
    /// as `G`'s (or the match is another game's).
    pub fn decode<G: Rules>(self) -> Result<GameRow<G>, StoreError> {
        let id = self.meta.id.0;
        if self.meta.game.id() != G::ID {
            let detail = format!("a {} match read as {}", self.meta.game, G::ID);
            return Err(At::new("matches", id).corrupt("game", detail));
        }
        Ok(GameRow {
            options: At::new("matches", id).json("rule_options", &self.options)?,
            state: G::restore(&self.state)
                .map_err(|e| At::new("snapshots", id).corrupt("state", e))?,
            meta: self.meta,
            seed: self.seed,
        })
    }
}

/// A match of game `G` to create.
pub struct NewMatchRow<'a, G: Rules> {
    pub guild_id: GuildId,
    pub channel_id: ChannelId,
    pub players: PerSeat<UserId>,
    pub first_dealer: Seat,
    pub options: &'a G::Options,
    pub seed: &'a DeckSeed,
    pub turn_timeout_secs: i64,
    pub time_bank_secs: i64,
    pub season: i64,
    pub lang: Lang,
    /// The computer's level (seat 1) in a practice match.
    pub practice: Option<Level>,
    pub afk_computer: bool,
    /// The players' display names (empty: unknown).
    pub names: PerSeat<String>,
    pub state: &'a G::State,
    pub turn_deadline: Option<i64>,
    pub now: i64,
}

/// One finished match in a player's history.
#[derive(Debug, Clone, PartialEq)]
pub struct HistoryRow {
    pub id: MatchId,
    pub opponent_id: UserId,
    pub won: bool,
    pub end_reason: Option<&'static str>,
    pub own_balance: Option<i64>,
    pub opponent_balance: Option<i64>,
    pub updated_at: i64,
}

#[derive(sqlx::FromRow)]
struct RawHistory {
    id: i64,
    opponent_id: i64,
    won: bool,
    end_reason: Option<String>,
    own_balance: Option<i64>,
    opponent_balance: Option<i64>,
    updated_at: i64,
}

impl RawHistory {
    fn decode(self, game: GameId) -> Result<HistoryRow, StoreError> {
        let at = At::new("matches", self.id);
        Ok(HistoryRow {
            id: MatchId(self.id),
            opponent_id: UserId(self.opponent_id),
            won: self.won,
            end_reason: self
                .end_reason
                .map(|r| at.named("end_reason", &r, |id| game.end_reason(id)))
                .transpose()?,
            own_balance: self.own_balance,
            opponent_balance: self.opponent_balance,
            updated_at: self.updated_at,
        })
    }
}

/// The columns of a match row as the database holds them; decoded once by [`RawMatch::decode`].
#[derive(sqlx::FromRow)]
struct RawMatch {
    id: i64,
    guild_id: i64,
    channel_id: i64,
    thread_id: Option<i64>,
    table_message_id: Option<i64>,
    notice_message_id: Option<i64>,
    player0_id: i64,
    player1_id: i64,
    first_dealer: i64,
    status: String,
    winner_seat: Option<i64>,
    end_reason: Option<String>,
    rule_options: String,
    seed: Vec<u8>,
    version: i64,
    created_at: i64,
    updated_at: i64,
    turn_timeout_secs: i64,
    turn_deadline: Option<i64>,
    season: i64,
    bank0: i64,
    bank1: i64,
    timeouts0: i64,
    timeouts1: i64,
    turn_started_at: Option<i64>,
    locale: String,
    practice_level: Option<String>,
    afk_computer: bool,
    name0: String,
    name1: String,
    game: String,
    state: Option<String>,
}

impl RawMatch {
    fn decode(self) -> Result<MatchRow, StoreError> {
        let at = At::new("matches", self.id);
        let game_id = at.named("game", &self.game, GameId::from_id)?;
        let seed: DeckSeed = self
            .seed
            .as_slice()
            .try_into()
            .map_err(|_| at.corrupt("seed", format!("{} bytes, not 32", self.seed.len())))?;
        let state = self
            .state
            .ok_or_else(|| At::new("snapshots", self.id).corrupt("state", "missing"))?;
        let meta = MatchMeta {
            id: MatchId(self.id),
            game: game_id,
            guild_id: GuildId(self.guild_id),
            channel_id: ChannelId(self.channel_id),
            thread_id: self.thread_id.map(ChannelId),
            table_message_id: self.table_message_id.map(MessageId),
            notice_message_id: self.notice_message_id.map(MessageId),
            players: PerSeat::new(UserId(self.player0_id), UserId(self.player1_id)),
            first_dealer: at.seat("first_dealer", self.first_dealer)?,
            status: at.named("status", &self.status, MatchStatus::from_id)?,
            winner: self
                .winner_seat
                .map(|w| at.seat("winner_seat", w))
                .transpose()?,
            end_reason: self
                .end_reason
                .map(|r| at.named("end_reason", &r, |id| game_id.end_reason(id)))
                .transpose()?,
            version: self.version,
            created_at: self.created_at,
            updated_at: self.updated_at,
            turn_timeout_secs: self.turn_timeout_secs,
            turn_deadline: self.turn_deadline,
            season: self.season,
            banks: PerSeat::new(self.bank0, self.bank1),
            timeouts: PerSeat::new(self.timeouts0, self.timeouts1),
            turn_started_at: self.turn_started_at,
            lang: at.named("locale", &self.locale, Lang::from_id)?,
            practice: self
                .practice_level
                .map(|l| at.named("practice_level", &l, |t| t.parse().ok()))
                .transpose()?,
            afk_computer: self.afk_computer,
            names: PerSeat::new(self.name0, self.name1),
        };
        Ok(MatchRow {
            meta,
            seed,
            options: self.rule_options,
            state,
        })
    }
}

const MATCH_SQL: &str = "SELECT id, guild_id, channel_id, thread_id, table_message_id, \
    notice_message_id, \
    player0_id, player1_id, first_dealer, status, winner_seat, end_reason, rule_options, seed, \
    version, created_at, updated_at, turn_timeout_secs, turn_deadline, season, bank0, bank1, \
    timeouts0, timeouts1, turn_started_at, locale, practice_level, afk_computer, name0, name1, game, \
    (SELECT state FROM snapshots WHERE match_id = matches.id) AS state \
    FROM matches WHERE id = $1";

pub(super) const HISTORY_SQL: &str = "\
    SELECT id, player1_id AS opponent_id, winner_seat = 0 AS won, end_reason, \
           final_balance0 AS own_balance, final_balance1 AS opponent_balance, updated_at \
    FROM matches WHERE guild_id = $1 AND player0_id = $2 AND game = $3 AND status = 'finished' \
    UNION ALL \
    SELECT id, player0_id, winner_seat = 1, end_reason, final_balance1, final_balance0, updated_at \
    FROM matches WHERE guild_id = $1 AND player1_id = $2 AND game = $3 AND status = 'finished' \
    ORDER BY updated_at DESC, id DESC LIMIT $4";

pub(super) const ACTIVE_SQL: &str = "SELECT id FROM matches WHERE status = 'active' \
    AND ((guild_id / 4194304) % $1) BETWEEN $2 AND $3 ORDER BY turn_deadline";

/// Active matches whose turn deadline has passed (uses `matches_by_status`) — once shown: a
/// match whose table is not posted yet is not played for anyone.
pub(super) const DUE_SQL: &str = "SELECT id FROM matches \
    WHERE status = 'active' AND turn_deadline <= $1 AND table_message_id IS NOT NULL \
    AND ((guild_id / 4194304) % $3) BETWEEN $4 AND $5 \
    ORDER BY turn_deadline LIMIT $2";

/// Active practice matches (uses `matches_practice`).
pub(super) const PRACTICE_SQL: &str = "SELECT id FROM matches \
    WHERE status = 'active' AND practice_level IS NOT NULL \
    AND ((guild_id / 4194304) % $1) BETWEEN $2 AND $3 ORDER BY id";

/// Creates a match and its first snapshot (version 0).
pub async fn insert<G: Rules>(
    tx: &mut TxConn,
    m: &NewMatchRow<'_, G>,
) -> Result<MatchId, StoreError> {
    let options = serde_json::to_string(m.options).expect("options serialise");
    let state = serde_json::to_string(m.state).expect("states serialise");
    on_conn!(tx.conn(), |c| {
        let (id,): (i64,) = sqlx::query_as(
            "INSERT INTO matches (guild_id, channel_id, player0_id, player1_id, first_dealer, \
             status, rule_options, seed, version, created_at, updated_at, turn_timeout_secs, \
             turn_deadline, season, bank0, bank1, turn_started_at, locale, practice_level, \
             afk_computer, name0, name1, game) \
             VALUES ($1, $2, $3, $4, $5, 'active', $6, $7, 0, $8, $8, $9, $10, $11, $12, $12, \
             $8, $13, $14, $15, $16, $17, $18) RETURNING id",
        )
        .bind(m.guild_id)
        .bind(m.channel_id)
        .bind(m.players[Seat::ZERO])
        .bind(m.players[Seat::ONE])
        .bind(m.first_dealer.index() as i64)
        .bind(&options)
        .bind(m.seed.as_slice())
        .bind(m.now)
        .bind(m.turn_timeout_secs)
        .bind(m.turn_deadline)
        .bind(m.season)
        .bind(m.time_bank_secs)
        .bind(m.lang.id())
        .bind(m.practice.map(Level::id))
        .bind(m.afk_computer)
        .bind(&m.names[Seat::ZERO])
        .bind(&m.names[Seat::ONE])
        .bind(G::ID)
        .fetch_one(&mut *c)
        .await?;
        sqlx::query("INSERT INTO snapshots (match_id, version, state) VALUES ($1, 0, $2)")
            .bind(id)
            .bind(&state)
            .execute(&mut *c)
            .await?;
        Ok(MatchId(id))
    })
}

/// A match with its snapshot.
pub(crate) async fn load(conn: Conn<'_>, id: MatchId) -> Result<Option<MatchRow>, StoreError> {
    on_conn!(conn, |c| sqlx::query_as::<_, RawMatch>(MATCH_SQL)
        .bind(id)
        .fetch_optional(c)
        .await?
        .map(RawMatch::decode)
        .transpose())
}

/// A match with its snapshot, inside a write transaction: the match row stays locked until
/// the transaction ends (see [`lock_match`]), so the version read is the one written over.
pub async fn load_in(tx: &mut TxConn, id: MatchId) -> Result<Option<MatchRow>, StoreError> {
    lock_match(tx.conn(), id).await?;
    load(tx.conn(), id).await
}

/// What an applied action changes on the match row and its snapshot.
pub struct MatchUpdate<'a, G: Rules> {
    pub id: MatchId,
    pub version: i64,
    pub state: &'a G::State,
    pub turn_deadline: Option<i64>,
    /// `(winner, end reason, final balances)` when the game ended.
    pub finished: Option<(Seat, &'static str, PerSeat<i64>)>,
    pub now: i64,
    pub banks: PerSeat<i64>,
    pub timeouts: PerSeat<i64>,
}

/// Writes the new version, state and deadline of a match.
pub async fn update<G: Rules>(tx: &mut TxConn, u: &MatchUpdate<'_, G>) -> Result<(), StoreError> {
    let status = match u.finished {
        Some(_) => MatchStatus::Finished,
        None => MatchStatus::Active,
    };
    let winner = u.finished.map(|(w, _, _)| w.index() as i64);
    let reason = u.finished.map(|(_, r, _)| r);
    let balances = u.finished.map(|(_, _, b)| b);
    let state = serde_json::to_string(u.state).expect("states serialise");
    on_conn!(tx.conn(), |c| {
        sqlx::query(
            "UPDATE matches SET version = $1, status = $2, winner_seat = $3, end_reason = $4, \
             final_balance0 = $5, final_balance1 = $6, updated_at = $7, turn_deadline = $8, \
             bank0 = $9, bank1 = $10, timeouts0 = $11, timeouts1 = $12, turn_started_at = $7 \
             WHERE id = $13",
        )
        .bind(u.version)
        .bind(status.id())
        .bind(winner)
        .bind(reason)
        .bind(balances.map(|b| b[Seat::ZERO]))
        .bind(balances.map(|b| b[Seat::ONE]))
        .bind(u.now)
        .bind(u.turn_deadline)
        .bind(u.banks[Seat::ZERO])
        .bind(u.banks[Seat::ONE])
        .bind(u.timeouts[Seat::ZERO])
        .bind(u.timeouts[Seat::ONE])
        .bind(u.id)
        .execute(&mut *c)
        .await?;
        sqlx::query("UPDATE snapshots SET version = $1, state = $2 WHERE match_id = $3")
            .bind(u.version)
            .bind(&state)
            .bind(u.id)
            .execute(&mut *c)
            .await?;
        Ok(())
    })
}

/// Records where a match is shown. `first_shown` (the time its table first appeared): a turn
/// clock that ran while nobody could see the game starts again from then.
pub(super) async fn set_messages(
    tx: &mut TxConn,
    id: MatchId,
    thread: ChannelId,
    table: MessageId,
    first_shown: Option<i64>,
) -> Result<(), StoreError> {
    on_conn!(tx.conn(), |c| {
        sqlx::query("UPDATE matches SET thread_id = $1, table_message_id = $2 WHERE id = $3")
            .bind(thread)
            .bind(table)
            .bind(id)
            .execute(&mut *c)
            .await?;
        if let Some(now) = first_shown {
            sqlx::query(
                "UPDATE matches SET turn_deadline = turn_deadline + ($1 - turn_started_at), \
                 turn_started_at = $1 WHERE id = $2 AND status = 'active' \
                 AND turn_deadline IS NOT NULL AND turn_started_at < $1",
            )
            .bind(now)
            .bind(id)
            .execute(&mut *c)
            .await?;
        }
        Ok(())
    })
}

/// The key of the advisory lock on a channel's new matches (see [`super::lock_key`]).
fn channel_key(channel: ChannelId) -> String {
    format!("momojan/new-match/{channel}")
}

async fn find_between(
    conn: Conn<'_>,
    channel: ChannelId,
    a: UserId,
    b: UserId,
) -> Result<Option<MatchId>, StoreError> {
    let row: Option<(i64,)> = on_conn!(conn, |c| sqlx::query_as(
        "SELECT id FROM matches WHERE status = 'active' AND channel_id = $1 \
         AND ((player0_id = $2 AND player1_id = $3) OR (player0_id = $3 AND player1_id = $2))",
    )
    .bind(channel)
    .bind(a)
    .bind(b)
    .fetch_optional(c)
    .await?);
    Ok(row.map(|r| MatchId(r.0)))
}

/// An active match between two players in a channel, if any, inside a transaction, so a
/// challenge answer checks and creates in one step (on PostgreSQL the channel's new matches
/// are locked until the transaction ends, so two answers never both create one).
pub async fn active_between(
    tx: &mut TxConn,
    channel: ChannelId,
    a: UserId,
    b: UserId,
) -> Result<Option<MatchId>, StoreError> {
    super::lock_key(tx.conn(), &channel_key(channel)).await?;
    find_between(tx.conn(), channel, a, b).await
}

async fn find_active_of(
    conn: Conn<'_>,
    channel: ChannelId,
    user: UserId,
) -> Result<Option<MatchId>, StoreError> {
    let row: Option<(i64,)> = on_conn!(conn, |c| {
        sqlx::query_as(
        "SELECT id FROM matches WHERE status = 'active' AND (channel_id = $1 OR thread_id = $1) \
         AND (player0_id = $2 OR player1_id = $2) ORDER BY updated_at DESC LIMIT 1",
    )
    .bind(channel)
    .bind(user)
    .fetch_optional(c)
    .await?
    });
    Ok(row.map(|r| MatchId(r.0)))
}

/// The active match a user plays in a channel (or in a match thread of it), if any, inside
/// a transaction that may then create one (on PostgreSQL the channel's new matches are
/// locked until the transaction ends).
pub async fn active_of(
    tx: &mut TxConn,
    channel: ChannelId,
    user: UserId,
) -> Result<Option<MatchId>, StoreError> {
    super::lock_key(tx.conn(), &channel_key(channel)).await?;
    find_active_of(tx.conn(), channel, user).await
}

fn ids(rows: Vec<(i64,)>) -> Vec<MatchId> {
    rows.into_iter().map(|r| MatchId(r.0)).collect()
}

impl Store {
    /// A match with its current state.
    ///
    /// # Errors
    /// A database error, or [`StoreError::Corrupt`] naming a damaged column.
    pub async fn load_match(&self, id: MatchId) -> Result<Option<MatchRow>, StoreError> {
        load(self.acquire().await?.conn(), id).await
    }

    /// The game a match plays (it never changes), if the match exists.
    ///
    /// # Errors
    /// A database error, or [`StoreError::Corrupt`] for an unknown game.
    pub async fn game_of(&self, id: MatchId) -> Result<Option<GameId>, StoreError> {
        let row: Option<(String,)> = on_conn!(self.acquire().await?.conn(), |c| {
            sqlx::query_as("SELECT game FROM matches WHERE id = $1")
                .bind(id)
                .fetch_optional(c)
                .await?
        });
        row.map(|(game,)| At::new("matches", id.0).named("game", &game, GameId::from_id))
            .transpose()
    }

    /// Ids of the matches still in play, soonest deadline first.
    ///
    /// # Errors
    /// A database error.
    pub async fn active_matches(&self) -> Result<Vec<MatchId>, StoreError> {
        let o = self.owned;
        let rows = on_conn!(self.acquire().await?.conn(), |c| sqlx::query_as(ACTIVE_SQL)
            .bind(i64::from(o.total))
            .bind(i64::from(o.first))
            .bind(i64::from(o.last))
            .fetch_all(c)
            .await?);
        Ok(ids(rows))
    }

    /// Ids of active matches whose turn deadline is at or before `now`, soonest first.
    ///
    /// # Errors
    /// A database error.
    pub async fn due_matches(&self, now: i64, limit: i64) -> Result<Vec<MatchId>, StoreError> {
        let o = self.owned;
        let rows = on_conn!(self.acquire().await?.conn(), |c| sqlx::query_as(DUE_SQL)
            .bind(now)
            .bind(limit)
            .bind(i64::from(o.total))
            .bind(i64::from(o.first))
            .bind(i64::from(o.last))
            .fetch_all(c)
            .await?);
        Ok(ids(rows))
    }

    /// Ids of every match, for consistency checks.
    ///
    /// # Errors
    /// A database error.
    pub async fn match_ids(&self) -> Result<Vec<MatchId>, StoreError> {
        let rows = on_conn!(self.acquire().await?.conn(), |c| sqlx::query_as(
            "SELECT id FROM matches ORDER BY id"
        )
        .fetch_all(c)
        .await?);
        Ok(ids(rows))
    }

    /// A player's finished matches of one game in a guild, newest first.
    ///
    /// # Errors
    /// A database error, or [`StoreError::Corrupt`].
    pub async fn history(
        &self,
        guild: GuildId,
        user: UserId,
        game: GameId,
        limit: i64,
    ) -> Result<Vec<HistoryRow>, StoreError> {
        on_conn!(self.acquire().await?.conn(), |c| sqlx::query_as::<
            _,
            RawHistory,
        >(HISTORY_SQL)
        .bind(guild)
        .bind(user)
        .bind(game.id())
        .bind(limit)
        .fetch_all(c)
        .await?)
        .into_iter()
        .map(|row| row.decode(game))
        .collect()
    }

    /// Records where a match is shown (its thread and table message).
    ///
    /// # Errors
    /// A database error.
    pub async fn set_match_messages(
        &self,
        id: MatchId,
        thread: ChannelId,
        table: MessageId,
    ) -> Result<(), StoreError> {
        let mut tx = self.begin_write().await?;
        set_messages(&mut tx, id, thread, table, None).await?;
        tx.commit().await
    }

    /// Records the match's turn notice (`None`: there is none now).
    ///
    /// # Errors
    /// A database error.
    pub async fn set_match_notice(
        &self,
        id: MatchId,
        notice: Option<MessageId>,
    ) -> Result<(), StoreError> {
        let mut tx = self.begin_write().await?;
        on_conn!(tx.conn(), |c| sqlx::query(
            "UPDATE matches SET notice_message_id = $1 WHERE id = $2"
        )
        .bind(notice)
        .bind(id)
        .execute(c)
        .await?
        .rows_affected());
        tx.commit().await
    }

    /// An active match between two players in a channel, if any.
    ///
    /// # Errors
    /// A database error.
    pub async fn active_match_between(
        &self,
        channel: ChannelId,
        a: UserId,
        b: UserId,
    ) -> Result<Option<MatchId>, StoreError> {
        find_between(self.acquire().await?.conn(), channel, a, b).await
    }

    /// A user's most recent match of one game in a guild (active or finished), if any.
    ///
    /// # Errors
    /// A database error.
    pub async fn latest_match_of(
        &self,
        guild: GuildId,
        user: UserId,
        game: GameId,
    ) -> Result<Option<MatchId>, StoreError> {
        let row: Option<(i64,)> = on_conn!(self.acquire().await?.conn(), |c| sqlx::query_as(
            "SELECT id FROM (\
               SELECT id, updated_at FROM matches \
               WHERE guild_id = $1 AND player0_id = $2 AND game = $3 \
               UNION ALL \
               SELECT id, updated_at FROM matches \
               WHERE guild_id = $1 AND player1_id = $2 AND game = $3) AS mine \
             ORDER BY updated_at DESC, id DESC LIMIT 1",
        )
        .bind(guild)
        .bind(user)
        .bind(game.id())
        .fetch_optional(c)
        .await?);
        Ok(row.map(|r| MatchId(r.0)))
    }

    /// The active match a user plays in a channel (or in a match thread of it), if any.
    ///
    /// # Errors
    /// A database error.
    pub async fn active_match_of(
        &self,
        channel: ChannelId,
        user: UserId,
    ) -> Result<Option<MatchId>, StoreError> {
        find_active_of(self.acquire().await?.conn(), channel, user).await
    }

    /// Ids of the practice matches still in play (the service checks whose turn it is).
    ///
    /// # Errors
    /// A database error.
    pub async fn active_practice_matches(&self) -> Result<Vec<MatchId>, StoreError> {
        let o = self.owned;
        let rows = on_conn!(self.acquire().await?.conn(), |c| sqlx::query_as(
            PRACTICE_SQL
        )
        .bind(i64::from(o.total))
        .bind(i64::from(o.first))
        .bind(i64::from(o.last))
        .fetch_all(c)
        .await?);
        Ok(ids(rows))
    }
}
