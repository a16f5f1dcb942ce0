//! Replays: a finished match shown one step at a time, rebuilt from its seed and event log on
//! every request (so a replay holds no memory and its buttons work across restarts). Only
//! finished matches (every card may be shown then) and only from the server that played it.

use super::export::replay_failed;
use super::{MatchService, ServiceError};
use crate::games::drivers::export::replay;
use crate::games::interface::seat::Seat;
use crate::games::interface::Hosted;
use crate::store::{GuildId, MatchId, MatchMeta, Move, Origin};

/// One step of a finished match: the game after `step` moves of its log.
#[derive(Debug, Clone)]
pub struct ReplayStep<G: crate::games::interface::Play> {
    pub meta: MatchMeta,
    /// 0 is the first deal; `k` is the game after the `k`-th move.
    pub step: usize,
    /// Moves in the log (the last step).
    pub total: usize,
    /// The game at this step.
    pub game: G::State,
    /// The move that led to this step (none at step 0).
    pub taken: Option<(Seat, Move<G::Action>, Origin)>,
    /// Whether that move ended a round (its record is the game's last).
    pub ended_round: bool,
    /// When it did, the game just before it (the round's table as it ended).
    pub before_end: Option<G::State>,
    /// The step at which each round was dealt, in order (round 0 at step 0).
    pub round_starts: Vec<usize>,
}

impl<G: crate::games::interface::Play> ReplayStep<G> {
    /// The round shown at this step (0-based): the last one dealt before it, or at it unless
    /// this step's move ended the round before (and dealt the next).
    pub fn round(&self) -> usize {
        self.round_starts
            .iter()
            .rposition(|&s| s < self.step || (s == self.step && !self.ended_round))
            .unwrap_or(0)
    }
}

impl MatchService {
    /// The finished match `match_id` of `guild` after `step` moves (clamped to the last step).
    ///
    /// # Errors
    /// As [`MatchService::export_match`].
    pub async fn replay_step<G: Hosted>(
        &self,
        guild: GuildId,
        match_id: MatchId,
        step: usize,
    ) -> Result<ReplayStep<G>, ServiceError> {
        let (loaded, log, steps) = self.finished_log::<G>(guild, match_id).await?;
        let meta = loaded.meta;
        let at = replay::<G>(
            &loaded.seed,
            meta.seat_count(),
            meta.first_dealer,
            &loaded.options,
            &steps,
            step,
        )
        .map_err(|e| replay_failed(match_id, &log, e))?;
        let step = step.min(log.len());
        let taken = step
            .checked_sub(1)
            .map(|k| (log[k].seat, log[k].action, log[k].origin));
        Ok(ReplayStep {
            meta,
            step,
            total: log.len(),
            game: at.state,
            taken,
            ended_round: at.ended_round,
            before_end: at.before_end,
            round_starts: at.round_starts,
        })
    }
}
