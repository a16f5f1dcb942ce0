//! Work on one match that must not take anything else down with it. The engines trust the
//! states they wrote, so a stored state that reads as JSON but breaks its game's rules
//! (edited by hand, damaged on disk) can panic inside them. The loops that visit many
//! matches (the turn timer, the computer's sweep, the outbox's worker, the tournaments'
//! no-show sweep) and a click's answer
//! run each match's work contained: a panic ends that work only, is logged with its match,
//! and whatever transaction it had open is rolled back as it is dropped.

use std::future::Future;
use std::panic::AssertUnwindSafe;

use futures_util::FutureExt;
use tracing::error;

use crate::service::MatchId;

/// `work`'s output, or `None` when it panicked (logged as `what` failing for `match_id`).
pub async fn contained<T>(
    match_id: MatchId,
    what: &str,
    work: impl Future<Output = T>,
) -> Option<T> {
    match AssertUnwindSafe(work).catch_unwind().await {
        Ok(done) => Some(done),
        Err(panic) => {
            let why = panic
                .downcast_ref::<&str>()
                .map(|s| (*s).to_string())
                .or_else(|| panic.downcast_ref::<String>().cloned())
                .unwrap_or_default();
            error!(
                match_id = match_id.0,
                %why,
                "{what} failed inside its game: the match's stored state breaks the game's rules"
            );
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
