//! The outbox: what Discord must be told about a match, written in the transaction that
//! commits the change, read by the worker that sends it, and deleted once sent.

use super::decode::At;
use super::{MatchId, MessageId, Store, StoreError, TxConn};
use crate::games::interface::seat::Seat;

/// One outbox row's id.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, sqlx::Type)]
#[sqlx(transparent)]
pub struct OutboxId(pub i64);

/// What an entry asks Discord to show.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Notice {
    /// A new match: create its thread (from `anchor` when known, or on its own when
    /// `in_thread`; otherwise the game plays in the channel) and post its table.
    Open {
        anchor: Option<MessageId>,
        in_thread: bool,
    },
    /// What versions `(from, to]` changed: posts (timeout notice, round summaries, the result,
    /// the turn's mention), then the table brought up to date.
    Show(Shown),
}

/// The part of one committed action that is not in the event log: who acted, their run of
/// timeouts after it, and which round records it ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Shown {
    pub from_version: i64,
    pub to_version: i64,
    pub seat: Seat,
    pub timeouts: i64,
    pub rounds: std::ops::Range<usize>,
}

/// A pending entry.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OutboxEntry {
    pub id: OutboxId,
    pub match_id: MatchId,
    pub notice: Notice,
    /// Attempts already made (over restarts too).
    pub attempts: i64,
}

/// A pending row that does not decode, named by its id: the worker sets it aside with its
/// reason (it is never read as something it is not, nor left to hold up the rows after it).
#[derive(Debug)]
pub struct DamagedEntry {
    pub id: OutboxId,
    pub error: StoreError,
}

/// A pending row: an entry, or a damaged one.
pub type Pending = Result<OutboxEntry, DamagedEntry>;

/// Writes an entry, inside the transaction of the change it shows (held: sent with the
/// transaction's next statement or its commit).
pub fn push(tx: &mut TxConn, match_id: MatchId, notice: &Notice, now: i64) {
    // The columns after `match_id`, as one row of values.
    let (kind, anchor, in_thread, from, to, seat, timeouts, rounds) = match notice {
        Notice::Open { anchor, in_thread } => ("open", *anchor, *in_thread, 0, 0, None, 0, 0..0),
        Notice::Show(s) => (
            "show",
            None,
            false,
            s.from_version,
            s.to_version,
            Some(s.seat.index() as i64),
            s.timeouts,
            s.rounds.clone(),
        ),
    };
    tx.hold(
        "INSERT INTO outbox (match_id, kind, anchor_message_id, in_thread, from_version, \
         to_version, seat, timeouts, rounds_from, rounds_to, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)",
        [
            match_id.0.into(),
            kind.into(),
            anchor.map(|a| a.0).into(),
            in_thread.into(),
            from.into(),
            to.into(),
            seat.into(),
            timeouts.into(),
            (rounds.start as i64).into(),
            (rounds.end as i64).into(),
            now.into(),
        ],
    );
}

#[derive(sqlx::FromRow)]
pub(super) struct RawEntry {
    id: i64,
    match_id: i64,
    kind: String,
    anchor_message_id: Option<i64>,
    in_thread: bool,
    from_version: i64,
    to_version: i64,
    seat: Option<i64>,
    timeouts: i64,
    rounds_from: i64,
    rounds_to: i64,
    attempts: i64,
}

/// A match's pending entries, oldest first.
pub(super) const PENDING_SQL: &str = "SELECT id, match_id, kind, anchor_message_id, in_thread, \
    from_version, to_version, seat, timeouts, rounds_from, rounds_to, attempts FROM outbox \
    WHERE match_id = $1 AND failed IS NULL ORDER BY id";

impl RawEntry {
    /// The entry, or why it is damaged.
    pub(super) fn pending(self) -> Pending {
        let id = OutboxId(self.id);
        self.decode().map_err(|error| DamagedEntry { id, error })
    }

    fn decode(self) -> Result<OutboxEntry, StoreError> {
        let at = At::new("outbox", self.id);
        let round = |column, n: i64| {
            usize::try_from(n).map_err(|_| at.corrupt(column, format!("{n} is not a count")))
        };
        let notice = match self.kind.as_str() {
            "open" => Notice::Open {
                anchor: self.anchor_message_id.map(MessageId),
                in_thread: self.in_thread,
            },
            "show" => {
                let seat = self.seat.ok_or_else(|| at.corrupt("seat", "missing"))?;
                let rounds =
                    round("rounds_from", self.rounds_from)?..round("rounds_to", self.rounds_to)?;
                // An empty range is a change of seats without a move (a seat taken back).
                if self.to_version < self.from_version || rounds.start > rounds.end {
                    return Err(at.corrupt("to_version", "a reversed range"));
                }
                Notice::Show(Shown {
                    from_version: self.from_version,
                    to_version: self.to_version,
                    seat: at.seat("seat", seat)?,
                    timeouts: self.timeouts,
                    rounds,
                })
            }
            other => return Err(at.corrupt("kind", format!("unknown value {other:?}"))),
        };
        Ok(OutboxEntry {
            id: OutboxId(self.id),
            match_id: MatchId(self.match_id),
            notice,
            attempts: self.attempts,
        })
    }
}

/// Deletes entries that were sent: `ids` of `match_id` (held: sent with the transaction's
/// next statement or its commit).
pub fn remove(tx: &mut TxConn, match_id: MatchId, ids: &[OutboxId]) {
    for id in ids {
        tx.hold(
            "DELETE FROM outbox WHERE id = $1 AND match_id = $2",
            [id.0.into(), match_id.0.into()],
        );
    }
}

