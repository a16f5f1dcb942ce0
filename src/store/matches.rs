//! Matches and their snapshots.

use std::sync::Arc;

use sqlx::{FromRow, Row};

use super::decode::At;
use super::ids::{ChannelId, GuildId, MatchId, MessageId, UserId};
use super::seats::{self, JoinedSeat, Occupant, SeatMeta};
use super::states::States;
use super::{Conn, Store, StoreError, TxConn};
use crate::games::interface::deal::DeckSeed;
use crate::games::interface::seat::{PerSeat, Seat, SeatCount};
use crate::games::interface::Hosted;
use crate::games::interface::Level;
use crate::games::registry::GameId;
use crate::i18n::Lang;

/// Whether a match is being played.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MatchStatus {
    Active,
    /// Over, with its result.
    Finished,
    /// Ended without a result by an organiser's re-seat (issue 38): it counts for nobody.
    Cancelled,
}

impl MatchStatus {
    pub fn id(self) -> &'static str {
        match self {
            MatchStatus::Active => "active",
            MatchStatus::Finished => "finished",
            MatchStatus::Cancelled => "cancelled",
        }
    }

    pub fn from_id(id: &str) -> Option<MatchStatus> {
        [
            MatchStatus::Active,
            MatchStatus::Finished,
            MatchStatus::Cancelled,
        ]
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
    /// Who sits where, each seat's clock and, once over, its result.
    pub seats: PerSeat<SeatMeta>,
    pub first_dealer: Seat,
    pub status: MatchStatus,
    pub winner: Option<Seat>,
    /// The game's id of how it ended (`Hosted::END_REASONS`).
    pub end_reason: Option<&'static str>,
    pub version: i64,
    pub created_at: i64,
    pub updated_at: i64,
    pub turn_timeout_secs: i64,
    /// Seconds every asked seat has to answer a claim window (the server's at the start).
    pub claim_secs: i64,
    /// When the seats to act run out of time: turn start + turn time + the player's bank, or
    /// window start + claim time.
    pub turn_deadline: Option<i64>,
    /// The season the match counts for (the server's when it started).
    pub season: i64,
    pub turn_started_at: Option<i64>,
    /// Language of the match's public messages.
    pub lang: Lang,
    /// A timed-out turn is played by the `normal` computer (the server's setting at start).
    pub afk_computer: bool,
    /// Anyone in the server may watch the table (its players did not forbid it).
    pub watchable: bool,
    /// A teaching match (issue 39): no turn clock, hints for every player, never rated.
    pub teach: bool,
}

impl MatchMeta {
    /// Over with its result (a cancelled match is not: it has none).
    pub fn is_finished(&self) -> bool {
        self.status == MatchStatus::Finished
    }

    /// No longer played: finished, or cancelled without a result.
    pub fn is_over(&self) -> bool {
        self.status != MatchStatus::Active
    }

    /// Ended without a result by an organiser's re-seat.
    pub fn is_cancelled(&self) -> bool {
        self.status == MatchStatus::Cancelled
    }

    /// The records this match counts for: its game's, in its season of its server.
    pub fn board(&self) -> super::players::Board {
        super::players::Board {
            guild: self.guild_id,
            season: self.season,
            game: self.game,
        }
    }

    /// How many seats the match has.
    pub fn seat_count(&self) -> SeatCount {
        self.seats.seat_count()
    }

    /// The seat of a user, if seated.
    pub fn seat_of(&self, user: UserId) -> Option<Seat> {
        self.seats
            .iter()
            .find(|(_, s)| s.occupant.user() == Some(user))
            .map(|(seat, _)| seat)
    }

    /// The player in `seat`, `None` for a computer's seat.
    pub fn user(&self, seat: Seat) -> Option<UserId> {
        self.seats[seat].occupant.user()
    }

