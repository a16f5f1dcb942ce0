//! The seats of a match: one row each in `match_seats`, a player or a computer with its level,
//! with what the seat keeps through the match (its name, time bank, run of timeouts, whether a
//! computer plays it while its player is away, the auto switches its player turned on) and,
//! once the match is over, its final balance and place.

use super::decode::At;
use super::ids::{MatchId, UserId};
use super::{Conn, StoreError, TxConn};
use crate::games::interface::seat::{PerSeat, Seat, SeatCount};
use crate::games::interface::AutoSet;
use crate::games::interface::Level;

/// Who sits in a seat.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Occupant {
    /// A Discord user, with the display name captured when the match started (empty: unknown).
    Player { user: UserId, name: String },
    /// The computer, at its level.
    Computer(Level),
}

impl Occupant {
    /// A player.
    pub fn player(user: UserId, name: impl Into<String>) -> Occupant {
        Occupant::Player {
            user,
            name: name.into(),
        }
    }

    /// The user, for a player's seat.
    pub fn user(&self) -> Option<UserId> {
        match self {
            Occupant::Player { user, .. } => Some(*user),
            Occupant::Computer(_) => None,
        }
    }

    /// The computer's level, for a computer's seat.
    pub fn computer(&self) -> Option<Level> {
        match self {
            Occupant::Player { .. } => None,
            Occupant::Computer(level) => Some(*level),
        }
    }

    /// The player's display name (empty for a computer or when unknown).
    pub fn name(&self) -> &str {
        match self {
            Occupant::Player { name, .. } => name,
            Occupant::Computer(_) => "",
        }
    }
}

/// One seat of a match as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SeatMeta {
    pub occupant: Occupant,
    /// Seconds of time bank left.
    pub bank: i64,
    /// Consecutive timeouts.
    pub timeouts: i64,
    /// A player who timed out twice in a row at a table of more than two: the computer plays
    /// the seat until they take it back.
    pub away: bool,
    /// The auto switches the player turned on (written only by [`set_auto`]).
    pub auto: AutoSet,
    /// The balance the match ended with, once over.
    pub final_balance: Option<i64>,
    /// The place the match ended in (1 for the winner), once over.
    pub place: Option<u8>,
}

impl SeatMeta {
    /// A seat at the start of a match.
    pub fn new(occupant: Occupant, bank: i64) -> SeatMeta {
        SeatMeta {
            occupant,
            bank,
            timeouts: 0,
            away: false,
            auto: AutoSet::NONE,
            final_balance: None,
            place: None,
        }
    }

    /// The computer's level when a computer plays this seat now: a computer's seat, or a
    /// player's while they are away (played at `normal`).
    pub fn played_by_computer(&self) -> Option<Level> {
        match (&self.occupant, self.away) {
            (Occupant::Computer(level), _) => Some(*level),
            (Occupant::Player { .. }, true) => Some(Level::Normal),
            (Occupant::Player { .. }, false) => None,
        }
    }
}

#[derive(sqlx::FromRow)]
pub(super) struct RawSeat {
    seat: i64,
    user_id: Option<i64>,
    computer: Option<String>,
    name: String,
    bank: i64,
    timeouts: i64,
    away: bool,
    auto: i64,
    final_balance: Option<i64>,
    place: Option<i64>,
}

impl RawSeat {
    fn decode(self, at: &At) -> Result<(Seat, SeatMeta), StoreError> {
        let seat = at.seat("seat", self.seat)?;
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
        let place = self
            .place
            .map(|p| {
                u8::try_from(p)
                    .ok()
                    .filter(|p| (1..=4).contains(p))
                    .ok_or_else(|| at.corrupt("place", format!("{p} is not a place")))
            })
            .transpose()?;
        let auto = AutoSet::from_bits(self.auto)
            .ok_or_else(|| at.corrupt("auto", format!("{} is not a set of switches", self.auto)))?;
        Ok((
            seat,
            SeatMeta {
                occupant,
                bank: self.bank,
                timeouts: self.timeouts,
                away: self.away,
                auto,
                final_balance: self.final_balance,
                place,
            },
        ))
    }
}

/// The columns of a seat as read beside its match (a `LEFT JOIN`: all of them are null for
/// a match without seat rows).
#[derive(sqlx::FromRow)]
pub(super) struct JoinedSeat {
    seat: Option<i64>,
    user_id: Option<i64>,
    computer: Option<String>,
    name: Option<String>,
    bank: Option<i64>,
    timeouts: Option<i64>,
    away: Option<bool>,
    auto: Option<i64>,
    final_balance: Option<i64>,
    place: Option<i64>,
}

