//! Players per guild and season: rating and counters, the leaderboard.

use std::collections::BTreeMap;

use super::decode::At;
use super::ids::{GuildId, UserId};
use super::{lock_key, Conn, Store, StoreError, TxConn};
use crate::games::registry::GameId;

/// Which records: one game's, in one season of one server. A player has one rating per board.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Board {
    pub guild: GuildId,
    pub season: i64,
    pub game: GameId,
}

impl Board {
    pub fn new(guild: GuildId, season: i64, game: GameId) -> Board {
        Board {
            guild,
            season,
            game,
        }
    }
}

/// A player's row in a guild's season of one game.
#[derive(Debug, Clone, PartialEq)]
pub struct PlayerStats {
    pub guild_id: GuildId,
    pub season: i64,
    pub game: GameId,
    pub user_id: UserId,
    pub rating: f64,
    pub deviation: f64,
    pub volatility: f64,
    pub games: i64,
    pub wins: i64,
    pub losses: i64,
    pub points_won: i64,
    pub points_lost: i64,
    pub best_hand: i64,
    /// The game's yaku ids (`Hosted::yaku_ids`) of the best hand.
    pub best_hand_yaku: Vec<&'static str>,
    /// How often each yaku was in this player's winning hands.
    pub yaku_counts: BTreeMap<&'static str, i64>,
    /// Rounds played (for the deal-in rate).
    pub rounds: i64,
    /// Rounds won, and the points of those hands (for the average winning hand).
    pub hands_won: i64,
    pub hand_points: i64,
    /// Riichi declared; times the player's own discard left them furiten; rons given.
    pub riichi: i64,
    pub furiten: i64,
    pub deal_ins: i64,
    /// Games finished in each place, first to fourth (a win of a two-seat game is first
    /// place, a loss second).
    pub places: [i64; 4],
}

impl PlayerStats {
    /// A player who has not played yet on a board.
    pub fn new(board: Board, user_id: UserId) -> PlayerStats {
        PlayerStats {
            guild_id: board.guild,
            season: board.season,
            game: board.game,
            user_id,
            rating: 1500.0,
            deviation: 350.0,
            volatility: 0.06,
            games: 0,
            wins: 0,
            losses: 0,
            points_won: 0,
            points_lost: 0,
            best_hand: 0,
            best_hand_yaku: Vec::new(),
            yaku_counts: BTreeMap::new(),
            rounds: 0,
            hands_won: 0,
            hand_points: 0,
            riichi: 0,
            furiten: 0,
            deal_ins: 0,
            places: [0; 4],
        }
    }

    pub fn net_points(&self) -> i64 {
        self.points_won - self.points_lost
    }
}

#[derive(sqlx::FromRow)]
struct RawStats {
    guild_id: i64,
    season: i64,
    game: String,
    user_id: i64,
    rating: f64,
    deviation: f64,
    volatility: f64,
    games: i64,
    wins: i64,
    losses: i64,
    points_won: i64,
    points_lost: i64,
    best_hand: i64,
    best_hand_yaku: Option<String>,
    yaku_counts: String,
    rounds: i64,
    hands_won: i64,
    hand_points: i64,
    riichi: i64,
    furiten: i64,
    deal_ins: i64,
    place1: i64,
    place2: i64,
    place3: i64,
    place4: i64,
}

