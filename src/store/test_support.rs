//! TEST AND BENCHMARK SUPPORT (the `test-support` feature, never in a release build): the
//! cost of a bare commit, and the query plans of the store's read queries.

use super::{events, ledger, matches, players, Conn, Store, StoreError};

/// The read queries whose plans are checked.
#[derive(Debug, Clone, Copy)]
pub enum ExplainedQuery {
    Leaderboard,
    PlayerStats,
    History,
    EventLog,
    Ledger,
    ActiveMatches,
    DueMatches,
    PracticeMatches,
}

impl ExplainedQuery {
    pub const ALL: [ExplainedQuery; 8] = [
        ExplainedQuery::Leaderboard,
        ExplainedQuery::PlayerStats,
        ExplainedQuery::History,
        ExplainedQuery::EventLog,
        ExplainedQuery::Ledger,
        ExplainedQuery::ActiveMatches,
        ExplainedQuery::DueMatches,
        ExplainedQuery::PracticeMatches,
    ];

    fn sql(self) -> &'static str {
        match self {
            ExplainedQuery::Leaderboard => players::LEADERBOARD_SQL,
            ExplainedQuery::PlayerStats => players::STATS_SQL,
            ExplainedQuery::History => matches::HISTORY_SQL,
            ExplainedQuery::EventLog => events::LOG_SQL,
            ExplainedQuery::Ledger => ledger::LEDGER_SQL,
            ExplainedQuery::ActiveMatches => matches::ACTIVE_SQL,
            ExplainedQuery::DueMatches => matches::DUE_SQL,
            ExplainedQuery::PracticeMatches => matches::PRACTICE_SQL,
        }
    }

    /// The highest `$n` placeholder of the query.
    fn parameters(self) -> usize {
        placeholders(self.sql(), |_| "").1
    }
}

/// `sql` with each `$n` placeholder replaced by `value(n)`, and the highest `n`.
fn placeholders(sql: &str, value: impl Fn(usize) -> &'static str) -> (String, usize) {
    let (mut out, mut highest) = (String::new(), 0);
    let mut chars = sql.chars().peekable();
    while let Some(ch) = chars.next() {
        if ch != '$' {
            out.push(ch);
            continue;
        }
        let mut n = String::new();
        while let Some(d) = chars.peek().filter(|d| d.is_ascii_digit()) {
            n.push(*d);
            chars.next();
        }
        let n: usize = n.parse().expect("a $n placeholder");
        highest = highest.max(n);
        out.push_str(value(n));
    }
    (out, highest)
}

impl Store {
    /// The cost of one durable commit on this store's disk: a one-row write transaction into
    /// a scratch table, for benchmarks that compare action latency with it.
    ///
    /// # Errors
    /// A database error.
    pub async fn raw_commit(&self) -> Result<(), StoreError> {
        let mut tx = self.begin_write().await?;
        on_conn!(tx.conn().await?, |c| {
            sqlx::query("CREATE TABLE IF NOT EXISTS bench_commits (n INTEGER)")
                .execute(&mut *c)
                .await?;
            sqlx::query("INSERT INTO bench_commits (n) VALUES (1)")
                .execute(&mut *c)
                .await?;
        });
        tx.commit().await
    }

    /// Opens up to `n` connections at once (the pool keeps them), as a busy moment would:
    /// connections opened while the file cannot be written are read-only.
    ///
    /// # Errors
    /// A database error.
    pub async fn open_connections(&self, n: usize) -> Result<(), StoreError> {
        let mut held = Vec::new();
        for _ in 0..n {
            let mut conn = self.acquire().await?;
            on_conn!(conn.conn(), |c| sqlx::query("SELECT 1")
                .execute(c)
                .await?
                .rows_affected());
            held.push(conn);
        }
        Ok(())
    }

    /// The query plan the database chooses for one of the store's read queries.
    ///
    /// SQLite: `EXPLAIN QUERY PLAN`, every parameter 1. PostgreSQL: `EXPLAIN` with every
    /// parameter the untyped literal `'1'` (read as each column's type) and sequential scans
    /// discouraged on that connection — the test tables are nearly empty, where a scan is
    /// cheapest — so the plan shows whether an index *can* serve the query.
    ///
    /// # Errors
    /// A database error.
    pub async fn explain(&self, query: ExplainedQuery) -> Result<String, StoreError> {
        let mut conn = self.acquire().await?;
        match conn.conn() {
            Conn::Sqlite(c) => {
                let sql = format!("EXPLAIN QUERY PLAN {}", query.sql());
                let mut q = sqlx::query_as::<_, (i64, i64, i64, String)>(&sql);
                for _ in 0..query.parameters() {
                    q = q.bind(1_i64);
                }
                let rows = q.fetch_all(c).await?;
                Ok(rows.into_iter().map(|r| r.3).collect::<Vec<_>>().join("\n"))
            }
            Conn::Postgres(c) => {
                let (sql, _) = placeholders(query.sql(), |_| "'1'");
                sqlx::query("SET enable_seqscan = off")
                    .execute(&mut *c)
                    .await?;
                let rows: Result<Vec<(String,)>, _> = sqlx::query_as(&format!("EXPLAIN {sql}"))
                    .fetch_all(&mut *c)
                    .await;
                sqlx::query("RESET enable_seqscan").execute(&mut *c).await?;
                Ok(rows?
                    .into_iter()
                    .map(|r| r.0)
                    .collect::<Vec<_>>()
                    .join("\n"))
            }
        }
    }
}
