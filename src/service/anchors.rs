//! New matches whose thread is to start from a message not posted yet.
//!
//! An event's table and a practice match are committed first (with their `open` outbox entry)
//! and their first public message is posted after: the table's line in the event's channel,
//! the practice intro. Their thread starts from that message once its id is recorded. Until
//! then any outbox worker that meets the entry (the periodic sweep, a click) must leave it:
//! opened early, the thread would start on its own, apart from the message that names it.
//!
//! The hold is taken inside the match's transaction, before its commit, so a worker that can
//! read the entry finds the hold too; it is let go after the message's id is written, so a
//! worker that finds no hold and reads the entry again finds the id. A hold the poster never
//! lets go (its task ended) lapses after [`LAPSE`]: the thread then starts on its own, as
//! after a crash.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use crate::store::MatchId;

/// How long a hold lasts at most.
pub(super) const LAPSE: Duration = Duration::from_secs(30);

/// The matches whose first message is on its way, shared by the service's clones.
#[derive(Debug, Clone, Default)]
pub(super) struct Anchors {
    held: Arc<Mutex<HashMap<MatchId, Instant>>>,
}

impl Anchors {
    fn held(&self) -> std::sync::MutexGuard<'_, HashMap<MatchId, Instant>> {
        // A plain map: a panic elsewhere leaves it usable.
        self.held.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// `match_id`'s first message is to be posted (called before its match commits).
    pub(super) fn hold(&self, match_id: MatchId) {
        let now = Instant::now();
        let mut held = self.held();
        // Holds of matches that never committed, or whose poster died, go here.
        held.retain(|_, since| now.duration_since(*since) < LAPSE);
        held.insert(match_id, now);
    }

    /// The message was posted and its id written, or it could not be posted.
    pub(super) fn release(&self, match_id: MatchId) {
        self.held().remove(&match_id);
    }

    /// Whether `match_id`'s thread must wait for its message.
    pub(super) fn is_held(&self, match_id: MatchId) -> bool {
        self.held()
            .get(&match_id)
            .is_some_and(|since| since.elapsed() < LAPSE)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hold_lasts_until_released_and_holds_only_its_match() {
        let anchors = Anchors::default();
        let (a, b) = (MatchId(1), MatchId(2));
        assert!(!anchors.is_held(a));
        anchors.hold(a);
        assert!(anchors.is_held(a));
        assert!(!anchors.is_held(b));
        anchors.release(a);
        assert!(!anchors.is_held(a));
        anchors.release(b);
        assert!(
            !anchors.is_held(b),
            "releasing what was not held is harmless"
        );
    }

    #[test]
    fn a_hold_lapses() {
        let anchors = Anchors::default();
        let a = MatchId(1);
        anchors
            .held()
            .insert(a, Instant::now().checked_sub(LAPSE).unwrap());
        assert!(
            !anchors.is_held(a),
            "its poster is gone: the thread starts alone"
        );
        anchors.hold(MatchId(2));
        assert!(!anchors.held().contains_key(&a), "pruned by the next hold");
    }
}
