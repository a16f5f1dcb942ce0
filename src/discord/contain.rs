//! Work on one match that must not take anything else down with it. The engines trust the
//! states they wrote, so a stored state that reads as JSON but breaks its game's rules
//! (edited by hand, damaged on disk) can panic inside them. The loops that visit many
//! matches (the turn timer, the computer's sweep, the outbox's worker, the tournaments'
//! no-show sweep) and a click's answer
//! run each match's work contained: a panic ends that work only, is logged with its match,
//! and whatever transaction it had open is rolled back as it is dropped.
//!
//! The sweeps also set such a match aside for a while ([`SetAside`]): it is logged once, not
//! on every sweep, and takes no place in a sweep's batch while it waits to be repaired.
//! And each round of a sweep is contained as a whole ([`round`]): whatever fails in one, the
//! next comes (a sweep is one task; a panic would end it for good).

use std::collections::HashMap;
use std::future::Future;
use std::panic::AssertUnwindSafe;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use futures_util::FutureExt;
use tracing::{error, warn};

use crate::service::{MatchId, ServiceError};

/// `work`'s output, or `None` when it panicked (logged as `what` failing for `match_id`).
pub async fn contained<T>(
    match_id: MatchId,
    what: &str,
    work: impl Future<Output = T>,
) -> Option<T> {
    match AssertUnwindSafe(work).catch_unwind().await {
        Ok(done) => Some(done),
        Err(panic) => {
            error!(
                match_id = match_id.0,
                why = %panic_message(&*panic),
                "{what} failed inside its game: the match's stored state breaks the game's rules"
            );
            None
        }
    }
}

/// One round of the sweep `sweep`, contained: a panic ends the round, is logged, and the
/// sweep goes on with its next round.
pub async fn round(sweep: &str, work: impl Future<Output = ()>) {
    if let Err(panic) = AssertUnwindSafe(work).catch_unwind().await {
        error!(why = %panic_message(&*panic), "a round of {sweep} failed; the next one comes");
    }
}

/// What a panic said.
fn panic_message(panic: &(dyn std::any::Any + Send)) -> String {
    panic
        .downcast_ref::<&str>()
        .map(|s| (*s).to_string())
        .or_else(|| panic.downcast_ref::<String>().cloned())
        .unwrap_or_default()
}

/// How long the sweeps leave a damaged match alone: long enough not to log it every few
/// seconds, short enough that a repaired match (a backup put back) is played again soon
/// without a restart.
pub const SET_ASIDE_FOR: Duration = Duration::from_secs(600);

/// The matches this process's sweeps leave alone for a while because their work failed on
/// their stored data (a panic inside their game, or a row that does not decode). Clicks
/// still reach them, and get a clear error.
#[derive(Debug, Clone, Default)]
pub struct SetAside(Arc<Mutex<HashMap<MatchId, Instant>>>);

impl SetAside {
    /// `work` on `match_id` for a sweep, contained: its output, or `None` when it panicked
    /// or failed on damaged data, and the match is then set aside.
    pub async fn sweep<T>(
        &self,
        match_id: MatchId,
        what: &str,
        work: impl Future<Output = Result<T, ServiceError>>,
    ) -> Option<Result<T, ServiceError>> {
        match contained(match_id, what, work).await {
            None => {}
            Some(Err(e)) if e.is_damaged_data() => {
                error!(match_id = match_id.0, error = %e, "{what} failed on damaged data");
            }
            done => return done,
        }
        self.put(match_id);
        None
    }

    /// Sets `match_id` aside for [`SET_ASIDE_FOR`].
    pub fn put(&self, match_id: MatchId) {
        self.put_until(match_id, Instant::now() + SET_ASIDE_FOR);
    }

    fn put_until(&self, match_id: MatchId, until: Instant) {
        self.lock().insert(match_id, until);
        warn!(
            match_id = match_id.0,
            minutes = SET_ASIDE_FOR.as_secs() / 60,
            "the sweeps leave this match alone for a while: `momojan check-db` says what is \
             damaged, and `--repair` rebuilds a damaged snapshot from the match's log"
        );
    }

    /// Whether `match_id` is set aside now.
    pub fn holds(&self, match_id: MatchId) -> bool {
        let mut aside = self.lock();
        match aside.get(&match_id) {
            Some(until) if *until > Instant::now() => true,
            Some(_) => {
                aside.remove(&match_id);
                false
            }
            None => false,
        }
    }

    /// How many matches are set aside now (a sweep asks for that many more).
    pub fn len(&self) -> usize {
        let now = Instant::now();
        let mut aside = self.lock();
        aside.retain(|_, until| *until > now);
        aside.len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<MatchId, Instant>> {
        // The map is whole after any panic (each change is one call): a poisoned lock is
        // still good.
        self.0
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_round_that_panics_ends_alone() {
        let mut rounds = 0;
        for n in 0..3 {
            round("a test sweep", async {
                rounds += 1;
                assert_ne!(n, 1, "the second round fails");
            })
            .await;
        }
        assert_eq!(rounds, 3, "the third round came");
        assert_eq!(panic_message(&"words"), "words");
        assert_eq!(panic_message(&String::from("more words")), "more words");
        assert_eq!(panic_message(&7), "");
    }

    #[tokio::test]
    async fn a_sweep_sets_aside_a_match_that_panics_or_fails_on_damaged_data_only() {
        let aside = SetAside::default();
        let played = aside.sweep(MatchId(1), "a test", async { Ok(7) }).await;
        assert_eq!(played.map(Result::ok), Some(Some(7)));
        let gone = aside
            .sweep(MatchId(2), "a test", async {
                Err::<u8, _>(ServiceError::Finished)
            })
            .await;
        assert!(matches!(gone, Some(Err(ServiceError::Finished))));
        assert!(aside.is_empty(), "a refusal is not damage");

        let panicked: Option<Result<u8, _>> = aside
            .sweep(MatchId(3), "a test", async { panic!("impossible state") })
            .await;
        assert!(panicked.is_none());
        let corrupt = crate::service::StoreError::Corrupt {
            table: "snapshots",
            row: "4".into(),
            column: "state",
            detail: "not a state".into(),
        };
        let damaged = aside
            .sweep(MatchId(4), "a test", async { Err::<u8, _>(corrupt.into()) })
            .await;
        assert!(damaged.is_none());
        assert_eq!(aside.len(), 2);
        assert!(aside.holds(MatchId(3)) && aside.holds(MatchId(4)));
        assert!(!aside.holds(MatchId(1)) && !aside.holds(MatchId(2)));
    }

    #[test]
    fn a_match_is_set_aside_until_its_time_is_up() {
        let aside = SetAside::default();
        aside.put_until(MatchId(1), Instant::now());
        aside.put(MatchId(2));
        assert!(!aside.holds(MatchId(1)), "its time is up");
        assert!(aside.holds(MatchId(2)));
        assert_eq!(aside.len(), 1);
    }

    #[tokio::test]
    async fn a_panic_is_contained_and_work_that_ends_is_returned() {
        assert_eq!(
            contained(MatchId(1), "adding", async { 2 + 2 }).await,
            Some(4)
        );
        let failed: Option<u8> = contained(MatchId(2), "a test", async {
            panic!("the wall's front is past its back")
        })
        .await;
        assert_eq!(failed, None);
    }
}
