//! Records: leaderboard pages, a player's stats and history, a match's ledger pages.

use super::{MatchService, ServiceError};
use crate::games::interface::seat::PerSeat;
use crate::games::registry::{with_game, GameId};
use crate::store::{
    Board, GuildId, HistoryRow, LeaderboardRow, LedgerRow, MatchId, PlayerStats, UserId,
};

/// Lines per page of the leaderboard and the ledger.
pub const PAGE: usize = 10;
/// How many finished games a history lists.
pub const HISTORY_LEN: i64 = 10;

/// How many pages `n` lines take (at least one).
pub fn pages(n: usize) -> usize {
    n.div_ceil(PAGE).max(1)
}

/// One page of a season's leaderboard of one game as one user sees it.
#[derive(Debug, Clone)]
pub struct LeaderboardPage {
    pub season: i64,
    pub game: GameId,
    pub rows: Vec<LeaderboardRow>,
    /// The rank of `rows[0]`.
    pub first_rank: usize,
    pub page: usize,
    pub pages: usize,
    /// The user's (rank, players) when they have played this season.
    pub own: Option<(i64, i64)>,
}

/// Whose ledger: a match named by its number, or the user's latest match of a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LedgerOf {
    Match(MatchId),
    LatestOf(GameId),
}

/// One page of a match's ledger.
#[derive(Debug, Clone)]
pub struct LedgerPage {
    pub match_id: MatchId,
    pub game: crate::games::registry::GameId,
    /// Who sat where.
    pub seats: PerSeat<crate::store::Occupant>,
    /// The balances the game started with (the rows sum from these).
    pub start: PerSeat<i64>,
    /// Every row of the match (the view pages them and sums them).
    pub rows: Vec<LedgerRow>,
    pub page: usize,
}

impl MatchService {
    /// The season in play on a server.
    ///
    /// # Errors
    /// A store error.
    pub async fn current_season(&self, guild: GuildId) -> Result<i64, ServiceError> {
        Ok(self.store.guild_settings(guild).await?.season)
    }

    /// The board of a game in a season of a server (the current season if `None`).
    ///
    /// # Errors
    /// A store error.
    async fn board(
        &self,
        guild: GuildId,
        season: Option<i64>,
        game: GameId,
    ) -> Result<Board, ServiceError> {
        let season = match season {
            Some(s) => s,
            None => self.current_season(guild).await?,
        };
        Ok(Board {
            guild,
            season,
            game,
        })
    }

    /// One page (from 1, clamped) of a game's leaderboard in a season (the current one if
    /// `None`).
    ///
    /// # Errors
    /// A store error.
    pub async fn leaderboard(
        &self,
        guild: GuildId,
        season: Option<i64>,
        game: GameId,
        page: usize,
        user: UserId,
    ) -> Result<LeaderboardPage, ServiceError> {
        let board = self.board(guild, season, game).await?;
        let total = self.store.player_count(board).await?;
        let pages = pages(total as usize);
        let page = page.clamp(1, pages);
        let offset = (page - 1) * PAGE;
        let rows = self
            .store
            .leaderboard(board, PAGE as i64, offset as i64)
            .await?;
        let own = self.store.rank_of(board, user).await?;
        Ok(LeaderboardPage {
            season: board.season,
            game,
            rows,
            first_rank: offset + 1,
            page,
            pages,
            own: own.map(|rank| (rank, total)),
        })
    }

    /// A player's stats of one game in a season (the current one if `None`): the season, and
    /// the row if they played in it.
    ///
    /// # Errors
    /// A store error, [`crate::store::StoreError::Corrupt`] for a damaged row.
    pub async fn stats(
        &self,
        guild: GuildId,
        season: Option<i64>,
        game: GameId,
        user: UserId,
    ) -> Result<(i64, Option<PlayerStats>), ServiceError> {
        let board = self.board(guild, season, game).await?;
        Ok((board.season, self.store.player_stats(board, user).await?))
    }

    /// A player's recent finished games of one game on a server, newest first.
    ///
    /// # Errors
    /// A store error.
    pub async fn history(
        &self,
        guild: GuildId,
        user: UserId,
        game: GameId,
    ) -> Result<Vec<HistoryRow>, ServiceError> {
        Ok(self.store.history(guild, user, game, HISTORY_LEN).await?)
    }

    /// A page of a match's ledger; `None` when there is no such match on this server.
    ///
    /// # Errors
    /// A store error.
    pub async fn ledger_page(
        &self,
        guild: GuildId,
        of: LedgerOf,
        user: UserId,
        page: usize,
    ) -> Result<Option<LedgerPage>, ServiceError> {
        let id = match of {
            LedgerOf::Match(id) => Some(id),
            LedgerOf::LatestOf(game) => self.store.latest_match_of(guild, user, game).await?,
        };
        let Some(id) = id else {
            return Ok(None);
        };
        let Some(row) = self.store.load_match(id).await? else {
            return Ok(None);
        };
        if row.meta.guild_id != guild {
            return Ok(None);
        }
        let meta = &row.meta;
        let start = with_game!(meta.game, G => {
            let options = row.clone().decode::<G>()?.options;
            super::verify::starting_balances::<G>(meta.seat_count(), meta.first_dealer, &options)
        });
        Ok(Some(LedgerPage {
            match_id: id,
            game: row.meta.game,
            seats: row.meta.seats.map(|_, s| s.occupant.clone()),
            start,
            rows: self.store.ledger(id).await?,
            page,
        }))
    }
}
