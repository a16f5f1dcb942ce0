//! Tournaments (issue 38): an event of one game in one channel (`tournaments`), its entrants
//! in the order they joined (`tournament_entrants`), and each round's tables in seat order
//! with the match each one started (`tournament_tables`, a match set once).

use super::decode::At;
use super::ids::{ChannelId, GuildId, MatchId, MessageId, TournamentId, UserId};
use super::{for_update, lock_key, Store, StoreError, TxConn};
use crate::games::registry::GameId;
use crate::i18n::Lang;

/// Where an event stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TournamentState {
    /// Taking entrants (Join / Leave).
    SignUp,
    /// Sign-up closed, no round seated yet.
    Closed,
    /// A round is seated and played.
    Running,
    Finished,
}

impl TournamentState {
    pub fn id(self) -> &'static str {
        match self {
            TournamentState::SignUp => "signup",
            TournamentState::Closed => "closed",
            TournamentState::Running => "running",
            TournamentState::Finished => "finished",
        }
    }

    pub fn from_id(id: &str) -> Option<TournamentState> {
        [
            TournamentState::SignUp,
            TournamentState::Closed,
            TournamentState::Running,
            TournamentState::Finished,
        ]
        .into_iter()
        .find(|s| s.id() == id)
    }
}

/// How the rounds are seated.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TournamentFormat {
    /// A fixed number of rounds, seated by standing.
    Swiss,
    /// An exact schedule in which every pair of entrants meets once.
    RoundRobin,
    /// Tenhou's "best run" lobby: a table starts whenever enough entrants are waiting, while
    /// the event's window is open; each is ranked by their best run of consecutive games.
    Rolling,
}

impl TournamentFormat {
    pub fn id(self) -> &'static str {
        match self {
            TournamentFormat::Swiss => "swiss",
            TournamentFormat::RoundRobin => "round-robin",
            TournamentFormat::Rolling => "rolling",
        }
    }

    pub fn from_id(id: &str) -> Option<TournamentFormat> {
        [
            TournamentFormat::Swiss,
            TournamentFormat::RoundRobin,
            TournamentFormat::Rolling,
        ]
        .into_iter()
        .find(|f| f.id() == id)
    }
}

/// What fills a field that does not divide into tables.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TournamentFiller {
    /// Computers fill the last table.
    Computers,
    /// The players left over sit the round out.
    SitOut,
}

impl TournamentFiller {
    pub fn id(self) -> &'static str {
        match self {
            TournamentFiller::Computers => "computers",
            TournamentFiller::SitOut => "sit-out",
        }
    }

    pub fn from_id(id: &str) -> Option<TournamentFiller> {
        [TournamentFiller::Computers, TournamentFiller::SitOut]
            .into_iter()
            .find(|f| f.id() == id)
    }
}

/// A rolling event's rules.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rolling {
    /// When the window closes (seconds): no table forms after it.
    pub window_ends_at: i64,
    /// Each entrant is ranked by their best total over this many consecutive games.
    pub run_games: u32,
    /// Seconds an entrant waits before computers fill their table (`None`: never).
    pub fill_after_secs: Option<u32>,
}

/// The longest run a rolling event ranks by.
pub const MAX_RUN: u32 = 20;

/// An event to create.
#[derive(Debug, Clone)]
pub struct NewTournament {
    pub guild_id: GuildId,
    pub channel_id: ChannelId,
    pub organiser: UserId,
    pub name: String,
    pub game: GameId,
    pub seats: usize,
    /// The game's switches as JSON (`{}`: the server's settings when a table starts).
    pub options: serde_json::Value,
    pub format: TournamentFormat,
    pub rounds: u32,
    pub filler: TournamentFiller,
    /// The organiser's secret, and its SHA-256.
    pub secret: [u8; 32],
    pub commitment: [u8; 32],
    /// The language of its public messages.
    pub lang: Lang,
    /// Minutes a seated player has to make a move of their own (`None`: no grace check).
    pub grace_mins: Option<u32>,
    /// The rolling format's rules (`None` for the others).
    pub rolling: Option<Rolling>,
    pub now: i64,
}

/// A stored event.
#[derive(Debug, Clone, PartialEq)]
pub struct Tournament {
    pub id: TournamentId,
    pub guild_id: GuildId,
    pub channel_id: ChannelId,
    pub organiser: UserId,
    pub name: String,
    pub game: GameId,
    pub seats: usize,
    pub options: serde_json::Value,
    pub format: TournamentFormat,
    pub rounds: u32,
    pub filler: TournamentFiller,
    pub state: TournamentState,
    /// The round being played (0 before the first).
    pub round: u32,
    /// The sign-up message, once posted.
    pub message_id: Option<MessageId>,
    pub secret: [u8; 32],
    pub commitment: [u8; 32],
    /// The seating's seed, drawn when sign-up closes.
    pub seed: Option<[u8; 32]>,
    /// The language of its public messages.
    pub lang: Lang,
    pub created_at: i64,
    /// The next round waits for the organiser (the tables in play finish).
    pub paused: bool,
    /// Minutes a seated player has to make a move of their own before the computer plays
    /// their seat (`None`: no grace check).
    pub grace_mins: Option<u32>,
    /// The standings message kept current, once posted.
    pub standings_message_id: Option<MessageId>,
    /// The rolling format's rules (`Some` exactly for a rolling event).
    pub rolling: Option<Rolling>,
}