    /// Each player's seat and user, in seat order (computers left out).
    pub fn players(&self) -> impl Iterator<Item = (Seat, UserId)> + '_ {
        self.seats
            .iter()
            .filter_map(|(seat, s)| s.occupant.user().map(|u| (seat, u)))
    }

    /// The display name of the player in `seat` (empty for a computer or when unknown).
    pub fn name(&self, seat: Seat) -> &str {
        self.seats[seat].occupant.name()
    }

    /// The level of the computer that plays `seat` now (a computer's seat, or a player's
    /// while they are away), `None` when a player plays it.
    pub fn computer(&self, seat: Seat) -> Option<Level> {
        self.seats[seat].played_by_computer()
    }

    /// A practice match: a computer sits at the table. Never rated.
    pub fn is_practice(&self) -> bool {
        self.seats.values().any(|s| s.occupant.computer().is_some())
    }

    /// The computers' level in a practice match (the strongest, when they differ).
    pub fn practice_level(&self) -> Option<Level> {
        self.seats
            .values()
            .filter_map(|s| s.occupant.computer())
            .max()
    }

    /// How many seats a computer plays now (the computer's sweep looks for these matches).
    pub fn computer_seats(&self) -> i64 {
        self.seats
            .values()
            .filter(|s| s.played_by_computer().is_some())
            .count() as i64
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
    /// Where the state parsed from this same snapshot text may be kept already.
    states: Arc<States>,
}

/// A match of game `G` with its current state and secret seed.
#[derive(Debug, Clone)]
pub struct GameRow<G: crate::games::interface::Play> {
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
    pub fn decode<G: Hosted>(self) -> Result<GameRow<G>, StoreError> {
        let options = self.options_of::<G>()?;
        let id = self.meta.id.0;
        let state = self
            .states
            .parsed(self.meta.id, self.meta.version, self.state, G::restore)
            .map_err(|e| At::new("snapshots", id).corrupt("state", e))?;
        Ok(GameRow {
            options,
            state,
            meta: self.meta,
            seed: self.seed,
        })
    }
}

impl MatchRow {
    /// The match's rule options as game `G`'s, without reading its state: what a replay of
    /// its log needs when the snapshot itself is damaged.
    ///
    /// # Errors
    /// [`StoreError::Corrupt`] naming the column when the options do not read as `G`'s (or
    /// the match is another game's).
    pub fn options_of<G: Hosted>(&self) -> Result<G::Options, StoreError> {
        let at = At::new("matches", self.meta.id.0);
        if self.meta.game.id() != G::ID {
            let detail = format!("a {} match read as {}", self.meta.game, G::ID);
            return Err(at.corrupt("game", detail));
        }
        at.json("rule_options", &self.options)
    }
}

/// A match of game `G` to create.
pub struct NewMatchRow<'a, G: crate::games::interface::Play> {
    pub guild_id: GuildId,
    pub channel_id: ChannelId,
    /// Who sits where, each with the server's time bank.
    pub seats: &'a PerSeat<SeatMeta>,
    pub first_dealer: Seat,
    pub options: &'a G::Options,
    pub seed: &'a DeckSeed,
    pub turn_timeout_secs: i64,
    pub claim_secs: i64,
    pub season: i64,
    pub lang: Lang,
    pub afk_computer: bool,
    /// Anyone in the server may watch the table.
    pub watchable: bool,
    pub teach: bool,
    pub state: &'a G::State,
    pub turn_deadline: Option<i64>,
    pub now: i64,
}

/// One finished match in a player's history.
#[derive(Debug, Clone, PartialEq)]
pub struct HistoryRow {
    pub id: MatchId,
    /// The player's place (1 for a win) and how many played.
    pub place: Option<u8>,
    pub seats: SeatCount,
    /// The other seats in seat order: a player or a computer, with their final balance.
    pub others: Vec<(Occupant, Option<i64>)>,
    /// The player's own seat (the one `others` leaves out), so the others' seats are known.
    pub own_seat: Seat,
    pub end_reason: Option<&'static str>,
    pub own_balance: Option<i64>,
    pub updated_at: i64,
    /// A teaching match (issue 39): not rated, marked as such.
    pub teach: bool,
}

impl HistoryRow {
    /// Whether the player won (finished first).
    pub fn won(&self) -> bool {
        self.place == Some(1)
    }
}

