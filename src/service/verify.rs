//! Consistency check: replay a match's event log from its seed and compare with the snapshot
//! and the ledger.

use super::{decode, MatchService, ServiceError};
use crate::engine::{RuleOptions, Seat, SeededGame};
use crate::store::LedgerRow;

/// How a stored match disagrees with its own log.
#[derive(Debug, thiserror::Error)]
pub enum VerifyError {
    #[error("match {0}: {1}")]
    Mismatch(i64, String),
    #[error(transparent)]
    Service(#[from] ServiceError),
}

impl MatchService {
    /// Replays the match from its seed and checks: the replay equals the snapshot, the log is
    /// numbered 1..=version, the ledger reproduces both balances and the pot, and balances
    /// plus pot are 60.
    ///
    /// # Errors
    /// [`VerifyError::Mismatch`] naming the first difference.
    pub async fn verify_match(&self, match_id: i64) -> Result<(), VerifyError> {
        let store = self.store();
        let row = store
            .load_match(match_id)
            .await
            .map_err(ServiceError::from)?
            .ok_or(ServiceError::NotFound(match_id))?;
        let loaded = decode(row)?;
        let meta = &loaded.meta;
        let fail = |what: String| VerifyError::Mismatch(match_id, what);
        let options: RuleOptions = serde_json::from_str(&meta.rule_options)
            .map_err(|e| fail(format!("rule options: {e}")))?;
        let first = Seat::from_index(meta.first_dealer as u64)
            .ok_or_else(|| fail("first dealer".into()))?;
        let (mut replay, _) = SeededGame::with_seed(loaded.game.seed, first, options);
        let log = store
            .event_log(match_id)
            .await
            .map_err(ServiceError::from)?;
        for (i, e) in log.iter().enumerate() {
            if e.seq != i as i64 + 1 {
                return Err(fail(format!("event {} has seq {}", i + 1, e.seq)));
            }
            let mv = super::logged_move(&e.action)
                .map_err(|err| fail(format!("event {}: {err}", e.seq)))?;
            let seat = Seat::from_index(e.seat as u64).ok_or_else(|| fail("seat".into()))?;
            super::apply_move(&mut replay, seat, mv)
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
        let totals = LedgerRow::totals(&store.ledger(match_id).await.map_err(ServiceError::from)?);
        if totals.balances != game.balances.to_array() || totals.pot != game.pot {
            return Err(fail(format!(
                "ledger gives {:?} and pot {}, the game {:?} and pot {}",
                totals.balances,
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
