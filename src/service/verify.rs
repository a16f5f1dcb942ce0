//! Consistency check: replay a match's event log from its seed and compare with the snapshot
//! and the ledger.

use super::{apply_move, MatchService, ServiceError};
use crate::games::momojan::SeededGame;
use crate::store::{LedgerRow, MatchId};

/// How a stored match disagrees with its own log.
#[derive(Debug, thiserror::Error)]
pub enum VerifyError {
    #[error("match {0}: {1}")]
    Mismatch(MatchId, String),
    #[error(transparent)]
    Service(#[from] ServiceError),
}

impl MatchService {
    /// Replays the match from its seed and checks: the replay equals the snapshot, the log is
    /// numbered 1..=version, the ledger reproduces both balances and the pot, and balances
    /// plus pot are 60.
    ///
    /// # Errors
    /// [`VerifyError::Mismatch`] naming the first difference; a damaged row is a
    /// [`VerifyError::Service`] naming its table, row and column.
    pub async fn verify_match(&self, match_id: MatchId) -> Result<(), VerifyError> {
        let loaded = self.load(match_id).await?;
        let meta = &loaded.meta;
        let fail = |what: String| VerifyError::Mismatch(match_id, what);
        let (mut replay, _) =
            SeededGame::with_seed(loaded.game.seed, meta.first_dealer, meta.options.clone());
        let log = self
            .store
            .event_log(match_id)
            .await
            .map_err(ServiceError::from)?;
        for (i, e) in log.iter().enumerate() {
            if e.seq != i as i64 + 1 {
                return Err(fail(format!("event {} has seq {}", i + 1, e.seq)));
            }
            apply_move(&mut replay, e.seat, e.action)
                .map_err(|err| fail(format!("event {} does not replay: {err}", e.seq)))?;
        }
        if log.len() as i64 != meta.version {
            return Err(fail(format!(
                "{} events for version {}",
                log.len(),
                meta.version
            )));
        }
        if replay != loaded.game {
            return Err(fail("the replay differs from the snapshot".into()));
        }
        let game = &loaded.game.game;
        let ledger = self
            .store
            .ledger(match_id)
            .await
            .map_err(ServiceError::from)?;
        let totals = LedgerRow::totals(&ledger);
        if totals.balances != game.balances || totals.pot != game.pot {
            return Err(fail(format!(
                "ledger gives {:?} and pot {}, the game {:?} and pot {}",
                totals.balances.to_array(),
                totals.pot,
                game.balances.to_array(),
                game.pot
            )));
        }
        if game.balances.zero + game.balances.one + game.pot != 60 {
            return Err(fail("points are not conserved".into()));
        }
        if meta.is_finished() != game.is_over() {
            return Err(fail("status and game disagree".into()));
        }
        Ok(())
    }
}
