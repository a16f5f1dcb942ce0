//! Watching a table (issue 39): what a watcher who is not seated may see of a match. The
//! public table always; with the server's `spectate_hands` and only at a match between
//! people, every seat's hand of the round before the one in play too (one round late, never
//! live), rebuilt from the match's seed and move log.

use std::any::Any;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use super::export::replay_failed;
use super::{MatchService, ServiceError, TableState};
use crate::games::drivers::export::replay;
use crate::games::interface::Hosted;
use crate::store::{EventRow, MatchId, MatchMeta};

/// A match as its watchers see it.
#[derive(Debug, Clone)]
pub struct Watched<G: crate::games::interface::Play> {
    /// The public table (the same the thread shows).
    pub table: TableState<G>,
    /// The last finished round as it ended, when the server shows hands one round late.
    pub previous: Option<PreviousRound<G>>,
}

/// A finished round's table as it ended: every seat's hand in it may be shown now, since
/// the round in play was dealt afresh from the seed.
#[derive(Debug, Clone)]
pub struct PreviousRound<G: crate::games::interface::Play> {
    /// The round (0-based).
    pub index: usize,
    /// The game just before the move that ended the round.
    pub before_end: G::State,
}

/// The most matches whose last finished round is kept (see [`LateRounds`]).
const LATE_ROUNDS_KEPT: usize = 256;

/// Per match, its last finished round as it ended (a `PreviousRound` of the match's game),
/// so that each change of a watched match does not replay its log again: a finished round
/// never changes, the log only grows. Forgotten all at once past [`LATE_ROUNDS_KEPT`]
/// matches (finished matches are not told apart here; replaying again is only slower).
#[derive(Clone, Default)]
pub(super) struct LateRounds(Arc<Mutex<HashMap<MatchId, Arc<dyn Any + Send + Sync>>>>);

impl LateRounds {
    fn get<G: Hosted>(&self, match_id: MatchId, index: usize) -> Option<PreviousRound<G>> {
        let kept = self
            .0
            .lock()
            .expect("late rounds lock")
            .get(&match_id)
            .cloned()?;
        // Kept as the game's state (a type of its own for each game).
        let (at, state) = kept.downcast_ref::<(usize, G::State)>()?;
        (*at == index).then(|| PreviousRound {
            index,
            before_end: state.clone(),
        })
    }

    fn keep<G: Hosted>(&self, match_id: MatchId, round: &PreviousRound<G>) {
        let mut kept = self.0.lock().expect("late rounds lock");
        if kept.len() >= LATE_ROUNDS_KEPT {
            kept.clear();
        }
        let entry: (usize, G::State) = (round.index, round.before_end.clone());
        kept.insert(match_id, Arc::new(entry));
    }
}

/// Whether watchers of `meta` may see hands one round late under the server's
/// `spectate_hands`: only at a match between people. A computer's seat makes it a practice
/// or a filled table, whose hands stay with their players (a human's seat the computer
/// plays while they are away still counts as theirs).
pub fn hands_shown_late(meta: &MatchMeta, spectate_hands: bool) -> bool {
    spectate_hands && !meta.is_practice()
}

impl MatchService {
    /// What a watcher of `match_id` sees now. Whether watching is allowed at all
    /// ([`MatchMeta::watchable`]) is the caller's to check first: this only reads.
    ///
    /// # Errors
    /// [`ServiceError::NotFound`], a store error, or a damaged move log.
    pub async fn watched<G: Hosted>(&self, match_id: MatchId) -> Result<Watched<G>, ServiceError> {
        let table = self.table_state::<G>(match_id).await?;
        let settings = self
            .store
            .guild_settings(table.loaded.meta.guild_id)
            .await?;
        let previous = if hands_shown_late(&table.loaded.meta, settings.spectate_hands) {
            self.previous_round(&table).await?
        } else {
            None
        };
        Ok(Watched { table, previous })
    }

    /// The last finished round as it ended, replayed from the seed and the log; `None` before
    /// the first round ends.
    async fn previous_round<G: Hosted>(
        &self,
        table: &TableState<G>,
    ) -> Result<Option<PreviousRound<G>>, ServiceError> {
        let loaded = &table.loaded;
        let Some(index) = G::rounds_played(&loaded.state).checked_sub(1) else {
            return Ok(None);
        };
        let match_id = loaded.meta.id;
        if let Some(kept) = self.late_rounds.get::<G>(match_id, index) {
            return Ok(Some(kept));
        }
        let found = self.replay_previous(loaded, index).await?;
        if let Some(round) = &found {
            self.late_rounds.keep(match_id, round);
        }
        Ok(found)
    }

    /// Round `index` of `loaded` as it ended, replayed from its seed and log.
    async fn replay_previous<G: Hosted>(
        &self,
        loaded: &super::Loaded<G>,
        index: usize,
    ) -> Result<Option<PreviousRound<G>>, ServiceError> {
        let match_id = loaded.meta.id;
        let log = self.store.event_log::<G>(match_id).await?;
        let steps: Vec<_> = log.iter().map(EventRow::step).collect();
        let meta = &loaded.meta;
        let at = |step: usize| {
            replay::<G>(
                &loaded.seed,
                meta.seat_count(),
                meta.first_dealer,
                &loaded.options,
                &steps[..step],
                step,
            )
            .map_err(|e| replay_failed(match_id, &log, e))
        };
        // Usually the move that ended round `index` dealt the next one in the same move: the
        // `index`-th move that dealt a round (round 0 is dealt by the start, not a move). Only
        // the log up to it is replayed.
        let dealt_next = log
            .iter()
            .enumerate()
            .filter(|(_, row)| row.started_round())
            .nth(index)
            .map(|(k, _)| k + 1);
        if let Some(end) = dealt_next {
            let replayed = at(end)?;
            if replayed.ended_round {
                return Ok(replayed
                    .before_end
                    .map(|before_end| PreviousRound { index, before_end }));
            }
        }
        // Otherwise (the round ended the game, or the next deal waited for a decision): where
        // each round was dealt, from the whole log, then the round's end.
        let starts = at(steps.len())?.round_starts;
        let end = starts.get(index + 1).copied().unwrap_or(steps.len());
        Ok(at(end)?
            .before_end
            .map(|before_end| PreviousRound { index, before_end }))
    }
}