impl Tournament {
    /// A running riichi event of four seats ("Spring open", round 3 of 5), for tests of what
    /// shows an event.
    #[cfg(test)]
    pub(crate) fn sample(format: TournamentFormat, state: TournamentState) -> Tournament {
        Tournament {
            id: TournamentId(1),
            guild_id: GuildId(1),
            channel_id: ChannelId(2),
            organiser: UserId(900_000_000_000_000_001),
            name: "Spring open".into(),
            game: GameId::Riichi,
            seats: 4,
            options: serde_json::Value::Null,
            format,
            rounds: 5,
            filler: TournamentFiller::SitOut,
            state,
            round: 3,
            message_id: None,
            secret: [7; 32],
            commitment: [8; 32],
            seed: Some([9; 32]),
            lang: Lang::En,
            created_at: 0,
            paused: false,
            grace_mins: Some(5),
            standings_message_id: None,
            rolling: (format == TournamentFormat::Rolling).then_some(Rolling {
                window_ends_at: 2_000_000_000,
                run_games: 3,
                fill_after_secs: Some(300),
            }),
        }
    }
}

/// One entrant.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entrant {
    pub user: UserId,
    /// Display name when they joined (empty: unknown).
    pub name: String,
    /// Join order (gaps where someone left).
    pub position: i64,
    /// The id of the Join interaction (a Discord snowflake): part of the seed.
    pub join_interaction: i64,
    pub dropped: bool,
    /// The first round they may be seated in (1: signed up; later: added by the organiser).
    pub from_round: u32,
    /// The first round they are no longer seated in, once dropped.
    pub dropped_round: Option<u32>,
    /// A rolling event's queue: when they queued for their next game, and the id of the click
    /// that queued them (part of the seed of their table's seats). `None`: not waiting.
    pub waiting: Option<Waiting>,
}

/// An entrant waiting in a rolling event's queue.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Waiting {
    pub since: i64,
    pub interaction: i64,
}

impl Entrant {
    /// Whether they are seated (or sit out) in `round`.
    pub fn plays_in(&self, round: u32) -> bool {
        self.from_round <= round && self.dropped_round.is_none_or(|d| round < d)
    }
}

/// One table of a round: its occupants in seat order (East first; `None`: a computer), and its
/// match once started.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TournamentTable {
    pub round: u32,
    pub table: usize,
    pub seats: Vec<Option<UserId>>,
    pub match_id: Option<MatchId>,
    /// A rolling table's draw: its players in queue order with their queue clicks (with the
    /// event's secret, the seed of its seat order). `None` for the other formats' tables.
    pub draws: Option<Vec<(UserId, i64)>>,
    /// The matches its re-seats cancelled, oldest first (how many times its seats were drawn
    /// again: `seats` is the order after the last).
    pub cancelled: Vec<MatchId>,
}

const COLUMNS: &str = "id, guild_id, channel_id, organiser_id, name, game, seats, options, \
    format, rounds, filler, state, round, message_id, secret, commitment, seed, lang, created_at, \
    paused, grace_mins, standings_message_id, window_ends_at, run_games, fill_after_secs";

#[derive(sqlx::FromRow)]
struct RawTournament {
    id: i64,
    guild_id: i64,
    channel_id: i64,
    organiser_id: i64,
    name: String,
    game: String,
    seats: i64,
    options: String,
    format: String,
    rounds: i64,
    filler: String,
    state: String,
    round: i64,
    message_id: Option<i64>,
    secret: Vec<u8>,
    commitment: Vec<u8>,
    seed: Option<Vec<u8>>,
    lang: String,
    created_at: i64,
    paused: bool,
    grace_mins: Option<i64>,
    standings_message_id: Option<i64>,
    window_ends_at: Option<i64>,
    run_games: Option<i64>,
    fill_after_secs: Option<i64>,
}

fn bytes32(at: &At, column: &'static str, bytes: &[u8]) -> Result<[u8; 32], StoreError> {
    bytes
        .try_into()
        .map_err(|_| at.corrupt(column, format!("{} bytes, not 32", bytes.len())))
}

impl RawTournament {
    fn decode(self) -> Result<Tournament, StoreError> {
        let at = At::new("tournaments", self.id);
        let count = |column: &'static str, n: i64, range: std::ops::RangeInclusive<i64>| {
            if range.contains(&n) {
                Ok(n)
            } else {
                Err(at.corrupt(column, format!("{n} is out of range")))
            }
        };
        let format = at.named("format", &self.format, TournamentFormat::from_id)?;
        let rolling = match (format, self.window_ends_at, self.run_games) {
            (TournamentFormat::Rolling, Some(window_ends_at), Some(run)) => Some(Rolling {
                window_ends_at,
                run_games: count("run_games", run, 1..=i64::from(MAX_RUN))? as u32,
                fill_after_secs: self
                    .fill_after_secs
                    .map(|s| count("fill_after_secs", s, 60..=86_400).map(|s| s as u32))
                    .transpose()?,
            }),
            (TournamentFormat::Rolling, _, _) => {
                return Err(at.corrupt("window_ends_at", "a rolling event without its window"))
            }
            _ => None,
        };
        Ok(Tournament {
            id: TournamentId(self.id),
            guild_id: GuildId(self.guild_id),
            channel_id: ChannelId(self.channel_id),
            organiser: UserId(self.organiser_id),
            name: self.name,
            game: at.named("game", &self.game, GameId::from_id)?,
            seats: count("seats", self.seats, 2..=4)? as usize,
            options: at.json("options", &self.options)?,
            format,
            rounds: count("rounds", self.rounds, 1..=100)? as u32,
            filler: at.named("filler", &self.filler, TournamentFiller::from_id)?,
            state: at.named("state", &self.state, TournamentState::from_id)?,
            round: count("round", self.round, 0..=100)? as u32,
            message_id: self.message_id.map(MessageId),
            secret: bytes32(&at, "secret", &self.secret)?,
            commitment: bytes32(&at, "commitment", &self.commitment)?,
            seed: self.seed.map(|s| bytes32(&at, "seed", &s)).transpose()?,
            lang: at.named("lang", &self.lang, Lang::from_id)?,
            created_at: self.created_at,
            paused: self.paused,
            grace_mins: self
                .grace_mins
                .map(|g| count("grace_mins", g, 1..=120).map(|g| g as u32))
                .transpose()?,
            standings_message_id: self.standings_message_id.map(MessageId),
            rolling,
        })
    }
}

