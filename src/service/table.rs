//! What the public table shows besides the game: this round's last actions.

use super::{Loaded, MatchService, ServiceError};
use crate::games::interface::Hosted;
use crate::store::{EventRow, MatchId};

/// Actions listed on the table.
pub(super) const RECENT: i64 = 5;

/// A match as its table shows it.
#[derive(Debug, Clone)]
pub struct TableState<G: crate::games::interface::Play> {
    pub loaded: Loaded<G>,
    /// This round's last moves, oldest first (the cards named in an earlier round have been
    /// reshuffled, so those are left out).
    pub recent: Vec<EventRow<G>>,
}

impl MatchService {
    /// A match with what its table lists.
    ///
    /// # Errors
    /// [`ServiceError::NotFound`], or a store error.
    pub async fn table_state<G: Hosted>(
        &self,
        match_id: MatchId,
    ) -> Result<TableState<G>, ServiceError> {
        let loaded = self.load::<G>(match_id).await?;
        let mut recent = self.last_moves_for_round(match_id, RECENT).await?;
        if let Some(start) = recent.iter().rposition(EventRow::started_round) {
            recent.drain(..=start);
        }
        Ok(TableState { loaded, recent })
    }
}
