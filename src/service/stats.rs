//! Players' stats and ratings at the end of a game.
//!
//! Ratings come from the `skillratings` crate, one rating per game. A game played by two only
//! uses Glicko-2: it tracks how sure a rating is (the deviation), which suits a server where
//! some players play daily and others once a month. A game of three or four seats is rated by
//! finishing order with Weng-Lin (a Bayesian rating for several players, OpenSkill's model),
//! at every table size it is played at, so that it keeps one rating; its numbers are scaled
//! by 60 (a new player's 25 ± 8.3 shows as 1500 ± 500) to read like Glicko-2's.

use skillratings::glicko2::{glicko2, Glicko2Config, Glicko2Rating};
use skillratings::weng_lin::{weng_lin_multi_team, WengLinConfig, WengLinRating};
use skillratings::{MultiTeamOutcome, Outcomes};

use crate::games::interface::seat::{PerSeat, Seat, SeatCount};
use crate::games::interface::Level;
use crate::games::interface::{Finish, MoveCounters, SeatRecord};
use crate::games::registry::GameId;
use crate::store::{self, MatchMeta, PlayerStats, StoreError, TxConn, UserId};

/// Weng-Lin's numbers as stored and shown: ×60.
const WENG_LIN_SCALE: f64 = 60.0;

/// Counters that change during play, written as they happen: a riichi declaration, and a
/// discard that leaves its player furiten (it was not before). Only players' seats of rated
/// matches count.
pub async fn record_move(
    tx: &mut TxConn,
    meta: &MatchMeta,
    seat: Seat,
    counters: MoveCounters,
) -> Result<(), StoreError> {
    let Some(user) = meta
        .user(seat)
        .filter(|_| counters != MoveCounters::default())
    else {
        return Ok(());
    };
    let mut p = store::player_in(tx, meta.board(), user).await?;
    p.riichi += i64::from(counters.riichi);
    p.furiten += i64::from(counters.furiten);
    store::put_player(tx, &p).await
}

/// Updates every player's counters and rating for a finished game between players (inside
/// the action's transaction).
pub async fn record_game(
    tx: &mut TxConn,
    meta: &MatchMeta,
    finish: &Finish,
    records: &PerSeat<SeatRecord>,
) -> Result<(), StoreError> {
    let mut players = Vec::with_capacity(meta.seats.len());
    for (seat, user) in meta.players() {
        players.push((seat, store::player_in(tx, meta.board(), user).await?));
    }
    for (seat, p) in &mut players {
        count_game(p, &records[*seat], finish.place(*seat));
    }
    rate(meta.game, &mut players, finish);
    for (_, p) in &players {
        store::put_player(tx, p).await?;
    }
    Ok(())
}

/// Updates each player's practice record for a finished game with a computer at the table
/// (inside the action's transaction), under the computers' level (the strongest, when they
/// differ). Ratings, players and seasons are never touched.
pub async fn record_practice(
    tx: &mut TxConn,
    meta: &MatchMeta,
    finish: &Finish,
    records: &PerSeat<SeatRecord>,
) -> Result<(), StoreError> {
    let Some(level) = meta.practice_level() else {
        return Ok(());
    };
    for (seat, user) in meta.players() {
        let won = finish.winner() == seat;
        count_practice(tx, meta, (user, level), won, &records[seat]).await?;
    }
    Ok(())
}

async fn count_practice(
    tx: &mut TxConn,
    meta: &MatchMeta,
    (user, level): (UserId, Level),
    won: bool,
    record: &SeatRecord,
) -> Result<(), StoreError> {
    let mut r = store::practice_record_in(&mut *tx, meta.guild_id, user, meta.game, level).await?;
    r.games += 1;
    if won {
        r.wins += 1;
    } else {
        r.losses += 1;
    }
    if record.net >= 0 {
        r.points_won += record.net;
    } else {
        r.points_lost -= record.net;
    }
    store::put_practice_record(&mut *tx, meta.guild_id, user, meta.game, level, &r).await
}

fn count_game(p: &mut PlayerStats, record: &SeatRecord, place: usize) {
    p.games += 1;
    if place == 1 {
        p.wins += 1;
    } else {
        p.losses += 1;
    }
    if let Some(count) = p.places.get_mut(place - 1) {
        *count += 1;
    }
    if record.net >= 0 {
        p.points_won += record.net;
    } else {
        p.points_lost -= record.net;
    }
    p.rounds += record.rounds;
    p.deal_ins += record.deal_ins;
    for hand in &record.won {
        p.hands_won += 1;
        p.hand_points = p.hand_points.saturating_add(hand.points);
        for yaku in &hand.yaku {
            *p.yaku_counts.entry(yaku).or_default() += 1;
        }
        if hand.points > p.best_hand {
            p.best_hand = hand.points;
            p.best_hand_yaku = hand.yaku.clone();
        }
    }
}

