//! The append-only event log: one row per applied move.

use super::decode::At;
use super::ids::MatchId;
use super::{Store, StoreError, TxConn};
use crate::games::interface::seat::Seat;
use crate::games::interface::{Concession, Hosted, Step};

/// What a player (or the bot for them) does: a game action `A`, or giving the game up.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Move<A> {
    Play(A),
    Concede(Concession),
}

/// Who made a logged move happen (the event log's `origin`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Origin {
    Player,
    /// A move nobody chose: a riichi player's drawn card discarded for them (rules §5), or
    /// what a player's auto switch took for them.
    Auto,
    /// The bot, for a player whose time ran out.
    Timeout,
    Resign,
    Forfeit,
    /// The computer's own move in a practice match.
    Computer,
}

impl Origin {
    pub const ALL: [Origin; 6] = [
        Origin::Player,
        Origin::Auto,
        Origin::Timeout,
        Origin::Resign,
        Origin::Forfeit,
        Origin::Computer,
    ];

    pub fn id(self) -> &'static str {
        match self {
            Origin::Player => "player",
            Origin::Auto => "auto",
            Origin::Timeout => "timeout",
            Origin::Resign => "resign",
            Origin::Forfeit => "forfeit",
            Origin::Computer => "computer",
        }
    }

    pub fn from_id(id: &str) -> Option<Origin> {
        Origin::ALL.into_iter().find(|o| o.id() == id)
    }
}

/// The logged form of a concession (a game action is logged as the engine's JSON).
#[derive(Debug, serde::Serialize, serde::Deserialize)]
#[serde(tag = "type", rename = "concede")]
struct LoggedConcession {
    reason: Concession,
}

impl<A: serde::Serialize + serde::de::DeserializeOwned> Move<A> {
    /// The `action` column's text.
    pub fn to_json(self) -> String {
        match self {
            Move::Play(action) => serde_json::to_string(&action),
            Move::Concede(reason) => serde_json::to_string(&LoggedConcession { reason }),
        }
        .expect("moves serialise")
    }

    /// A logged move from the `action` column's text.
    ///
    /// # Errors
    /// The JSON error of the action form when neither form reads.
    pub fn from_json(text: &str) -> Result<Move<A>, serde_json::Error> {
        match serde_json::from_str::<A>(text) {
            Ok(action) => Ok(Move::Play(action)),
            Err(e) => serde_json::from_str::<LoggedConcession>(text)
                .map(|c| Move::Concede(c.reason))
                .map_err(|_| e),
        }
    }
}

/// One applied move of a game `G`: the version it produced, who moved, the move, the engine
/// events it caused and who made it happen.
#[derive(Debug)]
pub struct EventRow<G: crate::games::interface::Play> {
    pub seq: i64,
    pub seat: Seat,
    pub action: Move<G::Action>,
    pub events: Vec<G::Event>,
    pub created_at: i64,
    pub origin: Origin,
}

// By hand: a derive would ask the game's marker type to be `Clone` too.
impl<G: crate::games::interface::Play> Clone for EventRow<G> {
    fn clone(&self) -> Self {
        EventRow {
            seq: self.seq,
            seat: self.seat,
            action: self.action,
            events: self.events.clone(),
            created_at: self.created_at,
            origin: self.origin,
        }
    }
}

impl<G: Hosted> EventRow<G> {
    /// Whether this move dealt a new round.
    pub fn started_round(&self) -> bool {
        self.events.iter().any(G::starts_round)
    }

    /// The move as the game's replay reads it.
    pub fn step(&self) -> Step<G::Action> {
        match self.action {
            Move::Play(action) => Step::Play(self.seat, action),
            Move::Concede(why) => Step::Concede(self.seat, why),
        }
    }
}

#[derive(sqlx::FromRow)]
pub(super) struct RawEvent {
    match_id: i64,
    seq: i64,
    seat: i64,
    action: String,
    events: String,
    created_at: i64,
    origin: String,
}