#[derive(sqlx::FromRow)]
struct RawEntrant {
    user_id: i64,
    name: String,
    position: i64,
    join_interaction: i64,
    dropped: bool,
    from_round: i64,
    dropped_round: Option<i64>,
    waiting_since: Option<i64>,
    queue_interaction: Option<i64>,
}

impl From<RawEntrant> for Entrant {
    fn from(r: RawEntrant) -> Entrant {
        // The CHECKs keep both at least 1; a round fits in 32 bits.
        let round = |n: i64| u32::try_from(n.max(1)).unwrap_or(u32::MAX);
        Entrant {
            user: UserId(r.user_id),
            name: r.name,
            position: r.position,
            join_interaction: r.join_interaction,
            dropped: r.dropped,
            from_round: round(r.from_round),
            dropped_round: r.dropped_round.map(round),
            waiting: r.waiting_since.map(|since| Waiting {
                since,
                interaction: r.queue_interaction.unwrap_or(r.join_interaction),
            }),
        }
    }
}

#[derive(sqlx::FromRow)]
struct RawTable {
    round: i64,
    table_no: i64,
    seats: String,
    match_id: Option<i64>,
    draws: Option<String>,
    cancelled: String,
}

impl RawTable {
    fn decode(self, id: TournamentId) -> Result<TournamentTable, StoreError> {
        let at = At::new(
            "tournament_tables",
            format!("{}/{}/{}", id.0, self.round, self.table_no),
        );
        let seats: Vec<Option<UserId>> = at.json("seats", &self.seats)?;
        if !(2..=4).contains(&seats.len()) {
            return Err(at.corrupt("seats", format!("{} seats", seats.len())));
        }
        Ok(TournamentTable {
            round: u32::try_from(self.round).map_err(|e| at.corrupt("round", e))?,
            table: usize::try_from(self.table_no).map_err(|e| at.corrupt("table_no", e))?,
            seats,
            match_id: self.match_id.map(MatchId),
            draws: self
                .draws
                .as_deref()
                .map(|d| at.json("draws", d))
                .transpose()?,
            cancelled: at
                .json::<Vec<i64>>("cancelled", &self.cancelled)?
                .into_iter()
                .map(MatchId)
                .collect(),
        })
    }
}

/// Creates an event in sign-up. The channel's events stay locked until the transaction ends
/// (PostgreSQL), so two creations at once see each other (see [`open_in`]).
pub async fn insert(tx: &mut TxConn, t: &NewTournament) -> Result<TournamentId, StoreError> {
    let (id,): (i64,) = on_conn!(tx.conn().await?, |c| sqlx::query_as(
        "INSERT INTO tournaments (guild_id, channel_id, organiser_id, name, game, seats, \
         options, format, rounds, filler, state, round, secret, commitment, lang, created_at, \
         grace_mins, window_ends_at, run_games, fill_after_secs) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $16, $17, $11, $12, $13, $14, $15, \
         $18, $19, $20) RETURNING id"
    )
    .bind(t.guild_id)
    .bind(t.channel_id)
    .bind(t.organiser)
    .bind(&t.name)
    .bind(t.game.id())
    .bind(t.seats as i64)
    .bind(t.options.to_string())
    .bind(t.format.id())
    .bind(i64::from(t.rounds))
    .bind(t.filler.id())
    .bind(&t.secret[..])
    .bind(&t.commitment[..])
    .bind(t.lang.id())
    .bind(t.now)
    .bind(t.grace_mins.map(i64::from))
    // A rolling event runs from its creation: its one round is the lobby's tables.
    .bind(if t.rolling.is_some() {
        "running"
    } else {
        "signup"
    })
    .bind(i64::from(t.rolling.is_some()))
    .bind(t.rolling.map(|r| r.window_ends_at))
    .bind(t.rolling.map(|r| i64::from(r.run_games)))
    .bind(t.rolling.and_then(|r| r.fill_after_secs).map(i64::from))
    .fetch_one(c)
    .await?);
    Ok(TournamentId(id))
}

/// An event by id inside a transaction; its row stays locked until it ends (PostgreSQL), so
/// two clicks at once see each other's entrants.
pub async fn get(tx: &mut TxConn, id: TournamentId) -> Result<Option<Tournament>, StoreError> {
    let conn = tx.conn().await?;
    let sql = format!(
        "SELECT {COLUMNS} FROM tournaments WHERE id = $1{}",
        for_update(&conn)
    );
    let raw: Option<RawTournament> = on_conn!(conn, |c| sqlx::query_as(&sql)
        .bind(id)
        .fetch_optional(c)
        .await?);
    raw.map(RawTournament::decode).transpose()
}

/// The channel's event that has not finished, if any (the latest), inside a transaction: the
/// channel's events stay locked until it ends (PostgreSQL), so a creation and a close at once
/// see each other.
pub async fn open_in(
    tx: &mut TxConn,
    channel: ChannelId,
) -> Result<Option<Tournament>, StoreError> {
    lock_key(tx.conn().await?, &format!("momojan/tournaments/{channel}")).await?;
    let conn = tx.conn().await?;
    let sql = format!(
        "SELECT {COLUMNS} FROM tournaments WHERE channel_id = $1 AND state <> 'finished' \
         ORDER BY id DESC LIMIT 1{}",
        for_update(&conn)
    );
    let raw: Option<RawTournament> = on_conn!(conn, |c| sqlx::query_as(&sql)
        .bind(channel)
        .fetch_optional(c)
        .await?);
    raw.map(RawTournament::decode).transpose()
}