impl RawStats {
    fn decode(self) -> Result<PlayerStats, StoreError> {
        let at = At::new(
            "players",
            format!(
                "{}/{}/{}/{}",
                self.guild_id, self.season, self.game, self.user_id
            ),
        );
        let game = at.named("game", &self.game, GameId::from_id)?;
        let counts: BTreeMap<String, i64> = at.json("yaku_counts", &self.yaku_counts)?;
        let yaku_counts = counts
            .into_iter()
            .map(|(id, n)| Ok((at.named("yaku_counts", &id, |y| game.yaku(y))?, n)))
            .collect::<Result<_, StoreError>>()?;
        let best_hand_yaku = match self.best_hand_yaku.as_deref() {
            None | Some("") => Vec::new(),
            Some(list) => list
                .split(',')
                .map(|id| at.named("best_hand_yaku", id, |y| game.yaku(y)))
                .collect::<Result<_, _>>()?,
        };
        Ok(PlayerStats {
            guild_id: GuildId(self.guild_id),
            season: self.season,
            game,
            user_id: UserId(self.user_id),
            rating: self.rating,
            deviation: self.deviation,
            volatility: self.volatility,
            games: self.games,
            wins: self.wins,
            losses: self.losses,
            points_won: self.points_won,
            points_lost: self.points_lost,
            best_hand: self.best_hand,
            best_hand_yaku,
            yaku_counts,
            rounds: self.rounds,
            hands_won: self.hands_won,
            hand_points: self.hand_points,
            riichi: self.riichi,
            furiten: self.furiten,
            deal_ins: self.deal_ins,
            places: [self.place1, self.place2, self.place3, self.place4],
        })
    }
}

/// One line of a leaderboard.
#[derive(Debug, Clone, PartialEq, sqlx::FromRow)]
pub struct LeaderboardRow {
    pub user_id: UserId,
    pub rating: f64,
    pub wins: i64,
    pub losses: i64,
    pub net_points: i64,
}

const STATS_COLUMNS: &str =
    "guild_id, season, game, user_id, rating, deviation, volatility, games, \
    wins, losses, points_won, points_lost, best_hand, best_hand_yaku, yaku_counts, rounds, \
    hands_won, hand_points, riichi, furiten, deal_ins, place1, place2, place3, place4";

pub(super) const STATS_SQL: &str = "SELECT guild_id, season, game, user_id, rating, deviation, \
    volatility, games, wins, losses, points_won, points_lost, best_hand, best_hand_yaku, \
    yaku_counts, rounds, hands_won, hand_points, riichi, furiten, deal_ins, place1, place2, \
    place3, place4 FROM players WHERE guild_id = $1 AND season = $2 AND game = $3 AND user_id = $4";

/// The order of the leaderboard: rating, then wins, then the user id so that ties are stable.
pub(super) const LEADERBOARD_SQL: &str = "SELECT user_id, rating, wins, losses, \
    points_won - points_lost AS net_points FROM players \
    WHERE guild_id = $1 AND season = $2 AND game = $3 \
    ORDER BY rating DESC, wins DESC, user_id LIMIT $4 OFFSET $5";

async fn find(
    conn: Conn<'_>,
    board: Board,
    user: UserId,
) -> Result<Option<PlayerStats>, StoreError> {
    on_conn!(conn, |c| sqlx::query_as::<_, RawStats>(STATS_SQL)
        .bind(board.guild)
        .bind(board.season)
        .bind(board.game.id())
        .bind(user)
        .fetch_optional(c)
        .await?
        .map(RawStats::decode)
        .transpose())
}

/// A player's row inside a transaction (a fresh one if they have none yet). A damaged row is
/// an error, so it is never overwritten with counts started from zero.
///
/// The board's player rows stay locked until the transaction ends (on PostgreSQL: an
/// advisory lock, since the row may not exist yet), so two matches ending at once on one
/// board never both write over the same counts. One lock per board rather than per player,
/// so that two transactions each taking two players never wait on each other in a circle.
pub async fn get(tx: &mut TxConn, board: Board, user: UserId) -> Result<PlayerStats, StoreError> {
    let key = format!(
        "momojan/players/{}/{}/{}",
        board.guild, board.season, board.game
    );
    lock_key(tx.conn().await?, &key).await?;
    Ok(find(tx.conn().await?, board, user)
        .await?
        .unwrap_or_else(|| PlayerStats::new(board, user)))
}