impl JoinedSeat {
    /// The seat row, `None` when the match has none.
    ///
    /// # Errors
    /// [`StoreError::Corrupt`] for a seat row without a value its table requires.
    pub(super) fn into_seat(self, id: MatchId) -> Result<Option<RawSeat>, StoreError> {
        let Some(seat) = self.seat else {
            return Ok(None);
        };
        let at = At::new("match_seats", id.0);
        let missing = |column| at.corrupt(column, "missing");
        Ok(Some(RawSeat {
            seat,
            user_id: self.user_id,
            computer: self.computer,
            name: self.name.ok_or_else(|| missing("name"))?,
            bank: self.bank.ok_or_else(|| missing("bank"))?,
            timeouts: self.timeouts.ok_or_else(|| missing("timeouts"))?,
            away: self.away.ok_or_else(|| missing("away"))?,
            auto: self.auto.ok_or_else(|| missing("auto"))?,
            final_balance: self.final_balance,
            place: self.place,
        }))
    }
}

const SEATS_SQL: &str = "SELECT seat, user_id, computer, name, bank, timeouts, away, auto, \
    final_balance, place FROM match_seats WHERE match_id = $1 ORDER BY seat";

/// The seats of match `id`, which has `count` of them (the match row's `seats`).
///
/// # Errors
/// [`StoreError::Corrupt`] when the rows are not exactly seats 0 … count − 1, or a seat is
/// damaged.
pub(super) async fn load(
    conn: Conn<'_>,
    id: MatchId,
    count: SeatCount,
) -> Result<PerSeat<SeatMeta>, StoreError> {
    let rows: Vec<RawSeat> = on_conn!(conn, |c| sqlx::query_as(SEATS_SQL)
        .bind(id)
        .fetch_all(c)
        .await?);
    from_rows(id, count, rows)
}

/// The seats of match `id`, which has `count` of them, from its rows in seat order.
///
/// # Errors
/// As [`load`].
pub(super) fn from_rows(
    id: MatchId,
    count: SeatCount,
    rows: Vec<RawSeat>,
) -> Result<PerSeat<SeatMeta>, StoreError> {
    let at = At::new("match_seats", id.0);
    let seats = rows
        .into_iter()
        .map(|row| row.decode(&at))
        .collect::<Result<Vec<_>, _>>()?;
    let numbers: Vec<Seat> = seats.iter().map(|(seat, _)| *seat).collect();
    if !numbers.iter().copied().eq(count.seats()) {
        let listed: Vec<usize> = numbers.iter().map(|s| s.index()).collect();
        let detail = format!("seats {listed:?} for a table of {count}");
        return Err(at.corrupt("seat", detail));
    }
    PerSeat::from_vec(seats.into_iter().map(|(_, s)| s).collect())
        .ok_or_else(|| at.corrupt("seat", "not a table of 2 to 4"))
}

/// Writes the seats of a new match.
pub(super) async fn insert(
    tx: &mut TxConn,
    id: MatchId,
    seats: &PerSeat<SeatMeta>,
) -> Result<(), StoreError> {
    for (seat, s) in seats.iter() {
        on_conn!(tx.conn().await?, |c| sqlx::query(
            "INSERT INTO match_seats (match_id, seat, user_id, computer, name, bank, timeouts, \
             away, auto) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
        )
        .bind(id)
        .bind(seat.index() as i64)
        .bind(s.occupant.user())
        .bind(s.occupant.computer().map(Level::id))
        .bind(s.occupant.name())
        .bind(s.bank)
        .bind(s.timeouts)
        .bind(s.away)
        .bind(s.auto.bits())
        .execute(c)
        .await
        .map(|_| ())?);
    }
    Ok(())
}

/// Writes what changed of each seat during an action (its bank, timeouts, away flag and, at
/// the end, its result): only the seats that differ from `before` (held: sent with the
/// transaction's next statement or its commit). The auto switches are not among them: only
/// their player changes them ([`set_auto`]), so an action never writes back an older set.
pub(super) fn update(
    tx: &mut TxConn,
    id: MatchId,
    before: &PerSeat<SeatMeta>,
    after: &PerSeat<SeatMeta>,
) {
    for (seat, s) in after.iter() {
        if before.get(seat) == Some(s) {
            continue;
        }
        tx.hold(
            "UPDATE match_seats SET bank = $1, timeouts = $2, away = $3, final_balance = $4, \
             place = $5 WHERE match_id = $6 AND seat = $7",
            [
                s.bank.into(),
                s.timeouts.into(),
                s.away.into(),
                s.final_balance.into(),
                s.place.map(i64::from).into(),
                id.0.into(),
                (seat.index() as i64).into(),
            ],
        );
    }
}

/// Sets the auto switches of `seat` of match `id` (held: sent with the transaction's next
/// statement or its commit).
pub fn set_auto(tx: &mut TxConn, id: MatchId, seat: Seat, auto: AutoSet) {
    tx.hold(
        "UPDATE match_seats SET auto = $1 WHERE match_id = $2 AND seat = $3",
        [
            auto.bits().into(),
            id.0.into(),
            (seat.index() as i64).into(),
        ],
    );
}