#[derive(sqlx::FromRow)]
struct RawHistory {
    id: i64,
    seats: i64,
    seat: i64,
    end_reason: Option<String>,
    updated_at: i64,
    teach: bool,
}

/// The columns of a match row as the database holds them; decoded once by [`RawMatch::decode`].
#[derive(sqlx::FromRow)]
pub(super) struct RawMatch {
    id: i64,
    guild_id: i64,
    channel_id: i64,
    thread_id: Option<i64>,
    table_message_id: Option<i64>,
    notice_message_id: Option<i64>,
    seats: i64,
    first_dealer: i64,
    status: String,
    winner_seat: Option<i64>,
    end_reason: Option<String>,
    seed: Vec<u8>,
    version: i64,
    created_at: i64,
    updated_at: i64,
    turn_timeout_secs: i64,
    claim_secs: i64,
    turn_deadline: Option<i64>,
    season: i64,
    turn_started_at: Option<i64>,
    locale: String,
    afk_computer: bool,
    watchable: bool,
    teach: bool,
    game: String,
    /// Read on the first row only (see [`LOAD_SQL`]).
    rule_options: Option<String>,
    state: Option<String>,
}

impl RawMatch {
    /// The table size the row says.
    fn seat_count(&self) -> Result<SeatCount, StoreError> {
        usize::try_from(self.seats)
            .ok()
            .and_then(SeatCount::new)
            .ok_or_else(|| At::new("matches", self.id).corrupt("seats", self.seats))
    }

    pub(super) fn decode(
        self,
        seats: PerSeat<SeatMeta>,
        states: Arc<States>,
    ) -> Result<MatchRow, StoreError> {
        let at = At::new("matches", self.id);
        let options = self
            .rule_options
            .ok_or_else(|| at.corrupt("rule_options", "missing"))?;
        let game_id = at.named("game", &self.game, GameId::from_id)?;
        let seed: DeckSeed = self
            .seed
            .as_slice()
            .try_into()
            .map_err(|_| at.corrupt("seed", format!("{} bytes, not 32", self.seed.len())))?;
        let state = self
            .state
            .ok_or_else(|| At::new("snapshots", self.id).corrupt("state", "missing"))?;
        let count = seats.seat_count();
        let seat = |column, n| {
            at.seat(column, n).and_then(|s: Seat| {
                if count.has(s) {
                    Ok(s)
                } else {
                    Err(at.corrupt(column, format!("seat {n} of a table of {count}")))
                }
            })
        };
        let meta = MatchMeta {
            id: MatchId(self.id),
            game: game_id,
            guild_id: GuildId(self.guild_id),
            channel_id: ChannelId(self.channel_id),
            thread_id: self.thread_id.map(ChannelId),
            table_message_id: self.table_message_id.map(MessageId),
            notice_message_id: self.notice_message_id.map(MessageId),
            first_dealer: seat("first_dealer", self.first_dealer)?,
            seats,
            status: at.named("status", &self.status, MatchStatus::from_id)?,
            winner: self
                .winner_seat
                .map(|w| seat("winner_seat", w))
                .transpose()?,
            end_reason: self
                .end_reason
                .map(|r| at.named("end_reason", &r, |id| game_id.end_reason(id)))
                .transpose()?,
            version: self.version,
            created_at: self.created_at,
            updated_at: self.updated_at,
            turn_timeout_secs: self.turn_timeout_secs,
            claim_secs: self.claim_secs,
            turn_deadline: self.turn_deadline,
            season: self.season,
            turn_started_at: self.turn_started_at,
            lang: at.named("locale", &self.locale, Lang::from_id)?,
            afk_computer: self.afk_computer,
            watchable: self.watchable,
            teach: self.teach,
        };
        Ok(MatchRow {
            meta,
            seed,
            options,
            state,
            states,
        })
    }
}

