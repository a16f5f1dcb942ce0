//! Outbox entries that reached Discord, removed from the store in batches.
//!
//! Removing each action's entry as soon as it was sent was a write of its own for every
//! action: a hand-off to a SQLite connection's thread and a commit. Entries sent are now
//! queued here and removed together a moment later
//! ([`REMOVE_AFTER`]), every match's in one statement. Until then the service knows them
//! sent: a round of their match skips every entry up to the newest one sent. That is exact
//! because the worker shows a match's entries in order and an entry that must wait holds
//! back the ones after it, so the entries sent are always the match's oldest.
//!
//! A crash before the removal shows those entries again after the restart, as a crash
//! between sending and removing always could: their posts carry nonces, and tables and
//! hands are edited to what the store holds. A shutdown removes them first.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use crate::store::{MatchId, OutboxId};

/// How long sent entries wait to be removed with the others sent meanwhile.
pub(super) const REMOVE_AFTER: Duration = Duration::from_millis(50);

/// The queue of sent entries, shared by the service's clones.
#[derive(Debug, Clone, Default)]
pub(super) struct Removals {
    queue: Arc<Mutex<Queue>>,
}

#[derive(Debug, Default)]
struct Queue {
    /// Per match with sent entries still stored: the newest one sent, and how many.
    through: HashMap<MatchId, (OutboxId, usize)>,
    /// The sent entries still stored, oldest first.
    ids: Vec<(MatchId, OutboxId)>,
    /// A task removing them is running.
    removing: bool,
}

impl Removals {
    fn queue(&self) -> std::sync::MutexGuard<'_, Queue> {
        // The queue's invariants hold between statements: a panic elsewhere leaves it usable.
        self.queue.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// `ids` of `match_id` were sent. Returns whether a task must be started to remove them
    /// (none is running).
    pub(super) fn sent(&self, match_id: MatchId, ids: &[OutboxId]) -> bool {
        let Some(newest) = ids.iter().max().copied() else {
            return false;
        };
        let mut queue = self.queue();
        let through = queue.through.entry(match_id).or_insert((newest, 0));
        through.0 = through.0.max(newest);
        through.1 += ids.len();
        queue.ids.extend(ids.iter().map(|id| (match_id, *id)));
        !std::mem::replace(&mut queue.removing, true)
    }

    /// The newest entry of `match_id` sent and not yet removed: a read of its pending entries
    /// made after this call skips it and every older one. (Asked before the read: the mark
    /// goes only once the removal has committed, so a read that finds no mark cannot find
    /// the rows either.)
    pub(super) fn sent_through(&self, match_id: MatchId) -> Option<OutboxId> {
        self.queue().through.get(&match_id).map(|(id, _)| *id)
    }

    /// The entries to remove now, all of them; `None` (and the removing task ends) when there
    /// are none.
    pub(super) fn take(&self) -> Option<Vec<(MatchId, OutboxId)>> {
        let mut queue = self.queue();
        if queue.ids.is_empty() {
            queue.removing = false;
            return None;
        }
        Some(std::mem::take(&mut queue.ids))
    }

    /// `ids` were removed from the store: their matches' marks go with their last entry.
    pub(super) fn removed(&self, ids: &[(MatchId, OutboxId)]) {
        let mut queue = self.queue();
        for (match_id, _) in ids {
            if let Some(through) = queue.through.get_mut(match_id) {
                through.1 = through.1.saturating_sub(1);
                if through.1 == 0 {
                    queue.through.remove(match_id);
                }
            }
        }
    }

    /// `ids` could not be removed now: they are tried again with the next batch.
    pub(super) fn put_back(&self, ids: Vec<(MatchId, OutboxId)>) {
        let mut queue = self.queue();
        let newer = std::mem::replace(&mut queue.ids, ids);
        queue.ids.extend(newer);
    }

    /// No removing task runs any more (it stopped on an error it cannot get past).
    pub(super) fn stopped(&self) {
        self.queue().removing = false;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ids(ids: &[i64]) -> Vec<OutboxId> {
        ids.iter().map(|id| OutboxId(*id)).collect()
    }

    #[test]
    fn a_match_is_marked_sent_through_its_newest_entry_until_all_are_removed() {
        let removals = Removals::default();
        let (a, b) = (MatchId(1), MatchId(2));
        assert!(
            removals.sent(a, &ids(&[3, 5])),
            "the first sent entries start a task"
        );
        assert!(!removals.sent(b, &ids(&[4])), "one task removes them all");
        assert!(!removals.sent(a, &[]), "nothing sent starts nothing");
        assert_eq!(removals.sent_through(a), Some(OutboxId(5)));
        assert_eq!(removals.sent_through(b), Some(OutboxId(4)));

        let batch = removals.take().expect("three entries to remove");
        assert_eq!(batch.len(), 3);
        removals.sent(a, &ids(&[7]));
        removals.removed(&batch);
        assert_eq!(
            removals.sent_through(a),
            Some(OutboxId(7)),
            "the entry sent meanwhile keeps its match marked"
        );
        assert_eq!(removals.sent_through(b), None, "removed: nothing to skip");

        let batch = removals.take().expect("the newer entry");
        assert_eq!(batch, vec![(a, OutboxId(7))]);
        removals.removed(&batch);
        assert_eq!(removals.sent_through(a), None);
        assert!(
            removals.take().is_none(),
            "the task ends when nothing is left"
        );
        assert!(
            removals.sent(a, &ids(&[8])),
            "and the next sent entry starts another"
        );
    }

    #[test]
    fn entries_that_could_not_be_removed_stay_marked_and_go_with_the_next_batch() {
        let removals = Removals::default();
        let a = MatchId(1);
        removals.sent(a, &ids(&[3]));
        let batch = removals.take().expect("one entry");
        removals.sent(a, &ids(&[4]));
        removals.put_back(batch);
        assert_eq!(removals.sent_through(a), Some(OutboxId(4)));
        assert_eq!(
            removals.take(),
            Some(vec![(a, OutboxId(3)), (a, OutboxId(4))]),
            "oldest first"
        );
    }
}