/// Moves an event to `state` at `round`, with its seed once drawn.
pub async fn set_state(
    tx: &mut TxConn,
    id: TournamentId,
    state: TournamentState,
    round: u32,
    seed: Option<&[u8; 32]>,
) -> Result<(), StoreError> {
    on_conn!(tx.conn().await?, |c| sqlx::query(
        "UPDATE tournaments SET state = $1, round = $2, seed = $3 WHERE id = $4"
    )
    .bind(state.id())
    .bind(i64::from(round))
    .bind(seed.map(|s| s.to_vec()))
    .bind(id)
    .execute(c)
    .await?
    .rows_affected());
    Ok(())
}

/// The entrants, in join order (dropped ones included).
pub async fn entrants_in(tx: &mut TxConn, id: TournamentId) -> Result<Vec<Entrant>, StoreError> {
    let rows: Vec<RawEntrant> = on_conn!(tx.conn().await?, |c| sqlx::query_as(ENTRANTS_SQL)
        .bind(id)
        .fetch_all(c)
        .await?);
    Ok(rows.into_iter().map(Entrant::from).collect())
}

const ENTRANTS_SQL: &str = "SELECT user_id, name, position, join_interaction, dropped, \
    from_round, dropped_round, waiting_since, queue_interaction FROM tournament_entrants WHERE tournament_id = $1 ORDER BY position";

/// Adds an entrant after the last one; their position is returned.
pub async fn add_entrant(
    tx: &mut TxConn,
    id: TournamentId,
    user: UserId,
    name: &str,
    join_interaction: i64,
) -> Result<i64, StoreError> {
    add_entrant_from(tx, id, user, name, join_interaction, 1).await
}

/// Adds an entrant after the last one, seated from round `from_round` on (an organiser's
/// addition between rounds); their position is returned.
pub async fn add_entrant_from(
    tx: &mut TxConn,
    id: TournamentId,
    user: UserId,
    name: &str,
    join_interaction: i64,
    from_round: u32,
) -> Result<i64, StoreError> {
    let (position,): (i64,) = on_conn!(tx.conn().await?, |c| sqlx::query_as(
        "INSERT INTO tournament_entrants (tournament_id, user_id, name, position, \
         join_interaction, dropped, from_round) \
         SELECT $1, $2, $3, COALESCE(MAX(position) + 1, 0), $4, FALSE, $5 \
         FROM tournament_entrants WHERE tournament_id = $1 RETURNING position"
    )
    .bind(id)
    .bind(user)
    .bind(name)
    .bind(join_interaction)
    .bind(i64::from(from_round))
    .fetch_one(c)
    .await?);
    Ok(position)
}

/// Drops an entrant from round `from` on (`None`: takes a drop back); false when they are
/// not an entrant.
pub async fn set_dropped(
    tx: &mut TxConn,
    id: TournamentId,
    user: UserId,
    from: Option<u32>,
) -> Result<bool, StoreError> {
    let n = on_conn!(tx.conn().await?, |c| sqlx::query(
        "UPDATE tournament_entrants SET dropped = $1, dropped_round = $2 \
         WHERE tournament_id = $3 AND user_id = $4"
    )
    .bind(from.is_some())
    .bind(from.map(i64::from))
    .bind(id)
    .bind(user)
    .execute(c)
    .await?
    .rows_affected());
    Ok(n == 1)
}

/// Pauses an event (the next round waits) or resumes it.
pub async fn set_paused(tx: &mut TxConn, id: TournamentId, paused: bool) -> Result<(), StoreError> {
    on_conn!(tx.conn().await?, |c| sqlx::query(
        "UPDATE tournaments SET paused = $1 WHERE id = $2"
    )
    .bind(paused)
    .bind(id)
    .execute(c)
    .await?
    .rows_affected());
    Ok(())
}

/// Sets an event's number of rounds (an early end: the current round is the last), and
/// resumes it.
pub async fn set_rounds(tx: &mut TxConn, id: TournamentId, rounds: u32) -> Result<(), StoreError> {
    on_conn!(tx.conn().await?, |c| sqlx::query(
        "UPDATE tournaments SET rounds = $1, paused = FALSE WHERE id = $2"
    )
    .bind(i64::from(rounds))
    .bind(id)
    .execute(c)
    .await?
    .rows_affected());
    Ok(())
}

/// Removes an entrant (sign-up only); false when they were not in.
pub async fn remove_entrant(
    tx: &mut TxConn,
    id: TournamentId,
    user: UserId,
) -> Result<bool, StoreError> {
    let n = on_conn!(tx.conn().await?, |c| sqlx::query(
        "DELETE FROM tournament_entrants WHERE tournament_id = $1 AND user_id = $2"
    )
    .bind(id)
    .bind(user)
    .execute(c)
    .await?
    .rows_affected());
    Ok(n == 1)
}

/// Writes a round's tables (not started yet).
pub async fn insert_tables(
    tx: &mut TxConn,
    id: TournamentId,
    round: u32,
    tables: &[Vec<Option<UserId>>],
) -> Result<(), StoreError> {
    for (k, seats) in tables.iter().enumerate() {
        let seats = serde_json::to_string(seats).expect("seats serialise");
        on_conn!(tx.conn().await?, |c| sqlx::query(
            "INSERT INTO tournament_tables (tournament_id, round, table_no, seats) \
             VALUES ($1, $2, $3, $4)"
        )
        .bind(id)
        .bind(i64::from(round))
        .bind(k as i64)
        .bind(&seats)
        .execute(c)
        .await?
        .rows_affected());
    }
    Ok(())
}

