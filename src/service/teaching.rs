//! A teaching table's **Why?** (issue 39): why the computers made their moves, worked out again
//! from the stored match — the game replayed from its seed and log to just before each move,
//! and the game's reason read from that computer seat's view then. Nothing is stored and
//! nothing changes; the reason names only public things (`games::interface::teach`), so any
//! player at the table may read it while the match is played.

use super::export::replay_failed;
use super::{MatchService, ServiceError};
use crate::games::drivers::export::{replay, ExportError};
use crate::games::interface::seat::Seat;
use crate::games::interface::{Hosted, Step, Words};
use crate::store::{EventRow, GuildId, MatchId, MatchMeta, Move, Origin, UserId};

/// The answer to a **Why?**: the computers' moves since the asking player's previous move, up
/// to the one the button names, oldest first.
#[derive(Debug, Clone)]
pub struct WhyMove<G: crate::games::interface::Play> {
    pub meta: MatchMeta,
    /// Each computer move explained, oldest first (never empty).
    pub moves: Vec<Explained<G>>,
}

/// One computer move and why it was made.
#[derive(Debug, Clone)]
pub struct Explained<G: crate::games::interface::Play> {
    /// The computer's seat.
    pub seat: Seat,
    /// The move it made.
    pub action: G::Action,
    /// Why, from its own view just before the move.
    pub reason: Words,
}

/// A logged move a **Why?** explains: a computer's move told to everyone (a pass in a claim
/// window is told to nobody, so it is not explained either).
fn explained_action<G: Hosted>(row: &EventRow<G>) -> Option<G::Action> {
    match row.action {
        Move::Play(action) if row.origin == Origin::Computer && G::told_to_others(action) => {
            Some(action)
        }
        _ => None,
    }
}

impl MatchService {
    /// Why the computers made their moves in teaching match `match_id` of `guild`, asked by
    /// `user`, who must have a seat there: every computer move after `user`'s previous move
    /// (from the start of the match when they have made none) up to the move that produced
    /// version `step`, which the button names. `None` when there is nothing to explain: not a
    /// teaching match, no such move, a move that is not a computer's, or one others are not
    /// told of (a pass in a claim window) — a stale or forged button.
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
        let Some(asker) = loaded.meta.seat_of(user) else {
            return Err(ServiceError::NotSeated);
        };
        if !loaded.meta.teach {
            return Ok(None);
        }
        let log = self.store.event_log::<G>(match_id).await?;
        let Some(last) = log.iter().position(|row| row.seq == step) else {
            return Ok(None);
        };
        if explained_action(&log[last]).is_none() {
            return Ok(None);
        }
        // The moves since the asker's previous one (a move made for them counts: their hand's
        // news told it as theirs).
        let since = log[..last]
            .iter()
            .rposition(|row| row.seat == asker)
            .map_or(0, |own| own + 1);
        let asked: Vec<usize> = (since..=last)
            .filter(|&i| explained_action(&log[i]).is_some())
            .collect();
        let first = asked[0];
        let steps: Vec<Step<G::Action>> = log.iter().map(EventRow::step).collect();
        let meta = loaded.meta;
        // The state just before the first move asked about; the others follow by applying
        // the log forward rather than replaying it from the seed again for each.
        let mut state = replay::<G>(
            &loaded.seed,
            meta.seat_count(),
            meta.first_dealer,
            &loaded.options,
            &steps[..first],
            first,
        )
        .map_err(|e| replay_failed(match_id, &log, e))?
        .state;
        let mut moves = Vec::with_capacity(asked.len());
        for (index, step) in steps.iter().enumerate().take(last + 1).skip(first) {
            if let Some(action) = explained_action(&log[index]) {
                let view = G::view(&state, log[index].seat);
                moves.push(Explained {
                    seat: log[index].seat,
                    action,
                    reason: G::reason(&view, &loaded.options, action),
                });
            }
            if index == last {
                break;
            }
            let applied = match *step {
                Step::Play(seat, action) => G::apply(&mut state, &loaded.seed, seat, action),
                Step::Concede(seat, why) => G::concede(&mut state, seat, why),
            };
            applied.map_err(|refusal| {
                replay_failed(match_id, &log, ExportError::Replay { index, refusal })
            })?;
        }
        Ok(Some(WhyMove { meta, moves }))
    }
}
