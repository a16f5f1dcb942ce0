//! Players' stats and ratings at the end of a game.
//!
//! Ratings use Glicko-2 (the `skillratings` crate): it tracks how sure a rating is (the
//! deviation), which suits a server where some players play daily and others once a month.

use crate::games::seat::BOTH;
use crate::store::TxConn;
use skillratings::glicko2::{glicko2, Glicko2Config, Glicko2Rating};
use skillratings::Outcomes;

use crate::games::rules::{MoveCounters, SeatRecord};
use crate::games::seat::{PerSeat, Seat};
use crate::store::{self, MatchMeta, PlayerStats, StoreError};

/// The human's seat in a practice match (the computer sits in the other).
pub const PRACTICE_SEAT: Seat = Seat::ZERO;

/// Counters that change during play, written as they happen: a riichi declaration, and a
/// discard that leaves its player furiten (it was not before).
pub async fn record_move(
    tx: &mut TxConn,
    meta: &MatchMeta,
    seat: Seat,
    counters: MoveCounters,
) -> Result<(), StoreError> {
    if counters == MoveCounters::default() {
        return Ok(());
    }
    let user = meta.players[seat];
    let mut p = store::player_in(tx, meta.board(), user).await?;
    p.riichi += i64::from(counters.riichi);
    p.furiten += i64::from(counters.furiten);
    store::put_player(tx, &p).await
}

/// Updates both players' counters and ratings for a finished game (inside the action's
/// transaction).
pub async fn record_game(
    tx: &mut TxConn,
    meta: &MatchMeta,
    winner: Seat,
    records: &PerSeat<SeatRecord>,
) -> Result<(), StoreError> {
    let ids = meta.players;
    let mut players = [
        store::player_in(tx, meta.board(), ids[Seat::ZERO]).await?,
        store::player_in(tx, meta.board(), ids[Seat::ONE]).await?,
    ];
    for seat in BOTH {
        count_game(&mut players[seat.index()], &records[seat], winner == seat);
    }
    rate(&mut players, winner);
    for p in &players {
        store::put_player(tx, p).await?;
    }
    Ok(())
}

/// Updates the human's practice record (seat 0) for a finished practice match (inside the
/// action's transaction). Ratings, players and seasons are never touched.
pub async fn record_practice(
    tx: &mut TxConn,
    meta: &MatchMeta,
    winner: Seat,
    human_record: &SeatRecord,
) -> Result<(), StoreError> {
    let Some(level) = meta.practice else {
        return Ok(());
    };
    let user = meta.players[PRACTICE_SEAT];
    let mut r = store::practice_record_in(&mut *tx, meta.guild_id, user, meta.game, level).await?;
    r.games += 1;
    if winner == PRACTICE_SEAT {
        r.wins += 1;
    } else {
        r.losses += 1;
    }
    let net = human_record.net;
    if net >= 0 {
        r.points_won += net;
    } else {
        r.points_lost -= net;
    }
    store::put_practice_record(&mut *tx, meta.guild_id, user, meta.game, level, &r).await
}

fn count_game(p: &mut PlayerStats, record: &SeatRecord, won: bool) {
    p.games += 1;
    if won {
        p.wins += 1;
    } else {
        p.losses += 1;
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

fn rate(players: &mut [PlayerStats; 2], winner: Seat) {
    let rating = |p: &PlayerStats| Glicko2Rating {
        rating: p.rating,
        deviation: p.deviation,
        volatility: p.volatility,
    };
    let outcome = if winner == Seat::ZERO {
        Outcomes::WIN
    } else {
        Outcomes::LOSS
    };
    let (a, b) = glicko2(
        &rating(&players[0]),
        &rating(&players[1]),
        &outcome,
        &Glicko2Config::new(),
    );
    for (p, r) in players.iter_mut().zip([a, b]) {
        p.rating = r.rating;
        p.deviation = r.deviation;
        p.volatility = r.volatility;
    }
}
