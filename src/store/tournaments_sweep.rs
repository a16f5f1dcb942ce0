//! What the table sweep reads of the running rolling events (issue 38), in one statement and
//! without a write: whether each one's queue may seat a table and whether it may end. The
//! sweep opens a write transaction for an event only when this says there is something to do.

use super::decode::At;
use super::ids::TournamentId;
use super::{Store, StoreError};

/// A running rolling event as the sweep reads it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RollingSweep {
    pub id: TournamentId,
    /// Its table size.
    pub seats: usize,
    pub paused: bool,
    /// When its window closes (seconds).
    pub window_ends_at: i64,
    /// Seconds an entrant waits before computers fill their table (`None`: never).
    pub fill_after_secs: Option<u32>,
    /// How many entrants wait in its queue (any of them, including one now at a table, whom
    /// the seating itself leaves out).
    pub waiting: usize,
    /// When the longest wait began (`None`: nobody waits).
    pub waiting_since: Option<i64>,
    /// How many of its tables have not finished (not started, or their match in play).
    pub unfinished_tables: usize,
}

#[derive(sqlx::FromRow)]
struct RawSweep {
    id: i64,
    seats: i64,
    paused: bool,
    window_ends_at: Option<i64>,
    fill_after_secs: Option<i64>,
    waiting: i64,
    waiting_since: Option<i64>,
    unfinished_tables: i64,
}

impl RawSweep {
    fn decode(self) -> Result<RollingSweep, StoreError> {
        let at = At::new("tournaments", self.id);
        let seats = usize::try_from(self.seats)
            .ok()
            .filter(|n| (2..=4).contains(n))
            .ok_or_else(|| at.corrupt("seats", self.seats))?;
        let window_ends_at = self
            .window_ends_at
            .ok_or_else(|| at.corrupt("window_ends_at", "a rolling event without its window"))?;
        let fill_after_secs = self
            .fill_after_secs
            .map(|s| {
                u32::try_from(s)
                    .ok()
                    .filter(|s| (60..=86_400).contains(s))
                    .ok_or_else(|| at.corrupt("fill_after_secs", format!("{s} is out of range")))
            })
            .transpose()?;
        // Counts are never negative.
        let count = |n: i64| usize::try_from(n).unwrap_or(0);
        Ok(RollingSweep {
            id: TournamentId(self.id),
            seats,
            paused: self.paused,
            window_ends_at,
            fill_after_secs,
            waiting: count(self.waiting),
            waiting_since: self.waiting_since,
            unfinished_tables: count(self.unfinished_tables),
        })
    }
}

const SWEEP_SQL: &str = "SELECT t.id, t.seats, t.paused, t.window_ends_at, t.fill_after_secs, \
     (SELECT COUNT(*) FROM tournament_entrants e \
      WHERE e.tournament_id = t.id AND e.waiting_since IS NOT NULL) AS waiting, \
     (SELECT MIN(e.waiting_since) FROM tournament_entrants e \
      WHERE e.tournament_id = t.id AND e.waiting_since IS NOT NULL) AS waiting_since, \
     (SELECT COUNT(*) FROM tournament_tables tt LEFT JOIN matches m ON m.id = tt.match_id \
      WHERE tt.tournament_id = t.id AND (m.id IS NULL OR m.status <> 'finished')) \
      AS unfinished_tables \
     FROM tournaments t WHERE t.state = 'running' AND t.format = 'rolling' \
     AND ((t.guild_id / 4194304) % $1) BETWEEN $2 AND $3 ORDER BY t.id";

impl Store {
    /// The running rolling events of the guilds this store sweeps, each with its queue, its
    /// window and its unfinished tables, read in one statement.
    ///
    /// # Errors
    /// A database error, or [`StoreError::Corrupt`] naming a damaged event row.
    pub async fn rolling_sweep(&self) -> Result<Vec<RollingSweep>, StoreError> {
        let o = self.owned;
        let rows: Vec<RawSweep> = on_conn!(self.acquire().await?.conn(), |c| {
            sqlx::query_as(SWEEP_SQL)
                .bind(i64::from(o.total))
                .bind(i64::from(o.first))
                .bind(i64::from(o.last))
                .fetch_all(c)
                .await?
        });
        rows.into_iter().map(RawSweep::decode).collect()
    }
}