/// The text of [`LOAD_SQL`], with `$columns` after the match's and `$tail` at the end.
macro_rules! load_sql {
    ($columns:literal, $tail:literal) => {
        concat!(
            "SELECT m.id, m.guild_id, m.channel_id, m.thread_id, \
            m.table_message_id, m.notice_message_id, m.seats, m.first_dealer, m.status, \
            m.winner_seat, m.end_reason, m.seed, m.version, m.created_at, m.updated_at, \
            m.turn_timeout_secs, m.claim_secs, m.turn_deadline, m.season, m.turn_started_at, \
            m.locale, m.afk_computer, m.watchable, m.teach, m.game, ",
            $columns,
            "CASE WHEN s.seat IS NULL OR s.seat = 0 THEN m.rule_options END AS rule_options, \
            CASE WHEN s.seat IS NULL OR s.seat = 0 \
                THEN (SELECT state FROM snapshots WHERE match_id = m.id) END AS state, \
            s.seat, s.user_id, s.computer, s.name, s.bank, s.timeouts, s.away, s.auto, \
            s.final_balance, s.place \
            FROM matches m LEFT JOIN match_seats s ON s.match_id = m.id \
            WHERE m.id = $1 ORDER BY s.seat",
            $tail
        )
    };
}

/// A match, its snapshot and its seats in one statement: one row per seat in seat order,
/// each with the match's columns (a match without seat rows still gives one row, its seat
/// columns null); the rule options and the snapshot, the long values, only on seat 0's row.
pub(super) const LOAD_SQL: &str = load_sql!("", "");

/// [`LOAD_SQL`] on PostgreSQL inside a write transaction, with the match row locked until
/// the transaction ends: the version the service checks is then the one it writes over (a
/// racing action waits here, then reads the winner's version and is refused as stale).
///
/// In READ COMMITTED a statement that waited for the lock reads the locked row as the
/// winner committed it, but the other rows (seats, snapshot) as they were when it began.
/// `fresh` tells: it compares the locked row's `xmin` with the row's as the statement's own
/// snapshot sees it, which differ only when the row was written meanwhile. The match is
/// then read again (see [`load_in`]), with a fresh snapshot and the lock held.
const LOAD_LOCKED_SQL: &str = load_sql!(
    "(m.xmin = (SELECT x.xmin FROM matches x WHERE x.id = m.id)) AS fresh, ",
    " FOR UPDATE OF m"
);

/// A player's finished matches of one game in a guild, newest first (uses
/// `match_seats_by_user`).
pub(super) const HISTORY_SQL: &str = "\
    SELECT m.id, m.seats, s.seat, m.end_reason, m.updated_at, m.teach \
    FROM match_seats s JOIN matches m ON m.id = s.match_id \
    WHERE s.user_id = $2 AND m.guild_id = $1 AND m.game = $3 AND m.status = 'finished' \
    ORDER BY m.updated_at DESC, m.id DESC LIMIT $4";

pub(super) const ACTIVE_SQL: &str = "SELECT id FROM matches WHERE status = 'active' \
    AND ((guild_id / 4194304) % $1) BETWEEN $2 AND $3 ORDER BY turn_deadline";

/// Active matches whose turn deadline has passed (uses `matches_by_status`) — once shown: a
/// match whose table is not posted yet is not played for anyone.
pub(super) const DUE_SQL: &str = "SELECT id FROM matches \
    WHERE status = 'active' AND turn_deadline <= $1 AND table_message_id IS NOT NULL \
    AND ((guild_id / 4194304) % $3) BETWEEN $4 AND $5 \
    ORDER BY turn_deadline LIMIT $2";

/// Active matches with a seat a computer plays (uses `matches_computers`).
pub(super) const PRACTICE_SQL: &str = "SELECT id FROM matches \
    WHERE status = 'active' AND computer_seats > 0 \
    AND ((guild_id / 4194304) % $1) BETWEEN $2 AND $3 ORDER BY id";

