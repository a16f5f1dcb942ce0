//! TEST AND BENCHMARK SUPPORT (the `test-support` feature, never in a release build): the
//! cost of a bare commit, and the query plans of the store's read queries.

use super::{events, ledger, matches, players, Store, StoreError};

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

    fn parameters(self) -> usize {
        self.sql().matches('?').count()
    }
}

impl Store {
    /// The cost of one durable commit on this store's disk: a one-row write transaction into
    /// a scratch table, for benchmarks that compare action latency with it.
    ///
    /// # Errors
    /// A database error.
    pub async fn raw_commit(&self) -> Result<(), StoreError> {
        let mut tx = self.begin_write().await?;
        sqlx::query("CREATE TABLE IF NOT EXISTS bench_commits (n INTEGER)")
            .execute(&mut *tx)
            .await?;
        sqlx::query("INSERT INTO bench_commits (n) VALUES (1)")
            .execute(&mut *tx)
            .await?;
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
            let mut conn = self.pool().acquire().await?;
            sqlx::query("SELECT 1").execute(&mut *conn).await?;
            held.push(conn);
        }
        Ok(())
    }

    /// The query plan SQLite chooses for one of the store's read queries.
    ///
    /// # Errors
    /// A database error.
    pub async fn explain(&self, query: ExplainedQuery) -> Result<String, StoreError> {
        let sql = format!("EXPLAIN QUERY PLAN {}", query.sql());
        let mut q = sqlx::query_as::<_, (i64, i64, i64, String)>(&sql);
        for _ in 0..query.parameters() {
            q = q.bind(1_i64);
        }
        let rows = q.fetch_all(self.pool()).await?;
        Ok(rows.into_iter().map(|r| r.3).collect::<Vec<_>>().join("\n"))
    }
}
