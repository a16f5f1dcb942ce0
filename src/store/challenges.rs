//! Challenges and open tables: pending until answered, started, cancelled or expired. A
//! challenge names its players (all must accept); an open table is joined by whoever wants a
//! seat and started by the one who opened it. Each keeps one row per seat taken
//! (`challenge_seats`), position 0 being the one who challenged or opened it.

use super::decode::At;
use super::ids::{ChallengeId, ChannelId, GuildId, MessageId, UserId};
use super::seats::Occupant;
use super::{for_update, Conn, Store, StoreError, TxConn};
use crate::games::interface::seat::SeatCount;
use crate::games::interface::Level;
use crate::games::registry::GameId;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ChallengeStatus {
    Pending,
    /// Accepted by everyone (a challenge) or started (a table): its match is made.
    Accepted,
    Declined,
    Expired,
    /// An open table its opener closed.
    Cancelled,
}

impl ChallengeStatus {
    pub fn id(self) -> &'static str {
        match self {
            ChallengeStatus::Pending => "pending",
            ChallengeStatus::Accepted => "accepted",
            ChallengeStatus::Declined => "declined",
            ChallengeStatus::Expired => "expired",
            ChallengeStatus::Cancelled => "cancelled",
        }
    }

    pub fn from_id(id: &str) -> Option<ChallengeStatus> {
        [
            ChallengeStatus::Pending,
            ChallengeStatus::Accepted,
            ChallengeStatus::Declined,
            ChallengeStatus::Expired,
            ChallengeStatus::Cancelled,
        ]
        .into_iter()
        .find(|s| s.id() == id)
    }
}

/// A challenge of named players, or a table open to anyone.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ChallengeKind {
    Challenge,
    Table,
}

impl ChallengeKind {
    pub fn id(self) -> &'static str {
        match self {
            ChallengeKind::Challenge => "challenge",
            ChallengeKind::Table => "table",
        }
    }

    pub fn from_id(id: &str) -> Option<ChallengeKind> {
        [ChallengeKind::Challenge, ChallengeKind::Table]
            .into_iter()
            .find(|k| k.id() == id)
    }
}

/// One seat taken at a challenge or table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Taker {
    pub occupant: Occupant,
    /// A named opponent who accepted (the challenger, the players who joined a table and its
    /// computers always have).
    pub accepted: bool,
}

impl Taker {
    /// A player who has accepted (or joined).
    pub fn player(user: UserId, name: impl Into<String>) -> Taker {
        Taker {
            occupant: Occupant::player(user, name),
            accepted: true,
        }
    }

    /// A named opponent who has not answered yet.
    pub fn invited(user: UserId, name: impl Into<String>) -> Taker {
        Taker {
            occupant: Occupant::player(user, name),
            accepted: false,
        }
    }

