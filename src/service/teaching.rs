//! A teaching table's **Why?** (issue 39): why a computer made one of its moves, worked out
//! again from the stored match — the game replayed from its seed and log to just before that
//! move, and the game's reason read from the computer seat's view then. Nothing is stored and
//! nothing changes; the reason names only public things (`games::interface::teach`), so any
//! player at the table may read it while the match is played.

use super::export::replay_failed;
use super::{MatchService, ServiceError};
use crate::games::drivers::export::replay;
use crate::games::interface::seat::Seat;
use crate::games::interface::{Hosted, Words};
use crate::store::{EventRow, GuildId, MatchId, MatchMeta, Move, Origin, UserId};

/// The answer to a **Why?**: who moved, what they played and why.
#[derive(Debug, Clone)]
pub struct WhyMove<G: crate::games::interface::Play> {
    pub meta: MatchMeta,
    /// The computer's seat.
    pub seat: Seat,
    /// The move it made.
    pub action: G::Action,
    /// Why, from its own view just before the move.
    pub reason: Words,
}

impl MatchService {
    /// Why the computer made the move that produced version `step` of teaching match
    /// `match_id` of `guild`, asked by `user`, who must have a seat there. `None` when there
    /// is nothing to explain: not a teaching match, no such move, a move that is not a
    /// computer's, or one others are not told of (a pass in a claim window) — a stale or
    /// forged button.
    ///
    /// # Errors
    /// [`ServiceError::NotFound`] (also for a match of another server), [`ServiceError::NotSeated`]
    /// for someone not at the table, a damaged log as [`crate::store::StoreError::Corrupt`].
    pub async fn why_move<G: Hosted>(
        &self,
        guild: GuildId,
        match_id: MatchId,
        step: i64,
        user: UserId,
    ) -> Result<Option<WhyMove<G>>, ServiceError> {
        let loaded = self.load::<G>(match_id).await?;
        if loaded.meta.guild_id != guild {
            return Err(ServiceError::NotFound(match_id));
        }
        if loaded.meta.seat_of(user).is_none() {
            return Err(ServiceError::NotSeated);
        }
        if !loaded.meta.teach {
            return Ok(None);
        }
        let log = self.store.event_log::<G>(match_id).await?;
        let Some(index) = log.iter().position(|row| row.seq == step) else {
            return Ok(None);
        };
        let row = &log[index];
        let action = match row.action {
            Move::Play(action) if row.origin == Origin::Computer && G::told_to_others(action) => {
                action
            }
            _ => return Ok(None),
        };
        // Only the moves before it: the state the computer decided from.
        let steps: Vec<_> = log[..index].iter().map(EventRow::step).collect();
        let meta = loaded.meta;
        let before = replay::<G>(
            &loaded.seed,
            meta.seat_count(),
            meta.first_dealer,
            &loaded.options,
            &steps,
            index,
        )
        .map_err(|e| replay_failed(match_id, &log, e))?;
        let view = G::view(&before.state, row.seat);
        let reason = G::reason(&view, &loaded.options, action);
        Ok(Some(WhyMove {
            meta,
            seat: row.seat,
            action,
            reason,
        }))
    }
}