const TABLES_SQL: &str =
    "SELECT round, table_no, seats, match_id, draws, cancelled FROM tournament_tables \
    WHERE tournament_id = $1 AND round = $2 ORDER BY table_no";

/// A round's tables, in order.
pub async fn tables_in(
    tx: &mut TxConn,
    id: TournamentId,
    round: u32,
) -> Result<Vec<TournamentTable>, StoreError> {
    let rows: Vec<RawTable> = on_conn!(tx.conn().await?, |c| sqlx::query_as(TABLES_SQL)
        .bind(id)
        .bind(i64::from(round))
        .fetch_all(c)
        .await?);
    rows.into_iter().map(|r| r.decode(id)).collect()
}

/// Records the match a table started; false when the table already had one (nothing
/// written then).
pub async fn set_table_match(
    tx: &mut TxConn,
    id: TournamentId,
    round: u32,
    table: usize,
    match_id: MatchId,
) -> Result<bool, StoreError> {
    let n = on_conn!(tx.conn().await?, |c| sqlx::query(
        "UPDATE tournament_tables SET match_id = $1 \
         WHERE tournament_id = $2 AND round = $3 AND table_no = $4 AND match_id IS NULL"
    )
    .bind(match_id)
    .bind(id)
    .bind(i64::from(round))
    .bind(table as i64)
    .execute(c)
    .await?
    .rows_affected());
    Ok(n == 1)
}

/// Re-seats a table whose match is `cancelled`: its seats become `seats` (drawn again), the
/// match joins the table's cancelled ones and the table waits for its new match (set by
/// [`set_table_match`]), its no-shows to be looked for again. False when the table's match is
/// not `cancelled` (re-seated or never started): nothing written then.
pub async fn reseat_table(
    tx: &mut TxConn,
    id: TournamentId,
    table: &TournamentTable,
    cancelled: MatchId,
    seats: &[Option<UserId>],
) -> Result<bool, StoreError> {
    let seats = serde_json::to_string(seats).expect("seats serialise");
    let mut all: Vec<i64> = table.cancelled.iter().map(|m| m.0).collect();
    all.push(cancelled.0);
    let all = serde_json::to_string(&all).expect("ids serialise");
    let n = on_conn!(tx.conn().await?, |c| sqlx::query(
        "UPDATE tournament_tables SET seats = $1, cancelled = $2, match_id = NULL, \
         grace_done = FALSE WHERE tournament_id = $3 AND round = $4 AND table_no = $5 \
         AND match_id = $6"
    )
    .bind(&seats)
    .bind(&all)
    .bind(id)
    .bind(i64::from(table.round))
    .bind(table.table as i64)
    .bind(cancelled)
    .execute(c)
    .await?
    .rows_affected());
    Ok(n == 1)
}

/// The event and grace of the tournament table that started `match_id`: its event, whether
/// its no-shows were looked for already, and the event's grace in minutes. `None`: not a
/// tournament's table.
pub async fn grace_of_match(
    tx: &mut TxConn,
    match_id: MatchId,
) -> Result<Option<(TournamentId, bool, Option<u32>)>, StoreError> {
    let row: Option<(i64, bool, Option<i64>)> = on_conn!(tx.conn().await?, |c| sqlx::query_as(
        "SELECT tt.tournament_id, tt.grace_done, t.grace_mins FROM tournament_tables tt \
         JOIN tournaments t ON t.id = tt.tournament_id WHERE tt.match_id = $1"
    )
    .bind(match_id)
    .fetch_optional(c)
    .await?);
    Ok(row.map(|(id, done, grace)| {
        let grace = grace.and_then(|g| u32::try_from(g).ok());
        (TournamentId(id), done, grace)
    }))
}

/// A match's place in an event (see [`Store::table_of_match`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EventTable {
    pub name: String,
    pub format: TournamentFormat,
    pub round: u32,
    /// From 0.
    pub table: usize,
}

/// Marks the no-shows of the table that started `match_id` as looked for.
pub async fn set_grace_done(tx: &mut TxConn, match_id: MatchId) -> Result<(), StoreError> {
    on_conn!(tx.conn().await?, |c| sqlx::query(
        "UPDATE tournament_tables SET grace_done = TRUE WHERE match_id = $1"
    )
    .bind(match_id)
    .execute(c)
    .await?
    .rows_affected());
    Ok(())
}

/// The seats of `match_id` that made a move of their own (a click or a resignation, not a
/// timeout, an automatic move or a computer's).
pub async fn seats_that_moved(tx: &mut TxConn, match_id: MatchId) -> Result<Vec<u8>, StoreError> {
    let rows: Vec<(i64,)> = on_conn!(tx.conn().await?, |c| sqlx::query_as(
        "SELECT DISTINCT seat FROM match_events \
         WHERE match_id = $1 AND origin IN ('player', 'resign') ORDER BY seat"
    )
    .bind(match_id)
    .fetch_all(c)
    .await?);
    Ok(rows
        .into_iter()
        .filter_map(|(s,)| u8::try_from(s).ok())
        .collect())
}

/// Puts an entrant in a rolling event's queue (`Some`) or takes them out of it (`None`);
/// false when they are not an entrant.
pub async fn set_waiting(
    tx: &mut TxConn,
    id: TournamentId,
    user: UserId,
    waiting: Option<Waiting>,
) -> Result<bool, StoreError> {
    let done = on_conn!(tx.conn().await?, |c| sqlx::query(
        "UPDATE tournament_entrants SET waiting_since = $3, queue_interaction = $4 \
         WHERE tournament_id = $1 AND user_id = $2"
    )
    .bind(id)
    .bind(user)
    .bind(waiting.map(|w| w.since))
    .bind(waiting.map(|w| w.interaction))
    .execute(c)
    .await?
    .rows_affected());
    Ok(done == 1)
}