/// Whether `game` is rated by finishing order (it seats more than two).
pub fn rated_by_order(game: GameId) -> bool {
    game.seat_counts().iter().any(|n| *n > SeatCount::TWO)
}

fn rate(game: GameId, players: &mut [(Seat, PlayerStats)], finish: &Finish) {
    if rated_by_order(game) {
        rate_by_order(players, finish);
    } else if let [(a_seat, a), (_, b)] = players {
        rate_two(a, b, finish.winner() == *a_seat);
    }
}

fn rate_two(a: &mut PlayerStats, b: &mut PlayerStats, a_won: bool) {
    let rating = |p: &PlayerStats| Glicko2Rating {
        rating: p.rating,
        deviation: p.deviation,
        volatility: p.volatility,
    };
    let outcome = if a_won { Outcomes::WIN } else { Outcomes::LOSS };
    let (ra, rb) = glicko2(&rating(a), &rating(b), &outcome, &Glicko2Config::new());
    for (p, r) in [(a, ra), (b, rb)] {
        p.rating = r.rating;
        p.deviation = r.deviation;
        p.volatility = r.volatility;
    }
}

/// Weng-Lin over the finishing order: each player a team of one, ranked by place.
fn rate_by_order(players: &mut [(Seat, PlayerStats)], finish: &Finish) {
    let config = WengLinConfig::new();
    let ratings: Vec<[WengLinRating; 1]> = players
        .iter()
        .map(|(_, p)| {
            // A player's first game of the board starts from Weng-Lin's own prior (the row's
            // defaults are Glicko-2's).
            if p.games <= 1 {
                [WengLinRating::new()]
            } else {
                [WengLinRating {
                    rating: p.rating / WENG_LIN_SCALE,
                    uncertainty: p.deviation / WENG_LIN_SCALE,
                }]
            }
        })
        .collect();
    let teams: Vec<(&[WengLinRating], MultiTeamOutcome)> = ratings
        .iter()
        .zip(players.iter())
        .map(|(r, (seat, _))| (&r[..], MultiTeamOutcome::new(finish.place(*seat))))
        .collect();
    let rated = weng_lin_multi_team(&teams, &config);
    for ((_, p), new) in players.iter_mut().zip(rated) {
        if let Some(r) = new.first() {
            p.rating = r.rating * WENG_LIN_SCALE;
            p.deviation = r.uncertainty * WENG_LIN_SCALE;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::{Board, GuildId};

    fn player(user: i64) -> PlayerStats {
        let board = Board {
            guild: GuildId(1),
            season: 1,
            game: GameId::Momojan,
        };
        let mut p = PlayerStats::new(board, UserId(user));
        p.games = 1;
        p
    }

    #[test]
    fn finishing_order_raises_the_first_and_lowers_the_last() {
        let mut players: Vec<(Seat, PlayerStats)> = (0..4)
            .map(|i| (Seat::from_index(i).unwrap(), player(i as i64)))
            .collect();
        let finish = Finish {
            ranking: vec![Seat::TWO, Seat::ZERO, Seat::THREE, Seat::ONE],
            reason: "complete",
            balances: PerSeat::from_fn(SeatCount::FOUR, |_| 0),
        };
        rate_by_order(&mut players, &finish);
        let rating = |s: Seat| players[s.index()].1.rating;
        assert!(rating(Seat::TWO) > rating(Seat::ZERO));
        assert!(rating(Seat::ZERO) > 1500.0);
        assert!(rating(Seat::THREE) < 1500.0);
        assert!(rating(Seat::ONE) < rating(Seat::THREE));
        assert!(players.iter().all(|(_, p)| p.deviation < 500.0));
    }

    #[test]
    fn places_are_counted_from_first_to_fourth() {
        let mut p = player(1);
        let record = SeatRecord::default();
        count_game(&mut p, &record, 3);
        count_game(&mut p, &record, 1);
        assert_eq!(p.places, [1, 0, 1, 0]);
        assert_eq!((p.wins, p.losses), (1, 1));
    }
}
