//! One read of a match for a round of showing it.
//!
//! The outbox's worker shows a change in parts (the posts, the table, the players' hands),
//! and each part reads the match and some of its log. Every read is a hand-off to a SQLite
//! connection's thread or a round trip to PostgreSQL, which cost more than rendering. Inside
//! [`MatchService::in_one_read`] the first read of the match also reads its recent log, and
//! the parts after it are answered from those two statements. What the round shows is then
//! the match as it was at that read: a move committed meanwhile kicks the worker again, whose
//! next round reads it, as before.
//!
//! The read is kept in a task-local slot, so only the round's own task ever sees it, and it
//! is forgotten when this process writes the match's row within the round (a table or a
//! notice recorded, a thread opened), so that nothing the round wrote is read back stale.

use std::any::Any;
use std::cell::RefCell;
use std::future::Future;

use super::table::RECENT;
use super::{Loaded, MatchService, Pending, ServiceError};
use crate::games::interface::Hosted;
use crate::games::registry::{with_game, GameId};
use crate::store::{EventRow, MatchId};

tokio::task_local! {
    static ROUND: RefCell<Round>;
}

/// The round in progress on this task.
struct Round {
    match_id: MatchId,
    /// The moves wanted before the version read (a hand's news, the table's last moves).
    last_moves: i64,
    /// A [`Read`] of the round's game, once read.
    read: Option<Box<dyn Any + Send>>,
    /// The match's game, as its row read in this round names it (it never changes).
    game: Option<GameId>,
}

/// The match as the round read it, and its log of versions `(since, version]`.
struct Read<G: crate::games::interface::Play> {
    loaded: Loaded<G>,
    since: i64,
    log: Vec<EventRow<G>>,
}

impl<G: Hosted> Read<G> {
    /// The moves of versions `(from, to]`, when the read holds all of them.
    fn moves(&self, from: i64, to: i64) -> Option<Vec<EventRow<G>>> {
        (from >= self.since && to <= self.loaded.meta.version).then(|| {
            self.log
                .iter()
                .filter(|row| row.seq > from && row.seq <= to)
                .cloned()
                .collect()
        })
    }

    /// The last `n` moves, oldest first, when the read holds them (the log holds `n` rows,
    /// or starts at the match's start).
    fn last(&self, n: usize) -> Option<Vec<EventRow<G>>> {
        (self.log.len() >= n || self.since <= 0)
            .then(|| self.log[self.log.len().saturating_sub(n)..].to_vec())
    }
}

/// Runs `f` on the round's read of `match_id`, when this task is in a round of that match
/// and has read it.
fn with_read<G: Hosted, T>(match_id: MatchId, f: impl FnOnce(&Read<G>) -> Option<T>) -> Option<T> {
    ROUND
        .try_with(|round| {
            let round = round.borrow();
            let read = round.read.as_ref().filter(|_| round.match_id == match_id)?;
            read.downcast_ref::<Read<G>>().and_then(f)
        })
        .ok()
        .flatten()
}

/// Whether this task is in a round of `match_id`, and how many moves it wants before the
/// version read.
fn wanted(match_id: MatchId) -> Option<i64> {
    ROUND
        .try_with(|round| {
            let round = round.borrow();
            (round.match_id == match_id).then_some(round.last_moves)
        })
        .ok()
        .flatten()
}

/// Keeps `read` for the rest of this task's round.
fn keep<G: Hosted>(read: Read<G>) {
    let _ = ROUND.try_with(|round| round.borrow_mut().read = Some(Box::new(read)));
}

impl MatchService {
    /// Runs `work` as one round of showing `match_id`: the match is read once, with the
    /// moves its pending entries cover and its last `last_moves` (at least the table's), for
    /// every read of it `work` makes (see the module's comment).
    pub async fn in_one_read<F: Future>(
        &self,
        match_id: MatchId,
        last_moves: i64,
        work: F,
    ) -> F::Output {
        let round = Round {
            match_id,
            last_moves: last_moves.max(RECENT),
            read: None,
            game: None,
        };
        ROUND.scope(RefCell::new(round), work).await
    }

    /// A match's pending outbox entries, oldest first (a damaged one reported in its place).
    /// In a round of the match, the match and the moves the entries cover are read with them
    /// (one hand-off on SQLite) and kept for the round, in the game the match's row names; a
    /// damaged match or move is left to the reads that want it, which report it.
    ///
    /// # Errors
    /// A store error.
    pub async fn pending_of_round(&self, match_id: MatchId) -> Result<Vec<Pending>, ServiceError> {
        self.pending_in_round(match_id, None).await
    }