/// Empties a rolling event's queue (its window closed).
pub async fn clear_queue(tx: &mut TxConn, id: TournamentId) -> Result<(), StoreError> {
    on_conn!(tx.conn().await?, |c| sqlx::query(
        "UPDATE tournament_entrants SET waiting_since = NULL, queue_interaction = NULL \
         WHERE tournament_id = $1"
    )
    .bind(id)
    .execute(c)
    .await?
    .rows_affected());
    Ok(())
}

/// Moves a rolling event's window's end (the organiser closes it early).
pub async fn set_window_end(tx: &mut TxConn, id: TournamentId, at: i64) -> Result<(), StoreError> {
    on_conn!(tx.conn().await?, |c| sqlx::query(
        "UPDATE tournaments SET window_ends_at = $2 WHERE id = $1"
    )
    .bind(id)
    .bind(at)
    .execute(c)
    .await?
    .rows_affected());
    Ok(())
}

/// Adds a rolling event's table `table` to its round 1 (numbered in the order they formed).
pub async fn insert_rolling_table(
    tx: &mut TxConn,
    id: TournamentId,
    table: usize,
    seats: &[Option<UserId>],
    draws: &[(UserId, i64)],
) -> Result<(), StoreError> {
    let seats = serde_json::to_string(seats).expect("seats serialise");
    let draws = serde_json::to_string(draws).expect("draws serialise");
    on_conn!(tx.conn().await?, |c| sqlx::query(
        "INSERT INTO tournament_tables (tournament_id, round, table_no, seats, draws) \
         VALUES ($1, 1, $2, $3, $4)"
    )
    .bind(id)
    .bind(table as i64)
    .bind(&seats)
    .bind(&draws)
    .execute(c)
    .await?
    .rows_affected());
    Ok(())
}

/// The players at a table not finished yet (not started, or its match in play) of any
/// running event of the guild.
pub async fn players_at_tables_in(
    tx: &mut TxConn,
    guild: GuildId,
) -> Result<Vec<UserId>, StoreError> {
    let rows: Vec<(i64, String)> = on_conn!(tx.conn().await?, |c| sqlx::query_as(
        "SELECT tt.tournament_id, tt.seats FROM tournament_tables tt \
         JOIN tournaments t ON t.id = tt.tournament_id \
         LEFT JOIN matches m ON m.id = tt.match_id \
         WHERE t.guild_id = $1 AND t.state = 'running' \
         AND (m.id IS NULL OR m.status <> 'finished')"
    )
    .bind(guild)
    .fetch_all(c)
    .await?);
    let mut players = Vec::new();
    for (id, seats) in rows {
        let at = At::new("tournament_tables", id);
        let seats: Vec<Option<UserId>> = at.json("seats", &seats)?;
        players.extend(seats.into_iter().flatten());
    }
    Ok(players)
}

/// Another event of the guild, not finished and with rounds (Swiss or a round robin), that
/// `user` is an entrant of (not dropped) — its rounds would seat them at two tables at once.
pub async fn other_event_of(
    tx: &mut TxConn,
    guild: GuildId,
    user: UserId,
    except: TournamentId,
) -> Result<Option<TournamentId>, StoreError> {
    let row: Option<(i64,)> = on_conn!(tx.conn().await?, |c| sqlx::query_as(
        "SELECT t.id FROM tournament_entrants e JOIN tournaments t ON t.id = e.tournament_id \
         WHERE t.guild_id = $1 AND e.user_id = $2 AND t.id <> $3 AND NOT e.dropped \
         AND t.state <> 'finished' AND t.format <> 'rolling' ORDER BY t.id LIMIT 1"
    )
    .bind(guild)
    .bind(user)
    .bind(except)
    .fetch_optional(c)
    .await?);
    Ok(row.map(|(id,)| TournamentId(id)))
}

/// An event's tables not finished yet (not started, or their match still in play).
pub async fn unfinished_tables_in(
    tx: &mut TxConn,
    id: TournamentId,
) -> Result<Vec<TournamentTable>, StoreError> {
    let rows: Vec<RawTable> = on_conn!(tx.conn().await?, |c| sqlx::query_as(
        "SELECT tt.round, tt.table_no, tt.seats, tt.match_id, tt.draws, tt.cancelled \
         FROM tournament_tables tt LEFT JOIN matches m ON m.id = tt.match_id \
         WHERE tt.tournament_id = $1 AND (m.id IS NULL OR m.status <> 'finished') \
         ORDER BY tt.round, tt.table_no"
    )
    .bind(id)
    .fetch_all(c)
    .await?);
    rows.into_iter().map(|r| r.decode(id)).collect()
}

impl Store {
    /// An event by id.
    ///
    /// # Errors
    /// A database error, or [`StoreError::Corrupt`].
    pub async fn tournament(&self, id: TournamentId) -> Result<Option<Tournament>, StoreError> {
        let sql = format!("SELECT {COLUMNS} FROM tournaments WHERE id = $1");
        let raw: Option<RawTournament> =
            on_conn!(self.acquire().await?.conn(), |c| sqlx::query_as(&sql)
                .bind(id)
                .fetch_optional(c)
                .await?);
        raw.map(RawTournament::decode).transpose()
    }

