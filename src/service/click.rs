//! One click, one read of its match: the click's use case begins with the match's row (read
//! in the write transaction that acts on it, or on its own for a click that only shows), and
//! the game is the one that row names. Nothing looks the game up before.

use super::{Applied, Loaded, MatchService, ServiceError};
use crate::games::interface::{AutoSwitch, Concession, Hosted};
use crate::games::registry::GameId;
use crate::store::{MatchId, MatchRow, Move, UserId, WriteTx};

/// A click's write transaction, begun with its match's row read in it (one hand-off on
/// SQLite). Dropped without use, it is rolled back.
pub struct ClickTx {
    tx: WriteTx,
    row: MatchRow,
}

/// A match's row, read once for a click that only shows it.
pub struct MatchRead {
    row: MatchRow,
}

impl ClickTx {
    /// The game the match's row names.
    pub fn game(&self) -> GameId {
        self.row.meta.game
    }

    fn match_id(&self) -> MatchId {
        self.row.meta.id
    }

    /// The transaction and the match, active, as game `G`'s.
    fn active<G: Hosted>(self) -> Result<(WriteTx, Loaded<G>), ServiceError> {
        Ok((self.tx, super::play::active::<G>(self.row)?))
    }
}

impl MatchRead {
    /// The game the match's row names.
    pub fn game(&self) -> GameId {
        self.row.meta.game
    }

    /// The match as game `G`'s.
    ///
    /// # Errors
    /// [`ServiceError::NotHosted`], or a store error for damaged data.
    pub fn loaded<G: Hosted>(self) -> Result<Loaded<G>, ServiceError> {
        Loaded::decode(self.row)
    }
}

impl MatchService {
    /// Begins a click that may act on `match_id`: a write transaction with the match's row
    /// read in it.
    ///
    /// # Errors
    /// [`ServiceError::NotFound`], or a store error.
    pub async fn begin_click(&self, match_id: MatchId) -> Result<ClickTx, ServiceError> {
        let (tx, row) = self.store.begin_write_loading(match_id).await?;
        let row = row.ok_or(ServiceError::NotFound(match_id))?;
        Ok(ClickTx { tx, row })
    }

    /// A match's row, for a click that only shows it.
    ///
    /// # Errors
    /// [`ServiceError::NotFound`], or a store error.
    pub async fn read_match(&self, match_id: MatchId) -> Result<MatchRead, ServiceError> {
        let row = self
            .store
            .load_match(match_id)
            .await?
            .ok_or(ServiceError::NotFound(match_id))?;
        Ok(MatchRead { row })
    }

    /// [`MatchService::apply_code`] in a begun click.
    ///
    /// # Errors
    /// As [`MatchService::apply_code`].
    pub async fn apply_code_in<G: Hosted>(
        &self,
        click: ClickTx,
        user: UserId,
        expected_version: i64,
        code: &str,
    ) -> Result<Applied<G>, ServiceError> {
        let action = G::parse_action(code).ok_or(ServiceError::UnknownAction)?;
        let match_id = click.match_id();
        let begun = click.active::<G>();
        self.apply_from::<G>(match_id, begun, user, expected_version, action)
            .await
    }

    /// [`MatchService::resign`] in a begun click, at whatever version the match is.
    ///
    /// # Errors
    /// As [`MatchService::resign`].
    pub async fn resign_in<G: Hosted>(
        &self,
        click: ClickTx,
        user: UserId,
    ) -> Result<Applied<G>, ServiceError> {
        let begun = click.active::<G>()?;
        self.act_in::<G>(begun, user, None, Move::Concede(Concession::Resigned))
            .await
    }

    /// [`MatchService::take_back_seat`] in a begun click.
    ///
    /// # Errors
    /// As [`MatchService::take_back_seat`].
    pub async fn take_back_in<G: Hosted>(
        &self,
        click: ClickTx,
        user: UserId,
    ) -> Result<Option<Applied<G>>, ServiceError> {
        let begun = click.active::<G>()?;
        self.take_back_from::<G>(begun, user).await
    }

    /// [`MatchService::set_auto_switch`] in a begun click.
    ///
    /// # Errors
    /// As [`MatchService::set_auto_switch`].
    pub async fn set_auto_switch_in<G: Hosted>(
        &self,
        click: ClickTx,
        user: UserId,
        switch: AutoSwitch,
        on: bool,
    ) -> Result<Applied<G>, ServiceError> {
        if !G::auto_switches().contains(&switch) {
            return Err(ServiceError::UnknownAction);
        }
        let begun = click.active::<G>()?;
        self.auto_switch_from::<G>(begun, user, switch, on).await
    }
}
