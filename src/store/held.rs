//! Writes held back in a write transaction until its next statement or its commit, and then
//! sent together.
//!
//! Every statement sqlx runs on SQLite is a hand-off to the connection's thread and back
//! (a channel send and the wake-ups of both threads), which cost more than most of our
//! statements themselves; on PostgreSQL each is a round trip to the server. The writes of an
//! action that nothing reads back before the commit (its log rows, ledger rows, the match
//! row, its snapshot and seats, the outbox entry) are held here and sent together: on SQLite
//! with `COMMIT` as one multi-statement query (one hand-off); on PostgreSQL, whose extended
//! protocol takes one statement per query, as one statement of data-modifying `WITH` parts,
//! then `COMMIT`. Either way the transaction is the same: a held write that fails fails the
//! statement or the commit that sends it, and a transaction dropped without commit never
//! sends them.
//!
//! What a held write must not do: depend on another write held with it. PostgreSQL runs the
//! parts of one statement on one snapshot, in no set order, so two held writes must not
//! write the same row, and none may update or delete a row another one inserts (the store's
//! held writes each write rows of their own: a new log, ledger or outbox row, the match row
//! and its snapshot once per action, a seat once, an outbox row by its id).

use std::fmt::Write;

use super::Conn;

/// One value bound to a held write.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Value {
    Int(Option<i64>),
    Bool(bool),
    /// One of the store's fixed names (a status, a reason id).
    Name(Option<&'static str>),
    Text(String),
}

impl From<i64> for Value {
    fn from(v: i64) -> Value {
        Value::Int(Some(v))
    }
}

impl From<Option<i64>> for Value {
    fn from(v: Option<i64>) -> Value {
        Value::Int(v)
    }
}

impl From<bool> for Value {
    fn from(v: bool) -> Value {
        Value::Bool(v)
    }
}

impl From<&'static str> for Value {
    fn from(v: &'static str) -> Value {
        Value::Name(Some(v))
    }
}

impl From<Option<&'static str>> for Value {
    fn from(v: Option<&'static str>) -> Value {
        Value::Name(v)
    }
}

impl From<String> for Value {
    fn from(v: String) -> Value {
        Value::Text(v)
    }
}

/// `$query` with `$value` (a [`Value`]) bound as its next argument (a macro rather than a
/// generic function: its body is compiled against each backend's concrete query type).
macro_rules! bind {
    ($query:expr, $value:expr) => {
        match $value {
            Value::Int(v) => $query.bind(*v),
            Value::Bool(v) => $query.bind(*v),
            Value::Name(v) => $query.bind(*v),
            Value::Text(v) => $query.bind(v.as_str()),
        }
    };
}

/// Statements held back, in order, with their values.
#[derive(Debug, Default)]
pub(crate) struct Held {
    /// Each statement (with `$1`… placeholders of its own) and where its values start.
    statements: Vec<(&'static str, usize)>,
    values: Vec<Value>,
}

impl Held {
    /// Holds `sql` with its values, `$1` being the first.
    pub(crate) fn push(&mut self, sql: &'static str, values: impl IntoIterator<Item = Value>) {
        self.statements.push((sql, self.values.len()));
        self.values.extend(values);
    }

    pub(crate) fn is_empty(&self) -> bool {
        self.statements.is_empty()
    }