    /// A computer at a table.
    pub fn computer(level: Level) -> Taker {
        Taker {
            occupant: Occupant::Computer(level),
            accepted: true,
        }
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct Challenge {
    pub id: ChallengeId,
    pub kind: ChallengeKind,
    /// The game to be played.
    pub game: GameId,
    pub guild_id: GuildId,
    pub channel_id: ChannelId,
    pub message_id: Option<MessageId>,
    /// The table's size: a challenge's players, or the seats an open table offers.
    pub seats: SeatCount,
    /// The seats taken, position 0 first (the challenger or the table's opener).
    pub takers: Vec<Taker>,
    pub status: ChallengeStatus,
    pub created_at: i64,
    pub expires_at: i64,
    /// Its match may be watched by anyone in the server (`watch:off` forbids it).
    pub watchable: bool,
    /// The match it starts is a teaching one (issue 39).
    pub teach: bool,
}

impl Challenge {
    /// The one who challenged or opened the table.
    pub fn host(&self) -> UserId {
        self.takers
            .first()
            .and_then(|t| t.occupant.user())
            .expect("a challenge's first seat is its host (checked when read)")
    }

    /// The host's display name (empty: unknown).
    pub fn host_name(&self) -> &str {
        self.takers.first().map_or("", |t| t.occupant.name())
    }

    /// The players taking part (the host first), computers left out.
    pub fn users(&self) -> impl Iterator<Item = UserId> + '_ {
        self.takers.iter().filter_map(|t| t.occupant.user())
    }

    /// The position of `user`, if they took a seat or were named.
    pub fn position_of(&self, user: UserId) -> Option<usize> {
        self.takers
            .iter()
            .position(|t| t.occupant.user() == Some(user))
    }

    /// Whether every seat is taken by someone who accepted.
    pub fn is_complete(&self) -> bool {
        self.takers.len() == self.seats.get() && self.takers.iter().all(|t| t.accepted)
    }
}

#[derive(sqlx::FromRow)]
struct RawChallenge {
    id: i64,
    kind: String,
    game: String,
    guild_id: i64,
    channel_id: i64,
    message_id: Option<i64>,
    seats: i64,
    status: String,
    created_at: i64,
    expires_at: i64,
    watchable: bool,
    teach: bool,
}

#[derive(sqlx::FromRow)]
struct RawTaker {
    position: i64,
    user_id: Option<i64>,
    computer: Option<String>,
    name: String,
    accepted: bool,
}

impl RawTaker {
    fn decode(self, at: &At) -> Result<Taker, StoreError> {
        let occupant = match (self.user_id, self.computer) {
            (Some(user), None) => Occupant::Player {
                user: UserId(user),
                name: self.name,
            },
            (None, Some(level)) => {
                Occupant::Computer(at.named("computer", &level, |l| l.parse().ok())?)
            }
            _ => return Err(at.corrupt("user_id", "a seat is a player or a computer")),
        };
        Ok(Taker {
            occupant,
            accepted: self.accepted,
        })
    }
}

impl RawChallenge {
    fn decode(self, takers: Vec<RawTaker>) -> Result<Challenge, StoreError> {
        let at = At::new("challenges", self.id);
        let seats = usize::try_from(self.seats)
            .ok()
            .and_then(SeatCount::new)
            .ok_or_else(|| at.corrupt("seats", self.seats))?;
        let seat_at = At::new("challenge_seats", self.id);
        let in_order = takers
            .iter()
            .enumerate()
            .all(|(i, t)| t.position == i as i64);
        if !in_order || takers.len() > seats.get() {
            let positions: Vec<i64> = takers.iter().map(|t| t.position).collect();
            let detail = format!("positions {positions:?} for a table of {seats}");
            return Err(seat_at.corrupt("position", detail));
        }
        let takers = takers
            .into_iter()
            .map(|t| t.decode(&seat_at))
            .collect::<Result<Vec<_>, _>>()?;
        if takers.first().and_then(|t| t.occupant.user()).is_none() {
            return Err(seat_at.corrupt("user_id", "position 0 is not a player"));
        }
        Ok(Challenge {
            id: ChallengeId(self.id),
            kind: at.named("kind", &self.kind, ChallengeKind::from_id)?,
            game: at.named("game", &self.game, GameId::from_id)?,
            guild_id: GuildId(self.guild_id),
            channel_id: ChannelId(self.channel_id),
            message_id: self.message_id.map(MessageId),
            seats,
            takers,
            status: at.named("status", &self.status, ChallengeStatus::from_id)?,
            created_at: self.created_at,
            expires_at: self.expires_at,
            watchable: self.watchable,
            teach: self.teach,
        })
    }
}

/// How long past its expiry a challenge whose message was never recorded waits to be marked
/// expired: the message is recorded a moment after the challenge is stored, and the expiry
/// found before that would have nothing to mark (a challenge of seconds on a busy machine).
pub const UNRECORDED_GRACE_SECS: i64 = 60;

const COLUMNS: &str = "id, kind, game, guild_id, channel_id, message_id, seats, status, \
    created_at, expires_at, watchable, teach";

const TAKERS_SQL: &str = "SELECT position, user_id, computer, name, accepted \
    FROM challenge_seats WHERE challenge_id = $1 ORDER BY position";

/// A new pending challenge or open table.
pub struct NewChallenge {
    pub kind: ChallengeKind,
    pub game: GameId,
    pub guild_id: GuildId,
    pub channel_id: ChannelId,
    pub seats: SeatCount,
    /// The host first, then the named opponents (a challenge) or nobody yet (a table).
    pub takers: Vec<Taker>,
    pub now: i64,
    pub expires_at: i64,
    /// Its match may be watched by anyone in the server.
    pub watchable: bool,
    /// The match it starts is a teaching one.
    pub teach: bool,
}

/// Reads the seats of each raw challenge.
async fn with_takers(
    mut conn: Conn<'_>,
    raws: Vec<RawChallenge>,
) -> Result<Vec<Challenge>, StoreError> {
    let mut out = Vec::with_capacity(raws.len());
    for raw in raws {
        let takers: Vec<RawTaker> = on_conn!(conn.reborrow(), |c| sqlx::query_as(TAKERS_SQL)
            .bind(raw.id)
            .fetch_all(c)
            .await?);
        out.push(raw.decode(takers)?);
    }
    Ok(out)
}

/// A challenge by id; `lock` adds the backend's row lock (see [`for_update`]).
async fn find(
    mut conn: Conn<'_>,
    id: ChallengeId,
    lock: bool,
) -> Result<Option<Challenge>, StoreError> {
    let lock = if lock { for_update(&conn) } else { "" };
    let sql = format!("SELECT {COLUMNS} FROM challenges WHERE id = $1{lock}");
    let raw: Option<RawChallenge> = on_conn!(conn.reborrow(), |c| sqlx::query_as(&sql)
        .bind(id)
        .fetch_optional(c)
        .await?);
    let Some(raw) = raw else {
        return Ok(None);
    };
    Ok(with_takers(conn, vec![raw]).await?.pop())
}

/// A challenge by id inside a transaction; the row stays locked until it ends (PostgreSQL),
/// so two answers at once see each other's status rather than both a pending challenge.
pub async fn get(tx: &mut TxConn, id: ChallengeId) -> Result<Option<Challenge>, StoreError> {
    find(tx.conn().await?, id, true).await
}

/// Moves a pending challenge to `status`; false when it was no longer pending (so two
/// clicks never both accept it).
pub async fn settle(
    tx: &mut TxConn,
    id: ChallengeId,
    status: ChallengeStatus,
) -> Result<bool, StoreError> {
    let r = on_conn!(tx.conn().await?, |c| sqlx::query(
        "UPDATE challenges SET status = $1 WHERE id = $2 AND status = 'pending'"
    )
    .bind(status.id())
    .bind(id)
    .execute(c)
    .await?
    .rows_affected());
    Ok(r == 1)
}

/// Writes the seats taken at a pending challenge or table, replacing what was there (an
/// answer, a player joining or leaving, a computer added).
pub async fn put_takers(
    tx: &mut TxConn,
    id: ChallengeId,
    takers: &[Taker],
) -> Result<(), StoreError> {
    on_conn!(tx.conn().await?, |c| sqlx::query(
        "DELETE FROM challenge_seats WHERE challenge_id = $1"
    )
    .bind(id)
    .execute(c)
    .await
    .map(|_| ())?);
    insert_takers(tx, id, takers).await
}

async fn insert_takers(
    tx: &mut TxConn,
    id: ChallengeId,
    takers: &[Taker],
) -> Result<(), StoreError> {
    for (position, t) in takers.iter().enumerate() {
        on_conn!(tx.conn().await?, |c| sqlx::query(
            "INSERT INTO challenge_seats (challenge_id, position, user_id, computer, name, \
             accepted) VALUES ($1, $2, $3, $4, $5, $6)",
        )
        .bind(id)
        .bind(position as i64)
        .bind(t.occupant.user())
        .bind(t.occupant.computer().map(Level::id))
        .bind(t.occupant.name())
        .bind(t.accepted)
        .execute(c)
        .await
        .map(|_| ())?);
    }
    Ok(())
}

impl Store {
    /// Records a new pending challenge or open table with its seats.
    ///
    /// # Errors
    /// A database error.
    pub async fn create_challenge(&self, c: &NewChallenge) -> Result<ChallengeId, StoreError> {
        let mut tx = self.begin_write().await?;
        let (id,): (i64,) = on_conn!(tx.conn().await?, |conn| {
            sqlx::query_as(
                "INSERT INTO challenges (kind, guild_id, channel_id, seats, status, created_at, \
                 expires_at, game, watchable, teach) \
                 VALUES ($1, $2, $3, $4, 'pending', $5, $6, $7, $8, $9) RETURNING id",
            )
            .bind(c.kind.id())
            .bind(c.guild_id)
            .bind(c.channel_id)
            .bind(c.seats.get() as i64)
            .bind(c.now)
            .bind(c.expires_at)
            .bind(c.game.id())
            .bind(c.watchable)
            .bind(c.teach)
            .fetch_one(conn)
            .await?
        });
        insert_takers(&mut tx, ChallengeId(id), &c.takers).await?;
        tx.commit().await?;
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

    /// Pending challenges whose time is up, to be marked expired: once their message is
    /// recorded (so it can be marked), or [`UNRECORDED_GRACE_SECS`] later if it never is.
    /// An answer from the expiry time on is told it expired either way.
    ///
    /// # Errors
    /// A database error, or [`StoreError::Corrupt`].
    pub async fn expired_challenges(&self, now: i64) -> Result<Vec<Challenge>, StoreError> {
        let sql = format!(
            "SELECT {COLUMNS} FROM challenges WHERE status = 'pending' \
             AND expires_at <= $1 - CASE WHEN message_id IS NULL THEN $5 ELSE 0 END \
             AND ((guild_id / 4194304) % $2) BETWEEN $3 AND $4"
        );
        let o = self.owned;
        let mut pooled = self.acquire().await?;
        let raws: Vec<RawChallenge> = on_conn!(pooled.conn(), |c| sqlx::query_as(&sql)
            .bind(now)
            .bind(i64::from(o.total))
            .bind(i64::from(o.first))
            .bind(i64::from(o.last))
            .bind(UNRECORDED_GRACE_SECS)
            .fetch_all(c)
            .await?);
        with_takers(pooled.conn(), raws).await
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
