//! The outbox's use cases, for the worker that shows matches on Discord: what is pending,
//! what one entry shows (read from the event log at send time), and marking entries sent,
//! retried or given up.

use std::time::Duration;

use tracing::warn;

use super::removals::REMOVE_AFTER;
use super::{Loaded, MatchService, ServiceError};
use crate::games::interface::Hosted;
use crate::store::{
    ChannelId, EventRow, MatchId, MessageId, Notice, OutboxEntry, OutboxId, Pending, Shown,
};

/// What one `show` entry needs to be rendered: the match as it is now and the moves of the
/// versions the entry covers.
#[derive(Debug, Clone)]
pub struct ShowState<G: crate::games::interface::Play> {
    pub loaded: Loaded<G>,
    pub shown: Shown,
    pub moves: Vec<EventRow<G>>,
    /// The seats whose player turned highlights off, read when the entry is shown and its
    /// posts carry highlights (a round ended, or the game); empty otherwise.
    pub muted: Vec<crate::games::interface::seat::Seat>,
}

/// The wait before trying again to remove sent entries after a store error.
const REMOVE_RETRY: Duration = Duration::from_secs(1);

/// What a new match's thread starts from ([`MatchService::open_anchor`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OpenAnchor {
    /// This message, or nothing (the thread starts on its own, or there is none).
    From(Option<MessageId>),
    /// Its first message is on its way: the worker is kicked once it is posted.
    Wait,
    /// The entry is no longer pending (shown meanwhile): nothing is left to do.
    Gone,
}

impl<G: crate::games::interface::Play> ShowState<G> {
    /// Whether the entry is the match's latest change (a turn mention is only worth posting
    /// for the turn still in play).
    pub fn is_latest(&self) -> bool {
        self.shown.to_version == self.loaded.meta.version
    }
}

impl MatchService {
    /// A match's pending outbox entries, oldest first, those sent excepted; a damaged one is
    /// reported in its place (not skipped).
    ///
    /// # Errors
    /// A store error.
    pub async fn pending_outbox(&self, match_id: MatchId) -> Result<Vec<Pending>, ServiceError> {
        let unsent = self.unsent(match_id);
        let mut pending = self.store.pending_outbox(match_id).await?;
        pending.retain(unsent);
        Ok(pending)
    }

    /// Whether a pending row of `match_id`, read after this call, was not sent (entries sent
    /// stay in the store a moment: `removals.rs`).
    pub(super) fn unsent(&self, match_id: MatchId) -> impl Fn(&Pending) -> bool {
        let sent = self.removals.sent_through(match_id);
        move |pending: &Pending| {
            let id = match pending {
                Ok(entry) => entry.id,
                Err(damaged) => damaged.id,
            };
            sent.is_none_or(|sent| id > sent)
        }
    }

    /// The matches with anything pending (resumed at start-up).
    ///
    /// # Errors
    /// A store error.
    pub async fn outbox_matches(&self) -> Result<Vec<MatchId>, ServiceError> {
        Ok(self.store.outbox_matches().await?)
    }

    /// Every match in play (at start-up their turn notices are checked: nobody has a live
    /// hand after a restart).
    ///
    /// # Errors
    /// A store error.
    pub async fn matches_in_play(&self) -> Result<Vec<MatchId>, ServiceError> {
        Ok(self.store.active_matches().await?)
    }

    /// What a `show` entry shows, read now.
    ///
    /// # Errors
    /// [`ServiceError::NotFound`] or a store error.
    pub async fn show_state<G: Hosted>(
        &self,
        match_id: MatchId,
        shown: &Shown,
    ) -> Result<ShowState<G>, ServiceError> {
        let loaded = self.load::<G>(match_id).await?;
        let moves = self
            .moves_for_round(match_id, shown.from_version, shown.to_version)
            .await?;
        // Read only for the posts that carry highlights: a round's summary, the result.
        let muted = if !shown.rounds.is_empty() || G::finish(&loaded.state).is_some() {
            self.muted_seats(&loaded.meta).await?
        } else {
            Vec::new()
        };
        Ok(ShowState {
            loaded,
            shown: shown.clone(),
            moves,
            muted,
        })
    }

    /// The moves of versions `(from, to]` (what a live hand reports as news).
    ///
    /// # Errors
    /// A store error.
    pub async fn moves_between<G: Hosted>(
        &self,
        match_id: MatchId,
        from: i64,
        to: i64,
    ) -> Result<Vec<EventRow<G>>, ServiceError> {
        self.moves_for_round(match_id, from, to).await
    }