    /// As [`MatchService::pending_of_round`], for a match of game `G` (another game's match
    /// is not kept for the round).
    ///
    /// # Errors
    /// A store error.
    pub async fn pending_for_round<G: Hosted>(
        &self,
        match_id: MatchId,
    ) -> Result<Vec<Pending>, ServiceError> {
        self.pending_in_round(match_id, Some(G::ID)).await
    }

    async fn pending_in_round(
        &self,
        match_id: MatchId,
        only: Option<&str>,
    ) -> Result<Vec<Pending>, ServiceError> {
        let Some(last_moves) = wanted(match_id) else {
            return self.pending_outbox(match_id).await;
        };
        // Entries sent and not yet removed are not pending (asked before the read).
        let unsent = self.unsent(match_id);
        let mut rows = self.store.round_read(match_id, last_moves).await?;
        let mut pending = std::mem::take(&mut rows.pending);
        pending.retain(unsent);
        let Some(row) = rows.row.take() else {
            return Ok(pending);
        };
        let game = row.meta.game;
        let _ = ROUND.try_with(|round| round.borrow_mut().game = Some(game));
        let version = row.meta.version;
        if only.is_some_and(|id| id != game.id()) {
            return Ok(pending);
        }
        with_game!(game, G => {
            if let (Ok(loaded), Ok((since, log))) =
                (Loaded::<G>::decode(row), rows.log::<G>(version))
            {
                keep(Read { loaded, since, log });
            }
        });
        Ok(pending)
    }

    /// The game of `match_id`: in a round of it, the one its row names as the round read it;
    /// else read from its row now.
    ///
    /// # Errors
    /// [`ServiceError::NotFound`], or a store error.
    pub async fn round_game(&self, match_id: MatchId) -> Result<GameId, ServiceError> {
        let known = ROUND
            .try_with(|round| {
                let round = round.borrow();
                round.game.filter(|_| round.match_id == match_id)
            })
            .ok()
            .flatten();
        match known {
            Some(game) => Ok(game),
            None => Ok(self.meta(match_id).await?.game),
        }
    }

    /// The match, from the round's read when this task is in a round of it (read now if not
    /// yet), else from the store.
    pub(super) async fn load_for_round<G: Hosted>(
        &self,
        match_id: MatchId,
    ) -> Result<Loaded<G>, ServiceError> {
        let Some(last_moves) = wanted(match_id) else {
            return self.load_now::<G>(match_id).await;
        };
        if let Some(loaded) = with_read::<G, _>(match_id, |r| Some(r.loaded.clone())) {
            return Ok(loaded);
        }
        // Read again after a write of the round (or first read without the entries).
        let loaded = self.load_now::<G>(match_id).await?;
        let version = loaded.meta.version;
        let since = version - last_moves;
        let log = self.store.events_between(match_id, since, version).await?;
        keep(Read {
            loaded: loaded.clone(),
            since,
            log,
        });
        Ok(loaded)
    }

    /// The moves of versions `(from, to]`, from the round's read when it holds them.
    pub(super) async fn moves_for_round<G: Hosted>(
        &self,
        match_id: MatchId,
        from: i64,
        to: i64,
    ) -> Result<Vec<EventRow<G>>, ServiceError> {
        if let Some(moves) = with_read::<G, _>(match_id, |r| r.moves(from, to)) {
            return Ok(moves);
        }
        Ok(self.store.events_between(match_id, from, to).await?)
    }

    /// The last `n` moves, oldest first, from the round's read when it holds them.
    pub(super) async fn last_moves_for_round<G: Hosted>(
        &self,
        match_id: MatchId,
        n: i64,
    ) -> Result<Vec<EventRow<G>>, ServiceError> {
        let wanted = usize::try_from(n).unwrap_or(0);
        if let Some(moves) = with_read::<G, _>(match_id, |r| r.last(wanted)) {
            return Ok(moves);
        }
        Ok(self.store.recent_events(match_id, n).await?)
    }

    /// This process wrote `match_id`'s row: a round of it reads it again.
    pub(super) fn forget_round_read(match_id: MatchId) {
        let _ = ROUND.try_with(|round| {
            let mut round = round.borrow_mut();
            if round.match_id == match_id {
                round.read = None;
            }
        });
    }
}