/// Writes a player's row.
pub async fn put(tx: &mut TxConn, p: &PlayerStats) -> Result<(), StoreError> {
    let sql = format!(
        "INSERT INTO players ({STATS_COLUMNS}) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, \
         $18, $19, $20, $21, $22, $23, $24, $25) \
         ON CONFLICT (guild_id, season, game, user_id) DO UPDATE SET {}",
        STATS_COLUMNS
            .split(", ")
            .map(|c| format!("{c} = excluded.{c}"))
            .collect::<Vec<_>>()
            .join(", ")
    );
    let counts: BTreeMap<&str, i64> = p.yaku_counts.iter().map(|(y, n)| (*y, *n)).collect();
    let counts = serde_json::to_string(&counts).expect("counts serialise");
    let best: Vec<&str> = p.best_hand_yaku.clone();
    let best = (!best.is_empty()).then(|| best.join(","));
    on_conn!(tx.conn().await?, |c| sqlx::query(&sql)
        .bind(p.guild_id)
        .bind(p.season)
        .bind(p.game.id())
        .bind(p.user_id)
        .bind(p.rating)
        .bind(p.deviation)
        .bind(p.volatility)
        .bind(p.games)
        .bind(p.wins)
        .bind(p.losses)
        .bind(p.points_won)
        .bind(p.points_lost)
        .bind(p.best_hand)
        .bind(&best)
        .bind(&counts)
        .bind(p.rounds)
        .bind(p.hands_won)
        .bind(p.hand_points)
        .bind(p.riichi)
        .bind(p.furiten)
        .bind(p.deal_ins)
        .bind(p.places[0])
        .bind(p.places[1])
        .bind(p.places[2])
        .bind(p.places[3])
        .execute(c)
        .await?
        .rows_affected());
    Ok(())
}

impl Store {
    /// A board's players by rating, then wins.
    ///
    /// # Errors
    /// A database error.
    pub async fn leaderboard(
        &self,
        board: Board,
        limit: i64,
        offset: i64,
    ) -> Result<Vec<LeaderboardRow>, StoreError> {
        Ok(on_conn!(self.acquire().await?.conn(), |c| {
            sqlx::query_as::<_, LeaderboardRow>(LEADERBOARD_SQL)
                .bind(board.guild)
                .bind(board.season)
                .bind(board.game.id())
                .bind(limit)
                .bind(offset)
                .fetch_all(c)
                .await?
        }))
    }

    /// How many players a board has.
    ///
    /// # Errors
    /// A database error.
    pub async fn player_count(&self, board: Board) -> Result<i64, StoreError> {
        let (n,): (i64,) = on_conn!(self.acquire().await?.conn(), |c| sqlx::query_as(
            "SELECT count(*) FROM players WHERE guild_id = $1 AND season = $2 AND game = $3",
        )
        .bind(board.guild)
        .bind(board.season)
        .bind(board.game.id())
        .fetch_one(c)
        .await?);
        Ok(n)
    }

    /// A player's place (1 = first) on a board, if they have played on it.
    ///
    /// # Errors
    /// A database error.
    pub async fn rank_of(&self, board: Board, user: UserId) -> Result<Option<i64>, StoreError> {
        let mut conn = self.acquire().await?;
        let me: Option<(f64, i64)> = on_conn!(conn.conn(), |c| sqlx::query_as(
            "SELECT rating, wins FROM players \
             WHERE guild_id = $1 AND season = $2 AND game = $3 AND user_id = $4",
        )
        .bind(board.guild)
        .bind(board.season)
        .bind(board.game.id())
        .bind(user)
        .fetch_optional(c)
        .await?);
        let Some((rating, wins)) = me else {
            return Ok(None);
        };
        let (ahead,): (i64,) = on_conn!(conn.conn(), |c| sqlx::query_as(
            "SELECT count(*) FROM players WHERE guild_id = $1 AND season = $2 AND game = $3 \
             AND (rating > $4 OR (rating = $4 AND (wins > $5 OR (wins = $5 AND user_id < $6))))",
        )
        .bind(board.guild)
        .bind(board.season)
        .bind(board.game.id())
        .bind(rating)
        .bind(wins)
        .bind(user)
        .fetch_one(c)
        .await?);
        Ok(Some(ahead + 1))
    }

    /// A player's stats on a board, if they have played on it.
    ///
    /// # Errors
    /// A database error, or [`StoreError::Corrupt`].
    pub async fn player_stats(
        &self,
        board: Board,
        user: UserId,
    ) -> Result<Option<PlayerStats>, StoreError> {
        find(self.acquire().await?.conn(), board, user).await
    }
}