    /// Entries that reached Discord: removed from the store a moment later, with the others
    /// sent meanwhile, and never read as pending again before that (`removals.rs`).
    pub fn outbox_sent(&self, match_id: MatchId, ids: &[OutboxId]) {
        if self.removals.sent(match_id, ids) {
            let service = self.clone();
            tokio::spawn(async move { service.keep_removing().await });
        }
    }

    /// Removes sent entries every [`REMOVE_AFTER`] while there are any.
    async fn keep_removing(self) {
        loop {
            tokio::time::sleep(REMOVE_AFTER).await;
            let Some(batch) = self.removals.take() else {
                return;
            };
            if let Err(e) = self.remove_batch(batch).await {
                if self.store.is_closed() {
                    self.removals.stopped();
                    return;
                }
                warn!(error = %e, "could not remove sent outbox entries; trying again");
                tokio::time::sleep(REMOVE_RETRY).await;
            }
        }
    }

    /// Removes every sent entry now (at shutdown).
    pub(super) async fn remove_sent(&self) {
        while let Some(batch) = self.removals.take() {
            if let Err(e) = self.remove_batch(batch).await {
                warn!(error = %e, "sent outbox entries were left to be shown again after a restart");
                self.removals.stopped();
                return;
            }
        }
    }

    async fn remove_batch(&self, batch: Vec<(MatchId, OutboxId)>) -> Result<(), ServiceError> {
        let ids: Vec<OutboxId> = batch.iter().map(|(_, id)| *id).collect();
        match self.store.remove_outbox(&ids).await {
            Ok(()) => {
                self.removals.removed(&batch);
                Ok(())
            }
            Err(e) => {
                self.removals.put_back(batch);
                Err(e.into())
            }
        }
    }

    /// One more failed attempt at an entry.
    ///
    /// # Errors
    /// A store error.
    pub async fn outbox_attempted(&self, id: OutboxId) -> Result<(), ServiceError> {
        Ok(self.store.outbox_attempted(id).await?)
    }

    /// An entry given up, with the reason kept.
    ///
    /// # Errors
    /// A store error.
    pub async fn outbox_failed(&self, id: OutboxId, reason: &str) -> Result<(), ServiceError> {
        Ok(self.store.outbox_failed(id, reason).await?)
    }

    /// A new match's first public message, which its thread starts from, was posted
    /// (`Some`) or could not be (`None`: the thread starts on its own): its outbox entry may
    /// be shown now (`anchors.rs`).
    ///
    /// # Errors
    /// A store error (the thread then starts on its own).
    pub async fn anchor_posted(
        &self,
        match_id: MatchId,
        anchor: Option<MessageId>,
    ) -> Result<(), ServiceError> {
        let written = match anchor {
            Some(anchor) => self.store.set_outbox_anchor(match_id, anchor).await,
            None => Ok(()),
        };
        self.anchors.release(match_id);
        Ok(written?)
    }

    /// What the thread of a new match starts from, for its `open` entry as a worker read it:
    /// the entry's anchor when it has one or plays in no thread; else [`OpenAnchor::Wait`]
    /// while its first message is on its way ([`MatchService::anchor_posted`] follows); else
    /// the anchor as stored now (written after the worker read the entry: the hold is let go
    /// only after the write), or [`OpenAnchor::Gone`] when the entry was shown meanwhile.
    ///
    /// # Errors
    /// A store error (the entry waits for the next sweep).
    pub async fn open_anchor(&self, entry: &OutboxEntry) -> Result<OpenAnchor, ServiceError> {
        match entry.notice {
            Notice::Open {
                anchor: None,
                in_thread: true,
            } => {}
            Notice::Open { anchor, .. } => return Ok(OpenAnchor::From(anchor)),
            Notice::Show(_) => return Ok(OpenAnchor::Gone),
        }
        if self.anchors.is_held(entry.match_id) {
            return Ok(OpenAnchor::Wait);
        }
        let pending = self.pending_outbox(entry.match_id).await?;
        Ok(pending
            .iter()
            .find_map(|p| match p {
                Ok(OutboxEntry {
                    id,
                    notice: Notice::Open { anchor, .. },
                    ..
                }) if *id == entry.id => Some(OpenAnchor::From(*anchor)),
                _ => None,
            })
            .unwrap_or(OpenAnchor::Gone))
    }

    /// A new match's thread and table are posted: recorded with its `open` entry removed, in
    /// one transaction; its turn clock starts again now (nobody could play it before).
    ///
    /// # Errors
    /// A store error.
    pub async fn opened(
        &self,
        match_id: MatchId,
        entry: OutboxId,
        thread: ChannelId,
        table: MessageId,
    ) -> Result<(), ServiceError> {
        let now = self.clock.now();
        MatchService::forget_round_read(match_id);
        Ok(self
            .store
            .opened(match_id, entry, thread, table, now)
            .await?)
    }
}