impl RawEvent {
    pub(super) fn decode<G: Hosted>(self) -> Result<EventRow<G>, StoreError> {
        let at = At::new("match_events", format!("{}/{}", self.match_id, self.seq));
        Ok(EventRow {
            seq: self.seq,
            seat: at.seat("seat", self.seat)?,
            action: Move::from_json(&self.action).map_err(|e| at.corrupt("action", e))?,
            events: at.json("events", &self.events)?,
            created_at: self.created_at,
            origin: at.named("origin", &self.origin, Origin::from_id)?,
        })
    }
}

fn decode_all<G: Hosted>(rows: Vec<RawEvent>) -> Result<Vec<EventRow<G>>, StoreError> {
    rows.into_iter().map(RawEvent::decode).collect()
}

pub(super) const LOG_SQL: &str = "SELECT match_id, seq, seat, action, events, created_at, origin \
    FROM match_events WHERE match_id = $1 ORDER BY seq";

/// Appends a move to a match's log (held: sent with the transaction's next statement or its
/// commit).
pub fn append<G: Hosted>(tx: &mut TxConn, match_id: MatchId, row: &EventRow<G>) {
    let events = serde_json::to_string(&row.events).expect("events serialise");
    tx.hold(
        "INSERT INTO match_events (match_id, seq, seat, action, events, created_at, origin) \
         VALUES ($1, $2, $3, $4, $5, $6, $7)",
        [
            match_id.0.into(),
            row.seq.into(),
            (row.seat.index() as i64).into(),
            row.action.to_json().into(),
            events.into(),
            row.created_at.into(),
            row.origin.id().into(),
        ],
    );
}

impl Store {
    /// A match's whole log, in order (for replays and consistency checks).
    ///
    /// # Errors
    /// A database error, or [`StoreError::Corrupt`].
    pub async fn event_log<G: Hosted>(
        &self,
        match_id: MatchId,
    ) -> Result<Vec<EventRow<G>>, StoreError> {
        let rows = on_conn!(self.acquire().await?.conn(), |c| sqlx::query_as::<
            _,
            RawEvent,
        >(LOG_SQL)
        .bind(match_id)
        .fetch_all(c)
        .await?);
        decode_all(rows)
    }

    /// The moves of versions `(from, to]` of a match, in order.
    ///
    /// # Errors
    /// A database error, or [`StoreError::Corrupt`].
    pub async fn events_between<G: Hosted>(
        &self,
        match_id: MatchId,
        from: i64,
        to: i64,
    ) -> Result<Vec<EventRow<G>>, StoreError> {
        let rows = on_conn!(self.acquire().await?.conn(), |c| sqlx::query_as::<
            _,
            RawEvent,
        >(
            "SELECT match_id, seq, seat, action, events, created_at, origin FROM match_events \
             WHERE match_id = $1 AND seq > $2 AND seq <= $3 ORDER BY seq",
        )
        .bind(match_id)
        .bind(from)
        .bind(to)
        .fetch_all(c)
        .await?);
        decode_all(rows)
    }

    /// The last `n` moves of a match, oldest first (the table's "last actions").
    ///
    /// # Errors
    /// A database error, or [`StoreError::Corrupt`].
    pub async fn recent_events<G: Hosted>(
        &self,
        match_id: MatchId,
        n: i64,
    ) -> Result<Vec<EventRow<G>>, StoreError> {
        let mut rows = on_conn!(self.acquire().await?.conn(), |c| sqlx::query_as::<
            _,
            RawEvent,
        >(
            "SELECT match_id, seq, seat, action, events, created_at, origin FROM match_events \
             WHERE match_id = $1 ORDER BY seq DESC LIMIT $2",
        )
        .bind(match_id)
        .bind(n)
        .fetch_all(c)
        .await?);
        rows.reverse();
        decode_all(rows)
    }
}