/// Creates a match, its seats and its first snapshot (version 0).
pub async fn insert<G: Hosted>(
    tx: &mut TxConn,
    m: &NewMatchRow<'_, G>,
) -> Result<MatchId, StoreError> {
    let options = serde_json::to_string(m.options).expect("options serialise");
    let state = serde_json::to_string(m.state).expect("states serialise");
    let computers = m
        .seats
        .values()
        .filter(|s| s.played_by_computer().is_some())
        .count() as i64;
    let id = on_conn!(tx.conn().await?, |c| {
        let (id,): (i64,) = sqlx::query_as(
            "INSERT INTO matches (guild_id, channel_id, seats, first_dealer, status, \
             rule_options, seed, version, created_at, updated_at, turn_timeout_secs, claim_secs, \
             turn_deadline, season, turn_started_at, locale, afk_computer, computer_seats, game, \
             watchable, teach) \
             VALUES ($1, $2, $3, $4, 'active', $5, $6, 0, $7, $7, $8, $9, $10, $11, $7, $12, \
             $13, $14, $15, $16, $17) RETURNING id",
        )
        .bind(m.guild_id)
        .bind(m.channel_id)
        .bind(m.seats.len() as i64)
        .bind(m.first_dealer.index() as i64)
        .bind(&options)
        .bind(m.seed.as_slice())
        .bind(m.now)
        .bind(m.turn_timeout_secs)
        .bind(m.claim_secs)
        .bind(m.turn_deadline)
        .bind(m.season)
        .bind(m.lang.id())
        .bind(m.afk_computer)
        .bind(computers)
        .bind(G::ID)
        .bind(m.watchable)
        .bind(m.teach)
        .fetch_one(&mut *c)
        .await?;
        sqlx::query("INSERT INTO snapshots (match_id, version, state) VALUES ($1, 0, $2)")
            .bind(id)
            .bind(&state)
            .execute(&mut *c)
            .await?;
        MatchId(id)
    });
    seats::insert(tx, id, m.seats).await?;
    Ok(id)
}

/// A match with its seats and snapshot (one statement, [`LOAD_SQL`]); its state is parsed
/// when decoded, unless `states` keeps it from this same snapshot.
pub(super) async fn load(
    conn: Conn<'_>,
    id: MatchId,
    states: &Arc<States>,
) -> Result<Option<MatchRow>, StoreError> {
    let rows: Option<(RawMatch, Vec<JoinedSeat>)> = on_conn!(conn, |c| {
        let rows = sqlx::query(LOAD_SQL).bind(id).fetch_all(c).await?;
        split_rows(&rows)?
    });
    decode_split(rows, id, states)
}

/// The match read by [`LOAD_SQL`] (split by [`split_rows`]), decoded.
pub(super) fn decode_split(
    rows: Option<(RawMatch, Vec<JoinedSeat>)>,
    id: MatchId,
    states: &Arc<States>,
) -> Result<Option<MatchRow>, StoreError> {
    let Some((raw, joined)) = rows else {
        return Ok(None);
    };
    let count = raw.seat_count()?;
    let mut rows = Vec::with_capacity(joined.len());
    for seat in joined {
        rows.extend(seat.into_seat(id)?);
    }
    let seats = seats::from_rows(id, count, rows)?;
    raw.decode(seats, Arc::clone(states)).map(Some)
}

/// The match's columns (from the first row) and each row's seat columns, from the rows of
/// [`LOAD_SQL`]; `None` for no rows (no such match).
pub(super) fn split_rows<R: sqlx::Row>(
    rows: &[R],
) -> Result<Option<(RawMatch, Vec<JoinedSeat>)>, sqlx::Error>
where
    RawMatch: for<'r> FromRow<'r, R>,
    JoinedSeat: for<'r> FromRow<'r, R>,
{
    let Some(first) = rows.first() else {
        return Ok(None);
    };
    let seats = rows
        .iter()
        .map(JoinedSeat::from_row)
        .collect::<Result<_, _>>()?;
    Ok(Some((RawMatch::from_row(first)?, seats)))
}

