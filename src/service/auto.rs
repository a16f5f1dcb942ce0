//! A player's auto switches (`games::interface`): one click turns one on or off for that player in
//! that match, stored with their seat, and what the switches decide now is played at once in
//! the same transaction. Every later action's transaction plays what they decide then
//! (`Turn::forced_moves`), so a switch never waits on a timer.

use super::play::Turn;
use super::{Applied, MatchService, ServiceError};
use crate::games::interface::AutoSwitch;
use crate::games::interface::Hosted;
use crate::store::{self, MatchId, UserId};

impl MatchService {
    /// Turns `switch` on or off for `user` in match `match_id`, then plays what the
    /// player's switches take now (a switch turned on in a window it decides passes or wins
    /// at once). One transaction. No version is checked: the click says which state it wants,
    /// so a repeated or late click changes nothing. With no move played the match keeps its
    /// version and its turn clock.
    ///
    /// # Errors
    /// [`ServiceError::UnknownAction`] for a switch the match's game does not have,
    /// [`ServiceError::NotFound`], [`ServiceError::Finished`], [`ServiceError::NotSeated`],
    /// or a store error.
    pub async fn set_auto_switch<G: Hosted>(
        &self,
        match_id: MatchId,
        user: UserId,
        switch: AutoSwitch,
        on: bool,
    ) -> Result<Applied<G>, ServiceError> {
        if !G::auto_switches().contains(&switch) {
            return Err(ServiceError::UnknownAction);
        }
        let begun = self.begin_active::<G>(match_id).await?;
        self.auto_switch_from::<G>(begun, user, switch, on).await
    }

    /// [`MatchService::set_auto_switch`] on a match read in its begun transaction.
    pub(super) async fn auto_switch_from<G: Hosted>(
        &self,
        (mut tx, mut loaded): (store::WriteTx, crate::service::Loaded<G>),
        user: UserId,
        switch: AutoSwitch,
        on: bool,
    ) -> Result<Applied<G>, ServiceError> {
        let match_id = loaded.meta.id;
        let seat = loaded.seat_of(user).ok_or(ServiceError::NotSeated)?;
        let auto = loaded.meta.seats[seat].auto.with(switch, on);
        store::set_seat_auto(&mut tx, match_id, seat, auto);
        loaded.meta.seats[seat].auto = auto;
        let mut turn = Turn::new(loaded, self.clock.now());
        turn.forced_moves(&mut tx).await?;
        let applied = if turn.has_moves() {
            turn.finish(&mut tx, seat).await?
        } else {
            turn.unchanged(seat)
        };
        tx.commit().await?;
        Ok(applied)
    }
}