    /// An event's entrants, in join order.
    ///
    /// # Errors
    /// A database error.
    pub async fn tournament_entrants(&self, id: TournamentId) -> Result<Vec<Entrant>, StoreError> {
        let rows: Vec<RawEntrant> = on_conn!(self.acquire().await?.conn(), |c| sqlx::query_as(
            ENTRANTS_SQL
        )
        .bind(id)
        .fetch_all(c)
        .await?);
        Ok(rows.into_iter().map(Entrant::from).collect())
    }

    /// A round's tables, in order.
    ///
    /// # Errors
    /// A database error, or [`StoreError::Corrupt`].
    pub async fn tournament_tables(
        &self,
        id: TournamentId,
        round: u32,
    ) -> Result<Vec<TournamentTable>, StoreError> {
        let rows: Vec<RawTable> =
            on_conn!(self.acquire().await?.conn(), |c| sqlx::query_as(TABLES_SQL)
                .bind(id)
                .bind(i64::from(round))
                .fetch_all(c)
                .await?);
        rows.into_iter().map(|r| r.decode(id)).collect()
    }

    /// Records an event's sign-up message.
    ///
    /// # Errors
    /// A database error.
    pub async fn set_tournament_message(
        &self,
        id: TournamentId,
        message: MessageId,
    ) -> Result<(), StoreError> {
        on_conn!(self.acquire().await?.conn(), |c| sqlx::query(
            "UPDATE tournaments SET message_id = $1 WHERE id = $2"
        )
        .bind(message)
        .bind(id)
        .execute(c)
        .await?
        .rows_affected());
        Ok(())
    }

    /// Records an event's standings message (the one kept current).
    ///
    /// # Errors
    /// A database error.
    pub async fn set_tournament_standings_message(
        &self,
        id: TournamentId,
        message: MessageId,
    ) -> Result<(), StoreError> {
        on_conn!(self.acquire().await?.conn(), |c| sqlx::query(
            "UPDATE tournaments SET standings_message_id = $1 WHERE id = $2"
        )
        .bind(message)
        .bind(id)
        .execute(c)
        .await?
        .rows_affected());
        Ok(())
    }

    /// Running events of the guilds this store sweeps, each with its round and how many of
    /// that round's tables have finished (what changes their standings).
    ///
    /// # Errors
    /// A database error.
    pub async fn tournament_progress(&self) -> Result<Vec<(TournamentId, u32, u32)>, StoreError> {
        let o = self.owned;
        let rows: Vec<(i64, i64, i64)> = on_conn!(self.acquire().await?.conn(), |c| {
            sqlx::query_as(
                "SELECT t.id, t.round, \
                 COALESCE(SUM(CASE WHEN m.status = 'finished' THEN 1 ELSE 0 END), 0) \
                 FROM tournaments t \
                 JOIN tournament_tables tt ON tt.tournament_id = t.id AND tt.round = t.round \
                 LEFT JOIN matches m ON m.id = tt.match_id \
                 WHERE t.state = 'running' AND ((t.guild_id / 4194304) % $1) BETWEEN $2 AND $3 \
                 GROUP BY t.id, t.round ORDER BY t.id",
            )
            .bind(i64::from(o.total))
            .bind(i64::from(o.first))
            .bind(i64::from(o.last))
            .fetch_all(c)
            .await?
        });
        Ok(rows
            .into_iter()
            .map(|(id, round, finished)| {
                let n = |x: i64| u32::try_from(x).unwrap_or(0);
                (TournamentId(id), n(round), n(finished))
            })
            .collect())
    }

    /// Running events of the guilds this store sweeps whose current round has a table not
    /// started yet (after a restart, or a process that died while starting them).
    ///
    /// # Errors
    /// A database error.
    pub async fn tournaments_with_unstarted_tables(&self) -> Result<Vec<TournamentId>, StoreError> {
        let o = self.owned;
        let rows: Vec<(i64,)> = on_conn!(self.acquire().await?.conn(), |c| sqlx::query_as(
            "SELECT DISTINCT t.id FROM tournaments t JOIN tournament_tables tt \
             ON tt.tournament_id = t.id AND tt.round = t.round \
             WHERE t.state = 'running' AND tt.match_id IS NULL \
             AND ((t.guild_id / 4194304) % $1) BETWEEN $2 AND $3 ORDER BY t.id"
        )
        .bind(i64::from(o.total))
        .bind(i64::from(o.first))
        .bind(i64::from(o.last))
        .fetch_all(c)
        .await?);
        Ok(rows.into_iter().map(|(id,)| TournamentId(id)).collect())
    }