/// A match with its snapshot, inside a write transaction: the match row stays locked until
/// the transaction ends (see [`LOAD_LOCKED_SQL`]), so the version read is the one written
/// over (one statement on PostgreSQL, two after a wait for a racing action). On SQLite the
/// write lock of `BEGIN IMMEDIATE` already holds every row.
pub async fn load_in(tx: &mut TxConn, id: MatchId) -> Result<Option<MatchRow>, StoreError> {
    let states = Arc::clone(&tx.states);
    let c = match tx.conn().await? {
        Conn::Postgres(c) => c,
        conn @ Conn::Sqlite(_) => return load(conn, id, &states).await,
    };
    let rows = sqlx::query(LOAD_LOCKED_SQL)
        .bind(id)
        .fetch_all(&mut *c)
        .await?;
    let Some(first) = rows.first() else {
        return Ok(None);
    };
    if !first.try_get::<bool, _>("fresh")? {
        // The statement waited for a racing action's lock: read again, with a fresh
        // snapshot, now that the lock is held.
        return load(Conn::Postgres(c), id, &states).await;
    }
    decode_split(split_rows(&rows)?, id, &states)
}

/// Ends an active match without a result (an organiser's re-seat): no winner, no balances, no
/// deadline; its log and snapshot stay as they were. False when it was not active (finished,
/// or cancelled already): nothing written then.
pub async fn cancel(tx: &mut TxConn, id: MatchId, now: i64) -> Result<bool, StoreError> {
    let n = on_conn!(tx.conn().await?, |c| sqlx::query(
        "UPDATE matches SET status = 'cancelled', end_reason = NULL, winner_seat = NULL, \
         turn_deadline = NULL, updated_at = $2 WHERE id = $1 AND status = 'active'"
    )
    .bind(id)
    .bind(now)
    .execute(c)
    .await?
    .rows_affected());
    Ok(n == 1)
}

/// What an applied action changes on the match row, its seats and its snapshot.
pub struct MatchUpdate<'a, G: crate::games::interface::Play> {
    pub id: MatchId,
    pub version: i64,
    pub state: &'a G::State,
    pub turn_deadline: Option<i64>,
    /// `(winner, end reason)` when the game ended (each seat's result is in `seats`).
    pub finished: Option<(Seat, &'static str)>,
    pub now: i64,
    /// The seats as they were loaded, and as the action leaves them.
    pub seats_before: &'a PerSeat<SeatMeta>,
    pub seats: &'a PerSeat<SeatMeta>,
}

