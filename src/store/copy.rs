//! Moving up: every table of a SQLite store copied into an empty PostgreSQL store, in one
//! PostgreSQL transaction (all of it or nothing). Each value is read as the target column's
//! type says (SQLite keeps booleans as integers), so a value the target cannot hold is an
//! error naming its table, row and column rather than a guess.

use sqlx::{Column, Row};

use super::{Pool, Store, StoreError};

/// Every table, parents before the tables that reference them.
pub const TABLES: [&str; 17] = [
    "guild_settings",
    "seasons_closed",
    "challenges",
    "challenge_seats",
    "matches",
    "match_seats",
    "match_events",
    "snapshots",
    "ledger",
    "outbox",
    "players",
    "practice_records",
    "highlight_optouts",
    "highlights",
    "tournaments",
    "tournament_entrants",
    "tournament_tables",
];

/// Rows copied per table, in [`TABLES`] order.
pub type Copied = Vec<(&'static str, u64)>;

/// A target column's type, as the copy converts to it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Int,
    Bool,
    Float,
    Bytes,
    Text,
}

/// One value on its way.
enum Value {
    Int(Option<i64>),
    Bool(Option<bool>),
    Float(Option<f64>),
    Bytes(Option<Vec<u8>>),
    Text(Option<String>),
}

impl Store {
    /// Copies every row of this (SQLite) store into `target` (PostgreSQL), which must be
    /// empty, and points the target's id sequences past the copied ids.
    ///
    /// # Errors
    /// [`StoreError::Open`] for another pair of backends or a target that holds data; a
    /// value the target column cannot hold as [`StoreError::Corrupt`]; a database error. The
    /// target is unchanged on any error.
    pub async fn copy_into(&self, target: &Store) -> Result<Copied, StoreError> {
        let (Pool::Sqlite(from), Pool::Postgres(to)) = (&self.pool, &target.pool) else {
            return Err(StoreError::open(
                "migrate-db",
                "copies a SQLite database into a PostgreSQL one only",
            ));
        };
        let mut source = from.acquire().await?;
        let mut tx = to.begin().await?;
        for table in TABLES {
            let (rows,): (i64,) = sqlx::query_as(&format!("SELECT COUNT(*) FROM {table}"))
                .fetch_one(&mut *tx)
                .await?;
            if rows > 0 {
                return Err(StoreError::open(
                    "migrate-db",
                    format!(
                        "the target is not empty ({table} holds {rows} rows): nothing was copied"
                    ),
                ));
            }
        }
        let mut copied = Vec::with_capacity(TABLES.len());
        for table in TABLES {
            let columns: Vec<(String, String)> = sqlx::query_as(
                "SELECT column_name::TEXT, data_type::TEXT FROM information_schema.columns \
                 WHERE table_schema = current_schema() AND table_name = $1 \
                 ORDER BY ordinal_position",
            )
            .bind(table)
            .fetch_all(&mut *tx)
            .await?;
            let kinds: Vec<(String, Kind)> = columns
                .into_iter()
                .map(|(name, ty)| {
                    let kind = match ty.as_str() {
                        "bigint" | "integer" | "smallint" => Kind::Int,
                        "boolean" => Kind::Bool,
                        "double precision" | "real" => Kind::Float,
                        "bytea" => Kind::Bytes,
                        _ => Kind::Text,
                    };
                    (name, kind)
                })
                .collect();
            let names: Vec<&str> = kinds.iter().map(|(n, _)| n.as_str()).collect();
            let select = format!("SELECT {} FROM {table}", names.join(", "));
            let insert = format!(
                "INSERT INTO {table} ({}) VALUES ({})",
                names.join(", "),
                (1..=names.len())
                    .map(|i| format!("${i}"))
                    .collect::<Vec<_>>()
                    .join(", ")
            );
            let rows = sqlx::query(&select).fetch_all(&mut *source).await?;
            for (r, row) in rows.iter().enumerate() {
                let mut query = sqlx::query(&insert);
                for (i, (name, kind)) in kinds.iter().enumerate() {
                    let value = read(row, i, *kind).map_err(|detail| StoreError::Corrupt {
                        table,
                        row: format!("{} (of the source)", r + 1),
                        column: leak(name),
                        detail,
                    })?;
                    query = match value {
                        Value::Int(v) => query.bind(v),
                        Value::Bool(v) => query.bind(v),
                        Value::Float(v) => query.bind(v),
                        Value::Bytes(v) => query.bind(v),
                        Value::Text(v) => query.bind(v),
                    };
                }
                query.execute(&mut *tx).await?;
            }
            if names.contains(&"id") && kinds.iter().any(|(n, k)| n == "id" && *k == Kind::Int) {
                // Identity columns: the next id the target makes follows the copied ones.
                sqlx::query(&format!(
                    "SELECT setval(pg_get_serial_sequence('{table}', 'id'), \
                     COALESCE(MAX(id), 0) + 1, false) FROM {table} \
                     WHERE pg_get_serial_sequence('{table}', 'id') IS NOT NULL"
                ))
                .fetch_all(&mut *tx)
                .await?;
            }
            copied.push((table, rows.len() as u64));
        }
        tx.commit().await?;
        Ok(copied)
    }
}

impl Store {
    /// Rows in one of [`TABLES`] (for `migrate-db`'s checks).
    ///
    /// # Errors
    /// A table not in [`TABLES`], or a database error.
    pub async fn count_rows(&self, table: &str) -> Result<i64, StoreError> {
        if !TABLES.contains(&table) {
            return Err(StoreError::open("count", format!("no table {table}")));
        }
        let sql = format!("SELECT COUNT(*) FROM {table}");
        let (n,): (i64,) = on_conn!(self.acquire().await?.conn(), |c| sqlx::query_as(&sql)
            .fetch_one(c)
            .await?);
        Ok(n)
    }
}

/// Column `i` of a SQLite row as the target's `kind`.
fn read(row: &sqlx::sqlite::SqliteRow, i: usize, kind: Kind) -> Result<Value, String> {
    let bad = |e: sqlx::Error| format!("{} is not a {kind:?}: {e}", row.column(i).name());
    Ok(match kind {
        Kind::Int => Value::Int(row.try_get(i).map_err(bad)?),
        Kind::Bool => {
            let v: Option<i64> = row.try_get(i).map_err(bad)?;
            Value::Bool(match v {
                None => None,
                Some(0) => Some(false),
                Some(1) => Some(true),
                Some(n) => return Err(format!("{n} is not a boolean (0 or 1)")),
            })
        }
        Kind::Float => Value::Float(row.try_get(i).map_err(bad)?),
        Kind::Bytes => Value::Bytes(row.try_get(i).map_err(bad)?),
        Kind::Text => Value::Text(row.try_get(i).map_err(bad)?),
    })
}

/// The column name for an error (errors name columns with static strings; a copy fails at
/// most once per run).
fn leak(name: &str) -> &'static str {
    Box::leak(name.to_string().into_boxed_str())
}