    /// Which event's table a match is, to name its thread: the event's name, format, round and
    /// table (from 0). `None`: not a tournament's table (a cancelled one is no longer its table's).
    ///
    /// # Errors
    /// A database error, or [`StoreError::Corrupt`].
    pub async fn table_of_match(
        &self,
        match_id: MatchId,
    ) -> Result<Option<EventTable>, StoreError> {
        let row: Option<(i64, String, String, i64, i64)> =
            on_conn!(self.acquire().await?.conn(), |c| {
                sqlx::query_as(
                "SELECT t.id, t.name, t.format, tt.round, tt.table_no FROM tournament_tables tt \
                 JOIN tournaments t ON t.id = tt.tournament_id WHERE tt.match_id = $1",
            )
            .bind(match_id)
            .fetch_optional(c)
            .await?
            });
        let Some((id, name, format, round, table)) = row else {
            return Ok(None);
        };
        let at = At::new("tournament_tables", id);
        let number = |column: &'static str, n: i64| {
            u32::try_from(n).map_err(|_| at.corrupt(column, format!("{n} is out of range")))
        };
        Ok(Some(EventTable {
            name,
            format: at.named("format", &format, TournamentFormat::from_id)?,
            round: number("round", round)?,
            table: number("table_no", table)? as usize,
        }))
    }

    /// The channel's latest event (finished or not), if any.
    ///
    /// # Errors
    /// A database error, or [`StoreError::Corrupt`].
    pub async fn latest_tournament_in(
        &self,
        channel: ChannelId,
    ) -> Result<Option<Tournament>, StoreError> {
        let sql = format!(
            "SELECT {COLUMNS} FROM tournaments WHERE channel_id = $1 ORDER BY id DESC LIMIT 1"
        );
        let raw: Option<RawTournament> =
            on_conn!(self.acquire().await?.conn(), |c| sqlx::query_as(&sql)
                .bind(channel)
                .fetch_optional(c)
                .await?);
        raw.map(RawTournament::decode).transpose()
    }

    /// A server's events, newest first, at most `limit` of them.
    ///
    /// # Errors
    /// A database error, or [`StoreError::Corrupt`].
    pub async fn tournaments_of_guild(
        &self,
        guild: GuildId,
        limit: u32,
    ) -> Result<Vec<Tournament>, StoreError> {
        let sql = format!(
            "SELECT {COLUMNS} FROM tournaments WHERE guild_id = $1 ORDER BY id DESC LIMIT $2"
        );
        let raw: Vec<RawTournament> =
            on_conn!(self.acquire().await?.conn(), |c| sqlx::query_as(&sql)
                .bind(guild)
                .bind(i64::from(limit))
                .fetch_all(c)
                .await?);
        raw.into_iter().map(RawTournament::decode).collect()
    }

    /// Every table of an event's rounds so far, round by round.
    ///
    /// # Errors
    /// A database error, or [`StoreError::Corrupt`].
    pub async fn all_tournament_tables(
        &self,
        id: TournamentId,
    ) -> Result<Vec<TournamentTable>, StoreError> {
        let rows: Vec<RawTable> = on_conn!(self.acquire().await?.conn(), |c| sqlx::query_as(
            "SELECT round, table_no, seats, match_id, draws, cancelled FROM tournament_tables \
             WHERE tournament_id = $1 ORDER BY round, table_no"
        )
        .bind(id)
        .fetch_all(c)
        .await?);
        rows.into_iter().map(|r| r.decode(id)).collect()
    }

    /// The matches of running events' tables, of the guilds this store sweeps, whose grace
    /// ran out by `now` (seconds) with their no-shows not looked for yet.
    ///
    /// # Errors
    /// A database error.
    pub async fn tournament_graces_due(&self, now: i64) -> Result<Vec<MatchId>, StoreError> {
        let o = self.owned;
        let rows: Vec<(i64,)> = on_conn!(self.acquire().await?.conn(), |c| sqlx::query_as(
            "SELECT m.id FROM tournament_tables tt \
             JOIN tournaments t ON t.id = tt.tournament_id \
             JOIN matches m ON m.id = tt.match_id \
             WHERE t.state = 'running' AND t.grace_mins IS NOT NULL AND NOT tt.grace_done \
             AND m.status = 'active' AND m.created_at + t.grace_mins * 60 <= $4 \
             AND ((t.guild_id / 4194304) % $1) BETWEEN $2 AND $3 ORDER BY m.id"
        )
        .bind(i64::from(o.total))
        .bind(i64::from(o.first))
        .bind(i64::from(o.last))
        .bind(now)
        .fetch_all(c)
        .await?);
        Ok(rows.into_iter().map(|(id,)| MatchId(id)).collect())
    }

    /// Running rolling events of the guilds this store sweeps (their queues seated, their
    /// windows closed and their ends found by the sweep).
    ///
    /// # Errors
    /// A database error.
    pub async fn rolling_tournaments(&self) -> Result<Vec<TournamentId>, StoreError> {
        let o = self.owned;
        let rows: Vec<(i64,)> = on_conn!(self.acquire().await?.conn(), |c| {
            sqlx::query_as(
            "SELECT t.id FROM tournaments t WHERE t.state = 'running' AND t.format = 'rolling' \
             AND ((t.guild_id / 4194304) % $1) BETWEEN $2 AND $3 ORDER BY t.id"
        )
        .bind(i64::from(o.total))
        .bind(i64::from(o.first))
        .bind(i64::from(o.last))
        .fetch_all(c)
        .await?
        });
        Ok(rows.into_iter().map(|(id,)| TournamentId(id)).collect())
    }

    /// Running events of the guilds this store sweeps whose current round's tables have all
    /// finished (the next round is to be seated, or the event to end).
    ///
    /// # Errors
    /// A database error.
    pub async fn tournaments_to_advance(&self) -> Result<Vec<TournamentId>, StoreError> {
        let o = self.owned;
        let rows: Vec<(i64,)> = on_conn!(self.acquire().await?.conn(), |c| sqlx::query_as(
            "SELECT t.id FROM tournaments t WHERE t.state = 'running' AND NOT t.paused \
             AND t.format <> 'rolling' AND ((t.guild_id / 4194304) % $1) BETWEEN $2 AND $3 \
             AND EXISTS (SELECT 1 FROM tournament_tables tt \
                 WHERE tt.tournament_id = t.id AND tt.round = t.round) \
             AND NOT EXISTS (SELECT 1 FROM tournament_tables tt \
                 LEFT JOIN matches m ON m.id = tt.match_id \
                 WHERE tt.tournament_id = t.id AND tt.round = t.round \
                 AND (m.id IS NULL OR m.status <> 'finished')) \
             ORDER BY t.id"
        )
        .bind(i64::from(o.total))
        .bind(i64::from(o.first))
        .bind(i64::from(o.last))
        .fetch_all(c)
        .await?);
        Ok(rows.into_iter().map(|(id,)| TournamentId(id)).collect())
    }
}