/// Writes the new version, state, deadline and seats of a match (held: sent with the
/// transaction's next statement or its commit).
pub fn update<G: Hosted>(tx: &mut TxConn, u: &MatchUpdate<'_, G>) {
    let status = match u.finished {
        Some(_) => MatchStatus::Finished,
        None => MatchStatus::Active,
    };
    let winner = u.finished.map(|(w, _)| w.index() as i64);
    let reason = u.finished.map(|(_, r)| r);
    let state = serde_json::to_string(u.state).expect("states serialise");
    let computers = u
        .seats
        .values()
        .filter(|s| s.played_by_computer().is_some())
        .count() as i64;
    tx.hold(
        "UPDATE matches SET version = $1, status = $2, winner_seat = $3, end_reason = $4, \
         updated_at = $5, turn_deadline = $6, turn_started_at = $5, computer_seats = $7 \
         WHERE id = $8",
        [
            u.version.into(),
            status.id().into(),
            winner.into(),
            reason.into(),
            u.now.into(),
            u.turn_deadline.into(),
            computers.into(),
            u.id.0.into(),
        ],
    );
    // The state written is what the next read of this snapshot parses back (checked in debug
    // builds): kept once committed, that read skips the parse.
    debug_assert_eq!(
        G::restore(&state).map(|s| serde_json::to_string(&s).expect("states serialise")),
        Ok(state.clone()),
        "a state reads back as what wrote it"
    );
    tx.keep_written(super::states::Written {
        id: u.id,
        version: u.version,
        text: state.clone(),
        state: Arc::new(u.state.clone()),
    });
    tx.hold(
        "UPDATE snapshots SET version = $1, state = $2 WHERE match_id = $3",
        [u.version.into(), state.into(), u.id.0.into()],
    );
    seats::update(tx, u.id, u.seats_before, u.seats);
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
    on_conn!(tx.conn().await?, |c| {
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
        "SELECT m.id FROM matches m \
         JOIN match_seats a ON a.match_id = m.id AND a.user_id = $2 \
         JOIN match_seats b ON b.match_id = m.id AND b.user_id = $3 \
         WHERE m.status = 'active' AND m.channel_id = $1",
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
    super::lock_key(tx.conn().await?, &channel_key(channel)).await?;
    find_between(tx.conn().await?, channel, a, b).await
}

async fn find_active_of(
    conn: Conn<'_>,
    channel: ChannelId,
    user: UserId,
) -> Result<Option<MatchId>, StoreError> {
    let row: Option<(i64,)> = on_conn!(conn, |c| {
        sqlx::query_as(
            "SELECT m.id FROM match_seats s JOIN matches m ON m.id = s.match_id \
         WHERE s.user_id = $2 AND m.status = 'active' AND (m.channel_id = $1 OR m.thread_id = $1) \
         ORDER BY m.updated_at DESC LIMIT 1",
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
    super::lock_key(tx.conn().await?, &channel_key(channel)).await?;
    find_active_of(tx.conn().await?, channel, user).await
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
        load(self.acquire().await?.conn(), id, &self.states).await
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
        let mut pooled = self.acquire().await?;
        let rows: Vec<RawHistory> = on_conn!(pooled.conn(), |c| sqlx::query_as(HISTORY_SQL)
            .bind(guild)
            .bind(user)
            .bind(game.id())
            .bind(limit)
            .fetch_all(c)
            .await?);
        let mut history = Vec::with_capacity(rows.len());
        for row in rows {
            let at = At::new("matches", row.id);
            let count = usize::try_from(row.seats)
                .ok()
                .and_then(SeatCount::new)
                .ok_or_else(|| at.corrupt("seats", row.seats))?;
            let own = at.seat("seat", row.seat)?;
            let seats = seats::load(pooled.conn(), MatchId(row.id), count).await?;
            history.push(HistoryRow {
                id: MatchId(row.id),
                place: seats[own].place,
                seats: count,
                others: seats
                    .iter()
                    .filter(|(seat, _)| *seat != own)
                    .map(|(_, s)| (s.occupant.clone(), s.final_balance))
                    .collect(),
                end_reason: row
                    .end_reason
                    .map(|r| at.named("end_reason", &r, |id| game.end_reason(id)))
                    .transpose()?,
                own_balance: seats[own].final_balance,
                own_seat: own,
                updated_at: row.updated_at,
                teach: row.teach,
            });
        }
        Ok(history)
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
        on_conn!(tx.conn().await?, |c| sqlx::query(
            "UPDATE matches SET notice_message_id = $1 WHERE id = $2"
        )
        .bind(notice)
        .bind(id)
        .execute(c)
        .await?
        .rows_affected());
        tx.commit().await
    }

    /// Rewrites the snapshot of match `id` at `version` with `state` (a state rebuilt from
    /// the match's log): `false`, and nothing written, when the match has moved on from that
    /// version since.
    ///
    /// # Errors
    /// A database error.
    pub async fn rewrite_snapshot(
        &self,
        id: MatchId,
        version: i64,
        state: &str,
    ) -> Result<bool, StoreError> {
        let mut tx = self.begin_write().await?;
        let written = on_conn!(tx.conn().await?, |c| sqlx::query(
            "UPDATE snapshots SET state = $1 WHERE match_id = $2 AND version = $3 \
             AND version = (SELECT version FROM matches WHERE id = $2)"
        )
        .bind(state)
        .bind(id)
        .bind(version)
        .execute(c)
        .await?
        .rows_affected());
        tx.commit().await?;
        Ok(written == 1)
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
            "SELECT m.id FROM match_seats s JOIN matches m ON m.id = s.match_id \
             WHERE s.user_id = $2 AND m.guild_id = $1 AND m.game = $3 \
             ORDER BY m.updated_at DESC, m.id DESC LIMIT 1",
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