    /// Sends the held writes, then `tail` (a statement without values, such as `COMMIT`) when
    /// given, and forgets them: on SQLite as one query, on PostgreSQL one by one.
    ///
    /// # Errors
    /// The first statement's error; the statements after it are not run.
    pub(crate) async fn send(
        &mut self,
        conn: Conn<'_>,
        tail: Option<&'static str>,
    ) -> Result<(), sqlx::Error> {
        let statements = std::mem::take(&mut self.statements);
        let values = std::mem::take(&mut self.values);
        match conn {
            Conn::Sqlite(c) => {
                if statements.is_empty() && tail.is_none() {
                    return Ok(());
                }
                let sql = joined(&statements, tail);
                let mut query = sqlx::query(&sql);
                for value in &values {
                    query = bind!(query, value);
                }
                query.execute(c).await?;
            }
            Conn::Postgres(c) => {
                if !statements.is_empty() {
                    let sql = with_parts(&statements);
                    let mut query = sqlx::query(&sql);
                    for value in &values {
                        query = bind!(query, value);
                    }
                    query.execute(&mut *c).await?;
                }
                if let Some(tail) = tail {
                    sqlx::query(tail).execute(c).await?;
                }
            }
        }
        Ok(())
    }
}

/// The statements as one SQLite query: each one's `$n` becomes `$(start + n)`, so that every
/// placeholder names its value in the one list of values (sqlx binds `$n` by its number).
fn joined(statements: &[(&'static str, usize)], tail: Option<&'static str>) -> String {
    let mut sql = String::with_capacity(statements.iter().map(|(s, _)| s.len() + 8).sum());
    for (statement, start) in statements {
        shifted(&mut sql, statement, *start);
        sql.push_str(";\n");
    }
    if let Some(tail) = tail {
        sql.push_str(tail);
    }
    sql
}

/// The statements as one PostgreSQL statement: all but the last as data-modifying `WITH`
/// parts, placeholders renumbered as in [`joined`].
fn with_parts(statements: &[(&'static str, usize)]) -> String {
    let mut sql = String::with_capacity(statements.iter().map(|(s, _)| s.len() + 16).sum());
    let Some(((last, last_start), parts)) = statements.split_last() else {
        return sql;
    };
    for (i, (statement, start)) in parts.iter().enumerate() {
        sql.push_str(if i == 0 { "WITH " } else { ", " });
        write!(sql, "w{i} AS (").expect("writing to a String");
        shifted(&mut sql, statement, *start);
        sql.push(')');
    }
    if !parts.is_empty() {
        sql.push(' ');
    }
    shifted(&mut sql, last, *last_start);
    sql
}

/// Appends `statement` to `out` with every `$n` placeholder raised by `by`.
fn shifted(out: &mut String, statement: &str, by: usize) {
    let mut rest = statement;
    while let Some(at) = rest.find('$') {
        out.push_str(&rest[..=at]);
        rest = &rest[at + 1..];
        let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
        // A `$` without digits is no placeholder (none of the store's statements has one).
        if let Ok(n) = rest[..digits].parse::<usize>() {
            write!(out, "{}", n + by).expect("writing to a String");
        }
        rest = &rest[digits..];
    }
    out.push_str(rest);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn placeholders_are_renumbered_after_the_values_held_before_them() {
        let statements = [
            ("INSERT INTO a (x, y) VALUES ($1, $2)", 0),
            ("UPDATE b SET x = $1, y = $2 WHERE id = $3 AND z = $1", 2),
        ];
        assert_eq!(
            joined(&statements, Some("COMMIT")),
            "INSERT INTO a (x, y) VALUES ($1, $2);\n\
             UPDATE b SET x = $3, y = $4 WHERE id = $5 AND z = $3;\nCOMMIT"
        );
    }

    #[test]
    fn on_postgresql_all_but_the_last_statement_are_with_parts() {
        let statements = [
            ("INSERT INTO a (x) VALUES ($1)", 0),
            ("DELETE FROM b WHERE id = $1", 1),
            ("UPDATE c SET x = $1 WHERE id = $2", 2),
        ];
        assert_eq!(
            with_parts(&statements),
            "WITH w0 AS (INSERT INTO a (x) VALUES ($1)), w1 AS (DELETE FROM b WHERE id = $2) \
             UPDATE c SET x = $3 WHERE id = $4"
        );
        assert_eq!(
            with_parts(&statements[..1]),
            "INSERT INTO a (x) VALUES ($1)"
        );
    }

    #[test]
    fn a_statement_after_ten_values_keeps_its_numbers_whole() {
        let mut out = String::new();
        shifted(&mut out, "SELECT $10, $1", 10);
        assert_eq!(out, "SELECT $20, $11");
    }
}
