//! The point ledger: one row per transfer between the seats and the pot.

use sqlx::SqliteConnection;

use super::{Store, StoreError};

/// One transfer. Parties are `"0"`, `"1"` or `"pot"`.
#[derive(Debug, Clone, PartialEq, sqlx::FromRow)]
pub struct LedgerRow {
    pub round: i64,
    pub from_party: String,
    pub to_party: String,
    pub amount: i64,
    pub reason: String,
}

/// Net points per party over a match's ledger (seats start at 30, the pot at 0).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LedgerTotals {
    pub balances: [i64; 2],
    pub pot: i64,
}

pub(super) const LEDGER_SQL: &str = "SELECT round, from_party, to_party, amount, reason \
    FROM ledger WHERE match_id = ? ORDER BY id";

/// Writes transfers of a match.
pub async fn append(
    tx: &mut SqliteConnection,
    match_id: i64,
    rows: &[LedgerRow],
) -> Result<(), StoreError> {
    for row in rows {
        sqlx::query(
            "INSERT INTO ledger (match_id, round, from_party, to_party, amount, reason) \
             VALUES (?, ?, ?, ?, ?, ?)",
        )
        .bind(match_id)
        .bind(row.round)
        .bind(&row.from_party)
        .bind(&row.to_party)
        .bind(row.amount)
        .bind(&row.reason)
        .execute(&mut *tx)
        .await?;
    }
    Ok(())
}

impl LedgerRow {
    /// Balances and pot that these rows produce from the starting 30 points each.
    pub fn totals(rows: &[LedgerRow]) -> LedgerTotals {
        let mut t = LedgerTotals {
            balances: [30, 30],
            pot: 0,
        };
        for r in rows {
            for (party, delta) in [(&r.from_party, -r.amount), (&r.to_party, r.amount)] {
                match party.as_str() {
                    "0" => t.balances[0] += delta,
                    "1" => t.balances[1] += delta,
                    _ => t.pot += delta,
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
    /// A database error.
    pub async fn ledger(&self, match_id: i64) -> Result<Vec<LedgerRow>, StoreError> {
        Ok(sqlx::query_as::<_, LedgerRow>(LEDGER_SQL)
            .bind(match_id)
            .fetch_all(self.pool())
            .await?)
    }
}
