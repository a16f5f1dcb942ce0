//! The point ledger: one row per transfer between the seats and the pot.

use super::decode::At;
use super::ids::MatchId;
use super::{Store, StoreError, TxConn};
use crate::games::interface::ledger::Party;
use crate::games::interface::seat::{PerSeat, Seat, MAX_SEATS};
use crate::games::interface::LedgerEntry;
use crate::games::registry::GameId;

/// How a party is stored: the seat's number (`0` … `3`) or `pot`.
const SEAT_IDS: [&str; MAX_SEATS] = ["0", "1", "2", "3"];

fn party_id(p: Party) -> &'static str {
    match p {
        Party::Seat(seat) => SEAT_IDS[seat.index()],
        Party::Pot => "pot",
    }
}

fn party_from_id(id: &str) -> Option<Party> {
    if id == "pot" {
        return Some(Party::Pot);
    }
    let index = SEAT_IDS.iter().position(|s| *s == id)?;
    Seat::from_index(index as u64).map(Party::Seat)
}

/// One transfer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LedgerRow {
    pub round: i64,
    pub from: Party,
    pub to: Party,
    pub amount: i64,
    /// The game's id of why (`Hosted::TRANSFER_REASONS`: `ante`, `win`, …, `final_pot`).
    pub reason: &'static str,
}

impl From<LedgerEntry> for LedgerRow {
    fn from(e: LedgerEntry) -> LedgerRow {
        LedgerRow {
            round: e.round as i64,
            from: e.transfer.from,
            to: e.transfer.to,
            amount: e.transfer.amount,
            reason: e.transfer.reason,
        }
    }
}

/// Net points per party over a match's ledger (seats start at 30, the pot at 0).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LedgerTotals {
    pub balances: PerSeat<i64>,
    pub pot: i64,
}

#[derive(sqlx::FromRow)]
struct RawLedger {
    id: i64,
    round: i64,
    from_party: String,
    to_party: String,
    amount: i64,
    reason: String,
    match_id: i64,
    game: String,
    seats: i64,
}

impl RawLedger {
    fn decode(self) -> Result<LedgerRow, StoreError> {
        let at = At::new("ledger", self.id);
        let game = At::new("matches", self.match_id).named("game", &self.game, GameId::from_id)?;
        // A seat of the match's table, or the pot.
        let party = |id: &str| {
            party_from_id(id).filter(|p| match p {
                Party::Seat(seat) => (seat.index() as i64) < self.seats,
                Party::Pot => true,
            })
        };
        Ok(LedgerRow {
            round: self.round,
            from: at.named("from_party", &self.from_party, party)?,
            to: at.named("to_party", &self.to_party, party)?,
            amount: self.amount,
            reason: at.named("reason", &self.reason, |id| game.transfer_reason(id))?,
        })
    }
}

pub(super) const LEDGER_SQL: &str =
    "SELECT id, round, from_party, to_party, amount, reason, match_id, \
    (SELECT game FROM matches WHERE matches.id = ledger.match_id) AS game, \
    (SELECT seats FROM matches WHERE matches.id = ledger.match_id) AS seats \
    FROM ledger WHERE match_id = $1 ORDER BY id";

/// Writes transfers of a match (held: sent with the transaction's next statement or its
/// commit).
pub fn append(tx: &mut TxConn, match_id: MatchId, rows: &[LedgerRow]) {
    for row in rows {
        tx.hold(
            "INSERT INTO ledger (match_id, round, from_party, to_party, amount, reason) \
             VALUES ($1, $2, $3, $4, $5, $6)",
            [
                match_id.0.into(),
                row.round.into(),
                party_id(row.from).into(),
                party_id(row.to).into(),
                row.amount.into(),
                row.reason.into(),
            ],
        );
    }
}

impl LedgerRow {
    /// Balances and pot that these rows produce from the balances the game started with.
    pub fn totals(rows: &[LedgerRow], start: PerSeat<i64>) -> LedgerTotals {
        let mut t = LedgerTotals {
            balances: start,
            pot: 0,
        };
        for r in rows {
            for (party, delta) in [(r.from, -r.amount), (r.to, r.amount)] {
                match party {
                    Party::Seat(seat) => t.balances[seat] += delta,
                    Party::Pot => t.pot += delta,
                }
            }
        }
        t
    }
}

impl Store {
    /// A match's transfers in the order they happened.
    ///
    /// # Errors
    /// A database error, or [`StoreError::Corrupt`].
    pub async fn ledger(&self, match_id: MatchId) -> Result<Vec<LedgerRow>, StoreError> {
        on_conn!(self.acquire().await?.conn(), |c| sqlx::query_as::<
            _,
            RawLedger,
        >(LEDGER_SQL)
        .bind(match_id)
        .fetch_all(c)
        .await?)
        .into_iter()
        .map(RawLedger::decode)
        .collect()
    }
}