impl Store {
    /// A match's pending entries, oldest first; a damaged one is reported by name in its
    /// place ([`StoreError::Corrupt`]), never skipped as if sent.
    ///
    /// # Errors
    /// A database error.
    pub async fn pending_outbox(&self, match_id: MatchId) -> Result<Vec<Pending>, StoreError> {
        Ok(on_conn!(self.acquire().await?.conn(), |c| {
            sqlx::query_as::<_, RawEntry>(PENDING_SQL)
                .bind(match_id)
                .fetch_all(c)
                .await?
        })
        .into_iter()
        .map(RawEntry::pending)
        .collect())
    }

    /// The matches with anything pending, oldest entry first (resumed at start-up).
    ///
    /// # Errors
    /// A database error.
    pub async fn outbox_matches(&self) -> Result<Vec<MatchId>, StoreError> {
        let o = self.owned;
        let rows: Vec<(i64,)> = on_conn!(self.acquire().await?.conn(), |c| sqlx::query_as(
            "SELECT o.match_id FROM outbox o JOIN matches m ON m.id = o.match_id \
             WHERE o.failed IS NULL AND ((m.guild_id / 4194304) % $1) BETWEEN $2 AND $3 \
             GROUP BY o.match_id ORDER BY MIN(o.id)",
        )
        .bind(i64::from(o.total))
        .bind(i64::from(o.first))
        .bind(i64::from(o.last))
        .fetch_all(c)
        .await?);
        Ok(rows.into_iter().map(|(id,)| MatchId(id)).collect())
    }

    /// Deletes sent entries, of any matches: one statement (a few for thousands), its own
    /// transaction, so one hand-off on SQLite and one round trip on PostgreSQL. It runs in
    /// this process's writers' turn on SQLite, as every write does (see `WriteTx`).
    ///
    /// # Errors
    /// A database error; nothing of that statement was deleted then.
    pub async fn remove_outbox(&self, ids: &[OutboxId]) -> Result<(), StoreError> {
        // Bind parameters per statement, well under SQLite's and PostgreSQL's limits.
        const CHUNK: usize = 500;
        for chunk in ids.chunks(CHUNK) {
            let ids_list: Vec<String> = (1..=chunk.len()).map(|n| format!("${n}")).collect();
            let sql = format!("DELETE FROM outbox WHERE id IN ({})", ids_list.join(", "));
            let _turn = self.writer_turn().await;
            let mut conn = self.acquire_for_write().await?;
            let done = on_conn!(conn.conn(), |c| {
                // Not kept prepared: its text changes with the batch's size, and would push
                // the hot statements out of the connection's cache.
                let mut query = sqlx::query(&sql).persistent(false);
                for id in chunk {
                    query = query.bind(id.0);
                }
                query.execute(c).await.map(drop)
            });
            if let Err(e) = &done {
                conn.close_if_read_only(e);
            }
            done?;
        }
        Ok(())
    }

    /// Counts one more failed attempt at an entry.
    ///
    /// # Errors
    /// A database error.
    pub async fn outbox_attempted(&self, id: OutboxId) -> Result<(), StoreError> {
        let mut tx = self.begin_write().await?;
        on_conn!(tx.conn().await?, |c| sqlx::query(
            "UPDATE outbox SET attempts = attempts + 1 WHERE id = $1"
        )
        .bind(id)
        .execute(c)
        .await?
        .rows_affected());
        tx.commit().await
    }

    /// Gives an entry up: it stays, with the reason, and is no longer sent.
    ///
    /// # Errors
    /// A database error.
    pub async fn outbox_failed(&self, id: OutboxId, reason: &str) -> Result<(), StoreError> {
        let mut tx = self.begin_write().await?;
        on_conn!(tx.conn().await?, |c| sqlx::query(
            "UPDATE outbox SET failed = $1 WHERE id = $2"
        )
        .bind(reason)
        .bind(id)
        .execute(c)
        .await?
        .rows_affected());
        tx.commit().await
    }

    /// Records the message a new match's thread is to start from (known only once the bot's
    /// public message is posted, after the match was committed).
    ///
    /// # Errors
    /// A database error.
    pub async fn set_outbox_anchor(
        &self,
        match_id: MatchId,
        anchor: MessageId,
    ) -> Result<(), StoreError> {
        let mut tx = self.begin_write().await?;
        on_conn!(tx.conn().await?, |c| sqlx::query(
            "UPDATE outbox SET anchor_message_id = $1 \
             WHERE match_id = $2 AND kind = 'open' AND failed IS NULL",
        )
        .bind(anchor)
        .bind(match_id)
        .execute(c)
        .await?
        .rows_affected());
        tx.commit().await
    }

    /// A new match is shown: its thread and table are recorded and its `open` entry removed,
    /// in one transaction.
    ///
    /// # Errors
    /// A database error.
    pub async fn opened(
        &self,
        match_id: MatchId,
        entry: OutboxId,
        thread: super::ChannelId,
        table: MessageId,
        now: i64,
    ) -> Result<(), StoreError> {
        let mut tx = self.begin_write().await?;
        super::matches::set_messages(&mut tx, match_id, thread, table, Some(now)).await?;
        remove(&mut tx, match_id, &[entry]);
        tx.commit().await
    }
}
