//! Highlights kept and shown: a finished game's lines stored for the server's board (in the
//! transaction that finishes it), a player turning highlights off or on, who at a table has
//! them off, and a season's board of one game.

use super::{MatchService, ServiceError};
use crate::games::interface::seat::Seat;
use crate::games::interface::{Category, Highlights};
use crate::games::registry::GameId;
use crate::store::{self, GuildId, MatchMeta, StoredHighlight, TxConn, UserId};

/// Lines the board shows per category of one game: the top few, not a second leaderboard.
pub const BOARD_PER_CATEGORY: usize = 3;

/// One game's board in a season: the best lines of each category, largest value first.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HighlightBoard {
    pub season: i64,
    pub game: GameId,
    /// Each category in [`Category::ALL`] order, with its lines (possibly none).
    pub columns: Vec<(Category, Vec<StoredHighlight>)>,
}

/// Stores every highlight of a finished game about a person (inside the transaction that
/// finishes it, so a game's lines are there exactly when its result is): a line about a
/// computer's seat is not kept, and a player who turned highlights off has their lines
/// stored but left off the board while they stay off (turning them on shows them again).
pub(super) async fn record<G: Highlights>(
    tx: &mut TxConn,
    meta: &MatchMeta,
    state: &G::State,
) -> Result<(), store::StoreError> {
    let lines: Vec<StoredHighlight> = G::game_highlights(state)
        .into_iter()
        .enumerate()
        .filter_map(|(i, h)| {
            let user = meta.seats[*h.seats.first()?].occupant.user()?;
            Some(StoredHighlight {
                match_id: meta.id,
                line: i64::try_from(i).ok()?,
                guild: meta.guild_id,
                season: meta.season,
                game: meta.game,
                user,
                kind: h.kind.to_string(),
                category: h.category,
                value: h.value,
            })
        })
        .collect();
    store::put_highlights(tx, &lines).await
}

impl MatchService {
    /// Turns the user's highlights off (`off`) or back on, on every server.
    ///
    /// # Errors
    /// A store error.
    pub async fn set_highlights_off(&self, user: UserId, off: bool) -> Result<(), ServiceError> {
        Ok(self
            .store
            .set_highlights_off(user, off, self.clock.now())
            .await?)
    }

    /// Whether the user has turned highlights off.
    ///
    /// # Errors
    /// A store error.
    pub async fn highlights_off(&self, user: UserId) -> Result<bool, ServiceError> {
        Ok(!self.store.highlights_muted(&[user]).await?.is_empty())
    }

    /// The seats of a match whose player turned highlights off (what `recap` leaves out).
    ///
    /// # Errors
    /// A store error.
    pub async fn muted_seats(&self, meta: &MatchMeta) -> Result<Vec<Seat>, ServiceError> {
        let users: Vec<UserId> = meta.players().map(|(_, u)| u).collect();
        let muted = self.store.highlights_muted(&users).await?;
        Ok(meta
            .players()
            .filter(|(_, u)| muted.contains(u))
            .map(|(s, _)| s)
            .collect())
    }

    /// A game's board of highlights in a season of a server (the season in play if `None`);
    /// `None` for a season that has not begun (below 1 or after the one in play).
    ///
    /// # Errors
    /// A store error.
    pub async fn highlight_board(
        &self,
        guild: GuildId,
        season: Option<i64>,
        game: GameId,
    ) -> Result<Option<HighlightBoard>, ServiceError> {
        let current = self.current_season(guild).await?;
        let season = season.unwrap_or(current);
        if season < 1 || season > current {
            return Ok(None);
        }
        let all = self.store.season_highlights(guild, season, game).await?;
        let columns = Category::ALL
            .into_iter()
            .map(|c| {
                let lines: Vec<StoredHighlight> = all
                    .iter()
                    .filter(|h| h.category == c)
                    .take(BOARD_PER_CATEGORY)
                    .cloned()
                    .collect();
                (c, lines)
            })
            .collect();
        Ok(Some(HighlightBoard {
            season,
            game,
            columns,
        }))
    }
}
